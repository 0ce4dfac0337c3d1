"""Issues 11's and 27's soak and abuse figures in one run: the hostile clients (bench/abuse.py:
hostile frames, 300 non-reading spammers, an exhausted descriptor limit), logins under attack
(bench/logins.py: a flood of 16 parallel clients for 12 s with the owner logging in meanwhile from
127.0.0.2, then 12 wrong passwords from 127.0.0.3 and the owner's right one), then the search bots
and the crashes (bench/bots_load.py: a bystander's pings while 8 all-bot ismcts tables play at the
lowest allowed delay, then SIGKILLs under load), one after the other, each against its own real
game master on loopback; prints every figure as JSON.

    .venv/bin/python bench/hostile.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(script: str, *args: str) -> dict:
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        out = f.name
    cmd = [sys.executable, str(HERE / script), *args]
    if script == "bots_load.py":
        cmd += ["--json", out]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800, check=False)
        text = Path(out).read_text() if Path(out).stat().st_size else "{}"
    else:
        proc = subprocess.run(
            [*cmd, "--json"], capture_output=True, text=True, timeout=1800, check=False
        )
        at = proc.stdout.rfind("\n{\n")  # the whole result, printed last (indented)
        text = proc.stdout[at + 1 :] if at >= 0 else "{}"
    os.unlink(out)
    if proc.returncode:
        sys.stderr.write(proc.stdout[-2000:] + proc.stderr[-2000:])
        raise SystemExit(f"bench/hostile.py: {script} failed (exit {proc.returncode})")
    return json.loads(text)


def main() -> int:
    started = time.monotonic()
    load0 = os.getloadavg()[0]
    abuse = run("abuse.py")
    logins = run("logins.py")
    bots = run("bots_load.py", "--seconds", "30", "--tables", "8", "--cycles", "12", "--pairs", "8")
    print(
        f"one run, {time.monotonic() - started:.0f} s; load average at the start {load0:.2f}, at the end {os.getloadavg()[0]:.2f}"
    )
    print(json.dumps({"abuse": abuse, "logins": logins, "bots_load": bots}, indent=1, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())

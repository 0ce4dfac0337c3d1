"""The browser client's weight and drawing time, in headless Debian chromium.

Starts a real game master (``atout serve`` on a free port, a temporary database), opens the page,
and for each game plays one whole game at a table with bots (the player's moves through the page's
own move buttons, so every update goes through the same drawing path), then reports:

- the page's weight: every file the browser fetched for the table (Resource Timing's decoded
  body sizes, uncompressed), with and without the rules page fetched for "how to play";
- the time from an ``update`` received to the table drawn (the page's own ``drawTimes``: the
  message handled, the table redrawn and its layout done), median and p95 over the whole game.

``--throttle N`` slows the page's CPU N times (Chromium's ``Emulation.setCPUThrottlingRate``, as
DevTools' "4× slowdown" does: a mid-range phone on a desktop's cores), from before the page
loads to the end of the game.

    .venv/bin/python bench/web.py                          # all three games, phone and desktop sizes
    nice -n 10 .venv/bin/python bench/web.py --throttle 4 --rounds 1
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.web.chromium import FLAGS  # noqa: E402
from tests.web.tableplay import new_table  # noqa: E402

from atout.server.child import http_url, spawn  # noqa: E402

GAMES = {"q2j": (3, {}), "quinze": (3, {"target": "30"}), "pouilleux": (4, {})}
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

PLAY = """() => {
  const s = window.atout.state;
  if (s.over) return "over";
  const b = document.querySelector("#moves button.move:not([disabled])");
  if (!b || s.pending || b.dataset.version !== String(s.update?.version)) return "wait";
  b.click();
  return "played";
}"""
RESOURCES = """() => performance.getEntriesByType("resource").map((r) => [r.name, r.decodedBodySize])
  .concat([[location.href, performance.getEntriesByType("navigation")[0].decodedBodySize]])"""


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="q2j,quinze,pouilleux")
    ap.add_argument("--sizes", default="phone,desktop")
    ap.add_argument("--rounds", type=int, default=3, help="whole games per line (rematches)")
    ap.add_argument(
        "--throttle",
        type=float,
        default=1.0,
        metavar="N",
        help="Chromium's CPU throttling rate for the page (4: four times slower; 1: none)",
    )
    args = ap.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print(
            "bench/web.py: Debian's chromium is needed (apt-get install chromium)", file=sys.stderr
        )
        return 2
    from playwright.sync_api import sync_playwright

    data = tempfile.mkdtemp(prefix="atout-web-bench-")
    server, ws_url = spawn(env={"XDG_DATA_HOME": data})
    try:
        url = http_url(ws_url)
        rows = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True, args=FLAGS)
            for size in args.sizes.split(","):
                for game in args.games.split(","):
                    players, options = GAMES[game]
                    page = browser.new_page(viewport=SIZES[size])
                    if args.throttle != 1:
                        cdp = page.context.new_cdp_session(page)
                        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.throttle})
                    page.goto(url)
                    page.fill("#name", "bench")
                    page.click("#connect")
                    page.wait_for_selector("#create")
                    new_table(page, game, players, options)
                    page.wait_for_selector("dialog#rules[open] .rules-body li")
                    page.click("#rules-close")
                    page.evaluate("() => { window.atout.state.autoDelay = 200; }")
                    firsts = []
                    for r in range(args.rounds):
                        if r:  # the same seats again: a rematch, a new deal
                            table = page.evaluate("() => window.atout.state.at.table")
                            page.click("#rematch")
                            page.wait_for_function(
                                "(t) => window.atout.state.at.table !== t && window.atout.state.update",
                                arg=table,
                            )
                        firsts.append(page.evaluate("() => window.atout.state.drawTimes.length"))
                        deadline = time.monotonic() + 600
                        while time.monotonic() < deadline:
                            if page.evaluate(PLAY) == "over":
                                break
                            page.wait_for_timeout(20)
                    times = page.evaluate("() => window.atout.state.drawTimes")
                    first = [times[i] for i in firsts if i < len(times)]
                    res = page.evaluate(RESOURCES)
                    page.close()
                    total = sum(n for _, n in res)
                    rules = sum(n for name, n in res if "/rules/" in name)
                    rows.append(
                        (
                            size,
                            game,
                            len(times),
                            statistics.median(times),
                            pct(times, 0.95),
                            max(times),
                            max(first),
                            total,
                            rules,
                            len(res),
                        )
                    )
            browser.close()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(10)
        shutil.rmtree(data, ignore_errors=True)
    throttled = f"; CPU throttled {args.throttle:g}×" if args.throttle != 1 else ""
    print(f"{args.rounds} whole games per line{throttled}; load average {os.getloadavg()[0]:.2f}")
    print(
        "| size | game | updates | median ms | p95 ms | max ms | first update of a game, max ms"
        " | page bytes (files) | of which rules |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for size, game, n, med, p95, mx, first, total, rules, files in rows:
        print(
            f"| {size} | {game} | {n} | {med:.2f} | {p95:.2f} | {mx:.1f} | {first:.1f}"
            f" | {total:,} ({files}) | {rules:,} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

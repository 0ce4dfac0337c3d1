"""Screenshots of the browser client from a real run, for the README and docs/images/.

Starts ``atout serve`` on a free port with a temporary database, opens the page in headless
Debian chromium at phone (390×844) and desktop (1280×800) size, and for each game plays a table
against bots on the card table itself (the tests' table player), taking the lobby, each game in
the middle (a move being chosen) and at its end.

    .venv/bin/python scripts/screenshots.py            # writes docs/images/*.png
"""

from __future__ import annotations

import argparse
import random
import shutil
import signal
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.web.chromium import FLAGS  # noqa: E402
from tests.web.tableplay import CHOOSERS, TablePlayer, new_table  # noqa: E402

from atout.server.child import http_url, spawn  # noqa: E402

DEVICES = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "has_touch": True,
        "is_mobile": True,
        "device_scale_factor": 2,
    },
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
GAMES = {"q2j": (3, {}), "quinze": (3, {"target": "30"}), "pouilleux": (4, {})}


def shrink(path: Path) -> None:
    """Fewer colours, the same picture: a third of the bytes (Pillow comes with matplotlib)."""
    from PIL import Image

    img = Image.open(path).convert("RGB")
    img.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
        path, optimize=True
    )


def mid_game(page, game: str, player: TablePlayer, turns: int) -> bool:
    """Sets up a telling moment on the table, without playing it; True when it is worth a shot."""
    st = player.state()
    legal, view = st["legal"] or [], st["view"] or {}
    hand = set(view.get("hand") or [])
    if game == "quinze":
        fifteens = [m for m in legal if m["type"] == "fifteen"]
        mixed = [m for m in fifteens if set(m["cards"]) - hand and set(m["cards"]) & hand]
        if not mixed and turns >= 4:
            mixed = fifteens  # no fifteen with table cards this deal: any fifteen will do
        if not mixed:
            return turns >= 6
        for code in player.order(mixed[0]["cards"], hand):
            player.tap(player.card_selector(code), edge=code in hand)
        return True
    if game == "pouilleux":
        return (
            all("position" in m for m in legal) and len(legal) > 3 and player.did["blind_draw"] >= 2
        )
    return len([m for m in legal if m["type"] == "play"]) >= 2


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "images"))
    ap.add_argument("--games", default="q2j,quinze,pouilleux")
    ap.add_argument("--devices", default="phone,desktop")
    ap.add_argument("--lang", default="en")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    data = tempfile.mkdtemp(prefix="atout-shots-")
    server, ws_url = spawn(env={"XDG_DATA_HOME": data})
    url = http_url(ws_url)
    written = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=shutil.which("chromium"), headless=True, args=FLAGS
            )
            for device in args.devices.split(","):
                touch = device == "phone"
                ctx = browser.new_context(
                    **DEVICES[device], locale="fr-FR" if args.lang == "fr" else "en-GB"
                )
                ctx.set_default_timeout(20_000)
                page = ctx.new_page()
                page.goto(url)
                page.fill("#name", "Camille")
                page.click("#connect")
                page.wait_for_selector("#create")
                page.wait_for_timeout(300)
                shot = out / f"lobby-{device}.png"
                page.screenshot(path=str(shot))
                written.append(shot)
                for game in args.games.split(","):
                    players, options = GAMES[game]
                    new_table(page, game, players, options, bot_delay=0.3)
                    page.wait_for_selector("dialog#rules[open] .rules-body li")
                    if device == "phone":
                        shot = out / f"{game}-how-to-play-{device}.png"
                        page.screenshot(path=str(shot))
                        written.append(shot)
                    page.click("#rules-close")
                    page.evaluate("() => { window.atout.state.autoDelay = 300; }")
                    player = TablePlayer(page, touch, seed=3)
                    player.rng = random.Random(3)
                    taken = False
                    turns = 0
                    while not player.wait_turn(timeout=60_000):
                        turns += 1
                        if not taken and turns >= 3 and mid_game(page, game, player, turns):
                            page.wait_for_timeout(400)
                            shot = out / f"{game}-{device}.png"
                            page.screenshot(path=str(shot))
                            written.append(shot)
                            taken = True
                            page.evaluate("() => window.atout.table().clear()")
                        player.play_turn(CHOOSERS[game])
                    page.wait_for_selector("#over:not([hidden]) .verdict")
                    page.wait_for_timeout(400)
                    shot = out / f"{game}-end-{device}.png"
                    page.screenshot(path=str(shot))
                    written.append(shot)
                    page.click("#lobby")
                    page.wait_for_selector("#create")
                ctx.close()
            browser.close()
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(10)
        shutil.rmtree(data, ignore_errors=True)
    for shot in written:
        shrink(shot)
        print(f"{shot}  {shot.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

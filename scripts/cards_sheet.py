"""Render every card face of src/atout/web/deck.js (French and English indices), the Jokers and
the backs into contact sheets, to look at them as a player would:

    docs/images/cards.png         desktop scale (cards 110 px wide)
    docs/images/cards-phone.png   phone scale (cards 56 px wide, at a phone's pixel ratio of 2)

Needs Debian's chromium and playwright (the dev extra).

    python scripts/cards_sheet.py
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "src" / "atout" / "web" / "deck.js"
OUT = ROOT / "docs" / "images"
ORIGIN = "https://cards.invalid"
sys.path.insert(0, str(ROOT))

from tests.web.chromium import FLAGS  # noqa: E402

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { margin: 0; padding: 12px; background: #2e7d4f; font: 14px sans-serif; color: #fff; }
  h2 { font-size: 14px; margin: 8px 0 4px; }
  .row { display: flex; gap: GAPpx; margin-bottom: GAPpx; }
  .card-svg { width: WIDTHpx; height: auto; display: block;
              filter: drop-shadow(0 1px 1.5px rgb(0 0 0 / .35)); }
</style></head>
<body><div id="sheet"></div>
<script type="module">
  import { faceSVG, backSVG } from "./deck.js";
  const ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const sheet = document.getElementById("sheet");
  const row = (cards) => `<div class="row">${cards.join("")}</div>`;
  let html = "";
  for (const lang of ["fr", "en"]) {
    html += `<h2>${lang}</h2>`;
    for (const s of ["S", "H", "D", "C"]) html += row(ranks.map((r) => faceSVG(r + s, lang)));
  }
  html += `<h2>Jokers, backs</h2>` + row([faceSVG("JK1"), faceSVG("JK2"), backSVG(), backSVG("red")]);
  sheet.innerHTML = html;
  document.body.dataset.ready = "1";
</script></body></html>
"""


def render(page, width: int, gap: int, out: Path) -> None:
    html = PAGE.replace("WIDTH", str(width)).replace("GAP", str(gap))

    def serve(route):
        name = route.request.url.removeprefix(ORIGIN + "/")
        if name == "deck.js":
            route.fulfill(body=DECK.read_text(), content_type="text/javascript; charset=utf-8")
        else:
            route.fulfill(body=html, content_type="text/html; charset=utf-8")

    page.route(ORIGIN + "/**", serve)
    page.goto(ORIGIN + "/sheet.html")
    page.wait_for_selector("body[data-ready]")
    page.locator("#sheet").screenshot(path=str(out))
    page.unroute(ORIGIN + "/**")
    shrink(out)


def shrink(png: Path) -> None:
    """Down to 128 colours, undithered: the cards are flat colours, the file a third of the size."""
    from PIL import Image  # Pillow comes with matplotlib

    with Image.open(png) as im:
        flat = im.convert("RGB").quantize(128, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat.save(png, optimize=True)


def main() -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 1
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, headless=True, args=FLAGS)
        try:
            desktop = browser.new_page(viewport={"width": 1600, "height": 900})
            render(desktop, 110, 8, OUT / "cards.png")
            phone = browser.new_page(viewport={"width": 900, "height": 900}, device_scale_factor=2)
            render(phone, 56, 4, OUT / "cards-phone.png")
        finally:
            browser.close()
    for name in ("cards.png", "cards-phone.png"):
        print(f"wrote {(OUT / name).relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

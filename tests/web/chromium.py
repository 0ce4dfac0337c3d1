"""Debian's chromium for the browser tests, the screenshots and bench/web.py: where it is and
the flags it needs here (headless as root, no network of its own: without the background
networking flags it keeps knocking at closed doors)."""

from __future__ import annotations

import shutil

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

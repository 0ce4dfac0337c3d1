"""Write src/atout/server/accounts/confusables.json: Unicode's data that atout.server.accounts.names needs, taken
from ICU, so that the game master computes UTS #39 skeletons in pure Python and needs no ICU.

The file holds, with the ICU and Unicode versions it came from:

- ``prototypes``: for every code point that NFD leaves as it is and whose one-character skeleton
  (ICU's ``SpoofChecker.getSkeleton``) differs from itself, that skeleton (its prototype). Code
  points that NFD decomposes are left out: a skeleton maps the NFD of its text, so they are never
  looked up (their own skeleton is that of their decomposition).
- ``ignorable``: Unicode's Default_Ignorable_Code_Point, as ranges (``"FE00..FE0F"``).

Code points are hexadecimal; a prototype of several code points separates them by spaces.

PyICU is not one of atout's dependencies (it has no wheels: pip builds it against the system's
ICU). To run this script, install it by hand in the venv, e.g. on Debian::

    apt-get install libicu-dev pkg-config g++
    .venv/bin/pip install PyICU==2.17
    .venv/bin/python scripts/gen_confusables.py            # write
    .venv/bin/python scripts/gen_confusables.py --check    # exit 1 if the file is stale

The data follows the system's ICU (the shipped file: ICU 72.1, Unicode 15.0, Debian 12's
libicu72). tests/server/test_names_icu.py checks, where PyICU is installed, that the pure-Python
skeleton equals ICU's on every code point and on a large sample of names.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import icu

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "atout" / "server" / "accounts" / "confusables.json"
SURROGATES = range(0xD800, 0xE000)


def hexes(text: str) -> str:
    """``text`` as its code points in hexadecimal, separated by spaces."""
    return " ".join(f"{ord(ch):04X}" for ch in text)


def prototypes() -> dict[str, str]:
    """Each code point NFD leaves alone and whose skeleton is another text -> that skeleton."""
    spoof = icu.SpoofChecker()
    nfd = icu.Normalizer2.getNFDInstance()
    table: dict[str, str] = {}
    for cp in range(0x110000):
        if cp in SURROGATES:
            continue
        ch = chr(cp)
        proto = str(spoof.getSkeleton(0, ch))
        if proto != ch and str(nfd.normalize(ch)) == ch:
            table[f"{cp:04X}"] = hexes(proto)
    return table


def ignorable() -> list[str]:
    """Unicode's default-ignorable code points as ranges (``"FE00..FE0F"``, ``"00AD"``)."""
    prop = icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT
    cps = [cp for cp in range(0x110000) if icu.Char.hasBinaryProperty(cp, prop)]
    ranges: list[list[int]] = []
    for cp in cps:
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return [f"{a:04X}" if a == b else f"{a:04X}..{b:04X}" for a, b in ranges]


def build() -> str:
    """The file's text."""
    data = {
        "about": "UTS #39 confusable prototypes and Unicode's default-ignorable code points, "
        "for atout.server.accounts.names. Written by scripts/gen_confusables.py from ICU: do not edit.",
        "icu": icu.ICU_VERSION,
        "unicode": icu.UNICODE_VERSION,
        "pyicu": icu.VERSION,
        "license": "Unicode License v3 (Unicode's data, through ICU)",
        "prototypes": prototypes(),
        "ignorable": ignorable(),
    }
    return json.dumps(data, indent=1, ensure_ascii=True) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file is stale")
    parser.add_argument(
        "--out", type=Path, default=OUT, help="where to write (default: %(default)s)"
    )
    args = parser.parse_args()
    text = build()
    if args.check:
        stale = not args.out.exists() or args.out.read_text("utf-8") != text
        print(f"{args.out}: {'stale' if stale else 'up to date'}")
        return int(stale)
    args.out.write_text(text, "utf-8")
    print(f"{args.out}: ICU {icu.ICU_VERSION}, Unicode {icu.UNICODE_VERSION}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

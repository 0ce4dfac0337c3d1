"""Look-alikes without ICU (issue 27 item 8): atout.server.accounts.names computes UTS #39 skeletons in
pure Python from the data shipped in the package (confusables.json, written from ICU by
scripts/gen_confusables.py), and imports no ICU. Where PyICU is installed (it is no dependency:
the generator says how to install it by hand), the skeletons and the default-ignorables are
checked against ICU's own on every code point and on a large sample of names."""

from __future__ import annotations

import ast
import fnmatch
import json
import random
import subprocess
import sys
import tomllib
import unicodedata
from pathlib import Path
from types import ModuleType

import pytest
from tests.server.test_names import CYRILLIC_ALICE, LEGIT, REFUSED

from atout.server.accounts import names

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "src" / "atout" / "server" / "accounts" / "confusables.json"
GENERATOR = ROOT / "scripts" / "gen_confusables.py"
SURROGATES = range(0xD800, 0xE000)


@pytest.fixture(scope="module")
def icu() -> ModuleType:
    """PyICU, with the ICU the data came from; the test is skipped otherwise."""
    mod = pytest.importorskip(
        "icu",
        reason="PyICU is not installed (no dependency of atout; to compare with ICU, install it "
        "by hand as scripts/gen_confusables.py says)",
    )
    if mod.ICU_VERSION != names.ICU_VERSION:
        pytest.skip(
            f"the installed ICU is {mod.ICU_VERSION}, the data comes from ICU "
            f"{names.ICU_VERSION}: regenerate it with scripts/gen_confusables.py"
        )
    return mod


# ----------------------------------------------------------------------------- without ICU


def test_names_work_where_icu_cannot_be_imported():
    """A Python where ``import icu`` fails (as on a machine without PyICU) runs the server's
    modules and tells the look-alikes and the invisibles apart."""
    code = (
        "import sys; sys.modules['icu'] = None\n"  # any `import icu` now raises ImportError
        "import atout.server.core.router\n"
        "from atout.server.accounts import names\n"
        "print(names.keys('\\u0410lice'), names.keys('AIice'), names.invisible('\\u200b'))\n"
        "print(names.look_alike('\\u0410lice', 'alice'), names.UNICODE_VERSION)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == [
        "('alice', 'Alice') ('aiice', 'Alice') True",
        "True 15.0",
    ]


def test_no_module_of_atout_imports_icu():
    found = []
    for path in sorted((ROOT / "src").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                mods = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                mods = [node.module or ""]
            else:
                continue
            found += [f"{path.relative_to(ROOT)}: {m}" for m in mods if m.split(".")[0] == "icu"]
    assert found == []


def test_the_data_ships_in_the_package_and_says_where_it_came_from():
    """pyproject's package-data puts confusables.json in a wheel (a non-editable install)."""
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    globs = conf["tool"]["setuptools"]["package-data"].get("atout.server.accounts", [])
    assert any(fnmatch.fnmatch(DATA.name, g) for g in globs), globs
    assert "icu" not in " ".join(conf["project"]["dependencies"]).lower()
    data = json.loads(DATA.read_text("utf-8"))
    assert (data["icu"], data["unicode"]) == (names.ICU_VERSION, names.UNICODE_VERSION)
    assert (names.ICU_VERSION, names.UNICODE_VERSION) == ("72.1", "15.0")


# ----------------------------------------------------------------------------- against ICU


def icu_skeleton(icu: ModuleType, text: str) -> str:
    return str(icu.SpoofChecker().getSkeleton(0, text))


def test_skeletons_and_ignorables_equal_icus_on_every_code_point(icu):
    spoof = icu.SpoofChecker()
    ignorable = icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT
    skeletons, invisibles, mapped = [], [], 0
    for cp in range(0x110000):
        if cp in SURROGATES:
            continue
        ch = chr(cp)
        theirs = str(spoof.getSkeleton(0, ch))
        mapped += theirs != ch
        if names.skeleton(ch) != theirs:
            skeletons.append(f"U+{cp:04X}")
        if names.invisible(ch) != icu.Char.hasBinaryProperty(cp, ignorable):
            invisibles.append(f"U+{cp:04X}")
    assert (skeletons, invisibles) == ([], [])
    assert mapped > 18_000  # every code point whose skeleton is another text was compared


def sample_names(n: int, seed: int) -> list[str]:
    """``n`` names of 1-24 code points, drawn (seeded) from the code points that have a
    prototype, ASCII, accented Latin, combining marks, Greek, Cyrillic, Hangul and any assigned
    code point, so that NFD's reordering and composition meet the prototypes."""
    rnd = random.Random(seed)
    assigned = [
        chr(cp)
        for cp in range(0x110000)
        if cp not in SURROGATES and unicodedata.category(chr(cp)) != "Cn"
    ]
    mapped = [ch for ch in assigned if names.skeleton(ch) != ch]
    pools = [
        mapped,
        [chr(cp) for cp in range(0x20, 0x7F)],
        [chr(cp) for cp in range(0xC0, 0x250)],
        [chr(cp) for cp in range(0x300, 0x370)],  # combining marks
        [chr(cp) for cp in range(0x370, 0x530)],  # Greek, Cyrillic
        [chr(cp) for cp in [*range(0x1100, 0x1200), *range(0xAC00, 0xAC80)]],  # Hangul
        assigned,
    ]
    return [
        "".join(rnd.choice(rnd.choice(pools)) for _ in range(rnd.randint(1, 24))) for _ in range(n)
    ]


def test_skeletons_equal_icus_on_names(icu):
    spoof = icu.SpoofChecker()
    attack = [CYRILLIC_ALICE, "AIice", "ΑLICE", "ɡm", "B0T-x", *LEGIT, *(n for n, _ in REFUSED)]
    sample = [*attack, *sample_names(30_000, seed=27)]
    differ = []
    for name in sample:
        for text in (name, name.casefold(), names.normalise(name)):
            if names.skeleton(text) != str(spoof.getSkeleton(0, text)):
                differ.append(text)
    assert differ == []
    assert names.keys(CYRILLIC_ALICE) == (
        icu_skeleton(icu, CYRILLIC_ALICE.casefold()),
        icu_skeleton(icu, CYRILLIC_ALICE),
    )


def test_the_shipped_data_is_what_the_generator_writes_from_icu(icu, tmp_path):
    out = tmp_path / "confusables.json"
    run = subprocess.run(
        [sys.executable, str(GENERATOR), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert out.read_text("utf-8") == DATA.read_text("utf-8")

"""Every file the game master serves or reads at run time is in an installed package, not only
in this checkout: pyproject's package-data globs name each of them (an editable install finds
files that a wheel, and so the Docker image, would leave out)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
#: Package folders whose files other than Python modules are read at run time.
DATA = ["atout/web", "atout/locales", "atout/server/accounts"]


def _globs() -> dict[str, list[str]]:
    conf = tomllib.loads((SRC.parent / "pyproject.toml").read_text("utf-8"))
    return conf["tool"]["setuptools"]["package-data"]


def _glob(pattern: str) -> re.Pattern[str]:
    """A package-data glob as setuptools reads it: ``*`` stays inside one folder."""
    parts = (re.escape(p).replace(r"\*", "[^/]*") for p in pattern.split("**"))
    return re.compile(".*".join(parts))


def shipped(path: Path, globs: dict[str, list[str]]) -> bool:
    """Whether ``path`` (a file under src/) matches a glob of its package or of a package
    above it (setuptools' globs are relative to the package that names them)."""
    rel = path.relative_to(SRC)
    for n in range(len(rel.parts) - 1, 0, -1):
        package, inside = ".".join(rel.parts[:n]), "/".join(rel.parts[n:])
        if any(_glob(g).fullmatch(inside) for g in globs.get(package, [])):
            return True
    return False


@pytest.mark.parametrize("folder", DATA)
def test_every_data_file_is_in_the_package_data(folder: str) -> None:
    globs = _globs()
    files = [
        p
        for p in (SRC / folder).rglob("*")
        if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts
    ]
    assert files
    assert [str(p.relative_to(SRC)) for p in files if not shipped(p, globs)] == []


def test_the_check_sees_a_file_left_out() -> None:
    globs = {"atout.web": ["*.js"]}
    assert shipped(SRC / "atout/web/app.js", globs)
    assert not shipped(SRC / "atout/web/vendor/fluent-bundle/bundle.js", globs)

"""bench/mutation.py reports every rules module: its list is the package's, not a hand list
(one named the 8 modules from before a split and left out 62% of the mutants)."""

from __future__ import annotations

import importlib.util
import pkgutil
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path
from types import ModuleType

import atout.games
from atout.games import all_games

ROOT = Path(__file__).resolve().parent.parent


def _mutation() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_mutation", ROOT / "bench" / "mutation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _file_of(name: str) -> str:
    """``atout.games.q2j`` -> ``src/atout/games/q2j.py`` (a package: its ``__init__.py``)."""
    path = ROOT / "src" / Path(*name.split("."))
    return str(
        (path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).relative_to(ROOT)
    )


def test_every_rules_module_is_reported() -> None:
    """Every module the import system finds under atout.games, atout.cards and the registry,
    and every registered game's module and words, has its row."""
    modules = set(_mutation().MODULES)
    found = {m.name for m in pkgutil.walk_packages(atout.games.__path__, "atout.games.")}
    assert found | {"atout.games", "atout.cards"} <= modules
    for game in all_games().values():
        assert type(game).__module__ in modules or not type(game).__module__.startswith(
            "atout.games"
        )
        if game.text is not None and game.text.__name__.startswith("atout.games"):
            assert game.text.__name__ in modules


def test_the_report_covers_what_mutmut_mutates() -> None:
    """pyproject's ``only_mutate`` and the report name the same files: no mutant is generated
    for a module the report leaves out, and no row names a module never mutated."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    files = {str(p.relative_to(ROOT)) for p in (ROOT / "src").rglob("*.py")}
    mutated = {f for f in files if any(fnmatch(f, g) for g in config["only_mutate"])}
    assert mutated == {_file_of(m) for m in _mutation().MODULES}


def test_a_module_missing_from_the_list_still_gets_its_row() -> None:
    """Mutants of a module the package no longer has (a stale mutants/) are counted, not
    dropped from the table and its total."""
    mutation = _mutation()
    names = ["atout.games.q2j.x_beats__mutmut_1", "atout.games.gone.x_f__mutmut_1"]
    codes = dict.fromkeys(names, 1)  # pytest's exit code 1: the tests failed, the mutant killed
    table = mutation.report(names, {"atout.games.q2j": 1, "atout.games.gone": 1}, codes)
    assert "| atout.games.gone | 1/1 | 1 |" in table
    assert "| **all** | 2/2 | 2 |" in table

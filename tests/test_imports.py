"""The import graph of ``atout``: no cycles, and arrows that only point down (issue 29).

grimp builds the graph from every import statement, those under ``if TYPE_CHECKING:`` and those
inside functions included: a type-only import is an arrow all the same. The layers themselves are
import-linter contracts in pyproject.toml (``lint-imports`` checks them from the command line)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.find_modules_directly_imported_by(w)))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def test_the_cycle_finder_finds_a_cycle_and_a_type_only_one(tmp_path: Path) -> None:
    pkg = tmp_path / "loops"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from loops import b\n")
    (pkg / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from loops.a import X\n"
    )
    (pkg / "c.py").write_text("from loops import a\n")
    sys.path.insert(0, str(tmp_path))
    try:
        graph = grimp.build_graph("loops", exclude_type_checking_imports=False, cache_dir=None)
    finally:
        sys.path.remove(str(tmp_path))
    assert cycles(graph) == [["loops.a", "loops.b"]]


def test_no_module_of_atout_is_in_an_import_cycle() -> None:
    graph = grimp.build_graph("atout", exclude_type_checking_imports=False, cache_dir=None)
    assert len(graph.modules) > 90
    assert cycles(graph) == []


def test_the_layers_point_down() -> None:
    """pyproject's import-linter contracts: clients and server above the games, and inside the
    game master shell → nodes → core → accounts → storage."""
    lint = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "2 kept, 0 broken" in done.stdout

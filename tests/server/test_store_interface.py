"""The game master's database is reached through its typed interface (atout.server.storage.db) only:
outside the two stores no module of the server holds a database connection, imports a driver
or reaches into a store's private parts (issue 28)."""

from __future__ import annotations

import ast
from pathlib import Path

import atout.server

SERVER = Path(atout.server.__file__).parent
STORES = {"store.py", "pgstore.py", "sqlbase.py"}  # the implementations
#: Still to be switched to the typed methods by its owner (issue 28): remove it then.
PENDING: set[str] = set()
DRIVERS = {"sqlite3", "psycopg"}
CONNECTIONS = {"db", "conn"}


def _store(node: ast.expr) -> bool:
    """Whether ``node`` names a store: ``store``, ``self.store``, ``x.store``."""
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name == "store" or name.endswith("_store")


def _private(node: ast.Attribute) -> bool:
    """Whether ``node`` is a store's connection or one of its private parts."""
    return _store(node.value) and (node.attr in CONNECTIONS or node.attr.startswith("_"))


def reaches(path: Path) -> list[str]:
    """Where the module at ``path`` imports a driver or reaches into a store."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            found += [
                f"{path.name}:{node.lineno} imports {m}"
                for m in mods
                if m and m.split(".")[0] in DRIVERS
            ]
        elif isinstance(node, ast.Attribute) and _private(node):
            found.append(f"{path.name}:{node.lineno} store.{node.attr}")
    return found


def test_no_module_outside_the_stores_holds_a_connection_or_a_stores_private_parts() -> None:
    modules = sorted(p for p in SERVER.rglob("*.py") if p.name not in STORES | PENDING)
    assert len(modules) > 20
    assert [hit for p in modules for hit in reaches(p)] == []


def test_the_check_sees_what_it_looks_for(tmp_path: Path) -> None:
    bad = tmp_path / "probe.py"
    bad.write_text(
        "import sqlite3\nfrom psycopg import sql\n"
        "def f(self, store):\n    store.db.execute('x')\n    self.store._x('y')\n"
        "    self.store.conn.commit()\n    store.account('k')\n"
    )
    assert sorted(h.split(" ", 1)[1] for h in reaches(bad)) == [
        "imports psycopg",
        "imports sqlite3",
        "store._x",
        "store.conn",
        "store.db",
    ]

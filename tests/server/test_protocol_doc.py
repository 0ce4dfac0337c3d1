"""docs/PROTOCOL.md and docs/schema/*.json are generated: fail when they are stale."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import msgspec

from atout.protocol import messages as m

ROOT = Path(__file__).resolve().parents[2]


def _generator():
    spec = importlib.util.spec_from_file_location(
        "gen_protocol", ROOT / "scripts" / "gen_protocol.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_protocol_doc_is_fresh():
    gen = _generator()
    stale = [
        str(p.relative_to(ROOT))
        for p, text in gen.render().items()
        if not p.exists() or p.read_text() != text
    ]
    assert not stale, f"stale: {stale} — run: .venv/bin/python scripts/gen_protocol.py"


def test_every_command_documented_with_sender_recipient_body():
    doc = (ROOT / "docs" / "PROTOCOL.md").read_text()
    for cls in (*m.CLIENT_MESSAGES, *m.SERVER_MESSAGES):
        tag = cls.__struct_config__.tag
        assert f"| `{tag}` |" in doc
        assert cls.summary and cls.direction
    for name in ("cmd", "from", "to", "body"):
        assert name in msgspec.json.schema(m.Hello)["$defs"]["Hello"]["properties"]

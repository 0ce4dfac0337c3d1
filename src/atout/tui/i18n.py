"""The terminal client's own words, in English and French (game sentences come from the server)."""

from __future__ import annotations

from atout.games.sentences import Words, load_words

#: The words, [English, French] side by side, from i18n.toml beside this module.
_TEXTS: dict[str, Words] = load_words(__file__)["texts"]


def tr(lang: str, key: str, **values: object) -> str:
    """The UI string ``key`` in ``lang`` (``en`` or ``fr``), with ``values`` filled in."""
    en, fr = _TEXTS[key]
    text = fr if lang == "fr" else en
    return text.format(**values) if values else text

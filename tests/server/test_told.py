"""Each member's events are told to it: the seat that moved reads "You play…" in its language,
the other seats and the spectators read the move said of that seat ("P1 plays…")."""

from __future__ import annotations

from tests.server.harness import Harness


def member(h: Harness, name: str, lang: str) -> int:
    c = h.connect(name, hello=False)
    h.request(c, "hello", versions=[1], name=name, lang=lang, texts=True)
    return c


def test_the_mover_is_told_its_move_in_the_second_person_and_nobody_else_is() -> None:
    h = Harness()
    en, fr = member(h, "ann", "en"), member(h, "bea", "fr")
    spectator = member(h, "sam", "en")
    tid = h.create(en, "q2j", 2)
    for i, c in enumerate((en, fr)):
        assert h.request(c, "join", table=tid, seat=i)["cmd"] == "joined"
    assert h.request(spectator, "watch", table=tid)["cmd"] == "ok"
    seats = {en: 0, fr: 1}
    for _ in range(6):  # a few moves, whoever plays them
        mover = next(c for c in (en, fr) if h.last(c, "update", tid)["body"]["turn"] == seats[c])
        u = h.last(mover, "update", tid)["body"]
        rep = h.request(mover, "move", table=tid, version=u["version"], move=u["legal"][0])
        assert rep["cmd"] == "update", rep
        other = fr if mover == en else en
        said = {c: h.last(c, "update", tid)["body"]["events"] for c in (en, fr, spectator)}
        first = {c: said[c][0]["text"] for c in said}
        assert said[en][0]["seat"] == seats[mover]
        you = "You " if mover == en else "Vous "
        label = f"P{seats[mover] + 1}" if other == en else f"J{seats[mover] + 1}"
        assert first[mover].startswith(you), first
        assert first[other].startswith(label + " "), first
        assert first[spectator].startswith(f"P{seats[mover] + 1} "), first

"""A deal nobody can choose: the game master's secret, committed first, and every seat's nonce."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import msgspec
import pytest
from tests.server.harness import Harness
from tests.server.netutil import running
from typer.testing import CliRunner

from atout.bots import make_bot
from atout.client import Client, ClientError, bot_chooser, check_deal
from atout.games import get_game
from atout.protocol import messages as m
from atout.server.shell.ws import start
from atout.server.storage import record as rec
from atout.server.storage.store import SQLiteStore

N = ["a" * 32, "b" * 32, "c" * 32]


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def reveal_all(h: Harness, tid: str, conns: list[int], nonces: list[str | None]) -> None:
    """Each seat that committed reveals its nonce once the game master asks (as the client
    libraries do by themselves)."""
    for c, nonce in zip(conns, nonces, strict=True):
        ask = h.last(c, "reveal", tid)
        if nonce is not None and ask is not None and h.last(c, "started", tid) is None:
            assert h.request(c, "reveal", table=tid, nonce=nonce)["cmd"] == "ok"


def table_with_nonces(nonces: list[str | None], seed: int = 0, store: SQLiteStore | None = None):
    """A started Q²J table whose seats joined committed to ``nonces`` (None: no commitment
    sent), then revealed them when asked."""
    h = Harness(store=store, seed=seed)
    conns = [h.connect(f"p{i}") for i in range(len(nonces))]
    tid = h.create(conns[0], "q2j", len(nonces))
    for i, (c, nonce) in enumerate(zip(conns, nonces, strict=True)):
        body: dict[str, Any] = {"table": tid, "seat": i}
        if nonce is not None:
            body["nonce_commitment"] = rec.nonce_commitment(nonce)
        assert h.request(c, "join", **body)["cmd"] == "joined"
    reveal_all(h, tid, conns, nonces)
    assert h.core.tables[tid].status == "playing"
    return h, tid, conns


def test_seed_is_the_derivation_and_depends_on_every_nonce():
    h, tid, _ = table_with_nonces(N)
    t = h.core.tables[tid]
    assert t.seed == rec.derive_seed(t.secret, N)
    assert t.seed == sha("atout-seed/2:" + t.secret + ":" + ":".join(N))
    deal = rec.dealt_order("q2j", 3, t.options, t.seed)
    for i in range(3):
        other = list(N)
        other[i] = "d" * 32
        # the same game master (same entropy: same secret), one nonce changed: another deal
        h2, tid2, _ = table_with_nonces(other)
        t2 = h2.core.tables[tid2]
        assert t2.secret == t.secret
        assert t2.seed != t.seed
        assert rec.dealt_order("q2j", 3, t2.options, t2.seed) != deal
    # and the secret matters too
    h3, tid3, _ = table_with_nonces(N, seed=1)
    assert h3.core.tables[tid3].seed != t.seed


def test_commitment_published_before_any_nonce_is_accepted():
    h = Harness()
    a, b = h.connect("a"), h.connect("b")
    created = h.request(a, "create_table", game="q2j", players=2, autostart=False)["body"]
    commitment = created["commitment"]
    assert commitment and len(commitment) == 64
    listed = h.request(b, "list_tables")["body"]["tables"]
    assert [t["commitment"] for t in listed] == [commitment]
    tid = created["table"]
    commits = [rec.nonce_commitment(n) for n in N[:2]]
    assert h.request(a, "join", table=tid, nonce_commitment=commits[0])["cmd"] == "joined"
    assert h.request(b, "join", table=tid, nonce_commitment=commits[1])["cmd"] == "joined"
    # joining changes nothing of it, nor does the start
    assert h.last(b, "table", tid)["body"]["commitment"] == commitment
    assert h.request(a, "start", table=tid)["cmd"] == "ok"
    # the start asks every seat for its nonce, against every seat's commitment
    ask = h.last(b, "reveal", tid)["body"]
    assert ask["commitments"] == commits and ask["pending"] == [0, 1]
    assert h.last(a, "started", tid) is None
    reveal_all(h, tid, [a, b], N[:2])
    started = h.last(a, "started", tid)["body"]
    assert started["commitment"] == commitment and started["nonces"] == N[:2]
    assert started["commitments"] == commits
    # the secret revealed at the end is the one committed to before the nonces
    h.play_out(created["table"], {0: a, 1: b})
    over = h.last(a, "game_over", created["table"])["body"]
    assert sha("atout-secret:" + over["secret"]) == commitment
    assert over["nonces"] == N[:2] and over["commitments"] == commits
    assert check_deal(msgspec.convert(over, m.GameOverBody), 0, N[0], commits) == []


def test_a_bad_commitment_or_a_raw_nonce_is_refused():
    h = Harness()
    a = h.connect("a")
    tid = h.create(a, "q2j", 2)
    for bad in ("XYZ", "A" * 64, "a" * 63, "a" * 65, "a" * 32, 7):
        got = h.request(a, "join", table=tid, nonce_commitment=bad)["body"]["code"]
        assert got == "protocol.bad_message"
    # a nonce given in the clear with the seat (format 2) is no longer taken
    assert h.request(a, "join", table=tid, nonce=N[0])["body"]["code"] == "protocol.bad_message"
    assert not any(s.taken for s in h.core.tables[tid].seats)


def test_no_commitment_the_game_master_gives_the_nonce_and_says_so():
    store = SQLiteStore(":memory:")
    h, tid, conns = table_with_nonces([N[0], None, N[2]], store=store)
    h.play_out(tid, dict(enumerate(conns)))
    store.commit()
    record = rec.export_record(store.load(tid))
    assert [s.nonce_by for s in record.seats] == ["client", "server", "client"]
    # fixed by the secret, as a bot's: the game master could not pick it after the reveals
    assert record.seats[1].nonce == rec.bot_nonce(record.secret, 1)
    assert record.seats[1].nonce_commitment is None
    assert rec.trusted_seats(record) == [1]
    assert rec.verify(record) == []


def test_bot_nonces_are_fixed_by_the_secret():
    h = Harness()
    a = h.connect("a")
    created = h.request(a, "create_table", game="q2j", players=3, bots=[0, 2])["body"]
    t = h.core.tables[created["table"]]
    # fixed at the creation, before the player's nonce arrives
    assert t.seats[0].nonce == rec.bot_nonce(t.secret, 0)
    assert t.seats[2].nonce == rec.bot_nonce(t.secret, 2)
    join = h.request(a, "join", table=t.id, nonce_commitment=rec.nonce_commitment(N[1]))
    assert join["cmd"] == "joined"
    assert h.last(a, "reveal", t.id)["body"]["pending"] == [1]  # the bots' are known
    reveal_all(h, t.id, [a], [N[1]])
    assert h.last(a, "started", t.id)["body"]["nonces"] == [
        rec.bot_nonce(t.secret, 0),
        N[1],
        rec.bot_nonce(t.secret, 2),
    ]


def test_the_clients_check_refuses_a_game_masters_nonce_not_fixed_by_its_secret():
    """A seat without a commitment (a bot, or a client trusting the game master) must hold the
    nonce the secret fixes: otherwise the operator could grind it after the players' reveals.
    The client's live check (``check_deal``) looked only at committed seats before."""
    h, tid, conns = table_with_nonces([N[0], None])
    h.play_out(tid, dict(enumerate(conns)))
    over = msgspec.convert(h.last(conns[0], "game_over", tid)["body"], m.GameOverBody)
    assert over.commitments[1] is None
    assert check_deal(over, 0, N[0]) == []
    ground = [over.nonces[0], "1" * 32]  # another nonce, the seed made to match it
    seed = sha("atout-seed/2:" + ":".join([over.secret, *ground]))
    bad = msgspec.structs.replace(over, nonces=ground, seed=seed)
    assert any("secret fixes" in p for p in check_deal(bad, 0, N[0]))


def finished_record(store: SQLiteStore | None = None, nonces: list[str | None] | None = None):
    store = store or SQLiteStore(":memory:")
    h, tid, conns = table_with_nonces(nonces or N, store=store)
    h.play_out(tid, dict(enumerate(conns)))
    store.commit()
    return rec.export_record(store.load(tid))


def test_whole_game_through_the_core_verifies():
    record = finished_record()
    assert record.format == rec.RECORD_FORMAT == "atout-record/3"
    assert record.status == "finished" and record.moves
    assert [s.nonce for s in record.seats] == N
    assert [s.nonce_commitment for s in record.seats] == [sha("atout-nonce:" + n) for n in N]
    assert record.secret is not None and record.next_secret is None
    assert rec.verify(record) == []
    # the exported file reads back the same and verifies too
    again = rec.loads(rec.dumps(record))
    assert again == record and rec.verify(again) == []


def test_verify_rejects_altered_nonces_secret_or_seed():
    record = finished_record()

    def altered(**kw: Any) -> rec.TableRecord:
        return msgspec.structs.replace(record, **kw)

    seats = [msgspec.structs.replace(s) for s in record.seats]
    seats[1] = msgspec.structs.replace(seats[1], nonce="e" * 32)
    assert "the seed is not the one" in " ".join(rec.verify(altered(seats=seats)))
    swapped = [msgspec.structs.replace(s) for s in record.seats]
    swapped[0].nonce, swapped[1].nonce = record.seats[1].nonce, record.seats[0].nonce
    assert rec.verify(altered(seats=swapped))
    missing = [msgspec.structs.replace(s) for s in record.seats]
    missing[2].nonce = None
    assert rec.verify(altered(seats=missing))
    assert "the secret does not match" in " ".join(rec.verify(altered(secret="0" * 64)))
    assert rec.verify(altered(secret=None))
    # a seed chosen by the game master (format 1's rule) does not pass as format 3
    seed = "1" * 32
    assert rec.verify(altered(seed=seed, commitment=rec.commitment(seed)))


def test_verify_rejects_a_reveal_or_a_commitment_altered(tmp_path):
    """A nonce that is not the one committed to fails, even with the seed recomputed from it
    (what a game master that chose a seat's nonce late would have to write)."""
    record = finished_record()

    def with_seat(i: int, **kw: Any) -> rec.TableRecord:
        seats = [msgspec.structs.replace(s) for s in record.seats]
        seats[i] = msgspec.structs.replace(seats[i], **kw)
        seed = rec.derive_seed(record.secret, [s.nonce for s in seats])
        deck = rec.dealt_order(record.game, record.players, record.options, seed)
        return msgspec.structs.replace(record, seats=seats, seed=seed, deck=deck)

    def problems(r: rec.TableRecord) -> str:
        return " ".join(rec.verify(r))

    reveal = with_seat(1, nonce="e" * 32)
    assert "seat 1: the nonce revealed does not match the seat's commitment" in problems(reveal)
    commit = with_seat(2, nonce_commitment=sha("atout-nonce:" + "f" * 32))
    assert "seat 2: the nonce revealed does not match" in problems(commit)
    dropped = with_seat(0, nonce_commitment=None)
    assert "seat 0: a client's nonce without the commitment" in problems(dropped)
    posed = with_seat(0, nonce_by="server")  # a client's seat passed off as the game master's
    assert "seat 0: a commitment, but a nonce the client did not give" in problems(posed)
    trusted = with_seat(0, nonce_by="server", nonce_commitment=None)
    assert "seat 0: the game master's nonce is not the one the secret fixes" in problems(trusted)
    # and through the command line: the sound record passes, the altered reveal does not
    from atout.cli import app

    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_bytes(rec.dumps(record))
    bad.write_bytes(rec.dumps(reveal))
    res = CliRunner().invoke(app, ["verify", str(good)])
    assert res.exit_code == 0 and "every commitment matches its reveal" in res.output, res.output
    res = CliRunner().invoke(app, ["verify", str(bad)])
    assert res.exit_code == 1 and "does not match the seat's commitment" in res.output


def test_verify_rejects_a_bot_nonce_not_fixed_by_the_secret():
    store = SQLiteStore(":memory:")
    h = Harness(store=store)
    a = h.connect("a")
    tid = h.create(a, "q2j", 2, bots=[1])
    h.request(a, "join", table=tid, nonce_commitment=rec.nonce_commitment(N[0]))
    reveal_all(h, tid, [a], [N[0]])
    h.play_out(tid, {0: a})
    store.commit()
    record = rec.export_record(store.load(tid))
    assert rec.verify(record) == []
    seats = [msgspec.structs.replace(s) for s in record.seats]
    seats[1].nonce = "f" * 32
    nonces = [s.nonce for s in seats]
    # even with the seed recomputed, the bot's nonce must be the one the secret fixes
    bad = msgspec.structs.replace(record, seats=seats, seed=rec.derive_seed(record.secret, nonces))
    assert any("bot's nonce" in p for p in rec.verify(bad))


def format1_record(seed: str = "0123456789abcdef" * 2) -> dict[str, Any]:
    """A record as the game master wrote them before fair deals (no "format": format 1)."""
    game = get_game("q2j")
    state = game.setup(2, {}, rec.seed_int(seed))
    rng = random.Random(3)
    moves = []
    while state.current is not None:
        seat = state.current
        mv = rng.choice(list(state.legal_moves()))
        state.apply(seat, mv)
        moves.append({"seat": seat, "move": msgspec.to_builtins(mv), "how": "player"})
    return {
        "table": "old1",
        "game": "q2j",
        "players": 2,
        "options": msgspec.to_builtins(game.parse_options({})),
        "status": "finished",
        "seats": [{"seat": 0, "name": "a"}, {"seat": 1, "name": "b"}],
        "seed": seed,
        "commitment": sha("atout-seed:" + seed),
        "deck": rec.dealt_order("q2j", 2, {}, seed),
        "moves": moves,
        "result": rec.jsonable(state.result()),
    }


def test_a_format_1_record_still_verifies(tmp_path):
    data = format1_record()
    record = msgspec.convert(data, rec.TableRecord)
    assert record.format == rec.RECORD_FORMAT_1
    assert rec.verify(record) == []
    record.commitment = sha("atout-seed:" + "f" * 32)
    assert rec.verify(record) == ["the seed does not match the commitment published at the start"]
    # and through the command line
    from atout.cli import app

    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    res = CliRunner().invoke(app, ["verify", str(path)])
    assert res.exit_code == 0 and "OK" in res.output, res.output


def test_a_format_2_record_still_verifies(tmp_path):
    """Nonces given in the clear with the seats, and one the game master drew at random for a
    client that sent none (format 2, before commit-reveal): verified by format 2's rules."""
    secret, nonces = "5a" * 32, ["a" * 32, "9f" * 16]
    data = format1_record(rec.derive_seed(secret, nonces))
    data |= {
        "format": "atout-record/2",
        "secret": secret,
        "commitment": sha("atout-secret:" + secret),
        "seats": [
            {"seat": 0, "name": "a", "nonce": nonces[0], "nonce_by": "client"},
            {"seat": 1, "name": "b", "nonce": nonces[1], "nonce_by": "server"},
        ],
    }
    record = msgspec.convert(data, rec.TableRecord)
    assert rec.verify(record) == []
    from atout.cli import app

    path = tmp_path / "v2.json"
    path.write_text(json.dumps(data))
    res = CliRunner().invoke(app, ["verify", str(path)])
    assert res.exit_code == 0 and "OK" in res.output and "format 2" in res.output, res.output
    # the same seats under format 3's rules fail: no commitments, a drawn nonce
    assert len(rec.verify(msgspec.structs.replace(record, format=rec.RECORD_FORMAT))) == 2


def test_a_format_1_table_of_an_older_database_still_verifies(tmp_path):
    """A database written before fair deals (no secret or nonce columns) is migrated; its
    finished tables keep format 1 and verify by the old rule."""
    data = format1_record()
    path = tmp_path / "old.db"
    db = sqlite3.connect(path)
    db.executescript(
        """
        CREATE TABLE tables (id TEXT PRIMARY KEY, game TEXT NOT NULL, players INTEGER NOT NULL,
            options TEXT NOT NULL, settings TEXT NOT NULL, status TEXT NOT NULL,
            created REAL NOT NULL, started REAL, finished REAL, seed TEXT, commitment TEXT,
            result TEXT, rematch_of TEXT, rematch TEXT, moves TEXT);
        CREATE TABLE seats (table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
            bot TEXT, token_hash TEXT, PRIMARY KEY (table_id, seat));
        """
    )
    db.execute(
        "INSERT INTO tables VALUES (?, 'q2j', 2, ?, '{}', 'finished', 1.0, 2.0, 3.0, ?, ?, ?,"
        " NULL, NULL, ?)",
        (
            "old1",
            json.dumps(data["options"]),
            data["seed"],
            data["commitment"],
            json.dumps(data["result"]),
            json.dumps(data["moves"]),
        ),
    )
    db.executemany("INSERT INTO seats VALUES ('old1', ?, ?, NULL, NULL)", [(0, "a"), (1, "b")])
    db.commit()
    db.close()
    store = SQLiteStore(path)
    record = rec.export_record(store.load("old1"))
    assert record.format == rec.RECORD_FORMAT_1 and record.secret is None
    assert rec.verify(record) == []
    # the file it exports has no "format" field, as before
    assert b'"format"' not in rec.dumps(record)


def test_rematch_secret_committed_in_game_over_commitments_with_the_votes():
    store = SQLiteStore(":memory:")
    h, tid, (a, b) = table_with_nonces(N[:2], store=store)
    h.play_out(tid, {0: a, 1: b})
    over = h.last(a, "game_over", tid)["body"]
    promised = over["rematch_commitment"]
    assert promised and promised != over["commitment"]
    vote = rec.nonce_commitment("1" * 32)
    assert h.request(a, "rematch", table=tid, nonce_commitment=vote)["cmd"] == "ok"
    assert h.request(b, "rematch", table=tid)["cmd"] == "ok"  # no commitment: the GM's nonce
    ready = h.last(a, "rematch_ready", tid)["body"]
    nid = ready["new_table"]
    # the same commit, then reveal, as at any table: no deal before it
    ask = h.last(a, "reveal", nid)["body"]
    assert ask["commitments"] == [vote, None] and ask["pending"] == [0]
    assert h.last(a, "started", nid) is None
    reveal_all(h, nid, [a, b], ["1" * 32, None])
    started = h.last(a, "started", nid)["body"]
    assert started["commitment"] == promised
    assert started["nonces"][0] == "1" * 32
    h.play_out(nid, {0: a, 1: b})
    store.commit()
    record = rec.export_record(store.load(nid))
    assert record.commitment == promised
    assert [s.nonce_by for s in record.seats] == ["client", "server"]
    assert rec.verify(record) == []
    # the finished first table's export never shows the rematch's secret
    assert rec.export_record(store.load(tid)).next_secret is None


def test_waiting_table_keeps_its_commitment_and_nonces_across_a_restart():
    store = SQLiteStore(":memory:")
    h = Harness(store=store)
    a = h.connect("a")
    created = h.request(a, "create_table", game="q2j", players=2, bots=[1], autostart=False)
    tid, commitment = created["body"]["table"], created["body"]["commitment"]
    mine = rec.nonce_commitment(N[0])
    tok = h.request(a, "join", table=tid, nonce_commitment=mine)["body"]["token"]
    store.commit()
    h2 = Harness(store=store, seed=9)  # another process: other entropy
    h2.core.recover(h2.now)
    t = h2.core.tables[tid]
    assert t.commitment == commitment and t.seats[0].nonce_commitment == mine
    assert t.seats[0].nonce is None and t.reveal_at is None  # nobody asked to start
    a2 = h2.connect("a")
    h2.request(a2, "resume", table=tid, token=tok)
    h2.request(a2, "start", table=tid)
    reveal_all(h2, tid, [a2], [N[0]])
    h2.play_out(tid, {0: a2})
    store.commit()
    record = rec.export_record(store.load(tid))
    assert record.commitment == commitment and record.seats[0].nonce == N[0]
    assert rec.verify(record) == []


def test_a_restart_while_revealing_asks_again_with_the_same_commitments():
    """The game master stops between the reveals: read back, the table asks the seats still
    owing their nonce again (a new time-out), and the revealed nonce is kept."""
    store = SQLiteStore(":memory:")
    h = Harness(store=store)
    a, b = h.connect("a"), h.connect("b")
    tid = h.create(a, "q2j", 2)
    commits = [rec.nonce_commitment(n) for n in N[:2]]
    tokens = [
        h.request(c, "join", table=tid, nonce_commitment=x)["body"]["token"]
        for c, x in zip((a, b), commits, strict=True)
    ]
    assert h.request(a, "reveal", table=tid, nonce=N[0])["cmd"] == "ok"
    store.commit()
    h2 = Harness(store=store, seed=9)
    h2.core.recover(h2.now)
    t = h2.core.tables[tid]
    assert t.reveal_at == h2.now + 30.0 and t.pending_reveals() == [1]
    assert t.seats[0].nonce == N[0]
    b2 = h2.connect("b")
    h2.request(b2, "resume", table=tid, token=tokens[1])
    ask = h2.last(b2, "reveal", tid)["body"]
    assert ask["commitments"] == commits and ask["pending"] == [1]
    assert h2.request(b2, "reveal", table=tid, nonce=N[1])["cmd"] == "ok"
    assert h2.last(b2, "started", tid)["body"]["nonces"] == N[:2]


def test_python_client_commits_then_reveals_by_itself():
    async def go():
        async with running() as (_, url):
            a = await Client.connect(url, "a")
            b = await Client.connect(url, "b")
            sent: list[m.Message] = []
            orig = a.request

            async def spy(msg: m.Message, timeout: float = 60) -> m.Message:
                sent.append(msg)
                return await orig(msg, timeout)

            a.request = spy  # type: ignore[method-assign]
            info = await a.create_table("q2j", 2)
            await a.join(info.table)
            await b.join(info.table)
            joins = [x for x in sent if isinstance(x, m.Join)]
            mine = a.feed(info.table).nonce
            assert len(joins) == 1 and rec.check_nonce(mine)
            assert joins[0].body.nonce_commitment == rec.nonce_commitment(mine)
            while a.feed(info.table).started is None:
                await a.feed(info.table).wait(10)
            # the nonce itself went out once, in a reveal, after the game master asked
            reveals = [x for x in sent if isinstance(x, m.Reveal)]
            assert [x.body.nonce for x in reveals] == [mine]
            assert a.feed(info.table).started.nonces[0] == mine
            g = get_game("q2j")
            over, _ = await asyncio.gather(
                a.play(info.table, bot_chooser(g, make_bot("random", 1))),
                b.play(info.table, bot_chooser(g, make_bot("random", 2))),
            )
            seat = a.feed(info.table).joined.seat
            assert over.nonces[seat] == mine
            seen = a.feed(info.table).revealed_to
            assert seen == over.commitments and len(seen) == 2
            assert check_deal(over, seat, mine, seen) == []
            assert check_deal(over, seat, "0" * 32)  # not our nonce: the client would see it
            other = [seen[0], rec.nonce_commitment("e" * 32)]  # a seat changed after our reveal
            assert "not the ones this client revealed against" in " ".join(
                check_deal(over, seat, mine, other)
            )
            # a rematch vote carries one too, and the new table's seat holds it
            await a.rematch(info.table)
            await b.rematch(info.table)
            while a.feed(info.table).rematch is None:
                await a.feed(info.table).wait(10)
            votes = [x for x in sent if isinstance(x, m.Rematch)]
            again = a.feed(info.table).rematch_nonce
            assert len(votes) == 1 and votes[0].body.nonce_commitment == rec.nonce_commitment(again)
            nid = a.feed(info.table).rematch.new_table
            assert a.feed(nid).nonce == again
            while a.feed(nid).started is None:
                await a.feed(nid).wait(10)
            assert a.feed(nid).started.nonces[seat] == again
            await a.close()
            await b.close()

    asyncio.run(asyncio.wait_for(go(), 60))


# ------------------------------------------------------------------ the operator's puppet
HONEST, PUPPET = "5e" * 16, "0d" * 16  # the honest page's nonce; the puppet's first pick


def queens(hand: list[str]) -> int:
    return sum(1 for c in hand if c.startswith("Q"))


def grind(secret: str, honest: str, most: int = 200_000) -> tuple[str, int] | None:
    """The operator's search: a nonce for seat 1 that deals it three Queens or more, given the
    secret and seat 0's nonce (what an operator who sees both can run: ~30 us a try)."""
    game = get_game("q2j")
    for k in range(most):
        nonce = f"{k:032x}"
        state = game.setup(2, {}, rec.seed_int(rec.derive_seed(secret, [honest, nonce])))
        if queens(state.view(1)["hand"]) >= 3:
            return nonce, k + 1
    return None


def what_the_operator_reads(db: Path, tid: str, frames: list[bytes]) -> tuple[str, str]:
    """Everything the operator has besides its server's memory: every column of the table's
    rows in its database, and every frame its puppet was sent, as one text; and the secret."""
    con = sqlite3.connect(db)
    try:
        secret = con.execute("SELECT secret FROM tables WHERE id=?", (tid,)).fetchone()[0]
        rows = con.execute("SELECT * FROM seats WHERE table_id=?", (tid,)).fetchall()
        rows += con.execute("SELECT * FROM tables WHERE id=?", (tid,)).fetchall()
    finally:
        con.close()
    return secret, repr(rows) + b"".join(frames).decode()


def test_a_puppet_seated_last_cannot_grind_its_nonce(tmp_path):
    """The operator (it runs the game master, so it knows the secret and reads the database)
    seats a puppet last, after an honest player. With nonces given in the clear with the seats
    (format 2) it read the honest nonce and ground its own until the deal gave its puppet three
    Queens (a few hundred tries): this test failed so, the puppet being dealt them. Now the
    honest seat gave a commitment only, so there is nothing to grind against: the puppet must
    commit before any nonce is revealed, and its deal is whatever the commitments fix."""

    async def go() -> tuple[bool, tuple[str, int] | None, list[str], list[str]]:
        db = tmp_path / "gm.db"
        server = await start("127.0.0.1", 0, str(db), entropy=random.Random(5).randbytes)
        try:
            ann = await Client.connect(server.url, "ann")
            tid = (await ann.create_table("q2j", 2)).table
            await ann.join(tid, seat=0, nonce=HONEST)  # the library, as an honest client
            frames: list[bytes] = []
            pup = await Client.connect(server.url, "pup", record=frames)
            await pup.list_tables()
            await pup.watch(tid)
            secret, seen = what_the_operator_reads(db, tid, frames)
            found = grind(secret, HONEST) if HONEST in seen else None
            await pup.leave(tid)  # stops watching: it takes the seat instead
            await pup.join(tid, seat=1, nonce=found[0] if found else PUPPET)
            while pup.feed(tid).update is None:
                await pup.feed(tid).wait(10)
            started = pup.feed(tid).started
            return HONEST in seen, found, pup.feed(tid).update.view["hand"], started.nonces
        finally:
            await server.close()

    seen, found, hand, nonces = asyncio.run(asyncio.wait_for(go(), 60))
    assert queens(hand) < 3, f"the puppet ground {found} and was dealt {hand}"
    assert not seen and found is None
    assert nonces == [HONEST, PUPPET]


def test_a_reveal_that_does_not_match_its_commitment_is_refused_and_changes_nothing(tmp_path):
    """The puppet commits first, waits for the honest reveal (the operator then knows every
    nonce and the secret, and grinds a nonce that would deal its puppet three Queens), and
    reveals that one instead: refused (table.bad_reveal), nothing changes, and the deal is the
    one its commitment fixed."""

    async def go() -> None:
        db = tmp_path / "gm.db"
        server = await start("127.0.0.1", 0, str(db), entropy=random.Random(5).randbytes)
        try:
            ann = await Client.connect(server.url, "ann")
            tid = (await ann.create_table("q2j", 2)).table
            await ann.join(tid, seat=0, nonce=HONEST)
            frames: list[bytes] = []
            pup = await Client.connect(server.url, "pup", record=frames)
            # by hand: the library would reveal by itself
            body = m.JoinBody(table=tid, seat=1, nonce_commitment=rec.nonce_commitment(PUPPET))
            await pup.request(m.Join(body=body))
            while ann.feed(tid).revealed_to is None or pup.feed(tid).reveal is None:
                await pup.feed(tid).wait(10)
            # the honest reveal is in: the operator reads it and grinds
            for _ in range(500):
                secret, seen = what_the_operator_reads(db, tid, frames)
                if HONEST in seen:
                    break
                await asyncio.sleep(0.01)
            assert HONEST not in b"".join(frames).decode()  # never sent to the other seat
            better, tries = grind(secret, HONEST)
            game = get_game("q2j")
            dealt = game.setup(2, {}, rec.seed_int(rec.derive_seed(secret, [HONEST, better])))
            assert queens(dealt.view(1)["hand"]) >= 3 and tries > 1
            with pytest.raises(ClientError) as refused:
                await pup.request(m.Reveal(body=m.RevealBody(table=tid, nonce=better)))
            assert refused.value.code == "table.bad_reveal"
            assert pup.feed(tid).started is None  # nothing dealt, nothing changed
            con = sqlite3.connect(db)
            row = con.execute(
                "SELECT nonce, nonce_commitment FROM seats WHERE table_id=? AND seat=1", (tid,)
            ).fetchone()
            con.close()
            assert row == (None, rec.nonce_commitment(PUPPET))
            # only the committed nonce is taken; the deal is the one the commitments fixed
            await pup.request(m.Reveal(body=m.RevealBody(table=tid, nonce=PUPPET)))
            while pup.feed(tid).update is None:
                await pup.feed(tid).wait(10)
            assert pup.feed(tid).started.nonces == [HONEST, PUPPET]
            assert queens(pup.feed(tid).update.view["hand"]) < 3
            # a reveal once dealt is at the wrong time
            with pytest.raises(ClientError) as late:
                await pup.request(m.Reveal(body=m.RevealBody(table=tid, nonce=PUPPET)))
            assert late.value.code == "table.not_revealing"
        finally:
            await server.close()

    asyncio.run(asyncio.wait_for(go(), 60))


def test_a_withheld_reveal_aborts_the_table_at_the_time_out_and_names_the_seat():
    """Withholding can only abort, never choose: the seats are fixed while they reveal (no
    leave, no start again), nothing is dealt, and at the time-out (30 s) the table is aborted,
    its members told which seat did not reveal."""
    store = SQLiteStore(":memory:")
    h = Harness(store=store)
    a, b, s = h.connect("a"), h.connect("b"), h.connect("s")
    tid = h.create(a, "q2j", 2)
    h.request(s, "watch", table=tid)
    h.request(a, "join", table=tid, nonce_commitment=rec.nonce_commitment(N[0]))
    # a reveal before every seat committed is at the wrong time
    early = h.request(a, "reveal", table=tid, nonce=N[0])["body"]["code"]
    assert early == "table.not_revealing"
    h.request(b, "join", table=tid, nonce_commitment=rec.nonce_commitment(N[1]))
    assert h.last(s, "reveal", tid)["body"]["deadline"] == 30.0
    assert h.request(a, "reveal", table=tid, nonce=N[0])["cmd"] == "ok"
    for cmd in ("leave", "start", "fill_bots"):
        assert h.request(b, cmd, table=tid)["body"]["code"] == "table.revealing"
    trusting = h.connect("t")
    assert h.request(trusting, "join", table=tid)["body"]["code"] == "lobby.table_full"
    h.advance(29.9)
    assert h.core.tables[tid].status == "waiting" and h.last(a, "started", tid) is None
    h.advance(0.2)
    t = h.core.tables[tid]
    assert t.status == "aborted" and t.state is None and t.seed is None
    for c in (a, b, s):
        info = h.last(c, "table", tid)["body"]
        assert info["status"] == "aborted" and info["withheld"] == [1]
    assert h.request(b, "reveal", table=tid, nonce=N[1])["body"]["code"] == "table.closed"
    record = store.load(tid)
    assert record.status == "aborted" and record.seed is None
    assert [x.nonce for x in record.seats] == [N[0], None]


def test_reveal_errors_change_nothing():
    h = Harness()
    a, b, w = h.connect("a"), h.connect("b"), h.connect("w")
    tid = h.create(a, "q2j", 2)
    h.request(a, "join", table=tid, nonce_commitment=rec.nonce_commitment(N[0]))
    h.request(b, "join", table=tid)  # trusts the game master: nothing to reveal
    assert h.request(w, "reveal", table=tid, nonce=N[0])["body"]["code"] == "table.not_seated"
    assert h.request(b, "reveal", table=tid, nonce=N[1])["body"]["code"] == "table.no_commitment"
    bad = h.request(a, "reveal", table=tid, nonce=N[1])["body"]
    assert bad["code"] == "table.bad_reveal"
    assert h.request(a, "reveal", table=tid, nonce="XYZ")["body"]["code"] == "protocol.bad_message"
    t = h.core.tables[tid]
    assert t.seats[0].nonce is None and t.status == "waiting" and t.pending_reveals() == [0]
    assert h.request(a, "reveal", table=tid, nonce=N[0])["cmd"] == "ok"
    assert t.status == "playing" and t.seed == rec.derive_seed(t.secret, [N[0], t.seats[1].nonce])


def test_the_tables_of_a_database_before_commit_reveal_stay_format_2(tmp_path):
    """Migrated (schema step 7), the finished tables of an older database are of format 2 and
    verify by its rules; a table written since is of format 3."""
    path = tmp_path / "old.db"
    old = sqlite3.connect(path)
    old.executescript((Path(__file__).parent / "fixtures" / "db_v0.sql").read_text())
    old.close()
    store = SQLiteStore(path)
    finished = store.finished_ids()
    assert finished
    for tid in finished:
        record = rec.export_record(store.load(tid))
        assert record.format == rec.RECORD_FORMAT_2 and rec.verify(record) == []
    new = finished_record(store)
    assert new.format == rec.RECORD_FORMAT and rec.verify(new) == []


def test_a_programs_kept_nonces_are_bounded(monkeypatch):
    """Commitments of tables that never deal (a refused join, a table closed before the start)
    do not pile up in a long-running bot process: the oldest are forgotten."""
    import atout.client as client_mod

    monkeypatch.setattr(client_mod, "NONCES_KEPT", 8)
    monkeypatch.setattr(Client, "nonces", {})
    monkeypatch.setattr(Client, "revealed", {})
    c = Client.__new__(Client)
    made = [c.commit()[1] for _ in range(20)]
    assert len(Client.nonces) == 8 and list(Client.nonces) == made[-8:]

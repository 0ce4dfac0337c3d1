"""A deal nobody can choose: the game master's secret, committed first, and every seat's nonce."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import sqlite3
from typing import Any

import msgspec
from tests.server.harness import Harness
from tests.server.netutil import running
from typer.testing import CliRunner

from atout.bots import make_bot
from atout.client import Client, bot_chooser, check_deal
from atout.games import get_game
from atout.protocol import messages as m
from atout.server import record as rec
from atout.server.store import SQLiteStore

N = ["a" * 32, "b" * 32, "c" * 32]


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def table_with_nonces(nonces: list[str | None], seed: int = 0, store: SQLiteStore | None = None):
    """A started Q²J table whose seats joined with ``nonces`` (None: no nonce sent)."""
    h = Harness(store=store, seed=seed)
    conns = [h.connect(f"p{i}") for i in range(len(nonces))]
    tid = h.create(conns[0], "q2j", len(nonces))
    for i, (c, nonce) in enumerate(zip(conns, nonces, strict=True)):
        body: dict[str, Any] = {"table": tid, "seat": i}
        if nonce is not None:
            body["nonce"] = nonce
        assert h.request(c, "join", **body)["cmd"] == "joined"
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
    assert h.request(a, "join", table=created["table"], nonce=N[0])["cmd"] == "joined"
    assert h.request(b, "join", table=created["table"], nonce=N[1])["cmd"] == "joined"
    # joining changes nothing of it, nor does the start
    assert h.last(b, "table", created["table"])["body"]["commitment"] == commitment
    assert h.request(a, "start", table=created["table"])["cmd"] == "ok"
    started = h.last(a, "started", created["table"])["body"]
    assert started["commitment"] == commitment and started["nonces"] == N[:2]
    # the secret revealed at the end is the one committed to before the nonces
    h.play_out(created["table"], {0: a, 1: b})
    over = h.last(a, "game_over", created["table"])["body"]
    assert sha("atout-secret:" + over["secret"]) == commitment
    assert over["nonces"] == N[:2]
    assert check_deal(msgspec.convert(over, m.GameOverBody), 0, N[0]) == []


def test_a_bad_nonce_is_refused():
    h = Harness()
    a = h.connect("a")
    tid = h.create(a, "q2j", 2)
    for bad in ("XYZ", "A" * 32, "a" * 31, "a" * 65, 7):
        assert h.request(a, "join", table=tid, nonce=bad)["body"]["code"] == "protocol.bad_message"


def test_no_nonce_the_game_master_draws_one_and_says_so():
    store = SQLiteStore(":memory:")
    h, tid, conns = table_with_nonces([N[0], None, N[2]], store=store)
    h.play_out(tid, dict(enumerate(conns)))
    store.commit()
    record = rec.export_record(store.load(tid))
    assert [s.nonce_by for s in record.seats] == ["client", "server", "client"]
    assert rec.check_nonce(record.seats[1].nonce)
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
    assert h.request(a, "join", table=t.id, nonce=N[1])["cmd"] == "joined"
    assert h.last(a, "started", t.id)["body"]["nonces"] == [
        rec.bot_nonce(t.secret, 0),
        N[1],
        rec.bot_nonce(t.secret, 2),
    ]


def finished_record(store: SQLiteStore | None = None, nonces: list[str | None] | None = None):
    store = store or SQLiteStore(":memory:")
    h, tid, conns = table_with_nonces(nonces or N, store=store)
    h.play_out(tid, dict(enumerate(conns)))
    store.commit()
    return rec.export_record(store.load(tid))


def test_whole_game_through_the_core_verifies():
    record = finished_record()
    assert record.format == rec.RECORD_FORMAT
    assert record.status == "finished" and record.moves
    assert [s.nonce for s in record.seats] == N
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
    # a seed chosen by the game master (format 1's rule) does not pass as format 2
    seed = "1" * 32
    assert rec.verify(altered(seed=seed, commitment=rec.commitment(seed)))


def test_verify_rejects_a_bot_nonce_not_fixed_by_the_secret():
    store = SQLiteStore(":memory:")
    h = Harness(store=store)
    a = h.connect("a")
    tid = h.create(a, "q2j", 2, bots=[1])
    h.request(a, "join", table=tid, nonce=N[0])
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


def format1_record() -> dict[str, Any]:
    """A record as the game master wrote them before fair deals (no "format": format 1)."""
    game = get_game("q2j")
    seed = "0123456789abcdef" * 2
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


def test_rematch_secret_committed_in_game_over_nonces_with_the_votes():
    store = SQLiteStore(":memory:")
    h = Harness(store=store)
    a, b = h.connect("a"), h.connect("b")
    tid = h.create(a, "q2j", 2)
    h.request(a, "join", table=tid, nonce=N[0])
    h.request(b, "join", table=tid, nonce=N[1])
    h.play_out(tid, {0: a, 1: b})
    over = h.last(a, "game_over", tid)["body"]
    promised = over["rematch_commitment"]
    assert promised and promised != over["commitment"]
    assert h.request(a, "rematch", table=tid, nonce="1" * 32)["cmd"] == "ok"
    assert h.request(b, "rematch", table=tid)["cmd"] == "ok"  # no nonce: drawn by the server
    ready = h.last(a, "rematch_ready", tid)["body"]
    nid = ready["new_table"]
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
    tok = h.request(a, "join", table=tid, nonce=N[0])["body"]["token"]
    store.commit()
    h2 = Harness(store=store, seed=9)  # another process: other entropy
    h2.core.recover(h2.now)
    t = h2.core.tables[tid]
    assert t.commitment == commitment and t.seats[0].nonce == N[0]
    a2 = h2.connect("a")
    h2.request(a2, "resume", table=tid, token=tok)
    h2.request(a2, "start", table=tid)
    h2.play_out(tid, {0: a2})
    store.commit()
    record = rec.export_record(store.load(tid))
    assert record.commitment == commitment and record.seats[0].nonce == N[0]
    assert rec.verify(record) == []


def test_python_client_sends_a_nonce_by_default():
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
            assert len(joins) == 1 and rec.check_nonce(joins[0].body.nonce)
            mine = a.feed(info.table).nonce
            assert joins[0].body.nonce == mine
            g = get_game("q2j")
            over, _ = await asyncio.gather(
                a.play(info.table, bot_chooser(g, make_bot("random", 1))),
                b.play(info.table, bot_chooser(g, make_bot("random", 2))),
            )
            seat = a.feed(info.table).joined.seat
            assert over.nonces[seat] == mine
            assert check_deal(over, seat, mine) == []
            assert check_deal(over, seat, "0" * 32)  # not our nonce: the client would see it
            # a rematch vote carries one too, and the new table's seat holds it
            await a.rematch(info.table)
            await b.rematch(info.table)
            while a.feed(info.table).rematch is None:
                await a.feed(info.table).wait(10)
            votes = [x for x in sent if isinstance(x, m.Rematch)]
            assert len(votes) == 1 and rec.check_nonce(votes[0].body.nonce)
            nid = a.feed(info.table).rematch.new_table
            assert a.feed(nid).nonce == votes[0].body.nonce
            await a.close()
            await b.close()

    asyncio.run(asyncio.wait_for(go(), 60))

"""End to end over real sockets: bots play every game, consistency, reconnection, errors, leaks."""

from __future__ import annotations

import asyncio
import contextlib
import random
import urllib.request
from typing import Any

import msgspec
import pytest
from tests.server.harness import game_ids, players_for
from tests.server.netutil import card_mentions, running

from atout.bots import make_bot
from atout.cards import card
from atout.client import Client, ClientError, bot_chooser
from atout.client.runner import run_bots
from atout.games import all_games, get_game
from atout.server.storage import record as rec


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 120))


@pytest.mark.parametrize("game", game_ids())
def test_network_bots_play_every_game(game):
    async def go():
        async with running(leak_guard=True) as (_, url):
            res = await run_bots(url, game, players_for(game), 6, parallel=3)
            assert res["completed"] == 6 and res["errors"] == 0, res
            assert res["moves"] > 0

    run(go())


def test_health_and_not_found():
    async def go():
        async with running() as (_, url):
            base = url.replace("ws://", "http://").removesuffix("/ws")
            body = await asyncio.to_thread(lambda: urllib.request.urlopen(base + "/health").read())
            assert msgspec.json.decode(body)["status"] == "ok"
            with pytest.raises(Exception, match="404"):
                await asyncio.to_thread(lambda: urllib.request.urlopen(base + "/nope").read())

    run(go())


def test_two_players_and_spectator_consistent():
    async def go():
        async with running(leak_guard=True) as (_, url):
            a, b, s = [await Client.connect(url, n) for n in ("a", "b", "s")]
            info = await a.create_table("q2j", 2, autostart=False)
            await a.join(info.table)
            await b.join(info.table)
            await s.watch(info.table)
            await a.start(info.table)
            g = get_game("q2j")
            ends = await asyncio.gather(
                a.play(info.table, bot_chooser(g, make_bot("random", 1))),
                b.play(info.table, bot_chooser(g, make_bot("random", 2))),
            )
            while s.feed(info.table).over is None:
                await s.feed(info.table).wait(10)
            over = s.feed(info.table).over
            assert ends[0] == ends[1] == over
            fa, fb, fs = (c.feed(info.table) for c in (a, b, s))

            # same public events, in the same order, for everybody
            def public(evs):
                return [(e.kind, e.seat) for e in evs]

            assert public(fa.events) == public(fb.events)
            # a spectator sees the public events only (a redacted twin addressed to the other
            # seats does not reach it), in the same order
            it = iter(public(fa.events))
            assert all(e in it for e in public(fs.events))
            assert fa.update.version == fb.update.version == fs.update.version == over.version
            pub = {k: v for k, v in fs.update.view.items() if k != "seat"}
            for f in (fa, fb):
                mine = {k: v for k, v in f.update.view.items() if k not in ("seat", "hand")}
                assert mine == pub
            assert "hand" not in fs.update.view
            for c in (a, b, s):
                await c.close()

    run(go())


def test_drop_and_reconnect_mid_game():
    async def go():
        async with running() as (_, url):
            a = await Client.connect(url, "a")
            b = await Client.connect(url, "b")
            info = await a.create_table("q2j", 2, turn_seconds=0.05)
            ja = await a.join(info.table)
            await b.join(info.table)
            g = get_game("q2j")
            fa = a.feed(info.table)
            while fa.update is None or fa.update.version < 3:
                await fa.wait(10)
            seen = fa.update.version
            await a.close()  # drop: a's turns now time out while b keeps playing
            bplay = asyncio.create_task(b.play(info.table, bot_chooser(g, make_bot("random", 2))))
            fb = b.feed(info.table)
            while fb.over is None and fb.update.version < seen + 6:
                await fb.wait(10)
            a2 = await Client.connect(url, "a-again")
            joined = await a2.resume(info.table, ja.token, version=seen)
            assert joined.seat == ja.seat
            f2 = a2.feed(info.table)
            while f2.update is None:
                await f2.wait(10)
            missed = f2.update
            assert missed.version > seen
            # it got exactly the steps after `seen`, including the time-outs of its own seat
            assert any(e.kind == "timeout" and e.seat == ja.seat for e in missed.events)
            over = await a2.play(info.table, bot_chooser(g, make_bot("random", 1)))
            assert over == await bplay
            await a2.close()
            await b.close()

    run(go())


def test_second_connection_cannot_act_stale_and_malformed():
    async def go():
        async with running() as (_, url):
            a, b, x = [await Client.connect(url, n) for n in ("a", "b", "a")]
            info = await a.create_table("q2j", 2)
            await a.join(info.table)
            await b.join(info.table)
            fa = a.feed(info.table)
            while fa.update is None:
                await fa.wait(10)
            u = fa.update
            mover = a if u.turn == fa.joined.seat else b
            other = b if mover is a else a
            # a connection with the same name but no token cannot act for a seat
            with pytest.raises(ClientError) as e:
                await x.move(info.table, u.version, {"type": "draw"})
            assert e.value.code == "table.not_seated"
            with pytest.raises(ClientError) as e:
                await x.join(info.table)
            assert e.value.code == "table.already_started"
            await mover.move(info.table, u.version, {"type": "draw"})
            with pytest.raises(ClientError) as e:  # chosen on version 0, now at 1
                await other.move(info.table, u.version, {"type": "draw"})
            assert (
                e.value.code == "table.stale_state" and e.value.detail["version"] == u.version + 1
            )
            # malformed frames: error code, request id echoed when readable
            fut = asyncio.get_running_loop().create_future()
            x._pending[991] = fut
            await x.send_raw('{"cmd":"move","id":991,"body":{"table":1}}')
            err = await asyncio.wait_for(fut, 5)
            assert err.body.code == "protocol.bad_message"
            fut = asyncio.get_running_loop().create_future()
            x._pending[992] = fut
            await x.send_raw('{"cmd":"teleport","id":992}')
            assert (await asyncio.wait_for(fut, 5)).body.code == "protocol.unknown_command"
            await x.send_raw("not json at all")
            await x.ping()  # the connection survives garbage
            for c in (a, b, x):
                await c.close()

    run(go())


def _secrets_by_version(game_id: str, players: int, seed: str, moves: list[rec.MoveRecord]):
    """For each version: each seat's (and the spectators') hidden card codes, and the names
    that can only mean a hidden card."""
    game = get_game(game_id)
    state = game.setup(players, None, rec.seed_int(seed))
    seats = [*range(players), None]

    def names(cs):
        return {c.name(lang) for c in cs for lang in ("en", "fr")}

    def snap():
        out = {}
        for s in seats:
            cs = state.secret_cards(s)
            # a name shared with a card the seat may see (the two Jokers, two decks) says nothing
            seen = names(c for c in state.all_cards() if c not in cs)
            out[s] = ({c.code for c in cs}, names(cs) - seen)
        return out

    table = [snap()]
    for mv in moves:
        state.apply(mv.seat, game.parse_move(mv.move))
        table.append(snap())
    return table


def _mangle(move: Any, deck: list[str], rng: random.Random) -> Any:
    """The same move with its card codes swapped for random ones (an illegal try)."""
    if isinstance(move, str):
        return rng.choice(deck) if move in deck else move
    if isinstance(move, dict):
        return {k: _mangle(v, deck, rng) for k, v in move.items()}
    if isinstance(move, list):
        return [_mangle(v, deck, rng) for v in move]
    return move


@pytest.mark.parametrize("game_id", game_ids())
def test_no_frame_leaks_a_hidden_card(game_id):
    """Every frame every client receives, over many games (errors and hints included), names no
    card hidden from that client at that point (State.secret_cards of its seat, replayed)."""
    game = all_games()[game_id]

    async def one(url: str, shell, players: int, k: int) -> None:
        rng = random.Random(k)
        frames: list[list[bytes]] = [[] for _ in range(players + 1)]
        clients = [
            await Client.connect(
                url, f"p{i}", record=frames[i], texts=True, lang=rng.choice(["en", "fr"])
            )
            for i in range(players)
        ]
        spectator = await Client.connect(url, "spec", record=frames[players], texts=True)
        info = await clients[0].create_table(game_id, players, autostart=False)
        for i, c in enumerate(clients):
            await c.join(info.table, seat=i)
        await spectator.watch(info.table)
        await clients[0].start(info.table)
        deck = [c.code for c in game.deck(players, game.parse_options(None))]

        def chooser(i: int):
            bot = bot_chooser(game, make_bot("random", k * 10 + i))

            def choose(u):
                return bot(u)

            return choose

        async def play(i: int, c: Client):
            f = c.feed(info.table)
            choose = chooser(i)
            asked = False
            while f.over is None:
                u = f.update
                if u is not None and u.legal and u.turn == u.seat and u.version != f.moved_at:
                    if not asked or rng.random() < 0.1:  # hints name cards too: no leak either
                        asked = True
                        with contextlib.suppress(ClientError):  # stale if a timer moved first
                            advice = await c.hint(info.table)
                            assert advice.version == u.version
                    if rng.random() < 0.15:  # try something illegal: the error must not leak
                        bad = _mangle(msgspec.to_builtins(rng.choice(u.legal)), deck, rng)
                        with contextlib.suppress(ClientError):
                            await c.move(info.table, u.version, bad)
                        continue
                    f.moved_at = u.version
                    try:
                        await c.move(info.table, u.version, choose(u))
                    except ClientError as e:
                        assert e.code == "table.stale_state", e
                    continue
                await f.wait(30)

        await asyncio.gather(*(play(i, c) for i, c in enumerate(clients)))
        sf = spectator.feed(info.table)
        while sf.over is None:
            await sf.wait(10)
        over = sf.over
        moves = shell.core.tables[info.table].moves
        secrets = _secrets_by_version(game_id, players, over.seed, moves)
        checked = hints = 0
        for who in range(players + 1):
            seat = None if who == players else who
            version = 0
            for frame in frames[who]:
                msg = msgspec.json.decode(frame)
                body = msg.get("body", {})
                if msg["cmd"] == "update":
                    version = body["version"]
                codes, names = secrets[version][seat]
                leaked = card_mentions(msg) & codes
                assert not leaked, f"seat {seat} got hidden {leaked} in {msg['cmd']} at v{version}"
                if msg["cmd"] == "error":
                    text = body["message"] + body.get("message_fr", "")
                    assert not [n for n in names if n in text], (seat, text)
                if msg["cmd"] == "advice":
                    hints += 1
                    text = body["why"] + body["why_fr"]
                    assert not [n for n in names if n in text], (seat, text)
                checked += 1
        assert checked > 10 and hints > 0
        for c in [*clients, spectator]:
            await c.close()

    async def go():
        async with running() as (shell, url):
            lo, hi = game.min_players, min(game.max_players, 4)
            for k in range(12):
                await one(url, shell, lo + k % (hi - lo + 1), k)

    run(go())


def test_card_name_regex_sanity():
    assert card_mentions({"a": ["QH", "x 10S y", "QH#2", "JK1"], "QD": 1}) == {
        "QH",
        "10S",
        "QH#2",
        "JK1",
        "QD",
    }
    assert card("QH").name("fr") == "Dame de cœur"

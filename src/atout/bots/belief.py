"""What play reveals about the hidden hands: constrained determinization for search bots.

``atout.bots.determinize.sample`` deals the cards a seat cannot place uniformly at random. A
player's choices say more: in Q²J a player who drew instead of playing held no card that would
have gone on the top then (nor a Jack on a Q²); in Le Quinze a player who laid a card or ended
the turn held no card that made a fifteen with the table then. A :class:`Belief` follows one
seat's successive views (the bot sees nothing else: no event, no other seat's view), works out
from each pair what the other seats did in between, and keeps, for every hidden card of every
other hand, the set of cards it cannot be (a **slot**). :meth:`Belief.sample` deals as the game's
own ``determinize`` does, then hands the hidden cards out again so that every slot gets a card
it allows (the most constrained slots first; a slot nothing fits takes any card).

The constraints assume a player plays when a card can go (the heuristic's rule, and most
people's). A player seen breaking that (it drew while holding a shown card that could go) is
trusted no more: its slots are cleared and it is left uniform. Whatever the views cannot explain
(a reshuffle of the défausse, a missed decision, a new deal, a window of several seats where the
fifteens cannot be told apart) clears the slots of the seats concerned: the sample falls back to
uniform, never to something the views contradict. The sample shows the seat exactly its view, as
every sampler must (tests/test_bots.py).

Used by the ``expert`` level (``ISMCTSBot(..., infer=True)``); docs/bots.md says what it gains.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from atout.bots.determinize import sample as uniform_sample
from atout.cards import JACK, Card, card, deck_52
from atout.games.base import Game, State, View
from atout.games.q2j import Q2JView
from atout.games.quinze import QuinzeView

Slot = frozenset[Card]
_FREE: Slot = frozenset()


class Belief:
    """Slots of the other seats' hidden cards, from one seat's views (the game's typed
    :class:`View`, with ``hand_sizes``). Call :meth:`observe` with every view the seat decides
    on, then :meth:`played` with the move it chose."""

    def __init__(self) -> None:
        self.prev: Any = None
        self.move: Any = None
        self.slots: dict[int, list[Slot]] = {}
        self.untrusted: set[int] = set()
        self.order: list[tuple[int, int]] = []  # (seat, slot index), most constrained first

    # -- to override ---------------------------------------------------------------------------
    def hidden_count(self, view: Any, seat: int) -> int:
        """How many cards of ``seat``'s hand the view does not show."""
        return int(view.hand_sizes[seat])

    def hidden_cards(self, state: State[Any], view: Any, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand in a sample that the view does not show."""
        return list(state.hands[seat])  # type: ignore[attr-defined]

    def walk(self, prev: Any, move: Any, view: Any) -> bool:
        """Update the slots from what the other seats did between ``prev`` (followed by the
        seat's ``move``) and ``view``; False if the views cannot be explained."""
        return False

    def same_window(self, prev: Any, view: Any) -> bool:
        """Whether ``view`` comes before any other seat moved since ``prev``."""
        return False

    # -- the slots -----------------------------------------------------------------------------
    def reset(self, view: View) -> None:
        me = view.seat
        self.slots = {
            s: [_FREE] * self.hidden_count(view, s) for s in range(view.players) if s != me
        }

    def exclude(self, seat: int, cards: Slot) -> None:
        """Every card ``seat`` holds now is none of ``cards``."""
        if seat not in self.untrusted:
            self.slots[seat] = [s | cards for s in self.slots[seat]]

    def add(self, seat: int) -> None:
        """``seat`` took a card nobody saw."""
        self.slots[seat].append(_FREE)

    def remove(self, seat: int, c: Card) -> None:
        """``seat`` gave up hidden card ``c``: the most constrained slot that allows it goes
        (a slot that did not allow it means the model was wrong about that seat)."""
        slots = self.slots[seat]
        if not slots:
            return
        fits = [i for i, s in enumerate(slots) if c not in s]
        if not fits:
            self.distrust(seat)
            slots = self.slots[seat]
            fits = [0]
        i = max(fits, key=lambda k: len(slots[k]))
        del slots[i]

    def distrust(self, seat: int) -> None:
        self.untrusted.add(seat)
        self.slots[seat] = [_FREE] * len(self.slots[seat])

    def observe(self, view: View) -> None:
        """Take in a view the seat is deciding on."""
        prev, self.prev = self.prev, view
        if prev is not None and view.move <= prev.move:
            prev = None  # a new game
            self.untrusted = set()
        if prev is None:
            self.reset(view)
        elif not self.same_window(prev, view):
            try:
                ok = self.walk(prev, self.move, view)
            except (KeyError, ValueError, IndexError):
                ok = False
            me = view.seat
            if not ok or any(
                len(self.slots.get(s, ())) != self.hidden_count(view, s)
                for s in range(view.players)
                if s != me
            ):
                self.reset(view)
        self.order = sorted(
            ((s, i) for s, sl in self.slots.items() for i, x in enumerate(sl) if x),
            key=lambda si: -len(self.slots[si[0]][si[1]]),
        )

    def played(self, move: Any) -> None:
        self.move = move

    def sample(self, game: Game[Any], view: View, rng: random.Random) -> State[Any]:
        """A state consistent with ``view`` in which every hidden card fits its slot when the
        cards allow it."""
        st = uniform_sample(game, view, rng)
        if not self.order:
            return st
        me = view.seat
        hands = st.hands  # type: ignore[attr-defined]
        pool: list[Card] = list(st.stock)  # type: ignore[attr-defined]
        keep: dict[int, list[Card]] = {}
        for s in self.slots:
            hidden = self.hidden_cards(st, view, s)
            hs = set(hidden)
            keep[s] = [c for c in hands[s] if c not in hs]
            pool.extend(hidden)
        rng.shuffle(pool)
        got: dict[int, list[Card]] = {s: [] for s in self.slots}
        for s, i in self.order:
            excl = self.slots[s][i]
            for k, c in enumerate(pool):
                if c not in excl:
                    got[s].append(pool.pop(k))
                    break
            else:
                got[s].append(pool.pop())
        for s in self.slots:
            need = len(self.slots[s]) - len(got[s])
            got[s].extend(pool[len(pool) - need :] if need else ())
            del pool[len(pool) - need :]
            hands[s] = keep[s] + got[s]
        st.stock = pool  # type: ignore[attr-defined]
        assert me not in self.slots
        return st


class Q2JBelief(Belief):
    """Q²J: a draw says the hand had no card that beat the top (a Jack on a Q²)."""

    def hidden_count(self, view: Q2JView, seat: int) -> int:
        return view.hand_sizes[seat] - len(view.shown[str(seat)])

    def hidden_cards(self, state: State[Any], view: Q2JView, seat: int) -> list[Card]:
        shown = set(view.shown[str(seat)])
        return [c for c in state.hands[seat] if c.code not in shown]  # type: ignore[attr-defined]

    def same_window(self, prev: Q2JView, view: Q2JView) -> bool:
        return False  # every Q²J move ends the turn

    def walk(self, prev: Q2JView, move: Any, view: Q2JView) -> bool:
        from atout.games.q2j import Play

        n, me = view.players, view.seat
        assert me is not None
        if view.move != prev.move + n or move is None:
            return False
        face_on_ace = view.options.face_on_ace
        mine = list(move.cards) if isinstance(move, Play) else []
        top = mine or list(prev.top)
        if len(mine) == 2:
            owner, round_, free = me, True, False
        elif mine:
            owner, round_, free = None, False, False
        else:  # we drew: a Q² round goes on (a new one if we were the owner leading freely)
            owner, round_, free = prev.q2_owner, prev.q2_round or prev.free_lead, False
        expected = list(prev.discard) + mine
        disc = view.discard
        if disc[: len(expected)] != expected:
            return False  # reshuffled: the plays cannot be read
        new = disc[len(expected) :]
        ptr = 0
        for k in range(1, n):
            s = (me + k) % n
            d = view.hand_sizes[s] - prev.hand_sizes[s]
            free = round_ and owner == s
            if d >= 1:  # drew
                if not free and top:
                    excl = _jacks() if round_ else _beaten_by(top[0], face_on_ace)
                    if any(card(c) in excl for c in prev.shown[str(s)]):
                        self.distrust(s)
                    self.exclude(s, excl)
                self.add(s)
                if free:
                    round_ = True  # the owner drew: a new Jack-or-draw round
            elif ptr < len(new):  # played a unit: a Q² (two cards gone) or one card
                size = 2 if d == -2 else 1
                unit = new[ptr : ptr + size]
                ptr += size
                shown = prev.shown[str(s)]
                for c in unit:
                    if c not in shown:
                        self.remove(s, card(c))
                if d == 0:
                    self.add(s)  # equal rank: it drew one
                if size == 2:
                    owner, round_ = s, True
                else:
                    owner, round_ = None, False
                top = unit
        return ptr == len(new) and list(top) == list(view.top)


class QuinzeBelief(Belief):
    """Le Quinze: a turn ended without a fifteen (a card laid, or passed), or ended after its
    fifteens, says no card left in that hand made a fifteen with the table then. Only seats whose
    turns can be read are followed: every turn of two players, and windows without a fifteen."""

    def same_window(self, prev: QuinzeView, view: QuinzeView) -> bool:
        return prev.phase.turn == view.phase.turn

    def observe(self, view: QuinzeView) -> None:  # type: ignore[override]
        if view.phase.name != "play":
            self.prev = None
            self.untrusted = set()
            self.slots, self.order = {}, []
            return
        if self.prev is not None and view.phase.deal != self.prev.phase.deal:
            self.prev = None
        if self.prev is not None and self.same_window(self.prev, view):
            self.prev = view  # our own turn goes on: nothing from the others
            return
        super().observe(view)

    def walk(self, prev: QuinzeView, move: Any, view: QuinzeView) -> bool:
        from atout.games.quinze import Lay

        n, me = view.players, view.seat
        assert me is not None
        if view.phase.turn != prev.phase.turn + n or move is None:
            return False
        if prev.stock_size < n or prev.discard != view.discard[: len(prev.discard)]:
            return False  # a reshuffle may come within the window
        table = list(prev.table) + (list(move.cards) if isinstance(move, Lay) else [])
        new_disc = view.discard[len(prev.discard) :]
        if n == 2:
            s = 1 - me
            self.add(s)  # the turn's draw
            for c in new_disc:  # every fifteen of the window is this seat's
                if c in table:
                    table.remove(c)
                else:
                    self.remove(s, card(c))
            laid = list(view.table)
            for c in table:
                laid.remove(c)
            self.exclude(s, _completes(table))  # no card left made a fifteen with the table
            for c in laid:
                self.remove(s, card(c))
            return True
        if new_disc:
            return False  # whose fifteens were whose cannot be told
        start = len(table)
        if view.table[:start] != table:
            return False
        for k in range(1, n):
            s = (me + k) % n
            self.add(s)
            laid_n = 1 - (view.hand_sizes[s] - prev.hand_sizes[s])  # 0: it passed
            laid = view.table[start : start + laid_n]
            self.exclude(s, _completes(table))
            for c in laid:
                self.remove(s, card(c))
            table.extend(laid)
            start += laid_n
        return table == list(view.table)


@cache
def _jacks() -> Slot:
    return frozenset(c for c in deck_52() if c.rank == JACK)


@cache
def _beaten_by(top: str, face_on_ace: bool) -> Slot:
    """The cards that may go on a single ``top`` (the game's own rule, ``q2j.beats``)."""
    from atout.games.q2j import beats

    t = card(top)
    return frozenset(x for x in deck_52() if beats(x, t, face_on_ace))


def _completes(table: list[str]) -> Slot:
    """The cards that make a fifteen with some of ``table``'s cards."""
    from atout.cards import deck_108
    from atout.games.fifteens import has_fifteen

    key = tuple(sorted(table))
    got = _COMPLETES.get(key)
    if got is None:
        cards = [card(c) for c in table]
        got = frozenset(c for c in deck_108() if cards and has_fifteen([c], cards))
        if len(_COMPLETES) > 4096:
            _COMPLETES.clear()
        _COMPLETES[key] = got
    return got


_COMPLETES: dict[tuple[str, ...], Slot] = {}

BELIEFS: dict[str, type[Belief]] = {"q2j": Q2JBelief, "quinze": QuinzeBelief}


def belief_for(game_id: str) -> Belief | None:
    cls = BELIEFS.get(game_id)
    return cls() if cls is not None else None

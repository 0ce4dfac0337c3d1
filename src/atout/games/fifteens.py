"""The fifteens solver of Le Quinze: check a proposed play, list the fifteens, find a best play.

A *fifteen* is a set of at least two cards whose values add up to exactly 15, holding at least one
card from the player's hand; the other cards come from the public table. Values: 2–10 face value,
Jack 11, Queen 12, King 13, Joker −1, and **each** Ace 1 or 14 on its own. Clients send only card
ids; the solver finds the Ace values (:func:`fifteen_values`).

Everything here works on *value classes*: cards of the same rank are interchangeable for every
sum and for the scoring (suits play no part in Le Quinze), so a position is two count vectors
(hand, table) over 14 classes, and the search for a best play runs on those vectors instead of
on physical cards. That keeps it exact and fast:

* with Aces counted as 1, a set sums to ``k``; one Ace as 14 adds 13 and two would add 26, which
  no set can use (the lowest possible ``k`` is −4 plus the Aces), so a set is a fifteen iff
  ``k == 15``, or ``k == 2`` with at least one Ace;
* :func:`best_play` (in :mod:`atout.games.fifteens_best`) is a memoised branch-and-bound over
  the remaining pool; see its docstring.

This module is not a game (no ``GAME``); :mod:`atout.games.quinze` uses it as its one source of
legality for fifteens.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Collection, Iterator, Sequence
from itertools import combinations, product
from math import comb

from atout.cards import Card, card
from atout.games.base import IllegalMove
from atout.games.fifteens_best import Play, best_play, can_go_out
from atout.games.fifteens_templates import (
    ACE_CLASS,
    CLASS_POINTS,
    JOKER_CLASS,
    LOW_VALUE,
    NUM_CLASSES,
    cards_by_class,
    class_counts,
    fifteen_templates,
    points,
    value_class,
)

__all__ = [
    "ACE_CLASS",
    "CLASS_POINTS",
    "LOW_VALUE",
    "NUM_CLASSES",
    "FifteenIndex",
    "Play",
    "best_play",
    "can_go_out",
    "check_fifteen",
    "check_fifteens",
    "count_fifteens",
    "fifteen_values",
    "fifteens",
    "has_fifteen",
    "is_fifteen",
    "points",
    "value_class",
]

# --------------------------------------------------------------------------- one fifteen


def fifteen_values(cs: Sequence[Card]) -> tuple[int, ...] | None:
    """The value each card takes in the fifteen ``cs`` (Aces resolved), or ``None`` if ``cs``
    is not a fifteen. When one Ace must count 14, it is the first Ace of ``cs``."""
    if len(cs) < 2:
        return None
    k = 0
    aces = 0
    for c in cs:
        r = c.rank
        k += LOW_VALUE[r]
        if r == ACE_CLASS:
            aces += 1
    if k == 15:
        high = False
    elif k == 2 and aces:
        high = True
    else:
        return None
    out = []
    for c in cs:
        v = LOW_VALUE[c.rank]
        if high and c.rank == ACE_CLASS:
            v, high = 14, False
        out.append(v)
    return tuple(out)


def is_fifteen(cs: Sequence[Card]) -> bool:
    """Whether ``cs`` (two or more cards) can add up to exactly 15."""
    return fifteen_values(cs) is not None


def _parse(code: str) -> Card | None:
    try:
        return card(code)
    except (ValueError, AttributeError, TypeError):
        return None


def check_fifteen(
    hand: Collection[Card], table: Collection[Card], codes: Sequence[str]
) -> tuple[Card, ...]:
    """The cards of the fifteen ``codes`` if it is legal for a player holding ``hand`` with
    ``table`` on the table; else raise :class:`IllegalMove` with the most precise code."""
    return check_fifteens(hand, table, [codes])[0]


def check_fifteens(
    hand: Collection[Card], table: Collection[Card], groups: Sequence[Sequence[str]]
) -> list[tuple[Card, ...]]:
    """Validate several disjoint fifteens played together; return their cards.

    Codes: ``card_not_available`` (not a card, or neither in hand nor on the table),
    ``card_reused`` (a card twice, in one fifteen or across them), ``too_few_cards`` (fewer than
    two cards), ``no_hand_card`` (only table cards), ``not_fifteen`` (the sum cannot be 15).
    """
    seen: set[Card] = set()
    out = []
    for codes in groups:
        cs = []
        for code in codes:
            c = _parse(code)
            if c is None or (c not in hand and c not in table):
                shown = code if c is None else c.code
                raise IllegalMove(
                    "card_not_available",
                    f"{shown} is neither in your hand nor on the table.",
                    f"{shown} n'est ni dans votre main ni sur la table.",
                )
            if c in seen:
                raise IllegalMove(
                    "card_reused",
                    f"{c.name()} is used twice: each card goes into one fifteen only.",
                    f"{c.name('fr')} sert deux fois : chaque carte ne va que dans un seul quinze.",
                )
            seen.add(c)
            cs.append(c)
        if len(cs) < 2:
            raise IllegalMove(
                "too_few_cards",
                "A fifteen needs at least two cards.",
                "Un quinze demande au moins deux cartes.",
            )
        if not any(c in hand for c in cs):
            raise IllegalMove(
                "no_hand_card",
                "A fifteen needs at least one card from your hand.",
                "Un quinze demande au moins une carte de votre main.",
            )
        if fifteen_values(cs) is None:
            low = sum(LOW_VALUE[c.rank] for c in cs)
            aces = sum(c.rank == ACE_CLASS for c in cs)
            if aces:
                en = f"These cards make {low} (or {low + 13} with an Ace as 14), not 15."
                fr = f"Ces cartes font {low} (ou {low + 13} avec un As à 14), pas 15."
            else:
                en, fr = f"These cards make {low}, not 15.", f"Ces cartes font {low}, pas 15."
            raise IllegalMove("not_fifteen", en, fr)
        out.append(tuple(cs))
    return out


# --------------------------------------------------------------------------- listing fifteens


class FifteenIndex:
    """Every single fifteen of a position (each set of physical cards with at least one hand
    card), in one fixed order, without building them: ``len``, the ``i``-th one, iteration.

    Why not just a list: on a big table there are too many (a 25-card table gives thousands, a
    100-card one millions). The fifteens are grouped in blocks (a value template and how many of
    each class come from the hand); a block is a product of combinations, so the ``i``-th
    fifteen is found by arithmetic. The index copies what it needs: later changes to the hand or
    the table do not affect it.
    """

    __slots__ = ("_blocks", "_len", "_starts")

    def __init__(self, hand: Sequence[Card], table: Sequence[Card]) -> None:
        hb, tb = cards_by_class(hand), cards_by_class(table)
        pool = [len(a) + len(b) for a, b in zip(hb, tb, strict=True)]
        blocks: list[tuple[tuple[tuple[list[Card], int], ...], int]] = []
        starts: list[int] = []
        total = 0
        for tmpl in fifteen_templates(pool):
            if not any(hb[cls] for cls, _ in tmpl):
                continue
            ranges = [range(max(0, n - len(tb[cls])), min(n, len(hb[cls])) + 1) for cls, n in tmpl]
            for split in product(*ranges):
                if not any(split):
                    continue  # table cards only: not a fifteen of this player
                factors = []
                size = 1
                for (cls, n), i in zip(tmpl, split, strict=True):
                    if i:
                        factors.append((hb[cls], i))
                        size *= comb(len(hb[cls]), i)
                    if n - i:
                        factors.append((tb[cls], n - i))
                        size *= comb(len(tb[cls]), n - i)
                starts.append(total)
                blocks.append((tuple(factors), size))
                total += size
        self._blocks = blocks
        self._starts = starts
        self._len = total

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: int) -> tuple[Card, ...]:
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        b = bisect_right(self._starts, i) - 1
        factors, _ = self._blocks[b]
        j = i - self._starts[b]
        parts = []
        for cs, k in reversed(factors):  # the last factor varies fastest, as in product()
            j, d = divmod(j, comb(len(cs), k))
            parts.append(_unrank(cs, k, d))
        out: tuple[Card, ...] = ()
        for part in reversed(parts):
            out += part
        return out

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        for factors, _ in self._blocks:
            for combo in product(*[combinations(cs, k) for cs, k in factors]):
                out: tuple[Card, ...] = ()
                for part in combo:
                    out += part
                yield out


def _unrank(cs: Sequence[Card], k: int, d: int) -> tuple[Card, ...]:
    """The ``d``-th ``k``-combination of ``cs`` in the order of itertools.combinations."""
    n = len(cs)
    out = []
    x = 0
    for slot in range(k):
        while True:
            below = comb(n - x - 1, k - slot - 1)
            if d < below:
                out.append(cs[x])
                x += 1
                break
            d -= below
            x += 1
    return tuple(out)


def fifteens(
    hand: Sequence[Card], table: Sequence[Card], limit: int | None = None
) -> list[tuple[Card, ...]] | None:
    """Every single fifteen available (each set of physical cards with at least one hand card,
    once), as a list. Faster than iterating a :class:`FifteenIndex` on the usual small
    positions, in another order. With a ``limit``: ``None`` as soon as the fifteens (or the
    work to find them, counting the table-only sets) exceed it, so a big table costs little."""
    budget = None if limit is None else 4 * limit + 64
    if budget is not None and len(hand) + len(table) > 40:
        return None  # too many cards to bother: a FifteenIndex counts them faster
    in_hand = set(hand)
    jokers: list[Card] = []
    aces: list[Card] = []
    others: list[Card] = []
    for c in (*hand, *table):
        r = c.rank
        if r == JOKER_CLASS:
            jokers.append(c)
        elif r == ACE_CLASS:
            aces.append(c)
        else:
            others.append(c)
    # highest first, so that a loop can skip the cards too high for what is left to make
    others.sort(key=_rank_desc)
    ranks = [c.rank for c in others]
    # reach[i]: bit s set iff some subset of others[i:] sums to s (s <= 19)
    n = len(others)
    reach = [1] * (n + 1)
    for i in range(n - 1, -1, -1):
        nxt = reach[i + 1]
        reach[i] = (nxt | (nxt << ranks[i])) & 0xFFFFF
    memo: dict[int, list[tuple[Card, ...]]] = {}

    def subsets(target: int) -> list[tuple[Card, ...]]:
        """The subsets of ``others`` summing to ``target``."""
        found = memo.get(target)
        if found is not None:
            return found
        found = []

        def rec(i: int, t: int, acc: tuple[Card, ...]) -> None:
            """Choose the next card of the subset among others[i:]; t > 0 is still to make."""
            for j in range(i, n):
                r = ranks[j]
                if r > t:
                    continue
                rest = t - r
                if rest == 0:
                    found.append((*acc, others[j]))
                elif (reach[j + 1] >> rest) & 1:
                    rec(j + 1, rest, (*acc, others[j]))
                elif not (reach[j] >> t) & 1:
                    return  # nothing from j on makes t
            if budget is not None and len(found) > budget:
                raise _TooMany

        if target == 0:
            found.append(())
        elif 0 < target < 20 and (reach[0] >> target) & 1:
            rec(0, target, ())
        memo[target] = found
        return found

    try:
        return _combine(jokers, aces, subsets, in_hand, budget, limit)
    except _TooMany:
        return None


def _rank_desc(c: Card) -> int:
    return -c.rank


class _TooMany(Exception):
    """Raised inside :func:`fifteens` when its work budget runs out."""


def _combine(
    jokers: list[Card],
    aces: list[Card],
    subsets: Callable[[int], list[tuple[Card, ...]]],
    in_hand: set[Card],
    budget: int | None,
    limit: int | None,
) -> list[tuple[Card, ...]]:
    """Jokers and Aces in front of the other cards: every fifteen with a hand card."""
    out: list[tuple[Card, ...]] = []
    work = 0
    for j in range(len(jokers) + 1):
        for a in range(len(aces) + 1):
            base = a - j
            for k in (15, 2) if a else (15,):
                rest = subsets(k - base)
                if not rest:
                    continue
                for js in combinations(jokers, j):
                    for as_ in combinations(aces, a):
                        head = js + as_
                        for tail in rest:
                            cs = head + tail
                            if len(cs) >= 2 and not in_hand.isdisjoint(cs):
                                out.append(cs)
                        if budget is not None:
                            work += len(rest)
                            if work > budget or len(out) > limit:  # type: ignore[operator]
                                raise _TooMany
    return out


def count_fifteens(hand: Sequence[Card], table: Sequence[Card]) -> int:
    """How many single fifteens :func:`fifteens` would list, without building them."""
    hb, tb = class_counts(hand), class_counts(table)
    total = 0
    for tmpl in fifteen_templates([a + b for a, b in zip(hb, tb, strict=True)]):
        every = 1
        table_only = 1
        for cls, n in tmpl:
            every *= comb(hb[cls] + tb[cls], n)
            table_only *= comb(tb[cls], n)
        total += every - table_only
    return total


def has_fifteen(hand: Sequence[Card], table: Sequence[Card]) -> bool:
    """Whether at least one fifteen is available."""
    return count_fifteens(hand, table) > 0

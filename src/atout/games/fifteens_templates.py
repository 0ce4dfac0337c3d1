"""The value classes of Le Quinze's cards and the value templates of fifteens, shared by the
solver (:mod:`atout.games.fifteens`) and the best-play search (:mod:`atout.games.fifteens_best`).

Cards of the same rank are interchangeable for every sum and for the scoring, so a position is
two count vectors (hand, table) over 14 *value classes*; a *template* is a multiset of classes
that makes a fifteen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from atout.cards import Card

JOKER_CLASS, ACE_CLASS = 0, 1
NUM_CLASSES = 14  # 0 Joker, 1 Ace, 2..13 the ranks
#: Value of each class with Aces counted as 1.
LOW_VALUE = (-1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
#: Points a card left in hand scores at the end of a deal: faces and Jokers 10, Aces 1.
CLASS_POINTS = (10, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)


def value_class(c: Card) -> int:
    """0 for a Joker, 1 for an Ace, else the rank (2–13)."""
    return c.rank  # Jokers have rank 0 (cards.JOKER_RANK)


def points(c: Card) -> int:
    """What ``c`` scores when left in hand at the end of a deal."""
    return CLASS_POINTS[c.rank]


def class_counts(cs: Iterable[Card]) -> list[int]:
    n = [0] * NUM_CLASSES
    for c in cs:
        n[c.rank] += 1
    return n


def fifteen_templates(pool: Sequence[int]) -> list[tuple[tuple[int, int], ...]]:
    """Every multiset of value classes (as ``((class, count), ...)``) within ``pool`` counts
    that is a fifteen. Cached: positions repeat their pools often."""
    return _templates_of(tuple(pool))


@lru_cache(maxsize=50_000)
def _templates_of(pool: tuple[int, ...]) -> list[tuple[tuple[int, int], ...]]:
    ranks = [r for r in range(13, 1, -1) if pool[r]]
    # reach[i]: bit s set iff ranks[i:] can make the sum s (<= 19), to cut dead branches
    reach = [1] * (len(ranks) + 1)
    for i in range(len(ranks) - 1, -1, -1):
        r, bits = ranks[i], reach[i + 1]
        acc = bits
        for n in range(1, pool[r] + 1):
            acc |= bits << (r * n)
        reach[i] = acc & 0xFFFFF
    found: list[tuple[tuple[int, int], ...]] = []

    def parts(i: int, target: int, acc: tuple[tuple[int, int], ...]) -> None:
        if target == 0:
            found.append(acc)
            return
        if not (reach[i] >> target) & 1:
            return
        r = ranks[i]
        nxt = reach[i + 1]
        if (nxt >> target) & 1:
            parts(i + 1, target, acc)
        for n in range(1, min(pool[r], target // r) + 1):
            rest = target - r * n
            if (nxt >> rest) & 1:
                parts(i + 1, rest, (*acc, (r, n)))

    by_target: dict[int, list[tuple[tuple[int, int], ...]]] = {}

    def sums_to(target: int) -> list[tuple[tuple[int, int], ...]]:
        if target not in by_target:
            found.clear()
            if target == 0:
                found.append(())
            elif target < 20 and (reach[0] >> target) & 1:
                parts(0, target, ())
            by_target[target] = list(found)
        return by_target[target]

    out: list[tuple[tuple[int, int], ...]] = []
    for jokers in range(pool[JOKER_CLASS] + 1):
        for aces in range(pool[ACE_CLASS] + 1):
            head: tuple[tuple[int, int], ...] = ()
            if jokers:
                head += ((JOKER_CLASS, jokers),)
            if aces:
                head += ((ACE_CLASS, aces),)
            base = aces - jokers
            for k in (15, 2) if aces else (15,):
                target = k - base
                if target >= 0:
                    for rest in sums_to(target):
                        if head or rest:
                            out.append(head + rest)
    return out


def cards_by_class(cs: Iterable[Card]) -> list[list[Card]]:
    out: list[list[Card]] = [[] for _ in range(NUM_CLASSES)]
    for c in cs:
        out[c.rank].append(c)
    return out

"""The best play of Le Quinze's solver (:mod:`atout.games.fifteens`): the disjoint fifteens that
remove the most hand cards, found exactly by a branch-and-bound on value classes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from atout.cards import Card
from atout.games.fifteens_templates import (
    CLASS_POINTS,
    NUM_CLASSES,
    cards_by_class,
    class_counts,
    fifteen_templates,
)

# Count vectors are packed into one int, 8 bits per class, so that "does template m fit in the
# remaining pool r" and "r - m" are single integer operations (a borrow clears a guard bit).
_BITS = 8
_GUARD = sum(0x80 << (_BITS * i) for i in range(NUM_CLASSES))
_FIELD = 0xFF


def _pack(counts: Sequence[int]) -> int:
    return sum(n << (_BITS * i) for i, n in enumerate(counts))


def _satsub(a: int, b: int) -> int:
    """Per class max(0, a - b) on packed vectors."""
    x = (a | _GUARD) - b
    ok = (x & _GUARD) >> 7
    return x & (ok * _FIELD) & ~_GUARD


class Play(NamedTuple):
    """A best play: the fifteens to make, the hand cards and hand points they remove, and
    whether they empty the hand."""

    fifteens: tuple[tuple[Card, ...], ...]
    hand_cards: int
    hand_points: int
    goes_out: bool


def best_play(hand: Sequence[Card], table: Sequence[Card]) -> Play:
    """The disjoint fifteens removing the most hand cards (tie-break: the most hand points).

    Exact. Why it can work on counts: cards of a class are interchangeable, and among cards of a
    class it is never worse to use hand cards before table cards. So a play is a multiset ``U``
    of classes that splits into fifteens, worth ``sum(min(u_v, hand_v))`` hand cards; fifteens
    left with table cards only are simply not made. The search removes fifteens (value
    templates) from the remaining pool ``r``; at each node it takes the most constrained class
    ``c`` that still has unused hand cards and either makes a fifteen holding a ``c`` or decides
    that no more ``c`` will be used (``c`` is "dropped"). Every optimum is reachable that way,
    nodes are memoised on (``r``, dropped classes), and a branch is cut when even using every
    hand card still available could not beat the best found.
    """
    hc, tc = class_counts(hand), class_counts(table)
    pool = [a + b for a, b in zip(hc, tc, strict=True)]
    total_hand = len(hand)
    total_pts = sum(CLASS_POINTS[c.rank] for c in hand)
    templates = fifteen_templates(pool)
    if not templates or not total_hand:
        return Play((), 0, 0, not hand)

    # the classes in hand, most constrained (fewest templates) first; unusable ones dropped
    uses = [0] * NUM_CLASSES
    for tmpl in templates:
        for cls, _ in tmpl:
            uses[cls] += 1
    order = sorted((v for v in range(NUM_CLASSES) if hc[v] and uses[v]), key=lambda v: uses[v])
    keep_set = set(order)
    by_class: dict[int, list[tuple[int, int, tuple[tuple[int, int], ...]]]] = {v: [] for v in order}
    for tmpl in templates:
        m = 0
        size = 0
        for cls, n in tmpl:
            m += n << (_BITS * cls)
            size += n
        for cls, _ in tmpl:
            if cls in keep_set:
                by_class[cls].append((-size, m, tmpl))
    # within a class, try big templates first: they use more cards and tend to reach going out
    for lst in by_class.values():
        lst.sort(key=_first)
    t_packed = _pack(tc)
    pts_field = CLASS_POINTS
    keep0 = sum(_FIELD << (_BITS * v) for v in order)

    best = [0, 0, ()]  # hand cards, hand points, path of templates
    seen: set[tuple[int, int]] = set()
    path: list[tuple[tuple[int, int], ...]] = []

    def score(r: int) -> tuple[int, int]:
        fresh = _satsub(r, t_packed)  # hand cards not yet used, per class
        cnt = 0
        pts = 0
        for v, n in enumerate(fresh.to_bytes(NUM_CLASSES, "little")):
            if n:
                cnt += n
                pts += n * pts_field[v]
        return total_hand - cnt, total_pts - pts

    def search(r: int, keep: int) -> bool:
        """Explore from pool ``r``; True once the whole hand is out (nothing can beat it)."""
        key = (r, keep)
        if key in seen:
            return False
        seen.add(key)
        cnt, pts = score(r)
        if cnt > best[0] or (cnt == best[0] and pts > best[1]):
            best[0], best[1], best[2] = cnt, pts, tuple(path)
            if cnt == total_hand:
                return True
        avail = _satsub(r, t_packed) & keep
        if not avail:
            return False
        ub_cnt = cnt
        ub_pts = pts
        for v, n in enumerate(avail.to_bytes(NUM_CLASSES, "little")):
            if n:
                ub_cnt += n
                ub_pts += n * pts_field[v]
        if ub_cnt < best[0] or (ub_cnt == best[0] and ub_pts <= best[1]):
            return False
        for v in order:
            if (avail >> (_BITS * v)) & _FIELD:
                c = v
                break
        rg = r | _GUARD
        for _, m, tmpl in by_class[c]:
            if (rg - m) & _GUARD == _GUARD:
                path.append(tmpl)
                if search(r - m, keep):
                    return True
                path.pop()
        return search(r, keep & ~(_FIELD << (_BITS * c)))

    search(_pack(pool), keep0)
    cnt, pts, tmpls = best
    return Play(_realise(hand, table, tmpls), cnt, pts, cnt == total_hand)


def _first(x: tuple[int, int, object]) -> int:
    return x[0]


def _realise(
    hand: Sequence[Card], table: Sequence[Card], tmpls: Sequence[tuple[tuple[int, int], ...]]
) -> tuple[tuple[Card, ...], ...]:
    """Physical fifteens for a sequence of value templates: hand cards first in each class;
    fifteens left with table cards only are not made."""
    hb, tb = cards_by_class(hand), cards_by_class(table)
    out = []
    for tmpl in tmpls:
        cs: list[Card] = []
        from_hand = False
        for cls, n in tmpl:
            for _ in range(n):
                if hb[cls]:
                    cs.append(hb[cls].pop())
                    from_hand = True
                else:
                    cs.append(tb[cls].pop())
        if from_hand:
            out.append(tuple(cs))
    return tuple(out)


def can_go_out(hand: Sequence[Card], table: Sequence[Card]) -> bool:
    """Whether fifteens can empty the whole hand now."""
    return best_play(hand, table).goes_out

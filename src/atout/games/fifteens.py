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
* :func:`best_play` is a memoised branch-and-bound over the remaining pool; see its docstring.

Read top to bottom: the value classes and the value templates of fifteens, one fifteen (its Ace
values, the check of a proposed play), the listing of every fifteen (a list, or an index for big
tables), the legal moves of a table holding too many fifteens to list, then the best play. This
module is not a game (no ``GAME``); :mod:`atout.games.quinze` uses it as its one source of
legality for fifteens.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from functools import lru_cache
from itertools import combinations, product
from math import comb
from typing import Any, NamedTuple

from atout.cards import Card, card
from atout.games.base import IllegalMove
from atout.games.sentences import refuse

__all__ = [
    "ACE_CLASS",
    "ACE_HIGH",
    "CLASS_POINTS",
    "FIFTEEN",
    "LOW_VALUE",
    "NUM_CLASSES",
    "FifteenIndex",
    "LegalMoves",
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
    "is_legal_fifteen",
    "points",
    "value_class",
]

# --------------------------------------------------------------------------- value classes

# Cards of the same rank are interchangeable for every sum and for the scoring: a position is two
# count vectors (hand, table) over 14 *value classes*; a *template* is a multiset of classes
# that makes a fifteen.

JOKER_CLASS, ACE_CLASS = 0, 1
NUM_CLASSES = 14  # 0 Joker, 1 Ace, 2..13 the ranks
#: Value of each class with Aces counted as 1; an Ace may count ``ACE_HIGH`` instead.
LOW_VALUE = (-1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
ACE_HIGH = 14
#: The sum a fifteen makes.
FIFTEEN = 15
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
    if k == FIFTEEN:
        high = False
    elif k == 2 and aces:
        high = True
    else:
        return None
    out = []
    for c in cs:
        v = LOW_VALUE[c.rank]
        if high and c.rank == ACE_CLASS:
            v, high = ACE_HIGH, False
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
                raise refuse("card_not_available", "quinze-refused-not-available", code=shown)
            if c in seen:
                raise refuse("card_reused", "quinze-refused-card-reused", card=c)
            seen.add(c)
            cs.append(c)
        if len(cs) < 2:
            raise refuse("too_few_cards", "quinze-refused-too-few-cards")
        if not any(c in hand for c in cs):
            raise refuse("no_hand_card", "quinze-refused-no-hand-card")
        if fifteen_values(cs) is None:
            low = sum(LOW_VALUE[c.rank] for c in cs)
            aces = sum(c.rank == ACE_CLASS for c in cs)
            if aces:
                raise refuse(
                    "not_fifteen", "quinze-refused-not-fifteen-ace", low=low, high=low + 13
                )
            raise refuse("not_fifteen", "quinze-refused-not-fifteen", low=low)
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


# --------------------------------------------------------------------------- very many fifteens


def is_legal_fifteen(hand: Sequence[Card], table: Sequence[Card], codes: tuple[str, ...]) -> bool:
    """Whether the solver lists ``codes`` among the fifteens of ``hand`` and ``table``."""
    try:
        check_fifteen(hand, table, codes)
    except IllegalMove:
        return False
    return True


class LegalMoves(Sequence[Any]):
    """The legal moves of a position with very many fifteens, as a read-only sequence: each
    fifteen as a ``move`` (Le Quinze's ``Fifteen``, made from its card codes), then ``extra``.

    The same moves as a plain list would hold (in :class:`FifteenIndex` order), but each
    fifteen is built only when asked for: ``len``, indexing (so ``random.choice`` works),
    iteration and ``in`` (which asks :func:`check_fifteen`, the one check of a fifteen) stay
    cheap when a table of 100 cards holds millions of fifteens.
    """

    __slots__ = ("_extra", "_hand", "_index", "_move", "_table")

    def __init__(
        self,
        index: FifteenIndex,
        extra: list[Any],
        hand: tuple[Card, ...],
        table: tuple[Card, ...],
        move: type[Any],
    ) -> None:
        self._index = index
        self._extra = extra
        self._hand = hand
        self._table = table
        self._move = move

    def __len__(self) -> int:
        return len(self._index) + len(self._extra)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self._index)
        if i < 0:
            i += len(self)
        if 0 <= i < n:
            return self._move(tuple(c.code for c in self._index[i]))
        if n <= i < len(self):
            return self._extra[i - n]
        raise IndexError(i)

    def __iter__(self) -> Iterator[Any]:
        for f in self._index:
            yield self._move(tuple(c.code for c in f))
        yield from self._extra

    def __contains__(self, move: object) -> bool:
        if isinstance(move, self._move):
            return is_legal_fifteen(self._hand, self._table, move.cards)
        return move in self._extra

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=False))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<LegalMoves: {len(self._index)} fifteens and {self._extra}>"


# --------------------------------------------------------------------------- the best play

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

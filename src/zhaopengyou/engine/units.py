"""Units: tuples, tractors and Titanics (R-3), the canonical parse of a lead (R-4.2),
and the exact split of a play into a lead's shapes (R-6.1, R-6.2).

Everything here works on count vectors (``counts[card]`` copies) restricted to one
effective suit, with the round's :class:`~zhaopengyou.engine.ordering.Ordering`.

>>> from zhaopengyou.engine.cards import parse_cards, counts_of
>>> from zhaopengyou.engine.ordering import Ordering
>>> o = Ordering(level_rank=1, trump_suit=1)              # level 3, ♥ trump
>>> unit_of(parse_cards("2S 2S 4S 4S"), o).shape          # R-3.3: skips the level rank
Shape(kind='tractor', width=2, length=2, extra=0)
>>> unit_of(parse_cards("3S 3S 4S 4S"), o) is None
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .cards import CARDS, Card, format_cards
from .ordering import Ordering
from .wire import UnitDict

TUPLE = "tuple"
TRACTOR = "tractor"
# 山东升级 special units
RAIN = "rain"
SNOW = "snow"
THUNDER = "thunder"
LIGHTNING = "lightning"


class _ShapeFields(NamedTuple):
    kind: str
    width: int
    length: int
    extra: int  # snow: how many numbers are doubled
    size: int  # cards in a unit of this shape (stored: it is read on every play)


class Shape(_ShapeFields):
    """What a unit looks like, independent of which cards: the format of R-6.1."""

    __slots__ = ()

    def __new__(cls, kind: str, width: int, length: int, extra: int = 0) -> Shape:
        size = width * length if kind in (TUPLE, TRACTOR) else length + extra
        return tuple.__new__(cls, (kind, width, length, extra, size))

    def __getnewargs__(self) -> tuple[str, int, int, int]:
        return (self.kind, self.width, self.length, self.extra)

    def __repr__(self) -> str:
        return (
            f"Shape(kind={self.kind!r}, width={self.width}, length={self.length}, "
            f"extra={self.extra})"
        )

    @property
    def is_structured(self) -> bool:
        """Tuples of width ≥ 2, tractors and specials: anything but a single."""
        return self.kind != TUPLE or self.width > 1

    def sort_key(self) -> tuple[int, int]:
        """Largest first: by card count (w·L), then by width (R-4.2)."""
        return (self.size, self.width)

    def name(self) -> str:
        if self.kind == TUPLE:
            return {1: "single", 2: "pair", 3: "triple"}.get(self.width, f"{self.width}-tuple")
        if self.kind == TRACTOR:
            return f"{'titanic' if self.width == 3 else 'tractor'}×{self.length}"
        return f"{self.kind}×{self.size}"


SINGLE = Shape(TUPLE, 1, 1)
PAIR = Shape(TUPLE, 2, 1)
TRIPLE = Shape(TUPLE, 3, 1)


class Unit(NamedTuple):
    """One unit of a play: its shape, its cards (ascending) and its top card."""

    shape: Shape
    cards: tuple[Card, ...]
    top: Card

    def __str__(self) -> str:
        return format_cards(self.cards)

    def __repr__(self) -> str:
        return f"<Unit {self.shape.name()} {format_cards(self.cards)}>"


class UnitInfo(NamedTuple):
    """How the engine reads one unit, for people and programs (``Preset.describe``).

    ``kind`` is ``single``, ``pair``, ``triple``, ``tractor`` (width 2; ``guafeng`` 刮风 in
    `shandong`), ``titanic`` (a tractor of triples) or a `shandong` special unit:
    ``rain`` 下雨, ``snow`` 飘雪花, ``thunder`` 打雷, ``lightning`` 闪电. ``width`` is the copies
    of each card (1 for specials), ``length`` the distinct numbers (specials: the run's
    numbers, or the cards of a thunder or lightning), ``doubled`` a snow's doubled numbers.
    """

    kind: str
    width: int
    length: int
    top: Card
    cards: tuple[Card, ...]
    doubled: int = 0

    def to_dict(self) -> UnitDict:
        return {
            "kind": self.kind,
            "width": self.width,
            "length": self.length,
            "top": self.top.ascii,
            "cards": [c.ascii for c in self.cards],
            "doubled": self.doubled,
        }


def unit_info(unit: Unit, tractor_name: str = "tractor") -> UnitInfo:
    """The :class:`UnitInfo` of a unit; ``tractor_name`` is the preset's word for a
    width-2 tractor."""
    shape = unit.shape
    if shape.kind == TUPLE:
        kind = {1: "single", 2: "pair", 3: "triple"}[shape.width]
    elif shape.kind == TRACTOR:
        kind = "titanic" if shape.width == 3 else tractor_name
    else:
        kind = shape.kind
    return UnitInfo(kind, shape.width, shape.length, unit.top, unit.cards, shape.extra)


def make_unit(shape: Shape, chain: Sequence[int]) -> Unit:
    """A tuple/tractor unit from its distinct cards along the chain (low to high)."""
    cards = tuple(CARDS[c] for c in chain for _ in range(shape.width))
    return Unit(shape, cards, CARDS[chain[-1]])


def tuple_shape(width: int, length: int) -> Shape:
    return Shape(TUPLE if length == 1 else TRACTOR, width, length)


# --- tractors -------------------------------------------------------------------------


def chain_lengths(
    counts: Sequence[int], suit_cards: Sequence[int], width: int, ordering: Ordering
) -> dict[int, int]:
    """Longest tractor of ``width`` ending at each card that has ``width`` copies."""
    longest: dict[int, int] = {}
    pred = ordering.pred
    for card in suit_cards:  # ascending order, so predecessors come first
        if counts[card] >= width:
            best = 0
            for below in pred[card]:
                length = longest.get(below, 0)
                if length > best:
                    best = length
            longest[card] = best + 1
    return longest


def tractor_paths(
    counts: Sequence[int], suit_cards: Sequence[int], width: int, length: int, ordering: Ordering
) -> Iterator[tuple[int, ...]]:
    """Every chain of exactly ``length`` distinct cards with ≥ ``width`` copies each."""
    succ = ordering.succ

    def extend(path: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(path) == length:
            yield path
            return
        for nxt in succ[path[-1]]:
            if counts[nxt] >= width:
                yield from extend((*path, nxt))

    for card in suit_cards:
        if counts[card] >= width:
            yield from extend((card,))


def beats_tractor(
    counts: Sequence[int],
    suit_cards: Sequence[int],
    width: int,
    length: int,
    top_order: int,
    ordering: Ordering,
) -> bool:
    """R-4.3: does the hand hold a tractor ≥ (width, length) with a higher top card?"""
    order = ordering.order
    for card, run in chain_lengths(counts, suit_cards, width, ordering).items():
        if run >= length and order[card] > top_order:
            return True
    return False


def _longest_path(
    counts: Sequence[int], suit_cards: Sequence[int], width: int, ordering: Ordering
) -> tuple[int, ...]:
    """The longest chain of ``width``, highest top first, highest cards on ties."""
    longest = chain_lengths(counts, suit_cards, width, ordering)
    if not longest:
        return ()
    order = ordering.order
    # Ties between cards of equal order go to the first suit in ♠ ♥ ♣ ♦, the lowest id.
    top = max(longest, key=lambda c: (longest[c], order[c], -c))
    path = [top]
    while len(path) < longest[top]:
        below = [
            p for p in ordering.pred[path[-1]] if longest.get(p, 0) == longest[top] - len(path)
        ]
        path.append(max(below, key=lambda c: (order[c], -c)))
    return tuple(reversed(path))


# --- parsing a lead -------------------------------------------------------------------


def canonical_parse(
    counts: list[int], suit_cards: Sequence[int], ordering: Ordering, max_width: int
) -> list[Unit]:
    """R-4.2: take units greedily by largest w·L, then larger w, then higher top card,
    then the unit using the first suit in ♠ ♥ ♣ ♦ (cards of equal order, in trump).

    ``counts`` holds only the cards of the lead; it is consumed.
    """
    order = ordering.order
    units: list[Unit] = []
    while True:
        best: tuple[int, int, int] | None = None
        best_path: tuple[int, ...] = ()
        best_width = 0
        for width in range(max_width, 1, -1):
            path = _longest_path(counts, suit_cards, width, ordering)
            if path:
                rank = (width * len(path), width, order[path[-1]])
                if best is None or rank > best:
                    best, best_path, best_width = rank, path, width
        if best is None:
            break
        units.append(make_unit(tuple_shape(best_width, len(best_path)), best_path))
        for card in best_path:
            counts[card] -= best_width
    # What is left are singles (w·L = 1 comes last), highest first.
    for card in reversed(suit_cards):
        for _ in range(counts[card]):
            units.append(Unit(SINGLE, (CARDS[card],), CARDS[card]))
        counts[card] = 0
    return units


def unit_of(cards: Sequence[int], ordering: Ordering) -> Unit | None:
    """The tuple or tractor these cards form exactly (R-3.1, R-3.2), or None."""
    if not cards:
        return None
    first = cards[0]
    if len(cards) == 1:  # the commonest leads: a single, a pair
        return Unit(SINGLE, (CARDS[first],), CARDS[first])
    if len(cards) == 2 and cards[1] == first:
        return Unit(PAIR, (CARDS[first], CARDS[first]), CARDS[first])
    counts: dict[int, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    suits = {ordering.esuit[c] for c in counts}
    if len(suits) != 1:
        return None
    widths = set(counts.values())
    if len(widths) != 1:
        return None
    width = widths.pop()
    if len(counts) == 1:
        card = next(iter(counts))
        return make_unit(Shape(TUPLE, width, 1), (card,))
    if width < 2:
        return None
    chain = sorted(counts, key=lambda c: ordering.order[c])
    for low, high in itertools.pairwise(chain):
        if high not in ordering.succ[low]:
            return None
    return make_unit(Shape(TRACTOR, width, len(chain)), chain)


def format_of(units: Sequence[Unit]) -> tuple[Shape, ...]:
    """A lead's format: its shapes, largest first (R-6.1)."""
    if len(units) == 1:
        return (units[0].shape,)
    return tuple(sorted((u.shape for u in units), key=Shape.sort_key, reverse=True))


# --- splitting a play into a format (R-6.1, R-6.2) ------------------------------------


def _placements(
    counts: Sequence[int], cards: Sequence[int], shape: Shape, ordering: Ordering
) -> Iterator[tuple[int, ...]]:
    if shape.length == 1:
        for card in cards:
            if counts[card] >= shape.width:
                yield (card,)
    else:
        yield from tractor_paths(counts, cards, shape.width, shape.length, ordering)


def split_key(
    counts: list[int], cards: Sequence[int], shapes: Sequence[Shape], ordering: Ordering
) -> int | None:
    """Best key of a play split into exactly ``shapes`` (R-6.2), or None if no split exists.

    ``cards`` are the distinct cards of the play ascending by order; ``shapes`` are
    sorted largest first. The key is the highest top card (as an order value) among
    the units of the dominant shape, maximised over every split; for an all-singles
    format, the play's highest card.
    """
    order = ordering.order
    if not shapes[0].is_structured:
        return max(order[c] for c in cards if counts[c])
    dominant = shapes[0]
    best = -1

    def place(index: int, key: int, bound: tuple[int, ...] | None) -> None:
        nonlocal best
        if index == len(shapes) or not shapes[index].is_structured:
            if key > best:
                best = key  # what is left is singles, and sizes already agree
            return
        shape = shapes[index]
        same_as_next = index + 1 < len(shapes) and shapes[index + 1] == shape
        for path in _placements(counts, cards, shape, ordering):
            if bound is not None and path > bound:
                continue  # identical shapes: place them in one order only
            for card in path:
                counts[card] -= shape.width
            top = order[path[-1]] if shape == dominant else -1
            place(index + 1, max(key, top), path if same_as_next else None)
            for card in path:
                counts[card] += shape.width

    place(0, -1, None)
    return best if best >= 0 else None

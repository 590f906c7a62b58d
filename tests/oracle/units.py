"""Units a set of cards forms, read plainly from RULES.md: tuples and tractors (R-3.1,
R-3.2), shandong special units (R-3.5, R-3.6) and the canonical parse of a lead (R-4.2).

Cards are handled as multisets (``collections.Counter``); everything is brute force.

>>> from zhaopengyou.engine.cards import parse_cards
>>> from tests.oracle.order import RoundOrder
>>> o = RoundOrder("zhaopengyou", level=0, trump=1)         # level 2, ♥ trump, 3 decks
>>> [u.name for u in canonical_parse(parse_cards("7S 7S 7S 8S 8S 8S 9S 9S"), o, 3)]
['titanic×2 ♠7 ♠7 ♠7 ♠8 ♠8 ♠8', 'pair ♠9 ♠9']
>>> s = RoundOrder("shandong", level=8, trump=0)            # level 10, ♠ trump
>>> shandong_unit(parse_cards("6D 7D 7D 8D 9D 10D"), s) is None     # 10 is the level rank
True
>>> shandong_unit(parse_cards("5S 5H 5C 5D"), s).name
'thunder×4 ♠5 ♥5 ♣5 ♦5'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from zhaopengyou.engine.cards import Card, format_cards

from .order import RoundOrder, rank_of, suit_of

TUPLE, TRACTOR = "tuple", "tractor"
RAIN, SNOW, THUNDER, LIGHTNING = "rain", "snow", "thunder", "lightning"
SPECIAL_KINDS = (RAIN, SNOW, THUNDER, LIGHTNING)


class Shape(NamedTuple):
    """What a unit looks like (R-6.1). Tuples and tractors: ``width`` copies of each of
    ``length`` cards. Rain and snow: ``length`` numbers, ``extra`` of them doubled.
    Thunder and lightning: ``length`` cards. ``size`` is the number of cards."""

    kind: str
    width: int
    length: int
    extra: int
    size: int


def tuple_shape(width: int, length: int) -> Shape:
    return Shape(TUPLE if length == 1 else TRACTOR, width, length, 0, width * length)


class Unit(NamedTuple):
    shape: Shape
    cards: tuple[Card, ...]  # sorted by card id
    top: Card  # the highest card

    @property
    def name(self) -> str:
        s = self.shape
        if s.kind == TUPLE:
            kind = {1: "single", 2: "pair", 3: "triple"}[s.width]
        elif s.kind == TRACTOR:
            kind = f"{'titanic' if s.width == 3 else 'tractor'}×{s.length}"
        else:
            kind = f"{s.kind}×{s.size}"
        return f"{kind} {format_cards(self.cards)}"


def counter(cards: Iterable[int]) -> Counter[Card]:
    return Counter(Card(c) for c in cards)


def one_esuit(cards: Iterable[int], order: RoundOrder) -> int | None:
    """The effective suit shared by all the cards, or None."""
    suits = {order.esuit(c) for c in cards}
    return suits.pop() if len(suits) == 1 else None


def _tuple_unit(cards: Iterable[Card], width: int, order: RoundOrder) -> Unit:
    chain = list(cards)  # low to high along the adjacency
    return Unit(
        tuple_shape(width, len(chain)),
        tuple(sorted(c for c in chain for _ in range(width))),
        chain[-1],
    )


# --- R-3.2 ---------------------------------------------------------------------


def tuples_in(counts: Counter[Card], width: int, order: RoundOrder) -> list[Unit]:
    """Every w-tuple: w copies of one card (R-3.1)."""
    return [_tuple_unit([c], width, order) for c in sorted(counts) if counts[c] >= width]


def chains_in(
    counts: Counter[Card], width: int, length: int, order: RoundOrder
) -> list[list[Card]]:
    """Every run of ``length`` distinct cards, each held ≥ ``width`` times, each directly
    above the previous one (R-3.2)."""
    held = [c for c in sorted(counts) if counts[c] >= width]
    found: list[list[Card]] = []

    def extend(chain: list[Card]) -> None:
        if len(chain) == length:
            found.append(list(chain))
            return
        for nxt in order.successors[chain[-1]]:
            if counts[nxt] >= width:
                extend([*chain, nxt])

    for start in held:
        extend([start])
    return found


def tractors_in(counts: Counter[Card], width: int, length: int, order: RoundOrder) -> list[Unit]:
    return [_tuple_unit(chain, width, order) for chain in chains_in(counts, width, length, order)]


def units_in(counts: Counter[Card], order: RoundOrder, max_width: int) -> list[Unit]:
    """Every tuple and tractor the cards hold (tractors may overlap each other)."""
    found: list[Unit] = []
    for width in range(1, max_width + 1):
        found += tuples_in(counts, width, order)
        if width >= 2:
            length = 2
            while True:
                more = tractors_in(counts, width, length, order)
                if not more:
                    break
                found += more
                length += 1
    return found


# --- R-3.6 (shandong) -----------------------------------------------------------------


def _ordinary_run(counts: Counter[Card], order: RoundOrder) -> list[Card] | None:
    """The distinct cards low to high if they are ordinary cards of one suit with
    consecutive numbers (R-3.5: no skipping), else None."""
    distinct = sorted(counts, key=lambda c: rank_of(c) or 0)
    if not all(order.is_ordinary(c) for c in distinct):
        return None
    if len({suit_of(c) for c in distinct}) != 1:
        return None
    for low, high in itertools.pairwise(distinct):
        if not order.adjacent(low, high):
            return None
    return distinct


def shandong_unit(cards: Iterable[int], order: RoundOrder) -> Unit | None:
    """The one unit of R-3 (shandong) these cards form exactly, or None (R-4.5)."""
    counts = counter(cards)
    ordered = tuple(sorted(counts.elements()))
    if not ordered or one_esuit(ordered, order) is None:
        return None
    top = max(ordered, key=order.strength)
    if len(counts) == 1 and len(ordered) <= 2:
        return Unit(tuple_shape(len(ordered), 1), ordered, ordered[0])  # single, pair (刮风×1)
    ranks = {rank_of(c) for c in ordered}
    suits = {suit_of(c) for c in ordered}
    if len(ranks) == 1 and None not in ranks and suits == {0, 1, 2, 3}:
        rank = ranks.pop()
        if rank in (0, 1, 3) or rank == order.level:
            n = len(ordered)
            kind = THUNDER if n == 4 else LIGHTNING  # thunder exactly 4; lightning 5–8
            # the strongest card is the trump-suit copy when there is one (R-2.2 Decision)
            return Unit(Shape(kind, 0, n, 0, n), ordered, top)
    run = _ordinary_run(counts, order)
    if run is None or any(n > 2 for n in counts.values()):
        return None
    numbers = len(run)
    doubled = sum(1 for c in run if counts[c] == 2)
    if numbers < 5:
        if numbers >= 2 and doubled == numbers:
            return _tuple_unit(run, 2, order)  # 刮风 of 2–4 pairs
        return None
    if doubled == 0:
        return Unit(Shape(RAIN, 0, numbers, 0, numbers), ordered, top)
    # "a run of ≥ 5 numbers that are all doubled is also snow", read as snow and not
    # a 刮风 (2–4 doubled numbers are the 刮风); the two shapes split and rank alike.
    return Unit(Shape(SNOW, 0, numbers, doubled, numbers + doubled), ordered, top)


# --- R-4.2 ----------------------------------------------------------------------------


def suit_preference(unit: Unit) -> tuple[int, ...]:
    """R-4.2's last tie-break: the unit using the first suit in ♠ ♥ ♣ ♦ order wins
    (smaller is preferred). Read as: compare the sorted printed suits of its cards."""
    return tuple(sorted(s for c in unit.cards if (s := suit_of(c)) is not None))


def canonical_parse(cards: Iterable[int], order: RoundOrder, max_width: int) -> list[Unit]:
    """R-4.2: take units greedily by largest w·L, then larger w, then higher top card,
    then the suit order ♠ ♥ ♣ ♦. Raises ValueError when the cards are not one effective
    suit (R-4.1)."""
    remaining = counter(cards)
    if not remaining or one_esuit(remaining, order) is None:
        raise ValueError("a lead is one or more cards of one effective suit (R-4.1)")
    parse: list[Unit] = []
    while sum(remaining.values()) > 0:
        candidates = units_in(remaining, order, max_width)
        best = min(
            candidates,
            key=lambda u: (
                -u.shape.size,
                -u.shape.width,
                -order.strength(u.top),
                suit_preference(u),
                u.cards,
            ),
        )
        parse.append(best)
        remaining -= Counter(best.cards)
    return parse


def parse_lead(game: str, cards: Iterable[int], order: RoundOrder, decks: int) -> list[Unit]:
    """The lead's units (R-4.1, R-4.2, R-4.5); ValueError if it is not a legal lead."""
    cards = list(cards)
    if game == "shandong":
        unit = shandong_unit(cards, order)
        if unit is None:
            raise ValueError("shandong leads are one unit of R-3 (R-4.5)")
        return [unit]
    return canonical_parse(cards, order, min(decks, 3))


# --- R-6.1 ----------------------------------------------------------------------------


def units_of_shape(counts: Counter[Card], shape: Shape, order: RoundOrder) -> list[Unit]:
    if shape.kind == TUPLE:
        return tuples_in(counts, shape.width, order)
    if shape.kind == TRACTOR:
        return tractors_in(counts, shape.width, shape.length, order)
    raise ValueError(f"not a tuple or tractor shape: {shape}")


def splits(counts: Counter[Card], shapes: list[Shape], order: RoundOrder) -> Iterator[list[Unit]]:
    """Every way to cut the cards into units of exactly ``shapes`` (tuples and tractors),
    which must be sorted largest first. Units of one shape come in ascending card order so
    that no split is listed twice."""
    if not shapes:
        if sum(counts.values()) == 0:
            yield []
        return
    if all(s == tuple_shape(1, 1) for s in shapes):
        if sum(counts.values()) == len(shapes):
            yield [_tuple_unit([c], 1, order) for c in sorted(counts.elements())]
        return
    shape, rest = shapes[0], shapes[1:]
    for unit in units_of_shape(counts, shape, order):
        left = counts - Counter(unit.cards)
        for tail in splits(left, rest, order):
            if tail and tail[0].shape == shape and tail[0].cards < unit.cards:
                continue
            yield [unit, *tail]


def largest_first(shapes: Iterable[Shape]) -> list[Shape]:
    return sorted(shapes, key=lambda s: (s.size, s.width), reverse=True)

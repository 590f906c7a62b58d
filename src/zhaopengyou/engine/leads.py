"""Leading (R-4.1, R-4.2, R-4.5): parsing a lead into units, and listing or drawing
legal leads for bots.

>>> from zhaopengyou.engine.cards import parse_cards
>>> from zhaopengyou.engine.ordering import Ordering
>>> o = Ordering(level_rank=0, trump_suit=1)
>>> [u.shape.name() for u in parse_lead(parse_cards("♠7 7 7 8 8 8 9 9"), None, o, 3, True)]
['titanic×2', 'pair']
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Sequence

from .cards import CARDS, NUM_KINDS, Card, Cards
from .errors import IllegalAction
from .ordering import Ordering
from .units import Unit, canonical_parse, tractor_paths, tuple_shape, unit_of


def check_one_unit_parse(group: Sequence[Card], cards: Sequence[Card], unit: Unit | None) -> Unit:
    """R-4.2: a parse naming one group must name the cards led, which form ``unit``."""
    if unit is None or sorted(group) != sorted(cards):
        raise IllegalAction(
            "a parse of one unit must be the cards led, forming one unit", rule="R-4.2"
        )
    return unit


def parse_lead(
    cards: Sequence[Card],
    named: Sequence[Sequence[Card]] | None,
    ordering: Ordering,
    max_width: int,
    throws: bool,
    read_unit: Callable[[Sequence[Card], Ordering], Unit | None] = unit_of,
) -> list[Unit]:
    """The units of a lead: the one unit it forms (by ``read_unit``), the leader's named
    parse, or the canonical parse of a throw. Raises :class:`IllegalAction` for an
    illegal lead."""
    esuit = ordering.esuit
    suit = esuit[cards[0]]
    for card in cards:
        if esuit[card] != suit:
            raise IllegalAction(
                "a lead must be cards of one suit (trumps count as one suit)", rule="R-4.1"
            )
    single = read_unit(cards, ordering)
    if not throws:
        if named is not None and len(named) > 1:
            raise IllegalAction("this game has no throws: lead one unit", rule="R-4.5")
        if single is None:
            raise IllegalAction("this game has no throws: a lead must be one unit", rule="R-4.5")
    if named is not None and len(named) == 1:
        return [check_one_unit_parse(named[0], cards, single)]
    if named is not None and len(named) > 1:
        if single is not None:
            raise IllegalAction("these cards form one unit: lead them as one", rule="R-4.1")
        units = []
        for group in named:
            unit = unit_of(list(group), ordering)
            if unit is None or unit.shape.width > max_width:
                raise IllegalAction(
                    "named unit {unit} is not a single, tuple or tractor",
                    rule="R-4.2",
                    unit=Cards(group),
                )
            units.append(unit)
        if sorted(c for u in units for c in u.cards) != sorted(cards):
            raise IllegalAction("the named units do not add up to the cards led", rule="R-4.2")
        return units
    if single is not None:
        return [single]
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
    order = ordering.order
    present = sorted(set(cards), key=order.__getitem__)  # only the led cards matter
    return canonical_parse(counts, present, ordering, max_width)


def iter_units(hand: Sequence[int], ordering: Ordering, max_width: int) -> Iterator[Unit]:
    """Every distinct single unit the hand can lead: tuples, then tractors, by suit."""
    for suit_cards in ordering.suit_cards:
        for card in suit_cards:
            for width in range(1, min(hand[card], max_width) + 1):
                yield Unit(tuple_shape(width, 1), (CARDS[card],) * width, CARDS[card])
        for width in range(2, max_width + 1):
            length = 2
            while True:
                paths = list(tractor_paths(hand, suit_cards, width, length, ordering))
                if not paths:
                    break
                for path in paths:
                    cards = tuple(CARDS[c] for c in path for _ in range(width))
                    yield Unit(tuple_shape(width, length), cards, CARDS[path[-1]])
                length += 1


def iter_leads(
    hand: Sequence[int], ordering: Ordering, max_width: int, throws: bool
) -> Iterator[tuple[Card, ...]]:
    """Every distinct legal lead: each unit first, then (if allowed) every throw, i.e.
    every other multiset of cards of one suit."""
    for unit in iter_units(hand, ordering, max_width):
        yield unit.cards
    if not throws:
        return
    for suit_cards in ordering.suit_cards:
        held = [c for c in suit_cards if hand[c]]
        for takes in itertools.product(*(range(hand[c] + 1) for c in held)):
            cards = tuple(CARDS[c] for c, n in zip(held, takes, strict=True) for _ in range(n))
            if len(cards) >= 2 and unit_of(cards, ordering) is None:
                yield cards


def random_lead(
    hand: Sequence[int], ordering: Ordering, max_width: int, throws: bool, rng: random.Random
) -> tuple[Card, ...]:
    """A lead drawn uniformly among all distinct legal leads."""
    if not throws:
        return rng.choice(list(iter_units(hand, ordering, max_width))).cards
    # Every non-empty multiset of one suit is a legal lead: pick a suit by its number of
    # such multisets, then each card's copies independently, rejecting the empty draw.
    groups = []
    weights = []
    grand = 0
    for suit_cards in ordering.suit_cards:
        held = [c for c in suit_cards if hand[c]]
        if held:
            total = 1
            for card in held:
                total *= hand[card] + 1
            groups.append(held)
            weights.append(total - 1)
            grand += total - 1
    pick = rng.random() * grand
    chosen = groups[-1]
    for group, weight in zip(groups, weights, strict=True):
        if pick < weight:
            chosen = group
            break
        pick -= weight
    random = rng.random
    while True:
        cards: list[Card] = []
        for card in chosen:
            take = int(random() * (hand[card] + 1))
            if take:
                cards.extend([CARDS[card]] * take)
        if cards:
            return tuple(cards)

"""Leading, read plainly from RULES.md: which leads are legal (R-4.1, R-4.5), the
leader's named parse of a throw (R-4.2), whether a throw succeeds against the other
hands (R-4.3) and which unit a failed throw must play (R-4.4).

Seed 000's throw example (level 2, ♥ trump): ♦A♦A ♦K ♦10♦10 thrown; another hand holding
only ♦K succeeds nothing against it, a hand holding ♦K♦K beats the pair ♦10♦10, which is
forced:

>>> from zhaopengyou.engine.cards import parse_cards
>>> from tests.oracle.order import RoundOrder
>>> from tests.oracle.units import counter
>>> o = RoundOrder("tractor", level=0, trump=1)
>>> units = lead_units("tractor", parse_cards("AD AD KD 10D 10D"), o, 2)
>>> throw_outcome(units, [counter(parse_cards("KD 4S"))], o)
([], [])
>>> beaten, forced = throw_outcome(units, [counter(parse_cards("KD KD 4S"))], o)
>>> [u.name for u in forced]
['pair ♦10 ♦10']

Every multiset of one effective suit is a lead where throws exist; in `shandong` only the
units of R-3.5 / R-3.6 are (R-4.5):

>>> s = RoundOrder("shandong", level=12, trump=0)             # level A, ♠ trump
>>> hand = counter(parse_cards("6D 7D 8D 9D 10D 4C"))
>>> sorted(len(c) for c in legal_leads("shandong", hand, s, 2))
[1, 1, 1, 1, 1, 1, 5]
>>> count_leads("tractor", hand, o)                            # 2^5 − 1 + 1
32
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from zhaopengyou.engine.cards import Card

from .order import TRUMP, RoundOrder
from .units import (
    Unit,
    canonical_parse,
    chains_in,
    counter,
    one_esuit,
    shandong_unit,
    units_in,
)

# --- multisets ------------------------------------------------------------------------


def key(cards: Iterable[int]) -> tuple[Card, ...]:
    """A multiset of cards as a canonical tuple (sorted by card id)."""
    return tuple(sorted(Card(c) for c in cards))


def holds(hand: Counter[Card], cards: Iterable[int]) -> bool:
    need = counter(cards)
    return all(hand[c] >= n for c, n in need.items())


def submultisets(counts: Counter[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Every distinct sub-multiset of ``size`` cards (brute force over copies taken)."""
    items = sorted((c, n) for c, n in counts.items() if n > 0)

    def rec(index: int, left: int) -> Iterator[list[Card]]:
        if left == 0:
            yield []
            return
        if index == len(items):
            return
        card, copies = items[index]
        for take in range(min(copies, left), -1, -1):
            for tail in rec(index + 1, left - take):
                yield [card] * take + tail

    for cards in rec(0, size):
        yield tuple(cards)


def count_submultisets(counts: Counter[Card], size: int) -> int:
    """How many distinct sub-multisets of ``size`` cards there are."""
    ways = [1] + [0] * size
    for copies in counts.values():
        ways = [sum(ways[t - k] for k in range(min(copies, t) + 1)) for t in range(size + 1)]
    return ways[size]


def in_esuit(counts: Counter[Card], esuit: int, order: RoundOrder) -> Counter[Card]:
    return Counter({c: n for c, n in counts.items() if n > 0 and order.esuit(c) == esuit})


# --- legal leads --------------------------------------------------------


def is_legal_lead(game: str, hand: Counter[Card], cards: Sequence[int], order: RoundOrder) -> bool:
    """R-4.1: one or more held cards of one effective suit; R-4.2: any such set is a unit
    or a throw; R-4.5: in `shandong` it must be one unit."""
    if not cards or not holds(hand, cards) or one_esuit(cards, order) is None:
        return False
    return game != "shandong" or shandong_unit(cards, order) is not None


def count_leads(game: str, hand: Counter[Card], order: RoundOrder) -> int:
    """How many distinct leads exist (with throws: every non-empty multiset of a suit)."""
    if game == "shandong":
        return len(legal_leads(game, hand, order, 2))
    total = 0
    for esuit in (0, 1, 2, 3, TRUMP):
        ways = 1
        for copies in in_esuit(hand, esuit, order).values():
            ways *= copies + 1
        total += ways - 1
    return total


def shandong_units_held(counts: Counter[Card], order: RoundOrder) -> list[Unit]:
    """Every distinct shandong unit (R-3.5, R-3.6) the cards hold, by brute force: each
    candidate set of distinct cards (one card, a run of consecutive ordinary cards of one
    suit, or one special rank in four suits), taken once or twice each, is read."""
    held = sorted(c for c in counts if counts[c] > 0)
    groups: list[tuple[Card, ...]] = [(c,) for c in held]
    for start in held:  # runs along the shandong adjacency (ordinary cards only)
        run = [start]
        while True:
            above = [c for c in order.successors[run[-1]] if counts[c] > 0]
            if not above:
                break
            run.append(above[0])  # one suit's numbers: never more than one successor
            groups.append(tuple(run))
    for rank in {0, 1, 3, order.level}:  # 打雷 / 闪电 ranks
        four = tuple(Card(s * 13 + rank) for s in range(4))
        if all(counts[c] > 0 for c in four):
            groups.append(four)
    found: dict[tuple[Card, ...], Unit] = {}
    for group in groups:
        for copies in itertools.product(*(range(1, counts[c] + 1) for c in group)):
            cards = key(c for c, k in zip(group, copies, strict=True) for _ in range(k))
            unit = shandong_unit(cards, order)
            if unit is not None:
                found[cards] = unit
    return [found[k] for k in sorted(found)]


def legal_leads(
    game: str, hand: Counter[Card], order: RoundOrder, decks: int
) -> set[tuple[Card, ...]]:
    """Every distinct legal lead (brute force; only for hands where that is small)."""
    if game == "shandong":
        return {u.cards for u in shandong_units_held(hand, order)}
    leads: set[tuple[Card, ...]] = set()
    for esuit in (0, 1, 2, 3, TRUMP):
        suit = in_esuit(hand, esuit, order)
        for size in range(1, sum(suit.values()) + 1):
            leads.update(submultisets(suit, size))
    return leads


# --- the parse of a lead -------------------------------------------------------


def is_one_unit(cards: Sequence[int], order: RoundOrder, max_width: int) -> Unit | None:
    """The tuple or tractor (R-3.1, R-3.2) these cards form exactly, or None."""
    wanted = key(cards)
    for unit in units_in(counter(cards), order, max_width):
        if unit.cards == wanted:
            return unit
    return None


def lead_units(
    game: str,
    cards: Sequence[int],
    order: RoundOrder,
    decks: int,
    named: Sequence[Sequence[int]] | None = None,
) -> list[Unit]:
    """The lead's units: its canonical parse (R-4.2), a shandong unit (R-4.5), or the
    parse the leader named for a throw (R-4.2). Raises ValueError for an illegal lead.

    A named parse must be a valid parse (R-4.2): its groups add up to the cards led and
    each is one tuple or tractor (R-3). **Reading**: naming is for throws, so cards that
    form one unit can only be named as that one unit, and `shandong` has no throws to
    name (R-4.5).
    """
    max_width = min(decks, 3)
    if one_esuit(cards, order) is None:
        raise ValueError("a lead is cards of one effective suit (R-4.1)")
    if game == "shandong":
        unit = shandong_unit(cards, order)
        if unit is None:
            raise ValueError("shandong leads are one unit of R-3 (R-4.5)")
        if named is not None and [key(g) for g in named] != [unit.cards]:
            raise ValueError("shandong has no throws: the one unit is the parse (R-4.5)")
        return [unit]
    canonical = canonical_parse(cards, order, max_width)
    if named is None:
        return canonical
    if key(c for group in named for c in group) != key(cards):
        raise ValueError("the named units must add up to the cards led (R-4.2)")
    units = []
    for group in named:
        unit = is_one_unit(group, order, max_width)
        if unit is None:
            raise ValueError("each named unit is one tuple or tractor (R-4.2)")
        units.append(unit)
    if len(canonical) == 1 and len(units) > 1:
        raise ValueError("these cards are one unit, not a throw (R-4.1)")
    return units


# --- throws -------------------------------------------------------------


def beats(unit: Unit, hand: Counter[Card], order: RoundOrder) -> bool:
    """R-4.3: the hand holds, in the unit's effective suit, a unit beating it: a higher
    single; for a w-tuple a higher card held at least w times; for a tractor (w, L) a
    tractor of width ≥ w and length ≥ L with a higher top card."""
    esuit = order.esuit(unit.top)
    top = order.strength(unit.top)
    suit = in_esuit(hand, esuit, order)
    width, length = unit.shape.width, unit.shape.length
    if length == 1:
        return any(suit[c] >= width and order.strength(c) > top for c in suit)
    # every tractor of width ≥ w and length ≥ L holds one of exactly (w, L) with its top
    return any(order.strength(chain[-1]) > top for chain in chains_in(suit, width, length, order))


def throw_outcome(
    units: Sequence[Unit], other_hands: Sequence[Counter[Card]], order: RoundOrder
) -> tuple[list[Unit], list[Unit]]:
    """(beaten units, candidates for the forced unit) of a throw (R-4.3, R-4.4).

    Empty lists: the throw succeeds. The forced unit is the beaten unit with the lowest
    top card, then the narrower, then the shorter; when units still tie (two off-suit
    level singles in trump, say) RULES.md does not choose and every tied unit is listed.
    """
    beaten = [u for u in units if any(beats(u, hand, order) for hand in other_hands)]
    if not beaten:
        return [], []

    def rank(u: Unit) -> tuple[int, int, int]:
        return (order.strength(u.top), u.shape.width, u.shape.length)

    lowest = min(rank(u) for u in beaten)
    return beaten, [u for u in beaten if rank(u) == lowest]


def is_throw(units: Sequence[Unit]) -> bool:
    """R-4.2: a throw is several units at once."""
    return len(units) > 1


def split_names(units: Sequence[Unit]) -> list[tuple[Card, ...]]:
    """A parse as a sorted list of card tuples (to compare parses)."""
    return sorted(u.cards for u in units)

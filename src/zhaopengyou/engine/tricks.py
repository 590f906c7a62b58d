"""Throw checks (R-4.3, R-4.4) and trick winners (R-6).

>>> from zhaopengyou.engine.cards import parse_cards, counts_of
>>> from zhaopengyou.engine.ordering import Ordering
>>> from zhaopengyou.engine.units import PAIR, SINGLE, canonical_parse
>>> o = Ordering(level_rank=0, trump_suit=1)       # level 2, ♥ trump
>>> lead = canonical_parse(counts_of(parse_cards("AD AD KD 10D 10D")), o.suit_cards[3], o, 2)
>>> [u.shape.name() for u in lead]
['pair', 'pair', 'single']
>>> other = counts_of(parse_cards("KD KD 4S"))     # seed 000: another hand holds ♦K ♦K
>>> forced_unit(lead, [other], o)
<Unit pair ♦10 ♦10>
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import CARDS, TRUMP, Card
from .ordering import Ordering
from .units import TRACTOR, Shape, Unit, beats_tractor, split_key, tractor_paths


def unit_is_beaten(unit: Unit, hand: Sequence[int], ordering: Ordering) -> bool:
    """R-4.3: does ``hand`` hold, in the unit's suit, a unit that beats it?"""
    return _is_beaten(unit, [hand], ordering, {})


def _is_beaten(
    unit: Unit, hands: Sequence[Sequence[int]], ordering: Ordering, tops: dict[int, int]
) -> bool:
    """Whether any of ``hands`` beats ``unit``; ``tops`` caches, per width, the highest
    order of a card some hand holds that many times in the unit's suit."""
    order = ordering.order
    top_order = order[unit.top]
    width = unit.shape.width
    suit_cards = ordering.suit_cards[ordering.esuit[unit.top]]
    if unit.shape.length == 1:
        if width not in tops:
            best = -1
            for hand in hands:
                for card in suit_cards:
                    if hand[card] >= width and order[card] > best:
                        best = order[card]
            tops[width] = best
        return tops[width] > top_order
    return any(
        beats_tractor(hand, suit_cards, width, unit.shape.length, top_order, ordering)
        for hand in hands
    )


def forced_unit(
    units: Sequence[Unit], other_hands: Sequence[Sequence[int]], ordering: Ordering
) -> Unit | None:
    """R-4.4: the unit a failed throw must play, or None when the throw succeeds.

    Among the beaten units: the lowest top card, then the narrower, then the shorter.
    """
    order = ordering.order
    tops: dict[int, int] = {}
    beaten = [u for u in units if _is_beaten(u, other_hands, ordering, tops)]
    if not beaten:
        return None
    return min(beaten, key=lambda u: (order[u.top], u.shape.width, u.shape.length, u.top))


def beating_cards(unit: Unit, hand: Sequence[int], ordering: Ordering) -> tuple[Card, ...] | None:
    """R-4.3: the strongest cards of ``hand`` that beat ``unit``: a higher card held as
    many times as the unit's width, or for a tractor a higher-topped tractor as wide and
    as long; None when the hand cannot beat it.

    >>> from zhaopengyou.engine.cards import counts_of, parse_cards
    >>> from zhaopengyou.engine.units import unit_of
    >>> o = Ordering(level_rank=0, trump_suit=1)
    >>> pair = unit_of(parse_cards("10D 10D"), o)
    >>> beating_cards(pair, counts_of(parse_cards("KD KD AD 3S")), o)
    (Card('KD'), Card('KD'))
    """
    order = ordering.order
    top_order = order[unit.top]
    width, length = unit.shape.width, unit.shape.length
    suit_cards = ordering.suit_cards[ordering.esuit[unit.top]]
    paths = tractor_paths(hand, suit_cards, width, length, ordering)
    higher = [path for path in paths if order[path[-1]] > top_order]
    if not higher:
        return None
    best = max(higher, key=lambda path: order[path[-1]])
    return tuple(CARDS[card] for card in best for _ in range(width))


class PlayRank(NamedTuple):
    """How strong a play is in its trick; higher wins, ties go to the earlier play."""

    trump: bool
    key: int


_new = tuple.__new__  # named tuples of the hot path, without their Python constructor


def standard_rank(
    shapes: Sequence[Shape], lead_suit: int, play: Sequence[int], ordering: Ordering
) -> PlayRank | None:
    """R-6.1/R-6.2: the rank of a play that matches the lead's format, else None.

    ``play`` lists the cards; ``shapes`` is the format, largest first.
    """
    esuit = ordering.esuit
    suit = esuit[play[0]]
    if suit != lead_suit and suit != TRUMP:
        return None
    if len(play) == 1:  # a single matches a single-card lead (the only 1-card format)
        return _new(PlayRank, (suit == TRUMP, ordering.order[play[0]]))
    for card in play:
        if esuit[card] != suit:
            return None
    order = ordering.order
    if len(shapes) == 1 and shapes[0].length == 1:
        first = play[0]
        for card in play:
            if card != first:
                return None
        return _new(PlayRank, (suit == TRUMP, order[first]))
    counts: dict[int, int] = {}
    for card in play:
        counts[card] = counts.get(card, 0) + 1
    vector = [0] * len(esuit)
    for card, n in counts.items():
        vector[card] = n
    distinct = sorted(counts, key=lambda c: order[c])
    key = split_key(vector, distinct, shapes, ordering)
    return None if key is None else PlayRank(suit == TRUMP, key)


def relaxed_trump_rank(
    shapes: Sequence[Shape], play: Sequence[int], ordering: Ordering
) -> PlayRank | None:
    """R-6.1/R-6.2 Decision for `qidong`: trumping a lead that holds pairs.

    The play matches when it is all trump and holds at least as many tractors and at
    least as many pairs (pairs inside tractors count) as the lead; on both sides a run
    of L adjacent pairs holds ⌊L/2⌋ disjoint tractors (R-6.2). Its key is its highest
    tractor top when the lead has tractors, else its highest pair.
    """
    esuit, order = ordering.esuit, ordering.order
    if any(esuit[c] != TRUMP for c in play):
        return None
    lead_tractors = sum(s.length // 2 for s in shapes if s.kind == TRACTOR)
    lead_pairs = sum(s.length for s in shapes if s.width >= 2)
    counts: dict[int, int] = {}
    for card in play:
        counts[card] = counts.get(card, 0) + 1
    pairs = sorted((c for c, n in counts.items() if n >= 2), key=order.__getitem__)
    if len(pairs) < lead_pairs:
        return None
    # Runs of adjacent pairs: a run of L pairs holds L // 2 disjoint tractors.
    runs: list[list[int]] = []
    for card in pairs:
        if runs and card in ordering.succ[runs[-1][-1]]:
            runs[-1].append(card)
        else:
            runs.append([card])
    if sum(len(run) // 2 for run in runs) < lead_tractors:
        return None
    if lead_tractors:
        return PlayRank(True, max(order[run[-1]] for run in runs if len(run) >= 2))
    return PlayRank(True, order[pairs[-1]])


def single_trick_winner(lead_suit: int, cards: Sequence[int], ordering: Ordering) -> int:
    """R-6.3 for a single led: the highest trump, else the highest card of the led suit;
    the earlier card wins a tie (R-2.3)."""
    esuit, order = ordering.esuit, ordering.order
    best, best_rank = 0, (esuit[cards[0]] == TRUMP, order[cards[0]])
    for index in range(1, len(cards)):
        card = cards[index]
        suit = esuit[card]
        if suit in (lead_suit, TRUMP):
            rank = (suit == TRUMP, order[card])
            if rank > best_rank:
                best, best_rank = index, rank
    return best


def winning_index(ranks: Sequence[PlayRank | None]) -> int:
    """R-6.3: index of the winning play; the lead (index 0) always matches itself."""
    best = 0
    best_rank = ranks[0]
    assert best_rank is not None
    for i in range(1, len(ranks)):
        rank = ranks[i]
        if rank is not None and rank > best_rank:
            best, best_rank = i, rank
    return best

"""Who wins a trick, read plainly from RULES.md R-6.1 (matching), R-6.2 (key) and R-6.3
(winner), with the ``qidong`` Decisions of R-6.1 / R-6.2 and shandong's special units.

Seed 001's examples of R-6.2 (qidong, level 2, ♥ trump):

>>> from zhaopengyou.engine.cards import parse_cards
>>> from tests.oracle.order import RoundOrder
>>> o = RoundOrder("qidong", level=0, trump=1)
>>> def winner(lead, *plays):
...     cards = [parse_cards(lead), *(parse_cards(p) for p in plays)]
...     return trick_winner(o, parse_lead("qidong", cards[0], o, 2), cards)
>>> winner("AS KS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2C")
1
>>> winner("AS AS 5S 5S 4S 4S", "9H 9H 8H 8H 7H 2C")
0
>>> winner("5S 4S 4S", "9H 7H 7H", "8H 8H 4H")
2
>>> winner("5S 6S 7S", "9H 7H 7H", "8H 8H 4H")
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from zhaopengyou.engine.cards import Card

from .order import TRUMP, RoundOrder
from .units import (
    SPECIAL_KINDS,
    TRACTOR,
    TUPLE,
    Shape,
    Unit,
    counter,
    largest_first,
    one_esuit,
    parse_lead,
    shandong_unit,
    splits,
)

__all__ = ["match_key", "parse_lead", "trick_winner"]


def _all_singles(shapes: Sequence[Shape]) -> bool:
    return all(s.kind == TUPLE and s.width == 1 for s in shapes)


def _pair_runs(counts: Counter[Card], order: RoundOrder) -> list[list[Card]]:
    """qidong: the maximal runs of adjacent pairs in a play (a lone pair is a run of 1)."""
    pairs = {c for c in counts if counts[c] >= 2}
    runs = []
    for card in pairs:
        if any(order.adjacent(low, card) for low in pairs):
            continue  # not the bottom of a run
        run = [card]
        while True:
            above = [c for c in order.successors[run[-1]] if c in pairs]
            if not above:
                break
            run.append(above[0])  # qidong adjacency never branches
        runs.append(run)
    return runs


def _qidong_trump_key(
    shapes: Sequence[Shape], counts: Counter[Card], order: RoundOrder
) -> int | None:
    """R-6.1 / R-6.2 qidong Decisions: an all-trump play of an off-suit lead holding pairs.

    Tractors are counted as ⌊L/2⌋ per run of L adjacent pairs, for the play and (as the
    same Decision's count, R-6.2) for the lead's tractor units; pairs inside tractors count.
    """
    lead_tractors = sum(s.length // 2 for s in shapes if s.kind == TRACTOR)
    lead_pairs = sum(s.length for s in shapes if s.width >= 2)
    runs = _pair_runs(counts, order)
    play_tractors = sum(len(run) // 2 for run in runs)
    play_pairs = sum(len(run) for run in runs)
    if play_tractors < lead_tractors or play_pairs < lead_pairs:
        return None
    if lead_tractors > 0:
        # the top card of the play's highest tractor; its length does not count
        return max(order.strength(run[-1]) for run in runs if len(run) >= 2)
    return max(order.strength(run[-1]) for run in runs)  # its highest pair


def match_key(
    order: RoundOrder, shapes: Sequence[Shape], lead_suit: int, play: Sequence[int]
) -> tuple[int, int] | None:
    """(effective suit, key) of a play that matches the format (R-6.1, R-6.2), or None
    when it does not match."""
    play_suit = one_esuit(play, order)
    if play_suit is None or play_suit not in (lead_suit, TRUMP):
        return None  # all cards share one effective suit, S or trump
    counts = counter(play)
    highest = max(order.strength(c) for c in play)
    if _all_singles(shapes):
        return play_suit, highest  # an all-singles format: the play's highest card
    if any(s.kind in SPECIAL_KINDS for s in shapes):
        # shandong: a lead is one unit; a special unit is matched by the same kind and size
        unit = shandong_unit(play, order)
        if unit is None or [unit.shape] != list(shapes):
            return None
        return play_suit, highest  # rain, snow, thunder, lightning: highest card
    if order.game == "qidong" and lead_suit != TRUMP and play_suit == TRUMP:
        # qidong Decisions apply to trumping (毙) an off-suit lead only:
        # scopes its key to "trumping an off-suit lead", and seed 001 speaks of 毙牌.
        key = _qidong_trump_key(shapes, counts, order)
        return None if key is None else (play_suit, key)
    ordered = largest_first(shapes)
    dominant = ordered[0]
    best: int | None = None
    for split in splits(counts, ordered, order):
        top = max(order.strength(u.top) for u in split if u.shape == dominant)
        best = top if best is None else max(best, top)
    return None if best is None else (play_suit, best)


def trick_winner(
    order: RoundOrder, lead_units: Sequence[Unit], plays: Sequence[Sequence[int]]
) -> int:
    """Index of the winning play (R-6.3); ``plays[0]`` is the lead, whose units (its
    format, R-6.1) are ``lead_units``."""
    shapes = [u.shape for u in lead_units]
    lead_suit = one_esuit([c for u in lead_units for c in u.cards], order)
    assert lead_suit is not None
    lead = match_key(order, shapes, lead_suit, plays[0])
    assert lead is not None, "the lead always matches its own format"
    best, (best_suit, best_key) = 0, lead
    for index, play in enumerate(plays[1:], start=1):
        matched = match_key(order, shapes, lead_suit, play)
        if matched is None:
            continue  # a play that does not match never wins
        suit, key = matched
        if suit == TRUMP and best_suit != TRUMP:
            best, best_suit, best_key = index, suit, key  # trump beats any non-trump play
        elif suit == best_suit and key > best_key:
            best, best_key = index, key  # ties go to the earlier play
    return best

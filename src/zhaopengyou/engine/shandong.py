"""山东升级 rules that no other preset has: the special units 下雨 / 飘雪花 / 打雷 / 闪电
(R-3.6), its 刮风 units (R-3.5), following (R-5.3) and winning (R-6.1, R-6.2).

>>> from zhaopengyou.engine.cards import parse_cards
>>> from zhaopengyou.engine.ordering import STRICT_RUNS, Ordering
>>> o = Ordering(level_rank=7, trump_suit=0, fixed_trump_ranks=(0, 1, 3), adjacency=STRICT_RUNS)
>>> shandong_unit(parse_cards("6H 7H 8H 10H JH"), o) is None    # 9 is the level rank
True
>>> shandong_unit(parse_cards("10H JH QH KH AH"), o).shape.name()
'rain×5'
>>> shandong_unit(parse_cards("5S 5H 5C 5D"), o).shape.name()
'thunder×4'
>>> shandong_unit(parse_cards("3S 4S 5S 6S 7S"), o) is None     # 3 and 5 are 常主 (seed 003)
True
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .cards import CARDS, NUM_KINDS, NUM_RANKS, TRUMP, Card
from .errors import IllegalAction
from .follow import (
    NOTHING_REVEALED,
    FollowFacts,
    cap_cards,
    iter_submultisets,
    random_short_suit_follow,
    short_suit_follows,
    suit_count_error,
    void_reveals,
)
from .ordering import Ordering
from .tricks import PlayRank
from .units import (
    LIGHTNING,
    PAIR,
    RAIN,
    SINGLE,
    SNOW,
    THUNDER,
    TRACTOR,
    TUPLE,
    Shape,
    Unit,
    make_unit,
    tractor_paths,
)

MAX_GUAFENG = 4  # 5 or more doubled numbers in a row are snow, not 刮风
MIN_RUN = 5  # rain and snow need five consecutive numbers


def _counts(cards: Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


def _is_chain(distinct: Sequence[int], ordering: Ordering) -> bool:
    """Whether these distinct ordinary cards are consecutive numbers of one suit."""
    return all(high in ordering.succ[low] for low, high in itertools.pairwise(distinct))


def shandong_unit(cards: Sequence[int], ordering: Ordering) -> Unit | None:
    """The one unit these cards form in 山东升级, special units included, or None."""
    if not cards:
        return None
    first = cards[0]
    if len(cards) == 1:  # the common cases first: a single, a pair
        return Unit(SINGLE, (CARDS[first],), CARDS[first])
    if len(cards) == 2 and cards[1] == first:
        return Unit(PAIR, (CARDS[first], CARDS[first]), CARDS[first])
    esuit, order = ordering.esuit, ordering.order
    if len({esuit[c] for c in cards}) != 1:
        return None
    counts = _counts(cards)
    distinct = sorted(counts, key=lambda c: (order[c], c))
    top = CARDS[max(cards, key=lambda c: (order[c], c))]
    sorted_cards = tuple(CARDS[c] for c in sorted(cards, key=lambda c: (order[c], c)))
    widths = set(counts.values())
    # Thunder / lightning: one 常主 or level rank in all four suits (plus more of it).
    if all(c < 52 for c in distinct) and len({c % NUM_RANKS for c in distinct}) == 1:
        rank = distinct[0] % NUM_RANKS
        special_rank = rank == ordering.level_rank or rank in ordering.fixed_trump_ranks
        if special_rank and len({c // NUM_RANKS for c in distinct}) == 4:
            if len(cards) == 4:
                return Unit(Shape(THUNDER, 1, 4), sorted_cards, top)
            return Unit(Shape(LIGHTNING, 1, len(cards)), sorted_cards, top)
    if not all(ordering.ordinary[c] for c in distinct) or not _is_chain(distinct, ordering):
        return None
    if max(widths) > 2:
        return None
    doubled = sum(1 for c in distinct if counts[c] == 2)
    if len(distinct) >= MIN_RUN:
        if doubled == 0:
            return Unit(Shape(RAIN, 1, len(distinct)), sorted_cards, top)
        return Unit(Shape(SNOW, 1, len(distinct), doubled), sorted_cards, top)
    if widths == {2}:
        return make_unit(Shape(TRACTOR, 2, len(distinct)), distinct)
    return None


def iter_shandong_units(hand: Sequence[int], ordering: Ordering) -> Iterator[Unit]:
    """Every distinct unit a hand can lead: singles, pairs, 刮风, rain, snow, thunder,
    lightning (R-3.5, R-3.6)."""
    for suit_cards in ordering.suit_cards:
        for card in suit_cards:
            held = hand[card]
            if held:
                one = CARDS[card]
                yield Unit(SINGLE, (one,), one)
                if held >= 2:
                    yield Unit(PAIR, (one, one), one)
    for family in _families(hand, ordering):
        for count in range(len(family.extras) + 1):
            for chosen in itertools.combinations(family.extras, count):
                yield _family_unit(family, chosen, ordering)


def random_shandong_lead(
    hand: Sequence[int], ordering: Ordering, rng: random.Random
) -> tuple[Card, ...]:
    """A lead drawn uniformly among the distinct units the hand holds (R-4.5)."""
    held = [card for card in range(NUM_KINDS) if hand[card]]
    pairs = [card for card in held if hand[card] >= 2]
    families = _families(hand, ordering)
    weights = [1 << len(family.extras) for family in families]  # each extra in or out
    pick = int(rng.random() * (len(held) + len(pairs) + sum(weights)))
    if pick < len(held):
        return (CARDS[held[pick]],)
    pick -= len(held)
    if pick < len(pairs):
        return (CARDS[pairs[pick]],) * 2
    pick -= len(pairs)
    for family, weight in zip(families, weights, strict=True):
        if pick < weight:
            chosen = [extra for bit, extra in enumerate(family.extras) if pick >> bit & 1]
            return _family_unit(family, chosen, ordering).cards
        pick -= weight
    raise AssertionError("the pick is always inside the total")


class _Family(NamedTuple):
    """Units built on one base: a 刮风 (no extras), a run of ≥ 5 numbers whose doubled
    numbers may each add their second card (rain/snow), or the four suits of one rank
    whose second copies may each be added (thunder/lightning)."""

    kind: str  # TRACTOR, RAIN or THUNDER
    base: tuple[int, ...]
    extras: tuple[int, ...]


def _families(hand: Sequence[int], ordering: Ordering) -> list[_Family]:
    families = []
    for run in held_runs(hand, ordering, 2):  # 刮风: 2–4 consecutive pairs
        for start in range(len(run) - 1):
            for end in range(start + 2, min(start + MAX_GUAFENG, len(run)) + 1):
                families.append(_Family(TRACTOR, tuple(run[start:end]), ()))
    for run in held_runs(hand, ordering):  # rain and snow: five numbers or more
        for start in range(len(run) - MIN_RUN + 1):
            for end in range(start + MIN_RUN, len(run) + 1):
                window = tuple(run[start:end])
                families.append(_Family(RAIN, window, tuple(c for c in window if hand[c] >= 2)))
    for rank in (*ordering.fixed_trump_ranks, ordering.level_rank):
        base = (rank, NUM_RANKS + rank, 2 * NUM_RANKS + rank, 3 * NUM_RANKS + rank)
        if hand[base[0]] and hand[base[1]] and hand[base[2]] and hand[base[3]]:
            families.append(_Family(THUNDER, base, tuple(c for c in base if hand[c] >= 2)))
    return families


def _family_unit(family: _Family, chosen: Sequence[int], ordering: Ordering) -> Unit:
    if family.kind == TRACTOR:
        return make_unit(Shape(TRACTOR, 2, len(family.base)), family.base)
    order = ordering.order
    cards = tuple(CARDS[c] for c in sorted((*family.base, *chosen), key=lambda c: (order[c], c)))
    if family.kind == RAIN:
        count = len(chosen)
        shape = Shape(SNOW, 1, len(family.base), count) if count else Shape(RAIN, 1, len(cards))
        return Unit(shape, cards, CARDS[family.base[-1]])
    shape = Shape(LIGHTNING, 1, len(cards)) if chosen else Shape(THUNDER, 1, 4)
    return Unit(shape, cards, cards[-1])


@functools.lru_cache(maxsize=256)
def _chains(ordering: Ordering) -> tuple[tuple[int, ...], ...]:
    """The maximal chains of consecutive ordinary cards of each suit, two cards or more."""
    chains = []
    for suit_cards in ordering.suit_cards:
        chain: list[int] = []
        for card in suit_cards:
            if ordering.ordinary[card] and chain and card in ordering.succ[chain[-1]]:
                chain.append(card)
                continue
            if len(chain) >= 2:
                chains.append(tuple(chain))
            chain = [card] if ordering.ordinary[card] else []
        if len(chain) >= 2:
            chains.append(tuple(chain))
    return tuple(chains)


def held_runs(hand: Sequence[int], ordering: Ordering, copies: int = 1) -> Iterator[list[int]]:
    """Maximal runs of two or more consecutive ordinary cards of one suit held at least
    ``copies`` times (R-3.5: no skipping); with ``copies=2``, 刮风 material."""
    for chain in _chains(ordering):
        run: list[int] = []
        for card in chain:
            if hand[card] >= copies:
                run.append(card)
            elif run:
                if len(run) >= 2:
                    yield run
                run = []
        if len(run) >= 2:
            yield run


# --- following (R-5.3) -------------------------------------------------------------


def _highest(cards: Sequence[int], ordering: Ordering) -> list[int]:
    """Order values of cards, highest first (ties between suits are interchangeable)."""
    return sorted((ordering.order[c] for c in cards), reverse=True)


def _guafeng_run(
    hand: Sequence[int], suit_cards: Sequence[int], length: int, ordering: Ordering
) -> bool:
    """Does the hand hold a 刮风 at least ``length`` long in this suit?"""
    if length == 1:
        return any(hand[c] >= 2 for c in suit_cards)
    return any(
        all(ordering.ordinary[c] for c in path)
        for path in tractor_paths(hand, suit_cards, 2, length, ordering)
    )


def shandong_follow_error(
    hand: Sequence[int],
    play: Sequence[int],
    lead_suit: int,
    shapes: Sequence[Shape],
    ordering: Ordering,
) -> IllegalAction | None:
    """R-5.3: why ``play`` may not follow a 山东升级 lead; None when it is legal."""
    suit_cards = ordering.suit_cards[lead_suit]
    shape = shapes[0]
    n = shape.size
    error, long_suit = suit_count_error(hand, play, suit_cards, n)
    if error is not None or not long_suit or shape.size == 1:
        return error  # a single: any card of the led suit
    hand_cards = [c for c in suit_cards for _ in range(hand[c])]
    play_cards = [c for c in suit_cards for _ in range(play[c])]
    if shape.kind in (TUPLE, TRACTOR):
        return _guafeng_follow_error(
            hand, play, hand_cards, play_cards, shape.length, suit_cards, ordering
        )
    # Rain, snow, thunder, lightning: the same unit if held, else the highest cards.
    if any(u.shape == shape for u in _units_of_suit(hand, lead_suit, ordering)):
        unit = shandong_unit(play_cards, ordering)
        if unit is None or unit.shape != shape:
            return IllegalAction(
                "you hold a {kind} of this size in the led suit: play it",
                rule="R-5.3",
                kind=shape.kind,
            )
        return None
    if _highest(play_cards, ordering) != _highest(hand_cards, ordering)[:n]:
        return IllegalAction(
            "without that unit, follow with your highest cards of the suit", rule="R-5.3"
        )
    return None


def _units_of_suit(hand: Sequence[int], suit: int, ordering: Ordering) -> Iterator[Unit]:
    only = [hand[c] if ordering.esuit[c] == suit else 0 for c in range(NUM_KINDS)]
    return iter_shandong_units(only, ordering)


def _guafeng_follow_error(
    hand: Sequence[int],
    play: Sequence[int],
    hand_cards: list[int],
    play_cards: list[int],
    length: int,
    suit_cards: Sequence[int],
    ordering: Ordering,
) -> IllegalAction | None:
    """有对跟对，无对从大到小 (R-5.3) for a pair or a 刮风 of ``length`` pairs."""
    if _guafeng_run(hand, suit_cards, length, ordering):
        unit = shandong_unit(play_cards, ordering)
        wanted = Shape(TUPLE, 2, 1) if length == 1 else Shape(TRACTOR, 2, length)
        if unit is None or unit.shape != wanted:
            return IllegalAction(
                "you hold a 刮风 this long in the led suit: follow with it", rule="R-5.3"
            )
        return None
    hand_pairs = [c for c in suit_cards if hand[c] >= 2]
    need = min(len(hand_pairs), length)
    play_pairs = [c for c in suit_cards if play[c] >= 2]
    for chosen in itertools.combinations(play_pairs, need):
        rest_hand = list(hand_cards)
        rest_play = list(play_cards)
        for card in chosen:
            for _ in range(2):
                rest_hand.remove(card)
                rest_play.remove(card)
        if _highest(rest_play, ordering) == _highest(rest_hand, ordering)[: len(rest_play)]:
            return None
    if len(play_pairs) < need:
        return IllegalAction(
            "follow with as many pairs as you hold, up to the lead's", rule="R-5.3"
        )
    return IllegalAction("after your pairs, fill with your highest cards of the suit", rule="R-5.3")


def shandong_follow_reveals(
    cards: Sequence[int], lead_suit: int, shapes: Sequence[Shape], ordering: Ordering
) -> FollowFacts:
    """What a legal 山东升级 follow of ``cards`` proves about the follower's hand (R-5.1,
    R-5.3), the counterpart of :func:`shandong_follow_error` for a hidden hand.

    - R-5.1: a card outside the led suit → no card of the suit left (a void).
    - A pair or 刮风 led and not followed in kind (有对跟对，无对从大到小): a 刮风 of two →
      no pair next to a pair played; fewer pairs played than it needs → no other pair
      held, and no card left in the suit above the fillers (the cards played besides
      the pairs).
    - A rain, snow, thunder or lightning not followed in kind (从大到小) → no card left
      in the suit above the lowest one played.

    >>> from zhaopengyou.engine.cards import CARDS, parse_cards
    >>> from zhaopengyou.engine.ordering import STRICT_RUNS
    >>> from zhaopengyou.engine.units import PAIR
    >>> o = Ordering(level_rank=7, trump_suit=0, fixed_trump_ranks=(0, 1, 3), adjacency=STRICT_RUNS)
    >>> facts = shandong_follow_reveals(parse_cards("QH 8H"), 1, (PAIR,), o)
    >>> [str(CARDS[c]) for c, most in facts.after]                # nothing above ♥8 left
    ['♥10', '♥J', '♥Q', '♥K', '♥A']
    """
    void = void_reveals(cards, lead_suit, ordering)
    if void is not None:
        return void
    shape = shapes[0]
    if shape.kind == TUPLE and shape.width == 1:
        return NOTHING_REVEALED  # a single: any card of the suit
    suit_cards = ordering.suit_cards[lead_suit]
    unit = shandong_unit(cards, ordering)
    before: dict[int, int] = {}
    if shape.kind in (TUPLE, TRACTOR):
        wanted = PAIR if shape.length == 1 else Shape(TRACTOR, 2, shape.length)
        if unit is not None and unit.shape == wanted:
            return NOTHING_REVEALED
        pair_cards = {c for c, n in _counts(cards).items() if n >= 2}
        if shape.length == 2:  # no 刮风 held: no pair next to a pair played
            for paired in pair_cards:
                cap_cards(before, (*ordering.succ[paired], *ordering.pred[paired]), 1)
        if len(pair_cards) >= shape.length:
            return FollowFacts(tuple(before.items()))
        cap_cards(before, [c for c in suit_cards if c not in pair_cards], 1)
        fillers = [c for c in cards if c not in pair_cards]
    else:
        if unit is not None and unit.shape == shape:
            return NOTHING_REVEALED
        fillers = list(cards)
    after: dict[int, int] = {}
    if fillers:
        order = ordering.order
        lowest = min(order[c] for c in fillers)
        cap_cards(after, [c for c in suit_cards if order[c] > lowest], 0)
    return FollowFacts(tuple(before.items()), tuple(after.items()))


def _highest_choices(pool: Sequence[int], count: int, ordering: Ordering) -> Iterator[list[int]]:
    """Every way to take the ``count`` highest cards of ``pool`` (cards of equal order,
    such as other suits' 5s, are interchangeable at the boundary)."""
    if count == 0:
        yield []
        return
    order = ordering.order
    ranked = sorted(pool, key=lambda c: -order[c])
    boundary = order[ranked[count - 1]]
    sure = [c for c in ranked if order[c] > boundary]
    tier = [c for c in ranked if order[c] == boundary]
    items: dict[int, int] = {}
    for card in tier:
        items[card] = items.get(card, 0) + 1
    for pick in iter_submultisets(sorted(items.items()), count - len(sure)):
        yield sure + pick


def iter_shandong_follows(
    hand: Sequence[int], lead_suit: int, shapes: Sequence[Shape], ordering: Ordering
) -> Iterator[list[int]]:
    """Every distinct legal follow of a 山东升级 lead (R-5.1, R-5.3), built directly."""
    suit_cards = ordering.suit_cards[lead_suit]
    shape = shapes[0]
    n = shape.size
    short = short_suit_follows(hand, lead_suit, ordering, n)
    if short is not None:
        yield from short
        return
    held_cards = [c for c in suit_cards for _ in range(hand[c])]
    if shape.kind == TUPLE and shape.width == 1:
        for card in suit_cards:
            if hand[card]:
                yield [card]
        return
    if shape.kind in (TUPLE, TRACTOR):
        yield from _guafeng_follows(hand, held_cards, shape.length, suit_cards, ordering)
        return
    same = {tuple(u.cards) for u in _units_of_suit(hand, lead_suit, ordering) if u.shape == shape}
    if same:
        for cards in sorted(same):
            yield list(cards)
        return
    yield from _highest_choices(held_cards, n, ordering)


def _guafeng_follows(
    hand: Sequence[int],
    held_cards: list[int],
    length: int,
    suit_cards: Sequence[int],
    ordering: Ordering,
) -> Iterator[list[int]]:
    """有对跟对，无对从大到小 (R-5.3): a 刮风 of the lead's length, else every pair held
    (up to the length) topped up with the highest remaining cards."""
    if _guafeng_run(hand, suit_cards, length, ordering):
        if length == 1:
            for card in suit_cards:
                if hand[card] >= 2:
                    yield [card, card]
            return
        for path in tractor_paths(hand, suit_cards, 2, length, ordering):
            if all(ordering.ordinary[c] for c in path):
                yield [c for c in path for _ in range(2)]
        return
    pairs = [c for c in suit_cards if hand[c] >= 2]
    need = min(len(pairs), length)
    seen: set[tuple[int, ...]] = set()
    for chosen in itertools.combinations(pairs, need):
        rest = list(held_cards)
        for card in chosen:
            rest.remove(card)
            rest.remove(card)
        for filler in _highest_choices(rest, 2 * (length - need), ordering):
            play = tuple(sorted([c for c in chosen for _ in range(2)] + filler))
            if play not in seen:
                seen.add(play)
                yield list(play)


def random_shandong_follow(
    hand: Sequence[int],
    lead_suit: int,
    shapes: Sequence[Shape],
    ordering: Ordering,
    rng: random.Random,
) -> list[int]:
    """A legal follow drawn uniformly among the distinct legal follows: short suits and
    singles directly, otherwise from the (few) plays R-5.3 leaves."""
    n = shapes[0].size
    if n == 1:
        held_cards = [c for c in ordering.suit_cards[lead_suit] if hand[c]]
        if held_cards:
            return [held_cards[int(rng.random() * len(held_cards))]]
    short = random_short_suit_follow(hand, lead_suit, ordering, n, rng)
    if short is not None:
        return short
    return rng.choice(list(iter_shandong_follows(hand, lead_suit, shapes, ordering)))


def shandong_rank(
    shapes: Sequence[Shape], lead_suit: int, play: Sequence[int], ordering: Ordering
) -> PlayRank | None:
    """R-6.1/R-6.2: a play matches when it is one unit of the lead's shape in the led
    suit or in trump; its key is its top card (for specials, its highest card)."""
    suit = ordering.esuit[play[0]]
    if suit != lead_suit and suit != TRUMP:
        return None
    unit = shandong_unit(play, ordering)
    if unit is None or unit.shape != shapes[0]:
        return None
    return PlayRank(suit == TRUMP, ordering.order[unit.top])

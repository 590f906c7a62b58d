"""Differential tests of the lead parse (R-4.2) and the trick winner (R-6.1 – R-6.3)
against the plain reading of RULES.md in ``tests/oracle``, on random tricks, plus
worked examples of RULES.md and the seeds checked against both.

Every random trick deals a full deck into hands of the preset's size, so each play is
physically possible. Leads and some followers' hands are seeded with structured cards
(tractors, throws, trump structures that match the lead) so that trumping and
over-trumping happen often; followers' plays mix random cards, structure in the led
suit, structure in trump and plays of mixed suits. Follow legality (R-5) is not
enforced: R-6 decides the winner of any plays of the right size.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.oracle.order import ALL_CARDS, TRUMP, RoundOrder
from tests.oracle.tricks import trick_winner as oracle_winner
from tests.oracle.units import (
    LIGHTNING,
    RAIN,
    SNOW,
    THUNDER,
    TRACTOR,
    TUPLE,
    Shape,
    Unit,
    chains_in,
    largest_first,
    parse_lead,
    tuple_shape,
    units_of_shape,
)
from zhaopengyou.engine import (
    Card,
    IllegalAction,
    PlayRecord,
    Preset,
    format_cards,
    get_preset,
    parse_cards,
)
from zhaopengyou.engine.cards import RANK_NAMES
from zhaopengyou.engine.units import format_of

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "zhaopengyou": ("zhaopengyou", {}),
    "tractor": ("tractor", {}),
    "tractor-called": ("tractor", {"partner": "called"}),
    "qidong": ("qidong", {}),
    "shandong": ("shandong", {}),
}
TRICKS_PER_PRESET = 2500
SINGLE, PAIR = tuple_shape(1, 1), tuple_shape(2, 1)


@functools.cache
def round_order(game: str, level: int, trump: int | None) -> RoundOrder:
    return RoundOrder(game, level, trump)


def show(cards: Sequence[int]) -> str:
    return format_cards(cards) if cards else "—"


def parse_signature(units: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """A parse as a multiset of unit card-multisets."""
    return sorted(tuple(sorted(int(c) for c in unit)) for unit in units)


# --- random tricks ------------------------------------------------------------------------


def in_esuit(counts: Counter[Card], esuit: int, order: RoundOrder) -> Counter[Card]:
    return Counter({c: n for c, n in counts.items() if n > 0 and order.esuit(c) == esuit})


def sample_unit(
    counts: Counter[Card], shape: Shape, esuit: int, order: RoundOrder, rng: random.Random
) -> list[Card] | None:
    """Random cards of ``esuit`` held in ``counts`` that form one unit of ``shape``."""
    pool = in_esuit(counts, esuit, order)
    if shape.kind in (TUPLE, TRACTOR):
        options = units_of_shape(pool, shape, order)
        return list(rng.choice(options).cards) if options else None
    if shape.kind in (RAIN, SNOW):
        runs = chains_in(pool, 1, shape.length, order)
        if not runs:
            return None
        run = rng.choice(runs)
        doubled = [c for c in run if pool[c] >= 2]
        if len(doubled) < shape.extra:
            return None
        return run + rng.sample(doubled, shape.extra)
    if shape.kind in (THUNDER, LIGHTNING) and esuit == TRUMP:
        ranks = [r for r in {0, 1, 3, order.level} if all(pool[Card(s * 13 + r)] for s in range(4))]
        if not ranks:
            return None
        rank = rng.choice(ranks)
        cards = [Card(s * 13 + rank) for s in range(4)]
        extra = Counter({c: pool[c] - 1 for c in cards})
        if sum(extra.values()) < shape.length - 4:
            return None
        return cards + rng.sample(list(extra.elements()), shape.length - 4)
    return None


def sample_like(
    counts: Counter[Card],
    shapes: Sequence[Shape],
    esuit: int,
    order: RoundOrder,
    rng: random.Random,
) -> list[Card]:
    """Cards of ``esuit`` from ``counts`` shaped like ``shapes`` as far as they allow;
    where a shape is missing, random cards of the suit stand in (maybe fewer)."""
    left = Counter(counts)
    picked: list[Card] = []
    for shape in largest_first(shapes):
        unit = sample_unit(left, shape, esuit, order, rng)
        if unit is None:
            pool = list(in_esuit(left, esuit, order).elements())
            unit = rng.sample(pool, min(shape.size, len(pool)))
        picked += unit
        left -= Counter(unit)
    return picked


def fill(
    picked: list[Card],
    hand: Counter[Card],
    n: int,
    order: RoundOrder,
    esuit: int | None,
    rng: random.Random,
) -> list[Card]:
    """Top ``picked`` up to n cards from the hand: first from ``esuit``, then any."""
    left = hand - Counter(picked)
    picked = list(picked)
    if esuit is not None:
        pool = list(in_esuit(left, esuit, order).elements())
        more = rng.sample(pool, min(n - len(picked), len(pool)))
        picked += more
        left -= Counter(more)
    picked += rng.sample(list(left.elements()), n - len(picked))
    return picked


def random_lead(
    deck: Counter[Card], order: RoundOrder, decks: int, rng: random.Random
) -> list[Card]:
    """Lead cards drawn from what is left of the deck: a unit, or a throw of one suit."""
    esuit = rng.choice([TRUMP, TRUMP, 0, 1, 2, 3])
    if not in_esuit(deck, esuit, order):
        esuit = TRUMP
    if order.game == "shandong":
        kind = rng.choice(["single", "pair", "guafeng", RAIN, SNOW, THUNDER, LIGHTNING])
        if kind in (THUNDER, LIGHTNING):
            esuit = TRUMP
        length = rng.randint(5, 7)
        shape = {
            "single": SINGLE,
            "pair": PAIR,
            "guafeng": tuple_shape(2, rng.randint(2, 4)),
            RAIN: Shape(RAIN, 0, length, 0, length),
            SNOW: Shape(SNOW, 0, length, (d := rng.randint(1, length)), length + d),
            THUNDER: Shape(THUNDER, 0, 4, 0, 4),
            LIGHTNING: Shape(LIGHTNING, 0, (m := rng.randint(5, 8)), 0, m),
        }[kind]
        for _ in range(4):
            cards = sample_unit(deck, shape, esuit, order, rng)
            if cards:
                return cards
            esuit = rng.choice([TRUMP, 0, 1, 2, 3])
        return [rng.choice(list(deck.elements()))]
    widths = [1, 2, 3] if decks >= 3 else [1, 2]
    kind = rng.choice(["single", "tuple", "tractor", "throw", "throw", "throw", "singles"])
    if kind == "singles":  # a throw of singles (R-6.2: keyed by the highest card)
        pool = sorted(in_esuit(deck, esuit, order))
        return rng.sample(pool, min(len(pool), rng.randint(2, 5)))
    if kind == "single":
        shapes = [SINGLE]
    elif kind == "tuple":
        shapes = [tuple_shape(rng.choice(widths[1:]), 1)]
    elif kind == "tractor":
        shapes = [tuple_shape(rng.choice(widths[1:]), rng.randint(2, 4))]
    else:
        shapes = [
            tuple_shape(rng.choice(widths), rng.choice([1, 1, 1, 2, 2, 3]))
            for _ in range(rng.randint(2, 4))
        ]
        shapes = [tuple_shape(s.width, 1) if s.width == 1 else s for s in shapes]
    cards = sample_like(deck, shapes, esuit, order, rng)
    return cards or [rng.choice(sorted(in_esuit(deck, esuit, order)))]


def random_follow(
    hand: Counter[Card],
    shapes: Sequence[Shape],
    lead_suit: int,
    n: int,
    order: RoundOrder,
    rng: random.Random,
    structured: int | None,
) -> list[Card]:
    """A play of n cards from the hand; ``structured`` is the effective suit in which the
    hand was given cards shaped like the lead, if any."""
    if structured is not None and rng.random() < 0.75:
        mode = "trump" if structured == TRUMP else "suit"
    else:
        mode = rng.choices(
            ["random", "suit", "trump", "mixed", "suit-all"], weights=[20, 20, 25, 15, 20]
        )[0]
    if mode == "random":
        return rng.sample(list(hand.elements()), n)
    if mode == "suit-all":  # everything held in the led suit, then anything (R-5.1 style)
        return fill([], hand, n, order, lead_suit, rng)
    esuit = lead_suit if mode == "suit" else TRUMP
    play = fill(sample_like(hand, shapes, esuit, order, rng), hand, n, order, esuit, rng)
    if mode == "mixed" or rng.random() < 0.15:  # swap one card for another of the hand
        others = list((hand - Counter(play)).elements())
        if mode == "mixed":
            others = [c for c in others if order.esuit(c) != esuit] or others
        if others:
            play[rng.randrange(n)] = rng.choice(others)
    return play


@dataclass
class Trick:
    order: RoundOrder
    plays: list[list[Card]]  # plays[0] is the lead


def random_trick(preset: Preset, rng: random.Random) -> Trick:
    game = preset.name
    level = 0 if game == "qidong" else rng.randrange(13)  # qidong is always at 2
    order = round_order(game, level, rng.choice([0, 1, 2, 3, None]))
    deck = Counter({c: preset.decks for c in ALL_CARDS})
    lead = random_lead(deck, order, preset.decks, rng)
    deck -= Counter(lead)
    shapes = [u.shape for u in parse_lead(game, lead, order, preset.decks)]
    lead_suit = order.esuit(lead[0])
    hands: list[Counter[Card]] = [Counter(lead)]
    structured: list[int | None] = [lead_suit]
    for _ in range(1, preset.players):
        # structure in trump for most followers: trumping and over-trumping happen often
        esuit = rng.choices([TRUMP, lead_suit, None], weights=[55, 30, 15])[0]
        chunk = [] if esuit is None else sample_like(deck, shapes, esuit, order, rng)
        deck -= Counter(chunk)
        hands.append(Counter(chunk))
        structured.append(esuit)
    rest = list(deck.elements())
    rng.shuffle(rest)
    for hand in hands:
        need = preset.hand_size - sum(hand.values())
        hand.update(rest[:need])
        del rest[:need]
    plays = [lead]
    for hand, esuit in zip(hands[1:], structured[1:], strict=True):
        plays.append(random_follow(hand, shapes, lead_suit, len(lead), order, rng, esuit))
    return Trick(order, plays)


# --- the comparison ---------------------------------------------------------------------


@dataclass
class Comparison:
    attempts: int = 0
    tricks: int = 0
    rejected: list[str] = field(default_factory=list)
    parse_diffs: list[str] = field(default_factory=list)
    winner_diffs: list[str] = field(default_factory=list)


def describe(
    config: str,
    trick: Trick,
    engine_units: Sequence[Sequence[int]] | None,
    oracle_units: Sequence[Unit],
    engine_winner: int | None = None,
    oracle_winner_: int | None = None,
) -> str:
    lines = [f"preset {config}, {trick.order}"]
    lines.append(f"  lead   {show(trick.plays[0])}")
    lines.append(f"  oracle parse: {' | '.join(u.name for u in oracle_units)}")
    if engine_units is not None:
        lines.append(f"  engine parse: {' | '.join(show(u) for u in engine_units)}")
    for i, play in enumerate(trick.plays[1:], start=1):
        lines.append(f"  play {i} {show(play)}")
    if engine_winner is not None:
        lines.append(f"  engine winner: {engine_winner}, oracle winner: {oracle_winner_}")
    return "\n".join(lines)


@functools.cache
def compare(config: str) -> Comparison:
    """Deal TRICKS_PER_PRESET random tricks of ``config`` and compare engine and oracle."""
    name, options = CONFIGS[config]
    preset = get_preset(name, **options)
    rng = random.Random(f"trick-reference/{config}")
    result = Comparison()
    while result.tricks < TRICKS_PER_PRESET:
        trick = random_trick(preset, rng)
        result.attempts += 1
        order, lead = trick.order, trick.plays[0]
        oracle_units = parse_lead(name, lead, order, preset.decks)
        ordering = preset.ordering(order.level, order.trump)
        try:
            engine_units = preset.parse_lead(lead, None, ordering)
        except IllegalAction as error:
            result.rejected.append(f"{describe(config, trick, None, oracle_units)}\n  {error}")
            continue
        result.tricks += 1
        engine_cards = [u.cards for u in engine_units]
        if parse_signature(engine_cards) != parse_signature([u.cards for u in oracle_units]):
            result.parse_diffs.append(describe(config, trick, engine_cards, oracle_units))
        records = [PlayRecord(seat, tuple(play)) for seat, play in enumerate(trick.plays)]
        shapes = format_of(engine_units)
        engine = preset.trick_winner(shapes, ordering.esuit[lead[0]], records, ordering)
        oracle = oracle_winner(order, oracle_units, trick.plays)
        if engine != oracle:
            result.winner_diffs.append(
                describe(config, trick, engine_cards, oracle_units, engine, oracle)
            )
    return result


def check(found: list[str], what: str, tricks: int) -> None:
    """Fail with the first few disagreements spelled out in card notation."""
    if found:
        shown = "\n\n".join(found[:6])
        pytest.fail(f"{len(found)} of {tricks} tricks: {what}\n\n{shown}", pytrace=False)


@pytest.mark.parametrize("config", list(CONFIGS))
def test_r4_1_engine_accepts_every_unit_and_throw(config: str) -> None:
    """R-4.1, R-4.2, R-4.5: the engine accepts every lead the oracle finds legal."""
    result = compare(config)
    check(result.rejected, "lead rejected by the engine", result.attempts)


@pytest.mark.parametrize("config", list(CONFIGS))
def test_r4_2_lead_parse_matches_oracle(config: str) -> None:
    """R-4.2: the engine's canonical parse of random leads equals the oracle's."""
    result = compare(config)
    check(result.parse_diffs, "parses differ", result.tricks)


@pytest.mark.parametrize("config", list(CONFIGS))
def test_r6_trick_winner_matches_oracle(config: str) -> None:
    """R-6.1 – R-6.3: the engine picks the oracle's winner on random tricks."""
    result = compare(config)
    check(result.winner_diffs, "winners differ", result.tricks)


def test_r1_5_effective_suits_match_oracle() -> None:
    """R-1.4, R-1.5: every card's effective suit, in every preset, level and trump suit."""
    for config, (name, options) in CONFIGS.items():
        preset = get_preset(name, **options)
        for level in [0] if name == "qidong" else range(13):
            for trump in [0, 1, 2, 3, None]:
                ordering = preset.ordering(level, trump)
                order = round_order(name, level, trump)
                wrong = [c for c in ALL_CARDS if ordering.esuit[c] != order.esuit(c)]
                assert not wrong, f"{config} {order}: {show(wrong)}"


def test_r4_5_shandong_rejects_what_is_not_one_unit() -> None:
    """R-4.5, R-3.5, R-3.6: random card sets of one effective suit are a legal shandong
    lead exactly when the oracle finds them one unit."""
    preset = get_preset("shandong")
    rng = random.Random("trick-reference/shandong-legality")
    diffs = []
    for _ in range(2000):
        order = round_order("shandong", rng.randrange(13), rng.choice([0, 1, 2, 3]))
        deck = Counter({c: 2 for c in ALL_CARDS})
        esuit = rng.choice([TRUMP, 0, 1, 2, 3])
        pool = list(in_esuit(deck, esuit, order).elements())
        if rng.random() < 0.5:  # ordinary runs: near rains, snows and 刮风
            suit = rng.randrange(4)
            start = rng.randrange(2, 9)
            pool = [Card(suit * 13 + r) for r in range(start, start + 5) for _ in range(2)]
        if len(pool) < 2:
            continue  # the trump suit's number: no card has it as effective suit
        cards = rng.sample(pool, rng.randint(2, min(8, len(pool))))
        if len({order.esuit(c) for c in cards}) > 1:
            continue
        try:
            parse_lead("shandong", cards, order, 2)
            oracle_ok = True
        except ValueError:
            oracle_ok = False
        try:
            preset.parse_lead(cards, None, preset.ordering(order.level, order.trump))
            engine_ok = True
        except IllegalAction:
            engine_ok = False
        if oracle_ok != engine_ok:
            diffs.append(f"{order}: {show(sorted(cards, key=order.sort_key))} oracle {oracle_ok}")
    assert not diffs, f"{len(diffs)} legality differences:\n" + "\n".join(diffs[:10])


# --- worked examples ----------------------------------------------------------------------

LEVEL = {name: i for i, name in enumerate(RANK_NAMES)}
TRUMPS: dict[str, int | None] = {"S": 0, "H": 1, "C": 2, "D": 3, "-": None}


def both_winners(
    config: str, level: str, trump: str, lead: str, *plays: str
) -> tuple[int, int, Callable[[], str]]:
    name, options = CONFIGS[config]
    preset = get_preset(name, **options)
    order = round_order(name, LEVEL[level], TRUMPS[trump])
    cards = [parse_cards(lead), *(parse_cards(p) for p in plays)]
    ordering = preset.ordering(order.level, order.trump)
    units = preset.parse_lead(cards[0], None, ordering)
    records = [PlayRecord(seat, tuple(play)) for seat, play in enumerate(cards)]
    engine = preset.trick_winner(format_of(units), ordering.esuit[cards[0][0]], records, ordering)
    oracle_units = parse_lead(name, cards[0], order, preset.decks)
    oracle = oracle_winner(order, oracle_units, cards)
    trick = Trick(order, cards)
    return engine, oracle, lambda: describe(config, trick, [u.cards for u in units], oracle_units)


def both_parses(config: str, level: str, trump: str, lead: str) -> tuple[list[Any], list[Any]]:
    name, options = CONFIGS[config]
    preset = get_preset(name, **options)
    order = round_order(name, LEVEL[level], TRUMPS[trump])
    cards = parse_cards(lead)
    engine = preset.parse_lead(cards, None, preset.ordering(order.level, order.trump))
    oracle = parse_lead(name, cards, order, preset.decks)
    return parse_signature([u.cards for u in engine]), parse_signature([u.cards for u in oracle])


def units(*groups: str) -> list[tuple[int, ...]]:
    return parse_signature([parse_cards(g) for g in groups])


# fmt: off
WINNER_EXAMPLES = [
    # seed 001 (qidong): trump 998872 beats off-suit AK5544 but not AA5544
    ("R-6.2 qidong 998872 trumps AK5544", "qidong", "2", "H", "AS KS 5S 5S 4S 4S",
     ["9H 9H 8H 8H 7H 2C", "3D 4D 6D 7D 8D 9D", "3C 4C 6C 7C 8C 9C", "10D JD QD KD 10C JC"], 1),
    ("R-6.2 qidong 998872 cannot trump AA5544", "qidong", "2", "H", "AS AS 5S 5S 4S 4S",
     ["9H 9H 8H 8H 7H 2C", "3D 4D 6D 7D 8D 9D", "3C 4C 6C 7C 8C 9C", "10D JD QD KD 10C JC"], 0),
    # seed 001: trump 977 beats off-suit 544, trump 884 over-trumps it
    ("R-6.2 qidong 884 over-trumps 977 on 544", "qidong", "2", "H", "5S 4S 4S",
     ["9H 7H 7H", "8H 8H 4H", "3D 4D 6D", "3C 4C 6C"], 2),
    # seed 001: trump 977 beats off-suit 567, trump 884 cannot over-trump
    ("R-6.2 qidong 884 cannot over-trump 977 on 567", "qidong", "2", "H", "5S 6S 7S",
     ["9H 7H 7H", "8H 8H 4H", "3D 4D 6D", "3C 4C 6C"], 1),
    # trump 998877 matches a lead of 5544+A+K as 9988+7+7; JJ1010 over-trumps it
    ("R-6.1 998877 matches 5544+A+K", "tractor", "2", "H", "AS KS 5S 5S 4S 4S",
     ["9H 9H 8H 8H 7H 7H", "3D 4D 6D 7D 8D 9D", "3C 4C 6C 7C 8C 9C"], 1),
    ("R-6.2 tractor key: JJ1010 over-trumps 9988", "tractor", "2", "H", "AS KS 5S 5S 4S 4S",
     ["9H 9H 8H 8H 7H 7H", "JH JH 10H 10H 3H 4H", "3C 4C 6C 7C 8C 9C"], 2),
    ("R-6.1 no tractor, no match: 9977 cannot trump 5544+A+K", "tractor", "2", "H",
     "AS KS 5S 5S 4S 4S",
     ["9H 9H 7H 7H 5H 3H", "QS 3S 6S 7S 8S 9S", "3C 4C 6C 7C 8C 9C"], 0),
    # a throw of singles is keyed by the play's highest card, not its first
    ("R-6.2 singles throw keyed by highest card", "tractor", "2", "H", "KS QS",
     ["3H AH", "5H 4H", "3D 4D"], 1),
    # a play not all of one effective suit never matches
    ("R-6.1 mixed play never wins a singles throw", "tractor", "2", "H", "KS QS",
     ["AH 3C", "3D 4D", "5D 6D"], 0),
    ("R-6.1 mixed play never wins a pair", "tractor", "2", "H", "KS KS",
     ["AH AS", "3D 4D", "5D 6D"], 0),
    # Decision chain: ♥A♥A ♠2♠2 is a trump tractor; ♣2♣2 ♥2♥2 beats it
    ("R-3.3 off-suit level pairs in the trump chain", "tractor", "2", "H", "AH AH 2S 2S",
     ["2C 2C 2H 2H", "KH KH QH QH", "3D 3D 4D 4D"], 1),
    # equal off-suit level cards tie, the earlier play wins
    ("R-2.3 off-suit level cards tie", "tractor", "2", "H", "3S", ["2S", "2C", "2D"], 1),
    # shandong: 5 > 3 > 2; Decision: the trump-suit copy outranks the others
    ("R-2.2 shandong trump-suit 5 over other 5", "shandong", "K", "S", "5C", ["5S", "5D", "3S"], 1),
    ("R-2.2 shandong 5 over trump-suit 3", "shandong", "K", "S", "3S", ["2S", "5D", "3C"], 2),
    # shandong specials: kind and size must match, highest card wins
    ("R-6.1 shandong trump rain over-trumps", "shandong", "K", "S", "6D 7D 8D 9D 10D",
     ["6S 7S 8S 9S 10S", "7S 8S 9S 10S JS", "QD 4D 4C 6C 7C"], 2),
    ("R-6.1 shandong rain does not match snow", "shandong", "K", "S", "6D 7D 7D 8D 9D 10D",
     ["6S 7S 8S 9S 10S JS", "7S 8S 8S 9S 10S JS", "QD 4D 4C 6C 7C 8C"], 2),
    ("R-6.2 shandong thunder of 5s over thunder of 3s", "shandong", "K", "S", "3S 3H 3C 3D",
     ["5S 5H 5C 5D", "2S 2H 2C 2D", "4D 6D 7D 8D"], 1),
    ("R-3.5 shandong 刮风 over-trumps", "shandong", "K", "S", "6D 6D 7D 7D",
     ["8S 8S 9S 9S", "JS JS QS QS", "10S 10S 4S 4S"], 2),
    # qidong Decision: trumping an off-suit lead needs as many tractors and pairs
    ("R-6.1 qidong 8899+JJ trumps off-suit 334455", "qidong", "2", "H", "3S 3S 4S 4S 5S 5S",
     ["8H 8H 9H 9H JH JH", "3D 4D 6D 7D 8D 9D", "3C 4C 6C 7C 8C 9C", "8C 9C 10C JC QC KC"], 1),
    ("R-6.1 qidong Decision is for trumping only: trump lead 334455", "qidong", "2", "H",
     "3H 3H 4H 4H 5H 5H",
     ["8H 8H 9H 9H JH JH", "3D 4D 6D 7D 8D 9D", "3C 4C 6C 7C 8C 9C", "8C 9C 10C JC QC KC"], 0),
    # R-6.2's count "a run of L adjacent pairs holds ⌊L/2⌋ disjoint tractors", applied to
    # the lead as well (the oracle's reading): 33445566 holds two tractors
    ("R-6.1 qidong lead 33445566 holds 2 tractors", "qidong", "2", "H", "3S 3S 4S 4S 5S 5S 6S 6S",
     ["3H 3H 4H 4H 8H 8H 10H 10H", "9D 9D 10D 10D JD JD QD QD",
      "3C 4C 6C 7C 8C 9C 10C JC", "3D 4D 6D 7D 8D 5D 5C QC"], 0),
    ("R-6.1 qidong run of 4 trump pairs holds 2 tractors", "qidong", "2", "H",
     "3S 3S 4S 4S 6S 6S 7S 7S",
     ["3H 3H 4H 4H 5H 5H 6H 6H", "9D 9D 10D 10D JD JD QD QD",
      "3C 4C 6C 7C 8C 9C 10C JC", "3D 4D 6D 7D 8D 5D 5C QC"], 1),
]
# fmt: on


@pytest.mark.parametrize(
    ("title", "config", "level", "trump", "lead", "plays", "expected"),
    WINNER_EXAMPLES,
    ids=[e[0] for e in WINNER_EXAMPLES],
)
def test_worked_example_winner(
    title: str, config: str, level: str, trump: str, lead: str, plays: list[str], expected: int
) -> None:
    """Worked examples of R-2, R-3, R-6 (see each id), against the oracle and the engine."""
    engine, oracle, details = both_winners(config, level, trump, lead, *plays)
    assert oracle == expected, f"oracle: {oracle}, expected {expected}\n{details()}"
    assert engine == expected, f"engine: {engine}, expected {expected}\n{details()}"


# fmt: off
PARSE_EXAMPLES = [
    # ♠777888 99 at 3 decks is Titanic 777888 + pair 99
    ("R-4.2 titanic before pair", "zhaopengyou", "2", "H",
     "7S 7S 7S 8S 8S 8S 9S 9S", ["7S 7S 7S 8S 8S 8S", "9S 9S"]),
    # no-trump level 6: ♠6♠6+LJLJ before ♣6♣6+LJLJ (suit order ♠ ♥ ♣ ♦)
    ("R-4.2 suit-order tie-break", "tractor", "6", "-",
     "6C 6C 6S 6S LJ LJ", ["6S 6S LJ LJ", "6C 6C"]),
    ("R-4.2 suit-order tie-break in the trump chain", "tractor", "2", "H",
     "AH AH 2D 2D 2S 2S", ["AH AH 2S 2S", "2D 2D"]),
    # R-3.3 (seed 000): level 3, ♥ trump: ♠2♠2♠4♠4 adjacent; ♠ trump: ♠3♠3♠4♠4 not
    ("R-3.3 level rank skipped", "tractor", "3", "H", "2S 2S 4S 4S", ["2S 2S 4S 4S"]),
    ("R-3.3 level card not adjacent to its suit", "tractor", "3", "S",
     "3S 3S 4S 4S", ["3S 3S", "4S 4S"]),
    ("R-3.3 trump level and LJ adjacent", "tractor", "2", "H", "2H 2H LJ LJ", ["2H 2H LJ LJ"]),
    ("R-3.3 Decision trump chain", "tractor", "2", "H",
     "AH AH 2S 2S 2H 2H LJ LJ BJ BJ", ["AH AH 2S 2S 2H 2H LJ LJ BJ BJ"]),
    ("R-3.3 off-suit level cards not adjacent", "tractor", "2", "H",
     "2S 2S 2C 2C", ["2S 2S", "2C 2C"]),
    ("R-3.3 no-trump chain", "tractor", "5", "-", "5D 5D LJ LJ BJ BJ", ["5D 5D LJ LJ BJ BJ"]),
    # R-3.4 (seed 001): these are not tractors in qidong; 554433 and 大王大王小王小王 are
    ("R-3.4 trump-2 + off-2 pairs", "qidong", "2", "H", "2H 2H 2S 2S", ["2H 2H", "2S 2S"]),
    ("R-3.4 off-2 + trump-A pairs", "qidong", "2", "H", "2S 2S AH AH", ["2S 2S", "AH AH"]),
    ("R-3.4 LJ + trump-2 pairs", "qidong", "2", "H", "LJ LJ 2H 2H", ["LJ LJ", "2H 2H"]),
    ("R-3.4 joker tractor", "qidong", "2", "H", "BJ BJ LJ LJ", ["BJ BJ LJ LJ"]),
    ("R-3.4 554433", "qidong", "2", "H", "5S 5S 4S 4S 3S 3S", ["5S 5S 4S 4S 3S 3S"]),
    # R-3.6 (seed 003) shandong units
    ("R-3.5 刮风", "shandong", "K", "S", "6D 6D 7D 7D", ["6D 6D 7D 7D"]),
    ("R-3.6 rain", "shandong", "K", "S", "6D 7D 8D 9D 10D", ["6D 7D 8D 9D 10D"]),
    ("R-3.6 snow", "shandong", "K", "S", "6D 7D 7D 8D 9D 10D", ["6D 7D 7D 8D 9D 10D"]),
    ("R-3.6 thunder", "shandong", "K", "S", "5S 5H 5C 5D", ["5S 5H 5C 5D"]),
    ("R-3.6 lightning", "shandong", "K", "S", "3S 3H 3C 3D 3D", ["3S 3H 3C 3D 3D"]),
    ("R-3.6 level-rank thunder", "shandong", "K", "S", "KS KH KC KD", ["KS KH KC KD"]),
]
# fmt: on


@pytest.mark.parametrize(
    ("title", "config", "level", "trump", "lead", "expected"),
    PARSE_EXAMPLES,
    ids=[e[0] for e in PARSE_EXAMPLES],
)
def test_worked_example_parse(
    title: str, config: str, level: str, trump: str, lead: str, expected: list[str]
) -> None:
    """Worked examples of R-3 and R-4.2 (see each id), against the oracle and the engine."""
    engine, oracle = both_parses(config, level, trump, lead)
    assert oracle == units(*expected), f"oracle parse of {lead}"
    assert engine == units(*expected), f"engine parse of {lead}"


# fmt: off
ILLEGAL_SHANDONG = [
    ("R-3.5 no skipping over 5", "K", "S", "4D 4D 6D 6D"),
    ("R-3.5 jokers are not a 刮风", "K", "S", "LJ LJ BJ BJ"),
    ("R-3.6 常主 make no rain", "K", "D", "3D 4D 5D 6D 7D"),
    ("R-3.6 level rank breaks a rain", "9", "D", "6D 7D 8D 9D 10D"),
    ("R-4.5 no throws", "K", "S", "AD KD"),
]
# fmt: on


@pytest.mark.parametrize(
    ("title", "level", "trump", "lead"), ILLEGAL_SHANDONG, ids=[e[0] for e in ILLEGAL_SHANDONG]
)
def test_worked_example_illegal_shandong_lead(
    title: str, level: str, trump: str, lead: str
) -> None:
    """R-3.5, R-3.6, R-4.5: these are not one shandong unit, so not a legal lead."""
    preset = get_preset("shandong")
    order = round_order("shandong", LEVEL[level], TRUMPS[trump])
    cards = parse_cards(lead)
    with pytest.raises(ValueError):
        parse_lead("shandong", cards, order, 2)
    with pytest.raises(IllegalAction):
        preset.parse_lead(cards, None, preset.ordering(order.level, order.trump))

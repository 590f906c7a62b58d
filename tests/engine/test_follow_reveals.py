"""What a play reveals, as each preset states it: ``follow_reveals`` next to
``follow_error`` (R-5.1, R-5.2, R-5.3), ``friend_call_reveals`` next to
``friend_call_error`` (R-9.1, R-9.2), the bidding's ``turned_kitty_reveals`` (R-8.2,
R-8.3) and its ``cards_change_hands`` / ``kitty_swaps`` (R-8.4).

The property: every follow the engine accepts (``follow_error`` is None) comes from a
hand that meets what ``follow_reveals`` says of it, so the world sampler that turns
these facts into bounds never excludes the true deal. How strong the facts are is
pinned by the worked examples below (and by the sampler drawing the very same worlds as
before the hooks existed).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zhaopengyou.engine import CallFriend, get_preset
from zhaopengyou.engine.bidding import FanzhuBidding, QidongBidding, TurnedKitty
from zhaopengyou.engine.cards import CARDS, NUM_KINDS, Card, counts_of, parse_cards
from zhaopengyou.engine.follow import NOTHING_REVEALED, FollowFacts
from zhaopengyou.engine.presets import PRESETS, CallFacts, Preset
from zhaopengyou.engine.units import PAIR, SINGLE, TRIPLE, Shape, format_of

from .conftest import ordering

SPADES, HEARTS = 0, 1
TRACTOR2 = Shape("tractor", 2, 2)
STANDARD = get_preset("tractor")
SHANDONG = get_preset("shandong")

# Every preset, and the deck counts that change the follow rules (triples need 3 decks).
PRESET_CASES: list[Preset] = [
    get_preset("tractor"),
    get_preset("tractor", decks=3),
    get_preset("zhaopengyou"),
    get_preset("zhaopengyou", decks=2),
    get_preset("qidong"),
    get_preset("shandong"),
]


def caps(facts: FollowFacts) -> tuple[dict[str, int], dict[str, int]]:
    """The facts as readable maps: card name → most copies, before and after the play."""
    return (
        {str(CARDS[c]): most for c, most in facts.before},
        {str(CARDS[c]): most for c, most in facts.after},
    )


def reveals(preset: Preset, play: str, shapes: tuple[Shape, ...]) -> FollowFacts:
    """What ``play`` of spades reveals at level 2 with ♥ trump (in `shandong` ♠2 3 5
    are 常主, trump)."""
    return preset.follow_reveals(parse_cards(play), SPADES, shapes, preset.ordering(0, HEARTS))


# --- the property ----------------------------------------------------------------------


@st.composite
def situations(draw: st.DrawFn) -> tuple[Preset, int, int | None, list[Card], list[int]]:
    """A preset, its level and trump, a lead (mostly one unit with pairs, tractors or a
    `shandong` special unit in it, else a throw) and a follower's hand, usually long in
    the led suit with a few pairs."""
    preset = draw(st.sampled_from(PRESET_CASES))
    level = preset.fixed_level_rank
    if level is None:
        level = draw(st.integers(0, 12))
    trump = draw(st.one_of(st.none(), st.integers(0, 3)))
    order = preset.ordering(level, trump)
    suit = draw(st.integers(0, 4))  # 4: trump
    if not order.suit_cards[suit]:
        suit = 4  # no-trump at a level whose rank leaves a suit empty: trump has cards
    suit_cards = order.suit_cards[suit]

    def suit_hand(copies: list[int]) -> list[int]:
        """Copies of a window of consecutive cards of the suit, and a few more."""
        hand = [0] * NUM_KINDS
        start = draw(st.integers(0, len(suit_cards) - 1))
        for card in suit_cards[start : start + draw(st.integers(2, 9))]:
            hand[card] = draw(st.sampled_from(copies))
        for card in draw(st.lists(st.sampled_from(suit_cards), max_size=4)):
            hand[card] = min(preset.decks, hand[card] + 1)
        return hand

    decks = preset.decks
    leader = suit_hand([1, 2, decks, decks])
    rng = random.Random(draw(st.integers(0, 2**32)))
    units = [u for u in preset.iter_lead_units(leader, order) if u.shape.size >= 2]
    one_unit = draw(st.integers(0, 4)) > 0
    if units and one_unit:
        lead = list(units[draw(st.integers(0, len(units) - 1))].cards)
    else:
        lead = list(preset.random_lead(leader, order, rng))  # throws too
    follower = suit_hand([0, 0, 1, 1, 1, 2] if decks == 2 else [0, 0, 1, 1, 1, 2, 3])
    others = [c for c in range(NUM_KINDS) if order.esuit[c] != suit]
    for card in draw(st.lists(st.sampled_from(others), max_size=6)):
        follower[card] = min(decks, follower[card] + 1)
    while sum(follower) < len(lead):  # a follower holds at least as many cards as led
        card = others[rng.randrange(len(others))]
        follower[card] = min(decks, follower[card] + 1)
    return preset, level, trump, lead, follower


@pytest.mark.rules("R-5.1", "R-5.2", "R-5.3")
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(situations(), st.integers(0, 2**32))
def test_every_legal_follow_comes_from_a_hand_the_facts_admit(
    situation: tuple[Preset, int, int | None, list[Card], list[int]], seed: int
) -> None:
    preset, level, trump, lead, hand = situation
    order = preset.ordering(level, trump)
    units = preset.parse_lead(lead, None, order)
    shapes = format_of(units)
    suit = order.esuit[lead[0]]
    rng = random.Random(seed)
    follows = list(itertools.islice(preset.iter_follows(hand, suit, shapes, order), 60))
    follows += [preset.random_follow(hand, suit, shapes, order, rng) for _ in range(5)]
    assert follows
    for cards in follows:
        play = counts_of(cards)
        assert preset.follow_error(hand, play, suit, shapes, order) is None
        rng.shuffle(cards)  # the facts do not depend on the order of the cards
        facts = preset.follow_reveals(cards, suit, shapes, order)
        assert facts.admits(hand, play), (preset.name, lead, hand, cards, facts)


@pytest.mark.rules("R-5.1", "R-5.2")
def test_the_facts_of_an_illegal_follow_may_refuse_its_hand() -> None:
    # ♠3 5 played to a pair lead from a hand with a pair of ♠9: the engine refuses it, and
    # the facts (no pair of ♠ held) do not admit that hand.
    o = ordering("2", "H")
    hand, play = counts_of(parse_cards("3S 5S 9S 9S")), counts_of(parse_cards("3S 5S"))
    assert STANDARD.follow_error(hand, play, SPADES, (PAIR,), o) is not None
    assert not reveals(STANDARD, "3S 5S", (PAIR,)).admits(hand, play)


# --- what each follow proves (the strength of the facts) -------------------------------

# The spades at level 2 (♠2 is trump), by name.
SPADE_NAMES = [str(CARDS[c]) for c in parse_cards("♠3 4 5 6 7 8 9 10 J Q K A")]


@pytest.mark.rules("R-5.1")
@pytest.mark.parametrize("preset", [STANDARD, SHANDONG], ids=["standard", "shandong"])
def test_a_card_off_the_led_suit_shows_a_void(preset: Preset) -> None:
    before, after = caps(reveals(preset, "3S 4D", (PAIR,)))
    names = SPADE_NAMES if preset is STANDARD else ["♠4", *SPADE_NAMES[3:]]  # 3, 5 常主
    assert before == {} and after == dict.fromkeys(names, 0)


@pytest.mark.rules("R-5.2")
def test_standard_follows() -> None:
    # A pair led, no pair played: no ♠ held twice.
    assert caps(reveals(STANDARD, "3S 5S", (PAIR,))) == (dict.fromkeys(SPADE_NAMES, 1), {})
    # A pair played to a pair: nothing more.
    assert reveals(STANDARD, "9S 9S", (PAIR,)) == NOTHING_REVEALED
    # A triple led (3 decks), a pair and a single played: no triple held (the pair may
    # not be the hand's only one: a triple missing becomes a pair and a single).
    assert caps(reveals(STANDARD, "7S 7S 9S", (TRIPLE,))) == (dict.fromkeys(SPADE_NAMES, 2), {})
    # A triple led, no pair played: no ♠ held twice (nor three times).
    assert caps(reveals(STANDARD, "7S 8S 9S", (TRIPLE,))) == (dict.fromkeys(SPADE_NAMES, 1), {})
    # A triple and a pair thrown, five singles played: no ♠ held twice either.
    five = "3S 4S 5S 6S 7S"
    assert caps(reveals(STANDARD, five, (TRIPLE, PAIR))) == (dict.fromkeys(SPADE_NAMES, 1), {})
    # A tractor led, a pair and two singles played: no tractor, so neither neighbour of
    # the ♠9 pair was held twice; one pair of two means no other pair.
    before, after = caps(reveals(STANDARD, "9S 9S 3S 5S", (TRACTOR2,)))
    assert before == {name: 1 for name in SPADE_NAMES if name != "♠9"} and after == {}
    # A tractor played to a tractor: nothing more.
    assert reveals(STANDARD, "9S 9S 10S 10S", (TRACTOR2,)) == NOTHING_REVEALED
    # A tractor led, two pairs that are no tractor played: no ♠8 or ♠10 (next to ♠9),
    # no ♠J or ♠K (next to ♠Q) held twice; both pairs needed were played.
    before, _ = caps(reveals(STANDARD, "9S 9S QS QS", (TRACTOR2,)))
    assert before == dict.fromkeys(["♠8", "♠10", "♠J", "♠K"], 1)
    # A single led: any card.
    assert reveals(STANDARD, "3S", (SINGLE,)) == NOTHING_REVEALED


@pytest.mark.rules("R-5.2")
def test_several_tractors_led_claim_nothing_but_voids() -> None:
    shapes = (TRACTOR2, TRACTOR2)
    assert reveals(STANDARD, "3S 5S 7S 9S 10S 10S 4S 6S", shapes) == NOTHING_REVEALED
    assert reveals(STANDARD, "3S 5S 7S 9S 10S 10S 4S 6D", shapes).after


@pytest.mark.rules("R-5.3")
def test_shandong_follows() -> None:
    o = SHANDONG.ordering(0, HEARTS)  # ♠2 ♠3 ♠5 are 常主: trump

    def facts(play: str, shapes: tuple[Shape, ...]) -> tuple[dict[str, int], dict[str, int]]:
        return caps(SHANDONG.follow_reveals(parse_cards(play), SPADES, shapes, o))

    spades = ["♠4", *SPADE_NAMES[3:]]
    # A pair led, two singles played: no pair held, nothing left above the lower (♠9).
    assert facts("9S QS", (PAIR,)) == (
        dict.fromkeys(spades, 1),
        dict.fromkeys(["♠10", "♠J", "♠Q", "♠K", "♠A"], 0),
    )
    assert facts("9S 9S", (PAIR,)) == ({}, {})
    # A 刮风 of two led, one pair and two singles: no pair next to ♠9 9, no other pair,
    # nothing left above ♠6 (the lower filler).
    guafeng = Shape("tractor", 2, 2)
    before, after = facts("9S 9S 6S KS", (guafeng,))
    assert before == {name: 1 for name in spades if name != "♠9"}
    assert after == dict.fromkeys(["♠7", "♠8", "♠9", "♠10", "♠J", "♠Q", "♠K", "♠A"], 0)
    # Two pairs, no 刮风: no pair next to either; the pairs needed were played.
    assert facts("7S 7S 10S 10S", (guafeng,)) == (dict.fromkeys(["♠6", "♠8", "♠9", "♠J"], 1), {})
    # A 刮风 of two followed by a 刮风 of two: any one from a longer 刮风 is legal, so
    # nothing more (the hand may hold ♠8 8 or ♠J J as well).
    assert SHANDONG.follow_reveals(parse_cards("9S 9S 10S 10S"), SPADES, (guafeng,), o) == (
        NOTHING_REVEALED
    )
    # A 刮风 of three led, a rain of six played (a unit, not the one led): no pair held,
    # and the six highest cards played, so nothing left above ♠6.
    guafeng3 = Shape("tractor", 2, 3)
    assert facts("6S 7S 8S 9S 10S JS", (guafeng3,)) == (
        dict.fromkeys(spades, 1),
        dict.fromkeys(["♠7", "♠8", "♠9", "♠10", "♠J", "♠Q", "♠K", "♠A"], 0),
    )
    # A rain of five not followed in kind: nothing left above the lowest card played.
    rain = SHANDONG.parse_lead(parse_cards("6D 7D 8D 9D 10D"), None, o)[0].shape
    assert facts("4S 6S 8S JS AS", (rain,)) == (
        {},
        {name: 0 for name in spades if name not in ("♠4",)},
    )
    # A rain of six led, a 刮风 of three played (a unit, not the one led): the highest
    # cards, so nothing left above ♠7.
    rain6 = SHANDONG.parse_lead(parse_cards("6D 7D 8D 9D 10D JD"), None, o)[0].shape
    assert facts("7S 7S 8S 8S 9S 9S", (rain6,)) == (
        {},
        dict.fromkeys(["♠8", "♠9", "♠10", "♠J", "♠Q", "♠K", "♠A"], 0),
    )


# --- the friend call -------------------------------------------------------------------


@pytest.mark.rules("R-9.1", "R-9.2")
def test_what_a_call_reveals_per_preset() -> None:
    card = CARDS[parse_cards("AS")[0]]
    for name in ("zhaopengyou", "tractor"):
        assert PRESETS[name]().friend_call_reveals(card) == CallFacts()
    assert get_preset("qidong").friend_call_reveals(card) == CallFacts(1, 1, 0, False)


def _meets(facts: CallFacts, banker_copies: int, kitty_copies: int) -> bool:
    if banker_copies < facts.banker_least:
        return False
    if facts.banker_most is not None and banker_copies > facts.banker_most:
        return False
    return facts.kitty_most is None or kitty_copies <= facts.kitty_most


@pytest.mark.rules("R-9.1", "R-9.2")
@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["zhaopengyou", "qidong", "tractor"]), st.integers(0, 2**32))
def test_every_legal_call_meets_what_it_reveals(name: str, seed: int) -> None:
    preset = get_preset(name, partner="called") if name == "tractor" else get_preset(name)
    rng = random.Random(seed)
    deck = [c for c in range(NUM_KINDS) for _ in range(preset.decks)]
    rng.shuffle(deck)
    size = preset.hand_size
    hands = [counts_of(deck[s * size : (s + 1) * size]) for s in range(preset.players)]
    buried = [CARDS[c] for c in deck[preset.players * size :]]
    banker = rng.randrange(preset.players)
    for call in preset.legal_friend_calls(hands[banker], buried):
        assert preset.friend_call_error(hands[banker], buried, call) is None
        if call.card is None:
            continue
        facts = preset.friend_call_reveals(call.card)
        assert _meets(facts, hands[banker][call.card], buried.count(call.card))
        friend = preset.find_friend(banker, call.card, hands)
        if facts.first_holder and friend is not None:  # nobody between held one
            steps = (friend - banker) % preset.players
            between = [(banker + k) % preset.players for k in range(1, steps)]
            assert not any(hands[s][call.card] for s in between)
    # An illegal call may break the facts: `qidong`'s banker held the card twice.
    if name == "qidong":
        pair = next((c for c in range(NUM_KINDS) if hands[banker][c] == 2), None)
        if pair is not None:
            refused = preset.friend_call_error(hands[banker], buried, CallFriend(CARDS[pair]))
            assert refused is not None
            assert not _meets(preset.friend_call_reveals(CARDS[pair]), 2, 0)


# --- the bidding -----------------------------------------------------------------------


@pytest.mark.rules("R-8.2", "R-8.3")
@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["tractor", "qidong", "zhaopengyou"]), st.integers(0, 2**32))
def test_turned_kitty_cards_were_where_the_bidding_says(name: str, seed: int) -> None:
    preset = get_preset(name)
    rng = random.Random(seed)
    deck = [c for c in range(NUM_KINDS) for _ in range(preset.decks)]
    rng.shuffle(deck)
    size = preset.hand_size
    hands = [counts_of(deck[s * size : (s + 1) * size]) for s in range(preset.players)]
    kitty = [CARDS[c] for c in deck[preset.players * size :]]
    level = preset.fixed_level_rank if preset.fixed_level_rank is not None else rng.randrange(13)
    conclusion = preset.bidding.conclude((), kitty, hands, level, rng.randrange(preset.players))
    if not conclusion.turned:
        return
    shown = preset.bidding.turned_kitty_reveals(conclusion.turned)
    in_kitty = Counter(int(c) for c in kitty)
    assert not Counter(int(c) for c in shown.kitty) - in_kitty  # every copy named was there
    assert conclusion.banker is not None
    banker = Counter(c for c in range(NUM_KINDS) for _ in range(hands[conclusion.banker][c]))
    assert not Counter(int(c) for c in shown.banker) - banker


@pytest.mark.rules("R-8.3")
def test_qidong_turned_kitty_names_the_twins() -> None:
    turned = tuple(CARDS[c] for c in parse_cards("4H 4H 9C 7S"))
    shown = QidongBidding().turned_kitty_reveals(turned)
    assert Counter(shown.kitty) == Counter(parse_cards("4H 4H 9C 9C 7S"))
    assert shown.banker == (CARDS[parse_cards("7S")[0]],)
    assert FanzhuBidding().turned_kitty_reveals(turned) == TurnedKitty(turned)
    # Nothing turned over (a bid was made): nothing shown.
    assert QidongBidding().turned_kitty_reveals(()) == TurnedKitty(())


@pytest.mark.rules("R-8.4")
def test_only_shandong_moves_cards_in_the_bidding_or_swaps_the_kitty() -> None:
    for name, cls in PRESETS.items():
        bidding = cls().bidding
        assert bidding.cards_change_hands == (name == "shandong")
        assert bidding.kitty_swaps == (name == "shandong")
        if not bidding.kitty_swaps:  # the kitty stays as buried
            hand = counts_of(parse_cards("3H"))
            swap = [(CARDS[parse_cards("3H")[0]], CARDS[parse_cards("3C")[0]])]
            o = ordering("2", "C")
            assert bidding.swap_error(hand, parse_cards("3C"), swap, o) is not None

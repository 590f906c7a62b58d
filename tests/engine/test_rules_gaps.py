"""Rules that had no test naming them (issue 13, tools/rules_coverage.py): R-1.2, the
play order, R-5.4, the void follower's free choice, and R-11.1, a room's options as typed
on a command line."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from zhaopengyou.engine import (
    Bid,
    Bury,
    CallFriend,
    Card,
    IllegalAction,
    InvalidOption,
    MalformedAction,
    Match,
    NotYourTurn,
    Pass,
    Phase,
    Play,
    Preset,
    Round,
    Swap,
    WrongPhase,
    get_preset,
    parse_cards,
    parse_option_values,
)
from zhaopengyou.engine.cards import full_deck
from zhaopengyou.engine.events import (
    BidMade,
    CardDealt,
    CardsPlayed,
    FriendCalled,
    Passed,
    Swapped,
    TrumpRevealed,
)
from zhaopengyou.engine.presets import OptionSpec
from zhaopengyou.i18n import tr

from .conftest import arranged_deck
from .drive import drive, new_round

PRESETS = {
    "zhaopengyou": get_preset("zhaopengyou"),
    "tractor": get_preset("tractor"),
    "tractor-called": get_preset("tractor", partner="called"),
    "qidong": get_preset("qidong"),
    "shandong": get_preset("shandong"),
}

# --- R-1.2: seats and play order --------------------------------------------------------


@pytest.mark.rules("R-1.2")
@pytest.mark.parametrize("name", list(PRESETS))
def test_r1_2_everything_goes_round_in_increasing_seat_order(name: str) -> None:
    """R-1.2 (with R-8.1, R-6.4): seats are 0 … P−1 and the next player of seat i is
    seat i+1 modulo P, for dealing, for the closing bid window and within every trick."""
    preset = PRESETS[name]
    players = preset.players
    for seed in range(3):
        rnd = new_round(preset, seed)
        for _ in drive(rnd, seed):
            pass
        events = rnd.events()
        # The last deal (a redeal starts again from the dealer): dealt in seat order.
        last = max(i for i, e in enumerate(events) if isinstance(e, CardDealt))
        dealt = [e.seat for e in events[: last + 1] if isinstance(e, CardDealt)]
        dealt = dealt[-rnd.cards_to_deal :]
        assert dealt == [(rnd.dealer + i) % players for i in range(len(dealt))]
        assert set(dealt) == set(range(players))
        # The closing window polls from the seat after the last bidder (or the dealer),
        # each pass or bid by the next seat after the one before.
        before = [e for e in events[:last] if isinstance(e, BidMade)]
        start = before[-1].seat if before and rnd.bids else rnd.dealer
        polled = [e.seat for e in events[last:] if isinstance(e, Passed | BidMade)]
        assert polled, "the closing window polls every seat"
        assert polled[0] == (start + 1) % players
        for earlier, later in itertools.pairwise(polled):
            assert later == (earlier + 1) % players
        for trick in rnd.tricks:
            seats = [play.seat for play in trick.plays]
            assert seats == [(trick.leader + i) % players for i in range(players)]
        plays = [e for e in events if isinstance(e, CardsPlayed)]
        assert len(plays) == players * len(rnd.tricks)


@pytest.mark.rules("R-1.2")
def test_r1_2_only_the_next_seat_may_play() -> None:
    """R-1.2: after seat 1 plays, seat 2 (its 下家) is to play, not seat 3 or seat 0; seat
    3's 下家 is seat 0."""
    preset = get_preset("tractor")
    rnd = Round.from_hands(
        preset,
        ["AS KS", "QS JS", "9S 8S", "7S 6S"],
        level_rank="2",
        trump_suit="H",
        banker=1,
    )
    assert rnd.to_act == 1
    rnd.apply(1, Play(tuple(parse_cards("QS"))))
    for wrong in (3, 0):
        with pytest.raises(NotYourTurn):
            rnd.apply(wrong, Play(tuple(parse_cards("7S" if wrong == 3 else "AS"))))
    rnd.apply(2, Play(tuple(parse_cards("9S"))))
    rnd.apply(3, Play(tuple(parse_cards("7S"))))
    assert rnd.to_act == 0  # seat 3's next player wraps round to seat 0
    rnd.apply(0, Play(tuple(parse_cards("AS"))))
    assert rnd.tricks[0].winner == 0 and rnd.to_act == 0


@pytest.mark.rules("R-1.2")
def test_r1_2_the_closing_window_polls_the_next_seats() -> None:
    """R-1.2, R-8.1: with nobody bidding, the window polls the seats after the dealer in
    order; a pass out of turn is refused."""
    preset = get_preset("tractor")
    rnd = Round(preset, seed=11, levels=(0,) * 4, banker=2)
    rnd.deal_all()
    assert rnd.phase is Phase.BID and rnd.to_act == 3
    with pytest.raises(NotYourTurn):
        rnd.apply(0, Pass())
    for seat in (3, 0, 1):
        rnd.apply(seat, Pass())
    assert rnd.to_act == 2


# --- R-5.4: a void follower plays anything -----------------------------------------------

# (preset, level rank): the led suit is ♠, trump ♥; seat 0 leads, seat 1 holds no ♠.
VOID_CASES = {
    "tractor": "2",
    "zhaopengyou": "2",
    "qidong": "2",
    "shandong": "7",  # 2, 3, 5 are 常主 there: the void hand uses 4 and 6
}


def void_round(name: str, hand: str, lead: str, void: str) -> Round:
    """Seat 0 holds ``hand`` and leads ``lead``; seat 1 holds ``void`` (no ♠); every
    other seat holds enough ♠ to follow, and one ♦."""
    preset: Preset = PRESETS[name]
    size = len(parse_cards(hand))
    spades = iter(["QS", "JS", "10S", "9S", "8S", "QS", "JS", "10S"])
    others = [
        " ".join([*(next(spades) for _ in range(size - 1)), diamond])
        for diamond in ("6D", "8D", "9D")[: preset.players - 2]
    ]
    rnd = Round.from_hands(
        preset,
        [hand, void, *others],
        level_rank=VOID_CASES[name],
        trump_suit="H",
        banker=0,
        friend_call="AD" if name == "zhaopengyou" else None,
        solo=name == "qidong",
    )
    rnd.apply(0, Play(tuple(parse_cards(lead))))
    return rnd


def finish_trick(rnd: Round) -> int:
    """Every seat after seat 1 follows with its ♠; returns the trick's winner."""
    while rnd.current:
        seat = rnd.to_act
        assert seat is not None
        rnd.apply(seat, Play(tuple(next(iter(rnd.view(seat).legal_plays())))))
    return rnd.tricks[-1].winner


@pytest.mark.rules("R-5.4")
@pytest.mark.parametrize("name", list(VOID_CASES))
def test_r5_4_void_follower_may_trump_or_discard(name: str) -> None:
    """R-5.4: void in ♠, seat 1 may trump (毙) a ♠ single, and then wins the trick
    (R-6.3), or discard (垫) an off-suit card and lose it; a seat that holds ♠ may not
    discard (R-5.1)."""
    trump, discard = ("4H", "6C")
    rnd = void_round(name, "AS KS", "AS", f"{trump} {discard}")
    view = rnd.view(1)
    assert view.play_error(parse_cards(trump)) is None
    assert view.play_error(parse_cards(discard)) is None
    assert sorted(map(tuple, view.legal_plays())) == sorted(
        [tuple(parse_cards(trump)), tuple(parse_cards(discard))]
    )
    trumped = rnd.clone()
    trumped.apply(1, Play(tuple(parse_cards(trump))))
    assert finish_trick(trumped) == 1
    rnd.apply(1, Play(tuple(parse_cards(discard))))
    # Not void: seat 2 holds ♠ and ♦6, and may not discard the ♦6 (R-5.1).
    error = rnd.view(2).play_error(parse_cards("6D"))
    assert error is not None and error.rule in ("R-5.1", "R-5.3")
    with pytest.raises(IllegalAction):
        rnd.apply(2, Play(tuple(parse_cards("6D"))))
    assert finish_trick(rnd) == 0


@pytest.mark.rules("R-5.4")
@pytest.mark.parametrize("name", list(VOID_CASES))
def test_r5_4_void_follower_of_a_pair_may_mix_suits(name: str) -> None:
    """R-5.4: void in ♠, seat 1 may answer a ♠ pair with any two cards: a trump pair,
    which wins (R-6.3), or a trump and an off-suit card, which does not match the pair
    and cannot win (R-6.1)."""
    rnd = void_round(name, "AS AS KS", "AS AS", "4H 4H 6C")
    view = rnd.view(1)
    plays = {tuple(sorted(p)) for p in view.legal_plays()}
    assert plays == {
        tuple(sorted(parse_cards("4H 4H"))),
        tuple(sorted(parse_cards("4H 6C"))),
    }
    trumped = rnd.clone()
    trumped.apply(1, Play(tuple(parse_cards("4H 4H"))))
    assert finish_trick(trumped) == 1
    rnd.apply(1, Play(tuple(parse_cards("4H 6C"))))
    assert finish_trick(rnd) == 0


@pytest.mark.rules("R-5.4")
@pytest.mark.parametrize("name", list(PRESETS))
def test_r5_4_every_choice_of_a_void_follower_is_legal(name: str) -> None:
    """R-5.4 on random rounds: whenever a follower holds none of the led suit, every
    choice of as many cards as the lead from its hand is legal, and the engine takes it."""
    preset = PRESETS[name]
    rng = random.Random(name)
    checked = 0
    for seed in range(4):
        rnd = new_round(preset, seed)
        for _ in drive(rnd, seed):
            if rnd.phase is not Phase.PLAY or not rnd.current:
                continue
            seat = rnd.to_act
            assert seat is not None
            view = rnd.view(seat)
            assert view.ordering is not None and view.lead_suit is not None
            hand = list(view.hand)
            if any(view.ordering.esuit[c] == view.lead_suit for c in hand):
                continue
            size = len(rnd.current[0].cards)
            for _ in range(5):
                choice = rng.sample(hand, size)
                assert view.play_error(choice) is None, (choice, view.lead_units)
            twin = rnd.clone()
            played = tuple(rng.sample(hand, size))
            twin.apply(seat, Play(played))
            made = twin.current[-1] if twin.current else twin.tricks[-1].plays[-1]
            assert Counter(made.cards) == Counter(played)
            checked += 1
    assert checked > 10, "too few void followers to say anything"


# --- R-11.1: a room's options, as NAME=VALUE text (docs/rules.md § Options) ----------------


@pytest.mark.rules("R-11.1")
@pytest.mark.parametrize(
    ("preset", "assignments", "expected"),
    [
        ("tractor", {}, {}),
        ("tractor", {"partner": " called "}, {"partner": "called"}),
        ("tractor", {"decks": "3", "kitty_size": "6"}, {"decks": 3, "kitty_size": 6}),
        ("qidong", {"throw_penalty": "-2"}, {"throw_penalty": -2}),  # ranges: get_preset
        ("shandong", {"dengsi": "true"}, {"dengsi": True}),
        ("shandong", {"dengsi": "on"}, {"dengsi": True}),
        ("shandong", {"dengsi": "yes"}, {"dengsi": True}),
        ("shandong", {"dengsi": "1"}, {"dengsi": True}),
        ("shandong", {"dengsi": " TRUE "}, {"dengsi": True}),
        ("shandong", {"feng_j": "false"}, {"feng_j": False}),
        ("shandong", {"feng_j": "off"}, {"feng_j": False}),
        ("shandong", {"feng_j": "no"}, {"feng_j": False}),
        ("shandong", {"feng_j": "0", "j_to_6": "Off"}, {"feng_j": False, "j_to_6": False}),
    ],
)
def test_r11_1_option_values_are_typed_like_their_defaults(
    preset: str, assignments: dict[str, str], expected: dict[str, Any]
) -> None:
    """On/off options take true/false, on/off, yes/no, 1/0 in any case; numbers are whole
    numbers; choices are words, spaces trimmed."""
    assert parse_option_values(preset, assignments) == expected


@pytest.mark.rules("R-11.1")
@pytest.mark.parametrize(
    ("preset", "assignments", "message", "chinese"),
    [
        (
            "chess",
            {},
            "unknown preset 'chess'; presets: qidong, shandong, tractor, zhaopengyou",
            "没有玩法 'chess'；可选的玩法：qidong, shandong, tractor, zhaopengyou",
        ),
        (
            "shandong",
            {"decks": "3"},
            "shandong has no option 'decks'; options: dengsi, feng_j, j_to_6",
            "shandong 没有选项 'decks'；可用的选项：dengsi, feng_j, j_to_6",
        ),
        (
            "shandong",
            {"dengsi": "maybe"},
            "option 'dengsi' takes true or false (got 'maybe')",
            "选项 'dengsi' 只能是 true 或 false（收到的是 'maybe'）",
        ),
        (
            "tractor",
            {"decks": "three"},
            "option 'decks' takes a whole number (got 'three')",
            "选项 'decks' 必须是整数（收到的是 'three'）",
        ),
    ],
)
def test_r11_1_bad_option_text_is_refused_by_name(
    preset: str, assignments: dict[str, str], message: str, chinese: str
) -> None:
    """An unknown preset or option, or a value of the wrong type, is an InvalidOption; the
    command line shows it in the user's language (``tr`` of its template and fields)."""
    with pytest.raises(InvalidOption) as info:
        parse_option_values(preset, assignments)
    assert str(info.value) == message
    assert tr(info.value.template, "zh-Hans", **info.value.params) == chinese


@pytest.mark.rules("R-11.1")
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"decks": "3"}, "option 'decks' of tractor must be a whole number"),
        ({"decks": True}, "option 'decks' of tractor must be a whole number"),
        ({"decks": 4}, "option 'decks' of tractor must be between 2 and 3 (got 4)"),
        ({"kitty_size": 0}, "option 'kitty_size' of tractor must be between 1 and 20 (got 0)"),
    ],
)
def test_r11_1_a_number_option_takes_a_whole_number_in_its_range(
    options: dict[str, Any], message: str
) -> None:
    """Through the API (not text) a number option refuses text and true/false too."""
    with pytest.raises(InvalidOption) as info:
        get_preset("tractor", **options)
    assert str(info.value) == message


# --- Refusals word for word -------------------------------------------------------------
# Each refusal below is checked against its whole text and its rule, not just its type or
# part of its message: a player reads that text, and a mutant that rewrites it (or drops
# its rule) must fail a test. A refused action leaves the round exactly as it was.

TRACTOR = PRESETS["tractor"]
QIDONG = PRESETS["qidong"]
SHANDONG = PRESETS["shandong"]


def cards_of(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def malformed(cls: Any, *fields: Any) -> Any:
    """An action whose fields have the wrong types, as a buggy client may send one."""
    return cls(*fields)


def dealing_round() -> Round:
    """A tractor round 2 (banker seat 0 known) with ten cards dealt (R-8.1)."""
    rnd = Round(TRACTOR, seed=5, number=2, levels=(0,) * 4, banker=0)
    for _ in range(10):
        rnd.deal_card()
    return rnd


def bidding_round() -> Round:
    """The same round with every card dealt: the closing bid window is open (R-8.1)."""
    rnd = Round(TRACTOR, seed=5, number=2, levels=(0,) * 4, banker=0)
    rnd.deal_all()
    assert (rnd.phase, rnd.to_act) == (Phase.BID, 1)
    return rnd


def playing_round() -> Round:
    """A tractor position at the first trick: seat 0, the banker, leads (R-6.5)."""
    return Round.from_hands(
        TRACTOR, ["AS KS", "QS JS", "9S 8S", "7S 6S"], level_rank="2", trump_suit="H", banker=0
    )


def following_round() -> Round:
    """The same position after seat 0 has led its ♠A: seat 1 follows a single."""
    rnd = playing_round()
    rnd.apply(0, Play(cards_of("AS")))
    return rnd


def shandong_burying() -> Round:
    """`shandong` round 1: seat 1 declares ♥ with 小王 ♥7 ♥7, hidden (R-8.4), everyone
    passes, and seat 3, the banker's partner, is to bury the kitty."""
    deck = arranged_deck(4, 2, 26, {1: "LJ 7H 7H 9S", 3: "9H 4C 6D 8D 10C"})
    rnd = Round(SHANDONG, deck=deck, dealer=0, seed=3)
    while rnd.dealt < rnd.cards_to_deal - 1:
        rnd.deal_card()
    rnd.apply(1, Bid(cards_of("LJ 7H 7H"), "liang"))
    rnd.deal_card()
    while rnd.phase is Phase.BID:
        seat = rnd.to_act
        assert seat is not None
        rnd.apply(seat, Pass())
    assert (rnd.phase, rnd.to_act, rnd.declarer) == (Phase.BURY, 3, 1)
    return rnd


def shandong_swapping() -> Round:
    """Seat 3 has buried its ♥9: the declarer, seat 1, may swap with the kitty (R-8.4)."""
    rnd = shandong_burying()
    rnd.apply(3, Bury(cards_of("9H 4C 6D 8D")))
    assert (rnd.phase, rnd.to_act) == (Phase.SWAP, 1)
    return rnd


# Seat 2's `qidong` hand: pairs but for its last two cards; the kitty is four pairs.
CALLER_HAND = "2S 2S AS AS KS KS QS QS JS JS AH AH KH KH QH QH JH JH"
CALLER_KITTY = "AC AC KC KC AD AD KD KD"


def qidong_calling(last_two: str, bury: str, callable_cards: str) -> Round:
    """`qidong`: seat 2 bids a pair of ♠2 (R-8.3), takes the kitty, buries ``bury`` and is
    to call a friend: one of ``callable_cards``, or 独打 (R-9.2)."""
    deck = arranged_deck(5, 2, 20, {2: f"{CALLER_HAND} {last_two}"}, CALLER_KITTY)
    rnd = Round(QIDONG, deck=deck, dealer=0)
    rnd.deal_all()
    while rnd.phase is Phase.BID:
        seat = rnd.to_act
        assert seat is not None
        rnd.apply(seat, Bid.parse("2S 2S") if seat == 2 and not rnd.bids else Pass())
    assert (rnd.banker, rnd.phase, rnd.to_act) == (2, Phase.BURY, 2)
    rnd.apply(2, Bury(cards_of(bury)))
    assert (rnd.phase, rnd.to_act) == (Phase.CALL, 2)
    calls = [CallFriend(card) for card in cards_of(callable_cards)]
    assert rnd.view(2).legal_friend_calls() == [*calls, CallFriend(solo=True)]
    return rnd


STAGES: dict[str, Callable[[], Round]] = {
    "dealing": dealing_round,
    "bidding": bidding_round,
    "burying": shandong_burying,
    "swapping": shandong_swapping,
    # Singles left: ♥10 and ♦3 (twins out), ♠Q and ♣A (twins buried).
    "calling": lambda: qidong_calling("10H 3D", "AC KC KC AD AD KD KD QS", "10H 3D"),
    # Only pairs left: no card can be called.
    "calling, only pairs": lambda: qidong_calling("10H 10H", CALLER_KITTY, ""),
    "playing": playing_round,
    "following": following_round,
}

LATE_PASS = "R-8.1: passing is only for the closing bid window"
EARLY_PLAY = "not the time to play cards"
NO_SWAP = "R-8.4: not the time to swap with the kitty"
DECLARER_SWAPS = "R-8.4: only the declarer swaps with the kitty"
NOT_PAIRS = "swaps must be a list of (hand card, kitty card) pairs"
NO_CALL = "R-9.1: not the time to call a friend"
BANKER_CALLS = "R-9.1: only the banker calls the friend"
NOT_BOTH = "R-9.2: call a card or go solo, not both"
NOT_A_SINGLE = "R-9.2: call a card you hold exactly once whose twin is not buried"
NO_SINGLE = "R-9.2: you hold no single whose twin is out: you must go solo (独打)"
NOT_CARDS = "play must be a list of cards"
NOT_UNITS = "units must be a list of card lists"

# (stage, seat, action, error class, full text, rule)
REFUSALS: list[tuple[str, int, Any, type[IllegalAction], str, str | None]] = [
    # R-8.1: passing belongs to the closing window, not to the deal or the play.
    ("dealing", 1, Pass(), WrongPhase, LATE_PASS, "R-8.1"),
    ("playing", 0, Pass(), WrongPhase, LATE_PASS, "R-8.1"),
    # R-8.1: the closing window polls one seat at a time, for a bid as for a pass.
    ("bidding", 2, Pass(), NotYourTurn, "R-8.1: seat 1 is polled now", "R-8.1"),
    ("bidding", 3, Bid(cards_of("2H")), NotYourTurn, "R-8.1: seat 1 is polled now", "R-8.1"),
    # R-6.5: the first trick starts once the kitty is done with, not while dealing or burying.
    ("dealing", 0, Play(cards_of("AS")), WrongPhase, EARLY_PLAY, None),
    ("bidding", 1, Play(cards_of("AS")), WrongPhase, EARLY_PLAY, None),
    ("burying", 3, Play(cards_of("4C")), WrongPhase, EARLY_PLAY, None),
    # R-7.1: as many cards are buried as the kitty holds, all of them held.
    (
        "burying",
        3,
        Bury(cards_of("9H 4C 6D")),
        IllegalAction,
        "R-7.1: bury exactly 4 cards (got 3)",
        "R-7.1",
    ),
    (
        "burying",
        3,
        Bury(cards_of("9H 4C 6D 8D 10C")),
        IllegalAction,
        "R-7.1: bury exactly 4 cards (got 5)",
        "R-7.1",
    ),
    ("burying", 3, Bury(cards_of("9H 4C 6D 7H")), IllegalAction, "you do not hold 1× ♥7", None),
    (
        "burying",
        1,
        Bury(cards_of("LJ 7H 7H 9S")),
        NotYourTurn,
        "R-7.1: seat 3 buries the kitty",
        "R-7.1",
    ),
    # R-8.4: only the declarer swaps, and only between the burial and the reveal.
    ("bidding", 1, Swap(()), WrongPhase, NO_SWAP, "R-8.4"),
    ("burying", 1, Swap(()), WrongPhase, NO_SWAP, "R-8.4"),
    ("swapping", 3, Swap(()), NotYourTurn, DECLARER_SWAPS, "R-8.4"),
    ("swapping", 1, malformed(Swap, "9S 9H"), MalformedAction, NOT_PAIRS, None),
    ("swapping", 1, malformed(Swap, None), MalformedAction, NOT_PAIRS, None),
    # R-9.1: the banker calls, after the burial.
    ("burying", 1, CallFriend(Card("AS")), WrongPhase, NO_CALL, "R-9.1"),
    ("playing", 0, CallFriend(solo=True), WrongPhase, NO_CALL, "R-9.1"),
    ("calling", 3, CallFriend(Card("10H")), NotYourTurn, BANKER_CALLS, "R-9.1"),
    (
        "calling",
        2,
        malformed(CallFriend, None, "yes"),
        MalformedAction,
        "solo must be true or false",
        None,
    ),
    (
        "calling",
        2,
        malformed(CallFriend, 99),
        MalformedAction,
        "called card: 99 is not a card",
        None,
    ),
    # R-9.2: a card held exactly once whose twin is not buried, or 独打, not both.
    ("calling", 2, CallFriend(Card("3D"), solo=True), IllegalAction, NOT_BOTH, "R-9.2"),
    ("calling", 2, CallFriend(Card("AS")), IllegalAction, NOT_A_SINGLE, "R-9.2"),  # held twice
    ("calling", 2, CallFriend(Card("QS")), IllegalAction, NOT_A_SINGLE, "R-9.2"),  # twin buried
    ("calling", 2, CallFriend(Card("9C")), IllegalAction, NOT_A_SINGLE, "R-9.2"),  # not held
    ("calling, only pairs", 2, CallFriend(Card("AS")), IllegalAction, NO_SINGLE, "R-9.2"),
    # R-8.1, R-7.1: bids end with the closing window, the burial comes before the play.
    ("playing", 0, Bid(cards_of("2H")), WrongPhase, "R-8.1: bidding is over", "R-8.1"),
    ("playing", 0, Bury(cards_of("AS")), WrongPhase, "R-7.1: not the time to bury", "R-7.1"),
    (
        "swapping",
        1,
        malformed(Swap, [["9S", "9H", "AS"]]),
        MalformedAction,
        "each swap is (hand card, kitty card)",
        None,
    ),
    # R-1.2: the seats are 0 … P−1 (bools are not seats); an action is one of the kinds.
    ("playing", 9, Play(cards_of("AS")), MalformedAction, "no seat 9 in a 4-player game", None),
    ("playing", 4, Play(cards_of("AS")), MalformedAction, "no seat 4 in a 4-player game", None),
    # R-6.4: the seat after the trick's last player plays next; R-4.1: a play has cards.
    ("playing", 1, Play(cards_of("QS")), NotYourTurn, "R-6.4: seat 0 is to play", "R-6.4"),
    ("playing", 0, Play(()), IllegalAction, "R-4.1: play at least one card", "R-4.1"),
    # R-5.1: a follow has as many cards as the lead, also in the led suit.
    (
        "following",
        1,
        Play(cards_of("QS JS")),
        IllegalAction,
        "R-5.1: play exactly 1 cards, as many as the lead",
        "R-5.1",
    ),
    (
        "playing",
        True,
        Play(cards_of("AS")),
        MalformedAction,
        "no seat True in a 4-player game",
        None,
    ),
    ("playing", 0, "play AS", MalformedAction, "unknown action 'play AS'", None),
    # A bid, a burial and a swap are card lists too; the refusal names which was wrong.
    ("dealing", 1, malformed(Bid, "2H"), MalformedAction, "bid must be a list of cards", None),
    (
        "burying",
        3,
        malformed(Bury, ["9H", "1X"]),
        MalformedAction,
        "burial: '1X' is not a card",
        None,
    ),
    (
        "swapping",
        1,
        malformed(Swap, [["9S", "1X"]]),
        MalformedAction,
        "swap: '1X' is not a card",
        None,
    ),
    # R-4.1, R-4.2: a play is a list of cards; a leader names a throw's units as card lists.
    ("playing", 0, malformed(Play, "AS"), MalformedAction, NOT_CARDS, None),
    ("playing", 0, malformed(Play, None), MalformedAction, NOT_CARDS, None),
    (
        "playing",
        0,
        malformed(Play, ["AS", "1X"]),
        MalformedAction,
        "play: '1X' is not a card",
        None,
    ),
    ("playing", 0, malformed(Play, ["AS", 99]), MalformedAction, "play: 99 is not a card", None),
    ("playing", 0, malformed(Play, [True]), MalformedAction, "play: True is not a card", None),
    ("playing", 0, malformed(Play, cards_of("AS KS"), "AS KS"), MalformedAction, NOT_UNITS, None),
    ("playing", 0, malformed(Play, cards_of("AS"), 7), MalformedAction, NOT_UNITS, None),
    (
        "playing",
        0,
        malformed(Play, cards_of("AS"), [["AS", 54]]),
        MalformedAction,
        "unit: 54 is not a card",
        None,
    ),
]


@pytest.mark.rules(
    "R-1.2", "R-4.1", "R-4.2", "R-6.4", "R-6.5", "R-7.1", "R-8.1", "R-8.4", "R-9.1", "R-9.2"
)
@pytest.mark.parametrize(("stage", "seat", "action", "kind", "message", "rule"), REFUSALS)
def test_a_refused_action_says_why_in_full_and_changes_nothing(
    stage: str, seat: int, action: Any, kind: type[IllegalAction], message: str, rule: str | None
) -> None:
    """Every refusal of an action names what is wrong, and the rule that forbids it when
    one does (then it reads "R-x.y: …"); the round is left exactly as it was."""
    rnd = STAGES[stage]()
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(seat, action)
    assert type(info.value) is kind
    assert (str(info.value), info.value.rule) == (message, rule)
    assert rnd.to_json() == before


@pytest.mark.rules("R-9.2")
@pytest.mark.parametrize(
    ("call", "step"),
    [
        (CallFriend(Card("10H")), {"card": "10H", "solo": False}),
        (CallFriend(solo=True), {"card": None, "solo": True}),
    ],
)
def test_r9_2_the_call_is_announced_and_recorded(call: CallFriend, step: dict[str, Any]) -> None:
    """`qidong`: seat 2 calls its single ♥10 and the holder of the twin is the friend, or
    seat 2 goes solo; all are told the call and the history keeps it."""
    rnd = STAGES["calling"]()
    twin_holder = next(s for s in range(5) if s != 2 and rnd.hands[s][Card("10H")])
    friend = None if call.solo else twin_holder
    events = rnd.apply(2, call)
    assert events == [FriendCalled(2, call.card, call.solo, rnd.event_count)]
    assert (rnd.friend, rnd.solo, rnd.phase, rnd.to_act) == (friend, call.solo, Phase.PLAY, 2)
    assert rnd.history()[-1] == {"kind": "call_friend", **step, "seat": 2}


@pytest.mark.rules("R-8.4")
def test_r8_4_a_swap_is_announced_and_the_suit_revealed() -> None:
    """`shandong`: the declarer, seat 1, swaps its ♠9 for the buried ♥9, a trump of the
    same rank: its hand gains the ♥9 and loses the ♠9; everyone is told how many swaps
    (only seat 1 which), then the trump suit ♥ and the face-down pair."""
    rnd = shandong_swapping()
    before = list(rnd.hands[1])
    events = rnd.apply(1, Swap(((Card("9S"), Card("9H")),)))
    seq = rnd.event_count
    assert events == [
        Swapped(1, ((Card("9S"), Card("9H")),), 1, seq - 1),
        TrumpRevealed(1, 1, cards_of("7H 7H"), seq),
    ]
    changed = {
        c: rnd.hands[1][c] - before[c] for c in range(len(before)) if rnd.hands[1][c] != before[c]
    }
    assert changed == {Card("9S"): -1, Card("9H"): 1}
    assert rnd.history()[-1] == {"kind": "swap", "pairs": [["9S", "9H"]], "seat": 1}


@pytest.mark.rules("R-4.1")
def test_an_action_of_a_subclass_is_taken_as_its_kind() -> None:
    """A client's own subclass of Play (one that carries a note, say) plays its cards."""

    class NotedPlay(Play):
        note = "from the client"

    rnd = playing_round()
    rnd.apply(0, NotedPlay(cards_of("AS")))
    assert [(p.seat, p.cards) for p in rnd.current] == [(0, cards_of("AS"))]


@pytest.mark.rules("R-1.2")
@pytest.mark.parametrize("seat", [4, -1, True])
def test_r1_2_a_view_of_no_seat_is_refused(seat: Any) -> None:
    with pytest.raises(MalformedAction) as info:
        playing_round().view(seat)
    assert str(info.value) == f"no seat {seat!r} in a 4-player game"


@pytest.mark.rules("R-4.1")
@pytest.mark.parametrize("name", ["2S", "AS", "BJ"])  # ids 0, 12 and 53
def test_r4_1_a_play_may_name_its_cards_by_id_notation_or_card(name: str) -> None:
    """Card ids 0 … 53 (both ends included), notation and Card objects name the same
    cards."""
    card = Card(name)
    for cards in ([int(card)], [name], [card]):
        rnd = Round.from_hands(
            TRACTOR,
            ["2S AS BJ", "QS JS 10S", "9S 8S 7S", "6S 5S 4S"],
            level_rank="3",
            trump_suit="H",
            banker=0,
        )
        rnd.apply(0, malformed(Play, cards))
        assert rnd.current[0].cards == (card,)


@pytest.mark.rules("R-8.1")
@pytest.mark.parametrize("stage", ["bidding", "burying", "calling", "playing"])
def test_r8_1_no_card_is_dealt_after_the_last(stage: str) -> None:
    """R-8.1: the deal ends with the last card; asking for another changes nothing."""
    rnd = STAGES[stage]()
    before = rnd.to_json()
    with pytest.raises(WrongPhase) as info:
        rnd.deal_card()
    assert (str(info.value), info.value.rule) == ("all cards are dealt", None)
    assert rnd.to_json() == before


@pytest.mark.rules("R-6.4", "R-4.1")
@pytest.mark.parametrize(
    ("stage", "seat", "cards", "message"),
    [
        ("playing", 1, "QS", "it is not your turn to play"),  # seat 0 leads
        ("bidding", 1, "AS", "it is not your turn to play"),  # no trick yet
        ("swapping", 1, "9S", "it is not your turn to play"),
        ("playing", 0, "QS", "you do not hold those cards"),
        ("playing", 0, "AS AS", "you do not hold those cards"),  # one ♠A only
        ("playing", 0, "", "you do not hold those cards"),  # a play has cards (R-4.1)
    ],
)
def test_a_seat_view_says_why_it_may_not_play(
    stage: str, seat: int, cards: str, message: str
) -> None:
    """A seat's view refuses a play out of turn (R-6.4) or of cards it does not hold, with
    no rule named; the round refuses the same play."""
    rnd = STAGES[stage]()
    error = rnd.view(seat).play_error(parse_cards(cards))
    assert error is not None
    assert (str(error), error.rule) == (message, None)
    with pytest.raises(IllegalAction):
        rnd.apply(seat, Play(cards_of(cards)))


@pytest.mark.rules("R-1.1", "R-1.2", "R-1.4")
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"dealer": 4}, "dealer and banker must be seats"),  # R-1.2: seats 0 … 3
        ({"dealer": -1}, "dealer and banker must be seats"),
        ({"banker": 4, "levels": (0,) * 4}, "dealer and banker must be seats"),
        ({"banker": -1, "levels": (0,) * 4}, "dealer and banker must be seats"),
        # R-1.1: two decks, each card exactly twice.
        ({"deck": full_deck(2)[1:]}, "deck is not a full set of cards for this preset"),
        ({"deck": full_deck(3)}, "deck is not a full set of cards for this preset"),
        ({"deck": [0] * 108}, "deck is not a full set of cards for this preset"),
        # R-1.4: the level rank is the banker's level; without one, every seat's.
        ({"levels": (0, 1, 0, 0)}, "without a banker every seat must be at the same level"),
    ],
)
def test_a_round_refuses_seats_decks_and_levels_it_cannot_deal(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError) as info:
        Round(TRACTOR, seed=1, **options)
    assert str(info.value) == message


@pytest.mark.parametrize("since", [-1, True, 1.5, "3", None])
def test_events_since_must_be_a_sequence_number(since: Any) -> None:
    """The event log of the deal (R-8.1) is read from a sequence number ≥ 0, for the whole
    round and for one seat alike."""
    rnd = dealing_round()
    before = rnd.to_json()
    for read in (rnd.events, lambda since: rnd.events_for(0, since)):
        with pytest.raises(ValueError) as info:
            read(since)
        assert str(info.value) == "since is a sequence number ≥ 0"
    assert rnd.to_json() == before
    assert len(rnd.events(0)) == rnd.event_count and rnd.events(rnd.event_count) == []


@pytest.mark.rules("R-11.2", "R-9.5")
def test_a_match_has_rounds_finished_once_in_order_and_then_ends() -> None:
    """R-11.2: a series is a set number (≥ 1) of rounds; each is counted once, when it is
    over, and no round follows the last one."""
    with pytest.raises(ValueError) as info:
        Match(TRACTOR, seed=1, rounds=0)
    assert str(info.value) == "a match has at least one round"
    with pytest.raises(ValueError) as info:
        Match(get_preset("zhaopengyou"), seed=1)  # a called friend: no fixed side wins a series
    assert str(info.value) == "zhaopengyou matches have no natural end: give a number of rounds"
    match = Match(TRACTOR, seed=1, rounds=1)
    rnd = match.new_round()
    with pytest.raises(ValueError) as info:
        match.finish_round(rnd)
    assert str(info.value) == "the round is not finished"
    assert match.played == [] and match.totals == [0] * 4
    for _ in drive(rnd, 1):
        pass
    match.finish_round(rnd)
    totals = list(match.totals)
    assert match.over and match.played == [rnd]
    with pytest.raises(ValueError) as info:
        match.finish_round(rnd)  # the same round again
    assert str(info.value) == "rounds must be finished in order"
    assert match.played == [rnd] and match.totals == totals
    with pytest.raises(ValueError) as info:
        match.new_round()
    assert str(info.value) == "the match is over"


@pytest.mark.rules("R-1.1", "R-9.7", "R-11.1")
@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        (  # R-1.1: 3 × 54 − 7 = 155 cards for 4 hands
            "tractor",
            {"decks": 3, "kitty_size": 7},
            "3 decks with a kitty of 7 cannot be dealt evenly to 4 players; with 3 decks "
            "kitty_size may be 2, 6, 10, 14, 18",
        ),
        (  # 2 × 54 − 7 = 101: the kitty must leave a multiple of 4, up to the top size 20
            "tractor",
            {"decks": 2, "kitty_size": 7},
            "2 decks with a kitty of 7 cannot be dealt evenly to 4 players; with 2 decks "
            "kitty_size may be 4, 8, 12, 16, 20",
        ),
        (
            "zhaopengyou",
            {"kitty_size": 8},
            "3 decks with a kitty of 8 cannot be dealt evenly to 5 players; with 3 decks "
            "kitty_size may be 2, 7, 12, 17",
        ),
        (
            "tractor",
            {"colour": "red"},
            "tractor has no option 'colour'; options: decks, kitty_size, partner, throw_penalty",
        ),
        ("qidong", {"decks": 3}, "qidong has no option 'decks'; options: throw_penalty"),
        ("shandong", {"feng_j": False}, "option 'j_to_6' of shandong needs 'feng_j' (R-9.7)"),
    ],
)
def test_r11_1_a_room_with_options_that_cannot_be_played_is_refused(
    name: str, options: dict[str, Any], message: str
) -> None:
    """R-11.1: a room's options must exist for its preset, deal evenly (R-1.1), and J到6
    needs 逢J必打 (R-9.7)."""
    with pytest.raises(InvalidOption) as info:
        get_preset(name, **options)
    assert str(info.value) == message


def documented_options() -> list[tuple[str, str, str, str, str]]:
    """The rows of docs/rules.md § Options: preset, option, values, default, meaning."""
    text = (Path(__file__).parents[2] / "docs" / "rules.md").read_text(encoding="utf-8")
    table = text.split("### Options", 1)[1].split("\n\n")[2]
    rows = [line.strip("|").split(" | ") for line in table.splitlines()[2:]]
    return [tuple(cell.strip().strip("`") for cell in row) for row in rows]  # type: ignore[misc]


def shown_values(spec: OptionSpec) -> str:
    if spec.choices == (True, False) or spec.choices == (False, True):
        return "true / false"
    if spec.choices is not None:
        return "`, `".join(spec.choices)
    if spec.maximum == spec.minimum + 1:  # type: ignore[operator]
        return f"{spec.minimum} or {spec.maximum}"
    return f"{spec.minimum} … {spec.maximum}"


@pytest.mark.rules("R-11.1")
def test_r11_1_every_option_is_documented_as_the_engine_offers_it() -> None:
    """docs/rules.md lists each preset's options with their values, default and meaning
    (the help text players see, naming the rule it changes); the engine offers exactly
    those."""
    offered = []
    for name in ("zhaopengyou", "tractor", "qidong", "shandong"):
        preset = get_preset(name)
        for spec in preset.OPTION_SPECS:
            default = preset.options[spec.name]
            shown = str(default).lower() if isinstance(default, bool) else str(default)
            offered.append((name, spec.name, shown_values(spec), shown, spec.help))
    assert documented_options() == offered


@pytest.mark.rules("R-8.1", "R-8.4", "R-9.1", "R-6.5")
@pytest.mark.parametrize("stage", list(STAGES))
def test_a_view_offers_actions_only_to_the_seat_whose_turn_it_is(stage: str) -> None:
    """Plays, swaps and friend calls belong to the seat to act in their phase; bids to
    any seat during the deal, to the polled seat in the closing window (R-8.1), and
    never to a spectator."""
    rnd = STAGES[stage]()
    for seat in range(rnd.preset.players):
        view = rnd.view(seat)
        acts = seat == rnd.to_act
        assert bool(list(view.legal_plays())) == (rnd.phase is Phase.PLAY and acts)
        assert bool(view.legal_swaps()) == (rnd.phase is Phase.SWAP and acts)
        assert bool(view.legal_friend_calls()) == (rnd.phase is Phase.CALL and acts)
        if rnd.phase is not Phase.DEAL and not (rnd.phase is Phase.BID and acts):
            assert view.legal_bids() == []
    assert rnd.spectator_view().legal_bids() == []


@pytest.mark.parametrize("error_type", [IllegalAction, InvalidOption])
def test_an_error_without_fields_keeps_its_template_word_for_word(error_type: type) -> None:
    """A template is filled in only when it has fields, as `tr` does with its
    translation, so the English text and a translated one never disagree on braces."""
    text = "a {name} with no fields given"
    error = error_type(text)
    assert (str(error), error.template, error.params) == (text, text, {})
    assert tr(text, "zh-Hans") == text  # no catalog entry: the msgid, also unfilled
    filled = error_type(text, name="template")
    assert str(filled) == "a template with no fields given"


@pytest.mark.rules("R-7.1")
@pytest.mark.parametrize(
    ("name", "decks", "usual", "given"),
    [
        ("zhaopengyou", 2, 8, 13),
        ("zhaopengyou", 3, 7, 12),
        ("tractor", 3, 6, 10),
        ("tractor", 2, 8, 12),
    ],
)
def test_changing_the_decks_alone_picks_a_kitty_that_deals_evenly(
    name: str, decks: int, usual: int, given: int
) -> None:
    """With only `decks` changed the kitty takes the size that leaves every seat an equal
    hand (RULES.md's table: 找朋友 7 at 3 decks, `tractor` 8 at 2); a kitty size given too
    is kept."""
    preset = get_preset(name).with_options(decks=decks)
    assert (preset.decks, preset.kitty_size) == (decks, usual)
    assert (54 * decks - usual) % preset.players == 0
    assert get_preset(name).with_options(decks=decks, kitty_size=given).kitty_size == given

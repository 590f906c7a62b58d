"""Rules that had no test naming them (issue 13, tools/rules_coverage.py): R-1.2, the
play order, R-5.4, the void follower's free choice, and R-11.1, a room's options as typed
on a command line."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import pytest

from zhaopengyou.engine import (
    IllegalAction,
    InvalidOption,
    NotYourTurn,
    Pass,
    Phase,
    Play,
    Preset,
    Round,
    get_preset,
    parse_cards,
    parse_option_values,
)
from zhaopengyou.engine.events import BidMade, CardDealt, CardsPlayed, Passed
from zhaopengyou.i18n import tr

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
            choice = tuple(rng.sample(hand, size))
            twin.apply(seat, Play(choice))
            made = twin.current[-1] if twin.current else twin.tricks[-1].plays[-1]
            assert Counter(made.cards) == Counter(choice)
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

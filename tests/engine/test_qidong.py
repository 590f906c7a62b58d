"""The `qidong` preset (启东招朋友, seed 001): R-3.4, R-4.4, R-6.1/6.2, R-7.2, R-8.3,
R-9.2, R-9.4, R-10.2."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pytest

from zhaopengyou.engine import (
    Bid,
    Bury,
    CallFriend,
    IllegalAction,
    Pass,
    Phase,
    Play,
    Round,
    get_preset,
)
from zhaopengyou.engine.bidding import QidongBidding
from zhaopengyou.engine.cards import Card, parse_cards
from zhaopengyou.engine.events import Event, KittyTurned, Redealt, ThrowFailed, TrumpDecided
from zhaopengyou.engine.table import Band
from zhaopengyou.engine.tricks import PlayRank
from zhaopengyou.engine.units import PAIR, SINGLE, Shape

from .conftest import arranged_deck, ordering, refused_bid

QIDONG = get_preset("qidong")
TRACTOR2 = Shape("tractor", 2, 2)
DIAMONDS = 3


def test_preset_shape() -> None:
    assert (QIDONG.players, QIDONG.decks, QIDONG.hand_size, QIDONG.kitty_size) == (5, 2, 20, 8)
    rnd = Round(QIDONG, seed=1, dealer=3)
    assert rnd.level_rank == 0 and rnd.levels_before is None  # always 2, no levels


def dealt(wants: dict[int, str], kitty: str = "", last_card: bool = False) -> Round:
    deck = arranged_deck(5, 2, 20, wants, kitty)
    rnd = Round(QIDONG, deck=deck, dealer=0)
    while rnd.dealt < rnd.cards_to_deal - (0 if last_card else 1):
        rnd.deal_card()
    return rnd


def test_bid_order_single_two_then_pairs_by_suit_then_jokers() -> None:
    rnd = dealt({0: "2D 2D", 1: "2C 2C 2H", 2: "2H 2S 2S", 3: "LJ LJ", 4: "BJ BJ"})
    rnd.apply(1, Bid.parse("2H"))  # the first single 2 is a bid
    with pytest.raises(IllegalAction) as info:
        rnd.apply(2, Bid.parse("2H"))  # a later single cannot overcall it
    assert info.value.rule == "R-8.3"
    rnd.apply(0, Bid.parse("2D 2D"))
    with pytest.raises(IllegalAction):
        rnd.apply(0, Bid.parse("2D 2D"))  # nobody overcalls their own bid
    rnd.apply(1, Bid.parse("2C 2C"))
    rnd.apply(2, Bid.parse("2S 2S"))
    with pytest.raises(IllegalAction):
        rnd.apply(1, Bid.parse("2C 2C"))  # ♣ pair is below ♠ pair
    rnd.apply(3, Bid.parse("LJ LJ"))
    rnd.apply(4, Bid.parse("BJ BJ"))
    assert rnd.bid_count == 6
    rnd.deal_card()
    while rnd.phase is Phase.BID:
        assert rnd.to_act is not None
        rnd.apply(rnd.to_act, Pass())
    assert rnd.banker == 4 and rnd.trump_suit is None  # last bidder; joker pair: no-trump


def test_pair_of_twos_names_its_suit() -> None:
    rnd = dealt({2: "2H 2H"})
    rnd.apply(2, Bid.parse("2H 2H"))
    rnd.deal_card()
    events: list[Event] = []
    while rnd.phase is Phase.BID:
        assert rnd.to_act is not None
        events += rnd.apply(rnd.to_act, Pass())
    assert (rnd.banker, rnd.trump_suit, rnd.bid_count) == (2, 1, 1)
    decided = next(e for e in events if isinstance(e, TrumpDecided))
    assert (decided.banker, decided.trump_suit, decided.source) == (2, 1, "bid")


@pytest.mark.parametrize(
    "cards",
    ["2H 2S", "2H 2H 2H", "LJ", "LJ BJ", "3H", "3H 3H", "2H 2H 2S 2S"],
)
def test_a_bid_that_is_not_a_two_or_a_pair_is_refused_for_its_shape(cards: str) -> None:
    """R-8.3: only a single 2, a pair of like 2s or a pair of like jokers is a bid; a
    triple is refused for its shape before anyone asks whether it could be held."""
    rnd = dealt({0: "2H 2H 2S 2S LJ BJ 3H 3H"})
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(0, Bid.parse(cards))
    assert (str(info.value), info.value.rule) == (
        "R-8.3: a bid is a single 2, a pair of 2s or a pair of jokers",
        "R-8.3",
    )
    assert rnd.to_json() == before


HIGHER = (
    "R-8.3: a new bid must be higher: single 2 < pairs of ♦2 ♣2 ♥2 ♠2 < small jokers "
    "< big jokers (a later single 2 cannot overcall the first)"
)


@pytest.mark.parametrize(
    ("earlier", "seat", "cards", "message"),
    [
        ([], 0, "2D", "R-8.3: you do not hold the cards you bid"),
        ([], 0, "LJ LJ", "R-8.3: you do not hold the cards you bid"),
        ([(0, "2H")], 0, "2H 2H", "R-8.3: nobody may overcall their own bid"),
        ([(0, "2H")], 1, "2S", HIGHER),
        ([(0, "2H 2H")], 1, "2D 2D", HIGHER),
        ([(1, "LJ LJ")], 0, "2H 2H", HIGHER),
    ],
)
def test_a_refused_bid_says_why(
    earlier: list[tuple[int, str]], seat: int, cards: str, message: str
) -> None:
    err = refused_bid(dealt({0: "2H 2H", 1: "2S LJ LJ 2D 2D"}), earlier, seat, cards)
    assert (str(err), err.rule) == (message, "R-8.3")


def test_bid_strengths_are_the_documented_scale() -> None:
    """`QidongBidding.strength`: 1 for a single 2, 2–5 for pairs of ♦2 ♣2 ♥2 ♠2, 6/7
    for a pair of 小王/大王, None for anything else."""
    rules = cast(QidongBidding, QIDONG.bidding)  # the qidong preset's, by construction
    strength = type(rules).strength
    scale = ["2S", "2D 2D", "2C 2C", "2H 2H", "2S 2S", "LJ LJ", "BJ BJ"]
    assert [strength(parse_cards(cards), 0) for cards in scale] == [1, 2, 3, 4, 5, 6, 7]
    assert strength(parse_cards("2H 2H"), 1) is None  # not the level rank
    assert strength(parse_cards("BJ"), 0) is None and strength([], 0) is None


def test_no_bid_turns_the_kitty_to_the_first_card_without_its_twin() -> None:
    rnd = dealt({3: "7C"}, kitty="5S 5S 7C KD KD 3H 3H 9D", last_card=True)
    events: list[Event] = []
    while rnd.phase is Phase.BID:
        assert rnd.to_act is not None
        events += rnd.apply(rnd.to_act, Pass())
    turned = next(e for e in events if isinstance(e, KittyTurned))
    assert [c.ascii for c in turned.cards] == ["5S", "5S", "7C"]
    assert rnd.trump_suit == 2 and rnd.banker == 3  # ♣, the holder of the twin ♣7
    decided = next(e for e in events if isinstance(e, TrumpDecided))
    assert (decided.banker, decided.trump_suit, decided.source) == (3, 2, "kitty")
    assert rnd.bid_count == 1  # c = 1 when nobody bid


@pytest.mark.parametrize("joker", ["BJ", "LJ"])
def test_no_bid_joker_in_kitty_means_no_trump(joker: str) -> None:
    rnd = dealt({1: joker}, kitty=f"{joker} 4S 4S 6D 6D 8C 8C 9H", last_card=True)
    while rnd.phase is Phase.BID:
        assert rnd.to_act is not None
        rnd.apply(rnd.to_act, Pass())
    assert rnd.trump_suit is None and rnd.banker == 1


def test_no_bid_and_four_pairs_in_the_kitty_redeals() -> None:
    rnd = dealt({}, kitty="4S 4S 6D 6D 8C 8C 9H 9H", last_card=True)
    events: list[Event] = []
    while rnd.phase is Phase.BID:
        assert rnd.to_act is not None
        events += rnd.apply(rnd.to_act, Pass())
    assert any(isinstance(e, Redealt) for e in events)
    assert rnd.phase is Phase.DEAL and rnd.redeals == 1
    # the whole kitty was turned up before the redeal, and no trump was decided
    turned = next(e for e in events if isinstance(e, KittyTurned))
    assert " ".join(c.ascii for c in turned.cards) == "4S 4S 6D 6D 8C 8C 9H 9H"
    assert not any(isinstance(e, TrumpDecided) for e in events)


def setup_play(
    hands: list[str],
    *,
    banker: int = 0,
    friend: str | None = None,
    kitty: str = "",
    trump: str | None = "S",
    solo: bool = False,
    leader: int | None = None,
) -> Round:
    return Round.from_hands(
        QIDONG,
        hands,
        level_rank="2",
        trump_suit=trump,
        banker=banker,
        kitty=kitty,
        friend_call=friend,
        solo=solo,
        leader=leader,
    )


def test_friend_call_singles_twin_not_buried_and_solo() -> None:
    preset = QIDONG
    hand = [0] * 54
    for card in parse_cards("AH KH KH 9C 3D"):
        hand[card] += 1
    buried = tuple(parse_cards("9C"))
    calls = preset.legal_friend_calls(hand, buried)
    assert CallFriend(Card("AH")) in calls and CallFriend(Card("3D")) in calls
    assert CallFriend(Card("KH")) not in calls  # held twice
    assert CallFriend(Card("9C")) not in calls  # its twin is buried
    assert calls[-1] == CallFriend(solo=True)  # 独打 is always an option
    error = preset.friend_call_error(hand, buried, CallFriend(Card("KH")))
    assert error is not None and error.rule == "R-9.2"
    only_pairs = [0] * 54
    for card in parse_cards("AH AH"):
        only_pairs[card] += 1
    assert preset.legal_friend_calls(only_pairs, ()) == [CallFriend(solo=True)]
    assert "must go solo" in str(preset.friend_call_error(only_pairs, (), CallFriend(Card("AH"))))


def test_friend_is_the_twin_holder() -> None:
    rnd = setup_play(["AH 3C", "4C 5C", "6C 7C", "AH 8C", "9C JC"], friend="AH")
    assert rnd.friend == 3


def test_seed_001_trumping_examples() -> None:  # R-6.2 (qidong Decision)
    o = ordering("2", "S", "qidong")

    def rank(shapes: tuple[Shape, ...], play: str) -> PlayRank | None:
        return QIDONG.play_rank(shapes, DIAMONDS, parse_cards(play), o)

    ak5544 = (TRACTOR2, SINGLE, SINGLE)
    aa5544 = (TRACTOR2, PAIR)
    assert rank(ak5544, "9S 9S 8S 8S 7S 3S") is not None  # 998872 trumps AK5544
    assert rank(aa5544, "9S 9S 8S 8S 7S 3S") is None  # but not AA5544
    r977, r884 = rank((PAIR, SINGLE), "9S 7S 7S"), rank((PAIR, SINGLE), "8S 8S 4S")
    assert r977 is not None and r884 is not None and r884 > r977  # 884 over-trumps 977
    singles = (SINGLE, SINGLE, SINGLE)
    s977, s884 = rank(singles, "9S 7S 7S"), rank(singles, "8S 8S 4S")
    assert s977 is not None and s884 is not None and s977 > s884  # highest card decides


def test_trumping_counts_tractors_and_pairs_not_lengths() -> None:  # qidong Decision
    o = ordering("2", "S", "qidong")
    lead = (Shape("tractor", 2, 3),)  # ♦778899
    play = parse_cards("9S 9S 10S 10S 5S 5S")  # a 2-tractor and another pair
    assert QIDONG.play_rank(lead, DIAMONDS, play, o) is not None
    assert get_preset("tractor").play_rank(lead, DIAMONDS, play, o) is None  # general rule
    assert QIDONG.play_rank(lead, DIAMONDS, parse_cards("9S 9S JS JS 5S 5S"), o) is None


def test_r6_2_over_trumping_a_tractor_lead_compares_tractor_tops() -> None:  # qidong
    """Two trumpers on ♦778899: the higher tractor top wins, whatever else they hold."""
    o = ordering("2", "S", "qidong")
    lead = (Shape("tractor", 2, 3),)
    low = QIDONG.play_rank(lead, DIAMONDS, parse_cards("5S 5S 6S 6S 7S 7S"), o)
    high = QIDONG.play_rank(lead, DIAMONDS, parse_cards("9S 9S 10S 10S 4S 4S"), o)
    assert low is not None and high is not None
    assert high > low and not low > high


def test_r6_2_trumping_pairs_run_over_the_removed_level_rank() -> None:  # qidong, level 5
    """♠4♠4 ♠6♠6 are adjacent once ♠5 (the level card) leaves the suit (R-3.4), so with
    ♠5♠5 beside them the play holds a tractor and three pairs: it trumps ♦ 7788 + 99."""
    o = ordering("5", "S", "qidong")
    lead = (Shape("tractor", 2, 2), PAIR)
    rank = QIDONG.play_rank(lead, DIAMONDS, parse_cards("4S 4S 5S 5S 6S 6S"), o)
    assert rank is not None and rank.trump
    assert QIDONG.play_rank(lead, DIAMONDS, parse_cards("3S 3S 5S 5S 7S 7S"), o) is None


@pytest.mark.parametrize(
    ("shapes", "multiplier"),
    [
        ((SINGLE,) * 5, 2),
        ((PAIR, SINGLE, SINGLE, SINGLE), 4),
        ((PAIR, PAIR), 8),
        ((TRACTOR2,), 8),
        ((Shape("tractor", 2, 3), PAIR), 32),
    ],
)
def test_kitty_multiplier(shapes: tuple[Shape, ...], multiplier: int) -> None:  # qidong
    assert QIDONG.kitty_multiplier(shapes) == multiplier


def test_seed_001_score_example() -> None:  # 75 points after two bids
    band = QIDONG.band(75)
    assert band == Band("banker", 1)
    scores = QIDONG.round_scores(band, 0, (0, 2), None, penalties=[0] * 5, bid_count=2)
    assert scores == (4, -2, 2, -2, -2)


def test_round_scores_add_penalties_and_count_one_bid_by_default() -> None:
    """c is 1 unless given (R-8.3), and a seat's penalty is added to its score as in
    every preset; `qidong` itself charges a failed throw in X (R-4.4), not here."""
    band = QIDONG.band(75)
    scores = QIDONG.round_scores(band, 0, (0, 2), None, penalties=[-3, 0, 0, 0, -1])
    assert scores == (2 - 3, -1, 1, -1, -1 - 1)


def test_solo_counts_double() -> None:  # Decision
    band = QIDONG.band(130)
    assert band == Band("attackers", 1)
    assert QIDONG.round_scores(band, 1, (1,), None, solo=True, penalties=[0] * 5, bid_count=1) == (
        2,
        -8,
        2,
        2,
        2,
    )
    assert QIDONG.round_scores(
        Band("stepdown", 0), 1, (1,), None, solo=True, penalties=[0] * 5
    ) == (0, 0, 0, 0, 0)


def test_failed_throw_costs_five_points_a_card_in_x() -> None:  # qidong
    hands = ["AH AH KH 3C", "QH QH 3S 4S", "5C 6C 7C 8C", "9C JC QC KC", "4D 5D 6D 7D"]
    rnd = setup_play(hands, friend="5C")
    events = rnd.apply(0, Play.parse("AH AH KH"))
    assert not any(isinstance(e, ThrowFailed) for e in events)  # ♥QQ cannot beat ♥AA
    rnd = setup_play(
        ["AH KH KH 3C", "QH QH AS 4S", "5C 6C 7C 8C", "9C JC QC KC", "4D 5D 6D 7D"], friend="5C"
    )
    events = rnd.apply(0, Play.parse("AH KH KH"))  # ♥QQ does not beat ♥KK, ♥A is top
    assert not any(isinstance(e, ThrowFailed) for e in events)
    rnd = setup_play(
        ["KH QH QH 3C", "AH 4H 3S 4S", "5C 6C 7C 8C", "9C JC QC KC", "4D 5D 6D 7D"], friend="5C"
    )
    events = rnd.apply(0, Play.parse("KH QH QH"))  # ♥A beats the single ♥K
    # The banker's side failed a throw of 3 cards: +5·3 to the attackers' X.
    failed = [e for e in events if isinstance(e, ThrowFailed)]
    assert failed and [c.ascii for c in failed[0].forced] == ["KH"]
    assert rnd.point_adjustment == 15 and rnd.penalties == [0] * 5
    # An attacker (seat 1) who fails a throw loses 5·n from X.
    rnd = setup_play(
        ["3C 4C 5C 6C", "KH QH QH 3S", "AH 7C 8C 9C", "JC QC KC AC", "4D 5D 6D 7D"],
        friend="5C",
        banker=0,
        trump="D",
        leader=1,
    )
    rnd.apply(1, Play.parse("KH QH QH"))
    assert rnd.point_adjustment == -15


def test_a_full_solo_round_multiplies_by_the_bid_count() -> None:
    deck = arranged_deck(5, 2, 20, {2: "2S 2S BJ BJ LJ LJ AS AS AH AH AC AC AD AD"})
    rnd = Round(QIDONG, deck=deck, dealer=0)
    rnd.deal_all()
    while rnd.phase is Phase.BID:
        seat = rnd.to_act
        assert seat is not None
        if seat == 2 and not rnd.bids:
            rnd.apply(seat, Bid.parse("2S 2S"))
        else:
            rnd.apply(seat, Pass())
    assert rnd.banker == 2 and rnd.trump_suit == 0 and rnd.bid_count == 1
    view = rnd.view(2)
    rnd.apply(2, Bury(view.hand[:8]))
    rnd.apply(2, CallFriend(solo=True))
    assert rnd.friend is None and rnd.banker_side() == (2,)
    from zhaopengyou.bots import RandomBot
    from zhaopengyou.bots.runner import play_round

    play_round(rnd, [RandomBot(s) for s in range(5)])
    result = rnd.result
    assert result is not None and result.levels_after is None and result.next_banker is None
    k = result.band.k * {"banker": 1, "attackers": -1, "stepdown": 0}[result.band.side]
    assert result.scores == tuple(8 * k if s == 2 else -2 * k for s in range(5))


def test_points_shown_apart_until_the_friend_is_revealed() -> None:  # seed 001
    rnd = setup_play(["AH 3C", "KH 5C", "10H 6C", "AH 8C", "9H JC"], friend="AH", trump="S")
    for seat, text in [(0, "3C"), (1, "5C"), (2, "6C"), (3, "8C"), (4, "JC")]:
        rnd.apply(seat, Play.parse(text))
    board = rnd.view(2).scoreboard()
    assert board == [((0,), 0), ((1,), 0), ((2,), 0), ((3,), 0), ((4,), 5)]
    for seat, text in [(4, "9H"), (0, "AH"), (1, "KH"), (2, "10H"), (3, "AH")]:
        rnd.apply(seat, Play.parse(text))
    board = rnd.view(2).scoreboard()  # seat 3 played the twin ♥A: merged from now on
    assert board == [((0, 3), 20), ((1, 2, 4), 5)]


def _dealing() -> Round:
    rnd = Round(QIDONG, seed=1, dealer=0)
    rnd.deal_card()
    return rnd


def _solo_after_a_trick() -> Round:
    rnd = setup_play(["AH 3C", "KH 5C", "10H 6C", "9H 8C", "4H JC"], solo=True)
    for seat, text in [(0, "3C"), (1, "5C"), (2, "6C"), (3, "8C"), (4, "JC")]:
        rnd.apply(seat, Play.parse(text))  # seat 4's ♣J takes the ♣5
    return rnd


@pytest.mark.parametrize(
    ("situation", "expected"),
    [
        (_dealing, [((0,), 0), ((1,), 0), ((2,), 0), ((3,), 0), ((4,), 0)]),
        (_solo_after_a_trick, [((0,), 0), ((1, 2, 3, 4), 5)]),
    ],
    ids=["no banker yet", "solo"],
)
def test_scoreboard_before_bidding_and_for_a_solo_banker(
    situation: Callable[[], Round], expected: list[tuple[tuple[int, ...], int]]
) -> None:
    """Seed 001, R-9.2: no banker yet: every seat apart; 独打: the banker against the
    other four, as public as a revealed friend."""
    rnd = situation()
    for seat in range(5):
        assert rnd.view(seat).scoreboard() == expected

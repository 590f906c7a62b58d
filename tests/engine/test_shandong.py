"""The `shandong` preset (山东升级, seed 003): R-1.4 常主, R-2.2, R-3.5, R-3.6, R-4.5,
R-5.3, R-6.1, R-7.2, R-7.3, R-8.4, R-9.4, R-9.5, R-9.7."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, TypeVar, cast

import pytest

from zhaopengyou.engine import (
    Bid,
    Bury,
    GiveBack,
    IllegalAction,
    Pass,
    Phase,
    Play,
    Preset,
    Round,
    Swap,
    get_preset,
)
from zhaopengyou.engine.cards import RANK_NAMES, Card, format_cards, parse_cards
from zhaopengyou.engine.codec import DecodeError
from zhaopengyou.engine.declaring import ShandongBidding
from zhaopengyou.engine.events import (
    BidMade,
    CardDealt,
    DeclarationTaken,
    Event,
    TrumpDecided,
    TrumpRevealed,
    event_from_dict,
    event_to_dict,
    for_seat,
)
from zhaopengyou.engine.ordering import STRICT_RUNS, Ordering
from zhaopengyou.engine.shandong import (
    iter_shandong_follows,
    shandong_follow_error,
    shandong_unit,
)
from zhaopengyou.engine.table import Band
from zhaopengyou.engine.units import PAIR, SINGLE, Shape
from zhaopengyou.engine.wire import ViewDict

from .conftest import arranged_deck, counts, ordering, refusal

SHANDONG = get_preset("shandong")
FIXED = (0, 1, 3)
EventT = TypeVar("EventT", bound=Event)


def seen(event: EventT, seat: int) -> EventT:
    """``for_seat`` keeping the event's class: it only blanks the fields ``seat`` may not see."""
    return cast(EventT, for_seat(event, seat))


def o(level: str = "9", trump: str | None = "S") -> Ordering:
    return ordering(level, trump, "shandong", FIXED)


def name(text: str, level: str = "9", trump: str | None = "S") -> str | None:
    unit = shandong_unit(parse_cards(text), o(level, trump))
    return None if unit is None else unit.shape.name()


def test_preset_shape() -> None:  # seed 003
    assert (SHANDONG.players, SHANDONG.decks, SHANDONG.hand_size, SHANDONG.kitty_size) == (
        4,
        2,
        26,
        4,
    )
    assert [RANK_NAMES[r] for r in SHANDONG.ladder] == ["A", *RANK_NAMES[:12]]
    assert SHANDONG.options == {"dengsi": False, "feng_j": True, "j_to_6": True}
    rnd = Round(SHANDONG, seed=1)
    assert RANK_NAMES[rnd.level_rank] == "A"  # team levels start at A


def test_fixed_trumps_are_always_trump() -> None:
    order = o("9", "S")
    for text in ("2H", "3D", "5C", "LJ", "BJ", "9H", "AS"):
        assert order.is_trump(Card(text)), text
    assert not order.is_trump(Card("4H")) and not order.is_trump(Card("AH"))


def test_guafeng_consecutive_pairs_without_skipping() -> None:
    assert name("7H 7H 8H 8H") == "tractor×2"
    assert name("6H 6H 7H 7H 8H 8H 10H 10H") is None  # 9 is the level rank
    assert name("4H 4H 6H 6H") is None  # 5 is 常主: no skipping
    assert name("QH QH KH KH AH AH 2H 2H") is None  # A is high only; 2 is 常主
    assert name("8H 8H") == "pair"  # a pair is a 刮风 of length 1


def test_rain_snow_and_the_seed_counterexample() -> None:
    assert name("3S 4S 5S 6S 7S") is None  # 付牌 34567 is not rain (seed 003)
    assert name("6H 7H 8H 9H 10H", level="2") == "rain×5"
    assert name("6H 7H 7H 8H 9H 10H", level="2") == "snow×6"  # 飘雪花
    snow = shandong_unit(parse_cards("6H 6H 7H 7H 8H 8H 9H 9H 10H 10H"), o("2"))
    assert snow is not None and snow.shape == Shape("snow", 1, 5, 5)  # all doubled ≥ 5
    assert name("6H 6H 7H 7H 8H 8H 9H 9H", level="2") == "tractor×4"
    assert name("6H 7H 8H 9H", level="2") is None  # four is not rain


def test_thunder_and_lightning() -> None:
    assert name("2S 2H 2C 2D") == "thunder×4"
    assert name("9S 9H 9C 9D") == "thunder×4"  # the level rank
    assert name("4S 4H 4C 4D") is None  # neither 常主 nor level rank
    assert name("5S 5H 5C 5D 5D") == "lightning×5"
    assert name("3S 3S 3H 3H 3C 3C 3D 3D") == "lightning×8"
    assert name("5S 5H 5C 5C") is None  # four 5s but not four suits


@pytest.mark.parametrize(
    ("cards", "units", "refused"),
    [
        ("AH KH", None, "R-4.5: this game has no throws: a lead must be one unit"),
        ("AH KH", ["AH", "KH"], "R-4.5: this game has no throws: lead one unit"),
        ("AH 6C", None, "R-4.1: a lead must be cards of one suit (trumps count as one suit)"),
        # One suit comes first, as in every preset: two suits named as two units.
        (
            "AH 6C",
            ["AH", "6C"],
            "R-4.1: a lead must be cards of one suit (trumps count as one suit)",
        ),
        ("AH KH", ["AH KH"], "R-4.5: this game has no throws: a lead must be one unit"),
        ("AH", ["KH"], "R-4.2: a parse of one unit must be the cards led, forming one unit"),
        ("AH", ["AH"], None),
    ],
)
def test_no_throws(cards: str, units: list[str] | None, refused: str | None) -> None:
    """A lead is one unit of one suit; naming several units is a throw. A refused lead
    names its rule and says exactly why, the round unchanged."""
    rnd = Round.from_hands(
        SHANDONG,
        ["AH KH 6C", "4C 6C 7C", "8C 10C JC", "QC KC AC"],
        level_rank="9",
        trump_suit="S",
        banker=0,
    )
    named = None if units is None else tuple(tuple(parse_cards(u)) for u in units)
    play = Play(tuple(parse_cards(cards)), named)
    if refused is None:
        rnd.apply(0, play)
        assert rnd.to_act == 1
        return
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(0, play)
    assert (info.value.rule, str(info.value)) == (refused[:5], refused)
    assert rnd.to_json() == before


def follows(hand: str, play: str, shape: Shape, suit: int = 1) -> bool:
    return shandong_follow_error(counts(hand), counts(play), suit, (shape,), o()) is None


def test_follow_pairs_or_highest_cards() -> None:  # 有对跟对，无对从大到小
    assert follows("4H 4H QH AH", "4H 4H", PAIR)
    assert not follows("4H 4H QH AH", "QH AH", PAIR)
    assert follows("4H 6H QH AH", "QH AH", PAIR)  # no pair: the highest
    assert not follows("4H 6H QH AH", "6H AH", PAIR)
    assert follows("4H 6H", "4H", SINGLE) and follows("4H 6H", "6H", SINGLE)


def test_a_long_suit_must_give_all_its_cards_to_the_lead_first() -> None:
    """Holding more ♥ than led, a ♥ pair led, one ♥ and a ♣ are refused for the count,
    before any pair rule is looked at."""
    error = shandong_follow_error(counts("4H 4H QH AH 7C"), counts("4H 7C"), 1, (PAIR,), o())
    found = refusal(error)
    assert found is not None and found[:2] == ("R-5.2", "R-5.2: must play 2 cards of the led suit")


def test_follow_guafeng_of_the_same_length_when_held() -> None:
    tractor = Shape("tractor", 2, 2)
    hand = "6H 6H 7H 7H QH QH AH"
    assert follows(hand, "6H 6H 7H 7H", tractor)
    assert not follows(hand, "6H 6H QH QH", tractor)
    # No 刮风: all the pairs held (up to L), then the highest cards.
    assert follows("6H 6H 8H QH AH", "6H 6H QH AH", tractor)
    assert not follows("6H 6H 8H QH AH", "6H 6H 8H AH", tractor)
    assert follows("6H 6H 10H 10H AH", "6H 6H 10H 10H", tractor)


R5_3_FOLLOWS: list[tuple[str, Shape, list[str]]] = [
    # A single led: any card of the suit.
    ("4H 6H QH 7S", SINGLE, ["4H", "6H", "QH"]),
    # Short by three: ♥6 and any three others.
    (
        "6H 7C 7C 8D JD",
        Shape("tractor", 2, 2),
        ["6H 7C 7C 8D", "6H 7C 7C JD", "6H 7C 8D JD"],
    ),
    # A 刮风 of the lead's length from a longer one held: each two adjacent pairs.
    ("6H 6H 7H 7H 8H 8H QH AH", Shape("tractor", 2, 2), ["6H 6H 7H 7H", "7H 7H 8H 8H"]),
    # Level 9: ♥8♥8♥10♥10 is no 刮风 (no skipping, R-3.5), but both pairs must be played.
    ("8H 8H 10H 10H JH AH", Shape("tractor", 2, 2), ["8H 8H 10H 10H"]),
    # Short in the suit: all of it and any other cards.
    ("6H 7C 8C 8D", PAIR, ["6H 7C", "6H 8C", "6H 8D"]),
    # A rain led: the rain held, not the five highest (R-3.6: ♥6♥7♥8 and ♥10 … are
    # no run of five at level 9), else the five highest cards.
    ("4H 6H 7H 8H 10H JH QH KH AH AH", Shape("rain", 1, 5), ["10H JH QH KH AH"]),
    ("4H 6H 7H 8H 10H JH QH AH", Shape("rain", 1, 5), ["8H 10H JH QH AH"]),
    # A trump rain led, no rain held: 大王, both 小王 and any two of the other suits'
    # 5s, which are equal; copies of one card are one choice.
    (
        "BJ LJ LJ 5C 5D 5H 4S 7H",
        Shape("rain", 1, 5),
        ["BJ LJ LJ 5C 5D", "BJ LJ LJ 5C 5H", "BJ LJ LJ 5D 5H"],
    ),
    ("BJ LJ LJ 5C 5C 5D 4S 7H", Shape("rain", 1, 5), ["BJ LJ LJ 5C 5C", "BJ LJ LJ 5C 5D"]),
    # A pair led and pairs held: any one of them.
    ("6H 6H 8H QH QH AH", PAIR, ["6H 6H", "QH QH"]),
    # No 刮风: all the pairs held, then the highest cards (有对跟对，无对从大到小).
    ("6H 6H 8H QH AH", Shape("tractor", 2, 2), ["6H 6H QH AH"]),
]


@pytest.mark.parametrize(("hand", "shape", "legal"), R5_3_FOLLOWS)
def test_r5_3_every_legal_follow_is_listed(hand: str, shape: Shape, legal: list[str]) -> None:
    """R-5.3: the follows the engine lists are exactly those R-5.3 allows, and each of
    them passes the engine's own check."""
    suit = o().esuit[parse_cards(legal[0])[0]]
    listed = sorted(
        format_cards(sorted(cards))
        for cards in iter_shandong_follows(counts(hand), suit, (shape,), o())
    )
    assert listed == sorted(format_cards(sorted(parse_cards(play))) for play in legal)
    for play in legal:
        assert follows(hand, play, shape, suit)


@pytest.mark.parametrize(("hand", "shape", "legal"), R5_3_FOLLOWS)
def test_r5_3_a_random_follow_is_any_legal_follow_equally_often(
    hand: str, shape: Shape, legal: list[str]
) -> None:
    """R-5.1, R-5.3: the preset's random follow (what RandomBot plays) draws every legal
    follow and nothing else, each within five standard deviations of its share."""
    rng = random.Random(11)
    suit = o().esuit[parse_cards(legal[0])[0]]
    draws = 300 * len(legal)
    seen = Counter(
        format_cards(sorted(SHANDONG.random_follow(counts(hand), suit, (shape,), o(), rng)))
        for _ in range(draws)
    )
    assert set(seen) == {format_cards(sorted(parse_cards(play))) for play in legal}
    share = draws / len(legal)
    spread = 5 * (share * (1 - 1 / len(legal))) ** 0.5
    assert all(abs(n - share) <= spread for n in seen.values()), seen


def test_follow_special_units() -> None:
    rain = Shape("rain", 1, 5)
    hand = "4H 6H 7H 8H 10H JH QH KH AH"  # level 9: 10…A is a rain, nothing else
    assert follows(hand, "10H JH QH KH AH", rain)
    assert not follows(hand, "4H 6H 7H 8H AH", rain)
    hand = "4H 6H 7H 8H 10H JH QH AH"  # no rain: the highest five
    assert follows(hand, "8H 10H JH QH AH", rain)
    assert not follows(hand, "7H 10H JH QH AH", rain)


def test_special_lead_trumped_by_a_trump_rain() -> None:
    rnd = Round.from_hands(
        SHANDONG,
        ["10H JH QH KH AH", "6S 7S 8S 9S 10S", "3C 4C 6C 7C 8C", "QS KS AS 4D 6D"],
        level_rank="2",
        trump_suit="S",
        banker=0,
    )
    rnd.apply(0, Play.parse("10H JH QH KH AH"))
    rnd.apply(1, Play.parse("6S 7S 8S 9S 10S"))  # void: a trump rain of five trumps it
    rnd.apply(2, Play.parse("3C 4C 6C 7C 8C"))
    rnd.apply(3, Play.parse("QS KS AS 4D 6D"))  # trumps, but not a rain: no match
    assert rnd.tricks[0].winner == 1


def test_baodi_subtracts_the_kitty_and_jokers_count_100_and_80() -> None:
    assert SHANDONG.kitty_points(parse_cards("BJ LJ 10H 5C")) == 195
    # 保底: the banker's side takes the last trick; X may go negative (seed 003).
    rnd = Round.from_hands(
        SHANDONG,
        ["AS KD", "4C 10C", "6C 7C", "8C QC"],
        level_rank="9",
        trump_suit="S",
        banker=0,
        kitty="BJ 10H 4D 6D",
        levels=["9", "4", "9", "4"],
    )
    rnd.apply(0, Play.parse("KD"))
    for seat, text in [(1, "10C"), (2, "6C"), (3, "8C")]:
        rnd.apply(seat, Play.parse(text))
    rnd.apply(0, Play.parse("AS"))
    for seat, text in [(1, "4C"), (2, "7C"), (3, "QC")]:
        rnd.apply(seat, Play.parse(text))
    result = rnd.result
    assert result is not None
    assert result.trick_points == 0 and result.kitty_points == 110
    assert result.kitty_multiplier == 0 and result.attackers_points == -110
    assert result.kitty_bonus == -110  # what the result says was done to X
    assert result.band == Band("banker", 6)  # −120 ≤ X < −80
    assert result.levels_after is not None
    assert result.levels_after[0] == RANK_NAMES.index("J")  # 逢J必打: 9 + 6 stops at J


def test_koudi_multiplies_by_the_cards_led() -> None:  # shandong
    assert SHANDONG.kitty_multiplier((Shape("tractor", 2, 2),)) == 4
    assert SHANDONG.kitty_multiplier((Shape("rain", 1, 6),)) == 6
    assert SHANDONG.kitty_bonus(30, (PAIR,), True) == (2, 60)
    assert SHANDONG.kitty_bonus(30, (PAIR,), False) == (0, -30)


@pytest.mark.parametrize(
    ("x", "band"),
    [
        (120, Band("attackers", 2)),
        (80, Band("attackers", 1)),
        (79, Band("banker", 1)),
        (40, Band("banker", 1)),
        (39, Band("banker", 2)),
        (5, Band("banker", 2)),
        (1, Band("banker", 2)),  # 0 < X < 40, whatever the points can add up to
        (0, Band("banker", 3)),
        (-5, Band("banker", 4)),
        (-40, Band("banker", 4)),
        (-41, Band("banker", 5)),
        (-80, Band("banker", 5)),
        (-81, Band("banker", 6)),
        (-200, Band("banker", 8)),
    ],
)
def test_bands(x: int, band: Band) -> None:  # shandong
    assert SHANDONG.band(x) == band


def ranks(*names: str) -> tuple[int, ...]:
    return tuple(RANK_NAMES.index(n) for n in names)


def test_feng_j_stops_rises_at_j_and_holds_a_team_at_j() -> None:
    # Banker's side at 9 rises 3: stops at J.
    assert SHANDONG.levels_after(
        ranks("9", "4", "9", "4"), Band("banker", 3), (0, 2), banker=0
    ) == ranks("J", "4", "J", "4")
    # Attackers at J do not rise; a banker's side at J does.
    assert SHANDONG.levels_after(
        ranks("5", "J", "5", "J"), Band("attackers", 2), (0, 2), banker=0
    ) == ranks("5", "J", "5", "J")
    assert SHANDONG.levels_after(
        ranks("J", "5", "J", "5"), Band("banker", 2), (0, 2), banker=0
    ) == ranks("K", "5", "K", "5")
    off = SHANDONG.with_options(feng_j=False, j_to_6=False)
    assert off.levels_after(
        ranks("9", "4", "9", "4"), Band("banker", 3), (0, 2), banker=0
    ) == ranks("Q", "4", "Q", "4")


def one_trick_at_j(hands: list[str], j_to_6: bool = True) -> Round:
    """Banker's team (0, 2) at J; seat 0 leads the only trick."""
    rnd = Round.from_hands(
        SHANDONG.with_options(j_to_6=j_to_6),
        hands,
        level_rank="J",
        trump_suit="H",
        banker=0,
        levels=["J", "4", "J", "4"],
    )
    for step in range(4):
        seat = (0 + step) % 4
        rnd.apply(seat, Play(tuple(parse_cards(hands[seat]))))
    return rnd


def test_j_to_6_with_a_lone_j() -> None:  # J到6
    rnd = one_trick_at_j(["4D", "JS", "6C", "8C"])
    assert rnd.tricks[-1].winner == 1  # an attacker trumps the last trick with a J
    assert rnd.result is not None
    assert rnd.result.band == Band("banker", 3)  # X = 0, yet the J drop wins out
    assert rnd.result.levels_after == ranks("6", "4", "6", "4")
    off = one_trick_at_j(["4D", "JS", "6C", "8C"], j_to_6=False)
    assert off.result is not None
    assert off.result.levels_after == ranks("K", "4", "K", "4")  # held at J: rises 3


def test_double_j_to_the_bottom() -> None:  # 双J到底
    rnd = one_trick_at_j(["4D 4D", "JS JS", "6C 7C", "8C 9C"])
    assert rnd.result is not None
    assert rnd.result.levels_after == ranks("A", "4", "A", "4")


def test_j_to_6_with_a_lone_j_of_any_suit() -> None:  # J到6
    """♦J, a level card of another suit, is a lone J too."""
    rnd = one_trick_at_j(["4D", "JD", "6C", "8C"])
    assert rnd.tricks[-1].winner == 1 and rnd.result is not None
    assert rnd.result.levels_after == ranks("6", "4", "6", "4")


def test_no_j_drop_for_an_attacker_s_last_trick_without_a_j() -> None:
    rnd = one_trick_at_j(["4D", "AD", "6C", "8C"])
    assert rnd.tricks[-1].winner == 1 and rnd.result is not None
    assert rnd.result.levels_after == ranks("K", "4", "K", "4")  # held at J: rises 3


def test_no_j_drop_for_a_lightning_of_js() -> None:
    """Only a lone J or a pair of J drops the banker's team; an attacker leading a 闪电 of
    five Js (the level rank) into the last trick does not."""
    hands = ["6S 7S 8S 9S 4S", "JS JS JH JC JD", "6C 7C 8C 9C 4C", "6D 7D 8D 9D 4D"]
    rnd = Round.from_hands(
        SHANDONG,
        hands,
        level_rank="J",
        trump_suit="H",
        banker=0,
        levels=["J", "4", "J", "4"],
        leader=1,
    )
    for step in range(4):
        seat = (1 + step) % 4
        rnd.apply(seat, Play(tuple(parse_cards(hands[seat]))))
    assert rnd.tricks[-1].winner == 1 and rnd.result is not None
    assert rnd.result.levels_after == ranks("K", "4", "K", "4")


def test_j_drop_only_when_the_attackers_take_the_last_trick() -> None:
    rnd = one_trick_at_j(["JS", "4D", "6C", "8C"])  # the banker wins with a J
    assert rnd.result is not None
    assert rnd.result.levels_after == ranks("K", "4", "K", "4")


# --- declaring (R-8.4) -------------------------------------------------------------------


def dealing(
    wants: dict[int, str],
    kitty: str = "",
    *,
    banker: int | None = None,
    levels: Sequence[int] | None = None,
    preset: Preset = SHANDONG,
) -> Round:
    """A round dealt up to the last card, so that anyone may still declare."""
    deck = arranged_deck(4, 2, 26, wants, kitty, dealer=banker or 0)
    rnd = Round(preset, deck=deck, banker=banker, levels=levels, dealer=0, seed=3)
    while rnd.dealt < rnd.cards_to_deal - 1:
        rnd.deal_card()
    return rnd


def finish_window(rnd: Round) -> None:
    rnd.deal_card()
    while rnd.phase is Phase.BID:
        assert rnd.to_act is not None
        rnd.apply(rnd.to_act, Pass())


def test_liang_hides_the_pair_from_everyone_else() -> None:
    rnd = dealing({1: "LJ 7H 7H"})
    events = rnd.apply(1, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    made = events[0]
    assert isinstance(made, BidMade)
    assert [c.ascii for c in made.cards] == ["LJ"]  # 明亮: the joker shows
    assert (made.seat, made.bid_kind, made.after_cards_dealt) == (1, "liang", 103)
    assert rnd.history()[-1] == {
        "kind": "bid",
        "cards": ["LJ", "7H", "7H"],
        "bid_kind": "liang",
        "seat": 1,
    }
    assert seen(made, 0).hidden == () and [c.ascii for c in seen(made, 1).hidden] == [
        "7H",
        "7H",
    ]  # 暗亮: only the declarer sees the pair
    assert [c.ascii for c in rnd.view(0).bids[0].cards] == ["LJ"]
    assert [c.ascii for c in rnd.view(1).bids[0].cards] == ["LJ", "7H", "7H"]
    finish_window(rnd)
    assert rnd.banker == 1 and rnd.declarer == 1  # round 1: the declarer is banker
    assert [e.source for e in rnd.events() if isinstance(e, TrumpDecided)] == ["bid"]
    assert rnd.phase is Phase.BURY and rnd.to_act == 3  # the banker's partner buries
    for seat in (0, 2, 3):
        view = rnd.view(seat)
        assert view.trump_suit is None and view.ordering is None
        assert view.to_dict()["trump_suit"] == "hidden"
    assert rnd.view(1).trump_suit == 1  # the declarer knows: ♥


def test_swaps_are_offered_fewest_first() -> None:
    """The declarer's swap options: no swap first, then each single swap, then both."""
    swaps = SHANDONG.bidding.legal_swaps(counts("9S KS"), parse_cards("9H KH"))
    assert [" ".join(f"{a.ascii}>{b.ascii}" for a, b in pairs) for pairs in swaps] == [
        "",
        "9S>9H",
        "KS>KH",
        "9S>9H KS>KH",
    ]


def test_reveal_after_burying_and_swapping() -> None:
    rnd = dealing({1: "LJ 7H 7H 9S", 3: "9H"})
    rnd.apply(1, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    finish_window(rnd)
    burier = rnd.view(3)
    rnd.apply(3, Bury(tuple(parse_cards("9H")) + burier.hand[:3]))
    assert rnd.phase is Phase.SWAP and rnd.to_act == 1
    declarer = rnd.view(1)
    assert Card("9H") in declarer.kitty_trumps  # ♥9 is a trump: the declarer sees it
    assert rnd.view(0).kitty_trumps == ()
    swaps = declarer.legal_swaps()
    assert ((Card("9S"), Card("9H")),) in swaps
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(1, Swap(((Card("9S"), Card("AS")),)))  # not in the kitty
    assert (info.value.rule, str(info.value)) == IN_THE_KITTY
    assert rnd.to_json() == before
    events = rnd.apply(1, Swap(((Card("9S"), Card("9H")),)))
    revealed = [e for e in events if isinstance(e, TrumpRevealed)]
    assert revealed and revealed[0].trump_suit == 1
    assert [c.ascii for c in revealed[0].cards] == ["7H", "7H"]  # the declarer shows the pair
    phase: Phase = rnd.phase  # not the SWAP mypy narrowed it to above: the swap moved it on
    assert rnd.view(0).trump_suit == 1 and phase is Phase.PLAY and rnd.to_act == 1
    assert Card("9S") in rnd.final_kitty and Card("9H") not in rnd.final_kitty
    assert [c.ascii for c in rnd.view(2).bids[0].cards] == ["LJ", "7H", "7H"]


def test_ding_overrides_liang_but_not_ding() -> None:
    rnd = dealing({0: "LJ 7H 7H", 1: "BJ BJ 8C 8C", 2: "LJ 9D 9D"})
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(1, Bid(tuple(parse_cards("BJ 8C 8C")), "liang"))  # a 亮 stands
    assert (info.value.rule, str(info.value)) == (
        "R-8.4",
        "R-8.4: a declaration stands: 顶 or 粘 it instead",
    )
    assert rnd.to_json() == before
    rnd.apply(1, Bid(tuple(parse_cards("BJ BJ 8C 8C")), "ding"))
    finish_window(rnd)
    assert rnd.declarer == 1 and rnd.trump_suit == 2  # the overrider's ♣
    # Two decks hold only four jokers, so a second 顶 needs a made-up hand to test.
    from zhaopengyou.engine.bidding import BidContext, BidRecord

    bids = (
        BidRecord(0, tuple(parse_cards("LJ 7H 7H")), 9, "liang"),
        BidRecord(1, tuple(parse_cards("BJ BJ 8C 8C")), 9, "ding"),
    )
    hand = counts("LJ LJ 9D 9D")
    error = SHANDONG.bidding.bid_error(
        BidContext(hand, 2, bids, 7), tuple(parse_cards("LJ LJ 9D 9D")), "ding"
    )
    assert error is not None
    assert (error.rule, str(error)) == ("R-8.4", "R-8.4: a 顶 cannot be 顶'd; only 粘'd")


def test_zhan_takes_the_declaration_and_gives_back_a_fixed_trump() -> None:
    rnd = dealing(
        {0: "LJ 7H 7H", 1: "BJ 10D 10D JD JD 2C", 2: "BJ 6S 6S 7S 7S", 3: "LJ 6C 6C 7C 7C"}
    )
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:  # partners may not 粘 (Decision)
        rnd.apply(2, Bid(tuple(parse_cards("BJ 6S 6S 7S 7S")), "zhan"))
    assert (info.value.rule, str(info.value)) == ("R-8.4", f"R-8.4: {OTHER_SIDE}")
    assert rnd.to_json() == before
    events = rnd.apply(1, Bid(tuple(parse_cards("BJ 10D 10D JD JD")), "zhan"))
    taken_event = next(e for e in events if isinstance(e, DeclarationTaken))
    assert seen(taken_event, 2).cards == () and seen(taken_event, 3).cards == ()
    assert len(seen(taken_event, 0).cards) == 3 == len(seen(taken_event, 1).cards)
    assert rnd.view(1).must_give_back == 3
    assert [c.ascii for c in rnd.view(1).bids[1].taken] == ["LJ", "7H", "7H"]
    assert rnd.view(2).bids[1].taken == ()  # others do not see what was taken
    with pytest.raises(IllegalAction):
        rnd.deal_card()  # the deal waits for the give-back
    with pytest.raises(IllegalAction) as info:
        rnd.apply(1, GiveBack(tuple(parse_cards("10D JD JD"))))
    assert "常主" in str(info.value)
    rnd.apply(
        1,
        GiveBack(tuple(parse_cards("2C 10D 4C")))
        if rnd.hands[1][Card("4C")]
        else GiveBack(tuple(parse_cards("2C 10D JD"))),
    )
    assert rnd.bids[-1].returned and rnd.hand_sizes[0] == rnd.hand_sizes[2]
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:  # seat 3 is of the other side, but too late
        rnd.apply(3, Bid(tuple(parse_cards("LJ 6C 6C 7C 7C")), "zhan"))
    assert (info.value.rule, str(info.value)) == ("R-8.4", f"R-8.4: {STUCK}")
    assert rnd.to_json() == before
    finish_window(rnd)
    assert rnd.declarer == 0 and rnd.trump_suit == 1  # declarer and suit unchanged
    assert rnd.trump_knowers == frozenset({0, 1})  # the sticker saw the pair


def test_a_snapshot_during_a_zhan_keeps_the_give_back_owed() -> None:
    """While the sticker owes cards, the snapshot names who gives how many to whom."""
    rnd = dealing({0: "LJ 7H 7H", 1: "BJ 10D 10D JD JD 2C"})
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    rnd.apply(1, Bid(tuple(parse_cards("BJ 10D 10D JD JD")), "zhan"))
    snapshot = rnd.to_json()
    assert snapshot["pending_give_back"] == {"seat": 1, "from_seat": 0, "count": 3}
    back = Round.from_json(snapshot)
    assert back.pending_give_back == (1, 0, 3) and back.view(1).must_give_back == 3
    assert back.to_json() == snapshot


def test_the_seats_that_know_the_trump_travel_with_its_event() -> None:
    """A TrumpDecided event names who saw the declaration; a bad entry is named."""
    event = TrumpDecided(0, 12, 1, "bid", (0, 2), 9)
    data = event_to_dict(event)
    assert data["knowers"] == [0, 2] and event_from_dict(data) == event
    for knowers, key, reason in [
        ([0, "x"], "knowers[1]", "expected a whole number, got 'x'"),
        ("x", "knowers", "expected a list, got str"),
    ]:
        with pytest.raises(DecodeError) as caught:
            event_from_dict({**data, "knowers": knowers})
        assert (caught.value.key, caught.value.reason) == (key, reason)


GIVE_BACK_REFUSED = (
    "R-8.4",
    "R-8.4: give back at least one 常主: a joker, 2, 3 or 5",
    "还的牌中至少要有一张常主：王、2、3 或 5",
)


@pytest.mark.parametrize(
    ("fixed", "cards", "refused"),
    [
        (FIXED, "10D JD JD", True),
        (FIXED, "2C 10D JD", False),
        (FIXED, "4C 3D", False),
        (FIXED, "5H", False),
        (FIXED, "9D LJ", False),
        (FIXED, "BJ", False),
        ((2,), "4C", False),  # the 常主 ranks are the ones the rules were made with
        ((2,), "2C 3D 5H", True),
        ((2,), "LJ", False),  # a joker is a 常主 whatever the ranks
    ],
)
def test_a_give_back_holds_a_fixed_trump(fixed: tuple[int, ...], cards: str, refused: bool) -> None:
    """R-8.4 粘: at least one card given back is a 常主, a joker or one of the fixed ranks."""
    error = ShandongBidding(fixed).give_back_error(tuple(parse_cards(cards)))
    assert refusal(error) == (GIVE_BACK_REFUSED if refused else None)


@pytest.mark.parametrize(
    ("seat", "cards", "expected"),
    [
        (0, "2C 10D JD", ("R-8.4", "R-8.4: nothing is to be given back", "现在没有要还的牌")),
        (
            1,
            "2C 10D",
            ("R-8.4", "R-8.4: give back exactly 3 cards (got 2)", "须还 3 张牌（你给了 2 张）"),
        ),
        # Seat 2 holds both ♠6: seat 1 cannot give one back, 常主 or not.
        (1, "2C 10D 6S", (None, "you do not hold 1× ♠6", "你手里没有 1 张 ♠6")),
        (1, "10D JD JD", GIVE_BACK_REFUSED),
        (1, "2C 10D JD", None),
        (1, "LJ 7H 7H", None),  # the declaration's own joker is a 常主
    ],
)
def test_the_sticker_view_and_the_round_check_a_give_back_alike(
    seat: int, cards: str, expected: tuple[str | None, str, str] | None
) -> None:
    """R-8.4 粘: only the sticker gives back, as many cards as taken, held, one a 常主.
    The round refuses the sticker's give-back exactly as the sticker's view does (rule and
    words, the round unchanged), and takes it where the view finds nothing wrong."""
    rnd = dealing({0: "LJ 7H 7H", 1: "BJ 10D 10D JD JD 2C", 2: "6S 6S"})
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    rnd.apply(1, Bid(tuple(parse_cards("BJ 10D 10D JD JD")), "zhan"))
    give_back = tuple(parse_cards(cards))
    assert refusal(rnd.view(seat).give_back_error(give_back)) == expected
    if seat != 1:
        return
    before = rnd.to_json()
    if expected is None:
        rnd.apply(1, GiveBack(give_back))
        assert rnd.pending_give_back is None
        return
    with pytest.raises(IllegalAction) as caught:
        rnd.apply(1, GiveBack(give_back))
    assert refusal(caught.value) == expected
    assert rnd.to_json() == before


def test_a_malformed_give_back_names_the_cards_given_back() -> None:
    rnd = dealing({0: "LJ 7H 7H", 1: "BJ 10D 10D JD JD 2C"})
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    rnd.apply(1, Bid(tuple(parse_cards("BJ 10D 10D JD JD")), "zhan"))
    before = rnd.to_json()
    for cards, message in [
        ("2C", "cards given back must be a list of cards"),
        (["2C", 99, "JD"], "cards given back: 99 is not a card"),
    ]:
        with pytest.raises(IllegalAction) as caught:
            rnd.apply(1, GiveBack(cards))  # type: ignore[arg-type]
        assert str(caught.value) == message
    assert rnd.to_json() == before


def test_the_seat_before_the_declarer_may_stick_a_ding_with_a_joker_pair() -> None:
    """粘顶: seat 3, of the other side and just before the declarer, lists the joker pair
    with its 刮风 as its only declaration on a 顶 made by adding the twin 小王."""
    rnd = dealing({0: "LJ LJ 7H 7H", 3: "BJ BJ 10D 10D JD JD"})
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    rnd.apply(0, Bid(tuple(parse_cards("LJ")), "add"))
    listed = [(b.bid_kind, format_cards(b.cards)) for b in rnd.view(3).legal_bids()]
    assert listed == [("zhan", format_cards(parse_cards("BJ BJ 10D 10D JD JD")))]


def test_adding_a_twin_joker_makes_a_ding_unless_dengsi() -> None:  # 等死
    rnd = dealing({0: "LJ 7H 7H LJ", 1: "BJ BJ 8C 8C"})
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    rnd.apply(0, Bid(tuple(parse_cards("LJ")), "add"))
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:  # it now counts as a 顶
        rnd.apply(1, Bid(tuple(parse_cards("BJ BJ 8C 8C")), "ding"))
    assert (info.value.rule, str(info.value)) == ("R-8.4", "R-8.4: a 顶 cannot be 顶'd; only 粘'd")
    assert rnd.to_json() == before
    rnd = dealing({0: "LJ 7H 7H LJ"}, preset=SHANDONG.with_options(dengsi=True))
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(0, Bid(tuple(parse_cards("LJ")), "add"))
    assert (info.value.rule, str(info.value)) == (
        "R-8.4",
        "R-8.4: with 等死 nothing may be added to a declaration",
    )
    assert rnd.to_json() == before


@pytest.mark.parametrize("dengsi", [False, True])
def test_the_declarer_s_view_offers_the_twin_joker_unless_dengsi(dengsi: bool) -> None:
    """R-8.4 等死: the seat's own list of bids follows the room's option, as the round does."""
    rnd = dealing({0: "LJ 7H 7H LJ"}, preset=SHANDONG.with_options(dengsi=dengsi))
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    offered = [bid.bid_kind for bid in rnd.view(0).legal_bids()]
    assert offered == ([] if dengsi else ["add"])
    assert [b.bid_kind for b in SHANDONG.bidding.legal_bids(rnd.bid_context(0))] == offered


def test_declarer_banker_partner_buries_else_the_banker() -> None:
    assert SHANDONG.kitty_taker(banker=2, declarer=2) == 0
    assert SHANDONG.kitty_taker(banker=2, declarer=1) == 2
    assert SHANDONG.kitty_taker(banker=2, declarer=None) == 2


def test_a_later_round_s_declarer_names_the_suit_not_the_banker() -> None:
    """Later rounds the banker is known: seat 1's 亮 sets ♥, seat 2 stays banker and,
    not being the declarer, takes and buries the kitty."""
    rnd = dealing({1: "LJ 7H 7H"}, banker=2, levels=[0] * 4)
    rnd.apply(1, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    finish_window(rnd)
    assert (rnd.banker, rnd.declarer, rnd.trump_suit) == (2, 1, 1)
    assert rnd.phase is Phase.BURY and rnd.to_act == 2


@pytest.mark.parametrize(
    ("kitty", "suit", "turned"),
    [
        ("4S 6H 7C BJ", 2, "7C BJ"),  # the last card that is not a joker: ♣7
        ("BJ 4S LJ 6H", 1, "6H"),  # the kitty's very last card
    ],
)
def test_the_kitty_s_last_card_not_a_joker_names_the_suit(
    kitty: str, suit: int, turned: str
) -> None:
    rnd = dealing({}, kitty=kitty, banker=2, levels=[0] * 4)
    finish_window(rnd)
    assert rnd.trump_suit == suit and rnd.kitty_turned == tuple(parse_cards(turned))


def test_no_declaration_round_one_redeals_later_the_kitty_names_the_suit() -> None:
    rnd = dealing({})
    finish_window(rnd)
    assert rnd.phase is Phase.DEAL and rnd.redeals == 1
    rnd = dealing({}, kitty="4S 6H BJ LJ", banker=2, levels=[0] * 4)
    finish_window(rnd)
    assert rnd.trump_suit == 1 and rnd.trump_public  # ♥6: the last card not a joker
    assert rnd.kitty_turned == tuple(parse_cards("6H BJ LJ"))  # from it to the end
    assert rnd.phase is Phase.BURY and rnd.to_act == 2
    assert [e.source for e in rnd.events() if isinstance(e, TrumpDecided)] == ["kitty"]
    # Engine decision (docs/rules.md): a kitty of the four jokers gives a no-trump round.
    rnd = dealing({}, kitty="BJ LJ BJ LJ", banker=2, levels=[0] * 4)
    finish_window(rnd)
    assert rnd.trump_suit is None and rnd.trump_public
    assert rnd.kitty_turned == tuple(parse_cards("BJ LJ BJ LJ"))
    assert rnd.phase is Phase.BURY and rnd.to_act == 2
    assert [e.source for e in rnd.events() if isinstance(e, TrumpDecided)] == ["kitty"]


def test_hidden_suit_does_not_leak_through_events() -> None:
    rnd = dealing({1: "LJ 7H 7H"})
    rnd.apply(1, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    rnd.deal_card()
    events: list[Event] = []
    while rnd.phase is Phase.BID:
        assert rnd.to_act is not None
        events += rnd.apply(rnd.to_act, Pass())
    decided = next(e for e in events if isinstance(e, TrumpDecided))
    assert seen(decided, 0).trump_suit is None and seen(decided, 1).trump_suit == 1


def test_unit_enumeration_matches_a_brute_force_search() -> None:
    """Every sub-multiset of a suit that forms a unit is listed, and nothing else."""
    import random

    from zhaopengyou.engine.follow import iter_submultisets
    from zhaopengyou.engine.ordering import Ordering
    from zhaopengyou.engine.shandong import iter_shandong_units

    rng = random.Random(3)
    for _ in range(120):
        order = Ordering(rng.randrange(13), rng.choice([None, 0, 1, 2, 3]), FIXED, STRICT_RUNS)
        hand = [0] * 54
        for card in rng.sample(range(54), 14):
            hand[card] = rng.choice([1, 1, 2])
        listed = {tuple(sorted(u.cards)) for u in iter_shandong_units(hand, order)}
        found = set()
        for suit in order.suit_cards:
            items = [(c, hand[c]) for c in suit if hand[c]]
            for size in range(1, min(10, sum(n for _, n in items)) + 1):
                for cards in iter_submultisets(items, size):
                    if shandong_unit(cards, order) is not None:
                        found.add(tuple(sorted(cards)))
        assert {u for u in listed if len(u) <= 10} == found


def test_declarations_listed_are_exactly_the_legal_ones() -> None:
    """legal_bids lists every declaration bid_error accepts, across random deals, and the
    quick check `could_bid` says yes exactly where it lists one."""
    from zhaopengyou.bots import RandomBot
    from zhaopengyou.bots.runner import offer_bids

    rules = SHANDONG.bidding
    checked = 0
    for seed in range(6):
        rnd = Round(SHANDONG, seed=seed)
        agents = [RandomBot(seed * 5 + s) for s in range(4)]
        while rnd.phase is Phase.DEAL:
            dealt_to = cast(CardDealt, rnd.deal_card()[0]).seat  # deal_card: one CardDealt
            for seat in range(4):
                if rnd.phase is not Phase.DEAL or rnd.pending_give_back is not None:
                    continue
                ctx = rnd.bid_context(seat)
                listed = {(b.bid_kind, tuple(sorted(b.cards))) for b in rules.legal_bids(ctx)}
                hand = [c for c in range(54) for _ in range(rnd.hands[seat][c])]
                jokers = [c for c in hand if c >= 52]
                pairs = sorted({c for c in hand if c < 52 and hand.count(c) >= 2})
                for joker in set(jokers):  # every 亮, 顶 and add shape the hand allows
                    for kind, cards in (
                        [("add", (joker,))]
                        + [("liang", (joker, p, p)) for p in pairs]
                        + [("ding", (joker, joker, p, p)) for p in pairs]
                    ):
                        ok = rules.bid_error(ctx, [Card(c) for c in cards], kind) is None
                        assert ok == ((kind, tuple(sorted(cards))) in listed)
                        checked += 1
                # the quick pre-check never hides a legal declaration, and during the
                # deal (等死 off) it asks no seat that has none
                quick = rules.could_bid(rnd.hands[seat], rnd.level_rank, rnd.bids, seat)
                assert quick == bool(listed)
            if rnd.may_bid(dealt_to):
                offer_bids(rnd, agents, [dealt_to])
    assert checked > 500


def test_random_lead_is_uniform_over_the_units() -> None:
    import random
    from collections import Counter

    from zhaopengyou.engine.shandong import iter_shandong_units, random_shandong_lead

    order = o("2", "S")
    # rain, snow, thunder, lightning; the run and the four 5s may each add two second copies
    hand = counts("6H 7H 7H 8H 9H 9H 10H 5S 5H 5C 5C 5D 5D")
    kinds = {u.shape.kind for u in iter_shandong_units(hand, order)}
    assert {"rain", "snow", "thunder", "lightning"} <= kinds
    units = {tuple(sorted(u.cards)) for u in iter_shandong_units(hand, order)}
    rng = random.Random(5)
    draws = Counter(
        tuple(sorted(random_shandong_lead(hand, order, rng))) for _ in range(300 * len(units))
    )
    assert set(draws) == units
    assert all(abs(n - 300) < 5 * 17 for n in draws.values())


def test_partner_takes_the_bank_when_the_side_holds() -> None:
    assert SHANDONG.next_banker(0, Band("banker", 2), (0, 2)) == 2
    assert SHANDONG.next_banker(0, Band("attackers", 1), (0, 2)) == 1
    assert SHANDONG.round_scores(Band("banker", 4), 0, (0, 2), None, penalties=[0] * 4) == (
        4,
        -4,
        4,
        -4,
    )  # with a negative X's band


def test_the_burier_is_told_how_many_buried_cards_the_declarer_swapped() -> None:
    """R-8.4 (issue 9): after the declarer's swaps the burier's view no longer passes its
    burial off as the kitty: it says how many cards were swapped; only the declarer sees
    which, and the count is public."""
    import io

    from rich.console import Console

    from zhaopengyou.bots import RandomBot
    from zhaopengyou.cli.render import Screen

    for seed in range(100):
        rnd = Round(SHANDONG, seed=seed)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        while rnd.phase is not Phase.PLAY:
            if rnd.phase is Phase.DEAL:
                rnd.deal_card()
                continue
            seat = rnd.to_act
            assert seat is not None
            action = bots[seat].act(rnd.view(seat))
            assert action is not None  # None only means "no bid" while dealing
            rnd.apply(seat, action)
        if not rnd.swaps:
            continue
        burier, declarer = rnd.buried_by, rnd.declarer
        assert burier is not None and declarer is not None
        assert burier != declarer
        view = rnd.view(burier)
        assert view.buried == rnd.buried != rnd.final_kitty
        assert view.swap_count == len(rnd.swaps) and view.swaps == ()
        assert rnd.view(declarer).swaps == tuple(rnd.swaps)
        for seat in range(4):
            assert rnd.view(seat).swap_count == len(rnd.swaps)
            if seat != declarer:
                assert rnd.view(seat).swaps == ()
        for lang, said, stale in (
            ("en", f"the declarer swapped {len(rnd.swaps)} of them", "You buried:"),
            ("zh-Hans", f"其中 {len(rnd.swaps)} 张", "你扣的底牌："),
        ):
            out = io.StringIO()
            screen = Screen(
                Console(file=out, width=200, color_system=None),
                lang,
                True,
                ("0", "1", "2", "3"),
                burier,
            )
            screen.console.print(screen.header(view))
            assert said in out.getvalue() and stale not in out.getvalue()
        return
    raise AssertionError("no shandong round with swaps in 100 seeds")


def test_a_position_with_swaps_counts_the_kitty_after_them() -> None:
    """`Round.from_hands` with the declarer's swaps: the kitty is given as buried, each
    swap puts a hand card into it in place of a buried card, and the hands hold the
    cards after the swaps, so the copies are counted against the kitty after them."""
    kitty, swaps = "2C 3C", [["5D", "2C"]]
    position: dict[str, Any] = {"level_rank": "4", "trump_suit": "H", "banker": 0, "declarer": 0}
    rnd = Round.from_hands(
        SHANDONG, ["AS 2C", "KS QS", "JS 10S", "9S 8S"], kitty=kitty, swaps=swaps, **position
    )
    assert rnd.declarer == 0 and rnd.buried_by == 2  # the banker declared: its partner buried
    assert rnd.swaps == ((Card("5D"), Card("2C")),)
    assert rnd.view(0).swaps == ((Card("5D"), Card("2C")),)  # only the declarer sees them
    assert [rnd.view(seat).swaps for seat in (1, 2, 3)] == [()] * 3
    assert {rnd.view(seat).swap_count for seat in range(4)} == {1}
    assert rnd.final_kitty == (Card("5D"), Card("3C"))
    assert rnd.history()[0]["position"]["swaps"] == swaps
    # Both ♣2 in the hands: the one buried was swapped out of the kitty, so two in all.
    both = ["AS 2C", "KS 2C", "JS 10S", "9S 8S"]
    assert Round.from_hands(SHANDONG, both, kitty=kitty, swaps=swaps, **position).swaps
    # Both ♦5 in the hands and a third swapped into the kitty: one too many.
    with pytest.raises(ValueError) as caught:
        Round.from_hands(
            SHANDONG, ["AS 5D", "KS 5D", "JS 10S", "9S 8S"], kitty=kitty, swaps=swaps, **position
        )
    assert str(caught.value) == "♦5 appears more than 2 times"


def test_every_unit_listed_is_the_unit_its_cards_form() -> None:
    """Each unit `iter_shandong_units` lists — single, pair, 刮风, rain, snow, thunder,
    lightning — is exactly the unit its cards form when played (shape, cards from weakest
    to strongest, top card), and the independent oracle reads the same kind, size, run
    length, doubled numbers and top strength from those cards."""
    import random

    from tests.oracle.order import RoundOrder
    from tests.oracle.units import shandong_unit as oracle_unit
    from zhaopengyou.engine.ordering import Ordering
    from zhaopengyou.engine.shandong import iter_shandong_units

    rng = random.Random(11)
    kinds: set[str] = set()
    for _ in range(60):
        level, trump = rng.randrange(13), rng.choice([None, 0, 1, 2, 3])
        order = Ordering(level, trump, FIXED, STRICT_RUNS)
        oracle = RoundOrder("shandong", level=level, trump=trump)
        hand = [0] * 54
        suit, start = rng.randrange(4), rng.randrange(7)  # 5–7 numbers of one suit in a row
        stretch = [suit * 13 + rank for rank in range(start, start + rng.randrange(5, 8))]
        for card in stretch + rng.sample(range(54), 12):
            hand[card] = rng.choice([1, 2, 2])
        for rank in (level, *FIXED):  # sometimes all four suits of one rank
            if rng.random() < 0.3:
                for suit_index in range(4):
                    hand[suit_index * 13 + rank] = max(
                        hand[suit_index * 13 + rank], rng.choice([1, 2])
                    )
        for unit in iter_shandong_units(hand, order):
            cards = [int(c) for c in unit.cards]
            assert unit == shandong_unit(cards, order), unit
            expected = oracle_unit(cards, oracle)
            assert expected is not None, unit
            shape = unit.shape
            assert (shape.kind, shape.size) == (expected.shape.kind, expected.shape.size), unit
            if shape.kind in ("rain", "snow"):
                assert (shape.length, shape.extra) == (expected.shape.length, expected.shape.extra)
            assert oracle.strength(int(unit.top)) == oracle.strength(expected.top), unit
            kinds.add(shape.kind)
    assert {"tuple", "tractor", "rain", "snow", "thunder", "lightning"} <= kinds


def test_a_give_back_with_nothing_owed_is_refused() -> None:
    """Cards are given back only after a 粘: otherwise the give-back is refused, naming
    the rule, and the round is unchanged."""
    rnd = Round(SHANDONG, seed=1)
    for _ in range(8):
        rnd.deal_card()
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as caught:
        rnd.apply(0, GiveBack(tuple(parse_cards("2S"))))
    assert type(caught.value).__name__ == "WrongPhase"
    assert (str(caught.value), caught.value.rule) == ("R-8.4: nothing is to be given back", "R-8.4")
    assert rnd.to_json() == before


@pytest.mark.parametrize("look_first", [True, False])
def test_every_seat_sees_the_declaration_as_it_stands(look_first: bool) -> None:
    """Each view of the bids follows every change, whenever the seat last looked: before
    any bid nothing shows; after seat 1's 亮 the joker shows to a spectator and seat 2,
    the whole declaration to seat 1, and seat 1 is the standing declarer; once seat 1 has
    swapped (none here) the pair is shown to all."""
    rnd = dealing({1: "LJ 7H 7H 9S", 3: "9H 4C 6D 8D 10C"})
    if look_first:
        assert (rnd.view(0).bids, rnd.view(0).declarer) == ((), None)
    rnd.apply(1, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    during = rnd.view(2)
    assert ([b.cards for b in during.bids], during.declarer) == ([tuple(parse_cards("LJ"))], 1)
    assert [b.cards for b in rnd.spectator_view().bids] == [tuple(parse_cards("LJ"))]
    assert [b.cards for b in rnd.view(1).bids] == [tuple(parse_cards("LJ 7H 7H"))]
    finish_window(rnd)
    rnd.apply(3, Bury(tuple(parse_cards("9H 4C 6D 8D"))))
    rnd.apply(1, Swap(()))
    for seat in (0, 2):  # the seats that last looked before the bid and during the deal
        assert [b.cards for b in rnd.view(seat).bids] == [tuple(parse_cards("LJ 7H 7H"))]


def test_the_twin_joker_is_added_during_the_deal_only() -> None:
    """With 等死 off seat 1 may add its second 小王 to its 亮 while cards are dealt, not
    when the closing window polls it."""
    rnd = dealing({1: "LJ LJ 7H 7H"})
    rnd.apply(1, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    assert rnd.can_bid(1)
    rnd.deal_card()
    for seat in (2, 3, 0):
        rnd.apply(seat, Pass())
    assert (rnd.phase, rnd.to_act) == (Phase.BID, 1)
    assert not rnd.can_bid(1)


def test_only_the_sticker_gives_back() -> None:
    """While a 粘 waits for its give-back, a give-back by another seat is refused, naming
    the seat that owes it and the rule, and the round is unchanged."""
    rnd = dealing({0: "LJ 7H 7H", 1: "BJ 10D 10D JD JD 2C"})
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    rnd.apply(1, Bid(tuple(parse_cards("BJ 10D 10D JD JD")), "zhan"))
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as caught:
        rnd.apply(0, GiveBack(tuple(parse_cards("LJ 7H 7H"))))
    assert type(caught.value).__name__ == "NotYourTurn"
    assert str(caught.value) == "R-8.4: seat 1 must give cards back first"
    assert caught.value.rule == "R-8.4"
    assert rnd.to_json() == before


@pytest.mark.parametrize("what", ["a bid", "a pass", "the next card"])
def test_nothing_else_happens_before_the_give_back(what: str) -> None:
    """While seat 1's 粘 waits for its give-back, another seat's bid or pass and the deal
    of the next card are refused alike, naming the seat that owes the cards."""
    rnd = dealing({0: "LJ 7H 7H", 1: "BJ 10D 10D JD JD 2C", 2: "BJ 9S 9S"})
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    rnd.apply(1, Bid(tuple(parse_cards("BJ 10D 10D JD JD")), "zhan"))
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as caught:
        if what == "a bid":
            rnd.apply(2, Bid(tuple(parse_cards("BJ 9S 9S")), "liang"))
        elif what == "a pass":
            rnd.apply(2, Pass())
        else:
            rnd.deal_card()
    expected_kind = "WrongPhase" if what == "the next card" else "NotYourTurn"
    assert type(caught.value).__name__ == expected_kind
    assert refusal(caught.value) == (
        "R-8.4",
        "R-8.4: seat 1 must give cards back first",
        "须先由 2 号座位还牌",
    )
    assert rnd.to_json() == before


@pytest.mark.parametrize("window", ["deal", "bid"])
def test_a_give_back_moves_the_cards_and_the_turn(window: str) -> None:
    """A 粘 and its give-back, during the deal or in the closing bid window: the cards go
    from the sticker to the seat it stuck, the 粘's record shows them returned, everyone
    hears of it, every seat's view is what a fresh copy of the round shows, and the
    history keeps the give-back. In the closing window the polling goes on from the seat
    after the sticker, and all four seats must pass again to close it (R-8.1)."""
    rnd = dealing({0: "LJ 7H 7H", 1: "BJ 10D 10D JD JD 2C"})

    def views() -> list[ViewDict]:  # and fills each seat's view caches
        return [rnd.view(seat).to_dict() for seat in range(4)]

    views()
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    if window == "bid":
        rnd.deal_card()
        while rnd.to_act != 1:
            assert rnd.to_act is not None
            rnd.apply(rnd.to_act, Pass())
        assert rnd.phase is Phase.BID
    views()  # cached from before the 粘: none may be shown after the give-back
    rnd.apply(1, Bid(tuple(parse_cards("BJ 10D 10D JD JD")), "zhan"))
    held = [list(hand) for hand in rnd.hands]
    sizes = list(rnd.hand_sizes)
    given = tuple(parse_cards("2C 10D JD"))
    events = rnd.apply(1, GiveBack(given))
    for card in given:
        held[1][card] -= 1
        held[0][card] += 1
    assert rnd.hands == held
    assert rnd.hand_sizes == [sizes[0] + 3, sizes[1] - 3, *sizes[2:]]
    assert rnd.bids[-1].returned == given and rnd.pending_give_back is None
    assert [e.to_dict() for e in events] == [
        {
            "kind": "given_back",
            "seq": events[0].seq,
            "seat": 1,
            "to_seat": 0,
            "cards": ["2C", "10D", "JD"],
        }
    ]
    assert views() == [Round.from_json(rnd.to_json()).view(seat).to_dict() for seat in range(4)]
    assert rnd.history()[-1] == {"seat": 1, **GiveBack(given).to_dict()}
    if window == "deal":
        assert rnd.to_act is None
        return
    assert rnd.to_act == 2
    for seat in (2, 3, 0):
        rnd.apply(seat, Pass())
    assert rnd.phase is Phase.BID and rnd.to_act == 1
    rnd.apply(1, Pass())
    assert rnd.phase is not Phase.BID


def test_a_give_back_is_written_on_the_stick_and_nowhere_else() -> None:
    """A 粘 of a 顶 made by adding a joker: three bids stand, and the cards given back
    are written on the last, the 粘; the 亮 and the added joker stay as they were."""
    rnd = dealing({0: "LJ LJ 7H 7H", 1: "BJ BJ 10D 10D JD JD 2C 3C"})
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    rnd.apply(0, Bid(tuple(parse_cards("LJ")), "add"))
    made, taken = rnd.apply(1, Bid(tuple(parse_cards("BJ BJ 10D 10D JD JD")), "zhan"))
    assert isinstance(made, BidMade) and (made.seat, made.bid_kind) == (1, "zhan")
    assert type(taken).__name__ == "DeclarationTaken"
    before = list(rnd.bids)
    given = tuple(parse_cards("2C 3C 10D JD"))  # as many as the 顶 had: 4
    rnd.apply(1, GiveBack(given))
    assert rnd.bids == [*before[:2], before[2]._replace(returned=given)]


@pytest.mark.parametrize(
    ("cards", "accepted"),
    [
        ("BJ 10D 10D JD JD", True),
        ("BJ 10D 10D JD JD QD QD", True),
        ("BJ 10D 10D JD JD QD QD KD KD", True),
        ("BJ 10D 10D JD JD QD QD KD KD AD AD", False),  # five pairs: no 刮风
        ("BJ 10D 10D", False),  # a single pair: a 刮风 of length 1, not a tractor
        ("BJ 10D 10D JD", False),  # not all pairs
        ("BJ 10D 10D 10C", False),  # two suits
        ("BJ 10D 10D QD QD", False),  # a gap
        ("BJ 5D 5D 6D 6D", False),  # the 常主 5 is no ordinary card
        ("BJ 8D 8D 9D 9D", False),  # nor is the level rank 9
        ("BJ 8D 8D 10D 10D", False),  # and no run skips it (R-3.5 Decision)
    ],
)
def test_a_stick_needs_a_guafeng_tractor(cards: str, accepted: bool) -> None:
    """粘亮: one joker and a 刮风 tractor of one suit, 2–4 consecutive pairs of ordinary
    cards (R-3.5), at level 9."""
    held = "BJ 8D 8D 9D 9D 10D 10D JD JD QD QD KD KD AD AD 5D 5D 6D 6D 10C"
    rnd = dealing({0: "LJ 7H 7H", 1: held}, banker=0, levels=[7] * 4)
    rnd.apply(0, Bid(tuple(parse_cards("LJ 7H 7H")), "liang"))
    error = SHANDONG.bidding.bid_error(rnd.bid_context(1), parse_cards(cards), "zhan")
    stick = ("R-8.4", "R-8.4: 粘 needs a 刮风: consecutive pairs of one suit")
    assert (None if error is None else (error.rule, str(error))) == (None if accepted else stick)


# --- every refusal of a declaration, a swap, a lead and a follow, word for word ----------
# R-8.4 (declaring, swapping), R-4.1 / R-4.2 / R-4.5 (leads), R-5.3 (following): each
# refusal names its rule and says exactly what is wrong, and leaves the round as it was.

NOT_HELD = "you do not hold the cards you declare"
LIANG_SHAPE = "亮 is one joker and a pair of one suit"
NOTHING_YET = "nothing is declared yet: 亮 first"
NOT_DECLARER = "only the declarer adds to a standing declaration"
ADD_SHAPE = "add one joker identical to one already shown"
NO_COPY = "you do not hold another copy of that joker"
STUCK = "a declaration that was 粘'd cannot be 顶'd or 粘'd again"
DING_SHAPE = "顶 is a pair of one joker and a pair of one suit"
OTHER_SIDE = "only the other side may 粘"
ZHAN_JOKERS = "粘亮 is one joker and a 刮风; 粘顶 is a pair of one joker and a 刮风"

Step = tuple[int, str, str]  # (seat, bid kind, cards); or "give_back", or "window"


def declare(rnd: Round, seat: int, kind: str, cards: str) -> None:
    """One step before the bid under test: a bid of ``kind``, a give-back, or
    ``window``: the last card dealt, then passes round the closing window (R-8.1) until
    ``seat`` is polled."""
    if kind == "give_back":
        rnd.apply(seat, GiveBack(tuple(parse_cards(cards))))
    elif kind == "window":
        rnd.deal_card()
        while (polled := rnd.to_act) != seat:
            assert polled is not None
            rnd.apply(polled, Pass())
        assert rnd.phase is Phase.BID
    else:
        rnd.apply(seat, Bid(tuple(parse_cards(cards)), kind))


LIANG = (0, "liang", "LJ 7H 7H")  # seat 0 declares ♥
ZHAN_AND_GIVE_BACK = [LIANG, (1, "zhan", "LJ 10D 10D JD JD"), (1, "give_back", "2C 10D JD")]


@pytest.mark.parametrize(
    ("wants", "steps", "bid", "message"),
    [
        # 亮: one joker and a pair, held, with nothing declared yet.
        pytest.param({0: "LJ 7H 7H"}, [], LIANG, None, id="liang"),
        pytest.param({0: "LJ 7H 7H", 1: "BJ BJ"}, [], (0, "liang", "BJ 7H 7H"), NOT_HELD),
        pytest.param({0: "LJ 7H", 1: "7H"}, [], LIANG, NOT_HELD, id="liang-one-7H"),
        *(
            pytest.param({0: "LJ LJ 7H 7H 8H 7D"}, [], (0, "liang", cards), LIANG_SHAPE)
            for cards in ("LJ LJ 7H 7H", "7H 7H", "LJ 7H", "LJ 7H 8H", "LJ 7H 7D", "LJ 7H 7H 8H")
        ),
        # a pair of 小王 is no pair of a suit
        pytest.param({0: "BJ LJ LJ 7H 7H"}, [], (0, "liang", "BJ LJ LJ"), LIANG_SHAPE),
        # 顶, 粘 and adding need a declaration standing.
        *(
            pytest.param({0: "LJ LJ", 1: "BJ BJ 8C 8C 10D 10D JD JD"}, [], bid, NOTHING_YET)
            for bid in [
                (1, "ding", "BJ BJ 8C 8C"),
                (1, "zhan", "BJ 10D 10D JD JD"),
                (0, "add", "LJ"),
            ]
        ),
        # Adding: the declarer, during the deal, a twin of a joker shown, held (等死 off).
        pytest.param({0: "LJ LJ 7H 7H"}, [LIANG], (0, "add", "LJ"), None, id="add"),
        pytest.param(
            {0: "LJ LJ 7H 7H"},
            [LIANG, (0, "window", "")],
            (0, "add", "LJ"),
            "jokers are added during the deal",
            id="add-in-the-closing-window",
        ),
        pytest.param({0: "LJ 7H 7H", 2: "LJ"}, [LIANG], (2, "add", "LJ"), NOT_DECLARER),
        pytest.param(  # the declarer, but its declaration was 粘'd
            {0: "LJ LJ 7H 7H", 1: "BJ 10D 10D JD JD 2C"},
            [LIANG, (1, "zhan", "BJ 10D 10D JD JD"), (1, "give_back", "2C 10D JD")],
            (0, "add", "LJ"),
            NOT_DECLARER,
            id="add-after-a-zhan",
        ),
        *(
            pytest.param({0: "LJ LJ BJ 7H 7H"}, [LIANG], (0, "add", cards), ADD_SHAPE)
            for cards in ("LJ 7H", "LJ LJ", "BJ", "7H")
        ),
        pytest.param({0: "LJ 7H 7H", 2: "LJ"}, [LIANG], (0, "add", "LJ"), NO_COPY),
        pytest.param(
            {0: "LJ LJ 7H 7H"}, [LIANG, (0, "add", "LJ")], (0, "add", "LJ"), NO_COPY, id="add-3rd"
        ),
        # 顶: a joker pair and a pair, by anyone but the declarer, on a 亮 not 粘'd.
        pytest.param({0: "LJ 7H 7H", 2: "BJ BJ 8C 8C"}, [LIANG], (2, "ding", "BJ BJ 8C 8C"), None),
        pytest.param(
            {0: "LJ 7H 7H", 1: "LJ 10D 10D JD JD 2C", 3: "BJ BJ 6S 6S"},
            ZHAN_AND_GIVE_BACK,
            (3, "ding", "BJ BJ 6S 6S"),
            STUCK,
            id="ding-after-a-zhan",
        ),
        pytest.param(
            {0: "LJ LJ 7H 7H 8C 8C"},
            [LIANG],
            (0, "ding", "LJ LJ 8C 8C"),
            "you cannot 顶 your own declaration",
        ),
        *(
            pytest.param(
                {0: "LJ 7H 7H", 1: "LJ BJ BJ 8C 8C 9C"}, [LIANG], (1, "ding", c), DING_SHAPE
            )
            for c in ("BJ 8C 8C", "LJ BJ 8C 8C", "BJ BJ 8C 9C", "BJ BJ", "BJ BJ 8C 8C 9C")
        ),
        pytest.param(
            {0: "LJ 7H 7H", 1: "LJ BJ BJ 8C 8C"}, [LIANG], (1, "ding", "LJ BJ BJ 8C 8C"), DING_SHAPE
        ),
        # 粘: by the other side only, whichever seat declared.
        pytest.param(
            {0: "LJ LJ 7H 7H 6S 6S 7S 7S"}, [LIANG], (0, "zhan", "LJ 6S 6S 7S 7S"), OTHER_SIDE
        ),
        pytest.param(
            {3: "LJ 7H 7H", 1: "BJ 6S 6S 7S 7S"},
            [(3, "liang", "LJ 7H 7H")],
            (1, "zhan", "BJ 6S 6S 7S 7S"),
            OTHER_SIDE,
        ),
        pytest.param(
            {3: "LJ 7H 7H", 0: "BJ 6S 6S 7S 7S"},
            [(3, "liang", "LJ 7H 7H")],
            (0, "zhan", "BJ 6S 6S 7S 7S"),
            None,
        ),
        # 粘亮: one joker and a 刮风; 粘顶 (of a 亮 with its twin added, or of a 顶): a pair.
        *(
            pytest.param({0: "LJ 7H 7H", 1: "BJ BJ 10D 10D JD JD"}, [LIANG], (1, "zhan", c), m)
            for c, m in [
                ("BJ 10D 10D JD JD", None),
                ("BJ BJ 10D 10D JD JD", ZHAN_JOKERS),
                ("10D 10D JD JD", ZHAN_JOKERS),
            ]
        ),
        *(
            pytest.param(
                {0: "LJ LJ 7H 7H", 1: "BJ BJ 10D 10D JD JD"},
                [LIANG, (0, "add", "LJ")],
                (1, "zhan", c),
                m,
            )
            for c, m in [
                ("BJ BJ 10D 10D JD JD", None),
                ("BJ 10D 10D JD JD", ZHAN_JOKERS),
                ("10D 10D JD JD", ZHAN_JOKERS),
            ]
        ),
        *(
            pytest.param(
                {0: "LJ LJ 7H 7H 10D 10D JD JD", 1: "BJ BJ 8C 8C"},
                [LIANG, (1, "ding", "BJ BJ 8C 8C")],
                (0, "zhan", c),
                m,
            )
            for c, m in [("LJ LJ 10D 10D JD JD", None), ("LJ 10D 10D JD JD", ZHAN_JOKERS)]
        ),
    ],
)
def test_a_declaration_is_refused_word_for_word(
    wants: dict[int, str], steps: list[Step], bid: Step, message: str | None
) -> None:
    """亮, 顶, 粘 and adding a joker (R-8.4), each refused with the rule and the exact
    reason, the round unchanged; or, where ``message`` is None, accepted."""
    rnd = dealing(wants)
    for step in steps:
        declare(rnd, *step)
    seat, kind, cards = bid
    action = Bid(tuple(parse_cards(cards)), kind)
    if message is None:
        rnd.apply(seat, action)
        assert (rnd.bids[-1].seat, rnd.bids[-1].cards, rnd.bids[-1].kind) == (
            seat,
            action.cards,
            kind,
        )
        return
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as caught:
        rnd.apply(seat, action)
    assert type(caught.value) is IllegalAction
    assert (caught.value.rule, str(caught.value)) == ("R-8.4", f"R-8.4: {message}")
    assert rnd.to_json() == before


def test_the_quick_check_rules_out_who_cannot_declare() -> None:
    """`may_bid`, which spares asking seats with surely no declaration, says no after a
    粘 to everyone however strong, and to the declarer with no unshown copy of a joker
    it showed, or to its partner; it says yes to the declarer holding one."""
    rnd = dealing({0: "LJ LJ 7H 7H", 1: "BJ 10D 10D JD JD 2C", 2: "BJ 8C 8C"})
    for step in [LIANG, (1, "zhan", "BJ 10D 10D JD JD"), (1, "give_back", "2C 10D JD")]:
        declare(rnd, *step)
    assert [rnd.may_bid(seat) for seat in range(4)] == [False] * 4
    rnd = dealing({0: "LJ BJ 7H 7H", 2: "LJ"})
    declare(rnd, *LIANG)
    assert not rnd.may_bid(0)
    rnd = dealing({0: "LJ LJ 7H 7H"})
    declare(rnd, *LIANG)
    assert rnd.may_bid(0)
    # the declarer's partner holds a joker and a 刮风, but only the other side may 粘
    rnd = dealing({0: "LJ 7H 7H", 2: "BJ 10D 10D JD JD", 1: "BJ 8C 8C 9C 9C"})
    declare(rnd, *LIANG)
    assert [rnd.may_bid(seat) for seat in (1, 2)] == [True, False]
    # at level 9 the 9s are trumps, so ♣8♣8 ♣9♣9 is no 刮风 and nothing to 粘 with
    rnd = dealing({0: "LJ 7H 7H", 1: "BJ 8C 8C 9C 9C"}, levels=[7] * 4)
    declare(rnd, *LIANG)
    assert rnd.level_rank == 7 and not rnd.may_bid(1)
    assert not any(bid.bid_kind == "zhan" for bid in rnd.view(1).legal_bids())
    # with a true 刮风 too, only that one is offered: not the 8s and 9s, not a lone ♦K
    rnd = dealing({0: "LJ 7H 7H", 1: "BJ 8C 8C 9C 9C JD JD QD QD KD"}, levels=[7] * 4)
    declare(rnd, *LIANG)
    offered = [format_cards(b.cards) for b in rnd.view(1).legal_bids() if b.bid_kind == "zhan"]
    assert offered == [format_cards(parse_cards("BJ JD JD QD QD"))]


def test_declarations_no_two_deck_deal_can_make() -> None:
    """Refusals that no real deal reaches through `Round.apply`, checked on the bidding
    rules with made-up hands: a 粘顶 with two different jokers (the 顶 holds both
    jokers of its kind, so a sticker cannot hold one of each); a bid of no declaration
    kind (the round refuses such a kind first); and a context that names no options
    reads 等死 as off, its default."""
    from zhaopengyou.engine.bidding import BidContext, BidRecord

    rules = SHANDONG.bidding
    liang = BidRecord(0, tuple(parse_cards("LJ 7H 7H")), 9, "liang")
    ding = BidRecord(1, tuple(parse_cards("BJ BJ 8C 8C")), 9, "ding")

    def said(error: IllegalAction | None) -> tuple[str | None, str] | None:
        return None if error is None else (error.rule, str(error))

    hand = counts("LJ BJ 10D 10D JD JD")
    mixed = parse_cards("LJ BJ 10D 10D JD JD")
    context = BidContext(hand, 2, (liang, ding), 7)
    assert said(rules.bid_error(context, mixed, "zhan")) == ("R-8.4", f"R-8.4: {ZHAN_JOKERS}")
    context = BidContext(counts("LJ LJ 10D 10D JD JD"), 2, (liang, ding), 7)
    assert rules.bid_error(context, parse_cards("LJ LJ 10D 10D JD JD"), "zhan") is None

    context = BidContext(counts("BJ 8C 8C"), 1, (liang,), 7)
    for kind, shown in [(None, "None"), ("pass", "'pass'")]:
        error = rules.bid_error(context, parse_cards("BJ 8C 8C"), kind)
        assert said(error) == ("R-8.4", f"R-8.4: unknown declaration {shown}")
    rnd = dealing({0: "LJ 7H 7H", 1: "BJ 8C 8C"})
    declare(rnd, *LIANG)
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as caught:
        rnd.apply(1, Bid(tuple(parse_cards("BJ 8C 8C")), "pass"))
    assert str(caught.value) == "bid kind 'pass' does not exist in shandong"
    assert rnd.to_json() == before

    context = BidContext(counts("LJ LJ 7H 7H"), 0, (liang,), 7)
    assert context.options == {} and rules.bid_error(context, parse_cards("LJ"), "add") is None


SAME_RANK = ("R-8.4", "R-8.4: swap a kitty trump for a card of the same rank in another suit")
IN_THE_KITTY = ("R-8.4", "R-8.4: swap only trumps that are in the kitty")


@pytest.mark.parametrize(
    ("burial", "swaps", "refused"),
    [
        ("9H 4D 6D 8D", [("9S", "9H")], None),
        ("5C 5H 4D 6D", [("5D", "5C"), ("5D", "5H")], None),  # ♦5 is held twice
        ("5C 5H 4D 6D", [("5S", "5C"), ("5S", "5H")], (None, "you do not hold 1× ♠5")),
        ("9H 4D 6D 8D", [("9D", "9H")], (None, "you do not hold 1× ♦9")),
        ("9H 4D 6D 8D", [("9S", "AS")], IN_THE_KITTY),  # a trump (level A), not buried
        ("9H 4D 6D 8D", [("4C", "4D")], IN_THE_KITTY),  # buried, not a trump
        ("9H 4D 6D 8D", [("9S", "9H"), ("9S", "9H")], IN_THE_KITTY),  # one ♥9 buried
        ("9H 4D 6D 8D", [("8S", "9H")], SAME_RANK),
        ("9H 4D 6D 8D", [("9H", "9H")], SAME_RANK),  # the same suit
        ("2C LJ BJ 4D", [("2S", "2C")], None),
        ("2C LJ BJ 4D", [("LJ", "2C")], SAME_RANK),  # a joker has no rank
        ("2C LJ BJ 4D", [("2S", "LJ")], SAME_RANK),
        ("2C LJ BJ 4D", [("3S", "BJ")], SAME_RANK),
    ],
)
def test_a_swap_is_refused_word_for_word(
    burial: str, swaps: list[tuple[str, str]], refused: tuple[str | None, str] | None
) -> None:
    """After burying, the declarer (seat 1, ♥ at level A) may swap a buried trump for a
    held card of its rank in another suit; anything else is refused with the rule and
    the exact reason, the round unchanged."""
    rnd = dealing(
        {
            1: "LJ 7H 7H 9S 9H 5S 5D 5D 4C 8S 2S 3S",
            0: "9S 5S 9D 9D",  # the declarer holds one ♠9 and one ♠5, no ♦9
            3: "9H 4D 6D 8D 5C 5H 2C LJ BJ",
        }
    )
    declare(rnd, 1, "liang", "LJ 7H 7H")
    finish_window(rnd)
    rnd.apply(3, Bury(tuple(parse_cards(burial))))
    assert rnd.phase is Phase.SWAP and rnd.to_act == 1
    action = Swap(tuple((Card(held), Card(buried)) for held, buried in swaps))
    if refused is None:
        rnd.apply(1, action)
        assert rnd.swaps == tuple(action.pairs) and rnd.view(0).trump_suit == 1  # ♥ shown
        return
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as caught:
        rnd.apply(1, action)
    assert (caught.value.rule, str(caught.value)) == refused
    assert rnd.to_json() == before


WITHOUT_UNIT = "without that unit, follow with your highest cards of the suit"
HOLD_GUAFENG = "you hold a 刮风 this long in the led suit: follow with it"
AS_MANY_PAIRS = "follow with as many pairs as you hold, up to the lead's"
FILL_HIGHEST = "after your pairs, fill with your highest cards of the suit"
RAIN_LEAD = ("10H JH QH KH AH 4C", "10H JH QH KH AH")
TRACTOR_LEAD = ("6H 6H 7H 7H 4C 6C", "6H 6H 7H 7H")
PAIR_LEAD = ("6H 6H 4C 6C 7C 8C", "6H 6H")


@pytest.mark.parametrize(
    ("lead", "hand", "play", "message"),
    [
        # Rain: the same unit if held (level 9: ♥10…A is one), else the highest cards.
        (RAIN_LEAD, "4H 6H 7H 8H JH QH", "6H 7H 8H JH QH", None),
        (RAIN_LEAD, "4H 6H 7H 8H JH QH", "4H 6H 7H 8H JH", WITHOUT_UNIT),
        (
            RAIN_LEAD,
            "10H JH QH KH AH 4H",
            "JH QH KH AH 4H",
            "you hold a rain of this size in the led suit: play it",
        ),
        # 刮风 and pairs: 有对跟对，无对从大到小.
        (TRACTOR_LEAD, "QH QH KH KH 4H 8H", "QH QH KH KH", None),
        (TRACTOR_LEAD, "QH QH KH KH 4H 8H", "QH QH 4H 8H", HOLD_GUAFENG),
        (PAIR_LEAD, "QH QH 4H 8H 10H AH", "QH QH", None),
        (PAIR_LEAD, "QH QH 4H 8H 10H AH", "4H 8H", HOLD_GUAFENG),  # a pair: a 刮风 of one
        (TRACTOR_LEAD, "4H 4H 8H 8H QH AH", "4H 4H 8H 8H", None),  # 4 and 8: no 刮风
        (TRACTOR_LEAD, "4H 4H 8H 8H QH AH", "4H 4H QH AH", AS_MANY_PAIRS),
        (TRACTOR_LEAD, "4H 4H 8H 10H QH AH", "4H 4H QH AH", None),
        (TRACTOR_LEAD, "4H 4H 8H 10H QH AH", "4H 4H 8H 10H", FILL_HIGHEST),
    ],
)
def test_a_follow_is_refused_word_for_word(
    lead: tuple[str, str], hand: str, play: str, message: str | None
) -> None:
    """Seat 1 follows seat 0's lead (level 9, ♠ trump) with six hearts: a refused
    follow names R-5.3 and says exactly what it must play, the round unchanged."""
    leader, led = lead
    rnd = Round.from_hands(
        SHANDONG,
        [leader, hand, "8D 10D JD QD KD AD", "4D 6D 7D 8D 10C JC"],
        level_rank="9",
        trump_suit="S",
        banker=0,
    )
    rnd.apply(0, Play.parse(led))
    if message is None:
        rnd.apply(1, Play.parse(play))
        assert rnd.to_act == 2
        return
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as caught:
        rnd.apply(1, Play.parse(play))
    assert (caught.value.rule, str(caught.value)) == ("R-5.3", f"R-5.3: {message}")
    assert rnd.to_json() == before

"""R-7.2 kitty multipliers; R-9.1 friend; R-9.4 bands; R-9.5, R-9.6; R-10.1, R-10.3."""

from __future__ import annotations

import pytest

from zhaopengyou.engine import CallFriend, IllegalAction, Match, Play, Round, get_preset
from zhaopengyou.engine.cards import RANK_NAMES, Card
from zhaopengyou.engine.table import Band
from zhaopengyou.engine.units import PAIR, SINGLE, TRIPLE, Shape

ZPY = get_preset("zhaopengyou")
TRACTOR = get_preset("tractor")


def ranks(*names: str) -> tuple[int, ...]:
    return tuple(RANK_NAMES.index(n) for n in names)


@pytest.mark.parametrize(
    ("shapes", "multiplier"),
    [
        ((SINGLE,), 2),
        ((SINGLE, SINGLE, SINGLE), 2),
        ((PAIR,), 4),
        ((PAIR, SINGLE), 4),
        ((Shape("tractor", 2, 2),), 8),
        ((Shape("tractor", 2, 3), PAIR), 16),
        ((TRIPLE,), 6),
        ((TRIPLE, Shape("tractor", 2, 4)), 6),
        ((Shape("tractor", 3, 2),), 18),
        ((Shape("tractor", 3, 3), TRIPLE), 54),
    ],
)
def test_kitty_multiplier_of_the_last_trick_format(
    shapes: tuple[Shape, ...], multiplier: int
) -> None:
    assert ZPY.kitty_multiplier(shapes) == multiplier
    assert TRACTOR.kitty_multiplier(shapes) == multiplier


@pytest.mark.parametrize(
    ("decks", "x", "band"),
    [
        (2, 0, Band("banker", 3)),
        (2, -20, Band("banker", 3)),
        (2, 5, Band("banker", 2)),
        (2, 35, Band("banker", 2)),
        (2, 40, Band("banker", 1)),
        (2, 75, Band("banker", 1)),
        (2, 80, Band("stepdown", 0)),
        (2, 115, Band("stepdown", 0)),
        (2, 120, Band("attackers", 1)),
        (2, 155, Band("attackers", 1)),
        (2, 160, Band("attackers", 2)),
        (2, 200, Band("attackers", 3)),
        (3, 55, Band("banker", 2)),
        (3, 60, Band("banker", 1)),
        (3, 119, Band("banker", 1)),
        (3, 120, Band("stepdown", 0)),
        (3, 180, Band("attackers", 1)),
        (3, 240, Band("attackers", 2)),
        (3, 300, Band("attackers", 3)),
    ],
)
def test_level_bands_scale_with_decks(decks: int, x: int, band: Band) -> None:
    preset = ZPY.with_options(decks=decks, kitty_size=8 if decks == 2 else 7)
    assert preset.band(x) == band


def test_seed_000_settlement_example() -> None:
    before = ranks("2", "5", "2", "3", "2")
    band = ZPY.band(60)
    assert band == Band("banker", 1)  # one level up with three decks (and with two)
    assert ZPY.with_options(decks=2, kitty_size=8).band(60) == Band("banker", 1)
    after = ZPY.levels_after(before, band, (0, 1))
    assert after == ranks("3", "6", "2", "3", "2")
    assert ZPY.round_scores(band, 0, (0, 1), after, penalties=[0] * 5) == (-1, 14, -6, -1, -6)


def test_seed_000_settlement_played_out() -> None:
    rnd = Round.from_hands(
        ZPY,
        ["3S 3D", "4S 4D", "KS KD", "10S 10D", "QS 10D"],
        level_rank="2",
        trump_suit="H",
        banker=0,
        kitty="5C",
        levels=["2", "5", "2", "3", "2"],
        friend_call="4D",
    )
    assert rnd.friend == 1
    for seat, text in [(0, "3S"), (1, "4S"), (2, "KS"), (3, "10S"), (4, "QS")]:
        rnd.apply(seat, Play.parse(text))
    assert rnd.tricks[0].winner == 2 and rnd.tricks[0].points == 20
    for seat, text in [(2, "KD"), (3, "10D"), (4, "10D"), (0, "3D"), (1, "4D")]:
        rnd.apply(seat, Play.parse(text))
    result = rnd.result
    assert result is not None
    assert result.trick_points == 50
    assert (result.kitty_points, result.kitty_multiplier) == (5, 2)  # single: ×2
    assert result.kitty_bonus == 10 and result.attackers_points == 60
    assert result.levels_after == ranks("3", "6", "2", "3", "2")
    assert result.scores == (-1, 14, -6, -1, -6)
    assert result.next_banker == 0  # held, the same banker
    assert rnd.view(3).friend == 1  # revealed by playing ♦4


def test_levels_stop_at_the_top_of_the_ladder() -> None:
    assert ZPY.levels_after(ranks("K", "A", "2", "2", "2"), Band("banker", 3), (0, 1)) == ranks(
        "A", "A", "2", "2", "2"
    )


def test_fixed_partner_scores_and_next_banker() -> None:
    band = TRACTOR.band(130)
    assert band == Band("attackers", 1)
    assert TRACTOR.round_scores(band, 0, (0, 2), None, penalties=[0, -1, 0, 0]) == (-1, 0, -1, 1)
    assert TRACTOR.next_banker(0, band, (0, 2)) == 1
    assert TRACTOR.next_banker(0, Band("stepdown", 0), (0, 2)) == 1
    assert TRACTOR.next_banker(3, Band("banker", 2), (1, 3)) == 1  # the partner
    assert TRACTOR.round_scores(Band("stepdown", 0), 0, (0, 2), None, penalties=[0] * 4) == (
        0,
        0,
        0,
        0,
    )


def test_called_partner_keeps_the_bank_when_held() -> None:
    called = TRACTOR.with_options(partner="called")
    assert called.next_banker(3, Band("banker", 1), (3, 1)) == 3
    assert called.next_banker(3, Band("attackers", 1), (3, 1)) == 0


def test_friend_is_the_nearest_holder_after_the_banker() -> None:
    hands = ["AS 3C", "4C 5C", "AS 6C", "7C 8C", "AS 9C"]
    rnd = Round.from_hands(ZPY, hands, level_rank="2", trump_suit="H", banker=3, friend_call="AS")
    assert rnd.friend == 4
    rnd = Round.from_hands(ZPY, hands, level_rank="2", trump_suit="H", banker=0, friend_call="AS")
    assert rnd.friend == 2


def test_banker_alone_when_no_other_hand_holds_a_copy() -> None:
    rnd = Round.from_hands(
        ZPY,
        ["AS AS", "4C 5C", "6C 7C", "7C 8C", "3C 9C"],
        level_rank="2",
        trump_suit="H",
        banker=0,
        kitty="AS",
        friend_call="AS",
    )
    assert rnd.friend is None
    assert rnd.banker_side() == (0,)


def test_two_decks_banker_with_both_copies_plays_one_against_three() -> None:
    called = TRACTOR.with_options(partner="called")
    rnd = Round.from_hands(
        called,
        ["AS AS", "4C 5C", "6C 7C", "8C 9C"],
        level_rank="2",
        trump_suit="H",
        banker=0,
        friend_call="AS",
    )
    assert rnd.friend is None and rnd.banker_side() == (0,)
    rnd = Round.from_hands(
        called,
        ["AS 3C", "4C 5C", "6C AS", "8C 9C"],
        level_rank="2",
        trump_suit="H",
        banker=0,
        friend_call="AS",
    )
    assert rnd.friend == 2


def test_friend_call_rejects_solo_outside_qidong() -> None:
    rnd = Round(ZPY, seed=11, dealer=0)
    rnd.deal_all()
    from zhaopengyou.engine import Bury, Pass, Phase

    # Force a bid so the round reaches the call.
    while rnd.phase is Phase.BID:
        seat = rnd.to_act
        assert seat is not None
        bids = rnd.view(seat).legal_bids()
        rnd.apply(seat, bids[0] if bids and not rnd.bids else Pass())
    assert rnd.phase is Phase.BURY
    banker = rnd.to_act
    assert banker is not None
    rnd.apply(banker, Bury(rnd.view(banker).hand[:7]))
    with pytest.raises(IllegalAction) as info:
        rnd.apply(banker, CallFriend(solo=True))
    assert info.value.rule == "R-9.1"
    rnd.apply(banker, CallFriend(Card("AS")))
    phase: Phase = rnd.phase  # not the BURY mypy narrowed it to above: the call moved it on
    assert phase is Phase.PLAY


@pytest.mark.parametrize(
    ("totals", "winners"),
    [([3, 5, -1, -7], (1,)), ([4, -2, 4, -6], (0, 2)), ([0, 0, 0, 0], (0, 1, 2, 3))],
)
def test_the_series_winners_have_the_highest_total_and_share_a_tie(
    totals: list[int], winners: tuple[int, ...]
) -> None:
    """A series is won on its 积分 totals (the sum of R-10's round scores)."""
    match = Match(get_preset("tractor"), seed=1, rounds=2)
    match.totals = totals
    assert match.winners == winners


@pytest.mark.rules("R-9.5")
@pytest.mark.parametrize(
    ("partner", "banker_level", "attackers_lead", "held"),
    [
        ("fixed", "A", False, True),  # held at A: the match is won
        ("fixed", "K", False, False),  # held below the top
        ("fixed", "3", False, False),
        ("fixed", "A", True, False),  # X = 80: the bank steps down
        ("called", "A", False, False),  # individual levels: holding at A wins nothing
    ],
)
def test_r9_5_a_fixed_team_holding_the_bank_at_a_wins(
    partner: str, banker_level: str, attackers_lead: bool, held: bool
) -> None:
    """One trick of `tractor`: the ♠A wins it. The banker (seat 0) leads it, or seat 1,
    an attacker, does and the kitty's 40 points count twice (X = 80, R-7.2, R-9.4)."""
    hands = ["3S", "AS", "4S", "6S"] if attackers_lead else ["AS", "3S", "4S", "6S"]
    levels = [banker_level, "2", banker_level, "2"]
    leader = 1 if attackers_lead else 0
    rnd = Round.from_hands(
        TRACTOR.with_options(partner=partner),
        hands,
        level_rank=banker_level,
        trump_suit="H",
        banker=0,
        kitty="KC KD 10C 10D",
        levels=levels,
        friend_call="6S" if partner == "called" else None,
        leader=leader,
    )
    for seat in [(leader + offset) % 4 for offset in range(4)]:
        rnd.apply(seat, Play((Card(hands[seat]),)))
    assert rnd.result is not None
    assert rnd.result.bank_held_at_top is held

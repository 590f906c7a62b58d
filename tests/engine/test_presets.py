"""Presets (engine/presets.py): options refused with their reasons, the numbers R-10.1
scores with, penalties in the round score, and the friend call of 找朋友 (R-9.1)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from zhaopengyou.engine import CallFriend, InvalidOption, get_preset
from zhaopengyou.engine.cards import RANK_NAMES, Card, format_cards
from zhaopengyou.engine.table import Band

from .conftest import counts, refusal


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        (
            "shandong",
            {"dengsi": "yes"},
            "option 'dengsi' of shandong must be one of: False, True (got 'yes')",
        ),
        (
            "tractor",
            {"partner": "both"},
            "option 'partner' of tractor must be one of: fixed, called (got 'both')",
        ),
        (
            "zhaopengyou",
            {"decks": 4},
            "option 'decks' of zhaopengyou must be between 2 and 3 (got 4)",
        ),
        (
            "qidong",
            {"throw_penalty": -1},
            "option 'throw_penalty' of qidong must be between 0 and 100 (got -1)",
        ),
        ("tractor", {"decks": "2"}, "option 'decks' of tractor must be a whole number"),
        (
            "mahjong",
            {},
            "unknown preset 'mahjong'; presets: qidong, shandong, tractor, zhaopengyou",
        ),
    ],
)
def test_an_option_out_of_its_values_is_refused_with_what_it_may_be(
    name: str, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidOption) as info:
        get_preset(name, **options)
    assert str(info.value) == message


@pytest.mark.rules("R-1.1", "R-7.1")
@pytest.mark.parametrize(
    ("name", "sizes"),
    [
        ("qidong", [8]),
        ("shandong", [4]),
        ("tractor", [4, 8, 12, 16, 20]),
        ("zhaopengyou", [2, 7, 12, 17]),
    ],
)
def test_the_kitty_sizes_a_preset_may_deal(name: str, sizes: list[int]) -> None:
    """R-1.1: every hand gets as many cards. A fixed kitty (108 cards: `qidong` 8 for 5
    players, `shandong` 4 for 4) is its own only size; an option of 1–20 allows the sizes
    that leave a multiple of the players (4: 108 − k; 5 with 3 decks: 162 − k)."""
    assert get_preset(name).dealable_kitty_sizes() == sizes


@pytest.mark.parametrize("name", ["zhaopengyou", "tractor"])
def test_r10_1_levels_count_from_2_to_14(name: str) -> None:
    """R-10.1 counts a level as its number, J = 11 … A = 14."""
    preset = get_preset(name)
    assert [preset.level_value(RANK_NAMES.index(r)) for r in ("2", "10", "J", "A")] == [
        2,
        10,
        11,
        14,
    ]


def test_r10_1_penalties_are_added_to_the_level_score() -> None:
    """R-10.1's worked example with seat 1 (B) and seat 4 (E) each owing a failed throw."""
    preset = get_preset("zhaopengyou")
    after = tuple(RANK_NAMES.index(r) for r in ("3", "6", "2", "3", "2"))
    scores = preset.round_scores(
        Band("attackers", 1), 0, (0, 1), after, penalties=[0, -2, 0, 0, -1]
    )
    assert scores == (-1, 12, -6, -1, -7)


def test_r9_1_zhaopengyou_has_no_solo_call() -> None:
    preset = get_preset("zhaopengyou")
    hand = counts("AS KS")
    expected = ("R-9.1", "R-9.1: name one card; this game has no solo call")
    for call in (CallFriend(None, solo=True), CallFriend(None)):
        found = refusal(preset.friend_call_error(hand, (), call))
        assert found is not None and found[:2] == expected
    assert preset.friend_call_error(hand, (), CallFriend(Card("AH"))) is None


@pytest.mark.parametrize("name", ["zhaopengyou", "qidong", "tractor"])
def test_a_preset_s_random_lead_draws_throws_too(name: str) -> None:
    """R-4.1, R-4.2: with throws, any cards of one suit are a lead, ♠3♠4 included."""
    preset = get_preset(name)
    order = preset.ordering(RANK_NAMES.index("2"), 3)  # ♦ trump
    rng = random.Random(1)
    hand = counts("3S 4S 5H")
    drawn = {format_cards(sorted(preset.random_lead(hand, order, rng))) for _ in range(400)}
    assert drawn == {"♠3", "♠4", "♠3 ♠4", "♥5"}

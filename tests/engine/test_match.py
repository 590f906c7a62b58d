"""A match (engine/match.py): its seed, its starting levels and dealer, and how a finished
round is handed on to the next (R-8.1, R-9.5, R-11.2)."""

from __future__ import annotations

import json

import pytest

from zhaopengyou.bots import RandomBot, play_round
from zhaopengyou.engine import Round, get_preset
from zhaopengyou.engine.cards import RANK_NAMES
from zhaopengyou.engine.match import Match, round_seed


def test_a_match_without_a_seed_draws_one_it_can_be_stored_with() -> None:
    """Two unseeded matches draw their own seeds, exact in JSON (below 2**53), from which
    their rounds are dealt."""
    first, second = Match(get_preset("tractor")), Match(get_preset("tractor"))
    for match in (first, second):
        assert isinstance(match.seed, int) and 0 <= match.seed < 2**53
        assert match.new_round().seed == round_seed(match.seed, 1)
        assert json.loads(json.dumps(match.to_json()))["seed"] == match.seed
    assert first.seed != second.seed


@pytest.mark.parametrize(
    ("name", "bottom"), [("tractor", "2"), ("zhaopengyou", "2"), ("shandong", "A")]
)
def test_levels_start_at_the_bottom_of_the_ladder(name: str, bottom: str) -> None:
    """R-9.5: the ladders start at 2, and at A in `shandong`; `qidong` has no levels."""
    preset = get_preset(name)
    match = Match(preset, rounds=1)
    expected = (RANK_NAMES.index(bottom),) * preset.players
    assert match.levels == expected
    assert match.new_round().levels_before == expected
    assert match.over is False and match.to_json()["over"] is False
    assert Match(get_preset("qidong"), rounds=1).levels is None


def test_levels_given_are_the_first_round_s() -> None:
    seven = (RANK_NAMES.index("7"),) * 4
    match = Match(get_preset("tractor"), levels=seven, rounds=1)
    assert match.levels == seven and match.new_round().levels_before == seven


def finished(rnd: Round) -> Round:
    return play_round(rnd, [RandomBot(seat) for seat in range(rnd.preset.players)])


def test_the_dealer_given_deals_first_and_moves_one_seat_a_round() -> None:
    """R-8.1: with no banker known (every `qidong` round) the dealer seat deals the first
    card, and moves one place each round."""
    match = Match(get_preset("qidong"), seed=4, dealer=3, rounds=3)
    dealers = []
    for _ in range(3):
        rnd = match.new_round()
        dealers.append(rnd.dealer)
        match.finish_round(finished(rnd))
    assert dealers == [3, 4, 0]
    assert match.over is True


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    """R-8.1: chosen at random, but the same for the same match seed."""
    drawn = {Match(get_preset("qidong"), seed=seed, rounds=1).dealer for seed in range(40)}
    assert drawn == set(range(5))
    assert Match(get_preset("qidong"), seed=9, rounds=1).dealer == (
        Match(get_preset("qidong"), seed=9, rounds=1).dealer
    )


def test_only_a_finished_round_is_handed_on() -> None:
    match = Match(get_preset("tractor"), seed=2, rounds=2)
    rnd = match.new_round()
    with pytest.raises(ValueError, match="the round is not finished"):
        match.finish_round(rnd)
    assert match.round_number == 1 and match.totals == [0, 0, 0, 0]

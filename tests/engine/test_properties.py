"""Property tests: thousands of random-bot rounds per preset, with every invariant
checked at every step (see audit.py)."""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zhaopengyou.bots import RandomBot
from zhaopengyou.bots.heuristic import HeuristicBot
from zhaopengyou.engine import Preset, get_preset
from zhaopengyou.engine.match import Match
from zhaopengyou.records import match_records, replay_record

from .audit import audited_round

PRESETS = {
    "zhaopengyou": get_preset("zhaopengyou"),
    "tractor": get_preset("tractor"),
    "tractor-called": get_preset("tractor", partner="called"),
    "qidong": get_preset("qidong"),
    "shandong": get_preset("shandong"),
}
SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_audited_match(preset: Preset, seed: int, rounds: int, bots: str = "random") -> Match:
    """Play a match with every invariant checked, then replay each round's record
    through the engine: it must reproduce the game exactly."""
    match = Match(preset, seed=seed, rounds=rounds)
    make = RandomBot if bots == "random" else HeuristicBot
    agents = [make(seed * 10 + s) for s in range(preset.players)]
    while not match.over:
        rnd = audited_round(match.new_round(), agents, view_every=23)
        match.finish_round(rnd)
    for record in match_records(match):
        report = replay_record(json.loads(json.dumps(record)))
        assert report.ok, report.disagreement
    return match


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("half", [0, 1])  # two halves of the seed space run in parallel
@settings(SETTINGS, max_examples=75)  # 1,500 rounds a preset keep `make test` within 10 minutes
@given(offset=st.integers(0, 2**31 - 1))
def test_random_matches(name: str, half: int, offset: int) -> None:
    """2 × 75 random matches of up to 10 rounds per preset: thousands of rounds."""
    play_audited_match(PRESETS[name], half * 2**31 + offset, rounds=10)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(sorted(PRESETS)))
def test_heuristic_matches(seed: int, name: str) -> None:
    play_audited_match(PRESETS[name], seed, rounds=4, bots="heuristic")


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), name=st.sampled_from(sorted(PRESETS)))
def test_same_seed_same_game(seed: int, name: str) -> None:
    """Determinism: the same seed and actions give the same game, event for event."""
    preset = PRESETS[name]
    states = []
    for _ in range(2):
        match = play_audited_match(preset, seed, rounds=2)
        states.append(pickle.dumps([r.to_json() for r in match.played]))
    assert states[0] == states[1]

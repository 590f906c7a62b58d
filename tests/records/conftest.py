"""A corpus of bot-played matches, recorded once per test session."""

from __future__ import annotations

from typing import Any

import pytest

from zhaopengyou.bots import RandomBot, play_match
from zhaopengyou.engine import get_preset
from zhaopengyou.engine.match import Match
from zhaopengyou.engine.presets import Preset
from zhaopengyou.records import match_records

PRESETS: dict[str, Preset] = {
    "zhaopengyou": get_preset("zhaopengyou"),
    "tractor": get_preset("tractor"),
    "tractor-called": get_preset("tractor", partner="called"),
}
SEEDS = range(30)
ROUNDS_PER_MATCH = 3  # rounds 2+ replay with the banker known before bidding

Records = list[dict[str, Any]]


def play_recorded_match(preset: Preset, seed: int, rounds: int = ROUNDS_PER_MATCH) -> Records:
    """One random-bot match, as its list of round records."""
    match = Match(preset, seed=seed, rounds=rounds)
    play_match(match, [RandomBot(seed * 100 + seat) for seat in range(preset.players)])
    return [dict(record) for record in match_records(match)]


@pytest.fixture(scope="session")
def corpus() -> dict[str, list[Records]]:
    """Per preset label, the records of 30 three-round matches."""
    return {
        label: [play_recorded_match(preset, seed) for seed in SEEDS]
        for label, preset in PRESETS.items()
    }


@pytest.fixture(scope="session")
def all_records(corpus: dict[str, list[Records]]) -> Records:
    return [record for matches in corpus.values() for match in matches for record in match]

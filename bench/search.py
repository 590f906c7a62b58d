"""SearchBot benchmark, per preset: worlds sampled and rollouts played per second from
mid-round positions (the search's raw speed), and the decision times of a SearchBot at
the default budget (0.2 s) over whole rounds against HeuristicBots (median, p99).

Run it yourself (it is not a timed test):  python bench/search.py [--positions N] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any, NamedTuple

from presets import PRESETS  # bench/presets.py: this folder is on sys.path
from zhaopengyou.bots import DEFAULT_THINK, HeuristicBot, SearchBot, play_round
from zhaopengyou.bots.sampler import WorldSampler
from zhaopengyou.engine import Action, Card, Round, View
from zhaopengyou.engine.presets import Preset
from zhaopengyou.engine.table import PLAY


def mid_round(preset: Preset, seed: int) -> Round:
    """A round played by HeuristicBots up to its middle trick."""
    bots = [HeuristicBot(seat) for seat in range(preset.players)]
    tricks = (preset.decks * 54 - preset.kitty_size) // preset.players // 2

    def middle(rnd: Round) -> bool:
        return rnd.phase is PLAY and len(rnd.tricks) >= tricks and not rnd.current

    return play_round(Round(preset, seed=seed), bots, until=middle)


class Decision(NamedTuple):
    """A SearchBot's play decision in mid-round: its seat, view, the bot and the play it
    weighs (the heuristic's choice)."""

    seat: int
    view: View
    bot: SearchBot
    play: tuple[Card, ...]


def mid_round_decision(preset: Preset, seed: int) -> Decision:
    rnd = mid_round(preset, seed)
    seat = rnd.to_act
    assert seat is not None
    view = rnd.view(seat)
    bot = SearchBot(seed, worlds=1)
    return Decision(seat, view, bot, bot.heuristic.choose_play(view).cards)


def raw_speed(preset: Preset, positions: int) -> dict[str, float]:
    """Worlds and rollouts per second from ``positions`` mid-round positions."""
    sample_s = rollout_s = 0.0
    worlds = rollouts = 0
    for seed in range(positions):
        seat, view, bot, play = mid_round_decision(preset, seed)
        rng = random.Random(seed)
        started = time.perf_counter()
        sampler = WorldSampler(view)
        twins = [sampler.sample_round(rng)[1] for _ in range(5)]
        sample_s += time.perf_counter() - started
        worlds += len(twins)
        started = time.perf_counter()
        for twin in twins:
            bot.rollout(twin, seat, play, rng)
        rollout_s += time.perf_counter() - started
        rollouts += len(twins)
    return {"worlds_per_s": worlds / sample_s, "rollouts_per_s": rollouts / rollout_s}


class Timed:
    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.ms: list[float] = []

    def act(self, view: View) -> Action | None:
        started = time.perf_counter()
        action = self.bot.act(view)
        if view.phase is PLAY:
            self.ms.append((time.perf_counter() - started) * 1000)
        return action


def decision_times(preset: Preset, rounds: int) -> dict[str, float]:
    times: list[float] = []
    for seed in range(rounds):
        timed = Timed(SearchBot(seed, think=DEFAULT_THINK))
        agents: list[Any] = [HeuristicBot(seat) for seat in range(preset.players)]
        agents[seed % preset.players] = timed
        play_round(Round(preset, seed=1000 + seed), agents)
        times.extend(timed.ms)
    times.sort()
    return {
        "decisions": len(times),
        "decision_ms_p50": statistics.median(times),
        "decision_ms_p99": times[min(len(times) - 1, int(0.99 * len(times)))],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20, help="mid-round positions")
    parser.add_argument("--rounds", type=int, default=3, help="rounds for decision times")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {
        name: {**raw_speed(preset, args.positions), **decision_times(preset, args.rounds)}
        for name, preset in PRESETS.items()
    }
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"{'preset':24} {'worlds/s':>9} {'rollouts/s':>11} {'p50 ms':>8} {'p99 ms':>8}")
    for name, row in figures.items():
        print(
            f"{name:24} {row['worlds_per_s']:9.0f} {row['rollouts_per_s']:11.0f}"
            f" {row['decision_ms_p50']:8.0f} {row['decision_ms_p99']:8.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

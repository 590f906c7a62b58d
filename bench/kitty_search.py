"""What SearchBot's burial and friend-call search is worth, per preset: in many deals,
the kitty taker's burial (and then the banker's call) is made once by HeuristicBot and
once by SearchBot at the default budget; each round is then finished by HeuristicBots
with the true hands, and the searching seat's outcome (its R-10 score plus the
attackers' points in level bands, as the search values rollouts) is compared.

Run it yourself (it is not a timed test):  python bench/kitty_search.py [--deals N] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys

from presets import PRESETS  # bench/presets.py: this folder is on sys.path
from zhaopengyou.bots import DEFAULT_THINK, HeuristicBot, SearchBot, play_round
from zhaopengyou.bots.search import outcome
from zhaopengyou.engine import Action, Round
from zhaopengyou.engine.presets import Preset
from zhaopengyou.engine.table import BURY, CALL, Phase

SEARCHED = {name: preset for name, preset in PRESETS.items() if name != "shandong"}


def gains(preset: Preset, phase: Phase, deals: int) -> list[float]:
    """Per deal reaching ``phase``: the searching seat's outcome with the search's
    decision minus its outcome with the heuristic's."""
    heuristic = [HeuristicBot(seat) for seat in range(preset.players)]
    out = []
    for seed in range(deals):
        rnd = play_round(Round(preset, seed=seed), heuristic, until=lambda r: r.phase is phase)
        if rnd.phase is not phase:
            continue  # no such decision in this deal (a redeal, or no friend to call)
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        searched = SearchBot(seed, think=DEFAULT_THINK).act(view)
        values = []
        for action in (HeuristicBot(seat).act(view), searched):
            assert isinstance(action, Action)
            twin = rnd.clone()
            twin.apply(seat, action)
            values.append(outcome(play_round(twin, heuristic), seat))
        out.append(values[1] - values[0])
    return out


def summary(values: list[float]) -> dict[str, float]:
    mean = statistics.mean(values)
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    changed = sum(1 for v in values if v) / len(values)
    return {"decisions": len(values), "gain": mean, "ci95": half, "outcome_changed": changed}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per preset")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {}
    for name, preset in SEARCHED.items():
        figures[f"{name} burial"] = summary(gains(preset, BURY, args.deals))
        if preset.called_friend:
            figures[f"{name} call"] = summary(gains(preset, CALL, args.deals))
    if args.json:
        print(json.dumps(figures))
        return 0
    print(f"{'decision':30} {'n':>5} {'gain':>8} {'± 95%':>7} {'changed':>8}")
    for name, row in figures.items():
        print(
            f"{name:30} {row['decisions']:5.0f} {row['gain']:+8.3f} {row['ci95']:7.3f}"
            f" {row['outcome_changed']:8.0%}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""World sampler benchmark, per preset, from mid-round positions (HeuristicBots up to the
middle trick, the view of a seat that is not to act):

- ``sample_world``: one call of :func:`zhaopengyou.bots.sampler.sample_world`, everything
  included (the view's constraints worked out, the draw, the replay that verifies it);
- ``setup``: :class:`WorldSampler` built once per decision; ``draw``: one attempt at a
  world within its bounds; ``sample``: a verified world from a built sampler;
- ``determinize``: the engine round of a sampled world (the replay of every play);
- ``sample_round``: a verified world and its round from one replay (what a search does);
- ``attempts``: draws per verified world; ``rejected``: share of drawn worlds that the
  replay refused (constraints the bounds do not model).

Median and p90 in milliseconds. Run it yourself (it is not a timed test):
python bench/sampler.py [--positions N] [--samples N] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from presets import PRESETS  # bench/presets.py: this folder is on sys.path
from zhaopengyou.bots import HeuristicBot, play_round
from zhaopengyou.bots.sampler import WorldSampler, sample_world
from zhaopengyou.bots.world import determinize
from zhaopengyou.engine import Round, View
from zhaopengyou.engine.presets import Preset
from zhaopengyou.engine.table import PLAY


def mid_round_view(preset: Preset, seed: int) -> View:
    """A round played by HeuristicBots to its middle trick; the view of the seat after
    the one to act."""
    bots = [HeuristicBot(seat) for seat in range(preset.players)]
    tricks = (preset.decks * 54 - preset.kitty_size) // preset.players // 2

    def middle(rnd: Round) -> bool:
        return rnd.phase is PLAY and len(rnd.tricks) >= tricks and len(rnd.current) >= seed % 3

    rnd = play_round(Round(preset, seed=seed), bots, until=middle)
    assert rnd.to_act is not None
    return rnd.view((rnd.to_act + 1) % preset.players)


def timed(call: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """Milliseconds taken by ``call(*args)``, and its result."""
    started = time.perf_counter()
    result = call(*args)
    return (time.perf_counter() - started) * 1000, result


def figures(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median": statistics.median(ordered), "p90": ordered[int(0.9 * (len(ordered) - 1))]}


def measure(preset: Preset, positions: int, samples: int) -> dict[str, Any]:
    times: dict[str, list[float]] = {
        k: [] for k in ("sample_world", "setup", "draw", "sample", "determinize", "sample_round")
    }
    attempts = drawn = rejected = 0
    rng = random.Random(0)
    for seed in range(positions):
        view = mid_round_view(preset, seed)
        for _ in range(samples):
            times["sample_world"].append(timed(sample_world, view, rng)[0])
        took, sampler = timed(WorldSampler, view)
        times["setup"].append(took)
        for _ in range(samples):
            took, world = timed(sampler.draw, rng)
            times["draw"].append(took)
            attempts += 1
            while world is None:
                world = sampler.draw(rng)
                attempts += 1
            drawn += 1
            rejected += sampler.check(world) is not None
            took, world = timed(sampler.sample, rng)
            times["sample"].append(took)
            times["determinize"].append(timed(determinize, view, world)[0])
            times["sample_round"].append(timed(sampler.sample_round, rng)[0])
    out: dict[str, Any] = {name: figures(values) for name, values in times.items()}
    out["attempts"] = attempts / drawn
    out["rejected"] = rejected / drawn
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=12, help="positions per preset")
    parser.add_argument("--samples", type=int, default=10, help="samples per position")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    results = {name: measure(p, args.positions, args.samples) for name, p in PRESETS.items()}
    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
        return 0
    columns = ("sample_world", "setup", "draw", "sample", "determinize", "sample_round")
    print(f"{'ms, median / p90':24}" + "".join(f"{c:>16}" for c in columns) + "  attempts rejected")
    for name, row in results.items():
        cells = "".join(f"{row[c]['median']:>8.2f} /{row[c]['p90']:>6.2f}" for c in columns)
        print(f"{name:24}{cells}  {row['attempts']:8.2f} {row['rejected']:8.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Bot benchmark: full rounds per second with a HeuristicBot in every seat, per preset,
with RandomBot in every seat for reference (the engine's own cost).

Run it yourself (it is not a timed test):  python bench/bots.py [--rounds N] [--json]

A full round is everything: the deal card by card with bid polling, the closing
window, burial, the friend call, every trick and the scoring, each bot deciding from
its seat's view. Rounds are played as matches of up to 20 rounds (as ``zpy sim`` does),
so a bot sees several rounds in a row. One process, one core.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from typing import Any

from presets import PRESETS  # bench/presets.py: this folder is on sys.path
from zhaopengyou.bots import BOT_KINDS, make_bot, play_round
from zhaopengyou.engine.match import Match
from zhaopengyou.engine.presets import Preset


def rounds_per_second(preset: Preset, kind: str, rounds: int, seed: int = 0) -> float:
    """Complete rounds per second with ``kind`` bots in every seat, creating every match,
    round and bot inside the timing."""
    gc.collect()
    started = time.perf_counter()
    played = 0
    while played < rounds:
        match = Match(preset, seed=seed + played, rounds=min(20, rounds - played))
        bots = [make_bot(kind, seed + played * 10 + s) for s in range(preset.players)]
        while not match.over:
            match.finish_round(play_round(match.new_round(), bots))
            played += 1
    return played / (time.perf_counter() - started)


def trials(
    presets: dict[str, Preset], rounds: int, count: int, kinds: list[str]
) -> dict[str, dict[str, list[float]]]:
    """Rounds per second of every preset and bot kind, ``count`` trials each, taking
    turns so that a slow spell of a shared machine does not fall on one figure alone."""
    rates: dict[str, dict[str, list[float]]] = {
        name: {kind: [] for kind in kinds} for name in presets
    }
    for trial in range(count):
        for name, preset in presets.items():
            for kind in kinds:
                rates[name][kind].append(rounds_per_second(preset, kind, rounds, seed=1000 * trial))
    return rates


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100, help="rounds per trial (default 100)")
    parser.add_argument("--trials", type=int, default=5, help="trials of --rounds rounds")
    parser.add_argument(
        "--bots",
        choices=BOT_KINDS,
        action="append",
        help="bot kinds to time (repeatable; default: heuristic and random)",
    )
    parser.add_argument(
        "--preset",
        choices=list(PRESETS),
        action="append",
        help="presets to time (repeatable; default: all)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    kinds: list[str] = args.bots or ["heuristic", "random"]
    presets = {n: p for n, p in PRESETS.items() if not args.preset or n in args.preset}
    for preset in presets.values():
        for kind in kinds:
            rounds_per_second(preset, kind, max(5, args.rounds // 10))  # warm-up
    rates = trials(presets, args.rounds, args.trials, kinds)
    results: dict[str, Any] = {}
    for name in presets:
        results[name] = {}
        for kind in kinds:
            # The best trial is the figure least disturbed by other work on the machine.
            best, median = max(rates[name][kind]), statistics.median(rates[name][kind])
            results[name][kind] = {"rounds_per_second": best, "rounds_per_second_median": median}
        if not args.json:
            figures = "  ".join(
                f"{kind} {results[name][kind]['rounds_per_second']:6.1f} best "
                f"{results[name][kind]['rounds_per_second_median']:6.1f} median"
                for kind in kinds
            )
            print(f"{name:24} rounds/s  {figures}", flush=True)
    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

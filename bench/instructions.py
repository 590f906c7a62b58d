"""Instructions (callgrind) per preset for fixed work, on two source trees side by side:
the engine's (whole rounds of RandomBots, as bench/engine.py times them) and the
search's (worlds sampled and rollouts played from mid-round positions, as
bench/search.py times them). Counts do not depend on the machine's load, so they show
what a refactor costs when timings are too noisy to tell.

Run it yourself (it is not a timed test); ``--base`` is the ``src`` folder of the code
to compare with, e.g. from ``git worktree add /tmp/base HEAD~1``:

    python bench/instructions.py --base /tmp/base/src [--head src] [--json]

Each figure is the count of the work less the count of the same process doing
everything but the work (starting Python, importing, building the positions).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROUNDS = 20  # engine work: rounds per preset
POSITIONS = 3  # search work: mid-round positions per preset
WORLDS = 5  # search work: worlds sampled and rolled out per position
CALLGRIND = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]


def work(kind: str, preset_name: str, measured: bool) -> None:
    """The work counted (``measured``), or everything around it only."""
    sys.path.insert(0, str(BENCH))
    from presets import PRESETS

    preset = PRESETS[preset_name]
    if kind == "engine":
        from engine import rounds_per_second

        if measured:
            rounds_per_second(preset, ROUNDS)
        return
    from search import mid_round_decision
    from zhaopengyou.bots.sampler import WorldSampler

    for seed in range(POSITIONS):
        seat, view, bot, play = mid_round_decision(preset, seed)
        if measured:
            rng = random.Random(seed)
            sampler = WorldSampler(view)
            for _ in range(WORLDS):
                bot.rollout(sampler.sample_round(rng)[1], seat, play, rng)


def instructions(src: Path, kind: str, preset_name: str, measured: bool) -> int:
    """Instructions callgrind counts for one process doing :func:`work`."""
    code = (
        f"import sys; sys.path.insert(0, {str(BENCH)!r}); import instructions; "
        f"instructions.work({kind!r}, {preset_name!r}, {measured})"
    )
    done = subprocess.run(
        [*CALLGRIND, sys.executable, "-c", code],
        env={**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"},
        capture_output=True,
        text=True,
        check=False,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"callgrind failed on {src} ({kind}, {preset_name}):\n{done.stderr}")
    return int(found.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, required=True, help="src folder of the old code")
    parser.add_argument("--head", type=Path, default=BENCH.parent / "src", help="src folder")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(BENCH))
    from presets import PRESETS

    results: dict[str, Any] = {}
    for kind in ("engine", "search"):
        for name in PRESETS:
            counts = {
                label: instructions(src, kind, name, True) - instructions(src, kind, name, False)
                for label, src in (("base", args.base), ("head", args.head))
            }
            ratio = counts["head"] / counts["base"]
            results[f"{kind} {name}"] = {**counts, "ratio": ratio}
            if not args.json:
                print(
                    f"{kind:6} {name:24} base {counts['base'] / 1e6:8.1f} M  "
                    f"head {counts['head'] / 1e6:8.1f} M  head/base {ratio:.3f}",
                    flush=True,
                )
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())

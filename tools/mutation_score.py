"""The mutation score of `make mutate`: mutmut's verdicts per module, less the mutants
docs/testing.md explains as equivalent, and the mutants that survived unexplained.

A mutant counts as killed when a test failed on it, it timed out or it crashed; the
score is killed / (killed + survived + no tests), equivalent mutants left out; a mutant
stopped from outside (suspicious) or not yet run is not counted. Equivalent mutants
are listed in docs/testing.md under "Equivalent mutants", one per line, as a
backticked mutant name (``zhaopengyou.engine.leads.x_parse_lead__mutmut_7``) followed
by the reason.

Usage: ``python tools/mutation_score.py [--mutants DIR] [--doc PATH] [--json]``.
Exit status: 0 printed, 2 no results under ``mutants/`` (run ``make mutate`` first).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
KILLED = {1, 3, 36, 37, -24, 24, 152, 255, -11, -9}  # failed, timeout, type error, crash
SURVIVED = {0}
NO_TESTS = {5, 33}  # no selected test reaches the mutated function
NOT_CHECKED = {None, 2}  # not run yet, or interrupted
EQUIVALENT_SECTION = re.compile(r"^## Equivalent mutants\s*$(.*?)(?=^## |\Z)", re.M | re.S)
MUTANT_NAME = re.compile(r"`([\w.]+__mutmut_\d+)`")


def verdicts(mutants: Path) -> dict[str, int | None]:
    """Every mutant's exit code, by mutant name, from mutmut's ``.meta`` files."""
    found: dict[str, int | None] = {}
    for meta in sorted(mutants.rglob("*.py.meta")):
        found.update(json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"])
    return found


def equivalent_mutants(doc: Path) -> set[str]:
    if not doc.exists():
        return set()
    section = EQUIVALENT_SECTION.search(doc.read_text(encoding="utf-8"))
    return set(MUTANT_NAME.findall(section.group(1))) if section else set()


def module_of(name: str) -> str:
    return name.rsplit(".", 1)[0]


def summary(found: dict[str, int | None], equivalent: set[str]) -> dict[str, object]:
    by_module: dict[str, Counter[str]] = defaultdict(Counter)
    survivors = []
    suspicious = []
    for name, code in sorted(found.items()):
        counts = by_module[module_of(name)]
        if code in NOT_CHECKED:
            counts["not checked"] += 1
        elif name in equivalent:
            counts["equivalent"] += 1
        elif code in KILLED:
            counts["killed"] += 1
        elif code in SURVIVED or code in NO_TESTS:
            counts["survived" if code in SURVIVED else "no tests"] += 1
            survivors.append(name)
        else:
            counts["suspicious"] += 1  # stopped by a signal from outside: run it again
            suspicious.append(name)
    total: Counter[str] = sum(by_module.values(), Counter())
    judged = total["killed"] + total["survived"] + total["no tests"]
    return {
        "modules": {module: dict(counts) for module, counts in sorted(by_module.items())},
        "total": dict(total),
        "score": total["killed"] / judged if judged else None,
        "survivors": survivors,
        "suspicious": suspicious,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=Path, default=REPO / "mutants")
    parser.add_argument("--doc", type=Path, default=REPO / "docs" / "testing.md")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    found = verdicts(args.mutants)
    if not found:
        print(f"no mutation results under {args.mutants}: run `make mutate`", file=sys.stderr)
        return 2
    result = summary(found, equivalent_mutants(args.doc))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    columns = ("killed", "survived", "no tests", "suspicious", "equivalent", "not checked")
    print(f"{'module':34}" + "".join(f"{c:>12}" for c in columns))
    modules: dict[str, dict[str, int]] = result["modules"]  # type: ignore[assignment]
    for module, counts in modules.items():
        print(f"{module:34}" + "".join(f"{counts.get(c, 0):>12}" for c in columns))
    total: dict[str, int] = result["total"]  # type: ignore[assignment]
    print(f"{'total':34}" + "".join(f"{total.get(c, 0):>12}" for c in columns))
    score = result["score"]
    print(f"score: {score:.1%} of non-equivalent mutants killed" if score is not None else "")
    for name in result["survivors"]:  # type: ignore[attr-defined]
        print(f"survived: {name}  (see: .venv/bin/mutmut show {name})")
    for name in result["suspicious"]:  # type: ignore[attr-defined]
        print(f"suspicious: {name}  (run it again: .venv/bin/mutmut run {name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

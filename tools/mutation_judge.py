"""A quick first pass over the mutants `make mutate` has not judged yet.

mutmut starts a fresh pytest for every mutant, which costs seconds of imports and
collection before the first test runs. This judge imports and collects the tests once,
then forks one child per mutant: the child switches the mutant on and runs its module's
test files with ``-x``. A child whose tests fail has killed its mutant, and the verdict
is written into mutmut's ``.meta`` file as mutmut would write it. Every other outcome
(the tests pass, time out or cannot run) leaves the mutant unjudged, for mutmut to run
against the whole selection: this pass only ever records kills.

Usage: ``python tools/mutation_judge.py [--module engine/round.py] [--workers 2]
[--timeout 60] [--limit N] [--list]``, after ``make mutate`` has made ``mutants/``
(or ``--generate`` to make it without mutmut's slow statistics step).
Exit status: 0 done, 2 nothing to judge from (no ``mutants/``) or a tests' baseline fails,
143 stopped by SIGTERM (the kills found so far are recorded).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time
import tomllib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from hypothesis import Phase, settings

REPO = Path(__file__).resolve().parent.parent
ENGINE = "tests/engine/"
RECORDS = "tests/records/"
# Each module's mutants run against these test files, the quickest killers first.
TESTS_BY_MODULE: dict[str, list[str]] = {
    "engine/actions.py": ["test_round_api.py", "test_snapshots.py", "test_rules_gaps.py"],
    "engine/bidding.py": [
        "test_bidding.py",
        "test_qidong.py",
        "test_called_partner.py",
        "test_follow_reveals.py",
        "test_rule_clauses_bidding.py",
    ],
    "engine/cards.py": ["test_cards.py", "test_ordering.py"],
    "engine/codec.py": ["test_cards.py", "test_snapshots.py", "test_information.py"],
    "engine/declaring.py": ["test_shandong.py", "test_bidding.py"],
    "engine/errors.py": ["test_follow.py", "test_rules_gaps.py"],
    "engine/events.py": ["test_snapshots.py", "test_describe.py", "test_rules_gaps.py"],
    "engine/follow.py": [
        "test_follow_reveals.py",
        "test_follow.py",
        "test_throws.py",
        "test_trick_reference.py",
    ],
    "engine/leads.py": ["test_units.py", "test_throws.py", "test_trick_reference.py"],
    "engine/match.py": [
        "test_match.py",
        "test_scoring.py",
        "test_rules_gaps.py",
        "test_snapshots.py",
    ],
    "engine/ordering.py": ["test_ordering.py", "test_cards.py", "test_tricks.py"],
    "engine/presets.py": [
        "test_scoring.py",
        "test_shandong.py",
        "test_rules_gaps.py",
        "test_qidong.py",
        "test_follow_reveals.py",
    ],
    # quick files only: test_round_api's random-round properties made a clean run take 16 minutes
    "engine/round.py": [
        "test_events.py",
        "test_rules_gaps.py",
        "test_bidding.py",
        "test_scoring.py",
        "test_called_partner.py",
        "test_qidong.py",
        "test_shandong.py",
        "test_snapshots.py",
    ],
    "engine/shandong.py": [
        "test_follow_reveals.py",
        "test_shandong.py",
        "test_follow.py",
        "test_trick_reference.py",
    ],
    "engine/snapshot.py": ["test_snapshots.py", "test_information.py", "test_bidding.py"],
    # test_round_api's random-round properties last: they made a survivor take minutes
    "engine/state.py": [
        "test_snapshots.py",
        "test_information.py",
        "test_bidding.py",
        "test_round_api.py",
    ],
    "engine/table.py": ["test_scoring.py", "test_rules_gaps.py", "test_snapshots.py"],
    "engine/tricks.py": [
        "test_tricks.py",
        "test_trick_reference.py",
        "test_throws.py",
        "test_rule_clauses_tricks.py",
    ],
    "engine/units.py": ["test_units.py", "test_throws.py", "test_tricks.py", "test_follow.py"],
    "engine/view.py": [
        "test_view.py",
        "test_information.py",
        "test_snapshots.py",
        "test_describe.py",
    ],
    "records/reader.py": ["test_reader.py", "test_reader_errors.py", "test_record.py"],
    "records/record.py": [
        "test_record.py",
        "test_writer.py",
        "test_writer_failures.py",
        "test_record_writing.py",
    ],
    "records/replay.py": ["test_replay.py", "test_replay_messages.py", "test_falsify.py"],
}
# pytest as mutmut runs it (pyproject's [tool.mutmut]), quietly, stopping at the first failure;
# without pytest-timeout, whose SIGALRM handler would turn the judge's alarm into a failure
with (REPO / "pyproject.toml").open("rb") as pyproject:
    MUTMUT_ARGS: list[str] = tomllib.load(pyproject)["tool"]["mutmut"]["pytest_add_cli_args"]
# A kill needs one failing example, not the smallest: Hypothesis does not shrink here.
PYTEST_ARGS = ["-x", "-q", "-p", "no:timeout", "--hypothesis-profile", "mutation", *MUTMUT_ARGS]
settings.register_profile("mutation", phases=[Phase.explicit, Phase.reuse, Phase.generate])
KILLED = 1  # pytest's "some tests failed", the code mutmut records for a kill
TIMED_OUT = -24  # what mutmut records for a mutant stopped at its time limit, also a kill
ALARM = -signal.SIGALRM  # a child stopped by the judge's own time limit


@dataclass(frozen=True)
class Mutant:
    name: str
    meta: Path
    module: str  # "engine/round.py"


def test_files(module: str) -> list[str]:
    base = RECORDS if module.startswith("records/") else ENGINE
    return [base + name for name in TESTS_BY_MODULE[module]]


def unjudged(mutants: Path, only: list[str] | None) -> Iterator[Mutant]:
    package = mutants / "src" / "zhaopengyou"
    for meta in sorted(package.rglob("*.py.meta")):
        module = meta.relative_to(package).as_posix()[: -len(".meta")]
        if module not in TESTS_BY_MODULE or (only and module not in only):
            continue
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
        for name, code in codes.items():
            if code is None:
                yield Mutant(name, meta, module)


def record_kills(kills: list[tuple[Mutant, int]]) -> None:
    by_meta: dict[Path, dict[str, int]] = {}
    for mutant, code in kills:
        by_meta.setdefault(mutant.meta, {})[mutant.name] = code
    for meta, codes in by_meta.items():
        data = json.loads(meta.read_text(encoding="utf-8"))
        data["exit_code_by_key"].update(codes)
        partial = meta.with_suffix(".partial")
        partial.write_text(json.dumps(data, indent=4), encoding="utf-8")
        partial.replace(meta)  # whole or not at all, as mutmut's own verdicts


def run_child(name: str, files: list[str], timeout: int) -> NoReturn:
    """In a forked child: run ``files`` with mutant ``name`` switched on; never returns."""
    import pytest

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    os.environ["MUTANT_UNDER_TEST"] = name
    signal.signal(signal.SIGALRM, signal.SIG_DFL)  # an alarm ends the child, whoever forked it
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a stopped judge's children just end
    signal.alarm(timeout)
    for file in files:  # one file at a time: a kill in the first skips collecting the rest
        if code := int(pytest.main([*PYTEST_ARGS, file])):
            os._exit(code)
    os._exit(0)


def judge(
    queue: list[Mutant],
    files_of: Callable[[str], list[str]],
    workers: int,
    timeout: int,
    left: list[str],
    hang_kills: bool = False,
) -> list[tuple[Mutant, int]]:
    """The kills with their codes; ``left`` gets each mutant left unjudged, with its
    outcome, as it ends. With ``hang_kills``, a mutant stopped at ``timeout`` is a kill,
    as in mutmut: only sound when ``timeout`` is well above the files' own time."""
    running: dict[int, Mutant] = {}
    kills: list[tuple[Mutant, int]] = []
    recorded = 0
    started = time.monotonic()
    pending = iter(queue)
    try:
        while True:
            while len(running) < workers and (mutant := next(pending, None)) is not None:
                pid = os.fork()
                if pid == 0:
                    run_child(mutant.name, files_of(mutant.module), timeout)
                running[pid] = mutant
            if not running:
                break
            pid, status = os.wait()
            mutant = running.pop(pid)
            code = os.waitstatus_to_exitcode(status)
            if code == KILLED or (hang_kills and code == ALARM):
                kills.append((mutant, KILLED if code == KILLED else TIMED_OUT))
            else:
                left.append(f"{mutant.name}\t{'passed' if code == 0 else f'exit {code}'}")
            if (done := len(kills) + len(left)) % 25 == 0:
                rate = done / (time.monotonic() - started) * 60
                print(f"{done}/{len(queue)} run, {len(kills)} killed, {rate:.0f}/min", flush=True)
                record_kills(kills[recorded:])
                recorded = len(kills)
    finally:  # a stopped run keeps the kills it found, and its children stop too
        for pid in running:
            os.kill(pid, signal.SIGTERM)
        record_kills(kills[recorded:])
    return kills


def baseline(files: list[str]) -> int:
    """The files' tests on unmutated code, once, which also imports and collects them."""
    import pytest

    os.environ["MUTANT_UNDER_TEST"] = "none"
    return int(pytest.main([*PYTEST_ARGS, *files]))


def forget_caches() -> None:
    """Clear every functools cache of the package and the tests: what the baseline cached
    was computed by unmutated code, and a child reusing it would hide its mutant."""
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ("zhaopengyou", "tests"):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def stop(signum: int, frame: object) -> NoReturn:
    """SIGTERM: leave through ``judge``'s ``finally``, which records the kills found."""
    raise SystemExit(128 + signum)


def generate(mutants: Path) -> None:
    """mutmut's own generation of ``mutants/``, without its statistics and clean run."""
    from mutmut.__main__ import create_mutants
    from mutmut.mutation.trampoline import set_mutant_under_test
    from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir

    set_mutant_under_test("mutant_generation")
    mutants.mkdir(exist_ok=True)
    copy_src_dir()
    copy_also_copy_files()
    create_mutants(os.cpu_count() or 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--module", action="append", choices=sorted(TESTS_BY_MODULE), help="only these modules"
    )
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--timeout", type=int, default=60, help="seconds per mutant")
    parser.add_argument("--limit", type=int, help="judge at most this many")
    parser.add_argument("--list", action="store_true", help="list the unjudged, run nothing")
    parser.add_argument("--generate", action="store_true", help="make mutants/ first")
    parser.add_argument("--left", type=Path, help="append the unjudged names to this file")
    parser.add_argument("--names", type=Path, help="only the mutants this file names, one a line")
    parser.add_argument("--tests", nargs="+", help="run these test files instead of the module's")
    parser.add_argument(
        "--hang-is-kill",
        action="store_true",
        help="a mutant stopped at --timeout is killed (mutmut's rule); the timeout must be "
        "at least 3 times the unmutated run of all the files",
    )
    args = parser.parse_args(argv)
    os.chdir(REPO)
    mutants = REPO / "mutants"
    if args.generate:
        generate(mutants)
    if not mutants.is_dir():
        print("no mutants/: run `make mutate` or this with --generate", file=sys.stderr)
        return 2
    queue = list(unjudged(mutants, args.module))
    if args.names:  # a --left file: the name, then a tab and the outcome
        lines = args.names.read_text(encoding="utf-8").splitlines()
        named = {line.split("\t")[0] for line in lines}
        queue = [mutant for mutant in queue if mutant.name in named]
    queue = queue[: args.limit]
    if args.list:
        for mutant in queue:
            print(mutant.name)
        return 0
    files_of: Callable[[str], list[str]] = (lambda module: args.tests) if args.tests else test_files
    files = sorted({file for mutant in queue for file in files_of(mutant.module)})
    if not queue:
        print("nothing left to judge")
        return 0
    sys.path.insert(0, str(mutants / "src"))
    started = time.monotonic()
    if (code := baseline(files)) != 0:
        print(f"the tests fail on unmutated code (pytest exit {code})", file=sys.stderr)
        return 2
    clean = time.monotonic() - started
    forget_caches()
    if args.hang_is_kill and args.timeout < 3 * clean:
        print(f"--hang-is-kill needs --timeout of at least {3 * clean:.0f} s", file=sys.stderr)
        return 2
    imported = Path(sys.modules["zhaopengyou"].__file__ or "")
    if mutants not in imported.parents:  # else every mutant would pass, unseen
        print(f"the tests imported {imported}, not the mutants", file=sys.stderr)
        return 2
    left: list[str] = []
    signal.signal(signal.SIGTERM, stop)
    try:
        kills = judge(queue, files_of, args.workers, args.timeout, left, args.hang_is_kill)
    finally:  # also when stopped
        if args.left and left:
            with args.left.open("a", encoding="utf-8") as out:
                out.write("".join(line + "\n" for line in left))
    print(f"{len(kills)} of {len(queue)} killed; {len(left)} left for mutmut")
    return 0


if __name__ == "__main__":
    sys.exit(main())

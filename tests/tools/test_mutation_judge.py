"""tools/mutation_judge.py: the quick first pass over unjudged mutants records a kill
only where a test failed, and leaves every other outcome to mutmut."""

from __future__ import annotations

import functools
import json
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from . import load_tool

REPO = Path(__file__).resolve().parents[2]


judge = load_tool("mutation_judge")

TESTS = """\
import os
import time


def test_mutant():
    name = os.environ["MUTANT_UNDER_TEST"]
    if name == "pkg.mod.x_f__mutmut_2":
        time.sleep(600)  # hangs: stopped by the judge's time limit
    assert name != "pkg.mod.x_f__mutmut_1"
"""


def write_meta(path: Path, codes: dict[str, int | None]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"exit_code_by_key": codes, "hash_by_function_name": {}}))


def test_every_mutated_module_has_test_files_that_exist() -> None:
    package = REPO / "src" / "zhaopengyou"
    mutated = {
        path.relative_to(package).as_posix()
        for folder in ("engine", "records")
        for path in (package / folder).glob("*.py")
        if "def " in path.read_text(encoding="utf-8")
    }
    assert set(judge.TESTS_BY_MODULE) == mutated
    for module in mutated:
        files = judge.test_files(module)
        assert files and all((REPO / file).is_file() for file in files), module


def test_only_unjudged_mutants_of_the_chosen_module_are_queued(tmp_path: Path) -> None:
    package = tmp_path / "src" / "zhaopengyou"
    write_meta(package / "engine" / "round.py.meta", {"r1": None, "r2": 1, "r3": 0})
    write_meta(package / "engine" / "units.py.meta", {"u1": None})
    write_meta(package / "engine" / "nothing.py.meta", {"n1": None})  # a module with no tests
    assert [m.name for m in judge.unjudged(tmp_path, None)] == ["r1", "u1"]
    assert [m.name for m in judge.unjudged(tmp_path, ["engine/units.py"])] == ["u1"]


def test_a_failing_test_kills_and_a_pass_or_a_timeout_leaves_the_mutant(tmp_path: Path) -> None:
    tests = tmp_path / "test_pkg.py"
    tests.write_text(TESTS)
    meta = tmp_path / "mod.py.meta"
    names = [f"pkg.mod.x_f__mutmut_{n}" for n in (1, 2, 3)]
    write_meta(meta, {**dict.fromkeys(names), "pkg.mod.x_g__mutmut_1": 0})
    queue = [judge.Mutant(name, meta, "mod.py") for name in names]

    left: list[str] = []
    # The limit leaves a busy machine's pytest ample time for the mutants that end.
    kills = judge.judge(queue, lambda module: [str(tests)], workers=3, timeout=8, left=left)

    assert [(m.name, code) for m, code in kills] == [(names[0], 1)]
    assert sorted(left) == [f"{names[1]}\texit -14", f"{names[2]}\tpassed"]  # SIGALRM
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    assert codes == {names[0]: 1, names[1]: None, names[2]: None, "pkg.mod.x_g__mutmut_1": 0}

    # as mutmut, a run stopped at its time limit may count as a kill (mutmut's code -24)
    left.clear()
    kills = judge.judge(queue[1:], lambda module: [str(tests)], 2, 8, left, hang_kills=True)
    assert [(m.name, code) for m, code in kills] == [(names[1], -24)]
    assert left == [f"{names[2]}\tpassed"]
    assert json.loads(meta.read_text())["exit_code_by_key"][names[1]] == -24


def test_the_baselines_cached_results_are_forgotten(monkeypatch: Any) -> None:
    """A child must not reuse what unmutated code cached: every functools cache of the
    package's and the tests' modules is cleared after the baseline."""
    module = ModuleType("tests.cached_for_the_judge")
    calls: list[int] = []

    @functools.cache
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    module.square = square  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    assert (square(3), square(3), calls) == (9, 9, [3])
    judge.forget_caches()
    assert (square(3), calls) == (9, [3, 3])


STOPPED = """\
import json, signal, sys
sys.path.insert(0, {tools!r})
import mutation_judge as judge
from pathlib import Path
meta = Path({meta!r})
names = json.loads(meta.read_text())["exit_code_by_key"]
queue = [judge.Mutant(name, meta, "mod.py") for name in names]
signal.signal(signal.SIGTERM, judge.stop)
judge.judge(queue, lambda module: [{tests!r}], workers=1, timeout=60, left=[])
"""

SLOW_SECOND = """\
import os
import time
from pathlib import Path


def test_mutant():
    name = os.environ["MUTANT_UNDER_TEST"]
    if name.endswith("_2"):
        Path(__file__).with_name("started").touch()
        time.sleep(60)
    assert name != "pkg.mod.x_f__mutmut_1"
"""


def test_a_stopped_judge_keeps_the_kills_it_found(tmp_path: Path) -> None:
    """SIGTERM while a mutant runs: the kills found so far are recorded (not only at
    every 25th mutant), the running child ends, and the judge exits."""
    tests = tmp_path / "test_pkg.py"
    tests.write_text(SLOW_SECOND)
    meta = tmp_path / "mod.py.meta"
    names = [f"pkg.mod.x_f__mutmut_{n}" for n in (1, 2)]
    write_meta(meta, dict.fromkeys(names))
    script = STOPPED.format(tools=str(REPO / "tools"), meta=str(meta), tests=str(tests))
    process = subprocess.Popen([sys.executable, "-c", script], cwd=tmp_path)
    deadline = time.monotonic() + 60
    while not (tmp_path / "started").exists():
        assert time.monotonic() < deadline and process.poll() is None, "mutant 2 never started"
        time.sleep(0.05)
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 128 + signal.SIGTERM
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    assert codes == {names[0]: 1, names[1]: None}

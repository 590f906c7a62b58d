"""tools/mutation_score.py: the score of `make mutate` from mutmut's verdict files."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "mutation_score.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True)


def test_score_leaves_out_equivalent_and_unfinished_mutants(tmp_path: Path) -> None:
    meta = tmp_path / "mutants" / "src" / "pkg" / "mod.py.meta"
    meta.parent.mkdir(parents=True)
    verdicts = {
        "pkg.mod.x_f__mutmut_1": 1,  # a test failed: killed
        "pkg.mod.x_f__mutmut_2": 36,  # timed out: killed
        "pkg.mod.x_f__mutmut_3": 0,  # survived
        "pkg.mod.x_f__mutmut_4": 0,  # survived, but explained as equivalent
        "pkg.mod.x_g__mutmut_1": 33,  # no test reaches it
        "pkg.mod.x_g__mutmut_2": None,  # not run yet
        "pkg.mod.x_g__mutmut_3": -15,  # stopped from outside
    }
    meta.write_text(json.dumps({"exit_code_by_key": verdicts}), encoding="utf-8")
    doc = tmp_path / "testing.md"
    doc.write_text(
        "## Equivalent mutants\n\n- `pkg.mod.x_f__mutmut_4`: why.\n\n## Next\n\n"
        "- `pkg.mod.x_f__mutmut_3`: listed elsewhere, so not equivalent.\n",
        encoding="utf-8",
    )
    done = run("--mutants", str(tmp_path / "mutants"), "--doc", str(doc), "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["total"] == {
        "killed": 2,
        "survived": 1,
        "equivalent": 1,
        "no tests": 1,
        "not checked": 1,
        "suspicious": 1,
    }
    assert result["score"] == 2 / 4
    assert result["survivors"] == ["pkg.mod.x_f__mutmut_3", "pkg.mod.x_g__mutmut_1"]
    assert result["suspicious"] == ["pkg.mod.x_g__mutmut_3"]


def test_no_results_is_an_error(tmp_path: Path) -> None:
    done = run("--mutants", str(tmp_path))
    assert done.returncode == 2 and "make mutate" in done.stderr

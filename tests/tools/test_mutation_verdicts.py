"""tools/mutation_verdicts.py: `make mutate`'s verdicts kept in the repository and given
back to mutmut in a new clone, where mutmut judges again only the edited functions."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

TOOL = Path(__file__).resolve().parents[2] / "tools" / "mutation_verdicts.py"
MUTMUT = Path(sys.executable).parent / "mutmut"

MODULE = """\
def add(a, b):
    return a + b


def sign(x):
    if x > 0:
        return 1
    return 0
"""
TESTS = """\
from pkg.mod import add, sign


def test_add():
    assert add(2, 3) == 5


def test_sign():
    assert sign(5) == 1
"""
PYPROJECT = """\
[tool.mutmut]
source_paths = ["src/pkg"]
pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:xdist"]

[tool.pytest.ini_options]
pythonpath = ["src"]
"""


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), *args, "--mutants", "mutants", "--store", "store.json"],
        capture_output=True,
        text=True,
        cwd=cwd,
    )


def meta(project: Path) -> dict[str, dict[str, Any]]:
    path = project / "mutants" / "src" / "pkg" / "mod.py.meta"
    data: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data


def mutmut_run(project: Path) -> None:
    done = subprocess.run(
        [str(MUTMUT), "run", "--max-children", "1"], capture_output=True, text=True, cwd=project
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


def project(tmp_path: Path) -> Path:
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "src" / "pkg" / "mod.py").write_text(MODULE, encoding="utf-8")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_mod.py").write_text(TESTS, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    return tmp_path


def test_a_new_clone_judges_again_only_the_edited_function(tmp_path: Path) -> None:
    where = project(tmp_path)
    mutmut_run(where)
    first = meta(where)["exit_code_by_key"]
    assert first["pkg.mod.x_add__mutmut_1"] == 1  # + turned into -: test_add fails
    assert 0 in first.values()  # sign(x) <= 0 is never tested: survivors
    assert run("save", cwd=where).returncode == 0
    stored = json.loads((where / "store.json").read_text(encoding="utf-8"))
    assert stored["files"]["src/pkg/mod.py"]["exit_code_by_key"] == first

    shutil.rmtree(where / "mutants")  # a new clone
    (where / "src" / "pkg" / "mod.py").write_text(
        MODULE.replace("return 0", "return -1"), encoding="utf-8"
    )
    restored = run("restore", cwd=where)
    assert restored.returncode == 0 and "5 verdicts restored" in restored.stdout
    mutmut_run(where)
    again = meta(where)
    judged = set(again["durations_by_key"])
    assert again["exit_code_by_key"]["pkg.mod.x_add__mutmut_1"] == 1
    assert "pkg.mod.x_add__mutmut_1" not in judged  # unchanged: its verdict was kept
    assert judged and all("x_sign" in name for name in judged)  # edited: judged again


def write_meta(where: Path, verdicts: dict[str, int | None], hashes: dict[str, str]) -> None:
    path = where / "mutants" / "src" / "pkg" / "mod.py.meta"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        json.dumps({"exit_code_by_key": verdicts, "hash_by_function_name": hashes}),
        encoding="utf-8",
    )


def test_save_keeps_stored_verdicts_of_unchanged_functions_not_yet_run_again(
    tmp_path: Path,
) -> None:
    write_meta(
        tmp_path,
        {"pkg.mod.x_f__mutmut_1": 1, "pkg.mod.x_f__mutmut_2": 0, "pkg.mod.x_g__mutmut_1": 0},
        {"x_f": "aaa", "x_g": "bbb"},
    )
    assert run("save", cwd=tmp_path).returncode == 0
    # later: f unchanged and not run yet, g edited and not run yet, f's first mutant re-run
    write_meta(
        tmp_path,
        {"pkg.mod.x_f__mutmut_1": 0, "pkg.mod.x_f__mutmut_2": None, "pkg.mod.x_g__mutmut_1": None},
        {"x_f": "aaa", "x_g": "ccc"},
    )
    assert run("save", cwd=tmp_path).returncode == 0
    entry = json.loads((tmp_path / "store.json").read_text(encoding="utf-8"))["files"]
    assert entry["src/pkg/mod.py"] == {
        "exit_code_by_key": {"pkg.mod.x_f__mutmut_1": 0, "pkg.mod.x_f__mutmut_2": 0},
        "hash_by_function_name": {"x_f": "aaa", "x_g": "ccc"},
    }


def test_restore_never_overwrites_this_machines_verdicts(tmp_path: Path) -> None:
    write_meta(tmp_path, {"pkg.mod.x_f__mutmut_1": 1}, {"x_f": "aaa"})
    assert run("save", cwd=tmp_path).returncode == 0
    write_meta(tmp_path, {"pkg.mod.x_f__mutmut_1": 0}, {"x_f": "aaa"})
    done = run("restore", cwd=tmp_path)
    assert done.returncode == 0 and "0 verdicts restored" in done.stdout
    assert meta(tmp_path)["exit_code_by_key"] == {"pkg.mod.x_f__mutmut_1": 0}


def test_a_damaged_store_or_meta_file_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    store = tmp_path / "store.json"
    store.write_text('{"format": "something else"}', encoding="utf-8")
    write_meta(tmp_path, {"pkg.mod.x_f__mutmut_1": 1}, {"x_f": "aaa"})
    for command in ("save", "restore"):
        done = run(command, cwd=tmp_path)
        assert done.returncode == 2 and "store.json: not a zpy-mutation-verdicts/1" in done.stderr
    assert store.read_text(encoding="utf-8") == '{"format": "something else"}'

    store.unlink()
    (tmp_path / "mutants" / "src" / "pkg" / "mod.py.meta").write_text("[1, 2", encoding="utf-8")
    done = run("save", cwd=tmp_path)
    assert done.returncode == 2 and "mod.py.meta: not a mutmut verdict file" in done.stderr
    assert not store.exists()

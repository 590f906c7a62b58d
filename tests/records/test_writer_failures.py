"""RecordWriter when a write fails, in this process (issue 41 #5's guarantees, which the
`zpy` tests check through a subprocess): a full disk cuts the file back to its last
whole round, a file the writer made and could not fill is taken away, a replaced file
stays as it was until a round is in its place, and every refusal names the file and why.

A full disk is a file size limit (RLIMIT_FSIZE) set in a forked child: a write past it
fails with EFBIG, as a full disk fails with ENOSPC, and the limit ends with the child.
"""

from __future__ import annotations

import os
import resource
import stat
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from zhaopengyou.files import beside, through_links
from zhaopengyou.records import RecordPathError, RecordWriter
from zhaopengyou.records.record import dumps_record

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs fork and setrlimit")

ROUNDS = [{"format": "zpy-record/1", "round": n, "pad": "x" * 40} for n in (1, 2, 3)]
LINES = [(dumps_record(r) + "\n").encode("utf-8") for r in ROUNDS]
TOO_LARGE = "the file is too large"


def in_child(work: Callable[[], str], file_limit: int) -> str:
    """What ``work`` returns, or the error it raises, run in a forked child whose files
    may grow to ``file_limit`` bytes at most (Python ignores SIGXFSZ, so a write past
    it fails with EFBIG)."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child reports through the pipe
        os.close(read_end)
        try:
            _, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, hard))
            outcome = work()
        except BaseException as err:
            outcome = f"{type(err).__name__}: {err}"
        os.write(write_end, outcome.encode("utf-8"))
        os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as pipe:
        outcome = pipe.read().decode("utf-8")
    os.waitpid(pid, 0)
    return outcome


def write_rounds(path: Path, mode: str, count: int) -> Callable[[], str]:
    """Write ``count`` rounds, then one more after the first refusal (which must be
    refused as the writer is closed); the refusals, one a line."""

    def work() -> str:
        said = []
        with RecordWriter(path, mode) as writer:  # type: ignore[arg-type]
            for record in ROUNDS[:count]:
                try:
                    writer.write(record)
                except RecordPathError as err:
                    said.append(err.describe())
                    try:
                        writer.write(record)
                    except ValueError as again:
                        said.append(str(again))
                    break
        return "\n".join(said)

    return work


NOT_OPEN = "RecordWriter is not open: use it in a with statement"


def test_a_full_disk_cuts_an_appended_file_back_to_its_last_whole_round(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_bytes(b"old\n")
    limit = 4 + len(LINES[0]) + 10  # the second round stops 10 bytes in
    said = in_child(write_rounds(path, "append", 3), limit)
    assert said == f"cannot write records to {path}: {TOO_LARGE}\n{NOT_OPEN}"
    assert path.read_bytes() == b"old\n" + LINES[0]


@pytest.mark.parametrize("mode", ["create", "append"])
def test_a_new_file_whose_first_round_does_not_fit_is_taken_away(mode: str, tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"
    said = in_child(write_rounds(path, mode, 1), 10)
    assert said == f"cannot write records to {path}: {TOO_LARGE}\n{NOT_OPEN}"
    assert not path.exists() and os.listdir(tmp_path) == []


def test_an_empty_file_that_was_there_is_kept_when_appending_fails(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.touch()
    said = in_child(write_rounds(path, "append", 1), 10)
    assert said.startswith(f"cannot write records to {path}: {TOO_LARGE}")
    assert path.exists() and path.read_bytes() == b""


def test_replace_keeps_the_old_file_until_a_round_is_in_its_place(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_bytes(b"old\n")

    def enter_then_write() -> str:
        with RecordWriter(path, "replace") as writer:
            kept = path.read_bytes()  # entering touched nothing
            try:
                writer.write(ROUNDS[0])
            except RecordPathError as err:
                return f"{kept!r} {err.describe()}"
        return f"{kept!r} written"

    said = in_child(enter_then_write, 10)  # the first round does not fit beside it
    assert said == f"b'old\\n' cannot write records to {path}: {TOO_LARGE}"
    assert path.read_bytes() == b"old\n" and os.listdir(tmp_path) == ["old.jsonl"]


def test_a_replaced_file_is_cut_back_to_its_last_whole_round(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_bytes(b"old rounds\n" * 20)
    said = in_child(write_rounds(path, "replace", 3), len(LINES[0]) + 10)
    assert said == f"cannot write records to {path}: {TOO_LARGE}\n{NOT_OPEN}"
    assert path.read_bytes() == LINES[0] and os.listdir(tmp_path) == ["old.jsonl"]


def test_a_taken_name_beside_the_file_is_refused_and_the_file_kept(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_bytes(b"old\n")
    taken = beside(through_links(path))
    taken.write_bytes(b"another writer's\n")
    with RecordWriter(path, "replace") as writer:
        with pytest.raises(RecordPathError) as caught:
            writer.write(ROUNDS[0])
        assert caught.value.describe() == (
            f"cannot write records to {path}: the file already exists"
        )
        with pytest.raises(ValueError, match="not open"):
            writer.write(ROUNDS[0])
    assert path.read_bytes() == b"old\n" and taken.read_bytes() == b"another writer's\n"


def test_a_rename_that_fails_is_refused_and_leaves_no_file_beside(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_bytes(b"old\n")
    with RecordWriter(path, "replace") as writer:
        path.unlink()  # a folder takes the file's place after the check
        path.mkdir()
        (path / "inside").touch()
        with pytest.raises(RecordPathError) as caught:
            writer.write(ROUNDS[0])
    assert caught.value.describe() == f"cannot write records to {path}: it is a folder"
    assert os.listdir(tmp_path) == ["old.jsonl"] and path.is_dir()


def test_replacing_a_pipe_writes_into_it_and_keeps_it_a_pipe(tmp_path: Path) -> None:
    path = tmp_path / "pipe"
    os.mkfifo(path)
    reader = os.open(path, os.O_RDONLY | os.O_NONBLOCK)  # a reader, so opening does not wait
    try:
        with RecordWriter(path, "replace") as writer:
            writer.write(ROUNDS[0])
        assert os.read(reader, 4096) == LINES[0]
    finally:
        os.close(reader)
    assert stat.S_ISFIFO(path.stat().st_mode) and os.listdir(tmp_path) == ["pipe"]


def test_a_file_made_meanwhile_is_refused_as_already_there(tmp_path: Path) -> None:
    path = tmp_path / "race.jsonl"
    with RecordWriter(path) as writer:
        path.write_bytes(b"someone else's\n")  # made between the check and the first round
        with pytest.raises(RecordPathError) as caught:
            writer.write(ROUNDS[0])
        assert caught.value.exists
        assert caught.value.describe() == f"{path} already exists"
        with pytest.raises(ValueError, match="not open"):
            writer.write(ROUNDS[0])
    assert path.read_bytes() == b"someone else's\n"

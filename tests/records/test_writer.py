"""RecordWriter never destroys a file by accident: create (refuse an existing file),
append or replace, and a clear, translated refusal for paths it cannot write (issue 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from zhaopengyou.engine import get_preset
from zhaopengyou.records import (
    RecordMode,
    RecordPathError,
    RecordWriter,
    check_record_path,
    read_records,
)

from .conftest import Records, play_recorded_match


@pytest.fixture(scope="module")
def records() -> Records:
    return play_recorded_match(get_preset("tractor"), seed=3, rounds=3)


def write(path: Path, records: Records, mode: RecordMode = "create") -> None:
    with RecordWriter(path, mode) as writer:
        for record in records:
            writer.write(record)


def test_an_existing_file_is_refused_and_kept(records: Records, tmp_path: Path) -> None:
    path = tmp_path / "keep.jsonl"
    write(path, records[:2])
    before = path.read_bytes()
    with pytest.raises(RecordPathError) as caught:
        write(path, records[2:])
    assert caught.value.exists
    assert str(caught.value) == f"{path} already exists"
    assert caught.value.describe("zh-Hans") == f"{path} 已经存在"
    assert path.read_bytes() == before  # byte for byte: nothing was emptied
    with pytest.raises(RecordPathError):
        check_record_path(path)


def test_creating_is_exclusive(records: Records, tmp_path: Path) -> None:
    # A file that appears after the check (another game, another program) is not clobbered.
    path = tmp_path / "race.jsonl"
    writer = RecordWriter(path)
    check_record_path(path)
    path.write_text("someone else's\n", encoding="utf-8")
    with pytest.raises(RecordPathError) as caught:
        writer.__enter__()
    assert caught.value.exists
    assert path.read_text(encoding="utf-8") == "someone else's\n"


def test_append_adds_rounds_after_the_old_ones(records: Records, tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    write(path, records[:2])
    before = path.read_bytes()
    write(path, records[2:], "append")
    assert path.read_bytes().startswith(before)
    assert read_records(path) == records
    fresh = tmp_path / "fresh.jsonl"
    write(fresh, records[:1], "append")  # appending to nothing creates the file
    assert read_records(fresh) == records[:1]


def test_append_after_a_line_cut_short_starts_a_new_line(records: Records, tmp_path: Path) -> None:
    path = tmp_path / "cut.jsonl"
    write(path, records[:1])
    path.write_bytes(path.read_bytes()[:-30])  # a crash in the middle of the last line
    write(path, records[1:2], "append")
    lines = path.read_text(encoding="utf-8").split("\n")
    assert len(lines) == 3 and lines[2] == ""
    assert lines[1].startswith('{"format":"zpy-record/1"')  # whole, on its own line


def test_replace_starts_the_file_anew(records: Records, tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    write(path, records)
    write(path, records[:1], "replace")
    assert read_records(path) == records[:1]


@pytest.mark.parametrize("mode", ["create", "append", "replace"])
def test_unwritable_paths_are_refused_with_a_reason(mode: RecordMode, tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir" / "x.jsonl"
    with pytest.raises(RecordPathError) as caught:
        check_record_path(missing, mode)
    folder = tmp_path / "no" / "such" / "dir"
    assert str(caught.value) == (
        f"cannot write records to {missing}: the folder {folder} does not exist"
    )
    assert caught.value.describe("zh-Hans") == (f"无法把记录写入 {missing}：文件夹 {folder} 不存在")
    assert not caught.value.exists
    with pytest.raises(RecordPathError) as caught:
        RecordWriter(missing, mode).__enter__()
    assert "does not exist" in str(caught.value)
    with pytest.raises(RecordPathError) as caught:
        RecordWriter(tmp_path, mode).__enter__()
    assert str(caught.value) == f"cannot write records to {tmp_path}: it is a folder"
    assert caught.value.describe("zh-Hant") == f"無法把記錄寫入 {tmp_path}：這是一個資料夾"
    afile = tmp_path / "plain.txt"
    afile.write_text("x", encoding="utf-8")
    with pytest.raises(RecordPathError, match="is not a folder"):
        check_record_path(afile / "x.jsonl", mode)
    assert not missing.parent.exists()  # looking creates nothing


def test_an_unknown_mode_is_a_programming_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="mode must be one of"):
        RecordWriter(tmp_path / "x.jsonl", "overwrite")  # type: ignore[arg-type]

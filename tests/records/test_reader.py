"""Reading record files: the three layouts, and every kind of corruption named precisely."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from zhaopengyou.engine import get_preset
from zhaopengyou.records import RecordError, RecordWriter, read_records, replay_record
from zhaopengyou.records.reader import validate_record

from .conftest import Records, play_recorded_match


@pytest.fixture(scope="module")
def records() -> Records:
    return play_recorded_match(get_preset("tractor", partner="called"), seed=21, rounds=3)


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def jsonl(records: Records) -> list[str]:
    return [json.dumps(record) for record in records]


def error_of(path: Path) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read_records(path)
    return caught.value


# --- layouts ----------------------------------------------------------------------------


def test_json_lines_with_blank_lines(records: Records, tmp_path: Path) -> None:
    path = write_lines(tmp_path / "m.jsonl", ["", jsonl(records)[0], "   ", *jsonl(records)[1:]])
    assert read_records(path) == records


def test_single_object_compact_and_pretty(records: Records, tmp_path: Path) -> None:
    compact = write_lines(tmp_path / "one.json", [json.dumps(records[0])])
    pretty = tmp_path / "pretty.json"
    pretty.write_text(json.dumps(records[0], indent=2, ensure_ascii=False), encoding="utf-8")
    assert read_records(compact) == read_records(pretty) == [records[0]]


def test_json_array_compact_and_pretty(records: Records, tmp_path: Path) -> None:
    compact = tmp_path / "a.json"
    compact.write_text(json.dumps(records), encoding="utf-8")
    pretty = tmp_path / "b.json"
    pretty.write_text(json.dumps(records, indent=1), encoding="utf-8")
    empty = tmp_path / "c.json"
    empty.write_text(" [ ] \n", encoding="utf-8")
    assert read_records(compact) == read_records(pretty) == records
    assert read_records(empty) == []


def test_byte_order_mark_is_accepted(records: Records, tmp_path: Path) -> None:
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(records[0]).encode())
    assert read_records(path) == [records[0]]


# --- corruption -------------------------------------------------------------------------


def test_invalid_json_on_line_3(records: Records, tmp_path: Path) -> None:
    lines = jsonl(records)
    lines[2] = lines[2][:-40]  # a truncated last line, as a crash mid-write leaves it
    error = error_of(write_lines(tmp_path / "cut.jsonl", lines))
    assert error.line == 3 and error.key is None
    assert str(error).startswith(f"{tmp_path / 'cut.jsonl'}, line 3: invalid JSON: ")


def test_invalid_json_in_a_pretty_array_names_its_line(records: Records, tmp_path: Path) -> None:
    path = tmp_path / "array.json"
    text = json.dumps(records[:2], indent=1)
    second = text.index('"format"', text.index('"format"') + 1)
    path.write_text(text[:second] + '"format" "' + text[second + 8 :], encoding="utf-8")
    error = error_of(path)
    assert error.line == text.count("\n", 0, second) + 1
    assert "invalid JSON" in str(error)


def test_missing_key_names_line_and_key(records: Records, tmp_path: Path) -> None:
    broken = copy.deepcopy(records)
    del broken[1]["kitty_points"]
    error = error_of(write_lines(tmp_path / "m.jsonl", jsonl(broken)))
    assert (error.line, error.key) == (2, "kitty_points")
    assert str(error).endswith("line 2, key kitty_points: missing")


def test_missing_nested_key(records: Records, tmp_path: Path) -> None:
    broken = copy.deepcopy(records)
    del broken[0]["tricks"][3]["plays"][1]["seat"]
    error = error_of(write_lines(tmp_path / "m.jsonl", jsonl(broken)))
    assert (error.line, error.key) == (1, "tricks[3].plays[1].seat")


def test_bad_card_token(records: Records, tmp_path: Path) -> None:
    broken = copy.deepcopy(records)
    broken[2]["tricks"][4]["plays"][1]["cards"][0] = "11H"
    error = error_of(write_lines(tmp_path / "m.jsonl", jsonl(broken)))
    assert (error.line, error.key) == (3, "tricks[4].plays[1].cards[0]")
    assert '"11H" is not a card' in str(error)


def test_unicode_cards_are_not_record_notation(records: Records, tmp_path: Path) -> None:
    broken = copy.deepcopy(records)
    broken[0]["kitty"][0] = "♥10"
    error = error_of(write_lines(tmp_path / "m.jsonl", jsonl(broken)))
    assert error.key == "kitty[0]"


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("dealer", "0", 'expected an integer, got "0"'),
        ("match_over", 1, "expected true or false, got 1"),
        ("tricks", {}, "expected a list, got {}"),
        ("round", 0, "0 is below the minimum 1"),
        ("banker", 4, "4 is not a seat (0 … 3)"),
        ("trump_suit", "X", '"X" is not a suit letter'),
        ("levels_before", ["2", "2", "2", "1"], '"1" is not a rank'),
        ("scores", [0, 0, 0], "expected 4 entries, one per seat, got 3"),
        ("format", "zpy-record/2", 'unsupported format "zpy-record/2"'),
        ("friend_call", {"solo": True, "card": "AS"}, "a solo call names no card"),
        ("events", [{"kind": "left", "seat": 1, "after_trick": 2}], '"left" is not an event kind'),
        ("seed", 1.5, "expected an integer, got 1.5"),
    ],
)
def test_wrong_values_name_the_key(
    records: Records, tmp_path: Path, key: str, value: Any, expected: str
) -> None:
    broken = copy.deepcopy(records)
    broken[1][key] = value
    error = error_of(write_lines(tmp_path / "m.jsonl", jsonl(broken)))
    assert error.line == 2
    assert error.key is not None and error.key.startswith(key)
    assert expected in str(error)


def test_a_line_that_is_not_an_object(records: Records, tmp_path: Path) -> None:
    error = error_of(write_lines(tmp_path / "m.jsonl", [jsonl(records)[0], "[1, 2]"]))
    assert error.line == 2 and "must be a JSON object" in str(error)


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("\n\n", encoding="utf-8")
    assert "the file is empty" in str(error_of(path))


def test_not_utf8(records: Records, tmp_path: Path) -> None:
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(json.dumps(records[0]).encode() + b"\n" + b'{"players": ["\xe9"]}\n')
    error = error_of(path)
    assert error.line == 2 and "not UTF-8" in str(error)


def test_line_separators_inside_strings(records: Records, tmp_path: Path) -> None:
    named = copy.deepcopy(records)
    for record in named:
        record["players"][0] = "张\u2028三\x85"
    path = tmp_path / "names.jsonl"
    with RecordWriter(path) as writer:
        for record in named:
            writer.write(record)
    assert read_records(path) == named


def test_trailing_garbage_after_a_document(records: Records, tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text(json.dumps(records, indent=1) + "\n]\n", encoding="utf-8")
    error = error_of(path)
    assert error.line == path.read_text().count("\n") and "extra data" in str(error)


def test_record_error_in_chinese(records: Records, tmp_path: Path) -> None:
    broken = copy.deepcopy(records)
    broken[0]["deal"][1][2] = "11H"
    error = error_of(write_lines(tmp_path / "m.jsonl", jsonl(broken)))
    assert error.describe("zh-Hans").endswith(
        '第 1 行，键 deal[1][2]："11H" 不是牌（应为 ASCII 写法，如 10H、LJ、BJ）'
    )
    assert "鍵 deal[1][2]" in error.describe("zh-Hant")


def test_replay_of_a_malformed_dict_raises_record_error(records: Records) -> None:
    broken = copy.deepcopy(records[0])
    del broken["tricks"][0]["winner"]
    with pytest.raises(RecordError) as caught:
        replay_record(broken)
    assert caught.value.key == "tricks[0].winner" and caught.value.line is None
    not_objects: tuple[object, ...] = (None, [], "record")
    for bad in not_objects:
        with pytest.raises(RecordError, match="must be a JSON object"):
            validate_record(bad)


def test_writer_output_is_valid(records: Records, tmp_path: Path) -> None:
    path = tmp_path / "w.jsonl"
    with RecordWriter(path) as writer:
        for record in records:
            writer.write(record)
    assert [validate_record(r) for r in read_records(path)] == records

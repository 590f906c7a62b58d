"""Reader errors as users see them: the exact message in each language, and the file, line
and key it names, for each file layout (JSON Lines, one document, an array)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from zhaopengyou.engine import get_preset
from zhaopengyou.records import RecordError, read_records
from zhaopengyou.records.reader import Message, Seat, show_value, validate_record

from .conftest import play_recorded_match

Record = dict[str, Any]
BOM = b"\xef\xbb\xbf"


@pytest.fixture(scope="module")
def shandong() -> Record:
    """A shandong round in which the declarer swapped a card (seed 1), four seats."""
    record = play_recorded_match(get_preset("shandong"), seed=1, rounds=1)[0]
    assert record["swaps"] and len(record["players"]) == 4
    return record


def compact(record: Record) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def error_of(path: Path) -> RecordError:
    with pytest.raises(RecordError) as caught:
        read_records(path)
    return caught.value


def validation_error(record: Record, **where: Any) -> RecordError:
    with pytest.raises(RecordError) as caught:
        validate_record(record, **where)
    return caught.value


def assert_three_languages(error: RecordError, en: str, zh_hans: str, zh_hant: str) -> None:
    assert str(error) == error.describe() == error.describe("en") == en
    assert error.describe("zh-Hans") == zh_hans
    assert error.describe("zh-Hant") == zh_hant


# --- Seat, Message, RecordError -------------------------------------------------------------


def test_seat_counts_from_one_for_people_and_from_zero_for_machines() -> None:
    assert Seat(0).render() == "1"
    assert Seat(2).render("zh-Hans") == "3"
    assert Seat(2).render("en", first_seat=0) == "2"


def test_message_renders_english_by_default_with_seats_counted_from_one() -> None:
    message = Message("seat {seat}", {"seat": Seat(0)})
    assert message.render() == str(message) == "seat 1"
    assert message.render("en", 0) == "seat 0"
    assert message.render("zh-Hans") == "1 号位"
    assert message.render("zh-Hant", first_seat=0) == "0 號位"


def test_message_translates_nested_messages() -> None:
    message = Message("invalid JSON: {error}", {"error": Message("extra data after the end")})
    assert str(message) == "invalid JSON: extra data after the end"
    assert message.render("zh-Hans") == "不是有效的 JSON：结尾之后还有多余内容"


@pytest.mark.parametrize(
    ("where", "en", "zh_hans", "zh_hant"),
    [
        ({}, "missing", "缺少", "缺少"),
        ({"key": "kitty[0]"}, "key kitty[0]: missing", "键 kitty[0]：缺少", "鍵 kitty[0]：缺少"),
        ({"line": 5}, "line 5: missing", "第 5 行：缺少", "第 5 行：缺少"),
        ({"file": "m.jsonl"}, "m.jsonl: missing", "m.jsonl：缺少", "m.jsonl：缺少"),
        (
            {"file": "m.jsonl", "line": 3, "key": "kitty[0]"},
            "m.jsonl, line 3, key kitty[0]: missing",
            "m.jsonl，第 3 行，键 kitty[0]：缺少",
            "m.jsonl，第 3 行，鍵 kitty[0]：缺少",
        ),
    ],
)
def test_record_error_names_file_line_and_key_in_each_language(
    where: dict[str, Any], en: str, zh_hans: str, zh_hant: str
) -> None:
    """Only the known parts of the location are shown, joined by the language's comma."""
    error = RecordError(Message("missing"), **where)
    assert (error.file, error.line, error.key) == (
        where.get("file"),
        where.get("line"),
        where.get("key"),
    )
    assert_three_languages(error, en, zh_hans, zh_hant)


# --- show_value -----------------------------------------------------------------------------


def _circular() -> list[object]:
    items: list[object] = []
    items.append(items)
    return items


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ({"a": [1, 2], "b": None}, '{"a":[1,2],"b":null}'),
        ("张三", '"张三"'),
        ("♦A", '"♦A"'),
        ("x" * 58, '"' + "x" * 58 + '"'),  # exactly 60 characters: kept whole
        ("x" * 59, '"' + "x" * 58 + "…"),  # 61 characters: cut to 60, ending in "…"
        (["10H"] * 20, "[" + '"10H",' * 9 + '"10H…'),
        ({3}, "{3}"),  # not JSON: Python's repr
        (_circular(), "[[...]]"),  # json.dumps raises ValueError: repr
        pytest.param(b"x" * 70, "b'" + "x" * 57 + "…", id="bytes"),
    ],
)
def test_show_value_is_compact_unescaped_json_cut_at_60_characters(
    value: object, shown: str
) -> None:
    assert show_value(value) == shown
    assert len(show_value(value)) <= 60


def test_shown_values_keep_chinese_in_messages() -> None:
    error = validation_error({"format": "记录/1"})
    assert_three_languages(
        error,
        'key format: unsupported format "记录/1"; this program reads zpy-record/1',
        '键 format：不支持的格式 "记录/1"；本程序读取 zpy-record/1',
        '鍵 format：不支援的格式 "记录/1"；本程式讀取 zpy-record/1',
    )


# --- file-level errors ----------------------------------------------------------------------


def test_not_utf8_names_the_line_of_the_first_bad_byte(tmp_path: Path) -> None:
    """The line is counted from the start of the file, blank lines and all."""
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(b'\n{"round": 1}\n\n{"players": ["Jos\xe9"]}\n\n\n\n')
    error = error_of(path)
    assert (error.file, error.line, error.key) == (str(path), 4, None)
    assert_three_languages(
        error,
        f"{path}, line 4: the file is not UTF-8 text",
        f"{path}，第 4 行：文件不是 UTF-8 文本",
        f"{path}，第 4 行：檔案不是 UTF-8 文字",
    )


@pytest.mark.parametrize(
    "content",
    [b"", b"\n\n", b" \t\r\n  \n", BOM, BOM + b"\r\n"],
    ids=["nothing", "newlines", "whitespace", "bom", "bom-newline"],
)
def test_empty_file_is_named_without_a_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(content)
    error = error_of(path)
    assert (error.file, error.line, error.key) == (str(path), None, None)
    assert_three_languages(
        error,
        f"{path}: the file is empty",
        f"{path}：文件是空的",
        f"{path}：檔案是空的",
    )


def test_leading_bom_is_skipped_before_a_pretty_document(shandong: Record, tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(BOM + json.dumps(shandong, indent=2, ensure_ascii=False).encode())
    assert read_records(path) == [shandong]


def test_bom_in_the_middle_of_json_lines_is_an_error_on_its_line(
    shandong: Record, tmp_path: Path
) -> None:
    """Only the BOM that starts the file is skipped; one left on line 2 by concatenating
    two files is reported there with the general syntax message."""
    path = tmp_path / "cat.jsonl"
    line = compact(shandong).encode()
    path.write_bytes(BOM + line + b"\n" + BOM + line + b"\n")
    error = error_of(path)
    assert (error.file, error.line, error.key) == (str(path), 2, None)
    assert_three_languages(
        error,
        f"{path}, line 2: invalid JSON: the JSON syntax is broken here (column 1)",
        f"{path}，第 2 行：不是有效的 JSON：这里的 JSON 语法有误（第 1 列）",
        f"{path}，第 2 行：不是有效的 JSON：這裡的 JSON 語法有誤（第 1 欄）",
    )


# --- JSON syntax errors ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("broken", "en", "zh_hans"),
    [
        ('{"round": }', "a value is missing (column 11)", "缺少一个值（第 11 列）"),
        ('{"round" 1}', "':' is missing after a key (column 10)", "键后面缺少 ':'（第 10 列）"),
        (
            '{"round": 1 "seed": 2}',
            "',' is missing between two items (column 13)",
            "两项之间缺少 ','（第 13 列）",
        ),
        (
            "{round: 1}",
            "a key in double quotes is missing (column 2)",
            "缺少用双引号括起的键（第 2 列）",
        ),
        (
            '{"players": ["ann]}',
            "a string starts here but never ends (column 14)",
            "字符串从这里开始，却没有结束的引号（第 14 列）",
        ),
        (
            '{"players": ["a\tb"]}',
            "a control character inside a string (column 16)",
            "字符串里有控制字符（第 16 列）",
        ),
        (
            '{"players": ["a\\qb"]}',
            "an invalid backslash escape (column 16)",
            "无效的反斜杠转义（第 16 列）",
        ),
        (
            '{"players": ["\\u12"]}',
            "an invalid \\uXXXX escape (column 16)",
            "无效的 \\uXXXX 转义（第 16 列）",
        ),
        (
            '{"round": 1}}',
            "extra data after the end (column 13)",
            "结尾之后还有多余内容（第 13 列）",
        ),
    ],
)
def test_json_lines_syntax_error_names_line_and_column(
    tmp_path: Path, broken: str, en: str, zh_hans: str
) -> None:
    """Python's English parser messages are replaced by translatable ones; the line counts
    blank lines too."""
    path = tmp_path / "m.jsonl"
    path.write_text('{"round": 1}\n\n' + broken + "\n", encoding="utf-8")
    error = error_of(path)
    assert (error.file, error.line, error.key) == (str(path), 3, None)
    assert str(error) == f"{path}, line 3: invalid JSON: {en}"
    assert error.describe("zh-Hans") == f"{path}，第 3 行：不是有效的 JSON：{zh_hans}"


@pytest.mark.parametrize(
    ("text", "line", "en"),
    [
        ('{\n  "round": 1\n  "seed": 2\n}\n', 3, "',' is missing between two items (column 3)"),
        ('\n[\n  {"round": }\n]\n', 3, "a value is missing (column 13)"),
        ("X\n[\n]\n", 1, "a value is missing (column 1)"),
        ("\n\n  x[]\n", 3, "a value is missing (column 3)"),
    ],
    ids=["object", "array", "stray-X", "stray-x"],
)
def test_document_syntax_error_names_line_and_column(
    tmp_path: Path, text: str, line: int, en: str
) -> None:
    """In a pretty-printed document the parser's own line and column are reported; a stray
    letter before the document is not skipped as if it were space."""
    path = tmp_path / "doc.json"
    path.write_text(text, encoding="utf-8")
    error = error_of(path)
    assert (error.file, error.line, error.key) == (str(path), line, None)
    assert str(error) == f"{path}, line {line}: invalid JSON: {en}"


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("{\n}\n\n]\n", 4),
        ("[ ]}\n", 1),
        ("[\n]\n\nx\n", 4),
        ("[\n{\n}\n]]\n", 4),
        ('[\n{\n},\n{"a": 1}\n]\n\n{}\n', 7),
    ],
    ids=["object", "empty-array-at-once", "empty-array", "array-at-once", "array"],
)
def test_data_after_the_document_names_its_line(tmp_path: Path, text: str, line: int) -> None:
    path = tmp_path / "extra.json"
    path.write_text(text, encoding="utf-8")
    error = error_of(path)
    assert (error.file, error.line, error.key) == (str(path), line, None)
    assert_three_languages(
        error,
        f"{path}, line {line}: invalid JSON: extra data after the end",
        f"{path}，第 {line} 行：不是有效的 JSON：结尾之后还有多余内容",
        f"{path}，第 {line} 行：不是有效的 JSON：結尾之後還有多餘內容",
    )


def test_array_elements_without_a_comma_name_the_second_element(
    shandong: Record, tmp_path: Path
) -> None:
    path = tmp_path / "array.json"
    path.write_text(f"[\n{compact(shandong)}\n{compact(shandong)}\n]\n", encoding="utf-8")
    error = error_of(path)
    assert (error.file, error.line, error.key) == (str(path), 3, None)
    assert_three_languages(
        error,
        f"{path}, line 3: invalid JSON: expected ',' or ']'",
        f"{path}，第 3 行：不是有效的 JSON：此处应为 ',' 或 ']'",
        f"{path}，第 3 行：不是有效的 JSON：此處應為 ',' 或 ']'",
    )


# --- layouts and the line of each round -----------------------------------------------------


def test_compact_array_without_spaces_is_read(shandong: Record, tmp_path: Path) -> None:
    second = copy.deepcopy(shandong)
    second["round"] = 2
    path = tmp_path / "array.json"
    path.write_text(f"[{compact(shandong)},{compact(second)}]", encoding="utf-8")
    assert read_records(path) == [shandong, second]


def test_json_lines_whose_objects_open_with_a_space_are_read_line_by_line(
    shandong: Record, tmp_path: Path
) -> None:
    """Only a lone ``{`` on the first line makes a pretty document; ``{ "format": …}`` is a
    whole round on one line."""
    line = "{ " + compact(shandong)[1:]
    path = tmp_path / "spaced.jsonl"
    path.write_text(f"{line}\n{line}\n", encoding="utf-8")
    assert read_records(path) == [shandong, shandong]


def test_round_in_a_document_is_located_at_its_opening_brace(
    shandong: Record, tmp_path: Path
) -> None:
    """Blank lines before a pretty-printed round count: the round starts on line 3."""
    broken = copy.deepcopy(shandong)
    del broken["match_over"]
    path = tmp_path / "round.json"
    path.write_text("\n\n" + json.dumps(broken, indent=2), encoding="utf-8")
    error = error_of(path)
    assert (error.file, error.line, error.key) == (str(path), 3, "match_over")
    assert_three_languages(
        error,
        f"{path}, line 3, key match_over: missing",
        f"{path}，第 3 行，键 match_over：缺少",
        f"{path}，第 3 行，鍵 match_over：缺少",
    )


def test_round_in_an_array_is_located_at_its_opening_brace(
    shandong: Record, tmp_path: Path
) -> None:
    broken = copy.deepcopy(shandong)
    broken["events"] = [{"kind": "left", "seat": 1, "after_trick": 2}]
    first = json.dumps(shandong, indent=2)
    path = tmp_path / "rounds.json"
    path.write_text(f"\n[\n{first},\n{json.dumps(broken, indent=2)}\n]\n", encoding="utf-8")
    line = 3 + first.count("\n") + 1
    error = error_of(path)
    assert (error.file, error.line, error.key) == (str(path), line, "events[0].kind")
    assert str(error) == (
        f'{path}, line {line}, key events[0].kind: "left" is not an event kind (quit, bot, back)'
    )


# --- events ---------------------------------------------------------------------------------


def test_events_of_every_kind_are_accepted(shandong: Record) -> None:
    """``after_trick`` 0 is before the first trick; seats go from 0 to the last seat."""
    record = copy.deepcopy(shandong)
    record["events"] = [
        {"kind": "quit", "seat": 0, "after_trick": 0},
        {"kind": "bot", "seat": 3, "after_trick": 4},
        {"kind": "back", "seat": 0, "after_trick": 7},
    ]
    assert validate_record(record) is record


QUIT = {"kind": "quit", "seat": 2, "after_trick": 3}


@pytest.mark.parametrize(
    ("event", "key", "problem"),
    [
        (5, "events[1]", "expected a JSON object, got 5"),
        ({"seat": 2, "after_trick": 3}, "events[1].kind", "missing"),
        (
            {**QUIT, "kind": "Quit"},
            "events[1].kind",
            '"Quit" is not an event kind (quit, bot, back)',
        ),
        ({"kind": "bot", "after_trick": 3}, "events[1].seat", "missing"),
        ({**QUIT, "seat": "2"}, "events[1].seat", 'expected an integer, got "2"'),
        ({**QUIT, "seat": 4}, "events[1].seat", "4 is not a seat (0 … 3)"),
        ({**QUIT, "seat": -1}, "events[1].seat", "-1 is not a seat (0 … 3)"),
        ({"kind": "back", "seat": 2}, "events[1].after_trick", "missing"),
        ({**QUIT, "after_trick": None}, "events[1].after_trick", "expected an integer, got null"),
        ({**QUIT, "after_trick": True}, "events[1].after_trick", "expected an integer, got true"),
        ({**QUIT, "after_trick": -1}, "events[1].after_trick", "-1 is below the minimum 0"),
    ],
)
def test_bad_event_names_its_key(shandong: Record, event: object, key: str, problem: str) -> None:
    record = copy.deepcopy(shandong)
    record["events"] = [QUIT, event]
    error = validation_error(record, line=7, file="match.jsonl")
    assert (error.file, error.line, error.key) == ("match.jsonl", 7, key)
    assert str(error) == f"match.jsonl, line 7, key {key}: {problem}"


@pytest.mark.parametrize(
    ("event", "zh_hans", "zh_hant"),
    [
        (5, "键 events[0]：应为 JSON 对象，实际是 5", "鍵 events[0]：應為 JSON 物件，實際是 5"),
        (
            {**QUIT, "kind": "离开"},
            '键 events[0].kind："离开" 不是事件类型（quit、bot、back）',
            '鍵 events[0].kind："离开" 不是事件類型（quit、bot、back）',
        ),
        (
            {**QUIT, "seat": 9},
            "键 events[0].seat：9 不是座位号（0 … 3）",
            "鍵 events[0].seat：9 不是座位號（0 … 3）",
        ),
        (
            {**QUIT, "after_trick": -2},
            "键 events[0].after_trick：-2 小于最小值 0",
            "鍵 events[0].after_trick：-2 小於最小值 0",
        ),
    ],
)
def test_bad_event_in_chinese(shandong: Record, event: object, zh_hans: str, zh_hant: str) -> None:
    record = copy.deepcopy(shandong)
    record["events"] = [event]
    error = validation_error(record)
    assert (error.file, error.line) == (None, None)
    assert error.describe("zh-Hans") == zh_hans
    assert error.describe("zh-Hant") == zh_hant


# --- shandong swaps -------------------------------------------------------------------------


def test_recorded_swap_is_accepted(shandong: Record) -> None:
    assert shandong["swaps"] == [{"from_hand": "AD", "from_kitty": "AH"}]
    assert validate_record(copy.deepcopy(shandong)) == shandong


NOT_A_CARD = "is not a card (ASCII notation such as 10H, LJ, BJ)"


@pytest.mark.parametrize(
    ("swap", "key", "problem"),
    [
        ("AD", "swaps[1]", 'expected a JSON object, got "AD"'),
        ({"from_kitty": "AH"}, "swaps[1].from_hand", "missing"),
        ({"from_hand": "AD"}, "swaps[1].from_kitty", "missing"),
        ({"from_hand": "AD", "from_kitty": "11H"}, "swaps[1].from_kitty", f'"11H" {NOT_A_CARD}'),
        ({"from_hand": None, "from_kitty": "AH"}, "swaps[1].from_hand", f"null {NOT_A_CARD}"),
        # RECORD.md: a swap is one card for one card; a list is refused, not replayed.
        (
            {"from_hand": ["AD"], "from_kitty": "AH"},
            "swaps[1].from_hand",
            f'["AD"] {NOT_A_CARD}',
        ),
    ],
)
def test_bad_swap_names_its_key(shandong: Record, swap: object, key: str, problem: str) -> None:
    record = copy.deepcopy(shandong)
    record["swaps"].append(swap)
    error = validation_error(record, file="shandong.json")
    assert (error.file, error.line, error.key) == ("shandong.json", None, key)
    assert str(error) == f"shandong.json, key {key}: {problem}"


# --- values of the wrong kind, by key ---------------------------------------------------------

NOT_A_RANK = "is not a rank (2 … 10, J, Q, K, A)"
NOT_A_SUIT = "is not a suit letter (S, H, C, D) or null"


def put(record: Record, path: tuple[str | int, ...], value: object) -> None:
    """Set the value at ``path`` (keys and list indexes) inside ``record``."""
    *parents, last = path
    target: Any = record
    for step in parents:
        target = target[step]
    target[last] = value


@pytest.mark.parametrize(
    ("path", "value", "key", "problem"),
    [
        (("match_over",), 1, "match_over", "expected true or false, got 1"),
        (("match_over",), "true", "match_over", 'expected true or false, got "true"'),
        (("round",), 0, "round", "0 is below the minimum 1"),
        (("bid_count",), -1, "bid_count", "-1 is below the minimum 0"),
        (
            ("bids", 0, "after_cards_dealt"),
            -3,
            "bids[0].after_cards_dealt",
            "-3 is below the minimum 0",
        ),
        (("tricks", 3, "points"), -10, "tricks[3].points", "-10 is below the minimum 0"),
        (("level_rank",), "1", "level_rank", f'"1" {NOT_A_RANK}'),
        (("level_rank",), "a", "level_rank", f'"a" {NOT_A_RANK}'),
        (("levels_before", 3), "11", "levels_before[3]", f'"11" {NOT_A_RANK}'),
        (("levels_after", 0), 14, "levels_after[0]", f"14 {NOT_A_RANK}"),
        (("levels_after", 2), None, "levels_after[2]", f"null {NOT_A_RANK}"),
        (("players",), [], "players", "expected at least one player"),
        (("trump_suit",), "X", "trump_suit", f'"X" {NOT_A_SUIT}'),
        (("trump_suit",), "s", "trump_suit", f'"s" {NOT_A_SUIT}'),
        (("trump_suit",), "♠", "trump_suit", f'"♠" {NOT_A_SUIT}'),
        (("trump_suit",), 0, "trump_suit", f"0 {NOT_A_SUIT}"),
        (("trump_suit",), ["S"], "trump_suit", f'["S"] {NOT_A_SUIT}'),
        (("dealer",), 4, "dealer", "4 is not a seat (0 … 3)"),
        (("banker",), -1, "banker", "-1 is not a seat (0 … 3)"),
        (
            ("tricks", 3, "plays", 2, "seat"),
            7,
            "tricks[3].plays[2].seat",
            "7 is not a seat (0 … 3)",
        ),
        (("tricks", 3, "plays"), [], "tricks[3].plays", "expected at least one play"),
        (
            ("tricks", 3, "plays", 1, "cards"),
            [],
            "tricks[3].plays[1].cards",
            "expected at least one card",
        ),
    ],
)
def test_bad_value_names_its_key(
    shandong: Record, path: tuple[str | int, ...], value: object, key: str, problem: str
) -> None:
    record = copy.deepcopy(shandong)
    put(record, path, value)
    error = validation_error(record, line=2, file="m.jsonl")
    assert (error.file, error.line, error.key) == ("m.jsonl", 2, key)
    assert str(error) == f"m.jsonl, line 2, key {key}: {problem}"


def test_a_seat_is_counted_up_to_the_last_seat_of_the_round(shandong: Record) -> None:
    """The highest seat in the message follows the number of players (here five)."""
    record = copy.deepcopy(shandong)
    record["players"].append("seat 4")
    record["levels_before"].append("A")
    record["dealer"] = 5
    error = validation_error(record)
    assert str(error) == "key dealer: 5 is not a seat (0 … 4)"


@pytest.mark.parametrize(
    ("call", "key", "problem"),
    [
        ("AS", "friend_call", 'expected a JSON object, got "AS"'),
        ([{"card": "AS"}], "friend_call", 'expected a JSON object, got [{"card":"AS"}]'),
        ({"solo": "yes"}, "friend_call.solo", 'expected true or false, got "yes"'),
        ({"solo": 1}, "friend_call.solo", "expected true or false, got 1"),
        ({"solo": True, "card": "AS"}, "friend_call.card", "a solo call names no card"),
        ({}, "friend_call.card", "missing"),
        ({"solo": False}, "friend_call.card", "missing"),
        ({"card": "11H"}, "friend_call.card", f'"11H" {NOT_A_CARD}'),
        ({"card": None}, "friend_call.card", f"null {NOT_A_CARD}"),
    ],
)
def test_bad_friend_call_names_its_key(
    shandong: Record, call: object, key: str, problem: str
) -> None:
    record = copy.deepcopy(shandong)
    record["friend_call"] = call
    error = validation_error(record, file="call.json")
    assert (error.file, error.line, error.key) == ("call.json", None, key)
    assert str(error) == f"call.json, key {key}: {problem}"


@pytest.mark.parametrize(
    "call",
    [
        None,
        {"card": "AS"},
        {"card": "BJ", "solo": False},
        {"solo": True},
        {"solo": True, "card": None},
    ],
)
def test_friend_calls_of_every_form_are_accepted(shandong: Record, call: object) -> None:
    """RECORD.md: a card, or ``"solo": true`` (with no card, or a null one); null when
    partners are fixed. Whether the game calls a friend at all is the replay's concern."""
    record = copy.deepcopy(shandong)
    record["friend_call"] = call
    assert validate_record(record) is record


@pytest.mark.parametrize("trump", [None, "S", "H", "C", "D"])
def test_every_suit_letter_and_null_are_trump_suits(shandong: Record, trump: object) -> None:
    record = copy.deepcopy(shandong)
    record["trump_suit"] = trump
    assert validate_record(record) is record


@pytest.mark.parametrize(
    ("round_value", "path"),
    [("AS", "round.jsonl"), ([1, 2], "rounds.jsonl"), (None, "null.jsonl")],
)
def test_a_round_that_is_not_an_object_names_its_line(
    shandong: Record, tmp_path: Path, round_value: object, path: str
) -> None:
    """A line holding valid JSON that is not a round has no key to name, only its line."""
    file = tmp_path / path
    file.write_text(compact(shandong) + "\n\n" + json.dumps(round_value) + "\n", encoding="utf-8")
    error = error_of(file)
    shown = show_value(round_value)
    assert (error.file, error.line, error.key) == (str(file), 3, None)
    assert_three_languages(
        error,
        f"{file}, line 3: a round must be a JSON object, got {shown}",
        f"{file}，第 3 行：每局记录应为 JSON 对象，实际是 {shown}",
        f"{file}，第 3 行：每局記錄應為 JSON 物件，實際是 {shown}",
    )


@pytest.mark.parametrize(
    ("path", "value", "key", "zh_hans", "zh_hant"),
    [
        (
            ("match_over",),
            0,
            "match_over",
            "应为 true 或 false，实际是 0",
            "應為 true 或 false，實際是 0",
        ),
        (("round",), -2, "round", "-2 小于最小值 1", "-2 小於最小值 1"),
        (
            ("level_rank",),
            "1",
            "level_rank",
            '"1" 不是牌点（2 … 10、J、Q、K、A）',
            '"1" 不是牌點（2 … 10、J、Q、K、A）',
        ),
        (("players",), [], "players", "至少要有一名玩家", "至少要有一名玩家"),
        (
            ("trump_suit",),
            "N",
            "trump_suit",
            '"N" 不是花色字母（S、H、C、D）或 null',
            '"N" 不是花色字母（S、H、C、D）或 null',
        ),
        (
            ("friend_call",),
            {"solo": True, "card": "AS"},
            "friend_call.card",
            "独打不叫牌",
            "獨打不叫牌",
        ),
        (
            ("tricks", 0, "plays"),
            [],
            "tricks[0].plays",
            "一墩至少要有一次出牌",
            "一墩至少要有一次出牌",
        ),
        (
            ("tricks", 0, "plays", 3, "cards"),
            [],
            "tricks[0].plays[3].cards",
            "至少要有一张牌",
            "至少要有一張牌",
        ),
    ],
)
def test_bad_value_in_chinese(
    shandong: Record,
    path: tuple[str | int, ...],
    value: object,
    key: str,
    zh_hans: str,
    zh_hant: str,
) -> None:
    record = copy.deepcopy(shandong)
    put(record, path, value)
    error = validation_error(record)
    assert error.describe("zh-Hans") == f"键 {key}：{zh_hans}"
    assert error.describe("zh-Hant") == f"鍵 {key}：{zh_hant}"

"""``zpy replay``: exit status 0 / 1 / 2, messages on the right stream, JSON output."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from zhaopengyou.bots import RandomBot, play_match
from zhaopengyou.cli.main import app
from zhaopengyou.engine import get_preset
from zhaopengyou.engine.match import Match
from zhaopengyou.records import RecordWriter, match_records

Records = list[dict[str, Any]]


@pytest.fixture(scope="module")
def records() -> Records:
    preset = get_preset("tractor")
    match = Match(preset, seed=12, rounds=3)
    play_match(match, [RandomBot(seat) for seat in range(4)])
    return [dict(record) for record in match_records(match)]


def write(path: Path, records: Records) -> Path:
    with RecordWriter(path) as writer:
        for record in records:
            writer.write(record)
    return path


def replay(*args: str) -> Result:
    return CliRunner().invoke(app, ["replay", *args], env={"ZPY_LANG": None})


def test_good_file_exits_0_in_chinese_by_default(records: Records, tmp_path: Path) -> None:
    result = replay(str(write(tmp_path / "good.jsonl", records)))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "第 1 局：一致",
        "第 2 局：一致",
        "第 3 局：一致",
        "全部 3 局重放一致",
    ]
    assert result.stderr == ""


def test_languages(records: Records, tmp_path: Path) -> None:
    path = str(write(tmp_path / "good.jsonl", records))
    english = replay(path, "--lang", "en")
    assert english.stdout.splitlines()[0] == "round 1: ok"
    assert english.stdout.splitlines()[-1] == "all 3 rounds replay exactly"
    assert replay(path, "--lang", "zh-Hant").stdout.splitlines()[-1] == "全部 3 局重播一致"


def test_tampered_round_exits_1(records: Records, tmp_path: Path) -> None:
    tampered = copy.deepcopy(records)
    tampered[1]["attackers_points"] += 5
    points = tampered[1]["attackers_points"]
    result = replay(str(write(tmp_path / "bad.jsonl", tampered)), "--lang", "en")
    assert result.exit_code == 1
    assert result.stdout.splitlines() == [
        "round 1: ok",
        f"round 2: attackers_points recorded {points}, engine {points - 5}",
        "round 3: ok",
        "1 of 3 rounds disagree with the engine",
    ]


def test_json_output(records: Records, tmp_path: Path) -> None:
    tampered = copy.deepcopy(records)
    plays = tampered[2]["tricks"][5]["plays"]
    plays[1], plays[2] = plays[2], plays[1]
    path = write(tmp_path / "bad.jsonl", tampered)
    result = replay(str(path), "--json")
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert document["file"] == str(path) and document["ok"] is False
    assert [r["ok"] for r in document["rounds"]] == [True, True, False]
    third = document["rounds"][2]
    assert (third["round"], third["trick"], third["seat"]) == (3, 6, plays[1]["seat"])
    assert third["disagreement"].startswith(f"round 3, trick 6, seat {plays[1]['seat']}: ")
    good = replay(str(write(tmp_path / "good.jsonl", records)), "--json")
    assert good.exit_code == 0 and json.loads(good.stdout)["ok"] is True


def test_corrupt_file_exits_2_naming_the_line(records: Records, tmp_path: Path) -> None:
    path = write(tmp_path / "corrupt.jsonl", records)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2][: len(lines[2]) // 2]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = replay(str(path), "--lang", "en")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"zpy: {path}, line 3: invalid JSON: ")
    chinese = replay(str(path))
    assert chinese.exit_code == 2 and f"{path}，第 3 行：不是有效的 JSON" in chinese.stderr


def test_bad_card_exits_2_naming_the_key(records: Records, tmp_path: Path) -> None:
    broken = copy.deepcopy(records)
    broken[1]["tricks"][0]["plays"][0]["cards"][0] = "11H"
    result = replay(str(write(tmp_path / "card.jsonl", broken)), "--lang", "en")
    assert result.exit_code == 2
    assert 'line 2, key tricks[0].plays[0].cards[0]: "11H" is not a card' in result.stderr


def test_missing_file_exits_2(tmp_path: Path) -> None:
    """The system's reason is in the interface language too (issue 41)."""
    path = tmp_path / "nowhere.jsonl"
    result = replay(str(path), "--lang", "en")
    assert result.exit_code == 2
    assert result.stderr == f"zpy: cannot read {path}: no such file or folder\n"
    chinese = replay(str(path))
    assert chinese.exit_code == 2
    assert chinese.stderr == f"zpy: 无法读取 {path}：没有这个文件或文件夹\n"


def test_empty_array_has_nothing_to_replay(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_text("[]", encoding="utf-8")
    result = replay(str(path), "--lang", "en")
    assert result.exit_code == 0 and result.stdout == "the file holds no rounds\n"


# --- issue 9: seats from 1, no "you", no English in Chinese, JSON for every outcome ------


def test_a_rejected_play_names_the_seat_from_1(records: Records, tmp_path: Path) -> None:
    tampered = copy.deepcopy(records)
    play = tampered[1]["tricks"][2]["plays"][1]
    seat = play["seat"]
    play["cards"] = ["BJ"] * len(play["cards"])  # more 大王 than seat holds (2 decks)
    path = write(tmp_path / "bad.jsonl", tampered)
    chinese = replay(str(path))
    assert chinese.exit_code == 1
    line = chinese.stdout.splitlines()[1]
    assert line.startswith(f"第 2 局，第 3 墩，{seat + 1} 号位：记录为 ")
    assert f"但引擎判定 {seat + 1} 号位手里没有" in line and "大王" in line
    assert "你" not in chinese.stdout
    english = replay(str(path), "--lang", "en").stdout.splitlines()[1]
    assert english.startswith(f"round 2, trick 3, seat {seat + 1}: recorded ")
    assert f"the engine says seat {seat + 1} does not hold" in english
    assert " you " not in english
    # Machine output keeps the records' 0-based seats, in its numbers and its texts.
    document = json.loads(replay(str(path), "--json").stdout)
    second = document["rounds"][1]
    assert second["seat"] == seat and second["trick"] == 3
    assert second["disagreement"].startswith(f"round 2, trick 3, seat {seat}: recorded ")
    assert f"the engine says seat {seat} does not hold" in second["disagreement"]


def test_chinese_messages_name_record_keys_in_chinese(records: Records, tmp_path: Path) -> None:
    tampered = copy.deepcopy(records)
    trick = tampered[0]["tricks"][4]
    real = trick["winner"]
    trick["winner"] = (real + 1) % 4
    path = write(tmp_path / "winner.jsonl", tampered)
    line = replay(str(path)).stdout.splitlines()[0]
    assert (
        line == f"第 1 局，第 5 墩：赢家记录为 {(real + 1) % 4 + 1} 号位，引擎算出 {real + 1} 号位"
    )
    assert "winner" not in line
    traditional = replay(str(path), "--lang", "zh-Hant").stdout.splitlines()[0]
    assert traditional.startswith("第 1 局，第 5 墩：贏家記錄為 ")


def test_json_syntax_errors_are_translated_with_line_and_column(
    records: Records, tmp_path: Path
) -> None:
    path = write(tmp_path / "cut.jsonl", records)
    lines = path.read_text(encoding="utf-8").splitlines()
    column = lines[1].index('"kitty"') + 1
    lines[1] = lines[1][: column + 3]  # a string cut short, as a crash mid-write leaves it
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    chinese = replay(str(path))
    assert chinese.exit_code == 2
    assert chinese.stderr == (
        f"zpy: {path}，第 2 行：不是有效的 JSON："
        f"字符串从这里开始，却没有结束的引号（第 {column} 列）\n"
    )
    assert "字串從這裡開始" in replay(str(path), "--lang", "zh-Hant").stderr
    english = replay(str(path), "--lang", "en").stderr
    assert english == (
        f"zpy: {path}, line 2: invalid JSON: a string starts here but never ends "
        f"(column {column})\n"
    )


def test_an_unknown_preset_is_not_a_readable_record(records: Records, tmp_path: Path) -> None:
    broken = copy.deepcopy(records)
    broken[0]["preset"] = "bridge"
    path = write(tmp_path / "bridge.jsonl", broken)
    result = replay(str(path))
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"zpy: {path}，第 1 行，键 preset：没有玩法 'bridge'")
    english = replay(str(path), "--lang", "en")
    assert english.exit_code == 2
    assert f"{path}, line 1, key preset: unknown preset 'bridge'" in english.stderr


def test_json_read_errors_are_json_documents(records: Records, tmp_path: Path) -> None:
    path = write(tmp_path / "corrupt.jsonl", records)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = lines[2][: len(lines[2]) // 2]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = replay(str(path), "--json")
    assert result.exit_code == 2 and result.stderr == ""
    document = json.loads(result.stdout)
    assert document["file"] == str(path) and document["ok"] is False and document["rounds"] == []
    error = document["error"]
    assert error["line"] == 3 and error["key"] is None
    assert error["message"].startswith(f"{path}, line 3: invalid JSON: ")
    broken = copy.deepcopy(records)
    broken[1]["tricks"][0]["plays"][0]["cards"][0] = "11H"
    bad_card = replay(str(write(tmp_path / "card.jsonl", broken)), "--json")
    assert bad_card.exit_code == 2
    assert json.loads(bad_card.stdout)["error"]["key"] == "tricks[0].plays[0].cards[0]"
    missing = replay(str(tmp_path / "nowhere.jsonl"), "--json", "--lang", "zh-Hant")
    assert missing.exit_code == 2 and missing.stderr == ""
    error = json.loads(missing.stdout)["error"]
    assert error["message"].startswith("cannot read ") and error["line"] is None

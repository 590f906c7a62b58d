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
    return match_records(match)


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
    chinese = replay(str(path), "--json")
    assert chinese.exit_code == 2 and f"{path}，第 3 行：不是有效的 JSON" in chinese.stderr


def test_bad_card_exits_2_naming_the_key(records: Records, tmp_path: Path) -> None:
    broken = copy.deepcopy(records)
    broken[1]["tricks"][0]["plays"][0]["cards"][0] = "11H"
    result = replay(str(write(tmp_path / "card.jsonl", broken)), "--lang", "en")
    assert result.exit_code == 2
    assert 'line 2, key tricks[0].plays[0].cards[0]: "11H" is not a card' in result.stderr


def test_missing_file_exits_2(tmp_path: Path) -> None:
    result = replay(str(tmp_path / "nowhere.jsonl"), "--lang", "en")
    assert result.exit_code == 2
    assert result.stderr.startswith("zpy: cannot read ")
    assert "No such file" in result.stderr


def test_empty_array_has_nothing_to_replay(tmp_path: Path) -> None:
    path = tmp_path / "empty.json"
    path.write_text("[]", encoding="utf-8")
    result = replay(str(path), "--lang", "en")
    assert result.exit_code == 0 and result.stdout == "the file holds no rounds\n"

"""``zpy sim``: statistics, JSON output, records, languages and bad input."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from zhaopengyou.cli.main import app
from zhaopengyou.cli.sim import simulate
from zhaopengyou.engine import get_preset
from zhaopengyou.records import read_records, replay_record

runner = CliRunner()


def test_json_summary_counts_what_was_played() -> None:
    result = runner.invoke(
        app,
        [
            "sim",
            "--preset",
            "tractor",
            "--rounds",
            "12",
            "--bots",
            "random",
            "--match-rounds",
            "5",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["rounds"] == 12 and summary["matches"] == 3
    assert summary["preset"] == "tractor" and summary["options"]["partner"] == "fixed"
    assert 0 <= summary["hold_rate"] <= 1
    assert summary["throws_failed"] <= summary["throws_tried"]
    assert summary["rounds_per_second"] > 0
    # Score totals are zero-sum apart from throw penalties.
    assert sum(summary["score_totals"]) <= 0


def test_simulate_is_deterministic_for_a_seed() -> None:
    preset = get_preset("zhaopengyou")
    first = simulate(preset, rounds=4, bots="heuristic", seed=3, match_rounds=2)
    second = simulate(preset, rounds=4, bots="heuristic", seed=3, match_rounds=2)
    keys = ("attackers_points_total", "banker_held", "score_totals", "throws_tried")
    assert [getattr(first, k) for k in keys] == [getattr(second, k) for k in keys]


def test_table_is_chinese_by_default_and_english_on_request() -> None:
    result = runner.invoke(app, ["sim", "-p", "tractor", "-n", "3", "-b", "random"])
    assert result.exit_code == 0
    assert "庄家方守庄率" in result.stdout and "每秒局数" in result.stdout
    result = runner.invoke(app, ["sim", "-p", "tractor", "-n", "3", "--lang", "en"])
    assert "banker's side hold rate" in result.stdout
    result = runner.invoke(app, ["sim", "-p", "tractor", "-n", "3", "--lang", "zh-Hant"])
    assert "莊家方守莊率" in result.stdout


def test_records_written_by_sim_replay_exactly(tmp_path: Path) -> None:
    path = tmp_path / "sim.jsonl"
    result = runner.invoke(
        app,
        [
            "sim",
            "-p",
            "tractor",
            "-o",
            "partner=called",
            "-n",
            "6",
            "--record",
            str(path),
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    records = read_records(path)
    assert len(records) == 6
    assert all(r["options"]["partner"] == "called" for r in records)
    assert all(replay_record(r).ok for r in records)


def test_bad_input_exits_2_with_a_message_on_stderr() -> None:
    for args, words in [
        (["sim", "-p", "chess"], "unknown preset"),
        (["sim", "-o", "partner=called"], "no option 'partner'"),
        (["sim", "-p", "tractor", "-o", "partner=alone"], "must be one of"),
        (["sim", "-o", "decks"], "NAME=VALUE"),
        (["sim", "-b", "genius"], "unknown bot kind"),
        (["sim", "-n", "0"], "at least 1"),
        (["sim", "--lang", "fr"], "unknown language"),
    ]:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert words in result.stderr, (args, result.stderr)

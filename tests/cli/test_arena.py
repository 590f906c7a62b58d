"""``zpy arena``: JSON output, the table in each language, help pages and bad input."""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest
from typer.testing import CliRunner

import zhaopengyou.cli
from zhaopengyou.cli.main import app
from zhaopengyou.i18n.catalog import CATALOG

runner = CliRunner()
QUICK = ["arena", "-p", "tractor", "--deals", "3", "--seed", "1"]


def test_json_reports_each_bot_and_the_paired_difference() -> None:
    result = runner.invoke(app, [*QUICK, "--bots", "heuristic,random", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["preset"] == "tractor" and report["deals"] == 3 and report["rounds"] == 6
    assert report["seatings"] == [["A", "B", "A", "B"], ["B", "A", "B", "A"]]
    low, high = report["diff_ci95"]
    assert low <= report["diff_mean"] <= high
    assert len(report["levels_diff_ci95"]) == 2 and report["levels_diff_mean"] is not None
    heuristic, random_bot = report["bots"]
    assert (heuristic["label"], heuristic["kind"]) == ("A", "heuristic")
    assert (random_bot["label"], random_bot["kind"]) == ("B", "random")
    for bot in report["bots"]:
        assert bot["rounds"] == 12  # 3 deals × 2 seatings × 2 seats
        assert 0 < bot["decision_ms_p50"] <= bot["decision_ms_p99"]
        assert 0 <= bot["win_rate"] <= 1 and len(bot["score_ci95"]) == 2
    # A minus B, per deal: the mean difference is the difference of the means.
    difference = heuristic["score_mean"] - random_bot["score_mean"]
    assert report["diff_mean"] == pytest.approx(difference)


def test_json_without_levels_and_with_more_bots() -> None:
    args = ["arena", "-p", "qidong", "-n", "1", "-b", "random,random,heuristic", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert len(report["seatings"]) == 5 and [b["label"] for b in report["bots"]] == ["A", "B", "C"]
    assert report["diff_mean"] is None  # a difference compares exactly two bots
    assert report["levels_diff_mean"] is None and report["bots"][0]["levels_mean"] is None


def test_jobs_2_gives_the_same_results_as_jobs_1() -> None:
    def played(jobs: str) -> dict[str, object]:
        result = runner.invoke(app, [*QUICK, "-b", "random,heuristic", "--jobs", jobs, "--json"])
        assert result.exit_code == 0, result.output
        report = json.loads(result.stdout)
        return {key: report[key] for key in ("diff_mean", "diff_ci95", "levels_diff_ci95")}

    assert played("2") == played("1")


def test_table_in_each_language() -> None:
    english = runner.invoke(app, [*QUICK, "--lang", "en"])
    assert english.exit_code == 0, english.output
    for text in ("A heuristic", "B random", "A − B", "score per round", "levels per round"):
        assert text in english.stdout
    assert "decision p99 (ms)" in english.stdout and "ABAB BABA" in english.stdout
    simplified = runner.invoke(app, QUICK, env={"ZPY_LANG": None}).stdout
    assert "每局积分" in simplified and "胜局率" in simplified and "置信区间" in simplified
    traditional = runner.invoke(app, [*QUICK, "--lang", "zh-Hant"]).stdout
    assert "每局積分" in traditional and "勝局率" in traditional and "信賴區間" in traditional
    without_levels = runner.invoke(app, ["arena", "-p", "qidong", "-n", "1", "--lang", "en"])
    assert "levels per round" not in without_levels.stdout


def test_help_in_english_and_chinese() -> None:
    english = runner.invoke(app, ["arena", "--help", "--lang", "en"])
    assert english.exit_code == 0
    assert "Compare bots fairly" in english.stdout
    for option in ("--bots", "--deals", "--jobs", "--think", "--seed", "--json"):
        assert option in english.stdout
    chinese = runner.invoke(app, ["arena", "--help"], env={"ZPY_LANG": None})
    assert chinese.exit_code == 0
    assert "公平地比较机器人" in chinese.stdout and "会搜索的机器人" in chinese.stdout
    listed = runner.invoke(app, ["--help", "--lang", "en"]).stdout
    assert "arena" in listed


BAD_INPUT = [
    (["arena", "-b", "heuristic"], "needs 2 to 5 bots", "需要 2 到 5 个机器人"),
    (["arena", "-p", "tractor", "-b", "random," * 4 + "random"], "2 to 4 bots", "2 到 4 个"),
    (["arena", "-b", "heuristic,genius"], "unknown bot kind", "没有 'genius' 这种机器人"),
    (["arena", "--deals", "0"], "at least 1", "至少为 1"),
    (["arena", "--jobs", "0"], "at least 1", "至少为 1"),
    (["arena", "--think", "-0.5"], "--think must be", "--think 必须是"),
    (["arena", "--think", "inf"], "--think must be", "--think 必须是"),
    (["arena", "--think", "soon"], "invalid value for --think", "--think 的值无效"),
    (["arena", "-p", "chess"], "unknown preset", "没有玩法 'chess'"),
    (["arena", "-o", "partner=called"], "no option 'partner'", "没有选项 'partner'"),
    (["arena", "--rounds", "3"], "no such option", "没有这个选项"),
]


@pytest.mark.parametrize("args,english,chinese", BAD_INPUT)
def test_bad_input_exits_2_with_a_message_on_stderr(
    args: list[str], english: str, chinese: str
) -> None:
    result = runner.invoke(app, args, env={"ZPY_LANG": "en"})
    assert result.exit_code == 2, (args, result.output)
    assert result.stdout == "" and english in result.stderr, (args, result.stderr)
    result = runner.invoke(app, args, env={"ZPY_LANG": None})
    assert result.exit_code == 2, args
    assert result.stderr.startswith("zpy: ") and chinese in result.stderr, result.stderr


def test_every_text_of_the_arena_table_is_translated() -> None:
    # tests/i18n scans main.py (help, errors) but not cli/arena.py's tr() calls.
    source = Path(zhaopengyou.cli.__file__).parent / "arena.py"
    msgids = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "tr" and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                msgids.add(first.value)
    # The measures are named by a local helper that passes its first argument to tr().
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "add_row":
            first = node.args[0]
            assert isinstance(first, ast.Constant) and isinstance(first.value, str)
            msgids.add(first.value)
    assert {"playing deals", "score per round", "decision p99 (ms)"} <= msgids

    def fields(text: str) -> set[str | None]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    for msgid in msgids:
        assert msgid in CATALOG, msgid
        for lang in ("zh-Hans", "zh-Hant"):
            assert fields(CATALOG[msgid][lang]) == fields(msgid), (msgid, lang)


def test_journal_goes_on_and_refuses_another_arena(tmp_path: Path) -> None:
    """--journal: a second run plays only the deals the file lacks (and says so); a
    journal of another arena exits 2 naming what differs, in the chosen language."""
    journal = str(tmp_path / "arena.jsonl")
    first = runner.invoke(app, [*QUICK, "--journal", journal, "--json"], env={"ZPY_LANG": "en"})
    assert first.exit_code == 0 and json.loads(first.stdout)["deals_resumed"] == 0
    more = [*QUICK[:-4], "--deals", "4", "--seed", "1", "--journal", journal, "--json"]
    second = runner.invoke(app, more, env={"ZPY_LANG": "en"})
    assert second.exit_code == 0, second.output
    assert "3 deals already played" in second.stderr
    assert json.loads(second.stdout)["deals_resumed"] == 3
    other = [*QUICK[:-1], "2", "--journal", journal]  # another seed
    english = runner.invoke(app, other, env={"ZPY_LANG": "en"})
    assert english.exit_code == 2 and english.stdout == ""
    assert "written for another arena (seed 1, not 2)" in english.stderr
    chinese = runner.invoke(app, other, env={"ZPY_LANG": None})
    assert chinese.exit_code == 2 and "属于另一场对战（seed 是 1，不是 2）" in chinese.stderr

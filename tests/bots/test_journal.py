"""The arena journal: a run stopped at any point goes on where it stopped, with the
results one uninterrupted run gives; a journal of another arena, or a damaged one, is
refused and left as it was."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from zhaopengyou.bots.arena import play_arena
from zhaopengyou.bots.journal import (
    FORMAT,
    Journal,
    JournalError,
    arena_header,
    code_fingerprint,
    outcome_from_json,
)
from zhaopengyou.bots.tally import BotTally, DealOutcome
from zhaopengyou.engine import get_preset

PRESET = get_preset("tractor")
KINDS = ["heuristic", "random"]
HEADER = arena_header("tractor", dict(PRESET.options), KINDS, seed=4, think=None)


def results(report: dict[str, Any]) -> dict[str, Any]:
    """A summary without what depends on the clock or on the runs it took."""
    bots = [
        {k: v for k, v in bot.items() if not k.startswith("decision_ms")} for bot in report["bots"]
    ]
    skip = {"seconds", "deals_resumed", "bots"}
    return {**{k: v for k, v in report.items() if k not in skip}, "bots": bots}


def test_a_run_in_two_parts_equals_one_run(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    whole = play_arena(PRESET, KINDS, deals=6, seed=4)
    first = play_arena(PRESET, KINDS, deals=2, seed=4, journal=Journal.open(path, HEADER))
    assert first.resumed == 0 and first.deals == 2
    seen: list[int] = []
    second = play_arena(
        PRESET,
        KINDS,
        deals=6,
        seed=4,
        journal=Journal.open(path, HEADER),
        on_deal=lambda outcome: seen.append(outcome.index),
    )
    assert second.resumed == 2 and seen[:2] == [0, 1] and sorted(seen) == list(range(6))
    assert results(second.to_json()) == results(whole.to_json())
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0]) == {"format": FORMAT, **HEADER} and len(lines) == 7
    # Nothing left to play: the journal alone gives the summary, decision times included.
    again = play_arena(PRESET, KINDS, deals=6, seed=4, journal=Journal.open(path, HEADER))
    assert again.resumed == 6 and results(again.to_json()) == results(whole.to_json())
    for kept, played in zip(again.bots, second.bots, strict=True):  # kept to the µs
        assert kept.decisions == played.decisions
        assert kept.decision_ms_p99 == pytest.approx(played.decision_ms_p99, abs=1e-3)


def test_a_last_line_cut_short_is_dropped_and_its_deal_played_again(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    play_arena(PRESET, KINDS, deals=3, seed=4, journal=Journal.open(path, HEADER))
    whole = path.read_bytes()
    path.write_bytes(whole[:-20])  # killed while writing deal 2's line
    journal = Journal.open(path, HEADER)
    assert journal.dropped_tail and sorted(journal.outcomes) == [0, 1]
    assert path.read_bytes().count(b"\n") == 3  # the header and two whole deals
    summary = play_arena(PRESET, KINDS, deals=3, seed=4, journal=journal)
    assert summary.resumed == 2
    assert path.read_bytes().count(b"\n") == 4


@pytest.mark.parametrize(
    "change,field",
    [
        ({"seed": 5}, "seed"),
        ({"bots": ["random", "heuristic"]}, "bots"),
        ({"think": 0.2}, "think"),
        ({"preset": "zhaopengyou"}, "preset"),
        ({"options": {**HEADER["options"], "partner": "called"}}, "options"),
        ({"code": "0123456789abcdef"}, "code"),  # the engine or the bots changed since
    ],
)
def test_a_journal_of_another_arena_is_refused_untouched(
    tmp_path: Path, change: dict[str, Any], field: str
) -> None:
    path = tmp_path / "arena.jsonl"
    play_arena(PRESET, KINDS, deals=1, seed=4, journal=Journal.open(path, HEADER))
    before = path.read_bytes()
    with pytest.raises(JournalError, match=f"another arena \\({field} ") as refused:
        Journal.open(path, {**HEADER, **change})
    assert refused.value.params["field"] == field
    assert path.read_bytes() == before


def deal_line(index: int = 0, **tally: Any) -> str:
    base = {"rounds": 2, "score": 1, "wins": 1, "levels": 1, "decision_ms": [0.5]}
    other = {**base, "score": -1, "wins": 0}
    return json.dumps({"deal": index, "tallies": [{**base, **tally}, other]})


@pytest.mark.parametrize(
    "body,message",
    [
        ("", "it is empty"),
        ('{"format": "zpy-record/1"}\n', "is not an arena journal"),
        ("not json\n", "is not an arena journal"),
        (json.dumps({"format": FORMAT, **HEADER}) + "\n{oops\n", "line 2: not a finished deal"),
        (
            json.dumps({"format": FORMAT, **HEADER}) + f"\n{deal_line(0)}\n{deal_line(0)}\n",
            "line 3: deal 0 is in the file twice",
        ),
        (
            json.dumps({"format": FORMAT, **HEADER}) + f"\n{deal_line(0, wins=3)}\n",
            "line 2: not a finished deal",
        ),
    ],
)
def test_a_damaged_journal_is_refused_naming_the_line(
    tmp_path: Path, body: str, message: str
) -> None:
    path = tmp_path / "arena.jsonl"
    path.write_text(body, encoding="utf-8")
    with pytest.raises(JournalError, match=message):
        Journal.open(path, HEADER)
    assert path.read_text(encoding="utf-8") == body


def test_a_deal_line_is_read_only_when_whole_and_sound() -> None:
    good = json.loads(deal_line(3))
    outcome = outcome_from_json(good, 2)
    assert outcome == DealOutcome(3, [BotTally(2, 1, 1, 1, [0.5]), BotTally(2, -1, 0, 1, [0.5])])
    assert outcome_from_json(good, 3) is None  # three bots in this arena
    bad_tallies: list[dict[str, Any]] = [
        {"rounds": 0},  # no rounds
        {"wins": 3},  # more rounds won than played
        {"score": True},  # a boolean is not a score
        {"levels": 1.5},
        {"decision_ms": "fast"},
        {"decision_ms": [None]},
    ]
    for change in bad_tallies:
        assert outcome_from_json(json.loads(deal_line(3, **change)), 2) is None, change
    assert outcome_from_json({**good, "extra": 1}, 2) is None
    assert outcome_from_json({**good, "deal": -1}, 2) is None
    assert outcome_from_json([good], 2) is None


def test_zpy_arena_killed_mid_run_goes_on_with_the_same_results(tmp_path: Path) -> None:
    """A real process, killed (SIGKILL) once some deals are written, then run again."""
    path = tmp_path / "arena.jsonl"
    args = [str(Path(sys.executable).parent / "zpy"), "arena", "-p", "tractor"]
    args += ["-b", ",".join(KINDS), "--deals", "150", "--seed", "4", "--json"]
    env = {**os.environ, "ZPY_LANG": "en"}
    with subprocess.Popen(
        [*args, "--journal", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env
    ) as process:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            if path.exists() and path.read_bytes().count(b"\n") >= 4:
                break
            time.sleep(0.005)
        assert process.poll() is None, "the run ended before it could be stopped"
        process.send_signal(signal.SIGKILL)
    written = path.read_bytes().count(b"\n") - 1
    assert 3 <= written < 150
    resumed = subprocess.run(
        [*args, "--journal", str(path)], capture_output=True, text=True, env=env, check=True
    )
    assert "deals already played" in resumed.stderr
    report = json.loads(resumed.stdout)
    assert report["deals_resumed"] >= written and report["deals"] == 150
    fresh = subprocess.run(args, capture_output=True, text=True, env=env, check=True)
    assert results(report) == results(json.loads(fresh.stdout))


def test_the_code_fingerprint_follows_the_bots_source(tmp_path: Path) -> None:
    """Same code, same digest; one changed byte of a bot's source, another digest."""
    import zhaopengyou.bots.journal as journal_module

    assert code_fingerprint() == code_fingerprint() and len(code_fingerprint()) == 16
    root = tmp_path / "zhaopengyou"
    for package in ("engine", "bots"):
        (root / package).mkdir(parents=True)
        (root / package / "a.py").write_text("x = 1\n", encoding="utf-8")
    fake_module = root / "bots" / "journal.py"
    fake_module.write_text("", encoding="utf-8")
    original = journal_module.__file__
    try:
        journal_module.__file__ = str(fake_module)
        before = code_fingerprint()
        (root / "bots" / "a.py").write_text("x = 2\n", encoding="utf-8")
        assert code_fingerprint() != before
    finally:
        journal_module.__file__ = original

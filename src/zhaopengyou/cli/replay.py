"""``zpy replay FILE``: re-play recorded rounds through the engine.

Prints one line per round (``ok`` or the first disagreement, seats counted from 1) and
a summary. Exit status: 0 when every round replays exactly, 1 when some round
disagrees, 2 when the file cannot be read or is not a valid record. ``--json`` prints a
JSON document in every case, also when the file cannot be read; its texts are in
English and its seats counted from 0 as in records, so that tools can rely on them.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import typer

from ..i18n import tr
from ..i18n.os_errors import os_error_msgid
from ..records import Message, RecordError, ReplayReport, read_records, replay_record
from .errors import fail


def run_replay(file: Path, *, json_out: bool, lang: str) -> None:
    """Replay every round of ``file`` and report; exits with status 1 or 2 on failure."""
    try:
        records = read_records(file)
    except RecordError as err:
        error = {"message": err.describe("en"), "line": err.line, "key": err.key}
        _refuse(file, json_out, error, err.describe(lang))
    except OSError as err:
        problem = Message(
            "cannot read {file}: {error}",
            {"file": str(file), "error": Message(os_error_msgid(err))},
        )
        error = {"message": problem.render("en"), "line": None, "key": None}
        _refuse(file, json_out, error, problem.render(lang))
    reports = [replay_record(record) for record in records]
    all_ok = all(report.ok for report in reports)
    if json_out:
        _print_json({"file": str(file), "rounds": [r.to_dict() for r in reports], "ok": all_ok})
    else:
        for report in reports:
            print(report.describe(lang))
        print(_summary(reports, lang))
    if not all_ok:
        raise typer.Exit(1)


def _refuse(file: Path, json_out: bool, error: dict[str, Any], text: str) -> NoReturn:
    """A file that is not a readable record: exit 2, with a JSON document for tools."""
    if json_out:
        _print_json({"file": str(file), "rounds": [], "ok": False, "error": error})
        raise typer.Exit(2)
    raise fail(text, 2)


def _print_json(document: dict[str, Any]) -> None:
    print(json.dumps(document, ensure_ascii=False, indent=2))


def _summary(reports: list[ReplayReport], lang: str) -> str:
    total = len(reports)
    if not total:
        return tr("the file holds no rounds", lang)
    bad = sum(not report.ok for report in reports)
    if bad:
        return tr("{bad} of {total} rounds disagree with the engine", lang, bad=bad, total=total)
    return tr("all {total} rounds replay exactly", lang, total=total)

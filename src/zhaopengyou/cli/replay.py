"""``zpy replay FILE``: re-play recorded rounds through the engine.

Prints one line per round (``ok`` or the first disagreement) and a summary. Exit
status: 0 when every round replays exactly, 1 when some round disagrees, 2 when the
file cannot be read or is not a valid record. ``--json`` prints a JSON document whose
``disagreement`` texts are in English, so that tools can rely on them.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from ..i18n import tr
from ..records import RecordError, ReplayReport, read_records, replay_record
from .main import fail


def run_replay(file: Path, *, json_out: bool, lang: str) -> None:
    """Replay every round of ``file`` and report; exits with status 1 or 2 on failure."""
    try:
        records = read_records(file)
    except RecordError as err:
        raise fail(err.describe(lang), 2) from None
    except OSError as err:
        reason = err.strerror or str(err)
        raise fail(
            tr("cannot read {file}: {error}", lang, file=str(file), error=reason), 2
        ) from None
    reports = [replay_record(record) for record in records]
    all_ok = all(report.ok for report in reports)
    if json_out:
        document = {
            "file": str(file),
            "rounds": [report.to_dict() for report in reports],
            "ok": all_ok,
        }
        print(json.dumps(document, ensure_ascii=False, indent=2))
    else:
        for report in reports:
            print(report.describe(lang))
        print(_summary(reports, lang))
    if not all_ok:
        raise typer.Exit(1)


def _summary(reports: list[ReplayReport], lang: str) -> str:
    total = len(reports)
    if not total:
        return tr("the file holds no rounds", lang)
    bad = sum(not report.ok for report in reports)
    if bad:
        return tr("{bad} of {total} rounds disagree with the engine", lang, bad=bad, total=total)
    return tr("all {total} rounds replay exactly", lang, total=total)

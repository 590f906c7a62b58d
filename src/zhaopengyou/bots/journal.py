"""The arena journal: finished deals kept in a file, so that a long arena run goes on
where it stopped.

A 1,000-deal run of searching bots takes hours on a small machine; Ctrl-C, a crash or
the end of a working day must not lose the deals played. ``zpy arena --journal FILE``
writes every finished deal to FILE at once (one JSON line each, after a header line
naming the preset, its options, the bots, the seed, the thinking time and a digest of
the engine's and the bots' code) and, run
again with the same FILE, plays only the deals the file lacks: a deal's cards and bots
depend only on the seed and its index (:func:`~zhaopengyou.bots.arena.derive_seed`),
so the deals played in several runs are the deals one run would have played. A larger
``--deals`` extends a finished run.

A file made for another preset, options, bots, seed or thinking time, or by other code
(the bots would not be the same), is refused, and so
is a line that is not a finished deal of this arena; nothing is overwritten. A last
line cut short (the process was killed while writing it) is the one exception: it was
never a finished deal, so it is cut off, and :attr:`Journal.dropped_tail` says so.

>>> import tempfile, pathlib
>>> from zhaopengyou.bots.tally import BotTally, DealOutcome
>>> path = pathlib.Path(tempfile.mkdtemp()) / "arena.jsonl"
>>> header = arena_header("tractor", {}, ["search", "heuristic"], seed=1, think=0.2)
>>> journal = Journal.open(path, header)
>>> journal.append(DealOutcome(0, [BotTally(2, 3, 1, 2, [1.5]), BotTally(2, -3, 0, 0, [])]))
>>> sorted(Journal.open(path, header).outcomes)
[0]
>>> Journal.open(path, {**header, "seed": 2})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
zhaopengyou.bots.journal.JournalError: ... was written for another arena (seed 1, not 2)...
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from io import FileIO
from pathlib import Path
from typing import Any

from ..files import append_whole
from ..i18n import tr
from ..i18n.os_errors import os_error_msgid
from .tally import BotTally, DealOutcome

FORMAT = "zpy-arena-journal/1"
HEADER_FIELDS = ("preset", "options", "bots", "seed", "think", "code")
_PLAYING_CODE = ("engine", "bots")  # the packages whose code decides how the bots play


def code_fingerprint() -> str:
    """A digest of the rules engine's and the bots' source: deals played by other code
    are not the same bots' deals, and a journal written by other code is refused."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for package in _PLAYING_CODE:
        for path in sorted((root / package).glob("*.py")):
            digest.update(f"{package}/{path.name}\n".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def arena_header(
    preset: str, options: dict[str, Any], bots: list[str], seed: int, think: float | None
) -> dict[str, Any]:
    """What a journal must have been written for: the arena's settings and this code."""
    return {
        "preset": preset,
        "options": options,
        "bots": bots,
        "seed": seed,
        "think": think,
        "code": code_fingerprint(),
    }


class JournalError(ValueError):
    """A journal that cannot be used for this arena, or written; :meth:`describe` says
    why in an interface language."""

    def __init__(self, msgid: str, **params: Any) -> None:
        super().__init__(msgid.format(**params))
        self.msgid = msgid
        self.params = params

    def describe(self, lang: str) -> str:
        """The message in ``lang``; a ``reason`` is an operating-system error's msgid."""
        params = dict(self.params)
        if "reason" in params:
            params["reason"] = tr(params["reason"], lang)
        return tr(self.msgid, lang, **params)


def _cannot_read(path: Path, err: OSError) -> JournalError:
    return JournalError("cannot read {path}: {reason}", path=path, reason=os_error_msgid(err))


def _cannot_write(path: Path, err: OSError) -> JournalError:
    return JournalError("cannot write {path}: {reason}", path=path, reason=os_error_msgid(err))


def outcome_to_json(outcome: DealOutcome) -> dict[str, Any]:
    return {
        "deal": outcome.index,
        "tallies": [
            {
                "rounds": tally.rounds,
                "score": tally.score,
                "wins": tally.wins,
                "levels": tally.levels,
                "decision_ms": [round(ms, 3) for ms in tally.decision_ms],
            }
            for tally in outcome.tallies
        ],
    }


def _integer(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def outcome_from_json(data: object, bots: int) -> DealOutcome | None:
    """The deal a journal line holds; None when it is not a finished deal of ``bots``
    bots (a wrong field, type or count)."""
    if not isinstance(data, dict) or set(data) != {"deal", "tallies"}:
        return None
    index, tallies = data["deal"], data["tallies"]
    if not _integer(index) or index < 0 or not isinstance(tallies, list):
        return None
    if len(tallies) != bots:
        return None
    parsed = []
    for tally in tallies:
        if not isinstance(tally, dict) or set(tally) != {
            "rounds",
            "score",
            "wins",
            "levels",
            "decision_ms",
        }:
            return None
        counts = [tally[name] for name in ("rounds", "score", "wins", "levels")]
        times = tally["decision_ms"]
        if not all(_integer(n) for n in counts) or not 0 <= counts[2] <= counts[0]:
            return None  # counts are whole numbers, and no more rounds won than played
        if counts[0] < 1 or not isinstance(times, list):
            return None
        if not all(isinstance(ms, int | float) and not isinstance(ms, bool) for ms in times):
            return None
        rounds, score, wins, levels = counts
        parsed.append(BotTally(rounds, score, wins, levels, [float(ms) for ms in times]))
    return DealOutcome(index, parsed)


class Journal:
    """An open journal: ``outcomes`` are the deals already in it, by index."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = header
        self.outcomes: dict[int, DealOutcome] = {}
        self.dropped_tail = False

    @classmethod
    def open(cls, path: Path, header: dict[str, Any]) -> Journal:
        """The journal at ``path`` for the arena ``header`` describes (the
        :data:`HEADER_FIELDS`), made with just a header line when there is no file."""
        journal = cls(path, {"format": FORMAT, **{k: header[k] for k in HEADER_FIELDS}})
        line = (json.dumps(journal.header, ensure_ascii=False) + "\n").encode("utf-8")
        try:
            with FileIO(path, "xb") as file:
                try:
                    append_whole(file, line, 0)
                except OSError:
                    path.unlink()  # an empty file would be no journal
                    raise
            return journal
        except FileExistsError:
            pass
        except OSError as err:
            raise _cannot_write(path, err) from None
        journal._read()
        return journal

    def _read(self) -> None:
        path = self.path
        try:
            if not stat.S_ISREG(path.stat().st_mode):  # a device may never end (/dev/zero)
                raise JournalError("{path} is not a regular file", path=path)
            raw = path.read_bytes()
        except OSError as err:
            raise _cannot_read(path, err) from None
        lines = raw.split(b"\n")
        if lines[-1]:  # no newline at the end: the last write was cut short
            self._cut_tail(len(raw) - len(lines[-1]))
        lines = lines[:-1]
        if not lines:
            raise JournalError("{path} is not an arena journal (it is empty)", path=path)
        try:
            found = json.loads(lines[0])
        except ValueError:
            found = None
        if not isinstance(found, dict) or found.get("format") != FORMAT:
            raise JournalError(
                "{path} is not an arena journal ({format})", path=path, format=FORMAT
            )
        for name in HEADER_FIELDS:
            if found.get(name) != self.header[name]:
                raise JournalError(
                    "{path} was written for another arena ({field} {found}, not {wanted}); "
                    "give another file or the same settings",
                    path=path,
                    field=name,
                    found=json.dumps(found.get(name), ensure_ascii=False),
                    wanted=json.dumps(self.header[name], ensure_ascii=False),
                )
        for number, line in enumerate(lines[1:], start=2):
            try:
                data = json.loads(line)
            except ValueError:
                data = None
            outcome = outcome_from_json(data, len(self.header["bots"]))
            if outcome is None:
                raise JournalError(
                    "{path}, line {line}: not a finished deal of this arena", path=path, line=number
                )
            if outcome.index in self.outcomes:
                raise JournalError(
                    "{path}, line {line}: deal {deal} is in the file twice",
                    path=path,
                    line=number,
                    deal=outcome.index,
                )
            self.outcomes[outcome.index] = outcome

    def _cut_tail(self, size: int) -> None:
        """Cut the file back to its last whole line (``size`` bytes)."""
        try:
            with self.path.open("r+b") as file:
                file.truncate(size)
        except OSError as err:
            raise _cannot_write(self.path, err) from None
        self.dropped_tail = True

    def append(self, outcome: DealOutcome) -> None:
        """Write one finished deal, on disk before this returns; a write that fails (a
        full disk) is cut back off, so the file still ends with a whole deal."""
        line = json.dumps(outcome_to_json(outcome), separators=(",", ":")) + "\n"
        try:
            with FileIO(self.path, "ab") as file:
                append_whole(file, line.encode("utf-8"), os.fstat(file.fileno()).st_size)
                os.fsync(file.fileno())
        except OSError as err:
            raise _cannot_write(self.path, err) from None
        self.outcomes[outcome.index] = outcome


__all__ = [
    "FORMAT",
    "Journal",
    "JournalError",
    "arena_header",
    "code_fingerprint",
    "outcome_from_json",
    "outcome_to_json",
]

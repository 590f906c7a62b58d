"""Writing finished rounds as `zpy-record/1` objects and JSON Lines files (RECORD.md).

>>> import random
>>> from zhaopengyou.bots import RandomBot, play_round
>>> from zhaopengyou.engine import Round, get_preset
>>> rnd = Round(get_preset("tractor"), seed=5, levels=(0, 0, 0, 0), dealer=1)
>>> record = round_record(play_round(rnd, [RandomBot(s) for s in range(4)]))
>>> record["format"], [len(cards) for cards in record["deal"]], len(record["kitty"])
('zpy-record/1', [25, 25, 25, 25], 8)
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Mapping, Sequence
from io import FileIO
from pathlib import Path
from types import TracebackType
from typing import Any, Literal

from ..engine.bidding import BidRecord
from ..engine.cards import RANK_NAMES, to_ascii_list
from ..engine.match import Match
from ..engine.round import Round
from ..engine.table import Phase, PlayRecord, Trick
from ..files import append_whole, beside, put_in_place, special, through_links
from ..i18n.os_errors import os_error_msgid
from .reader import FORMAT, Message
from .wire import (
    BID_KINDS,
    RECORD_SUITS,
    CalledCard,
    CalledSolo,
    RecordBid,
    RecordDict,
    RecordEvent,
    RecordPlay,
    RecordTrick,
)


def round_record(
    rnd: Round,
    *,
    players: Sequence[str] | None = None,
    match_over: bool = False,
    events: Sequence[RecordEvent] = (),
) -> RecordDict:
    """The RECORD.md object of a finished round, keys in the order RECORD.md lists them.

    ``players`` are display names by seat (default ``seat 0`` …); ``events`` are the
    room events of the round (``{"kind", "seat", "after_trick"}``).
    """
    result = rnd.result
    if rnd.phase is not Phase.DONE or result is None:
        raise ValueError("only a finished round can be recorded")
    preset = rnd.preset
    names = list(players) if players is not None else [f"seat {s}" for s in range(preset.players)]
    if len(names) != preset.players:
        raise ValueError(f"{preset.name} has {preset.players} seats, got {len(names)} names")
    assert rnd.banker is not None and rnd.buried_by is not None
    return {
        "format": FORMAT,
        "preset": preset.name,
        "options": dict(preset.options),
        "seed": rnd.seed,
        "round": rnd.number,
        "players": names,
        "levels_before": _levels(rnd.levels_before),
        "dealer": rnd.dealer,
        "banker": rnd.banker,
        "level_rank": RANK_NAMES[rnd.level_rank],
        "deal": [to_ascii_list(cards) for cards in rnd.received],
        "kitty": to_ascii_list(rnd.kitty),
        "bids": [_bid(bid) for bid in rnd.bids],
        "trump_suit": RECORD_SUITS[rnd.trump_suit] if rnd.trump_suit is not None else None,
        "bid_count": rnd.bid_count,
        "buried_by": rnd.buried_by,
        "buried": to_ascii_list(rnd.buried),
        "swaps": [
            {"from_hand": from_hand.ascii, "from_kitty": from_kitty.ascii}
            for from_hand, from_kitty in rnd.swaps
        ],
        "friend_call": _friend_call(rnd),
        "friend": rnd.friend,
        "tricks": [_trick(trick) for trick in rnd.tricks],
        "kitty_points": result.kitty_points,
        "kitty_multiplier": result.kitty_multiplier,
        "attackers_points": result.attackers_points,
        "levels_after": _levels(result.levels_after),
        "next_banker": result.next_banker,
        "scores": list(result.scores),
        "penalties": list(result.penalties),
        "events": list(events),
        "match_over": match_over,
        "redeals": rnd.redeals,
    }


def match_records(match: Match, players: Sequence[str] | None = None) -> list[RecordDict]:
    """One record per played round; the last one has ``match_over`` when the match is over."""
    last = len(match.played) - 1
    return [
        round_record(rnd, players=players, match_over=match.over and index == last)
        for index, rnd in enumerate(match.played)
    ]


def _levels(levels: Sequence[int] | None) -> list[str] | None:
    return [RANK_NAMES[level] for level in levels] if levels is not None else None


def _bid(record: BidRecord) -> RecordBid:
    bid: RecordBid = {
        "seat": record.seat,
        "cards": to_ascii_list(record.cards),
        "after_cards_dealt": record.after_cards_dealt,
    }
    if record.kind is not None:
        bid["kind"] = BID_KINDS[record.kind]
    if record.kind == "zhan":
        assert record.from_seat is not None
        bid["from_seat"] = record.from_seat
        bid["taken"] = to_ascii_list(record.taken)
        bid["returned"] = to_ascii_list(record.returned)
    return bid


def _friend_call(rnd: Round) -> CalledCard | CalledSolo | None:
    if not rnd.preset.called_friend:
        return None
    if rnd.solo:
        return {"solo": True}
    assert rnd.friend_call is not None
    return {"card": rnd.friend_call.ascii}


def _trick(trick: Trick) -> RecordTrick:
    # ``units`` is written for every trick, so readers never have to re-parse a lead.
    return {
        "leader": trick.leader,
        "plays": [_play(play) for play in trick.plays],
        "units": [to_ascii_list(unit.cards) for unit in trick.units],
        "winner": trick.winner,
        "points": trick.points,
    }


def _play(play: PlayRecord) -> RecordPlay:
    entry: RecordPlay = {"seat": play.seat, "cards": to_ascii_list(play.cards)}
    if play.attempted is not None:
        entry["attempted"] = to_ascii_list(play.attempted)
    if play.attempted_units is not None:
        # The leader's own parse of the failed throw, so a replay names it again.
        entry["attempted_units"] = [to_ascii_list(unit) for unit in play.attempted_units]
    return entry


def dumps_record(record: Mapping[str, Any]) -> str:
    """One record as compact JSON on a single line (keys in their given order)."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


RecordMode = Literal["create", "append", "replace"]
"""What :class:`RecordWriter` does with the file: ``create`` a new one (an existing file
is refused), ``append`` rounds to it, or ``replace`` it."""

RECORD_MODES: tuple[RecordMode, ...] = ("create", "append", "replace")


class RecordPathError(Exception):
    """The record file cannot be written in the mode asked; it holds only whole rounds,
    those it held before and those written before the error.

    ``problem`` says why in any interface language (:meth:`describe`); ``exists`` is
    true when the file is refused only because it is there already.
    """

    def __init__(self, problem: Message, *, exists: bool = False) -> None:
        self.problem = problem
        self.exists = exists
        super().__init__(problem.render("en"))

    def describe(self, lang: str = "en") -> str:
        return self.problem.render(lang)


def check_record_path(path: str | os.PathLike[str], mode: RecordMode = "create") -> None:
    """Raise :class:`RecordPathError` when ``path`` cannot be written in ``mode``; look
    only, so a command can refuse a bad path before its game starts.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> check_record_path(folder / "new.jsonl")
    >>> check_record_path(folder)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zhaopengyou.records.record.RecordPathError: cannot write records to ... it is a folder
    """
    problem = _path_problem(Path(path), mode)
    if problem is not None:
        raise problem


def _path_problem(path: Path, mode: RecordMode) -> RecordPathError | None:
    file = str(path)
    try:
        return _problem_of(path, file, mode)
    except OSError as err:  # a name too long for the file system, a folder not searchable
        return _refusal(file, os_error_msgid(err))


def _problem_of(path: Path, file: str, mode: RecordMode) -> RecordPathError | None:
    if path.is_dir():
        return _refusal(file, "it is a folder")
    if path.exists() or path.is_symlink():
        if mode == "create":
            return RecordPathError(Message("{file} already exists", {"file": file}), exists=True)
        if path.exists():
            return None if os.access(path, os.W_OK) else _refusal(file, "permission denied")
        path = Path(os.path.realpath(path))  # a dangling link: writing creates its target
    folder = path.parent
    if not folder.exists():
        return _refusal(file, "the folder {folder} does not exist", folder=str(folder))
    if not folder.is_dir():
        return _refusal(file, "{folder} is not a folder", folder=str(folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        return _refusal(file, "permission denied")
    return None


def _refusal(file: str, reason: str, **params: Any) -> RecordPathError:
    return RecordPathError(
        Message(
            "cannot write records to {file}: {reason}",
            {"file": file, "reason": Message(reason, params)},
        )
    )


class RecordWriter:
    """Writes records as JSON Lines, one round per line, each on its way to the disk
    before the next round is played.

    ``mode`` (:data:`RecordMode`) decides what happens to an existing file: by default it
    is refused, so that no record is lost by accident, and the new file is made with an
    exclusive open, so a file that appears meanwhile is not clobbered either. The file
    holds only whole rounds whatever happens: nothing is made before the first round
    (quitting before it leaves no empty file); a file being replaced stays as it was
    until the first round is written beside it and renamed over it; a write that fails
    (a full disk) is cut back off, and :class:`RecordPathError` says why.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "match.jsonl"
    >>> with RecordWriter(path) as writer:
    ...     writer.write({"format": "zpy-record/1"})
    >>> path.read_text(encoding="utf-8")
    '{"format":"zpy-record/1"}\\n'
    >>> RecordWriter(path).__enter__()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    zhaopengyou.records.record.RecordPathError: .../match.jsonl already exists
    """

    def __init__(self, path: str | os.PathLike[str], mode: RecordMode = "create") -> None:
        if mode not in RECORD_MODES:
            raise ValueError(f"mode must be one of {RECORD_MODES}, not {mode!r}")
        self.path = Path(path)
        self.mode = mode
        self._open = False
        self._file: FileIO | None = None
        self._size: int | None = None  # after the last whole round; None: not a plain file
        self._made = False  # this writer made the file, so it may take it away again

    def __enter__(self) -> RecordWriter:
        problem = _path_problem(self.path, self.mode)
        if problem is not None:
            raise problem
        # A file that is there is opened now, so that what only opening can tell (a
        # program running from it) is said before a game; a new one waits for a round.
        if self.mode == "append" and self.path.exists():
            self._open_file(self.path, "ab", _ends_without_newline(self.path))
        elif self.mode == "replace" and special(self.path):
            self._open_file(self.path, "wb")
        self._open = True
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def write(self, record: Mapping[str, Any]) -> None:
        """Add one round; a crash loses at most the round being written."""
        if not self._open:
            raise ValueError("RecordWriter is not open: use it in a with statement")
        line = (dumps_record(record) + "\n").encode("utf-8")
        if self._file is not None:
            self._append(line)
        elif self.mode == "replace":
            self._replace(line)
        else:
            self._made = True  # also "append" to no file: a new one, made exclusively
            self._open_file(through_links(self.path), "xb")
            self._append(line)

    def _open_file(self, path: Path, opening: str, cut_short: bool = False) -> None:
        try:
            self._file = FileIO(path, opening)
        except OSError as err:
            self._open = False
            raise _path_problem(self.path, self.mode) or _refusal(
                str(self.path), os_error_msgid(err)
            ) from None
        opened = os.fstat(self._file.fileno())
        self._size = opened.st_size if stat.S_ISREG(opened.st_mode) else None
        if cut_short:  # a line cut short by a crash stays on its own line
            self._append(b"\n")

    def _replace(self, line: bytes) -> None:
        """Write the first round beside the file and rename it over the file, which so
        stays whole until there is a round to put in its place."""
        target = through_links(self.path)
        written = beside(target)
        try:
            self._file = FileIO(written, "xb")
        except OSError as err:
            self._open = False
            raise _refusal(str(self.path), os_error_msgid(err)) from None
        self._size = 0
        try:
            self._append(line)
            put_in_place(written, target)
        except BaseException as err:
            self.close()
            written.unlink(missing_ok=True)
            if isinstance(err, OSError):  # the rename
                raise _refusal(str(self.path), os_error_msgid(err)) from None
            raise

    def _append(self, data: bytes) -> None:
        """Write ``data`` whole, or cut the file back to its last whole round and raise."""
        assert self._file is not None
        try:
            append_whole(self._file, data, self._size)
        except OSError as err:
            if self._made and not self._size:  # nothing whole was written: no file is left
                through_links(self.path).unlink(missing_ok=True)
            self.close()
            raise _refusal(str(self.path), os_error_msgid(err)) from None
        if self._size is not None:
            self._size += len(data)

    def close(self) -> None:
        self._open = False
        if self._file is not None:
            self._file.close()
            self._file = None


def _ends_without_newline(path: Path) -> bool:
    """Whether the file's last line was cut short (a crash while writing it)."""
    try:
        with path.open("rb") as existing:
            if existing.seek(0, os.SEEK_END) == 0:
                return False
            existing.seek(-1, os.SEEK_END)
            return existing.read(1) != b"\n"
    except OSError:  # missing, not seekable or not readable (a pipe, a device): nothing to fix
        return False

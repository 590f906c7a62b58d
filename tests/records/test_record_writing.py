"""Writing records exactly as RECORD.md fixes them: the bid, friend-call and level fields
that outside tools read, the one-line JSON of ``dumps_record``, and ``RecordWriter``:
how it opens, appends and closes, and the exact (translated) refusal for every path it
cannot write."""

from __future__ import annotations

import errno
import io
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from zhaopengyou.bots import RandomBot, play_match, play_round
from zhaopengyou.engine import Action, Phase, Round, View, get_preset
from zhaopengyou.engine.bidding import BidRecord
from zhaopengyou.engine.cards import RANK_NAMES, Card, to_ascii_list
from zhaopengyou.engine.match import Match
from zhaopengyou.records import (
    RecordMode,
    RecordPathError,
    RecordWriter,
    check_record_path,
    dumps_record,
    match_records,
    round_record,
)
from zhaopengyou.records import record as record_module

from ..engine.drive import KeenDeclarer

MODES: tuple[RecordMode, ...] = ("create", "append", "replace")
RECORD: dict[str, Any] = {"format": "zpy-record/1", "players": ["东", "南", "西", "北"]}
LINE = '{"format":"zpy-record/1","players":["东","南","西","北"]}\n'


class KeenBot(KeenDeclarer):
    """A KeenDeclarer that also goes solo (独打) whenever it may (R-9.2), so that its
    rounds hold every bid and friend-call field of a record."""

    def act(self, view: View) -> Action | None:
        if view.phase is Phase.CALL:
            solo = [call for call in view.legal_friend_calls() if call.solo]
            if solo:
                return solo[0]
        return super().act(view)


def keen_round(name: str, wanted: Callable[[Round], object], **options: Any) -> Round:
    """The first round (by seed) of the preset, played by keen bots, that shows ``wanted``."""
    preset = get_preset(name, **options)
    for seed in range(100):
        levels = None if preset.fixed_level_rank is not None else (0,) * preset.players
        rnd = Round(preset, seed=seed, levels=levels, dealer=0)
        rnd = play_round(rnd, [KeenBot(seed * 10 + seat) for seat in range(preset.players)])
        if wanted(rnd):
            return rnd
    raise AssertionError(f"no {name} round fits")


@pytest.fixture(scope="module")
def shandong_round() -> Round:
    """A `shandong` round with a 粘 (zhan) bid and a declarer swap."""
    return keen_round("shandong", lambda r: any(b.kind == "zhan" for b in r.bids) and r.swaps)


@pytest.fixture(scope="module")
def solo_round() -> Round:
    """A `qidong` round where the banker plays alone."""
    return keen_round("qidong", lambda r: r.solo)


@pytest.fixture(scope="module")
def called_round() -> Round:
    return keen_round("tractor", lambda r: bool(r.bids), partner="called")


@pytest.fixture(scope="module")
def tractor_round() -> Round:
    return keen_round("tractor", lambda r: bool(r.bids))


# --- bids (RECORD.md `bids`) ----------------------------------------------------------


def compact(cards: tuple[Card, ...]) -> str:
    """Cards as RECORD.md writes them, in compact JSON: ``["10H","10H"]``."""
    return "[" + ",".join(f'"{card}"' for card in to_ascii_list(cards)) + "]"


def expected_bid(bid: BidRecord, preset: str) -> dict[str, Any]:
    """A bid as RECORD.md spells it: three keys, `shandong` adds ``kind`` and, for a 粘,
    ``from_seat``, ``taken`` and ``returned``."""
    entry: dict[str, Any] = {
        "seat": bid.seat,
        "cards": to_ascii_list(bid.cards),
        "after_cards_dealt": bid.after_cards_dealt,
    }
    if preset == "shandong":
        entry["kind"] = bid.kind
        if bid.kind == "zhan":
            entry["from_seat"] = bid.from_seat
            entry["taken"] = to_ascii_list(bid.taken)
            entry["returned"] = to_ascii_list(bid.returned)
    return entry


@pytest.mark.parametrize("fixture", ["tractor_round", "called_round", "shandong_round"])
def test_bids_are_written_as_record_md_says(fixture: str, request: pytest.FixtureRequest) -> None:
    rnd: Round = request.getfixturevalue(fixture)
    bids = round_record(rnd)["bids"]
    assert bids == [expected_bid(bid, rnd.preset.name) for bid in rnd.bids]
    for bid, made in zip(bids, rnd.bids, strict=True):
        if rnd.preset.name != "shandong":
            assert list(bid) == ["seat", "cards", "after_cards_dealt"]
        elif made.kind == "zhan":
            assert list(bid) == [
                "seat",
                "cards",
                "after_cards_dealt",
                "kind",
                "from_seat",
                "taken",
                "returned",
            ]
        else:
            assert list(bid) == ["seat", "cards", "after_cards_dealt", "kind"]
            assert bid["kind"] in ("liang", "ding", "add")


def test_a_zhan_bid_names_the_seat_and_the_cards_taken_and_returned(
    shandong_round: Round,
) -> None:
    index, made = next((i, b) for i, b in enumerate(shandong_round.bids) if b.kind == "zhan")
    assert made.from_seat is not None and made.taken and made.returned
    bid = round_record(shandong_round)["bids"][index]
    assert dumps_record(bid) == (
        f'{{"seat":{made.seat},"cards":{compact(made.cards)},'
        f'"after_cards_dealt":{made.after_cards_dealt},"kind":"zhan",'
        f'"from_seat":{made.from_seat},"taken":{compact(made.taken)},'
        f'"returned":{compact(made.returned)}}}'
    )


def test_declarer_swaps_name_both_cards(shandong_round: Round) -> None:
    swaps = round_record(shandong_round)["swaps"]
    assert swaps and swaps == [
        {"from_hand": hand.ascii, "from_kitty": kitty.ascii} for hand, kitty in shandong_round.swaps
    ]
    assert all(list(swap) == ["from_hand", "from_kitty"] for swap in swaps)


# --- friend calls and levels ----------------------------------------------------------


def test_friend_call_of_each_kind(
    solo_round: Round, called_round: Round, tractor_round: Round
) -> None:
    solo = round_record(solo_round)
    assert (solo["friend_call"], solo["friend"]) == ({"solo": True}, None)
    assert solo["friend_call"] is not None
    assert dumps_record(solo["friend_call"]) == '{"solo":true}'
    called = round_record(called_round)
    assert called_round.friend_call is not None
    assert called["friend_call"] == {"card": called_round.friend_call.ascii}
    assert called["friend"] == called_round.friend
    fixed = round_record(tractor_round)
    assert (fixed["friend_call"], fixed["friend"]) == (None, None)


def test_qidong_has_no_levels(solo_round: Round) -> None:
    record = round_record(solo_round)
    assert (record["levels_before"], record["levels_after"]) == (None, None)
    assert record["level_rank"] == "2"


@pytest.mark.parametrize(
    ("levels", "names"),
    [((0, 0, 0, 0), ["2", "2", "2", "2"]), ((3, 8, 3, 8), ["5", "10", "5", "10"])],
)
def test_levels_are_written_as_rank_names(levels: tuple[int, ...], names: list[str]) -> None:
    rnd = Round(get_preset("tractor"), seed=4, levels=levels, dealer=1, banker=1)
    rnd = play_round(rnd, [RandomBot(seat) for seat in range(4)])
    record = round_record(rnd)
    assert record["levels_before"] == names
    assert rnd.result is not None and rnd.result.levels_after is not None
    assert record["levels_after"] == [RANK_NAMES[level] for level in rnd.result.levels_after]


# --- round_record and match_records ---------------------------------------------------


def test_round_record_defaults(tractor_round: Round) -> None:
    record = round_record(tractor_round)
    assert record["players"] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert record["match_over"] is False
    assert record["events"] == []


def test_an_unfinished_round_is_refused_with_its_reason() -> None:
    rnd = Round(get_preset("tractor"), seed=3, levels=(0,) * 4, dealer=0)
    with pytest.raises(ValueError) as caught:
        round_record(rnd)
    assert str(caught.value) == "only a finished round can be recorded"


@pytest.mark.parametrize("rounds", [1, 3])
def test_match_over_only_on_the_last_round_of_a_finished_match(rounds: int) -> None:
    match = Match(get_preset("tractor"), seed=11, rounds=rounds)
    play_match(match, [RandomBot(seat) for seat in range(4)])
    assert match.over
    records = match_records(match, players=["甲", "乙", "丙", "丁"])
    assert [r["match_over"] for r in records] == [False] * (rounds - 1) + [True]
    assert all(r["players"] == ["甲", "乙", "丙", "丁"] for r in records)
    assert [r["round"] for r in records] == list(range(1, rounds + 1))


# --- dumps_record ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "line"),
    [
        ({"players": ["张三", "李四"]}, '{"players":["张三","李四"]}'),
        ({"players": ["Zoë", "Ⅳ"], "seed": None}, '{"players":["Zoë","Ⅳ"],"seed":null}'),
        ({"z": 1, "a": [1, 2], "m": {"y": True}}, '{"z":1,"a":[1,2],"m":{"y":true}}'),
        ({"players": ["a\nb", 'q"'], "round": 2}, '{"players":["a\\nb","q\\""],"round":2}'),
    ],
)
def test_dumps_record_is_one_compact_line(record: dict[str, Any], line: str) -> None:
    text = dumps_record(record)
    assert text == line
    assert "\n" not in text
    assert json.loads(text) == record


def test_a_whole_round_is_one_line_with_its_keys_in_record_md_order(tractor_round: Round) -> None:
    record = round_record(tractor_round, players=["东", "南", "西", "北"])
    text = dumps_record(record)
    assert "\n" not in text and '"players":["东","南","西","北"]' in text
    assert list(json.loads(text)) == list(record)
    assert list(record)[:5] == ["format", "preset", "options", "seed", "round"]
    assert list(record).index("match_over") > list(record).index("events")


# --- RecordWriter: writing, appending, closing ------------------------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (b"", LINE.encode()),  # an empty file gets no blank first line
        (b"{}\n", b"{}\n" + LINE.encode()),
        (b'{"a":1}\n', b'{"a":1}\n' + LINE.encode()),
        (b"x", b"x\n" + LINE.encode()),  # a one-byte line cut short
        (b'{}\n{"round":2', b'{}\n{"round":2\n' + LINE.encode()),  # cut short by a crash
        (b'{"a":1}\n{', b'{"a":1}\n{\n' + LINE.encode()),
        (b"\n", b"\n" + LINE.encode()),
    ],
    ids=["empty", "object", "one-key", "one-byte", "cut-short", "cut-brace", "newline"],
)
def test_append_keeps_the_old_bytes_and_starts_a_new_line(
    before: bytes, after: bytes, tmp_path: Path
) -> None:
    path = tmp_path / "match.jsonl"
    path.write_bytes(before)
    with RecordWriter(path, "append") as writer:
        writer.write(RECORD)
    assert path.read_bytes() == after


@pytest.mark.parametrize("mode", MODES)
def test_each_mode_on_a_new_file_writes_exactly_the_lines(mode: RecordMode, tmp_path: Path) -> None:
    path = tmp_path / "new.jsonl"
    with RecordWriter(path, mode) as writer:
        writer.write(RECORD)
        writer.write({"round": 2})
    assert path.read_bytes() == (LINE + '{"round":2}\n').encode()


def test_replace_empties_the_old_file_but_create_keeps_it(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_text("old line without newline", encoding="utf-8")
    with pytest.raises(RecordPathError) as caught:
        RecordWriter(path).__enter__()
    assert caught.value.exists and str(caught.value) == f"{path} already exists"
    assert path.read_text(encoding="utf-8") == "old line without newline"
    with RecordWriter(path, "replace") as writer:
        writer.write(RECORD)
    assert path.read_text(encoding="utf-8") == LINE


def test_records_are_utf8_whatever_the_locale(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A Chinese Windows has GBK as its locale encoding; records are still UTF-8."""

    def gbk_locale(encoding: str | None, stacklevel: int = 2) -> str:
        return "gbk" if encoding is None else encoding

    monkeypatch.setattr(io, "text_encoding", gbk_locale)
    path = tmp_path / "match.jsonl"
    with RecordWriter(path) as writer:
        writer.write(RECORD)
    monkeypatch.undo()
    assert path.read_bytes() == LINE.encode("utf-8")
    assert json.loads(path.read_text(encoding="utf-8")) == RECORD


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc/self/fd")
def test_appending_to_a_pipe_adds_no_blank_line() -> None:
    """A pipe cannot be read back to look for a cut-short line: nothing is added."""
    read_end, write_end = os.pipe()
    try:
        with RecordWriter(f"/proc/self/fd/{write_end}", "append") as writer:
            writer.write(RECORD)
        os.close(write_end)
        write_end = -1
        assert os.read(read_end, 65536) == LINE.encode()
    finally:
        os.close(read_end)
        if write_end >= 0:
            os.close(write_end)


NOT_OPEN = "RecordWriter is not open: use it in a with statement"


def test_writing_outside_the_with_statement_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    writer = RecordWriter(path)
    with pytest.raises(ValueError) as caught:
        writer.write(RECORD)
    assert str(caught.value) == NOT_OPEN
    assert not path.exists()
    with writer:
        writer.write(RECORD)
    with pytest.raises(ValueError) as caught:
        writer.write({"round": 2})  # closed on leaving the with statement
    assert str(caught.value) == NOT_OPEN
    writer.close()  # closing again is harmless
    with pytest.raises(ValueError, match=r"^RecordWriter is not open"):
        writer.write({"round": 2})
    assert path.read_text(encoding="utf-8") == LINE


def test_close_without_open_is_harmless(tmp_path: Path) -> None:
    writer = RecordWriter(tmp_path / "never.jsonl")
    writer.close()
    writer.close()
    assert not (tmp_path / "never.jsonl").exists()


# --- refusals: the exact message for every path problem ---------------------------------


@pytest.fixture
def plain_user(monkeypatch: pytest.MonkeyPatch) -> None:
    """Permission bits count as they do for an ordinary user who owns the files; root
    (as in some CI containers) may write anywhere, so for root ``os.access`` is replaced by
    the owner-bit check the kernel makes for that user."""
    if os.geteuid() != 0:
        return

    def owner_access(path: Any, mode: int, **kwargs: Any) -> bool:
        try:
            bits = os.stat(path).st_mode
        except OSError:
            return False
        return mode == os.F_OK or (mode & (bits >> 6) & 0o7) == mode

    monkeypatch.setattr(os, "access", owner_access)


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "locked"
    folder.mkdir()
    (folder / "old.jsonl").write_text(LINE, encoding="utf-8")
    folder.chmod(0o555)
    yield folder
    folder.chmod(0o755)


Case = tuple[str, str, str]  # the reason in en, zh-Hans, zh-Hant


def reasons(problem: str, folder: Path) -> Case:
    return {
        "folder": ("it is a folder", "这是一个文件夹", "這是一個資料夾"),
        "missing": (
            f"the folder {folder} does not exist",
            f"文件夹 {folder} 不存在",
            f"資料夾 {folder} 不存在",
        ),
        "not a folder": (
            f"{folder} is not a folder",
            f"{folder} 不是文件夹",
            f"{folder} 不是資料夾",
        ),
        "denied": ("permission denied", "没有写入权限", "沒有寫入權限"),
    }[problem]


def assert_refusal(err: RecordPathError, path: Path, reason: Case) -> None:
    english, simplified, traditional = reason
    assert not err.exists
    assert str(err) == f"cannot write records to {path}: {english}"
    assert err.describe() == err.describe("en") == str(err)
    assert err.describe("zh-Hans") == f"无法把记录写入 {path}：{simplified}"
    assert err.describe("zh-Hant") == f"無法把記錄寫入 {path}：{traditional}"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize(
    ("problem", "where"),
    [
        ("folder", lambda tmp: (tmp / "games", tmp / "games")),
        ("missing", lambda tmp: (tmp / "no" / "such" / "x.jsonl", tmp / "no" / "such")),
        ("not a folder", lambda tmp: (tmp / "notes.txt" / "x.jsonl", tmp / "notes.txt")),
    ],
)
def test_a_path_that_cannot_hold_a_file_is_refused(
    problem: str, where: Callable[[Path], tuple[Path, Path]], mode: RecordMode, tmp_path: Path
) -> None:
    (tmp_path / "games").mkdir()
    (tmp_path / "notes.txt").write_text("not a record\n", encoding="utf-8")
    path, folder = where(tmp_path)
    with pytest.raises(RecordPathError) as caught:
        check_record_path(path, mode)
    assert_refusal(caught.value, path, reasons(problem, folder))
    with pytest.raises(RecordPathError) as caught:
        RecordWriter(path, mode).__enter__()
    assert_refusal(caught.value, path, reasons(problem, folder))
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "not a record\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games", "notes.txt"]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.usefixtures("plain_user")
def test_a_read_only_folder_refuses_new_files(read_only_folder: Path, mode: RecordMode) -> None:
    path = read_only_folder / "new.jsonl"
    with pytest.raises(RecordPathError) as caught:
        check_record_path(path, mode)
    assert_refusal(caught.value, path, reasons("denied", read_only_folder))


@pytest.mark.parametrize("mode", ["append", "replace"])
@pytest.mark.usefixtures("plain_user")
def test_a_writable_file_in_a_read_only_folder_passes(
    read_only_folder: Path, mode: RecordMode
) -> None:
    # passes: returns None, raises nothing (mypy: a None result is not to be used)
    old = read_only_folder / "old.jsonl"
    assert check_record_path(old, mode) is None  # type: ignore[func-returns-value]


@pytest.mark.parametrize("mode", ["append", "replace"])
@pytest.mark.usefixtures("plain_user")
def test_a_read_only_file_is_refused_in_a_writable_folder(mode: RecordMode, tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_text(LINE, encoding="utf-8")
    path.chmod(0o444)
    with pytest.raises(RecordPathError) as caught:
        check_record_path(path, mode)
    assert_refusal(caught.value, path, reasons("denied", tmp_path))


@pytest.mark.parametrize(
    ("exists", "mode"),
    [(False, "create"), (False, "append"), (False, "replace"), (True, "append"), (True, "replace")],
)
@pytest.mark.usefixtures("plain_user")
def test_a_writable_path_passes_the_check(exists: bool, mode: RecordMode, tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    if exists:
        path.write_text(LINE, encoding="utf-8")
    # passes: returns None, raises nothing (mypy: a None result is not to be used)
    assert check_record_path(path, mode) is None  # type: ignore[func-returns-value]
    assert path.exists() == exists  # looking creates nothing


@pytest.mark.parametrize(
    "make",
    [
        lambda path: path.write_text("not a record at all", encoding="utf-8"),
        lambda path: path.write_text(LINE, encoding="utf-8"),
        lambda path: path.write_bytes(b""),
        lambda path: path.symlink_to(path.parent / "nowhere.jsonl"),  # a dangling link
    ],
)
def test_create_refuses_anything_already_there(make: Callable[[Path], Any], tmp_path: Path) -> None:
    path = tmp_path / "match.jsonl"
    make(path)
    before = sorted(p.name for p in tmp_path.iterdir())
    content = path.read_bytes() if path.exists() else None
    for attempt in (lambda: check_record_path(path), lambda: RecordWriter(path).__enter__()):
        with pytest.raises(RecordPathError) as caught:
            attempt()
        assert caught.value.exists
        assert str(caught.value) == caught.value.describe() == f"{path} already exists"
        assert caught.value.describe("zh-Hans") == f"{path} 已经存在"
        assert caught.value.describe("zh-Hant") == f"{path} 已經存在"
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert (path.read_bytes() if path.exists() else None) == content


# --- refusals the path check cannot foresee: the system's own reason ------------------


@pytest.mark.skipif(
    sys.platform != "linux" or shutil.which("sleep") is None, reason="needs Linux and sleep"
)
def test_a_running_program_is_refused_with_the_system_reason(tmp_path: Path) -> None:
    """Linux refuses to write to a program while it runs (ETXTBSY)."""
    program = tmp_path / "sleep"
    shutil.copy(shutil.which("sleep") or "", program)
    running = subprocess.Popen([str(program), "30"])
    try:
        deadline = time.monotonic() + 10
        while os.path.realpath(f"/proc/{running.pid}/exe") != str(program.resolve()):
            assert time.monotonic() < deadline, "the program did not start"
            time.sleep(0.01)
        # it looks writable: returns None (mypy: a None result is not to be used)
        assert check_record_path(program, "append") is None  # type: ignore[func-returns-value]
        with pytest.raises(RecordPathError) as caught:
            RecordWriter(program, "append").__enter__()
    finally:
        running.kill()
        running.wait()
    reason = os.strerror(errno.ETXTBSY)
    assert_refusal(caught.value, program, (reason, reason, reason))


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (
            OSError(errno.ENOSPC, "No space left on device"),
            ("no space left on the disk", "磁盘空间已满", "磁碟空間已滿"),
        ),
        (OSError(errno.EIO, None), ("input/output error", "输入输出错误", "輸入輸出錯誤")),
        (OSError(errno.EXDEV, "Cross-device link"), ("Cross-device link",) * 3),  # untold
        (OSError("the disk went away"), ("the disk went away",) * 3),  # not even an errno
    ],
)
def test_an_unforeseen_open_error_is_refused_with_its_reason(
    error: OSError, reason: Case, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A new file is made with the first round: an error making it is said then, in the
    interface language where the system's reason is a known one (issue 41)."""
    path = tmp_path / "match.jsonl"

    def failing_open(name: Any, mode: str) -> Any:
        raise error

    monkeypatch.setattr(record_module, "FileIO", failing_open)
    with pytest.raises(RecordPathError) as caught, RecordWriter(path) as writer:
        writer.write(RECORD)
    assert_refusal(caught.value, path, reason)


# --- paths the file system itself refuses, and links ----------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_too_long_a_file_name_is_refused_with_the_systems_reason(
    tmp_path: Path, mode: RecordMode
) -> None:
    path = tmp_path / ("a" * 300 + ".jsonl")
    reason = ("the file name is too long", "文件名太长", "檔名太長")
    with pytest.raises(RecordPathError) as caught:
        check_record_path(path, mode)
    assert_refusal(caught.value, path, reason)
    with pytest.raises(RecordPathError) as caught:
        RecordWriter(path, mode).__enter__()
    assert_refusal(caught.value, path, reason)


@pytest.mark.parametrize("mode", ["append", "replace"])
def test_a_dangling_link_is_written_through_in_append_and_replace(
    tmp_path: Path, mode: RecordMode
) -> None:
    path = tmp_path / "link.jsonl"
    path.symlink_to(tmp_path / "target.jsonl")
    check_record_path(path, mode)  # the writer would succeed, so the check lets it
    with RecordWriter(path, mode) as writer:
        writer.write(RECORD)
    assert (tmp_path / "target.jsonl").read_text(encoding="utf-8") == dumps_record(RECORD) + "\n"


@pytest.mark.parametrize("mode", ["append", "replace"])
def test_a_link_into_a_missing_folder_names_that_folder(tmp_path: Path, mode: RecordMode) -> None:
    path = tmp_path / "link.jsonl"
    path.symlink_to(tmp_path / "gone" / "target.jsonl")
    folder = tmp_path / "gone"
    with pytest.raises(RecordPathError) as caught:
        check_record_path(path, mode)
    assert_refusal(
        caught.value,
        path,
        (
            f"the folder {folder} does not exist",
            f"文件夹 {folder} 不存在",
            f"資料夾 {folder} 不存在",
        ),
    )

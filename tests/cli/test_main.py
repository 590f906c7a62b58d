"""The ``zpy`` command line as a new user meets it (issue 9): ``--help`` and argument
errors in the chosen language, an honest ``--ascii`` flag, ``--delay``, and ``--record``
paths refused before a game starts, existing files never emptied without a flag."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from typer.main import get_command
from typer.testing import CliRunner, Result

from zhaopengyou.cli import play as play_module
from zhaopengyou.cli.main import app
from zhaopengyou.cli.usage import HELP_OPTION_TEXT
from zhaopengyou.i18n.catalog import CATALOG
from zhaopengyou.records import read_records

ZPY = Path(sys.executable).parent / "zpy"


def zpy(*args: str, lang: str | None = None) -> Result:
    """``zpy ARGS`` with ``ZPY_LANG`` set to ``lang`` (unset: the default language)."""
    return CliRunner().invoke(app, list(args), env={"ZPY_LANG": lang})


def run_zpy(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """The installed ``.venv/bin/zpy``, run as a person would from a shell."""
    env = {k: v for k, v in os.environ.items() if k not in ("ZPY_LANG", "ZPY_PLAY_DELAY")}
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [str(ZPY), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )


# --- help -------------------------------------------------------------------------------

HELP_WORDS = {
    "zh-Hans": ("用法：zpy", "选项：", "显示这份帮助并退出。"),
    "zh-Hant": ("用法：zpy", "選項：", "顯示這份說明並退出。"),
    "en": ("Usage: zpy", "Options:", "Show this message and exit."),
}


@pytest.mark.parametrize("lang", list(HELP_WORDS))
@pytest.mark.parametrize("command", [[], ["play"], ["sim"], ["replay"]])
def test_help_is_in_the_chosen_language(command: list[str], lang: str) -> None:
    by_option = zpy(*command, "--help", "--lang", lang)
    by_env = zpy(*command, "--help", lang=lang)
    for result in (by_option, by_env):
        assert result.exit_code == 0 and result.stderr == ""
        for words in HELP_WORDS[lang]:
            assert words in result.stdout, (words, result.stdout)
    assert by_option.stdout == by_env.stdout
    if lang != "en":
        assert "Show this message" not in by_option.stdout and "Usage" not in by_option.stdout


def test_help_defaults_to_simplified_chinese_and_lang_may_come_first() -> None:
    assert "显示这份帮助并退出" in zpy("sim", "--help").stdout
    assert "Usage: zpy sim" in zpy("--lang", "en", "sim", "--help").stdout
    assert "用法：zpy sim" in zpy("sim", "--help", "--lang", "zh-Hans", lang="en").stdout
    group = zpy("--help", lang="en").stdout
    assert "play" in group and "sim" in group and "replay" in group and "Commands:" in group


def test_every_help_text_is_translated() -> None:
    root = get_command(app)
    commands = [root, *(root.commands.values())]  # type: ignore[attr-defined]
    texts = {HELP_OPTION_TEXT}
    for command in commands:
        assert command.help, command.name
        texts.add(command.help.strip())
        texts.update(param.help for param in command.params if getattr(param, "help", None))
    missing = sorted(text for text in texts if text not in CATALOG)
    assert not missing, f"add to i18n/cli_text.py: {missing}"


# --- argument errors --------------------------------------------------------------------

USAGE_ERRORS = [
    (
        ["sim", "--bogus"],
        "zpy: 没有这个选项：--bogus（是不是想用 --bots, --rounds？）",
        "zpy: no such option: --bogus (did you mean --bots, --rounds?)",
    ),
    (
        ["sim", "-n", "abc"],
        "zpy: --rounds/-n 的值无效：应为整数",
        "zpy: invalid value for --rounds/-n: expected a whole number",
    ),
    (
        ["play", "--delay", "soon"],
        "zpy: --delay 的值无效：应为数字",
        "zpy: invalid value for --delay: expected a number",
    ),
    (["replay"], "zpy: 缺少参数 FILE", "zpy: missing argument FILE"),
    (
        ["chess"],
        "zpy: 没有这个命令：chess（可用的命令：play, sim, arena, replay, serve, cluster, schema）",
        "zpy: no such command: chess (commands: play, sim, arena, replay, serve, cluster, schema)",
    ),
    (["play", "--ascii", "yes"], "zpy: 多余的参数：yes", "zpy: unexpected extra argument: yes"),
    (["sim", "-n"], "zpy: 选项 -n 需要一个值", "zpy: option -n needs a value"),
]


@pytest.mark.parametrize("args,chinese,english", USAGE_ERRORS)
def test_usage_errors_are_in_the_chosen_language(
    args: list[str], chinese: str, english: str
) -> None:
    result = zpy(*args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines()[0] == chinese
    result = zpy(*args[:1], "--lang", "en", *args[1:])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines()[0] == english


def test_lang_counts_wherever_it_is_even_after_the_mistake() -> None:
    result = zpy("sim", "--bogus", "-n", "3", "--lang", "en")
    assert result.stderr.startswith("zpy: no such option: --bogus")


def test_a_usage_error_shows_the_usage_and_where_help_is() -> None:
    result = zpy("sim", "--bogus", lang="zh-Hant")
    assert result.stderr.splitlines() == [
        "zpy: 沒有這個選項：--bogus（是不是想用 --bots, --rounds？）",
        "用法：zpy sim [選項]",
        "執行 'zpy sim --help' 查看說明。",
    ]


def test_zpy_alone_shows_the_help_and_fails() -> None:
    result = zpy()
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("用法：zpy [选项] 命令 [参数]...")


def test_an_unknown_language_is_refused() -> None:
    for args in (["--lang", "fr", "sim"], ["sim", "--lang", "fr"]):
        result = zpy(*args)
        assert result.exit_code == 2
        assert result.stderr == "zpy: 未知的语言 'fr'；可选：zh-Hans, zh-Hant, en\n"


# --- --ascii, --delay: what reaches the game ----------------------------------------------


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The keyword arguments of every run_play call, instead of playing."""
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(play_module, "run_play", lambda preset, **kwargs: calls.append(kwargs))
    return calls


def test_ascii_is_a_flag_and_the_help_says_so(started: list[dict[str, Any]]) -> None:
    help_text = zpy("play", "--help", lang="en").stdout
    assert "--ascii / --no-ascii" in help_text and "<bool>" not in help_text
    for args, expected in ([], False), (["--ascii"], True), (["--ascii", "--no-ascii"], False):
        assert zpy("play", *args).exit_code == 0
        assert started[-1]["ascii_cards"] is expected


def test_delay_reaches_the_game(started: list[dict[str, Any]]) -> None:
    assert zpy("play", "--delay", "0.25").exit_code == 0
    assert started[-1]["delay"] == 0.25
    assert zpy("play", "--delay", "0").exit_code == 0
    assert started[-1]["delay"] == 0
    assert zpy("play").exit_code == 0
    assert started[-1]["delay"] is None  # ZPY_PLAY_DELAY or the default decides
    assert "--delay SECONDS" in zpy("play", "--help", lang="en").stdout


@pytest.mark.parametrize("value", ["-1", "nan", "inf"])
def test_a_delay_below_0_or_not_finite_is_refused(
    started: list[dict[str, Any]], value: str
) -> None:
    result = zpy("play", "--delay", value)
    assert result.exit_code == 2 and not started
    assert result.stderr == "zpy: --delay 必须是不小于 0 的秒数\n"
    english = zpy("play", "--delay", value, "--lang", "en")
    assert english.stderr == "zpy: --delay must be a number of seconds, 0 or more\n"


# --- --record: bad paths and existing files ---------------------------------------------


def test_an_unwritable_record_path_is_refused_before_the_game(tmp_path: Path) -> None:
    missing = tmp_path / "nonexistent" / "dir" / "x.jsonl"
    play = run_zpy("play", "--record", str(missing), stdin="quit\ny\n")
    assert play.returncode == 2 and play.stdout == ""  # no game was started
    assert play.stderr == (f"zpy: 无法把记录写入 {missing}：文件夹 {missing.parent} 不存在\n")
    sim = run_zpy("sim", "-n", "3", "--record", str(tmp_path), "--lang", "en")
    assert sim.returncode == 2 and sim.stdout == ""
    assert sim.stderr == f"zpy: cannot write records to {tmp_path}: it is a folder\n"
    assert "Traceback" not in play.stderr + sim.stderr


@pytest.mark.parametrize("command", [["play"], ["sim", "-n", "2"]])
def test_an_existing_record_file_is_refused_and_kept(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "keep.jsonl"
    path.write_bytes(b'{"format":"zpy-record/1"}\n' * 300)
    before = path.read_bytes()
    result = run_zpy(*command, "--record", str(path), stdin="quit\ny\n")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == (
        f"zpy: {path} 已经存在：加 --append 把新的局追加到它后面，或加 --force 替换它\n"
    )
    assert path.read_bytes() == before


def test_quitting_a_game_with_append_keeps_the_file(tmp_path: Path) -> None:
    # The reported loss: `printf 'q\n' | zpy play --record keep.jsonl` emptied the file.
    path = tmp_path / "keep.jsonl"
    path.write_bytes(b'{"format":"zpy-record/1"}\n' * 300)
    before = path.read_bytes()
    result = run_zpy("play", "--record", str(path), "--append", stdin="quit\ny\n")
    assert result.returncode == 0, result.stderr
    assert path.read_bytes() == before


def test_sim_appends_or_replaces_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "sim.jsonl"
    args = ["sim", "-p", "tractor", "-b", "random", "--json", "--record", str(path)]
    assert zpy(*args, "-n", "2").exit_code == 0
    first = path.read_bytes()
    assert zpy(*args, "-n", "3").exit_code == 2
    assert path.read_bytes() == first
    assert zpy(*args, "-n", "3", "--append").exit_code == 0
    assert path.read_bytes().startswith(first) and len(read_records(path)) == 5
    assert zpy(*args, "-n", "1", "--force").exit_code == 0
    assert len(read_records(path)) == 1


def test_play_passes_the_record_mode(started: list[dict[str, Any]], tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("{}\n", encoding="utf-8")
    for flag, mode in (["--append"], "append"), (["--force"], "replace"):
        assert zpy("play", "--record", str(path), *flag).exit_code == 0
        assert started[-1]["record"] == path and started[-1]["record_mode"] == mode
    assert zpy("play", "--record", str(tmp_path / "new.jsonl")).exit_code == 0
    assert started[-1]["record_mode"] == "create"


@pytest.mark.parametrize(
    "args,message",
    [
        (["--record", "x.jsonl", "--append", "--force"], "--append 和 --force 不能同时使用"),
        (["--append"], "--append 和 --force 只能与 --record FILE 一起使用"),
        (["--force"], "--append 和 --force 只能与 --record FILE 一起使用"),
    ],
)
@pytest.mark.parametrize("command", ["play", "sim"])
def test_append_and_force_need_a_record_and_exclude_each_other(
    started: list[dict[str, Any]], command: str, args: list[str], message: str
) -> None:
    result = zpy(command, *args)
    assert result.exit_code == 2 and result.stderr == f"zpy: {message}\n"
    assert not started


def test_sim_json_output_is_clean_json_with_0_based_lists(tmp_path: Path) -> None:
    result = zpy("sim", "-p", "tractor", "-n", "2", "-b", "random", "--json")
    summary = json.loads(result.stdout)
    assert len(summary["score_totals"]) == 4


def test_seat_is_chosen_as_people_count_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """``-s 3`` is 3号位 (issue 9: seats from 1 wherever people read or type them)."""
    monkeypatch.setenv("ZPY_PLAY_DELAY", "0")
    result = CliRunner().invoke(
        app, ["play", "-p", "tractor", "-s", "3", "--lang", "en"], input="quit\ny\n"
    )
    assert result.exit_code == 0, result.output
    assert "you are seat 3;" in result.output
    for bad in ("0", "5"):
        refused = zpy("play", "-p", "tractor", "-s", bad, lang="en")
        assert refused.exit_code == 2
        assert "--seat must be 1..4" in refused.output


@pytest.mark.parametrize(("level", "shown"), [("easy", "easy bots"), ("hard", "hard bots")])
def test_play_offers_bot_levels(monkeypatch: pytest.MonkeyPatch, level: str, shown: str) -> None:
    """Issue 12: ``zpy play --bots`` takes a level; the game says which bots you face."""
    monkeypatch.setenv("ZPY_PLAY_DELAY", "0")
    result = CliRunner().invoke(
        app, ["play", "-p", "tractor", "--bots", level, "--lang", "en"], input="quit\ny\n"
    )
    assert result.exit_code == 0, result.output
    assert f"the other seats are {shown}." in result.output
    refused = zpy("play", "--bots", "expert", lang="en")
    assert refused.exit_code == 2 and "easy, normal, hard" in refused.output


# --- write errors: a clear message, exit 2, files of whole lines (issue 41 #5) -----------

FULL = Path("/dev/full")
needs_dev_full = pytest.mark.skipif(
    not FULL.is_char_device(), reason="needs /dev/full, the device that is always full"
)


def run_limited(limit: int, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``zpy ARGS`` allowed files of at most ``limit`` bytes: a write past it fails as on
    a full disk (EFBIG; Python ignores the signal that would kill it)."""
    import resource

    def limit_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {k: v for k, v in os.environ.items() if k not in ("ZPY_LANG", "ZPY_PLAY_DELAY")}
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [str(ZPY), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
        preexec_fn=limit_files,
    )


def whole_lines(path: Path) -> list[str]:
    """The lines of ``path``, which must each be a whole JSON document."""
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    lines = text.splitlines()
    for line in lines:
        json.loads(line)
    return lines


SIM = ["sim", "-p", "tractor", "-b", "random", "-n", "12"]
TOO_LARGE = {"en": "the file is too large", "zh-Hans": "文件太大"}


@pytest.mark.skipif(sys.platform == "win32", reason="needs setrlimit")
def test_a_full_disk_mid_sim_keeps_the_rounds_written(tmp_path: Path) -> None:
    sized = tmp_path / "sized.jsonl"
    assert run_zpy(*SIM, "--record", str(sized)).returncode == 0
    sizes = [len(line.encode()) + 1 for line in whole_lines(sized)]
    path = tmp_path / "sim.jsonl"
    result = run_limited(sum(sizes[:3]) + sizes[3] // 2, *SIM, "--record", str(path))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.endswith(f"zpy: 无法把记录写入 {path}：{TOO_LARGE['zh-Hans']}\n")
    assert len(whole_lines(path)) == 3  # the rounds before the full disk, whole
    assert sorted(os.listdir(tmp_path)) == ["sim.jsonl", "sized.jsonl"]


@pytest.mark.skipif(sys.platform == "win32", reason="needs setrlimit")
def test_a_full_disk_appending_keeps_the_old_rounds(tmp_path: Path) -> None:
    path = tmp_path / "sim.jsonl"
    assert run_zpy(*SIM[:-1], "2", "--record", str(path)).returncode == 0
    before = path.read_bytes()
    limit = len(before) + len(before) // 4  # room for half a round
    result = run_limited(limit, *SIM, "--record", str(path), "--append", "--lang", "en")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.endswith(f"zpy: cannot write records to {path}: {TOO_LARGE['en']}\n")
    assert path.read_bytes() == before


@pytest.mark.skipif(sys.platform == "win32", reason="needs setrlimit")
def test_a_full_disk_replacing_keeps_the_old_file(tmp_path: Path) -> None:
    """--force: the old file stays whole until the first round is written beside it."""
    path = tmp_path / "sim.jsonl"
    assert run_zpy(*SIM[:-1], "3", "--record", str(path)).returncode == 0
    before = path.read_bytes()
    result = run_limited(len(before) // 6, *SIM, "--record", str(path), "--force")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert TOO_LARGE["zh-Hans"] in result.stderr
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["sim.jsonl"]  # nothing left beside it


@needs_dev_full
@pytest.mark.parametrize(
    "command",
    [
        ["sim", "-n", "1", "--record", str(FULL), "--append"],
        ["play", "-p", "tractor", "-n", "1", "--bots", "random", "--record", str(FULL), "--append"],
    ],
)
def test_records_to_a_full_device_are_refused_clearly(command: list[str]) -> None:
    stdin = "\n" * 400  # Enter: every suggestion taken, so the round ends
    result = run_zpy(*command, "--lang", "zh-Hant", stdin=stdin)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.endswith(f"zpy: 無法把記錄寫入 {FULL}：磁碟空間已滿\n")


@needs_dev_full
@pytest.mark.parametrize(
    "command",
    [
        ["sim", "-n", "1", "--json"],
        ["sim", "-n", "1"],
        ["arena", "-p", "tractor", "-n", "1", "--json"],
        ["schema"],
        ["replay", "--help"],
    ],
)
def test_output_to_a_full_disk_is_a_message_and_exit_2(command: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k != "ZPY_LANG"}
    with FULL.open("w") as full:
        result = subprocess.run(
            [str(ZPY), *command, "--lang", "en"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )
    assert result.returncode == 2, result.stderr
    assert result.stderr.endswith("zpy: cannot write the output: no space left on the disk\n")
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="needs setrlimit")
def test_a_full_disk_writing_the_schema_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "schema.json"
    path.write_text("{}\n", encoding="utf-8")
    result = run_limited(1000, "schema", "--out", str(path), "--force", "--lang", "en")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr == f"zpy: cannot write {path}: {TOO_LARGE['en']}\n"
    assert path.read_text(encoding="utf-8") == "{}\n"
    assert os.listdir(tmp_path) == ["schema.json"]


@pytest.mark.skipif(sys.platform == "win32", reason="needs setrlimit")
def test_a_full_disk_mid_arena_keeps_the_journal_whole(tmp_path: Path) -> None:
    path = tmp_path / "arena.jsonl"
    arena = ["arena", "-p", "tractor", "-b", "random,random", "--journal", str(path), "--json"]
    assert run_zpy(*arena, "-n", "2").returncode == 0
    before = path.read_bytes()
    result = run_limited(len(before) + 10, *arena, "-n", "4", "--lang", "en")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.endswith(f"zpy: cannot write {path}: {TOO_LARGE['en']}\n")
    assert path.read_bytes() == before
    resumed = run_zpy(*arena, "-n", "4")
    assert resumed.returncode == 0 and json.loads(resumed.stdout)["deals_resumed"] == 2


@needs_dev_full
def test_a_device_is_no_journal() -> None:
    """A journal is read whole: a device that never ends is refused, not read forever."""
    result = subprocess.run(
        [str(ZPY), "arena", "-p", "tractor", "-n", "1", "--journal", str(FULL), "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr == f"zpy: {FULL} is not a regular file\n"


@pytest.mark.parametrize("flags", [[], ["--append"], ["--force"]])
def test_quitting_before_the_first_round_leaves_no_record_behind(
    tmp_path: Path, flags: list[str]
) -> None:
    """Issue 41: no empty file is made, and a file to replace is kept as it was."""
    path = tmp_path / "game.jsonl"
    if flags:
        path.write_bytes(b'{"format":"zpy-record/1"}\n')
    before = path.read_bytes() if flags else None
    result = run_zpy("play", "--record", str(path), *flags, stdin="quit\ny\n")
    assert result.returncode == 0, result.stderr
    assert (path.read_bytes() if path.exists() else None) == before
    assert os.listdir(tmp_path) == (["game.jsonl"] if flags else [])


COMMANDS = [[], ["play"], ["sim"], ["arena"], ["replay"], ["serve"], ["cluster"], ["schema"]]


@pytest.mark.parametrize("columns", ["80", "64", "100"])
@pytest.mark.parametrize("lang", list(HELP_WORDS))
def test_help_never_splits_a_number_across_lines(lang: str, columns: str) -> None:
    """Issue 41 #6: Chinese help wraps between characters, never inside a number
    (``arena --help`` showed ``（默认：1`` and ``00）``)."""
    for command in COMMANDS:
        result = CliRunner().invoke(
            app, [*command, "--help"], env={"ZPY_LANG": lang, "COLUMNS": columns}
        )
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        assert max(cell_len(line) for line in lines) <= int(columns)
        for line, following in itertools.pairwise(lines):
            split = line[-1:].isdigit() and following.lstrip()[:1].isdigit()
            assert not split, (command, line, following)

"""Every message the player can see has a zh-Hans and a zh-Hant form.

Engine error templates are found by reading the engine's source, so a template added
later without a translation fails here rather than reaching players in English.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

import zhaopengyou.cli
import zhaopengyou.engine
import zhaopengyou.records
from zhaopengyou.cli.play import BOT_KIND_NAMES
from zhaopengyou.cli.render import DECLARATIONS, HELP_LINES, PRESET_TITLES, SPECIAL_UNITS
from zhaopengyou.cli.usage import EXPECTED_VALUES, HELP_OPTION_TEXT
from zhaopengyou.engine.errors import IllegalAction, InvalidOption
from zhaopengyou.i18n import tr
from zhaopengyou.i18n.catalog import CATALOG
from zhaopengyou.i18n.cli_text import CLI_TEXT
from zhaopengyou.i18n.engine_text import ENGINE_TEXT
from zhaopengyou.i18n.os_errors import OS_ERRORS
from zhaopengyou.i18n.play_text import PLAY_TEXT
from zhaopengyou.i18n.replay_text import RECORD_KEY_TEXT, REPLAY_TEXT
from zhaopengyou.i18n.server_text import SERVER_TEXT
from zhaopengyou.i18n.sim_text import SIM_TEXT
from zhaopengyou.records import reader
from zhaopengyou.records.replay import SEAT_FORMS, SEAT_KEYS

ENGINE_DIR = Path(zhaopengyou.engine.__file__).parent
CLI_DIR = Path(zhaopengyou.cli.__file__).parent
PLAY_SOURCES = ("play.py", "human.py", "render.py")
CHINESE = ("zh-Hans", "zh-Hant")


def _error_classes() -> set[str]:
    found = set()
    pending: list[type[Exception]] = [IllegalAction, InvalidOption]
    while pending:
        cls = pending.pop()
        found.add(cls.__name__)
        pending.extend(cls.__subclasses__())
    return found


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else None


def _module_dicts(tree: ast.Module) -> dict[str, list[str]]:
    """String values of the module-level dicts (``_MUST = {...}`` style tables)."""
    tables: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            values = [
                v.value
                for v in node.value.values
                if isinstance(v, ast.Constant) and isinstance(v.value, str)
            ]
            for target in node.targets:
                if isinstance(target, ast.Name):
                    tables[target.id] = values
    return tables


def engine_templates() -> Iterator[tuple[str, str]]:
    """(template, where) for every error the engine can raise or return."""
    classes = _error_classes()
    for path in sorted(ENGINE_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        tables = _module_dicts(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            where = f"{path.name}:{node.lineno}"
            if name in classes and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    yield first.value, where
                elif (
                    isinstance(first, ast.Subscript)
                    and isinstance(first.value, ast.Name)
                    and first.value.id in tables
                ):
                    for template in tables[first.value.id]:
                        yield template, where
                else:  # fails below: use a literal or a module-level dict of literals
                    yield f"<{name}(...) with a template this scan cannot read>", where
            elif name == "CardParseError" and len(node.args) >= 2:
                reason = node.args[1]
                assert isinstance(reason, ast.Constant) and isinstance(reason.value, str), where
                yield reason.value, where


def fields(text: str) -> set[tuple[str, str | None]]:
    return {
        (name, conversion)
        for _, name, _, conversion in string.Formatter().parse(text)
        if name is not None
    }


def test_the_scan_finds_the_engine_templates() -> None:
    templates = {template for template, _ in engine_templates()}
    assert "seat {seat} is to play" in templates
    assert "you hold a tractor in the led suit: follow with it" in templates  # via _MUST
    assert "rank without a suit" in templates  # a CardParseError reason
    assert "unknown preset {name!r}; presets: {presets}" in templates  # an InvalidOption
    assert len(templates) >= 35


@pytest.mark.parametrize("template,where", sorted(set(engine_templates())))
def test_engine_template_is_translated(template: str, where: str) -> None:
    entry = ENGINE_TEXT.get(template)
    assert entry is not None, f"{where}: add {template!r} to i18n/engine_text.py"
    for lang in CHINESE:
        assert fields(entry[lang]) == fields(template), f"{lang} placeholders of {template!r}"


def test_default_card_parse_reason_is_translated() -> None:
    from zhaopengyou.engine import CardParseError

    assert CardParseError("x").reason in ENGINE_TEXT


def play_msgids() -> set[str]:
    """Literal msgids of the play UI: the first argument of every translating call,
    every ``msgid = ...`` assignment, and the module tables of texts."""
    found: set[str] = {
        *HELP_LINES,
        *PRESET_TITLES.values(),
        *BOT_KIND_NAMES.values(),
        *SPECIAL_UNITS.values(),
        *DECLARATIONS.values(),
    }
    for name in PLAY_SOURCES:
        tree = ast.parse((CLI_DIR / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _call_name(node) in {
                "t",
                "fmt",
                "say",
                "tr",
                "_suggest",
                "refuse",
            }:
                roots: list[ast.AST] = list(node.args[:1])
            elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "msgid" for t in node.targets
            ):
                roots = [node.value]
            else:
                continue
            for root in roots:
                for sub in ast.walk(root):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        found.add(sub.value)
    return found


def test_play_texts_are_translated() -> None:
    msgids = play_msgids()
    assert "Goodbye!" in msgids and "single" in msgids
    missing = sorted(m for m in msgids if m not in CATALOG)
    assert not missing, f"add to i18n/play_text.py: {missing}"


@pytest.mark.parametrize("msgid", sorted(PLAY_TEXT))
def test_play_text_entries_are_complete(msgid: str) -> None:
    for lang in CHINESE:
        assert PLAY_TEXT[msgid][lang], lang
        assert fields(PLAY_TEXT[msgid][lang]) == fields(msgid), lang


def test_no_unused_play_texts() -> None:
    assert not set(PLAY_TEXT) - play_msgids()


def test_templates_translate_with_their_fields() -> None:
    assert tr("bury exactly {size} cards (got {got})", "zh-Hans", size=7, got=6) == (
        "须扣 7 张牌（你给了 6 张）"
    )
    assert tr("seat {seat} is to play", "zh-Hant", seat=2) == "輪到 2 號座位出牌"


# --- the command line, records and replays (issue 9) ------------------------------------

RECORDS_DIR = Path(zhaopengyou.records.__file__).parent
TEXT_SOURCES = (
    CLI_DIR / "main.py",
    CLI_DIR / "usage.py",
    CLI_DIR / "sim.py",
    CLI_DIR / "arena.py",
    CLI_DIR / "replay.py",
    CLI_DIR / "serve.py",
    CLI_DIR / "cluster.py",
    CLI_DIR.parent / "bots" / "journal.py",
    *sorted(RECORDS_DIR.glob("*.py")),
)
# Which positional argument of a call is a msgid: tr(msgid, …), Message(msgid, …),
# self.disagree(msgid, …), the validator's self.fail(key, msgid, …), _refusal(file, msgid),
# arena's add_row(msgid, …), the arena journal's JournalError(msgid, …).
MSGID_ARGUMENT = {
    "tr": 0,
    "Message": 0,
    "disagree": 0,
    "fail": 1,
    "_refusal": 1,
    "add_row": 0,
    "JournalError": 0,
}
ADDRESSES_THE_PLAYER = re.compile(r"\byou\b|\byour\b|你")


def _is_command(node: ast.FunctionDef) -> bool:
    return any(
        isinstance(d, ast.Call) and _call_name(d) in ("command", "callback")
        for d in node.decorator_list
    )


def cli_and_record_msgids() -> set[str]:
    """Literal msgids of the command line, the record writer, reader and replayer:
    translating calls, help texts, command docstrings and the tables of texts."""
    found: set[str] = {
        *SEAT_FORMS.values(),
        *reader._JSON_PROBLEMS.values(),
        *reader._EXPECTED.values(),
        reader._JSON_PROBLEM_OTHERWISE,
        *EXPECTED_VALUES.values(),
        *OS_ERRORS.values(),
        HELP_OPTION_TEXT,
    }
    for path in TEXT_SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.FunctionDef)
                and _is_command(node)
                and (docstring := ast.get_docstring(node)) is not None
            ):
                found.add(docstring)
            if not isinstance(node, ast.Call):
                continue
            index = MSGID_ARGUMENT.get(_call_name(node) or "")
            arguments: list[ast.expr] = []
            if index is not None and len(node.args) > index:
                arguments.append(node.args[index])
            arguments.extend(k.value for k in node.keywords if k.arg == "help")
            for argument in arguments:
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    found.add(argument.value)
    return found


def test_cli_and_record_texts_are_translated() -> None:
    msgids = cli_and_record_msgids()
    assert "no such option: {option}" in msgids and "the file is empty" in msgids
    assert "Play bot-only matches and print statistics." in msgids  # a command's docstring
    missing = sorted(m for m in msgids if m not in CATALOG)
    assert not missing, f"add to i18n/cli_text.py or i18n/replay_text.py: {missing}"


AREA_TEXTS = {"cli": CLI_TEXT, "replay": REPLAY_TEXT, "sim": SIM_TEXT}


@pytest.mark.parametrize(
    "area,msgid", sorted((area, m) for area, texts in AREA_TEXTS.items() for m in texts)
)
def test_cli_and_record_entries_are_complete(area: str, msgid: str) -> None:
    for lang in CHINESE:
        assert AREA_TEXTS[area][msgid][lang], lang
        assert fields(AREA_TEXTS[area][msgid][lang]) == fields(msgid), lang


def test_no_unused_cli_and_record_texts() -> None:
    unused = set(CLI_TEXT) | set(REPLAY_TEXT) | set(SIM_TEXT)
    unused -= cli_and_record_msgids()
    # The engine's own reasons for refusing a round's set-up, named by their text.
    unused -= {
        "deck is not a full set of cards for this preset",
        "without a banker every seat must be at the same level",
    }
    assert not unused


def test_catalog_parts_do_not_overwrite_each_other() -> None:
    parts = {"cli": CLI_TEXT, "engine": ENGINE_TEXT, "play": PLAY_TEXT, **AREA_TEXTS}
    seen: dict[str, tuple[str, dict[str, str]]] = {}
    for name, texts in parts.items():
        for msgid, forms in texts.items():
            if msgid in seen and seen[msgid][1] != forms:
                raise AssertionError(f"{msgid!r} differs in {seen[msgid][0]} and {name}")
            seen.setdefault(msgid, (name, forms))


def test_every_engine_text_to_the_player_has_a_form_naming_the_seat() -> None:
    # A replay reports on a seat: "seat 3 does not hold …", never "you do not hold …".
    # It applies actions to a Round, so View.play_error's own checks never reach it.
    view_only = {"it is not your turn to play", "you do not hold those cards"}
    where_said: dict[str, set[str]] = {}
    for template, where in engine_templates():
        where_said.setdefault(template, set()).add(where.split(":")[0])
    assert all(where_said[t] == {"view.py"} for t in view_only)
    templates = set(where_said) - view_only
    speaking_to_you = {
        t
        for t in templates
        if any(ADDRESSES_THE_PLAYER.search(text) for text in (t, *ENGINE_TEXT[t].values()))
    }
    assert "you do not hold {count}× {card}" in speaking_to_you
    assert "bury exactly {size} cards (got {got})" in speaking_to_you  # 你给了 in Chinese
    assert not speaking_to_you - set(SEAT_FORMS), "add to records/replay.py SEAT_FORMS"
    assert not set(SEAT_FORMS) - speaking_to_you, "records/replay.py SEAT_FORMS: never used"
    for template, form in SEAT_FORMS.items():
        assert fields(form) == fields(template) | {("actor", None)}, form
        for text in (form, *CATALOG[form].values()):
            assert not ADDRESSES_THE_PLAYER.search(text), text


def test_every_compared_record_key_has_a_chinese_name() -> None:
    tree = ast.parse((RECORDS_DIR / "replay.py").read_text(encoding="utf-8"))
    keys = {
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and _call_name(node) == "compare"
        and isinstance(node.args[0], ast.Constant)
    }
    for node in ast.walk(tree):  # check_result's table of the result keys it compares
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and node.target.id == "engine"
            and isinstance(node.value, ast.Dict)
        ):
            keys.update(k.value for k in node.value.keys if isinstance(k, ast.Constant))
    assert {"winner", "attackers_points", "scores"} <= keys
    assert not keys - set(RECORD_KEY_TEXT)
    assert keys >= SEAT_KEYS
    for key in RECORD_KEY_TEXT:
        assert set(RECORD_KEY_TEXT[key]) == set(CHINESE)
        assert not re.search("[A-Za-z_]", "".join(RECORD_KEY_TEXT[key].values())), key


SERVER_DIR = Path(__file__).parents[2] / "src" / "zhaopengyou" / "server"


def server_msgids() -> set[str]:
    """Texts the server sends to clients: the msgid of every ``tr`` call and of every
    refusal (``refuse``: the third argument; ``Refused``: the second)."""
    found: set[str] = set()
    where = {"tr": 0, "refuse": 2, "Refused": 1}
    for path in SERVER_DIR.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = _call_name(node)
            index = where.get(name or "")
            if index is None or len(node.args) <= index:
                continue
            for sub in ast.walk(node.args[index]):
                if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                    found.add(sub.value)
    return found


def test_server_texts_are_translated_and_used() -> None:
    msgids = server_msgids()
    assert "no such room" in msgids and "seat {seat} is taken" in msgids
    missing = sorted(m for m in msgids if m not in SERVER_TEXT)
    assert not missing, f"add to i18n/server_text.py: {missing}"
    assert not set(SERVER_TEXT) - msgids, "unused server texts"
    for msgid, forms in SERVER_TEXT.items():
        for lang in CHINESE:
            assert forms[lang] and fields(forms[lang]) == fields(msgid), (msgid, lang)

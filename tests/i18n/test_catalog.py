"""Every message the player can see has a zh-Hans and a zh-Hant form.

Engine error templates are found by reading the engine's source, so a template added
later without a translation fails here rather than reaching players in English.
"""

from __future__ import annotations

import ast
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

import zhaopengyou.cli
import zhaopengyou.engine
from zhaopengyou.cli.play import BOT_KIND_NAMES
from zhaopengyou.cli.render import DECLARATIONS, HELP_LINES, PRESET_TITLES, SPECIAL_UNITS
from zhaopengyou.engine.errors import IllegalAction
from zhaopengyou.i18n import CATALOG, tr
from zhaopengyou.i18n.engine_text import ENGINE_TEXT
from zhaopengyou.i18n.play_text import PLAY_TEXT

ENGINE_DIR = Path(zhaopengyou.engine.__file__).parent
CLI_DIR = Path(zhaopengyou.cli.__file__).parent
PLAY_SOURCES = ("play.py", "human.py", "render.py")
CHINESE = ("zh-Hans", "zh-Hant")


def _error_classes() -> set[str]:
    found = set()
    pending = [IllegalAction]
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

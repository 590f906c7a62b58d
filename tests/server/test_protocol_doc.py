"""docs/protocol.md keeps up with the code: every client message type (with examples the
server accepts), every message type the server sends (with every key of its model),
every error code (WebSocket and HTTP), every HTTP route of the app, every room setting
with its default and limits, and every chat phrase."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import get_args, get_type_hints

from annotated_types import Ge, Le
from starlette.routing import Mount, Route, WebSocketRoute

from zhaopengyou.server import protocol
from zhaopengyou.server.app import create_app
from zhaopengyou.server.hub import RoomRequest
from zhaopengyou.server.room import PHRASES, Settings

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "protocol.md"
SERVER = ROOT / "src" / "zhaopengyou" / "server"


def split(text: str, marker: str) -> dict[str, str]:
    """The parts of ``text`` under each heading that starts with ``marker`` (``## ``)."""
    parts: dict[str, str] = {}
    title = None
    for line in text.splitlines():
        if line.startswith(marker):
            title = line[len(marker) :].strip()
            parts[title] = ""
        elif title is not None:
            parts[title] += line + "\n"
    return parts


def section(title: str) -> str:
    parts = split(DOC.read_text(encoding="utf-8"), "## ")
    assert title in parts, f"docs/protocol.md has no section '## {title}'"
    return parts[title]


def subsections(title: str) -> dict[str, str]:
    """The ``### `name` `` parts of a section, by name."""
    return {
        name.strip("`"): text
        for name, text in split(section(title), "### ").items()
        if name.startswith("`")
    }


def json_examples(text: str) -> list[str]:
    return re.findall(r"```json\n(.*?)```", text, re.DOTALL)


def table_rows(text: str) -> dict[str, str]:
    """Table rows by their first cell's backticked name: ``| `name` | … |``."""
    return {m.group(1): m.group(0) for m in re.finditer(r"^\| `([^`]+)` \|.*$", text, re.M)}


def sent_messages() -> dict[str, set[str]]:
    """The ``type`` of every message form the server sends, with its other keys."""
    return {
        get_args(get_type_hints(form)["type"])[0]: set(form.__required_keys__) - {"type"}
        for form in get_args(protocol.Sent)
    }


def http_error_codes() -> set[str]:
    """The codes of every ``ApiError(status, code, message)`` of the routes."""
    codes: set[str] = set()
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in SERVER.rglob("*.py")]
    for node in (node for tree in trees for node in ast.walk(tree)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ApiError":
            code = node.args[1]
            if isinstance(code, ast.Constant):
                assert isinstance(code.value, str), ast.dump(code)
                codes.add(code.value)
            else:
                assert isinstance(code, ast.Attribute), ast.dump(code)
                codes.add(getattr(protocol, code.attr))
    return codes


def test_every_client_message_type_has_a_section_with_examples_the_server_accepts() -> None:
    parts = subsections("Client messages")
    assert set(protocol.MESSAGE_TYPES) <= set(parts), "client message types without a section"
    for kind in protocol.MESSAGE_TYPES:
        examples = json_examples(parts[kind])
        assert examples, f"`{kind}` has no JSON example"
        for example in examples:
            assert protocol.parse_client(example.strip()).type == kind, example


def test_every_message_type_the_server_sends_has_a_section_with_an_example() -> None:
    sent = sent_messages()
    assert {"welcome", "error", "room", "events", "view", "ack", "pong"} <= set(sent)
    server = subsections("Server messages")
    kinds = set(sent)
    missing = kinds - set(server)
    assert not missing, f"server message types without a section: {sorted(missing)}"
    for kind in kinds:
        text = server[kind]
        assert json_examples(text), f"`{kind}` has no JSON example"
        for key in sent[kind]:
            assert f"`{key}`" in text or f'"{key}":' in text, f"`{kind}` lacks its key `{key}`"


def test_every_whole_server_example_fits_its_model() -> None:
    """The server messages' examples that are whole JSON (not shortened with …) are
    messages the models accept: every key present, none more, of its type."""
    checked = 0
    for kind, text in subsections("Server messages").items():
        for example in json_examples(text):
            try:
                message = json.loads(example)
            except json.JSONDecodeError:
                continue  # shortened with …
            assert message["type"] == kind, example
            protocol.SERVER_MESSAGES.validate_python(message)
            checked += 1
    assert checked >= 10


def test_every_error_code_is_in_the_tables() -> None:
    codes = {v for k, v in vars(protocol).items() if k.isupper() and isinstance(v, str)}
    assert "bad_message" in codes and "stale" in codes
    rows = table_rows(section("Error codes"))
    assert codes <= set(rows), f"error codes missing: {sorted(codes - set(rows))}"
    http = http_error_codes()
    assert "name_taken" in http
    table = split(section("HTTP endpoints"), "### ")["Errors over HTTP"]
    cells = set(re.findall(r"\| `([^`]+)` (?=\|)", table))  # the code is the 2nd column
    assert http <= cells, f"HTTP error codes missing: {sorted(http - cells)}"


def test_every_http_route_is_documented(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    app = create_app(f"sqlite+aiosqlite:///{tmp_path / 'zpy.db'}")
    routes = set()
    every = [
        inner
        for route in app.routes
        for inner in getattr(getattr(route, "original_router", None), "routes", [route])
    ]  # FastAPI keeps the routes of an included router in the router
    for route in every:
        assert isinstance(route, Route | WebSocketRoute | Mount), route  # each has a path
        methods = getattr(route, "methods", None) or {"GET"}  # a WebSocket opens with GET
        routes |= {f"`{method} {route.path}`" for method in methods if method != "HEAD"}
    assert "`POST /api/rooms`" in routes and "`GET /ws`" in routes
    missing = sorted(r for r in routes if r not in text)
    assert not missing, f"routes not in docs/protocol.md: {missing}"


def test_room_settings_with_their_defaults_and_limits() -> None:
    rows = table_rows(split(section("Rooms: settings and life cycle"), "### ")["Room settings"])
    for name, default in Settings().info().items():
        assert name in rows, f"room setting `{name}` is not in the table"
        field = RoomRequest.model_fields[name]
        cells = [cell.replace(" ", "") for cell in rows[name].split("|")]
        if isinstance(default, str):  # a choice: the default and every choice, quoted
            assert f'`"{default}"`' in cells, (name, default)
            choices = get_args(field.annotation)
            assert ",".join(f"`{c}`" for c in choices) in cells, (name, rows[name])
            continue
        limits = {type(m): m for m in field.metadata}
        assert str(default) in cells, (name, default)
        assert f"{limits[Ge].ge}…{limits[Le].le}" in cells, (name, rows[name])


def test_every_chat_phrase_is_listed_with_its_texts() -> None:
    rows = table_rows(section("Chat rules"))
    for phrase, texts in PHRASES.items():
        assert phrase in rows, f"phrase `{phrase}` is not listed"
        for text in dict(texts).values():
            assert isinstance(text, str) and text in rows[phrase], (phrase, text)

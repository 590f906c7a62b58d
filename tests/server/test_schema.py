"""`zpy schema`: the JSON Schema of the protocol, both directions, checked as an outside
tool would use it (the `jsonschema` library) against the real traffic of series of every
preset: every frame the server sent to players, a spectator and a lobby follower, every
frame the clients sent. (Every server test also checks what its clients receive against
the protocol's models the document is made from: conftest.py.)"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from zhaopengyou.bots import HeuristicBot
from zhaopengyou.server.app import create_app
from zhaopengyou.server.botclient import BotClient, create_room, guest

from .harness import Raw, api, running_server
from .test_rooms import FAST

ZPY = str(Path(sys.executable).parent / "zpy")
PRESETS = {"tractor": 4, "zhaopengyou": 5, "qidong": 5, "shandong": 4}


def printed_schema() -> dict[str, Any]:
    done = subprocess.run([ZPY, "schema"], capture_output=True, text=True, check=True)
    schema: dict[str, Any] = json.loads(done.stdout)
    return schema


def validator(schema: dict[str, Any], direction: str) -> Draft202012Validator:
    """A validator of one direction's messages, with the document's definitions."""
    part = {"$defs": schema["$defs"], **schema["properties"][direction]}
    Draft202012Validator.check_schema(part)
    return Draft202012Validator(part)


def test_zpy_schema_prints_both_directions_and_never_overwrites(tmp_path: Path) -> None:
    schema = printed_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert set(schema["properties"]) == {"client", "server", "http"}
    text = json.dumps(schema)
    for kind in ("hello", "action", "welcome", "view", "events", "round_over", "lobby_room"):
        assert f'"const": "{kind}"' in text, kind
    out = tmp_path / "protocol.json"
    out.write_text("mine")
    refused = subprocess.run([ZPY, "schema", "--out", str(out)], capture_output=True, text=True)
    assert refused.returncode == 2 and "--force" in refused.stderr
    assert out.read_text() == "mine"  # nothing is overwritten silently
    subprocess.run([ZPY, "schema", "--out", str(out), "--force"], check=True)
    assert json.loads(out.read_text()) == schema


class Tap:
    """The text of every frame a client sends and receives."""

    def __init__(self) -> None:
        self.received: list[str] = []
        self.sent: list[str] = []

    def wrap(self, ws: Any) -> None:
        recv, send = ws.recv, ws.send

        async def tapped_recv(*args: Any, **kwargs: Any) -> Any:
            text = await recv(*args, **kwargs)
            self.received.append(text)
            return text

        async def tapped_send(text: Any) -> None:
            self.sent.append(text)
            await send(text)

        ws.recv, ws.send = tapped_recv, tapped_send


@pytest.mark.anyio
@pytest.mark.parametrize("preset", sorted(PRESETS))
async def test_real_traffic_fits_the_printed_schema(sqlite_url: str, preset: str) -> None:
    schema = await asyncio.to_thread(printed_schema)
    server_messages, client_messages = validator(schema, "server"), validator(schema, "client")
    tap = Tap()
    async with running_server(sqlite_url) as base:
        follower_account = await guest(base)
        async with Raw(base) as follower:
            tap.wrap(follower.ws)
            await follower.hello(follower_account.token)
            await follower.send({"type": "lobby", "ref": "l"})
            await follower.until("lobby")
            await follower.send({"type": "action", "action": {"kind": "pass"}, "ref": "x"})
            assert (await follower.until("error"))["code"] == "no_room"
            players = PRESETS[preset]
            accounts = [await guest(base) for _ in range(players - 1)]
            room = await create_room(
                base, accounts[0].token, preset=preset, rounds=2, bots=[players - 1], **FAST
            )
            clients = [BotClient(base, a.token, HeuristicBot(i)) for i, a in enumerate(accounts)]
            for seat, client in enumerate(clients):
                await client.connect()
                tap.wrap(client._ws)
                await client.send({"type": "join", "room": room["id"], "seat": seat})
            await clients[0].send({"type": "chat", "text": "你好", "ref": "c"})
            await clients[0].send({"type": "hint", "ref": "h"})  # before the series: no action
            async with Raw(base) as spectator:
                tap.wrap(spectator.ws)
                await spectator.hello(follower_account.token)
                await spectator.send({"type": "watch", "room": room["id"], "ref": "w"})
                for client in clients:
                    await client.send({"type": "ready"})
                await asyncio.gather(
                    *(c.play(lambda m: m.get("type") == "series_over", 240) for c in clients)
                )
                await spectator.until("series_over", timeout=60)
            await follower.until("lobby_room_gone", timeout=30)
            for client in clients:
                await client.close()
    kinds = {json.loads(text)["type"] for text in tap.received}
    assert {"welcome", "room", "events", "view", "ack", "round_over", "series_over"} <= kinds
    assert {"lobby", "lobby_room", "lobby_room_gone", "chat", "error"} <= kinds
    for text in tap.received:
        errors = [e.message for e in server_messages.iter_errors(json.loads(text))]
        assert not errors, (errors[:3], text[:1500])
    for text in tap.sent:
        errors = [e.message for e in client_messages.iter_errors(json.loads(text))]
        assert not errors, (errors[:3], text[:1500])


def http_validator(schema: dict[str, Any], answer: str) -> Draft202012Validator:
    """A validator of one HTTP answer (``properties.http``, a ``$ref`` to each answer)."""
    answers = schema["$defs"][schema["properties"]["http"]["$ref"].split("/")[-1]]
    part = {"$defs": schema["$defs"], **answers["properties"][answer]}
    return Draft202012Validator(part)


@pytest.mark.anyio
async def test_every_http_answer_fits_the_printed_schema(sqlite_url: str) -> None:
    """Each endpoint's answer, a live and a finished room and a round's record included,
    as an outside client reads them against ``properties.http``."""
    schema = await asyncio.to_thread(printed_schema)
    answers: list[tuple[str, Any]] = []
    async with running_server(sqlite_url) as base:
        session = (await api(base, "POST", "/api/guest")).json()
        token = session["token"]
        answers.append(("session", session))
        registered = await api(
            base, "POST", "/api/register", json={"name": "Lin", "password": "x" * 8}
        )
        answers.append(("session", registered.json()))
        logged_in = await api(base, "POST", "/api/login", json={"name": "Lin", "password": "x" * 8})
        answers.append(("session", logged_in.json()))
        answers.append(("account", (await api(base, "GET", "/api/me", token)).json()))
        answers.append(("presets", (await api(base, "GET", "/api/presets")).json()))
        room = await create_room(base, token, preset="tractor", rounds=1, bots=[0, 1, 2, 3], **FAST)
        answers.append(("rooms", (await api(base, "GET", "/api/rooms")).json()))
        private = await api(
            base, "POST", "/api/rooms", token, json={"preset": "qidong", "private": True}
        )
        assert private.status_code == 201 and private.json()["room"]["invite_code"]
        answers.append(("created_room", private.json()))
        answers.append(("room", (await api(base, "GET", f"/api/rooms/{room['id']}")).json()))
        async with Raw(base) as follower:  # the bots' series, to its end
            await follower.hello(token)
            await follower.send({"type": "lobby"})
            await follower.until("lobby_room_gone", timeout=120, id=room["id"])
        finished = (await api(base, "GET", f"/api/rooms/{room['id']}?lang=en")).json()
        assert finished["room"]["status"] == "finished" and finished["result"]["winners"]
        answers.append(("room", finished))
        record = await api(base, "GET", f"/api/rounds/{finished['rounds'][0]['id']}/record")
        answers.append(("record", record.json()))
        answers.append(("leaderboard", (await api(base, "GET", "/api/leaderboard")).json()))
        answers.append(("profile", (await api(base, "GET", "/api/accounts/Lin")).json()))
        answers.append(("history", (await api(base, "GET", "/api/accounts/Lin/history")).json()))
        answers.append(("logged_out", (await api(base, "POST", "/api/logout", token)).json()))
        for refused in (
            await api(base, "GET", "/api/rooms/nope1234"),
            await api(base, "GET", "/api/leaderboard?limit=0"),
            await api(base, "GET", "/api/me", "not a token"),
        ):
            assert refused.status_code in (400, 401, 404)
            answers.append(("error", refused.json()))
    for answer, body in answers:
        errors = [e.message for e in http_validator(schema, answer).iter_errors(body)]
        assert not errors, (answer, errors[:3], json.dumps(body)[:1500])


def test_openapi_documents_every_answer() -> None:
    """Every route of /openapi.json names the model of its answer and of its refusals
    (400, not FastAPI's 422, for a request that does not fit)."""
    document = create_app("sqlite+aiosqlite:///:memory:").openapi()
    routes = 0
    for path, methods in document["paths"].items():
        for method, route in methods.items():
            routes += 1
            where = f"{method.upper()} {path}"
            answers = route["responses"]
            assert "422" not in answers, where
            ok = answers.get("201") or answers["200"]
            if path != "/metrics":  # Prometheus text
                assert "$ref" in ok["content"]["application/json"]["schema"], where
            refusal = "Health" if path == "/healthz" else "ErrorBody"
            for status, answer in answers.items():
                if status[0] in "45":
                    schema = answer["content"]["application/json"]["schema"]
                    assert schema == {"$ref": f"#/components/schemas/{refusal}"}, (where, status)
    assert routes >= 14
    assert "400" in document["paths"]["/api/rooms"]["post"]["responses"]

"""Random and malformed messages from many clients at once: every one is answered, no
room task dies, and every room still plays its series to the end with a valid state."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from zhaopengyou.engine import Round
from zhaopengyou.server.botclient import create_room, guest

from .harness import Raw, api, running_app

KINDS = [
    "hello",
    "lobby",
    "join",
    "watch",
    "leave",
    "ready",
    "add_bot",
    "action",
    "trustee",
    "chat",
    "resync",
    "ping",
    "nonsense",
    None,
    5,
]
ACTION_KINDS = ["bid", "pass", "bury", "call_friend", "play", "give_back", "swap", "x", None]
CARDS = ["AS", "10H", "LJ", "BJ", "2C", "KD", "ZZ", 7, None, ""]


def junk(rng: random.Random) -> Any:
    return rng.choice(
        [
            None,
            True,
            -1,
            10**20,
            "",
            "x" * rng.randrange(300),
            [],
            {},
            [1, [2]],
            {"a": {"b": None}},
            3.5,
            "😀",
        ]
    )


def random_message(rng: random.Random, rooms: list[str]) -> str | bytes:
    roll = rng.random()
    if roll < 0.05:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 50)))
    if roll < 0.1:
        return "".join(rng.choice('{}[]\\":,ab1') for _ in range(rng.randrange(1, 40)))
    message: dict[str, Any] = {"type": rng.choice(KINDS)}
    if rng.random() < 0.7:
        message["room"] = rng.choice([*rooms, "nope", junk(rng)])
    for key in (
        "seat",
        "ready",
        "on",
        "text",
        "phrase",
        "since",
        "ref",
        "round",
        "code",
        "version",
        "token",
        "remove",
        "follow",
    ):
        if rng.random() < 0.15:
            message[key] = junk(rng) if rng.random() < 0.5 else rng.randrange(-1, 6)
    if rng.random() < 0.5:
        action: dict[str, Any] = {"kind": rng.choice(ACTION_KINDS)}
        if rng.random() < 0.8:
            action["cards"] = [rng.choice(CARDS) for _ in range(rng.randrange(0, 6))]
        if rng.random() < 0.2:
            action["units"] = junk(rng)
        message["action"] = action if rng.random() < 0.9 else junk(rng)
    return json.dumps(message)


@pytest.mark.anyio
async def test_random_and_malformed_messages_from_many_clients(sqlite_url: str) -> None:
    async with running_app(sqlite_url) as (base, app):
        owner = await guest(base)
        rooms = []
        for preset, bots in (
            ("tractor", [0, 1, 2]),
            ("qidong", [0, 1, 2, 3]),
            ("shandong", [0, 1, 2]),
        ):
            room = await create_room(
                base,
                owner.token,
                preset=preset,
                rounds=1,
                bots=bots,
                deal_ms=1,
                bot_ms=2,
                bot_level="easy",
                between_ms=0,
                turn_seconds=0.2,
            )
            rooms.append(room["id"])

        async def fuzzer(index: int) -> int:
            rng = random.Random(index)
            account = await guest(base)
            async with Raw(base) as raw:
                await raw.hello(account.token)
                if index % 2 == 0:  # half of them sit down in the free seats
                    await raw.send({"type": "join", "room": rooms[index % 3]})
                    await raw.send({"type": "ready"})
                for _ in range(150):
                    await raw.send(random_message(rng, rooms))
                    if rng.random() < 0.3:
                        await asyncio.sleep(0.01)
                await asyncio.sleep(3.5)  # the rate limit refills (refused messages were answered)
                await raw.send({"type": "ping", "ref": "last"})
                answered = 0
                while True:  # every message got through: the last one is answered
                    message = await raw.next(timeout=30)
                    answered += 1
                    if message.get("type") == "pong" and message.get("ref") == "last":
                        return answered

        live = dict(app.state.node.hub.rooms)
        answers = await asyncio.gather(*(fuzzer(i) for i in range(12)))
        assert all(n > 0 for n in answers)
        hub = app.state.node.hub
        tables = [live[r] for r in rooms]
        for _ in range(600):  # the rooms play on, the bots (and 托管) finishing the series
            if all(room.status == "finished" for room in tables):
                break
            for room in tables:
                if room.status == "finished":
                    continue  # its task has ended, as it should
                assert room._task is not None and not room._task.done(), room.id
                if room.round is not None:  # its state is always a valid round
                    Round.from_json(room.round.to_json())
            await asyncio.sleep(0.1)
        assert [room.status for room in tables] == ["finished"] * 3
        assert not set(rooms) & set(hub.rooms)  # a finished room leaves the server's memory
        health = (await api(base, "GET", "/healthz")).json()
        assert health["status"] == "ok" and not set(rooms) & set(health["rooms"])

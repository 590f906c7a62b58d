"""The gateway's bookkeeping for one connection: each event number reaches the client
once and in order, whatever the way between processes did to the messages (repeated,
cut short, late, from a round already over), and a gap asks the room again."""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
import pytest
from starlette.websockets import WebSocketState

from zhaopengyou.server import protocol as p
from zhaopengyou.server.botclient import create_room, guest
from zhaopengyou.server.gateway import Connection

from .harness import Raw, running_server


class Socket:
    """The WebSocket end the connection writes to."""

    client_state = WebSocketState.CONNECTED

    def __init__(self) -> None:
        self.frames: list[dict[str, Any]] = []

    async def send_text(self, text: str) -> None:
        self.frames.append(orjson.loads(text))

    async def close(self) -> None:
        self.client_state = WebSocketState.DISCONNECTED


def events(number: int, *seqs: int) -> p.Events:
    passes = [{"kind": "pass", "seat": 0, "seq": s} for s in seqs]
    return p.Events(type="events", round=number, events=passes)


async def drained(conn: Connection, socket: Socket) -> list[Any]:
    for _ in range(100):
        await asyncio.sleep(0)
    conn.close()
    await conn._sender
    return [
        (f["round"], [e["seq"] for e in f["events"]]) if f["type"] == "events" else f["type"]
        for f in socket.frames
    ]


@pytest.mark.anyio
async def test_events_reach_the_client_once_and_in_order() -> None:
    socket = Socket()
    asked: list[tuple[int, int] | None] = []
    conn = Connection(socket, {"id": 1}, "en", 1, lambda c: asked.append(c.since))  # type: ignore[arg-type]
    conn.send(events(1, 1, 2))
    conn.send(events(1, 1, 2))  # repeated on the way: dropped
    conn.send_text(*p.packed(events(1, 2, 3, 4)))
    conn.send(p.Ack(type="ack", ref=None))
    conn.send(events(1, 7, 8))  # 5 and 6 are missing: the room is asked again
    assert asked == [(1, 4)]
    conn.send(events(1, 9))  # still missing: not asked again at once
    assert asked == [(1, 4)]
    conn.send(events(1, 5, 6, 7, 8, 9))  # what the room sent again
    conn.send(events(2, 1))  # a new round starts at 1
    conn.send(events(1, 10))  # late news of a round over: dropped
    assert await drained(conn, socket) == [
        (1, [1, 2]),
        (1, [3, 4]),
        "ack",
        (1, [5, 6, 7, 8, 9]),
        (2, [1]),
    ]


@pytest.mark.anyio
async def test_answers_and_rooms_are_tracked() -> None:
    socket = Socket()
    conn = Connection(socket, {"id": 1}, "en", 1, lambda c: None)  # type: ignore[arg-type]
    conn.room_id = "r"
    conn.outstanding = {"a1": "action", "a2": "ping"}
    conn.send(p.Ack(type="ack", ref="a1"))
    assert conn.outstanding == {"a2": "ping"}
    conn.joined("other", True)  # not its room: nothing changes
    assert not conn.playing
    conn.joined("r", True)
    assert conn.playing
    conn.left("other")
    assert conn.room_id == "r"
    conn.left("r")
    assert conn.room_id is None and not conn.playing and conn.outstanding == {}
    assert await drained(conn, socket) == ["ack"]


@pytest.mark.anyio
async def test_a_resync_never_repeats_what_the_connection_was_sent(sqlite_url: str) -> None:
    """A client names the last event it has read, which lags what is already on its way
    to it; a ``resync`` (or a ``join`` again) on the same connection brings only events
    this connection was not sent, so no event number comes twice."""
    async with running_server(sqlite_url) as base:
        me = await guest(base)
        room = await create_room(
            base, me.token, preset="tractor", rounds=1, bots=[1, 2, 3],
            deal_ms=0, bot_ms=0, between_ms=0, turn_seconds=600,
        )  # fmt: skip
        async with Raw(base) as raw:
            await raw.hello(me.token)
            await raw.send({"type": "join", "room": room["id"], "seat": 0})
            await raw.send({"type": "ready"})
            # After the deal the table waits for this seat's decision (its clock: 600 s).
            view = await raw.until("view", timeout=30)
            while not view["view"]["may"] or view["view"]["phase"] == "deal":
                view = await raw.until("view", timeout=30)
            last = view["seq"]
            early = {"round": 1, "seq": last - 3}
            asked = [
                {"type": "resync", "since": early, "ref": "lagging"},
                {"type": "resync", "since": None, "ref": "nothing"},
                {"type": "join", "room": room["id"], "since": early, "ref": "again"},
            ]
            for message in asked:
                await raw.send(message)
                await raw.until("view", timeout=30)
            numbers = [e["seq"] for m in raw.received if m["type"] == "events" for e in m["events"]]
            assert numbers == list(range(1, last + 1))

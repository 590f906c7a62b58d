"""The transport between processes over a real Redis: items for one process arrive in
order, broadcasts reach every other process, a prefix keeps clusters apart, the lobby's
cards are kept for processes that start later, and a process whose Redis connections
were killed reconnects and says so (its messages may have been lost meanwhile)."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Any

import pytest
import redis

from zhaopengyou.server.transport import Transport, forget


class Process:
    """A transport and what it received."""

    def __init__(self, url: str, prefix: str, name: str) -> None:
        self.items: list[tuple[str, list[Any]]] = []
        self.reconnects = 0
        self.transport = Transport(url, prefix, name, self._item, self._reconnect)

    def _item(self, sender: str, item: list[Any]) -> None:
        self.items.append((sender, item))

    def _reconnect(self) -> None:
        self.reconnects += 1


async def until(condition: Callable[[], bool], timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.01)


@pytest.mark.anyio
async def test_items_in_order_broadcasts_to_others_and_prefixes_apart(redis_url: str) -> None:
    prefix = f"t{secrets.token_hex(4)}"
    a, b = Process(redis_url, prefix, "a"), Process(redis_url, prefix, "b")
    stranger = Process(redis_url, f"other{prefix}", "b")  # same name, another cluster
    for process in (a, b, stranger):
        await process.transport.start()
    try:
        for n in range(300):
            a.transport.send("b", ["m", n])
        a.transport.broadcast(["o", "room", "a", 1])
        await until(lambda: len(b.items) == 301)
        assert b.items[:300] == [("a", ["m", n]) for n in range(300)]
        assert b.items[300] == ("a", ["o", "room", "a", 1])
        await asyncio.sleep(0.2)
        assert a.items == [] and stranger.items == []  # not its own broadcast, not the others'
        a.transport.save_card("r1", {"id": "r1", "status": "open"})
        await until(lambda: not a.transport._outgoing and not a.transport._cards_out)
        assert await b.transport.cards() == [{"id": "r1", "status": "open"}]
        assert await stranger.transport.cards() == []
        a.transport.save_card("r1", None)
        await a.transport.close()  # sends what is queued before it stops
        assert await b.transport.cards() == []
        assert await b.transport.check() == "ok"
    finally:
        for process in (b, stranger):
            await process.transport.close()
    # A cluster gone for good leaves nothing behind, and another one's keys stay.
    keys = redis.Redis.from_url(redis_url)
    keys.set(f"{prefix}x:kept", 1)  # another cluster's, whose prefix starts the same
    assert await forget(redis_url, prefix) == 2  # the broadcast stream and b's inbox
    assert keys.keys(f"{prefix}*") == [f"{prefix}x:kept".encode()]
    keys.delete(f"{prefix}x:kept")
    keys.close()


@pytest.mark.anyio
async def test_a_process_reconnects_after_its_connections_are_killed(own_redis: Any) -> None:
    a, b = Process(own_redis.url, "p", "a"), Process(own_redis.url, "p", "b")
    await a.transport.start()
    await b.transport.start()
    try:
        a.transport.send("b", ["m", 1])
        await until(lambda: len(b.items) == 1)
        own_redis.client.execute_command("CLIENT KILL TYPE normal")
        await until(lambda: a.reconnects == 1 and b.reconnects == 1)
        a.transport.send("b", ["m", 2])
        await until(lambda: len(b.items) == 2)
        own_redis.restart()  # an empty Redis: the streams start again
        await until(lambda: b.reconnects == 2)
        assert (await b.transport.check()) == "ok"
        a.transport.send("b", ["m", 3])
        await until(lambda: len(b.items) == 3)
        assert [item for _, item in b.items] == [["m", 1], ["m", 2], ["m", 3]]
    finally:
        await a.transport.close()
        await b.transport.close()

"""Messages between the processes of a card room, over Redis streams.

Each process reads one inbox stream (``PREFIX:inbox:PROCESS``: commands for the rooms
it runs, and messages for the connections it holds) and the cluster's broadcast stream
(``PREFIX:broadcast``: which process runs which room, lobby changes); the lobby's cards
are also kept in a hash (``PREFIX:rooms``) for a process that starts. Streams, not
pub/sub: a stream keeps its entries in order and a reader whose connection dropped
goes on from the last entry it read, so a Redis hiccup loses nothing; an inbox is
trimmed to its newest entries and expires when nobody writes to it (a dead process's).

Everything a process sends in one turn of its event loop goes out in one pipeline:
one entry per destination, holding every item for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any, cast

import orjson
import redis.asyncio as aioredis
from redis.exceptions import RedisError
from redis.typing import EncodableT, FieldT, KeyT, StreamIdT

from .metrics import METRICS

log = logging.getLogger("zhaopengyou.server")

INBOX_LENGTH = 10_000  # entries an inbox keeps (a frozen process's backlog is cut there)
BROADCAST_LENGTH = 10_000
INBOX_SECONDS = 60  # an inbox nobody writes to for this long is gone
BLOCK_MS = 1000
BACKLOG = 200_000  # items waiting while Redis is away; older ones are dropped beyond
LINGER = 0.002  # seconds a send waits for more to go in the same round trip


class Transport:
    """One process's Redis connection to the others.

    ``on_item(sender, item)`` gets every item sent to this process or broadcast by
    another one; ``on_reconnect()`` is called when Redis answers again after a failure
    (items may have been lost meanwhile)."""

    def __init__(
        self,
        url: str,
        prefix: str,
        process: str,
        on_item: Callable[[str, list[Any]], None],
        on_reconnect: Callable[[], None],
    ) -> None:
        self.url = url
        self.prefix = prefix
        self.process = process
        self._on_item = on_item
        self._on_reconnect = on_reconnect
        self._inbox = self.inbox(process)
        self._broadcast = f"{prefix}:broadcast"
        self._cards = f"{prefix}:rooms"
        self._redis = aioredis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        self._reader = aioredis.from_url(
            url, socket_timeout=BLOCK_MS / 1000 + 5, socket_connect_timeout=5
        )
        self._outgoing: dict[str, list[list[Any]]] = {}
        self._cards_out: dict[str, bytes | None] = {}
        self._queued = 0
        self._wake = asyncio.Event()
        self._writing = False
        self._expiry_set: dict[str, float] = {}
        self._sent: dict[str, Any] = {}  # the counter of each kind of item sent
        self._received: dict[str, Any] = {}
        self._tasks: list[asyncio.Task[None]] = []

    def inbox(self, process: str) -> str:
        return f"{self.prefix}:inbox:{process}"

    # --- life -----------------------------------------------------------------------------

    async def start(self) -> None:
        """Connect, and read from the broadcast stream's current end."""
        await self._redis.ping()
        newest = await self._redis.xrevrange(self._broadcast, count=1)
        last_id = cast(bytes, newest[0][0]) if newest else b"0-0"  # redis-py types it loosely
        start: dict[KeyT, StreamIdT] = {self._inbox: b"0-0", self._broadcast: last_id}
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._read_forever(start), name="transport reader"),
            loop.create_task(self._flush_forever(), name="transport writer"),
        ]

    async def close(self) -> None:
        """Send what is queued (briefly), then stop."""
        for _ in range(50):
            idle = not (self._outgoing or self._cards_out or self._writing)
            if idle and not self._wake.is_set():
                break
            await asyncio.sleep(0.02)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self._redis.aclose()
        await self._reader.aclose()

    async def check(self) -> str:
        """ "ok", or why Redis does not answer."""
        try:
            await asyncio.wait_for(self._redis.ping(), 5)
        except (RedisError, OSError, TimeoutError) as err:
            return f"{type(err).__name__}: {err}"
        return "ok"

    async def cards(self) -> list[dict[str, Any]]:
        """The lobby's cards as the room owners last saved them."""
        saved = await self._redis.hgetall(self._cards)
        return [orjson.loads(card) for card in saved.values()]

    # --- sending ----------------------------------------------------------------------------

    def send(self, process: str, item: list[Any]) -> None:
        """An item for one process (it arrives after every earlier item for it)."""
        self._queue(self.inbox(process), item)

    def deliver(self, process: str, conn_id: int, text: str, meta: Any) -> None:
        """A serialized message for a connection of ``process``; the same message for
        several of its connections in a row travels once."""
        items = self._outgoing.get(self.inbox(process))
        if items and items[-1][0] == "m" and items[-1][2] is text:
            items[-1][1].append(conn_id)
            return
        self.send(process, ["m", [conn_id], text, meta])

    def broadcast(self, item: list[Any]) -> None:
        """An item for every other process."""
        self._queue(self._broadcast, item)

    def save_card(self, room_id: str, card: dict[str, Any] | None) -> None:
        """Keep a room's lobby card for processes that start later (None: forget it)."""
        self._cards_out[room_id] = None if card is None else orjson.dumps(card)
        self._wake.set()

    def _queue(self, stream: str, item: list[Any]) -> None:
        kind = item[0]
        counter = self._sent.get(kind)
        if counter is None:
            counter = self._sent[kind] = METRICS.sent.labels(kind)
        counter.inc()
        self._outgoing.setdefault(stream, []).append(item)
        self._queued += 1
        if self._queued > BACKLOG:  # Redis is away for long: the oldest go first
            oldest = next(iter(self._outgoing))
            self._queued -= len(self._outgoing.pop(oldest))
            log.warning("transport backlog full: dropped the items for %s", oldest)
        self._wake.set()

    async def _flush_forever(self) -> None:
        delay = 0.05
        while True:
            await self._wake.wait()
            await asyncio.sleep(LINGER)  # what comes meanwhile goes in the same round trip
            self._wake.clear()
            outgoing, self._outgoing, self._queued = self._outgoing, {}, 0
            cards, self._cards_out = self._cards_out, {}
            self._writing = True
            while True:
                try:
                    await self._write(outgoing, cards)
                    break
                except (RedisError, OSError) as err:
                    METRICS.redis_errors.inc()
                    log.warning("Redis write failed (%s); trying again", err)
                    await asyncio.sleep(delay)
                    delay = min(1.0, delay * 2)
            self._writing = False
            delay = 0.05

    async def _write(
        self, outgoing: dict[str, list[list[Any]]], cards: dict[str, bytes | None]
    ) -> None:
        pipe = self._redis.pipeline(transaction=False)
        for stream, items in outgoing.items():
            entry: dict[FieldT, EncodableT] = {"f": self.process, "d": orjson.dumps(items)}
            if stream == self._broadcast:
                pipe.xadd(stream, entry, maxlen=BROADCAST_LENGTH, approximate=True)
            else:
                pipe.xadd(stream, entry, maxlen=INBOX_LENGTH, approximate=True)
                now = time.monotonic()
                if now - self._expiry_set.get(stream, -INBOX_SECONDS) > INBOX_SECONDS / 10:
                    self._expiry_set[stream] = now  # a dead process's inbox goes away
                    pipe.expire(stream, INBOX_SECONDS)
        for room_id, card in cards.items():
            if card is None:
                pipe.hdel(self._cards, room_id)
            else:
                pipe.hset(self._cards, room_id, card)
        await pipe.execute()

    # --- receiving --------------------------------------------------------------------------

    async def _read_forever(self, last: dict[KeyT, StreamIdT]) -> None:
        delay = 0.05
        failed = False
        while True:
            try:
                answer = await self._reader.xread(last, count=500, block=BLOCK_MS)
            except (RedisError, OSError) as err:
                METRICS.redis_errors.inc()
                if not failed:
                    log.warning("Redis read failed (%s); reconnecting", err)
                failed = True
                await asyncio.sleep(delay)
                delay = min(1.0, delay * 2)
                continue
            if failed:
                failed, delay = False, 0.05
                log.warning("Redis is back: resynchronising")
                self._on_reconnect()
            for stream, entries in _streams(answer):
                for entry_id, fields in entries:
                    last[stream.decode()] = entry_id
                    sender = fields[b"f"].decode()
                    if sender == self.process:
                        continue  # its own broadcast
                    for item in orjson.loads(fields[b"d"]):
                        counter = self._received.get(item[0])
                        if counter is None:
                            counter = self._received[item[0]] = METRICS.received.labels(item[0])
                        counter.inc()
                        try:
                            self._on_item(sender, item)
                        except Exception:
                            log.exception("could not handle %r from %s", item[0], sender)


def _streams(answer: Any) -> list[tuple[Any, list[tuple[bytes, dict[bytes, bytes]]]]]:
    """XREAD's answer (RESP2) as (stream, entries) pairs."""
    return [(stream, entries) for stream, entries in answer or []]


async def forget(url: str, prefix: str) -> int:
    """Delete every key of the cluster ``prefix`` (its streams and lobby cards): for a
    cluster that is gone for good, such as a test's or a benchmark's; returns how many."""
    client = aioredis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
    try:
        keys = [key async for key in client.scan_iter(match=f"{prefix}:*", count=1000)]
        return int(await client.delete(*keys)) if keys else 0
    finally:
        await client.aclose()

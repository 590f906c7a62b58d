"""A WebSocket client that plays a seat with a bot: for tests, the load benchmark, and
anyone who wants to put a program at a table of a running server.

It speaks the protocol of docs/protocol.md like any client: hello, join, then it
answers each ``view`` that offers its seat something to do. Only its own view reaches
the bot, rebuilt with ``View.from_dict``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
import websockets

from ..bots import HeuristicBot
from ..bots.base import Agent
from ..engine import Phase, View
from .protocol import RateLimit


@dataclass
class Account:
    token: str
    account: dict[str, Any]


async def guest(base: str, http: httpx.AsyncClient | None = None) -> Account:
    """A new guest account on the server at ``base`` (``http://host:port``)."""
    async with _http(http) as client:
        reply = await client.post(f"{base}/api/guest")
        reply.raise_for_status()
        data = reply.json()
    return Account(data["token"], data["account"])


async def create_room(
    base: str, token: str, http: httpx.AsyncClient | None = None, **request: Any
) -> dict[str, Any]:
    """A new room (``POST /api/rooms``) made by the account of ``token``."""
    async with _http(http) as client:
        reply = await client.post(
            f"{base}/api/rooms", json=request, headers={"Authorization": f"Bearer {token}"}
        )
        reply.raise_for_status()
        room: dict[str, Any] = reply.json()["room"]
    return room


@contextlib.asynccontextmanager
async def _http(http: httpx.AsyncClient | None) -> AsyncIterator[httpx.AsyncClient]:
    """The caller's HTTP client (many calls share its connections), else a new one."""
    if http is not None:
        yield http
        return
    async with httpx.AsyncClient(timeout=30) as client:
        yield client


@dataclass
class BotClient:
    """One connection playing one seat with ``agent`` (default: a HeuristicBot)."""

    base: str
    token: str
    agent: Agent = field(default_factory=HeuristicBot)
    lang: str = "en"
    keep: bool = True  # keep every message received (tests look at them; a load test not)
    received: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    acked_at: list[float] = field(default_factory=list)  # when each latency was measured
    seat: int | None = None
    on_message: Callable[[dict[str, Any]], None] | None = None
    seen: dict[int, list[int]] = field(default_factory=dict)  # round → event numbers
    acked: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (round, action)
    _ws: Any = None
    _pending: dict[str, tuple[float, int, dict[str, Any]]] = field(default_factory=dict)
    _counter: int = 0
    _acted_on: tuple[int, int] | None = None
    _tricks: list[dict[str, Any]] = field(default_factory=list)
    _rate: RateLimit = field(default_factory=RateLimit)

    @property
    def url(self) -> str:
        return self.base.replace("http", "ws", 1) + "/ws"

    async def connect(self) -> dict[str, Any]:
        self._ws = await websockets.connect(
            self.url, max_size=2**22, max_queue=None, compression=None
        )
        await self.send({"type": "hello", "version": 1, "token": self.token, "lang": self.lang})
        welcome = await self.receive()
        if welcome.get("type") != "welcome":
            raise RuntimeError(f"no welcome: {welcome}")
        return welcome

    async def send(self, message: dict[str, Any]) -> None:
        """Send a message, keeping to the server's rate limit."""
        delay = self._rate.wait()
        if delay:
            await asyncio.sleep(delay)
        self._rate.allow()
        await self._ws.send(orjson.dumps(message).decode())

    async def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = orjson.loads(await self._ws.recv())
        if self.keep:
            self.received.append(message)
        if self.on_message is not None:
            self.on_message(message)
        return message

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()

    async def play(self, until: Callable[[dict[str, Any]], bool], timeout: float = 120.0) -> None:
        """Answer the server until ``until(message)`` holds for a received message."""
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("the game did not get there in time")
            message = await asyncio.wait_for(self.receive(), remaining)
            await self.handle(message)
            if until(message):
                return

    async def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "room" and message.get("you"):
            self.seat = message["you"]["seat"]
        elif kind == "error":
            self.errors.append(message)
            if self._pending.pop(str(message.get("ref")), None) is not None:
                self._acted_on = None  # not taken: act on the next view
                if message.get("code") != "moved":  # after `moved` the room sends one itself
                    # The view it answered was out of date: look again, for nothing else
                    # may come while the table waits for this seat.
                    await self.send({"type": "resync", "since": self._since()})
        elif kind == "ack":
            sent = self._pending.pop(str(message.get("ref")), None)
            if sent is not None:
                self.latencies.append(time.monotonic() - sent[0])
                self.acked_at.append(time.monotonic())
                self.acked.append((sent[1], sent[2]))
        elif kind == "events":
            self.seen.setdefault(message["round"], []).extend(e["seq"] for e in message["events"])
        elif kind == "view":
            self._merge_tricks(message)
            await self._act(message)

    def _merge_tricks(self, message: dict[str, Any]) -> None:
        """A view carries only the finished tricks this client lacks (``tricks_from``)."""
        view = message["view"]
        start = message.get("tricks_from", 0)
        if start:
            view["tricks"] = self._tricks[:start] + view["tricks"]
        self._tricks = view["tricks"]

    async def _act(self, message: dict[str, Any]) -> None:
        data = message["view"]
        if not data["may"]:
            return
        key = (message["round"], message["seq"])
        if key == self._acted_on:
            return
        view = View.from_dict(data)
        action = self.agent.act(view)
        if action is None:
            if view.phase is Phase.DEAL:
                return
            raise RuntimeError(f"the bot had no answer in phase {view.phase}")
        self._acted_on = key
        self._counter += 1
        ref = str(self._counter)
        self._pending[ref] = (time.monotonic(), message["round"], action.to_dict())
        await self.send(
            {"type": "action", "action": action.to_dict(), "ref": ref, "round": message["round"]}
        )

    async def rejoin(self, room: str) -> None:
        """Connect again and take the seat back, saying which events were seen."""
        self._pending.clear()  # unanswered actions may be lost: the next view asks again
        self._acted_on = None
        await self.connect()
        await self.send({"type": "join", "room": room, "since": self._since()})

    def _since(self) -> dict[str, int] | None:
        """The last event this client saw (a round and an event number), if any."""
        if not self.seen:
            return None
        number = max(self.seen)
        return {"round": number, "seq": max(self.seen[number], default=0)}

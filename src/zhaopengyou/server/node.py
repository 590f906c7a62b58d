"""This process in the card room: its rooms, its connections, the lobby, the leases and
the transport to the other processes, put together.

Without Redis the process is the whole card room (every room is its own, as ``zpy serve``
always was). With Redis (``--redis``) every process started on the same PostgreSQL
database and Redis prefix is part of one card room: any process serves any client,
each room is run by the one process that holds its lease, and a room whose owner stops
renewing is taken over by another (docs/scaling.md).
"""

from __future__ import annotations

import gc
import os
import secrets
import socket
from dataclasses import dataclass, field
from typing import Any

from . import logs
from . import protocol as p
from .db import database_url, make_engine, migrate, ping
from .gateway import Connection, Gateway
from .hub import Hub
from .leases import LeaseKeeper
from .lobby import Card, Lobby
from .metrics import METRICS
from .room import Client, Gone
from .store import Store
from .transport import Transport


def new_process_id() -> str:
    """A name for this process, unique in the cluster (host, pid and a random part)."""
    return f"{socket.gethostname()[:40]}-{os.getpid()}-{secrets.token_hex(2)}"


@dataclass(frozen=True)
class NodeConfig:
    database: str | None = None  # a SQLAlchemy URL (default: SQLite in ./data)
    redis: str | None = None  # a Redis URL: join the cluster of that database and Redis
    prefix: str = "zpy"  # of every Redis key: clusters sharing a Redis do not hear each other
    lease: float = 3.0  # seconds a room's lease lasts unless renewed
    process: str = field(default_factory=new_process_id)


class RemoteClient:
    """A connection held by another process, as the rooms of this one see it."""

    def __init__(
        self, transport: Transport, gateway: str, conn_id: int, account: dict[str, Any], lang: str
    ) -> None:
        self.transport = transport
        self.gateway = gateway
        self.conn_id = conn_id
        self.account = account
        self.lang = lang
        self.rooms: set[str] = set()

    def send(self, message: p.Sent) -> None:
        self.send_text(*p.packed(message))

    def send_text(self, text: str, meta: p.Meta) -> None:
        self.transport.deliver(self.gateway, self.conn_id, text, meta)

    def joined(self, room_id: str, playing: bool) -> None:
        self.rooms.add(room_id)
        self.transport.send(self.gateway, ["j", self.conn_id, room_id, playing])

    def left(self, room_id: str) -> None:
        self.rooms.discard(room_id)
        self.transport.send(self.gateway, ["l", self.conn_id, room_id])


class Node:
    """This process: store, leases, hub, lobby, gateway and (in a cluster) transport."""

    def __init__(self, config: NodeConfig) -> None:
        self.config = config
        self.process = config.process
        self.url = database_url(config.database)
        idle = None if config.redis is None else config.lease
        self.store = Store(make_engine(self.url, idle_in_transaction=idle), fenced=idle is not None)
        if config.redis is not None and not self.store.postgres:
            raise ValueError(
                "--redis needs a PostgreSQL database (--db postgresql+asyncpg://…): "
                "the processes of a cluster share it, and SQLite is one process's file"
            )
        self.transport = (
            None
            if config.redis is None
            else Transport(config.redis, config.prefix, self.process, self._on_item, self._resync)
        )
        self.lobby = Lobby()
        self.keeper = LeaseKeeper(
            self.store,
            self.process,
            None if self.transport is None else config.lease,
            adopt=self._adopt,
            lost=self._lost,
            alive=self._alive,
        )
        self.hub = Hub(
            self.store,
            self.keeper,
            place=self._place,
            hand_over=self._hand_over,
            announce=self._announce,
            publish=self._publish,
            bounce=self._bounce,
        )
        clustered = self.transport is not None
        self.gateway = Gateway(
            self.process,
            self.hub,
            self.lobby,
            locate=self.store.locate if clustered else None,
            forward=self._forward if clustered else None,
            gone=self._gone if clustered else None,
        )
        self._remote: dict[tuple[str, int], RemoteClient] = {}

    @property
    def clustered(self) -> bool:
        return self.transport is not None

    async def start(self) -> None:
        logs.PROCESS = self.process
        await migrate(self.store.engine)
        self.store.start()
        if self.transport is not None:
            await self.transport.start()
            for card in await self.transport.cards():
                self.lobby.update(card)
        await self.keeper.start()
        # What was made to start (modules, the rooms rebuilt) lives as long as the process:
        # the collector need not look at it again.
        gc.freeze()
        logs.event(
            "server_started",
            database=self.store.engine.url.render_as_string(),
            redis=self.config.redis,
            rooms=len(self.hub.rooms),
        )

    async def stop(self) -> None:
        """Stop cleanly: the rooms stop, their writes are committed, and their leases
        are given back for other processes to take at once."""
        await self.keeper.stop()
        await self.gateway.close()
        await self.hub.close()
        await self.keeper.release()
        if self.transport is not None:
            await self.transport.close()
        await self.store.close()
        logs.event("server_stopped")

    async def health(self) -> p.Health:
        """``/healthz``: this process, its rooms and connections, and its services."""
        database = await ping(self.store.engine)
        redis = None if self.transport is None else await self.transport.check()
        ok = database == "ok" and redis in (None, "ok")
        return p.Health(
            status="ok" if ok else "unavailable",
            process=self.process,
            rooms=sorted(self.hub.rooms),
            connections=len(self.gateway.connections),
            database=database,
            redis=redis,
        )

    # --- what the hub and the gateway ask of the cluster -----------------------------------

    async def _place(self) -> str:
        if self.transport is None:
            return self.process
        return await self.store.place() or self.process

    async def _adopt(self, room_id: str, lease: Any) -> None:
        await self.hub.adopt(room_id, lease)

    def _lost(self, room_id: str) -> None:
        self.hub.lost(room_id)

    def _hand_over(self, process: str, room_id: str) -> None:
        if self.transport is not None:
            self.transport.send(process, ["a", room_id])

    def _announce(self, room_id: str, epoch: int) -> None:
        self.gateway.relocated(room_id, self.process, epoch)
        if self.transport is not None:
            self.transport.broadcast(["o", room_id, self.process, epoch])

    def _publish(self, card: Card) -> None:
        self.lobby.update(card)
        if self.transport is not None:
            self.transport.broadcast(["r", card])
            finished = card["status"] == "finished"
            self.transport.save_card(card["id"], None if finished else card)

    def _bounce(self, client: Client, room_id: str) -> None:
        if isinstance(client, RemoteClient):
            client.transport.send(client.gateway, ["v", client.conn_id, room_id])
        elif isinstance(client, Connection):
            self.gateway.bounced(client.id, room_id)

    def _forward(self, owner: str, room_id: str, conn: Connection, message: Any) -> None:
        assert self.transport is not None
        account = {k: conn.account[k] for k in ("id", "name", "score", "guest")}
        text = message.model_dump_json()
        self.transport.send(owner, ["c", conn.id, room_id, account, conn.lang, text])

    def _gone(self, owner: str, room_id: str, conn_id: int) -> None:
        assert self.transport is not None
        self.transport.send(owner, ["g", conn_id, room_id])

    def _alive(self, processes: list[str]) -> None:
        """The connections of processes that died are gone from the rooms here."""
        alive = set(processes)
        for key, client in list(self._remote.items()):
            if key[0] not in alive:
                del self._remote[key]
                for room_id in list(client.rooms):
                    self.hub.post(room_id, client, Gone(client))

    def _resync(self) -> None:
        """Redis answers again after a failure: what was sent meanwhile may be lost."""
        self.gateway.resync_all()
        self.hub.republish()

    # --- what the other processes send ------------------------------------------------------

    def _on_item(self, sender: str, item: list[Any]) -> None:
        kind = item[0]
        if kind == "m":  # a message for connections of this process
            meta = tuple(item[3])
            for conn_id in item[1]:
                self.gateway.deliver(sender, conn_id, item[2], meta)
        elif kind == "c":  # a connection's command for a room of this process
            _, conn_id, room_id, account, lang, text = item
            client = self._remote.get((sender, conn_id))
            if client is None:
                assert self.transport is not None
                client = RemoteClient(self.transport, sender, conn_id, account, lang)
                self._remote[(sender, conn_id)] = client
            client.account = account
            if not self.hub.post(room_id, client, p.parse_client(text)):
                self._bounce(client, room_id)
        elif kind == "g":  # that connection closed, or went to another room
            client = self._remote.get((sender, item[1]))
            if client is not None:
                self.hub.post(item[2], client, Gone(client))
                if not client.rooms - {item[2]}:
                    del self._remote[(sender, item[1])]
        elif kind == "j":
            self.gateway.joined(sender, item[1], item[2], item[3])
        elif kind == "l":
            self.gateway.left(sender, item[1], item[2])
        elif kind == "v":  # the process does not run that room (any more)
            self.gateway.bounced_by(sender, item[1], item[2])
        elif kind == "a":  # a new room placed on this process
            self.keeper.renew_soon()
        elif kind == "o":  # a process runs a room now
            self.hub.superseded(item[1], item[3])
            self.gateway.relocated(item[1], item[2], item[3])
        elif kind == "r":  # a lobby card
            self.lobby.update(item[1])
        else:
            METRICS.rejected.labels("transport").inc()

"""The gateway: this process's WebSocket connections, and the way from each to its room,
whichever process runs the room.

A connection's messages for a room go to the room's owner: straight into the room's
inbox when it runs here, over the transport otherwise. What a room sends a connection
comes back the same way. The gateway remembers, for each connection, the room it is in,
how it came in (``join`` or ``watch``) and the last event it was sent; so when a room
moves to another process (its owner died or froze), the gateway brings its connections
over by joining again with that event number, answers the actions the old owner never
answered with ``moved``, and the player goes on without reconnecting. Events that
arrive twice are dropped, and a gap asks the room for what is missing: each connection
sees every event number once, in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import orjson
from starlette.websockets import WebSocket, WebSocketState

from ..i18n import tr
from . import protocol as p
from .lobby import Lobby
from .room import Gone

if TYPE_CHECKING:
    from .hub import Hub

OUTBOX_LIMIT = 2000  # messages waiting for a slow client before it is dropped
RESYNC_EVERY = 1.0  # seconds between two requests for missing events of one connection

# Messages the room answers with their ref: the gateway answers them if the room moves.
ANSWERED = (p.Act, p.Leave, p.Hint, p.Ping)


class Connection:
    """One WebSocket client: its account, language, room and outgoing queue."""

    def __init__(
        self,
        websocket: WebSocket,
        account: dict[str, Any],
        lang: str,
        number: int,
        resync: Callable[[Connection], None],
    ) -> None:
        self.websocket = websocket
        self.account = account
        self.lang = lang
        self.id = number
        self.room_id: str | None = None
        self.playing = False  # holds a seat in its room's series in play
        self.entry: p.Join | p.Watch | None = None  # how it came into its room
        self.since: tuple[int, int] | None = None  # (round, event number) last sent
        self.outstanding: dict[str, str] = {}  # ref → type of what its room has not answered
        self.rate = p.RateLimit()
        self.closed = False
        self._resync = resync
        self._resynced_at = -RESYNC_EVERY
        self._outbox: asyncio.Queue[p.Sent | str | None] = asyncio.Queue()
        self._sender = asyncio.get_running_loop().create_task(self._send_forever())

    # --- what a room sees -------------------------------------------------------------------

    def send(self, message: p.Sent) -> None:
        known = self._known(p.meta_of(message))
        if known == 0:
            self._put(message)
        elif known is not None:
            assert message["type"] == "events"
            self._put({**message, "events": message["events"][known:]})

    def joined(self, room_id: str, playing: bool) -> None:
        if self.room_id == room_id:
            self.playing = playing

    def left(self, room_id: str) -> None:
        if self.room_id == room_id:
            self.room_id = self.entry = self.since = None
            self.playing = False
            self.outstanding.clear()

    # --- what the transport brings ---------------------------------------------------------

    def send_text(self, text: str, meta: p.Meta) -> None:
        """A message a room serialized (once, for everyone who gets it)."""
        known = self._known(meta)
        if known == 0:
            self._put(text)
        elif known is not None:
            message = orjson.loads(text)
            self._put(orjson.dumps({**message, "events": message["events"][known:]}).decode())

    def _known(self, meta: p.Meta) -> int | None:
        """How many of a message's first events the client was sent before (0 for any
        other message); None: drop it (all of them were sent, or some before them were
        not: then the room is asked again for the missing ones)."""
        kind, ref, number, first, last = meta
        if ref is not None:
            self.outstanding.pop(ref, None)
        if kind != "events":
            return 0
        assert number is not None and first is not None and last is not None
        if self.since is None or number > self.since[0]:
            expected = 1
        elif number < self.since[0]:
            return None  # an earlier round's, already over
        else:
            expected = self.since[1] + 1
        if first > expected:
            self._missing()
            return None
        if last < expected:
            return None  # sent before: a message repeated on the way
        self.since = (number, last)
        return expected - first

    def _missing(self) -> None:
        now = time.monotonic()
        if now - self._resynced_at >= RESYNC_EVERY:
            self._resynced_at = now
            self._resync(self)

    def _put(self, message: p.Sent | str) -> None:
        if self.closed:
            return
        if self._outbox.qsize() > OUTBOX_LIMIT:  # a client that reads nothing is let go
            self.close()
            return
        self._outbox.put_nowait(message)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._outbox.put_nowait(None)

    async def _send_forever(self) -> None:
        try:
            message = await self._outbox.get()
            while message is not None:
                text = message if isinstance(message, str) else p.packed(message)[0]
                await self.websocket.send_text(text)
                # What else is queued goes out without waiting on the queue again.
                message = await self._outbox.get() if self._outbox.empty() else self._next()
        except Exception:
            pass
        finally:
            self.closed = True
            if self.websocket.client_state is WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.websocket.close()

    def _next(self) -> p.Sent | str | None:
        return self._outbox.get_nowait()

    async def finish(self) -> None:
        """The client is gone: drop what it would have been sent."""
        self.closed = True
        self._sender.cancel()
        with contextlib.suppress(BaseException):
            await self._sender


# Where a room is: (room id, the process that runs it or None while nobody does, epoch).
Location = tuple[str, str | None, int]
# Send a message to a room on another process: (owner, room id, connection, message).
Forward = Callable[[str, str, Connection, Any], None]


class Gateway:
    """The connections of this process and the road from each to its room."""

    def __init__(
        self,
        process: str,
        hub: Hub,
        lobby: Lobby,
        *,
        locate: Callable[[str | None, str | None, int | None], Awaitable[Location | None]]
        | None = None,
        forward: Forward | None = None,
        gone: Callable[[str, str, int], None] | None = None,
    ) -> None:
        self.process = process
        self.hub = hub
        self.lobby = lobby
        self.connections: dict[int, Connection] = {}
        self.owners: dict[str, tuple[str | None, int]] = {}  # room → (owner, epoch) known
        self._locate_elsewhere = locate  # None: this process runs every room
        self._forward = forward
        self._gone_elsewhere = gone
        self._counter = 0
        self._relocating: dict[str, asyncio.Task[None]] = {}

    def open(self, websocket: WebSocket, account: dict[str, Any], lang: str) -> Connection:
        self._counter += 1
        conn = Connection(websocket, account, lang, self._counter, self._ask_missing)
        self.connections[conn.id] = conn
        return conn

    async def closed(self, conn: Connection) -> None:
        self.connections.pop(conn.id, None)
        self.lobby.unfollow(conn)
        if conn.room_id is not None:
            self._leave_room(conn)
        await conn.finish()

    async def close(self) -> None:
        for task in self._relocating.values():
            task.cancel()
        for conn in list(self.connections.values()):
            conn.close()

    # --- a client's messages ----------------------------------------------------------------

    async def dispatch(self, conn: Connection, message: Any) -> None:
        """Route a validated client message: the lobby here, everything else to a room (a
        ping too, so that its pong comes after the answers to what was sent before it)."""
        match message:
            case p.Ping() if conn.room_id is None:
                conn.send(p.pong(message.ref))
            case p.Hello():
                conn.send(p.error(p.BAD_MESSAGE, "already said hello", message.ref))
            case p.Lobby():
                if message.follow:
                    self.lobby.follow(conn)
                else:
                    self.lobby.unfollow(conn)
                    conn.send(p.Ack(type="ack", ref=message.ref))
            case p.Join() | p.Watch():
                await self._enter(conn, message)
            case _ if conn.room_id is None:
                conn.send(p.error(p.NO_ROOM, tr("you are not in a room", conn.lang), message.ref))
            case _:
                if isinstance(message, ANSWERED) and message.ref is not None:
                    conn.outstanding[message.ref] = message.type
                if isinstance(message, p.Resync):
                    conn.since = _later(conn.since, _since(message.since))
                self._route(conn, conn.room_id, message)

    async def _enter(self, conn: Connection, message: p.Join | p.Watch) -> None:
        found = await self._locate(message.room, message.code, conn.account["id"])
        if found is None:
            conn.send(p.error(p.NO_ROOM, tr("no such room", conn.lang), message.ref))
            return
        room_id = found[0]
        if conn.room_id is not None and conn.room_id != room_id:
            if conn.playing:
                conn.send(
                    p.error(
                        p.NOT_ALLOWED,
                        tr("you are playing a series: leave it first (强退, R-11.2)", conn.lang),
                        message.ref,
                    )
                )
                return
            self._leave_room(conn)  # one room at a time
        since = _since(message.since)
        if conn.room_id != room_id:
            conn.playing = False
        else:
            since = _later(conn.since, since)
        # What the client sends next goes to this room, after this message.
        conn.room_id, conn.entry, conn.since = room_id, message, since
        self._route(conn, room_id, message)

    async def _locate(
        self, room_id: str | None, code: str | None, account_id: int | None
    ) -> Location | None:
        """Where the room is, if ``account_id`` may find it (None: the gateway itself)."""
        for room in self.hub.rooms.values():
            if room.closed:  # its series is over (or another process owns it now)
                continue
            if room.id == room_id if code is None else room.invite_code == code:
                if account_id is not None and not room.admits(account_id, code):
                    return None
                return room.id, self.process, room.lease.epoch
        if self._locate_elsewhere is None:
            return None
        found = await self._locate_elsewhere(room_id, code, account_id)
        if found is not None:
            self._learn(found[0], found[1], found[2])
        return found

    def _learn(self, room_id: str, owner: str | None, epoch: int) -> bool:
        """Remember who runs a room, if that is newer than what was known."""
        known = self.owners.get(room_id)
        if known is not None and (known[1], known[0] is not None) >= (epoch, owner is not None):
            return False
        self.owners[room_id] = (owner, epoch)
        return True

    def _owner(self, room_id: str) -> str | None:
        """The process that runs the room, as far as this one knows."""
        known = self.owners.get(room_id)
        local = self.hub.lease_of(room_id)
        if local is not None and (known is None or local >= known[1]):
            return self.process
        return None if known is None else known[0]

    def _route(self, conn: Connection, room_id: str, message: Any) -> None:
        owner = self._owner(room_id)
        if owner == self.process:
            if not self.hub.post(room_id, conn, message):
                self.bounced(conn.id, room_id)
        elif owner is not None and self._forward is not None:
            self._forward(owner, room_id, conn, message)
        # else nobody runs the room right now: the message is lost, and answered with
        # ``moved`` when a process takes the room over

    def _leave_room(self, conn: Connection) -> None:
        room_id = conn.room_id
        assert room_id is not None
        owner = self._owner(room_id)
        if owner == self.process:
            self.hub.post(room_id, conn, Gone(conn))
        elif owner is not None and self._gone_elsewhere is not None:
            self._gone_elsewhere(owner, room_id, conn.id)
        conn.left(room_id)

    # --- rooms moving -----------------------------------------------------------------------

    def relocated(self, room_id: str, owner: str, epoch: int) -> None:
        """A process announced that it runs ``room_id`` now: the connections in it are
        brought over to it."""
        if not self._learn(room_id, owner, epoch):
            return
        for conn in list(self.connections.values()):
            if conn.room_id == room_id:
                self._rejoin(conn)

    def _rejoin(self, conn: Connection) -> None:
        moved = tr("the table moved to another server process: look again and act", conn.lang)
        for ref, kind in sorted(conn.outstanding.items()):
            conn.send(p.pong(ref) if kind == "ping" else p.error(p.MOVED, moved, ref))
        conn.outstanding.clear()
        assert conn.room_id is not None and conn.entry is not None
        since = None if conn.since is None else p.Since(round=conn.since[0], seq=conn.since[1])
        self._route(conn, conn.room_id, conn.entry.model_copy(update={"since": since, "ref": None}))

    def bounced(self, conn_id: int, room_id: str) -> None:
        """A process answered that it does not run ``room_id`` (any more): find out who
        does, once for all the connections in that room."""
        conn = self.connections.get(conn_id)
        if conn is None or conn.room_id != room_id:
            return
        self.owners.pop(room_id, None)
        if room_id not in self._relocating:
            task = asyncio.get_running_loop().create_task(self._find_again(room_id))
            self._relocating[room_id] = task

    async def _find_again(self, room_id: str) -> None:
        try:
            found = await self._locate(room_id, None, None)
        finally:
            self._relocating.pop(room_id, None)
        if found is None:  # the series is over: nothing more to send there
            for conn in list(self.connections.values()):
                if conn.room_id == room_id:
                    self._rejoin_failed(conn)
            return
        _, owner, epoch = found
        if owner is not None:
            self.owners.pop(room_id, None)
            self.relocated(room_id, owner, epoch)
        # else: nobody runs it yet; the process that takes it over will announce it

    def _rejoin_failed(self, conn: Connection) -> None:
        gone = tr("you are not in a room", conn.lang)
        for ref, kind in sorted(conn.outstanding.items()):
            conn.send(p.pong(ref) if kind == "ping" else p.error(p.NO_ROOM, gone, ref))
        assert conn.room_id is not None
        conn.left(conn.room_id)

    def resync_all(self) -> None:
        """Messages between processes may have been lost (the transport reconnected):
        every connection in a room of another process joins it again, saying the last
        event it got, and gets what it missed."""
        rooms = {c.room_id for c in self.connections.values() if c.room_id is not None}
        for room_id in rooms:
            if not self.hub.runs(room_id):
                self.owners.pop(room_id, None)
                if room_id not in self._relocating:
                    task = asyncio.get_running_loop().create_task(self._find_again(room_id))
                    self._relocating[room_id] = task

    def _ask_missing(self, conn: Connection) -> None:
        """A connection missed events on the way: ask its room for them."""
        if conn.room_id is not None:
            since = None if conn.since is None else p.Since(round=conn.since[0], seq=conn.since[1])
            self._route(conn, conn.room_id, p.Resync(type="resync", since=since))

    # --- what the transport brings ----------------------------------------------------------

    def _from_owner(self, sender: str, conn_id: int) -> Connection | None:
        """The connection, if ``sender`` runs its room: what a process that lost the room
        still had on its way (it was frozen, say) must not reach the client."""
        conn = self.connections.get(conn_id)
        if conn is None or (conn.room_id is not None and self._owner(conn.room_id) != sender):
            return None
        return conn

    def deliver(self, sender: str, conn_id: int, text: str, meta: p.Meta) -> None:
        conn = self._from_owner(sender, conn_id)
        if conn is not None:
            conn.send_text(text, meta)

    def joined(self, sender: str, conn_id: int, room_id: str, playing: bool) -> None:
        conn = self._from_owner(sender, conn_id)
        if conn is not None:
            conn.joined(room_id, playing)

    def left(self, sender: str, conn_id: int, room_id: str) -> None:
        conn = self._from_owner(sender, conn_id)
        if conn is not None:
            conn.left(room_id)

    def bounced_by(self, sender: str, conn_id: int, room_id: str) -> None:
        if self._from_owner(sender, conn_id) is not None:
            self.bounced(conn_id, room_id)


def _since(since: p.Since | None) -> tuple[int, int] | None:
    return None if since is None else (since.round, since.seq)


def _later(sent: tuple[int, int] | None, asked: tuple[int, int] | None) -> tuple[int, int] | None:
    """Where a connection's events go on from when its client names ``asked``: never
    before what the connection was already ``sent``, for that is still on its way to the
    client (which named what it had read), and an event goes to a connection once."""
    if sent is None or asked is None:
        return sent or asked
    return max(sent, asked)

"""The hub: the rooms this process runs.

Rooms are created here (HTTP ``POST /api/rooms``) on the process that runs the fewest,
adopted when this process is given or takes a room's lease (the room rebuilt from its
history), and dropped when their series ends or another process owns them.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..engine import InvalidOption, get_preset
from ..engine.presets import PRESETS
from . import logs
from .leases import Lease, LeaseKeeper
from .lobby import LANGS, Card
from .metrics import METRICS
from .room import Client, Room, Settings
from .store import Store, StoredRoom

log = logging.getLogger("zhaopengyou.server")

_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


class RoomRequest(BaseModel):
    """``POST /api/rooms``: a new room (R-11.1, R-11.2)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str | None = Field(default=None, max_length=40)
    preset: str
    options: dict[str, Any] = Field(default_factory=dict)
    rounds: int = Field(default=8, ge=1, le=50)
    private: bool = False
    bots: list[int] = Field(default_factory=list, max_length=5)  # seats to give to bots
    deal_ms: int = Field(default=120, ge=0, le=2000)
    bot_ms: int = Field(default=700, ge=0, le=120000)
    turn_seconds: float = Field(default=30.0, ge=0.05, le=600)
    between_ms: int = Field(default=6000, ge=0, le=120000)
    quit_penalty: int = Field(default=10, ge=0, le=1000)
    bot_level: Literal["easy", "normal", "hard"] = "normal"


class RoomRefused(Exception):
    """A room request the server cannot honour: ``field`` and why."""

    def __init__(self, field: str, reason: str) -> None:
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


class Hub:
    """The rooms of this process.

    ``place()`` names the process that runs a new room; ``hand_over(process, room_id)``
    tells another process it was given one; ``announce(room_id, epoch)`` tells every
    process that this one runs a room now; ``publish(card)`` updates the lobby; and
    ``bounce(client, room_id)`` answers a message for a room this process does not run.
    """

    def __init__(
        self,
        store: Store,
        keeper: LeaseKeeper,
        *,
        place: Callable[[], Awaitable[str]],
        hand_over: Callable[[str, str], None],
        announce: Callable[[str, int], None],
        publish: Callable[[Card], None],
        bounce: Callable[[Client, str], None],
    ) -> None:
        self.store = store
        self.keeper = keeper
        self.process = keeper.process
        self.rooms: dict[str, Room] = {}
        self._place = place
        self._hand_over = hand_over
        self._announce = announce
        self._publish = publish
        self._bounce = bounce
        self._adopting: dict[str, list[tuple[Client, Any]]] = {}  # messages waiting for it
        self._changes: dict[str, int] = {}
        self._broken: set[str] = set()  # rooms whose history could not be rebuilt

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.stop()
        self.rooms.clear()

    # --- rooms coming --------------------------------------------------------------------

    async def create(self, account: dict[str, Any], request: RoomRequest) -> Room:
        """A new room, run by the process that runs the fewest; returns it (on another
        process, this copy only describes it)."""
        try:
            preset = get_preset(request.preset, **request.options)
        except (InvalidOption, TypeError) as err:
            raise RoomRefused(
                "options" if request.preset in PRESETS else "preset", str(err)
            ) from None
        if any(not 0 <= seat < preset.players for seat in request.bots):
            raise RoomRefused("bots", f"seats are 0 … {preset.players - 1}")
        settings = Settings(
            deal_ms=request.deal_ms,
            bot_ms=request.bot_ms,
            turn_seconds=request.turn_seconds,
            between_ms=request.between_ms,
            quit_penalty=request.quit_penalty,
            bot_level=request.bot_level,
        )
        room_id = "".join(secrets.choice(_ID_ALPHABET) for _ in range(8))
        code = "".join(secrets.choice("0123456789") for _ in range(6)) if request.private else None
        seed = secrets.randbelow(2**53)
        owner = await self._place()
        here = owner == self.process
        lease = (
            self.keeper.hold(room_id, 1, time.monotonic()) if here else Lease(room_id, 1, None, 0.0)
        )
        room = Room(
            self.store,
            lease,
            room_id=room_id,
            name=request.name or f"{preset.title} · {account['name']}",
            preset=preset,
            series_rounds=request.rounds,
            private=request.private,
            invite_code=code,
            settings=settings,
            seed=seed,
            dealer=random.Random(seed).randrange(preset.players),
            created_by=account["id"],
            on_change=self.changed,
        )
        for seat in sorted(set(request.bots)):
            room.seating.change_bot(seat, remove=False, open_=True)
        try:
            await self.store.create_room(
                {
                    "id": room_id,
                    "name": room.name,
                    "preset": preset.name,
                    "options": dict(preset.options),
                    "series_rounds": request.rounds,
                    "private": request.private,
                    "invite_code": code,
                    "settings": settings.info(),
                    "seed": seed,
                    "dealer": room.first_dealer,
                    "status": "open",
                    "seats": room.seating.stored(),
                    "created_by": account["id"],
                },
                owner,
                self.keeper.length,
            )
        except BaseException:
            self.keeper.forget(room_id, lease)
            raise
        logs.event("room_created", room=room_id, preset=preset.name, by=account["id"], owner=owner)
        if here:
            self._run(room)
        else:
            self._hand_over(owner, room_id)
        return room

    async def adopt(self, room_id: str, lease: Lease) -> None:
        """Run a room whose lease this process was given or took: rebuilt from the
        database, it plays on where its last owner stopped."""
        current = self.rooms.get(room_id)
        if current is not None:
            if current.lease is lease:
                return
            await current.stop()  # a copy under an older lease of this same process
            self.rooms.pop(room_id, None)
        if room_id in self._adopting or room_id in self._broken:
            return
        self._adopting[room_id] = []
        room = None
        try:
            stored = await self.store.load_room(room_id)
            if stored is not None:
                room = await self._restore(stored, lease)
        except Exception:
            log.exception("room %s could not be rebuilt", room_id)
            self._broken.add(room_id)
        waiting = self._adopting.pop(room_id)
        if room is None or lease.lost:
            if room is None:
                self.keeper.forget(room_id, lease)
            for client, _ in waiting:
                self._bounce(client, room_id)
            return
        logs.event("room_adopted", room=room_id, epoch=lease.epoch, status=room.status)
        self._run(room)
        for client, message in waiting:
            room.post(client, message)

    async def _restore(self, stored: StoredRoom, lease: Lease) -> Room:
        room = Room.restore(self.store, lease, stored, self.changed)
        for seat in room.seating.seats:  # their totals, for the titles shown at the table
            if seat.account_id is not None:
                account = await self.store.account(account_id=seat.account_id)
                seat.score = account["score"] if account is not None else 0
        return room

    def _run(self, room: Room) -> None:
        self.rooms[room.id] = room
        room.start()
        self._announce(room.id, room.lease.epoch)
        self.changed(room)

    # --- rooms here ----------------------------------------------------------------------

    def post(self, room_id: str, client: Client, message: Any) -> bool:
        """Hand a message to a room of this process (False: it does not run it)."""
        room = self.rooms.get(room_id)
        if room is not None and not room.closed:
            room.post(client, message)
            return True
        waiting = self._adopting.get(room_id)
        if waiting is not None:
            waiting.append((client, message))
            return True
        return False

    def lease_of(self, room_id: str) -> int | None:
        """The epoch under which this process runs the room (or is rebuilding it)."""
        room = self.rooms.get(room_id)
        if room is not None and not room.closed:
            return room.lease.epoch
        lease = self.keeper.leases.get(room_id)
        return lease.epoch if lease is not None and room_id in self._adopting else None

    def runs(self, room_id: str) -> bool:
        return self.lease_of(room_id) is not None

    def superseded(self, room_id: str, epoch: int) -> None:
        """Another process announced the room under a newer epoch: this process's copy
        stops at once (its writes would be refused anyway)."""
        room = self.rooms.get(room_id)
        if room is not None and room.lease.epoch < epoch:
            room.lease.lose()
            del self.rooms[room_id]
            self.keeper.forget(room_id, room.lease)
            room.post(None, None)  # it wakes up, finds its lease lost, and stops

    def lost(self, room_id: str) -> None:
        """The room's lease is another process's now: its task stops at its next turn."""
        room = self.rooms.get(room_id)
        if room is not None:
            room.post(None, None)  # wake it up: it checks its lease first

    def changed(self, room: Room) -> None:
        """A room changed (created, a seat taken, a round over, finished, lost): the
        lobby hears of it; a room that ended or was lost leaves this process."""
        if room.closed and self.rooms.get(room.id) is room:
            del self.rooms[room.id]
            self.keeper.forget(room.id, room.lease)
        METRICS.rooms.set(len(self.rooms))
        if not room.lost:
            self._publish(self.card(room))

    def card(self, room: Room) -> Card:
        """The lobby's card of a room of this process, newer than every one before."""
        self._changes[room.id] = count = self._changes.get(room.id, 0) + 1
        if room.closed:
            self._changes.pop(room.id, None)
        return {
            "id": room.id,
            "version": [room.lease.epoch, count],
            "private": room.private,
            "invite_code": room.invite_code,
            "status": room.status,
            "summary": {lang: dict(room.summary(lang)) for lang in LANGS},
        }

    def republish(self) -> None:
        """Every room of this process again: to the lobby and as this process's (after
        the transport lost messages, or to a process that just started)."""
        for room in self.rooms.values():
            self._announce(room.id, room.lease.epoch)
            self._publish(self.card(room))

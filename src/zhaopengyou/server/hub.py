"""The hub: every room of this server process, the lobby and its followers.

Rooms are created here (HTTP ``POST /api/rooms``), found by id or invitation code, and
rebuilt from the database when the server starts.
"""

from __future__ import annotations

import logging
import random
import secrets
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..engine import InvalidOption, get_preset
from ..engine.presets import PRESETS
from . import logs
from .metrics import METRICS
from .room import Client, Room, Settings
from .store import Store

log = logging.getLogger("zhaopengyou.server")

_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


class RoomRequest(BaseModel):
    """``POST /api/rooms``: a new room (R-11.1, R-11.2)."""

    model_config = ConfigDict(extra="forbid")
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
    def __init__(self, store: Store) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self.lobby: set[Client] = set()

    async def restore(self) -> int:
        """Rebuild every open or playing room from the database; returns how many."""
        for stored in await self.store.active_rooms():
            try:
                room = Room.restore(self.store, stored, self.changed)
            except Exception:
                log.exception("room %s could not be restored", stored.row["id"])
                continue
            for seat in room.seats:  # their totals, for the titles shown at the table
                if seat.account_id is not None:
                    account = await self.store.account(account_id=seat.account_id)
                    seat.score = account["score"] if account is not None else 0
            self._add(room)
        METRICS.rooms.set(len(self.rooms))
        return len(self.rooms)

    def _add(self, room: Room) -> None:
        self.rooms[room.id] = room
        room.start()

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.stop()

    async def create(self, account: dict[str, Any], request: RoomRequest) -> Room:
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
        name = request.name or f"{preset.title} · {account['name']}"
        room = Room(
            self.store,
            room_id=room_id,
            name=name,
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
            room.seats[seat].bot = True
            room.seats[seat].name = f"Bot {seat + 1}"
            room.seats[seat].ready = True
        await self.store.create_room(
            {
                "id": room_id,
                "name": name,
                "preset": preset.name,
                "options": dict(preset.options),
                "series_rounds": request.rounds,
                "private": request.private,
                "invite_code": code,
                "settings": settings.to_dict(),
                "seed": seed,
                "dealer": room.first_dealer,
                "status": "open",
                "seats": {str(i): s.stored() for i, s in enumerate(room.seats)},
                "created_by": account["id"],
            }
        )
        self._add(room)
        logs.event("room_created", room=room_id, preset=preset.name, by=account["id"])
        self.changed(room)
        return room

    def find(self, room_id: str | None, code: str | None, account_id: int) -> Room | None:
        """A room by id or invitation code; a private room only by its code, or by id
        for a player seated there (coming back)."""
        if code is not None:
            return next((r for r in self.rooms.values() if r.invite_code == code), None)
        room = self.rooms.get(room_id) if room_id is not None else None
        if room is not None and room.private and not room.seated(account_id):
            return None
        return room

    def listing(self, lang: str) -> list[dict[str, Any]]:
        """The lobby: public rooms, open ones first."""
        rooms = [r for r in self.rooms.values() if not r.private and r.status != "finished"]
        rooms.sort(key=lambda r: (r.status != "open", r.name))
        return [r.summary(lang) for r in rooms]

    def follow(self, client: Client) -> None:
        self.lobby.add(client)
        client.send({"type": "lobby", "rooms": self.listing(client.lang)})

    def unfollow(self, client: Client) -> None:
        self.lobby.discard(client)

    def changed(self, room: Room) -> None:
        """Tell the lobby about a room that changed (created, a seat taken, finished)."""
        if room.status == "finished":  # its task ends; its records stay in the database
            self.rooms.pop(room.id, None)
        METRICS.rooms.set(len(self.rooms))
        if room.private:
            return
        for client in self.lobby:
            if room.status == "finished":
                client.send({"type": "lobby_room_gone", "id": room.id})
            else:
                client.send({"type": "lobby_room", "room": room.summary(client.lang)})

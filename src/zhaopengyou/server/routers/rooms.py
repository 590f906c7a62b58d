"""Rooms and records: the presets, the lobby's list, a new room, a room, a round's record."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ...engine.presets import PRESETS
from .. import protocol as p
from ..hub import RoomRefused, RoomRequest
from ..room import PHRASES
from .common import Account, ApiError, node_of, store_of

router = APIRouter()


@router.get("/api/presets")
async def presets() -> dict[str, Any]:
    """Every preset with its options (name, help, values, default) for a room form."""
    out = []
    for name, cls in PRESETS.items():
        default = cls()
        out.append(
            {
                "name": name,
                "title": cls.title,
                "players": cls.players,
                "mode": "xun" if default.called_friend else "ding",
                "options": [
                    {
                        "name": spec.name,
                        "help": spec.help,
                        "choices": list(spec.choices) if spec.choices is not None else None,
                        "minimum": spec.minimum,
                        "maximum": spec.maximum,
                        "default": default.options[spec.name],
                    }
                    for spec in cls.OPTION_SPECS
                ],
            }
        )
    return {"presets": out, "phrases": PHRASES}


@router.get("/api/rooms")
async def rooms(request: Request, lang: str = "zh-Hans") -> dict[str, Any]:
    return {"rooms": node_of(request).lobby.listing(_lang(lang))}


@router.post("/api/rooms", status_code=201)
async def create_room(request: Request, account: Account, body: RoomRequest) -> dict[str, Any]:
    try:
        room = await node_of(request).hub.create(account, body)
    except RoomRefused as err:
        raise ApiError(400, "bad_room", str(err)) from None
    summary = room.summary("zh-Hans")
    if room.invite_code is not None:
        summary["invite_code"] = room.invite_code
    return {"room": summary}


@router.get("/api/rooms/{room_id}")
async def room_info(request: Request, room_id: str, lang: str = "zh-Hans") -> dict[str, Any]:
    """A room in play or open (on any process), or a finished one from the database;
    private rooms are shown only to who knows their invitation code (``?code=``)."""
    store = store_of(request)
    code = request.query_params.get("code")
    summary = node_of(request).lobby.summary(room_id, _lang(lang), code)
    if summary is None:
        stored = await store.finished_room(room_id)
        if stored is None or (stored["private"] and code != stored["invite_code"]):
            raise ApiError(404, p.NO_ROOM, f"no room {room_id!r}")
        summary = {k: v for k, v in stored.items() if k != "invite_code"}
    return {"room": summary, "rounds": await store.room_rounds(room_id)}


@router.get("/api/rounds/{round_id}/record")
async def record(request: Request, round_id: int) -> JSONResponse:
    """A finished round's zpy-record/1 (public once the round is over)."""
    found = await store_of(request).round_record(round_id)
    if found is None:
        raise ApiError(404, "no_record", f"round {round_id} has no record (unknown or unfinished)")
    return JSONResponse(found)


def _lang(lang: str) -> str:
    return lang if lang in ("zh-Hans", "zh-Hant", "en") else "zh-Hans"

"""Rooms and records: the presets, the lobby's list, a new room, a room, a round's record."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import TypeAdapter

from ...engine.presets import PRESETS
from ...records.wire import RecordDict
from .. import protocol as p
from ..hub import RoomRefused, RoomRequest
from ..room import PHRASES, finished_summary
from .common import Account, ApiError, node_of, store_of

router = APIRouter()
# The database's rows, checked as they become answers.
STANDINGS: TypeAdapter[p.Standings] = TypeAdapter(p.Standings)
ROUNDS: TypeAdapter[list[p.RoomRound]] = TypeAdapter(list[p.RoomRound])


@router.get("/api/presets")
async def presets() -> p.Presets:
    """Every preset with its options (name, help, values, default) for a room form."""
    out = []
    for name, cls in PRESETS.items():
        default = cls()
        out.append(
            p.PresetInfo(
                name=name,
                title=cls.title,
                players=cls.players,
                mode="xun" if default.called_friend else "ding",
                options=[
                    p.PresetOption(
                        name=spec.name,
                        help=spec.help,
                        choices=list(spec.choices) if spec.choices is not None else None,
                        minimum=spec.minimum,
                        maximum=spec.maximum,
                        default=default.options[spec.name],
                    )
                    for spec in cls.OPTION_SPECS
                ],
            )
        )
    return p.Presets(presets=out, phrases=PHRASES)


@router.get("/api/rooms")
async def rooms(request: Request, lang: str = "zh-Hans") -> p.RoomList:
    return p.RoomList(rooms=node_of(request).lobby.listing(_lang(lang)))


@router.post(
    "/api/rooms",
    status_code=201,
    responses={401: {"model": p.ErrorBody}},
)
async def create_room(request: Request, account: Account, body: RoomRequest) -> p.CreatedRoom:
    try:
        room = await node_of(request).hub.create(account, body)
    except RoomRefused as err:
        raise ApiError(400, "bad_room", str(err)) from None
    return p.CreatedRoom(room=room.summary("zh-Hans", room.invite_code))


@router.get("/api/rooms/{room_id}", responses={404: {"model": p.ErrorBody}})
async def room_info(request: Request, room_id: str, lang: str = "zh-Hans") -> p.RoomInfo:
    """A room in play or open (on any process), or a finished one from the database;
    private rooms are shown only to who knows their invitation code (``?code=``)."""
    store = store_of(request)
    code = request.query_params.get("code")
    summary = node_of(request).lobby.summary(room_id, _lang(lang), code)
    result = None
    if summary is None:
        stored = await store.finished_room(room_id)
        if stored is None or (stored["private"] and code != stored["invite_code"]):
            raise ApiError(404, p.NO_ROOM, f"no room {room_id!r}")
        summary = finished_summary(stored, stored["scores"], _lang(lang))
        if stored["result"] is not None:
            result = STANDINGS.validate_python(stored["result"])
    rounds = ROUNDS.validate_python(await store.room_rounds(room_id))
    return p.RoomInfo(room=summary, rounds=rounds, result=result)


@router.get(
    "/api/rounds/{round_id}/record",
    response_model=RecordDict,
    responses={404: {"model": p.ErrorBody}},
)
async def record(request: Request, round_id: int) -> JSONResponse:
    """A finished round's zpy-record/1 (public once the round is over), as it was stored."""
    found = await store_of(request).round_record(round_id)
    if found is None:
        raise ApiError(404, "no_record", f"round {round_id} has no record (unknown or unfinished)")
    return JSONResponse(found)


def _lang(lang: str) -> str:
    return lang if lang in ("zh-Hans", "zh-Hant", "en") else "zh-Hans"

"""The WebSocket protocol: every message a client may send, validated by pydantic, and
the error codes the server answers with (docs/protocol.md).

Engine data travels in the engine's own wire form (``to_dict()``: actions, events,
views); this module checks the envelope. A client message that does not validate gets
an ``error`` with code ``bad_message`` naming the field, and changes nothing.

>>> parse_client('{"type": "action", "action": {"kind": "pass"}, "ref": "7"}').type
'action'
>>> parse_client('{"type": "dance"}')
Traceback (most recent call last):
...
zhaopengyou.server.protocol.ProtocolError: bad_message: type: unknown message type 'dance'
"""

from __future__ import annotations

import functools
import operator
import time
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args, get_type_hints

import orjson
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SkipValidation,
    TypeAdapter,
    ValidationError,
    create_model,
)
from pydantic.json_schema import GenerateJsonSchema
from typing_extensions import TypedDict

from ..engine.events import event_json_types
from ..engine.wire import ActionDict, ResultDict, ViewDict

PROTOCOL_VERSION = 1
MAX_MESSAGE_BYTES = 16_384
MAX_CHAT = 200
RATE = 20.0  # messages a second a client may send, on average …
BURST = 60.0  # … and in a burst


class RateLimit:
    """Token bucket: RATE messages a second, BURST at once. The server enforces it; a
    well-behaved client keeps to it with `wait`."""

    def __init__(self) -> None:
        self._tokens = BURST
        self._refill = time.monotonic()

    def _update(self) -> None:
        now = time.monotonic()
        self._tokens = min(BURST, self._tokens + (now - self._refill) * RATE)
        self._refill = now

    def allow(self) -> bool:
        """Take a token if there is one."""
        self._update()
        if self._tokens < 1:
            return False
        self._tokens -= 1
        return True

    def wait(self) -> float:
        """Seconds to wait before a message will be allowed (0 when it is now)."""
        self._update()
        return max(0.0, (1 - self._tokens) / RATE)


# Error codes (docs/protocol.md lists each with an example).
BAD_MESSAGE = "bad_message"  # not JSON, unknown type, a field missing, too long or mistyped
VERSION = "version"  # the client speaks another protocol version
UNAUTHORIZED = "unauthorized"  # no valid session token
TOO_LARGE = "too_large"  # a message over MAX_MESSAGE_BYTES
RATE_LIMITED = "rate_limited"  # too many messages in a short time
NO_ROOM = "no_room"  # the room does not exist, or the client is in none
SEAT_TAKEN = "seat_taken"  # the seat is someone else's
NOT_SEATED = "not_seated"  # only seated players may do this
NOT_ALLOWED = "not_allowed"  # the room's state forbids it (e.g. sitting down mid-series)
ILLEGAL = "illegal_action"  # the engine refused the action (with its rule)
CHAT_REFUSED = "chat_refused"  # free chat during a 「寻」 round, an unknown phrase, too fast
STALE = "stale"  # the action was meant for another round, or no round is on
MOVED = "moved"  # the room moved to another server process before it answered: act again


class ProtocolError(Exception):
    """A message refused before it reaches a room: ``code`` and a ``detail``."""

    def __init__(self, code: str, detail: str, ref: str | None = None) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail
        self.ref = ref  # the message's own ref, when it could be read


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    ref: str | None = Field(default=None, max_length=64)  # echoed in the answer


class Hello(_Message):
    """First message: the protocol version, the session token, the language."""

    type: Literal["hello"]
    version: int
    token: str = Field(max_length=200)
    lang: Literal["zh-Hans", "zh-Hant", "en"] = "zh-Hans"


class Since(BaseModel):
    """What a returning client has already seen: a round and an event number."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    round: int = Field(ge=0)
    seq: int = Field(ge=0)


class Lobby(_Message):
    """Follow the lobby: the open rooms now, then every change."""

    type: Literal["lobby"]
    follow: bool = True


class Join(_Message):
    """Sit down (``seat``, or the first free seat when null) in a room found by id or by
    its invitation code; a player already seated there gets the seat back."""

    type: Literal["join"]
    room: str | None = Field(default=None, max_length=16)
    code: str | None = Field(default=None, max_length=16)
    seat: int | None = Field(default=None, ge=0, le=4)
    since: Since | None = None


class Watch(_Message):
    """Watch a room as a spectator."""

    type: Literal["watch"]
    room: str | None = Field(default=None, max_length=16)
    code: str | None = Field(default=None, max_length=16)
    since: Since | None = None


class Leave(_Message):
    """Leave the room; a seated player leaving a series in play is a 强退 (R-11.2)."""

    type: Literal["leave"]


class Ready(_Message):
    type: Literal["ready"]
    ready: bool = True


class AddBot(_Message):
    """Put a bot in an empty seat (or take it out) before the series starts."""

    type: Literal["add_bot"]
    seat: int = Field(ge=0, le=4)
    remove: bool = False


class Act(_Message):
    """An engine action (``Action.to_dict()``) for one's own seat."""

    type: Literal["action"]
    # The engine decodes it (its errors name the key); the schema shows the declared forms.
    action: SkipValidation[ActionDict]
    round: int | None = Field(default=None, ge=1)  # refuse it if another round is on


class Trustee(_Message):
    """托管: hand one's seat to the bot (``on``), or take it back."""

    type: Literal["trustee"]
    on: bool


class Chat(_Message):
    """Free text between rounds; during a round in a 「寻」 room only a fixed phrase
    (R-11.4)."""

    type: Literal["chat"]
    text: str | None = Field(default=None, max_length=MAX_CHAT)
    phrase: str | None = Field(default=None, max_length=32)


class Resync(_Message):
    """Ask again for the room, the view and the events after ``since``."""

    type: Literal["resync"]
    since: Since | None = None


class Hint(_Message):
    """提示: ask which action the bot would take for one's seat now."""

    type: Literal["hint"]


class Ping(_Message):
    type: Literal["ping"]


ClientMessage = Annotated[
    Hello
    | Lobby
    | Join
    | Watch
    | Leave
    | Ready
    | AddBot
    | Act
    | Trustee
    | Chat
    | Resync
    | Hint
    | Ping,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
MESSAGE_TYPES = (
    "hello",
    "lobby",
    "join",
    "watch",
    "leave",
    "ready",
    "add_bot",
    "action",
    "trustee",
    "chat",
    "resync",
    "hint",
    "ping",
)


def parse_client(text: str | bytes) -> ClientMessage:
    """A client message from its JSON text; raises :class:`ProtocolError`."""
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(TOO_LARGE, f"a message may hold {MAX_MESSAGE_BYTES} bytes")
    try:
        data = orjson.loads(text)
    except (ValueError, UnicodeDecodeError) as err:
        raise ProtocolError(BAD_MESSAGE, f"not JSON: {err}") from None
    if not isinstance(data, dict):
        raise ProtocolError(BAD_MESSAGE, "a message is a JSON object")
    ref = data.get("ref") if isinstance(data.get("ref"), str) else None
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        raise ProtocolError(BAD_MESSAGE, f"type: unknown message type {kind!r}", ref)
    try:
        message = _ADAPTER.validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or "message"
        raise ProtocolError(BAD_MESSAGE, f"{where}: {first['msg']}", ref) from None
    if isinstance(message, Act):  # strict inside the action too: no key is ignored
        if not isinstance(message.action, dict):
            raise ProtocolError(BAD_MESSAGE, "action: Input should be a valid dictionary", ref)
        kind = message.action.get("kind")
        known = _ACTION_KEYS.get(kind) if isinstance(kind, str) else None
        unknown = sorted(str(key) for key in message.action if known and key not in known)
        if unknown:
            raise ProtocolError(
                BAD_MESSAGE, f"action.{unknown[0]}: unknown key for a {kind} action", ref
            )
    return message


# What the gateway needs to know of a message it passes on, without reading it:
# (type, ref, round, first event number, last event number).
Meta = tuple[str, str | None, int | None, int | None, int | None]


def meta_of(message: dict[str, Any]) -> Meta:
    """The :data:`Meta` of a server message.

    >>> meta_of({"type": "events", "round": 2, "events": [{"seq": 7}, {"seq": 9}]})
    ('events', None, 2, 7, 9)
    >>> meta_of({"type": "ack", "ref": "r3"})
    ('ack', 'r3', None, None, None)
    """
    kind = message["type"]
    ref = message.get("ref")
    if kind == "events":
        events = message["events"]
        return kind, ref, message["round"], events[0]["seq"], events[-1]["seq"]
    return kind, ref, None, None, None


def packed(message: dict[str, Any]) -> tuple[str, Meta]:
    """A server message serialized once (for as many connections as get it), with its meta."""
    return orjson.dumps(message).decode(), meta_of(message)


def error(code: str, message: str, ref: str | None = None, **extra: Any) -> dict[str, Any]:
    """An ``error`` message for a client."""
    return {"type": "error", "code": code, "message": message, "ref": ref, **extra}


def pong(ref: str | None) -> dict[str, Any]:
    """The answer to a ``ping``."""
    return {"type": "pong", "ref": ref}


# --- what the server sends -------------------------------------------------------------------

# The keys of each action kind's declared form (engine/wire.py).
_ACTION_KEYS: dict[str, frozenset[str]] = {
    get_args(get_type_hints(form)["kind"])[0]: form.__required_keys__ | form.__optional_keys__
    for form in get_args(ActionDict)
}


class _Sent(BaseModel):
    """A message the server sends: every key declared, none more (docs/protocol.md)."""

    model_config = ConfigDict(extra="forbid", strict=True)


Options = dict[str, int | str | bool]


# A text in each language of the card room.
Localized = TypedDict("Localized", {"zh-Hans": str, "zh-Hant": str, "en": str})


class Account(_Sent):
    """What anyone may see of an account; ``title`` in each language (R-11.3)."""

    id: int
    name: str
    guest: bool
    score: int
    title: Localized
    rounds_played: int
    series_played: int


class SeatInfo(_Sent):
    name: str
    account: int | None
    bot: bool
    quit: bool
    auto: bool
    ready: bool
    connected: bool
    title: str | None


class RoomSettings(_Sent):
    deal_ms: int
    bot_ms: int
    turn_seconds: float
    between_ms: int
    quit_penalty: int
    bot_level: Literal["easy", "normal", "hard"]


class RoomSummary(_Sent):
    id: str
    name: str
    preset: str
    options: Options
    mode: Literal["ding", "xun"]
    rounds: int
    private: bool
    status: Literal["open", "playing", "finished"]
    settings: RoomSettings
    seats: list[SeatInfo]
    spectators: int
    rounds_played: int
    invite_code: str | None = None  # for the members of a private room only


class Standings(_Sent):
    rounds_played: int
    rounds: int
    totals: list[int]
    levels: list[str] | None
    next_banker: int | None
    winners: list[int] | None


class You(_Sent):
    seat: int | None


class Welcome(_Sent):
    type: Literal["welcome"]
    version: int
    account: Account
    ref: str | None


class Pong(_Sent):
    type: Literal["pong"]
    ref: str | None


class Ack(_Sent):
    type: Literal["ack"]
    ref: str | None


class Error(_Sent):
    """A refusal; ``rule``, ``template`` and ``params`` with ``illegal_action`` only."""

    type: Literal["error"]
    code: str
    message: str
    ref: str | None
    rule: str | None = None
    template: str | None = None
    params: dict[str, str] | None = None


class Room(_Sent):
    type: Literal["room"]
    room: RoomSummary
    you: You | None
    standings: Standings | None
    round: int | None
    result: Standings | None
    ref: str | None = None  # in the answer to a join, watch or resync


class LobbyRooms(_Sent):
    type: Literal["lobby"]
    rooms: list[RoomSummary]


class LobbyRoom(_Sent):
    type: Literal["lobby_room"]
    room: RoomSummary


class LobbyRoomGone(_Sent):
    type: Literal["lobby_room_gone"]
    id: str


def _event_models() -> list[type[_Sent]]:
    """One model per engine event kind, from the engine's own table of its fields."""
    models = []
    for kind, fields in event_json_types().items():
        spec: dict[str, Any] = {name: (kind_type, ...) for name, kind_type in fields.items()}
        name = "".join(part.title() for part in kind.split("_")) + "Event"
        tag: Any = Literal[kind]
        models.append(create_model(name, __base__=_Sent, kind=(tag, ...), **spec))
    return models


EVENT_MODELS = _event_models()
if TYPE_CHECKING:  # built at run time from the engine's table: to the type checker, any
    SentEvent = Any
else:
    SentEvent = Annotated[functools.reduce(operator.or_, EVENT_MODELS), Field(discriminator="kind")]


class Events(_Sent):
    """A round's events after the last one this connection got, as it may see them."""

    type: Literal["events"]
    round: int
    events: list[SentEvent]


class BidChoice(_Sent):
    cards: list[str]
    bid_kind: str | None


class FriendCallChoice(_Sent):
    card: str | None
    solo: bool


class Choices(_Sent):
    """What the engine allows this seat now (docs/protocol.md, ``view``)."""

    bids: list[BidChoice]
    friend_calls: list[FriendCallChoice]
    plays: list[list[str]]
    plays_complete: bool
    swaps: list[list[list[str]]]
    swaps_complete: bool
    burial: list[str] | None
    give_back: list[str] | None


class Points(_Sent):
    seats: list[int]
    points: int


class Suits(_Sent):
    """Each effective suit's cards, weakest first (R-1.5, R-2)."""

    S: list[str]
    H: list[str]
    C: list[str]
    D: list[str]
    trump: list[str]


class ViewMessage(_Sent):
    type: Literal["view"]
    round: int
    seq: int
    tricks_from: int
    view: ViewDict
    suits: Suits | None
    choices: Choices
    scoreboard: list[Points]
    decks: int
    kitty_size: int
    turn_seconds_left: float | None


class RoundOver(_Sent):
    type: Literal["round_over"]
    round: int
    round_id: int
    result: ResultDict
    standings: Standings


class SeriesOver(_Sent):
    type: Literal["series_over"]
    standings: Standings


class ChatLine(_Sent):
    """Free ``text``, or a fixed ``phrase`` (R-11.4)."""

    type: Literal["chat"]
    seat: int | None
    name: str
    text: str | None = None
    phrase: str | None = None


class HintAnswer(_Sent):
    type: Literal["hint"]
    round: int | None
    action: ActionDict | None
    ref: str | None


ServerMessage = Annotated[
    Welcome
    | Pong
    | Ack
    | Error
    | Room
    | LobbyRooms
    | LobbyRoom
    | LobbyRoomGone
    | Events
    | ViewMessage
    | RoundOver
    | SeriesOver
    | ChatLine
    | HintAnswer,
    Field(discriminator="type"),
]
SERVER_MESSAGES: TypeAdapter[Any] = TypeAdapter(ServerMessage)


class _Wire(TypedDict):
    """Both directions: what a client sends, what the server sends."""

    client: ClientMessage
    server: ServerMessage


class _Schema(GenerateJsonSchema):
    """Titles for the messages and their parts, not for each field: generated client
    types then read ``ref: string | null``, not an alias per field."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def json_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of every message of the protocol, in both directions:
    ``properties.client`` and ``properties.server`` (``zpy schema``)."""
    schema = TypeAdapter(_Wire).json_schema(schema_generator=_Schema)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://zhaopengyou.invalid/protocol/{PROTOCOL_VERSION}",
        **schema,
        "title": "Protocol",
        "description": f"The zhaopengyou WebSocket protocol {PROTOCOL_VERSION} "
        "(docs/protocol.md): client, a message a client sends; server, one the server sends.",
        "additionalProperties": False,
    }

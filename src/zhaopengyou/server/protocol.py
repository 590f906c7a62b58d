"""The protocol: every message a client may send, validated by pydantic; every message
the server sends and every HTTP answer, declared as forms (typed dicts that pydantic
reads: the schema, ``zpy schema``); and the error codes (docs/protocol.md).

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
    with_config,
)
from pydantic.json_schema import GenerateJsonSchema
from typing_extensions import TypedDict

from ..engine.actions import Action
from ..engine.events import event_json_types
from ..engine.wire import ActionDict, ResultDict, ViewDict
from ..records.wire import RecordDict

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


# The keys of each action kind's declared form (engine/wire.py).
_ACTION_KEYS: dict[str, frozenset[str]] = {
    get_args(get_type_hints(form)["kind"])[0]: form.__required_keys__ | form.__optional_keys__
    for form in get_args(ActionDict)
}


# --- what the server sends -------------------------------------------------------------------


# Every message and answer is a form: a typed dict that pydantic reads (the schema, the
# tests' checks of every frame) and mypy checks where the server writes it, every key
# present, none more, at no cost beyond the dict itself.
_FORM = ConfigDict(extra="forbid", strict=True)


Options = dict[str, int | str | bool]
RoomStatus = Literal["open", "playing", "finished"]
BotLevel = Literal["easy", "normal", "hard"]


# A text in each language of the card room.
Localized = TypedDict("Localized", {"zh-Hans": str, "zh-Hant": str, "en": str})


@with_config(_FORM)
class Account(TypedDict):
    """What anyone may see of an account; ``title`` in each language (R-11.3)."""

    id: int
    name: str
    guest: bool
    score: int
    title: Localized
    rounds_played: int
    series_played: int


@with_config(_FORM)
class SeatInfo(TypedDict):
    name: str
    account: int | None
    bot: bool
    quit: bool
    auto: bool
    ready: bool
    connected: bool
    title: str | None


@with_config(_FORM)
class RoomSettings(TypedDict):
    deal_ms: int
    bot_ms: int
    turn_seconds: float
    between_ms: int
    quit_penalty: int
    bot_level: BotLevel


@with_config(_FORM)
class RoomSummary(TypedDict):
    id: str
    name: str
    preset: str
    options: Options
    mode: Literal["ding", "xun"]
    rounds: int
    private: bool
    status: RoomStatus
    settings: RoomSettings
    seats: list[SeatInfo]
    spectators: int
    rounds_played: int
    invite_code: str | None  # for the members of a private room only


@with_config(_FORM)
class Standings(TypedDict):
    rounds_played: int
    rounds: int
    totals: list[int]
    levels: list[str] | None
    next_banker: int | None
    winners: list[int] | None


@with_config(_FORM)
class You(TypedDict):
    seat: int | None


@with_config(_FORM)
class Welcome(TypedDict):
    type: Literal["welcome"]
    version: int
    account: Account
    ref: str | None


@with_config(_FORM)
class Pong(TypedDict):
    type: Literal["pong"]
    ref: str | None


@with_config(_FORM)
class Ack(TypedDict):
    type: Literal["ack"]
    ref: str | None


@with_config(_FORM)
class Error(TypedDict):
    """A refusal; ``rule``, ``template`` and ``params`` with ``illegal_action`` only."""

    type: Literal["error"]
    code: str
    message: str
    ref: str | None
    rule: str | None
    template: str | None
    params: dict[str, str] | None


@with_config(_FORM)
class Room(TypedDict):
    type: Literal["room"]
    room: RoomSummary
    you: You | None
    standings: Standings | None
    round: int | None
    result: Standings | None
    ref: str | None  # in the answer to a join, watch or resync


@with_config(_FORM)
class LobbyRooms(TypedDict):
    type: Literal["lobby"]
    rooms: list[RoomSummary]


@with_config(_FORM)
class LobbyRoom(TypedDict):
    type: Literal["lobby_room"]
    room: RoomSummary


@with_config(_FORM)
class LobbyRoomGone(TypedDict):
    type: Literal["lobby_room_gone"]
    id: str


_typed_dict: Any = TypedDict  # called with names known at run time only


def _event_forms() -> list[Any]:
    """One form per engine event kind, from the engine's own table of its fields: the
    dicts of ``Event.to_dict()`` as they are."""
    forms = []
    for kind, fields in event_json_types().items():
        name = "".join(part.title() for part in kind.split("_")) + "Event"
        form = _typed_dict(name, {"kind": Literal[kind], **fields})
        forms.append(with_config(ConfigDict(extra="forbid"))(form))
    return forms


EVENT_FORMS = _event_forms()
if TYPE_CHECKING:  # built at run time from the engine's table: to the type checker, a dict
    SentEvent = dict[str, Any]
else:
    SentEvent = Annotated[functools.reduce(operator.or_, EVENT_FORMS), Field(discriminator="kind")]


@with_config(_FORM)
class Events(TypedDict):
    """A round's events after the last one this connection got, as it may see them."""

    type: Literal["events"]
    round: int
    events: list[SentEvent]


@with_config(_FORM)
class BidChoice(TypedDict):
    cards: list[str]
    bid_kind: str | None


@with_config(_FORM)
class FriendCallChoice(TypedDict):
    card: str | None
    solo: bool


@with_config(_FORM)
class Choices(TypedDict):
    """What the engine allows this seat now (docs/protocol.md, ``view``)."""

    bids: list[BidChoice]
    friend_calls: list[FriendCallChoice]
    plays: list[list[str]]
    plays_complete: bool
    swaps: list[list[list[str]]]
    swaps_complete: bool
    burial: list[str] | None
    give_back: list[str] | None


@with_config(_FORM)
class Points(TypedDict):
    seats: list[int]
    points: int


@with_config(_FORM)
class Suits(TypedDict):
    """Each effective suit's cards, weakest first (R-1.5, R-2)."""

    S: list[str]
    H: list[str]
    C: list[str]
    D: list[str]
    trump: list[str]


@with_config(_FORM)
class ViewMessage(TypedDict):
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


@with_config(_FORM)
class RoundOver(TypedDict):
    type: Literal["round_over"]
    round: int
    round_id: int
    result: ResultDict
    standings: Standings


@with_config(_FORM)
class SeriesOver(TypedDict):
    type: Literal["series_over"]
    standings: Standings


@with_config(_FORM)
class ChatLine(TypedDict):
    """Free ``text``, or a fixed ``phrase`` (R-11.4)."""

    type: Literal["chat"]
    seat: int | None
    name: str
    text: str | None
    phrase: str | None


@with_config(_FORM)
class HintAnswer(TypedDict):
    type: Literal["hint"]
    round: int | None
    action: ActionDict | None
    ref: str | None


Sent = (
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
    | HintAnswer
)
ServerMessage = Annotated[Sent, Field(discriminator="type")]
SERVER_MESSAGES: TypeAdapter[Sent] = TypeAdapter(ServerMessage)


# What the gateway needs to know of a message it passes on, without reading it:
# (type, ref, round, first event number, last event number).
Meta = tuple[str, str | None, int | None, int | None, int | None]


def meta_of(message: Sent) -> Meta:
    """The :data:`Meta` of a server message.

    >>> pass_ = {"kind": "pass", "seat": 0}
    >>> meta_of(Events(type="events", round=2, events=[{**pass_, "seq": 7}, {**pass_, "seq": 9}]))
    ('events', None, 2, 7, 9)
    >>> meta_of(Ack(type="ack", ref="r3"))
    ('ack', 'r3', None, None, None)
    """
    if message["type"] == "events":
        events = message["events"]
        return "events", None, message["round"], events[0]["seq"], events[-1]["seq"]
    ref = message.get("ref")
    return message["type"], ref if isinstance(ref, str) else None, None, None, None


def packed(message: Sent) -> tuple[str, Meta]:
    """A server message serialized once (for as many connections as get it), with its meta."""
    return orjson.dumps(message).decode(), meta_of(message)


def error(code: str, message: str, ref: str | None = None) -> Error:
    """An ``error`` message for a client (``rule``, ``template`` and ``params`` are for
    ``illegal_action``)."""
    return Error(
        type="error", code=code, message=message, ref=ref, rule=None, template=None, params=None
    )


_ACTIONS: TypeAdapter[ActionDict] = TypeAdapter(ActionDict)


def action_form(action: Action) -> ActionDict:
    """An action in its declared wire form (engine/wire.py), checked."""
    return _ACTIONS.validate_python(action.to_dict())


def pong(ref: str | None) -> Pong:
    """The answer to a ``ping``."""
    return Pong(type="pong", ref=ref)


# --- what the HTTP endpoints answer ----------------------------------------------------------


class Refusal(TypedDict):
    code: str
    message: str


@with_config(_FORM)
class ErrorBody(TypedDict):
    """Every refused request: its code and a message naming what is wrong."""

    error: Refusal


@with_config(_FORM)
class Session(TypedDict):
    token: str
    account: Account


@with_config(_FORM)
class LoggedOut(TypedDict):
    ok: bool


@with_config(_FORM)
class HistoryEntry(TypedDict):
    """A round's score or a 强退 charge (R-11.2, R-11.3)."""

    kind: Literal["round", "quit"]
    points: int
    seat: int
    room_id: str
    round_id: int | None
    created_at: str
    number: int | None
    preset: str
    room_name: str


@with_config(_FORM)
class SeriesEntry(TypedDict):
    """A room an account played in, with its 积分 from it."""

    id: str
    name: str
    preset: str
    status: RoomStatus
    series_rounds: int
    points: int
    rounds: int
    last: str  # the latest score's time (ISO 8601)


@with_config(_FORM)
class Profile(Account):
    history: list[HistoryEntry]
    series: list[SeriesEntry]


@with_config(_FORM)
class History(TypedDict):
    name: str
    history: list[HistoryEntry]


@with_config(_FORM)
class Leader(TypedDict):
    rank: int
    name: str
    score: int
    title: Localized
    rounds_played: int
    series_played: int


@with_config(_FORM)
class Leaderboard(TypedDict):
    leaders: list[Leader]


@with_config(_FORM)
class PresetOption(TypedDict):
    name: str
    help: str
    choices: list[int | str | bool] | None
    minimum: int | None
    maximum: int | None
    default: int | str | bool


@with_config(_FORM)
class PresetInfo(TypedDict):
    name: str
    title: str
    players: int
    mode: Literal["ding", "xun"]
    options: list[PresetOption]


@with_config(_FORM)
class Presets(TypedDict):
    presets: list[PresetInfo]
    phrases: dict[str, Localized]


@with_config(_FORM)
class RoomList(TypedDict):
    rooms: list[RoomSummary]


@with_config(_FORM)
class CreatedRoom(TypedDict):
    room: RoomSummary


@with_config(_FORM)
class RoomRound(TypedDict):
    id: int
    number: int
    finished: bool


@with_config(_FORM)
class RoomInfo(TypedDict):
    """A room, its rounds so far, and its final standings once its series is over."""

    room: RoomSummary
    rounds: list[RoomRound]
    result: Standings | None


@with_config(_FORM)
class Health(TypedDict):
    """``/healthz``: this process, its rooms and connections, and its services (``redis``
    null when it runs alone); ``status`` unavailable (and 503) when one does not answer."""

    status: Literal["ok", "unavailable"]
    process: str
    rooms: list[str]
    connections: int
    database: str
    redis: str | None


class HttpAnswers(TypedDict):
    """What each HTTP endpoint answers (docs/protocol.md)."""

    error: ErrorBody
    health: Health
    session: Session
    logged_out: LoggedOut
    account: Account
    profile: Profile
    history: History
    leaderboard: Leaderboard
    presets: Presets
    rooms: RoomList
    created_room: CreatedRoom
    room: RoomInfo
    record: RecordDict


class _Wire(TypedDict):
    """Both directions of the WebSocket, and the HTTP answers."""

    client: ClientMessage
    server: ServerMessage
    http: HttpAnswers


class _Schema(GenerateJsonSchema):
    """Titles for the messages and their parts, not for each field: generated client
    types then read ``ref: string | null``, not an alias per field."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def json_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of every message of the protocol: ``properties.client``,
    what a client sends, ``properties.server``, what the server sends, and
    ``properties.http``, what each HTTP endpoint answers (``zpy schema``)."""
    schema = TypeAdapter(_Wire).json_schema(schema_generator=_Schema)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://zhaopengyou.invalid/protocol/{PROTOCOL_VERSION}",
        **schema,
        "title": "Protocol",
        "description": f"The zhaopengyou protocol {PROTOCOL_VERSION} (docs/protocol.md): "
        "client, a message a client sends; server, one the server sends; http, what each "
        "HTTP endpoint answers.",
        "additionalProperties": False,
    }

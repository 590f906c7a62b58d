"""The FastAPI application: HTTP endpoints, the WebSocket, and the process's life.

``create_app(database_url)`` builds an app whose startup applies the migrations,
starts the database writer and rebuilds every unfinished room; ``zpy serve`` runs it
with uvicorn. docs/protocol.md describes every endpoint and message.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

import orjson
from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ..engine.presets import PRESETS
from ..i18n import tr
from . import accounts as acc
from . import logs
from . import protocol as p
from .db import database_url, make_engine, migrate, ping
from .hub import Hub, RoomRefused, RoomRequest
from .metrics import METRICS
from .room import PHRASES, Room, gone
from .store import NameTaken, Store

log = logging.getLogger("zhaopengyou.server")

STATIC = Path(__file__).parent / "static"
NOT_BUILT = (
    "<!doctype html><meta charset=utf-8><title>zhaopengyou</title>"
    "<p>The browser client is not built: run <code>make run</code>, or"
    " <code>cd web && npm ci && npm run build</code>, then start the server again.</p>"
)
HELLO_SECONDS = 10.0
OUTBOX_LIMIT = 2000  # messages waiting for a slow client before it is dropped


class ApiError(HTTPException):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(status, detail={"code": code, "message": message})


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=100)  # check_name says what a name may be
    password: str = Field(max_length=1000)  # check_password says how long


def titles(score: int) -> dict[str, str]:
    """The R-11.3 title of a total in the three languages."""
    return {lang: acc.title(score, lang) for lang in ("zh-Hans", "zh-Hant", "en")}


def public_account(row: dict[str, Any]) -> dict[str, Any]:
    """What anyone may see of an account (R-11.3 title in the three languages)."""
    return {
        "id": row["id"],
        "name": row["name"],
        "guest": row["guest"],
        "score": row["score"],
        "title": titles(row["score"]),
        "rounds_played": row["rounds_played"],
        "series_played": row["series_played"],
    }


class Connection:
    """One WebSocket client: its account, language, room and outgoing queue."""

    def __init__(self, websocket: WebSocket, account: dict[str, Any], lang: str) -> None:
        self.websocket = websocket
        self.account = account
        self.lang = lang
        self.room: Room | None = None
        self._outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self._sender = asyncio.get_running_loop().create_task(self._send_forever())
        self.rate = p.RateLimit()
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
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
            while True:
                message = await self._outbox.get()
                if message is None:
                    break
                await self.websocket.send_text(orjson.dumps(message).decode())
        except Exception:
            pass
        finally:
            self.closed = True
            if self.websocket.client_state is WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    await self.websocket.close()

    async def finish(self) -> None:
        """The client is gone: drop what it would have been sent."""
        self.closed = True
        self._sender.cancel()
        with contextlib.suppress(BaseException):
            await self._sender


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def store_of(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def bearer(authorization: str | None) -> str:
    return (authorization or "").removeprefix("Bearer ").strip()


async def current_account(
    request: Request, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    """The account of the request's ``Authorization: Bearer <token>``, else 401."""
    token = bearer(authorization)
    account = await store_of(request).session_account(token) if token else None
    if account is None:
        raise ApiError(
            401, p.UNAUTHORIZED, "a valid session token is needed (Authorization: Bearer …)"
        )
    return account


Account = Annotated[dict[str, Any], Depends(current_account)]


def create_app(url: str | None = None) -> FastAPI:
    """The server application on the database at ``url`` (default: SQLite in ./data)."""
    url = database_url(url)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(url)
        await migrate(engine)
        store = Store(engine)
        store.start()
        hub = Hub(store)
        app.state.store = store
        app.state.hub = hub
        restored = await hub.restore()
        logs.event("server_started", database=engine.url.render_as_string(), rooms=restored)
        yield
        await hub.close()
        await store.close()
        logs.event("server_stopped")

    app = FastAPI(title="zhaopengyou", version=str(p.PROTOCOL_VERSION), lifespan=lifespan)

    @app.exception_handler(ApiError)
    async def api_error(_: Request, err: ApiError) -> JSONResponse:
        return JSONResponse({"error": err.detail}, status_code=err.status_code)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, err: RequestValidationError) -> JSONResponse:
        """Every refusal has one shape: ``{"error": {"code", "message"}}``."""
        first = err.errors()[0]
        where = ".".join(str(part) for part in first["loc"] if part != "body") or "request"
        message = f"{where}: {first['msg']}"
        return JSONResponse({"error": {"code": "bad_request", "message": message}}, status_code=400)

    # --- health and metrics -----------------------------------------------------------

    @app.get("/healthz")
    async def healthz(request: Request) -> JSONResponse:
        if await ping(store_of(request).engine):
            return JSONResponse({"status": "ok"})
        return JSONResponse({"status": "database unreachable"}, status_code=503)

    @app.get("/metrics")
    async def metrics() -> Response:
        return Response(METRICS.render(), media_type="text/plain; version=0.0.4")

    # --- accounts ---------------------------------------------------------------------

    async def session_for(request: Request, account_id: int) -> dict[str, Any]:
        store = store_of(request)
        token = await store.new_session(account_id)
        row = await store.account(account_id=account_id)
        assert row is not None
        return {"token": token, "account": public_account(row)}

    @app.post("/api/guest")
    async def guest(request: Request) -> dict[str, Any]:
        store = store_of(request)
        for _ in range(5):
            try:
                account_id = await store.create_account(acc.guest_name(), None, guest=True)
            except NameTaken:
                continue
            return await session_for(request, account_id)
        raise ApiError(503, "busy", "no guest name was free; try again")

    @app.post("/api/register")
    async def register(
        request: Request,
        credentials: Credentials,
        authorization: Annotated[str | None, Header()] = None,
    ) -> dict[str, Any]:
        """A new account; a guest's token in ``Authorization`` registers that guest."""
        refused = acc.check_name(credentials.name) or acc.check_password(credentials.password)
        if refused:
            raise ApiError(400, "bad_credentials", refused)
        store = store_of(request)
        hashed = acc.hash_password(credentials.password)
        token = bearer(authorization)
        current = await store.session_account(token) if token else None
        try:
            if current is not None and current["guest"]:
                await store.register_guest(current["id"], credentials.name, hashed)
                account_id = current["id"]
            else:
                account_id = await store.create_account(credentials.name, hashed, guest=False)
        except NameTaken:
            raise ApiError(409, "name_taken", f"the name {credentials.name!r} is taken") from None
        logs.event("account_registered", account=account_id)
        return await session_for(request, account_id)

    @app.post("/api/login")
    async def login(request: Request, credentials: Credentials) -> dict[str, Any]:
        row = await store_of(request).account(name=credentials.name)
        if row is None or not acc.verify_password(row["password_hash"], credentials.password):
            raise ApiError(401, p.UNAUTHORIZED, "wrong name or password")
        return await session_for(request, row["id"])

    @app.post("/api/logout")
    async def logout(
        request: Request, account: Account, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        await store_of(request).end_session(bearer(authorization))
        return {"ok": True}

    @app.get("/api/me")
    async def me(account: Account) -> dict[str, Any]:
        return public_account(account)

    @app.get("/api/accounts/{name}")
    async def profile(request: Request, name: str) -> dict[str, Any]:
        store = store_of(request)
        row = await store.account(name=name)
        if row is None:
            raise ApiError(404, "no_account", f"no account called {name!r}")
        return {
            **public_account(row),
            "history": await store.history(row["id"], 20),
            "series": await store.series(row["id"], 20),
        }

    @app.get("/api/accounts/{name}/history")
    async def history(
        request: Request, name: str, limit: Annotated[int, Query(ge=1, le=500)] = 100
    ) -> dict[str, Any]:
        store = store_of(request)
        row = await store.account(name=name)
        if row is None:
            raise ApiError(404, "no_account", f"no account called {name!r}")
        return {"name": row["name"], "history": await store.history(row["id"], limit)}

    @app.get("/api/leaderboard")
    async def leaderboard(
        request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 50
    ) -> dict[str, Any]:
        rows = await store_of(request).leaderboard(limit)
        return {
            "leaders": [
                {
                    **row,
                    "rank": i + 1,
                    "title": titles(row["score"]),
                }
                for i, row in enumerate(rows)
            ]
        }

    # --- rooms and records ------------------------------------------------------------

    @app.get("/api/presets")
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

    @app.get("/api/rooms")
    async def rooms(request: Request, lang: str = "zh-Hans") -> dict[str, Any]:
        return {"rooms": hub_of(request).listing(lang)}

    @app.post("/api/rooms", status_code=201)
    async def create_room(request: Request, account: Account, body: RoomRequest) -> dict[str, Any]:
        try:
            room = await hub_of(request).create(account, body)
        except RoomRefused as err:
            raise ApiError(400, "bad_room", str(err)) from None
        summary = room.summary("zh-Hans")
        if room.invite_code is not None:
            summary["invite_code"] = room.invite_code
        return {"room": summary}

    @app.get("/api/rooms/{room_id}")
    async def room_info(request: Request, room_id: str, lang: str = "zh-Hans") -> dict[str, Any]:
        """A room in play or open, or a finished one from the database; private rooms
        are shown only to who knows their invitation code (``?code=``)."""
        store = store_of(request)
        room = hub_of(request).rooms.get(room_id)
        code = request.query_params.get("code")
        if room is not None:
            if room.private and code != room.invite_code:
                raise ApiError(404, p.NO_ROOM, f"no room {room_id!r}")
            summary = room.summary(lang)
        else:
            stored = await store.finished_room(room_id)
            if stored is None or (stored["private"] and code != stored["invite_code"]):
                raise ApiError(404, p.NO_ROOM, f"no room {room_id!r}")
            summary = {k: v for k, v in stored.items() if k != "invite_code"}
        return {"room": summary, "rounds": await store.room_rounds(room_id)}

    @app.get("/api/rounds/{round_id}/record")
    async def record(request: Request, round_id: int) -> JSONResponse:
        """A finished round's zpy-record/1 (public once the round is over)."""
        found = await store_of(request).round_record(round_id)
        if found is None:
            raise ApiError(
                404, "no_record", f"round {round_id} has no record (unknown or unfinished)"
            )
        return JSONResponse(found)

    # --- the WebSocket ----------------------------------------------------------------

    @app.websocket("/ws")
    async def websocket(socket: WebSocket) -> None:
        await socket.accept()
        hub: Hub = socket.app.state.hub
        store: Store = socket.app.state.store
        try:
            text = await asyncio.wait_for(receive(socket), HELLO_SECONDS)
            hello = p.parse_client(text)
            if not isinstance(hello, p.Hello):
                raise p.ProtocolError(p.BAD_MESSAGE, "the first message is hello")
            if hello.version != p.PROTOCOL_VERSION:
                raise p.ProtocolError(
                    p.VERSION, f"this server speaks protocol version {p.PROTOCOL_VERSION}"
                )
            account = await store.session_account(hello.token)
            if account is None:
                raise p.ProtocolError(p.UNAUTHORIZED, "the session token is unknown or expired")
        except (TimeoutError, WebSocketDisconnect):
            with contextlib.suppress(Exception):
                await socket.close()
            return
        except p.ProtocolError as err:
            METRICS.rejected.labels(err.code).inc()
            with contextlib.suppress(Exception):
                await socket.send_json(p.error(err.code, err.detail, err.ref))
                await socket.close(code=1008)
            return
        client = Connection(socket, account, hello.lang)
        METRICS.connections.inc()
        client.send(
            {
                "type": "welcome",
                "version": p.PROTOCOL_VERSION,
                "account": public_account(account),
                "ref": hello.ref,
            }
        )
        try:
            while not client.closed:
                text = await receive(socket)
                if not client.rate.allow():
                    METRICS.rejected.labels(p.RATE_LIMITED).inc()
                    client.send(
                        p.error(p.RATE_LIMITED, tr("too many messages: slow down", client.lang))
                    )
                    continue
                try:
                    message = p.parse_client(text)
                except p.ProtocolError as err:
                    METRICS.rejected.labels(err.code).inc()
                    client.send(p.error(err.code, err.detail, err.ref))
                    continue
                dispatch(hub, client, message)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            METRICS.connections.dec()
            hub.unfollow(client)
            if client.room is not None:
                client.room.post(None, gone(client))
            await client.finish()

    # --- the browser client (web/, built into static/) -------------------------------

    @app.get("/", include_in_schema=False)
    async def client_page() -> Response:
        index = STATIC / "index.html"
        if not index.is_file():
            return HTMLResponse(NOT_BUILT, status_code=503)
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    app.mount("/assets", StaticFiles(directory=STATIC / "assets", check_dir=False), name="assets")
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    return app


async def receive(socket: WebSocket) -> str | bytes:
    """The next frame, text or binary (a binary frame is refused as not JSON text)."""
    message = await socket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text: str | None = message.get("text")
    if text is not None:
        return text
    data: bytes = message.get("bytes") or b""
    return b"\x00" + data  # never valid JSON: answered with bad_message


def dispatch(hub: Hub, client: Connection, message: Any) -> None:
    """Route a validated client message: the lobby here, everything else to a room."""
    if isinstance(message, p.Ping):
        client.send({"type": "pong", "ref": message.ref})
    elif isinstance(message, p.Hello):
        client.send(p.error(p.BAD_MESSAGE, "already said hello", message.ref))
    elif isinstance(message, p.Lobby):
        if message.follow:
            hub.follow(client)
        else:
            hub.unfollow(client)
            client.send({"type": "ack", "ref": message.ref})
    elif isinstance(message, p.Join | p.Watch):
        room = hub.find(message.room, message.code, client.account["id"])
        if room is None:
            client.send(p.error(p.NO_ROOM, tr("no such room", client.lang), message.ref))
            return
        if client.room is not None and client.room is not room:
            if client.room.playing_here(client):
                client.send(
                    p.error(
                        p.NOT_ALLOWED,
                        tr("you are playing a series: leave it first (强退, R-11.2)", client.lang),
                        message.ref,
                    )
                )
                return
            client.room.post(None, gone(client))  # one room at a time
        client.room = room  # what the client sends next goes after this, in order
        room.post(client, message)
    elif client.room is None:
        client.send(p.error(p.NO_ROOM, tr("you are not in a room", client.lang), message.ref))
    else:
        client.room.post(client, message)

"""The WebSocket (``/ws``): the handshake, then every message to the gateway."""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from ...i18n import tr
from .. import protocol as p
from ..metrics import METRICS
from .common import public_account

router = APIRouter()
HELLO_SECONDS = 10.0


@router.websocket("/ws")
async def websocket(socket: WebSocket) -> None:
    await socket.accept()
    node = socket.app.state.node
    try:
        text = await asyncio.wait_for(receive(socket), HELLO_SECONDS)
        hello = p.parse_client(text)
        if not isinstance(hello, p.Hello):
            raise p.ProtocolError(p.BAD_MESSAGE, "the first message is hello", hello.ref)
        if hello.version != p.PROTOCOL_VERSION:
            raise p.ProtocolError(
                p.VERSION, f"this server speaks protocol version {p.PROTOCOL_VERSION}", hello.ref
            )
        account = await node.store.session_account(hello.token)
        if account is None:
            raise p.ProtocolError(
                p.UNAUTHORIZED, "the session token is unknown or expired", hello.ref
            )
    except (TimeoutError, WebSocketDisconnect):
        with contextlib.suppress(Exception):
            await socket.close()
        return
    except p.ProtocolError as err:
        METRICS.rejected.labels(err.code).inc()
        with contextlib.suppress(Exception):
            await socket.send_text(p.packed(p.error(err.code, err.detail, err.ref))[0])
            await socket.close(code=1008)
        return
    gateway = node.gateway
    client = gateway.open(socket, account, hello.lang)
    METRICS.connections.inc()
    client.send(
        p.Welcome(
            type="welcome",
            version=p.PROTOCOL_VERSION,
            account=public_account(account),
            ref=hello.ref,
        )
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
            await gateway.dispatch(client, message)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        METRICS.connections.dec()
        await gateway.closed(client)


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

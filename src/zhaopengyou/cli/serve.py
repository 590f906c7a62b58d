"""``zpy serve``: the online server (FastAPI + uvicorn) on a database.

The default database is SQLite in ``./data/zhaopengyou.db`` (made on first start); any
SQLAlchemy URL works (``postgresql+asyncpg://user@host/db``). Migrations are applied at
start. Alone, the process rebuilds every unfinished room from its history; with
``--redis`` it joins the cluster of its database and Redis (docs/scaling.md).
"""

from __future__ import annotations

import gc
import socket

import uvicorn

from ..i18n import tr
from ..server import logs
from ..server.protocol import MAX_MESSAGE_BYTES


def browser_url(host: str, port: int) -> str:
    """The address a browser on this machine opens for a server bound to host:port.

    >>> browser_url("0.0.0.0", 8000)
    'http://127.0.0.1:8000/'
    >>> browser_url("::1", 9000)
    'http://[::1]:9000/'
    """
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "::1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


class _AnnouncingServer(uvicorn.Server):
    """Says where to point a browser once the socket listens (not before: the port may be taken)."""

    def __init__(self, config: uvicorn.Config, announcement: str) -> None:
        super().__init__(config)
        self.announcement = announcement

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            print(self.announcement, flush=True)


def run_serve(
    *,
    host: str,
    port: int,
    db: str | None,
    redis: str | None = None,
    prefix: str = "zpy",
    lease: float = 3.0,
    log_level: str,
    lang: str,
) -> None:
    from ..server.app import create_app
    from ..server.node import new_process_id

    process = new_process_id()
    logs.setup(log_level)
    logs.PROCESS = process
    # A server's heap is large and long-lived: collect young objects less often, so that
    # the full collections that stop every room for a moment come seldom.
    gc.set_threshold(50_000, 20, 100)
    config = uvicorn.Config(
        create_app(db, redis=redis, prefix=prefix, lease=lease, process=process),
        log_config=None,  # the server's JSON lines (logs.setup), uvicorn's included
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        # Frames up to this size get the protocol's too_large answer; a larger one closes
        # the connection (code 1009) before it is read into memory.
        ws_max_size=MAX_MESSAGE_BYTES * 4,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        ws_per_message_deflate=False,  # small JSON frames: compressing costs more than it saves
        timeout_graceful_shutdown=5,
    )
    announcement = tr(
        "zhaopengyou is running: open {url} in a browser (Ctrl+C stops it)",
        lang,
        url=browser_url(host, port),
    )
    _AnnouncingServer(config, announcement).run()

"""``zpy serve``: the online server (FastAPI + uvicorn) on a database.

The default database is SQLite in ``./data/zhaopengyou.db`` (made on first start); any
SQLAlchemy URL works (``postgresql+asyncpg://user@host/db``). Migrations are applied at
start; every unfinished room is rebuilt from its history.
"""

from __future__ import annotations

import gc

from ..server import logs
from ..server.protocol import MAX_MESSAGE_BYTES


def run_serve(*, host: str, port: int, db: str | None, log_level: str) -> None:
    import uvicorn

    from ..server.app import create_app

    logs.setup(log_level)
    # A server's heap is large and long-lived: collect young objects less often, so that
    # the full collections that stop every room for a moment come seldom.
    gc.set_threshold(50_000, 20, 100)
    uvicorn.run(
        create_app(db),
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

"""The FastAPI application: its routes (by resource, in ``routers/``) and this process's
life in the card room (:class:`~zhaopengyou.server.node.Node`).

``create_app(database_url)`` builds an app whose startup applies the migrations, starts
the database writer and takes its rooms (all of them when it runs alone; with
``redis=…`` it joins the cluster of that database and Redis); ``zpy serve`` runs it with
uvicorn. docs/protocol.md describes every endpoint and message, docs/scaling.md the
cluster.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from . import protocol as p
from .node import Node, NodeConfig
from .routers import accounts, client, operations, rooms, socket
from .routers.common import ApiError


def create_app(url: str | None = None, **options: Any) -> FastAPI:
    """The server application on the database at ``url`` (default: SQLite in ./data);
    ``options`` are :class:`NodeConfig`'s (``redis``, ``prefix``, ``lease``, ``process``)."""
    node = Node(NodeConfig(database=url, **options))

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await node.start()
        yield
        await node.stop()

    app = FastAPI(title="zhaopengyou", version=str(p.PROTOCOL_VERSION), lifespan=lifespan)
    app.state.node = node

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

    for router in (operations, accounts, rooms, socket, client):
        app.include_router(router.router)
    app.mount(
        "/assets", StaticFiles(directory=client.STATIC / "assets", check_dir=False), name="assets"
    )
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    return app

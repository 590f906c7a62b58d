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
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from . import protocol as p
from .node import Node, NodeConfig
from .routers import accounts, client, operations, rooms, socket
from .routers.common import ApiError

BAD_REQUEST = {
    "description": "the request does not fit the endpoint (bad_request, naming the field)",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
}


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

    def openapi() -> dict[str, Any]:
        """FastAPI documents a request that does not fit as 422; this app answers 400."""
        if app.openapi_schema is None:
            document = get_openapi(title=app.title, version=app.version, routes=app.routes)
            for methods in document["paths"].values():
                for route in methods.values():
                    if route["responses"].pop("422", None) is not None:
                        route["responses"]["400"] = BAD_REQUEST
            for unused in ("HTTPValidationError", "ValidationError"):
                document["components"]["schemas"].pop(unused, None)
            app.openapi_schema = document
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    app.mount(
        "/assets", StaticFiles(directory=client.STATIC / "assets", check_dir=False), name="assets"
    )
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    return app

"""The browser client (web/, built into static/): its page; its assets are mounted by
the app."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, HTMLResponse, Response

router = APIRouter()

STATIC = Path(__file__).parents[1] / "static"
NOT_BUILT = (
    "<!doctype html><meta charset=utf-8><title>zhaopengyou</title>"
    "<p>The browser client is not built: run <code>make run</code>, or"
    " <code>cd web && npm ci && npm run build</code>, then start the server again.</p>"
)


@router.get("/", include_in_schema=False)
async def client_page() -> Response:
    index = STATIC / "index.html"
    if not index.is_file():
        return HTMLResponse(NOT_BUILT, status_code=503)
    return FileResponse(index, headers={"Cache-Control": "no-cache"})

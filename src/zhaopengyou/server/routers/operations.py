"""Operations: each process's health and its Prometheus metrics."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from .. import protocol as p
from ..metrics import METRICS
from .common import node_of

router = APIRouter()


@router.get("/healthz", response_model=p.Health, responses={503: {"model": p.Health}})
async def healthz(request: Request) -> JSONResponse:
    """This process: its id, the rooms it runs, its connections, and whether its
    database and Redis answer (503 when one does not)."""
    health = await node_of(request).health()
    return JSONResponse(health, status_code=200 if health["status"] == "ok" else 503)


@router.get("/metrics")
async def metrics() -> Response:
    return Response(METRICS.render(), media_type="text/plain; version=0.0.4")

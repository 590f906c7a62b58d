"""What the routes share: the error shape, the account of a request, this process."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Header, HTTPException, Request

from .. import accounts as acc
from .. import protocol as p
from ..node import Node
from ..store import Store


class ApiError(HTTPException):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(status, detail={"code": code, "message": message})


def node_of(request: Request) -> Node:
    node: Node = request.app.state.node
    return node


def store_of(request: Request) -> Store:
    return node_of(request).store


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


def titles(score: int) -> p.Localized:
    """The R-11.3 title of a total in the three languages."""
    return {
        "zh-Hans": acc.title(score, "zh-Hans"),
        "zh-Hant": acc.title(score, "zh-Hant"),
        "en": acc.title(score, "en"),
    }


def public_account(row: dict[str, Any]) -> p.Account:
    """What anyone may see of an account (R-11.3 title in the three languages)."""
    return p.Account(
        id=row["id"],
        name=row["name"],
        guest=row["guest"],
        score=row["score"],
        title=titles(row["score"]),
        rounds_played=row["rounds_played"],
        series_played=row["series_played"],
    )

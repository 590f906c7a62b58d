"""Accounts: guests, registering, logging in and out, profiles and the leaderboard."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from .. import accounts as acc
from .. import logs
from .. import protocol as p
from ..store import NameTaken
from .common import Account, ApiError, bearer, public_account, store_of, titles

router = APIRouter()


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(max_length=100)  # check_name says what a name may be
    password: str = Field(max_length=1000)  # check_password says how long


async def session_for(request: Request, account_id: int) -> dict[str, Any]:
    store = store_of(request)
    token = await store.new_session(account_id)
    row = await store.account(account_id=account_id)
    assert row is not None
    return {"token": token, "account": public_account(row)}


@router.post("/api/guest")
async def guest(request: Request) -> dict[str, Any]:
    store = store_of(request)
    for _ in range(5):
        try:
            account_id = await store.create_account(acc.guest_name(), None, guest=True)
        except NameTaken:
            continue
        return await session_for(request, account_id)
    raise ApiError(503, "busy", "no guest name was free; try again")


@router.post("/api/register")
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


@router.post("/api/login")
async def login(request: Request, credentials: Credentials) -> dict[str, Any]:
    row = await store_of(request).account(name=credentials.name)
    if row is None or not acc.verify_password(row["password_hash"], credentials.password):
        raise ApiError(401, p.UNAUTHORIZED, "wrong name or password")
    return await session_for(request, row["id"])


@router.post("/api/logout")
async def logout(
    request: Request, account: Account, authorization: Annotated[str | None, Header()] = None
) -> dict[str, Any]:
    await store_of(request).end_session(bearer(authorization))
    return {"ok": True}


@router.get("/api/me")
async def me(account: Account) -> dict[str, Any]:
    return public_account(account)


@router.get("/api/accounts/{name}")
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


@router.get("/api/accounts/{name}/history")
async def history(
    request: Request, name: str, limit: Annotated[int, Query(ge=1, le=500)] = 100
) -> dict[str, Any]:
    store = store_of(request)
    row = await store.account(name=name)
    if row is None:
        raise ApiError(404, "no_account", f"no account called {name!r}")
    return {"name": row["name"], "history": await store.history(row["id"], limit)}


@router.get("/api/leaderboard")
async def leaderboard(
    request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 50
) -> dict[str, Any]:
    rows = await store_of(request).leaderboard(limit)
    return {
        "leaders": [
            {**row, "rank": i + 1, "title": titles(row["score"])} for i, row in enumerate(rows)
        ]
    }

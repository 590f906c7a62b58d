"""Accounts: guests, registering, logging in and out, profiles and the leaderboard."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, Query, Request
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from .. import accounts as acc
from .. import logs
from .. import protocol as p
from ..store import NameTaken
from .common import Account, ApiError, bearer, public_account, store_of, titles

router = APIRouter()
# The database's rows, checked as they become answers.
HISTORY: TypeAdapter[list[p.HistoryEntry]] = TypeAdapter(list[p.HistoryEntry])
SERIES: TypeAdapter[list[p.SeriesEntry]] = TypeAdapter(list[p.SeriesEntry])


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(max_length=100)  # check_name says what a name may be
    password: str = Field(max_length=1000)  # check_password says how long


async def session_for(request: Request, account_id: int) -> p.Session:
    store = store_of(request)
    token = await store.new_session(account_id)
    row = await store.account(account_id=account_id)
    assert row is not None
    return p.Session(token=token, account=public_account(row))


@router.post("/api/guest", responses={503: {"model": p.ErrorBody}})
async def guest(request: Request) -> p.Session:
    store = store_of(request)
    for _ in range(5):
        try:
            account_id = await store.create_account(acc.guest_name(), None, guest=True)
        except NameTaken:
            continue
        return await session_for(request, account_id)
    raise ApiError(503, "busy", "no guest name was free; try again")


@router.post("/api/register", responses={409: {"model": p.ErrorBody}})
async def register(
    request: Request,
    credentials: Credentials,
    authorization: Annotated[str | None, Header()] = None,
) -> p.Session:
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


@router.post("/api/login", responses={401: {"model": p.ErrorBody}})
async def login(request: Request, credentials: Credentials) -> p.Session:
    row = await store_of(request).account(name=credentials.name)
    if row is None or not acc.verify_password(row["password_hash"], credentials.password):
        raise ApiError(401, p.UNAUTHORIZED, "wrong name or password")
    return await session_for(request, row["id"])


@router.post("/api/logout", responses={401: {"model": p.ErrorBody}})
async def logout(
    request: Request, account: Account, authorization: Annotated[str | None, Header()] = None
) -> p.LoggedOut:
    await store_of(request).end_session(bearer(authorization))
    return p.LoggedOut(ok=True)


@router.get("/api/me", responses={401: {"model": p.ErrorBody}})
async def me(account: Account) -> p.Account:
    return public_account(account)


@router.get("/api/accounts/{name}", responses={404: {"model": p.ErrorBody}})
async def profile(request: Request, name: str) -> p.Profile:
    store = store_of(request)
    row = await store.account(name=name)
    if row is None:
        raise ApiError(404, "no_account", f"no account called {name!r}")
    return {
        **public_account(row),
        "history": HISTORY.validate_python(await store.history(row["id"], 20)),
        "series": SERIES.validate_python(await store.series(row["id"], 20)),
    }


@router.get("/api/accounts/{name}/history", responses={404: {"model": p.ErrorBody}})
async def history(
    request: Request, name: str, limit: Annotated[int, Query(ge=1, le=500)] = 100
) -> p.History:
    store = store_of(request)
    row = await store.account(name=name)
    if row is None:
        raise ApiError(404, "no_account", f"no account called {name!r}")
    entries = await store.history(row["id"], limit)
    return p.History(name=row["name"], history=HISTORY.validate_python(entries))


@router.get("/api/leaderboard")
async def leaderboard(
    request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 50
) -> p.Leaderboard:
    rows = await store_of(request).leaderboard(limit)
    return p.Leaderboard(
        leaders=[
            p.Leader(
                rank=i + 1,
                name=row["name"],
                score=row["score"],
                title=titles(row["score"]),
                rounds_played=row["rounds_played"],
                series_played=row["series_played"],
            )
            for i, row in enumerate(rows)
        ]
    )

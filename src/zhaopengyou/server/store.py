"""Persistence: every write goes through one writer task that commits in groups, so a
room can wait for its step to be durable before it tells anyone, without a database
round trip per action; reads use the connection pool.

Everything a room needs to resume lives here: the room's settings and seats, each
round's seed and seats, and every history step (``Round.history()``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import orjson
from sqlalchemy import case, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from . import accounts as acc
from .db import Account, GameRound, Room, RoomEvent, Score, Session, Step, utcnow

log = logging.getLogger("zhaopengyou.server")

# A write: a function of the connection, or history rows (the common case, which all
# the rooms' rows of a batch share one INSERT).
Job = Callable[[AsyncConnection], Awaitable[Any]] | list[dict[str, Any]]
_MAX_BATCH = 500


class NameTaken(Exception):
    """An account name already in use."""


@dataclass
class StoredRound:
    id: int
    number: int
    seed: int
    seats: dict[str, Any]
    steps: list[dict[str, Any]]
    finished: bool


@dataclass
class StoredRoom:
    row: dict[str, Any]
    rounds: list[StoredRound] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)


class Store:
    """The database behind the server (SQLite or PostgreSQL)."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._queue: asyncio.Queue[tuple[Job, asyncio.Future[Any]]] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self.commits = 0

    # --- the writer ---------------------------------------------------------------------

    def start(self) -> None:
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write_forever())

    async def close(self) -> None:
        """Finish every queued write, then stop."""
        if self._writer is not None:
            await self._queue.join()
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
            self._writer = None
        await self.engine.dispose()

    def submit(self, job: Job) -> asyncio.Future[Any]:
        """Queue a write; the future resolves once it is committed."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, future))
        return future

    async def _write_forever(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while len(batch) < _MAX_BATCH and not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await self._commit(batch)
            except Exception as err:
                log.exception("database write failed")
                for _, future in batch:
                    if not future.done():
                        future.set_exception(err)
            finally:
                for _ in batch:
                    self._queue.task_done()

    async def _commit(self, batch: list[tuple[Job, asyncio.Future[Any]]]) -> None:
        results: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
        rows = [row for job, _ in batch if isinstance(job, list) for row in job]
        async with self.engine.begin() as connection:
            if rows:
                await connection.execute(insert(Step), rows)
            for job, future in batch:
                if isinstance(job, list):
                    results.append((future, None, None))
                    continue
                try:
                    async with connection.begin_nested():  # one bad job fails alone
                        results.append((future, await job(connection), None))
                except Exception as err:
                    results.append((future, None, err))
        self.commits += 1
        for future, value, error in results:
            if future.done():
                continue
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(value)

    # --- accounts -----------------------------------------------------------------------

    async def create_account(self, name: str, password_hash: str | None, guest: bool) -> int:
        async def job(connection: AsyncConnection) -> int:
            result = await connection.execute(
                insert(Account).values(
                    name=name,
                    password_hash=password_hash,
                    guest=guest,
                    score=0,
                    rounds_played=0,
                    series_played=0,
                    created_at=utcnow(),
                )
            )
            return int(result.inserted_primary_key[0])  # type: ignore[index]

        try:
            return int(await self.submit(job))
        except IntegrityError:
            raise NameTaken(name) from None

    async def register_guest(self, account_id: int, name: str, password_hash: str) -> None:
        """A guest becomes a registered account, keeping its 积分 and history."""

        async def job(connection: AsyncConnection) -> None:
            await connection.execute(
                update(Account)
                .where(Account.id == account_id)
                .values(name=name, password_hash=password_hash, guest=False)
            )

        try:
            await self.submit(job)
        except IntegrityError:
            raise NameTaken(name) from None

    async def account(
        self, *, account_id: int | None = None, name: str | None = None
    ) -> dict[str, Any] | None:
        query = select(Account)
        query = (
            query.where(Account.id == account_id)
            if account_id is not None
            else query.where(Account.name == name)
        )
        async with self.engine.connect() as connection:
            row = (await connection.execute(query)).mappings().first()
        return dict(row) if row is not None else None

    async def new_session(self, account_id: int) -> str:
        token = acc.new_token()

        async def job(connection: AsyncConnection) -> None:
            now = utcnow()
            await connection.execute(
                insert(Session).values(
                    token_hash=acc.token_hash(token),
                    account_id=account_id,
                    created_at=now,
                    expires_at=now + acc.TOKEN_LIFETIME,
                )
            )

        await self.submit(job)
        return token

    async def session_account(self, token: str) -> dict[str, Any] | None:
        """The account a token logs in, if the token exists and has not expired."""
        query = (
            select(Account, Session.expires_at)
            .join(Session, Session.account_id == Account.id)
            .where(Session.token_hash == acc.token_hash(token))
        )
        async with self.engine.connect() as connection:
            row = (await connection.execute(query)).mappings().first()
        if row is None:
            return None
        expires = row["expires_at"]
        if expires.tzinfo is None:  # SQLite hands datetimes back without their zone
            from datetime import UTC

            expires = expires.replace(tzinfo=UTC)
        if expires <= utcnow():
            return None
        return {k: v for k, v in dict(row).items() if k != "expires_at"}

    async def end_session(self, token: str) -> None:
        async def job(connection: AsyncConnection) -> None:
            await connection.execute(
                delete(Session).where(Session.token_hash == acc.token_hash(token))
            )

        await self.submit(job)

    # --- rooms and rounds ---------------------------------------------------------------

    async def create_room(self, values: dict[str, Any]) -> None:
        async def job(connection: AsyncConnection) -> None:
            await connection.execute(insert(Room).values(created_at=utcnow(), **values))

        await self.submit(job)

    def update_room(self, room_id: str, **values: Any) -> asyncio.Future[Any]:
        async def job(connection: AsyncConnection) -> None:
            await connection.execute(update(Room).where(Room.id == room_id).values(**values))

        return self.submit(job)

    async def start_round(
        self, room_id: str, number: int, seed: int, seats: dict[str, Any], start: dict[str, Any]
    ) -> int:
        """A new round and its start step, in one transaction."""

        async def job(connection: AsyncConnection) -> int:
            result = await connection.execute(
                insert(GameRound).values(
                    room_id=room_id, number=number, seed=seed, seats=seats, started_at=utcnow()
                )
            )
            round_id = int(result.inserted_primary_key[0])  # type: ignore[index]
            await connection.execute(
                insert(Step).values(round_id=round_id, index=0, data=orjson.dumps(start).decode())
            )
            return round_id

        return int(await self.submit(job))

    def append_steps(
        self, round_id: int, first_index: int, steps: Sequence[dict[str, Any]]
    ) -> asyncio.Future[Any]:
        """Queue history steps; await the future for them to be durable."""
        return self.submit(
            [
                {
                    "round_id": round_id,
                    "index": first_index + i,
                    "data": orjson.dumps(step).decode(),
                }
                for i, step in enumerate(steps)
            ]
        )

    async def finish_round(
        self,
        room_id: str,
        round_id: int,
        record: dict[str, Any],
        scores: Sequence[tuple[int, int, int]],
    ) -> None:
        """The record and every seated account's 积分, in one transaction (R-10, R-11.3);
        ``scores`` are (account id, seat, points)."""

        async def job(connection: AsyncConnection) -> None:
            now = utcnow()
            await connection.execute(
                update(GameRound)
                .where(GameRound.id == round_id)
                .values(record=record, finished_at=now)
            )
            for account_id, seat, points in scores:
                await connection.execute(
                    insert(Score).values(
                        account_id=account_id,
                        room_id=room_id,
                        round_id=round_id,
                        seat=seat,
                        kind="round",
                        points=points,
                        created_at=now,
                    )
                )
                await connection.execute(
                    update(Account)
                    .where(Account.id == account_id)
                    .values(score=Account.score + points, rounds_played=Account.rounds_played + 1)
                )

        await self.submit(job)

    async def charge_quit(
        self,
        room_id: str,
        account_id: int,
        seat: int,
        points: int,
        round_number: int,
        after_trick: int,
    ) -> None:
        """强退 (R-11.2): the charge and the room event, in one transaction."""

        async def job(connection: AsyncConnection) -> None:
            await connection.execute(
                insert(Score).values(
                    account_id=account_id,
                    room_id=room_id,
                    round_id=None,
                    seat=seat,
                    kind="quit",
                    points=-points,
                    created_at=utcnow(),
                )
            )
            await connection.execute(
                update(Account).where(Account.id == account_id).values(score=Account.score - points)
            )
            await connection.execute(
                insert(RoomEvent).values(
                    room_id=room_id,
                    round_number=round_number,
                    kind="quit",
                    seat=seat,
                    after_trick=after_trick,
                )
            )

        await self.submit(job)

    def room_event(
        self, room_id: str, round_number: int, kind: str, seat: int, after_trick: int
    ) -> asyncio.Future[Any]:
        async def job(connection: AsyncConnection) -> None:
            await connection.execute(
                insert(RoomEvent).values(
                    room_id=room_id,
                    round_number=round_number,
                    kind=kind,
                    seat=seat,
                    after_trick=after_trick,
                )
            )

        return self.submit(job)

    async def finish_series(
        self, room_id: str, account_ids: Sequence[int], result: dict[str, Any]
    ) -> None:
        async def job(connection: AsyncConnection) -> None:
            await connection.execute(
                update(Room)
                .where(Room.id == room_id)
                .values(status="finished", finished_at=utcnow(), result=result)
            )
            for account_id in account_ids:
                await connection.execute(
                    update(Account)
                    .where(Account.id == account_id)
                    .values(series_played=Account.series_played + 1)
                )

        await self.submit(job)

    async def active_rooms(self) -> list[StoredRoom]:
        """Every room that is open or playing, with its rounds and their steps."""
        async with self.engine.connect() as connection:
            rooms = (
                (
                    await connection.execute(
                        select(Room)
                        .where(Room.status.in_(("open", "playing")))
                        .order_by(Room.created_at)
                    )
                )
                .mappings()
                .all()
            )
            out = []
            for row in rooms:
                stored = StoredRoom(dict(row))
                rounds = (
                    (
                        await connection.execute(
                            select(GameRound)
                            .where(GameRound.room_id == row["id"])
                            .order_by(GameRound.number)
                        )
                    )
                    .mappings()
                    .all()
                )
                for game in rounds:
                    steps = (
                        (
                            await connection.execute(
                                select(Step.data)
                                .where(Step.round_id == game["id"])
                                .order_by(Step.index)
                            )
                        )
                        .scalars()
                        .all()
                    )
                    stored.rounds.append(
                        StoredRound(
                            game["id"],
                            game["number"],
                            game["seed"],
                            game["seats"],
                            [orjson.loads(step) for step in steps],
                            game["record"] is not None,
                        )
                    )
                events = (
                    (
                        await connection.execute(
                            select(RoomEvent)
                            .where(RoomEvent.room_id == row["id"])
                            .order_by(RoomEvent.id)
                        )
                    )
                    .mappings()
                    .all()
                )
                stored.events = [dict(e) for e in events]
                out.append(stored)
        return out

    # --- queries ------------------------------------------------------------------------

    async def leaderboard(self, limit: int) -> list[dict[str, Any]]:
        query = (
            select(Account.name, Account.score, Account.rounds_played, Account.series_played)
            .where(Account.rounds_played > 0)
            .order_by(Account.score.desc(), Account.name)
            .limit(limit)
        )
        async with self.engine.connect() as connection:
            return [dict(r) for r in (await connection.execute(query)).mappings().all()]

    async def history(self, account_id: int, limit: int) -> list[dict[str, Any]]:
        """An account's latest round scores and 强退 charges, newest first."""
        query = (
            select(
                Score.kind,
                Score.points,
                Score.seat,
                Score.room_id,
                Score.round_id,
                Score.created_at,
                GameRound.number,
                Room.preset,
                Room.name.label("room_name"),
            )
            .join(Room, Room.id == Score.room_id)
            .outerjoin(GameRound, GameRound.id == Score.round_id)
            .where(Score.account_id == account_id)
            .order_by(Score.created_at.desc(), Score.id.desc())
            .limit(limit)
        )
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).mappings().all()
        return [{**dict(r), "created_at": _iso(r["created_at"])} for r in rows]

    async def series(self, account_id: int, limit: int) -> list[dict[str, Any]]:
        """The rooms an account played in, newest first, with its 积分 from each."""
        query = (
            select(
                Room.id,
                Room.name,
                Room.preset,
                Room.status,
                Room.series_rounds,
                func.sum(Score.points).label("points"),
                func.sum(case((Score.kind == "round", 1), else_=0)).label("rounds"),
                func.max(Score.created_at).label("last"),
            )
            .join(Score, Score.room_id == Room.id)
            .where(Score.account_id == account_id)
            .group_by(Room.id, Room.name, Room.preset, Room.status, Room.series_rounds)
            .order_by(func.max(Score.created_at).desc())
            .limit(limit)
        )
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).mappings().all()
        return [
            {
                **dict(r),
                "points": int(r["points"]),
                "rounds": int(r["rounds"]),
                "last": _iso(r["last"]),
            }
            for r in rows
        ]

    async def finished_room(self, room_id: str) -> dict[str, Any] | None:
        """What the server remembers of a room no longer in play."""
        query = select(
            Room.id,
            Room.name,
            Room.preset,
            Room.options,
            Room.series_rounds.label("rounds"),
            Room.private,
            Room.invite_code,
            Room.status,
            Room.seats,
            Room.result,
        ).where(Room.id == room_id)
        async with self.engine.connect() as connection:
            row = (await connection.execute(query)).mappings().first()
        return None if row is None else dict(row)

    async def round_record(self, round_id: int) -> dict[str, Any] | None:
        query = select(GameRound.record).where(GameRound.id == round_id)
        async with self.engine.connect() as connection:
            record = (await connection.execute(query)).scalar_one_or_none()
        return record

    async def room_rounds(self, room_id: str) -> list[dict[str, Any]]:
        query = (
            select(GameRound.id, GameRound.number, GameRound.finished_at)
            .where(GameRound.room_id == room_id)
            .order_by(GameRound.number)
        )
        async with self.engine.connect() as connection:
            rows = (await connection.execute(query)).mappings().all()
        return [
            {"id": r["id"], "number": r["number"], "finished": r["finished_at"] is not None}
            for r in rows
        ]

    async def count_accounts(self) -> int:
        async with self.engine.connect() as connection:
            return int((await connection.execute(select(func.count(Account.id)))).scalar_one())


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()

"""Persistence: every write goes through one writer task that commits in groups, so a
room can wait for its step to be durable before it tells anyone, without a database
round trip per action; reads use the connection pool.

Everything a room needs to resume lives here: the room's settings and seats, each
round's seed and seats, and every history step (``Round.history()``); and the room
leases that say which process runs each room. Every write of a room's state carries its
:class:`Fence` (room and lease epoch), checked in the write's own transaction: a process
that lost a room's lease can write nothing of it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import orjson
from sqlalchemy import (
    ColumnElement,
    case,
    delete,
    func,
    insert,
    literal,
    select,
    text,
    tuple_,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from ..records.wire import RecordDict
from . import accounts as acc
from .db import (
    Account,
    GameRound,
    Room,
    RoomEvent,
    RoomLease,
    Score,
    ServerProcess,
    Session,
    Step,
    utcnow,
)
from .lobby import admits
from .metrics import METRICS

log = logging.getLogger("zhaopengyou.server")

# A write: a function of the connection, or history rows (the common case, which all
# the rooms' rows of a batch share one INSERT).
Job = Callable[[AsyncConnection], Awaitable[Any]] | list[dict[str, Any]]
_MAX_BATCH = 500
_RELEASED = datetime(1970, 1, 1, tzinfo=UTC)  # a released lease: any process may take it


# The lease rows still at their writers' epochs, share-locked (those being taken over
# right now skipped), and the steps of those rooms inserted: one round trip.
_FENCED_STEPS_SQL = """
    WITH held AS (
        SELECT lease.room_id, lease.epoch
        FROM room_leases AS lease
        JOIN unnest(CAST(:rooms AS varchar[]), CAST(:epochs AS bigint[])) AS f(room_id, epoch)
            ON lease.room_id = f.room_id AND lease.epoch = f.epoch
        ORDER BY lease.room_id
        FOR SHARE OF lease SKIP LOCKED
    ), written AS (
        INSERT INTO steps (round_id, "index", data)
        SELECT s.round_id, s.step, s.data
        FROM unnest(
            CAST(:step_rooms AS varchar[]), CAST(:step_epochs AS bigint[]),
            CAST(:round_ids AS integer[]), CAST(:indices AS integer[]), CAST(:data AS text[])
        ) AS s(room_id, epoch, round_id, step, data)
        WHERE s.room_id IS NULL OR (s.room_id, s.epoch) IN (SELECT room_id, epoch FROM held)
    )
    SELECT room_id, epoch FROM held
    """
_FENCED_STEPS = text(_FENCED_STEPS_SQL)
_FENCED_NAMES = ("rooms", "epochs", "step_rooms", "step_epochs", "round_ids", "indices", "data")


def _numbered(sql: str, names: Sequence[str]) -> str:
    """``sql`` with asyncpg's ``$1``, ``$2`` … for SQLAlchemy's ``:name`` placeholders."""
    for number, name in enumerate(names, start=1):
        sql = sql.replace(f":{name} ", f"${number} ")
    return sql


_FENCED_STEPS_ASYNCPG = _numbered(_FENCED_STEPS_SQL, _FENCED_NAMES)


def _fenced_arguments(
    fences: set[Fence], steps: list[tuple[list[dict[str, Any]], Fence | None]]
) -> dict[str, list[Any]]:
    ordered = sorted(fences)
    rows = [(fence, row) for job, fence in steps for row in job]
    return {
        "rooms": [f.room_id for f in ordered],
        "epochs": [f.epoch for f in ordered],
        "step_rooms": [None if fence is None else fence.room_id for fence, _ in rows],
        "step_epochs": [None if fence is None else fence.epoch for fence, _ in rows],
        "round_ids": [row["round_id"] for _, row in rows],
        "indices": [row["index"] for _, row in rows],
        "data": [row["data"] for _, row in rows],
    }


class NameTaken(Exception):
    """An account name already in use."""


@dataclass(frozen=True, order=True)
class Fence:
    """A room's lease as its owner holds it: a write of the room's state goes through only
    while the database still gives the room this epoch."""

    room_id: str
    epoch: int


class LeaseLost(Exception):
    """A write refused: another process owns the room now (a newer lease epoch)."""

    def __init__(self, room_id: str) -> None:
        super().__init__(f"room {room_id}: the lease is held by another process")
        self.room_id = room_id


@dataclass(frozen=True)
class Claimed:
    """A room lease a process has just taken: the new epoch, and the process that held
    it before (None for a new or released room)."""

    room_id: str
    epoch: int
    previous: str | None


@dataclass(frozen=True)
class Renewal:
    """What a lease renewal found: the rooms this process still owns (with their epochs)
    and the processes alive now."""

    rooms: dict[str, int]
    processes: list[str]


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

    def __init__(self, engine: AsyncEngine, fenced: bool = True) -> None:
        self.engine = engine
        # A process alone (without a cluster) holds every lease for good: its writes need
        # no check, and skip the round trip.
        self.fenced = fenced
        self._connection: AsyncConnection | None = None
        self._queue: asyncio.Queue[tuple[Job, asyncio.Future[Any], Fence | None]] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None

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
        if self._connection is not None:
            with contextlib.suppress(Exception):
                await self._connection.close()
            self._connection = None
        await self.engine.dispose()

    @property
    def postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    def submit(self, job: Job, fence: Fence | None = None) -> asyncio.Future[Any]:
        """Queue a write (under ``fence``: only while that lease is held); the future
        resolves once it is committed, or fails with :class:`LeaseLost`."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, future, fence))
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
                for _, future, _fence in batch:
                    if not future.done():
                        future.set_exception(err)
            finally:
                for _ in batch:
                    self._queue.task_done()

    async def _commit(self, batch: list[tuple[Job, asyncio.Future[Any], Fence | None]]) -> None:
        results: list[tuple[asyncio.Future[Any], Any, BaseException | None]] = []
        if self._connection is None:  # the writer keeps one connection: no pool round trip
            self._connection = await self.engine.connect()
        connection = self._connection
        try:
            if self.fenced and self.postgres and all(isinstance(j, list) for j, _, _ in batch):
                await self._steps_alone(connection, batch, results)
            else:
                async with connection.begin():
                    await self._write(connection, batch, results)
        except BaseException:
            self._connection = None  # it may be broken: the next batch takes a new one
            with contextlib.suppress(Exception):
                await connection.close()
            raise
        METRICS.commits.inc()
        for future, value, error in results:
            if future.done():
                continue
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(value)

    async def _write(
        self,
        connection: AsyncConnection,
        batch: list[tuple[Job, asyncio.Future[Any], Fence | None]],
        results: list[tuple[asyncio.Future[Any], Any, BaseException | None]],
    ) -> None:
        """Every write of the batch, in the connection's transaction."""
        fences = {f for _, _, f in batch if f is not None}
        steps = [(job, fence) for job, _, fence in batch if isinstance(job, list)]
        if self.fenced and fences and self.postgres:
            held = await self._fenced_steps(connection, fences, steps)
        else:
            held = await self._held(connection, fences)
            rows = [row for job, fence in steps if fence is None or fence in held for row in job]
            if rows:
                await connection.execute(insert(Step), rows)

        def allowed(fence: Fence | None) -> bool:
            return fence is None or fence in held

        for job, future, fence in batch:
            if not allowed(fence):
                assert fence is not None
                METRICS.fenced.inc()
                results.append((future, None, LeaseLost(fence.room_id)))
            elif isinstance(job, list):
                results.append((future, None, None))
            else:
                try:
                    async with connection.begin_nested():  # one bad job fails alone
                        results.append((future, await job(connection), None))
                except Exception as err:
                    results.append((future, None, err))

    async def _steps_alone(
        self,
        connection: AsyncConnection,
        batch: list[tuple[Job, asyncio.Future[Any], Fence | None]],
        results: list[tuple[asyncio.Future[Any], Any, BaseException | None]],
    ) -> None:
        """PostgreSQL, a batch of history steps only (the common case): the fence check and
        the insert are one statement, atomic on its own: one round trip, no transaction
        around it."""
        steps = [(job, fence) for job, _, fence in batch if isinstance(job, list)]
        fences = {f for _, _, f in batch if f is not None}
        raw = await connection.get_raw_connection()
        driver = raw.driver_connection
        assert driver is not None
        held = {
            Fence(room_id, epoch)
            for room_id, epoch in await driver.fetch(
                _FENCED_STEPS_ASYNCPG, *_fenced_arguments(fences, steps).values()
            )
        }
        for _, future, fence in batch:
            if fence is None or fence in held:
                results.append((future, None, None))
            else:
                METRICS.fenced.inc()
                results.append((future, None, LeaseLost(fence.room_id)))

    async def _fenced_steps(
        self,
        connection: AsyncConnection,
        fences: set[Fence],
        steps: list[tuple[list[dict[str, Any]], Fence | None]],
    ) -> set[Fence]:
        """PostgreSQL: the fences checked (as :meth:`_held` does) and the history steps of
        the rooms still held inserted, in one statement: the hot path of every action."""
        result = await connection.execute(_FENCED_STEPS, _fenced_arguments(fences, steps))
        return {Fence(room_id, epoch) for room_id, epoch in result}

    async def _held(self, connection: AsyncConnection, fences: set[Fence]) -> set[Fence]:
        """The fences whose lease is still held, checked in the write's transaction.

        On PostgreSQL the lease rows are share-locked until the commit, so a takeover
        (which updates them) waits for this write and then rebuilds the room with it; a
        row being taken over right now is skipped, and its writes refused."""
        if not self.fenced:
            return fences
        if not fences:
            return set()
        # Only rows still at the fence's epoch are locked: a stale writer locks nothing of
        # the new owner's.
        query = (
            select(RoomLease.room_id, RoomLease.epoch)
            .where(
                tuple_(RoomLease.room_id, RoomLease.epoch).in_(
                    [(f.room_id, f.epoch) for f in sorted(fences)]
                )
            )
            .order_by(RoomLease.room_id)
            .with_for_update(read=True, skip_locked=True)
        )
        epochs = {room_id: epoch for room_id, epoch in await connection.execute(query)}
        return {f for f in fences if epochs.get(f.room_id) == f.epoch}

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

    async def create_room(
        self, values: dict[str, Any], owner: str | None, lease_seconds: float
    ) -> int:
        """A new room and its lease for ``owner`` (epoch 1), in one transaction; returns
        the epoch."""

        async def job(connection: AsyncConnection) -> int:
            await connection.execute(insert(Room).values(created_at=utcnow(), **values))
            await connection.execute(
                insert(RoomLease).values(
                    room_id=values["id"],
                    owner=owner,
                    epoch=1,
                    expires_at=self._clock() + timedelta(seconds=lease_seconds),
                )
            )
            return 1

        return int(await self.submit(job))

    def update_room(self, room_id: str, *, fence: Fence, **values: Any) -> asyncio.Future[Any]:
        async def job(connection: AsyncConnection) -> None:
            await connection.execute(update(Room).where(Room.id == room_id).values(**values))

        return self.submit(job, fence)

    async def start_round(
        self,
        room_id: str,
        number: int,
        seed: int,
        seats: dict[str, Any],
        start: dict[str, Any],
        *,
        fence: Fence,
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

        return int(await self.submit(job, fence))

    def append_steps(
        self, round_id: int, first_index: int, steps: Sequence[dict[str, Any]], *, fence: Fence
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
            ],
            fence,
        )

    async def finish_round(
        self,
        room_id: str,
        round_id: int,
        record: RecordDict,
        scores: Sequence[tuple[int, int, int]],
        *,
        fence: Fence,
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

        await self.submit(job, fence)

    async def charge_quit(
        self,
        room_id: str,
        account_id: int,
        seat: int,
        points: int,
        round_number: int,
        after_trick: int,
        *,
        fence: Fence,
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

        await self.submit(job, fence)

    def room_event(
        self,
        room_id: str,
        round_number: int,
        kind: str,
        seat: int,
        after_trick: int,
        *,
        fence: Fence,
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

        return self.submit(job, fence)

    async def finish_series(
        self, room_id: str, account_ids: Sequence[int], result: dict[str, Any], *, fence: Fence
    ) -> None:
        """The series' result, every player's series counted, and the room's lease ended."""

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
            await connection.execute(delete(RoomLease).where(RoomLease.room_id == room_id))

        await self.submit(job, fence)

    async def load_room(self, room_id: str) -> StoredRoom | None:
        """An open or playing room with its rounds and their steps, to run it."""
        async with self.engine.connect() as connection:
            row = (
                (
                    await connection.execute(
                        select(Room).where(Room.id == room_id, Room.status.in_(("open", "playing")))
                    )
                )
                .mappings()
                .first()
            )
            if row is None:
                return None
            stored = StoredRoom(dict(row))
            rounds = (
                (
                    await connection.execute(
                        select(GameRound)
                        .where(GameRound.room_id == room_id)
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
                        select(RoomEvent).where(RoomEvent.room_id == room_id).order_by(RoomEvent.id)
                    )
                )
                .mappings()
                .all()
            )
            stored.events = [dict(e) for e in events]
        return stored

    # --- leases -------------------------------------------------------------------------

    def _clock(self) -> ColumnElement[datetime] | datetime:
        """Now, by the database's clock on PostgreSQL (every process of a cluster agrees
        on it); SQLite serves one process, whose clock it is."""
        return func.now() if self.postgres else utcnow()

    async def lease_every_room(self) -> None:
        """Give every open or playing room a lease (a released one) if it has none."""

        async def job(connection: AsyncConnection) -> None:
            await _lease_every_room(connection)

        await self.submit(job)

    async def take_all(self, process: str, lease_seconds: float) -> list[Claimed]:
        """Every room's lease for ``process``, whoever held it: a process that runs alone
        (without --redis) runs every room."""

        async def job(connection: AsyncConnection) -> list[Claimed]:
            await _lease_every_room(connection)
            previous = {
                room_id: owner
                for room_id, owner in await connection.execute(
                    select(RoomLease.room_id, RoomLease.owner)
                )
            }
            result = await connection.execute(
                update(RoomLease)
                .values(
                    owner=process,
                    epoch=RoomLease.epoch + 1,
                    expires_at=self._clock() + timedelta(seconds=lease_seconds),
                )
                .returning(RoomLease.room_id, RoomLease.epoch)
            )
            return [Claimed(r, e, previous.get(r)) for r, e in result]

        claimed: list[Claimed] = await self.submit(job)
        return claimed

    async def claim_orphans(self, process: str, lease_seconds: float) -> list[Claimed]:
        """Leases nobody renewed in time (a dead, frozen or released owner's): this
        process takes its share of them, the live processes' count dividing them."""

        async def job(connection: AsyncConnection) -> list[Claimed]:
            now = self._clock()
            orphans = (
                await connection.execute(
                    select(func.count()).select_from(RoomLease).where(RoomLease.expires_at < now)
                )
            ).scalar_one()
            if not orphans:
                return []
            alive = (
                await connection.execute(
                    select(func.count())
                    .select_from(ServerProcess)
                    .where(ServerProcess.seen_until > now)
                )
            ).scalar_one()
            share = math.ceil(orphans / max(1, alive))
            picked = await connection.execute(
                select(RoomLease.room_id, RoomLease.owner)
                .where(RoomLease.expires_at < now)
                .order_by(RoomLease.expires_at, RoomLease.room_id)
                .limit(share)
                .with_for_update(skip_locked=True)
            )
            previous = {room_id: owner for room_id, owner in picked}
            if not previous:
                return []
            result = await connection.execute(
                update(RoomLease)
                .where(RoomLease.room_id.in_(sorted(previous)))
                .values(
                    owner=process,
                    epoch=RoomLease.epoch + 1,
                    expires_at=now + timedelta(seconds=lease_seconds),
                )
                .returning(RoomLease.room_id, RoomLease.epoch)
            )
            return [Claimed(r, e, previous[r]) for r, e in result]

        claimed: list[Claimed] = await self.submit(job)
        return claimed

    async def renew(self, process: str, lease_seconds: float) -> Renewal:
        """Extend every lease ``process`` holds, say it is alive, and list the live
        processes (forgetting those dead for long)."""

        async def job(connection: AsyncConnection) -> Renewal:
            now = self._clock()
            until = now + timedelta(seconds=lease_seconds)
            rooms = {
                room_id: epoch
                for room_id, epoch in await connection.execute(
                    update(RoomLease)
                    .where(RoomLease.owner == process)
                    .values(expires_at=until)
                    .returning(RoomLease.room_id, RoomLease.epoch)
                )
            }
            seen = await connection.execute(
                update(ServerProcess).where(ServerProcess.id == process).values(seen_until=until)
            )
            if not seen.rowcount:
                await connection.execute(
                    insert(ServerProcess).values(id=process, started_at=utcnow(), seen_until=until)
                )
            await connection.execute(
                delete(ServerProcess).where(ServerProcess.seen_until < now - timedelta(hours=1))
            )
            alive = (
                await connection.execute(
                    select(ServerProcess.id)
                    .where(ServerProcess.seen_until > now)
                    .order_by(ServerProcess.id)
                )
            ).scalars()
            return Renewal(rooms, list(alive.all()))

        renewal: Renewal = await self.submit(job)
        return renewal

    async def release(self, process: str, room_ids: Sequence[str] | None = None) -> None:
        """Give up leases (all of ``process``'s, or these rooms'), for another process to
        take at once; without ``room_ids`` the process leaves the live ones too."""

        async def job(connection: AsyncConnection) -> None:
            query = update(RoomLease).where(RoomLease.owner == process)
            if room_ids is not None:
                query = query.where(RoomLease.room_id.in_(list(room_ids)))
            await connection.execute(query.values(owner=None, expires_at=_RELEASED))
            if room_ids is None:
                await connection.execute(delete(ServerProcess).where(ServerProcess.id == process))

        await self.submit(job)

    async def place(self) -> str | None:
        """The live process that runs the fewest rooms (None: no process is alive)."""
        now = self._clock()
        held = func.count(RoomLease.room_id)
        query = (
            select(ServerProcess.id, held)
            .outerjoin(
                RoomLease, (RoomLease.owner == ServerProcess.id) & (RoomLease.expires_at > now)
            )
            .where(ServerProcess.seen_until > now)
            .group_by(ServerProcess.id)
            .order_by(held, ServerProcess.id)
            .limit(1)
        )
        async with self.engine.connect() as connection:
            row = (await connection.execute(query)).first()
        return None if row is None else str(row[0])

    async def locate(
        self, room_id: str | None, code: str | None, account_id: int | None
    ) -> tuple[str, str | None, int] | None:
        """An open or playing room by id or invitation code, as ``account_id`` may find
        it (a private room by its code, or by id by a player seated there): its id, the
        process that holds its lease now (None while nobody does) and the lease's epoch."""
        now = self._clock()
        alive = case((RoomLease.expires_at > now, RoomLease.owner), else_=literal(None))
        query = (
            select(Room.id, alive, RoomLease.epoch, Room.private, Room.invite_code, Room.seats)
            .join(RoomLease, RoomLease.room_id == Room.id)
            .where(Room.status.in_(("open", "playing")))
        )
        query = (
            query.where(Room.invite_code == code)
            if code is not None
            else query.where(Room.id == room_id)
        )
        async with self.engine.connect() as connection:
            row = (await connection.execute(query)).first()
        if row is None:
            return None
        found, owner, epoch, private, invite_code, seats = row
        seated = any(s.get("account") == account_id and not s.get("quit") for s in seats.values())
        if account_id is not None and not admits(private, invite_code, code, seated):
            return None
        return str(found), owner, int(epoch)

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
        """What the server remembers of a room no longer in play: its row, the number of
        rounds played (``rounds_played``) and its players' totals (``scores``, by account)."""
        played = (
            select(func.count(GameRound.id))
            .where(GameRound.room_id == Room.id, GameRound.finished_at.is_not(None))
            .scalar_subquery()
        )
        query = select(
            Room.id,
            Room.name,
            Room.preset,
            Room.options,
            Room.series_rounds,
            Room.private,
            Room.invite_code,
            Room.status,
            Room.settings,
            Room.seats,
            Room.result,
            played.label("rounds_played"),
        ).where(Room.id == room_id)
        async with self.engine.connect() as connection:
            row = (await connection.execute(query)).mappings().first()
            if row is None:
                return None
            players = [seat["account"] for seat in row["seats"].values() if seat.get("account")]
            totals = await connection.execute(
                select(Account.id, Account.score).where(Account.id.in_(players))
            )
            return {**dict(row), "scores": {account: score for account, score in totals}}

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


async def _lease_every_room(connection: AsyncConnection) -> None:
    leased = select(RoomLease.room_id)
    await connection.execute(
        insert(RoomLease).from_select(
            ["room_id", "owner", "epoch", "expires_at"],
            select(Room.id, literal(None), literal(0), literal(_RELEASED)).where(
                Room.status.in_(("open", "playing")), Room.id.not_in(leased)
            ),
        )
    )


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()

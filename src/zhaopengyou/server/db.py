"""The server's database: tables, the async engine, and migrations applied at start.

Any SQLAlchemy async URL works: SQLite (``sqlite+aiosqlite:///path``, the default) or
PostgreSQL (``postgresql+asyncpg://user@host/db``). The schema is made by Alembic
migrations in ``server/migrations``, never by ``create_all``.
"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    event,
)
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

DEFAULT_URL = "sqlite+aiosqlite:///data/zhaopengyou.db"
MIGRATIONS = Path(__file__).parent / "migrations"


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        dict[str, Any]: JSON,
        datetime: DateTime(timezone=True),
    }


class Account(Base):
    """A player: registered (name and argon2 hash) or a guest (no password yet)."""

    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    guest: Mapped[bool] = mapped_column(Boolean, default=False)
    score: Mapped[int] = mapped_column(BigInteger, default=0)  # cumulative 积分
    rounds_played: Mapped[int] = mapped_column(Integer, default=0)
    series_played: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Session(Base):
    """A login: the token is random and only its SHA-256 is stored."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    expires_at: Mapped[datetime]


class Room(Base):
    """A table: its game, options and series; everything needed to resume it."""

    __tablename__ = "rooms"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    preset: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]]
    series_rounds: Mapped[int] = mapped_column(Integer)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    invite_code: Mapped[str | None] = mapped_column(String(16), unique=True)
    settings: Mapped[dict[str, Any]]  # pacing, turn timer, 强退 penalty
    seed: Mapped[int] = mapped_column(BigInteger)  # the series' match seed
    dealer: Mapped[int] = mapped_column(Integer)  # the first round's dealer
    status: Mapped[str] = mapped_column(String(16), default="open")  # open, playing, finished
    seats: Mapped[dict[str, Any]]  # who sits where: {"0": {"account": 3} | {"bot": true}, …}
    created_by: Mapped[int] = mapped_column(ForeignKey("accounts.id"))
    result: Mapped[dict[str, Any] | None]  # the series' final standings
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None]


class GameRound(Base):
    """One round of a room's series; ``record`` is its zpy-record/1 once finished."""

    __tablename__ = "rounds"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[dict[str, Any]]  # the accounts in each seat when the round began
    record: Mapped[dict[str, Any] | None]
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    finished_at: Mapped[datetime | None]
    __table_args__ = (Index("ix_rounds_room_number", "room_id", "number", unique=True),)


class Step(Base):
    """One history step of a round (``Round.history()``), appended before it is sent."""

    __tablename__ = "steps"
    round_id: Mapped[int] = mapped_column(
        ForeignKey("rounds.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[str] = mapped_column(Text)  # the step as JSON text


class Score(Base):
    """An account's 积分 from one round (R-10), or a 强退 charge (R-11.2)."""

    __tablename__ = "scores"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    round_id: Mapped[int | None] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))  # round or quit
    points: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    __table_args__ = (Index("ix_scores_account", "account_id", "created_at"),)


class RoomEvent(Base):
    """A seat's change of hands during a series: quit (强退), bot (托管), back."""

    __tablename__ = "room_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"))
    round_number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int] = mapped_column(Integer)
    after_trick: Mapped[int] = mapped_column(Integer)


class RoomLease(Base):
    """Which process runs a room (R: one owner at a time), until when, and the epoch: a
    fencing token that every write of the room's state checks in its own transaction."""

    __tablename__ = "room_leases"
    room_id: Mapped[str] = mapped_column(
        ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True
    )
    owner: Mapped[str | None] = mapped_column(String(64))  # a process id, None: released
    epoch: Mapped[int] = mapped_column(BigInteger, default=0)  # +1 at every new owner
    expires_at: Mapped[datetime]  # by the database's clock
    __table_args__ = (
        Index("ix_room_leases_owner", "owner"),
        Index("ix_room_leases_expires_at", "expires_at"),
    )


class ServerProcess(Base):
    """A server process of the card room: alive while ``seen_until`` is in the future."""

    __tablename__ = "server_processes"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    seen_until: Mapped[datetime]


def database_url(url: str | None) -> str:
    """``url`` or the default SQLite file; a plain ``sqlite:///`` or ``postgresql://`` URL
    gets its async driver."""
    url = url or DEFAULT_URL
    parsed = make_url(url)
    if parsed.drivername == "sqlite":
        parsed = parsed.set(drivername="sqlite+aiosqlite")
    elif parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+asyncpg")
    return parsed.render_as_string(hide_password=False)


def make_engine(url: str, idle_in_transaction: float | None = None) -> AsyncEngine:
    """The async engine; SQLite gets its folder, WAL and foreign keys; PostgreSQL ends a
    transaction left idle for ``idle_in_transaction`` seconds."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    settings = {}
    if idle_in_transaction is not None:
        # A process frozen inside a transaction would keep its rooms' lease rows locked
        # (no other process could take them over): the server ends such a transaction.
        settings["idle_in_transaction_session_timeout"] = str(int(idle_in_transaction * 1000))
    return create_async_engine(
        url, pool_size=10, max_overflow=20, connect_args={"server_settings": settings}
    )


def _upgrade(connection: Connection) -> None:
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


MIGRATION_LOCK = 0x7A70_7900  # the advisory lock the processes of a cluster migrate under


async def migrate(engine: AsyncEngine) -> None:
    """Apply every Alembic migration not yet applied (at every start); processes that
    start together on one PostgreSQL database take turns."""
    from sqlalchemy import text

    async with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            await connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
        await connection.run_sync(_upgrade)


async def ping(engine: AsyncEngine) -> str:
    """ "ok" when the database answers, else why not."""
    from sqlalchemy import text

    try:
        async with asyncio.timeout(5), engine.connect() as connection:
            await connection.execute(text("SELECT 1"))
    except Exception as err:
        return f"{type(err).__name__}: {err}".strip()
    return "ok"

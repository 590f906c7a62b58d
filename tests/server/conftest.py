"""Server tests run against SQLite and against PostgreSQL (a fresh database each test),
and the cluster's against PostgreSQL and Redis (the machine's, with a key prefix of the
test's own, or a Redis server the test starts on a port of its own).

Without a PostgreSQL or Redis server those cases skip with the reason, except with
``CI=true``, where they fail: CI must test them.
"""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

POSTGRES = os.environ.get("ZPY_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("ZPY_TEST_REDIS", "redis://127.0.0.1:6379/0")


def missing(reason: str) -> None:
    """A service a test needs is not there: skip, but fail on CI."""
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(autouse=True)
def every_frame_fits_the_schema(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every message a test's client receives from a server validates against the
    protocol's schema of server messages (``zpy schema``), and every message a bot client
    sends against the schema of client messages: the schema is checked on real traffic,
    in every server test. (Raw clients may send anything: refusals are tested with them.)
    And every message a server in the test's process packs fits as it was built."""
    from pydantic import ValidationError

    from zhaopengyou.server import protocol
    from zhaopengyou.server.botclient import BotClient

    from .harness import Raw

    misfits: list[str] = []

    def check(message: dict[str, Any]) -> None:
        try:
            protocol.SERVER_MESSAGES.validate_python(message)
        except ValidationError as err:
            misfits.append(f"{err}\n{message!r:.2000}")

    receive, send, next_, packed = BotClient.receive, BotClient.send, Raw.next, protocol.packed

    def checked_packed(message: protocol.Sent) -> tuple[str, protocol.Meta]:
        check(dict(message))  # as the server built it, also when no test client reads it
        return packed(message)

    async def checked_receive(self: BotClient) -> dict[str, Any]:
        message = await receive(self)
        check(message)
        return message

    async def checked_send(self: BotClient, message: dict[str, Any]) -> None:
        try:
            protocol.parse_client(json.dumps(message))
        except protocol.ProtocolError as err:
            misfits.append(f"a bot client sent {message!r:.500}: {err}")
        await send(self, message)

    async def checked_next(self: Raw, timeout: float = 10) -> dict[str, Any]:
        message = await next_(self, timeout)
        check(message)
        return message

    monkeypatch.setattr(BotClient, "receive", checked_receive)
    monkeypatch.setattr(BotClient, "send", checked_send)
    monkeypatch.setattr(Raw, "next", checked_next)
    monkeypatch.setattr(protocol, "packed", checked_packed)
    yield misfits
    assert not misfits, f"{len(misfits)} frames do not fit the schema; the first:\n{misfits[0]}"


async def _admin(sql: str) -> None:
    import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints

    connection = await asyncpg.connect(POSTGRES, timeout=5)
    try:
        await connection.execute(sql, timeout=60)
    finally:
        await connection.close()


def postgres_database() -> Iterator[str]:
    """A new PostgreSQL database for one test, dropped afterwards."""
    name = f"zpy_test_{secrets.token_hex(6)}"
    try:
        asyncio.run(_admin(f'CREATE DATABASE "{name}"'))
    except Exception as err:
        missing(f"PostgreSQL is not reachable at {POSTGRES}: {err}")
    base, _, _ = POSTGRES.rpartition("/")
    try:
        yield f"{base}/{name}".replace("postgresql://", "postgresql+asyncpg://", 1)
    finally:
        asyncio.run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A database URL: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'zpy.db'}"
    else:
        yield from postgres_database()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'zpy.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database (a cluster needs one)."""
    yield from postgres_database()


@pytest.fixture
def redis_url() -> str:
    """The machine's Redis (each cluster test takes a key prefix of its own)."""
    import redis

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=5).ping()
    except Exception as err:
        missing(f"Redis is not reachable at {REDIS}: {err}")
    return REDIS


@pytest.fixture
def own_redis() -> Any:
    """A Redis server of the test's own on a free port, which it may kill and restart."""
    import redis

    from .harness import free_port

    port = free_port()
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1"]
    command += ["--save", "", "--appendonly", "no"]

    def start() -> subprocess.Popen[bytes]:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        client = redis.Redis(port=port)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                return process
            except redis.ConnectionError:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.05)

    try:
        server = [start()]
    except FileNotFoundError as err:
        missing(f"redis-server is not installed: {err}")

    class Own:
        url = f"redis://127.0.0.1:{port}/0"
        client = redis.Redis(port=port)

        def restart(self) -> None:
            server[0].terminate()
            server[0].wait()
            server[0] = start()

    yield Own()
    server[0].terminate()
    server[0].wait()

"""Running a card room on several real `zpy serve --redis` processes for tests, and the
checks the cluster tests share: gapless events, the messages against an uninterrupted
twin of each round, and records that replay."""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
import websockets
from sqlalchemy import select
from sqlalchemy.ext.asyncio import create_async_engine

from zhaopengyou.engine import Round, get_preset
from zhaopengyou.records import round_record
from zhaopengyou.server.botclient import BotClient
from zhaopengyou.server.db import GameRound, Step

from .harness import Subprocess, api


class Cluster:
    """``processes`` server processes on one PostgreSQL database and one Redis prefix."""

    def __init__(
        self, database: str, redis: str, folder: Path, processes: int = 3, lease: float = 2.0
    ) -> None:
        self.database = database
        self.prefix = f"test{secrets.token_hex(4)}"
        self.servers = [
            Subprocess(
                database,
                None,
                folder / f"server-{i}.log",
                "--redis",
                redis,
                "--redis-prefix",
                self.prefix,
                "--lease",
                str(lease),
            )
            for i in range(processes)
        ]

    @property
    def bases(self) -> list[str]:
        return [s.base for s in self.servers]

    async def start(self) -> None:
        await asyncio.gather(*(asyncio.to_thread(s.start) for s in self.servers))

    def stop(self) -> None:
        for server in self.servers:
            if server.process is not None and server.process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(server.process.pid, signal.SIGCONT)  # a frozen one must hear it
        for server in self.servers:
            server.stop()

    def alive(self, index: int) -> bool:
        process = self.servers[index].process
        return process is not None and process.poll() is None

    async def health(self, index: int) -> dict[str, Any] | None:
        """A process's /healthz, None when it does not answer."""
        if not self.alive(index):
            return None
        try:
            async with httpx.AsyncClient(timeout=2) as http:
                answer = await http.get(self.bases[index] + "/healthz")
        except httpx.HTTPError:
            return None
        health: dict[str, Any] = answer.json()
        return health

    async def owner(self, room_id: str, but: int | None = None, timeout: float = 60) -> int:
        """The process that runs the room (not ``but``), once exactly one says so."""
        deadline = time.monotonic() + timeout
        while True:
            owners = []
            for index in range(len(self.servers)):
                health = await self.health(index) if index != but else None
                if health is not None and room_id in health["rooms"]:
                    owners.append(index)
            if len(owners) == 1:
                return owners[0]
            assert time.monotonic() < deadline, (
                f"no single owner of {room_id}: {owners}; what the processes said of it:\n"
                + self.said_of(room_id)
            )
            await asyncio.sleep(0.05)

    def log(self, index: int) -> str:
        return self.servers[index].log.read_text(encoding="utf-8", errors="replace")

    def logs(self) -> str:
        return "".join(self.log(i) for i in range(len(self.servers)))

    def said_of(self, room_id: str, lines: int = 40) -> str:
        """The last log lines of every process that name ``room_id`` (a failure's clue)."""
        return "\n".join(
            f"[{index}] {line}"
            for index in range(len(self.servers))
            for line in self.log(index).splitlines()[-2000:]
            if room_id in line or "Traceback" in line
        )[-lines * 200 :]


@contextlib.contextmanager
def frozen(server: Subprocess) -> Iterator[None]:
    """SIGSTOP a server process for the block, then SIGCONT."""
    assert server.process is not None
    os.kill(server.process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(server.process.pid, signal.SIGCONT)


async def play_on(
    client: BotClient,
    room: str,
    bases: Callable[[], list[str]],
    timeout: float = 240,
) -> int:
    """Play until the series is over, joining again through another live process when
    the connection's process dies; returns how many times it had to."""
    reconnects = 0
    deadline = time.monotonic() + timeout
    while True:
        try:
            await client.play(
                lambda m: m.get("type") == "series_over", timeout=deadline - time.monotonic()
            )
            return reconnects
        except TimeoutError:
            raise  # the series did not end in time (a TimeoutError is an OSError too)
        except (websockets.ConnectionClosed, OSError):
            reconnects += 1
            while True:
                assert time.monotonic() < deadline, "could not join again"
                await asyncio.sleep(0.1)
                live = bases()
                if not live:
                    continue
                client.base = live[reconnects % len(live)]
                try:
                    await client.rejoin(room)
                    break
                except (OSError, websockets.InvalidHandshake, websockets.ConnectionClosed):
                    continue


def gapless(client: BotClient) -> None:
    """Every round's events reached the client numbered 1, 2, 3 … once each."""
    assert client.seen, "no events at all"
    for number, seqs in client.seen.items():
        assert seqs == list(range(1, len(seqs) + 1)), (number, _first_break(seqs))


def _first_break(seqs: list[int]) -> list[int]:
    at = next(i for i, s in enumerate(seqs) if s != i + 1)
    return seqs[max(0, at - 3) : at + 5]


async def rounds_of(database: str, room_id: str) -> list[tuple[int, dict[str, Any], list[Any]]]:
    """Each round of the room from the database: (number, record, history steps)."""
    engine = create_async_engine(database)
    try:
        async with engine.connect() as connection:
            games = (
                await connection.execute(
                    select(GameRound.id, GameRound.number, GameRound.record)
                    .where(GameRound.room_id == room_id)
                    .order_by(GameRound.number)
                )
            ).all()
            out = []
            for round_id, number, record in games:
                steps = (
                    await connection.execute(
                        select(Step.index, Step.data)
                        .where(Step.round_id == round_id)
                        .order_by(Step.index)
                    )
                ).all()
                indices = [index for index, _ in steps]
                assert indices == list(range(len(steps))), f"round {number}: steps {indices}"
                out.append((number, record, [orjson.loads(data) for _, data in steps]))
    finally:
        await engine.dispose()
    return out


def twin(record: dict[str, Any], steps: list[Any]) -> Round:
    """The round fed the same actions by one uninterrupted engine; its record must be
    the one the cluster wrote."""
    preset = get_preset(record["preset"], **record["options"])
    rnd = Round.from_history(preset, record["seed"], steps)
    again = round_record(
        rnd,
        players=record["players"],
        match_over=record["match_over"],
        events=record["events"],
    )
    assert again == record, "the cluster's record differs from its uninterrupted twin's"
    return rnd


def same_events(client: BotClient, number: int, rnd: Round, seat: int | None) -> None:
    """The events the client got for a round are those the twin shows its seat."""
    got = [
        event
        for message in client.received
        if message.get("type") == "events" and message["round"] == number
        for event in message["events"]
    ]
    assert got == [e.to_dict() for e in rnd.events_for(seat)]


def replay_cli(record: dict[str, Any], folder: Path) -> None:
    """`zpy replay` accepts the record."""
    path = folder / f"round-{record['round']}-{secrets.token_hex(3)}.json"
    path.write_bytes(orjson.dumps(record))
    zpy = Path(sys.executable).parent / "zpy"
    done = subprocess.run(
        [str(zpy), "replay", str(path)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


async def finished(base: str, room_id: str, timeout: float = 240) -> dict[str, Any]:
    """The room once its series is over, from any process."""
    deadline = time.monotonic() + timeout
    while True:
        answer = (await api(base, "GET", f"/api/rooms/{room_id}")).json()
        if answer["room"]["status"] == "finished":
            return dict(answer)
        assert time.monotonic() < deadline, f"room {room_id} did not finish"
        await asyncio.sleep(0.2)

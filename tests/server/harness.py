"""Running a real server for tests: uvicorn in the test's event loop (in-process) or as
a `zpy serve` subprocess, with clients that speak the protocol over real WebSockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import websockets

from zhaopengyou.server.app import create_app


@contextlib.asynccontextmanager
async def running_server(url: str) -> AsyncIterator[str]:
    """A server on ``url``'s database, in this event loop; yields its http:// base."""
    async with running_app(url) as (base, _):
        yield base


@contextlib.asynccontextmanager
async def running_app(url: str) -> AsyncIterator[tuple[str, Any]]:
    """The same, yielding the base and the application (to look at its rooms)."""
    app = create_app(url)
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=0,
        log_level="warning",
        ws_max_size=65536,
        timeout_graceful_shutdown=5,  # as `zpy serve`: a client left open does not hold it
    )
    server = uvicorn.Server(config)
    task = asyncio.get_running_loop().create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()
        await asyncio.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        await task


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Subprocess:
    """`zpy serve` in its own process, for restarts and kill -9. Without a ``port`` it takes
    a free one (another, if some other process takes that first) and keeps it for restarts."""

    def __init__(self, url: str, port: int | None, log: Path, *options: str) -> None:
        self.url = url
        self.options = options  # more `zpy serve` options (--redis …)
        self.port = port or 0
        self.fixed_port = port is not None
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        zpy = Path(sys.executable).parent / "zpy"
        for attempt in range(1 if self.fixed_port else 3):
            if not self.fixed_port and (self.port == 0 or attempt > 0):
                self.port = free_port()
            with self.log.open("ab") as out:
                self.process = subprocess.Popen(
                    [str(zpy), "serve", "--port", str(self.port), "--db", self.url, *self.options],
                    stdout=out,
                    stderr=out,
                    env={**os.environ, "ZPY_LANG": "en"},
                )
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                        return
                except httpx.HTTPError:
                    pass
                time.sleep(0.1)
            self.stop()
        raise RuntimeError(f"zpy serve did not come up: {self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flushing."""
        assert self.process is not None
        self.process.kill()
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.kill()


async def api(
    base: str, method: str, path: str, token: str | None = None, **kwargs: Any
) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        return await http.request(method, path, headers=headers, **kwargs)


class Raw:
    """A bare protocol client: send anything, read everything."""

    def __init__(self, base: str) -> None:
        self.url = base.replace("http", "ws", 1) + "/ws"
        self.ws: Any = None
        self.received: list[dict[str, Any]] = []

    async def __aenter__(self) -> Raw:
        self.ws = await websockets.connect(self.url, max_size=2**22, max_queue=None)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def hello(self, token: str, lang: str = "en") -> dict[str, Any]:
        await self.send({"type": "hello", "version": 1, "token": token, "lang": lang})
        return await self.next()

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    async def next(self, timeout: float = 10) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(message)
        return message

    async def until(self, kind: str, timeout: float = 10, **match: Any) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = await self.next(max(0.01, deadline - time.monotonic()))
            if message.get("type") == kind and all(message.get(k) == v for k, v in match.items()):
                return message

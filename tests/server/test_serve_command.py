"""`zpy serve` as a user starts it (issue 11: `make run` prints the URL) and the page it
serves at `/`: the built client with its assets, or a clear 503 page when not built;
its cluster options refused when they cannot work; and `zpy cluster` (issue 39) as an
operator runs it, behind nginx."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import secrets
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from zhaopengyou.server import app as app_module
from zhaopengyou.server.routers import client as client_module

from .harness import Subprocess, free_port


def test_serve_prints_the_url_to_open(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    server = Subprocess(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", port, log)
    server.start()
    try:
        deadline = time.monotonic() + 10
        while f"http://127.0.0.1:{port}/" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)  # printed once the socket listens, flushed at once
        assert f"open http://127.0.0.1:{port}/ in a browser" in log.read_text()
        page = httpx.get(server.base + "/", timeout=10)
        if not (client_module.STATIC / "index.html").is_file():
            assert page.status_code == 503 and "make run" in page.text
            return
        assert page.status_code == 200 and '<div id="root">' in page.text
        script = re.search(r'src="(/assets/[^"]+\.js)"', page.text)
        assert script, page.text
        asset = httpx.get(server.base + script.group(1), headers={"Accept-Encoding": "gzip"})
        assert asset.status_code == 200
        assert asset.headers["content-encoding"] == "gzip"
        assert "javascript" in asset.headers["content-type"]
    finally:
        server.stop()


@pytest.mark.anyio
async def test_unbuilt_client_gets_a_page_that_says_how_to_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "STATIC", tmp_path / "static")
    app = app_module.create_app(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}")
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            page = await http.get("/")
    assert page.status_code == 503
    assert "make run" in page.text and "npm run build" in page.text


def zpy(*args: str) -> subprocess.CompletedProcess[str]:
    command = [str(Path(sys.executable).parent / "zpy"), *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def test_a_cluster_needs_postgresql_and_a_sane_lease(tmp_path: Path) -> None:
    sqlite = f"sqlite:///{tmp_path / 'db.sqlite'}"
    refused = zpy("serve", "--redis", "redis://127.0.0.1:6379/0", "--db", sqlite, "--lang", "en")
    assert refused.returncode == 2 and "--redis needs a PostgreSQL database" in refused.stderr
    chinese = zpy("serve", "--redis", "redis://127.0.0.1:6379/0")  # the SQLite default
    assert chinese.returncode == 2 and "需要 PostgreSQL 数据库" in chinese.stderr
    short = zpy("serve", "--lease", "0.1", "--lang", "en")
    assert short.returncode == 2 and "--lease must be 0.5 to 300 seconds" in short.stderr
    alone = zpy("cluster", "--db", sqlite, "--lang", "en")
    assert alone.returncode == 2 and "--db must be a PostgreSQL URL" in alone.stderr
    helped = zpy("serve", "--help", "--lang", "en")
    assert "--redis" in helped.stdout and "--lease" in helped.stdout
    assert "--redis-prefix" in helped.stdout


def test_zpy_cluster_runs_processes_behind_nginx(
    postgres_url: str, redis_url: str, tmp_path: Path
) -> None:
    """`zpy cluster` as an operator runs it: one URL, nginx spreading the clients over the
    processes, a process that dies started again, Ctrl+C stops everything."""
    from zhaopengyou.cli.cluster import find_nginx
    from zhaopengyou.server.transport import forget

    from .conftest import missing

    if find_nginx() is None:
        missing("nginx is not installed (apt-get install nginx)")
    port = free_port()
    prefix = f"cmd{secrets.token_hex(4)}"
    command = [
        str(Path(sys.executable).parent / "zpy"), "cluster", "--processes", "2",
        "--port", str(port), "--db", postgres_url, "--redis", redis_url,
        "--redis-prefix", prefix, "--lease", "2", "--lang", "en",
    ]  # fmt: skip
    cluster = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    logs: Path | None = None
    try:
        assert cluster.stdout is not None and cluster.stderr is not None
        line = cluster.stdout.readline()  # printed once nginx answers
        assert f"open http://127.0.0.1:{port}/ in a browser" in line, line
        logs = Path(line.split("logs in ")[1].split(";")[0])
        base = f"http://127.0.0.1:{port}"
        processes = {httpx.get(base + "/healthz", timeout=10).json()["process"] for _ in range(8)}
        assert len(processes) == 2  # nginx spreads the requests over both
        asyncio.run(_play_through(base))
        victim = int(sorted(processes)[0].split("-")[-2])  # host-PID-random
        os.kill(victim, signal.SIGKILL)
        assert "stopped (exit status -9); starting it again" in cluster.stderr.readline()
        deadline = time.monotonic() + 60
        while True:  # the new process joins: nginx reaches two live ones again
            seen = set()
            for _ in range(8):
                with contextlib.suppress(httpx.HTTPError):
                    seen.add(httpx.get(base + "/healthz", timeout=5).json()["process"])
            if len(seen) == 2 and not seen & {sorted(processes)[0]}:
                break
            assert time.monotonic() < deadline, seen
            time.sleep(0.2)
        children = _children(cluster.pid)
        assert len(children) == 3  # two servers and nginx
        cluster.send_signal(signal.SIGINT)  # Ctrl+C
        assert cluster.wait(60) == 0
        assert not [pid for pid in children if _alive(pid)], "a process was left running"
        with pytest.raises(httpx.HTTPError):
            httpx.get(base + "/healthz", timeout=2)
    except BaseException:
        for log in sorted(logs.glob("*.log")) if logs else ():  # the processes' side of it
            print(f"--- {log.name}", log.read_text(errors="replace")[-6000:], sep="\n")
        raise
    finally:
        if cluster.poll() is None:
            cluster.kill()
            cluster.wait()
        asyncio.run(forget(redis_url, prefix))


async def _play_through(base: str) -> None:
    """A player's whole series through nginx: HTTP and the WebSocket."""
    from zhaopengyou.bots import HeuristicBot
    from zhaopengyou.server.botclient import BotClient, create_room, guest

    account = await guest(base)
    room = await create_room(
        base, account.token, preset="tractor", rounds=1, bots=[1, 2, 3],
        deal_ms=0, bot_ms=0, bot_level="easy", between_ms=0,
    )  # fmt: skip
    client = BotClient(base, account.token, HeuristicBot(0))
    await client.connect()
    await client.send({"type": "join", "room": room["id"], "seat": 0})
    await client.send({"type": "ready"})
    await client.play(lambda m: m.get("type") == "series_over", timeout=120)
    await client.close()
    assert client.seen[1] == list(range(1, len(client.seen[1]) + 1))


def _children(pid: int) -> list[int]:
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [int(p) for p in found.stdout.split()]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/status")
    return not (status.is_file() and "State:\tZ" in status.read_text())

"""``zpy cluster``: a card room on several ``zpy serve --redis`` processes behind nginx.

It makes the PostgreSQL database if it is missing, starts N server processes on free
ports of this machine (each with its log in a folder it prints), writes an nginx
configuration that spreads HTTP and WebSocket clients over them (no sticky sessions:
any process serves any client), starts nginx in front, prints the one URL to open, and
keeps the processes running (one that exits is started again) until Ctrl+C, which
stops nginx and then every process cleanly. docs/scaling.md shows the same setup on
several machines.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import FrameType

import httpx

from ..i18n import tr
from ..i18n.os_errors import os_error_text

NGINX_PATHS = ("/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx")


class ClusterError(Exception):
    """The cluster could not start: why, and the exit status."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def nginx_config(folder: Path, host: str, port: int, servers: list[str]) -> str:
    """nginx in front of ``servers`` (``host:port`` each): WebSocket upgrades passed on,
    a request whose server is down tried on the next one.

    >>> print(nginx_config(Path("/tmp/c"), "127.0.0.1", 8000, ["127.0.0.1:8001"]))
    ... # doctest: +ELLIPSIS
    worker_processes 1;
    ...
        upstream zhaopengyou {
            server 127.0.0.1:8001 max_fails=1 fail_timeout=2s;
            keepalive 32;
        }
    ...
    """
    upstreams = "\n".join(f"        server {s} max_fails=1 fail_timeout=2s;" for s in servers)
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""worker_processes 1;
{user}pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log warn;
events {{
    worker_connections 8192;
}}
http {{
    access_log off;
    client_body_temp_path {folder}/nginx-body;
    proxy_temp_path {folder}/nginx-proxy;
    fastcgi_temp_path {folder}/nginx-fastcgi;
    uwsgi_temp_path {folder}/nginx-uwsgi;
    scgi_temp_path {folder}/nginx-scgi;
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        '' '';
    }}
    upstream zhaopengyou {{
{upstreams}
        keepalive 32;
    }}
    server {{
        listen {host}:{port};
        location / {{
            proxy_pass http://zhaopengyou;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout http_502 http_503;
        }}
    }}
}}
"""


def find_nginx() -> str | None:
    found = shutil.which("nginx")
    return found or next((p for p in NGINX_PATHS if Path(p).is_file()), None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def ensure_database(url: str) -> None:
    """Make the PostgreSQL database of ``url`` if it does not exist."""
    import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    name = parsed.database or "postgres"
    admin = parsed.set(drivername="postgresql", database="postgres")
    connection = await asyncpg.connect(admin.render_as_string(hide_password=False), timeout=10)
    try:
        exists = await connection.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
        if not exists:
            await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()


class _Stop(Exception):
    """SIGTERM or SIGINT (Ctrl+C): stop the cluster."""


def _stop(_signum: int, _frame: FrameType | None) -> None:
    raise _Stop


class Server:
    """One `zpy serve --redis` process of the cluster."""

    def __init__(self, number: int, port: int, command: list[str], log: Path) -> None:
        self.number = number
        self.port = port
        self.command = command
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                self.command, stdout=out, stderr=out, start_new_session=True
            )

    def healthy(self) -> bool:
        try:
            return httpx.get(f"http://127.0.0.1:{self.port}/healthz", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def wait(self) -> None:
        if self.process is not None:
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def run_cluster(
    *,
    processes: int,
    host: str,
    port: int,
    db: str,
    redis: str,
    prefix: str,
    lease: float,
    log_level: str,
    lang: str,
) -> None:
    if not db.startswith(("postgresql", "postgres:")):
        raise ClusterError(tr("--db must be a PostgreSQL URL (postgresql+asyncpg://…)", lang), 2)
    nginx = find_nginx()
    if nginx is None:
        raise ClusterError(tr("nginx is not installed: apt-get install nginx", lang))
    try:
        asyncio.run(ensure_database(db))
    except ClusterError:
        raise
    except Exception as err:
        raise ClusterError(
            tr("PostgreSQL does not answer at {url}: {error}", lang, url=db, error=err)
        ) from None
    try:
        import redis as redis_module

        redis_module.Redis.from_url(redis, socket_connect_timeout=5).ping()
    except Exception as err:
        raise ClusterError(
            tr("Redis does not answer at {url}: {error}", lang, url=redis, error=err)
        ) from None
    try:
        folder = Path(tempfile.mkdtemp(prefix="zpy-cluster-"))
    except OSError as err:
        where = tempfile.gettempdir()
        reason = os_error_text(err, lang)
        raise ClusterError(
            tr("cannot write {path}: {reason}", lang, path=where, reason=reason), 2
        ) from None
    zpy = str(Path(sys.executable).parent / "zpy")
    servers = []
    for number in range(1, processes + 1):
        server_port = free_port()
        command = [
            zpy, "serve", "--host", "127.0.0.1", "--port", str(server_port), "--db", db,
            "--redis", redis, "--redis-prefix", prefix, "--lease", str(lease),
            "--log-level", log_level, "--lang", lang,
        ]  # fmt: skip
        servers.append(Server(number, server_port, command, folder / f"server-{number}.log"))
    config = folder / "nginx.conf"
    try:
        config.write_text(
            nginx_config(folder, host, port, [f"127.0.0.1:{s.port}" for s in servers]),
            encoding="utf-8",
        )
    except OSError as err:
        reason = os_error_text(err, lang)
        raise ClusterError(
            tr("cannot write {path}: {reason}", lang, path=config, reason=reason), 2
        ) from None
    front: subprocess.Popen[bytes] | None = None
    # Both stop it, also where SIGINT was ignored (started in the background by a shell).
    previous = {number: signal.signal(number, _stop) for number in (signal.SIGTERM, signal.SIGINT)}
    try:
        for server in servers:
            server.start()
        deadline = time.monotonic() + 120
        while not all(s.healthy() for s in servers):
            for server in servers:
                assert server.process is not None
                if server.process.poll() is not None:
                    raise ClusterError(
                        tr("server process {n} did not start: see {log}", lang, n=server.number,
                           log=server.log)
                    )  # fmt: skip
            if time.monotonic() > deadline:
                raise ClusterError(tr("the server processes did not start in time", lang))
            time.sleep(0.2)
        with (folder / "nginx.log").open("ab") as out:
            front = subprocess.Popen(
                [nginx, "-p", str(folder), "-c", str(config), "-e", str(folder / "nginx-error.log"),
                 "-g", "daemon off;"],
                stdout=out, stderr=out, start_new_session=True,
            )  # fmt: skip
        url = f"http://{'127.0.0.1' if host in ('0.0.0.0', '') else host}:{port}/"
        while not _answers(url):
            if front.poll() is not None:
                error = (folder / "nginx-error.log").read_text(errors="replace")[-2000:]
                raise ClusterError(tr("nginx did not start: {error}", lang, error=error))
            time.sleep(0.1)
        print(
            tr(
                "zhaopengyou is running on {n} processes: open {url} in a browser "
                "(logs in {folder}; Ctrl+C stops it)",
                lang,
                n=processes,
                url=url,
                folder=folder,
            ),
            flush=True,
        )
        while True:
            time.sleep(0.5)
            if front.poll() is not None:
                raise ClusterError(tr("nginx stopped: see {folder}", lang, folder=folder))
            for server in servers:
                assert server.process is not None
                if server.process.poll() is not None:
                    print(
                        tr(
                            "server process {n} stopped (exit status {status}); starting it again",
                            lang,
                            n=server.number,
                            status=server.process.returncode,
                        ),
                        file=sys.stderr,
                        flush=True,
                    )
                    server.start()
    except _Stop:
        print(tr("stopping the cluster…", lang), file=sys.stderr, flush=True)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
        if front is not None and front.poll() is None:
            front.terminate()
            front.wait(30)
        for server in servers:
            server.stop()
        for server in servers:
            server.wait()


def _answers(url: str) -> bool:
    try:
        return httpx.get(url + "healthz", timeout=2).status_code < 500
    except httpx.HTTPError:
        return False

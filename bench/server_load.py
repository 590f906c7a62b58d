"""Server load benchmark: many tables of bot-driven WebSocket clients on loopback.

Starts ``--processes`` `zpy serve` processes (SQLite in a temporary folder by default;
``--db URL`` for PostgreSQL: a new database of that server, dropped afterwards, since a
cluster takes over every unfinished room of its database; with ``--redis URL`` they form
one cluster, which more than one process needs), opens ``--tables`` rooms of
``--preset`` with one client per seat, each client a bot (``--bot``) that answers its
turn after ``--think`` seconds (a quick human), the clients of a table spread over the
processes (seat i of table t on process (t + i) mod N: the players of a table sit on
different processes), plays for ``--seconds`` and prints: tables, rounds finished,
actions per second, the 50th and 99th percentile action round trip (the client sends its
action → its ack, sent right after the action's events), the errors, and what a table
costs: server CPU, database commits and messages between processes, per second and per
table.

The clients run in ``--client-processes`` worker processes of their own (one Python
process cannot drive thousands of connections without becoming the bottleneck).

Run it yourself (it is not a timed test):
    python bench/server_load.py --tables 200 --seconds 60
    python bench/server_load.py --tables 400 --seconds 60 --processes 2 \
        --db postgresql+asyncpg://postgres@127.0.0.1/test --redis redis://127.0.0.1:6379/0
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson

from zhaopengyou.bots import make_bot
from zhaopengyou.server.botclient import BotClient, create_room, guest
from zhaopengyou.server.transport import forget

PLAYERS = {"tractor": 4, "shandong": 4, "zhaopengyou": 5, "qidong": 5}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def own_database(url: str | None, folder: Path) -> Iterator[str]:
    """A database of this run's own: a SQLite file in ``folder`` (no URL), or a new
    database on the PostgreSQL server of ``url``, dropped afterwards. A cluster takes over
    every unfinished room of its database, so an earlier run's tables would join in."""
    if url is None:
        yield f"sqlite+aiosqlite:///{folder / 'load.db'}"
        return
    if not url.startswith("postgres"):
        yield url
        return
    import asyncpg  # type: ignore[import-untyped]  # asyncpg ships no type hints
    from sqlalchemy.engine import make_url

    name = f"zpy_load_{secrets.token_hex(4)}"
    admin = make_url(url).set(drivername="postgresql", database="postgres")

    async def run(sql: str) -> None:
        connection = await asyncpg.connect(admin.render_as_string(hide_password=False))
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    asyncio.run(run(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        asyncio.run(run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def start_server(db: str, port: int, log: Path, cluster: list[str]) -> subprocess.Popen[bytes]:
    zpy = Path(sys.executable).parent / "zpy"
    command = [str(zpy), "serve", "--port", str(port), "--db", db, "--log-level", "warning"]
    with log.open("wb") as out:
        process = subprocess.Popen([*command, *cluster], stdout=out, stderr=out)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            pass
        if process.poll() is not None:
            raise SystemExit(f"zpy serve exited:\n{log.read_text()}")
        time.sleep(0.1)
    raise SystemExit("zpy serve did not start")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def counters(base: str) -> dict[str, float]:
    """The server's cumulative counters that cost is measured by, and its histogram of
    action latency (``le=…`` bucket → count)."""
    text = httpx.get(f"{base}/metrics", timeout=10).text
    wanted = {"zpy_db_commits_total": "commits", "zpy_cluster_sent_total": "sent"}
    out = {"commits": 0.0, "sent": 0.0}
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        name = line.split("{")[0].split(" ")[0]
        if name in wanted:
            out[wanted[name]] += float(line.rsplit(" ", 1)[1])
            if name == "zpy_cluster_sent_total":
                kind = line.split('kind="')[1].split('"')[0]
                out[f"sent:{kind}"] = out.get(f"sent:{kind}", 0.0) + float(line.rsplit(" ", 1)[1])
        elif name == "zpy_action_seconds_bucket":
            bound = line.split('le="')[1].split('"')[0]
            out[f"le={bound}"] = float(line.rsplit(" ", 1)[1])
    return out


def histogram_percentile(
    before: list[dict[str, float]], after: list[dict[str, float]], q: float
) -> float:
    """The ``q`` quantile (ms) of the servers' own action latency over the window, read
    off their summed histograms (linear within a bucket)."""
    bounds = sorted(
        float(key[3:]) for key in after[0] if key.startswith("le=") and key != "le=+Inf"
    )
    counts = [
        sum(a.get(f"le={b}", 0) - p.get(f"le={b}", 0) for a, p in zip(after, before, strict=True))
        for b in bounds
    ]
    total = sum(
        a.get("le=+Inf", 0) - p.get("le=+Inf", 0) for a, p in zip(after, before, strict=True)
    )
    if not total:
        return float("nan")
    wanted = q * total
    lower, below = 0.0, 0.0
    for bound, count in zip(bounds, counts, strict=True):
        if count >= wanted:
            share = (wanted - below) / max(count - below, 1e-9)
            return 1000 * (lower + share * (bound - lower))
        lower, below = bound, count
    return 1000 * bounds[-1]


class LoadClient(BotClient):
    """A bot client that reads only what its bot needs: the views that offer it
    something to do (a random bot needs no earlier tricks), acks and errors. The clients
    share the machine with the servers, so they spend as little as they can."""

    async def receive(self) -> dict[str, Any]:
        text = await self._ws.recv()
        if text.startswith('{"type":"events"') or '"may":[]' in text:
            return {"type": "not read"}
        message: dict[str, Any] = orjson.loads(text)
        return message

    def _merge_tricks(self, message: dict[str, Any]) -> None:
        message["view"]["tricks"] = []  # a random bot needs no finished tricks


async def open_table(
    bases: list[str], http: httpx.AsyncClient, preset: str, bot: str, table: int
) -> tuple[list[BotClient], str]:
    """A room with one bot-driven client in every seat, seat i on process table + i."""
    players = PLAYERS[preset]
    homes = [bases[(table + seat) % len(bases)] for seat in range(players)]
    accounts = [await guest(home, http) for home in homes]
    room = await create_room(
        homes[0],
        accounts[0].token,
        http,
        preset=preset,
        rounds=50,
        deal_ms=120,
        bot_ms=60000,
        bot_level="easy",
        turn_seconds=600,
        between_ms=1000,
    )
    clients: list[BotClient] = [
        LoadClient(home, a.token, make_bot(bot, table * 10 + i), keep=False)
        for i, (home, a) in enumerate(zip(homes, accounts, strict=True))
    ]
    for seat, client in enumerate(clients):
        await client.connect()
        await client.send({"type": "join", "room": room["id"], "seat": seat})
    return clients, room["id"]


async def play_table(
    clients: list[BotClient], think: float, seed: int, deadline: float, out: dict[str, Any]
) -> None:
    rng = random.Random(seed)

    async def decide(client: BotClient, message: dict[str, Any]) -> None:
        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
        await client.handle(message)

    async def play(seat: int, client: BotClient) -> None:
        await client.send({"type": "ready"})
        thinking: asyncio.Task[None] | None = None
        while time.time() < deadline:
            try:
                message = await asyncio.wait_for(client.receive(), deadline - time.time())
            except TimeoutError:
                break
            if message.get("type") == "view" and message["view"]["may"] and think:
                # The player thinks while the client goes on reading (acks, events); a
                # newer view replaces the one being thought about.
                if thinking is not None:
                    thinking.cancel()
                thinking = asyncio.get_running_loop().create_task(decide(client, message))
                continue
            await client.handle(message)
            if message.get("type") == "round_over" and seat == 0:
                out["rounds"] += 1
        if thinking is not None:
            thinking.cancel()
        await client.close()

    await asyncio.gather(*(play(s, c) for s, c in enumerate(clients)))
    for client in clients:
        out["latencies"].extend(
            (at, latency) for at, latency in zip(client.acked_at, client.latencies, strict=True)
        )
        out["actions"] += len(client.latencies)
        out["errors"] += sum(1 for e in client.errors if e["code"] != "illegal_action")
        out["refused"] += sum(1 for e in client.errors if e["code"] == "illegal_action")


async def drive(
    bases: list[str],
    tables: list[int],
    seconds: float,
    warmup: float,
    preset: str,
    bot: str,
    think: float,
    ready: Any,
    go: Any,
) -> dict[str, Any]:
    """Open these tables, say so on ``ready``, then play them all from the moment (wall
    clock) ``go`` gives for ``seconds``; the clients' CPU is measured after ``warmup``."""
    out: dict[str, Any] = {"rounds": 0, "latencies": [], "actions": 0, "errors": 0, "refused": 0}
    async with httpx.AsyncClient(timeout=60) as http:
        opened = [await open_table(bases, http, preset, bot, t) for t in tables]
    ready.put(len(opened))
    start = await asyncio.to_thread(go.get)
    await asyncio.sleep(max(0.0, start - time.time()))
    deadline = start + seconds

    async def clients_cpu() -> None:
        await asyncio.sleep(max(0.0, start + warmup - time.time()))
        used = time.process_time()
        await asyncio.sleep(max(0.0, deadline - time.time()))
        out["client_cpu"] = time.process_time() - used

    measuring = asyncio.get_running_loop().create_task(clients_cpu())

    async def one(index: int, clients: list[BotClient]) -> None:
        await asyncio.sleep(index * 0.01)  # the tables start over a couple of seconds
        try:
            await play_table(clients, think, index, deadline, out)
        except Exception as err:
            out["errors"] += 1
            print(f"table {index}: {type(err).__name__}: {err}", file=sys.stderr)

    await asyncio.gather(*(one(t, clients) for t, (clients, _) in zip(tables, opened, strict=True)))
    await measuring
    # When each latency was measured, on the shared wall clock (workers are processes).
    offset = time.time() - time.monotonic()
    out["latencies"] = [(at + offset, latency) for at, latency in out["latencies"]]
    return out


Job = tuple[list[str], list[int], float, float, str, str, float]


def worker(job: Job, ready: Any, go: Any, results: Any) -> None:
    gc.set_threshold(50_000, 20, 100)  # the clients' pauses are not the server's latency
    results.put(asyncio.run(drive(*job, ready, go)))


def measure(args: argparse.Namespace, db: str, folder: Path) -> dict[str, Any]:
    """Run the servers on ``db`` and the clients, and return the figures."""
    cluster = []
    prefix = f"bench{secrets.token_hex(4)}"
    if args.redis is not None:
        cluster = ["--redis", args.redis, "--redis-prefix", prefix, "--lease", str(args.lease)]
    ports = [free_port() for _ in range(args.processes)]
    servers = [
        start_server(db, port, folder / f"server-{i}.log", cluster) for i, port in enumerate(ports)
    ]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    workers = max(1, min(args.client_processes, args.tables))
    shares = [list(range(args.tables))[w::workers] for w in range(workers)]
    context = multiprocessing.get_context("spawn")
    ready, go, results_queue = context.Queue(), context.Queue(), context.Queue()
    jobs: list[Job] = [
        (bases, share, args.seconds, args.warmup, args.preset, args.bot, args.think)
        for share in shares
    ]
    processes = [
        context.Process(target=worker, args=(job, ready, go, results_queue)) for job in jobs
    ]
    try:
        for process in processes:
            process.start()
        for _ in processes:  # every table is open and seated …
            ready.get(timeout=1800)
        start = time.time() + 1  # … then all play from one moment
        for _ in processes:
            go.put(start)
        time.sleep(max(0.0, start + args.warmup - time.time()))
        cpu_before = sum(cpu_seconds(s.pid) for s in servers)
        before = [counters(base) for base in bases]
        measured_from = time.time()
        time.sleep(max(0.0, start + args.seconds - time.time()))
        measured = time.time() - measured_from
        cpu = sum(cpu_seconds(s.pid) for s in servers) - cpu_before
        after = [counters(base) for base in bases]
        results = [results_queue.get(timeout=600) for _ in processes]
        for process in processes:
            process.join(60)
        memory = sum(rss_mb(s.pid) for s in servers)
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(30)
        if args.redis is not None:
            asyncio.run(forget(args.redis, prefix))
    # The first seconds are the tables starting up together; measure the steady state.
    latencies = sorted(
        lat for r in results for at, lat in r["latencies"] if at >= start + args.warmup
    )
    actions = sum(1 for r in results for at, _ in r["latencies"] if at >= start + args.warmup)
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000 if latencies else float("nan")
    pairs = list(zip(after, before, strict=True))
    commits = sum(a["commits"] - b["commits"] for a, b in pairs)
    sent = sum(a["sent"] - b["sent"] for a, b in pairs)
    figures = {
        "tables": args.tables,
        "preset": args.preset,
        "processes": args.processes,
        "think_s": args.think,
        "bot": args.bot,
        "database": "sqlite" if args.db is None else db.split(":")[0],
        "redis": args.redis is not None,
        "seconds": args.seconds,
        "warmup_s": args.warmup,
        "rounds_finished": sum(r["rounds"] for r in results),
        "actions": sum(r["actions"] for r in results),
        "actions_per_s": round(actions / measured, 1),
        "p50_ms": round(p50, 1),
        "p99_ms": round(p99, 1),
        "server_p50_ms": round(histogram_percentile(before, after, 0.5), 1),
        "server_p99_ms": round(histogram_percentile(before, after, 0.99), 1),
        "rss_mb": round(memory, 1),
        "server_cpu_percent": round(100 * cpu / measured, 1),
        "client_cpu_percent": round(100 * sum(r["client_cpu"] for r in results) / measured, 1),
        "cpu_ms_per_table_s": round(1000 * cpu / measured / args.tables, 3),
        "commits_per_s": round(commits / measured, 1),
        "cluster_messages_per_s": round(sent / measured, 1),
        "cluster_messages_per_s_by_kind": {
            key[5:]: round(sum(a.get(key, 0) - b.get(key, 0) for a, b in pairs) / measured, 1)
            for key in sorted({k for a in after for k in a if k.startswith("sent:")})
        },
        "errors": sum(r["errors"] for r in results),
        "refused_bids": sum(r["refused"] for r in results),
    }
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--preset", default="tractor", choices=sorted(PLAYERS))
    parser.add_argument(
        "--bot",
        default="random",
        choices=("random", "heuristic"),
        help="the clients' bot (default random: light, so the clients leave the CPU to the server)",
    )
    parser.add_argument(
        "--think", type=float, default=0.5, help="seconds a client takes to answer (default 0.5)"
    )
    parser.add_argument(
        "--warmup", type=float, default=10.0, help="seconds not measured at the start"
    )
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temp dir)")
    parser.add_argument("--processes", type=int, default=1, help="server processes (default 1)")
    parser.add_argument("--redis", default=None, help="Redis URL: the processes form a cluster")
    parser.add_argument("--lease", type=float, default=3.0, help="the cluster's lease (seconds)")
    parser.add_argument(
        "--client-processes", type=int, default=1, help="processes driving the clients"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.processes > 1 and args.redis is None:
        parser.error("--processes above 1 needs --redis (and a PostgreSQL --db)")
    folder = Path(tempfile.mkdtemp(prefix="zpy-load-"))
    with own_database(args.db, folder) as db:
        figures = measure(args, db, folder)
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"{figures['tables']} tables of {figures['preset']} on {figures['processes']} "
            f"process(es) ({figures['database']}{', Redis' if figures['redis'] else ''}, think "
            f"{figures['think_s']} s) for {figures['seconds']} s: {figures['rounds_finished']} "
            f"rounds finished, {figures['actions_per_s']} actions/s, round trip p50 "
            f"{figures['p50_ms']} ms, p99 {figures['p99_ms']} ms (in the servers p50 "
            f"{figures['server_p50_ms']} ms, p99 {figures['server_p99_ms']} ms), "
            f"{figures['errors']} errors; "
            f"servers {figures['rss_mb']} MB, CPU {figures['server_cpu_percent']} % "
            f"(clients {figures['client_cpu_percent']} %) "
            f"({figures['cpu_ms_per_table_s']} ms a second a table), "
            f"{figures['commits_per_s']} commits/s, "
            f"{figures['cluster_messages_per_s']} messages between processes/s "
            f"{figures['cluster_messages_per_s_by_kind']}"
        )
    return 0 if figures["errors"] == 0 else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())

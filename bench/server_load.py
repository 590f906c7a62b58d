"""Server load benchmark: many tables of bot-driven WebSocket clients on loopback.

Starts `zpy serve` (SQLite in a temporary folder by default, ``--db URL`` for another
database), opens ``--tables`` rooms of ``--preset`` with one client per seat, each
client a bot (``--bot``) that answers its turn after ``--think`` seconds (a quick human),
plays for ``--seconds`` and prints: tables, rounds finished, actions per second, the
50th and 99th percentile action round trip (the client sends its action → its ack,
sent right after the action's events), the server's memory and the errors.

Run it yourself (it is not a timed test):
    python bench/server_load.py --tables 200 --seconds 60
    python bench/server_load.py --tables 200 --seconds 60 --db postgresql+asyncpg://postgres@127.0.0.1/test
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

from zhaopengyou.bots import make_bot
from zhaopengyou.server.botclient import BotClient, create_room, guest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    zpy = Path(sys.executable).parent / "zpy"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [str(zpy), "serve", "--port", str(port), "--db", db, "--log-level", "warning"],
            stdout=out,
            stderr=out,
        )
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


async def open_table(
    base: str, http: httpx.AsyncClient, preset: str, bot: str, seed: int
) -> tuple[list[BotClient], str]:
    """A room with one bot-driven client in every seat, all ready."""
    players = {"tractor": 4, "shandong": 4, "zhaopengyou": 5, "qidong": 5}[preset]
    accounts = [await guest(base, http) for _ in range(players)]
    room = await create_room(
        base,
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
    clients = [
        BotClient(base, a.token, make_bot(bot, seed * 10 + i), keep=False)
        for i, a in enumerate(accounts)
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
        while time.monotonic() < deadline:
            try:
                message = await asyncio.wait_for(client.receive(), deadline - time.monotonic())
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
            (at - out["start"], latency)
            for at, latency in zip(client.acked_at, client.latencies, strict=True)
        )
        out["actions"] += len(client.latencies)
        out["errors"] += sum(1 for e in client.errors if e["code"] != "illegal_action")
        out["refused"] += sum(1 for e in client.errors if e["code"] == "illegal_action")


async def drive(
    base: str, tables: int, seconds: float, preset: str, bot: str, think: float
) -> dict[str, Any]:
    """Open every table, then play them all for ``seconds``."""
    out: dict[str, Any] = {"rounds": 0, "latencies": [], "actions": 0, "errors": 0, "refused": 0}
    async with httpx.AsyncClient(timeout=60) as http:
        opened = [await open_table(base, http, preset, bot, i) for i in range(tables)]
    start = out["start"] = time.monotonic()
    deadline = start + seconds

    async def one(index: int, clients: list[BotClient]) -> None:
        await asyncio.sleep(index * 0.01)  # the tables start over a couple of seconds
        try:
            await play_table(clients, think, index, deadline, out)
        except Exception as err:
            out["errors"] += 1
            print(f"table {index}: {type(err).__name__}: {err}", file=sys.stderr)

    await asyncio.gather(*(one(i, clients) for i, (clients, _) in enumerate(opened)))
    out["elapsed"] = time.monotonic() - start
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument(
        "--preset", default="tractor", choices=("tractor", "shandong", "zhaopengyou", "qidong")
    )
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
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="zpy-load-"))
    gc.set_threshold(50_000, 20, 100)  # the clients' pauses are not the server's latency
    db = args.db or f"sqlite+aiosqlite:///{folder / 'load.db'}"
    port = free_port()
    server = start_server(db, port, folder / "server.log")
    try:
        result = asyncio.run(
            drive(
                f"http://127.0.0.1:{port}",
                args.tables,
                args.seconds,
                args.preset,
                args.bot,
                args.think,
            )
        )
        memory = rss_mb(server.pid)
    finally:
        server.terminate()
        server.wait(30)
    # The first seconds are the tables starting up together; measure the steady state.
    latencies = sorted(lat for at, lat in result["latencies"] if at >= args.warmup)
    p50 = statistics.median(latencies) * 1000 if latencies else float("nan")
    p99 = latencies[int(0.99 * (len(latencies) - 1))] * 1000 if latencies else float("nan")
    figures = {
        "tables": args.tables,
        "preset": args.preset,
        "think_s": args.think,
        "bot": args.bot,
        "database": "sqlite" if args.db is None else db.split(":")[0],
        "seconds": round(result["elapsed"], 1),
        "warmup_s": args.warmup,
        "rounds_finished": result["rounds"],
        "actions": result["actions"],
        "actions_per_s": round(result["actions"] / result["elapsed"], 1),
        "p50_ms": round(p50, 1),
        "p99_ms": round(p99, 1),
        "rss_mb": round(memory, 1),
        "errors": result["errors"],
        "refused_bids": result["refused"],
    }
    if args.json:
        print(json.dumps(figures))
    else:
        print(
            f"{figures['tables']} tables of {figures['preset']} ({figures['database']}, think "
            f"{figures['think_s']} s) for {figures['seconds']} s: {figures['rounds_finished']} "
            f"rounds finished, {figures['actions_per_s']} actions/s, round trip p50 "
            f"{figures['p50_ms']} ms, p99 {figures['p99_ms']} ms, server {figures['rss_mb']} MB, "
            f"{figures['errors']} errors"
        )
    return 0 if figures["errors"] == 0 else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    raise SystemExit(main())

"""One card room on several real server processes (PostgreSQL + Redis), as clients see it:
any process serves any client; each room is run by one process at a time; a room
whose owner is killed, frozen or cut off from Redis plays on, its clients' events
gapless; every round the cluster wrote is the round an uninterrupted engine makes of
the same actions, and replays."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from zhaopengyou.bots import HeuristicBot
from zhaopengyou.records import replay_record
from zhaopengyou.server.botclient import BotClient, create_room, guest
from zhaopengyou.server.transport import forget

from .cluster import (
    Cluster,
    finished,
    frozen,
    gapless,
    play_on,
    replay_cli,
    rounds_of,
    same_events,
    twin,
)
from .harness import Raw
from .test_series import check_round_messages

PACE: dict[str, Any] = {
    "deal_ms": 2,
    "bot_ms": 60,
    "bot_level": "easy",
    "between_ms": 0,
    "turn_seconds": 600,
}


def plays_seen(client: BotClient) -> int:
    return sum(
        1
        for m in client.received
        if m.get("type") == "events"
        for e in m["events"]
        if e["kind"] == "played"
    )


async def until(condition: Any, timeout: float = 120, what: str = "") -> None:
    """Wait for ``condition()`` to hold (checked as the clients receive messages)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.02)


async def seat_clients(room: dict[str, Any], bases: list[str], seats: list[int]) -> list[BotClient]:
    """A guest's HeuristicBot client in each of ``seats``, the i-th on ``bases[i]``."""
    clients = []
    for base, seat in zip(bases, seats, strict=True):
        account = await guest(base)
        client = BotClient(base, account.token, HeuristicBot(seat))
        await client.connect()
        await client.send({"type": "join", "room": room["id"], "seat": seat})
        await client.send({"type": "ready"})
        clients.append(client)
    return clients


async def table_around(
    cluster: Cluster, preset: str, bots: list[int], **pace: Any
) -> tuple[dict[str, Any], int, list[BotClient]]:
    """A room made through process 0, the process that runs it, and a player in each
    other seat: the first on the owner's process, the others on the other processes."""
    maker = await guest(cluster.bases[0])
    room = await create_room(
        cluster.bases[0], maker.token, preset=preset, rounds=2, bots=bots, **(pace or PACE)
    )
    owner = await cluster.owner(room["id"])
    others = [i for i in range(len(cluster.bases)) if i != owner]
    bases = [cluster.bases[owner], *(cluster.bases[i] for i in others)]
    seats = [seat for seat in range(len(room["seats"])) if seat not in bots]
    clients = await seat_clients(room, bases[: len(seats)], seats)
    return room, owner, clients


async def check_rounds(
    database: str,
    room_id: str,
    rounds: int,
    watchers: Sequence[tuple[BotClient, int | None]],
    folder: Path,
) -> None:
    """Every round as an uninterrupted engine makes it of the same actions; each
    client got exactly that round's events for its seat, nothing it may not know, and
    the records replay (`zpy replay` too)."""
    stored = await rounds_of(database, room_id)
    assert [number for number, _, _ in stored] == list(range(1, rounds + 1))
    for number, record, steps in stored:
        assert record is not None, f"round {number} has no record"
        rnd = twin(record, steps)
        assert replay_record(record).ok
        replay_cli(record, folder)
        for client, seat in watchers:
            same_events(client, number, rnd, seat)
            mine = [m for m in client.received if m.get("round") == number]
            check_round_messages(seat, mine, record)


@pytest.fixture
async def cluster(postgres_url: str, redis_url: str, tmp_path: Path) -> AsyncIterator[Cluster]:
    running = Cluster(postgres_url, redis_url, tmp_path)
    try:
        await running.start()
        yield running
    finally:
        running.stop()
        await forget(redis_url, running.prefix)  # the cluster's streams and cards


@pytest.mark.anyio
async def test_a_series_on_three_processes_is_one_card_room(
    cluster: Cluster, postgres_url: str, tmp_path: Path
) -> None:
    """Three players of a 找朋友 table on three different processes with two bots, a
    spectator on a fourth connection and a lobby follower on a fifth: the series ends as
    on one process, every client got its seat's events of an uninterrupted round and
    nothing it may not know."""
    a, b, c = cluster.bases
    follower = Raw(c)
    await follower.__aenter__()
    await follower.hello((await guest(c)).token)
    await follower.send({"type": "lobby"})
    assert (await follower.until("lobby"))["rooms"] == []
    maker = await guest(b)
    room = await create_room(b, maker.token, preset="zhaopengyou", rounds=2, bots=[3, 4], **PACE)
    assert (await follower.until("lobby_room"))["room"]["id"] == room["id"]  # made elsewhere
    owner = await cluster.owner(room["id"])
    clients = await seat_clients(room, [a, b, c], [0, 1, 2])
    spectator = BotClient(a, (await guest(a)).token, HeuristicBot(9))
    await spectator.connect()
    await spectator.send({"type": "watch", "room": room["id"]})
    try:
        connections = [(await cluster.health(i) or {})["connections"] for i in range(3)]
        assert connections == [2, 1, 2]  # each process holds its own clients
        await asyncio.gather(
            *(x.play(lambda m: m.get("type") == "series_over") for x in [*clients, spectator])
        )
        statuses = []
        while True:  # the lobby followed the room from another process to its end
            message = await follower.next(timeout=30)
            if message["type"] == "lobby_room_gone":
                assert message["id"] == room["id"]
                break
            statuses.append(message["room"]["status"])
        assert "playing" in statuses
        for client in [*clients, spectator]:
            gapless(client)
        watchers = [(clients[i], i) for i in range(3)] + [(spectator, None)]
        await check_rounds(postgres_url, room["id"], 2, watchers, tmp_path)
        logs = cluster.logs()
        assert '"level": "error"' not in logs and "Traceback" not in logs
        assert f'"process": "{(await cluster.health(owner) or {})["process"]}"' in logs
        # The process that ran the room says so: b made it, and ran it or handed it over.
        started = "room_created" if owner == 1 else "room_adopted"
        assert f'"event": "{started}"' in cluster.log(owner)
    finally:
        for client in [*clients, spectator]:
            await client.close()
        await follower.__aexit__()


@pytest.mark.anyio
async def test_kill_9_of_the_owner_mid_trick(
    cluster: Cluster, postgres_url: str, tmp_path: Path
) -> None:
    """The process running a 找朋友 room is killed in the middle of a trick: another
    process takes the room over and it plays on; the player whose own process died
    joins again through another one; every client's events stay gapless."""
    room, owner, clients = await table_around(cluster, "zhaopengyou", [3, 4])
    others = [i for i in range(3) if i != owner]
    watcher = clients[1]
    mid_trick = asyncio.Event()

    def notice(message: dict[str, Any]) -> None:
        for event in message.get("events", []) if message.get("type") == "events" else []:
            if event["kind"] == "played" and event["trick"] >= 2 and not event["lead"]:
                mid_trick.set()

    watcher.on_message = notice

    def live() -> list[str]:
        return [cluster.bases[i] for i in range(3) if cluster.alive(i)]

    async def killer() -> None:
        await mid_trick.wait()
        before = plays_seen(watcher)
        cluster.servers[owner].kill()
        await until(lambda: plays_seen(watcher) > before + 2, what="the room to play on")
        await asyncio.to_thread(cluster.servers[owner].start)  # it joins the cluster again

    try:
        trouble = asyncio.get_running_loop().create_task(killer())
        reconnects = await asyncio.gather(*(play_on(x, room["id"], live) for x in clients))
        await trouble
        assert reconnects[0] >= 1, "the player on the killed process never had to join again"
        assert reconnects[1:] == [0, 0], "players on live processes were moved, not reconnected"
        for client in clients:
            gapless(client)
        watchers = [(clients[i], i) for i in range(1, 3)]  # seat 0 started over on a new link
        await check_rounds(postgres_url, room["id"], 2, watchers, tmp_path)
        assert '"event": "room_adopted"' in "".join(cluster.log(i) for i in others)
    finally:
        for client in clients:
            await client.close()


@pytest.mark.anyio
async def test_a_frozen_owner_writes_nothing_and_its_clients_move_over(
    cluster: Cluster, postgres_url: str, tmp_path: Path
) -> None:
    """SIGSTOP the owner past its lease: another process takes the room over and plays
    on; SIGCONT: the old owner finds its lease gone and writes nothing (the history is
    one unbroken line: the uninterrupted twin's), and the player connected to it is
    moved to the new owner without reconnecting."""
    # The frozen process's player cannot act: after 2 s the bot plays for it (托管).
    room, owner, clients = await table_around(
        cluster, "tractor", [3], **{**PACE, "turn_seconds": 2}
    )
    watcher = clients[1]

    async def freezer() -> None:
        await until(lambda: plays_seen(watcher) >= 10, what="ten plays")
        with frozen(cluster.servers[owner]):
            new_owner = await cluster.owner(room["id"], but=owner)
            assert new_owner != owner
            before = plays_seen(watcher)
            await until(lambda: plays_seen(watcher) >= before + 4, what="plays on the new owner")
        # Awake again: it finds the room is not its own any more.
        deadline = time.monotonic() + 30
        while room["id"] in ((await cluster.health(owner)) or {}).get("rooms", []):
            assert time.monotonic() < deadline, "the old owner kept the room"
            await asyncio.sleep(0.05)

    def live() -> list[str]:
        return [cluster.bases[i] for i in range(3) if cluster.alive(i)]

    try:
        trouble = asyncio.get_running_loop().create_task(freezer())
        reconnects = await asyncio.gather(*(play_on(x, room["id"], live) for x in clients))
        await trouble
        assert reconnects == [0, 0, 0], "a client had to reconnect"
        for client in clients:
            gapless(client)
        assert '"event": "lease_lost"' in cluster.log(owner)
        watchers = [(clients[i], i) for i in range(3)]
        await check_rounds(postgres_url, room["id"], 2, watchers, tmp_path)
    finally:
        for client in clients:
            await client.close()


@pytest.mark.anyio
async def test_redis_dropping_every_connection_and_restarting(
    postgres_url: str, own_redis: Any, tmp_path: Path
) -> None:
    """Every process's Redis connections are killed mid-round (CLIENT KILL), later the
    Redis server itself restarts empty: the processes reconnect, the clients catch up
    by event number, and the series ends."""
    cluster = Cluster(postgres_url, own_redis.url, tmp_path)
    await cluster.start()
    clients: list[BotClient] = []
    try:
        room, _, clients = await table_around(cluster, "tractor", [3])
        watcher = clients[1]

        async def breaker() -> None:
            await until(lambda: plays_seen(watcher) >= 8, what="eight plays")
            assert own_redis.client.execute_command("CLIENT KILL TYPE normal") >= 3
            before = plays_seen(watcher)
            await until(lambda: plays_seen(watcher) >= before + 8, what="plays after the kill")
            own_redis.restart()
            before = plays_seen(watcher)
            await until(lambda: plays_seen(watcher) >= before + 8, what="plays after a restart")

        def live() -> list[str]:
            return cluster.bases

        trouble = asyncio.get_running_loop().create_task(breaker())
        reconnects = await asyncio.gather(*(play_on(x, room["id"], live) for x in clients))
        await trouble
        assert reconnects == [0, 0, 0]
        for client in clients:
            gapless(client)
        for index in range(3):
            assert "Redis is back" in cluster.log(index)
        watchers = [(clients[i], i) for i in range(3)]
        await check_rounds(postgres_url, room["id"], 2, watchers, tmp_path)
    finally:
        for client in clients:
            await client.close()
        cluster.stop()


@pytest.mark.anyio
async def test_chaos_processes_killed_and_restarted(
    cluster: Cluster, postgres_url: str, tmp_path: Path
) -> None:
    """Bot series and a table of players on three processes while random processes are
    killed and started again for a while: every series ends, every round is its
    uninterrupted twin, the players' events are gapless."""
    rng = random.Random(11)
    maker = await guest(cluster.bases[0])
    bot_rooms = [
        await create_room(
            cluster.bases[i % 3], maker.token, preset=preset, rounds=3, bots=list(range(n)), **PACE
        )
        for i, (preset, n) in enumerate([("tractor", 4), ("shandong", 4), ("qidong", 5)])
    ]
    room = await create_room(
        cluster.bases[1], maker.token, preset="zhaopengyou", rounds=3, bots=[2, 3, 4], **PACE
    )
    clients = await seat_clients(room, cluster.bases[:2], [0, 1])
    stop = asyncio.Event()
    kills = [0, 0]  # made in all, made before the players' series ended

    def live() -> list[str]:
        return [cluster.bases[i] for i in range(3) if cluster.alive(i)]

    async def chaos() -> None:
        deadline = time.monotonic() + 20
        # At least three kills even when a slow machine lets the players finish first.
        while kills[0] < 3 or (time.monotonic() < deadline and not stop.is_set()):
            await asyncio.sleep(rng.uniform(1.0, 2.5))
            victim = rng.randrange(3)
            cluster.servers[victim].kill()
            kills[0] += 1
            await asyncio.sleep(rng.uniform(0.0, 2.0))
            await asyncio.to_thread(cluster.servers[victim].start)

    async def players() -> None:
        await asyncio.gather(*(play_on(x, room["id"], live, timeout=300) for x in clients))
        kills[1] = kills[0]
        stop.set()

    try:
        await asyncio.gather(chaos(), players())
        assert kills[0] >= 3 and kills[1] >= 1, f"killed {kills[0]}, {kills[1]} in the play"
        for made in [*bot_rooms, room]:
            await finished(cluster.bases[0], made["id"], timeout=300)
        for client in clients:
            gapless(client)
        for made in [*bot_rooms, room]:
            await check_rounds(postgres_url, made["id"], 3, [], tmp_path)
    finally:
        for client in clients:
            await client.close()

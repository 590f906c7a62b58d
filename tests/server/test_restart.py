"""Restart safety: `zpy serve` killed with SIGKILL at random moments of a series, started
again on the same database, the clients reconnecting. Nothing a client saw is lost or
changed: every action it saw accepted is in the round's record, its events run 1, 2, 3 …
without a gap or a repeat across the crashes, and every round replays exactly through
the engine (the same state as an uninterrupted twin fed the same actions)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
import websockets

from zhaopengyou.bots import HeuristicBot
from zhaopengyou.records import replay_record
from zhaopengyou.server.botclient import BotClient, create_room, guest

from .harness import Raw, Subprocess, api, free_port


def actions_of(record: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The actions a seat made in a round, as records keep them (bids, burial, call,
    plays; a failed throw counts as the throw attempted)."""
    out: list[dict[str, Any]] = []
    for bid in record["bids"]:
        if bid["seat"] == seat:
            out.append({"kind": "bid", "cards": sorted(bid["cards"])})
    if record["buried_by"] == seat:
        out.append({"kind": "bury", "cards": sorted(record["buried"])})
    for trick in record["tricks"]:
        for play in trick["plays"]:
            if play["seat"] == seat:
                out.append({"kind": "play", "cards": sorted(play.get("attempted", play["cards"]))})
    return out


async def play_through_crashes(
    server: Subprocess, clients: list[BotClient], room: str, kills: int, rng: random.Random
) -> None:
    async def play(client: BotClient) -> None:
        while True:
            try:
                # Under pytest's 300 s: a stuck table fails with what each side last said.
                await client.play(lambda m: m.get("type") == "series_over", timeout=240)
                return
            except (websockets.ConnectionClosed, OSError):
                while True:  # the server is down: try again until it is back
                    await asyncio.sleep(0.2)
                    try:
                        await client.rejoin(room)
                        break
                    except (OSError, websockets.InvalidHandshake, websockets.ConnectionClosed):
                        continue

    async def killer() -> None:
        for _ in range(kills):
            await asyncio.sleep(rng.uniform(0.3, 1.5))
            server.kill()
            await asyncio.sleep(rng.uniform(0.0, 0.5))
            await asyncio.to_thread(server.start)

    try:
        await asyncio.gather(killer(), *(play(c) for c in clients))
    except TimeoutError:
        refusals = [c.errors[-3:] for c in clients]
        log = server.log.read_text()[-3000:]
        raise AssertionError(f"the series stalled; refusals {refusals}; log …{log}") from None


async def seat_four_clients(
    server: Subprocess, clients: list[BotClient], **settings: Any
) -> dict[str, Any]:
    """A `tractor` room made with ``settings``, four guests' HeuristicBot clients seated
    in it and ready (added to ``clients`` as they are made, for the caller to close)."""
    accounts = [await guest(server.base) for _ in range(4)]
    room = await create_room(server.base, accounts[0].token, preset="tractor", **settings)
    clients += [BotClient(server.base, a.token, HeuristicBot(i)) for i, a in enumerate(accounts)]
    for seat, client in enumerate(clients):
        await client.connect()
        await client.send({"type": "join", "room": room["id"], "seat": seat})
        await client.send({"type": "ready"})
    return room


@pytest.mark.anyio
async def test_kill_9_loses_nothing_a_client_saw(database: str, tmp_path: Path) -> None:
    server = Subprocess(database, free_port(), tmp_path / "server.log")
    await asyncio.to_thread(server.start)
    clients: list[BotClient] = []
    try:
        # Slow bots: the clients, not the server's bots, make the decisions.
        room = await seat_four_clients(
            server,
            clients,
            rounds=2,
            deal_ms=4,
            bot_ms=60000,
            bot_level="easy",
            turn_seconds=600,
            between_ms=0,
        )
        await play_through_crashes(server, clients, room["id"], kills=3, rng=random.Random(7))
        rounds = (await api(server.base, "GET", f"/api/rooms/{room['id']}")).json()["rounds"]
        assert len(rounds) == 2
        for number, game in enumerate(rounds, start=1):
            record = (await api(server.base, "GET", f"/api/rounds/{game['id']}/record")).json()
            assert replay_record(record).ok
            for seat, client in enumerate(clients):
                seqs = client.seen[number]
                assert seqs == list(range(1, len(seqs) + 1)), "a gap or a repeat"
                made = actions_of(record, seat)
                for acked_round, action in client.acked:
                    if acked_round == number and action["kind"] in ("bid", "bury", "play"):
                        wanted = {"kind": action["kind"], "cards": sorted(action["cards"])}
                        assert wanted in made, (seat, action)
                        made.remove(wanted)
        log = server.log.read_text()
        assert log.count('"event": "server_started"') == 4
    finally:
        server.stop()
        for client in clients:
            await client.close()


@pytest.mark.anyio
async def test_a_ready_a_player_saw_survives_a_crash(database: str, tmp_path: Path) -> None:
    """R-11.2's ready check: a player told it is ready (the room says so) is still ready
    after a kill -9 before the series started; the last player's ready then starts it."""
    server = Subprocess(database, free_port(), tmp_path / "server.log")
    await asyncio.to_thread(server.start)
    first, second = await guest(server.base), await guest(server.base)
    room = await create_room(
        server.base, first.token, preset="tractor", rounds=1, bots=[2, 3], between_ms=0
    )
    clients: list[Raw] = []
    try:
        for seat, account in enumerate((first, second)):
            client = Raw(server.base)
            clients.append(await client.__aenter__())
            await client.hello(account.token)
            await client.send({"type": "join", "room": room["id"], "seat": seat})
            await client.until("room")
        await clients[0].send({"type": "ready"})
        while not (told := await clients[0].until("room"))["room"]["seats"][0]["ready"]:
            pass  # the rooms sent before it (the second player sitting down)
        assert [s["ready"] for s in told["room"]["seats"]] == [True, False, True, True]
        server.kill()
        await asyncio.to_thread(server.start)
        for seat, (client, account) in enumerate(zip(clients, (first, second), strict=True)):
            await client.__aexit__()
            await client.__aenter__()
            await client.hello(account.token)
            await client.send({"type": "join", "room": room["id"], "seat": seat})
            back = await client.until("room")
            assert back["room"]["status"] == "open" and back["room"]["seats"][0]["ready"]
        await clients[1].send({"type": "ready"})
        while (await clients[0].until("room"))["room"]["status"] != "playing":
            pass
    finally:
        server.stop()
        for client in clients:
            await client.__aexit__()


@pytest.mark.anyio
async def test_a_crash_between_the_last_round_and_the_series_end_is_finished_on_restart(
    database: str, tmp_path: Path
) -> None:
    """The last round is saved, then the server dies before the series' own save: on
    restart the room ends the series instead of waiting forever for a round past the end."""
    from sqlalchemy import update
    from sqlalchemy.ext.asyncio import create_async_engine

    from zhaopengyou.server.db import Room

    server = Subprocess(database, free_port(), tmp_path / "server.log")
    await asyncio.to_thread(server.start)
    clients: list[BotClient] = []
    try:
        room = await seat_four_clients(
            server, clients, rounds=1, deal_ms=0, bot_ms=0, bot_level="easy", between_ms=0
        )
        await asyncio.gather(*(c.play(lambda m: m.get("type") == "series_over") for c in clients))
        finished = (await api(server.base, "GET", f"/api/rooms/{room['id']}")).json()
        assert finished["room"]["status"] == "finished"
        server.stop()
        engine = create_async_engine(database)
        async with engine.begin() as connection:  # the state such a crash leaves
            await connection.execute(
                update(Room)
                .where(Room.id == room["id"])
                .values(status="playing", finished_at=None, result=None)
            )
        await engine.dispose()
        await asyncio.to_thread(server.start)
        for _ in range(100):
            again = (await api(server.base, "GET", f"/api/rooms/{room['id']}")).json()
            if again["room"]["status"] == "finished":
                break
            await asyncio.sleep(0.1)
        assert again["room"]["status"] == "finished" and len(again["rounds"]) == 1
        assert again["result"] == finished["result"]
        assert finished["result"]["winners"] and finished["room"]["rounds_played"] == 1
        assert "Traceback" not in server.log.read_text()
    finally:
        server.stop()
        for client in clients:
            await client.close()

"""Room leases in the database (SQLite and PostgreSQL): one owner at a time, an epoch that
fences every write of a room, orphans shared among the live processes, and the rooms
found by id or code as a player may find them."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import func, select, text, update
from sqlalchemy.exc import DBAPIError

from zhaopengyou.server.db import RoomLease, Step, make_engine, migrate
from zhaopengyou.server.leases import Lease, LeaseKeeper
from zhaopengyou.server.store import Fence, LeaseLost, Store


def room_values(room_id: str, account: int, **extra: Any) -> dict[str, Any]:
    return {
        "id": room_id,
        "name": room_id,
        "preset": "tractor",
        "options": {},
        "series_rounds": 1,
        "private": False,
        "invite_code": None,
        "settings": {},
        "seed": 1,
        "dealer": 0,
        "status": "open",
        "seats": {},
        "created_by": account,
        **extra,
    }


async def open_store(url: str, idle: float | None = None) -> Store:
    engine = make_engine(url, idle_in_transaction=idle)
    await migrate(engine)
    store = Store(engine)
    store.start()
    return store


async def expire(store: Store, room_id: str) -> None:
    """The room's lease runs out (its owner stopped renewing)."""
    async with store.engine.begin() as connection:
        await connection.execute(
            update(RoomLease).where(RoomLease.room_id == room_id).values(expires_at=_PAST)
        )


_PAST = datetime(2000, 1, 1, tzinfo=UTC)


async def steps_of(store: Store, round_id: int) -> list[int]:
    async with store.engine.connect() as connection:
        rows = await connection.execute(
            select(Step.index).where(Step.round_id == round_id).order_by(Step.index)
        )
        return [index for (index,) in rows]


@pytest.mark.anyio
async def test_a_stale_owner_can_write_nothing(database: str) -> None:
    store = await open_store(database)
    try:
        account = await store.create_account("甲", None, guest=True)
        assert await store.create_room(room_values("r1", account), "A", 30) == 1
        old = Fence("r1", 1)
        round_id = await store.start_round("r1", 1, 7, {}, {"kind": "start"}, fence=old)
        await store.append_steps(round_id, 1, [{"kind": "deal"}], fence=old)
        taken = await store.take_all("B", 30)  # another process takes the room
        assert [(c.room_id, c.epoch, c.previous) for c in taken] == [("r1", 2, "A")]
        new = Fence("r1", 2)
        stale = store.append_steps(round_id, 2, [{"kind": "stale"}], fence=old)
        fresh = store.append_steps(round_id, 2, [{"kind": "fresh"}], fence=new)
        with pytest.raises(LeaseLost):
            await stale
        await fresh  # in the same batch: the stale write fails alone
        assert await steps_of(store, round_id) == [0, 1, 2]
        for refused in (
            store.update_room("r1", fence=old, status="playing"),
            store.room_event("r1", 1, "bot", 0, 0, fence=old),
        ):
            with pytest.raises(LeaseLost):
                await refused
        with pytest.raises(LeaseLost):
            await store.finish_series("r1", [account], {"totals": []}, fence=old)
        with pytest.raises(LeaseLost):
            await store.start_round("r1", 2, 7, {}, {"kind": "start"}, fence=old)
        assert (await store.load_room("r1")) is not None  # nothing of it changed
        assert (await store.load_room("r1")).row["status"] == "open"  # type: ignore[union-attr]
    finally:
        await store.close()


@pytest.mark.anyio
async def test_orphans_are_shared_among_the_live_processes(database: str) -> None:
    store = await open_store(database)
    try:
        account = await store.create_account("乙", None, guest=True)
        for i in range(5):
            await store.create_room(room_values(f"o{i}", account), "dead", 30)
        await store.create_room(room_values("kept", account), "C", 30)
        assert await store.claim_orphans("A", 30) == []  # every lease is still held
        for i in range(5):
            await expire(store, f"o{i}")
        await store.renew("A", 30)  # two processes are alive
        await store.renew("B", 30)
        first = await store.claim_orphans("A", 30)
        assert len(first) == 3 and all(c.previous == "dead" and c.epoch == 2 for c in first)
        second = await store.claim_orphans("B", 30)  # its share of the two left: one …
        assert len(second) == 1
        second += await store.claim_orphans("B", 30)  # … then the last one
        assert len(second) == 2
        assert {c.room_id for c in first} | {c.room_id for c in second} == {
            f"o{i}" for i in range(5)
        }
        renewal = await store.renew("A", 30)
        assert renewal.rooms == {c.room_id: 2 for c in first}
        assert renewal.processes == ["A", "B"]
        assert await store.place() == "B"  # it runs the fewest rooms (C is not alive)
        await store.release("A")  # a clean stop: its rooms are free at once
        again = await store.claim_orphans("B", 30)
        assert {c.room_id for c in again} == {c.room_id for c in first}
        assert all(c.previous is None and c.epoch == 3 for c in again)
        assert (await store.renew("B", 30)).processes == ["B"]
    finally:
        await store.close()


@pytest.mark.anyio
async def test_rooms_are_located_as_their_players_may_find_them(database: str) -> None:
    store = await open_store(database)
    try:
        account = await store.create_account("丙", None, guest=True)
        seats = {"0": {"account": account, "name": "丙", "bot": False, "quit": False}}
        await store.create_room(room_values("pub", account), "A", 30)
        await store.create_room(
            room_values("pri", account, private=True, invite_code="123456", seats=seats), "A", 30
        )
        assert await store.locate("pub", None, 99) == ("pub", "A", 1)
        assert await store.locate("pri", None, 99) is None  # a private room by its code only
        assert await store.locate(None, "123456", 99) == ("pri", "A", 1)
        assert await store.locate("pri", None, account) == ("pri", "A", 1)  # seated there
        assert await store.locate("nope", None, 99) is None
        await expire(store, "pub")
        assert await store.locate("pub", None, 99) == ("pub", None, 1)  # nobody runs it now
    finally:
        await store.close()


@pytest.mark.anyio
async def test_a_lease_is_trusted_only_while_it_is_surely_held() -> None:
    lease = Lease("r", 4, 0.2, time.monotonic())
    assert lease.valid() and lease.fence == Fence("r", 4)
    assert await lease.hold()  # held: a room goes on at once …
    deadline = time.monotonic() + 5
    while lease.valid():  # … until its time runs out
        assert time.monotonic() < deadline
        await asyncio.sleep(0.01)
    held = asyncio.get_running_loop().create_task(lease.hold())
    await asyncio.sleep(0.05)
    assert not held.done()  # a room waits for the renewal's word
    lease.renewed(time.monotonic())
    assert await held
    gone = Lease("r", 5, 0.0, 0.0)
    losing = asyncio.get_running_loop().create_task(gone.hold())
    await asyncio.sleep(0.05)
    assert not losing.done()
    gone.lose()  # the renewal says another process owns it
    assert not await asyncio.wait_for(losing, 5)
    assert Lease("alone", 1, None, 0.0).valid()  # a process alone holds its rooms for good


@pytest.mark.anyio
async def test_the_keeper_renews_takes_and_gives_up(postgres_url: str) -> None:
    """Two keepers on one database: A's rooms stay A's while it renews; when A stops
    renewing, B takes them; A, renewing again, learns it lost them."""
    store = await open_store(postgres_url)
    adopted: dict[str, list[str]] = {"A": [], "B": []}
    lost: list[str] = []

    def keeper(process: str) -> LeaseKeeper:
        async def adopt(room_id: str, lease: Lease) -> None:
            adopted[process].append(room_id)

        return LeaseKeeper(store, process, 1.0, adopt, lost.append, lambda alive: None)

    a, b = keeper("A"), keeper("B")
    try:
        account = await store.create_account("丁", None, guest=True)
        await store.create_room(room_values("k1", account), "A", 1.0)
        await a.start()
        assert adopted["A"] == ["k1"]  # its renewal found the room placed on it
        await b.start()
        await asyncio.sleep(1.5)  # A renews; nothing is orphaned
        assert adopted["B"] == [] and a.leases["k1"].valid()
        await a.stop()  # A freezes: no more renewals
        deadline = time.monotonic() + 10
        while not adopted["B"]:
            assert time.monotonic() < deadline, "B never took the room"
            await asyncio.sleep(0.05)
        assert b.leases["k1"].epoch == 2
        await a._renew()  # A wakes up
        assert lost == ["k1"] and a.leases == {}
        # A lease granted while a renewal was on its way (a room being made) is not
        # judged by that renewal.
        young = b.hold("k2", 1, time.monotonic() + 60)
        await b._renew()
        assert b.leases["k2"] is young and not young.lost
    finally:
        await a.stop()
        await b.stop()
        await store.close()


@pytest.mark.anyio
async def test_a_transaction_frozen_on_a_lease_is_ended(postgres_url: str) -> None:
    """A process frozen inside a write keeps its lease row locked; PostgreSQL ends the
    idle transaction after the lease's time, and the room can be taken over."""
    store = await open_store(postgres_url, idle=1.0)
    frozen = make_engine(postgres_url, idle_in_transaction=1.0)
    try:
        account = await store.create_account("戊", None, guest=True)
        await store.create_room(room_values("f1", account), "A", 30)
        await expire(store, "f1")
        connection = await frozen.connect()
        transaction = await connection.begin()
        await connection.execute(text("SELECT 1 FROM room_leases WHERE room_id = 'f1' FOR SHARE"))
        await store.renew("B", 30)
        assert await store.claim_orphans("B", 30) == []  # locked: skipped, not waited for
        deadline = time.monotonic() + 15
        while not await store.claim_orphans("B", 30):
            assert time.monotonic() < deadline, "the frozen transaction was never ended"
            await asyncio.sleep(0.2)
        with pytest.raises(DBAPIError):  # the frozen process finds its transaction gone
            await transaction.commit()
        await connection.close()
        async with store.engine.connect() as check:
            owner = (await check.execute(select(RoomLease.owner))).scalar_one()
            count = (await check.execute(select(func.count()).select_from(RoomLease))).scalar()
        assert owner == "B" and count == 1
    finally:
        await frozen.dispose()
        await store.close()

"""Room leases: which process runs each room (PostgreSQL keeps them, docs/scaling.md).

A process holds a room while its lease is renewed; the lease's epoch is a fencing token
that every write of the room checks (:class:`~zhaopengyou.server.store.Fence`). The
:class:`LeaseKeeper` renews this process's leases every third of the lease, takes its
share of the leases nobody renewed in time (a dead, frozen or cut-off owner's) and says
which rooms were lost. A room acts only while its :class:`Lease` is surely held: after a
freeze longer than the lease, it waits for the renewal to say whether it is still its.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Awaitable, Callable

from .metrics import METRICS
from .store import Claimed, Fence, Renewal, Store

log = logging.getLogger("zhaopengyou.server")

SAFETY = 0.9  # a lease is trusted for this share of its length after its renewal was sent


class Lease:
    """This process's hold on one room: the epoch it writes under, and until when (by
    this process's monotonic clock) the hold is sure."""

    def __init__(self, room_id: str, epoch: int, seconds: float | None, sent_at: float) -> None:
        self.room_id = room_id
        self.epoch = epoch
        self.granted = sent_at  # when the request that gave it was sent (monotonic)
        self.seconds = seconds  # None: the process runs alone and holds it for good
        self.valid_until = math.inf if seconds is None else sent_at + SAFETY * seconds
        self.lost = False
        self._settled = asyncio.Event()

    @property
    def fence(self) -> Fence:
        return Fence(self.room_id, self.epoch)

    def valid(self) -> bool:
        return not self.lost and time.monotonic() < self.valid_until

    def renewed(self, sent_at: float) -> None:
        """The database extended the lease by a request sent at ``sent_at``."""
        if self.seconds is not None:
            self.valid_until = max(self.valid_until, sent_at + SAFETY * self.seconds)
        self._settled.set()

    def lose(self) -> None:
        self.lost = True
        self._settled.set()

    async def hold(self) -> bool:
        """Whether the room is still this process's, waiting for a renewal if the lease
        may have run out (the process was frozen or cut off from the database)."""
        while not self.valid():
            if self.lost:
                return False
            self._settled.clear()
            await self._settled.wait()
        return True


Adopt = Callable[[str, Lease], Awaitable[None]]


class LeaseKeeper:
    """Renews this process's leases, takes orphaned ones, reports lost ones.

    ``adopt(room_id, lease)`` starts a room this process now owns; ``lost(room_id)``
    stops one it does not own any more."""

    def __init__(
        self,
        store: Store,
        process: str,
        seconds: float | None,
        adopt: Adopt,
        lost: Callable[[str], None],
        alive: Callable[[list[str]], None],
    ) -> None:
        self.store = store
        self.process = process
        self.seconds = seconds  # None: this process runs alone (no renewals, no claims)
        self.leases: dict[str, Lease] = {}
        self.alive: list[str] = [process]
        self._adopt = adopt
        self._lost = lost
        self._on_alive = alive
        self._tasks: list[asyncio.Task[None]] = []
        self._soon = asyncio.Event()

    @property
    def length(self) -> float:
        """The lease length written to the database (a lone process's leases run out
        soon after it stops, should a cluster start on its database)."""
        return 30.0 if self.seconds is None else self.seconds

    def hold(self, room_id: str, epoch: int, sent_at: float) -> Lease:
        """The lease of a room this process has just been given."""
        lease = self.leases.get(room_id)
        if lease is not None and lease.epoch >= epoch:
            return lease
        if lease is not None:
            lease.lose()
        lease = self.leases[room_id] = Lease(room_id, epoch, self.seconds, sent_at)
        return lease

    def forget(self, room_id: str, lease: Lease) -> None:
        """A room this process stopped running (its series ended, or it was lost)."""
        if self.leases.get(room_id) is lease:
            del self.leases[room_id]

    async def start(self) -> None:
        """Take the rooms: every one for a process alone, else its share of the orphans,
        and keep the leases from then on."""
        sent = time.monotonic()
        if self.seconds is None:
            await self._adopt_all(await self.store.take_all(self.process, self.length), sent)
            return
        await self.store.lease_every_room()
        await self._renew()  # this process is alive before it takes anything
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(
                self._every(self.seconds / 3, self._renew, self._soon), name="lease renewal"
            ),
            loop.create_task(self._every(min(0.5, self.seconds / 4), self._claim), name="claims"),
        ]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []

    async def release(self) -> None:
        """Give every lease back (a clean shutdown): other processes take the rooms at
        once instead of waiting for the leases to run out."""
        for lease in self.leases.values():
            lease.lose()
        self.leases.clear()
        await self.store.release(self.process)

    def renew_soon(self) -> None:
        """Renew now rather than at the next turn (a room was placed on this process)."""
        self._soon.set()

    async def _every(
        self,
        seconds: float,
        work: Callable[[], Awaitable[None]],
        soon: asyncio.Event | None = None,
    ) -> None:
        while True:
            started = time.monotonic()
            try:
                await work()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("%s failed; trying again", work.__name__)
            pause = max(0.0, seconds - (time.monotonic() - started))
            if soon is None:
                await asyncio.sleep(pause)
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(soon.wait(), pause)
                soon.clear()

    async def _renew(self) -> None:
        sent = time.monotonic()
        renewal: Renewal = await self.store.renew(self.process, self.length)
        self.alive = renewal.processes
        self._on_alive(renewal.processes)
        for room_id, lease in list(self.leases.items()):
            if renewal.rooms.get(room_id) == lease.epoch:
                lease.renewed(sent)
            elif lease.granted >= sent:
                continue  # given after this renewal was sent (a room made meanwhile)
            else:
                del self.leases[room_id]
                lease.lose()
                METRICS.leases_lost.inc()
                self._lost(room_id)
        # Rooms given to this process by another one (a new room placed here) whose
        # message has not come: the database says they are this process's to run.
        mine = [
            Claimed(room_id, epoch, self.process)
            for room_id, epoch in renewal.rooms.items()
            if room_id not in self.leases
        ]
        await self._adopt_all(mine, sent)

    async def _claim(self) -> None:
        sent = time.monotonic()
        claimed = await self.store.claim_orphans(self.process, self.length)
        for claim in claimed:
            if claim.previous is not None and claim.previous != self.process:
                METRICS.takeovers.inc()
        await self._adopt_all(claimed, sent)

    async def _adopt_all(self, claimed: list[Claimed], sent: float) -> None:
        for claim in claimed:
            await self._adopt(claim.room_id, self.hold(claim.room_id, claim.epoch, sent))

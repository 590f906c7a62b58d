"""A room: one table, its seats, its series of rounds, and the one task that owns them.

Every command for a room (a client sitting down, an action, a chat line, a client
going away) goes into the room's inbox; the room's task takes them one at a time, so
game state needs no locks, and hands each to the collaborator that decides: the
:class:`Seating` (join, leave, ready, bots, 托管, 强退), the :class:`Driver` (the deal's
pace, the bots, the turn timers, the next round) and the engine (every rule). The room
persists what changed and the :class:`Publisher` tells each connection what it may see.

Every change of the round is appended to the database, under the room's lease (a
stale owner can write nothing), and waited for when it holds a player's action, before
any client hears of it: what a client saw accepted survives a crash of any process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from ...engine import DecodeError, IllegalAction, Match, Phase, Preset, Round, action_from_dict
from ...engine.codec import encode_levels
from ...engine.match import round_seed
from ...engine.presets import get_preset
from ...i18n.messages import engine_message, engine_params
from ...records import round_record
from ...records.wire import RecordEvent
from .. import logs
from .. import protocol as p
from ..lobby import admits
from ..metrics import METRICS
from ..store import LeaseLost
from .driver import BotTurn, Deal, Driver, FinishRound, FinishSeries, StartRound, TimeOut
from .publisher import Member, Publisher
from .seating import Client, Refused, SeatEvent, Seating
from .settings import CHAT_INTERVAL, PHRASES, Settings

if TYPE_CHECKING:
    from ..leases import Lease
    from ..store import Store, StoredRoom

log = logging.getLogger("zhaopengyou.server")
# A write that failed (the database went away): the room reads itself again.
WRITE_ERRORS = (SQLAlchemyError, OSError)


def room_summary(
    *,
    room_id: str,
    name: str,
    preset: Preset,
    series_rounds: int,
    private: bool,
    status: p.RoomStatus,
    settings: Settings,
    seats: list[p.SeatInfo],
    spectators: int,
    rounds_played: int,
    invite_code: str | None = None,
) -> p.RoomSummary:
    """What the lobby shows of a room, in play or finished."""
    return p.RoomSummary(
        id=room_id,
        name=name,
        preset=preset.name,
        options=dict(preset.options),
        mode="xun" if preset.called_friend else "ding",  # 「寻」 or 「定」
        rounds=series_rounds,
        private=private,
        status=status,
        settings=settings.info(),
        seats=seats,
        spectators=spectators,
        rounds_played=rounds_played,
        invite_code=invite_code,
    )


def finished_summary(row: dict[str, Any], scores: dict[int, int], lang: str) -> p.RoomSummary:
    """A finished room as the database keeps it; ``scores``: its players' totals, for
    their titles."""
    preset = get_preset(row["preset"], **row["options"])
    seating = Seating.restore(preset.players, row["seats"], started=True)
    for seat in seating.seats:
        seat.expected = False
        seat.score = scores.get(seat.account_id, 0) if seat.account_id is not None else 0
    return room_summary(
        room_id=row["id"],
        name=row["name"],
        preset=preset,
        series_rounds=row["series_rounds"],
        private=row["private"],
        status=row["status"],
        settings=Settings(**row["settings"]),
        seats=[seat.info(lang) for seat in seating.seats],
        spectators=0,
        rounds_played=row["rounds_played"],
    )


class Gone:
    """A client's connection closed."""

    def __init__(self, client: Client) -> None:
        self.client = client


class Room:
    """One table and its series (R-11.1, R-11.2)."""

    def __init__(
        self,
        store: Store,
        lease: Lease,
        *,
        room_id: str,
        name: str,
        preset: Preset,
        series_rounds: int,
        private: bool,
        invite_code: str | None,
        settings: Settings,
        seed: int,
        dealer: int,
        created_by: int,
        on_change: Callable[[Room], None],
        seating: Seating | None = None,
    ) -> None:
        self.store = store
        self.lease = lease
        self.id = room_id
        self.name = name
        self.preset = preset
        self.series_rounds = series_rounds
        self.private = private
        self.invite_code = invite_code
        self.settings = settings
        self.seed = seed
        self.first_dealer = dealer
        self.created_by = created_by
        self.on_change = on_change
        self.status: p.RoomStatus = "open"
        self.seating = seating or Seating(preset.players)
        self.publisher = Publisher(self.describe)
        self.driver = Driver(settings, seed, preset.players, room_id)
        self.match: Match | None = None
        self.round: Round | None = None
        self.round_id: int | None = None
        self.persisted = 0  # history steps of the round already in the database
        self.room_events: list[tuple[int, RecordEvent]] = []  # (round, quit / bot / back)
        self.result: p.Standings | None = None
        self.inbox: asyncio.Queue[tuple[Client | None, Any]] = asyncio.Queue()
        self.lost = False  # another process owns the room now
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    @property
    def members(self) -> dict[Client, Member]:
        return self.publisher.members

    @property
    def closed(self) -> bool:
        return self._closed

    # --- life -----------------------------------------------------------------------------

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"room {self.id}")

    async def stop(self) -> None:
        self._closed = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def post(self, client: Client | None, message: Any) -> None:
        self.inbox.put_nowait((client, message))

    async def _run(self) -> None:
        while not self._closed:
            if self.inbox.empty():
                # A room of bots only, or one whose last player got ready, starts at once.
                wait = (
                    0.0
                    if self._startable()
                    else self.driver.wake(self.status == "playing", self.round, self.seating)
                )
                try:
                    async with asyncio.timeout(wait):
                        client, message = await self.inbox.get()
                except TimeoutError:
                    client, message = None, None
            else:
                client, message = self.inbox.get_nowait()
            # Nothing is decided while the lease may have run out (after a freeze, say)
            # until its renewal says whether this process still owns the room.
            if not await self.lease.hold():
                self._lose()
                return
            try:
                if message is not None:
                    await self._handle(client, message)
                if self._startable():
                    await self._start_series()
                await self._advance()
            except asyncio.CancelledError:
                raise
            except LeaseLost:
                self._lose()
                return
            except WRITE_ERRORS:
                log.exception("room %s: a write failed: the room is read again", self.id)
                await self._reload()
            except Exception:
                log.exception("room %s: error handling %r", self.id, type(message).__name__)

    async def _reload(self) -> None:
        """A write failed (the database went away, say): the room in memory may be ahead
        of the database. Read it again, waiting until the database answers, and tell
        every member where the room stands (what was not saved was never sent)."""
        delay = 0.1
        while True:
            if not await self.lease.hold():
                self._lose()
                return
            try:
                stored = await self.store.load_room(self.id)
                break
            except WRITE_ERRORS:
                await asyncio.sleep(delay)
                delay = min(2.0, delay * 2)
        if stored is None:  # its series was finished meanwhile
            self._closed = True
            self.on_change(self)
            return
        fresh = Room.restore(self.store, self.lease, stored, self.on_change)
        for index, seat in enumerate(fresh.seating.seats):
            kept = self.seating[index]
            if seat.account_id == kept.account_id:
                seat.client, seat.score, seat.auto = kept.client, kept.score, kept.auto
                seat.expected = seat.expected and kept.client is None
        self.seating = fresh.seating
        self.status, self.match, self.result = fresh.status, fresh.match, fresh.result
        self.round, self.round_id, self.persisted = fresh.round, fresh.round_id, fresh.persisted
        self.room_events = fresh.room_events
        self.publisher.sent = fresh.publisher.sent
        self.driver.resume()
        for client, member in list(self.members.items()):
            same = self.round is not None and member.round == self.round.number
            since = p.Since(round=member.round, seq=member.seq) if same else None
            self._sync(client, since, None)

    def _lose(self) -> None:
        """Another process owns the room now: this copy stops without a word to anyone
        (the new owner brings the clients over)."""
        self._closed = self.lost = True
        logs.event("lease_lost", room=self.id, epoch=self.lease.epoch)
        self.on_change(self)

    # --- commands -------------------------------------------------------------------------

    async def _handle(self, client: Client | None, message: Any) -> None:
        """Hand the message to whoever decides it."""
        if isinstance(message, Gone):
            await self._disconnect(message.client)
            return
        assert client is not None
        match message:
            case p.Join():
                await self._join(client, message)
            case p.Watch():
                self._watch(client, message)
            case p.Ping():  # after the answers to everything the client sent before it
                client.send(p.pong(message.ref))
            case _ if client not in self.members:
                self.publisher.refuse(client, p.NO_ROOM, "you are not in this room", message.ref)
            case p.Leave():
                await self._leave(client, message.ref)
            case p.Ready():
                await self._ready(client, message)
            case p.AddBot():
                await self._add_bot(client, message)
            case p.Act():
                await self._act(client, message)
            case p.Trustee():
                self._trustee(client, message)
            case p.Chat():
                self._chat(client, message)
            case p.Resync():
                self._sync(client, message.since, message.ref)
            case p.Hint():
                self._hint(client, message.ref)

    def admits(self, account_id: int, code: str | None) -> bool:
        return admits(self.private, self.invite_code, code, self.seating.seated(account_id))

    async def _join(self, client: Client, message: p.Join) -> None:
        if not self.admits(client.account["id"], message.code):
            self._refuse_join(client, Refused(p.NO_ROOM, "no such room"), message.ref)
            return
        account = client.account
        seats_before = self.seating.stored()
        try:
            index = self.seating.sit(
                account["id"],
                account["name"],
                account["score"],
                message.seat,
                open_=self.status == "open",
            )
        except Refused as refused:
            self._refuse_join(client, refused, message.ref)
            return
        if self.seating.stored() != seats_before:  # a new player, or a new name
            await self._persist_seats()
        old, event = self.seating.connect(index, client)
        if old is not None:
            self.publisher.refuse(
                old, p.NOT_ALLOWED, "you joined this room from another connection", None
            )
            self.publisher.remove(old)
            old.left(self.id)
        self.publisher.add(client, index)
        client.joined(self.id, self.status == "playing")
        if event is not None:
            self._seat_event(event, index)
        logs.event("joined", room=self.id, seat=index, account=account["id"])
        self._sync(client, message.since, message.ref)
        self._changed(but=client)

    def _refuse_join(self, client: Client, refused: Refused, ref: str | None) -> None:
        self.publisher.refused(client, refused, ref)
        if client not in self.members:
            client.left(self.id)

    def _watch(self, client: Client, message: p.Watch) -> None:
        if not self.admits(client.account["id"], message.code):
            self._refuse_join(client, Refused(p.NO_ROOM, "no such room"), message.ref)
            return
        if client not in self.members:
            self.publisher.add(client, None)
            client.joined(self.id, False)
        self._sync(client, message.since, message.ref)
        self._changed(but=client)

    async def _leave(self, client: Client, ref: str | None) -> None:
        member = self.publisher.remove(client)
        client.left(self.id)
        client.send(p.Ack(type="ack", ref=ref))
        if member is None or member.seat is None:
            self._changed()
            return
        seat = self.seating[member.seat]
        if self.status == "open":
            self.seating.vacate(member.seat)
            await self._persist_seats()
        elif self.status == "playing" and not seat.quit:
            await self._force_quit(member.seat)
        self._changed()

    async def _force_quit(self, index: int) -> None:
        """强退 (R-11.2): charged 积分 per round left; the bot finishes the seat."""
        seat = self.seating[index]
        assert self.match is not None and seat.account_id is not None
        left = self.series_rounds - len(self.match.played)
        points = left * self.settings.quit_penalty
        self.seating.quit(index)
        number = self.match.round_number
        after = len(self.round.tricks) if self.round is not None else 0
        await self.store.charge_quit(
            self.id, seat.account_id, index, points, number, after, fence=self.lease.fence
        )
        seat.score -= points
        logs.event("forced_quit", room=self.id, seat=index, account=seat.account_id, charged=points)
        self.room_events.append((number, {"kind": "quit", "seat": index, "after_trick": after}))
        await self._persist_seats()
        self._changed()

    async def _disconnect(self, client: Client) -> None:
        member = self.publisher.remove(client)
        client.left(self.id)
        if member is None:
            return
        if member.seat is not None:
            opened = self.status == "open"
            self.seating.disconnect(member.seat, client, opened)
            if opened and self.seating[member.seat].empty:
                await self._persist_seats()
        self._changed()

    async def _ready(self, client: Client, message: p.Ready) -> None:
        try:
            self.seating.set_ready(
                self.members[client].seat, message.ready, open_=self.status == "open"
            )
        except Refused as refused:
            self.publisher.refused(client, refused, message.ref)
            return
        await self._persist_seats()  # a player told it is ready stays ready after a crash
        self._changed()

    async def _add_bot(self, client: Client, message: p.AddBot) -> None:
        """The room's maker or a seated player seats (or unseats) a bot before the series."""
        try:
            if self.members[client].seat is None and client.account["id"] != self.created_by:
                raise Refused(p.NOT_SEATED, "only the room's maker or a seated player seats bots")
            self.seating.change_bot(message.seat, message.remove, open_=self.status == "open")
        except Refused as refused:
            self.publisher.refused(client, refused, message.ref)
            return
        await self._persist_seats()
        self._changed()

    def _startable(self) -> bool:
        """The ready check: every seat filled, every player ready (R-11.2)."""
        return self.status == "open" and self.seating.all_ready()

    async def _start_series(self) -> None:
        self.status = "playing"
        logs.event("series_started", room=self.id, preset=self.preset.name)
        self.match = Match(
            self.preset, seed=self.seed, rounds=self.series_rounds, dealer=self.first_dealer
        )
        self.driver.resume()
        await self.store.update_room(
            self.id, fence=self.lease.fence, status="playing", seats=self.seating.stored()
        )
        for client, member in self.members.items():
            if member.seat is not None:
                client.joined(self.id, True)  # leaving now is a 强退
        self._changed()

    async def _act(self, client: Client, message: p.Act) -> None:
        started = time.perf_counter()
        seat = self.members[client].seat
        if seat is None:
            self.publisher.refuse(client, p.NOT_SEATED, "spectators cannot act", message.ref)
            return
        rnd = self.round
        if rnd is None or self.match is None:
            self.publisher.refuse(client, p.STALE, "no round is being played now", message.ref)
            return
        if message.round is not None and message.round != self.match.round_number:
            self.publisher.refuse(client, p.STALE, "that round is over", message.ref)
            return
        try:
            action = action_from_dict(message.action)
        except DecodeError as err:
            METRICS.rejected.labels(p.BAD_MESSAGE).inc()
            client.send(p.error(p.BAD_MESSAGE, f"action.{err.key}: {err.reason}", message.ref))
            return
        try:
            rnd.apply(seat, action)
        except IllegalAction as err:
            METRICS.rejected.labels(p.ILLEGAL).inc()
            client.send(
                p.Error(
                    type="error",
                    code=p.ILLEGAL,
                    message=engine_message(err, client.lang),
                    ref=message.ref,
                    rule=err.rule,
                    template=err.template,
                    params={k: str(v) for k, v in engine_params(err, client.lang).items()},
                )
            )
            return
        METRICS.actions.inc()
        event = self.seating.acted(seat)  # 托管 ends when the player acts again
        if event is not None:
            self._seat_event(event, seat)
            self._changed()
        if rnd.phase is Phase.DEAL and action.kind == "bid":
            self.driver.bids_after(rnd, self.seating, seat)
        try:
            await self._publish()
        except WRITE_ERRORS:  # not saved: not taken (the room is read again)
            self.publisher.refuse(
                client,
                p.MOVED,
                "the table moved to another server process: look again and act",
                message.ref,
            )
            raise
        client.send(p.Ack(type="ack", ref=message.ref))
        METRICS.action_latency.observe(time.perf_counter() - started)

    def _trustee(self, client: Client, message: p.Trustee) -> None:
        seat = self.members[client].seat
        try:
            event = self.seating.trustee(seat, message.on)
        except Refused as refused:
            self.publisher.refused(client, refused, message.ref)
            return
        if event is not None:
            assert seat is not None
            self._seat_event(event, seat)
        self._changed()

    def _hint(self, client: Client, ref: str | None) -> None:
        seat = self.members[client].seat
        if seat is None:
            self.publisher.refuse(
                client, p.NOT_SEATED, "only a seated player can ask for a hint", ref
            )
            return
        action = self.driver.hint(self.round, seat)
        client.send(
            p.HintAnswer(
                type="hint",
                round=None if self.round is None else self.round.number,
                action=None if action is None else p.action_form(action),
                ref=ref,
            )
        )

    def _chat(self, client: Client, message: p.Chat) -> None:
        member = self.members[client]
        now = time.monotonic()
        if now - member.chat_at < CHAT_INTERVAL:
            self.publisher.refuse(client, p.CHAT_REFUSED, "you are chatting too fast", message.ref)
            return
        in_round = self.round is not None and self.round.phase is not Phase.DONE
        if message.phrase is not None:
            if message.phrase not in PHRASES:
                self.publisher.refuse(client, p.CHAT_REFUSED, "unknown phrase", message.ref)
                return
            line = p.ChatLine(
                type="chat",
                seat=member.seat,
                name=client.account["name"],
                text=None,
                phrase=message.phrase,
            )
        elif message.text is not None and message.text.strip():
            if in_round and self.preset.called_friend:  # no hints about the friend
                self.publisher.refuse(
                    client,
                    p.CHAT_REFUSED,
                    "during a round in a 「寻」 room only fixed phrases may be sent (R-11.4)",
                    message.ref,
                )
                return
            line = p.ChatLine(
                type="chat",
                seat=member.seat,
                name=client.account["name"],
                text=message.text.strip(),
                phrase=None,
            )
        else:
            self.publisher.refuse(client, p.CHAT_REFUSED, "say something", message.ref)
            return
        member.chat_at = now
        self.publisher.to_all(line)

    # --- the game -------------------------------------------------------------------------

    async def _advance(self) -> None:
        """Do whatever is due: a card, a bot's action, a turn's timeout, the next round."""
        while await self._step():
            await asyncio.sleep(0)  # bots may act many times in a row: let other rooms run

    async def _step(self) -> bool:
        rnd = self.round
        match self.driver.due(self.status == "playing", self.match, rnd, self.seating):
            case None:
                return False
            case FinishSeries():
                await self._finish_series()
                return False
            case StartRound():
                await self._start_round()
            case FinishRound():
                await self._finish_round()
            case BotTurn(seat):
                assert rnd is not None
                await self.driver.bot_turn(rnd, seat)
                await self._publish()
            case TimeOut(seat):
                assert rnd is not None
                self._seat_event("bot", seat)
                if self.seating.timed_out(seat):  # the bot plays the seat from now on
                    self._changed()
                else:  # the bot makes this one move (the hint), the seat stays the player's
                    await self.driver.bot_turn(rnd, seat)
                    self._seat_event("back", seat)
                    await self._publish()
            case Deal():
                assert rnd is not None
                self.driver.deal(rnd, self.seating)
                await self._publish()
        return True

    async def _start_round(self) -> None:
        match = self.match
        assert match is not None
        rnd = match.new_round()
        seats = self.seating.stored()
        self.round_id = await self.store.start_round(
            self.id, rnd.number, rnd.seed or 0, seats, rnd.history()[0], fence=self.lease.fence
        )
        self.round = rnd
        self.persisted = 1
        self.driver.round_started()
        self.publisher.new_round(rnd)
        self._changed()
        await self._publish()

    async def _finish_round(self) -> None:
        rnd, match = self.round, self.match
        assert rnd is not None and match is not None and rnd.result is not None
        await self._publish()
        match.finish_round(rnd)
        events = [event for number, event in self.room_events if number == rnd.number]
        record = round_record(
            rnd,
            players=[s.name for s in self.seating.seats],
            match_over=match.over,
            events=events,
        )
        scores = [
            (s.account_id, i, rnd.result.scores[i])
            for i, s in enumerate(self.seating.seats)
            if s.account_id is not None and not s.quit
        ]
        assert self.round_id is not None
        await self.store.finish_round(
            self.id, self.round_id, record, scores, fence=self.lease.fence
        )
        for _account_id, index, points in scores:
            self.seating[index].score += points
        METRICS.rounds.inc()
        logs.event("round_finished", room=self.id, round=rnd.number, round_id=self.round_id)
        self.publisher.to_all(
            p.RoundOver(
                type="round_over",
                round=rnd.number,
                round_id=self.round_id,
                result=rnd.result.to_dict(),
                standings=self._standings(),
            )
        )
        self.round = None
        self.round_id = None
        if not match.over:  # else the next step ends the series, as after a crash
            self.driver.round_finished()
            self._changed()

    async def _finish_series(self) -> None:
        """The series is over: the result is stored, the members told, and the room
        closes (its rounds and records stay in the database)."""
        standings = self._standings()
        # Those who quit did not finish it.
        await self.store.finish_series(
            self.id, self.seating.accounts(), dict(standings), fence=self.lease.fence
        )
        self.status = "finished"
        self.result = standings
        logs.event("series_finished", room=self.id, totals=standings["totals"])
        self.publisher.to_all(p.SeriesOver(type="series_over", standings=standings))
        for client in self.members:
            client.left(self.id)
        self.members.clear()
        self._closed = True
        self._turn_away()
        self.on_change(self)

    def _turn_away(self) -> None:
        """What came while the series ended is answered: the room is gone (a `join`
        sent a moment too late, say, would otherwise wait for an answer forever)."""
        while not self.inbox.empty():
            client, message = self.inbox.get_nowait()
            if client is None or isinstance(message, Gone):
                continue
            if isinstance(message, p.Ping):
                client.send(p.pong(message.ref))
            else:
                self.publisher.refuse(client, p.NO_ROOM, "no such room", message.ref)
            client.left(self.id)

    def _standings(self) -> p.Standings:
        match = self.match
        assert match is not None
        return p.Standings(
            rounds_played=len(match.played),
            rounds=self.series_rounds,
            totals=list(match.totals),
            levels=encode_levels(match.levels),
            next_banker=match.banker,
            winners=list(match.winners) if match.over else None,
        )

    # --- persisting and telling -------------------------------------------------------------

    async def _publish(self) -> None:
        """Append the round's new history steps and wait until they are committed, then
        send every client what it may see: a new owner rebuilds exactly the round its
        clients saw (dealt cards included, so the events keep their numbers)."""
        rnd = self.round
        if rnd is None:
            return
        if rnd.step_count > self.persisted:
            assert self.round_id is not None
            steps = rnd.history(self.persisted)
            written = self.store.append_steps(
                self.round_id, self.persisted, steps, fence=self.lease.fence
            )
            self.persisted = rnd.step_count
            await written
        self.publisher.publish(rnd, self.driver.turn_seconds_left(rnd, self.seating))

    def _sync(self, client: Client, since: p.Since | None, ref: str | None) -> None:
        self.publisher.sync(
            client, self.round, since, self.driver.turn_seconds_left(self.round, self.seating), ref
        )

    def _changed(self, but: Client | None = None) -> None:
        """Tell every member (but one that was just told) and the lobby."""
        self.publisher.rooms(but)
        self.on_change(self)

    def _seat_event(self, kind: SeatEvent, seat: int) -> None:
        """A seat handed to the bot or taken back during a round (RECORD.md events)."""
        if self.status != "playing" or self.match is None:
            return
        number = self.match.round_number
        after = len(self.round.tricks) if self.round is not None else 0
        event: RecordEvent = {"kind": kind, "seat": seat, "after_trick": after}
        self.room_events.append((number, event))
        self.store.room_event(self.id, number, kind, seat, after, fence=self.lease.fence)

    async def _persist_seats(self) -> None:
        await self.store.update_room(self.id, fence=self.lease.fence, seats=self.seating.stored())

    def describe(self, lang: str, member: Member | None = None) -> p.Room:
        """The ``room`` message: settings, seats, status and standings; a member of a
        private room is told its invitation code."""
        return p.Room(
            type="room",
            room=self.summary(lang, self.invite_code if member is not None else None),
            you=None if member is None else {"seat": member.seat},
            standings=self._standings() if self.match is not None else None,
            round=self.match.round_number
            if self.match is not None and self.round is not None
            else None,
            result=self.result,
            ref=None,
        )

    def summary(self, lang: str, invite_code: str | None = None) -> p.RoomSummary:
        """What the lobby shows of the room."""
        return room_summary(
            room_id=self.id,
            name=self.name,
            preset=self.preset,
            series_rounds=self.series_rounds,
            private=self.private,
            status=self.status,
            settings=self.settings,
            seats=[s.info(lang) for s in self.seating.seats],
            spectators=self.publisher.spectators(),
            rounds_played=0 if self.match is None else len(self.match.played),
            invite_code=invite_code,
        )

    # --- a new owner ------------------------------------------------------------------------

    @classmethod
    def restore(
        cls, store: Store, lease: Lease, stored: StoredRoom, on_change: Callable[[Room], None]
    ) -> Room:
        """A room rebuilt from the database by its new owner (after a restart or a
        takeover): its series replayed from the history of every round, the unfinished
        round included."""
        row = stored.row
        preset = get_preset(row["preset"], **row["options"])
        room = cls(
            store,
            lease,
            room_id=row["id"],
            name=row["name"],
            preset=preset,
            series_rounds=row["series_rounds"],
            private=row["private"],
            invite_code=row["invite_code"],
            settings=Settings(**row["settings"]),
            seed=row["seed"],
            dealer=row["dealer"],
            created_by=row["created_by"],
            on_change=on_change,
            seating=Seating.restore(preset.players, row["seats"], row["status"] != "open"),
        )
        room.status = row["status"]
        room.room_events = [
            (
                e["round_number"],
                RecordEvent(kind=e["kind"], seat=e["seat"], after_trick=e["after_trick"]),
            )
            for e in stored.events
        ]
        if room.status == "playing":
            room.match = Match(
                preset, seed=room.seed, rounds=room.series_rounds, dealer=room.first_dealer
            )
            for stored_round in stored.rounds:
                rnd = Round.from_history(
                    preset, round_seed(room.seed, stored_round.number), stored_round.steps
                )
                if stored_round.finished:
                    room.match.finish_round(rnd)
                else:
                    room.round, room.round_id = rnd, stored_round.id
                    room.persisted = rnd.step_count
                    room.publisher.resume(rnd)
            room.driver.resume()
        return room

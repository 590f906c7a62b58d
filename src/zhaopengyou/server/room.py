"""A room: one table, its seats, its series of rounds, and the one task that owns them.

Every command for a room (a client sitting down, an action, a chat line, a client
going away) goes into the room's inbox; the room's task handles them one at a time, so
game state needs no locks. The task also keeps time: it deals the cards at a steady
pace (anyone may bid meanwhile, R-8.1), lets bots act for empty, absent or 托管 seats,
runs each seat's turn timer, and starts the next round.

For every change of the round it appends the new history steps to the database, waits
for them to be committed when they hold a player's action, and only then sends each
client its own events and view (:meth:`Round.events_for`), so that what a client saw
accepted survives a crash of the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ..bots import HeuristicBot, level_think, make_bot
from ..bots.base import Agent
from ..engine import (
    Action,
    DecodeError,
    IllegalAction,
    Match,
    Phase,
    Preset,
    Round,
    View,
    action_from_dict,
    get_preset,
)
from ..engine.cards import CARDS
from ..engine.codec import encode_cards
from ..engine.events import CardDealt
from ..engine.match import round_seed
from ..engine.ordering import Ordering
from ..engine.table import encode_effective_suit
from ..i18n import tr
from ..records import round_record
from . import logs
from . import protocol as p
from .accounts import title
from .metrics import METRICS

if TYPE_CHECKING:
    from .store import Store, StoredRoom

log = logging.getLogger("zhaopengyou.server")

# in 「寻」 rooms, chat during a round is one of these phrases.
PHRASES: dict[str, dict[str, str]] = {
    "hello": {"zh-Hans": "大家好！", "zh-Hant": "大家好！", "en": "Hello everyone!"},
    "good_luck": {"zh-Hans": "祝大家好运！", "zh-Hant": "祝大家好運！", "en": "Good luck!"},
    "nice": {"zh-Hans": "打得好！", "zh-Hant": "打得好！", "en": "Nice play!"},
    "hurry": {
        "zh-Hans": "快点吧，等得花都谢了",
        "zh-Hant": "快點吧，等得花都謝了",
        "en": "Hurry up, please!",
    },
    "sorry": {
        "zh-Hans": "不好意思，失误了",
        "zh-Hant": "不好意思，失誤了",
        "en": "Sorry, my mistake.",
    },
    "thanks": {"zh-Hans": "谢谢！", "zh-Hant": "謝謝！", "en": "Thanks!"},
    "again": {"zh-Hans": "再来一局！", "zh-Hant": "再來一局！", "en": "One more round!"},
    "bye": {"zh-Hans": "再见！", "zh-Hant": "再見！", "en": "Bye!"},
}
CHAT_INTERVAL = 1.0  # seconds between two chat lines of one client


@dataclass(frozen=True)
class Settings:
    """A room's pacing; every value can be set when the room is created."""

    deal_ms: int = 120  # per card of the deal (dealt a card to every seat at a time)
    bot_ms: int = 700  # before a bot (or a 托管 seat) acts
    turn_seconds: float = 30.0  # a player's turn timer; then the bot plays (托管)
    between_ms: int = 6000  # the pause between rounds
    quit_penalty: int = 10  # 积分 per round left charged for 强退
    bot_level: str = "normal"  # the bots' strength: a key of BOT_LEVELS

    def to_dict(self) -> dict[str, Any]:
        return {
            "deal_ms": self.deal_ms,
            "bot_ms": self.bot_ms,
            "turn_seconds": self.turn_seconds,
            "between_ms": self.between_ms,
            "quit_penalty": self.quit_penalty,
            "bot_level": self.bot_level,
        }

    def bot_wait(self) -> float:
        """Seconds a bot waits before it acts: ``bot_ms``, less the time it may spend
        thinking, so that a stronger bot does not slow the table down."""
        return max(0.0, self.bot_ms / 1000 - level_think(self.bot_level))


class Client(Protocol):
    """A connection as a room sees it."""

    account: dict[str, Any]
    lang: str
    room: Room | None

    def send(self, message: dict[str, Any]) -> None: ...


@dataclass
class Seat:
    """Who plays a seat: an account (with its connection), or a bot."""

    account_id: int | None = None
    name: str = ""
    bot: bool = False  # a bot took the seat before the series
    quit: bool = False  # 强退: the player left, a bot finishes the series
    auto: bool = False  # 托管: the bot plays until the player acts again
    ready: bool = False
    client: Client | None = None
    score: int = 0  # the account's total 积分, for titles

    @property
    def empty(self) -> bool:
        return self.account_id is None and not self.bot

    @property
    def botted(self) -> bool:
        """The bot acts for this seat now."""
        return (
            self.bot
            or self.quit
            or self.auto
            or (self.account_id is not None and self.client is None)
        )

    def to_dict(self, lang: str) -> dict[str, Any]:
        return {
            "name": self.name,
            "account": self.account_id,
            "bot": self.bot,
            "quit": self.quit,
            "auto": self.auto,
            "ready": self.ready,
            "connected": self.client is not None,
            "title": None if self.account_id is None else title(self.score, lang),
        }

    def stored(self) -> dict[str, Any]:
        return {"account": self.account_id, "name": self.name, "bot": self.bot, "quit": self.quit}


@dataclass
class Member:
    """A client in the room: a seat, or None for a spectator; the last event it got."""

    client: Client
    seat: int | None
    round: int = 0
    seq: int = 0
    chat_at: float = 0.0
    bids: tuple[dict[str, Any], ...] = ()  # the bids the last view it was sent offered
    tricks: int = 0  # finished tricks of the round its views already held


@dataclass(order=True)
class _Timer:
    at: float
    kind: str = field(compare=False)


class Room:
    """One table and its series (R-11.1, R-11.2)."""

    def __init__(
        self,
        store: Store,
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
    ) -> None:
        self.store = store
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
        self.status = "open"
        self.seats = [Seat() for _ in range(preset.players)]
        self.members: dict[Client, Member] = {}
        self.match: Match | None = None
        self.round: Round | None = None
        self.round_id: int | None = None
        self.persisted = 0  # history steps of the round already in the database
        self.sent = 0  # events of the round already sent to the clients
        self.room_events: list[dict[str, Any]] = []  # quit / bot / back (RECORD.md)
        self.result: dict[str, Any] | None = None
        self.inbox: asyncio.Queue[tuple[Client | None, Any]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self._bots: dict[int, Agent] = {}
        self._turn: tuple[int, Phase, int] | None = None  # (seat, phase, step) being timed
        self._turn_started = 0.0
        self._next_deal = 0.0
        self._next_round = 0.0
        self._closed = False

    # --- life -----------------------------------------------------------------------------

    @property
    def mode(self) -> str:
        """「寻」 called friend or 「定」 fixed partners (R-11.1)."""
        return "xun" if self.preset.called_friend else "ding"

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"room {self.id}")
        self._maybe_start()  # a room of bots only needs nobody to be ready

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
            wait = self._seconds_to_next()
            try:
                client, message = await asyncio.wait_for(self.inbox.get(), wait)
            except TimeoutError:
                client, message = None, None
            try:
                if message is not None:
                    await self._handle(client, message)
                await self._advance()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("room %s: error handling %r", self.id, type(message).__name__)

    def _seconds_to_next(self) -> float | None:
        """How long the task may sleep before something is due."""
        due = self._due_times()
        return None if not due else max(0.0, min(due) - time.monotonic())

    def _due_times(self) -> list[float]:
        rnd = self.round
        if self.status != "playing":
            return []
        if rnd is None:
            return [self._next_round]
        if rnd.phase is Phase.DONE:
            return [time.monotonic()]
        due = []
        if rnd.phase is Phase.DEAL and rnd.pending_give_back is None:
            due.append(self._next_deal)
        seat = self._acting_seat()
        if seat is not None:
            wait = (
                self.settings.bot_wait() if self.seats[seat].botted else self.settings.turn_seconds
            )
            due.append(self._turn_started + wait)
        return due

    def _acting_seat(self) -> int | None:
        """The seat the round waits for (outside the deal), tracking when its turn began."""
        rnd = self.round
        if rnd is None or rnd.phase is Phase.DONE:
            return None
        if rnd.pending_give_back is not None:
            seat: int | None = rnd.pending_give_back[0]
        elif rnd.phase is Phase.DEAL:
            return None
        else:
            seat = rnd.to_act
        if seat is None:
            return None
        key = (seat, rnd.phase, rnd.step_count)
        if key != self._turn:
            self._turn = key
            self._turn_started = time.monotonic()
        return seat

    # --- commands -------------------------------------------------------------------------

    async def _handle(self, client: Client | None, message: Any) -> None:
        if isinstance(message, _Gone):
            self._disconnect(message.client)
            return
        assert client is not None
        if isinstance(message, p.Join):
            await self._join(client, message)
        elif isinstance(message, p.Watch):
            self._watch(client, message.since)
        elif client not in self.members:
            self._refuse(client, p.NO_ROOM, "you are not in this room", message.ref)
        elif isinstance(message, p.Leave):
            await self._leave(client, message.ref)
        elif isinstance(message, p.Ready):
            self._ready(client, message)
        elif isinstance(message, p.AddBot):
            self._add_bot(client, message)
        elif isinstance(message, p.Act):
            await self._act(client, message)
        elif isinstance(message, p.Trustee):
            self._trustee(client, message.on, message.ref)
        elif isinstance(message, p.Chat):
            self._chat(client, message)
        elif isinstance(message, p.Resync):
            self._sync(client, message.since)
        elif isinstance(message, p.Hint):
            self._hint(client, message.ref)

    async def _join(self, client: Client, message: p.Join) -> None:
        account_id = client.account["id"]
        mine = next((i for i, s in enumerate(self.seats) if s.account_id == account_id), None)
        if mine is not None and self.seats[mine].quit:
            mine = None  # a 强退 seat is the bot's to the end
        if mine is None:
            if self.status != "open":
                self._refuse_join(
                    client, p.NOT_ALLOWED, "the series has started: you may watch", message.ref
                )
                return
            wanted = message.seat
            if wanted is not None and wanted >= len(self.seats):
                self._refuse_join(
                    client,
                    p.NOT_ALLOWED,
                    "this table has no seat {seat}",
                    message.ref,
                    seat=wanted + 1,
                )
                return
            if wanted is None:
                wanted = next((i for i, s in enumerate(self.seats) if s.empty), None)
            if wanted is None:
                self._refuse_join(client, p.SEAT_TAKEN, "no free seat", message.ref)
                return
            if not self.seats[wanted].empty:
                self._refuse_join(
                    client, p.SEAT_TAKEN, "seat {seat} is taken", message.ref, seat=wanted + 1
                )
                return
            seat = self.seats[wanted]
            seat.account_id = account_id
            seat.name = client.account["name"]
            seat.score = client.account["score"]
            seat.ready = False
            mine = wanted
            self._persist_seats()
        seat = self.seats[mine]
        old = seat.client
        if old is not None and old is not client:
            self._refuse(old, p.NOT_ALLOWED, "you joined this room from another connection", None)
            self.members.pop(old, None)
            old.room = None
        was_botted = seat.botted
        seat.client = client
        self.members[client] = Member(client, mine)
        client.room = self
        if was_botted and not seat.botted:
            self._seat_event("back", mine)
        logs.event("joined", room=self.id, seat=mine, account=account_id)
        self._sync(client, message.since)
        self._changed(but=client)

    def playing_here(self, client: Client) -> bool:
        """Whether ``client`` holds a seat in this room's series in play (leaving it is
        a 强退, R-11.2)."""
        member = self.members.get(client)
        return (
            self.status == "playing"
            and member is not None
            and member.seat is not None
            and not self.seats[member.seat].quit
        )

    def seated(self, account_id: int) -> bool:
        return any(s.account_id == account_id and not s.quit for s in self.seats)

    def _refuse(
        self, client: Client, code: str, msgid: str, ref: str | None, **params: Any
    ) -> None:
        """An error for one client, in its language; nothing else changes."""
        METRICS.rejected.labels(code).inc()
        client.send(p.error(code, tr(msgid, client.lang, **params), ref))

    def _refuse_join(
        self, client: Client, code: str, msgid: str, ref: str | None, **params: Any
    ) -> None:
        self._refuse(client, code, msgid, ref, **params)
        if client not in self.members and client.room is self:
            client.room = None

    def _watch(self, client: Client, since: p.Since | None) -> None:
        if client not in self.members:
            self.members[client] = Member(client, None)
            client.room = self
        self._sync(client, since)
        self._changed(but=client)

    async def _leave(self, client: Client, ref: str | None) -> None:
        member = self.members.pop(client, None)
        client.room = None
        client.send({"type": "ack", "ref": ref})
        if member is None or member.seat is None:
            self._changed()
            return
        seat = self.seats[member.seat]
        seat.client = None
        if self.status == "open":
            self.seats[member.seat] = Seat()
            self._persist_seats()
        elif self.status == "playing" and not seat.quit:
            await self._force_quit(member.seat)
        self._changed()

    async def _force_quit(self, index: int) -> None:
        """强退 (R-11.2): charged 积分 per round left; the bot finishes the seat."""
        seat = self.seats[index]
        assert self.match is not None and seat.account_id is not None
        left = self.series_rounds - len(self.match.played)
        points = left * self.settings.quit_penalty
        seat.quit = True
        seat.auto = False
        number = self.match.round_number
        after = len(self.round.tricks) if self.round is not None else 0
        await self.store.charge_quit(self.id, seat.account_id, index, points, number, after)
        seat.score -= points
        logs.event("forced_quit", room=self.id, seat=index, account=seat.account_id, charged=points)
        self.room_events.append(
            {"kind": "quit", "seat": index, "after_trick": after, "round": number}
        )
        self._persist_seats()
        self._broadcast_room()

    def _disconnect(self, client: Client) -> None:
        member = self.members.pop(client, None)
        if client.room is self:
            client.room = None
        if member is None:
            return
        if member.seat is not None:
            seat = self.seats[member.seat]
            if seat.client is client:
                was = seat.botted
                seat.client = None
                if self.status == "open":  # nobody waits for a player who went away
                    self.seats[member.seat] = Seat()
                    self._persist_seats()
                elif not was and seat.botted:
                    self._seat_event("bot", member.seat)
        self._changed()

    def _ready(self, client: Client, message: p.Ready) -> None:
        member = self.members[client]
        if member.seat is None or self.status != "open":
            self._refuse(
                client,
                p.NOT_ALLOWED,
                "only a seated player can be ready before the series",
                message.ref,
            )
            return
        self.seats[member.seat].ready = message.ready
        self._changed()
        self._maybe_start()

    def _add_bot(self, client: Client, message: p.AddBot) -> None:
        """The room's maker or a seated player seats (or unseats) a bot before the series."""
        member = self.members[client]
        if member.seat is None and client.account["id"] != self.created_by:
            self._refuse(
                client,
                p.NOT_SEATED,
                "only the room's maker or a seated player seats bots",
                message.ref,
            )
            return
        if message.seat >= len(self.seats):
            self._refuse(
                client,
                p.NOT_ALLOWED,
                "this table has no seat {seat}",
                message.ref,
                seat=message.seat + 1,
            )
            return
        if self.status != "open":
            self._refuse(
                client, p.NOT_ALLOWED, "bots take seats before the series starts", message.ref
            )
            return
        seat = self.seats[message.seat]
        if message.remove:
            if seat.bot:
                self.seats[message.seat] = Seat()
        elif seat.empty:
            self.seats[message.seat] = Seat(name=f"Bot {message.seat + 1}", bot=True, ready=True)
        else:
            self._refuse(
                client, p.SEAT_TAKEN, "seat {seat} is taken", message.ref, seat=message.seat + 1
            )
            return
        self._persist_seats()
        self._changed()
        self._maybe_start()

    def _maybe_start(self) -> None:
        """The ready check: every seat filled, every player ready → the series starts."""
        if self.status != "open" or any(s.empty or not s.ready for s in self.seats):
            return
        self.status = "playing"
        logs.event("series_started", room=self.id, preset=self.preset.name)
        self.match = Match(
            self.preset, seed=self.seed, rounds=self.series_rounds, dealer=self.first_dealer
        )
        self._next_round = time.monotonic()
        self.store.update_room(self.id, status="playing", seats=self._seats_json())
        self._changed()

    async def _act(self, client: Client, message: p.Act) -> None:
        started = time.perf_counter()
        member = self.members[client]
        if member.seat is None:
            self._refuse(client, p.NOT_SEATED, "spectators cannot act", message.ref)
            return
        rnd = self.round
        if rnd is None or self.match is None:
            self._refuse(client, p.STALE, "no round is being played now", message.ref)
            return
        if message.round is not None and message.round != self.match.round_number:
            self._refuse(client, p.STALE, "that round is over", message.ref)
            return
        try:
            action = action_from_dict(message.action)
        except DecodeError as err:
            METRICS.rejected.labels(p.BAD_MESSAGE).inc()
            client.send(p.error(p.BAD_MESSAGE, f"action.{err.key}: {err.reason}", message.ref))
            return
        seat = self.seats[member.seat]
        try:
            rnd.apply(member.seat, action)
        except IllegalAction as err:
            METRICS.rejected.labels(p.ILLEGAL).inc()
            client.send(_illegal(err, client.lang, message.ref))
            return
        METRICS.actions.inc()
        if seat.auto:  # 托管 ends when the player acts again
            seat.auto = False
            self._seat_event("back", member.seat)
            self._broadcast_room()
        if rnd.phase is Phase.DEAL and action.kind == "bid":
            self._bots_bid_after(member.seat)
        await self._publish()
        client.send({"type": "ack", "ref": message.ref})
        METRICS.action_latency.observe(time.perf_counter() - started)

    def _trustee(self, client: Client, on: bool, ref: str | None) -> None:
        member = self.members[client]
        if member.seat is None or self.seats[member.seat].quit:
            self._refuse(
                client, p.NOT_SEATED, "only a seated player has a bot to hand over to", ref
            )
            return
        seat = self.seats[member.seat]
        if seat.auto != on:
            seat.auto = on
            self._seat_event("bot" if on else "back", member.seat)
        self._broadcast_room()

    def _hint(self, client: Client, ref: str | None) -> None:
        """提示: the action a fresh bot would take for the asker's seat (none if it may not
        act now); a fresh bot, so that a hint never depends on earlier hints."""
        member = self.members[client]
        if member.seat is None:
            self._refuse(client, p.NOT_SEATED, "only a seated player can ask for a hint", ref)
            return
        action = None
        if self.round is not None:
            view = self.round.view(member.seat)
            if view.may:
                action = HeuristicBot(self.seed * 10 + member.seat).act(view)
        client.send(
            {
                "type": "hint",
                "round": None if self.round is None else self.round.number,
                "action": None if action is None else action.to_dict(),
                "ref": ref,
            }
        )

    def _chat(self, client: Client, message: p.Chat) -> None:
        member = self.members[client]
        now = time.monotonic()
        if now - member.chat_at < CHAT_INTERVAL:
            self._refuse(client, p.CHAT_REFUSED, "you are chatting too fast", message.ref)
            return
        in_round = self.round is not None and self.round.phase is not Phase.DONE
        if message.phrase is not None:
            if message.phrase not in PHRASES:
                self._refuse(client, p.CHAT_REFUSED, "unknown phrase", message.ref)
                return
            out: dict[str, Any] = {"phrase": message.phrase}
        elif message.text is not None and message.text.strip():
            if in_round and self.preset.called_friend:  # no hints about the friend
                self._refuse(
                    client,
                    p.CHAT_REFUSED,
                    "during a round in a 「寻」 room only fixed phrases may be sent (R-11.4)",
                    message.ref,
                )
                return
            out = {"text": message.text.strip()}
        else:
            self._refuse(client, p.CHAT_REFUSED, "say something", message.ref)
            return
        member.chat_at = now
        said = {"type": "chat", "seat": member.seat, "name": client.account["name"], **out}
        for other in self.members:
            other.send(said)

    # --- the game -------------------------------------------------------------------------

    async def _advance(self) -> None:
        """Do whatever is due: a card, a bot's action, a turn's timeout, the next round."""
        while await self._step():
            await asyncio.sleep(0)  # bots may act many times in a row: let other rooms run

    async def _step(self) -> bool:
        if self.status != "playing":
            return False
        now = time.monotonic()
        rnd = self.round
        if rnd is None:
            assert self.match is not None
            if self.match.over:  # the last round is over, or a crash came before the series'
                await self._finish_series(self._standings())
                self.on_change(self)
                return False
            if now < self._next_round:
                return False
            await self._start_round()
            return True
        if rnd.phase is Phase.DONE:
            await self._finish_round()
            return True
        seat = self._acting_seat()
        if seat is not None:
            state = self.seats[seat]
            if state.botted and now >= self._turn_started + self.settings.bot_wait():
                await self._bot_act(seat)
                return True
            if not state.botted and now >= self._turn_started + self.settings.turn_seconds:
                state.auto = True  # the turn timer ran out: 托管 until the player acts
                self._seat_event("bot", seat)
                self._broadcast_room()
                return True
            return False
        if rnd.phase is Phase.DEAL and rnd.pending_give_back is None and now >= self._next_deal:
            # A card to each seat at a time, every seat's card at a steady pace: a
            # player sees one card a tick, and everyone gets one message, not four.
            players = self.preset.players
            for _ in range(players):
                seat = (rnd.dealer + rnd.dealt) % players  # who gets it
                rnd.deal_card()
                self._bots_bid_on_card(seat)  # the bots are still asked card by card
                if rnd.phase is not Phase.DEAL or rnd.pending_give_back is not None:
                    break
            self._next_deal = now + players * self.settings.deal_ms / 1000
            await self._publish()
            return True
        return False

    async def _bot_act(self, seat: int) -> None:
        rnd = self.round
        assert rnd is not None
        bot = self._bot(seat)
        view = rnd.view(seat)
        # A searching bot thinks in a thread so that other rooms play on; this room's own
        # messages wait in its inbox, so the round cannot change meanwhile.
        action = await asyncio.to_thread(bot.act, view) if self._thinks else bot.act(view)
        if action is None:
            return
        try:
            rnd.apply(seat, action)
        except IllegalAction:
            log.exception(
                "room %s: the bot of seat %d erred; a random legal action instead", self.id, seat
            )
            view = rnd.view(seat)
            fallback = _any_legal(view, random.Random(seat))
            rnd.apply(seat, fallback)
        await self._publish()

    @property
    def _thinks(self) -> bool:
        return level_think(self.settings.bot_level) > 0

    def _bot(self, seat: int) -> Agent:
        if seat not in self._bots:
            self._bots[seat] = make_bot(self.settings.bot_level, self.seed * 10 + seat)
        return self._bots[seat]

    def _bots_bid_on_card(self, seat: int) -> None:
        """R-8.1: a bot is asked after each card it receives …"""
        if self.seats[seat].botted:
            self._bot_bid(seat)

    def _bots_bid_after(self, bidder: int) -> None:
        """… and after each bid by someone else."""
        players = self.preset.players
        for step in range(1, players):
            seat = (bidder + step) % players
            if self.seats[seat].botted and self._bot_bid(seat):
                return

    def _bot_bid(self, seat: int) -> bool:
        rnd = self.round
        assert rnd is not None
        if (
            rnd.phase is not Phase.DEAL
            or rnd.pending_give_back is not None
            or not rnd.may_bid(seat)
        ):
            return False
        action = self._bot(seat).act(rnd.view(seat))
        if action is None:
            return False
        try:
            rnd.apply(seat, action)
        except IllegalAction:
            log.exception("room %s: the bot of seat %d made an illegal bid", self.id, seat)
            return False
        while rnd.pending_give_back is not None and self.seats[rnd.pending_give_back[0]].botted:
            giver = rnd.pending_give_back[0]
            give = self._bot(giver).act(rnd.view(giver))
            assert give is not None
            rnd.apply(giver, give)
        self._bots_bid_after(seat)
        return True

    async def _start_round(self) -> None:
        match = self.match
        assert match is not None
        rnd = match.new_round()
        seats = {str(i): s.stored() for i, s in enumerate(self.seats)}
        self.round_id = await self.store.start_round(
            self.id, rnd.number, rnd.seed or 0, seats, rnd.history()[0]
        )
        self.round = rnd
        self.persisted = 1
        self.sent = 0
        self._next_deal = time.monotonic()
        for member in self.members.values():
            member.round, member.seq, member.tricks = rnd.number, 0, 0
        self._broadcast_room()
        await self._publish()

    async def _finish_round(self) -> None:
        rnd, match = self.round, self.match
        assert rnd is not None and match is not None and rnd.result is not None
        await self._publish()
        match.finish_round(rnd)
        events = [
            {k: v for k, v in e.items() if k != "round"}
            for e in self.room_events
            if e["round"] == rnd.number
        ]
        record = round_record(
            rnd, players=[s.name for s in self.seats], match_over=match.over, events=events
        )
        scores = [
            (s.account_id, i, rnd.result.scores[i])
            for i, s in enumerate(self.seats)
            if s.account_id is not None and not s.quit
        ]
        assert self.round_id is not None
        await self.store.finish_round(self.id, self.round_id, record, scores)
        for _account_id, index, points in scores:
            self.seats[index].score += points
        METRICS.rounds.inc()
        logs.event("round_finished", room=self.id, round=rnd.number, round_id=self.round_id)
        standings = self._standings()
        message = {
            "type": "round_over",
            "round": rnd.number,
            "round_id": self.round_id,
            "result": rnd.result.to_dict(),
            "standings": standings,
        }
        for member in self.members:
            member.send(message)
        self.round = None
        self.round_id = None
        if not match.over:  # else the next step ends the series, as after a crash
            self._next_round = time.monotonic() + self.settings.between_ms / 1000
            self._changed()

    async def _finish_series(self, standings: dict[str, Any]) -> None:
        """The series is over: the result is stored, the members told, and the room
        closes (its rounds and records stay in the database)."""
        self.status = "finished"
        self.result = standings
        # Those who quit did not finish it.
        accounts = [s.account_id for s in self.seats if s.account_id is not None and not s.quit]
        await self.store.finish_series(self.id, accounts, standings)
        logs.event("series_finished", room=self.id, totals=standings["totals"])
        message = {"type": "series_over", "standings": standings}
        for client in self.members:
            client.send(message)
            if client.room is self:
                client.room = None
        self.members.clear()
        self._closed = True

    def _standings(self) -> dict[str, Any]:
        match = self.match
        assert match is not None
        from ..engine.codec import encode_levels

        return {
            "rounds_played": len(match.played),
            "rounds": self.series_rounds,
            "totals": list(match.totals),
            "levels": encode_levels(match.levels),
            "next_banker": match.banker,
            "winners": list(match.winners) if match.over else None,
        }

    # --- telling the clients ----------------------------------------------------------------

    async def _publish(self) -> None:
        """Append the round's new history steps and wait until they are committed, then
        send every client what it may see: a restarted server rebuilds exactly the round
        its clients saw (dealt cards included, so the events keep their numbers)."""
        rnd = self.round
        if rnd is None:
            return
        if rnd.step_count > self.persisted:
            assert self.round_id is not None
            steps = rnd.history(self.persisted)
            written = self.store.append_steps(self.round_id, self.persisted, steps)
            self.persisted = rnd.step_count
            await written
        events = rnd.events(self.sent)
        if not events:
            return
        self.sent = rnd.event_count
        dealing = rnd.phase is Phase.DEAL and all(e.kind == "card_dealt" for e in events)
        dealt_to = {e.seat for e in events if isinstance(e, CardDealt)}
        for client, member in self.members.items():
            seen = rnd.events_for(member.seat, member.seq)
            if seen:
                client.send(
                    {"type": "events", "round": rnd.number, "events": [e.to_dict() for e in seen]}
                )
                member.seq = seen[-1].seq
            if not dealing:
                self._send_view(member)
            elif member.seat in dealt_to:
                # While cards are dealt a client keeps its hand from the events; its view
                # comes when the bids it may make change, for its bid buttons.
                view = rnd.view(member.seat)
                if bid_choices(view) != list(member.bids):
                    self._send_view(member, view)

    def _send_view(self, member: Member, view: View | None = None) -> None:
        rnd = self.round
        if rnd is None:
            return
        if view is None:
            view = rnd.spectator_view() if member.seat is None else rnd.view(member.seat)
        choices = choices_of(view)
        member.bids = tuple(choices["bids"])
        deadline = None
        acting = self._acting_seat()
        if acting is not None and not self.seats[acting].botted:
            deadline = max(0.0, self._turn_started + self.settings.turn_seconds - time.monotonic())
        # Finished tricks never change: each view carries only those the client lacks.
        known = member.tricks if member.round == rnd.number else 0
        member.client.send(
            {
                "type": "view",
                "round": rnd.number,
                "seq": rnd.event_count,
                "tricks_from": known,
                "view": view.to_dict(tricks_from=known),
                "suits": suits_of(view.ordering),
                "choices": choices,
                "scoreboard": [
                    {"seats": list(seats), "points": points} for seats, points in view.scoreboard()
                ],
                "decks": view.preset.decks,
                "kitty_size": view.preset.kitty_size,
                "turn_seconds_left": deadline,
            }
        )
        member.round, member.tricks = rnd.number, len(view.tricks)

    def _sync(self, client: Client, since: p.Since | None) -> None:
        """A (returning) client: the room, then the round's view and its missed events."""
        member = self.members[client]
        client.send(self.describe(client.lang, member=member))
        rnd = self.round
        if rnd is None:
            return
        already = since.seq if since is not None and since.round == rnd.number else 0
        already = min(already, rnd.event_count)  # a client cannot have seen more
        missed = rnd.events_for(member.seat, already)
        member.round = rnd.number
        if missed:
            client.send(
                {"type": "events", "round": rnd.number, "events": [e.to_dict() for e in missed]}
            )
        member.seq = max(already, rnd.event_count)
        member.tricks = 0  # a whole view, every trick in it
        self._send_view(member)

    def _broadcast_room(self, but: Client | None = None) -> None:
        for client, member in self.members.items():
            if client is not but:
                client.send(self.describe(client.lang, member=member))

    def _changed(self, but: Client | None = None) -> None:
        """Tell every member (but one that was just told) and the lobby."""
        self._broadcast_room(but)
        self.on_change(self)

    def _seat_event(self, kind: str, seat: int) -> None:
        """A seat handed to the bot or taken back during a round (RECORD.md events)."""
        if self.status != "playing" or self.match is None:
            return
        number = self.match.round_number
        after = len(self.round.tricks) if self.round is not None else 0
        self.room_events.append({"kind": kind, "seat": seat, "after_trick": after, "round": number})
        self.store.room_event(self.id, number, kind, seat, after)

    def _persist_seats(self) -> None:
        self.store.update_room(self.id, seats=self._seats_json())

    def _seats_json(self) -> dict[str, Any]:
        return {str(i): s.stored() for i, s in enumerate(self.seats)}

    def describe(self, lang: str, member: Member | None = None) -> dict[str, Any]:
        """The ``room`` message: settings, seats, status and standings."""
        summary = self.summary(lang)
        if member is not None and self.invite_code is not None:
            summary["invite_code"] = self.invite_code
        return {
            "type": "room",
            "room": summary,
            "you": None if member is None else {"seat": member.seat},
            "standings": self._standings() if self.match is not None else None,
            "round": self.match.round_number
            if self.match is not None and self.round is not None
            else None,
            "result": self.result,
        }

    def summary(self, lang: str) -> dict[str, Any]:
        """What the lobby shows of the room."""
        return {
            "id": self.id,
            "name": self.name,
            "preset": self.preset.name,
            "options": dict(self.preset.options),
            "mode": self.mode,
            "rounds": self.series_rounds,
            "private": self.private,
            "status": self.status,
            "settings": self.settings.to_dict(),
            "seats": [s.to_dict(lang) for s in self.seats],
            "spectators": sum(1 for m in self.members.values() if m.seat is None),
            "rounds_played": 0 if self.match is None else len(self.match.played),
        }

    # --- restart ----------------------------------------------------------------------------

    @classmethod
    def restore(cls, store: Store, stored: StoredRoom, on_change: Callable[[Room], None]) -> Room:
        """A room rebuilt from the database after a restart: its series replayed from the
        history of every round, the unfinished round included."""
        row = stored.row
        preset = get_preset(row["preset"], **row["options"])
        room = cls(
            store,
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
        )
        room.status = row["status"]
        for key, value in row["seats"].items():
            room.seats[int(key)] = Seat(
                account_id=value.get("account"),
                name=value.get("name", ""),
                bot=value.get("bot", False),
                quit=value.get("quit", False),
                ready=room.status != "open",
            )
        room.room_events = [
            {
                "kind": e["kind"],
                "seat": e["seat"],
                "after_trick": e["after_trick"],
                "round": e["round_number"],
            }
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
                    room.sent = rnd.event_count
            room._next_round = time.monotonic()
            room._next_deal = time.monotonic()
        return room


class _Gone:
    """A client's connection closed."""

    def __init__(self, client: Client) -> None:
        self.client = client


@functools.lru_cache(maxsize=512)
def _suits(ordering: Ordering) -> dict[str, list[str]]:
    return {
        encode_effective_suit(suit): encode_cards([CARDS[c] for c in cards])
        for suit, cards in enumerate(ordering.suit_cards)
    }


def suits_of(ordering: Ordering | None) -> dict[str, list[str]] | None:
    """The cards of each effective suit, weakest first, ties adjacent (R-1.5, R-2): what a
    client needs to sort a hand and judge a follow, from the engine; None while the
    viewer does not know the trump."""
    return None if ordering is None else _suits(ordering)


def bid_choices(view: View) -> list[dict[str, Any]]:
    """The bids the engine allows this seat now, as the view message lists them."""
    return [
        {"cards": encode_cards(bid.cards), "bid_kind": bid.bid_kind} for bid in view.legal_bids()
    ]


def choices_of(view: View) -> dict[str, list[dict[str, Any]]]:
    """The bids and friend calls the engine allows this seat now, for a client's buttons."""
    return {
        "bids": bid_choices(view),
        "friend_calls": [
            {"card": None if c.card is None else c.card.ascii, "solo": c.solo}
            for c in view.legal_friend_calls()
        ],
    }


def gone(client: Client) -> _Gone:
    return _Gone(client)


def _illegal(err: IllegalAction, lang: str, ref: str | None) -> dict[str, Any]:
    """The engine's refusal, in the client's language, with its rule (R-x.y)."""
    from ..i18n.messages import engine_message

    return p.error(
        p.ILLEGAL,
        engine_message(err, lang),
        ref,
        rule=err.rule,
        template=err.template,
        params={k: str(v) for k, v in err.params.items()},
    )


def _any_legal(view: Any, rng: random.Random) -> Action:
    from ..bots import RandomBot

    action = RandomBot(rng=rng).act(view)
    assert action is not None
    return action

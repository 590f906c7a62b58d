"""Seating: who sits where, the ready check, bots in seats, 托管 and 强退 (R-11.2).

Decisions only: each method changes the seats or raises :class:`Refused` naming why,
and returns the seat event to record (RECORD.md ``events``: ``bot``, ``back``); the
room persists and publishes what changed.

>>> seating = Seating(4)
>>> seating.sit(7, "小明", 0, wanted=None, open_=True)
0
>>> for seat in (1, 2, 3): seating.change_bot(seat, remove=False, open_=True)
>>> seating.all_ready()
False
>>> seating.set_ready(0, True, open_=True); seating.all_ready()
True
>>> seating.sit(8, "小红", 0, wanted=1, open_=True)
Traceback (most recent call last):
...
zhaopengyou.server.room.seating.Refused: seat_taken: seat {seat} is taken
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

from .. import protocol as p
from ..accounts import title

SeatEvent = Literal["bot", "back"]


class Client(Protocol):
    """A connection as a room sees it, on this process or on another one."""

    account: dict[str, Any]
    lang: str

    def send(self, message: p.Sent) -> None: ...

    def send_text(self, text: str, meta: p.Meta) -> None:
        """A message already serialized (once for every client that gets it)."""

    def joined(self, room_id: str, playing: bool) -> None:
        """The client is in ``room_id``; ``playing``: it holds a seat in the series in
        play (leaving it would be a 强退, R-11.2)."""

    def left(self, room_id: str) -> None:
        """The client is no longer in ``room_id`` (if that is still its room)."""


class Refused(Exception):
    """A request the seats do not allow: the error code and the message to translate."""

    def __init__(self, code: str, msgid: str, **params: Any) -> None:
        super().__init__(f"{code}: {msgid}")
        self.code = code
        self.msgid = msgid
        self.params = params


TIMEOUTS_TO_AUTO = 2  # as the big card rooms: one missed turn is played for you, then 托管


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
    # A player whose connection went (a reload, a room taken over by another process) is
    # waited for: the seat is not the bot's meanwhile, its turn timer runs as usual.
    expected: bool = False
    timeouts: int = 0  # turn timers run out in a row (the second one brings 托管)

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
            or (self.account_id is not None and self.client is None and not self.expected)
        )

    def info(self, lang: str) -> p.SeatInfo:
        """What everyone may see of the seat."""
        return p.SeatInfo(
            name=self.name,
            account=self.account_id,
            bot=self.bot,
            quit=self.quit,
            auto=self.auto,
            ready=self.ready,
            connected=self.client is not None,
            title=None if self.account_id is None else title(self.score, lang),
        )

    def stored(self) -> dict[str, Any]:
        return {
            "account": self.account_id,
            "name": self.name,
            "bot": self.bot,
            "quit": self.quit,
            "ready": self.ready,
        }


class Seating:
    """The seats of one table."""

    def __init__(self, players: int) -> None:
        self.seats = [Seat() for _ in range(players)]

    @classmethod
    def restore(cls, players: int, stored: dict[str, Any], started: bool) -> Seating:
        """The seats as the database kept them, ready or not; in a series already started
        everyone is ready, and its players are expected back (their connections move
        over)."""
        seating = cls(players)
        for key, value in stored.items():
            account = value.get("account")
            bot = value.get("bot", False)
            quit_ = value.get("quit", False)
            seating.seats[int(key)] = Seat(
                account_id=account,
                name=value.get("name", ""),
                bot=bot,
                quit=quit_,
                ready=started or bot or bool(value.get("ready", False)),
                expected=started and account is not None and not quit_,
            )
        return seating

    def stored(self) -> dict[str, Any]:
        return {str(i): s.stored() for i, s in enumerate(self.seats)}

    def __getitem__(self, index: int) -> Seat:
        return self.seats[index]

    def __len__(self) -> int:
        return len(self.seats)

    def of(self, account_id: int) -> int | None:
        """The seat an account plays (a 强退 seat is the bot's to the end, R-11.2)."""
        return next(
            (i for i, s in enumerate(self.seats) if s.account_id == account_id and not s.quit),
            None,
        )

    def seated(self, account_id: int) -> bool:
        return self.of(account_id) is not None

    def accounts(self) -> list[int]:
        """The accounts that play the series to its end (not those who quit)."""
        return [s.account_id for s in self.seats if s.account_id is not None and not s.quit]

    def sit(self, account_id: int, name: str, score: int, wanted: int | None, open_: bool) -> int:
        """The seat ``account_id`` takes (``wanted``, else the first free one); a player
        already seated gets its seat back, under its name now (a guest who registered)."""
        mine = self.of(account_id)
        if mine is not None:
            self.seats[mine].name, self.seats[mine].score = name, score
            return mine
        if not open_:
            raise Refused(p.NOT_ALLOWED, "the series has started: you may watch")
        if wanted is not None and wanted >= len(self.seats):
            raise Refused(p.NOT_ALLOWED, "this table has no seat {seat}", seat=wanted + 1)
        if wanted is None:
            wanted = next((i for i, s in enumerate(self.seats) if s.empty), None)
            if wanted is None:
                raise Refused(p.SEAT_TAKEN, "no free seat")
        if not self.seats[wanted].empty:
            raise Refused(p.SEAT_TAKEN, "seat {seat} is taken", seat=wanted + 1)
        self.seats[wanted] = Seat(account_id=account_id, name=name, score=score)
        return wanted

    def connect(self, index: int, client: Client) -> tuple[Client | None, SeatEvent | None]:
        """``client`` plays seat ``index`` now: the connection it replaces, and ``back``
        when the bot had the seat."""
        seat = self.seats[index]
        old = seat.client if seat.client is not client else None
        was_botted = seat.botted
        seat.client = client
        seat.expected = False
        return old, "back" if was_botted and not seat.botted else None

    def disconnect(self, index: int, client: Client, open_: bool) -> None:
        """The connection of seat ``index`` went away: before the series the seat is
        freed (nobody waits for a player who left); during it the player is waited for
        until its turn timer runs out (a reload brings it back to the same decision)."""
        seat = self.seats[index]
        if seat.client is not client:
            return
        seat.client = None
        if open_:
            self.seats[index] = Seat()
        else:
            seat.expected = True

    def vacate(self, index: int) -> None:
        """A player left before the series: the seat is free again."""
        self.seats[index] = Seat()

    def set_ready(self, index: int | None, ready: bool, open_: bool) -> None:
        if index is None or not open_:
            raise Refused(p.NOT_ALLOWED, "only a seated player can be ready before the series")
        self.seats[index].ready = ready

    def all_ready(self) -> bool:
        """The ready check: every seat filled, every player ready."""
        return all(not s.empty and s.ready for s in self.seats)

    def change_bot(self, index: int, remove: bool, open_: bool) -> None:
        """A bot takes the empty seat ``index`` (or leaves it) before the series."""
        if index >= len(self.seats):
            raise Refused(p.NOT_ALLOWED, "this table has no seat {seat}", seat=index + 1)
        if not open_:
            raise Refused(p.NOT_ALLOWED, "bots take seats before the series starts")
        seat = self.seats[index]
        if remove:
            if seat.bot:
                self.seats[index] = Seat()
        elif seat.empty:
            self.seats[index] = Seat(name=f"Bot {index + 1}", bot=True, ready=True)
        else:
            raise Refused(p.SEAT_TAKEN, "seat {seat} is taken", seat=index + 1)

    def quit(self, index: int) -> None:
        """强退 (R-11.2): the bot finishes the series for this seat."""
        seat = self.seats[index]
        seat.quit = True
        seat.auto = False
        seat.client = None

    def trustee(self, index: int | None, on: bool) -> SeatEvent | None:
        """托管 asked for (``on``) or ended by the player."""
        if index is None or self.seats[index].quit:
            raise Refused(p.NOT_SEATED, "only a seated player has a bot to hand over to")
        seat = self.seats[index]
        if seat.auto == on:
            return None
        seat.auto = on
        return "bot" if on else "back"

    def timed_out(self, index: int) -> bool:
        """The turn timer ran out: True when the bot plays the seat from now on (a player
        away until it is back; at the table, a second timeout in a row: 托管 until it
        acts); False when the bot makes this one move and the seat stays the player's."""
        seat = self.seats[index]
        if seat.client is None:
            seat.expected = False
            return True
        seat.timeouts += 1
        seat.auto = seat.timeouts >= TIMEOUTS_TO_AUTO
        return seat.auto

    def acted(self, index: int) -> SeatEvent | None:
        """The player acted: 托管 ends."""
        seat = self.seats[index]
        seat.timeouts = 0
        if not seat.auto:
            return None
        seat.auto = False
        return "back"

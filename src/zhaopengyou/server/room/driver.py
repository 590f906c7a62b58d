"""The driver: what is due at a table and when (the deal's pace, the bots, the turn
timers, the next round), and the bots' own decisions.

The room asks :meth:`Driver.due` what to do now and :meth:`Driver.wake` how long it may
sleep; the engine decides every rule (a bot's action goes through ``Round.apply`` like a
player's).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass

from ...bots import HeuristicBot, RandomBot, level_think, make_bot
from ...bots.base import Agent
from ...engine import Action, IllegalAction, Match, Phase, Round
from .seating import Seating
from .settings import Settings

log = logging.getLogger("zhaopengyou.server")


@dataclass(frozen=True)
class StartRound:
    """The pause between rounds is over."""


@dataclass(frozen=True)
class FinishRound:
    """The round is scored."""


@dataclass(frozen=True)
class FinishSeries:
    """The last round is over."""


@dataclass(frozen=True)
class Deal:
    """The next cards of the deal (R-8.1)."""


@dataclass(frozen=True)
class BotTurn:
    """The bot acts for ``seat`` (a bot's seat, 托管, 强退 or a player away)."""

    seat: int


@dataclass(frozen=True)
class TimeOut:
    """``seat``'s turn timer ran out: 托管 until the player acts."""

    seat: int


Due = StartRound | FinishRound | FinishSeries | Deal | BotTurn | TimeOut


class Driver:
    """Bots, turn timers and pacing for one room."""

    def __init__(self, settings: Settings, seed: int, players: int, room_id: str) -> None:
        self.room_id = room_id
        self.settings = settings
        self.seed = seed
        self.players = players
        self.next_deal = 0.0
        self.next_round = 0.0
        self._bots: dict[int, Agent] = {}
        self._turn: tuple[int, Phase, int] | None = None  # (seat, phase, step) being timed
        self._turn_started = 0.0

    # --- what is due ----------------------------------------------------------------------

    def acting_seat(self, rnd: Round | None) -> int | None:
        """The seat the round waits for (outside the deal), tracking when its turn began."""
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

    def _times(self, playing: bool, rnd: Round | None, seating: Seating) -> list[float]:
        if not playing:
            return []
        if rnd is None:
            return [self.next_round]
        if rnd.phase is Phase.DONE:
            return [time.monotonic()]
        times = []
        if rnd.phase is Phase.DEAL and rnd.pending_give_back is None:
            times.append(self.next_deal)
        seat = self.acting_seat(rnd)
        if seat is not None:
            wait = self.settings.bot_wait() if seating[seat].botted else self._clock(rnd)
            times.append(self._turn_started + wait)
        return times

    def wake(self, playing: bool, rnd: Round | None, seating: Seating) -> float | None:
        """Seconds the room may sleep before something is due (None: until a message)."""
        times = self._times(playing, rnd, seating)
        return None if not times else max(0.0, min(times) - time.monotonic())

    def due(
        self, playing: bool, match: Match | None, rnd: Round | None, seating: Seating
    ) -> Due | None:
        """What the room must do now, if anything."""
        if not playing:
            return None
        now = time.monotonic()
        if rnd is None:
            assert match is not None
            if match.over:  # the last round is over, or a crash came before the series'
                return FinishSeries()
            return StartRound() if now >= self.next_round else None
        if rnd.phase is Phase.DONE:
            return FinishRound()
        seat = self.acting_seat(rnd)
        if seat is not None:
            botted = seating[seat].botted
            if botted and now >= self._turn_started + self.settings.bot_wait():
                return BotTurn(seat)
            if not botted and now >= self._turn_started + self._clock(rnd):
                return TimeOut(seat)
            return None
        if rnd.phase is Phase.DEAL and rnd.pending_give_back is None and now >= self.next_deal:
            return Deal()
        return None

    def turn_seconds_left(self, rnd: Round | None, seating: Seating) -> float | None:
        """The clock a player's view shows: the acting player's time left (None when a
        bot acts or nobody does)."""
        seat = self.acting_seat(rnd)
        if seat is None or seating[seat].botted:
            return None
        assert rnd is not None
        return max(0.0, self._turn_started + self._clock(rnd) - time.monotonic())

    def _clock(self, rnd: Round) -> float:
        return self.settings.turn_clock(rnd.phase, rnd.pending_give_back is not None)

    def round_started(self) -> None:
        self.next_deal = time.monotonic()

    def round_finished(self) -> None:
        self.next_round = time.monotonic() + self.settings.between_ms / 1000

    def resume(self) -> None:
        """A room rebuilt from the database: whatever was due is due now."""
        self.next_round = self.next_deal = time.monotonic()

    # --- the deal and the bots --------------------------------------------------------------

    def deal(self, rnd: Round, seating: Seating) -> None:
        """A card to each seat at a time, every seat's card at a steady pace: a player
        sees one card a tick, and everyone gets one message, not four."""
        for _ in range(self.players):
            seat = (rnd.dealer + rnd.dealt) % self.players  # who gets it
            rnd.deal_card()
            if seating[seat].botted:  # a bot is asked after each card it receives …
                self._bot_bid(rnd, seating, seat)
            if rnd.phase is not Phase.DEAL or rnd.pending_give_back is not None:
                break
        self.next_deal = time.monotonic() + self.players * self.settings.deal_ms / 1000

    def bids_after(self, rnd: Round, seating: Seating, bidder: int) -> None:
        """… and after each bid by someone else."""
        for step in range(1, self.players):
            seat = (bidder + step) % self.players
            if seating[seat].botted and self._bot_bid(rnd, seating, seat):
                return

    def _bot_bid(self, rnd: Round, seating: Seating, seat: int) -> bool:
        if rnd.phase is not Phase.DEAL or rnd.pending_give_back is not None:
            return False
        if not rnd.may_bid(seat):
            return False
        action = self.bot(seat).act(rnd.view(seat))
        if action is None:
            return False
        try:
            rnd.apply(seat, action)
        except IllegalAction:
            log.exception("room %s: the bot of seat %d made an illegal bid", self.room_id, seat)
            return False
        while rnd.pending_give_back is not None and seating[rnd.pending_give_back[0]].botted:
            giver = rnd.pending_give_back[0]
            give = self.bot(giver).act(rnd.view(giver))
            assert give is not None
            rnd.apply(giver, give)
        self.bids_after(rnd, seating, seat)
        return True

    async def bot_turn(self, rnd: Round, seat: int) -> None:
        """The bot's action for ``seat``, applied to the round."""
        bot = self.bot(seat)
        view = rnd.view(seat)
        # A searching bot thinks in a thread so that other rooms play on; this room's own
        # messages wait in its inbox, so the round cannot change meanwhile.
        thinks = level_think(self.settings.bot_level) > 0
        action = await asyncio.to_thread(bot.act, view) if thinks else bot.act(view)
        if action is None:
            return
        try:
            rnd.apply(seat, action)
        except IllegalAction:
            log.exception(
                "room %s: the bot of seat %d erred; a random legal action instead",
                self.room_id,
                seat,
            )
            fallback = RandomBot(rng=random.Random(seat)).act(rnd.view(seat))
            assert fallback is not None
            rnd.apply(seat, fallback)

    def bot(self, seat: int) -> Agent:
        if seat not in self._bots:
            self._bots[seat] = make_bot(self.settings.bot_level, self.seed * 10 + seat)
        return self._bots[seat]

    def hint(self, rnd: Round | None, seat: int) -> Action | None:
        """提示: the action a fresh bot would take for ``seat`` (none if it may not act now);
        a fresh bot, so that a hint never depends on earlier hints."""
        if rnd is None:
            return None
        view = rnd.view(seat)
        return HeuristicBot(self.seed * 10 + seat).act(view) if view.may else None

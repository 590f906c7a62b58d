"""A room's settings (its pacing, turn timer, 强退 charge and bots) and the chat phrases."""

from __future__ import annotations

from dataclasses import dataclass

from ...bots import level_think
from ...engine import Phase
from ..protocol import BotLevel, Localized, RoomSettings

# in 「寻」 rooms, chat during a round is one of these phrases.
PHRASES: dict[str, Localized] = {
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
KITTY_CLOCK = 2  # the kitty's decisions get this many turn clocks
LONG_DECISIONS = frozenset({Phase.BURY, Phase.SWAP, Phase.CALL})


@dataclass(frozen=True)
class Settings:
    """A room's pacing; every value can be set when the room is created."""

    deal_ms: int = 120  # per card of the deal (dealt a card to every seat at a time)
    bot_ms: int = 700  # before a bot (or a 托管 seat) acts
    turn_seconds: float = 30.0  # a player's turn timer (twice that for the kitty and the call)
    between_ms: int = 6000  # the pause between rounds
    quit_penalty: int = 10  # 积分 per round left charged for 强退
    bot_level: BotLevel = "normal"  # the bots' strength

    def info(self) -> RoomSettings:
        """The settings as a room summary shows them and the database keeps them."""
        return {
            "deal_ms": self.deal_ms,
            "bot_ms": self.bot_ms,
            "turn_seconds": self.turn_seconds,
            "between_ms": self.between_ms,
            "quit_penalty": self.quit_penalty,
            "bot_level": self.bot_level,
        }

    def turn_clock(self, phase: Phase, giving_back: bool) -> float:
        """Seconds a player has for a decision: burying or swapping the kitty, calling
        the friend and a give-back (粘) take longer than a bid or a card."""
        long = giving_back or phase in LONG_DECISIONS
        return self.turn_seconds * (KITTY_CLOCK if long else 1)

    def bot_wait(self) -> float:
        """Seconds a bot waits before it acts: ``bot_ms``, less the time it may spend
        thinking, so that a stronger bot does not slow the table down."""
        return max(0.0, self.bot_ms / 1000 - level_think(self.bot_level))

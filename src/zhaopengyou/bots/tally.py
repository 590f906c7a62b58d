"""What an arena deal leaves: each bot's tally over the deal's seatings.

:mod:`zhaopengyou.bots.arena` fills these in and sums them up, and
:mod:`zhaopengyou.bots.journal` keeps them in a file; both build on this module.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class BotTally:
    """One bot's rounds in one deal, over every seat it held in every seating."""

    rounds: int = 0
    score: int = 0  # R-10 积分, summed
    wins: int = 0  # rounds in which its seat scored more than 0
    levels: int = 0  # ladder steps its seats gained, summed
    decision_ms: list[float] = field(default_factory=list)


@dataclass
class DealOutcome:
    """A deal played in all its seatings; ``tallies`` is indexed like the bots."""

    index: int
    tallies: list[BotTally]


__all__ = ["BotTally", "DealOutcome"]

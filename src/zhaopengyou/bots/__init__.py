"""Players that see only a seat's view: random and heuristic bots, and the runner."""

from __future__ import annotations

from .base import Agent
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .runner import play_match, play_round

BOT_KINDS = ("random", "heuristic")


def make_bot(kind: str, seed: int | None = None, *, think: float | None = None) -> Agent:
    """A bot by name: ``random`` or ``heuristic``.

    ``think`` is a thinking-time budget per decision, in seconds, for bots that search;
    the others decide at once and ignore it, so that callers such as ``zpy arena`` can
    pass it to every kind.
    """
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(seed)
    raise ValueError(f"unknown bot kind {kind!r}; choose one of: {', '.join(BOT_KINDS)}")


__all__ = [
    "BOT_KINDS",
    "Agent",
    "HeuristicBot",
    "RandomBot",
    "make_bot",
    "play_match",
    "play_round",
]

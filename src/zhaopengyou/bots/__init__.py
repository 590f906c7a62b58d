"""Players that see only a seat's view: random and heuristic bots, and the runner."""

from __future__ import annotations

from .base import Agent
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .runner import play_match, play_round
from .search import SearchBot

BOT_KINDS = ("random", "heuristic", "search")
DEFAULT_THINK = 0.2  # seconds per decision of a search bot (the "normal" level)


def make_bot(kind: str, seed: int | None = None, *, think: float | None = None) -> Agent:
    """A bot by name: ``random``, ``heuristic`` or ``search``.

    ``think`` is a thinking-time budget per decision, in seconds, for bots that search;
    the others decide at once and ignore it, so that callers such as ``zpy arena`` can
    pass it to every kind.
    """
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(seed)
    if kind == "search":
        return SearchBot(seed, think=DEFAULT_THINK if think is None else think)
    raise ValueError(f"unknown bot kind {kind!r}; choose one of: {', '.join(BOT_KINDS)}")


__all__ = [
    "BOT_KINDS",
    "DEFAULT_THINK",
    "Agent",
    "HeuristicBot",
    "RandomBot",
    "SearchBot",
    "make_bot",
    "play_match",
    "play_round",
]

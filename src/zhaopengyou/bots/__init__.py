"""Players that see only a seat's view: random and heuristic bots, and the runner."""

from __future__ import annotations

from .base import Agent
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .runner import play_match, play_round
from .search import SearchBot

DEFAULT_THINK = 0.2  # seconds per decision of a search bot (the "normal" level)
# The levels offered to players: the bot kind and its thinking time per decision.
BOT_LEVELS: dict[str, tuple[str, float]] = {
    "easy": ("heuristic", 0.0),
    "normal": ("search", DEFAULT_THINK),
    "hard": ("search", 1.0),
}
BOT_KINDS = ("random", "heuristic", "search", *BOT_LEVELS)


def level_think(kind: str) -> float:
    """Seconds a bot of this kind or level spends on a decision at most (0: at once).

    >>> level_think("hard"), level_think("search"), level_think("heuristic")
    (1.0, 0.2, 0.0)
    """
    if kind in BOT_LEVELS:
        return BOT_LEVELS[kind][1]
    return DEFAULT_THINK if kind == "search" else 0.0


def make_bot(kind: str, seed: int | None = None, *, think: float | None = None) -> Agent:
    """A bot by name: ``random``, ``heuristic`` or ``search``, or by level: ``easy``
    (heuristic), ``normal`` (search, 0.2 s) or ``hard`` (search, 1 s).

    ``think`` is a thinking-time budget per decision, in seconds, for bots that search
    (it overrides a level's); the others decide at once and ignore it, so that callers
    such as ``zpy arena`` can pass it to every kind.
    """
    if kind in BOT_LEVELS:
        kind, budget = BOT_LEVELS[kind]
        think = budget if think is None else think
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(seed)
    if kind == "search":
        return SearchBot(seed, think=DEFAULT_THINK if think is None else think)
    raise ValueError(f"unknown bot kind {kind!r}; choose one of: {', '.join(BOT_KINDS)}")


__all__ = [
    "BOT_KINDS",
    "BOT_LEVELS",
    "DEFAULT_THINK",
    "Agent",
    "HeuristicBot",
    "RandomBot",
    "SearchBot",
    "level_think",
    "make_bot",
    "play_match",
    "play_round",
]

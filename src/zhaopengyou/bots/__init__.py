"""Players that see only a seat's view: random and heuristic bots, and the runner."""

from .base import Agent
from .random_bot import RandomBot
from .runner import play_match, play_round

__all__ = ["Agent", "RandomBot", "play_match", "play_round"]

"""HeuristicBot (being written: plays randomly until then)."""

from __future__ import annotations

from .random_bot import RandomBot


class HeuristicBot(RandomBot):
    name = "heuristic"

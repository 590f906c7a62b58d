"""RandomBot: every decision uniformly random among the legal choices."""

from __future__ import annotations

import random

from ..engine import Action, Pass, Swap, View
from ..engine.table import BID, BURY, DEAL, PLAY, SWAP


class RandomBot:
    """Picks uniformly among the legal actions of its view (seeded, reproducible)."""

    name = "random"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(seed)

    def act(self, view: View) -> Action | None:
        rng = self.rng
        phase = view.phase
        if phase is PLAY:
            return view.random_play(rng)
        if view.must_give_back:
            return view.random_give_back(rng)
        if phase is SWAP:
            return Swap(rng.choice(view.legal_swaps()))
        if phase is DEAL or phase is BID:
            bids = view.legal_bids()
            pick = rng.randrange(len(bids) + 1)
            if pick == len(bids):
                return None if phase is DEAL else Pass()
            return bids[pick]
        if phase is BURY:
            return view.random_burial(rng)
        return rng.choice(view.legal_friend_calls())

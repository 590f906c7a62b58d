"""SearchBot: determinized Monte Carlo search over worlds the seat's view admits.

At its turn to play, the bot draws worlds (every hidden hand dealt consistently with
what it knows, :mod:`~zhaopengyou.bots.sampler`), plays each candidate move in every
world (the same world for all candidates, so that they are compared on equal cards)
and finishes the round with the heuristic bot in every seat; a candidate other than
the heuristic's own choice is played only when it did clearly better in those worlds
(see :func:`preferred_index`). Rollouts run until the time budget (``think`` seconds)
or a fixed number of worlds (``worlds``, which makes decisions reproducible) is spent;
at least one world is always played out.

The outcome of a rollout is the seat's R-10 score, with the attackers' points (R-9) as
a fine tie-break, so that a move that wins 20 more points counts even when the level
does not change. Other decisions (bids, declarations, burial, friend call, give-back,
swaps) are the heuristic bot's.

>>> from zhaopengyou.bots import HeuristicBot, play_round
>>> from zhaopengyou.engine import Round, get_preset
>>> rnd = Round(get_preset("tractor"), seed=3)
>>> bots = [SearchBot(seed=0, worlds=2), HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)]
>>> play_round(rnd, bots).result is not None
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from itertools import islice

from ..engine import Action, Play, Round, View
from ..engine.cards import Card
from ..engine.table import DONE, PLAY
from .heuristic import HeuristicBot
from .sampler import SamplingError, WorldSampler

MAX_LEADS = 10  # leads compared: the heuristic's and the first single units of the hand
MAX_FOLLOWS = 8  # follows compared: all when few, else distinct random ones
FOLLOW_DRAWS = 40  # random draws made to find distinct follow candidates


class SearchBot:
    """Determinized Monte Carlo search for plays; the heuristic bot for the rest."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        *,
        think: float = 0.2,
        worlds: int | None = None,
    ) -> None:
        if not think >= 0:
            raise ValueError("think must be a number of seconds, 0 or more")
        self.rng = random.Random(seed)
        self.think = think
        self.worlds = worlds
        self.heuristic = HeuristicBot(rng=random.Random(self.rng.random()))

    def act(self, view: View) -> Action | None:
        if view.phase is PLAY and view.to_act == view.seat:
            return self.choose_play(view)
        return self.heuristic.act(view)

    # --- plays ---------------------------------------------------------------------------

    def candidates(self, view: View) -> list[tuple[Card, ...]]:
        """The plays compared: the heuristic's choice first, then distinct others."""
        preferred = self.heuristic.choose_play(view).cards
        found: dict[tuple[Card, ...], None] = {tuple(sorted(preferred)): None}
        if view.is_leading:
            for cards in islice(view.legal_plays(), MAX_LEADS):
                found.setdefault(tuple(sorted(cards)), None)
        else:
            few = list(islice(view.legal_plays(), MAX_FOLLOWS + 1))
            if len(few) <= MAX_FOLLOWS:
                for cards in few:
                    found.setdefault(tuple(sorted(cards)), None)
            else:
                for _ in range(FOLLOW_DRAWS):
                    found.setdefault(tuple(sorted(view.random_play(self.rng).cards)), None)
                    if len(found) >= MAX_FOLLOWS:
                        break
        return list(found)

    def choose_play(self, view: View) -> Play:
        candidates = self.candidates(view)
        if len(candidates) == 1:
            return Play(candidates[0])
        seat = view.seat
        assert seat is not None
        try:
            sampler = WorldSampler(view)
        except ValueError:
            return Play(candidates[0])
        values: list[list[float]] = [[] for _ in candidates]
        started = time.perf_counter()
        deadline = started + self.think
        while True:
            try:
                _world, twin = sampler.sample_round(self.rng)
            except SamplingError:
                break
            rollout_seed = self.rng.getrandbits(32)
            for index, cards in enumerate(candidates):
                values[index].append(self.rollout(twin, seat, cards, random.Random(rollout_seed)))
            if self.worlds is not None:
                if len(values[0]) >= self.worlds:
                    break
                continue
            now = time.perf_counter()
            if now + (now - started) / len(values[0]) > deadline:
                break  # another world would overrun the budget
        return Play(candidates[preferred_index(values)])

    def rollout(self, twin: Round, seat: int, cards: Sequence[Card], rng: random.Random) -> float:
        """Play ``cards`` for ``seat`` in a copy of ``twin``, finish the round with the
        heuristic bot in every seat (seeing the world's hands only through each seat's
        view), and value the end for ``seat``."""
        rnd = twin.clone()
        rnd.apply(seat, Play(tuple(cards)))
        policy = HeuristicBot(rng=rng)
        while rnd.phase is not DONE:
            actor = rnd.to_act
            assert actor is not None
            rnd.apply(actor, policy.choose_play(rnd.view(actor)))
        return outcome(rnd, seat)


def preferred_index(values: Sequence[Sequence[float]], margin: float = 1.0) -> int:
    """The candidate to play: the heuristic's (index 0) unless another did better in the
    same worlds by more than ``margin`` standard errors of the paired differences; with
    few worlds the estimates are noisy, and a noisy switch loses more than it wins.

    >>> preferred_index([[0, 0, 0], [1, 1, 1]]), preferred_index([[0, 0, 0], [3, -2, 0]])
    (1, 0)
    """
    worlds = len(values[0])
    if worlds < 2:
        return 0
    best, best_low = 0, 0.0
    for index in range(1, len(values)):
        gains = [values[index][w] - values[0][w] for w in range(worlds)]
        mean = sum(gains) / worlds
        spread = (sum((g - mean) ** 2 for g in gains) / (worlds - 1)) ** 0.5
        low = mean - margin * spread / worlds**0.5
        if low > best_low:
            best, best_low = index, low
    return best


def outcome(rnd: Round, seat: int) -> float:
    """The seat's R-10 score, plus the attackers' points as a tie-break within a band."""
    result = rnd.result
    assert result is not None
    total = 100 * rnd.preset.decks
    share = result.attackers_points / total
    attacking = seat not in result.banker_side
    return result.scores[seat] + (share if attacking else -share)


__all__ = ["SearchBot", "outcome", "preferred_index"]

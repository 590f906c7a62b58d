"""A match: rounds chained by levels and the next banker (R-8.1, R-9.5, R-9.6, R-11.2).

>>> from zhaopengyou.engine.presets import get_preset
>>> m = Match(get_preset("tractor"), seed=1, rounds=3)
>>> r = m.new_round()
>>> r.number, r.levels_before, r.banker is None
(1, (0, 0, 0, 0), True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .presets import Preset
from .round import Round
from .table import Phase


class Match:
    """Plays rounds until the preset's end rule or a set number of rounds.

    ``rounds=None`` plays until a fixed team holds the bank at the top of its ladder
    (R-9.5); presets without such an end (individual levels, `qidong`) need ``rounds``.
    """

    def __init__(
        self,
        preset: Preset,
        *,
        seed: int | None = None,
        rounds: int | None = None,
        levels: Sequence[int] | None = None,
        dealer: int | None = None,
    ) -> None:
        if rounds is None and preset.called_friend:
            raise ValueError(f"{preset.name} matches have no natural end: give a number of rounds")
        if rounds is not None and rounds < 1:
            raise ValueError("a match has at least one round")
        self.preset = preset
        self.seed = seed
        self.rng = random.Random(seed)
        self.rounds = rounds
        players = preset.players
        self.levels: tuple[int, ...] | None
        if preset.fixed_level_rank is not None:
            self.levels = None
        else:
            self.levels = tuple(levels) if levels is not None else (preset.ladder[0],) * players
        self.banker: int | None = None
        # the first dealer is chosen at random, then moves one seat a round.
        self.dealer = dealer if dealer is not None else self.rng.randrange(players)
        self.totals = [0] * players
        self.played: list[Round] = []
        self.over = False

    @property
    def round_number(self) -> int:
        return len(self.played) + 1

    def new_round(self) -> Round:
        if self.over:
            raise ValueError("the match is over")
        seed = self.rng.randrange(2**53)  # exact in every JSON reader, JavaScript included
        return Round(
            self.preset,
            seed=seed,
            number=self.round_number,
            levels=self.levels,
            banker=self.banker,
            dealer=self.dealer,
        )

    def finish_round(self, rnd: Round) -> None:
        """Carry a finished round's levels, scores and next banker into the match."""
        if rnd.phase is not Phase.DONE or rnd.result is None:
            raise ValueError("the round is not finished")
        if rnd.number != self.round_number:
            raise ValueError("rounds must be finished in order")
        result = rnd.result
        self.played.append(rnd)
        for seat, score in enumerate(result.scores):
            self.totals[seat] += score
        self.levels = result.levels_after
        self.banker = result.next_banker
        self.dealer = (self.dealer + 1) % self.preset.players
        limit_reached = self.rounds is not None and len(self.played) >= self.rounds
        # holding the bank at the top of the ladder wins, whatever the round count.
        self.over = limit_reached or result.bank_held_at_top

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with the highest total score so far."""
        best = max(self.totals)
        return tuple(s for s, t in enumerate(self.totals) if t == best)

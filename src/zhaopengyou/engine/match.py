"""A match: rounds chained by levels and the next banker (R-8.1, R-9.5, R-9.6, R-11.2).

Round k's shuffle comes from a seed derived from the match seed and k alone, so
creating a round twice gives the same deal, and a stored match resumes exactly.

>>> from zhaopengyou.engine.presets import get_preset
>>> m = Match(get_preset("tractor"), seed=1, rounds=3)
>>> r = m.new_round()
>>> r.number, r.levels_before, r.banker is None
(1, (0, 0, 0, 0), True)
>>> m.new_round().deck == r.deck and r.seed == round_seed(1, 1)
True
>>> Match.from_json(m.to_json()).to_json() == m.to_json()
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from .codec import (
    DecodeError,
    decode_bool,
    decode_int,
    decode_ints,
    decode_levels,
    decode_optional_int,
    encode_levels,
    field,
    optional_seat_decoder,
    require_dict,
    require_list,
    seat_decoder,
)
from .presets import Preset, decode_preset
from .round import Round
from .table import Phase

FORMAT = "zpy-match/1"
_SEED_LIMIT = 2**53  # exact in every JSON reader, JavaScript included


def round_seed(match_seed: int, number: int) -> int:
    """The shuffle seed of round ``number`` of the match seeded ``match_seed``; round 0
    is the match's own draw (its first dealer)."""
    digest = hashlib.sha256(f"zhaopengyou:{match_seed}:{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % _SEED_LIMIT


class Match:
    """Plays rounds until the preset's end rule or a set number of rounds.

    ``rounds=None`` plays until a fixed team holds the bank at the top of its ladder
    (R-9.5); presets without such an end (individual levels, `qidong`) need ``rounds``.
    Without a ``seed`` the match draws one, so that it can still be stored and resumed.
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
        self.seed = seed if seed is not None else random.SystemRandom().randrange(_SEED_LIMIT)
        self.rounds = rounds
        players = preset.players
        self.levels: tuple[int, ...] | None
        if preset.fixed_level_rank is not None:
            self.levels = None
        else:
            self.levels = tuple(levels) if levels is not None else (preset.ladder[0],) * players
        self.banker: int | None = None
        # the first dealer is chosen at random, then moves one seat a round.
        self.dealer = dealer if dealer is not None else round_seed(self.seed, 0) % players
        self.totals = [0] * players
        self.played: list[Round] = []
        self.over = False

    @property
    def round_number(self) -> int:
        return len(self.played) + 1

    def new_round(self) -> Round:
        """The next round, dealt from its derived seed (the same round every time)."""
        if self.over:
            raise ValueError("the match is over")
        number = self.round_number
        return Round(
            self.preset,
            seed=round_seed(self.seed, number),
            number=number,
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

    # --- snapshots ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The match as JSON-ready data (``"format": "zpy-match/1"``), its finished rounds
        included as round snapshots (docs/round-format.md)."""
        return {
            "format": FORMAT,
            "preset": self.preset.name,
            "options": dict(self.preset.options),
            "seed": self.seed,
            "rounds": self.rounds,
            "levels": encode_levels(self.levels),
            "banker": self.banker,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "over": self.over,
            "played": [rnd.to_json() for rnd in self.played],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Match:
        """The match a :meth:`to_json` snapshot describes. Malformed or inconsistent
        data raises :class:`~zhaopengyou.engine.codec.DecodeError` naming the key."""
        data = require_dict(data, "")
        if data.get("format") != FORMAT:
            raise DecodeError("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
        preset = decode_preset(data)
        players = preset.players
        match = cls.__new__(cls)
        match.preset = preset
        match.seed = field(data, "seed", decode_int, "")
        match.rounds = field(data, "rounds", decode_optional_int, "")
        match.levels = field(data, "levels", decode_levels, "")
        match.banker = field(data, "banker", optional_seat_decoder(players), "")
        match.dealer = field(data, "dealer", seat_decoder(players), "")
        match.totals = list(field(data, "totals", decode_ints, ""))
        match.over = field(data, "over", decode_bool, "")
        match.played = []
        for index, raw in enumerate(field(data, "played", require_list, "")):
            try:
                rnd = Round.from_json(raw)
            except DecodeError as err:
                raise DecodeError(f"played[{index}].{err.key}", err.reason) from None
            if rnd.preset != preset or rnd.number != index + 1 or rnd.result is None:
                raise DecodeError(f"played[{index}]", "not this match's finished round")
            match.played.append(rnd)
        results = [r.result for r in match.played if r.result is not None]
        totals = [sum(result.scores[seat] for result in results) for seat in range(players)]
        if match.totals != totals:
            raise DecodeError("totals", f"the played rounds add up to {totals}")
        if results and match.levels != results[-1].levels_after:
            raise DecodeError("levels", "are not the levels after the last round")
        if results and match.banker != results[-1].next_banker:
            raise DecodeError("banker", "is not the next banker of the last round")
        return match

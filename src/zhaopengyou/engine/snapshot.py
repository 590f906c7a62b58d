"""Round snapshots in the ``zpy-round/1`` format (docs/round-format.md): the complete
state of a round in any phase as JSON-ready data, and back.

Restoring checks the data before building anything: every key is present and of its
type, cards are in RECORD.md notation, every card of the decks is accounted for once
(hands, plays, kitty, undealt cards), hands have the right sizes, the tricks follow
each other and were won by the right seat. The first problem raises a
:class:`SnapshotError` naming the key.

>>> import random
>>> from zhaopengyou.engine import Round, get_preset
>>> r = Round(get_preset("qidong"), seed=3)
>>> _ = r.deal_all()
>>> data = r.to_json()
>>> data["format"], data["phase"], len(data["hands"][0])
('zpy-round/1', 'bid', 20)
>>> Round.from_json(data).to_json() == data
True
>>> Round.from_json({**data, "hands": [data["hands"][1]] + data["hands"][1:]})
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
zhaopengyou.engine.snapshot.SnapshotError: hands: ... cards are held more often than ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CARD_POINTS, NUM_KINDS, full_deck
from .codec import DecodeError, require_dict
from .presets import decode_preset
from .state import (
    Bidding,
    Deal,
    Declaration,
    Journal,
    Partnership,
    Reading,
    RoundState,
    Setup,
    Tally,
    TrickInPlay,
)
from .table import BID, BURY, DEAL, DONE, PLAY, PlayRecord, decode_phase

FORMAT = "zpy-round/1"


class SnapshotError(DecodeError):
    """A snapshot that is malformed or inconsistent; ``key`` names where."""


def state_to_json(state: RoundState) -> dict[str, Any]:
    """A round's state as a ``zpy-round/1`` snapshot, group by group."""
    phase = state.phase
    return {
        "format": FORMAT,
        "preset": state.preset.name,
        "options": dict(state.preset.options),
        **state.setup.to_json(),
        "phase": phase.value,
        "to_act": state.to_act,
        **state.bidding.to_json(),
        **state.deal.to_json(),
        **state.declaration.to_json(),
        **state.partnership.to_json(),
        **state.trick.to_json(),
        **state.tally.to_json(),
        **state.journal.to_json(dealing=phase is DEAL or phase is BID),
    }


def state_from_json(data: Mapping[str, Any]) -> RoundState:
    """The state a ``zpy-round/1`` snapshot describes: decoded group by group, then
    checked as a whole. The first problem raises a :class:`SnapshotError`."""
    try:
        state = _decode(data)
    except SnapshotError:
        raise
    except DecodeError as err:
        raise SnapshotError(err.key, err.reason) from None
    _Checker(state).check()
    return state


def _decode(data: Mapping[str, Any]) -> RoundState:
    data = require_dict(data, "")
    if data.get("format") != FORMAT:
        raise SnapshotError("format", f"expected {FORMAT!r}, got {data.get('format')!r}")
    preset = decode_preset(data)
    read = Reading(data, preset)
    setup = Setup.from_json(read)
    phase = read.get("phase", decode_phase)
    to_act = read.get("to_act", read.optional_seat)
    deal = Deal.from_json(read)
    bidding = Bidding.from_json(read)
    declaration = Declaration.from_json(read, phase, setup.level_rank)
    ordering = declaration.ordering
    return RoundState(
        preset,
        phase,
        to_act,
        setup,
        deal,
        bidding,
        declaration,
        Partnership.from_json(read),
        TrickInPlay.from_json(read, ordering),
        Tally.from_json(read, ordering),
        Journal.from_json(read, setup.seed),
    )


class _Checker:
    """Consistency of a decoded round: the first problem raises a :class:`SnapshotError`."""

    def __init__(self, state: RoundState) -> None:
        self.rnd = state
        self.preset = state.preset
        self.players = state.preset.players

    def fail(self, key: str, reason: str) -> None:
        raise SnapshotError(key, reason)

    def check(self) -> None:
        self.deal()
        self.cards()
        self.phase()
        self.tricks()
        self.turn()

    def deal(self) -> None:
        rnd, preset = self.rnd, self.preset
        if not 0 <= rnd.deal.dealt <= rnd.deal.cards_to_deal:
            self.fail("dealt", f"must be between 0 and {rnd.deal.cards_to_deal}")
        if (rnd.phase is DEAL) != (rnd.deal.dealt < rnd.deal.cards_to_deal):
            self.fail("dealt", f"{rnd.deal.dealt} cards dealt does not fit the phase {rnd.phase}")
        if rnd.setup.position:
            return
        if sorted(rnd.deal.deck) != sorted(full_deck(preset.decks)):
            self.fail("deck", f"is not a full set of {preset.decks} decks")
        for seat in range(self.players):
            dealt = [
                rnd.deal.deck[i]
                for i in range(rnd.deal.dealt)
                if (rnd.setup.dealer + i) % self.players == seat
            ]
            if rnd.deal.received[seat] != dealt:
                self.fail(f"received[{seat}]", "is not what the deck dealt to this seat")
        if list(rnd.deal.kitty) != rnd.deal.deck[rnd.deal.cards_to_deal :]:
            self.fail("kitty", "is not the end of the deck")

    def cards(self) -> None:
        """Every card once: hands + plays + kitty or undealt cards = the decks."""
        rnd, preset = self.rnd, self.preset
        played = [0] * self.players
        counts = [0] * NUM_KINDS
        for hand in rnd.deal.hands:
            for card, n in enumerate(hand):
                counts[card] += n
        for play in [p for t in rnd.tally.tricks for p in t.plays] + rnd.trick.plays:
            played[play.seat] += len(play.cards)
            for card in play.cards:
                counts[card] += 1
        phase = rnd.phase
        if phase is DEAL:
            rest: Sequence[int] = rnd.deal.deck[rnd.deal.dealt :]
        elif phase is BID:
            rest = rnd.deal.kitty
        elif phase is BURY:
            rest = ()
        else:
            if len(rnd.declaration.buried) != preset.kitty_size and not rnd.setup.position:
                self.fail("buried", f"expected {preset.kitty_size} cards")
            try:
                rest = rnd.declaration.final_kitty
            except ValueError:
                self.fail("swaps", "a swapped card is not in the burial")
        for card in rest:
            counts[card] += 1
        over = [c for c in range(NUM_KINDS) if counts[c] > preset.decks]
        if over:
            self.fail("hands", f"{len(over)} cards are held more often than the decks have them")
        if not rnd.setup.position and any(n != preset.decks for n in counts):
            self.fail("hands", "cards are missing: hands, plays and kitty make no full deck")
        # Each hand: what was dealt, ± the kitty and a pending 粘, less what was played.
        extra = [0] * self.players
        if phase is BURY and rnd.declaration.buried_by is not None:
            extra[rnd.declaration.buried_by] += preset.kitty_size
        if rnd.declaration.give_back is not None:
            taker, owner, count, _ = rnd.declaration.give_back
            extra[taker] += count
            extra[owner] -= count
        for seat in range(self.players):
            expected = len(rnd.deal.received[seat]) + extra[seat] - played[seat]
            if rnd.deal.hand_sizes[seat] != expected:
                self.fail(
                    f"hands[{seat}]",
                    f"holds {rnd.deal.hand_sizes[seat]} cards, expected {expected}",
                )

    def phase(self) -> None:
        """Tricks only in the play phase and after it, a give-back owed only while bidding."""
        rnd = self.rnd
        if rnd.trick.plays and rnd.phase is not PLAY:
            self.fail("current", f"no trick is in progress in the {rnd.phase} phase")
        if rnd.tally.tricks and rnd.phase is not PLAY and rnd.phase is not DONE:
            self.fail("tricks", f"no trick is played in the {rnd.phase} phase")
        if rnd.declaration.give_back is not None and rnd.phase is not DEAL and rnd.phase is not BID:
            self.fail("pending_give_back", f"no give-back is owed in the {rnd.phase} phase (R-8.4)")

    def tricks(self) -> None:
        rnd, preset = self.rnd, self.preset
        leader = rnd.setup.banker
        won = [0] * self.players
        for index, trick in enumerate(rnd.tally.tricks):
            key = f"tricks[{index}]"
            self.plays(trick.plays, trick.leader, key)
            if len(trick.plays) != self.players:
                self.fail(f"{key}.plays", f"expected {self.players} plays")
            if (
                leader is not None
                and trick.leader != leader
                and not (rnd.setup.position and index == 0)
            ):
                self.fail(f"{key}.leader", f"seat {leader} leads this trick (R-6.4, R-6.5)")
            assert rnd.declaration.ordering is not None
            winner = trick.plays[
                preset.trick_winner(
                    trick.shapes, trick.lead_suit, trick.plays, rnd.declaration.ordering
                )
            ].seat
            if trick.winner != winner:
                self.fail(f"{key}.winner", f"the engine gives the trick to seat {winner} (R-6.3)")
            points = sum(CARD_POINTS[c] for p in trick.plays for c in p.cards)
            if trick.points != points:
                self.fail(f"{key}.points", f"the cards hold {points} points")
            won[trick.winner] += points
            leader = trick.winner
        if rnd.tally.points_won != won:
            self.fail("points_won", f"the tricks give {won}")
        if rnd.trick.plays:
            if rnd.tally.tricks and rnd.trick.plays[0].seat != leader:
                self.fail("current[0].seat", f"seat {leader} leads this trick (R-6.4)")
            self.plays(rnd.trick.plays, rnd.trick.plays[0].seat, "current")
            if not rnd.trick.units:
                self.fail("lead_units", "a trick in progress needs its lead's units")
        elif rnd.trick.units:
            self.fail("lead_units", "no trick is in progress")

    def plays(self, plays: Sequence[PlayRecord], leader: int, key: str) -> None:
        for offset, play in enumerate(plays):
            if play.seat != (leader + offset) % self.players:
                self.fail(f"{key}[{offset}].seat", "plays go round in seat order (R-1.2)")

    def turn(self) -> None:
        rnd = self.rnd
        if (rnd.tally.result is None) != (rnd.phase is not DONE):
            self.fail("result", "a round has a result exactly when it is done")
        if rnd.phase is PLAY and rnd.declaration.give_back is None:
            leader = rnd.trick.plays[0].seat if rnd.trick.plays else rnd.to_act
            expected = None if leader is None else (leader + len(rnd.trick.plays)) % self.players
            if rnd.to_act != expected:
                self.fail("to_act", f"seat {expected} is to play")
        if rnd.phase is not DEAL and rnd.phase is not DONE and rnd.to_act is None:
            self.fail("to_act", f"someone acts in the {rnd.phase} phase")
        if len(rnd.tally.points_won) != self.players or len(rnd.tally.penalties) != self.players:
            self.fail("points_won", f"expected {self.players} seats")
        if rnd.phase is not DEAL and rnd.phase is not BID and rnd.setup.banker is None:
            self.fail("banker", "the banker is known once bidding is over")

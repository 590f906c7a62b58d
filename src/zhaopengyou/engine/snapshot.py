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

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .bidding import BidRecord
from .cards import CARD_POINTS, CARDS, NUM_KINDS, Card, full_deck
from .codec import (
    DecodeError,
    decode_bool,
    decode_card_groups,
    decode_card_pairs,
    decode_cards,
    decode_int,
    decode_ints,
    decode_levels,
    decode_optional_card,
    decode_optional_int,
    decode_rank,
    decode_rng,
    decode_suit,
    encode_card_groups,
    encode_cards,
    encode_levels,
    encode_rank,
    encode_rng,
    encode_suit,
    field,
    optional_seat_decoder,
    require_dict,
    require_list,
    seat_decoder,
)
from .events import Event, event_from_dict, event_to_dict
from .ordering import Ordering
from .presets import Preset, decode_preset
from .table import (
    BID,
    BURY,
    DEAL,
    DONE,
    PLAY,
    PlayRecord,
    RoundResult,
    UnitReader,
    decode_phase,
    play_from_dict,
    play_to_dict,
    read_units,
    trick_from_dict,
)
from .units import Unit, format_of

if TYPE_CHECKING:
    from .round import Round

FORMAT = "zpy-round/1"


class SnapshotError(DecodeError):
    """A snapshot that is malformed or inconsistent; ``key`` names where."""


def _hand_list(counts: Sequence[int]) -> list[str]:
    return [CARDS[c].ascii for c in range(NUM_KINDS) for _ in range(counts[c])]


def round_to_json(rnd: Round) -> dict[str, Any]:
    """:meth:`Round.to_json`."""
    pending = rnd.pending_give_back
    return {
        "format": FORMAT,
        "preset": rnd.preset.name,
        "options": dict(rnd.preset.options),
        "seed": rnd.seed,
        "number": rnd.number,
        "levels_before": encode_levels(rnd.levels_before),
        "banker": rnd.banker,
        "dealer": rnd.dealer,
        "level_rank": encode_rank(rnd.level_rank),
        "redeals": rnd.redeals,
        "position": rnd.position,
        "phase": rnd.phase.value,
        "to_act": rnd.to_act,
        "passes": rnd._passes,
        "deck": encode_cards(rnd.deck),
        "dealt": rnd.dealt,
        "received": [encode_cards(cards) for cards in rnd.received],
        "hands": [_hand_list(hand) for hand in rnd.hands],
        "kitty": encode_cards(rnd.kitty),
        "bids": [bid.to_dict() for bid in rnd.bids],
        "trump_suit": encode_suit(rnd.trump_suit),
        "kitty_turned": encode_cards(rnd.kitty_turned),
        "declarer": rnd.declarer,
        "trump_public": rnd.trump_public,
        "declaration_shown": rnd.declaration_shown,
        "trump_knowers": sorted(rnd.trump_knowers),
        "pending_give_back": None
        if pending is None
        else {"seat": pending[0], "from_seat": pending[1], "count": pending[2]},
        "resume_to": rnd._resume_to,
        "buried_by": rnd.buried_by,
        "buried": encode_cards(rnd.buried),
        "swaps": encode_card_groups(rnd.swaps),
        "friend_call": None if rnd.friend_call is None else rnd.friend_call.ascii,
        "solo": rnd.solo,
        "friend": rnd.friend,
        "friend_revealed": rnd.friend_revealed,
        "tricks": [trick.to_dict() for trick in rnd.tricks],
        "current": [play_to_dict(play) for play in rnd.current],
        "lead_units": [encode_cards(unit.cards) for unit in rnd.lead_units],
        "points_won": list(rnd.points_won),
        "penalties": list(rnd.penalties),
        "point_adjustment": rnd.point_adjustment,
        "throws_tried": rnd.throws_tried,
        "throws_failed": rnd.throws_failed,
        "result": None if rnd.result is None else rnd.result.to_dict(),
        # The generator matters only while a redeal can still happen.
        "rng": encode_rng(rnd._rng) if rnd.phase in (DEAL, BID) else None,
        "history": rnd.history(),
        "events": [event_to_dict(event) for event in rnd._log],
    }


def round_from_json(cls: type[Round], data: Mapping[str, Any]) -> Round:
    """:meth:`Round.from_json`: decode, check, then build."""
    try:
        return _Reader(cls, data).build()
    except SnapshotError:
        raise
    except DecodeError as err:
        raise SnapshotError(err.key, err.reason) from None


class _Reader:
    """Decodes one snapshot field by field, then checks it as a whole."""

    def __init__(self, cls: type[Round], data: Mapping[str, Any]) -> None:
        self.cls = cls
        self.data = require_dict(data, "")
        if self.data.get("format") != FORMAT:
            raise SnapshotError("format", f"expected {FORMAT!r}, got {self.data.get('format')!r}")
        self.preset: Preset = decode_preset(self.data)

    def get(self, name: str, decode: Any) -> Any:
        return field(self.data, name, decode, "")

    def build(self) -> Round:
        preset = self.preset
        players = preset.players
        seat = seat_decoder(players)
        optional_seat = optional_seat_decoder(players)
        rnd = object.__new__(self.cls)
        rnd.preset = preset
        rnd._options = preset.options
        rnd.seed = self.get("seed", decode_optional_int)
        rnd.number = self.get("number", decode_int)
        rnd.levels_before = self.get("levels_before", decode_levels)
        if (rnd.levels_before is None) != (preset.fixed_level_rank is not None):
            raise SnapshotError(
                "levels_before", f"{preset.name} has levels only if it has no fixed level"
            )
        if rnd.levels_before is not None and len(rnd.levels_before) != players:
            raise SnapshotError("levels_before", f"expected {players} levels")
        rnd.banker = self.get("banker", optional_seat)
        rnd.dealer = self.get("dealer", seat)
        rnd.level_rank = self.get("level_rank", decode_rank)
        rnd.redeals = self.get("redeals", decode_int)
        rnd.position = self.get("position", decode_bool)
        rnd.phase = self.get("phase", decode_phase)
        rnd.to_act = self.get("to_act", optional_seat)
        rnd._passes = self.get("passes", decode_int)
        rnd.deck = list(self.get("deck", decode_cards))
        rnd.cards_to_deal = players * preset.hand_size
        rnd.dealt = self.get("dealt", decode_int)
        rnd.received = [list(cards) for cards in self.get("received", decode_card_groups)]
        hands = self.get("hands", decode_card_groups)
        if len(hands) != players or len(rnd.received) != players:
            raise SnapshotError("hands", f"expected {players} hands")
        rnd.hands = [_counts(hand) for hand in hands]
        rnd.hand_sizes = [len(hand) for hand in hands]
        rnd.kitty = self.get("kitty", decode_cards)
        rnd.bids = [
            BidRecord.from_dict(b, f"bids[{i}]", players)
            for i, b in enumerate(self.get("bids", require_list))
        ]
        rnd._bids_version = 0
        rnd._visible_cache = {}
        rnd._declarer_cache = (-1, None)
        rnd.trump_suit = self.get("trump_suit", decode_suit)
        decided = rnd.phase not in (DEAL, BID)
        rnd.ordering = preset.ordering(rnd.level_rank, rnd.trump_suit) if decided else None
        rnd.kitty_turned = self.get("kitty_turned", decode_cards)
        rnd.declarer = self.get("declarer", optional_seat)
        rnd.trump_public = self.get("trump_public", decode_bool)
        rnd.declaration_shown = self.get("declaration_shown", decode_bool)
        rnd.trump_knowers = frozenset(
            seat(s, f"trump_knowers[{i}]")
            for i, s in enumerate(self.get("trump_knowers", require_list))
        )
        rnd.pending_give_back = self.get("pending_give_back", self._pending)
        rnd._resume_to = self.get("resume_to", optional_seat)
        rnd.buried_by = self.get("buried_by", optional_seat)
        rnd.buried = self.get("buried", decode_cards)
        rnd.swaps = list(self.get("swaps", decode_card_pairs))
        rnd.friend_call = self.get("friend_call", decode_optional_card)
        rnd.solo = self.get("solo", decode_bool)
        rnd.friend = self.get("friend", optional_seat)
        rnd.friend_revealed = self.get("friend_revealed", decode_bool)
        read = self._unit_reader(rnd.ordering)
        rnd.tricks = tuple(
            trick_from_dict(t, f"tricks[{i}]", players, read)
            for i, t in enumerate(self.get("tricks", require_list))
        )
        rnd.current = [
            play_from_dict(p, f"current[{i}]", players)
            for i, p in enumerate(self.get("current", require_list))
        ]
        rnd.lead_units = self.get("lead_units", lambda v, k: read_units(v, k, read))
        rnd._lead_shapes = format_of(rnd.lead_units) if rnd.lead_units else ()
        rnd._lead_suit = (
            rnd.ordering.esuit[rnd.current[0].cards[0]]
            if rnd.current and rnd.ordering is not None
            else 0
        )
        rnd.points_won = list(self.get("points_won", decode_ints))
        rnd.penalties = list(self.get("penalties", decode_ints))
        rnd.point_adjustment = self.get("point_adjustment", decode_int)
        rnd.throws_tried = self.get("throws_tried", decode_int)
        rnd.throws_failed = self.get("throws_failed", decode_int)
        result = self.data.get("result")
        rnd.result = None if result is None else RoundResult.from_dict(result)
        rng = self.data.get("rng")
        rnd._rng = random.Random(rnd.seed) if rng is None else decode_rng(rng, "rng")
        rnd._log = self._events()
        rnd._start, rnd._steps = self._history(rnd)
        _Checker(rnd).check()
        return rnd

    def _unit_reader(self, ordering: Ordering | None) -> UnitReader:
        preset = self.preset

        def read(cards: Sequence[Card]) -> Unit | None:
            # No unit can be played before the trump is decided.
            return None if ordering is None else preset.read_unit(cards, ordering)

        return read

    def _pending(self, value: object, key: str) -> tuple[int, int, int] | None:
        if value is None:
            return None
        data = require_dict(value, key)
        players = self.preset.players
        return (
            field(data, "seat", seat_decoder(players), key),
            field(data, "from_seat", seat_decoder(players), key),
            field(data, "count", decode_int, key),
        )

    def _events(self) -> list[Event]:
        events = []
        for index, raw in enumerate(self.get("events", require_list)):
            try:
                event = event_from_dict(raw)
            except DecodeError as err:
                raise SnapshotError(f"events[{index}].{err.key}", err.reason) from None
            if event.seq != index + 1:
                raise SnapshotError(f"events[{index}].seq", f"expected {index + 1}")
            events.append(event)
        return events

    def _history(self, rnd: Round) -> tuple[dict[str, Any], list[tuple[int, Any]]]:
        from .actions import action_from_dict

        steps = self.get("history", require_list)
        if not steps or require_dict(steps[0], "history[0]").get("kind") != "start":
            raise SnapshotError("history[0]", "a history starts with its start step")
        parsed: list[tuple[int, Any]] = []
        seat = seat_decoder(self.preset.players)
        for index, raw in enumerate(steps[1:], start=1):
            key = f"history[{index}]"
            step = require_dict(raw, key)
            who = field(step, "seat", seat, key)
            if step.get("kind") == "deal":
                parsed.append((who, field(step, "card", _card, key)))
                continue
            try:
                parsed.append((who, action_from_dict(step)))
            except DecodeError as err:
                raise SnapshotError(f"{key}.{err.key}", err.reason) from None
        return dict(steps[0]), parsed


def _card(value: object, key: str) -> Card:
    return decode_cards([value], key)[0]


def _counts(cards: Sequence[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
    return counts


class _Checker:
    """Consistency of a decoded round: the first problem raises a :class:`SnapshotError`."""

    def __init__(self, rnd: Round) -> None:
        self.rnd = rnd
        self.preset = rnd.preset
        self.players = rnd.preset.players

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
        if not 0 <= rnd.dealt <= rnd.cards_to_deal:
            self.fail("dealt", f"must be between 0 and {rnd.cards_to_deal}")
        if (rnd.phase is DEAL) != (rnd.dealt < rnd.cards_to_deal):
            self.fail("dealt", f"{rnd.dealt} cards dealt does not fit the phase {rnd.phase}")
        if rnd.position:
            return
        if sorted(rnd.deck) != sorted(full_deck(preset.decks)):
            self.fail("deck", f"is not a full set of {preset.decks} decks")
        for seat in range(self.players):
            dealt = [
                rnd.deck[i] for i in range(rnd.dealt) if (rnd.dealer + i) % self.players == seat
            ]
            if rnd.received[seat] != dealt:
                self.fail(f"received[{seat}]", "is not what the deck dealt to this seat")
        if list(rnd.kitty) != rnd.deck[rnd.cards_to_deal :]:
            self.fail("kitty", "is not the end of the deck")

    def cards(self) -> None:
        """Every card once: hands + plays + kitty or undealt cards = the decks."""
        rnd, preset = self.rnd, self.preset
        played = [0] * self.players
        counts = [0] * NUM_KINDS
        for hand in rnd.hands:
            for card, n in enumerate(hand):
                counts[card] += n
        for play in [p for t in rnd.tricks for p in t.plays] + rnd.current:
            played[play.seat] += len(play.cards)
            for card in play.cards:
                counts[card] += 1
        phase = rnd.phase
        if phase is DEAL:
            rest: Sequence[int] = rnd.deck[rnd.dealt :]
        elif phase is BID:
            rest = rnd.kitty
        elif phase is BURY:
            rest = ()
        else:
            if len(rnd.buried) != preset.kitty_size and not rnd.position:
                self.fail("buried", f"expected {preset.kitty_size} cards")
            try:
                rest = rnd.final_kitty
            except ValueError:
                self.fail("swaps", "a swapped card is not in the burial")
        for card in rest:
            counts[card] += 1
        over = [c for c in range(NUM_KINDS) if counts[c] > preset.decks]
        if over:
            self.fail("hands", f"{len(over)} cards are held more often than the decks have them")
        if not rnd.position and any(n != preset.decks for n in counts):
            self.fail("hands", "cards are missing: hands, plays and kitty make no full deck")
        # Each hand: what was dealt, ± the kitty and a pending 粘, less what was played.
        extra = [0] * self.players
        if phase is BURY and rnd.buried_by is not None:
            extra[rnd.buried_by] += preset.kitty_size
        if rnd.pending_give_back is not None:
            taker, owner, count = rnd.pending_give_back
            extra[taker] += count
            extra[owner] -= count
        for seat in range(self.players):
            expected = len(rnd.received[seat]) + extra[seat] - played[seat]
            if rnd.hand_sizes[seat] != expected:
                self.fail(
                    f"hands[{seat}]", f"holds {rnd.hand_sizes[seat]} cards, expected {expected}"
                )

    def phase(self) -> None:
        """Tricks only in the play phase and after it, a give-back owed only while bidding."""
        rnd = self.rnd
        if rnd.current and rnd.phase is not PLAY:
            self.fail("current", f"no trick is in progress in the {rnd.phase} phase")
        if rnd.tricks and rnd.phase is not PLAY and rnd.phase is not DONE:
            self.fail("tricks", f"no trick is played in the {rnd.phase} phase")
        if rnd.pending_give_back is not None and rnd.phase is not DEAL and rnd.phase is not BID:
            self.fail("pending_give_back", f"no give-back is owed in the {rnd.phase} phase (R-8.4)")

    def tricks(self) -> None:
        rnd, preset = self.rnd, self.preset
        leader = rnd.banker
        won = [0] * self.players
        for index, trick in enumerate(rnd.tricks):
            key = f"tricks[{index}]"
            self.plays(trick.plays, trick.leader, key)
            if len(trick.plays) != self.players:
                self.fail(f"{key}.plays", f"expected {self.players} plays")
            if leader is not None and trick.leader != leader and not (rnd.position and index == 0):
                self.fail(f"{key}.leader", f"seat {leader} leads this trick (R-6.4, R-6.5)")
            assert rnd.ordering is not None
            winner = trick.plays[
                preset.trick_winner(trick.shapes, trick.lead_suit, trick.plays, rnd.ordering)
            ].seat
            if trick.winner != winner:
                self.fail(f"{key}.winner", f"the engine gives the trick to seat {winner} (R-6.3)")
            points = sum(CARD_POINTS[c] for p in trick.plays for c in p.cards)
            if trick.points != points:
                self.fail(f"{key}.points", f"the cards hold {points} points")
            won[trick.winner] += points
            leader = trick.winner
        if rnd.points_won != won:
            self.fail("points_won", f"the tricks give {won}")
        if rnd.current:
            if rnd.tricks and rnd.current[0].seat != leader:
                self.fail("current[0].seat", f"seat {leader} leads this trick (R-6.4)")
            self.plays(rnd.current, rnd.current[0].seat, "current")
            if not rnd.lead_units:
                self.fail("lead_units", "a trick in progress needs its lead's units")
        elif rnd.lead_units:
            self.fail("lead_units", "no trick is in progress")

    def plays(self, plays: Sequence[PlayRecord], leader: int, key: str) -> None:
        for offset, play in enumerate(plays):
            if play.seat != (leader + offset) % self.players:
                self.fail(f"{key}[{offset}].seat", "plays go round in seat order (R-1.2)")

    def turn(self) -> None:
        rnd = self.rnd
        if (rnd.result is None) != (rnd.phase is not DONE):
            self.fail("result", "a round has a result exactly when it is done")
        if rnd.phase is PLAY and rnd.pending_give_back is None:
            leader = rnd.current[0].seat if rnd.current else rnd.to_act
            expected = None if leader is None else (leader + len(rnd.current)) % self.players
            if rnd.to_act != expected:
                self.fail("to_act", f"seat {expected} is to play")
        if rnd.phase is not DEAL and rnd.phase is not DONE and rnd.to_act is None:
            self.fail("to_act", f"someone acts in the {rnd.phase} phase")
        if len(rnd.points_won) != self.players or len(rnd.penalties) != self.players:
            self.fail("points_won", f"expected {self.players} seats")
        if rnd.phase is not DEAL and rnd.phase is not BID and rnd.banker is None:
            self.fail("banker", "the banker is known once bidding is over")

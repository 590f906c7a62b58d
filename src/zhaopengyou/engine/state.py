"""The state of a round, declared once, in groups by what they are about.

:class:`~zhaopengyou.engine.round.Round` is the state machine; these types are what it
holds. Each group declares its fields, copies itself for :meth:`Round.clone
<zhaopengyou.engine.round.Round.clone>` and writes and reads its part of the
``zpy-round/1`` snapshot (docs/round-format.md), so a new field is added in its group
only. The groups that change a few times a round (``Setup``, ``Declaration``,
``Partnership``) are frozen and replaced when they change, so clones share them::

    Round ── phase, to_act, preset
      ├── setup        Setup        who and what the round is: number, levels, dealer, banker
      ├── deal         Deal         the deck, what each seat was dealt and holds, the kitty
      ├── bidding      Bidding      the bids, the closing window's passes, the turned kitty
      ├── declaration  Declaration  the trump and who knows it, a 粘's give-back, the burial
      ├── partnership  Partnership  the called card or solo, who the friend is, if shown
      ├── trick        TrickInPlay  the trick being played: its plays and its lead's units
      ├── tally        Tally        the finished tricks, points, penalties, the result
      └── journal      Journal      the events, the steps of the history, the shuffler

A group reads its snapshot keys from a :class:`Reading`, which names the key of any
malformed value (:class:`~zhaopengyou.engine.codec.DecodeError`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, TypeVar

from .actions import Action, action_from_dict
from .bidding import BidRecord
from .cards import CARDS, NUM_KINDS, Card
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
from .presets import Preset
from .table import (
    BID,
    DEAL,
    Phase,
    PlayRecord,
    RoundResult,
    Trick,
    play_from_dict,
    play_to_dict,
    read_units,
    trick_from_dict,
)
from .units import Shape, Unit, format_of

T = TypeVar("T")

Step = tuple[int, Any]  # (seat, the card dealt or the action taken)


class Reading:
    """One snapshot being read: its data and what the groups read before decide."""

    def __init__(self, data: Mapping[str, Any], preset: Preset) -> None:
        self.data = data
        self.preset = preset
        self.players = preset.players
        self.seat = seat_decoder(self.players)
        self.optional_seat = optional_seat_decoder(self.players)

    def get(self, name: str, decode: Callable[[object, str], T]) -> T:
        return field(self.data, name, decode, "")

    def listed(self, name: str, decode: Callable[[object, str], T]) -> list[T]:
        """A list whose items are read one by one, each named ``name[i]``."""
        return [decode(item, f"{name}[{i}]") for i, item in enumerate(self.get(name, require_list))]


@dataclass(frozen=True, slots=True)
class Setup:
    """Who and what the round is: fixed at the start, except the banker (named by the
    bidding when unknown, R-8.1) and the level rank a position sets."""

    seed: int | None
    number: int
    levels_before: tuple[int, ...] | None
    banker: int | None
    dealer: int  # the seat dealt the first card
    level_rank: int
    redeals: int = 0
    position: bool = False  # set up from given hands (Round.from_hands), not dealt

    def but(self, **changes: Any) -> Setup:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "number": self.number,
            "levels_before": encode_levels(self.levels_before),
            "banker": self.banker,
            "dealer": self.dealer,
            "level_rank": encode_rank(self.level_rank),
            "redeals": self.redeals,
            "position": self.position,
        }

    @classmethod
    def from_json(cls, read: Reading) -> Setup:
        preset = read.preset
        levels = read.get("levels_before", decode_levels)
        if (levels is None) != (preset.fixed_level_rank is not None):
            raise DecodeError(
                "levels_before", f"{preset.name} has levels only if it has no fixed level"
            )
        if levels is not None and len(levels) != read.players:
            raise DecodeError("levels_before", f"expected {read.players} levels")
        return cls(
            read.get("seed", decode_optional_int),
            read.get("number", decode_int),
            levels,
            read.get("banker", read.optional_seat),
            read.get("dealer", read.seat),
            read.get("level_rank", decode_rank),
            read.get("redeals", decode_int),
            read.get("position", decode_bool),
        )


@dataclass(slots=True)
class Deal:
    """The cards: the deck in dealing order, each seat's hand (a count per card kind)
    and what it was dealt, and the kitty as dealt (R-8.1)."""

    deck: list[int]
    cards_to_deal: int
    dealt: int
    hands: list[list[int]]
    hand_sizes: list[int]
    received: list[list[Card]]
    kitty: tuple[Card, ...]

    @classmethod
    def start(cls, deck: list[int], players: int, hand_size: int) -> Deal:
        """Nothing dealt yet from ``deck``; its cards after the hands' are the kitty."""
        to_deal = players * hand_size
        return cls(
            deck,
            to_deal,
            0,
            [[0] * NUM_KINDS for _ in range(players)],
            [0] * players,
            [[] for _ in range(players)],
            tuple(CARDS[c] for c in deck[to_deal:]),
        )

    def copy(self, dealing: bool) -> Deal:
        """``dealing``: cards may still be dealt (or dealt again), so what each seat
        received is copied too."""
        return Deal(
            self.deck,
            self.cards_to_deal,
            self.dealt,
            [hand.copy() for hand in self.hands],
            self.hand_sizes.copy(),
            [cards.copy() for cards in self.received] if dealing else self.received,
            self.kitty,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": encode_cards(self.deck),
            "dealt": self.dealt,
            "received": [encode_cards(cards) for cards in self.received],
            "hands": [
                [CARDS[c].ascii for c in range(NUM_KINDS) for _ in range(hand[c])]
                for hand in self.hands
            ],
            "kitty": encode_cards(self.kitty),
        }

    @classmethod
    def from_json(cls, read: Reading) -> Deal:
        deck: list[int] = [*read.get("deck", decode_cards)]
        dealt = read.get("dealt", decode_int)
        received = [list(cards) for cards in read.get("received", decode_card_groups)]
        hands = read.get("hands", decode_card_groups)
        if len(hands) != read.players or len(received) != read.players:
            raise DecodeError("hands", f"expected {read.players} hands")
        counts = []
        for hand in hands:
            count = [0] * NUM_KINDS
            for card in hand:
                count[card] += 1
            counts.append(count)
        return cls(
            deck,
            read.players * read.preset.hand_size,
            dealt,
            counts,
            [len(hand) for hand in hands],
            received,
            read.get("kitty", decode_cards),
        )


@dataclass(slots=True)
class Bidding:
    """The bids (R-8), the closing window's passes in a row, and the kitty cards turned
    over when nobody bid. What each seat may see of the bids is cached per change."""

    bids: list[BidRecord]
    passes: int = 0
    kitty_turned: tuple[Card, ...] = ()
    version: int = 0  # bumped on every change of the bids, for the caches below
    visible: dict[int | None, tuple[int, tuple[BidRecord, ...]]] | None = None
    standing: tuple[int, int | None] = (-1, None)  # (version, standing declarer)

    def changed(self) -> None:
        self.version += 1

    def copy(self) -> Bidding:
        return Bidding(self.bids.copy(), self.passes, self.kitty_turned, self.version)

    def to_json(self) -> dict[str, Any]:
        return {
            "passes": self.passes,
            "bids": [bid.to_dict() for bid in self.bids],
            "kitty_turned": encode_cards(self.kitty_turned),
        }

    @classmethod
    def from_json(cls, read: Reading) -> Bidding:
        bids = [
            BidRecord.from_dict(b, f"bids[{i}]", read.players)
            for i, b in enumerate(read.get("bids", require_list))
        ]
        return cls(bids, read.get("passes", decode_int), read.get("kitty_turned", decode_cards))


class GiveBackOwed(NamedTuple):
    """After a 粘 (R-8.4): ``taker`` gives ``amount`` cards back to ``owner``; then
    ``resume_to`` acts, who was to act when the 粘 interrupted."""

    taker: int
    owner: int
    amount: int
    resume_to: int | None


@dataclass(frozen=True, slots=True)
class Declaration:
    """The trump once decided and who knows it while hidden (R-8.4), a 粘's give-back,
    and the kitty's burial and the declarer's swaps with it (R-7.1, R-8.4)."""

    trump_suit: int | None = None
    ordering: Ordering | None = None  # None until the bidding is over
    declarer: int | None = None  # who set a hidden trump suit
    trump_public: bool = True
    shown: bool = False  # the declarer showed the face-down cards
    knowers: frozenset[int] = frozenset()
    give_back: GiveBackOwed | None = None
    buried_by: int | None = None
    buried: tuple[Card, ...] = ()
    swaps: tuple[tuple[Card, Card], ...] = ()

    def but(self, **changes: Any) -> Declaration:
        return replace(self, **changes)

    @property
    def final_kitty(self) -> tuple[Card, ...]:
        """The kitty after the declarer's swaps (R-8.4): what R-7 scores."""
        kitty = list(self.buried)
        for from_hand, from_kitty in self.swaps:
            kitty[kitty.index(from_kitty)] = from_hand
        return tuple(kitty)

    def to_json(self) -> dict[str, Any]:
        owed = self.give_back
        return {
            "trump_suit": encode_suit(self.trump_suit),
            "declarer": self.declarer,
            "trump_public": self.trump_public,
            "declaration_shown": self.shown,
            "trump_knowers": sorted(self.knowers),
            "pending_give_back": None
            if owed is None
            else {"seat": owed.taker, "from_seat": owed.owner, "count": owed.amount},
            "resume_to": None if owed is None else owed.resume_to,
            "buried_by": self.buried_by,
            "buried": encode_cards(self.buried),
            "swaps": encode_card_groups(self.swaps),
        }

    @classmethod
    def from_json(cls, read: Reading, phase: Phase, level_rank: int) -> Declaration:
        trump_suit = read.get("trump_suit", decode_suit)
        decided = phase is not DEAL and phase is not BID
        pending = read.get("pending_give_back", lambda v, k: _pending(v, k, read))
        resume_to = read.get("resume_to", read.optional_seat)
        return cls(
            trump_suit,
            read.preset.ordering(level_rank, trump_suit) if decided else None,
            read.get("declarer", read.optional_seat),
            read.get("trump_public", decode_bool),
            read.get("declaration_shown", decode_bool),
            frozenset(read.listed("trump_knowers", read.seat)),
            None if pending is None else GiveBackOwed(*pending, resume_to),
            read.get("buried_by", read.optional_seat),
            read.get("buried", decode_cards),
            read.get("swaps", decode_card_pairs),
        )


def _pending(value: object, key: str, read: Reading) -> tuple[int, int, int] | None:
    if value is None:
        return None
    data = require_dict(value, key)
    return (
        field(data, "seat", read.seat, key),
        field(data, "from_seat", read.seat, key),
        field(data, "count", decode_int, key),
    )


@dataclass(frozen=True, slots=True)
class Partnership:
    """The friend call (R-9.1): the called card or solo, the seat holding it (known to
    the engine from the call on, R-9.3) and whether it has shown itself."""

    call: Card | None = None
    solo: bool = False
    seat: int | None = None
    revealed: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "friend_call": None if self.call is None else self.call.ascii,
            "solo": self.solo,
            "friend": self.seat,
            "friend_revealed": self.revealed,
        }

    @classmethod
    def from_json(cls, read: Reading) -> Partnership:
        return cls(
            read.get("friend_call", decode_optional_card),
            read.get("solo", decode_bool),
            read.get("friend", read.optional_seat),
            read.get("friend_revealed", decode_bool),
        )


@dataclass(slots=True)
class TrickInPlay:
    """The trick being played: the plays so far and its lead's units, format (R-6.1)
    and effective suit."""

    plays: list[PlayRecord]
    units: tuple[Unit, ...] = ()
    shapes: tuple[Shape, ...] = ()
    suit: int = 0

    def copy(self) -> TrickInPlay:
        return TrickInPlay(self.plays.copy(), self.units, self.shapes, self.suit)

    def to_json(self) -> dict[str, Any]:
        return {
            "current": [play_to_dict(play) for play in self.plays],
            "lead_units": [encode_cards(unit.cards) for unit in self.units],
        }

    @classmethod
    def from_json(cls, read: Reading, ordering: Ordering | None) -> TrickInPlay:
        plays = read.listed("current", lambda v, k: play_from_dict(v, k, read.players))
        units = read.get("lead_units", lambda v, k: read_units(v, k, _unit_reader(read, ordering)))
        return cls(
            plays,
            units,
            format_of(units) if units else (),
            ordering.esuit[plays[0].cards[0]] if plays and ordering is not None else 0,
        )


def _unit_reader(
    read: Reading, ordering: Ordering | None
) -> Callable[[Sequence[Card]], Unit | None]:
    def unit(cards: Sequence[Card]) -> Unit | None:
        # No unit can be played before the trump is decided.
        return None if ordering is None else read.preset.read_unit(cards, ordering)

    return unit


@dataclass(slots=True)
class Tally:
    """What the play has counted: the finished tricks, each seat's points and throw
    penalties (R-4.4), `qidong`'s throw penalties in X, and the result once scored."""

    tricks: tuple[Trick, ...]  # immutable, so views share it
    points_won: list[int]
    penalties: list[int]
    point_adjustment: int = 0  # qidong throw penalties counted in X
    throws_tried: int = 0
    throws_failed: int = 0
    result: RoundResult | None = None

    @classmethod
    def start(cls, players: int) -> Tally:
        return cls((), [0] * players, [0] * players)

    def copy(self) -> Tally:
        return Tally(
            self.tricks,
            self.points_won.copy(),
            self.penalties.copy(),
            self.point_adjustment,
            self.throws_tried,
            self.throws_failed,
            self.result,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "tricks": [trick.to_dict() for trick in self.tricks],
            "points_won": list(self.points_won),
            "penalties": list(self.penalties),
            "point_adjustment": self.point_adjustment,
            "throws_tried": self.throws_tried,
            "throws_failed": self.throws_failed,
            "result": None if self.result is None else self.result.to_dict(),
        }

    @classmethod
    def from_json(cls, read: Reading, ordering: Ordering | None) -> Tally:
        unit = _unit_reader(read, ordering)
        tricks = read.listed("tricks", lambda v, k: trick_from_dict(v, k, read.players, unit))
        result = read.data.get("result")
        return cls(
            tuple(tricks),
            list(read.get("points_won", decode_ints)),
            list(read.get("penalties", decode_ints)),
            read.get("point_adjustment", decode_int),
            read.get("throws_tried", decode_int),
            read.get("throws_failed", decode_int),
            None if result is None else RoundResult.from_dict(result),
        )


@dataclass(slots=True)
class Journal:
    """What happened, in order: the events (event i has seq i + 1), the steps that
    :meth:`Round.history <zhaopengyou.engine.round.Round.history>` lists after its
    ``start`` step, and the shuffler of a redeal."""

    start: dict[str, Any]
    rng: random.Random
    log: list[Event]
    steps: list[Step]

    def copy(self, dealing: bool) -> Journal:
        """``dealing``: a redeal may still come, so the shuffler is copied too."""
        rng = self.rng
        if dealing:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        return Journal(self.start, rng, self.log.copy(), self.steps.copy())

    def history(self, since: int = 0) -> list[dict[str, Any]]:
        """:meth:`Round.history <zhaopengyou.engine.round.Round.history>`."""
        steps: list[dict[str, Any]] = [dict(self.start)] if since == 0 else []
        for seat, done in self.steps[max(since - 1, 0) :]:
            if isinstance(done, Action):
                steps.append({**done.to_dict(), "seat": seat})
            else:
                steps.append({"kind": "deal", "seat": seat, "card": done.ascii})
        return steps

    def to_json(self, dealing: bool) -> dict[str, Any]:
        return {
            # The generator matters only while a redeal can still happen.
            "rng": encode_rng(self.rng) if dealing else None,
            "history": self.history(),
            "events": [event_to_dict(event) for event in self.log],
        }

    @classmethod
    def from_json(cls, read: Reading, seed: int | None) -> Journal:
        rng = read.data.get("rng")
        log = []
        for index, raw in enumerate(read.get("events", require_list)):
            try:
                event = event_from_dict(raw)
            except DecodeError as err:
                raise DecodeError(f"events[{index}].{err.key}", err.reason) from None
            if event.seq != index + 1:
                raise DecodeError(f"events[{index}].seq", f"expected {index + 1}")
            log.append(event)
        history = read.get("history", require_list)
        if not history or require_dict(history[0], "history[0]").get("kind") != "start":
            raise DecodeError("history[0]", "a history starts with its start step")
        steps: list[Step] = []
        for index, raw in enumerate(history[1:], start=1):
            key = f"history[{index}]"
            step = require_dict(raw, key)
            who = field(step, "seat", read.seat, key)
            if step.get("kind") == "deal":
                steps.append((who, field(step, "card", lambda v, k: decode_cards([v], k)[0], key)))
                continue
            try:
                steps.append((who, action_from_dict(step)))
            except DecodeError as err:
                raise DecodeError(f"{key}.{err.key}", err.reason) from None
        return cls(
            dict(history[0]),
            random.Random(seed) if rng is None else decode_rng(rng, "rng"),
            log,
            steps,
        )


class RoundState(NamedTuple):
    """A round's whole state: where it is (``phase``, ``to_act``) and its groups."""

    preset: Preset
    phase: Phase
    to_act: int | None
    setup: Setup
    deal: Deal
    bidding: Bidding
    declaration: Declaration
    partnership: Partnership
    trick: TrickInPlay
    tally: Tally
    journal: Journal

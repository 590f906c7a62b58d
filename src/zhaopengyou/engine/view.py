"""What one seat may know (the *view*), and the legal-move helpers bots use on it.

A :class:`View` is an immutable snapshot built by :meth:`Round.view`; it holds the
seat's own hand and public information only: never another hand, the kitty (unless
this seat buried it) or a trump suit that is still hidden.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from .actions import Bid, Bury, CallFriend, GiveBack, Play
from .bidding import BidContext, BidRecord
from .cards import CARDS, NUM_KINDS, Card
from .codec import (
    DecodeError,
    decode_bool,
    decode_card_pairs,
    decode_cards,
    decode_int,
    decode_ints,
    decode_levels,
    decode_optional_card,
    decode_rank,
    decode_suit,
    encode_card_groups,
    encode_cards,
    encode_levels,
    encode_rank,
    encode_suit,
    field,
    optional_seat_decoder,
    require_dict,
    require_list,
    seat_decoder,
)
from .errors import IllegalAction
from .follow import sample_submultiset
from .ordering import Ordering
from .presets import Preset, decode_preset
from .table import (
    BID,
    BURY,
    CALL,
    DEAL,
    DONE,
    PLAY,
    SWAP,
    Phase,
    PlayRecord,
    RoundResult,
    Trick,
    decode_effective_suit,
    decode_phase,
    encode_effective_suit,
    play_from_dict,
    play_to_dict,
    read_units,
    trick_from_dict,
)
from .units import Shape, Unit, UnitInfo, format_of
from .wire import ActionKind, ShapeDict, ViewDict


def burial_error(hand: Sequence[int], cards: Sequence[Card], size: int) -> IllegalAction | None:
    """Why these cards cannot be buried (R-7.1): the count, or cards not held."""
    if len(cards) != size:
        return IllegalAction(
            "bury exactly {size} cards (got {got})", rule="R-7.1", size=size, got=len(cards)
        )
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
        if counts[card] > hand[card]:
            return IllegalAction("you do not hold {count}× {card}", count=counts[card], card=card)
    return None


class View(NamedTuple):
    """One seat's knowledge of a round, with helpers for choosing legal actions.

    A named tuple: immutable and cheap to build, since bots get one per decision.
    """

    seat: int | None  # None: a spectator
    preset: Preset
    phase: Phase
    round_number: int
    dealer: int
    banker: int | None
    levels: tuple[int, ...] | None
    level_rank: int
    trump_suit: int | None
    trump_known: bool
    ordering: Ordering | None
    hand_counts: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    cards_dealt: int
    bids: tuple[BidRecord, ...]
    to_act: int | None
    buried: tuple[Card, ...]  # only when this seat buried the kitty
    declarer: int | None  # `shandong`: whose declaration stands (public: a joker shows)
    must_give_back: int  # `shandong`: cards this seat must give back after its 粘
    kitty_trumps: tuple[Card, ...]  # `shandong`: the declarer sees the kitty's trumps to swap
    swaps: tuple[tuple[Card, Card], ...]  # `shandong`: this declarer's own kitty swaps
    swap_count: int  # `shandong`: how many burial cards the declarer swapped (public)
    kitty_turned: tuple[Card, ...]  # no bid: the kitty cards turned over in public
    friend_call: Card | None
    solo: bool
    friend: int | None  # once revealed
    tricks: tuple[Trick, ...]
    current: tuple[PlayRecord, ...]
    lead_units: tuple[Unit, ...]
    lead_shapes: tuple[Shape, ...]  # the lead's format, largest first
    lead_suit: int | None  # the led effective suit (0–3, or TRUMP), during a trick
    points_won: tuple[int, ...]
    penalties: tuple[int, ...]
    result: RoundResult | None

    # --- derived information -----------------------------------------------------------

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand, sorted by effective suit with trumps last once trump is known."""
        cards = [CARDS[c] for c in range(NUM_KINDS) for _ in range(self.hand_counts[c])]
        if self.ordering is not None:
            cards.sort(key=self.ordering.sort_key)
        return tuple(cards)

    @property
    def is_leading(self) -> bool:
        return self.phase is PLAY and not self.current

    @property
    def trick_number(self) -> int:
        return len(self.tricks)

    def scoreboard(self) -> list[tuple[tuple[int, ...], int]]:
        """Points taken, grouped as the table may show them (seed 001): by side once the
        sides are public (fixed partners, a revealed friend, 独打), otherwise the banker
        and each other seat apart. Each entry is (seats, points)."""
        players = self.preset.players
        banker = self.banker
        if banker is None:
            return [((seat,), self.points_won[seat]) for seat in range(players)]
        if not self.preset.called_friend:
            side = {banker, self.preset.partner_of(banker)}
        elif self.friend is not None or self.solo:
            side = {banker} if self.friend is None else {banker, self.friend}
        else:
            return [((seat,), self.points_won[seat]) for seat in range(players)]
        others = tuple(s for s in range(players) if s not in side)
        return [
            (tuple(sorted(side)), sum(self.points_won[s] for s in side)),
            (others, sum(self.points_won[s] for s in others)),
        ]

    # --- legal moves ---------------------------------------------------------------------

    def _bid_context(self, seat: int) -> BidContext:
        return BidContext(
            self.hand_counts,
            seat,
            self.bids,
            self.level_rank,
            self.phase is DEAL,
            self.preset.options,
        )

    def legal_bids(self) -> list[Bid]:
        """Every bid this seat may make now (empty outside the bidding phases)."""
        if self.phase not in (DEAL, BID) or self.seat is None:
            return []
        if (self.phase is BID and self.to_act != self.seat) or self.must_give_back:
            return []
        return self.preset.bidding.legal_bids(self._bid_context(self.seat))

    def play_error(self, cards: tuple[Card, ...] | list[Card]) -> IllegalAction | None:
        """Why these cards may not be played now, as far as this seat can tell.

        A throw that other hands can beat is still a legal attempt (R-4.3, R-4.4).
        """
        if self.phase is not PLAY or self.to_act != self.seat or self.ordering is None:
            return IllegalAction("it is not your turn to play")
        counts = [0] * NUM_KINDS
        for card in cards:
            counts[card] += 1
        if not cards or any(counts[c] > self.hand_counts[c] for c in range(NUM_KINDS)):
            return IllegalAction("you do not hold those cards")
        if self.is_leading:
            try:
                self.preset.parse_lead(cards, None, self.ordering)
            except IllegalAction as err:
                return err
            return None
        suit = self.lead_suit
        assert suit is not None
        shapes = self.lead_shapes
        if len(cards) != sum(s.size for s in shapes):
            return IllegalAction(
                "play exactly {n} cards, as many as the lead",
                rule="R-5.1",
                n=sum(s.size for s in shapes),
            )
        return self.preset.follow_error(self.hand_counts, counts, suit, shapes, self.ordering)

    def legal_plays(self) -> Iterator[tuple[Card, ...]]:
        """Every distinct legal play: all leads (units, then throws) or all follows."""
        if self.phase is not PLAY or self.to_act != self.seat or self.ordering is None:
            return
        if self.is_leading:
            yield from self.preset.iter_leads(self.hand_counts, self.ordering)
            return
        suit = self.lead_suit
        assert suit is not None
        for play in self.preset.iter_follows(
            self.hand_counts, suit, self.lead_shapes, self.ordering
        ):
            yield tuple(CARDS[c] for c in play)

    def random_play(self, rng: random.Random) -> Play:
        """A legal play drawn uniformly among the distinct legal plays."""
        assert self.ordering is not None
        if self.is_leading:
            return Play(self.preset.random_lead(self.hand_counts, self.ordering, rng))
        suit = self.lead_suit
        assert suit is not None
        cards = self.preset.random_follow(
            self.hand_counts, suit, self.lead_shapes, self.ordering, rng
        )
        return Play(tuple(map(CARDS.__getitem__, cards)))

    def burial_error(self, cards: Sequence[Card]) -> IllegalAction | None:
        """Why burying these cards is not allowed now; None when it is (R-7.1)."""
        if self.phase is not BURY or self.to_act != self.seat:
            return IllegalAction("not the time to bury", rule="R-7.1")
        return burial_error(self.hand_counts, cards, self.preset.kitty_size)

    def random_burial(self, rng: random.Random) -> Bury:
        items = [(c, n) for c, n in enumerate(self.hand_counts) if n]
        cards = sample_submultiset(items, self.preset.kitty_size, rng)
        return Bury(tuple(map(CARDS.__getitem__, cards)))

    def give_back_error(self, cards: Sequence[Card]) -> IllegalAction | None:
        """Why these cards cannot be given back after a 粘 (R-8.4); None when they can."""
        if not self.must_give_back:
            return IllegalAction("nothing is to be given back", rule="R-8.4")
        if len(cards) != self.must_give_back:
            return IllegalAction(
                "give back exactly {count} cards (got {got})",
                rule="R-8.4",
                count=self.must_give_back,
                got=len(cards),
            )
        error = burial_error(self.hand_counts, cards, len(cards))
        if error is not None:
            return error
        return self.preset.bidding.give_back_error(cards)  # the round's own check

    def random_give_back(self, rng: random.Random) -> GiveBack:
        """Cards to give back, uniformly among the legal choices (R-8.4)."""
        items = [(c, n) for c, n in enumerate(self.hand_counts) if n]
        while True:
            cards = tuple(CARDS[c] for c in sample_submultiset(items, self.must_give_back, rng))
            if any(self.preset.is_fixed_trump(c) for c in cards):
                return GiveBack(cards)

    def legal_swaps(self) -> list[tuple[tuple[Card, Card], ...]]:
        """Every set of swaps the declarer may make now, the empty set first (R-8.4)."""
        if self.phase is not SWAP or self.to_act != self.seat:
            return []
        return self.preset.bidding.legal_swaps(self.hand_counts, self.kitty_trumps)

    def legal_friend_calls(self) -> list[CallFriend]:
        if self.phase is not CALL or self.to_act != self.seat:
            return []
        return self.preset.legal_friend_calls(self.hand_counts, self.buried)

    @property
    def may(self) -> frozenset[ActionKind]:
        """The action kinds this seat may submit now (see :meth:`Round.expected`)."""
        if self.seat is None:
            return _NOTHING
        giver = self.to_act if self.must_give_back else None
        bid = self.phase in (DEAL, BID) and bool(self.legal_bids())
        return expected_kinds(self.phase, self.seat, self.to_act, giver, bid)

    def describe(self, cards: Sequence[Card]) -> tuple[UnitInfo, ...]:
        """How the engine reads these cards as a lead under this round's trump (R-3, R-4.2):
        e.g. ``tractor`` of length 3 for ``♠3 3 4 4 5 5``. Raises :class:`IllegalAction`
        for cards that are not a lead, or while the trump suit is unknown to this seat."""
        if self.ordering is None:
            raise IllegalAction("cards are read once the trump suit is known", rule="R-8.4")
        return self.preset.describe(cards, self.ordering)

    # --- serialisation -------------------------------------------------------------------

    def to_dict(self, tricks_from: int = 0) -> ViewDict:
        """Everything the seat knows, as JSON-ready data (RECORD.md card notation).

        With ``tricks_from`` the finished tricks before that index are left out of
        ``tricks`` (a client that has them already gets only the new ones).
        """
        return {
            "kind": "view",
            "seat": self.seat,
            "preset": self.preset.name,
            "options": dict(self.preset.options),
            "phase": self.phase.value,
            "round": self.round_number,
            "dealer": self.dealer,
            "banker": self.banker,
            "levels": encode_levels(self.levels),
            "level_rank": encode_rank(self.level_rank),
            "trump_suit": encode_suit(self.trump_suit) if self.trump_known else "hidden",
            "hand": encode_cards(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "cards_dealt": self.cards_dealt,
            "bids": [b.to_dict() for b in self.bids],
            "to_act": self.to_act,
            "may": sorted(self.may),
            "buried": encode_cards(self.buried),
            "declarer": self.declarer,
            "must_give_back": self.must_give_back,
            "kitty_trumps": encode_cards(self.kitty_trumps),
            "swaps": encode_card_groups(self.swaps),
            "swap_count": self.swap_count,
            "kitty_turned": encode_cards(self.kitty_turned),
            "friend_call": self.friend_call.ascii if self.friend_call is not None else None,
            "solo": self.solo,
            "friend": self.friend,
            "tricks": [t.to_dict() for t in self.tricks[tricks_from:]],
            "current": [play_to_dict(p) for p in self.current],
            "lead_units": [encode_cards(u.cards) for u in self.lead_units],
            "lead_shapes": [shape_to_dict(s) for s in self.lead_shapes],
            "lead_suit": None if self.lead_suit is None else encode_effective_suit(self.lead_suit),
            "points_won": list(self.points_won),
            "penalties": list(self.penalties),
            "result": self.result.to_dict() if self.result is not None else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> View:
        """The view a dict describes; raises :class:`DecodeError` naming the bad key."""
        data = require_dict(data, "view")
        if data.get("kind", "view") != "view":
            raise DecodeError("kind", f"expected 'view', got {data.get('kind')!r}")
        preset = decode_preset(data)
        players = preset.players
        seat = seat_decoder(players)
        optional_seat = optional_seat_decoder(players)

        level_rank = field(data, "level_rank", decode_rank, "")
        known = data.get("trump_suit") != "hidden"
        trump = field(data, "trump_suit", decode_suit, "") if known else None
        ordering = preset.ordering(level_rank, trump) if known else None

        def read(cards: Sequence[Card]) -> Unit | None:
            return None if ordering is None else preset.read_unit(cards, ordering)

        tricks = tuple(
            trick_from_dict(t, f"tricks[{i}]", players, read)
            for i, t in enumerate(field(data, "tricks", require_list, ""))
        )
        hand = field(data, "hand", decode_cards, "")
        counts = [0] * NUM_KINDS
        for card in hand:
            counts[card] += 1
        lead_units = field(data, "lead_units", lambda v, k: read_units(v, k, read), "")
        phase = field(data, "phase", decode_phase, "")
        view = cls(
            field(data, "seat", optional_seat, ""),
            preset,
            phase,
            field(data, "round", decode_int, ""),
            field(data, "dealer", seat, ""),
            field(data, "banker", optional_seat, ""),
            field(data, "levels", decode_levels, ""),
            level_rank,
            trump,
            known,
            ordering,
            tuple(counts),
            field(data, "hand_sizes", decode_ints, ""),
            field(data, "cards_dealt", decode_int, ""),
            tuple(
                BidRecord.from_dict(b, f"bids[{i}]", players)
                for i, b in enumerate(field(data, "bids", require_list, ""))
            ),
            field(data, "to_act", optional_seat, ""),
            field(data, "buried", decode_cards, ""),
            field(data, "declarer", optional_seat, ""),
            field(data, "must_give_back", decode_int, ""),
            field(data, "kitty_trumps", decode_cards, ""),
            field(data, "swaps", decode_card_pairs, ""),
            field(data, "swap_count", decode_int, ""),
            field(data, "kitty_turned", decode_cards, ""),
            field(data, "friend_call", decode_optional_card, ""),
            field(data, "solo", decode_bool, ""),
            field(data, "friend", optional_seat, ""),
            tricks,
            tuple(
                play_from_dict(p, f"current[{i}]", players)
                for i, p in enumerate(field(data, "current", require_list, ""))
            ),
            lead_units,
            format_of(lead_units) if lead_units else (),
            field(data, "lead_suit", _optional_effective_suit, ""),
            field(data, "points_won", decode_ints, ""),
            field(data, "penalties", decode_ints, ""),
            None
            if data.get("result") is None
            else RoundResult.from_dict(field(data, "result", require_dict, "")),
        )
        if len(view.hand_sizes) != players:
            raise DecodeError("hand_sizes", f"expected {players} seats")
        shapes = [shape_to_dict(s) for s in view.lead_shapes]
        if "lead_shapes" in data and data["lead_shapes"] != shapes:
            raise DecodeError("lead_shapes", "do not match lead_units")
        return view


def shape_to_dict(shape: Shape) -> ShapeDict:
    return {
        "kind": shape.kind,
        "width": shape.width,
        "length": shape.length,
        "extra": shape.extra,
    }


def expected_kinds(
    phase: Phase, seat: int, to_act: int | None, giver: int | None, can_bid: bool
) -> frozenset[ActionKind]:
    """The action kinds ``seat`` may submit (R-8.1: anyone may bid during the deal)."""
    if giver is not None:  # a 粘 interrupts everything until the cards are given back
        return _GIVE_BACK if seat == giver else _NOTHING
    if phase is DEAL:
        return _BID if can_bid else _NOTHING
    if seat != to_act:
        return _NOTHING
    if phase is BID:
        return _BID_OR_PASS if can_bid else _PASS
    return _BY_PHASE[phase]


_NOTHING: frozenset[ActionKind] = frozenset()
_GIVE_BACK: frozenset[ActionKind] = frozenset({"give_back"})
_BID: frozenset[ActionKind] = frozenset({"bid"})
_PASS: frozenset[ActionKind] = frozenset({"pass"})
_BID_OR_PASS: frozenset[ActionKind] = frozenset({"bid", "pass"})
_BY_PHASE: dict[Phase, frozenset[ActionKind]] = {
    BURY: frozenset({"bury"}),
    SWAP: frozenset({"swap"}),
    CALL: frozenset({"call_friend"}),
    PLAY: frozenset({"play"}),
    DONE: _NOTHING,
}
# The phases in which each action kind is taken; a give-back is taken in none of them
# but whenever one is owed, which interrupts the phase.
ACCEPTED_IN: dict[ActionKind, frozenset[Phase]] = {
    "bid": frozenset({DEAL, BID}),
    "pass": frozenset({BID}),
    "give_back": frozenset(),
    **{kind: frozenset({phase}) for phase, kinds in _BY_PHASE.items() for kind in kinds},
}


def _optional_effective_suit(value: object, key: str) -> int | None:
    return None if value is None else decode_effective_suit(value, key)

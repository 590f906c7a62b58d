"""What one seat may know (the *view*), and the legal-move helpers bots use on it.

A :class:`View` is an immutable snapshot built by :meth:`Round.view`; it holds the
seat's own hand and public information only: never another hand, the kitty (unless
this seat buried it) or a trump suit that is still hidden.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Bid, Bury, CallFriend, GiveBack, Play
from .bidding import BidContext, BidRecord
from .cards import CARDS, NUM_KINDS, SMALL_JOKER, Card, to_ascii_list
from .errors import IllegalAction
from .follow import sample_submultiset
from .ordering import Ordering
from .units import Shape, Unit, format_of

if TYPE_CHECKING:
    from .presets import Preset
    from .round import RoundResult


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


class Phase(StrEnum):
    DEAL = "deal"  # cards are dealt one by one; anyone may bid
    BID = "bid"  # the closing bid window polls seats in order
    BURY = "bury"  # the kitty taker buries
    SWAP = "swap"  # `shandong`: the declarer swaps with the kitty, then shows
    CALL = "call"  # the banker calls a friend
    PLAY = "play"  # tricks
    DONE = "done"  # scored


# Module constants: reading an enum member through its class is slow on the hot path.
DEAL, BID, BURY, SWAP, CALL, PLAY, DONE = (
    Phase.DEAL,
    Phase.BID,
    Phase.BURY,
    Phase.SWAP,
    Phase.CALL,
    Phase.PLAY,
    Phase.DONE,
)


class PlayRecord(NamedTuple):
    """One seat's play in a trick. For a failed throw (R-4.4) ``attempted`` is the whole
    throw and ``attempted_units`` the parse the leader named for it, if any."""

    seat: int
    cards: tuple[Card, ...]
    attempted: tuple[Card, ...] | None = None
    attempted_units: tuple[tuple[Card, ...], ...] | None = None


class Trick(NamedTuple):
    """A finished trick: RECORD.md trick object."""

    leader: int
    plays: tuple[PlayRecord, ...]
    units: tuple[Unit, ...]  # the lead's format
    lead_suit: int
    winner: int
    points: int

    @property
    def shapes(self) -> tuple[Shape, ...]:
        return format_of(self.units)


class View(NamedTuple):
    """One seat's knowledge of a round, with helpers for choosing legal actions.

    A named tuple: immutable and cheap to build, since bots get one per decision.
    """

    seat: int
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

    def _bid_context(self) -> BidContext:
        return BidContext(
            self.hand_counts,
            self.seat,
            self.bids,
            self.level_rank,
            self.banker,
            self.phase is DEAL,
            self.preset.players,
            self.preset.options,
        )

    def legal_bids(self) -> list[Bid]:
        """Every bid this seat may make now (empty outside the bidding phases)."""
        if self.phase not in (DEAL, BID):
            return []
        if self.phase is BID and self.to_act != self.seat:
            return []
        return self.preset.bidding.legal_bids(self._bid_context())

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
        if not any(self.preset.is_fixed_trump(c) for c in cards):
            return IllegalAction("give back at least one 常主: a joker, 2, 3 or 5", rule="R-8.4")
        return None

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
        options: list[tuple[tuple[Card, Card], ...]] = [()]

        def extend(done: tuple[tuple[Card, Card], ...], index: int, hand: list[int]) -> None:
            for i in range(index, len(self.kitty_trumps)):
                kitty_card = self.kitty_trumps[i]
                if kitty_card >= SMALL_JOKER:
                    continue
                for suit in range(4):
                    card = CARDS[suit * 13 + kitty_card % 13]
                    if card // 13 != kitty_card // 13 and hand[card]:
                        hand[card] -= 1
                        pairs = (*done, (card, kitty_card))
                        options.append(pairs)
                        extend(pairs, i + 1, hand)
                        hand[card] += 1

        extend((), 0, list(self.hand_counts))
        return sorted(set(options), key=lambda p: (len(p), p))

    def legal_friend_calls(self) -> list[CallFriend]:
        if self.phase is not CALL or self.to_act != self.seat:
            return []
        return self.preset.legal_friend_calls(self.hand_counts, self.buried)

    # --- serialisation -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the wire and for hidden-information checks."""
        return {
            "seat": self.seat,
            "preset": self.preset.name,
            "options": dict(self.preset.options),
            "phase": self.phase.value,
            "round": self.round_number,
            "dealer": self.dealer,
            "banker": self.banker,
            "levels": list(self.levels) if self.levels is not None else None,
            "level_rank": self.level_rank,
            "trump_suit": self.trump_suit if self.trump_known else "hidden",
            "hand": to_ascii_list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "cards_dealt": self.cards_dealt,
            "bids": [
                {
                    "seat": b.seat,
                    "cards": to_ascii_list(b.cards),
                    "kind": b.kind,
                    "after_cards_dealt": b.after_cards_dealt,
                    "from_seat": b.from_seat,
                    "taken": to_ascii_list(b.taken),
                    "returned": to_ascii_list(b.returned),
                }
                for b in self.bids
            ],
            "to_act": self.to_act,
            "buried": to_ascii_list(self.buried),
            "declarer": self.declarer,
            "must_give_back": self.must_give_back,
            "kitty_trumps": to_ascii_list(self.kitty_trumps),
            "friend_call": self.friend_call.ascii if self.friend_call is not None else None,
            "solo": self.solo,
            "friend": self.friend,
            "tricks": [
                {
                    "leader": t.leader,
                    "winner": t.winner,
                    "points": t.points,
                    "units": [to_ascii_list(u.cards) for u in t.units],
                    "plays": [_play_dict(p) for p in t.plays],
                }
                for t in self.tricks
            ],
            "current": [_play_dict(p) for p in self.current],
            "lead_units": [to_ascii_list(u.cards) for u in self.lead_units],
            "points_won": list(self.points_won),
            "penalties": list(self.penalties),
            "result": self.result.to_dict() if self.result is not None else None,
        }


def _play_dict(play: PlayRecord) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": play.seat, "cards": to_ascii_list(play.cards)}
    if play.attempted is not None:
        out["attempted"] = to_ascii_list(play.attempted)
    return out

"""Bidding for trump (R-8): the rules of each preset's bidding as a small strategy
object that the round consults.

>>> from zhaopengyou.engine.cards import parse_cards, counts_of
>>> rules = FanzhuBidding()
>>> hand = counts_of(parse_cards("2H 2H 2S LJ LJ"))
>>> [" ".join(str(c) for c in b.cards) for b in rules.legal_bids(BidContext(hand, 0, (), 0))]
['♠2', '♥2', '♥2 ♥2', '小王 小王']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .actions import Bid
from .cards import BIG_JOKER, CARDS, NUM_RANKS, NUM_SUITS, SMALL_JOKER, Card
from .codec import (
    decode_cards,
    decode_int,
    decode_optional_str,
    encode_cards,
    field,
    optional_seat_decoder,
    require_dict,
    seat_decoder,
)
from .errors import IllegalAction
from .ordering import Ordering
from .wire import BidDict


class BidRecord(NamedTuple):
    """A bid as made: RECORD.md ``bids`` entries (the 粘 fields only for `shandong`)."""

    seat: int
    cards: tuple[Card, ...]
    after_cards_dealt: int
    kind: str | None = None
    from_seat: int | None = None  # 粘: whose declaration was taken
    taken: tuple[Card, ...] = ()
    returned: tuple[Card, ...] = ()

    def to_dict(self) -> BidDict:
        return {
            "seat": self.seat,
            "cards": encode_cards(self.cards),
            "after_cards_dealt": self.after_cards_dealt,
            "kind": self.kind,
            "from_seat": self.from_seat,
            "taken": encode_cards(self.taken),
            "returned": encode_cards(self.returned),
        }

    @classmethod
    def from_dict(cls, data: object, key: str, players: int) -> BidRecord:
        data = require_dict(data, key)
        return cls(
            field(data, "seat", seat_decoder(players), key),
            field(data, "cards", decode_cards, key),
            field(data, "after_cards_dealt", decode_int, key),
            field(data, "kind", decode_optional_str, key),
            field(data, "from_seat", optional_seat_decoder(players), key),
            field(data, "taken", decode_cards, key),
            field(data, "returned", decode_cards, key),
        )


class BidContext(NamedTuple):
    """What a bid is judged against: the bidder's hand and the bids so far."""

    hand: Sequence[int]
    seat: int
    bids: Sequence[BidRecord]
    level_rank: int
    dealing: bool = True  # still dealing (not the closing window)
    options: Mapping[str, Any] = {}


class Conclusion(NamedTuple):
    """How bidding ended: a banker and trump, or a redeal."""

    banker: int | None
    trump_suit: int | None
    source: str  # "bid", "kitty" or "redeal"
    turned: tuple[Card, ...] = ()
    declarer: int | None = None  # `shandong`: who knows the hidden trump suit


class TurnedKitty(NamedTuple):
    """Where the kitty cards turned over for want of a bid prove cards to have been
    when the bidding ended (copies counted): in the kitty, and in the banker's hand."""

    kitty: tuple[Card, ...]
    banker: tuple[Card, ...] = ()


class BiddingRules:
    """Interface of a preset's bidding rules.

    The declaration hooks at the end have defaults for games where every bid is shown
    in full and the trump suit is public at once; `shandong` overrides them (R-8.4).
    """

    rule: str  # the rule (R-8.x) this bidding follows, redeal and kitty turning included
    kinds: tuple[str | None, ...] = (None,)  # the values ``Bid.bid_kind`` may take
    face_down = False  # bids may hold cards that only some seats see
    banker_every_round = False  # bidding names the banker in every round, not only round 1
    # a bid may move cards between hands (a 粘 takes the declaration and gives
    # cards back), so a hand is not its dealt cards; False: every card stays where dealt.
    cards_change_hands = False
    # after the burial the declarer may swap kitty trumps for cards of their rank
    # (swap_error, legal_swaps); False: the kitty stays as buried.
    kitty_swaps = False

    def bid_error(
        self, ctx: BidContext, cards: Sequence[Card], kind: str | None = None
    ) -> IllegalAction | None:
        raise NotImplementedError

    def legal_bids(self, ctx: BidContext) -> list[Bid]:
        raise NotImplementedError

    def conclude(
        self,
        bids: Sequence[BidRecord],
        kitty: Sequence[Card],
        hands: Sequence[Sequence[int]],
        level_rank: int,
        banker: int | None,
    ) -> Conclusion:
        raise NotImplementedError

    def bid_count(self, bids: Sequence[BidRecord]) -> int:
        return len(bids)

    def turned_kitty_reveals(self, turned: Sequence[Card]) -> TurnedKitty:
        """Where the cards turned over with no bid were (R-8.2, R-8.4: the kitty is
        turned over and the cards seen are the kitty's)."""
        return TurnedKitty(tuple(turned))

    def could_bid(
        self, hand: Sequence[int], level_rank: int, bids: Sequence[BidRecord], seat: int
    ) -> bool:
        """A cheap necessary condition for having a legal bid (False: surely none)."""
        return True

    # --- declarations ---------------------------------------------------------------------

    def shown(self, cards: tuple[Card, ...], kind: str | None) -> tuple[Card, ...]:
        """The part of a bid put face up; the rest stays with the bidder."""
        return cards

    def taking(self, bids: Sequence[BidRecord], kind: str | None) -> BidRecord | None:
        """A bid of ``kind`` that takes another seat's declaration: the declaration's
        seat and cards as a record (``seat``, ``cards``); None for ordinary bids."""
        return None

    def give_back_error(self, cards: Sequence[Card]) -> IllegalAction | None:
        """Why these cards may not be given back after a taking bid; None if they may."""
        return None

    def visible_bids(
        self, bids: Sequence[BidRecord], seat: int | None, revealed: bool
    ) -> tuple[BidRecord, ...]:
        """The bids as ``seat`` (None: a spectator) may see them."""
        return tuple(bids)

    def standing_declarer(self, bids: Sequence[BidRecord]) -> int | None:
        """Whose face-down declaration stands (public: its joker shows); None here."""
        return None

    def knowers(self, bids: Sequence[BidRecord], declarer: int) -> frozenset[int]:
        """Who knows a hidden trump suit before it is revealed."""
        return frozenset({declarer})

    def revealed_cards(self, bids: Sequence[BidRecord]) -> tuple[Card, ...]:
        """The face-down cards shown when a hidden trump suit is revealed."""
        return ()

    def swap_error(
        self,
        hand: Sequence[int],
        buried: Sequence[Card],
        pairs: Sequence[tuple[Card, Card]],
        ordering: Ordering,
    ) -> IllegalAction | None:
        """Why the declarer may not make these kitty swaps; None when allowed."""
        return IllegalAction("this game has no kitty swaps", rule="R-8.4") if pairs else None

    def legal_swaps(
        self, hand: Sequence[int], kitty_trumps: Sequence[Card]
    ) -> list[tuple[tuple[Card, Card], ...]]:
        """Every set of swaps the declarer may make, the empty set first."""
        return [()]


def _bid_suit(bid: BidRecord) -> int | None:
    """The trump suit a bid of level cards or 2s names; jokers mean no-trump."""
    card = bid.cards[0]
    return None if card >= SMALL_JOKER else card // NUM_RANKS


def held(hand: Sequence[int], cards: Sequence[Card]) -> bool:
    """Whether ``hand`` holds all of ``cards``, copies counted."""
    need: dict[int, int] = {}
    for card in cards:
        need[card] = need.get(card, 0) + 1
    return all(hand[c] >= n for c, n in need.items())


class FanzhuBidding(BiddingRules):
    """翻主, `zhaopengyou` and `tractor` (R-8.2): k level cards, or k ≥ 2 of one joker."""

    rule = "R-8.2"

    @staticmethod
    def strength(cards: Sequence[Card], level_rank: int) -> tuple[int, int] | None:
        """(copies, 0 level card / 1 小王 / 2 大王), or None if not a bid shape."""
        if not cards or any(c != cards[0] for c in cards):
            return None
        first = cards[0]
        if first >= SMALL_JOKER:
            return (len(cards), 1 if first == SMALL_JOKER else 2) if len(cards) >= 2 else None
        return (len(cards), 0) if first % NUM_RANKS == level_rank else None

    def bid_error(
        self, ctx: BidContext, cards: Sequence[Card], kind: str | None = None
    ) -> IllegalAction | None:
        strength = self.strength(cards, ctx.level_rank)
        if strength is None:
            return IllegalAction(
                "a bid is one or more copies of one level card, or two or more of one joker",
                rule="R-8.2",
            )
        if not held(ctx.hand, cards):
            return IllegalAction("you do not hold the cards you bid", rule="R-8.2")
        if ctx.bids:
            standing = ctx.bids[-1]
            standing_strength = self.strength(standing.cards, ctx.level_rank)
            assert standing_strength is not None
            if strength <= standing_strength:
                return IllegalAction(
                    "a new bid needs more cards than the standing one (at equal count jokers "
                    "beat level cards and a big joker beats a small joker)",
                    rule="R-8.2",
                )
            if standing.seat == ctx.seat and cards[0] != standing.cards[0]:
                return IllegalAction(
                    "you may reinforce your own bid but not overcall it with another suit",
                    rule="R-8.2",
                )
        return None

    def could_bid(
        self, hand: Sequence[int], level_rank: int, bids: Sequence[BidRecord], seat: int
    ) -> bool:
        """Exact and cheap: the strongest bid the hand can show beats the standing one."""
        if not bids:
            return bool(
                hand[level_rank]
                or hand[NUM_RANKS + level_rank]
                or hand[2 * NUM_RANKS + level_rank]
                or hand[3 * NUM_RANKS + level_rank]
                or hand[SMALL_JOKER] >= 2
                or hand[BIG_JOKER] >= 2
            )
        standing = bids[-1]
        floor = self.strength(standing.cards, level_rank)
        assert floor is not None
        if standing.seat == seat:  # only reinforcing the same card
            return hand[standing.cards[0]] > len(standing.cards)
        best = max(
            hand[level_rank],
            hand[NUM_RANKS + level_rank],
            hand[2 * NUM_RANKS + level_rank],
            hand[3 * NUM_RANKS + level_rank],
        )
        strongest = max(
            (best, 0),
            (hand[SMALL_JOKER], 1) if hand[SMALL_JOKER] >= 2 else (0, 0),
            (hand[BIG_JOKER], 2) if hand[BIG_JOKER] >= 2 else (0, 0),
        )
        return strongest > floor

    def legal_bids(self, ctx: BidContext) -> list[Bid]:
        hand = ctx.hand
        standing = ctx.bids[-1] if ctx.bids else None
        floor = (0, -1)
        only: int | None = None
        if standing is not None:
            strength = self.strength(standing.cards, ctx.level_rank)
            assert strength is not None
            floor = strength
            if standing.seat == ctx.seat:
                only = standing.cards[0]
        out: list[Bid] = []
        candidates = [s * NUM_RANKS + ctx.level_rank for s in range(NUM_SUITS)]
        for card in (*candidates, SMALL_JOKER, BIG_JOKER):
            if only is not None and card != only:
                continue
            kind = 0 if card < SMALL_JOKER else (1 if card == SMALL_JOKER else 2)
            for k in range(1 if kind == 0 else 2, hand[card] + 1):
                if (k, kind) > floor:
                    out.append(Bid((CARDS[card],) * k))
        return out

    def conclude(
        self,
        bids: Sequence[BidRecord],
        kitty: Sequence[Card],
        hands: Sequence[Sequence[int]],
        level_rank: int,
        banker: int | None,
    ) -> Conclusion:
        if bids:
            last = bids[-1]
            return Conclusion(banker if banker is not None else last.seat, _bid_suit(last), "bid")
        if banker is None:
            return Conclusion(None, None, "redeal")  # round 1 with no bid: redeal
        turned: list[Card] = []
        for card in kitty:  # turn the kitty over card by card (R-8.2 Decision)
            turned.append(card)
            if card < SMALL_JOKER and card % NUM_RANKS != level_rank:
                return Conclusion(banker, card // NUM_RANKS, "kitty", tuple(turned))
        return Conclusion(banker, None, "kitty", tuple(turned))


# 亮主/反主 order of `qidong`: a single 2 < pairs of ♦2 < ♣2 < ♥2 < ♠2 < 小王 < 大王.
_QIDONG_PAIR_RANK = {3: 2, 2: 3, 1: 4, 0: 5}  # suit index → strength of a pair of its 2s


class QidongBidding(BiddingRules):
    """亮主 and 反主 of `qidong` (R-8.3); c = the number of bids multiplies the scores."""

    rule = "R-8.3"
    banker_every_round = True

    @staticmethod
    def strength(cards: Sequence[Card], level_rank: int) -> int | None:
        """1 for a single 2, 2–5 for pairs of ♦2 ♣2 ♥2 ♠2, 6/7 for a pair of 小王/大王."""
        if not cards or any(c != cards[0] for c in cards) or len(cards) > 2:
            return None
        first = cards[0]
        if first >= SMALL_JOKER:
            return None if len(cards) == 1 else (6 if first == SMALL_JOKER else 7)
        if first % NUM_RANKS != level_rank:
            return None
        return 1 if len(cards) == 1 else _QIDONG_PAIR_RANK[first // NUM_RANKS]

    def bid_error(
        self, ctx: BidContext, cards: Sequence[Card], kind: str | None = None
    ) -> IllegalAction | None:
        strength = self.strength(cards, ctx.level_rank)
        if strength is None:
            return IllegalAction(
                "a bid is a single 2, a pair of 2s or a pair of jokers", rule="R-8.3"
            )
        if not held(ctx.hand, cards):
            return IllegalAction("you do not hold the cards you bid", rule="R-8.3")
        if ctx.bids:
            standing = ctx.bids[-1]
            if standing.seat == ctx.seat:
                return IllegalAction("nobody may overcall their own bid", rule="R-8.3")
            standing_strength = self.strength(standing.cards, ctx.level_rank)
            assert standing_strength is not None
            if strength <= standing_strength:
                return IllegalAction(
                    "a new bid must be higher: single 2 < pairs of ♦2 ♣2 ♥2 ♠2 < small jokers "
                    "< big jokers (a later single 2 cannot overcall the first)",
                    rule="R-8.3",
                )
        return None

    def could_bid(
        self, hand: Sequence[int], level_rank: int, bids: Sequence[BidRecord], seat: int
    ) -> bool:
        """Exact and cheap: some bid the hand can show beats the standing one."""
        floor = 0
        if bids:
            if bids[-1].seat == seat:
                return False
            found = self.strength(bids[-1].cards, level_rank)
            assert found is not None
            floor = found
        if floor < 1 and any(hand[s * NUM_RANKS + level_rank] for s in range(NUM_SUITS)):
            return True
        if any(
            hand[s * NUM_RANKS + level_rank] >= 2 and _QIDONG_PAIR_RANK[s] > floor
            for s in range(NUM_SUITS)
        ):
            return True
        return (hand[SMALL_JOKER] >= 2 and floor < 6) or (hand[BIG_JOKER] >= 2 and floor < 7)

    def legal_bids(self, ctx: BidContext) -> list[Bid]:
        floor = 0
        if ctx.bids:
            standing = ctx.bids[-1]
            if standing.seat == ctx.seat:
                return []
            found = self.strength(standing.cards, ctx.level_rank)
            assert found is not None
            floor = found
        out: list[Bid] = []
        hand = ctx.hand
        for suit in range(NUM_SUITS):
            card = CARDS[suit * NUM_RANKS + ctx.level_rank]
            if hand[card] and floor < 1:
                out.append(Bid((card,)))
            if hand[card] >= 2 and _QIDONG_PAIR_RANK[suit] > floor:
                out.append(Bid((card, card)))
        for joker, strength in ((SMALL_JOKER, 6), (BIG_JOKER, 7)):
            if hand[joker] >= 2 and strength > floor:
                out.append(Bid((CARDS[joker],) * 2))
        return out

    def bid_count(self, bids: Sequence[BidRecord]) -> int:
        return max(1, len(bids))  # c of: 1 when nobody bid

    def turned_kitty_reveals(self, turned: Sequence[Card]) -> TurnedKitty:
        """R-8.3: the kitty is turned over until a card whose twin is not in it; every
        card turned before that one had its twin in the kitty too, and the last one's
        twin was the banker's (it named the banker)."""
        if not turned:
            return TurnedKitty(())
        twins = tuple(c for c in set(turned[:-1]) for _ in range(2))
        return TurnedKitty((*twins, turned[-1]), (turned[-1],))

    def conclude(
        self,
        bids: Sequence[BidRecord],
        kitty: Sequence[Card],
        hands: Sequence[Sequence[int]],
        level_rank: int,
        banker: int | None,
    ) -> Conclusion:
        if bids:
            return Conclusion(bids[-1].seat, _bid_suit(bids[-1]), "bid")
        # No bid: the first kitty card whose twin is elsewhere names the trump and its
        # twin's holder is banker; four pairs in the kitty: redeal.
        turned: list[Card] = []
        for card in kitty:
            turned.append(card)
            if kitty.count(card) == 1:
                holder = next(s for s, hand in enumerate(hands) if hand[card])
                suit = None if card >= SMALL_JOKER else card // NUM_RANKS
                return Conclusion(holder, suit, "kitty", tuple(turned))
        return Conclusion(None, None, "redeal", tuple(turned))

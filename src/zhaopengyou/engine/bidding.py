"""Bidding for trump (R-8): the rules of each preset's bidding as a small strategy
object that the round consults.

>>> from zhaopengyou.engine.cards import parse_cards, counts_of
>>> rules = FanzhuBidding()
>>> hand = counts_of(parse_cards("2H 2H 2S LJ LJ"))
>>> [" ".join(str(c) for c in b) for b in rules.legal_bids(BidContext(hand, 0, (), 0, None))]
['♠2', '♥2', '♥2 ♥2', '小王 小王']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import BIG_JOKER, CARDS, NUM_RANKS, NUM_SUITS, SMALL_JOKER, Card
from .errors import IllegalAction


class BidRecord(NamedTuple):
    """A bid as made: RECORD.md ``bids`` entries."""

    seat: int
    cards: tuple[Card, ...]
    after_cards_dealt: int
    kind: str | None = None


class BidContext(NamedTuple):
    """What a bid is judged against: the bidder's hand and the bids so far."""

    hand: Sequence[int]
    seat: int
    bids: Sequence[BidRecord]
    level_rank: int
    banker: int | None  # known before bidding (later rounds), else None


class Conclusion(NamedTuple):
    """How bidding ended: a banker and trump, or a redeal."""

    banker: int | None
    trump_suit: int | None
    source: str  # "bid", "kitty" or "redeal"
    turned: tuple[Card, ...] = ()


class BiddingRules:
    """Interface of a preset's bidding rules."""

    kinds: tuple[str | None, ...] = (None,)  # the values ``Bid.kind`` may take

    def bid_error(self, ctx: BidContext, cards: Sequence[Card]) -> IllegalAction | None:
        raise NotImplementedError

    def legal_bids(self, ctx: BidContext) -> list[tuple[Card, ...]]:
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

    def could_bid(self, hand: Sequence[int], level_rank: int) -> bool:
        """A cheap necessary condition for having a legal bid (False: surely none)."""
        return True


def _held(hand: Sequence[int], cards: Sequence[Card]) -> bool:
    need: dict[int, int] = {}
    for card in cards:
        need[card] = need.get(card, 0) + 1
    return all(hand[c] >= n for c, n in need.items())


class FanzhuBidding(BiddingRules):
    """翻主, `zhaopengyou` and `tractor` (R-8.2): k level cards, or k ≥ 2 of one joker."""

    @staticmethod
    def strength(cards: Sequence[Card], level_rank: int) -> tuple[int, int] | None:
        """(copies, 0 level card / 1 小王 / 2 大王), or None if not a bid shape."""
        if not cards or any(c != cards[0] for c in cards):
            return None
        first = cards[0]
        if first >= SMALL_JOKER:
            return (len(cards), 1 if first == SMALL_JOKER else 2) if len(cards) >= 2 else None
        return (len(cards), 0) if first % NUM_RANKS == level_rank else None

    def bid_error(self, ctx: BidContext, cards: Sequence[Card]) -> IllegalAction | None:
        strength = self.strength(cards, ctx.level_rank)
        if strength is None:
            return IllegalAction(
                "a bid is one or more copies of one level card, or two or more of one joker",
                rule="R-8.2",
            )
        if not _held(ctx.hand, cards):
            return IllegalAction("you do not hold the cards you bid", rule="R-8.2")
        if ctx.bids:
            standing = ctx.bids[-1]
            standing_strength = self.strength(standing.cards, ctx.level_rank)
            assert standing_strength is not None
            if strength <= standing_strength:
                return IllegalAction(
                    "a new bid needs more cards than the standing one (at equal count jokers "
                    "beat level cards and 大王 beats 小王)",
                    rule="R-8.2",
                )
            if standing.seat == ctx.seat and cards[0] != standing.cards[0]:
                return IllegalAction(
                    "you may reinforce your own bid but not overcall it with another suit",
                    rule="R-8.2",
                )
        return None

    def could_bid(self, hand: Sequence[int], level_rank: int) -> bool:
        return bool(
            hand[level_rank]
            or hand[NUM_RANKS + level_rank]
            or hand[2 * NUM_RANKS + level_rank]
            or hand[3 * NUM_RANKS + level_rank]
            or hand[SMALL_JOKER] >= 2
            or hand[BIG_JOKER] >= 2
        )

    def legal_bids(self, ctx: BidContext) -> list[tuple[Card, ...]]:
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
        out: list[tuple[Card, ...]] = []
        candidates = [s * NUM_RANKS + ctx.level_rank for s in range(NUM_SUITS)]
        for card in (*candidates, SMALL_JOKER, BIG_JOKER):
            if only is not None and card != only:
                continue
            kind = 0 if card < SMALL_JOKER else (1 if card == SMALL_JOKER else 2)
            for k in range(1 if kind == 0 else 2, hand[card] + 1):
                if (k, kind) > floor:
                    out.append((CARDS[card],) * k)
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
            card = last.cards[0]
            suit = None if card >= SMALL_JOKER else card // NUM_RANKS
            return Conclusion(banker if banker is not None else last.seat, suit, "bid")
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

    def bid_error(self, ctx: BidContext, cards: Sequence[Card]) -> IllegalAction | None:
        strength = self.strength(cards, ctx.level_rank)
        if strength is None:
            return IllegalAction(
                "a bid is a single 2, a pair of 2s or a pair of jokers", rule="R-8.3"
            )
        if not _held(ctx.hand, cards):
            return IllegalAction("you do not hold the cards you bid", rule="R-8.3")
        if ctx.bids:
            standing = ctx.bids[-1]
            if standing.seat == ctx.seat:
                return IllegalAction("nobody may overcall their own bid", rule="R-8.3")
            standing_strength = self.strength(standing.cards, ctx.level_rank)
            assert standing_strength is not None
            if strength <= standing_strength:
                return IllegalAction(
                    "a new bid must be higher: single 2 < pairs of ♦2 ♣2 ♥2 ♠2 < 小王 < 大王 "
                    "(a later single 2 cannot overcall the first)",
                    rule="R-8.3",
                )
        return None

    def could_bid(self, hand: Sequence[int], level_rank: int) -> bool:
        return bool(
            hand[level_rank]
            or hand[NUM_RANKS + level_rank]
            or hand[2 * NUM_RANKS + level_rank]
            or hand[3 * NUM_RANKS + level_rank]
            or hand[SMALL_JOKER] >= 2
            or hand[BIG_JOKER] >= 2
        )

    def legal_bids(self, ctx: BidContext) -> list[tuple[Card, ...]]:
        floor = 0
        if ctx.bids:
            standing = ctx.bids[-1]
            if standing.seat == ctx.seat:
                return []
            found = self.strength(standing.cards, ctx.level_rank)
            assert found is not None
            floor = found
        out: list[tuple[Card, ...]] = []
        hand = ctx.hand
        for suit in range(NUM_SUITS):
            card = CARDS[suit * NUM_RANKS + ctx.level_rank]
            if hand[card] and floor < 1:
                out.append((card,))
            if hand[card] >= 2 and _QIDONG_PAIR_RANK[suit] > floor:
                out.append((card, card))
        for joker, strength in ((SMALL_JOKER, 6), (BIG_JOKER, 7)):
            if hand[joker] >= 2 and strength > floor:
                out.append((CARDS[joker],) * 2)
        return out

    def bid_count(self, bids: Sequence[BidRecord]) -> int:
        return max(1, len(bids))  # c of: 1 when nobody bid

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
            card = last.cards[0]
            suit = None if card >= SMALL_JOKER else card // NUM_RANKS
            return Conclusion(last.seat, suit, "bid")
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

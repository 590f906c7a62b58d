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

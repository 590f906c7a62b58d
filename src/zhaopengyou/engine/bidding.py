"""Bidding for trump (R-8): the rules of each preset's bidding as a small strategy
object that the round consults.

>>> from zhaopengyou.engine.cards import parse_cards, counts_of
>>> rules = FanzhuBidding()
>>> hand = counts_of(parse_cards("2H 2H 2S LJ LJ"))
>>> [" ".join(str(c) for c in b.cards) for b in rules.legal_bids(BidContext(hand, 0, (), 0, None))]
['♠2', '♥2', '♥2 ♥2', '小王 小王']
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .actions import Bid
from .cards import BIG_JOKER, CARDS, NUM_RANKS, NUM_SUITS, SMALL_JOKER, Card
from .errors import IllegalAction
from .ordering import cached_ordering


class BidRecord(NamedTuple):
    """A bid as made: RECORD.md ``bids`` entries (the 粘 fields only for `shandong`)."""

    seat: int
    cards: tuple[Card, ...]
    after_cards_dealt: int
    kind: str | None = None
    from_seat: int | None = None  # 粘: whose declaration was taken
    taken: tuple[Card, ...] = ()
    returned: tuple[Card, ...] = ()


class BidContext(NamedTuple):
    """What a bid is judged against: the bidder's hand and the bids so far."""

    hand: Sequence[int]
    seat: int
    bids: Sequence[BidRecord]
    level_rank: int
    banker: int | None  # known before bidding (later rounds), else None
    dealing: bool = True  # still dealing (not the closing window)
    players: int = 4
    options: Mapping[str, Any] = {}


class Conclusion(NamedTuple):
    """How bidding ended: a banker and trump, or a redeal."""

    banker: int | None
    trump_suit: int | None
    source: str  # "bid", "kitty" or "redeal"
    turned: tuple[Card, ...] = ()
    declarer: int | None = None  # `shandong`: who knows the hidden trump suit


class BiddingRules:
    """Interface of a preset's bidding rules."""

    kinds: tuple[str | None, ...] = (None,)  # the values ``Bid.kind`` may take

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

    def could_bid(
        self, hand: Sequence[int], level_rank: int, bids: Sequence[BidRecord], seat: int
    ) -> bool:
        """A cheap necessary condition for having a legal bid (False: surely none)."""
        return True


def _bid_suit(bid: BidRecord) -> int | None:
    """The trump suit a bid of level cards or 2s names; jokers mean no-trump."""
    card = bid.cards[0]
    return None if card >= SMALL_JOKER else card // NUM_RANKS


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

    def bid_error(
        self, ctx: BidContext, cards: Sequence[Card], kind: str | None = None
    ) -> IllegalAction | None:
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


class Declaration(NamedTuple):
    """The standing `shandong` declaration: shown jokers, the face-down pair (R-8.4)."""

    declarer: int
    jokers: tuple[Card, ...]
    pair: tuple[Card, ...]
    stuck: bool  # 粘'd: it can no longer be 顶'd or 粘'd

    @property
    def is_ding(self) -> bool:
        """Two identical jokers make a 顶 (also a 亮 that added its twin joker)."""
        return len(self.jokers) >= 2 and self.jokers[0] == self.jokers[1]

    @property
    def suit(self) -> int:
        return self.pair[0] // NUM_RANKS

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.jokers + self.pair


def standing_declaration(bids: Sequence[BidRecord]) -> Declaration | None:
    """The declaration in force after these `shandong` bids."""
    standing: Declaration | None = None
    for bid in bids:
        if bid.kind in ("liang", "ding"):
            jokers = tuple(c for c in bid.cards if c >= SMALL_JOKER)
            pair = tuple(c for c in bid.cards if c < SMALL_JOKER)
            standing = Declaration(bid.seat, jokers, pair, False)
        elif standing is not None and bid.kind == "add":
            standing = standing._replace(jokers=standing.jokers + bid.cards)
        elif standing is not None and bid.kind == "zhan":
            standing = standing._replace(stuck=True)
    return standing


def _split_jokers(cards: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    return [c for c in cards if c >= SMALL_JOKER], [c for c in cards if c < SMALL_JOKER]


class ShandongBidding(BiddingRules):
    """亮 / 顶 / 粘 / adding jokers (R-8.4); the trump suit stays hidden until shown."""

    kinds = ("liang", "ding", "zhan", "add")

    def __init__(self, fixed_trump_ranks: tuple[int, ...]) -> None:
        self.fixed_trump_ranks = fixed_trump_ranks

    def _guafeng(self, cards: Sequence[Card], level_rank: int) -> bool:
        """A 刮风 tractor of one suit: 2–4 consecutive pairs of ordinary cards (R-3.5)."""
        ordering = cached_ordering(level_rank, None, self.fixed_trump_ranks, "shandong")
        counts: dict[int, int] = {}
        for card in cards:
            counts[card] = counts.get(card, 0) + 1
        distinct = sorted(counts, key=lambda c: ordering.order[c])
        if not 2 <= len(distinct) <= 4 or set(counts.values()) != {2}:
            return False
        if not all(ordering.ordinary[c] for c in distinct):
            return False
        return all(high in ordering.succ[low] for low, high in itertools.pairwise(distinct))

    @staticmethod
    def _is_pair(cards: Sequence[Card]) -> bool:
        return len(cards) == 2 and cards[0] == cards[1] and cards[0] < SMALL_JOKER

    def bid_error(
        self, ctx: BidContext, cards: Sequence[Card], kind: str | None = None
    ) -> IllegalAction | None:
        return self._error(ctx, standing_declaration(ctx.bids), cards, kind)

    def _error(
        self,
        ctx: BidContext,
        standing: Declaration | None,
        cards: Sequence[Card],
        kind: str | None,
    ) -> IllegalAction | None:
        jokers, rest = _split_jokers(cards)
        if not _held(ctx.hand, cards):
            return IllegalAction("you do not hold the cards you declare", rule="R-8.4")
        if kind == "liang":
            if standing is not None:
                return IllegalAction("a declaration stands: 顶 or 粘 it instead", rule="R-8.4")
            if len(jokers) != 1 or not self._is_pair(rest):
                return IllegalAction("亮 is one joker and a pair of one suit", rule="R-8.4")
            return None
        if standing is None:
            return IllegalAction("nothing is declared yet: 亮 first", rule="R-8.4")
        if kind == "add":
            return self._add_error(ctx, standing, jokers, rest)
        if standing.stuck:
            return IllegalAction(
                "a declaration that was 粘'd cannot be 顶'd or 粘'd again", rule="R-8.4"
            )
        if kind == "ding":
            if standing.is_ding:
                return IllegalAction("a 顶 cannot be 顶'd; only 粘'd", rule="R-8.4")
            if standing.declarer == ctx.seat:
                return IllegalAction("you cannot 顶 your own declaration", rule="R-8.4")
            if len(jokers) != 2 or jokers[0] != jokers[1] or not self._is_pair(rest):
                return IllegalAction(
                    "顶 is a pair of one joker and a pair of one suit", rule="R-8.4"
                )
            return None
        if kind == "zhan":
            if (ctx.seat - standing.declarer) % 2 == 0:
                return IllegalAction("only the other side may 粘", rule="R-8.4")
            wanted = 2 if standing.is_ding else 1
            if len(jokers) != wanted or (wanted == 2 and jokers[0] != jokers[1]):
                return IllegalAction(
                    "粘亮 is one joker and a 刮风; 粘顶 is a pair of one joker and a 刮风",
                    rule="R-8.4",
                )
            if not self._guafeng(rest, ctx.level_rank):
                return IllegalAction("粘 needs a 刮风: consecutive pairs of one suit", rule="R-8.4")
            return None
        return IllegalAction("unknown declaration {kind!r}", rule="R-8.4", kind=kind)

    def _add_error(
        self, ctx: BidContext, standing: Declaration, jokers: list[Card], rest: list[Card]
    ) -> IllegalAction | None:
        if ctx.options.get("dengsi", False):
            return IllegalAction("with 等死 nothing may be added to a declaration", rule="R-8.4")
        if not ctx.dealing:
            return IllegalAction("jokers are added during the deal", rule="R-8.4")
        if standing.declarer != ctx.seat or standing.stuck:
            return IllegalAction("only the declarer adds to a standing declaration", rule="R-8.4")
        if rest or len(jokers) != 1 or jokers[0] not in standing.jokers:
            return IllegalAction("add one joker identical to one already shown", rule="R-8.4")
        if ctx.hand[jokers[0]] <= standing.jokers.count(jokers[0]):
            return IllegalAction("you do not hold another copy of that joker", rule="R-8.4")
        return None

    def could_bid(
        self, hand: Sequence[int], level_rank: int, bids: Sequence[BidRecord], seat: int
    ) -> bool:
        small, big = hand[SMALL_JOKER], hand[BIG_JOKER]
        if not (small or big):
            return False  # every declaration shows a joker
        standing = standing_declaration(bids)
        if standing is None:
            return max(hand[:SMALL_JOKER]) >= 2  # 亮 needs a pair
        if standing.stuck:
            return False
        if standing.declarer == seat:  # only adding a twin joker
            return any(hand[j] > standing.jokers.count(j) for j in set(standing.jokers))
        joker_pair = small >= 2 or big >= 2
        if joker_pair and not standing.is_ding and max(hand[:SMALL_JOKER]) >= 2:
            return True  # 顶
        if (seat - standing.declarer) % 2 == 0 or (standing.is_ding and not joker_pair):
            return False
        from .shandong import held_runs

        ordering = cached_ordering(level_rank, None, self.fixed_trump_ranks, "shandong")
        return any(held_runs(hand, ordering, 2))  # 粘 needs a 刮风

    def legal_bids(self, ctx: BidContext) -> list[Bid]:
        hand = ctx.hand
        jokers = [CARDS[j] for j in (SMALL_JOKER, BIG_JOKER) if hand[j]]
        if not jokers:
            return []
        standing = standing_declaration(ctx.bids)
        candidates: list[Bid] = []
        pairs = [CARDS[c] for c in range(SMALL_JOKER) if hand[c] >= 2]
        for joker in jokers:
            if standing is None:
                candidates.extend(Bid((joker, p, p), "liang") for p in pairs)
            elif standing.declarer == ctx.seat:
                candidates.append(Bid((joker,), "add"))
            elif not standing.stuck:
                if hand[joker] >= 2 and not standing.is_ding:
                    candidates.extend(Bid((joker, joker, p, p), "ding") for p in pairs)
                if (ctx.seat - standing.declarer) % 2:
                    for run in self._guafeng_runs(hand, ctx.level_rank):
                        candidates.append(Bid((joker, *run), "zhan"))
                        if hand[joker] >= 2:
                            candidates.append(Bid((joker, joker, *run), "zhan"))
        return [b for b in candidates if self._error(ctx, standing, b.cards, b.kind) is None]

    def _guafeng_runs(self, hand: Sequence[int], level_rank: int) -> list[tuple[Card, ...]]:
        """Every 刮风 of 2–4 pairs the hand holds, whatever the trump suit (R-3.5)."""
        from .shandong import held_runs

        ordering = cached_ordering(level_rank, None, self.fixed_trump_ranks, "shandong")
        runs = []
        for run in held_runs(hand, ordering, 2):
            for start in range(len(run) - 1):
                for end in range(start + 2, min(start + 4, len(run)) + 1):
                    runs.append(tuple(CARDS[c] for c in run[start:end] for _ in range(2)))
        return runs

    def conclude(
        self,
        bids: Sequence[BidRecord],
        kitty: Sequence[Card],
        hands: Sequence[Sequence[int]],
        level_rank: int,
        banker: int | None,
    ) -> Conclusion:
        standing = standing_declaration(bids)
        if standing is not None:
            declarer = standing.declarer
            return Conclusion(
                banker if banker is not None else declarer, standing.suit, "bid", declarer=declarer
            )
        if banker is None:
            return Conclusion(None, None, "redeal")  # round 1 without a declaration
        # Nobody declared: the kitty's last card that is not a joker names the suit.
        for index in range(len(kitty) - 1, -1, -1):
            if kitty[index] < SMALL_JOKER:
                return Conclusion(banker, kitty[index] // NUM_RANKS, "kitty", tuple(kitty[index:]))
        return Conclusion(banker, None, "kitty", tuple(kitty))

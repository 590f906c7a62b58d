"""山东升级 declarations (R-8.4): 亮, 顶, 粘 with its give-back, adding jokers, the
hidden trump suit and who may see which declared cards, and the declarer's kitty swaps.

These are the hooks of :class:`~zhaopengyou.engine.bidding.BiddingRules` that only
`shandong` fills in; the round calls them without knowing the game.

>>> from zhaopengyou.engine.cards import parse_cards
>>> bids = [BidRecord(1, tuple(parse_cards("LJ 7H 7H")), 30, "liang")]
>>> standing_declaration(bids)
Declaration(declarer=1, jokers=(Card('LJ'),), pair=(Card('7H'), Card('7H')), stuck=False)
>>> [b.cards for b in ShandongBidding((0, 1, 3)).visible_bids(bids, 2, revealed=False)]
[(Card('LJ'),)]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

from .actions import Bid
from .bidding import BidContext, BiddingRules, BidRecord, Conclusion, held
from .cards import BIG_JOKER, CARDS, NUM_RANKS, SMALL_JOKER, Card
from .errors import IllegalAction
from .ordering import STRICT_RUNS, Ordering, cached_ordering
from .shandong import held_runs

DECLARING = ("liang", "ding")  # the bids that set a face-down pair


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
        if bid.kind in DECLARING:
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

    rule = "R-8.4"
    kinds = ("liang", "ding", "zhan", "add")
    face_down = True
    cards_change_hands = True  # 粘 takes the declaration, and cards are given back
    kitty_swaps = True  # the declarer swaps kitty trumps before showing the pair

    def __init__(self, fixed_trump_ranks: tuple[int, ...]) -> None:
        self.fixed_trump_ranks = fixed_trump_ranks

    def _guafeng(self, cards: Sequence[Card], level_rank: int) -> bool:
        """A 刮风 tractor of one suit: 2–4 consecutive pairs of ordinary cards (R-3.5)."""
        ordering = cached_ordering(level_rank, None, self.fixed_trump_ranks, STRICT_RUNS)
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
        if not held(ctx.hand, cards):
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
        ordering = cached_ordering(level_rank, None, self.fixed_trump_ranks, STRICT_RUNS)
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
        return [b for b in candidates if self._error(ctx, standing, b.cards, b.bid_kind) is None]

    def _guafeng_runs(self, hand: Sequence[int], level_rank: int) -> list[tuple[Card, ...]]:
        """Every 刮风 of 2–4 pairs the hand holds, whatever the trump suit (R-3.5)."""
        ordering = cached_ordering(level_rank, None, self.fixed_trump_ranks, STRICT_RUNS)
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

    # --- the declaration hooks (R-8.4) ----------------------------------------------------

    def shown(self, cards: tuple[Card, ...], kind: str | None) -> tuple[Card, ...]:
        """亮 and 顶 show their jokers (明亮); the pair stays face down (暗亮)."""
        if kind in DECLARING:
            return tuple(c for c in cards if c >= SMALL_JOKER)
        return cards

    def taking(self, bids: Sequence[BidRecord], kind: str | None) -> BidRecord | None:
        """粘 takes every card of the standing declaration from its declarer."""
        if kind != "zhan":
            return None
        standing = standing_declaration(bids)
        assert standing is not None  # bid_error refuses a 粘 with nothing declared
        return BidRecord(standing.declarer, standing.cards, 0)

    def give_back_error(self, cards: Sequence[Card]) -> IllegalAction | None:
        if not any(c >= SMALL_JOKER or c % NUM_RANKS in self.fixed_trump_ranks for c in cards):
            return IllegalAction("give back at least one 常主: a joker, 2, 3 or 5", rule="R-8.4")
        return None

    def visible_bids(
        self, bids: Sequence[BidRecord], seat: int | None, revealed: bool
    ) -> tuple[BidRecord, ...]:
        """A face-down pair shows only to its declarer, to whoever took it by 粘, or to
        everyone once revealed; a 粘's exchange only to the two seats involved."""
        last = max((i for i, b in enumerate(bids) if b.kind in DECLARING), default=-1)
        out = []
        for index, bid in enumerate(bids):
            if bid.kind in DECLARING and seat != bid.seat:
                took = index == last and any(
                    b.kind == "zhan" and b.seat == seat for b in bids[index:]
                )
                if not (took or (revealed and index == last)):
                    bid = bid._replace(cards=tuple(c for c in bid.cards if c >= SMALL_JOKER))
            elif bid.kind == "zhan" and seat not in (bid.seat, bid.from_seat):
                bid = bid._replace(taken=(), returned=())
            out.append(bid)
        return tuple(out)

    def standing_declarer(self, bids: Sequence[BidRecord]) -> int | None:
        standing = standing_declaration(bids)
        return standing.declarer if standing is not None else None

    def knowers(self, bids: Sequence[BidRecord], declarer: int) -> frozenset[int]:
        """The declarer, and whoever took the declaration by 粘 (they hold its pair)."""
        return frozenset({declarer} | {b.seat for b in bids if b.kind == "zhan"})

    def revealed_cards(self, bids: Sequence[BidRecord]) -> tuple[Card, ...]:
        """The pair is shown, unless it was 粘'd: then the suit is only announced."""
        standing = standing_declaration(bids)
        return standing.pair if standing is not None and not standing.stuck else ()

    def swap_error(
        self,
        hand: Sequence[int],
        buried: Sequence[Card],
        pairs: Sequence[tuple[Card, Card]],
        ordering: Ordering,
    ) -> IllegalAction | None:
        """Each swap gives a kitty trump for a held card of its rank in another suit."""
        kitty = list(buried)
        hand = list(hand)
        for from_hand, from_kitty in pairs:
            if from_kitty not in kitty or not ordering.is_trump(from_kitty):
                return IllegalAction("swap only trumps that are in the kitty", rule="R-8.4")
            if hand[from_hand] < 1:
                return IllegalAction("you do not hold {count}× {card}", count=1, card=from_hand)
            if not _same_rank_other_suit(from_hand, from_kitty):
                return IllegalAction(
                    "swap a kitty trump for a card of the same rank in another suit", rule="R-8.4"
                )
            kitty.remove(from_kitty)
            hand[from_hand] -= 1
        return None

    def legal_swaps(
        self, hand: Sequence[int], kitty_trumps: Sequence[Card]
    ) -> list[tuple[tuple[Card, Card], ...]]:
        options: list[tuple[tuple[Card, Card], ...]] = [()]
        held = list(hand)

        def extend(done: tuple[tuple[Card, Card], ...], index: int) -> None:
            for i in range(index, len(kitty_trumps)):
                kitty_card = kitty_trumps[i]
                for suit in range(4):
                    card = CARDS[suit * NUM_RANKS + kitty_card % NUM_RANKS]
                    if held[card] and _same_rank_other_suit(card, kitty_card):
                        held[card] -= 1
                        pairs = (*done, (card, kitty_card))
                        options.append(pairs)
                        extend(pairs, i + 1)
                        held[card] += 1

        extend((), 0)
        return sorted(set(options), key=lambda p: (len(p), p))


def _same_rank_other_suit(card: int, other: int) -> bool:
    return (
        card < SMALL_JOKER
        and other < SMALL_JOKER
        and card % NUM_RANKS == other % NUM_RANKS
        and card // NUM_RANKS != other // NUM_RANKS
    )

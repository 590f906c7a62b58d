"""Bidding and declaring trump, read plainly from RULES.md R-8: who may bid what and when
(R-8.1 – R-8.4), the closing window (R-8.1), how bidding ends (banker, trump suit,
declarer, redeal), who takes the kitty (R-7.1, R-8.4), the `shandong` give-back after a
粘 and the declarer's kitty swaps (R-8.4), and `qidong`'s multiplier c (R-8.3).

A bid is ``(kind, cards)``: kind is None except in `shandong` (``liang`` 亮, ``ding`` 顶,
``zhan`` 粘, ``add``); cards are the whole set shown (a reinforced 翻主 bid lists all its
copies).

R-8.2 (翻主, level 2): with ♥2 bid, ♠2♠2 or 小王小王 overcall; a lone ♠2 does not, and the
bidder may only reinforce with ♥2♥2:

>>> from zhaopengyou.engine.cards import parse_cards
>>> from tests.oracle.units import counter
>>> hand = counter(parse_cards("2S 2S 2H 2H LJ LJ"))
>>> standing = [Bid(1, None, key(parse_cards("2H")))]
>>> sorted(show(b) for b in legal_bids("tractor", hand, 0, standing, level=0, dealing=True))
['♠2 ♠2', '♥2 ♥2', '小王 小王']
>>> sorted(show(b) for b in legal_bids("tractor", hand, 1, standing, level=0, dealing=True))
['♥2 ♥2']

R-8.3 (qidong): a later single 2 cannot overcall the first; nobody overcalls themselves:

>>> sorted(show(b) for b in legal_bids("qidong", hand, 0, standing, level=0, dealing=True))
['♠2 ♠2', '♥2 ♥2', '小王 小王']
>>> legal_bids("qidong", hand, 1, standing, level=0, dealing=True)
set()

R-8.4 (shandong): 亮 is a joker and a pair; a pair of one joker and a pair 顶s it:

>>> hand = counter(parse_cards("BJ BJ 7H 7H 6D"))
>>> sorted(show(b) for b in legal_bids("shandong", hand, 0, [], level=12, dealing=True))
['liang ♥7 ♥7 大王']
>>> liang = [Bid(1, "liang", key(parse_cards("LJ 9S 9S")))]
>>> sorted(show(b) for b in legal_bids("shandong", hand, 0, liang, level=12, dealing=True))
['ding ♥7 ♥7 大王 大王']
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from zhaopengyou.engine.cards import BIG_JOKER, SMALL_JOKER, Card, format_cards

from .leads import holds, key
from .order import RoundOrder, rank_of, suit_of
from .units import TRACTOR, shandong_unit

JOKERS = (Card(SMALL_JOKER), Card(BIG_JOKER))
SHANDONG_KINDS = ("liang", "ding", "zhan", "add")


class Bid(NamedTuple):
    seat: int
    kind: str | None
    cards: tuple[Card, ...]  # sorted by card id


def show(bid: Bid | tuple[str | None, tuple[Card, ...]]) -> str:
    kind, cards = (bid.kind, bid.cards) if isinstance(bid, Bid) else bid
    return (f"{kind} " if kind else "") + format_cards(cards)


# --- 翻主 -------------------------------------------------------------------------


def fanzhu_strength(cards: Sequence[Card], level: int) -> tuple[int, int] | None:
    """(k, 0 for a level card / 1 for 小王 / 2 for 大王) of a 翻主 bid, or None: k ≥ 1
    copies of one level card, or (Decision) k ≥ 2 copies of one joker."""
    if not cards or len(set(cards)) != 1:
        return None
    card = cards[0]
    if card in JOKERS:
        return (len(cards), 1 if card == SMALL_JOKER else 2) if len(cards) >= 2 else None
    return (len(cards), 0) if rank_of(card) == level else None


def _fanzhu_legal(
    hand: Counter[Card], seat: int, bids: Sequence[Bid], cards: Sequence[Card], level: int
) -> bool:
    strength = fanzhu_strength(cards, level)
    if strength is None or not holds(hand, cards):
        return False
    if not bids:
        return True
    standing = bids[-1]
    old = fanzhu_strength(standing.cards, level)
    assert old is not None
    if strength <= old:  # more cards; at equal k jokers beat level cards, 大王 beats 小王
        return False
    # reinforce your own bid with more copies of the same card, never another suit
    return standing.seat != seat or cards[0] == standing.cards[0]


# --- 亮主/反主 ----------------------------------------------------------------------

# a single 2 < a pair of ♦2 < ♣2 < ♥2 < ♠2 < a pair of 小王 < a pair of 大王
QIDONG_PAIR = {3: 2, 2: 3, 1: 4, 0: 5}


def qidong_strength(cards: Sequence[Card], level: int) -> int | None:
    if not cards or len(set(cards)) != 1 or len(cards) > 2:
        return None
    card = cards[0]
    if card in JOKERS:
        return None if len(cards) == 1 else (6 if card == SMALL_JOKER else 7)
    if rank_of(card) != level:
        return None
    suit = suit_of(card)
    assert suit is not None
    return 1 if len(cards) == 1 else QIDONG_PAIR[suit]


def _qidong_legal(
    hand: Counter[Card], seat: int, bids: Sequence[Bid], cards: Sequence[Card], level: int
) -> bool:
    strength = qidong_strength(cards, level)
    if strength is None or not holds(hand, cards):
        return False
    if not bids:
        return True
    standing = bids[-1]
    if standing.seat == seat:
        return False  # nobody may overcall their own bid
    old = qidong_strength(standing.cards, level)
    assert old is not None
    return strength > old  # so a later single 2 never overcalls the first


# --- 亮 / 顶 / 粘 -------------------------------------------------------------------


class Declaration(NamedTuple):
    """The standing shandong declaration."""

    declarer: int
    jokers: tuple[Card, ...]  # shown: the declaring jokers and any added ones
    pair: tuple[Card, ...]  # face down; names the trump suit
    stuck: bool  # 粘'd

    @property
    def is_ding(self) -> bool:
        """A 顶, or a 亮 that now holds two identical jokers (R-8.4 等死 off)."""
        return any(self.jokers.count(j) >= 2 for j in JOKERS)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.jokers + self.pair


def standing_declaration(bids: Sequence[Bid]) -> Declaration | None:
    standing: Declaration | None = None
    for bid in bids:
        jokers = tuple(c for c in bid.cards if c in JOKERS)
        if bid.kind in ("liang", "ding"):
            pair = tuple(c for c in bid.cards if c not in JOKERS)
            standing = Declaration(bid.seat, jokers, pair, False)
        elif bid.kind == "add" and standing is not None:
            standing = standing._replace(jokers=standing.jokers + jokers)
        elif bid.kind == "zhan" and standing is not None:
            standing = standing._replace(stuck=True)  # declarer and suit do not change
    return standing


@functools.cache
def _plain_order(level: int) -> RoundOrder:
    """Shandong's order without a trump suit: enough for ordinary cards and adjacency."""
    return RoundOrder("shandong", level, None)


def _is_pair(cards: Sequence[Card]) -> bool:
    return len(cards) == 2 and cards[0] == cards[1] and cards[0] not in JOKERS


def _is_guafeng(cards: Sequence[Card], level: int) -> bool:
    """A 刮风 tractor of one suit (R-3.2, R-3.5): 2–4 consecutive pairs of ordinary cards
    (five or more doubled numbers are snow, R-3.6). Ordinary cards and their adjacency do
    not depend on the trump suit."""
    unit = shandong_unit(cards, _plain_order(level))
    return unit is not None and unit.shape.kind == TRACTOR


def _shandong_legal(
    hand: Counter[Card],
    seat: int,
    bids: Sequence[Bid],
    kind: str | None,
    cards: Sequence[Card],
    level: int,
    dealing: bool,
    dengsi: bool,
    players: int,
) -> bool:
    if kind not in SHANDONG_KINDS or not holds(hand, cards):
        return False
    jokers = [c for c in cards if c in JOKERS]
    rest = [c for c in cards if c not in JOKERS]
    standing = standing_declaration(bids)
    if kind == "liang":  # one joker + a pair of one suit, on nothing
        return standing is None and len(jokers) == 1 and _is_pair(rest)
    if standing is None:
        return False
    if kind == "add":
        # 等死 off: during the deal the declarer adds a joker identical to a shown one
        return (
            not dengsi
            and dealing
            and seat == standing.declarer
            and not standing.stuck  # Reading: a 粘'd declaration is no longer the declarer's
            and not rest
            and len(jokers) == 1
            and jokers[0] in standing.jokers
            and hand[jokers[0]] > standing.jokers.count(jokers[0])
        )
    if standing.stuck:
        return False  # a 粘'd declaration cannot be 顶'd or 粘'd again
    joker_pair = len(jokers) == 2 and jokers[0] == jokers[1]
    if kind == "ding":
        # a pair of one joker + a pair overrides a standing 亮 (not a 顶); seed 003's
        # 顶替先亮牌者 (replace the one who declared) is read as: not your own
        return not standing.is_ding and seat != standing.declarer and joker_pair and _is_pair(rest)
    # kind == "zhan": only the other side; 粘亮 one joker, 粘顶 a joker pair, + a 刮风
    other_side = seat not in (standing.declarer, (standing.declarer + players // 2) % players)
    jokers_ok = joker_pair if standing.is_ding else len(jokers) == 1
    return other_side and jokers_ok and _is_guafeng(rest, level)


def _shandong_candidates(
    hand: Counter[Card], level: int
) -> set[tuple[str | None, tuple[Card, ...]]]:
    """Every structurally possible shandong bid of the hand (brute force, then filtered)."""
    held_jokers = [j for j in JOKERS if hand[j]]
    pairs = [c for c in hand if hand[c] >= 2 and c not in JOKERS]
    order = _plain_order(level)
    runs: list[tuple[Card, ...]] = []
    for start in sorted(pairs):
        run = [start]
        while len(run) < 4:
            above = [c for c in order.successors[run[-1]] if hand[c] >= 2]
            if not above:
                break
            run.append(above[0])
            runs.append(tuple(c for c in run for _ in range(2)))
    out: set[tuple[str | None, tuple[Card, ...]]] = set()
    for joker in held_jokers:
        out.add(("add", (joker,)))
        for copies in (1, 2):
            for pair in pairs:
                out.add(("liang", key([joker] * copies + [pair, pair])))
                out.add(("ding", key([joker] * copies + [pair, pair])))
            for pairs_run in runs:
                out.add(("zhan", key([joker] * copies + list(pairs_run))))
    return out


# --- every preset -----------------------------------------------------------------------


def is_legal_bid(
    game: str,
    hand: Counter[Card],
    seat: int,
    bids: Sequence[Bid],
    kind: str | None,
    cards: Sequence[Card],
    *,
    level: int,
    dealing: bool,
    dengsi: bool = False,
    players: int = 4,
) -> bool:
    """May ``seat`` bid ``cards`` now (when bidding is open to it, R-8.1)?"""
    cards = key(cards)
    if game == "shandong":
        return _shandong_legal(hand, seat, bids, kind, cards, level, dealing, dengsi, players)
    if kind is not None:
        return False
    if game == "qidong":
        return _qidong_legal(hand, seat, bids, cards, level)
    return _fanzhu_legal(hand, seat, bids, cards, level)


def legal_bids(
    game: str,
    hand: Counter[Card],
    seat: int,
    bids: Sequence[Bid],
    *,
    level: int,
    dealing: bool,
    dengsi: bool = False,
    players: int = 4,
) -> set[tuple[str | None, tuple[Card, ...]]]:
    """Every legal bid (kind, cards), by filtering every bid-shaped set the hand holds."""
    if game == "shandong":
        candidates = _shandong_candidates(hand, level)
    else:
        candidates = {(None, (card,) * k) for card in hand for k in range(1, hand[card] + 1)}
    return {
        (kind, cards)
        for kind, cards in candidates
        if is_legal_bid(
            game,
            hand,
            seat,
            bids,
            kind,
            cards,
            level=level,
            dealing=dealing,
            dengsi=dengsi,
            players=players,
        )
    }


class Window:
    """R-8.1's closing window: after the last card, poll in play order from the seat
    after the last bidder (or after the dealer); a bid restarts the count; P passes in
    a row close it."""

    def __init__(self, players: int, dealer: int, last_bidder: int | None) -> None:
        self.players = players
        start = last_bidder if last_bidder is not None else dealer
        self.to_act: int | None = (start + 1) % players
        self.passes = 0

    def bid(self, seat: int) -> None:
        self.passes = 0
        self.to_act = (seat + 1) % self.players

    def pass_(self, seat: int) -> None:
        assert self.to_act is not None
        self.passes += 1
        self.to_act = (seat + 1) % self.players
        if self.passes == self.players:
            self.to_act = None  # closed

    @property
    def closed(self) -> bool:
        return self.to_act is None


class Conclusion(NamedTuple):
    banker: int | None  # None: redeal
    trump: int | None  # 0..3, or None for no trump
    declarer: int | None  # shandong: the final declarer


def conclude(
    game: str,
    bids: Sequence[Bid],
    kitty: Sequence[Card],
    hands: Sequence[Counter[Card]],
    level: int,
    banker: int | None,
) -> Conclusion:
    """How bidding ends (R-8.2, R-8.3, R-8.4); ``banker`` is the known banker (later
    rounds) or None. ``kitty`` is in dealt order."""
    if game == "shandong":
        standing = standing_declaration(bids)
        if standing is not None:
            who = standing.declarer
            return Conclusion(banker if banker is not None else who, suit_of(standing.pair[0]), who)
        if banker is None:
            return Conclusion(None, None, None)  # round 1: redeal
        plain = [c for c in kitty if c not in JOKERS]
        # the kitty's last card that is not a joker; RULES.md is silent on a kitty of
        # jokers only: then no trump suit
        return Conclusion(banker, suit_of(plain[-1]) if plain else None, None)
    if game == "qidong":
        if bids:
            last = bids[-1]
            return Conclusion(last.seat, suit_of(last.cards[0]), None)
        for card in kitty:
            if kitty.count(card) == 1:  # its twin is not also in the kitty
                holder = next(s for s, hand in enumerate(hands) if hand[card])
                return Conclusion(holder, suit_of(card), None)
        return Conclusion(None, None, None)  # four pairs: redeal
    if bids:
        last = bids[-1]
        return Conclusion(banker if banker is not None else last.seat, suit_of(last.cards[0]), None)
    if banker is None:
        return Conclusion(None, None, None)  # round 1 without a bid: redeal
    for card in kitty:  # Decision: the first card not a joker nor of the level rank
        if card not in JOKERS and rank_of(card) != level:
            return Conclusion(banker, suit_of(card), None)
    return Conclusion(banker, None, None)


def bid_multiplier(game: str, bids: Sequence[Bid]) -> int:
    """R-8.3: c = the number of successful bids, 1 when nobody bid (qidong only)."""
    return max(1, len(bids)) if game == "qidong" else 1


def kitty_taker(game: str, banker: int, declarer: int | None, players: int) -> int:
    """R-7.1: the banker; R-8.4: in shandong the banker's partner when the banker is the
    final declarer."""
    if game == "shandong" and declarer == banker:
        return (banker + players // 2) % players
    return banker


# --- give-back and swaps -------------------------------------------------------------


def is_changzhu_card(card: Card) -> bool:
    """R-8.4's 常主 for the give-back: a joker, 2, 3 or 5."""
    return card in JOKERS or rank_of(card) in (0, 1, 3)


def is_legal_give_back(hand: Counter[Card], cards: Sequence[Card], count: int) -> bool:
    """After a 粘, give the declarer as many cards as were taken, one at least a 常主."""
    return len(cards) == count and holds(hand, cards) and any(is_changzhu_card(c) for c in cards)


def legal_swaps(
    hand: Counter[Card], buried: Sequence[Card], order: RoundOrder
) -> set[tuple[tuple[Card, Card], ...]]:
    """Every set of one-for-one swaps (hand card, kitty card): a trump of the kitty for a
    held card of the same rank in another suit (R-8.4). Brute force: each kitty trump is
    left or swapped for one such card; the hand must hold every card given."""
    options = []
    for card in buried:
        choices: list[tuple[Card, Card] | None] = [None]
        if order.is_trump(card) and card not in JOKERS:
            for suit in range(4):
                other = Card(suit * 13 + (card % 13))
                if suit != suit_of(card) and hand[other]:
                    choices.append((other, card))
        options.append(choices)
    found = set()
    for pick in itertools.product(*options):
        pairs = [p for p in pick if p is not None]
        if holds(hand, [h for h, _ in pairs]):
            found.add(tuple(sorted(pairs)))
    return found


def is_legal_swap(
    hand: Counter[Card],
    buried: Sequence[Card],
    pairs: Sequence[tuple[Card, Card]],
    order: RoundOrder,
) -> bool:
    return tuple(sorted((Card(h), Card(k)) for h, k in pairs)) in legal_swaps(hand, buried, order)

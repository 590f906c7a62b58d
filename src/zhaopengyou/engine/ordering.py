"""Effective suits, card order and adjacency of one round (R-1.4, R-1.5, R-2, R-3.3–R-3.5).

An :class:`Ordering` is built once per round from the level rank and trump suit and
then answers every "which suit / which is higher / which is adjacent" question by
table lookup.

>>> from zhaopengyou.engine.cards import Card
>>> o = Ordering(level_rank=0, trump_suit=1)          # level 2, ♥ trump
>>> o.is_trump(Card("2S")), o.is_trump(Card("AH")), o.is_trump(Card("AS"))
(True, True, False)
>>> o.order[Card("2H")] > o.order[Card("2S")] == o.order[Card("2C")]
True
>>> [str(Card(c)) for c in o.succ[Card("2H")]]       # ♥2 → 小王 (R-3.3)
['小王']
>>> STRICT_RUNS
Adjacency(skip_removed=False, level_chain=False, joker_pair=False)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, NamedTuple

from .cards import BIG_JOKER, NUM_KINDS, NUM_RANKS, NUM_SUITS, SMALL_JOKER, TRUMP


class Adjacency(NamedTuple):
    """Which cards are consecutive for tractors (R-3.3 – R-3.5)."""

    skip_removed: bool  # a rank taken out of a suit (level, 常主) does not break its run
    level_chain: bool  # top plain trump → off-suit level cards → trump level → 小王
    joker_pair: bool  # 小王 → 大王


LEVEL_CHAIN: Final = Adjacency(skip_removed=True, level_chain=True, joker_pair=True)
SEPARATE_LEVELS: Final = Adjacency(skip_removed=True, level_chain=False, joker_pair=True)
STRICT_RUNS: Final = Adjacency(skip_removed=False, level_chain=False, joker_pair=False)

# Order values: off-suit cards use their rank (0..12); trumps sit far above.
_TRUMP_PLAIN_BASE: Final = 20
_FIXED_TRUMP_BASE: Final = 40
_LEVEL_OTHER: Final = 50
_LEVEL_TRUMP: Final = 51
_SMALL_JOKER_ORDER: Final = 60
_BIG_JOKER_ORDER: Final = 61


@functools.lru_cache(maxsize=512)
def cached_ordering(
    level_rank: int,
    trump_suit: int | None,
    fixed_trump_ranks: tuple[int, ...],
    adjacency: Adjacency,
) -> Ordering:
    """Orderings are immutable, so rounds with the same trump share one."""
    return Ordering(level_rank, trump_suit, fixed_trump_ranks, adjacency)


class Ordering:
    """Per-round lookup tables.

    ``esuit[c]``: effective suit (0..3, or ``TRUMP``); ``order[c]``: strength, comparable
    within one effective suit, equal for cards that tie (R-2.3); ``succ[c]``/``pred[c]``:
    cards adjacent above/below for tractors; ``suit_cards[e]``: the card ids of effective
    suit ``e`` ascending by order; ``ordinary[c]``: not a joker, level card or 常主.
    """

    __slots__ = (
        "adjacency",
        "esuit",
        "fixed_trump_ranks",
        "level_rank",
        "order",
        "ordinary",
        "pred",
        "succ",
        "suit_cards",
        "trump_suit",
    )

    def __init__(
        self,
        level_rank: int,
        trump_suit: int | None,
        fixed_trump_ranks: Sequence[int] = (),
        adjacency: Adjacency = LEVEL_CHAIN,
    ) -> None:
        self.level_rank = level_rank
        self.trump_suit = trump_suit
        self.adjacency: Adjacency = adjacency
        # The level rank sits in the level tier even when it is also a 常主 rank.
        self.fixed_trump_ranks = tuple(r for r in fixed_trump_ranks if r != level_rank)
        esuit = [TRUMP] * NUM_KINDS
        order = [0] * NUM_KINDS
        ordinary = [False] * NUM_KINDS
        order[SMALL_JOKER] = _SMALL_JOKER_ORDER
        order[BIG_JOKER] = _BIG_JOKER_ORDER
        for suit in range(NUM_SUITS):
            for rank in range(NUM_RANKS):
                card = suit * NUM_RANKS + rank
                if rank == level_rank:
                    order[card] = _LEVEL_TRUMP if suit == trump_suit else _LEVEL_OTHER
                elif rank in self.fixed_trump_ranks:
                    tier = self.fixed_trump_ranks.index(rank)
                    order[card] = _FIXED_TRUMP_BASE + 2 * tier + (suit == trump_suit)
                elif suit == trump_suit:
                    order[card] = _TRUMP_PLAIN_BASE + rank
                    ordinary[card] = True
                else:
                    esuit[card] = suit
                    order[card] = rank
                    ordinary[card] = True
        self.esuit: tuple[int, ...] = tuple(esuit)
        self.order: tuple[int, ...] = tuple(order)
        self.ordinary: tuple[bool, ...] = tuple(ordinary)
        self.suit_cards: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted((c for c in range(NUM_KINDS) if esuit[c] == e), key=lambda c: order[c]))
            for e in range(NUM_SUITS + 1)
        )
        succ: list[list[int]] = [[] for _ in range(NUM_KINDS)]
        self._link_suits(succ)
        if adjacency.level_chain:
            self._link_trump_chain(succ)
        if adjacency.joker_pair:
            succ[SMALL_JOKER].append(BIG_JOKER)
        pred: list[list[int]] = [[] for _ in range(NUM_KINDS)]
        for card, above in enumerate(succ):
            for nxt in above:
                pred[nxt].append(card)
        self.succ: tuple[tuple[int, ...], ...] = tuple(tuple(s) for s in succ)
        self.pred: tuple[tuple[int, ...], ...] = tuple(tuple(p) for p in pred)

    def _link_suits(self, succ: list[list[int]]) -> None:
        """Within a suit: the natural sequence of ordinary ranks (R-3.3–R-3.5)."""
        skip = self.adjacency.skip_removed
        for suit in range(NUM_SUITS):
            previous: int | None = None
            for rank in range(NUM_RANKS):
                card = suit * NUM_RANKS + rank
                if not self.ordinary[card]:
                    if not skip:
                        previous = None
                    continue
                if previous is not None:
                    succ[previous].append(card)
                previous = card

    def _link_trump_chain(self, succ: list[list[int]]) -> None:
        """R-3.3: top plain trump → each off-suit level card → trump level → 小王."""
        level = self.level_rank
        trump_suit = self.trump_suit
        if trump_suit is None:
            for suit in range(NUM_SUITS):
                succ[suit * NUM_RANKS + level].append(SMALL_JOKER)
            return
        trump_level = trump_suit * NUM_RANKS + level
        plain = [trump_suit * NUM_RANKS + r for r in range(NUM_RANKS) if r != level]
        top_plain = plain[-1]
        for suit in range(NUM_SUITS):
            if suit != trump_suit:
                off_level = suit * NUM_RANKS + level
                succ[top_plain].append(off_level)
                succ[off_level].append(trump_level)
        succ[trump_level].append(SMALL_JOKER)

    def is_trump(self, card: int) -> bool:
        return self.esuit[card] == TRUMP

    def sort_key(self, card: int) -> tuple[int, int, int]:
        """Display order: off suits ♠♥♣♦ first, trumps last, low to high within each."""
        return (self.esuit[card], self.order[card], card)

    def sorted(self, cards: Sequence[int]) -> list[int]:
        return sorted(cards, key=self.sort_key)

    def __repr__(self) -> str:
        from .cards import RANK_NAMES, SUIT_SYMBOLS

        suit = "无主" if self.trump_suit is None else SUIT_SYMBOLS[self.trump_suit]
        return f"<Ordering level={RANK_NAMES[self.level_rank]} trump={suit}>"

"""Card order of one round, read plainly from RULES.md: trumps and effective suits
(R-1.4, R-1.5), strength (R-2.1, R-2.2) and adjacency for tractors (R-3.3 – R-3.5).

>>> from zhaopengyou.engine.cards import Card
>>> o = RoundOrder("tractor", level=1, trump=1)             # level 3, ♥ trump
>>> o.adjacent(Card.parse("2S"), Card.parse("4S"))          # R-3.3: the level rank is skipped
True
>>> o.adjacent(Card.parse("3S"), Card.parse("4S"))
False
>>> o.strength(Card.parse("3H")) > o.strength(Card.parse("3S")) > o.strength(Card.parse("AH"))
True
>>> s = RoundOrder("shandong", level=12, trump=0)           # level A, ♠ trump
>>> [s.esuit(c) for c in (Card.parse("2D"), Card.parse("4D"), Card.parse("AD"))]
[4, 3, 4]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from zhaopengyou.engine.cards import (
    BIG_JOKER,
    NUM_KINDS,
    RANK_NAMES,
    SMALL_JOKER,
    Card,
    format_cards,
)

TRUMP = 4  # the effective suit of every trump
GAMES = ("zhaopengyou", "tractor", "qidong", "shandong")
CHANGZHU_RANKS = (0, 1, 3)  # 常主 of shandong: 2 < 3 < 5
ALL_CARDS = tuple(Card(i) for i in range(NUM_KINDS))


def rank_of(card: int) -> int | None:
    return None if card >= SMALL_JOKER else card % 13


def suit_of(card: int) -> int | None:
    return None if card >= SMALL_JOKER else card // 13


@dataclass(frozen=True)
class RoundOrder:
    """The order of cards in one round of ``game`` at level rank ``level`` (0 = "2" …
    12 = "A") with trump suit ``trump`` (0..3 for ♠♥♣♦, or None for no trump)."""

    game: str
    level: int
    trump: int | None

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"unknown game {self.game!r}")

    # --- R-1.5 -------------------------------------------------------------------

    def is_level(self, card: int) -> bool:
        return card < SMALL_JOKER and rank_of(card) == self.level

    def is_changzhu(self, card: int) -> bool:
        """A shandong 常主 2, 3 or 5 that is not also the level rank (R-2.2)."""
        return (
            self.game == "shandong"
            and card < SMALL_JOKER
            and rank_of(card) in CHANGZHU_RANKS
            and rank_of(card) != self.level
        )

    def is_trump(self, card: int) -> bool:
        if card >= SMALL_JOKER or self.is_level(card) or self.is_changzhu(card):
            return True
        return self.trump is not None and suit_of(card) == self.trump

    def esuit(self, card: int) -> int:
        if self.is_trump(card):
            return TRUMP
        suit = suit_of(card)
        assert suit is not None
        return suit

    def is_ordinary(self, card: int) -> bool:
        """Not a joker, a level card nor a 常主 (R-3.5)."""
        return card < SMALL_JOKER and not self.is_level(card) and not self.is_changzhu(card)

    # --- R-2 ----------------------------------------------------------------------------

    def strength(self, card: int) -> int:
        """Larger is stronger; compare only cards of one effective suit (R-2.1, R-2.2).
        Equal numbers tie (R-2.3)."""
        if card == BIG_JOKER:
            return 300
        if card == SMALL_JOKER:
            return 290
        in_trump_suit = 1 if suit_of(card) == self.trump else 0
        if self.is_level(card):
            return 280 + in_trump_suit
        if self.is_changzhu(card):
            # R-2.2: 5 > 3 > 2; Decision: the trump-suit copy outranks the other suits' copies.
            tier = CHANGZHU_RANKS.index(card % 13)
            return 200 + 10 * tier + in_trump_suit
        rank = rank_of(card)
        assert rank is not None
        return rank  # ordinary cards: by printed rank, A high

    # --- – R-3.5 ------------------------------------------------------------------

    def _next_ordinary_rank(self, rank: int) -> int | None:
        """The next rank up in a suit's natural sequence with the level rank left out."""
        nxt = rank + 1
        if nxt == self.level:
            nxt += 1
        return nxt if nxt <= 12 else None

    def _top_ordinary_trump_rank(self) -> int:
        return 11 if self.level == 12 else 12  # A, or K when the level rank is A

    def adjacent(self, low: int, high: int) -> bool:
        """``high`` comes directly above ``low`` in a tractor (R-3.2 – R-3.5)."""
        if self.esuit(low) != self.esuit(high):
            return False
        both_ordinary = self.is_ordinary(low) and self.is_ordinary(high)
        same_suit = both_ordinary and suit_of(low) == suit_of(high)
        low_rank, high_rank = low % 13, high % 13  # meaningful for non-jokers only
        if self.game == "shandong":
            # consecutive numbers of ordinary cards only; Decision: no skipping.
            return same_suit and high_rank == low_rank + 1
        if same_suit:
            # the natural sequence of the suit without the level rank.
            return self._next_ordinary_rank(low_rank) == high_rank
        if low == SMALL_JOKER and high == BIG_JOKER:
            return True
        if self.game == "qidong":
            return False  # level cards are never in a tractor
        # Decision: top ordinary trump → each off-suit level → trump-suit level → LJ → BJ
        if self.trump is None:
            return self.is_level(low) and high == SMALL_JOKER
        if high == SMALL_JOKER:
            return self.is_level(low) and suit_of(low) == self.trump
        if self.is_level(high) and suit_of(high) == self.trump:
            return self.is_level(low) and suit_of(low) != self.trump
        if self.is_level(high):
            # read literally, only the off-suit level cards sit between the top
            # ordinary trump and the trump-suit level card; the top ordinary trump is not
            # adjacent to the trump-suit level card itself.
            return (
                self.is_ordinary(low)
                and suit_of(low) == self.trump
                and low_rank == self._top_ordinary_trump_rank()
            )
        return False

    @cached_property
    def successors(self) -> dict[int, tuple[Card, ...]]:
        """For each card, the cards directly above it (brute force over all pairs)."""
        return {a: tuple(b for b in ALL_CARDS if self.adjacent(a, b)) for a in ALL_CARDS}

    # --- display ------------------------------------------------------------------------

    def sort_key(self, card: int) -> tuple[int, int, int]:
        """Low to high: by effective suit, then strength, then printed suit."""
        suit = suit_of(card)
        return (self.esuit(card), self.strength(card), -1 if suit is None else suit)

    def show(self, cards: list[Card] | tuple[Card, ...]) -> str:
        return format_cards(sorted(cards, key=self.sort_key))

    def __str__(self) -> str:
        level = RANK_NAMES[self.level]
        trump = "无主" if self.trump is None else "♠♥♣♦"[self.trump]
        return f"{self.game} level {level} trump {trump}"

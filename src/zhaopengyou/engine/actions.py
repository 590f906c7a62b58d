"""The actions a player can take; :meth:`Round.apply` is their single entry point.

>>> Play.parse("♥A A K 10 10")
Play(cards=(Card('AH'), Card('AH'), Card('KH'), Card('10H'), Card('10H')), units=None)
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, parse_cards


@dataclass(frozen=True, slots=True)
class Bid:
    """Show cards to bid for trump (R-8.2, R-8.3) or to declare (R-8.4).

    ``kind`` is only used by `shandong`: ``liang`` (亮), ``ding`` (顶), ``zhan`` (粘, then
    :class:`GiveBack`) or ``add`` (a joker added to one's own declaration).
    """

    cards: tuple[Card, ...]
    kind: str | None = None

    @classmethod
    def parse(cls, text: str) -> Bid:
        return cls(tuple(parse_cards(text)))


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline to bid when polled in the closing window (R-8.1)."""


@dataclass(frozen=True, slots=True)
class Bury:
    """Put back as many cards as the kitty holds (R-7.1)."""

    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str) -> Bury:
        return cls(tuple(parse_cards(text)))


@dataclass(frozen=True, slots=True)
class CallFriend:
    """Name the friend's card (R-9.1, R-9.2), or go solo (独打, `qidong`)."""

    card: Card | None = None
    solo: bool = False


@dataclass(frozen=True, slots=True)
class Play:
    """Lead or follow. A leader may name the parse of a throw in ``units`` (R-4.2)."""

    cards: tuple[Card, ...]
    units: tuple[tuple[Card, ...], ...] | None = None

    @classmethod
    def parse(cls, text: str) -> Play:
        return cls(tuple(parse_cards(text)))


@dataclass(frozen=True, slots=True)
class GiveBack:
    """After a 粘, the sticker gives the declarer as many cards as were taken, at least
    one of them a 常主 (R-8.4, `shandong`)."""

    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str) -> GiveBack:
        return cls(tuple(parse_cards(text)))


@dataclass(frozen=True, slots=True)
class Swap:
    """The declarer swaps buried trumps for same-rank cards of other suits, one for one
    (R-8.4, `shandong`); ``pairs`` are (card from hand, card from kitty); may be empty."""

    pairs: tuple[tuple[Card, Card], ...] = ()


Action = Bid | Pass | Bury | CallFriend | Play | GiveBack | Swap

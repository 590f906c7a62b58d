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

    ``kind`` is only used by `shandong` (``liang``, ``ding``, ``zhan``, ``add``);
    ``returned`` are the cards a 粘 gives back to the declarer.
    """

    cards: tuple[Card, ...]
    kind: str | None = None
    returned: tuple[Card, ...] = ()

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


Action = Bid | Pass | Bury | CallFriend | Play

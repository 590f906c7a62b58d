"""The actions a player can take; :meth:`Round.apply` is their single entry point.

Each action converts to a JSON-ready dict with a ``kind`` and back:

>>> Play.parse("♥A A K 10 10")
Play(cards=(Card('AH'), Card('AH'), Card('KH'), Card('10H'), Card('10H')), units=None)
>>> Play.parse("♥A A K").to_dict()
{'kind': 'play', 'cards': ['AH', 'AH', 'KH'], 'units': None}
>>> action_from_dict({"kind": "bid", "cards": ["2H"], "bid_kind": None})
Bid(cards=(Card('2H'),), bid_kind=None)
>>> action_from_dict({"kind": "bury"})
Traceback (most recent call last):
...
zhaopengyou.engine.codec.DecodeError: cards: missing
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from .cards import Card, parse_cards
from .codec import (
    DecodeError,
    decode_bool,
    decode_card_pairs,
    decode_cards,
    decode_optional_card,
    decode_optional_card_groups,
    decode_optional_str,
    encode_card_groups,
    encode_cards,
    field,
    of_kind,
    require_dict,
)

A = TypeVar("A", bound="ActionCodec")


class ActionCodec:
    """``kind``, ``to_dict()`` and ``from_dict()`` shared by every action."""

    __slots__ = ()
    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, **self._fields_dict()}

    def _fields_dict(self) -> dict[str, Any]:
        return {}

    @classmethod
    def from_dict(cls: type[A], data: Mapping[str, Any]) -> A:
        return of_kind(action_from_dict(data), cls, cls.kind, data)


@dataclass(frozen=True, slots=True)
class Bid(ActionCodec):
    """Show cards to bid for trump (R-8.2, R-8.3) or to declare (R-8.4).

    ``bid_kind`` is only used by `shandong`: ``liang`` (亮), ``ding`` (顶), ``zhan`` (粘,
    then :class:`GiveBack`) or ``add`` (a joker added to one's own declaration).
    """

    kind: ClassVar[str] = "bid"
    cards: tuple[Card, ...]
    bid_kind: str | None = None

    @classmethod
    def parse(cls, text: str) -> Bid:
        return cls(tuple(parse_cards(text)))

    def _fields_dict(self) -> dict[str, Any]:
        return {"cards": encode_cards(self.cards), "bid_kind": self.bid_kind}


@dataclass(frozen=True, slots=True)
class Pass(ActionCodec):
    """Decline to bid when polled in the closing window (R-8.1)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Bury(ActionCodec):
    """Put back as many cards as the kitty holds (R-7.1)."""

    kind: ClassVar[str] = "bury"
    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str) -> Bury:
        return cls(tuple(parse_cards(text)))

    def _fields_dict(self) -> dict[str, Any]:
        return {"cards": encode_cards(self.cards)}


@dataclass(frozen=True, slots=True)
class CallFriend(ActionCodec):
    """Name the friend's card (R-9.1, R-9.2), or go solo (独打, `qidong`)."""

    kind: ClassVar[str] = "call_friend"
    card: Card | None = None
    solo: bool = False

    def _fields_dict(self) -> dict[str, Any]:
        return {"card": None if self.card is None else self.card.ascii, "solo": self.solo}


@dataclass(frozen=True, slots=True)
class Play(ActionCodec):
    """Lead or follow. A leader may name the parse of a throw in ``units`` (R-4.2)."""

    kind: ClassVar[str] = "play"
    cards: tuple[Card, ...]
    units: tuple[tuple[Card, ...], ...] | None = None

    @classmethod
    def parse(cls, text: str) -> Play:
        return cls(tuple(parse_cards(text)))

    def _fields_dict(self) -> dict[str, Any]:
        units = None if self.units is None else encode_card_groups(self.units)
        return {"cards": encode_cards(self.cards), "units": units}


@dataclass(frozen=True, slots=True)
class GiveBack(ActionCodec):
    """After a 粘, the sticker gives the declarer as many cards as were taken, at least
    one of them a 常主 (R-8.4, `shandong`)."""

    kind: ClassVar[str] = "give_back"
    cards: tuple[Card, ...]

    @classmethod
    def parse(cls, text: str) -> GiveBack:
        return cls(tuple(parse_cards(text)))

    def _fields_dict(self) -> dict[str, Any]:
        return {"cards": encode_cards(self.cards)}


@dataclass(frozen=True, slots=True)
class Swap(ActionCodec):
    """The declarer swaps buried trumps for same-rank cards of other suits, one for one
    (R-8.4, `shandong`); ``pairs`` are (card from hand, card from kitty); may be empty."""

    kind: ClassVar[str] = "swap"
    pairs: tuple[tuple[Card, Card], ...] = ()

    def _fields_dict(self) -> dict[str, Any]:
        return {"pairs": encode_card_groups(self.pairs)}


Action = Bid | Pass | Bury | CallFriend | Play | GiveBack | Swap

ACTION_KINDS: tuple[str, ...] = ("bid", "pass", "bury", "call_friend", "play", "give_back", "swap")


def action_from_dict(data: Mapping[str, Any]) -> Action:
    """The action a dict describes; raises :class:`DecodeError` naming the bad key."""
    data = require_dict(data, "action")
    kind = data.get("kind")
    if kind == "play":
        units = data.get("units")
        return Play(
            field(data, "cards", decode_cards, ""),
            None if units is None else decode_optional_card_groups(units, "units"),
        )
    if kind == "bid":
        return Bid(
            field(data, "cards", decode_cards, ""),
            decode_optional_str(data.get("bid_kind"), "bid_kind"),
        )
    if kind == "pass":
        return Pass()
    if kind == "bury":
        return Bury(field(data, "cards", decode_cards, ""))
    if kind == "call_friend":
        return CallFriend(
            decode_optional_card(data.get("card"), "card"),
            decode_bool(data.get("solo", False), "solo"),
        )
    if kind == "give_back":
        return GiveBack(field(data, "cards", decode_cards, ""))
    if kind == "swap":
        return Swap(field(data, "pairs", decode_card_pairs, ""))
    raise DecodeError("kind", f"unknown action kind {kind!r}; one of: {', '.join(ACTION_KINDS)}")

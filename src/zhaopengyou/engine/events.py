"""Events returned by :meth:`Round.apply` and :meth:`Round.deal_card`, so clients can
animate what happened.

Events are small named tuples (cheap to create on the hot path); each has a ``kind``.
Some carry cards that only one seat may see: :func:`for_seat` redacts them for
everyone else, and :func:`event_dict` turns an event into plain data.

>>> from zhaopengyou.engine.cards import Card
>>> e = CardDealt(seat=2, card=Card("AS"), dealt=3)
>>> for_seat(e, 2) == e, for_seat(e, 0).card
(True, None)
>>> event_dict(e)
{'kind': 'card_dealt', 'seat': 2, 'card': 'AS', 'dealt': 3}
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card


class CardDealt(NamedTuple):
    seat: int
    card: Card | None  # None when redacted
    dealt: int  # cards dealt to all seats so far

    @property
    def kind(self) -> str:
        return "card_dealt"


class BidMade(NamedTuple):
    seat: int
    cards: tuple[Card, ...]
    after_cards_dealt: int
    bid_kind: str | None = None

    @property
    def kind(self) -> str:
        return "bid"


class Passed(NamedTuple):
    seat: int

    @property
    def kind(self) -> str:
        return "pass"


class Redealt(NamedTuple):
    reason: str

    @property
    def kind(self) -> str:
        return "redeal"


class KittyTurned(NamedTuple):
    """No bid: the kitty is turned over in public to find the trump (R-8.2, R-8.3)."""

    cards: tuple[Card, ...]

    @property
    def kind(self) -> str:
        return "kitty_turned"


class TrumpDecided(NamedTuple):
    banker: int
    level_rank: int
    trump_suit: int | None
    source: str  # "bid" or "kitty"

    @property
    def kind(self) -> str:
        return "trump_decided"


class KittyTaken(NamedTuple):
    seat: int
    cards: tuple[Card, ...]  # empty when redacted

    @property
    def kind(self) -> str:
        return "kitty_taken"


class Buried(NamedTuple):
    seat: int
    cards: tuple[Card, ...]  # empty when redacted

    @property
    def kind(self) -> str:
        return "buried"


class FriendCalled(NamedTuple):
    seat: int
    card: Card | None
    solo: bool

    @property
    def kind(self) -> str:
        return "friend_called"


class CardsPlayed(NamedTuple):
    seat: int
    cards: tuple[Card, ...]
    trick: int  # 0-based trick index
    lead: bool

    @property
    def kind(self) -> str:
        return "played"


class ThrowFailed(NamedTuple):
    seat: int
    attempted: tuple[Card, ...]
    forced: tuple[Card, ...]
    rule: str

    @property
    def kind(self) -> str:
        return "throw_failed"


class FriendRevealed(NamedTuple):
    seat: int

    @property
    def kind(self) -> str:
        return "friend_revealed"


class TrickWon(NamedTuple):
    seat: int
    points: int
    trick: int

    @property
    def kind(self) -> str:
        return "trick_won"


class KittyRevealed(NamedTuple):
    """After the last trick the kitty is shown and any bonus applied (R-7.2, R-7.3)."""

    cards: tuple[Card, ...]
    points: int
    multiplier: int

    @property
    def kind(self) -> str:
        return "kitty_revealed"


class RoundScored(NamedTuple):
    attackers_points: int
    side: str
    k: int
    levels_after: tuple[int, ...] | None
    scores: tuple[int, ...]
    next_banker: int | None

    @property
    def kind(self) -> str:
        return "round_scored"


Event = (
    CardDealt
    | BidMade
    | Passed
    | Redealt
    | KittyTurned
    | TrumpDecided
    | KittyTaken
    | Buried
    | FriendCalled
    | CardsPlayed
    | ThrowFailed
    | FriendRevealed
    | TrickWon
    | KittyRevealed
    | RoundScored
)


def for_seat(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it (``None``: a spectator)."""
    if isinstance(event, CardDealt) and event.seat != seat:
        return event._replace(card=None)
    if isinstance(event, KittyTaken | Buried) and event.seat != seat:
        return event._replace(cards=())
    return event


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return value.ascii
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def event_dict(event: Event) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": event.kind}
    for name, value in zip(event._fields, event, strict=True):
        out[name] = _plain(value)
    return out

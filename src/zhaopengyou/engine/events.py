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
    cards: tuple[Card, ...]  # the cards shown
    after_cards_dealt: int
    bid_kind: str | None = None
    hidden: tuple[Card, ...] = ()  # `shandong`: the face-down pair, for the bidder only

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
    knowers: tuple[int, ...] | None = None  # `shandong`: only these seats see the suit

    @property
    def kind(self) -> str:
        return "trump_decided"


class DeclarationTaken(NamedTuple):
    """粘: the sticker takes the declaration's cards (R-8.4); seen by the two of them."""

    seat: int
    from_seat: int
    cards: tuple[Card, ...]

    @property
    def kind(self) -> str:
        return "declaration_taken"


class GivenBack(NamedTuple):
    """粘: the sticker gives as many cards back to the declarer (R-8.4)."""

    seat: int
    to_seat: int
    cards: tuple[Card, ...]

    @property
    def kind(self) -> str:
        return "given_back"


class Swapped(NamedTuple):
    """The declarer's same-rank swaps with the kitty (R-8.4); the cards stay private."""

    seat: int
    pairs: tuple[tuple[Card, Card], ...]

    @property
    def kind(self) -> str:
        return "swapped"


class TrumpRevealed(NamedTuple):
    """The hidden trump suit is shown after burying (R-8.4); ``cards`` is the pair, or
    empty when the declaration was 粘'd and the suit is only announced."""

    seat: int
    trump_suit: int | None
    cards: tuple[Card, ...]

    @property
    def kind(self) -> str:
        return "trump_revealed"


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
    | DeclarationTaken
    | GivenBack
    | Swapped
    | TrumpRevealed
)


def for_seat(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it (``None``: a spectator)."""
    if isinstance(event, CardDealt) and event.seat != seat:
        return event._replace(card=None)
    if isinstance(event, KittyTaken | Buried) and event.seat != seat:
        return event._replace(cards=())
    if isinstance(event, BidMade) and event.seat != seat and event.hidden:
        return event._replace(hidden=())
    if isinstance(event, TrumpDecided) and event.knowers is not None and seat not in event.knowers:
        return event._replace(trump_suit=None)
    if isinstance(event, DeclarationTaken) and seat not in (event.seat, event.from_seat):
        return event._replace(cards=())
    if isinstance(event, GivenBack) and seat not in (event.seat, event.to_seat):
        return event._replace(cards=())
    if isinstance(event, Swapped) and seat != event.seat:
        return event._replace(pairs=())
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

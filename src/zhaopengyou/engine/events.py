"""Events returned by :meth:`Round.apply` and :meth:`Round.deal_card`, so clients can
animate what happened.

Events are small named tuples (cheap to create on the hot path); each has a ``kind``
and ``seq``, its 1-based sequence number within the round. Some carry cards that only
one seat may see: :func:`for_seat` redacts them for everyone else. ``to_dict()`` and
``from_dict()`` convert them to JSON-ready data and back (RECORD.md card notation).

>>> from zhaopengyou.engine.cards import Card
>>> e = CardDealt(seat=2, card=Card("AS"), dealt=3, seq=3)
>>> for_seat(e, 2) == e, for_seat(e, 0).card
(True, None)
>>> e.to_dict()
{'kind': 'card_dealt', 'seat': 2, 'card': 'AS', 'dealt': 3, 'seq': 3}
>>> event_from_dict(e.to_dict()) == e
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, TypeVar, cast

from .cards import Card
from .codec import (
    DecodeError,
    decode_bool,
    decode_card_pairs,
    decode_cards,
    decode_int,
    decode_ints,
    decode_levels,
    decode_optional_card,
    decode_optional_int,
    decode_optional_ints,
    decode_optional_str,
    decode_rank,
    decode_str,
    decode_suit,
    encode_card_groups,
    encode_cards,
    encode_levels,
    encode_rank,
    encode_suit,
    field,
    of_kind,
    require_dict,
)

E = TypeVar("E", bound="EventCodec")


class EventCodec:
    """``to_dict()`` / ``from_dict()`` for every event class (mixed into each)."""

    __slots__ = ()
    kind: str

    def to_dict(self) -> dict[str, Any]:
        return event_to_dict(cast("Event", self))

    @classmethod
    def from_dict(cls: type[E], data: Mapping[str, Any]) -> E:
        return of_kind(event_from_dict(data), cls, cls.kind, data)


class CardDealt(
    NamedTuple("CardDealt", [("seat", int), ("card", Card | None), ("dealt", int), ("seq", int)]),
    EventCodec,
):
    """A card dealt to ``seat``; ``card`` is None for everyone else. ``dealt`` counts the
    cards dealt to all seats so far."""

    __slots__ = ()
    kind = "card_dealt"


class BidMade(
    NamedTuple(
        "BidMade",
        [
            ("seat", int),
            ("cards", tuple[Card, ...]),
            ("after_cards_dealt", int),
            ("bid_kind", str | None),
            ("hidden", tuple[Card, ...]),
            ("seq", int),
        ],
    ),
    EventCodec,
):
    """A bid or declaration: ``cards`` are shown; ``hidden`` (`shandong`'s face-down
    pair) only to the bidder (R-8.4)."""

    __slots__ = ()
    kind = "bid"


class Passed(NamedTuple("Passed", [("seat", int), ("seq", int)]), EventCodec):
    __slots__ = ()
    kind = "pass"


class Redealt(NamedTuple("Redealt", [("reason", str), ("seq", int)]), EventCodec):
    __slots__ = ()
    kind = "redeal"


class KittyTurned(
    NamedTuple("KittyTurned", [("cards", tuple[Card, ...]), ("seq", int)]), EventCodec
):
    """No bid: the kitty is turned over in public to find the trump (R-8.2, R-8.3)."""

    __slots__ = ()
    kind = "kitty_turned"


class TrumpDecided(
    NamedTuple(
        "TrumpDecided",
        [
            ("banker", int),
            ("level_rank", int),
            ("trump_suit", int | None),
            ("source", str),
            ("knowers", tuple[int, ...] | None),
            ("seq", int),
        ],
    ),
    EventCodec,
):
    """Bidding is over. ``source`` is "bid" or "kitty"; with ``knowers`` (`shandong`)
    only those seats see the suit, everyone else gets ``trump_suit`` None."""

    __slots__ = ()
    kind = "trump_decided"


class DeclarationTaken(
    NamedTuple(
        "DeclarationTaken",
        [("seat", int), ("from_seat", int), ("cards", tuple[Card, ...]), ("seq", int)],
    ),
    EventCodec,
):
    """粘: the sticker takes the declaration's cards (R-8.4); seen by the two of them."""

    __slots__ = ()
    kind = "declaration_taken"


class GivenBack(
    NamedTuple(
        "GivenBack", [("seat", int), ("to_seat", int), ("cards", tuple[Card, ...]), ("seq", int)]
    ),
    EventCodec,
):
    """粘: the sticker gives as many cards back to the declarer (R-8.4)."""

    __slots__ = ()
    kind = "given_back"


class Swapped(
    NamedTuple(
        "Swapped",
        [("seat", int), ("pairs", tuple[tuple[Card, Card], ...]), ("count", int), ("seq", int)],
    ),
    EventCodec,
):
    """The declarer's same-rank swaps with the kitty (R-8.4): everyone sees how many,
    only the declarer which cards."""

    __slots__ = ()
    kind = "swapped"


class TrumpRevealed(
    NamedTuple(
        "TrumpRevealed",
        [("seat", int), ("trump_suit", int | None), ("cards", tuple[Card, ...]), ("seq", int)],
    ),
    EventCodec,
):
    """The hidden trump suit is shown after burying (R-8.4); ``cards`` is the pair, or
    empty when the declaration was 粘'd and the suit is only announced."""

    __slots__ = ()
    kind = "trump_revealed"


class KittyTaken(
    NamedTuple("KittyTaken", [("seat", int), ("cards", tuple[Card, ...]), ("seq", int)]),
    EventCodec,
):
    """The kitty taker picks it up; ``cards`` is empty for everyone else."""

    __slots__ = ()
    kind = "kitty_taken"


class Buried(
    NamedTuple("Buried", [("seat", int), ("cards", tuple[Card, ...]), ("seq", int)]), EventCodec
):
    """The burial (R-7.1); ``cards`` is empty for everyone else."""

    __slots__ = ()
    kind = "buried"


class FriendCalled(
    NamedTuple(
        "FriendCalled", [("seat", int), ("card", Card | None), ("solo", bool), ("seq", int)]
    ),
    EventCodec,
):
    __slots__ = ()
    kind = "friend_called"


class CardsPlayed(
    NamedTuple(
        "CardsPlayed",
        [("seat", int), ("cards", tuple[Card, ...]), ("trick", int), ("lead", bool), ("seq", int)],
    ),
    EventCodec,
):
    """A play; ``trick`` is the 0-based trick index."""

    __slots__ = ()
    kind = "played"


class ThrowFailed(
    NamedTuple(
        "ThrowFailed",
        [
            ("seat", int),
            ("attempted", tuple[Card, ...]),
            ("forced", tuple[Card, ...]),
            ("rule", str),
            ("seq", int),
        ],
    ),
    EventCodec,
):
    __slots__ = ()
    kind = "throw_failed"


class FriendRevealed(NamedTuple("FriendRevealed", [("seat", int), ("seq", int)]), EventCodec):
    __slots__ = ()
    kind = "friend_revealed"


class TrickWon(
    NamedTuple("TrickWon", [("seat", int), ("points", int), ("trick", int), ("seq", int)]),
    EventCodec,
):
    __slots__ = ()
    kind = "trick_won"


class KittyRevealed(
    NamedTuple(
        "KittyRevealed",
        [("cards", tuple[Card, ...]), ("points", int), ("multiplier", int), ("seq", int)],
    ),
    EventCodec,
):
    """After the last trick the kitty is shown and any bonus applied (R-7.2, R-7.3)."""

    __slots__ = ()
    kind = "kitty_revealed"


class RoundScored(
    NamedTuple(
        "RoundScored",
        [
            ("attackers_points", int),
            ("side", str),
            ("k", int),
            ("levels_after", tuple[int, ...] | None),
            ("scores", tuple[int, ...]),
            ("next_banker", int | None),
            ("seq", int),
        ],
    ),
    EventCodec,
):
    __slots__ = ()
    kind = "round_scored"


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

EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        CardDealt,
        BidMade,
        Passed,
        Redealt,
        KittyTurned,
        TrumpDecided,
        KittyTaken,
        Buried,
        FriendCalled,
        CardsPlayed,
        ThrowFailed,
        FriendRevealed,
        TrickWon,
        KittyRevealed,
        RoundScored,
        DeclarationTaken,
        GivenBack,
        Swapped,
        TrumpRevealed,
    )
}


def for_seat(event: Event, seat: int | None) -> Event:
    """The event as ``seat`` may see it (``None``: a spectator)."""
    if type(event) is CardDealt:  # the commonest event, redacted without _replace's cost
        if event.seat == seat:
            return event
        redacted: Event = tuple.__new__(CardDealt, (event.seat, None, event.dealt, event.seq))
        return redacted
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


# --- JSON -------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    return value


def _encode_optional_ints(value: Any) -> Any:
    return None if value is None else list(value)


def _encode_optional_card(value: Any) -> Any:
    return None if value is None else value.ascii


# Each field name has one meaning in every event: (encode, decode, its JSON type), the
# last for schemas of the wire (docs/protocol.md; cards, ranks, suits as strings).
_FIELDS: dict[str, tuple[Callable[[Any], Any], Callable[[object, str], Any], object]] = {
    **dict.fromkeys(
        (
            "seat",
            "dealt",
            "after_cards_dealt",
            "trick",
            "seq",
            "banker",
            "from_seat",
            "to_seat",
            "points",
            "multiplier",
            "attackers_points",
            "k",
            "count",
        ),
        (_plain, decode_int, int),
    ),
    "next_banker": (_plain, decode_optional_int, int | None),
    "card": (_encode_optional_card, decode_optional_card, str | None),
    **dict.fromkeys(
        ("cards", "hidden", "forced", "attempted"), (encode_cards, decode_cards, list[str])
    ),
    "pairs": (encode_card_groups, decode_card_pairs, list[list[str]]),
    "level_rank": (encode_rank, decode_rank, str),
    "trump_suit": (encode_suit, decode_suit, str | None),
    "knowers": (_encode_optional_ints, decode_optional_ints, list[int] | None),
    "levels_after": (encode_levels, decode_levels, list[str] | None),
    "scores": (list, decode_ints, list[int]),
    "bid_kind": (_plain, decode_optional_str, str | None),
    **dict.fromkeys(("reason", "source", "rule", "side"), (_plain, decode_str, str)),
    **dict.fromkeys(("lead", "solo"), (_plain, decode_bool, bool)),
}


def event_json_types() -> dict[str, dict[str, object]]:
    """Each event kind's fields and their JSON types, ``kind`` apart: what a schema of
    the events is built from.

    >>> event_json_types()["pass"]
    {'seat': <class 'int'>, 'seq': <class 'int'>}
    """
    return {
        kind: {name: _FIELDS[name][2] for name in cls._fields} for kind, cls in EVENT_TYPES.items()
    }


def event_to_dict(event: Event) -> dict[str, Any]:
    """``{"kind": …, field: value, …}`` with cards, ranks and suits in RECORD.md notation."""
    out: dict[str, Any] = {"kind": event.kind}
    for name, value in zip(event._fields, event, strict=True):
        out[name] = _FIELDS[name][0](value)
    return out


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """The event a dict describes; raises :class:`DecodeError` naming the bad key."""
    data = require_dict(data, "event")
    kind = data.get("kind")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise DecodeError("kind", f"unknown event kind {kind!r}")
    values = [field(data, name, _FIELDS[name][1], "") for name in cls._fields]
    event: Event = tuple.__new__(cls, values)
    return event

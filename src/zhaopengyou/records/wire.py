"""The `zpy-record/1` round object (../shared/RECORD.md), declared once: what
:func:`~zhaopengyou.records.record.round_record` writes and the server's
``GET /api/rounds/{id}/record`` answers; the browser client's types are generated from it.

RECORD.md allows extra keys, so every form here admits them. Suits are in the engine's
order:

>>> from zhaopengyou.engine.cards import SUIT_LETTERS
>>> "".join(RECORD_SUITS) == SUIT_LETTERS
True
"""

from __future__ import annotations

from typing import Literal, NotRequired, get_args

from pydantic import ConfigDict, with_config

# typing_extensions' TypedDict: pydantic reads it on Python 3.11 (the server's schemas).
from typing_extensions import TypedDict

_OPEN = ConfigDict(extra="allow")
RecordSuit = Literal["S", "H", "C", "D"]
RECORD_SUITS: tuple[RecordSuit, ...] = ("S", "H", "C", "D")  # in the engine's suit order
RecordBidKind = Literal["liang", "ding", "zhan", "add"]  # 亮, 顶, 粘, a joker added
BID_KINDS: dict[str, RecordBidKind] = {kind: kind for kind in get_args(RecordBidKind)}


@with_config(_OPEN)
class RecordBid(TypedDict):
    """A bid; ``shandong`` adds its ``kind``, and a 粘 (``zhan``) what it took and gave back."""

    seat: int
    cards: list[str]
    after_cards_dealt: int
    kind: NotRequired[RecordBidKind]
    from_seat: NotRequired[int]
    taken: NotRequired[list[str]]
    returned: NotRequired[list[str]]


@with_config(_OPEN)
class RecordPlay(TypedDict):
    """A seat's cards in a trick; a failed throw's leader adds the whole throw."""

    seat: int
    cards: list[str]
    attempted: NotRequired[list[str]]
    attempted_units: NotRequired[list[list[str]]]


@with_config(_OPEN)
class RecordTrick(TypedDict):
    leader: int
    plays: list[RecordPlay]
    units: NotRequired[list[list[str]]]
    winner: int
    points: int


@with_config(_OPEN)
class RecordSwap(TypedDict):
    from_hand: str
    from_kitty: str


@with_config(_OPEN)
class CalledCard(TypedDict):
    card: str


@with_config(_OPEN)
class CalledSolo(TypedDict):
    solo: Literal[True]


@with_config(_OPEN)
class RecordEvent(TypedDict):
    """A room event of the round: a 强退, a seat given to a bot (托管), a player back."""

    kind: Literal["quit", "bot", "back"]
    seat: int
    after_trick: int


@with_config(_OPEN)
class RecordDict(TypedDict):
    """One finished round (RECORD.md § Round object)."""

    format: Literal["zpy-record/1"]
    preset: str
    options: dict[str, int | str | bool]
    seed: int | None
    round: int
    players: list[str]
    levels_before: list[str] | None
    dealer: int
    banker: int
    level_rank: str
    deal: list[list[str]]
    kitty: list[str]
    bids: list[RecordBid]
    trump_suit: RecordSuit | None
    bid_count: int
    buried_by: int
    buried: list[str]
    swaps: list[RecordSwap]
    friend_call: CalledCard | CalledSolo | None
    friend: int | None
    tricks: list[RecordTrick]
    kitty_points: int
    kitty_multiplier: int
    attackers_points: int
    levels_after: list[str] | None
    next_banker: int | None
    scores: list[int]
    penalties: list[int]
    events: list[RecordEvent]
    match_over: bool
    redeals: NotRequired[int]  # deals thrown in before this one (R-8.2, R-8.3: an extra key)

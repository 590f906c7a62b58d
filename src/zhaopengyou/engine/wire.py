"""The JSON forms of the engine's values (docs/round-format.md), each declared once.

Each ``to_dict()`` returns one of these, so the type checker holds every key and value
to its declaration, and the schemas of the wire (the server's protocol, the browser
client's generated types) are derived from them: a field exists in one place. Cards are
in RECORD.md notation (``"10H"``, ``"LJ"``), ranks ``"2"`` … ``"A"``, suits ``"S"``,
``"H"``, ``"C"``, ``"D"`` and ``"trump"`` for the effective suit of trumps.
"""

from __future__ import annotations

from typing import Literal, NotRequired

# typing_extensions' TypedDict: pydantic reads it on Python 3.11 (the server's schemas).
from typing_extensions import TypedDict

PhaseName = Literal["deal", "bid", "bury", "swap", "call", "play", "done"]
ActionKind = Literal["bid", "pass", "bury", "call_friend", "play", "give_back", "swap"]


class ShapeDict(TypedDict):
    """The format of a lead's unit: ``tuple`` (width 1 a single, 2 a pair …) or
    ``tractor`` of ``length`` tuples, ``extra`` for 山东's rain/thunder combos."""

    kind: str
    width: int
    length: int
    extra: int


class UnitDict(TypedDict):
    """How the engine reads cards as a unit (``View.describe``)."""

    kind: str
    width: int
    length: int
    top: str
    cards: list[str]
    doubled: int


class PlayDict(TypedDict):
    """One seat's play in a trick; a failed throw keeps what was ``attempted``."""

    seat: int
    cards: list[str]
    attempted: NotRequired[list[str]]
    attempted_units: NotRequired[list[list[str]]]


class TrickDict(TypedDict):
    leader: int
    plays: list[PlayDict]
    units: list[list[str]]
    lead_suit: str
    winner: int
    points: int


class BidDict(TypedDict):
    """A bid as a seat may see it (R-8.4: a face-down pair, a 粘's exchange)."""

    seat: int
    cards: list[str]
    after_cards_dealt: int
    kind: str | None
    from_seat: int | None
    taken: list[str]
    returned: list[str]


class ResultDict(TypedDict):
    """A scored round (R-7, R-9, R-10)."""

    attackers_points: int
    trick_points: int
    kitty: list[str]
    kitty_points: int
    kitty_multiplier: int
    kitty_bonus: int
    side: str
    k: int
    banker_side: list[int]
    levels_after: list[str] | None
    scores: list[int]
    penalties: list[int]
    next_banker: int | None
    bank_held_at_top: bool


class ViewDict(TypedDict):
    """Everything one seat (``seat`` null: a spectator) may know of a round."""

    kind: Literal["view"]
    seat: int | None
    preset: str
    options: dict[str, int | str | bool]
    phase: PhaseName
    round: int
    dealer: int
    banker: int | None
    levels: list[str] | None
    level_rank: str
    trump_suit: str | None
    hand: list[str]
    hand_sizes: list[int]
    cards_dealt: int
    bids: list[BidDict]
    to_act: int | None
    may: list[ActionKind]
    buried: list[str]
    declarer: int | None
    must_give_back: int
    kitty_trumps: list[str]
    swaps: list[list[str]]
    swap_count: int
    kitty_turned: list[str]
    friend_call: str | None
    solo: bool
    friend: int | None
    tricks: list[TrickDict]
    current: list[PlayDict]
    lead_units: list[list[str]]
    lead_shapes: list[ShapeDict]
    lead_suit: str | None
    points_won: list[int]
    penalties: list[int]
    result: ResultDict | None


class BidActionDict(TypedDict):
    kind: Literal["bid"]
    cards: list[str]
    bid_kind: str | None


class PassActionDict(TypedDict):
    kind: Literal["pass"]


class BuryActionDict(TypedDict):
    kind: Literal["bury"]
    cards: list[str]


class CallFriendActionDict(TypedDict):
    """A friend call: a card (R-9.1), or ``solo`` with ``card`` null (独打, R-9.2)."""

    kind: Literal["call_friend"]
    card: str | None
    solo: bool


class PlayActionDict(TypedDict):
    """A play; ``units`` optionally names how a throw's cards divide (R-4.2)."""

    kind: Literal["play"]
    cards: list[str]
    units: list[list[str]] | None


class GiveBackActionDict(TypedDict):
    kind: Literal["give_back"]
    cards: list[str]


class SwapActionDict(TypedDict):
    """山东's swaps with the kitty: ``[from_hand, from_kitty]`` pairs (R-8.4)."""

    kind: Literal["swap"]
    pairs: list[list[str]]


ActionDict = (
    BidActionDict
    | PassActionDict
    | BuryActionDict
    | CallFriendActionDict
    | PlayActionDict
    | GiveBackActionDict
    | SwapActionDict
)

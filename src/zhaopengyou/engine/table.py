"""What lies on the table: the round's phase, the plays of a trick, finished tricks and
the round's result, with their JSON codecs.

These plain types are shared by the round, the presets' rule hooks and the views, so
they live below all three.

>>> from zhaopengyou.engine.cards import Card
>>> PlayRecord(2, (Card("AS"),))
PlayRecord(seat=2, cards=(Card('AS'),), attempted=None, attempted_units=None)
>>> Phase("play") is PLAY
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal, NamedTuple

from .cards import TRUMP, Card
from .codec import (
    DecodeError,
    decode_bool,
    decode_cards,
    decode_int,
    decode_ints,
    decode_levels,
    decode_optional_card_groups,
    decode_optional_cards,
    decode_optional_int,
    encode_card_groups,
    encode_cards,
    encode_levels,
    field,
    require_dict,
    require_list,
    seat_decoder,
)
from .units import Shape, Unit, format_of
from .wire import PlayDict, ResultDict, TrickDict

Side = Literal["banker", "attackers", "stepdown"]
SIDES: tuple[Side, ...] = ("banker", "attackers", "stepdown")


class Phase(StrEnum):
    DEAL = "deal"  # cards are dealt one by one; anyone may bid
    BID = "bid"  # the closing bid window polls seats in order
    BURY = "bury"  # the kitty taker buries
    SWAP = "swap"  # `shandong`: the declarer swaps with the kitty, then shows
    CALL = "call"  # the banker calls a friend
    PLAY = "play"  # tricks
    DONE = "done"  # scored


# Module constants: reading an enum member through its class is slow on the hot path.
DEAL, BID, BURY, SWAP, CALL, PLAY, DONE = (
    Phase.DEAL,
    Phase.BID,
    Phase.BURY,
    Phase.SWAP,
    Phase.CALL,
    Phase.PLAY,
    Phase.DONE,
)


def decode_phase(value: object, key: str) -> Phase:
    if isinstance(value, str):
        for phase in Phase:
            if phase.value == value:
                return phase
    raise DecodeError(key, f"{value!r} is not a phase ({', '.join(Phase)})")


class PlayRecord(NamedTuple):
    """One seat's play in a trick. For a failed throw (R-4.4) ``attempted`` is the whole
    throw and ``attempted_units`` the parse the leader named for it, if any."""

    seat: int
    cards: tuple[Card, ...]
    attempted: tuple[Card, ...] | None = None
    attempted_units: tuple[tuple[Card, ...], ...] | None = None


class Trick(NamedTuple):
    """A finished trick: RECORD.md trick object."""

    leader: int
    plays: tuple[PlayRecord, ...]
    units: tuple[Unit, ...]  # the lead's format
    lead_suit: int
    winner: int
    points: int

    @property
    def shapes(self) -> tuple[Shape, ...]:
        return format_of(self.units)

    def to_dict(self) -> TrickDict:
        return {
            "leader": self.leader,
            "plays": [play_to_dict(p) for p in self.plays],
            "units": [encode_cards(u.cards) for u in self.units],
            "lead_suit": encode_effective_suit(self.lead_suit),
            "winner": self.winner,
            "points": self.points,
        }


UnitReader = Callable[[Sequence[Card]], Unit | None]


def play_to_dict(play: PlayRecord) -> PlayDict:
    """RECORD.md play entry: ``seat``, ``cards``, and for a failed throw ``attempted``
    (and ``attempted_units`` when the leader named its parse)."""
    out: PlayDict = {"seat": play.seat, "cards": encode_cards(play.cards)}
    if play.attempted is not None:
        out["attempted"] = encode_cards(play.attempted)
    if play.attempted_units is not None:
        out["attempted_units"] = encode_card_groups(play.attempted_units)
    return out


def play_from_dict(data: object, key: str, players: int) -> PlayRecord:
    data = require_dict(data, key)
    return PlayRecord(
        field(data, "seat", seat_decoder(players), key),
        field(data, "cards", decode_cards, key),
        decode_optional_cards(data.get("attempted"), f"{key}.attempted"),
        decode_optional_card_groups(data.get("attempted_units"), f"{key}.attempted_units"),
    )


def read_units(data: object, key: str, read: UnitReader) -> tuple[Unit, ...]:
    """Units from card lists, each read as the one unit it forms."""
    units = []
    for index, group in enumerate(require_list(data, key)):
        cards = decode_cards(group, f"{key}[{index}]")
        unit = read(cards)
        if unit is None:
            raise DecodeError(f"{key}[{index}]", "these cards are not one unit")
        units.append(unit)
    return tuple(units)


def trick_from_dict(data: object, key: str, players: int, read: UnitReader) -> Trick:
    data = require_dict(data, key)
    plays = tuple(
        play_from_dict(p, f"{key}.plays[{i}]", players)
        for i, p in enumerate(field(data, "plays", require_list, key))
    )
    return Trick(
        field(data, "leader", seat_decoder(players), key),
        plays,
        field(data, "units", lambda v, k: read_units(v, k, read), key),
        field(data, "lead_suit", decode_effective_suit, key),
        field(data, "winner", seat_decoder(players), key),
        field(data, "points", decode_int, key),
    )


def encode_effective_suit(suit: int) -> str:
    """An effective suit (R-1.5): ``"S"`` … ``"D"``, or ``"trump"``."""
    return "trump" if suit == TRUMP else "SHCD"[suit]


def decode_effective_suit(value: object, key: str) -> int:
    if value == "trump":
        return TRUMP
    if isinstance(value, str) and len(value) == 1 and value in "SHCD":
        return "SHCD".index(value)
    raise DecodeError(key, f"{value!r} is not an effective suit (S, H, C, D or trump)")


class Band(NamedTuple):
    """The result band of R-9.4: which side gained and how many levels (k)."""

    side: Side
    k: int


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The outcome of a round (R-7.2, R-9.3 – R-10)."""

    attackers_points: int  # X of
    trick_points: int  # points of the tricks the attackers won
    kitty: tuple[Card, ...]
    kitty_points: int
    kitty_multiplier: int  # 0 when the banker's side won the last trick
    band: Band
    banker_side: tuple[int, ...]
    levels_after: tuple[int, ...] | None
    scores: tuple[int, ...]
    penalties: tuple[int, ...]
    next_banker: int | None
    bank_held_at_top: bool  # a fixed team held the bank at the top of the ladder
    kitty_bonus: int  # what the kitty did to X: + for 扣底, − for 保底, 0 kept

    def to_dict(self) -> ResultDict:
        return {
            "attackers_points": self.attackers_points,
            "trick_points": self.trick_points,
            "kitty": encode_cards(self.kitty),
            "kitty_points": self.kitty_points,
            "kitty_multiplier": self.kitty_multiplier,
            "kitty_bonus": self.kitty_bonus,
            "side": self.band.side,
            "k": self.band.k,
            "banker_side": list(self.banker_side),
            "levels_after": encode_levels(self.levels_after),
            "scores": list(self.scores),
            "penalties": list(self.penalties),
            "next_banker": self.next_banker,
            "bank_held_at_top": self.bank_held_at_top,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], key: str = "result") -> RoundResult:
        data = require_dict(data, key)
        side = field(data, "side", _side, key)
        return cls(
            field(data, "attackers_points", decode_int, key),
            field(data, "trick_points", decode_int, key),
            field(data, "kitty", decode_cards, key),
            field(data, "kitty_points", decode_int, key),
            field(data, "kitty_multiplier", decode_int, key),
            Band(side, field(data, "k", decode_int, key)),
            field(data, "banker_side", decode_ints, key),
            field(data, "levels_after", decode_levels, key),
            field(data, "scores", decode_ints, key),
            field(data, "penalties", decode_ints, key),
            field(data, "next_banker", decode_optional_int, key),
            field(data, "bank_held_at_top", decode_bool, key),
            field(data, "kitty_bonus", decode_int, key),
        )


def _side(value: object, key: str) -> Side:
    for side in SIDES:
        if value == side:
            return side
    raise DecodeError(key, f"{value!r} is not one of {', '.join(SIDES)}")

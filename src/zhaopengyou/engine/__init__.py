"""The pure rules engine: cards, presets, units, legality, tricks, scoring, rounds.

No I/O and no randomness except an injected :class:`random.Random`.
"""

from .actions import Action, Bid, Bury, CallFriend, GiveBack, Pass, Play, Swap, action_from_dict
from .cards import (
    BIG_JOKER,
    CARDS,
    SMALL_JOKER,
    TRUMP,
    Card,
    CardParseError,
    format_cards,
    parse_cards,
)
from .codec import DecodeError
from .errors import (
    EngineError,
    IllegalAction,
    InvalidOption,
    MalformedAction,
    NotYourTurn,
    WrongPhase,
)
from .events import Event, event_from_dict
from .match import Match
from .ordering import Ordering
from .presets import PRESETS, Preset, get_preset, parse_option_values
from .round import Expected, HistoryError, Round
from .snapshot import SnapshotError
from .table import Phase, PlayRecord, RoundResult, Trick
from .units import Shape, Unit, UnitInfo
from .view import View

__all__ = [
    "BIG_JOKER",
    "CARDS",
    "PRESETS",
    "SMALL_JOKER",
    "TRUMP",
    "Action",
    "Bid",
    "Bury",
    "CallFriend",
    "Card",
    "CardParseError",
    "DecodeError",
    "EngineError",
    "Event",
    "Expected",
    "GiveBack",
    "HistoryError",
    "IllegalAction",
    "InvalidOption",
    "MalformedAction",
    "Match",
    "NotYourTurn",
    "Ordering",
    "Pass",
    "Phase",
    "Play",
    "PlayRecord",
    "Preset",
    "Round",
    "RoundResult",
    "Shape",
    "SnapshotError",
    "Swap",
    "Trick",
    "Unit",
    "UnitInfo",
    "View",
    "WrongPhase",
    "action_from_dict",
    "event_from_dict",
    "format_cards",
    "get_preset",
    "parse_cards",
    "parse_option_values",
]

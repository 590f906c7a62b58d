"""The pure rules engine: cards, presets, units, legality, tricks, scoring, rounds.

No I/O and no randomness except an injected :class:`random.Random`.
"""

from .actions import Action, Bid, Bury, CallFriend, GiveBack, Pass, Play, Swap
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
from .errors import (
    EngineError,
    IllegalAction,
    InvalidOption,
    MalformedAction,
    NotYourTurn,
    WrongPhase,
)
from .events import Event
from .ordering import Ordering
from .presets import PRESETS, Preset, get_preset, parse_option_values
from .round import Round, RoundResult
from .units import Shape, Unit
from .view import Phase, PlayRecord, Trick, View

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
    "EngineError",
    "Event",
    "GiveBack",
    "IllegalAction",
    "InvalidOption",
    "MalformedAction",
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
    "Swap",
    "Trick",
    "Unit",
    "View",
    "WrongPhase",
    "format_cards",
    "get_preset",
    "parse_cards",
    "parse_option_values",
]

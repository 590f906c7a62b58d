"""JSON codecs shared by actions, events, views and snapshots: cards in RECORD.md
notation (``"10H"``, ``"LJ"``), ranks as ``"2"`` … ``"A"``, suits as ``"S"`` … ``"D"``.

Every decoder names the key it was reading when the data is wrong, with a
:class:`DecodeError`, so a bad message or file is reported precisely and nothing is
built from it.

>>> decode_cards(["AS", "10H"], "hand")
(Card('AS'), Card('10H'))
>>> decode_cards(["AS", "1X"], "hand")
Traceback (most recent call last):
...
zhaopengyou.engine.codec.DecodeError: hand[1]: '1X' is not a card
>>> encode_rank(12), decode_rank("A", "level_rank")
('A', 12)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from .cards import CARDS, RANK_NAMES, SUIT_LETTERS, Card, to_ascii_list
from .errors import EngineError

T = TypeVar("T")

_CARD_BY_ASCII: dict[str, Card] = {card.ascii: card for card in CARDS}


class DecodeError(EngineError, ValueError):
    """Data that cannot be decoded: ``key`` names where (``"hands[2][5]"``), ``reason``
    says what is wrong."""

    def __init__(self, key: str, reason: str) -> None:
        super().__init__(f"{key}: {reason}" if key else reason)
        self.key = key
        self.reason = reason


encode_cards = to_ascii_list


def decode_card(value: object, key: str) -> Card:
    card = _CARD_BY_ASCII.get(value) if isinstance(value, str) else None
    if card is None:
        raise DecodeError(key, f"{value!r} is not a card")
    return card


def decode_cards(value: object, key: str) -> tuple[Card, ...]:
    items = require_list(value, key)
    by_ascii = _CARD_BY_ASCII
    out = []
    for index, item in enumerate(items):
        card = by_ascii.get(item) if isinstance(item, str) else None
        if card is None:
            raise DecodeError(f"{key}[{index}]", f"{item!r} is not a card")
        out.append(card)
    return tuple(out)


def decode_optional_card(value: object, key: str) -> Card | None:
    return None if value is None else decode_card(value, key)


def decode_optional_cards(value: object, key: str) -> tuple[Card, ...] | None:
    return None if value is None else decode_cards(value, key)


def encode_card_groups(groups: Iterable[Iterable[int]]) -> list[list[str]]:
    return [encode_cards(group) for group in groups]


def decode_card_groups(value: object, key: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(
        decode_cards(group, f"{key}[{i}]") for i, group in enumerate(require_list(value, key))
    )


def decode_optional_card_groups(value: object, key: str) -> tuple[tuple[Card, ...], ...] | None:
    return None if value is None else decode_card_groups(value, key)


def decode_card_pairs(value: object, key: str) -> tuple[tuple[Card, Card], ...]:
    pairs = []
    for index, group in enumerate(decode_card_groups(value, key)):
        if len(group) != 2:
            raise DecodeError(f"{key}[{index}]", "expected two cards")
        pairs.append((group[0], group[1]))
    return tuple(pairs)


def encode_rank(rank: int) -> str:
    return RANK_NAMES[rank]


def decode_rank(value: object, key: str) -> int:
    if not isinstance(value, str) or value not in RANK_NAMES:
        raise DecodeError(key, f"{value!r} is not a rank (2 … A)")
    return RANK_NAMES.index(value)


def encode_levels(levels: Sequence[int] | None) -> list[str] | None:
    return None if levels is None else [RANK_NAMES[level] for level in levels]


def decode_levels(value: object, key: str) -> tuple[int, ...] | None:
    if value is None:
        return None
    return tuple(
        decode_rank(item, f"{key}[{i}]") for i, item in enumerate(require_list(value, key))
    )


def encode_suit(suit: int | None) -> str | None:
    return None if suit is None else SUIT_LETTERS[suit]


def decode_suit(value: object, key: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 1 or value not in SUIT_LETTERS:
        raise DecodeError(key, f"{value!r} is not a suit (S, H, C, D or null)")
    return SUIT_LETTERS.index(value)


def encode_rng(rng: random.Random) -> dict[str, Any]:
    """A generator's state as JSON-ready data."""
    version, internal, gauss = rng.getstate()
    return {"version": version, "internal": list(internal), "gauss_next": gauss}


def decode_rng(value: object, key: str) -> random.Random:
    """A generator in the state :func:`encode_rng` wrote."""
    state = require_dict(value, key)
    version = field(state, "version", decode_int, key)
    internal = field(state, "internal", decode_ints, key)
    gauss = state.get("gauss_next")
    if gauss is not None and not isinstance(gauss, float):
        raise DecodeError(f"{key}.gauss_next", "expected a number or null")
    rng = random.Random()
    try:
        rng.setstate((version, internal, gauss))
    except (TypeError, ValueError) as err:
        raise DecodeError(key, f"not a generator state ({err})") from None
    return rng


# --- plain values -----------------------------------------------------------------------


def require_dict(value: object, key: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise DecodeError(key, f"expected an object, got {type(value).__name__}")
    return value


def require_list(value: object, key: str) -> Sequence[Any]:
    if not isinstance(value, list | tuple):
        raise DecodeError(key, f"expected a list, got {type(value).__name__}")
    return value


def decode_int(value: object, key: str) -> int:
    if type(value) is not int:  # bools are not numbers here
        raise DecodeError(key, f"expected a whole number, got {value!r}")
    return value


def decode_optional_int(value: object, key: str) -> int | None:
    return None if value is None else decode_int(value, key)


def decode_ints(value: object, key: str) -> tuple[int, ...]:
    return tuple(decode_int(item, f"{key}[{i}]") for i, item in enumerate(require_list(value, key)))


def decode_optional_ints(value: object, key: str) -> tuple[int, ...] | None:
    return None if value is None else decode_ints(value, key)


def decode_bool(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise DecodeError(key, f"expected true or false, got {value!r}")
    return value


def decode_str(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise DecodeError(key, f"expected a string, got {value!r}")
    return value


def decode_optional_str(value: object, key: str) -> str | None:
    return None if value is None else decode_str(value, key)


def of_kind(value: object, cls: type[T], kind: str, data: Mapping[str, Any]) -> T:
    """``value`` (decoded from ``data``) when it is a ``cls``; else the error a typed
    ``from_dict`` gives for a dict of another kind."""
    if not isinstance(value, cls):
        raise DecodeError("kind", f"expected {kind!r}, got {data.get('kind')!r}")
    return value


def field(data: Mapping[str, Any], name: str, decode: Callable[[object, str], T], where: str) -> T:
    """``data[name]`` decoded; a missing key is an error naming it."""
    key = f"{where}.{name}" if where else name
    if name not in data:
        raise DecodeError(key, "missing")
    return decode(data[name], key)


def seat_in(value: object, key: str, players: int) -> int:
    seat = decode_int(value, key)
    if not 0 <= seat < players:
        raise DecodeError(key, f"no seat {seat} in a {players}-player game")
    return seat


def seat_decoder(players: int) -> Callable[[object, str], int]:
    """A decoder of seats 0 … players − 1, for :func:`field`."""
    return lambda value, key: seat_in(value, key, players)


def optional_seat_decoder(players: int) -> Callable[[object, str], int | None]:
    """A decoder of a seat or null, for :func:`field`."""
    return lambda value, key: None if value is None else seat_in(value, key, players)

"""Reading and validating `zpy-record/1` files (RECORD.md).

A file may hold one JSON object, a JSON array of objects, or JSON Lines (one round per
line). Every round is checked against RECORD.md: required keys, their types, card
tokens, ranks and seats. A problem raises :class:`RecordError` naming the file line and
the key, e.g. ``game.jsonl, line 3, key tricks[4].plays[1].cards[0]: "11H" is not a card``.

>>> validate_record({"format": "zpy-record/1"})
Traceback (most recent call last):
...
zhaopengyou.records.reader.RecordError: key preset: missing
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, NoReturn, Protocol, runtime_checkable

from ..engine.cards import CARDS, RANK_NAMES, SUIT_LETTERS, to_ascii_list
from ..engine.errors import InvalidOption
from ..engine.presets import get_preset
from ..i18n import tr

FORMAT: Final = "zpy-record/1"
CARD_TOKENS = frozenset(to_ascii_list(CARDS))
EVENT_KINDS = ("quit", "bot", "back")
_SHOWN_VALUE_LIMIT = 60


@runtime_checkable
class Localized(Protocol):
    """A part of a message that is written differently per language or per reader."""

    # No defaults: nothing a mutation tool would rewrite into extra protocol members.
    def render(self, lang: str, first_seat: int) -> str: ...


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat number in a message: people count seats from 1 (1号位), while records and
    machine output count from 0; ``first_seat`` says which.

    >>> Seat(2).render(), Seat(2).render(first_seat=0)
    ('3', '2')
    """

    index: int

    def render(self, lang: str = "en", first_seat: int = 1) -> str:
        return str(self.index + first_seat)


@dataclass(frozen=True, slots=True)
class Message:
    """An English template with named fields, translated on demand with :func:`tr`.

    A field that is itself :class:`Localized` (a :class:`Message`, a :class:`Seat`) is
    rendered too, so a sentence can embed, say, an engine rejection in the user's
    language.

    >>> Message("seat {seat}", {"seat": Seat(0)}).render("zh-Hans")
    '1 号位'
    """

    template: str
    params: dict[str, Any] = field(default_factory=dict)

    def render(self, lang: str = "en", first_seat: int = 1) -> str:
        """The message in ``lang`` (``zh-Hans``, ``zh-Hant`` or ``en``), seats counted
        from ``first_seat`` (1 for people, 0 for machine output)."""
        params = {
            name: value.render(lang, first_seat) if isinstance(value, Localized) else value
            for name, value in self.params.items()
        }
        return tr(self.template, lang, **params)

    def __str__(self) -> str:
        return self.render("en")


class RecordError(ValueError):
    """A record that does not follow RECORD.md, or a file that is not JSON.

    ``file``, ``line`` and ``key`` locate the problem (each may be unknown);
    :meth:`describe` renders it in an interface language.
    """

    def __init__(
        self,
        problem: Message,
        *,
        key: str | None = None,
        line: int | None = None,
        file: str | None = None,
    ) -> None:
        self.problem = problem
        self.key = key
        self.line = line
        self.file = file
        super().__init__(self.describe("en"))

    def describe(self, lang: str = "en") -> str:
        """Where and what, in ``lang``."""
        parts = []
        if self.file is not None:
            parts.append(self.file)
        if self.line is not None:
            parts.append(tr("line {line}", lang, line=self.line))
        if self.key is not None:
            parts.append(tr("key {key}", lang, key=self.key))
        if not parts:
            return self.problem.render(lang)
        location = tr(", ", lang).join(parts)
        return tr(
            "{location}: {problem}", lang, location=location, problem=self.problem.render(lang)
        )


def show_value(value: object) -> str:
    """A value as compact JSON for messages, shortened when long."""
    try:
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(value)
    if len(text) > _SHOWN_VALUE_LIMIT:
        text = text[: _SHOWN_VALUE_LIMIT - 1] + "…"
    return text


# --- reading --------------------------------------------------------------------------


def read_records(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """All rounds of a record file, validated; raises :class:`RecordError` (or
    :class:`OSError` when the file cannot be read)."""
    name = str(path)
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise RecordError(
            Message("the file is not UTF-8 text"),
            line=data.count(b"\n", 0, err.start) + 1,
            file=name,
        ) from None
    if not text.strip():
        raise RecordError(Message("the file is empty"), file=name)
    located = (
        _split_json_lines(text, name)
        if _looks_like_json_lines(text)
        else _parse_document(text, name)
    )
    return [validate_record(record, line=line, file=name) for line, record in located]


def _looks_like_json_lines(text: str) -> bool:
    """JSON Lines start with a whole object on the first line; a pretty-printed
    document starts with a lone ``{`` or with ``[``."""
    first = next(line.strip() for line in text.split("\n") if line.strip())
    return first.startswith("{") and first != "{"


def _split_json_lines(text: str, name: str) -> list[tuple[int, object]]:
    located: list[tuple[int, object]] = []
    # Only "\n" ends a line: JSON text may hold U+2028 and other characters that
    # str.splitlines() would also break at.
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            located.append((number, json.loads(line)))
        except json.JSONDecodeError as err:
            raise _json_error(err, name, number) from None
    return located


def _parse_document(text: str, name: str) -> list[tuple[int, object]]:
    """One JSON value: an object (one round) or an array (a round per element)."""
    decoder = json.JSONDecoder()
    start = _skip_space(text, 0)
    try:
        if not text.startswith("[", start):
            value, end = decoder.raw_decode(text, start)
            _expect_end(text, end, name)
            return [(_line_of(text, start), value)]
        located: list[tuple[int, object]] = []
        position = _skip_space(text, start + 1)
        if text.startswith("]", position):
            _expect_end(text, position + 1, name)
            return located
        while True:
            value, end = decoder.raw_decode(text, position)
            located.append((_line_of(text, position), value))
            position = _skip_space(text, end)
            if text.startswith(",", position):
                position = _skip_space(text, position + 1)
            elif text.startswith("]", position):
                _expect_end(text, position + 1, name)
                return located
            else:
                raise RecordError(
                    Message("invalid JSON: {error}", {"error": Message("expected ',' or ']'")}),
                    line=_line_of(text, position),
                    file=name,
                )
    except json.JSONDecodeError as err:
        raise _json_error(err, name, err.lineno) from None


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position


def _expect_end(text: str, position: int, name: str) -> None:
    rest = _skip_space(text, position)
    if rest < len(text):
        raise RecordError(
            Message("invalid JSON: {error}", {"error": Message("extra data after the end")}),
            line=_line_of(text, rest),
            file=name,
        )


def _line_of(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


# Python's JSON parser explains errors in English; these are its messages as templates
# the catalog translates (a message not listed here gets the general one).
_JSON_PROBLEMS = {
    "Expecting value": "a value is missing",
    "Expecting property name enclosed in double quotes": "a key in double quotes is missing",
    "Expecting ':' delimiter": "':' is missing after a key",
    "Expecting ',' delimiter": "',' is missing between two items",
    "Unterminated string starting at": "a string starts here but never ends",
    "Invalid control character at": "a control character inside a string",
    "Invalid \\escape": "an invalid backslash escape",
    "Invalid \\uXXXX escape": "an invalid \\uXXXX escape",
    "Extra data": "extra data after the end",
    "Illegal trailing comma before end of object": "a comma right before the end of an object",
    "Illegal trailing comma before end of array": "a comma right before the end of a list",
}
_JSON_PROBLEM_OTHERWISE = "the JSON syntax is broken here"


def _json_error(err: json.JSONDecodeError, name: str, line: int) -> RecordError:
    problem = next(
        (text for msg, text in _JSON_PROBLEMS.items() if err.msg.startswith(msg)),
        _JSON_PROBLEM_OTHERWISE,
    )
    return RecordError(
        Message(
            "invalid JSON: {error}",
            {
                "error": Message(
                    "{error} (column {column})",
                    {"error": Message(problem), "column": err.colno},
                )
            },
        ),
        line=line,
        file=name,
    )


# --- validation -----------------------------------------------------------------------


def validate_record(
    record: object, *, line: int | None = None, file: str | None = None
) -> dict[str, Any]:
    """Check one round object against RECORD.md and return it unchanged.

    Raises :class:`RecordError` naming the first bad key; ``line`` and ``file`` only
    locate it in messages.
    """
    return _Validator(line, file).record(record)


_EXPECTED = {
    "object": "a JSON object",
    "list": "a list",
    "string": "a string",
    "integer": "an integer",
    "boolean": "true or false",
}


class _Validator:
    """Walks one round object; every check names the key path it looked at."""

    def __init__(self, line: int | None, file: str | None) -> None:
        self.line = line
        self.file = file
        self.players = 0

    def fail(self, key: str | None, template: str, **params: Any) -> NoReturn:
        raise RecordError(Message(template, params), key=key, line=self.line, file=self.file)

    def expected(self, key: str, kind: str, value: object) -> NoReturn:
        self.fail(
            key,
            "expected {expected}, got {value}",
            expected=Message(_EXPECTED[kind]),
            value=show_value(value),
        )

    # Primitive checks.

    def get(self, obj: Mapping[str, Any], name: str, prefix: str = "") -> Any:
        key = prefix + name
        if name not in obj:
            self.fail(key, "missing")
        return obj[name]

    def obj(self, value: object, key: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.expected(key, "object", value)
        return value

    def list_(self, value: object, key: str) -> list[Any]:
        if not isinstance(value, list):
            self.expected(key, "list", value)
        return value

    def string(self, value: object, key: str) -> str:
        if not isinstance(value, str):
            self.expected(key, "string", value)
        return value

    def integer(self, value: object, key: str, minimum: int | None = None) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            self.expected(key, "integer", value)
        if minimum is not None and value < minimum:
            self.fail(key, "{value} is below the minimum {minimum}", value=value, minimum=minimum)
        return value

    def boolean(self, value: object, key: str) -> bool:
        if not isinstance(value, bool):
            self.expected(key, "boolean", value)
        return value

    def seat(self, value: object, key: str) -> int:
        seat = self.integer(value, key)
        if not 0 <= seat < self.players:
            self.fail(key, "{value} is not a seat (0 … {last})", value=seat, last=self.players - 1)
        return seat

    def optional_seat(self, value: object, key: str) -> int | None:
        return None if value is None else self.seat(value, key)

    def card(self, value: object, key: str) -> str:
        if not isinstance(value, str) or value not in CARD_TOKENS:  # a list is unhashable
            self.fail(
                key,
                "{value} is not a card (ASCII notation such as 10H, LJ, BJ)",
                value=show_value(value),
            )
        return value

    def cards(self, value: object, key: str) -> list[str]:
        items = self.list_(value, key)
        for index, item in enumerate(items):
            self.card(item, f"{key}[{index}]")
        return items

    def card_lists(self, value: object, key: str) -> list[list[str]]:
        items = self.list_(value, key)
        for index, item in enumerate(items):
            self.cards(item, f"{key}[{index}]")
        return items

    def rank(self, value: object, key: str) -> str:
        if value not in RANK_NAMES:
            self.fail(key, "{value} is not a rank (2 … 10, J, Q, K, A)", value=show_value(value))
        assert isinstance(value, str)
        return value

    def per_seat(self, value: object, key: str) -> list[Any]:
        items = self.list_(value, key)
        if len(items) != self.players:
            self.fail(
                key,
                "expected {count} entries, one per seat, got {got}",
                count=self.players,
                got=len(items),
            )
        return items

    def levels(self, value: object, key: str) -> None:
        if value is None:
            return
        for seat, level in enumerate(self.per_seat(value, key)):
            self.rank(level, f"{key}[{seat}]")

    # The round object.

    def record(self, value: object) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(None, "a round must be a JSON object, got {value}", value=show_value(value))
        record: dict[str, Any] = value
        fmt = self.get(record, "format")
        if fmt != FORMAT:
            self.fail(
                "format",
                "unsupported format {value}; this program reads {format}",
                value=show_value(fmt),
                format=FORMAT,
            )
        preset = self.string(self.get(record, "preset"), "preset")
        options = self.obj(self.get(record, "options"), "options")
        self.game(preset, options)
        seed = self.get(record, "seed")
        if seed is not None:
            self.integer(seed, "seed")
        self.integer(self.get(record, "round"), "round", minimum=1)
        players = self.list_(self.get(record, "players"), "players")
        if not players:
            self.fail("players", "expected at least one player")
        for seat, player in enumerate(players):
            self.string(player, f"players[{seat}]")
        self.players = len(players)
        self.levels(self.get(record, "levels_before"), "levels_before")
        self.seat(self.get(record, "dealer"), "dealer")
        self.seat(self.get(record, "banker"), "banker")
        self.rank(self.get(record, "level_rank"), "level_rank")
        for seat, cards in enumerate(self.per_seat(self.get(record, "deal"), "deal")):
            self.cards(cards, f"deal[{seat}]")
        self.cards(self.get(record, "kitty"), "kitty")
        for index, bid in enumerate(self.list_(self.get(record, "bids"), "bids")):
            self.bid(bid, f"bids[{index}]")
        trump = self.get(record, "trump_suit")
        if trump is not None and (not isinstance(trump, str) or trump not in SUIT_LETTERS):
            self.fail(
                "trump_suit",
                "{value} is not a suit letter (S, H, C, D) or null",
                value=show_value(trump),
            )
        self.integer(self.get(record, "bid_count"), "bid_count", minimum=0)
        self.seat(self.get(record, "buried_by"), "buried_by")
        self.cards(self.get(record, "buried"), "buried")
        for index, swap in enumerate(self.list_(self.get(record, "swaps"), "swaps")):
            self.swap(swap, f"swaps[{index}]")
        self.friend_call(self.get(record, "friend_call"))
        self.optional_seat(self.get(record, "friend"), "friend")
        for index, trick in enumerate(self.list_(self.get(record, "tricks"), "tricks")):
            self.trick(trick, f"tricks[{index}]")
        for name in ("kitty_points", "kitty_multiplier", "attackers_points"):
            self.integer(self.get(record, name), name)
        self.levels(self.get(record, "levels_after"), "levels_after")
        self.optional_seat(self.get(record, "next_banker"), "next_banker")
        for name in ("scores", "penalties"):
            for seat, score in enumerate(self.per_seat(self.get(record, name), name)):
                self.integer(score, f"{name}[{seat}]")
        for index, event in enumerate(self.list_(self.get(record, "events"), "events")):
            self.event(event, f"events[{index}]")
        self.boolean(self.get(record, "match_over"), "match_over")
        return record

    def game(self, preset: str, options: dict[str, Any]) -> None:
        """A game the engine knows, with options it accepts: else nothing can be replayed."""
        try:
            get_preset(preset)
        except InvalidOption as err:
            self.fail("preset", err.template, **err.params)
        try:
            get_preset(preset, **options)
        except InvalidOption as err:
            self.fail("options", err.template, **err.params)

    def bid(self, value: object, key: str) -> None:
        bid = self.obj(value, key)
        self.seat(self.get(bid, "seat", f"{key}."), f"{key}.seat")
        self.cards(self.get(bid, "cards", f"{key}."), f"{key}.cards")
        after = self.get(bid, "after_cards_dealt", f"{key}.")
        self.integer(after, f"{key}.after_cards_dealt", minimum=0)
        if "kind" in bid:
            self.string(bid["kind"], f"{key}.kind")
        zhan = bid.get("kind") == "zhan"  # RECORD.md: a 粘 names from_seat, taken and returned
        if zhan or "from_seat" in bid:
            self.seat(self.get(bid, "from_seat", f"{key}."), f"{key}.from_seat")
        for name in ("taken", "returned"):
            if zhan or name in bid:
                self.cards(self.get(bid, name, f"{key}."), f"{key}.{name}")

    def swap(self, value: object, key: str) -> None:
        swap = self.obj(value, key)
        for name in ("from_hand", "from_kitty"):  # one card each (RECORD.md `swaps`)
            self.card(self.get(swap, name, f"{key}."), f"{key}.{name}")

    def friend_call(self, value: object) -> None:
        if value is None:
            return
        call = self.obj(value, "friend_call")
        if self.boolean(call.get("solo", False), "friend_call.solo"):
            if call.get("card") is not None:
                self.fail("friend_call.card", "a solo call names no card")
            return
        self.card(self.get(call, "card", "friend_call."), "friend_call.card")

    def trick(self, value: object, key: str) -> None:
        trick = self.obj(value, key)
        self.seat(self.get(trick, "leader", f"{key}."), f"{key}.leader")
        plays = self.list_(self.get(trick, "plays", f"{key}."), f"{key}.plays")
        if not plays:
            self.fail(f"{key}.plays", "expected at least one play")
        for index, play_value in enumerate(plays):
            play_key = f"{key}.plays[{index}]"
            play = self.obj(play_value, play_key)
            self.seat(self.get(play, "seat", f"{play_key}."), f"{play_key}.seat")
            cards = self.cards(self.get(play, "cards", f"{play_key}."), f"{play_key}.cards")
            if not cards:
                self.fail(f"{play_key}.cards", "expected at least one card")
            if "attempted" in play:
                self.cards(play["attempted"], f"{play_key}.attempted")
            if "attempted_units" in play:
                self.card_lists(play["attempted_units"], f"{play_key}.attempted_units")
        if "units" in trick:
            self.card_lists(trick["units"], f"{key}.units")
        self.seat(self.get(trick, "winner", f"{key}."), f"{key}.winner")
        self.integer(self.get(trick, "points", f"{key}."), f"{key}.points", minimum=0)

    def event(self, value: object, key: str) -> None:
        event = self.obj(value, key)
        kind = self.get(event, "kind", f"{key}.")
        if kind not in EVENT_KINDS:
            self.fail(
                f"{key}.kind",
                "{value} is not an event kind (quit, bot, back)",
                value=show_value(kind),
            )
        self.seat(self.get(event, "seat", f"{key}."), f"{key}.seat")
        self.integer(self.get(event, "after_trick", f"{key}."), f"{key}.after_trick", minimum=0)

"""A value of the wrong JSON type anywhere in a record is a RecordError, never a crash.

Every key and list item of a real record of every preset is replaced in turn by values of
every JSON type; `validate_record` must name the problem with a RecordError, or accept a
record that `replay_record` then verifies without crashing. This found a card list taken
as a shandong swap (RECORD.md `swaps` names one card each) that crashed the replay.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from zhaopengyou.engine import InvalidOption, get_preset
from zhaopengyou.records import RecordError, replay_record, validate_record

from .conftest import play_recorded_match

Path = tuple[str | int, ...]
WRONG_VALUES: tuple[object, ...] = ([], {}, None, "x", -1, 1.5, True, ["AD"], {"a": 1})
PRESET_NAMES = ("tractor", "zhaopengyou", "qidong", "shandong")


def places(value: object, path: Path = ()) -> Iterator[Path]:
    """The path of every key and list item under ``value``."""
    items: list[tuple[str | int, object]] = []
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    for key, item in items:
        yield (*path, key)
        yield from places(item, (*path, key))


def parent_of(record: dict[str, Any], path: Path) -> Any:
    parent: Any = record
    for key in path[:-1]:
        parent = parent[key]
    return parent


def replaced(record: dict[str, Any], path: Path, value: object) -> dict[str, Any]:
    changed = copy.deepcopy(record)
    parent_of(changed, path)[path[-1]] = value
    return changed


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_wrong_type_anywhere_is_a_record_error_or_replays(preset: str) -> None:
    record = play_recorded_match(get_preset(preset), seed=3, rounds=1)[0]
    tried = 0
    for path in places(record):
        for value in WRONG_VALUES:
            changed = replaced(record, path, value)
            tried += 1
            try:
                validate_record(changed)
            except RecordError as error:
                assert error.key is not None, f"{path}: {error} names no key"
                continue
            except Exception as crash:
                pytest.fail(f"{path} = {value!r}: validation crashed with {crash!r}")
            try:
                replay_record(changed)
            except RecordError:
                pass
            except Exception as crash:  # a crash, named with its place
                pytest.fail(f"{path} = {value!r}: replay crashed with {crash!r}")
    assert tried > 1000  # a real record has hundreds of places


# What RECORD.md says each place holds, read from its tables alone: the place with every
# list index written `[]`, and its kind; `?` marks a place that may be null.
RECORD_MD_KINDS: dict[str, str] = {
    "format": "format",
    "preset": "string",
    "options": "object",
    "seed": "integer?",
    "round": "integer",
    "players": "list",
    "players[]": "string",
    "levels_before": "list?",
    "levels_before[]": "rank",
    "dealer": "seat",
    "banker": "seat",
    "level_rank": "rank",
    "deal": "list",
    "deal[]": "list",
    "deal[][]": "card",
    "kitty": "list",
    "kitty[]": "card",
    "bids": "list",
    "bids[]": "object",
    "bids[].seat": "seat",
    "bids[].cards": "list",
    "bids[].cards[]": "card",
    "bids[].after_cards_dealt": "integer",
    "bids[].kind": "string",
    "bids[].from_seat": "seat",
    "bids[].taken": "list",
    "bids[].taken[]": "card",
    "bids[].returned": "list",
    "bids[].returned[]": "card",
    "trump_suit": "suit?",
    "bid_count": "integer",
    "buried_by": "seat",
    "buried": "list",
    "buried[]": "card",
    "swaps": "list",
    "swaps[]": "object",
    "swaps[].from_hand": "card",
    "swaps[].from_kitty": "card",
    "friend_call": "object?",
    "friend_call.card": "card",
    "friend_call.solo": "boolean",
    "friend": "seat?",
    "tricks": "list",
    "tricks[]": "object",
    "tricks[].leader": "seat",
    "tricks[].plays": "list",
    "tricks[].plays[]": "object",
    "tricks[].plays[].seat": "seat",
    "tricks[].plays[].cards": "list",
    "tricks[].plays[].cards[]": "card",
    "tricks[].plays[].attempted": "list",
    "tricks[].plays[].attempted[]": "card",
    "tricks[].plays[].attempted_units": "list",  # an extra key: the parse a thrower named
    "tricks[].plays[].attempted_units[]": "list",
    "tricks[].plays[].attempted_units[][]": "card",
    "tricks[].units": "list",
    "tricks[].units[]": "list",
    "tricks[].units[][]": "card",
    "tricks[].winner": "seat",
    "tricks[].points": "integer",
    "kitty_points": "integer",
    "kitty_multiplier": "integer",
    "attackers_points": "integer",
    "levels_after": "list?",
    "levels_after[]": "rank",
    "next_banker": "seat?",
    "scores": "list",
    "scores[]": "integer",
    "penalties": "list",
    "penalties[]": "integer",
    "events": "list",
    "events[]": "object",
    "events[].kind": "event",
    "events[].seat": "seat",
    "events[].after_trick": "integer",
    "match_over": "boolean",
}
TYPE_NAMES = {
    "object": "a JSON object",
    "list": "a list",
    "string": "a string",
    "integer": "an integer",
    "seat": "an integer",
    "boolean": "true or false",
}


def place_name(path: Path) -> str:
    return "".join(f"[{key}]" if isinstance(key, int) else f".{key}" for key in path).lstrip(".")


def has_kind(value: object, kind: str) -> bool:
    """Whether ``value`` is of ``kind``'s JSON type, as the tables above describe it."""
    if kind in ("integer", "seat"):
        return isinstance(value, int) and not isinstance(value, bool)
    python_type = {"object": dict, "list": list, "string": str, "boolean": bool}[kind]
    return isinstance(value, python_type)


def expected_problem(kind: str, value: object, players: int) -> str | None:
    """The English problem a wrong ``value`` at a place of ``kind`` must be reported with;
    None where the value has the right JSON type and other checks decide."""
    shown = json.dumps(value, separators=(",", ":"))
    if kind == "format":
        return f"unsupported format {shown}; this program reads zpy-record/1"
    if kind == "event":
        return f"{shown} is not an event kind (quit, bot, back)"
    if kind == "card":
        return f"{shown} is not a card (ASCII notation such as 10H, LJ, BJ)"
    if kind == "rank":
        return f"{shown} is not a rank (2 … 10, J, Q, K, A)"
    if kind == "suit":
        return f"{shown} is not a suit letter (S, H, C, D) or null"
    if not has_kind(value, kind):
        return f"expected {TYPE_NAMES[kind]}, got {shown}"
    if kind == "seat" and isinstance(value, int) and not 0 <= value < players:
        return f"{value} is not a seat (0 … {players - 1})"
    return None


def with_optional_places(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` with RECORD.md's optional keys filled in, valid in type, so that every
    place of the tables occurs (a random round has no 粘, event or failed throw)."""
    full = copy.deepcopy(record)
    card = full["kitty"][0]
    full["bids"].append(
        {"seat": 0, "cards": [card], "after_cards_dealt": 0, "kind": "zhan", "from_seat": 1}
        | {"taken": [card], "returned": [card]}
    )
    if full["friend_call"] is not None:
        full["friend_call"]["solo"] = False
    lead = full["tricks"][0]["plays"][0]
    lead["attempted"] = list(lead["cards"])
    lead["attempted_units"] = [list(lead["cards"])]
    full["events"].append({"kind": "quit", "seat": 0, "after_trick": 0})
    validate_record(full)
    return full


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_wrong_value_is_named_with_its_place_and_what_record_md_asks_for(preset: str) -> None:
    """Every place of RECORD.md's tables: a value of the wrong type is reported at exactly
    that key, saying what the place holds and showing the value."""
    record = with_optional_places(play_recorded_match(get_preset(preset), seed=3, rounds=1)[0])
    players = len(record["players"])
    checked: set[str] = set()
    for path in places(record):
        if path[0] == "options" or path[0] not in RECORD_MD_KINDS:  # get_preset's; extra keys
            continue
        pattern = "".join("[]" if isinstance(key, int) else f".{key}" for key in path)
        kind = RECORD_MD_KINDS[pattern.lstrip(".")]
        for value in WRONG_VALUES:
            if value is None and kind.endswith("?"):
                continue
            problem = expected_problem(kind.rstrip("?"), value, players)
            if problem is None:
                continue
            parent = parent_of(record, path)
            kept, parent[path[-1]] = parent[path[-1]], value  # in place: a copy each is slow
            with pytest.raises(RecordError) as raised:
                validate_record(record)
            parent[path[-1]] = kept
            assert (raised.value.key, raised.value.problem.render("en")) == (
                place_name(path),
                problem,
            ), f"{place_name(path)} = {value!r}"
            checked.add(pattern)
    assert len(checked) > 40  # most of RECORD.md's places occur in one real round


ZHAN_PLACES = {"bids[].from_seat", "bids[].taken", "bids[].returned"}  # a 粘's alone
OPTIONAL_PLACES = {  # RECORD.md's keys that a round may leave out
    "bids[].kind",
    *ZHAN_PLACES,
    "friend_call.solo",
    "tricks[].plays[].attempted",
    "tricks[].plays[].attempted_units",
    "tricks[].units",
}
PER_SEAT_PLACES = ("levels_before", "deal", "levels_after", "scores", "penalties")


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_a_missing_key_or_a_short_per_seat_list_is_named_with_its_place(preset: str) -> None:
    """Every required key of RECORD.md's tables, left out, is reported missing at its place;
    a per-seat list one entry short is reported with both counts."""
    record = with_optional_places(play_recorded_match(get_preset(preset), seed=3, rounds=1)[0])
    required = 0
    for path in places(record):
        pattern = "".join("[]" if isinstance(key, int) else f".{key}" for key in path)[1:]
        if not isinstance(path[-1], str) or path[0] not in RECORD_MD_KINDS or path[0] == "options":
            continue
        parent = parent_of(record, path)
        zhan = pattern in ZHAN_PLACES and parent.get("kind") == "zhan"
        if pattern in OPTIONAL_PLACES and not zhan:
            continue
        kept = parent.pop(path[-1])
        with pytest.raises(RecordError) as raised:
            validate_record(record)
        parent[path[-1]] = kept
        assert (raised.value.key, raised.value.problem.render("en")) == (
            place_name(path),
            "missing",
        )
        required += 1
    assert required > 40
    players = len(record["players"])
    for name in PER_SEAT_PLACES:
        if record[name] is None:  # qidong keeps no levels
            continue
        short = replaced(record, (name,), record[name][1:])
        with pytest.raises(RecordError) as raised:
            validate_record(short)
        assert (raised.value.key, raised.value.problem.render("en")) == (
            name,
            f"expected {players} entries, one per seat, got {players - 1}",
        )


@pytest.mark.parametrize(
    ("key", "value", "preset", "options"),
    [
        ("preset", "chess", "chess", {}),
        ("options", {"nonsense": 1}, "zhaopengyou", {"nonsense": 1}),
        ("options", {"decks": 9}, "zhaopengyou", {"decks": 9}),
    ],
)
def test_a_game_the_engine_does_not_know_is_named_with_the_engine_s_reason(
    key: str, value: object, preset: str, options: dict[str, object]
) -> None:
    """An unknown preset or option (RECORD.md `preset`, `options`) is refused at that key
    with the engine's own words for it."""
    record = play_recorded_match(get_preset("zhaopengyou"), seed=3, rounds=1)[0]
    with pytest.raises(InvalidOption) as engine:
        get_preset(preset, **options)
    with pytest.raises(RecordError) as raised:
        validate_record(replaced(record, (key,), value))
    assert (raised.value.key, raised.value.problem.render("en")) == (key, str(engine.value))
    with pytest.raises(RecordError) as raised:
        validate_record(replaced(record, ("options",), "x"))
    assert (raised.value.key, str(raised.value)) == (
        "options",
        'key options: expected a JSON object, got "x"',
    )

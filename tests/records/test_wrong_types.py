"""A value of the wrong JSON type anywhere in a record is a RecordError, never a crash.

Every key and list item of a real record of every preset is replaced in turn by values of
every JSON type; `validate_record` must name the problem with a RecordError, or accept a
record that `replay_record` then verifies without crashing. This found a card list taken
as a shandong swap (RECORD.md `swaps` names one card each) that crashed the replay.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from zhaopengyou.engine import get_preset
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


def replaced(record: dict[str, Any], path: Path, value: object) -> dict[str, Any]:
    changed = copy.deepcopy(record)
    parent: Any = changed
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
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

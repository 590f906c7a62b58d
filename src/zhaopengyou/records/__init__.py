"""Game records in the `zpy-record/1` format (RECORD.md): writing, reading, replaying.

>>> FORMAT
'zpy-record/1'
"""

from __future__ import annotations

from .reader import FORMAT, Message, RecordError, Seat, read_records, validate_record
from .record import (
    RECORD_MODES,
    RecordMode,
    RecordPathError,
    RecordWriter,
    check_record_path,
    dumps_record,
    match_records,
    round_record,
)
from .replay import Disagreement, ReplayReport, replay_record

__all__ = [
    "FORMAT",
    "RECORD_MODES",
    "Disagreement",
    "Message",
    "RecordError",
    "RecordMode",
    "RecordPathError",
    "RecordWriter",
    "ReplayReport",
    "Seat",
    "check_record_path",
    "dumps_record",
    "match_records",
    "read_records",
    "replay_record",
    "round_record",
    "validate_record",
]

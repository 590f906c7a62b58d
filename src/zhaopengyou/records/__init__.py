"""Game records in the `zpy-record/1` format (RECORD.md): writing, reading, replaying.

>>> FORMAT
'zpy-record/1'
"""

from __future__ import annotations

from .reader import FORMAT, Message, RecordError, read_records, validate_record
from .record import RecordWriter, dumps_record, match_records, round_record
from .replay import Disagreement, ReplayReport, replay_record

__all__ = [
    "FORMAT",
    "Disagreement",
    "Message",
    "RecordError",
    "RecordWriter",
    "ReplayReport",
    "dumps_record",
    "match_records",
    "read_records",
    "replay_record",
    "round_record",
    "validate_record",
]

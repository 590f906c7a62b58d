"""Structured logs: one JSON object per line and event, on stderr."""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

log = logging.getLogger("zhaopengyou.server")
PROCESS: str | None = None  # this server process's id, on every line


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "event": record.getMessage(),
            "process": PROCESS,
        }
        entry.update(getattr(record, "fields", {}))
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def setup(level: str = "info") -> None:
    """Send the server's log to stderr as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    # uvicorn's own lines (startup errors, warnings) come out the same way.
    for name in ("zhaopengyou", "uvicorn", "uvicorn.error"):
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.propagate = False
    logging.getLogger("zhaopengyou").setLevel(level.upper())


def event(name: str, **fields: Any) -> None:
    """Log one event with its fields: ``event("round_finished", room="ab12", round=3)``."""
    log.info(name, extra={"fields": fields})

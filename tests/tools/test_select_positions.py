"""The browser client's selection checks are tested on positions the engine judged
(web/src/logic/select.engine.test.ts): the committed positions must be what the engine
says now, so that a change of a rule reaches the client's test."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_exported_positions_are_the_engines_verdicts_now() -> None:
    spec = importlib.util.spec_from_file_location(
        "select_positions", REPO / "tools" / "select_positions.py"
    )
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = tool
    spec.loader.exec_module(tool)
    assert tool.main(["--check"]) == 0, "run python tools/select_positions.py"

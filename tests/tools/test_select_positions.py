"""The browser client's selection checks are tested on positions the engine judged
(web/src/logic/select.engine.test.ts): the committed positions must be what the engine
says now, so that a change of a rule reaches the client's test."""

from __future__ import annotations

from . import load_tool


def test_the_exported_positions_are_the_engines_verdicts_now() -> None:
    assert load_tool("select_positions").main(["--check"]) == 0, (
        "run python tools/select_positions.py"
    )

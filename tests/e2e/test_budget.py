"""The client's budgets that do not depend on how busy the machine is: the table page's
JavaScript stays under 300 KB compressed (issue 11), and every own play of a whole round
is drawn in the trick area. The timings (first render, play to draw) are measured by
`bench/web_client.py` and reported in the README, not asserted by a timed test."""

from __future__ import annotations

from .requirements import require

require()

from .helpers import Pages  # noqa: E402
from .perf import JS_BYTES, measure  # noqa: E402


def test_table_javascript_budget_and_every_play_drawn(pages: Pages) -> None:
    measured = measure(pages, cold_loads=1)
    figures = measured.figures
    assert figures["js_compressed_bytes"] < JS_BYTES, figures["js_files"]
    assert figures["js_gzip9_bytes"] < JS_BYTES, figures["js_files"]
    # The table's chunks are loaded, not only the lobby's (the page is lazy-loaded).
    assert any("/Table-" in f["path"] for f in figures["js_files"]), figures["js_files"]
    assert len(measured.own) == measured.plays > 0, (len(measured.own), measured.plays)
    undrawn = [p for p in measured.own if p["dom"] is None]
    assert not undrawn, undrawn
    pages.assert_no_page_errors()

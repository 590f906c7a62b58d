"""The browser client's performance (issue 11), measured in Debian's Chromium with
Playwright against a real `zpy serve` on loopback:

- the table page's first render: navigation start to the table on the page, with a cold
  cache (a new browser context each time), median and best of ``--loads``;
- the JavaScript the table page loads, compressed as transferred (target < 300 KB);
- a player's own play drawn: its WebSocket frame's arrival to its cards in the trick area,
  over a whole `zhaopengyou` round played by clicking (target < 100 ms).

Needs the built client (`make web`), Playwright (`.[dev]`) and /usr/bin/chromium.
Usage: .venv/bin/python bench/web_client.py [--loads N] [--json] [--out FILE]"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.e2e.requirements import missing  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--loads", type=int, default=5, help="cold loads of the table page")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--out", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args()
    reason = missing()
    if reason is not None:
        print(f"web_client: {reason}", file=sys.stderr)
        return 2
    if args.loads < 1:
        print("web_client: --loads must be at least 1", file=sys.stderr)
        return 2

    from playwright.sync_api import expect, sync_playwright
    from tests.e2e.helpers import CHROMIUM, Pages, Server
    from tests.e2e.perf import measure

    expect.set_options(timeout=10_000)
    with tempfile.TemporaryDirectory() as directory, sync_playwright() as playwright:
        server = Server(Path(directory))
        server.start()
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        pages = Pages(browser, server.base)
        try:
            figures = measure(pages, cold_loads=args.loads).figures
            pages.assert_no_page_errors()
        finally:
            pages.close()
            browser.close()
            server.stop()
    if args.out:
        args.out.write_text(json.dumps(figures, indent=2, ensure_ascii=False) + "\n")
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
        return 0
    draw = figures["own_play_to_dom_ms"]
    paint = figures["own_play_to_paint_ms"]
    print(f"Chromium {figures['browser']}, {figures['machine']}, {figures['measured']}")
    print(
        f"table first render: median {figures['first_render_ms']} ms, best"
        f" {figures['first_render_best_ms']} ms over {args.loads} cold loads (target < 1000 ms)"
    )
    print(
        f"JavaScript of the table page: {figures['js_compressed_bytes'] / 1000:.1f} KB"
        f" compressed, {figures['js_uncompressed_bytes'] / 1000:.1f} KB uncompressed"
        " (target < 300 KB compressed)"
    )
    print(
        f"own play drawn ({draw['count']} plays): median {draw['median']} ms, p90"
        f" {draw['p90']} ms, max {draw['max']} ms (target < 100 ms);"
        f" painted: median {paint['median']} ms, max {paint['max']} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

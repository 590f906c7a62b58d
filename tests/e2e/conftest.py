"""Fixtures of the end-to-end tests: a `zpy serve` per xdist worker (its own port and
SQLite database), one headless Chromium per worker, and pages in their own browser
contexts (separate storage: separate people) whose uncaught errors fail the test.

Run: ``.venv/bin/python -m pytest tests/e2e -n 2`` (add ``-s`` to see the figures)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from .requirements import missing

if TYPE_CHECKING:
    from playwright.sync_api import Browser

    from .helpers import Pages, Server

if missing() is not None and os.environ.get("CI") != "true":
    # The test modules skip themselves with the reason; the doctest collector must not
    # import the harness, which needs Playwright.
    collect_ignore = ["helpers.py", "perf.py"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Browser tests take minutes: `make test-fast` (-m "not slow") leaves them out.
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.slow)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def _serve(directory: Path) -> Iterator[Server]:
    from .helpers import Server

    running = Server(directory)
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The worker's server (session-scoped: tests make their own rooms and accounts)."""
    yield from _serve(tmp_path_factory.mktemp("zpy-e2e"))


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    """A server of one's own, empty (for screenshots that show the whole lobby)."""
    yield from _serve(tmp_path)


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Chromium, started for each test: Playwright's sync API leaves its event loop set as
    the thread's running loop while it lives, which breaks the asyncio tests (anyio) that
    the same xdist worker may run next; so it never outlives a test."""
    from playwright.sync_api import expect, sync_playwright

    from .helpers import CHROMIUM

    expect.set_options(timeout=10_000)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def pages(
    browser: Browser, server: Server, request: pytest.FixtureRequest, tmp_path: Path
) -> Iterator[Pages]:
    """``pages.new(label, viewport=…, phone=…)``: a page in a fresh context (a new person).
    After the test: screenshots of every page if it failed, console errors printed, and
    a failure for any uncaught page error (pageerror)."""
    from .helpers import Pages

    made = Pages(browser, server.base)
    try:
        yield made
        report = getattr(request.node, "report_call", None)
        if report is not None and report.failed:
            for i, (label, page) in enumerate(made.pages):
                if page.is_closed():
                    continue
                shot = tmp_path / f"failure-{i}-{label}.png"
                try:
                    page.screenshot(path=str(shot), full_page=True)
                    (tmp_path / f"failure-{i}-{label}.html").write_text(page.content())
                    print(f"failure screenshot of {label}: {shot} (at {page.url})")
                except Exception as err:  # the page may be gone
                    print(f"no screenshot of {label}: {err}")
        if made.console_errors:
            print("browser console errors:\n  " + "\n  ".join(made.console_errors[:50]))
        if made.page_errors:
            pytest.fail(
                "uncaught errors in the page:\n" + "\n".join(made.page_errors), pytrace=False
            )
        if made.wire_misfits:
            pytest.fail(
                f"{len(made.wire_misfits)} of {made.frames} WebSocket frames do not fit the "
                "protocol's schema; the first:\n" + made.wire_misfits[0],
                pytrace=False,
            )
    finally:
        made.close()

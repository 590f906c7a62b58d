"""Screenshots of the lobby and of a table in the middle of a trick, on a desktop
(1280×800) and a phone (390×844), saved to tests/e2e/artifacts/ (made afresh each run
and not kept in git; the README shows copies in docs/screenshots/)."""

from __future__ import annotations

import functools

from .requirements import require

require()

from playwright.sync_api import expect  # noqa: E402

from .helpers import (  # noqa: E402
    ARTIFACTS,
    Pages,
    Player,
    Server,
    create_room,
    drive,
    sign_in_as_guest,
    wait_for_table,
)


def test_screenshots(pages: Pages, fresh_server: Server) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    # A lobby with something in it: two rooms waiting for players, one being played.
    token, _ = fresh_server.guest()
    fresh_server.create_room(token, "zhaopengyou", bots=[1, 2, 3, 4], rounds=4)
    fresh_server.create_room(token, "tractor", bots=[2, 3], rounds=8, name="周末升级")
    fresh_server.create_room(token, "qidong", bots=[0, 1, 2, 3, 4], rounds=2, bot_level="easy")

    for label, phone in (("desktop", False), ("phone", True)):
        page = pages.new(label, phone=phone, base=fresh_server.base)
        sign_in_as_guest(page)
        # (the phone's lobby also lists the desktop's table, still played by its bot)
        expect(page.locator("[data-testid=room-row]").nth(2)).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / f"lobby-{label}.png"), animations="disabled")

        pacing: dict[str, int | str] = {
            "deal_ms": 15,
            "bot_ms": 150,
            "turn_seconds": 60,
            "between_ms": 500,
            "bot_level": "easy",
        }
        create_room(page, "zhaopengyou", bots=[1, 2, 3, 4], rounds=1, pacing=pacing)
        wait_for_table(page)
        player = Player(page, label)

        # The player's turn to follow, a few cards on the table: the hint raises its cards.
        drive([player], until=functools.partial(player.to_follow, after_plays=3))
        page.get_by_test_id("hint").click()
        expect(page.locator("[data-testid=hand] .card[aria-pressed=true]").first).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / f"table-{label}.png"), animations="disabled")
        page.close()

    for name in ("lobby-desktop", "lobby-phone", "table-desktop", "table-phone"):
        assert (ARTIFACTS / f"{name}.png").stat().st_size > 10_000, name
    pages.assert_no_page_errors()

"""A player reloads the page in the middle of a trick: the table comes back in the same
phase with the same hand, and the round goes on to its result."""

from __future__ import annotations

from .requirements import require

require()

from playwright.sync_api import expect  # noqa: E402

from .helpers import (  # noqa: E402
    Pages,
    Player,
    Server,
    create_room,
    drive,
    sign_in_as_guest,
    table_state,
    wait_for_table,
)


def test_reload_mid_trick_keeps_the_table(pages: Pages, server: Server) -> None:
    page = pages.new("player")
    sign_in_as_guest(page)
    # Slower bots than elsewhere: the reload comes in the middle of a trick.
    pacing: dict[str, int | str] = {
        "deal_ms": 15,
        "bot_ms": 250,
        "turn_seconds": 60,
        "between_ms": 500,
        "bot_level": "easy",
    }
    room_id = create_room(page, "qidong", bots=[1, 2, 3, 4], rounds=1, pacing=pacing)
    wait_for_table(page)
    player = Player(page, "player")

    # Play until a trick is on the table, the player has played to it and waits.
    def mid_trick() -> bool:
        state = player.last
        return bool(
            state
            and state["phase"] == "play"
            and player.plays >= 2
            and not state["may"]
            and player.pending is None
            and any(p["seat"] == state["mySeat"] and p["cards"] for p in state["trick"])
            and state["trickCards"]
            > len(next(p for p in state["trick"] if p["seat"] == state["mySeat"])["cards"])
        )

    drive([player], until=mid_trick)
    before = table_state(page)
    assert before is not None
    page.reload()
    expect(page.get_by_test_id("table")).to_have_attribute("data-phase", before["phase"])
    expect(page.locator("[data-testid=hand] .card[data-card]").first).to_be_attached()
    expect(page.get_by_test_id("table")).to_have_attribute("data-my-seat", before["mySeat"])
    after = wait_for_table(page)
    assert after["phase"] == before["phase"] == "play"
    assert after["mySeat"] == before["mySeat"]
    assert after["round"] == before["round"]
    # The seat is waited for while the page is away (its turn timer runs): same hand.
    assert sorted(after["hand"]) == sorted(before["hand"]), (before, after)

    drive([player])
    expect(page.get_by_test_id("round-result")).to_be_visible()
    assert server.records(room_id), "the round has no record"
    pages.assert_no_page_errors()

"""A spectator (#/watch/ID) follows a round being played and never sees a hand: not on
the page, and not in any WebSocket frame the page receives (docs/protocol.md § Hidden
information)."""

from __future__ import annotations

import json
import time
from typing import Any

from .requirements import require

require()

from playwright.sync_api import WebSocket, expect  # noqa: E402

from .helpers import (  # noqa: E402
    ROUND_SECONDS,
    Pages,
    Server,
    create_room,
    sign_in_as_guest,
    wait_for_table,
    wait_until,
)

# On the spectator's page: hands (its own, the seats'), and every card shown anywhere but
# the places public cards go (tricks, the last trick, the 记牌器, bids, results).
SPECTATOR_JS = """() => {
  const t = document.querySelector('[data-testid=table]');
  const public_ = '[data-testid=trick], [data-testid=last-trick], [data-testid=counter],'
    + ' [data-testid=round-result], [data-testid=series-result], [data-testid=bid-option]';
  const elsewhere = [...document.querySelectorAll('.card[data-card]')]
    .filter((c) => !c.closest(public_)).map((c) => c.getAttribute('data-card'));
  return {
    table: !!t,
    mySeat: t ? t.getAttribute('data-my-seat') : null,
    phase: t ? t.getAttribute('data-phase') : null,
    may: t ? t.getAttribute('data-may') : null,
    handCards: document.querySelectorAll('[data-testid=hand] .card').length,
    seatCards: [...document.querySelectorAll('[data-testid^=seat-]')]
      .reduce((n, s) => n + s.querySelectorAll('.card').length, 0),
    elsewhere,
    trickCards: document.querySelectorAll('[data-testid=trick] .card[data-card]').length,
    result: !!document.querySelector('[data-testid=round-result]'),
  };
}"""

# Events whose cards only some seats see: a spectator must get them without cards.
SECRET_FIELDS = {
    "card_dealt": "card",
    "kitty_taken": "cards",
    "buried": "cards",
    "declaration_taken": "cards",
    "given_back": "cards",
    "swapped": "pairs",
    "bid": "hidden",
}


class FrameCheck:
    """Every frame the spectator's page receives, checked as it arrives."""

    def __init__(self) -> None:
        self.frames = 0
        self.views = 0
        self.events: dict[str, int] = {}
        self.violations: list[str] = []

    def attach(self, ws: WebSocket) -> None:
        ws.on("framereceived", self.received)

    def received(self, payload: str | bytes) -> None:
        self.frames += 1
        try:
            message: Any = json.loads(payload)
        except ValueError:
            self.violations.append(f"a frame that is not JSON: {payload!r:.200}")
            return
        kind = message.get("type")
        if kind == "view":
            self.views += 1
            view = message["view"]
            if view.get("hand"):
                self.violations.append(f"a view with a hand: {view['hand']}")
            if view.get("seat") is not None:
                self.violations.append(f"a view for seat {view['seat']}")
            if view.get("buried"):
                self.violations.append(f"a view with the burial: {view['buried']}")
            if view.get("may"):
                self.violations.append(f"a view that lets the spectator act: {view['may']}")
        elif kind == "events":
            for event in message["events"]:
                self.events[event["kind"]] = self.events.get(event["kind"], 0) + 1
                field = SECRET_FIELDS.get(event["kind"])
                if field is not None and event.get(field):
                    self.violations.append(f"a {event['kind']} event with {field}: {event}")
        elif kind == "hint":
            self.violations.append(f"a hint sent to a spectator: {message}")


def test_spectator_never_sees_a_hand(pages: Pages, server: Server) -> None:
    player = pages.new("player")
    sign_in_as_guest(player)
    room_id = create_room(player, "zhaopengyou", bots=[1, 2, 3, 4], rounds=1)
    wait_for_table(player)

    spectator = pages.new("spectator")
    frames = FrameCheck()
    spectator.on("websocket", frames.attach)
    sign_in_as_guest(spectator)
    spectator.goto(f"/#/watch/{room_id}")
    table = spectator.get_by_test_id("table")
    expect(table).to_be_visible()
    expect(table).to_have_attribute("data-my-seat", "")
    expect(spectator.get_by_test_id("seat-4")).to_be_attached()

    # The player starts the series and hands the seat to the bot (托管): the round then
    # plays itself at bot speed while the spectator watches it from the first card.
    ready = player.get_by_test_id("ready")
    if ready.is_visible():
        ready.click()
    player.get_by_test_id("trustee").click()
    wait_until(lambda: server.room(room_id)["room"]["seats"][0]["auto"], "托管 is on")
    looks: list[dict[str, Any]] = []

    def look() -> dict[str, Any]:
        seen: dict[str, Any] = spectator.evaluate(SPECTATOR_JS)
        looks.append(seen)
        assert seen["mySeat"] in ("", None), seen
        assert seen["handCards"] == 0, f"the spectator sees a hand: {seen}"
        assert seen["seatCards"] == 0, f"the spectator sees cards at a seat: {seen}"
        assert not seen["may"], f"the spectator may act: {seen}"
        # A hand has 20-31 cards; bids show at most 3 cards each.
        assert len(seen["elsewhere"]) <= 12, f"cards shown outside tricks: {seen}"
        assert not frames.violations, frames.violations[:5]
        return seen

    deadline = time.monotonic() + ROUND_SECONDS
    while not look()["result"]:
        assert time.monotonic() < deadline, f"no round result after {ROUND_SECONDS}s: {looks[-1]}"
        spectator.wait_for_timeout(100)
    expect(spectator.get_by_test_id("round-result")).to_be_visible()

    phases = {seen["phase"] for seen in looks}
    assert "play" in phases, phases
    assert sum(1 for seen in looks if seen["phase"] == "play" and seen["trickCards"]) >= 5
    assert len(looks) >= 30, len(looks)
    assert frames.views > 0 and frames.events.get("played", 0) > 0, (frames.views, frames.events)
    assert frames.events.get("card_dealt", 0) > 100, frames.events
    assert not frames.violations, frames.violations[:5]
    print(
        f"\nspectator: {len(looks)} looks, {frames.frames} frames, {frames.views} views,"
        f" at most {max(len(seen['elsewhere']) for seen in looks)} cards outside tricks,"
        f" events {frames.events}"
    )
    pages.assert_no_page_errors()

"""What card-room players tripped over at the table (issue 41): a click picks the card
under the pointer, raised or next to a dimmed one; a refusal's message goes when the
table moves on; the turn clock never reads more than the limit; a reload brings the
player back to the same decision; a closed tab finds its seat again from the lobby."""

from __future__ import annotations

import itertools
import re
from typing import Any

from .requirements import require

require()

from playwright.sync_api import Page, WebSocketRoute, expect  # noqa: E402

from .helpers import (  # noqa: E402
    FAST,
    Pages,
    Player,
    Server,
    create_room,
    drive,
    open_lobby,
    register,
    sign_in_as_guest,
    table_state,
    unique_name,
    wait_for_table,
)

TURN_SECONDS = 60

# Every number the turn clocks ever show, as the page draws them.
CLOCKS_JS = """
window.__clocks = [];
new MutationObserver(() => {
  for (const el of document.querySelectorAll('.seat .clock, .controls .turn')) {
    const found = (el.textContent || '').match(/(\\d+) 秒/);
    if (found) window.__clocks.push(Number(found[1]));
  }
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

HAND = "[data-testid=hand] .card[data-card]"


def cards(page: Page) -> list[dict[str, Any]]:
    """The hand's cards, left to right: their box, and whether dimmed or picked."""
    found: list[dict[str, Any]] = page.eval_on_selector_all(
        HAND,
        """els => els.map((e) => {
          const r = e.getBoundingClientRect();
          return {x: r.x, y: r.y, w: r.width, h: r.height, dim: e.classList.contains('dim'),
                  pressed: e.getAttribute('aria-pressed') === 'true'};
        })""",
    )
    return found


def pressed(page: Page) -> list[int]:
    return [i for i, card in enumerate(cards(page)) if card["pressed"]]


def my_turn(player: Player, *kinds: str) -> bool:
    """Now (a fresh look): the player's turn to make one of ``kinds``, nothing picked yet,
    no move of its own in flight."""
    if player.pending is not None:
        return False
    state = table_state(player.page)
    return bool(
        state
        and any(kind in state["may"] for kind in kinds)
        and not state["selected"]
        and not state["roundResult"]
    )


def test_a_click_picks_the_card_under_the_pointer(pages: Pages, server: Server) -> None:
    """Issue 41, browser 1, 2 and 7. A raised card and a dimmed card used to be drawn
    above the card to their right, so a click on that card's visible corner picked the
    wrong one; the turn clock showed more than the limit at the start of a turn."""
    page = pages.new("player", init_script=CLOCKS_JS)
    sign_in_as_guest(page)
    pacing = {**FAST, "turn_seconds": TURN_SECONDS}
    create_room(page, "tractor", bots=[1, 2, 3], rounds=1, pacing=pacing)
    wait_for_table(page)
    player = Player(page, "player")

    # 1. A decision with five cards side by side that may be played (burying, leading, or
    # following in a long suit; dimmed cards are another matter, below): clicked left to
    # right, each on the corner its left neighbour does not hide, all five are picked.
    def run_of_five() -> int | None:
        hand = cards(page)
        return next(
            (i for i in range(len(hand) - 4) if not any(c["dim"] for c in hand[i : i + 5])), None
        )

    drive([player], until=lambda: my_turn(player, "bury", "play") and run_of_five() is not None)
    start = run_of_five()
    assert start is not None
    hand = cards(page)
    for card in hand[start : start + 5]:
        before = len(pressed(page))
        page.mouse.click(card["x"] + 6, card["y"] + 10)
        # As a person clicks: the next click comes once the card has risen (or fallen).
        page.wait_for_function(
            f"() => document.querySelectorAll('{HAND}[aria-pressed=true]').length !== {before}"
            " && document.getAnimations().length === 0"
        )
    assert pressed(page) == list(range(start, start + 5)), "a raised card took a click"
    page.keyboard.press("Escape")
    expect(page.locator(f"{HAND}[aria-pressed=true]")).to_have_count(0)

    # 2. Following, a legal card right of a dimmed one (another suit, R-5.2) is picked
    # by a click on its visible part, not the dimmed card under it.
    def legal_after_dimmed() -> bool:
        if not player.to_follow():
            return False
        hand = cards(page)
        return any(a["dim"] and not b["dim"] for a, b in itertools.pairwise(hand))

    drive([player], until=legal_after_dimmed)
    hand = cards(page)
    at = next(i + 1 for i in range(len(hand) - 1) if hand[i]["dim"] and not hand[i + 1]["dim"])
    page.mouse.click(hand[at]["x"] + 6, hand[at]["y"] + hand[at]["h"] / 2)
    assert pressed(page) == [at], "the dimmed card took the click of the card to its right"
    page.keyboard.press("Escape")

    # 7. The round to its end: no clock ever read more than the limit.
    drive([player])
    clocks: list[int] = page.evaluate("window.__clocks")
    assert clocks, "no turn clock was shown"
    assert max(clocks) <= TURN_SECONDS, sorted(set(clocks))[-5:]
    pages.assert_no_page_errors()


def test_a_refusal_is_shown_until_the_table_moves_on(pages: Pages, server: Server) -> None:
    """Issue 41, browser 3: the server refuses a play (here the page's first play is
    changed on the way to name a card the player does not hold, R-5.1's check); its
    message shows, and goes once the table moves on; it never reaches the result."""
    page = pages.new("player")
    changed: list[str] = []

    def route(socket: WebSocketRoute) -> None:
        server_side = socket.connect_to_server()

        def from_page(message: str | bytes) -> None:
            text = message if isinstance(message, str) else message.decode()
            if not changed and '"kind":"play"' in text.replace(" ", ""):
                text = re.sub(r'"cards":\s*\[[^\]]*\]', '"cards":["3S","3S","3S","3S"]', text)
                changed.append(text)
            server_side.send(text)

        socket.on_message(from_page)
        server_side.on_message(lambda message: socket.send(message))

    page.route_web_socket(re.compile(r"/ws$"), route)  # before the page connects
    sign_in_as_guest(page)
    create_room(page, "tractor", bots=[1, 2, 3], rounds=1)
    wait_for_table(page)
    player = Player(page, "player")
    error = page.get_by_test_id("server-error")
    drive([player], until=lambda: bool(changed) and error.count() > 0)
    expect(error).to_be_visible()
    refused_at = table_state(page)
    assert refused_at is not None
    drive([player], until=lambda: player.plays >= 3)
    expect(error).to_have_count(0)
    drive([player])
    expect(page.get_by_test_id("round-result")).to_be_visible()
    expect(error).to_have_count(0)
    pages.assert_no_page_errors()


def test_coming_back_finds_the_same_decision_and_the_seat(pages: Pages, server: Server) -> None:
    """Issue 41, browser 4 and 5: a reload on one's own turn comes back to that turn
    (the bot does not play the seat while its timer runs); after the tab is closed, the
    lobby offers 「回到牌桌」 at once, which takes the seat back (not 观战)."""
    page = pages.new("player")
    sign_in_as_guest(page)
    room_id = create_room(page, "tractor", bots=[1, 2, 3], rounds=1)
    wait_for_table(page)
    player = Player(page, "player")
    drive([player], until=lambda: my_turn(player, "play") and player.plays >= 1)
    before = table_state(page)
    assert before is not None
    page.reload()
    table = page.get_by_test_id("table")
    expect(table).to_have_attribute("data-may", re.compile(r"\bplay\b"))
    after = table_state(page)
    assert after is not None
    assert sorted(after["hand"]) == sorted(before["hand"]), "the bot played during the reload"
    assert after["trick"] == before["trick"]

    # The tab closed (the context's storage kept), then opened on the lobby.
    storage = page.context.storage_state()
    page.context.close()
    again = pages.new("again", storage_state=storage)
    open_lobby(again)
    back = again.get_by_test_id("your-table").get_by_test_id("back-to-table")
    expect(back).to_be_visible()
    card = again.locator(f"[data-testid=room-row][data-room-id='{room_id}']")
    expect(card.get_by_test_id("watch")).to_have_count(0)
    expect(card.get_by_test_id("back-to-table")).to_be_visible()
    expect(card).to_contain_text("第 1/1 局")
    back.click()
    expect(again.get_by_test_id("table")).to_have_attribute("data-my-seat", "0")
    drive([Player(again, "again")])
    expect(again.get_by_test_id("round-result")).to_be_visible()
    (record,) = server.records(room_id)
    handed = [e for e in record["events"] if e["seat"] == 0 and e["kind"] in ("bot", "quit")]
    assert not handed, handed
    pages.assert_no_page_errors()


OVERLAPS_JS = """(longest) => {
  const line = document.querySelector('.trick-done');
  if (!line || !line.getClientRects().length) return null;
  // The line as it is, and as it would be for the longest name (a clone, measured and
  // removed): neither may run over a seat's box.
  const twin = line.cloneNode(false);
  twin.textContent = longest;
  line.parentElement.appendChild(twin);
  const over = (el) => {
    const a = el.getBoundingClientRect();
    return [...document.querySelectorAll('.seat')].filter((seat) => {
      const b = seat.getBoundingClientRect();
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    }).map((seat) => seat.getAttribute('data-testid'));
  };
  const found = { text: line.textContent, over: [...over(line), ...over(twin)] };
  twin.remove();
  return found;
}"""


def test_a_phone_round_and_its_end(pages: Pages, server: Server) -> None:
    """Issue 41, browser 12 and 9: on a phone the "X 赢 N 分" line of a won trick stays
    clear of the side seats; switching the language once the series is over keeps its
    result on screen (not "没有这个房间"), and so does opening the room's address again."""
    page = pages.new("phone", phone=True)
    name = unique_name("long_player")  # 20 characters, the most a name may have
    register(page, name, "secret-pw")
    create_room(page, "tractor", bots=[1, 2, 3], rounds=1)
    wait_for_table(page)
    player = Player(page, "phone")
    lines: list[tuple[str, list[str]]] = []

    longest = f"{name}（你） 赢 100 分"

    def look() -> None:
        seen = page.evaluate(OVERLAPS_JS, longest)
        if seen is not None:
            lines.append((seen["text"], seen["over"]))

    drive([player], observe=look)
    assert len(lines) >= 5, "the won tricks' line was hardly ever seen"
    assert not [line for line in lines if line[1]], [line for line in lines if line[1]][:3]

    expect(page.get_by_test_id("series-result")).to_be_visible()
    page.get_by_label("语言").select_option("en")
    expect(page.get_by_test_id("series-result")).to_contain_text("Series")
    expect(page.get_by_test_id("server-error")).to_have_count(0)
    expect(page.get_by_test_id("join-error")).to_have_count(0)
    result = page.get_by_test_id("round-result").inner_text()
    for leftover in ("积分", "（", "、", "强退", "「"):  # issue 41 #10: English, not half
        assert leftover not in result, (leftover, result)
    # The room's address, opened again once it is closed: its final standings, no error.
    page.reload()
    expect(page.get_by_test_id("finished-room")).to_be_visible()
    expect(page.get_by_test_id("finished-room")).to_contain_text("Replay round 1")
    expect(page.get_by_test_id("join-error")).to_have_count(0)
    pages.assert_no_page_errors()


def test_what_a_spectator_and_a_code_box_offer(pages: Pages, server: Server) -> None:
    """Issue 41, browser 8 and 11: a spectator is not offered the bot buttons the server
    would refuse; the invite-code box takes six digits only (full-width ones too), and a
    code that names no room is not answered with 改为观战."""
    owner = pages.new("owner")
    sign_in_as_guest(owner)
    room_id = create_room(owner, "tractor", bots=[1, 2], rounds=1)
    wait_for_table(owner)
    expect(owner.get_by_role("button", name="移除电脑", exact=True)).to_have_count(2)
    expect(owner.get_by_role("button", name="加电脑", exact=True)).to_have_count(1)

    spectator = pages.new("spectator")
    sign_in_as_guest(spectator)
    spectator.goto(f"/#/watch/{room_id}")
    expect(spectator.get_by_test_id("seat-1")).to_contain_text("电脑")  # the table is drawn
    expect(spectator.get_by_test_id("table")).to_have_attribute("data-phase", "waiting")
    for text in ("移除电脑", "加电脑", "空位补电脑", "准备"):
        expect(spectator.get_by_role("button", name=text, exact=True)).to_have_count(0)

    lobby = pages.new("visitor")
    open_lobby(lobby)
    expect(lobby.get_by_test_id("register-name")).to_have_attribute("maxlength", "20")
    box, join = lobby.get_by_test_id("code-input"), lobby.get_by_test_id("code-join")
    for typed, shown_wrong in (("12", False), ("abc!@#", True), ("1234567", True)):
        box.fill(typed)
        expect(join).to_be_disabled()
        expect(lobby.get_by_test_id("code-error")).to_have_count(1 if shown_wrong else 0)
    box.fill("０００ ０００")  # full-width digits and a space: the code 000000
    expect(join).to_be_enabled()
    join.click()
    expect(lobby.get_by_test_id("join-error")).to_be_visible()
    expect(lobby.get_by_test_id("watch-instead")).to_have_count(0)
    pages.assert_no_page_errors()


def test_the_felt_shows_what_nobody_may_miss(pages: Pages, server: Server) -> None:
    """Issue 41, card-room expectations: the friend's reveal comes as a banner on the
    felt; 上一轮 shows the last trick on the felt (every seat's cards, as the record has
    them) and goes back; the result says who won before the numbers."""
    page = pages.new("player")
    sign_in_as_guest(page)
    room_id = create_room(page, "zhaopengyou", bots=[1, 2, 3, 4], rounds=1)
    wait_for_table(page)
    player = Player(page, "player")
    banners: list[str] = []
    trumps: list[str] = []  # the header's trump while cards are dealt
    peeked: list[list[str]] = []

    def look() -> None:
        banner = page.get_by_test_id("felt-banner")
        if banner.count():
            banners.append(banner.inner_text())
        trump = page.get_by_test_id("trump")
        if trump.count() and page.get_by_test_id("table").get_attribute("data-phase") == "deal":
            trumps.append(trump.inner_text())

    def peek() -> bool:
        """At the player's first turn after a trick: 上一轮 shows it, then back."""
        button = page.get_by_test_id("peek-last")
        if not my_turn(player, "play") or button.count() == 0:
            return False
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
        peeked.extend(
            page.eval_on_selector_all(
                "[data-testid=trick-play]",
                "ps => ps.map((p) => [...p.querySelectorAll('.card[data-card]')]"
                ".map((c) => c.getAttribute('data-card')))",
            )
        )
        button.click()
        expect(button).to_have_attribute("aria-pressed", "false")
        return True

    drive([player], until=peek, observe=look, observe_every=0.05)
    drive([player], observe=look, observe_every=0.05)
    expect(page.get_by_test_id("outcome")).to_contain_text(re.compile("赢|输|打平"))
    (record,) = server.records(room_id)
    tricks = [sorted(sorted(play["cards"]) for play in t["plays"]) for t in record["tricks"]]
    assert len(peeked) == 5 and sorted(sorted(cards) for cards in peeked) in tricks, peeked
    if record["friend"] is not None:  # the friend plays the called card at some point
        assert any("朋友现身" in text for text in banners), banners
    if record["bids"]:  # a standing bid shows in the header, not 未亮
        assert any("叫主中" in text for text in trumps), sorted(set(trumps))
        assert not any("未亮" in text for text in trumps), sorted(set(trumps))
    pages.assert_no_page_errors()

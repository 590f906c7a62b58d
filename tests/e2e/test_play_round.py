"""A registered user creates a 找朋友 room from the lobby form and plays a whole round by
clicking; the header then shows the account's 积分 and title as the server has them."""

from __future__ import annotations

from .requirements import require

require()

from playwright.sync_api import expect  # noqa: E402

from .helpers import (  # noqa: E402
    FAST,
    Pages,
    Player,
    Server,
    bot_seats_ticked,
    create_room,
    drive,
    header_account,
    register,
    unique_name,
    wait_for_table,
)


def test_register_create_and_play_a_round(pages: Pages, server: Server) -> None:
    page = pages.new("player")
    name = unique_name()
    register(page, name, "secret-pw")
    assert header_account(page)[0] == name

    # The create form's defaults: bots in every seat but the first.
    form = page.get_by_test_id("create-form")
    form.get_by_test_id("create-preset").select_option("zhaopengyou")
    assert bot_seats_ticked(page) == [1, 2, 3, 4]
    room_id = create_room(page, "zhaopengyou", bots=[1, 2, 3, 4], rounds=1)

    room = server.room(room_id)["room"]
    assert room["preset"] == "zhaopengyou" and room["rounds"] == 1
    assert [seat["bot"] for seat in room["seats"]] == [False, True, True, True, True]
    for key, value in FAST.items():
        assert room["settings"][key] == value, (key, room["settings"])

    wait_for_table(page)
    # The seat comes with the room message, which may follow the table's first paint.
    expect(page.get_by_test_id("table")).to_have_attribute("data-my-seat", "0")
    for seat in range(5):
        expect(page.get_by_test_id(f"seat-{seat}")).to_be_attached()

    player = Player(page, name, bid=True)
    drive([player])
    expect(page.get_by_test_id("round-result")).to_be_visible()
    assert {"play"} <= player.phases, player.phases

    # The seat was played by the page, never by the bot (托管 after a timeout, a
    # disconnect): every one of its tricks was a click.
    (record,) = server.records(room_id)
    handed = [e for e in record["events"] if e["seat"] == 0 and e["kind"] in ("bot", "quit")]
    assert not handed, handed
    tricks = len(record["tricks"])
    assert player.plays == tricks, (player.plays, tricks, player.log)

    # The header follows the server: 积分 and title (zh-Hans) after the round.
    account = server.account(name)
    assert account["rounds_played"] == 1
    expected = f"{name} · {account['title']['zh-Hans']} · {account['score']}"
    expect(page.get_by_test_id("account")).to_have_text(expected)
    assert header_account(page) == (name, account["title"]["zh-Hans"], account["score"])

    # The profile (the header's link) and the leaderboard have the round too.
    expect(page.get_by_test_id("account")).to_have_attribute("href", f"#/profile/{name}")
    page.goto(f"/#/profile/{name}")
    expect(page.get_by_test_id("profile-score")).to_have_text(str(account["score"]))
    expect(page.get_by_test_id("profile-title")).to_have_text(account["title"]["zh-Hans"])
    page.goto("/#/leaderboard")
    expect(page.get_by_test_id("leaderboard")).to_contain_text(name)
    pages.assert_no_page_errors()

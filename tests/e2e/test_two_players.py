"""Two people in two browsers at one 升级 (tractor) table, bots in the other two seats:
one makes the room from the lobby form, the other joins it from the room list; they chat,
get ready and play the round to its end."""

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
    open_chat,
    open_lobby,
    sign_in_as_guest,
    wait_for_table,
    wait_until,
)


def test_two_people_play_tractor(pages: Pages, server: Server) -> None:
    alice = pages.new("alice")
    bob = pages.new("bob")
    alice_name = sign_in_as_guest(alice)
    bob_name = sign_in_as_guest(bob)
    assert alice_name != bob_name

    alice.get_by_test_id("create-form").get_by_test_id("create-preset").select_option("tractor")
    room_id = create_room(alice, "tractor", bots=[2, 3], rounds=1)
    wait_for_table(alice)
    expect(alice.get_by_test_id("table")).to_have_attribute("data-my-seat", "0")
    room = server.room(room_id)["room"]
    assert [s["bot"] for s in room["seats"]] == [False, False, True, True]
    assert room["preset"] == "tractor" and room["status"] == "open"

    # Bob finds the room in the lobby's list and joins it.
    open_lobby(bob)
    row = bob.locator(f"[data-testid=room-row][data-room-id='{room_id}']")
    expect(row).to_be_visible()
    row.get_by_test_id("join").click()
    bob.wait_for_url(f"**/#/room/{room_id}")
    wait_for_table(bob)
    expect(bob.get_by_test_id("table")).to_have_attribute("data-my-seat", "1")
    wait_until(lambda: server.room(room_id)["room"]["seats"][1]["name"] == bob_name, "Bob sits")
    expect(alice.get_by_test_id("seat-1")).to_contain_text(bob_name)

    # Free chat before the series (a 「定」 room allows it at any time).
    open_chat(alice)
    open_chat(bob)
    alice.get_by_test_id("chat-input").fill("你好，一起打一局")
    alice.get_by_test_id("chat-send").click()
    expect(bob.get_by_test_id("chat-log")).to_contain_text("你好，一起打一局")
    expect(alice.get_by_test_id("chat-log")).to_contain_text("你好，一起打一局")

    players = [Player(alice, "alice", bid=True), Player(bob, "bob")]
    drive(players)
    for page in (alice, bob):
        expect(page.get_by_test_id("round-result")).to_be_visible()

    (record,) = server.records(room_id)
    assert record["preset"] == "tractor"
    assert record["players"][:2] == [alice_name, bob_name]
    handed = [e for e in record["events"] if e["seat"] in (0, 1) and e["kind"] in ("bot", "quit")]
    assert not handed, handed
    for seat, player in enumerate(players):
        assert player.plays == len(record["tricks"]), (seat, player.plays, player.log)
    for name in (alice_name, bob_name):
        assert server.account(name)["rounds_played"] == 1
    pages.assert_no_page_errors()

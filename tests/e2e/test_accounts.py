"""The account pages around the game: one-click start (quick play), log out and in, the
profile page and the leaderboard, each as the server has the account."""

from __future__ import annotations

from .requirements import require

require()

from playwright.sync_api import expect  # noqa: E402

from .helpers import (  # noqa: E402
    Pages,
    Server,
    open_lobby,
    register,
    room_id_of,
    unique_name,
    wait_for_table,
)


def test_quick_play_seats_a_guest_with_four_bots(pages: Pages, server: Server) -> None:
    page = pages.new("guest")
    open_lobby(page)
    page.get_by_test_id("quick-play").click()
    page.wait_for_url("**/#/room/*")
    wait_for_table(page)
    expect(page.get_by_test_id("account")).to_be_visible()
    expect(page.get_by_test_id("table")).to_have_attribute("data-my-seat", "0")
    room = server.room(room_id_of(page))["room"]
    assert room["preset"] == "zhaopengyou"
    assert [s["bot"] for s in room["seats"]] == [False, True, True, True, True]
    assert room["seats"][0]["name"].startswith("游客")
    # One click starts the game: no 准备 to press (issue 41); the deal begins.
    expect(page.get_by_test_id("table")).not_to_have_attribute("data-phase", "waiting")
    expect(page.get_by_test_id("ready")).to_have_count(0)
    pages.assert_no_page_errors()


def test_log_out_log_in_profile_and_leaderboard(pages: Pages, fresh_server: Server) -> None:
    # A server of its own: its leaderboard is empty (nobody finished a round), and the
    # page must still be there.
    server = fresh_server
    page = pages.new("person", base=server.base)
    name, password = unique_name("acct"), "secret-pw"
    register(page, name, password)

    page.get_by_test_id("logout").click()
    expect(page.get_by_test_id("account")).to_have_count(0)
    page.get_by_test_id("login-name").fill(name)
    page.get_by_test_id("login-password").fill("wrong-password")
    page.get_by_test_id("login-submit").click()
    expect(page.get_by_test_id("account")).to_have_count(0)
    page.get_by_test_id("login-password").fill(password)
    page.get_by_test_id("login-submit").click()
    expect(page.get_by_test_id("account")).to_contain_text(name)

    # The header links to the profile, which shows what the server has.
    page.get_by_test_id("account").click()
    page.wait_for_url(f"**/#/profile/{name}")
    account = server.account(name)
    expect(page.get_by_test_id("profile")).to_be_visible()
    expect(page.get_by_test_id("profile-score")).to_have_text(str(account["score"]))
    expect(page.get_by_test_id("profile-title")).to_have_text(account["title"]["zh-Hans"])

    page.goto("/#/leaderboard")
    expect(page.get_by_test_id("leaderboard")).to_be_attached()
    expect(page.get_by_test_id("leader-row")).to_have_count(0)
    pages.assert_no_page_errors()

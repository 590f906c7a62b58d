"""The room's collaborators tested alone, without a server: the seats (join, leave,
ready, bots, 托管, 强退), the driver (the deal's pace, bots, turn timers) and the
publisher (what each connection gets)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson
import pytest

from zhaopengyou.engine import Match, Phase, get_preset
from zhaopengyou.server import protocol as p
from zhaopengyou.server.room import Driver, Publisher, Refused, Seating, Settings, room_summary
from zhaopengyou.server.room.driver import BotTurn, Deal, FinishRound, StartRound, TimeOut
from zhaopengyou.server.room.publisher import Member


class Sink:
    """A connection that keeps what it is sent."""

    def __init__(self, account: int = 1, lang: str = "en") -> None:
        self.account: dict[str, Any] = {"id": account, "name": f"p{account}", "score": 0}
        self.lang = lang
        self.messages: list[dict[str, Any]] = []
        self.rooms: list[tuple[str, bool]] = []

    def send(self, message: p.Sent) -> None:
        self.send_text(*p.packed(message))

    def send_text(self, text: str, meta: Any) -> None:
        self.messages.append(orjson.loads(text))

    def joined(self, room_id: str, playing: bool) -> None:
        self.rooms.append((room_id, playing))

    def left(self, room_id: str) -> None:
        self.rooms.append((room_id, False))

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == kind]


def test_seats_are_taken_given_back_and_refused() -> None:
    seating = Seating(4)
    assert seating.sit(1, "甲", 0, wanted=2, open_=True) == 2
    assert seating.sit(1, "甲", 0, wanted=0, open_=True) == 2  # a player keeps its seat
    with pytest.raises(Refused) as taken:
        seating.sit(2, "乙", 0, wanted=2, open_=True)
    assert (taken.value.code, taken.value.params) == ("seat_taken", {"seat": 3})
    with pytest.raises(Refused) as nowhere:
        seating.sit(2, "乙", 0, wanted=7, open_=True)
    assert nowhere.value.msgid == "this table has no seat {seat}"
    with pytest.raises(Refused):
        seating.sit(3, "丙", 0, wanted=None, open_=False)  # the series has started
    seating.change_bot(0, remove=False, open_=True)
    with pytest.raises(Refused):
        seating.change_bot(0, remove=False, open_=True)
    with pytest.raises(Refused):
        seating.change_bot(1, remove=False, open_=False)
    seating.change_bot(0, remove=True, open_=True)
    assert seating[0].empty
    client = Sink()
    assert seating.connect(2, client) == (None, "back")  # the room records it in a series only
    seating.disconnect(2, client, open_=True)
    assert seating[2].empty  # before the series a player who left frees the seat


def test_toggling_the_bot_during_a_series() -> None:
    seating = Seating(4)
    seat = seating.sit(1, "甲", 0, wanted=None, open_=True)
    first, second = Sink(), Sink()
    seating.connect(seat, first)
    seating.disconnect(seat, first, open_=False)  # gone: waited for while its timer runs
    assert not seating[seat].botted
    assert seating.timed_out(seat) and seating[seat].botted  # then the bot plays
    assert not seating[seat].auto  # away, not 托管: coming back ends it
    assert seating.connect(seat, second) == (None, "back")
    assert seating.connect(seat, first) == (second, None)  # a second connection replaces
    assert seating.trustee(seat, True) == "bot" and seating.trustee(seat, True) is None
    assert seating.acted(seat) == "back" and seating.acted(seat) is None
    # At the table: a first timeout, the bot makes that move and the seat stays the
    # player's; a second in a row, 托管; acting in between starts the count again.
    assert not seating.timed_out(seat) and not seating[seat].botted
    seating.acted(seat)
    assert not seating.timed_out(seat) and not seating[seat].botted
    assert seating.timed_out(seat) and seating[seat].botted and seating[seat].auto
    with pytest.raises(Refused):
        seating.trustee(None, True)  # a spectator has no bot
    seating.quit(seat)
    assert seating[seat].quit and seating.of(1) is None and seating.accounts() == []


def test_players_of_a_room_taken_over_are_expected_back() -> None:
    stored = {
        "0": {"account": 5, "name": "甲", "bot": False, "quit": False, "ready": False},
        "1": {"account": None, "name": "Bot 2", "bot": True, "quit": False, "ready": True},
        "2": {"account": 6, "name": "乙", "bot": False, "quit": True, "ready": True},
        "3": {"account": None, "name": "", "bot": False, "quit": False, "ready": False},
    }
    playing = Seating.restore(4, stored, started=True)
    assert playing[0].expected and not playing[0].botted  # its turn timer runs, no bot yet
    assert playing[1].botted and playing[1].ready and playing[2].botted
    assert playing.connect(0, Sink()) == (None, None)  # no "back": it never left
    assert not playing[0].expected
    waiting = Seating.restore(4, stored, started=False)
    assert not waiting[0].expected and not waiting[0].ready and waiting[1].ready
    assert playing.stored() == {k: {**v, "ready": True} for k, v in stored.items()}
    assert waiting.stored() == stored  # who was ready before the restart still is


def test_the_driver_deals_lets_bots_act_and_times_players_out() -> None:
    settings = Settings(deal_ms=0, bot_ms=0, turn_seconds=0.05, bot_level="easy")
    preset = get_preset("tractor")
    match = Match(preset, seed=3, rounds=1, dealer=0)
    seating = Seating(4)
    for seat in (1, 2, 3):
        seating.change_bot(seat, remove=False, open_=True)
    human = seating.sit(9, "甲", 0, wanted=0, open_=True)
    seating.connect(human, Sink())
    driver = Driver(settings, 3, 4, "room")
    driver.resume()
    assert driver.due(False, match, None, seating) is None  # not playing: nothing is due
    assert driver.wake(False, None, seating) is None
    assert driver.due(True, match, None, seating) == StartRound()
    rnd = match.new_round()
    driver.round_started()
    seen: set[type] = set()
    deadline = time.monotonic() + 60
    while rnd.phase is not Phase.DONE:
        assert time.monotonic() < deadline
        due = driver.due(True, match, rnd, seating)
        if due is None:
            time.sleep(driver.wake(True, rnd, seating) or 0.001)
            continue
        seen.add(type(due))
        if isinstance(due, Deal):
            driver.deal(rnd, seating)
        elif isinstance(due, BotTurn):
            assert seating[due.seat].botted
            asyncio.run(driver.bot_turn(rnd, due.seat))
        else:
            assert isinstance(due, TimeOut) and due.seat == human
            assert driver.turn_seconds_left(rnd, seating) == 0.0
            if not seating.timed_out(due.seat):  # a first timeout: the bot makes this move
                asyncio.run(driver.bot_turn(rnd, due.seat))
    assert seen == {Deal, BotTurn, TimeOut}
    assert driver.due(True, match, rnd, seating) == FinishRound()
    assert driver.hint(rnd, human) is None  # nothing to do in a finished round


def test_the_kitty_and_the_call_get_a_longer_clock() -> None:
    settings = Settings(turn_seconds=30)
    for phase in Phase:
        long = phase in (Phase.BURY, Phase.SWAP, Phase.CALL)
        assert settings.turn_clock(phase, giving_back=False) == (60 if long else 30), phase
    assert settings.turn_clock(Phase.DEAL, giving_back=True) == 60  # choosing what to give back


def test_each_member_gets_only_what_its_seat_may_see() -> None:
    preset = get_preset("tractor")
    rnd = Match(preset, seed=5, rounds=1, dealer=0).new_round()
    described: list[tuple[str, Member | None]] = []

    def describe(lang: str, member: Member | None) -> p.Room:
        described.append((lang, member))
        summary = room_summary(
            room_id="r1",
            name="t",
            preset=preset,
            series_rounds=1,
            private=False,
            status="playing",
            settings=Settings(),
            seats=[],
            spectators=1,
            rounds_played=0,
        )
        return p.Room(
            type="room", room=summary, you=None, standings=None, round=1, result=None, ref=None
        )

    publisher = Publisher(describe)
    seat0, seat1, watcher = Sink(1), Sink(2, "zh-Hans"), Sink(3)
    publisher.add(seat0, 0)
    publisher.add(seat1, 1)
    publisher.add(watcher, None)
    assert publisher.spectators() == 1
    publisher.new_round(rnd)
    while rnd.phase is Phase.DEAL and rnd.dealt < 8:
        rnd.deal_card()
        publisher.publish(rnd, None)
    for sink, seat in ((seat0, 0), (seat1, 1), (watcher, None)):
        events = [e for m in sink.of("events") for e in m["events"]]
        assert [e["seq"] for e in events] == list(range(1, 9))
        shown = [e for e in events if e["card"] is not None]
        assert all(e["seat"] == seat for e in shown) and (seat is None) == (not shown)
    # While dealing, a view goes out only when the bids a seat may make change.
    assert len(seat0.of("view")) <= 2 and not watcher.of("view")
    late = Sink(4)
    publisher.add(late, 0)
    publisher.sync(late, rnd, p.Since(round=rnd.number, seq=5), None, "j1")
    assert [m["type"] for m in late.messages] == ["room", "events", "view"]
    assert late.messages[0]["ref"] == "j1"  # the room answers the join
    assert [e["seq"] for e in late.messages[1]["events"]] == [6, 7, 8]
    publisher.refuse(seat1, "stale", "that round is over", "r1")
    assert seat1.messages[-1]["message"] == "那一局已经结束了"
    publisher.rooms(but=seat0)
    assert not seat0.of("room") and all(x.of("room") for x in (seat1, watcher, late))
    assert publisher.remove(seat0) is not None and publisher.remove(seat0) is None

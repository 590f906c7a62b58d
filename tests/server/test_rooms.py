"""Rooms through real WebSockets: joining and the ready check, 托管 and the turn timer,
reconnecting, 强退, chat rules (R-11.4), invitations, errors for bad messages."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import pytest

from zhaopengyou.bots import HeuristicBot
from zhaopengyou.server.botclient import BotClient, create_room, guest

from .harness import Raw, api, running_server

FAST: dict[str, Any] = {"deal_ms": 0, "bot_ms": 0, "between_ms": 0, "bot_level": "easy"}


async def seated(base: str, room: str, seat: int, token: str) -> Raw:
    raw = Raw(base)
    await raw.__aenter__()
    await raw.hello(token)
    await raw.send({"type": "join", "room": room, "seat": seat})
    await raw.until("room")
    return raw


@pytest.mark.anyio
async def test_join_ready_and_seat_rules(sqlite_url: str) -> None:
    async with running_server(sqlite_url) as base:
        a, b = await guest(base), await guest(base)
        room = await create_room(base, a.token, preset="tractor", rounds=1, bots=[2, 3], **FAST)
        first = await seated(base, room["id"], 0, a.token)
        second = Raw(base)
        await second.__aenter__()
        await second.hello(b.token)
        await second.send({"type": "join", "room": room["id"], "seat": 0, "ref": "x"})
        refused = await second.until("error")
        assert refused["code"] == "seat_taken" and refused["ref"] == "x"
        await second.send({"type": "ready"})
        assert (await second.until("error"))["code"] == "no_room"
        await second.send({"type": "join", "room": room["id"]})  # the first free seat
        joined = await second.until("room")
        assert joined["you"] == {"seat": 1}
        await first.send({"type": "ready"})
        state = await first.until("room")
        assert state["room"]["status"] == "open"  # seat 1 is not ready yet
        await second.send({"type": "ready"})
        playing = await first.until("view", timeout=20)
        assert playing["view"]["seat"] == 0
        await first.__aexit__()
        await second.__aexit__()


@pytest.mark.anyio
async def test_trustee_and_turn_timer_hand_the_seat_to_the_bot(sqlite_url: str) -> None:
    """托管: ``trustee`` hands the seat to the bot; a player whose turn timer runs out is
    played by the bot until they act again; both show in the round's record events."""
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room = await create_room(
            base,
            a.token,
            preset="tractor",
            rounds=1,
            bots=[1, 2, 3],
            deal_ms=0,
            bot_ms=0,
            bot_level="easy",
            between_ms=0,
            turn_seconds=0.3,
        )
        me = await seated(base, room["id"], 0, a.token)
        await me.send({"type": "ready"})
        # Never answer: a first timeout, the bot makes that one move and the seat stays
        # the player's; the second in a row hands it to the bot (托管); the round ends.
        over = await me.until("round_over", timeout=60)
        autos = [m for m in me.received if m["type"] == "room" and m["room"]["seats"][0]["auto"]]
        assert autos, "the seat was never marked 托管"
        record = (await api(base, "GET", f"/api/rounds/{over['round_id']}/record")).json()
        mine = [e["kind"] for e in record["events"] if e["seat"] == 0]
        assert mine == ["bot", "back", "bot"], mine
        await me.__aexit__()


async def my_decision(me: Raw) -> dict[str, Any]:
    """The first view after the deal that asks this seat to act."""
    view = await me.until("view", timeout=30)
    while not view["view"]["may"] or view["view"]["phase"] == "deal":
        view = await me.until("view", timeout=30)
    return view


async def at_first_decision(
    base: str, token: str, *, rounds: int = 1, turn_seconds: float, bot_ms: int = 0
) -> tuple[dict[str, Any], Raw, dict[str, Any]]:
    """A `tractor` series of seat 0 and three easy bots, dealt at once: the room, seat 0's
    connection, and the view of its first decision after the deal."""
    room = await create_room(
        base, token, preset="tractor", rounds=rounds, bots=[1, 2, 3], turn_seconds=turn_seconds,
        deal_ms=0, bot_ms=bot_ms, bot_level="easy", between_ms=0,
    )  # fmt: skip
    me = await seated(base, room["id"], 0, token)
    await me.send({"type": "ready"})
    return room, me, await my_decision(me)


@pytest.mark.anyio
async def test_a_player_away_is_waited_for_until_its_timer_runs_out(sqlite_url: str) -> None:
    """A player whose connection goes on its own turn is waited for while the turn
    timer runs: a reload comes back to the same decision (the bots, at 0 ms, would
    have played it at once). When the timer runs out the bot plays the seat (``bot``)
    until the player is back (``back``): away, not 托管."""
    async with running_server(sqlite_url) as base:
        a, b = await guest(base), await guest(base)
        room, me, decision = await at_first_decision(base, a.token, turn_seconds=600)
        before = decision["view"]
        await me.__aexit__()
        me = await seated(base, room["id"], 0, a.token)
        after = (await me.until("view", timeout=30))["view"]
        assert (after["may"], after["hand"], after["current"]) == (
            before["may"], before["hand"], before["current"],
        )  # fmt: skip
        await me.__aexit__()

        room, me, decision = await at_first_decision(
            base, a.token, rounds=2, turn_seconds=3, bot_ms=30
        )
        asked = decision["seq"]
        await me.__aexit__()  # well within its 3 s: away, not timed out at the table
        async with Raw(base) as watcher:
            await watcher.hello(b.token)
            await watcher.send({"type": "watch", "room": room["id"]})
            while True:  # the timer runs out: the bot acts for seat 0
                events = (await watcher.until("events", timeout=30))["events"]
                if any(e.get("seat") == 0 and e["seq"] > asked for e in events):
                    break
            back = await seated(base, room["id"], 0, a.token)
            seat = back.received[-1]["room"]["seats"][0]
            assert seat["connected"] and not seat["auto"]
            await back.send({"type": "trustee", "on": True})  # the bot ends the series
            await back.until("series_over", timeout=120)
            await back.__aexit__()
        rounds = (await api(base, "GET", f"/api/rooms/{room['id']}")).json()["rounds"]
        kinds = []
        for played in rounds:
            record = (await api(base, "GET", f"/api/rounds/{played['id']}/record")).json()
            kinds += [e["kind"] for e in record["events"] if e["kind"] in ("bot", "back")]
        assert kinds == ["bot", "back", "bot"], kinds  # away, back, then 托管 asked for


@pytest.mark.anyio
async def test_a_join_as_the_series_ends_is_answered(sqlite_url: str) -> None:
    """A ``join`` that reaches a room while its last round is being finished (bots at
    0 ms play it out at once) is answered, with the room or ``no_room``, never left
    waiting."""
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room, me, _ = await at_first_decision(base, a.token, turn_seconds=0.3)
        await me.__aexit__()  # in 0.3 s the bots play the whole round out
        async with Raw(base) as again:
            await again.hello(a.token)
            await again.send({"type": "join", "room": room["id"], "ref": "late"})
            answer = await again.next(timeout=30)
            while answer["type"] == "events" or answer["type"] == "view":
                answer = await again.next(timeout=30)
            assert answer["type"] in ("room", "error") and answer["ref"] == "late", answer
            if answer["type"] == "error":
                assert answer["code"] == "no_room"


@pytest.mark.anyio
async def test_trustee_on_and_off(sqlite_url: str) -> None:
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room = await create_room(
            base, a.token, preset="qidong", rounds=1, bots=[1, 2, 3, 4], **FAST
        )
        client = BotClient(base, a.token, HeuristicBot(0))
        await client.connect()
        await client.send({"type": "join", "room": room["id"], "seat": 0})
        await client.send({"type": "trustee", "on": True})
        await client.send({"type": "ready"})
        # The bot plays the whole round for seat 0; the client only watches.
        while True:
            message = await asyncio.wait_for(client.receive(), 60)
            if message["type"] == "round_over":
                break
        record = (await api(base, "GET", f"/api/rounds/{message['round_id']}/record")).json()
        mine = [
            c
            for t in record["tricks"]
            for play in t["plays"]
            if play["seat"] == 0
            for c in play["cards"]
        ]
        assert len(mine) == 20  # the bot played every card of seat 0
        await client.close()


@pytest.mark.anyio
async def test_reconnect_gets_the_seat_view_and_missed_events(sqlite_url: str) -> None:
    """A player who drops out and comes back gets the seat, the whole view and exactly
    the events missed: no gap, no repeat (sequence numbers)."""
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room = await create_room(
            base,
            a.token,
            preset="shandong",
            rounds=1,
            bots=[1, 2, 3],
            deal_ms=5,
            bot_ms=0,
            bot_level="easy",
            between_ms=0,
        )
        me = await seated(base, room["id"], 0, a.token)
        await me.send({"type": "ready"})
        seen: list[dict[str, Any]] = []
        while len(seen) < 30:
            message = await me.next()
            if message["type"] == "events":
                seen.extend(message["events"])
        await me.__aexit__()  # gone in the middle of the deal
        await asyncio.sleep(0.3)
        back = Raw(base)
        await back.__aenter__()
        await back.hello(a.token)
        await back.send(
            {"type": "join", "room": room["id"], "since": {"round": 1, "seq": seen[-1]["seq"]}}
        )
        state = await back.until("room")
        assert state["you"] == {"seat": 0}
        missed = await back.until("events")
        view = await back.until("view")
        seqs = [e["seq"] for e in seen] + [e["seq"] for e in missed["events"]]
        assert seqs == list(range(1, len(seqs) + 1))  # nothing lost, nothing repeated
        assert view["view"]["seat"] == 0 and view["seq"] >= seqs[-1]
        # Seat 0's hand from its events: the cards dealt to it, and the cards a 粘 moved
        # between it and another seat (R-8.4: both seats see those events).
        own: Counter[str] = Counter()
        for e in seen + missed["events"]:
            if e["kind"] == "card_dealt" and e["seat"] == 0:
                own[e["card"]] += 1
            elif e["kind"] in ("declaration_taken", "given_back"):
                giver = e["from_seat"] if e["kind"] == "declaration_taken" else e["seat"]
                receiver = e["seat"] if e["kind"] == "declaration_taken" else e["to_seat"]
                sign = (receiver == 0) - (giver == 0)
                for card in e["cards"] if sign else ():  # others' cards stay hidden
                    own[card] += sign
        held = sorted(own.elements())
        assert held == sorted(view["view"]["hand"]) or view["view"]["phase"] != "deal"
        await back.__aexit__()


@pytest.mark.anyio
async def test_forced_quit_charges_the_leaver_and_a_bot_finishes(database: str) -> None:
    """强退 (R-11.2): leaving mid-series costs 10 积分 per round left; a bot plays on."""
    async with running_server(database) as base:
        a, b = await guest(base), await guest(base)
        room = await create_room(
            base,
            a.token,
            preset="tractor",
            rounds=3,
            bots=[2, 3],
            deal_ms=20,
            bot_ms=0,
            bot_level="easy",
            between_ms=0,
        )
        stays = BotClient(base, a.token, HeuristicBot(0))
        await stays.connect()
        await stays.send({"type": "join", "room": room["id"], "seat": 0})
        leaver = await seated(base, room["id"], 1, b.token)
        await stays.send({"type": "ready"})
        await leaver.send({"type": "ready"})
        await leaver.until("events", timeout=20)
        await leaver.send({"type": "leave"})
        await stays.play(lambda m: m.get("type") == "series_over", timeout=120)
        me = (await api(base, "GET", "/api/me", b.token)).json()
        assert me["score"] == -30  # three rounds left when it left during round 1
        history = (await api(base, "GET", f"/api/accounts/{me['name']}/history")).json()["history"]
        assert [(h["kind"], h["points"]) for h in history] == [("quit", -30)]
        rooms = (await api(base, "GET", f"/api/rooms/{room['id']}")).json()
        first = (await api(base, "GET", f"/api/rounds/{rooms['rounds'][0]['id']}/record")).json()
        assert any(e["kind"] == "quit" and e["seat"] == 1 for e in first["events"])
        await stays.close()
        await leaver.__aexit__()


@pytest.mark.anyio
async def test_chat_rules(sqlite_url: str) -> None:
    """Free chat between rounds; in 「寻」 rooms only fixed phrases during a round (R-11.4);
    length and rate limits."""
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room = await create_room(
            base,
            a.token,
            preset="tractor",
            options={"partner": "called"},
            rounds=1,
            bots=[1, 2, 3],
            deal_ms=50,
            bot_ms=200,
            bot_level="easy",
            between_ms=0,
        )
        me = await seated(base, room["id"], 0, a.token)
        await me.send({"type": "chat", "text": "大家好"})
        said = await me.until("chat")
        assert said["text"] == "大家好" and said["seat"] == 0
        await me.send({"type": "chat", "text": "again"})
        assert (await me.until("error"))["code"] == "chat_refused"  # too fast
        await me.send({"type": "chat", "text": "x" * 300})
        assert (await me.until("error"))["code"] == "bad_message"  # too long
        await me.send({"type": "ready"})
        await me.until("events")
        await asyncio.sleep(1.1)
        await me.send({"type": "chat", "text": "我有红桃A"})
        refused = await me.until("error")
        assert refused["code"] == "chat_refused" and "R-11.4" in refused["message"]
        await me.send({"type": "chat", "phrase": "good_luck"})
        assert (await me.until("chat"))["phrase"] == "good_luck"
        await me.__aexit__()


@pytest.mark.anyio
async def test_private_rooms_are_found_by_code_only(sqlite_url: str) -> None:
    async with running_server(sqlite_url) as base:
        a, b = await guest(base), await guest(base)
        room = await create_room(base, a.token, preset="qidong", rounds=1, private=True)
        assert room["invite_code"]
        listing = (await api(base, "GET", "/api/rooms")).json()["rooms"]
        assert room["id"] not in [r["id"] for r in listing]
        friend = Raw(base)
        await friend.__aenter__()
        await friend.hello(b.token)
        await friend.send({"type": "join", "code": room["invite_code"]})
        joined = await friend.until("room")
        assert joined["room"]["id"] == room["id"] and joined["room"]["invite_code"]
        await friend.__aexit__()


@pytest.mark.anyio
async def test_bad_messages_get_errors_and_change_nothing(sqlite_url: str) -> None:
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        raw = Raw(base)
        await raw.__aenter__()
        await raw.send({"type": "join", "room": "x", "ref": "j"})  # before hello
        refused = await raw.next()
        assert (refused["code"], refused["ref"]) == ("bad_message", "j")
        await raw.__aexit__()
        # Every handshake error echoes the hello's ref (docs/protocol.md).
        hellos: list[tuple[dict[str, Any], str]] = [
            ({"token": "not-a-token", "version": 1}, "unauthorized"),
            ({"token": a.token, "version": 99}, "version"),
            ({"token": a.token, "version": "1"}, "bad_message"),  # strict types
            ({"token": a.token, "version": True}, "bad_message"),
        ]
        for hello, code in hellos:
            raw = Raw(base)
            await raw.__aenter__()
            await raw.send({"type": "hello", "ref": "h", **hello})
            refused = await raw.next()
            assert (refused["code"], refused["ref"]) == (code, "h"), hello
            await raw.__aexit__()
        raw = Raw(base)
        await raw.__aenter__()
        await raw.hello(a.token)
        for bad, code in [
            ("not json", "bad_message"),
            ("[1, 2]", "bad_message"),
            (json.dumps({"type": "fly"}), "bad_message"),
            (json.dumps({"type": "join", "seat": "one"}), "bad_message"),
            # Wrong types are refused, never coerced.
            (json.dumps({"type": "join", "room": "x", "seat": "1"}), "bad_message"),
            (json.dumps({"type": "join", "room": "x", "seat": True}), "bad_message"),
            (json.dumps({"type": "join", "room": "x", "seat": 1.0}), "bad_message"),
            (json.dumps({"type": "lobby", "follow": "yes"}), "bad_message"),
            (json.dumps({"type": "lobby", "follow": 1}), "bad_message"),
            (json.dumps({"type": "action", "action": {}, "round": "1"}), "bad_message"),
            (json.dumps({"type": "join", "room": 5}), "bad_message"),
            # … and an action's key its kind does not have (a typo would be lost)
            (json.dumps({"type": "action", "action": {"kind": "pass", "seat": 0}}), "bad_message"),
            (
                json.dumps({"type": "action", "action": {"kind": "play", "cards": ["AS"]}}),
                "no_room",
            ),
            ("x" * 20000, "too_large"),
        ]:
            await raw.send(bad)
            assert (await raw.until("error"))["code"] == code, bad
        await raw.send({"type": "ping", "ref": "p"})
        assert (await raw.until("pong"))["ref"] == "p"
        await raw.__aexit__()


@pytest.mark.anyio
async def test_answers_come_in_the_order_of_the_messages(sqlite_url: str) -> None:
    """A ping in a room is answered after everything sent before it (docs/protocol.md:
    messages are handled in order), on its own as well as behind a refused chat."""
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room = await create_room(base, a.token, preset="tractor", rounds=1, bots=[1, 2], **FAST)
        me = await seated(base, room["id"], 0, a.token)
        for _ in range(3):
            await me.send({"type": "chat", "text": "  ", "ref": "c"})
            await me.send({"type": "ping", "ref": "p"})
            await me.send({"type": "add_bot", "seat": 3, "ref": "b"})
            await me.send({"type": "add_bot", "seat": 3, "remove": True, "ref": "b2"})
            await me.send({"type": "ping", "ref": "q"})
            answers: list[tuple[str, str]] = []
            while len(answers) < 2 or answers[-1] != ("pong", "q"):
                message = await me.next()
                if message.get("ref") is not None:
                    answers.append((message["type"], message["ref"]))
            assert answers[:2] == [("error", "c"), ("pong", "p")], answers
        await me.__aexit__()


@pytest.mark.anyio
async def test_illegal_actions_are_answered_with_the_rule(sqlite_url: str) -> None:
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room = await create_room(base, a.token, preset="tractor", rounds=1, bots=[1, 2, 3], **FAST)
        me = await seated(base, room["id"], 0, a.token)
        await me.send({"type": "ready"})
        view = await me.until("view", timeout=20)
        await me.send({"type": "action", "action": {"kind": "play", "cards": ["AS"]}, "ref": "1"})
        refused = await me.until("error", ref="1")
        assert refused["code"] == "illegal_action" and refused["template"]
        await me.send({"type": "action", "action": {"kind": "play", "cards": "AS"}, "ref": "2"})
        assert (await me.until("error", ref="2"))["code"] == "bad_message"
        await me.send({"type": "action", "action": {"kind": "pass"}, "round": 7, "ref": "3"})
        assert (await me.until("error", ref="3"))["code"] == "stale"
        assert view["view"]["seat"] == 0
        await me.__aexit__()


@pytest.mark.anyio
async def test_the_lobby_shows_rooms_live(sqlite_url: str) -> None:
    """Open rooms with their preset, mode, options, seats taken, series length and
    spectators; every change is sent to whoever follows the lobby."""
    async with running_server(sqlite_url) as base:
        a, b = await guest(base), await guest(base)
        follower = Raw(base)
        await follower.__aenter__()
        await follower.hello(b.token)
        await follower.send({"type": "lobby"})
        assert (await follower.until("lobby"))["rooms"] == []
        room = await create_room(
            base, a.token, preset="tractor", options={"partner": "called"}, rounds=6, bots=[3]
        )
        shown = (await follower.until("lobby_room"))["room"]
        assert shown["id"] == room["id"] and shown["mode"] == "xun" and shown["rounds"] == 6
        assert shown["options"]["partner"] == "called"
        assert [s["bot"] for s in shown["seats"]] == [False, False, False, True]
        player = await seated(base, room["id"], 0, a.token)
        taken = (await follower.until("lobby_room"))["room"]
        assert taken["seats"][0]["name"] == a.account["name"]
        watcher = Raw(base)
        await watcher.__aenter__()
        await watcher.hello((await guest(base)).token)
        await watcher.send({"type": "watch", "room": room["id"]})
        while (await follower.until("lobby_room"))["room"]["spectators"] != 1:
            pass
        await follower.send({"type": "lobby", "follow": False})
        await player.__aexit__()
        await watcher.__aexit__()
        await follower.__aexit__()


@pytest.mark.anyio
async def test_seats_bots_and_rooms_are_guarded(sqlite_url: str) -> None:
    """Only the room's maker or a seated player seats bots; seat numbers must exist; a
    private room is found by its code (not its id); a player who drops out of a room that
    has not started frees the seat; a seated player in a series cannot wander off into
    another room without leaving it (强退)."""
    async with running_server(sqlite_url) as base:
        maker, other, third = await guest(base), await guest(base), await guest(base)
        room = await create_room(base, maker.token, preset="tractor", rounds=1, **FAST)
        stranger = Raw(base)
        await stranger.__aenter__()
        await stranger.hello(other.token)
        await stranger.send({"type": "watch", "room": room["id"]})
        await stranger.until("room")
        await stranger.send({"type": "add_bot", "seat": 1, "ref": "b"})
        assert (await stranger.until("error", ref="b"))["code"] == "not_seated"
        await stranger.send({"type": "join", "room": room["id"], "seat": 4, "ref": "s"})
        refused = await stranger.until("error", ref="s")
        assert refused["code"] == "not_allowed" and "no seat 5" in refused["message"]
        await stranger.send({"type": "join", "room": room["id"], "seat": 2})
        assert (await stranger.until("room"))["you"] == {"seat": 2}
        await stranger.__aexit__()  # gone before the series: the seat is free again
        owner = Raw(base)
        await owner.__aenter__()
        await owner.hello(maker.token)
        await owner.send({"type": "join", "room": room["id"], "seat": 0})
        state = await owner.until("room")
        while state["room"]["seats"][2]["account"] is not None:
            state = await owner.until("room")
        for seat in (1, 2, 3):
            await owner.send({"type": "add_bot", "seat": seat})
        await owner.send({"type": "ready"})
        await owner.until("events", timeout=20)
        private = await create_room(base, third.token, preset="qidong", rounds=1, private=True)
        await owner.send({"type": "watch", "room": private["id"], "ref": "p"})
        assert (await owner.until("error", ref="p"))["code"] == "no_room"
        await owner.send({"type": "watch", "code": private["invite_code"], "ref": "q"})
        refused = await owner.until("error", ref="q")
        assert refused["code"] == "not_allowed" and "R-11.2" in refused["message"]
        assert (await api(base, "GET", f"/api/rooms/{private['id']}")).status_code == 404
        code = private["invite_code"]
        assert (
            await api(base, "GET", f"/api/rooms/{private['id']}?code={code}")
        ).status_code == 200
        await owner.send({"type": "leave", "ref": "l"})
        assert (await owner.until("ack", ref="l"))["ref"] == "l"
        await owner.__aexit__()


@pytest.mark.anyio
async def test_acting_again_ends_trustee_and_everyone_is_told(sqlite_url: str) -> None:
    """托管 on and off reach the members and the lobby (``GET /api/rooms/{id}``)."""
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room = await create_room(
            base,
            a.token,
            preset="tractor",
            rounds=1,
            bots=[1, 2, 3],
            deal_ms=0,
            bot_ms=300,
            bot_level="easy",
            between_ms=0,
        )
        client = BotClient(base, a.token, HeuristicBot(0))
        await client.connect()
        await client.send({"type": "join", "room": room["id"], "seat": 0})
        await client.send({"type": "trustee", "on": True})
        await client.send({"type": "ready"})
        while not (
            (m := await client.receive())["type"] == "room" and m["room"]["seats"][0]["auto"]
        ):
            pass
        card = (await api(base, "GET", f"/api/rooms/{room['id']}")).json()["room"]
        assert card["seats"][0]["auto"]
        before = len(client.received)
        await client.play(lambda m: m.get("type") == "ack", timeout=30)  # it acted itself
        told = [m for m in client.received[before:] if m.get("type") == "room"]
        assert told and not told[-1]["room"]["seats"][0]["auto"]
        card = (await api(base, "GET", f"/api/rooms/{room['id']}")).json()["room"]
        assert not card["seats"][0]["auto"]
        await client.close()


@pytest.mark.anyio
async def test_http_errors_have_one_shape(sqlite_url: str) -> None:
    async with running_server(sqlite_url) as base:
        for body in (
            {"name": "x"},
            {"name": "小明", "password": 5},
            {"name": "n" * 300, "password": "p"},
        ):
            reply = await api(base, "POST", "/api/register", json=body)
            assert reply.status_code == 400
            assert set(reply.json()["error"]) == {"code", "message"}


@pytest.mark.anyio
async def test_a_guest_who_registers_keeps_its_seat_under_its_new_name(sqlite_url: str) -> None:
    """A guest playing a series registers (its account keeps its id) and comes back to
    the table: the seat, the room's members and the lobby's card show the new name."""
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room, me, _ = await at_first_decision(base, a.token, turn_seconds=600)
        await me.__aexit__()
        answer = await api(
            base, "POST", "/api/register", a.token, json={"name": "新名字", "password": "secret-pw"}
        )
        assert answer.status_code == 200, answer.text
        me = await seated(base, room["id"], 0, answer.json()["token"])
        assert me.received[-1]["room"]["seats"][0]["name"] == "新名字"
        await me.__aexit__()
        shown = (await api(base, "GET", f"/api/rooms/{room['id']}")).json()["room"]
        assert shown["seats"][0]["name"] == "新名字"

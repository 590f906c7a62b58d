"""What the browser client relies on, through real WebSockets: 提示 (`hint`) answers with
an action the engine accepts, the view's `choices` are accepted as sent, and its `suits`
split the deck as R-1.4 / R-1.5 say."""

from __future__ import annotations

from typing import Any

import pytest

from zhaopengyou.server.botclient import create_room, guest

from .harness import Raw, running_server

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = {rank + suit for rank in RANKS for suit in "SHCD"} | {"LJ", "BJ"}

# What a spectator (or a seat that may do nothing) is offered.
NO_CHOICES = {
    "bids": [],
    "friend_calls": [],
    "plays": [],
    "plays_complete": True,
    "swaps": [],
    "swaps_complete": True,
    "burial": None,
    "give_back": None,
}


def check_suits(view_message: dict[str, Any]) -> None:
    """R-1.4, R-1.5: every card in exactly one effective suit; jokers and level cards are
    trumps, so is the trump suit; an off suit holds only its own cards."""
    suits = view_message["suits"]
    view = view_message["view"]
    if suits is None:
        assert view["trump_suit"] == "hidden" or view["phase"] in ("deal", "bid")
        return
    listed = [card for cards in suits.values() for card in cards]
    assert sorted(listed) == sorted(DECK)
    trump = set(suits["trump"])
    assert {"LJ", "BJ"} <= trump
    level = view["level_rank"]
    assert {level + suit for suit in "SHCD"} <= trump
    if view["trump_suit"] in ("S", "H", "C", "D"):
        assert {rank + view["trump_suit"] for rank in RANKS} <= trump
    for suit in "SHCD":
        assert all(card.endswith(suit) for card in suits[suit])


@pytest.mark.anyio
@pytest.mark.parametrize("preset", ["tractor", "zhaopengyou", "qidong", "shandong"])
async def test_a_player_who_follows_every_hint_finishes_the_round(
    sqlite_url: str, preset: str
) -> None:
    """Each decision taken from `hint` (bids aside, taken from `choices`) is accepted."""
    players = 5 if preset in ("zhaopengyou", "qidong") else 4
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room = await create_room(
            base,
            a.token,
            preset=preset,
            rounds=1,
            bots=list(range(1, players)),
            deal_ms=2,
            bot_ms=0,
            bot_level="easy",
            between_ms=0,
        )
        async with Raw(base) as me, Raw(base) as watcher:
            await me.hello(a.token)
            await watcher.hello((await guest(base)).token)
            await me.send({"type": "join", "room": room["id"], "seat": 0})
            await me.until("room")
            await watcher.send({"type": "watch", "room": room["id"]})
            await watcher.until("room")
            await watcher.send({"type": "hint", "ref": "w"})
            refused = await watcher.until("error", ref="w")
            assert refused["code"] == "not_seated"
            await me.send({"type": "ready"})
            acted = 0
            hints = 0
            backlog: list[dict[str, Any]] = []
            while True:
                message = backlog.pop(0) if backlog else await me.next(timeout=30)
                if message["type"] == "round_over":
                    break
                if message["type"] == "error":
                    raise AssertionError(message)
                if message["type"] != "view":
                    continue
                check_suits(message)
                may = message["view"]["may"]
                if not may or message["view"]["phase"] == "deal":
                    continue
                if may == ["call_friend"] and message["choices"]["friend_calls"]:
                    action = {"kind": "call_friend", **message["choices"]["friend_calls"][-1]}
                else:
                    await me.send({"type": "hint", "ref": f"h{hints}"})
                    answer = await me.until("hint", ref=f"h{hints}", timeout=30)
                    hints += 1
                    action = answer["action"]
                    if action is None:  # the turn passed meanwhile (a bid window closed)
                        continue
                await me.send({"type": "action", "action": action, "ref": f"a{acted}"})
                while True:
                    reply = await me.next(timeout=30)
                    backlog.append(reply)  # views sent before the ack may ask for more
                    if reply["type"] == "ack" and reply["ref"] == f"a{acted}":
                        break
                    if reply["type"] == "error":
                        # Only a race with the deal or a bid window may refuse a hint.
                        assert reply["code"] in ("illegal_action", "stale"), reply
                        assert message["view"]["phase"] in ("bid",), reply
                        backlog.pop()
                        break
                acted += 1
            assert acted >= 10 and hints >= 10
            # Spectators get no choices and no hints.
            await watcher.until("round_over", timeout=30)
            views = [m for m in watcher.received if m["type"] == "view"]
            assert views and all(
                m["choices"] == NO_CHOICES and m["view"]["hand"] == [] for m in views
            )


@pytest.mark.anyio
async def test_bid_choices_are_current_and_accepted(sqlite_url: str) -> None:
    """During the deal a view comes whenever the seat's possible bids change (R-8.1), and
    a bid taken from the last view's `choices` is accepted (unless a newer bid came
    first). The seat is on 托管 outside the deals (so that rounds go by until it can bid)
    and its own during them (so that its bot does not bid first)."""
    async with running_server(sqlite_url) as base:
        a = await guest(base)
        room = await create_room(
            base,
            a.token,
            preset="tractor",
            rounds=20,  # ends at the first round where seat 0 may bid
            bots=[1, 2, 3],
            deal_ms=10,
            bot_ms=0,
            bot_level="easy",
            between_ms=0,
        )
        async with Raw(base) as me:
            await me.hello(a.token)
            await me.send({"type": "join", "room": room["id"], "seat": 0})
            await me.until("room")
            await me.send({"type": "ready"})
            hand: list[str] = []
            trustee = False
            while True:
                message = await me.next(timeout=30)
                dealing = message["type"] == "view" and message["view"]["phase"] == "deal"
                if message["type"] == "view" and dealing == trustee:
                    trustee = not dealing
                    await me.send({"type": "trustee", "on": trustee})
                if message["type"] == "events":
                    hand += [
                        e["card"]
                        for e in message["events"]
                        if e["kind"] == "card_dealt" and e["seat"] == 0
                    ]
                    if any(e["kind"] == "redeal" for e in message["events"]):
                        hand = []
                if message["type"] == "round_over":
                    hand = []
                assert message["type"] != "series_over", "seat 0 never could bid"
                if message["type"] == "view" and message["view"]["phase"] == "deal":
                    assert sorted(message["view"]["hand"]) == sorted(hand)
                    if message["choices"]["bids"]:
                        break
            bid = message["choices"]["bids"][0]
            assert all(bid["cards"].count(c) <= hand.count(c) for c in bid["cards"])
            await me.send({"type": "action", "action": {"kind": "bid", **bid}, "ref": "b"})
            newer_bid = False
            while True:
                reply = await me.next(timeout=30)
                if reply["type"] == "events":
                    newer_bid |= any(e["kind"] == "bid" for e in reply["events"])
                if reply.get("ref") == "b":
                    break
            assert reply["type"] == "ack" or (reply["code"] == "illegal_action" and newer_bid)

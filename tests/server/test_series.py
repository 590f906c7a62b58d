"""Whole series through real WebSockets: a bot-driven client in every seat of every
preset and mode, a spectator watching, and every message any of them received checked
against the round's record for hidden information (DEVELOPERS.md: a client sees only
what its seat may know: never another hand, the kitty, or a hidden trump suit)."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest

from zhaopengyou.bots import Agent, HeuristicBot
from zhaopengyou.engine import Action, Play, View
from zhaopengyou.engine.cards import CARDS
from zhaopengyou.records import replay_record
from zhaopengyou.server.botclient import BotClient, create_room, guest

from .harness import Raw, api, running_server

GAMES = [
    ("tractor", {}),
    ("tractor", {"partner": "called"}),
    ("zhaopengyou", {}),
    ("qidong", {}),
    ("shandong", {}),
]
FAST: dict[str, Any] = {"deal_ms": 0, "bot_ms": 0, "between_ms": 0, "bot_level": "easy"}


def cards_in(data: Any) -> Counter[str]:
    """Every card token anywhere in a message."""
    from zhaopengyou.engine.cards import CARDS

    names = {c.ascii for c in CARDS}
    found: Counter[str] = Counter()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item in names:
            found[item] += 1
    return found


def within(found: Counter[str], allowed: Counter[str]) -> bool:
    return all(allowed[c] >= n for c, n in found.items())


def check_round_messages(
    seat: int | None, messages: list[dict[str, Any]], record: dict[str, Any]
) -> int:
    """Nothing in ``messages`` (one client's, for one round) tells ``seat`` (None: a
    spectator) what it may not know. Returns how many messages were checked."""
    knowers = set()
    declarations = [b for b in record["bids"] if b.get("kind") in ("liang", "ding")]
    declaring = bool(declarations)
    if declaring:  # the final declarer and whoever took the declaration
        knowers = {declarations[-1]["seat"]} | {
            b["seat"] for b in record["bids"] if b.get("kind") == "zhan"
        }
    mine: Counter[str] = Counter(record["deal"][seat]) if seat is not None else Counter()
    if seat is not None and seat == record["buried_by"]:
        mine.update(record["kitty"])
    for bid in record["bids"]:
        if bid.get("kind") == "zhan" and seat == bid["seat"]:
            mine.update(bid["taken"])
        if bid.get("kind") == "zhan" and seat == bid.get("from_seat"):
            mine.update(bid["returned"])
    if declaring and seat == declarations[-1]["seat"]:  # the declarer's kitty swaps
        mine.update(swap["from_kitty"] for swap in record["swaps"])
    revealed = False
    for message in messages:
        if message["type"] == "events":
            for event in message["events"]:
                kind = event["kind"]
                if kind == "card_dealt" and event["seat"] != seat:
                    assert event["card"] is None, event
                if kind in ("kitty_taken", "buried") and event["seat"] != seat:
                    assert event["cards"] == [], event
                if kind == "bid" and event["seat"] != seat:
                    assert event["hidden"] == [], event
                if kind in ("declaration_taken", "given_back") and seat not in (
                    event["seat"],
                    event.get("from_seat", event.get("to_seat")),
                ):
                    assert event["cards"] == [], event
                if kind == "swapped" and event["seat"] != seat:
                    assert event["pairs"] == [], event
                if (
                    kind == "trump_decided"
                    and event["knowers"] is not None
                    and seat not in event["knowers"]
                ):
                    assert event["trump_suit"] is None, event
                if kind == "trump_revealed":
                    revealed = True
        elif message["type"] == "view":
            view = message["view"]
            assert view["seat"] == seat
            assert within(cards_in(view["hand"]), mine), (view["hand"], mine)
            if seat != record["buried_by"]:
                assert view["buried"] == []
            if view["kitty_trumps"]:  # only the declarer, to choose its swaps
                assert declaring and seat == declarations[-1]["seat"]
                assert within(cards_in(view["kitty_trumps"]), Counter(record["buried"]))
            if (
                declaring
                and not revealed
                and seat not in knowers
                and view["phase"] in ("bury", "swap")
            ):
                assert view["trump_suit"] == "hidden", view["phase"]
            for key in ("hand", "buried", "kitty_trumps", "swaps"):
                if seat is None:
                    assert view[key] == [], key
    return len(messages)


async def play_series(
    base: str, preset: str, options: dict[str, Any], rounds: int = 2
) -> tuple[list[BotClient], Raw, dict[str, Any]]:
    accounts = [await guest(base) for _ in range(5)]
    room = await create_room(
        base, accounts[0].token, preset=preset, options=options, rounds=rounds, **FAST
    )
    players = len(room["seats"])
    clients = [BotClient(base, accounts[s].token, HeuristicBot(s)) for s in range(players)]
    watcher_account = await guest(base)
    watcher = Raw(base)
    await watcher.__aenter__()
    await watcher.hello(watcher_account.token)
    for seat, client in enumerate(clients):
        await client.connect()
        await client.send({"type": "join", "room": room["id"], "seat": seat})
    await watcher.send({"type": "watch", "room": room["id"]})
    for client in clients:
        await client.send({"type": "ready"})

    def over(message: dict[str, Any]) -> bool:
        return message.get("type") == "series_over"

    async def watch() -> None:
        await watcher.until("series_over", timeout=120)

    await asyncio.gather(*(c.play(over, timeout=120) for c in clients), watch())
    for client in clients:
        await client.close()
    await watcher.__aexit__()
    return clients, watcher, room


def by_round(messages: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for message in messages:
        if message.get("type") in ("events", "view"):
            out.setdefault(message["round"], []).append(message)
    return out


@pytest.mark.anyio
@pytest.mark.parametrize(("preset", "options"), GAMES)
async def test_series_with_a_client_in_every_seat(
    database: str, preset: str, options: dict[str, Any]
) -> None:
    async with running_server(database) as base:
        clients, watcher, room = await play_series(base, preset, options)
        listing = (await api(base, "GET", f"/api/rooms/{room['id']}")).json()
        assert [r["finished"] for r in listing["rounds"]] == [True, True]
        checked = 0
        for number, game in enumerate(listing["rounds"], start=1):
            record = (await api(base, "GET", f"/api/rounds/{game['id']}/record")).json()
            assert replay_record(record).ok  # the stored record replays exactly
            for seat, client in enumerate(clients):
                checked += check_round_messages(seat, by_round(client.received)[number], record)
            checked += check_round_messages(
                None, by_round(watcher.received).get(number, []), record
            )
        assert checked > 200
        # 积分: every account's total is the sum of its seat's round scores.
        over = next(m for m in clients[0].received if m["type"] == "series_over")
        for seat, client in enumerate(clients):
            me = (await api(base, "GET", "/api/me", client.token)).json()
            assert me["score"] == over["standings"]["totals"][seat]
            assert me["rounds_played"] == 2 and me["series_played"] == 1
        for client in clients:
            stale = [e for e in client.errors if e["code"] not in ("illegal_action",)]
            assert not stale, stale


class WrongOnce:
    """A heuristic player whose first play is a card it does not hold."""

    def __init__(self, seat: int) -> None:
        self.bot = HeuristicBot(seat)
        self.wrong = True

    def act(self, view: View) -> Action | None:
        if self.wrong and "play" in view.may:
            self.wrong = False
            missing = next(c for c in CARDS if c not in view.hand)
            return Play((missing,))
        return self.bot.act(view)


@pytest.mark.anyio
async def test_a_refused_action_is_looked_at_again_while_the_table_waits(sqlite_url: str) -> None:
    """A player's action refused (here a card it does not hold, R-5.1's checks) changes
    nothing, so no new view comes while the table waits for that seat (its bot waits a
    minute, its turn timer ten): the bot client asks again (``resync``), sees its turn
    and plays on."""
    async with running_server(sqlite_url) as base:
        accounts = [await guest(base) for _ in range(4)]
        room = await create_room(
            base,
            accounts[0].token,
            preset="tractor",
            rounds=1,
            deal_ms=0,
            bot_ms=60000,
            turn_seconds=600,
        )
        agents: list[Agent] = [WrongOnce(0), *(HeuristicBot(seat) for seat in (1, 2, 3))]
        clients = [
            BotClient(base, a.token, agent) for a, agent in zip(accounts, agents, strict=True)
        ]
        for seat, client in enumerate(clients):
            await client.connect()
            await client.send({"type": "join", "room": room["id"], "seat": seat})
            await client.send({"type": "ready"})
        await asyncio.gather(
            *(c.play(lambda m: m.get("type") == "series_over", timeout=90) for c in clients)
        )
        refused = [e["message"] for e in clients[0].errors if e["message"].startswith("you do not")]
        assert len(refused) == 1, clients[0].errors  # (others: bids a moment late, R-8.1)
        for client in clients:
            await client.close()

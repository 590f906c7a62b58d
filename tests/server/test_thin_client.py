"""A client that knows no rule plays whole series of every preset from the protocol
alone (docs/protocol.md, the view's ``choices``): every choice it is offered is legal,
and it is offered one for every kind of action the view says it may send."""

from __future__ import annotations

import random
from typing import Any

import pytest

from zhaopengyou.server.botclient import create_room, guest

from .harness import Raw, running_server
from .test_rooms import FAST

PRESETS = [
    ("tractor", {}, [1, 2, 3]),
    ("tractor", {"partner": "called"}, [1, 2, 3]),
    ("zhaopengyou", {}, [1, 2, 3, 4]),
    ("qidong", {}, [1, 2, 3, 4]),
    ("shandong", {}, [1, 2, 3]),
]


def choose(message: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """An action from the view message's choices only (None: nothing to do now)."""
    may, choices = message["view"]["may"], message["choices"]
    if "give_back" in may:
        return {"kind": "give_back", "cards": choices["give_back"]}
    if "play" in may:
        return {"kind": "play", "cards": rng.choice(choices["plays"])}
    if "bury" in may:
        return {"kind": "bury", "cards": choices["burial"]}
    if "call_friend" in may:
        call = rng.choice(choices["friend_calls"])
        return {"kind": "call_friend", "card": call["card"], "solo": call["solo"]}
    if "swap" in may:
        return {"kind": "swap", "pairs": rng.choice(choices["swaps"])}
    if "bid" in may and choices["bids"] and rng.random() < 0.3:
        bid = rng.choice(choices["bids"])
        return {"kind": "bid", "cards": bid["cards"], "bid_kind": bid["bid_kind"]}
    if "pass" in may:
        return {"kind": "pass"}
    return None


@pytest.mark.anyio
@pytest.mark.parametrize(("preset", "options", "bots"), PRESETS)
async def test_a_client_that_knows_no_rule_plays_every_preset(
    sqlite_url: str, preset: str, options: dict[str, Any], bots: list[int]
) -> None:
    rng = random.Random(preset + str(options))
    async with running_server(sqlite_url) as base:
        account = await guest(base)
        room = await create_room(
            base, account.token, preset=preset, options=options, rounds=2, bots=bots, **FAST
        )
        async with Raw(base) as client:
            await client.hello(account.token)
            await client.send({"type": "join", "room": room["id"], "seat": 0})
            await client.send({"type": "ready"})
            sent: dict[str, str] = {}
            waiting: str | None = None  # the ref of the action not answered yet
            latest: dict[str, Any] | None = None  # the newest view

            async def act() -> str | None:
                """Answer the newest view, if it asks for something."""
                assert latest is not None
                if latest["choices"]["plays"]:
                    assert latest["view"]["may"] == ["play"]  # offered on its turn only
                action = choose(latest, rng)
                if action is None:
                    return None
                ref = f"{latest['round']}.{latest['seq']}"
                sent[ref] = action["kind"]
                await client.send(
                    {"type": "action", "action": action, "round": latest["round"], "ref": ref}
                )
                return ref

            while True:
                message = await client.next(timeout=60)
                kind = message["type"]
                if kind == "error":
                    # Only a bid may be overtaken: anyone may bid while cards are dealt
                    # so a higher bid can land between the view and the answer.
                    assert sent.get(str(message.get("ref"))) == "bid", message
                    assert message["code"] == "illegal_action", message
                if kind == "series_over":
                    break
                if kind == "view":
                    latest = message
                    if waiting is None:
                        waiting = await act()
                elif kind in ("ack", "error") and message["ref"] == waiting:
                    # One action at a time: the views that came meanwhile may be older
                    # than it; the newest one (sent just before this answer) is acted on.
                    waiting = await act()
            assert "play" in sent.values()

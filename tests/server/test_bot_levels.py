"""Bot levels (issue 12): a room's bots are easy (heuristic), normal (search, 0.2 s) or
hard (search, 1 s); searching bots think off the event loop, so the server answers
everyone else while they think."""

from __future__ import annotations

import asyncio
import time

import pytest

from zhaopengyou.bots import BOT_LEVELS, HeuristicBot, SearchBot
from zhaopengyou.engine import Phase
from zhaopengyou.server.botclient import create_room, guest
from zhaopengyou.server.hub import RoomRequest

from .harness import api, running_app


def test_the_room_request_offers_exactly_the_bot_levels() -> None:
    field = RoomRequest.model_fields["bot_level"]
    assert set(field.annotation.__args__) == set(BOT_LEVELS)  # type: ignore[union-attr]
    assert field.default == "normal"


@pytest.mark.anyio
async def test_hard_bots_search_and_the_server_stays_responsive(sqlite_url: str) -> None:
    async with running_app(sqlite_url) as (base, app):
        maker = await guest(base)
        room = await create_room(
            base,
            maker.token,
            preset="tractor",
            rounds=1,
            bots=[0, 1, 2, 3],
            deal_ms=0,
            bot_ms=0,
            between_ms=0,
            bot_level="hard",
        )
        assert room["settings"]["bot_level"] == "hard"
        refused = await api(
            base, "POST", "/api/rooms", maker.token, json={"preset": "tractor", "bot_level": "x"}
        )
        assert refused.status_code == 400 and "bot_level" in refused.text, refused.text

        live = app.state.node.hub.rooms[room["id"]]
        deadline = time.monotonic() + 30
        while live.round is None or live.round.phase is not Phase.PLAY:
            assert time.monotonic() < deadline, "the bots never reached the play"
            await asyncio.sleep(0.05)
        kinds = {type(live.driver.bot(seat)) for seat in range(4)}
        assert kinds == {SearchBot}
        assert all(live.driver.bot(seat).think == 1.0 for seat in range(4))

        # While the bots think (up to 1 s a move), the lobby still answers at once.
        slowest = 0.0
        for _ in range(8):
            started = time.perf_counter()
            answer = await api(base, "GET", "/api/rooms")
            slowest = max(slowest, time.perf_counter() - started)
            assert answer.status_code == 200
        assert slowest < 0.5, slowest
        # … and the room plays on: two more plays while we watch.
        steps = live.round.step_count
        deadline = time.monotonic() + 15
        while live.round.step_count < steps + 2:
            assert time.monotonic() < deadline, "the hard bots stopped playing"
            await asyncio.sleep(0.05)


@pytest.mark.anyio
async def test_easy_bots_are_the_heuristic_bot(sqlite_url: str) -> None:
    async with running_app(sqlite_url) as (base, app):
        maker = await guest(base)
        room = await create_room(
            base, maker.token, preset="qidong", rounds=1, bots=[1, 2], bot_level="easy"
        )
        live = app.state.node.hub.rooms[room["id"]]
        assert isinstance(live.driver.bot(1), HeuristicBot)
        assert live.settings.bot_wait() == 0.7  # nothing to subtract for a bot that does not think

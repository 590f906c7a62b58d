"""HTTP endpoints on SQLite and PostgreSQL: accounts (argon2, hashed tokens, guests who
register later), profiles with R-11.3 titles, the leaderboard, rooms, health, metrics."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from zhaopengyou.server import accounts as acc
from zhaopengyou.server.db import Session, make_engine, utcnow

from .harness import api, running_server


@pytest.mark.anyio
async def test_register_login_logout_and_sessions(database: str) -> None:
    async with running_server(database) as base:
        made = await api(
            base, "POST", "/api/register", json={"name": "小明", "password": "secret1"}
        )
        assert made.status_code == 200
        token = made.json()["token"]
        me = (await api(base, "GET", "/api/me", token)).json()
        assert me["name"] == "小明" and not me["guest"] and me["title"]["zh-Hans"] == "小屁孩"
        taken = await api(
            base, "POST", "/api/register", json={"name": "小明", "password": "other12"}
        )
        assert taken.status_code == 409 and taken.json()["error"]["code"] == "name_taken"
        wrong = await api(base, "POST", "/api/login", json={"name": "小明", "password": "nope123"})
        assert wrong.status_code == 401
        again = await api(base, "POST", "/api/login", json={"name": "小明", "password": "secret1"})
        second = again.json()["token"]
        assert second != token
        assert (await api(base, "POST", "/api/logout", second)).status_code == 200
        assert (await api(base, "GET", "/api/me", second)).status_code == 401
        assert (await api(base, "GET", "/api/me", token)).status_code == 200
        assert (await api(base, "GET", "/api/me")).status_code == 401
        for name, password in [
            ("a", "secret1"),
            ("guest7", "secret1"),
            ("x y", "secret1"),
            ("小红", "123"),
        ]:
            refused = await api(
                base, "POST", "/api/register", json={"name": name, "password": password}
            )
            assert refused.status_code == 400, name
        # Tokens are stored hashed (a stolen table gives no usable token) and expire.
        engine = make_engine(database)
        async with engine.begin() as connection:
            hashes = (await connection.execute(select(Session.token_hash))).scalars().all()
            assert acc.token_hash(token) in hashes and token not in hashes
            await connection.execute(
                update(Session)
                .where(Session.token_hash == acc.token_hash(token))
                .values(expires_at=utcnow() - timedelta(seconds=1))
            )
        await engine.dispose()
        assert (await api(base, "GET", "/api/me", token)).status_code == 401


@pytest.mark.anyio
async def test_a_guest_registers_and_keeps_its_account(sqlite_url: str) -> None:
    async with running_server(sqlite_url) as base:
        guest = (await api(base, "POST", "/api/guest")).json()
        assert guest["account"]["guest"] and guest["account"]["name"].startswith("游客")
        made = await api(
            base,
            "POST",
            "/api/register",
            guest["token"],
            json={"name": "阿强", "password": "pw1234"},
        )
        assert made.json()["account"]["id"] == guest["account"]["id"]
        assert not made.json()["account"]["guest"]
        assert (await api(base, "GET", "/api/me", guest["token"])).json()["name"] == "阿强"


@pytest.mark.anyio
async def test_profiles_titles_and_leaderboard(sqlite_url: str) -> None:
    from .test_series import play_series

    async with running_server(sqlite_url) as base:
        await play_series(base, "qidong", {}, rounds=1)
        board = (await api(base, "GET", "/api/leaderboard")).json()["leaders"]
        assert len(board) == 5
        assert [r["score"] for r in board] == sorted((r["score"] for r in board), reverse=True)
        assert all(r["title"]["zh-Hant"] == acc.title(r["score"], "zh-Hant") for r in board)
        name = board[0]["name"]
        profile = (await api(base, "GET", f"/api/accounts/{name}")).json()
        assert profile["score"] == board[0]["score"]
        assert [h["kind"] for h in profile["history"]] == ["round"]
        assert (await api(base, "GET", "/api/accounts/nobody")).status_code == 404


def test_titles_follow_r_11_3() -> None:
    """R-11.3: below 0 嬰幼兒; 0 小屁孩; 120 幼稚園 … 99999999 外星人."""
    assert acc.title(-1, "zh-Hant") == "嬰幼兒"
    assert acc.title(0, "zh-Hant") == "小屁孩"
    assert acc.title(119, "zh-Hant") == "小屁孩"
    assert acc.title(120, "zh-Hant") == "幼稚園"
    assert acc.title(1137240, "zh-Hans") == "博士后"
    assert acc.title(99999998, "zh-Hant") == "科學家"
    assert acc.title(99999999, "zh-Hant") == "外星人"


@pytest.mark.anyio
async def test_rooms_health_metrics_and_presets(database: str) -> None:
    async with running_server(database) as base:
        health = (await api(base, "GET", "/healthz")).json()
        assert health["status"] == "ok" and health["database"] == "ok"
        assert health["redis"] is None  # a process alone: no cluster
        assert health["rooms"] == [] and health["connections"] == 0
        assert health["process"]
        guest = (await api(base, "POST", "/api/guest")).json()
        bad = await api(base, "POST", "/api/rooms", guest["token"], json={"preset": "bridge"})
        assert bad.status_code == 400 and "preset" in bad.json()["error"]["message"]
        bad = await api(
            base,
            "POST",
            "/api/rooms",
            guest["token"],
            json={"preset": "tractor", "options": {"partner": "alone"}},
        )
        assert bad.status_code == 400
        for wrong in ({"rounds": "2"}, {"rounds": True}, {"private": "yes"}, {"bots": ["1"]}):
            bad = await api(
                base, "POST", "/api/rooms", guest["token"], json={"preset": "tractor", **wrong}
            )
            assert bad.status_code == 400, wrong  # wrong types are refused, never coerced
            assert next(iter(wrong)) in bad.json()["error"]["message"], bad.json()
        refused = await api(base, "POST", "/api/register", json={"name": 5, "password": "pw123456"})
        assert refused.status_code == 400
        unauthorised = await api(base, "POST", "/api/rooms", json={"preset": "tractor"})
        assert unauthorised.status_code == 401
        made = await api(
            base,
            "POST",
            "/api/rooms",
            guest["token"],
            json={"preset": "shandong", "options": {"dengsi": True}, "rounds": 4},
        )
        room = made.json()["room"]
        assert made.status_code == 201 and room["mode"] == "ding" and room["options"]["dengsi"]
        listing = (await api(base, "GET", "/api/rooms")).json()["rooms"]
        assert [r["id"] for r in listing] == [room["id"]]
        assert (await api(base, "GET", "/healthz")).json()["rooms"] == [room["id"]]
        metrics = (await api(base, "GET", "/metrics")).text
        for name in ("zpy_rooms", "zpy_connections", "zpy_actions_total", "zpy_action_seconds"):
            assert name in metrics
        presets = (await api(base, "GET", "/api/presets")).json()
        assert {p["name"] for p in presets["presets"]} == {
            "zhaopengyou",
            "qidong",
            "shandong",
            "tractor",
        }

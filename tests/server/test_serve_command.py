"""`zpy serve` as a user starts it (issue 11: `make run` prints the URL) and the page it
serves at `/`: the built client with its assets, or a clear 503 page when not built."""

from __future__ import annotations

import re
import time
from pathlib import Path

import httpx
import pytest

from zhaopengyou.server import app as app_module
from zhaopengyou.server.routers import client as client_module

from .harness import Subprocess, free_port


def test_serve_prints_the_url_to_open(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    server = Subprocess(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", port, log)
    server.start()
    try:
        deadline = time.monotonic() + 10
        while f"http://127.0.0.1:{port}/" not in log.read_text() and time.monotonic() < deadline:
            time.sleep(0.05)  # printed once the socket listens, flushed at once
        assert f"open http://127.0.0.1:{port}/ in a browser" in log.read_text()
        page = httpx.get(server.base + "/", timeout=10)
        if not (client_module.STATIC / "index.html").is_file():
            assert page.status_code == 503 and "make run" in page.text
            return
        assert page.status_code == 200 and '<div id="root">' in page.text
        script = re.search(r'src="(/assets/[^"]+\.js)"', page.text)
        assert script, page.text
        asset = httpx.get(server.base + script.group(1), headers={"Accept-Encoding": "gzip"})
        assert asset.status_code == 200
        assert asset.headers["content-encoding"] == "gzip"
        assert "javascript" in asset.headers["content-type"]
    finally:
        server.stop()


@pytest.mark.anyio
async def test_unbuilt_client_gets_a_page_that_says_how_to_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(client_module, "STATIC", tmp_path / "static")
    app = app_module.create_app(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}")
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as http:
            page = await http.get("/")
    assert page.status_code == 503
    assert "make run" in page.text and "npm run build" in page.text

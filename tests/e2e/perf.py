"""The client's performance, measured in Chromium: the table page's first render (navigation
start to the table on the page, cold cache), its JavaScript (compressed, as transferred)
and how soon a player's own play is drawn after its event reaches the page (the WebSocket
frame's arrival to the cards in the trick area), over the plays of a whole round.

`bench/web_client.py` runs it and prints the figures; the e2e budget test checks what
does not depend on the machine's load (the JavaScript size, every play drawn)."""

from __future__ import annotations

import gzip
import os
import platform
import statistics
import time
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from playwright.sync_api import expect

from .helpers import STATIC, Pages, Player, create_room, drive, sign_in_as_guest

JS_BYTES = 300_000  # the budget for the table page's JavaScript, compressed

# Injected before the page's own scripts: times the table's first appearance, and for
# each of the player's own `played` events the frame's arrival and the moment its cards
# show in the trick area (a MutationObserver; then the next animation frame).
PROBE_JS = """(() => {
  const perf = { table: null, tablePaint: null, phase: null, own: [], frames: 0,
                 wsCreated: null, wsOpen: null, welcome: null, room: null };
  window.__zpyPerf = perf;
  const tableEl = () => document.querySelector('[data-testid=table]');
  const mySeat = () => {
    const s = tableEl()?.getAttribute('data-my-seat');
    return s === null || s === undefined || s === '' ? null : Number(s);
  };
  const shown = (root, seat) => {
    const plays = root ? root.querySelectorAll(`[data-seat="${seat}"]`) : [];
    return [...plays].map((p) =>
      [...p.querySelectorAll('.card[data-card]')].map((c) => c.getAttribute('data-card'))
        .sort().join(' '));
  };
  const inTrick = (p) =>
    shown(document.querySelector('[data-testid=trick]'), p.seat).includes(p.key);
  const lastText = () => document.querySelector('[data-testid=last-trick]')?.textContent ?? null;
  // A play that ends its trick may go straight to the last-trick panel (in cards, or in
  // words): drawn when that panel changes.
  const inLast = (p) =>
    shown(document.querySelector('[data-testid=last-trick]'), p.seat).includes(p.key)
    || (p.completes && lastText() !== p.lastBefore);
  const pending = new Set();
  const check = () => {
    const t = tableEl();
    if (perf.table === null && t) {
      perf.table = performance.now();
      requestAnimationFrame(() => { perf.tablePaint = performance.now(); });
    }
    if (perf.phase === null && t && t.getAttribute('data-phase')) perf.phase = performance.now();
    for (const p of pending) {
      if (inTrick(p) || inLast(p)) {
        p.dom = performance.now();
        pending.delete(p);
        requestAnimationFrame(() => { p.paint = performance.now(); });
      }
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ['data-card', 'data-seat', 'data-phase', 'data-testid'],
  });
  const Native = window.WebSocket;
  class Probe extends Native {
    constructor(...args) {
      super(...args);
      if (perf.wsCreated === null) perf.wsCreated = performance.now();
      this.addEventListener('open', () => {
        if (perf.wsOpen === null) perf.wsOpen = performance.now();
      });
      this.addEventListener('message', (e) => {
        const at = performance.now();
        perf.frames++;
        let m;
        try { m = JSON.parse(e.data); } catch { return; }
        if (m.type === 'welcome' && perf.welcome === null) perf.welcome = at;
        if (m.type === 'room' && perf.room === null) perf.room = at;
        if (m.type !== 'events') return;
        const seat = mySeat();
        if (seat === null) return;
        for (const ev of m.events) {
          if (ev.kind !== 'played' || ev.seat !== seat) continue;
          const p = { seq: ev.seq, trick: ev.trick, seat, cards: ev.cards,
                      key: [...ev.cards].sort().join(' '), frame: at, dom: null, paint: null,
                      completes: false, lastBefore: null, early: false };
          p.completes = m.events.some((w) => w.kind === 'trick_won' && w.trick === ev.trick);
          p.lastBefore = lastText();
          p.early = inTrick(p);  // already drawn (optimistically) when the frame came
          if (p.early) { p.dom = at; p.paint = at; } else pending.add(p);
          perf.own.push(p);
        }
      });
    }
  }
  window.WebSocket = Probe;
})();"""


TIMING_JS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const js = performance.getEntriesByType('resource')
    .filter((r) => new URL(r.name).pathname.endsWith('.js'))
    .map((r) => ({ url: r.name, transfer: r.transferSize, encoded: r.encodedBodySize,
                   decoded: r.decodedBodySize }));
  const p = window.__zpyPerf;
  return { table: p.table, tablePaint: p.tablePaint, phase: p.phase, wsCreated: p.wsCreated,
           wsOpen: p.wsOpen, welcome: p.welcome, room: p.room,
           domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
           html: nav.transferSize, js };
}"""


@dataclass
class Measurement:
    figures: dict[str, Any]
    plays: int  # own plays the driver made
    own: list[dict[str, Any]]  # own plays the probe saw, with their times


def _summary(values: list[float]) -> dict[str, float | int]:
    values = sorted(values)
    return {
        "count": len(values),
        "median": round(statistics.median(values), 1),
        "p90": round(values[int(0.9 * (len(values) - 1))], 1),
        "max": round(values[-1], 1),
    }


def measure(pages: Pages, cold_loads: int = 3) -> Measurement:
    """Make a room from the lobby, open its table cold ``cold_loads`` times, play a round."""
    # A room made from the lobby; then the table opened cold in a new browser context
    # (no cache) with the same account (its storage).
    first = pages.new("maker")
    sign_in_as_guest(first)
    room_id = create_room(first, "zhaopengyou", bots=[1, 2, 3, 4], rounds=1)
    expect(first.get_by_test_id("table")).to_be_visible()
    storage = first.context.storage_state()
    first.context.close()  # leaves the open room: its seat is free again

    # Three cold loads (a new context each time: no cache); the last one plays the round.
    loads: list[dict[str, Any]] = []
    for attempt in range(cold_loads):
        page = pages.new(f"player{attempt}", storage_state=storage, init_script=PROBE_JS)
        page.goto(f"/#/room/{room_id}")
        expect(page.get_by_test_id("table")).to_be_visible()
        page.wait_for_function("() => window.__zpyPerf.tablePaint !== null")
        loads.append(page.evaluate(TIMING_JS))
        if attempt < cold_loads - 1:
            page.context.close()
    timing = loads[-1]
    first_renders = [load["table"] for load in loads]
    first_render = statistics.median(first_renders)
    best_render = min(first_renders)
    js_files: list[dict[str, Any]] = []
    for entry in timing["js"]:
        path = urlparse(entry["url"]).path
        local = STATIC / path.lstrip("/")
        raw = local.read_bytes() if local.is_file() else b""
        js_files.append(
            {
                "path": path,
                "transfer": entry["transfer"],
                "encoded": entry["encoded"],
                "decoded": entry["decoded"],
                "gzip9": len(gzip.compress(raw, 9)),
            }
        )
    assert js_files, "no JavaScript resource was recorded"
    js_transfer = sum(f["encoded"] or f["transfer"] for f in js_files)
    js_gzip = sum(f["gzip9"] for f in js_files)
    js_raw = sum(f["decoded"] for f in js_files)

    # A round played by clicking, each own play timed from its frame to the trick area.
    player = Player(page, "player")
    started = time.monotonic()
    drive([player])
    round_seconds = time.monotonic() - started
    own: list[dict[str, Any]] = page.evaluate("() => window.__zpyPerf.own")
    drawn = [p for p in own if p["dom"] is not None]
    to_dom = [p["dom"] - p["frame"] for p in drawn]
    to_paint = [p["paint"] - p["frame"] for p in drawn if p["paint"] is not None]
    early = sum(1 for p in own if p["early"])
    completing = [p["dom"] - p["frame"] for p in drawn if p["completes"]]

    figures = {
        "measured": time.strftime("%Y-%m-%d"),
        "browser": page.context.browser.version if page.context.browser else None,
        "machine": f"{platform.system()} {platform.machine()}, {_cpus()} CPUs",
        "first_render_ms": round(first_render, 1),
        "first_render_best_ms": round(best_render, 1),
        "first_render_each_ms": [round(x, 1) for x in first_renders],
        "first_load_marks_ms": {
            key: None if timing[key] is None else round(timing[key], 1)
            for key in ("domContentLoaded", "wsCreated", "wsOpen", "welcome", "room", "table")
        },
        "first_paint_after_table_ms": round(timing["tablePaint"], 1),
        "table_with_state_ms": None if timing["phase"] is None else round(timing["phase"], 1),
        "dom_content_loaded_ms": round(timing["domContentLoaded"], 1),
        "js_compressed_bytes": js_transfer,
        "js_gzip9_bytes": js_gzip,
        "js_uncompressed_bytes": js_raw,
        "js_files": js_files,
        "own_play_to_dom_ms": _summary(to_dom) if to_dom else None,
        "own_play_to_paint_ms": _summary(to_paint) if to_paint else None,
        "own_plays": len(own),
        "own_plays_drawn_before_the_frame": early,
        "own_plays_ending_a_trick": sum(1 for p in own if p["completes"]),
        "own_play_ending_a_trick_to_dom_ms": _summary(completing) if completing else None,
        "round_seconds": round(round_seconds, 1),
    }
    return Measurement(figures, player.plays, own)


def _cpus() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 0

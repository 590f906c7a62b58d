"""The end-to-end harness: a `zpy serve` process, the HTTP API, and a player that drives the
browser client through its DOM contract (data-testid attributes, see the Table and Lobby
pages) by clicking, as a person would."""

from __future__ import annotations

import contextlib
import functools
import re
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, WebSocket, expect
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server.harness import Subprocess

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "zhaopengyou" / "server" / "static"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"

# Fast pacing for every room the tests make: a whole round takes seconds, not minutes.
# The turn timer stays long so that a slow step of the test never hands a seat to 托管.
FAST: dict[str, int | str] = {
    "deal_ms": 15,
    "bot_ms": 100,
    "turn_seconds": 60,
    "between_ms": 500,
    "bot_level": "easy",
}

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# A whole round with fast bots takes 20-60 s; a slow, loaded machine gets some room.
ROUND_SECONDS = 150.0


# --- the server -----------------------------------------------------------------------


class Server(Subprocess):
    """`zpy serve` on a free port of 127.0.0.1 with its own SQLite database."""

    def __init__(self, directory: Path) -> None:
        super().__init__(
            f"sqlite+aiosqlite:///{directory / 'zpy.db'}", None, directory / "server.log"
        )

    # HTTP API (docs/protocol.md § HTTP endpoints)

    def api(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = httpx.request(method, self.base + path, headers=headers, timeout=30, **kwargs)
        assert answer.status_code < 300, f"{method} {path}: {answer.status_code} {answer.text}"
        return answer.json()

    def guest(self) -> tuple[str, dict[str, Any]]:
        data = self.api("POST", "/api/guest")
        return data["token"], data["account"]

    def create_room(self, token: str, preset: str, **body: Any) -> dict[str, Any]:
        room: dict[str, Any] = self.api(
            "POST", "/api/rooms", token, json={"preset": preset, **body}
        )["room"]
        return room

    def room(self, room_id: str) -> dict[str, Any]:
        data: dict[str, Any] = self.api("GET", f"/api/rooms/{room_id}")
        return data

    def account(self, name: str) -> dict[str, Any]:
        data: dict[str, Any] = self.api("GET", f"/api/accounts/{name}")
        return data

    def records(self, room_id: str) -> list[dict[str, Any]]:
        """The records of the room's finished rounds."""
        rounds = self.room(room_id)["rounds"]
        return [self.api("GET", f"/api/rounds/{r['id']}/record") for r in rounds if r["finished"]]


class Pages:
    """Makes pages, each in a new browser context, and watches them for errors."""

    def __init__(self, browser: Browser, base: str) -> None:
        self.browser = browser
        self.base = base
        self.contexts: list[BrowserContext] = []
        self.pages: list[tuple[str, Page]] = []
        self.page_errors: list[str] = []
        self.console_errors: list[str] = []
        self.wire_misfits: list[str] = []  # frames that do not fit the protocol's schema
        self.frames = 0

    def new(
        self,
        label: str = "page",
        *,
        viewport: dict[str, int] | None = None,
        phone: bool = False,
        base: str | None = None,
        storage_state: Any = None,
        init_script: str | None = None,
    ) -> Page:
        options: dict[str, Any] = {
            "viewport": viewport or (PHONE if phone else DESKTOP),
            "base_url": base or self.base,
            "locale": "zh-CN",
            "timezone_id": "Asia/Shanghai",
        }
        if phone:
            options.update(is_mobile=True, has_touch=True, device_scale_factor=2)
        if storage_state is not None:
            options["storage_state"] = storage_state
        context = self.browser.new_context(**options)
        context.set_default_timeout(15_000)
        if init_script:
            context.add_init_script(init_script)
        self.contexts.append(context)
        page = context.new_page()
        self.watch(page, label)
        return page

    def watch(self, page: Page, label: str) -> None:
        self.pages.append((label, page))
        page.on("websocket", lambda socket: self.check_wire(socket, label))
        page.on(
            "pageerror",
            lambda error: self.page_errors.append(f"{label}: {error.message}\n{error.stack}"),
        )
        page.on(
            "console",
            lambda message: (
                self.console_errors.append(f"{label}: {message.text}")
                if message.type == "error"
                else None
            ),
        )

    def check_wire(self, socket: WebSocket, label: str) -> None:
        """Every frame of the page's WebSocket against the protocol's schema: what the
        server sends (``zpy schema``'s server messages), what the client sends."""
        from pydantic import ValidationError

        from zhaopengyou.server import protocol

        def received(payload: str | bytes) -> None:
            self.frames += 1
            try:
                protocol.SERVER_MESSAGES.validate_json(payload)
            except ValidationError as err:
                self.wire_misfits.append(f"{label} received {payload!r:.1500}: {err}")

        def sent(payload: str | bytes) -> None:
            self.frames += 1
            try:
                protocol.parse_client(payload)
            except protocol.ProtocolError as err:
                self.wire_misfits.append(f"{label} sent {payload!r:.1500}: {err}")

        socket.on("framereceived", received)
        socket.on("framesent", sent)

    def assert_no_page_errors(self) -> None:
        assert not self.page_errors, "uncaught errors in the page:\n" + "\n".join(self.page_errors)

    def close(self) -> None:
        for context in self.contexts:
            with contextlib.suppress(PlaywrightError):
                context.close()


def unique_name(prefix: str = "e2e") -> str:
    return f"{prefix}_{secrets.token_hex(4)}"


# --- the lobby ------------------------------------------------------------------------


def open_lobby(page: Page) -> None:
    page.goto("/#/")
    lobby = page.get_by_test_id("quick-play").or_(page.get_by_test_id("create-form"))
    expect(lobby.first).to_be_visible()


def account_text(page: Page) -> str:
    return " ".join(page.get_by_test_id("account").inner_text().split())


def header_account(page: Page) -> tuple[str, str, int]:
    """The header's "NAME · TITLE · SCORE"."""
    parts = [p.strip() for p in account_text(page).split("·")]
    assert len(parts) == 3, f"account header is not 'NAME · TITLE · SCORE': {parts}"
    return parts[0], parts[1], int(parts[2])


def sign_in_as_guest(page: Page) -> str:
    """One click on the lobby's guest button; the new account's name."""
    open_lobby(page)
    page.get_by_test_id("guest").click()
    expect(page.get_by_test_id("account")).to_be_visible()
    return header_account(page)[0]


def register(page: Page, name: str, password: str) -> None:
    open_lobby(page)
    page.get_by_test_id("register-name").fill(name)
    page.get_by_test_id("register-password").fill(password)
    page.get_by_test_id("register-submit").click()
    expect(page.get_by_test_id("account")).to_contain_text(name)


BOT_BOX = re.compile(r"^create-bot-\d+$")  # not create-bot-ms


def create_room(
    page: Page,
    preset: str,
    *,
    bots: Iterable[int] | None = None,
    rounds: int = 1,
    pacing: dict[str, int | str] | None = None,
    options: dict[str, str] | None = None,
) -> str:
    """Fill the lobby's create form and submit it: the new room's id (the page is then at
    #/room/ID). ``bots``: the seats to tick (None keeps the form's default)."""
    form = page.get_by_test_id("create-form")
    expect(form).to_be_visible()
    form.get_by_test_id("create-preset").select_option(preset)
    for name, value in (options or {}).items():
        field = form.get_by_test_id(f"create-option-{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    form.get_by_test_id("create-rounds").fill(str(rounds))
    if bots is not None:
        wanted = set(bots)
        boxes = form.get_by_test_id(BOT_BOX)
        expect(boxes.first).to_be_attached()
        for i in range(boxes.count()):
            box = boxes.nth(i)
            testid = box.get_attribute("data-testid") or ""
            seat = int(testid.rsplit("-", 1)[1])
            box.set_checked(seat in wanted)
    pacing = FAST if pacing is None else pacing
    details = form.locator("details").filter(has=page.get_by_test_id("create-deal-ms"))
    if not details.evaluate("d => d.open"):
        details.locator("summary").first.click()
    for key, setting in pacing.items():
        field = form.get_by_test_id(f"create-{key.replace('_', '-')}")
        if isinstance(setting, str):
            field.select_option(setting)
        else:
            field.fill(str(setting))
    form.get_by_test_id("create-submit").click()
    page.wait_for_url(re.compile(r"#/room/[^/]+$"))
    return page.url.rsplit("/", 1)[1]


def bot_seats_ticked(page: Page) -> list[int]:
    boxes = page.get_by_test_id("create-form").get_by_test_id(BOT_BOX)
    ticked = []
    for i in range(boxes.count()):
        box = boxes.nth(i)
        if box.is_checked():
            ticked.append(int((box.get_attribute("data-testid") or "").rsplit("-", 1)[1]))
    return ticked


# --- the table ------------------------------------------------------------------------

# Everything a test reads from the table, in one round trip. `sig` changes whenever the
# player's situation does (phase, turn, what it may do, its hand, the round, the result).
STATE_JS = """() => {
  const t = document.querySelector('[data-testid=table]');
  if (!t) return null;
  const shown = (el) => !!el && el.getClientRects().length > 0;
  const tokens = (root, sel) =>
    [...root.querySelectorAll(sel)].map((e) => e.getAttribute('data-card'));
  const hand = tokens(document, '[data-testid=hand] .card[data-card]');
  const trick = [...document.querySelectorAll('[data-testid=trick] [data-testid=trick-play]')]
    .map((p) => ({seat: p.getAttribute('data-seat'), cards: tokens(p, '.card[data-card]')}));
  const s = {
    phase: t.getAttribute('data-phase') || '',
    mySeat: t.getAttribute('data-my-seat') ?? '',
    toAct: t.getAttribute('data-to-act') ?? '',
    may: (t.getAttribute('data-may') || '').split(/\\s+/).filter(Boolean),
    round: t.getAttribute('data-round') ?? '',
    hand,
    selected: tokens(document, '[data-testid=hand] .card[data-card][aria-pressed=true]'),
    trick,
    trickCards: trick.reduce((n, p) => n + p.cards.length, 0),
    roundResult: shown(document.querySelector('[data-testid=round-result]')),
    seriesResult: shown(document.querySelector('[data-testid=series-result]')),
    ready: shown(document.querySelector('[data-testid=ready]')),
    selectionError:
      (document.querySelector('[data-testid=selection-error]')?.textContent || '').trim(),
  };
  s.sig = [s.phase, s.toAct, s.may.join(' '), hand.length, s.round, s.roundResult].join('|');
  return s;
}"""

CHANGED_JS = f"""(old) => {{
  const s = ({STATE_JS})();
  return s !== null && s.sig !== old;
}}"""


def table_state(page: Page) -> dict[str, Any] | None:
    state: dict[str, Any] | None = page.evaluate(STATE_JS)
    return state


def wait_for_table(page: Page, timeout: float = 15_000) -> dict[str, Any]:
    expect(page.get_by_test_id("table")).to_be_visible(timeout=timeout)
    state = table_state(page)
    assert state is not None
    return state


class StuckError(AssertionError):
    pass


class Player:
    """A person at the table, clicking: one `step` looks at the table and makes at most
    one move, so that several players (pages) can be driven in turn.

    - the ready button: clicked once;
    - bids: with ``bid`` the first offered bid is clicked once (in the deal or the
      closing window); the closing window is otherwise passed;
    - burial, give-back, swap: hint, then submit;
    - friend call: the first friend option;
    - play: leading, the last card of the hand alone (a single is always legal, R-4.1);
      following, hint and submit the hinted cards.
    """

    ACT_SECONDS = 6.0  # an accepted move changes the table within this
    MAX_FAILURES = 3

    def __init__(self, page: Page, name: str = "player", *, bid: bool = False) -> None:
        self.page = page
        self.name = name
        self.bid = bid
        self.bid_done = False
        self.ready_clicked = False
        self.pending: tuple[str, float, str] | None = None  # (sig, deadline, what) of a move
        self.failures = 0
        self.use_hint = False
        self.moves: Counter[str] = Counter()
        self.log: list[str] = []
        self.done = False
        self.last: dict[str, Any] | None = None
        self.phases: set[str] = set()

    # one look, at most one move

    def step(self) -> bool:
        """True when a move was made."""
        if self.done:
            return False
        state = table_state(self.page)
        self.last = state
        if state is None:
            return False
        self.phases.add(state["phase"])
        if state["roundResult"]:
            self.done = True
            return False
        if self.pending is not None:
            sig, deadline, what = self.pending
            if state["sig"] == sig:
                if time.monotonic() < deadline:
                    return False
                self._failed(what, state)
            else:
                self.failures = 0
            self.pending = None
        if state["ready"] and not self.ready_clicked and state["phase"] in ("waiting", ""):
            ready = self.page.get_by_test_id("ready")
            try:  # the series may start (and the button go) between look and click
                ready.click(timeout=2_000)
            except PlaywrightTimeout:
                return False  # look again
            self.ready_clicked = True
            self.moves["ready"] += 1
            return True
        may = state["may"]
        if not may:
            return False
        if "play" in may:
            return self._play(state)
        if "bury" in may or "give_back" in may or "swap" in may:
            kind = next(k for k in ("bury", "give_back", "swap") if k in may)
            return self._hint_and_submit(state, kind)
        if "call_friend" in may:
            option = self.page.get_by_test_id("friend-option").first
            expect(option).to_be_visible(timeout=5_000)
            self._act(state, "call_friend", option.click)
            return True
        if "bid" in may and self.bid and not self.bid_done:
            option = self.page.get_by_test_id("bid-option").first
            if option.count() and option.is_visible() and option.is_enabled():
                cards = option.get_attribute("data-cards")
                click = functools.partial(option.click, timeout=2_000)
                try:  # a bid by someone else may take the button away meanwhile
                    if "pass" in may:  # the closing window waits for this answer
                        self._act(state, "bid", click)
                    else:  # during the deal: the deal goes on, `may` may stay the same
                        click()
                        self.moves["bid"] += 1
                except PlaywrightTimeout:
                    return False  # look again
                self.bid_done = True
                self.log.append(f"bid {cards}")
                return True
        if "pass" in may:
            try:  # the window may close (the deal's bids settled) between look and click
                self._act(
                    state,
                    "pass",
                    functools.partial(self.page.get_by_test_id("pass").click, timeout=2_000),
                )
            except PlaywrightTimeout:
                return False  # look again
            return True
        return False

    def _act(self, state: dict[str, Any], what: str, do: Callable[[], Any]) -> None:
        do()
        self.moves[what] += 1
        self.pending = (state["sig"], time.monotonic() + self.ACT_SECONDS, what)

    @property
    def plays(self) -> int:
        """Cards played by clicking (accepted: the table changed after the click)."""
        return self.moves["lead"] + self.moves["follow"] + self.moves["lead (hint)"]

    def to_follow(self, after_plays: int = 0) -> bool:
        """Now (a fresh look): the player's turn to follow a trick (cards on the table),
        having played ``after_plays`` cards already, no move of its own in flight."""
        if self.pending is not None or self.plays < after_plays:
            return False
        state = table_state(self.page)
        return bool(
            state
            and state["phase"] == "play"
            and "play" in state["may"]
            and state["trickCards"] > 0
            and not state["roundResult"]
        )

    def _failed(self, what: str, state: dict[str, Any]) -> None:
        self.failures += 1
        if self.moves[what] > 0:
            self.moves[what] -= 1  # counted when clicked: it did not take
        self.moves[f"failed {what}"] += 1
        note = (
            f"{self.name}: {what} had no effect after {self.ACT_SECONDS}s "
            f"(phase {state['phase']}, may {state['may']}, selected {state['selected']}, "
            f"selection-error {state['selectionError']!r})"
        )
        self.log.append(note)
        if self.failures >= self.MAX_FAILURES:
            raise StuckError(note + "\n" + "\n".join(self.log[-10:]))
        self.use_hint = True
        clear = self.page.get_by_test_id("clear")
        if clear.count() and clear.is_visible() and clear.is_enabled():
            clear.click()

    def _select_hint(self) -> None:
        self.page.get_by_test_id("hint").click()
        self.page.wait_for_function(
            "() => document.querySelectorAll("
            "'[data-testid=hand] .card[aria-pressed=true]').length > 0",
            timeout=5_000,
        )

    def _submit(self, state: dict[str, Any], what: str) -> None:
        submit = self.page.get_by_test_id("submit")
        try:
            expect(submit).to_be_enabled(timeout=3_000)
        except AssertionError:
            error = self.page.get_by_test_id("selection-error")
            text = error.inner_text() if error.count() else ""
            self.log.append(f"{self.name}: submit disabled for {what} ({text!r})")
            self.pending = (state["sig"], time.monotonic(), "submit")  # a failure at once
            return
        self._act(state, what, submit.click)

    def _hint_and_submit(self, state: dict[str, Any], what: str) -> bool:
        if state["selected"]:
            self.page.get_by_test_id("clear").click()
        self._select_hint()
        self._submit(state, what)
        return True

    def _play(self, state: dict[str, Any]) -> bool:
        leading = state["trickCards"] == 0
        if state["selected"]:
            self.page.get_by_test_id("clear").click()
            expect(self.page.locator("[data-testid=hand] .card[aria-pressed=true]")).to_have_count(
                0, timeout=3_000
            )
        if leading and not self.use_hint:
            card = self.page.locator("[data-testid=hand] .card[data-card]").last
            card.click()
            expect(card).to_have_attribute("aria-pressed", "true", timeout=3_000)
            self._submit(state, "lead")
        else:
            self._select_hint()
            self._submit(state, "follow" if not leading else "lead (hint)")
        self.use_hint = False
        return True

    # waiting without spinning

    def wait_for_change(self, timeout_ms: float = 1_000) -> None:
        sig = self.last["sig"] if self.last else ""
        with contextlib.suppress(PlaywrightTimeout):
            self.page.wait_for_function(CHANGED_JS, arg=sig, timeout=timeout_ms)


def drive(
    players: list[Player],
    *,
    seconds: float = ROUND_SECONDS,
    until: Callable[[], bool] | None = None,
    observe: Callable[[], None] | None = None,
    observe_every: float = 0.15,
) -> None:
    """Step every player until each has seen its round result (or ``until`` holds).
    ``observe`` runs between steps (at most every ``observe_every`` seconds)."""
    deadline = time.monotonic() + seconds
    next_look = 0.0
    while True:
        if until is not None and until():
            return
        if until is not None and all(p.done for p in players):
            raise AssertionError("the round ended before the awaited moment")
        if until is None and all(p.done for p in players):
            return
        if time.monotonic() > deadline:
            status = "; ".join(
                f"{p.name}: phase {p.last and p.last['phase']}, may {p.last and p.last['may']},"
                f" moves {dict(p.moves)}, log {p.log[-3:]}"
                for p in players
            )
            raise AssertionError(f"the round did not end within {seconds}s: {status}")
        moved = False
        for player in players:
            moved = player.step() or moved
        if observe is not None and time.monotonic() >= next_look:
            observe()
            next_look = time.monotonic() + observe_every
        if not moved:
            if len(players) == 1 and observe is None:
                players[0].wait_for_change(1_000)
            else:
                players[0].page.wait_for_timeout(40)


def wait_until(condition: Callable[[], Any], what: str, seconds: float = 10.0) -> Any:
    """Poll ``condition`` (outside the browser: the server's API) until it is truthy."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"not within {seconds}s: {what}"
        time.sleep(0.05)


def open_chat(page: Page) -> None:
    """The chat sits in a tab of the table's side panel: open it when it is closed."""
    if not page.get_by_test_id("chat-input").is_visible():
        page.get_by_role("tab", name=re.compile("聊天|Chat")).click()
    expect(page.get_by_test_id("chat-input")).to_be_visible()


def room_id_of(page: Page) -> str:
    match = re.search(r"#/(?:room|watch)/([^/?]+)", page.url)
    assert match, page.url
    return match.group(1)

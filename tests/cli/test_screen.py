"""What ``zpy play`` draws, measured at 80 columns: the table fits a 24-line terminal in
every preset, at a terminal it stays on one screen redrawn in place, and no list of
cards is ever cut (issue 41 #2, #3)."""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from zhaopengyou.bots import make_bot, play_round
from zhaopengyou.cli.play import run_play, seat_names
from zhaopengyou.cli.render import Screen
from zhaopengyou.engine import Card, Phase, Round, View, get_preset
from zhaopengyou.engine.cards import RANK_NAMES, SUIT_SYMBOLS
from zhaopengyou.engine.presets import PRESETS
from zhaopengyou.i18n import tr

from .test_play import Player

WIDTH, HEIGHT = 80, 24
LANGS = ("zh-Hans", "zh-Hant", "en")
UNICODE_CARD = re.compile(r"[♠♥♣♦](?:10|[2-9JQKA])|大王|小王|\b[BL]J\b")


def variants() -> Iterator[tuple[str, dict[str, Any]]]:
    """Every preset, alone and with each value of the options that change the hands or
    the sides (decks, partner)."""
    for name, cls in sorted(PRESETS.items()):
        yield name, {}
        for spec in cls.OPTION_SPECS:
            if spec.name == "decks" and spec.minimum is not None and spec.maximum is not None:
                for decks in range(spec.minimum, spec.maximum + 1):
                    yield name, {"decks": decks}
            elif spec.name == "partner" and spec.choices is not None:
                for choice in spec.choices:
                    yield name, {"partner": choice}


def biggest_hands(name: str, options: dict[str, Any], seeds: int = 3) -> list[View]:
    """Each seat's first turn to play (a full hand) and each burial (the hand and the
    kitty), in rounds of heuristic bots."""
    preset = get_preset(name, **options)
    views: list[View] = []
    for seed in range(seeds):
        rnd = Round(preset, seed=seed, levels=(0,) * preset.players, dealer=seed % 2)
        views += first_turns(rnd, [make_bot("heuristic", s) for s in range(preset.players)])
    return views


def first_turns(rnd: Round, bots: list[Any]) -> list[View]:
    """The view of every seat at its first burial and its first play in ``rnd``, played
    by ``bots`` up to the first finished trick."""
    views: dict[tuple[Phase, int], View] = {}

    def look(rnd: Round) -> bool:
        seat = rnd.to_act
        if rnd.phase in (Phase.BURY, Phase.PLAY) and seat is not None:
            views.setdefault((rnd.phase, seat), rnd.view(seat))
        return len(rnd.tricks) > 0

    play_round(rnd, bots, until=look)
    return list(views.values())


def drawn(view: View, lang: str) -> list[str]:
    assert view.seat is not None  # a player's view, not a spectator's
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None)
    names = seat_names(view.preset.players, view.seat, lang)
    screen = Screen(console, lang, False, names, view.seat)
    console.print(screen.table(view) if view.phase is Phase.PLAY else screen.frame(view))
    return out.getvalue().splitlines()


def banker_line(view: View, lang: str) -> str:
    """Banker, level rank and trump as the header says them, worked out from the view."""
    assert view.seat is not None and view.banker is not None and view.trump_known
    names = seat_names(view.preset.players, view.seat, lang)
    if view.trump_suit is None:
        trump = tr("no trump", lang)
    else:
        trump = tr("trump: {suit}", lang, suit=SUIT_SYMBOLS[view.trump_suit])
    return tr(
        "Banker: {banker} · level rank: {rank} · {trump} · bids: {bids}",
        lang,
        banker=names[view.banker],
        rank=RANK_NAMES[view.level_rank],
        trump=trump,
        bids=view.preset.bidding.bid_count(view.bids),
    )


@pytest.mark.parametrize(("name", "options"), list(variants()))
def test_the_table_fits_80_by_24_with_the_biggest_hands(name: str, options: dict[str, Any]) -> None:
    """At its largest hand, in every language, the table leaves a line for a message and
    one for the prompt on a 24-line screen, no line is wider than 80 cells, and the
    banker, level rank and trump are on it."""
    views = biggest_hands(name, options)
    assert any(view.phase is Phase.BURY for view in views)
    assert any(len(view.hand) == view.preset.hand_size for view in views)
    for view in views:
        for lang in LANGS:
            lines = drawn(view, lang)
            where = (view.phase.name, view.seat, lang)
            assert len(lines) <= HEIGHT - 2, (where, "\n".join(lines))
            assert max(cell_len(line) for line in lines) <= WIDTH, where
            if view.trump_known:
                assert any(banker_line(view, lang) in line for line in lines), where


# --- the live screen ----------------------------------------------------------------------


class Terminal:
    """Just enough of a terminal for the live screen: text in cells (CJK takes two),
    newline, cursor home, erasing to the end of the line and below, wrapping and
    scrolling."""

    CONTROL = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\n|\r|.", re.DOTALL)

    def __init__(self, width: int = WIDTH, height: int = HEIGHT) -> None:
        self.width, self.height = width, height
        self.rows: list[list[str]] = [[] for _ in range(height)]
        self.row = self.column = 0

    def feed(self, text: str) -> None:
        for token in self.CONTROL.findall(text):
            if token == "\x1b[H":
                self.row = self.column = 0
            elif token == "\x1b[K":
                del self.rows[self.row][self.column :]
            elif token == "\x1b[J":
                del self.rows[self.row][self.column :]
                for row in range(self.row + 1, self.height):
                    self.rows[row] = []
            elif token.startswith("\x1b"):
                continue
            elif token == "\r":
                self.column = 0
            elif token == "\n":
                self.newline()
            else:
                self.put(token)

    def newline(self) -> None:
        self.column = 0
        if self.row == self.height - 1:
            self.rows = [*self.rows[1:], []]
        else:
            self.row += 1

    def put(self, char: str) -> None:
        width = cell_len(char)
        if self.column + width > self.width:
            self.newline()
        row = self.rows[self.row]
        row.extend(" " * (self.column - len(row)))
        row[self.column : self.column + width] = [char] + [""] * (width - 1)
        self.column += width

    def screen(self) -> list[str]:
        return ["".join(row).rstrip() for row in self.rows]


class TerminalPlayer(Player):
    """A scripted player at an 80×24 terminal: the prompt and each answer are echoed
    there, and the screen is kept at every play prompt."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(monkeypatch)
        self.terminal = Terminal()
        self.fed = 0
        self.screens: list[tuple[View, list[str]]] = []

    def __call__(self, prompt: str) -> str:
        written = self.out.getvalue()
        self.terminal.feed(written[self.fed :] + prompt)
        view = self.view
        if view is not None and view.phase is Phase.PLAY:
            self.screens.append((view, self.terminal.screen()))
        answer = super().__call__(prompt)
        self.terminal.feed(answer + "\n")
        self.fed = len(self.out.getvalue())
        return answer


def test_at_a_terminal_the_table_stays_on_one_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    """At a terminal the table is redrawn in place: at every play prompt the 24 rows
    show the header with banker, level and trump at the top, the hand, and the prompt."""
    monkeypatch.setenv("TERM", "xterm")
    player = TerminalPlayer(monkeypatch)
    console = Console(
        file=player.out, width=WIDTH, height=HEIGHT, force_terminal=True, color_system=None
    )
    run_play(
        get_preset("zhaopengyou"),
        seat=0,
        bots="random",
        seed=1,
        rounds=1,
        record=None,
        ascii_cards=False,
        lang="zh-Hans",
        console=console,
        input_fn=player,
        typed_ahead=lambda: False,
    )
    assert len(player.screens) > 20
    title = tr(
        "{title} · round {round} · you are seat {seat}", "zh-Hans", title="找朋友", round=1, seat=1
    )
    for view, rows in player.screens:
        assert rows[0].startswith(title), "\n".join(rows)
        assert any(banker_line(view, "zh-Hans") in row for row in rows), "\n".join(rows)
        assert any(
            row.startswith(tr("Your hand ({count})", "zh-Hans", count=len(view.hand)))
            for row in rows
        )
        prompt = next(i for i in range(HEIGHT - 1, -1, -1) if rows[i])
        assert rows[prompt].startswith(("你首出：", "出 ")), "\n".join(rows)
    assert "\x1b[H" in player.out.getvalue()


def test_a_pipe_gets_the_transcript(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Player(monkeypatch)
    console = Console(file=player.out, width=WIDTH, color_system=None)
    run_play(
        get_preset("tractor"),
        seat=0,
        bots="random",
        seed=1,
        rounds=1,
        record=None,
        ascii_cards=False,
        lang="en",
        console=console,
        input_fn=player,
        typed_ahead=lambda: False,
    )
    out = player.out.getvalue()
    assert "\x1b" not in out
    assert out.count("Your hand (") >= 25  # every turn printed in turn, nothing redrawn


# --- history: wrapped, never cut (issue 41 #3) ---------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["zhaopengyou", "tractor", "qidong", "shandong"])
def test_history_at_80_columns_shows_every_card(name: str, lang: str) -> None:
    """Every card of every finished trick is in the history at 80 columns, and no name
    ends a line without its first card."""
    preset = get_preset(name)
    for seed in range(4):
        rnd = Round(preset, seed=seed, levels=(0,) * preset.players, dealer=0)
        play_round(rnd, [make_bot("random", s) for s in range(preset.players)])
        view = rnd.view(0)
        out = io.StringIO()
        console = Console(file=out, width=WIDTH, color_system=None)
        names = seat_names(preset.players, 0, lang)
        console.print(Screen(console, lang, False, names, 0).history(view))
        text = out.getvalue()
        played = Counter(card for trick in view.tricks for p in trick.plays for card in p.cards)
        shown = Counter(Card(token) for token in UNICODE_CARD.findall(text))
        assert shown == played, (seed, text)
        assert "…" not in text
        for line in text.splitlines():
            assert max(cell_len(line), 0) <= WIDTH
            assert not any(line.rstrip().endswith(f" {n}") for n in names[1:]), line

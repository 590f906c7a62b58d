"""Rich rendering of the play table for ``zpy play``: cards, hands, seats, tricks, results.

Everything drawn here comes from one seat's :class:`~zhaopengyou.engine.View` (or from
events already passed through :func:`~zhaopengyou.engine.events.for_seat`), so the
screen can never show another hand or a kitty the player did not take.

>>> import io
>>> from rich.console import Console
>>> screen = Screen(Console(file=io.StringIO()), "en", True, ("You", "Bot 1"), 0)
>>> screen.fmt("{name} led {cards}", name="Bot 1", cards=(Card("10H"), Card("BJ"))).plain
'Bot 1 led 10H BJ'
>>> clip("x" * 50)
'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'
"""

from __future__ import annotations

import dataclasses
import string
from collections import Counter, deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import Card, IllegalAction, Phase, Preset, View
from ..engine.cards import (
    BIG_JOKER,
    RANK_NAMES,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    TRUMP,
    CardParseError,
    full_deck,
    points_of,
)
from ..engine.units import LIGHTNING, RAIN, SNOW, THUNDER, TRACTOR, TUPLE, Shape
from ..i18n import tr

# English msgids of the preset titles; other presets show their Chinese title as is.
PRESET_TITLES = {
    "zhaopengyou": "Find a Friend",
    "qidong": "Qidong Find a Friend",
    "tractor": "Shengji",
}
# The 山东升级 special units by kind, as msgids.
SPECIAL_UNITS = {RAIN: "rain", SNOW: "snow", THUNDER: "thunder", LIGHTNING: "lightning"}
# 山东升级's kinds of bid (R-8.4), as msgids.
DECLARATIONS = {
    "liang": "declare (亮)",
    "ding": "override (顶)",
    "zhan": "stick (粘)",
    "add": "add a joker",
}
SUIT_STYLES = ("bold", "bold red", "bold", "bold red")  # ♠ ♥ ♣ ♦
TRUMP_STYLE = "bold yellow"
_FORMATTER = string.Formatter()
ECHO_LIMIT = 40  # characters of a refused answer shown back: a pasted page is not echoed
LEGAL_PLAYS_SHOWN = 6  # a follow with at most this many legal plays lists them
PLAYS_EXAMINED = 20_000  # enough for every real follow; beyond it nothing is dimmed
LOG_KEPT = 50  # messages the live screen keeps; it shows the last ones that fit under the table
GROUP_GAP = 3  # columns between two suits of the hand
# Terminal controls of the live screen: cursor home, erase to the end of the line, below.
HOME, ERASE_LINE, ERASE_BELOW = "\x1b[H", "\x1b[K", "\x1b[J"


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, with … when something was cut."""
    return text if len(text) <= limit else text[:limit] + "…"


def plural(count: int, one: str, many: str) -> str:
    """The msgid for ``count`` things: English agrees in number, Chinese does not."""
    return one if count == 1 else many


def pack(groups: Sequence[Sequence[int]], gap: int, width: int) -> list[list[tuple[int, int]]]:
    """Rows of ``(group, item)`` for items of the given cell widths, ``gap`` columns between
    groups and one between the items of a group, in ``width`` columns: a group that does
    not fit the rest of a row starts the next one if it fits there whole; only a group
    wider than a row is broken, between two items.

    >>> pack([[3, 3], [3, 3, 3]], gap=2, width=12)
    [[(0, 0), (0, 1)], [(1, 0), (1, 1), (1, 2)]]
    """
    rows: list[list[tuple[int, int]]] = [[]]
    used = 0
    for number, items in enumerate(groups):
        whole = sum(items) + len(items) - 1
        if used and used + gap + whole > width and whole <= width:
            rows.append([])
            used = 0
        for index, item in enumerate(items):
            space = (gap if index == 0 else 1) if used else 0
            if used and used + space + item > width:
                rows.append([])
                used, space = 0, 0
            rows[-1].append((number, index))
            used += space + item
    return [row for row in rows if row]


@dataclass
class Flow:
    """Groups of pieces of text in lines of the width it is given: lines break between
    pieces, never inside one, so a card is never cut or split from the name before it."""

    groups: Sequence[Sequence[Text]]
    gap: str = "  "

    def _lines(self, width: int) -> Iterator[Text]:
        widths = [[piece.cell_len for piece in group] for group in self.groups]
        for row in pack(widths, len(self.gap), width):
            line = Text()
            for position, (group, index) in enumerate(row):
                if position:
                    line.append(self.gap if index == 0 else " ")
                line.append_text(self.groups[group][index])
            yield line

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self._lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        pieces = [piece.cell_len for group in self.groups for piece in group]
        widest = max(pieces, default=0)
        whole = sum(pieces) + len(pieces) - 1 + (len(self.gap) - 1) * (len(self.groups) - 1)
        return Measurement(widest, max(widest, whole)).clamp(max_width=options.max_width)


@dataclass
class CardRows:
    """A hand: groups of cards, each card's position (or nothing) under it, laid out in
    rows of the width it is given; a card and its number always share a column."""

    groups: Sequence[Sequence[tuple[Text, str]]]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        widths = [[max(card.cell_len, len(number)) for card, number in g] for g in self.groups]
        numbered = any(number for group in self.groups for _, number in group)
        for row in pack(widths, GROUP_GAP, options.max_width):
            cards, numbers = Text(), Text(style="dim cyan")
            for position, (group, index) in enumerate(row):
                if position:
                    space = " " * (GROUP_GAP if index == 0 else 1)
                    cards.append(space)
                    numbers.append(space)
                card, number = self.groups[group][index]
                cell = widths[group][index]
                cards.append_text(card)
                cards.append(" " * (cell - card.cell_len))
                numbers.append(number.rjust(cell))
            yield cards
            if numbered:
                yield numbers


def choosing_cards(view: View) -> bool:
    """Whether this decision takes cards from the hand, so positions may name them."""
    return view.phase in (Phase.BURY, Phase.PLAY) or bool(view.must_give_back)


def card_style(card: Card) -> str:
    if card.is_joker:
        return "bold red" if card == BIG_JOKER else "bold"
    assert card.suit is not None
    return SUIT_STYLES[card.suit]


def played_cards(view: View) -> Counter[Card]:
    """Every card played so far this round, finished tricks and the current one."""
    plays = [play for trick in view.tricks for play in trick.plays] + list(view.current)
    return Counter(card for play in plays for card in play.cards)


def copies_elsewhere(view: View, card: Card) -> int:
    """Copies of ``card`` that may be in other hands: not in this hand, not buried by
    this seat and not played (R-9.1)."""
    return (
        view.preset.decks
        - view.hand_counts[card]
        - view.buried.count(card)
        - played_cards(view)[card]
    )


def banker_alone(view: View) -> bool:
    """The banker knows no other hand holds the called card, so no friend can appear (R-9.1);
    a friend still holding it would be in another hand, so plays do not change this."""
    card = view.friend_call
    return (
        view.seat == view.banker
        and view.friend is None
        and card is not None
        and copies_elsewhere(view, card) == 0
    )


def banker_side(view: View) -> frozenset[int] | None:
    """The seats of the banker's side as far as this view knows, else None."""
    if view.result is not None:
        return frozenset(view.result.banker_side)
    if banker_alone(view):
        assert view.banker is not None
        return frozenset({view.banker})
    board = view.scoreboard()
    if len(board) != 2:  # seats apart: the sides are not public yet
        return None
    return next(frozenset(seats) for seats, _ in board if view.banker in seats)


def band_thresholds(view: View) -> tuple[int | None, int | None]:
    """The attackers' points at which the bank changes hands and at which they go up."""
    total = 100 * view.preset.decks  # points always come in fives
    sides = [(x, view.preset.band(x).side) for x in range(0, total + 5, 5)]
    change = next((x for x, side in sides if side != "banker"), None)
    level_up = next((x for x, side in sides if side == "attackers"), None)
    return change, level_up


@dataclass
class Screen:
    """Draws the table for the human at ``seat`` in ``lang``.

    As a transcript (pipes, tests) everything is printed in turn. ``live`` (at a
    terminal) keeps one screen: the table of the latest view at the top, redrawn in place,
    and under it the latest messages that fit, so the banker, level and trump never
    scroll away; longer pages (help, history, the round's result) replace it until the
    player answers or the game moves on.
    """

    console: Console
    lang: str
    ascii_cards: bool
    names: tuple[str, ...]
    seat: int
    auto: bool = False  # 托管: the bot plays this seat until the player types again
    live: bool = False
    view: View | None = None  # what the live screen shows
    kitty: tuple[Card, ...] = ()  # the kitty this player took, marked while burying
    log: deque[RenderableType] = dataclasses.field(default_factory=lambda: deque(maxlen=LOG_KEPT))
    paged: bool = False  # a page covers the live screen until an answer or the next view
    _options: tuple[View, tuple[frozenset[Card] | None, list[tuple[Card, ...]]]] | None = (
        dataclasses.field(default=None, repr=False)
    )

    # --- output ------------------------------------------------------------------------

    def note(self, line: RenderableType) -> None:
        """A message: printed, or added under the live table."""
        if not self.live:
            self.console.print(line)
            return
        self.log.append(line)
        if self.paged:
            self.console.print(line)
        else:
            self.redraw()

    def page(self, renderable: RenderableType) -> None:
        """A page to read (help, history, results): on the live screen it replaces the
        table until the player answers or the game moves on."""
        if self.live:
            self.console.file.write(HOME + ERASE_BELOW)
            self.paged = True
        self.console.print(renderable)

    def resume(self) -> None:
        """The player answered: a page they were reading gives way to the table at the
        next message."""
        self.paged = False

    def update(self, view: View) -> None:
        """The game moved on: the live screen shows ``view`` from the next redraw."""
        self.view = view
        self.resume()

    def show(self, view: View) -> None:
        """The decision's screen: the table in play, else the header and the hand."""
        self.update(view)
        if self.live:
            self.redraw()
        else:
            self.console.print(self.frame(view))

    def redraw(self) -> None:
        """Draw the live screen over the last one: the frame, the latest messages that
        fit under it, and a free line for the prompt."""
        frame = self.lines(self.frame(self.view)) if self.view is not None else []
        messages = [line for message in self.log for line in self.lines(message)]
        room = self.console.height - len(frame) - 1
        shown = frame + messages[-room:] if room > 0 else frame
        self.console.file.write(
            HOME + "".join(line + ERASE_LINE + "\n" for line in shown) + ERASE_BELOW
        )
        self.console.file.flush()

    def lines(self, renderable: RenderableType) -> list[str]:
        """``renderable`` as the console would print it, line by line (styles kept)."""
        with self.console.capture() as capture:
            self.console.print(renderable)
        return capture.get().splitlines()

    def frame(self, view: View) -> RenderableType:
        if view.phase is Phase.PLAY:
            return self.table(view)
        return Group(self.header(view), self.hand(view, self.kitty, numbered=choosing_cards(view)))

    # --- text --------------------------------------------------------------------------

    def t(self, msgid: str, **params: Any) -> str:
        return tr(msgid, self.lang, **params)

    def fmt(self, msgid: str, style: str = "", **params: Any) -> Text:
        """The translated message as Rich text; cards in ``params`` keep their colours."""
        out = Text(style=style)
        for literal, field, spec, conversion in _FORMATTER.parse(self.t(msgid)):
            out.append(literal)
            if field is None:
                continue
            value = params[field]
            if isinstance(value, Text):
                out.append_text(value)
            elif isinstance(value, Card):
                out.append_text(self.card(value))
            elif isinstance(value, tuple | list) and all(isinstance(c, Card) for c in value):
                out.append_text(self.cards(value))
            else:
                if conversion == "r":
                    value = repr(value)
                out.append(format(value, spec or ""))
        return out

    def say(self, msgid: str, style: str = "", **params: Any) -> None:
        self.note(self.fmt(msgid, style, **params))

    def card(self, card: Card) -> Text:
        # English players read the jokers as the LJ and BJ they type, not as 小王 and 大王.
        plain = self.ascii_cards or (card.is_joker and self.lang == "en")
        return Text(card.ascii if plain else str(card), style=card_style(card))

    def cards(self, cards: Iterable[Card]) -> Text:
        return Text(" ").join(self.card(c) for c in cards)

    def suit_name(self, suit: int) -> str:
        if suit == TRUMP:
            return self.t("trump")
        return SUIT_LETTERS[suit] if self.ascii_cards else SUIT_SYMBOLS[suit]

    def trump_label(self, view: View) -> Text:
        """「主 ♥」, 「无主」 or 「主 未定」."""
        if not view.trump_known:
            return self.fmt("trump: not yet known", style="dim")
        if view.trump_suit is None:
            return self.fmt("no trump", style=TRUMP_STYLE)
        suit = Text(self.suit_name(view.trump_suit), style=SUIT_STYLES[view.trump_suit])
        return self.fmt("trump: {suit}", suit=suit)

    def title(self, preset: Preset) -> str:
        msgid = PRESET_TITLES.get(preset.name)
        return preset.title if msgid is None else self.t(msgid)

    def shape(self, shape: Shape) -> str:
        if shape.kind == TUPLE and shape.width <= 3:
            return self.t(("single", "pair", "triple")[shape.width - 1])
        if shape.kind == TRACTOR:
            msgid = "Titanic of {length}" if shape.width == 3 else "tractor of {length} pairs"
            return self.t(msgid, length=shape.length)
        return self.t(
            "{unit} of {count} cards", unit=self.t(SPECIAL_UNITS[shape.kind]), count=shape.size
        )

    def declaration(self, kind: str) -> str:
        """山东升级's kinds of bid (R-8.4)."""
        return self.t(DECLARATIONS[kind])

    def swaps(self, pairs: Sequence[tuple[Card, Card]]) -> Text:
        """Kitty swaps as 「hand card ⇄ kitty card」."""
        return Text(", ").join(
            self.card(mine) + Text(" ⇄ ") + self.card(kitty) for mine, kitty in pairs
        )

    def error(self, error: IllegalAction | CardParseError) -> None:
        """Print why an input was refused, naming the rule it breaks."""
        if isinstance(error, CardParseError):
            self.refuse(
                "cannot read “{token}”: {reason}",
                token=clip(error.token),
                reason=self.t(error.reason),
            )
            return
        # Words the engine puts in a message (a unit's kind) are msgids too.
        params: dict[str, Any] = {
            k: self.t(v) if isinstance(v, str) else v for k, v in error.params.items()
        }
        if isinstance(params.get("seat"), int):
            params["seat"] += 1  # the engine counts seats from 0, people from 1号位
        self.refuse(error.template, error.rule, **params)

    def refuse(self, msgid: str, rule: str | None = None, **params: Any) -> None:
        """Print why an answer was refused (``✗ …``), with the rule it breaks if any."""
        message = self.fmt(msgid, **params)
        if rule:
            message = self.fmt("{message} (rule {rule})", message=message, rule=rule)
        self.note(Text("✗ ", style="bold red") + message)

    # --- the table ---------------------------------------------------------------------

    def header(self, view: View) -> Group:
        """Round, banker, level rank and trump, the friend, the score so far: a few lines
        without a frame, so that the table fits a 24-line terminal."""
        banker = self.names[view.banker] if view.banker is not None else self.t("to be decided")
        title = self.fmt(
            "{title} · round {round} · you are seat {seat}",
            style="bold",
            title=self.title(view.preset),
            round=view.round_number,
            seat=self.seat + 1,
        )
        lines: list[RenderableType] = [
            Flow(
                [
                    [title],
                    [
                        self.fmt(
                            "Banker: {banker} · level rank: {rank} · {trump} · bids: {bids}",
                            banker=Text(banker, style="bold"),
                            rank=Text(RANK_NAMES[view.level_rank], style=TRUMP_STYLE),
                            trump=self.trump_label(view),
                            bids=view.preset.bidding.bid_count(view.bids),
                        )
                    ],
                ],
                gap=" · ",
            )
        ]
        if view.levels is not None and view.phase is not Phase.PLAY:  # in play: seats table
            levels = Text("  ").join(
                Text(f"{self.names[s]} {RANK_NAMES[level]}") for s, level in enumerate(view.levels)
            )
            lines.append(self.fmt("Levels: {levels}", levels=levels))
        if view.preset.called_friend and view.phase in (Phase.PLAY, Phase.DONE):
            lines.append(self._friend_line(view))
        elif not view.preset.called_friend and view.banker is not None:
            partner = view.preset.partner_of(view.banker)
            lines.append(self.fmt("Banker's partner: {name}", name=self.names[partner]))
        if view.phase is Phase.PLAY:
            lines.append(self._score_line(view))
        if view.buried and view.swap_count:  # the kitty is no longer the burial
            lines.append(
                self.fmt(
                    "You buried {cards}; the declarer swapped {count} of them for cards "
                    "of the same rank, so the kitty is not these cards",
                    cards=view.buried,
                    count=view.swap_count,
                )
            )
        elif view.buried:
            lines.append(
                self.fmt(
                    "You buried: {cards} ({points} points)",
                    cards=view.buried,
                    points=view.preset.kitty_points(view.buried),
                )
            )
        if view.swaps:
            lines.append(
                self.fmt("You swapped with the kitty: {swaps}", swaps=self.swaps(view.swaps))
            )
        return Group(*lines)

    def _friend_line(self, view: View) -> Text:
        if view.solo:
            return self.fmt("The banker plays alone")
        card = view.friend_call
        assert card is not None
        if view.friend is not None:
            return self.fmt(
                "Friend card {card}: the friend is {name}",
                card=card,
                name=Text(self.names[view.friend], style="bold green"),
            )
        if banker_alone(view):
            return self.fmt("Friend card {card}: no other hand holds it, you play alone", card=card)
        held = view.hand_counts[card]
        line = self.fmt("Friend card {card}: the friend is not known yet", card=card)
        if held and view.seat != view.banker:
            line.append("  ")
            line.append_text(
                self.fmt("(you hold {count}× {card})", style="green", count=held, card=card)
            )
        return line

    def _score_line(self, view: View) -> Text:
        line = self.fmt("Trick {number}", number=view.trick_number + 1)
        side = banker_side(view)
        if side is None:
            return line
        attackers = Text(
            str(sum(p for s, p in enumerate(view.points_won) if s not in side)), style="bold"
        )
        change, level_up = band_thresholds(view)
        line.append(" · ")
        if view.levels is None or change is None or level_up is None:
            line.append_text(self.fmt("attackers' points {points}", points=attackers))
        elif change == level_up:  # shandong: no step-down band
            line.append_text(
                self.fmt(
                    "attackers' points {points} ({up} takes the bank and goes up)",
                    points=attackers,
                    up=level_up,
                )
            )
        else:
            line.append_text(
                self.fmt(
                    "attackers' points {points} ({change} takes the bank, {up} goes up)",
                    points=attackers,
                    change=change,
                    up=level_up,
                )
            )
        return line

    def role(self, view: View, seat: int) -> Text:
        if view.banker is None:
            return Text("")
        if seat == view.banker:
            return Text(self.t("banker"), style="bold yellow")
        side = banker_side(view)
        if side is None:
            return Text("")
        if seat in side:
            return Text(
                self.t("friend" if view.preset.called_friend else "partner"), style="bold green"
            )
        return Text(self.t("attacker"), style="cyan")

    def seats(self, view: View) -> Table:
        """One row per seat: level, role, points won, cards left and this trick's play."""
        table = Table(box=None, pad_edge=False, header_style="bold underline")
        table.add_column("")
        table.add_column(self.t("seat"), justify="right")
        table.add_column(self.t("player"))
        if view.levels is not None:
            table.add_column(self.t("level"), justify="center")
        table.add_column(self.t("role"))
        table.add_column(self.t("points"), justify="right")
        table.add_column(self.t("cards"), justify="right")
        table.add_column(self.t("this trick"), overflow="fold")
        played = {play.seat: play for play in view.current}
        leader = view.current[0].seat if view.current else None
        for seat in range(view.preset.players):
            marker = "▶" if view.phase is Phase.PLAY and view.to_act == seat else ""
            trick = Text("")
            if seat in played:
                trick = self.cards(played[seat].cards)
                if seat == leader:
                    trick.append("  " + self.t("(led)"), style="dim")
            name = Text(self.names[seat])
            if seat == self.seat and self.auto:
                name = self.fmt("{name} (auto)", style="bold magenta", name=self.names[seat])
            row: list[Text | str] = [marker, str(seat + 1), name]
            if view.levels is not None:
                row.append(RANK_NAMES[view.levels[seat]])
            row += [
                self.role(view, seat),
                str(view.points_won[seat]),
                str(view.hand_sizes[seat]),
                trick,
            ]
            table.add_row(*row, style="bold" if seat == self.seat else "")
        return table

    def plays(self, plays: Iterable[Any]) -> list[list[Text]]:
        """Each play as a group of pieces for :class:`Flow`: the name with its first
        card, then one piece a card."""
        groups = []
        for play in plays:
            cards = [self.card(card) for card in play.cards]
            groups.append([Text(f"{self.names[play.seat]} ") + cards[0], *cards[1:]])
        return groups

    def last_trick(self, view: View) -> Flow | None:
        if not view.tricks:
            return None
        trick = view.tricks[-1]
        groups = self.plays(trick.plays)
        groups[0].insert(0, self.fmt("Last trick:"))
        groups[-1].append(
            self.fmt("→ {winner} +{points}", winner=self.names[trick.winner], points=trick.points)
        )
        for group in groups:
            for piece in group:
                piece.stylize("dim")
        return Flow(groups)

    def lead_description(self, view: View) -> Text | None:
        """What the current trick asks for: how many cards of which suit, in what shapes."""
        if not view.current or view.lead_suit is None:
            return None
        shapes = " + ".join(self.shape(s) for s in view.lead_shapes)
        return self.fmt(
            "{name} led {count} {suit}: {shapes}",
            name=self.names[view.current[0].seat],
            count=len(view.current[0].cards),
            suit=Text(
                self.suit_name(view.lead_suit),
                style=TRUMP_STYLE if view.lead_suit == TRUMP else SUIT_STYLES[view.lead_suit],
            ),
            shapes=shapes,
        )

    def hand_groups(self, view: View) -> list[tuple[Text, list[Card]]]:
        """The hand by effective suit, trumps last; before trump is known by printed
        suit with the jokers last."""
        return self.suit_groups(view, view.hand)

    def hand_order(self, view: View) -> list[Card]:
        """The hand in the order it is shown: position n (from 1) is the n-th card."""
        return [card for _, cards in self.hand_groups(view) for card in cards]

    def suit_groups(self, view: View, cards: Iterable[Card]) -> list[tuple[Text, list[Card]]]:
        """Cards by effective suit, weakest first and trumps last; before trump is known by
        printed suit with the jokers last."""
        groups: dict[int, list[Card]] = {}
        if view.ordering is not None:
            for card in sorted(cards, key=view.ordering.sort_key):
                groups.setdefault(view.ordering.esuit[card], []).append(card)
        else:
            for card in sorted(cards):  # ids ascend by rank within a suit, jokers last
                groups.setdefault(TRUMP if card.suit is None else card.suit, []).append(card)
        out = []
        for suit in sorted(groups):
            if suit == TRUMP:
                label = Text(
                    self.t("trump" if view.ordering is not None else "jokers"), style=TRUMP_STYLE
                )
            else:
                label = Text(self.suit_name(suit), style=SUIT_STYLES[suit])
            out.append((label, groups[suit]))
        return out

    def hand(
        self,
        view: View,
        marked: Sequence[Card] = (),
        *,
        numbered: bool = False,
        playable: frozenset[Card] | None = None,
    ) -> Group:
        """The player's hand by suit, trumps last behind their label; ``marked`` cards (the
        kitty just taken) are underlined, cards outside ``playable`` dimmed, and
        ``numbered`` puts each card's position (see :meth:`hand_order`) under it. Suits
        share a row when they fit, so a 38-card hand takes a few rows of 80 columns."""
        to_mark = Counter(marked)
        groups: list[list[tuple[Text, str]]] = []
        position = 0
        for label, cards in self.hand_groups(view):
            # Trumps are of several printed suits (and jokers of none): they get a label.
            if view.ordering is None:
                trumps = cards[0].is_joker
            else:
                trumps = view.ordering.esuit[cards[0]] == TRUMP
            group = [(label, "")] if trumps else []
            for card in cards:
                position += 1
                text = self.card(card)
                if to_mark[card]:
                    to_mark[card] -= 1
                    text.stylize("underline")
                if view.ordering is None and (
                    card.rank == view.level_rank or view.preset.is_fixed_trump(card)
                ):
                    text.stylize("reverse")  # level cards and 常主 are trump whatever the suit
                if playable is not None and card not in playable:
                    text.stylize("dim")
                group.append((text, str(position) if numbered else ""))
            groups.append(group)
        title = self.fmt("Your hand ({count})", style="bold", count=len(view.hand))
        return Group(title, CardRows(groups))

    def table(self, view: View) -> RenderableType:
        """Everything the player needs at their turn, in 24 lines of 80 columns: the
        header, the seats with this trick, what the lead asks for (else the last trick)
        and the hand; when following, the cards that cannot be part of a legal play are
        dimmed and a few legal plays are listed."""
        parts: list[RenderableType] = [self.header(view), self.seats(view)]
        trick = self.lead_description(view) if view.current else self.last_trick(view)
        if trick is not None:
            parts.append(trick)
        playable: frozenset[Card] | None = None
        plays: list[tuple[Card, ...]] = []
        if view.to_act == self.seat and view.phase is Phase.PLAY and not view.is_leading:
            playable, plays = self._follow_options(view)
        parts.append(self.hand(view, numbered=view.phase is Phase.PLAY, playable=playable))
        if plays:
            options = [[self.card(card) for card in play] for play in plays]
            options[0].insert(0, self.fmt("Legal plays:", style="green"))
            parts.append(Flow(options, gap=" · "))
        elif playable is not None and playable != frozenset(view.hand):
            usable = [card for card in self.hand_order(view) if card in playable]
            parts.append(self.fmt("Cards you can play: {cards}", style="green", cards=usable))
        return Group(*parts)

    def _follow_options(self, view: View) -> tuple[frozenset[Card] | None, list[tuple[Card, ...]]]:
        """:func:`follow_options` of ``view``, worked out once however often the live
        screen is redrawn while it is the player's turn."""
        if self._options is None or self._options[0] is not view:
            self._options = (view, follow_options(view))
        return self._options[1]

    def counter(self, view: View) -> RenderableType:
        """记牌器: the cards not in this hand and not yet played, by suit, strongest first
        (never who holds them), and the point cards played so far."""
        played = played_cards(view)
        seen = played + Counter(view.hand)
        # once the declarer swapped, the burial is no longer the kitty.
        kitty = view.buried if not view.swap_count else ()
        seen.update(kitty)
        out = Counter(full_deck(view.preset.decks)) - seen
        grid = Table.grid(padding=(0, 2))
        grid.add_column(justify="right")
        grid.add_column(justify="right", style="dim")
        grid.add_column()
        for label, cards in self.suit_groups(view, out.elements()):
            grid.add_row(label, str(len(cards)), self.cards(reversed(cards)))
        scoring = [c for _, cards in self.suit_groups(view, played.elements()) for c in cards]
        scoring = [card for card in scoring if card.points]
        lines: list[RenderableType] = [
            grid,
            self.fmt(
                "Point cards played ({points} points): {cards}",
                points=points_of(scoring),
                cards=scoring,
            ),
            self.fmt(
                "Points not yet played outside your hand: {points}",
                points=points_of(out.elements()),
            ),
        ]
        if kitty:
            lines.append(
                self.fmt("In the kitty you buried, not counted above: {cards}", cards=kitty)
            )
        title = self.fmt("Card counter: cards not in your hand and not yet played", style="bold")
        return Panel(Group(*lines), title=title, title_align="left", box=box.ROUNDED, expand=False)

    def history(self, view: View) -> RenderableType:
        """Every finished trick of the round: who led, every play, who won, the points."""
        if not view.tricks:
            return self.fmt("No trick has been finished yet this round.", style="dim")
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
        table.add_column("#", justify="right")
        table.add_column(self.t("led by"), no_wrap=True)
        table.add_column(self.t("plays"))  # a Flow: wraps between cards, never cuts one
        table.add_column(self.t("won by"), no_wrap=True)
        table.add_column(self.t("points"), justify="right")
        for number, trick in enumerate(view.tricks, 1):
            table.add_row(
                str(number),
                self.names[trick.leader],
                Flow(self.plays(trick.plays)),
                self.names[trick.winner],
                str(trick.points),
            )
        title = self.fmt("Tricks of round {round}", style="bold", round=view.round_number)
        return Group(title, table)

    # --- results -----------------------------------------------------------------------

    def round_result(self, view: View, totals: Sequence[int]) -> RenderableType:
        """The scored round (R-9, R-10): points, kitty, levels, scores, match totals."""
        result = view.result
        assert result is not None
        lines: list[Text] = []
        x = Text(str(result.attackers_points), style="bold")
        if result.attackers_points == result.trick_points:
            lines.append(self.fmt("Attackers' points {x}", x=x))
        else:
            lines.append(
                self.fmt("Attackers' points {x} (tricks {tricks})", x=x, tricks=result.trick_points)
            )
        last = view.tricks[-1]
        _, bonus = view.preset.kitty_bonus(
            result.kitty_points, last.shapes, last.winner not in result.banker_side
        )
        if bonus > 0:
            lines.append(
                self.fmt(
                    "Kitty to the attackers: {kitty} × {multiplier} = +{bonus} (R-7.2)",
                    kitty=result.kitty_points,
                    multiplier=result.kitty_multiplier,
                    bonus=bonus,
                )
            )
        elif bonus < 0:
            lines.append(self.fmt("Kitty kept by the banker's side: {bonus} (R-7.3)", bonus=bonus))
        throws = result.attackers_points - result.trick_points - bonus
        if throws:  # qidong counts failed throws in X
            lines.append(self.fmt("Failed throws: {points:+d} (R-4.4)", points=throws))
        lines.append(
            self.fmt(
                "Kitty: {cards} ({points} points)", cards=result.kitty, points=result.kitty_points
            )
        )
        band = result.band
        if band.side == "stepdown":
            lines.append(self.fmt("The bank changes hands; no one goes up", style="bold"))
        elif view.levels is None:  # no levels: k scales the scores
            msgid = (
                "The banker's side wins (k = {k})"
                if band.side == "banker"
                else "The attackers win (k = {k})"
            )
            lines.append(self.fmt(msgid, style="bold", k=band.k))
        else:
            msgid = (
                "The banker's side goes up {k}"
                if band.side == "banker"
                else "The attackers go up {k}"
            )
            lines.append(self.fmt(msgid, style="bold", k=band.k))
        if result.next_banker is not None:
            lines.append(self.fmt("Next banker: {name}", name=self.names[result.next_banker]))
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
        table.add_column(self.t("player"))
        table.add_column(self.t("role"))
        table.add_column(self.t("points"), justify="right")
        if view.levels is not None and result.levels_after is not None:
            table.add_column(self.t("level"), justify="center")
        penalised = any(result.penalties)
        if penalised:
            table.add_column(self.t("penalty"), justify="right")
        table.add_column(self.t("round score"), justify="right")
        table.add_column(self.t("total"), justify="right")
        for seat in range(view.preset.players):
            row: list[Text | str] = [
                self.names[seat],
                self.role(view, seat),
                str(view.points_won[seat]),
            ]
            if view.levels is not None and result.levels_after is not None:
                before, after = view.levels[seat], result.levels_after[seat]
                row.append(
                    RANK_NAMES[before]
                    if before == after
                    else f"{RANK_NAMES[before]} → {RANK_NAMES[after]}"
                )
            if penalised:
                row.append(str(result.penalties[seat] or ""))
            score = result.scores[seat]
            row += [
                Text(f"{score:+d}", style="green" if score > 0 else "red" if score else ""),
                str(totals[seat]),
            ]
            table.add_row(*row, style="bold" if seat == self.seat else "")
        title = self.fmt("Round {round} is over", style="bold", round=view.round_number)
        return Panel(
            Group(*lines, table), title=title, title_align="left", box=box.DOUBLE, expand=False
        )

    def standings(
        self, totals: Sequence[int], levels: Sequence[int] | None, rounds: int
    ) -> RenderableType:
        """Final (or current) match standings, best total first."""
        table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, header_style="bold")
        table.add_column("#", justify="right")
        table.add_column(self.t("player"))
        if levels is not None:
            table.add_column(self.t("level"), justify="center")
        table.add_column(self.t("total"), justify="right")
        best = max(totals)
        order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
        for place, seat in enumerate(order, 1):
            name = self.names[seat] + (" ★" if totals[seat] == best else "")
            row = [str(place), name]
            if levels is not None:
                row.append(RANK_NAMES[levels[seat]])
            row.append(str(totals[seat]))
            table.add_row(*row, style="bold" if seat == self.seat else "")
        # A title above, not a table title: that one wraps to the table's narrow width.
        msgid = plural(rounds, "Standings after 1 round", "Standings after {rounds} rounds")
        return Group(self.fmt(msgid, style="bold", rounds=rounds), table)

    def help(self) -> None:
        self.page(Group(*(self.fmt(msgid) for msgid in HELP_LINES)))


HELP_LINES = (
    "Type cards in either notation, separated by spaces: 10H QS BJ LJ, or ♥10 ♠Q 大王 小王.",
    "A bare rank takes the suit of the card before it: 9S 9 10 10 is ♠9 ♠9 ♠10 ♠10.",
    "Chinese suit names work too: 黑桃9 红桃10 梅花J 方块A; 10 may be written T.",
    "Or choose cards by the numbers under your hand: 3 4 7, or 3-5 for 3 4 5.",
    "Enter on an empty line (or hint / 提示) suggests a move, and Enter again takes it; "
    "when bidding or swapping, Enter passes.",
    "Commands: ? help · t shows the table again · count lists the cards still out (记牌器) "
    "· history lists this round's tricks · auto lets the bot play for you (托管) until you "
    "press Enter or the round ends · quit (退出) leaves the match.",
    "↑ and ↓ recall earlier answers. Bot speed: zpy play --delay SECONDS, or the "
    "environment variable ZPY_PLAY_DELAY.",
)


def follow_options(view: View) -> tuple[frozenset[Card] | None, list[tuple[Card, ...]]]:
    """The cards that are part of at least one legal follow (None when there are too
    many plays to look at), and the legal follows themselves when there are few."""
    every_card = frozenset(view.hand)
    usable: set[Card] = set()
    plays: list[tuple[Card, ...]] = []
    for examined, play in enumerate(islice(view.legal_plays(), PLAYS_EXAMINED + 1)):
        if examined == PLAYS_EXAMINED:
            return None, []
        usable.update(play)
        if len(plays) <= LEGAL_PLAYS_SHOWN:
            plays.append(play)
        elif usable == every_card:
            break  # too many to list, and every card is usable: nothing more to learn
    return frozenset(usable), plays if len(plays) <= LEGAL_PLAYS_SHOWN else []

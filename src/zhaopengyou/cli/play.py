"""``zpy play``: a match in the terminal, one human seat against bots.

The human is a :class:`~zhaopengyou.cli.human.HumanAgent`; a :class:`Narrator` announces
every event as the human's seat may see it (:func:`~zhaopengyou.engine.events.for_seat`),
and each finished round shows its result and the match totals.
"""

from __future__ import annotations

import os
import re
import select
import sys
import time
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import TextIO

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..bots import make_bot, play_match
from ..engine import Card, Event, Preset, Round, View
from ..engine.cards import RANK_NAMES, TRUMP
from ..engine.events import (
    BidMade,
    Buried,
    CardDealt,
    CardsPlayed,
    DeclarationTaken,
    FriendCalled,
    FriendRevealed,
    GivenBack,
    KittyRevealed,
    KittyTaken,
    KittyTurned,
    Redealt,
    RoundScored,
    Swapped,
    ThrowFailed,
    TrickWon,
    TrumpDecided,
    TrumpRevealed,
    for_seat,
)
from ..engine.match import Match
from ..i18n import tr
from ..records import RecordMode
from .human import HumanAgent, InputFn, QuitGame, TypedAhead
from .render import Screen, plural

DELAY_ENV = "ZPY_PLAY_DELAY"
TERMINAL_DELAY = 0.4  # seconds between bot plays, so a person can follow the trick
ANSI_CODE = re.compile(r"\x1b\[[0-9;]*m")
BOT_KIND_NAMES = {
    "random": "random bots",
    "heuristic": "smart bots",
    "search": "searching bots",
    "easy": "easy bots",
    "normal": "normal bots",
    "hard": "hard bots",
}


def seat_names(players: int, seat: int, lang: str) -> tuple[str, ...]:
    """ "You" for the human; each bot named by its seat as people count them (1号位 …)."""
    return tuple(
        tr("You", lang) if s == seat else tr("Bot {number}", lang, number=s + 1)
        for s in range(players)
    )


def play_delay(
    console: Console, environ: dict[str, str] | None = None, delay: float | None = None
) -> float:
    """Pause after each bot play: ``delay`` (``--delay``) if given, else ``ZPY_PLAY_DELAY``
    seconds, else a short one on a terminal and none when the output is not a terminal
    (tests, pipes)."""
    if delay is not None:
        return max(delay, 0.0)
    value = (os.environ if environ is None else environ).get(DELAY_ENV)
    if value is not None:
        try:
            return max(float(value), 0.0)
        except ValueError:
            pass
    return TERMINAL_DELAY if console.is_terminal else 0.0


def terminal_input(console: Console, stdin: TextIO | None = None) -> InputFn:
    """Read a line after a coloured prompt; when ``stdin`` is a terminal, with readline's
    line editing and history (← → ↑ ↓)."""
    editing = (sys.stdin if stdin is None else stdin).isatty() and enable_line_editing()

    def read_line(prompt: str) -> str:
        with console.capture() as capture:
            console.print(Text(prompt, style="bold cyan"), end="")
        shown = capture.get()
        if editing:  # readline must not count colour codes as prompt width
            shown = ANSI_CODE.sub(lambda code: f"\001{code.group()}\002", shown)
        return input(shown)

    return read_line


def enable_line_editing() -> bool:
    """Load readline, which gives ``input()`` line editing and history; False without it
    (Windows)."""
    try:
        import readline
    except ImportError:
        return False
    readline.set_completer(lambda text, state: None)  # Tab must not complete file names
    return True


def terminal_typed_ahead(stdin: TextIO | None = None) -> TypedAhead:
    """Whether the player pressed Enter while the bot played for them (托管); the line is
    consumed. Never true where stdin cannot be polled (Windows, test runners)."""
    stream = sys.stdin if stdin is None else stdin

    def typed() -> bool:
        try:
            ready = bool(select.select([stream], [], [], 0)[0])
        except (OSError, ValueError):
            return False
        if ready:
            stream.readline()
        return ready

    return typed


class Narrator:
    """The runner's event sink: announces events as the human's seat sees them."""

    def __init__(self, screen: Screen, delay: float) -> None:
        self.screen = screen
        self.delay = delay
        self._lead_cards: tuple[Card, ...] = ()

    def __call__(self, rnd: Round, events: list[Event]) -> None:
        seat = self.screen.seat
        view: View | None = None
        for event in events:
            seen = for_seat(event, seat)
            if isinstance(seen, CardDealt):
                self._dealt(rnd, seen)
                continue
            if view is None:
                view = rnd.view(seat)  # after the batch: what the human may know now
                self.screen.update(view)
            if isinstance(seen, ThrowFailed):
                self._throw_failed(seen, view, rnd.throw_beater())
            else:
                self._announce(seen, view)

    def _dealt(self, rnd: Round, event: CardDealt) -> None:
        screen = self.screen
        if event.dealt == 1:
            screen.update(rnd.view(screen.seat))
            screen.note(Rule(screen.fmt("Round {round}: dealing", round=rnd.number)))
        if event.dealt == rnd.preset.players * rnd.preset.hand_size:
            screen.show(rnd.view(screen.seat))
            screen.say("All cards are dealt.", style="bold")

    def _announce(self, event: Event, view: View) -> None:
        screen = self.screen
        names = screen.names
        match event:
            case BidMade():
                self._bid(event, view)
            case Redealt():
                screen.say(
                    "Nobody bid: the cards are dealt again ({rule}).",
                    style="yellow",
                    rule=view.preset.bidding.rule,
                )
            case KittyTurned():
                screen.say(
                    "Nobody bid: the kitty is turned over: {cards} ({rule})",
                    cards=event.cards,
                    rule=view.preset.bidding.rule,
                )
            case TrumpDecided():
                self._trump_decided(event, view)
            case DeclarationTaken():
                if event.cards:  # the two seats concerned see the cards
                    msgid = "{name} took the declared cards of {other}: {cards}"
                else:
                    msgid = "{name} took the declared cards of {other}"
                screen.say(
                    msgid, name=names[event.seat], other=names[event.from_seat], cards=event.cards
                )
            case GivenBack():
                if event.cards:
                    screen.say(
                        "{name} gave back to {other}: {cards}",
                        name=names[event.seat],
                        other=names[event.to_seat],
                        cards=event.cards,
                    )
                else:
                    screen.say(
                        "{name} gave cards back to {other}",
                        name=names[event.seat],
                        other=names[event.to_seat],
                    )
            case Swapped():
                if event.pairs:
                    screen.say(
                        "You swapped with the kitty: {swaps}", swaps=screen.swaps(event.pairs)
                    )
                elif event.count:
                    screen.say(
                        plural(
                            event.count,
                            "{name} swapped 1 card with the kitty (R-8.4)",
                            "{name} swapped {count} cards with the kitty (R-8.4)",
                        ),
                        name=names[event.seat],
                        count=event.count,
                    )
                elif event.seat != screen.seat:
                    screen.say("{name} is done with the kitty", name=names[event.seat])
            case TrumpRevealed():
                if event.cards:
                    screen.say(
                        "{name} showed {cards}: {trump}",
                        style="bold",
                        name=names[event.seat],
                        cards=event.cards,
                        trump=screen.trump_label(view),
                    )
                else:  # a 粘'd declaration is announced without cards (R-8.4)
                    screen.say(
                        "{name} announced {trump}",
                        style="bold",
                        name=names[event.seat],
                        trump=screen.trump_label(view),
                    )
            case KittyTaken():
                screen.kitty = event.cards  # empty unless the human took it
                if event.cards:
                    screen.say("You took the kitty: {cards}", style="bold", cards=event.cards)
                else:
                    screen.say(
                        plural(
                            view.preset.kitty_size,
                            "{name} took the kitty (1 card)",
                            "{name} took the kitty ({count} cards)",
                        ),
                        name=names[event.seat],
                        count=view.preset.kitty_size,
                    )
            case Buried():
                if event.cards:
                    screen.say(
                        "You buried {cards} ({points} points)",
                        cards=event.cards,
                        points=view.preset.kitty_points(event.cards),
                    )
                else:
                    screen.say(
                        plural(
                            view.preset.kitty_size,
                            "{name} buried 1 card",
                            "{name} buried {count} cards",
                        ),
                        name=names[event.seat],
                        count=view.preset.kitty_size,
                    )
            case FriendCalled():
                self._friend_called(event, view)
            case CardsPlayed():
                self._played(event, view)
            case FriendRevealed():
                screen.say(
                    "{name} turned out to be the friend!",
                    style="bold green",
                    name=names[event.seat],
                )
            case TrickWon():
                msgid = (
                    "{name} won trick {number} (+{points})"
                    if event.points
                    else ("{name} won trick {number}")
                )
                screen.say(
                    msgid,
                    style="bold" if event.points else "",
                    name=names[event.seat],
                    number=event.trick + 1,
                    points=event.points,
                )
                self._pause()
            case KittyRevealed() if event.multiplier and not event.points:
                screen.say(
                    "The attackers won the last trick, but the kitty holds no points (R-7.2)",
                    style="bold yellow",
                )
            case KittyRevealed() if event.multiplier:
                screen.say(
                    "The attackers won the last trick: "
                    "kitty {points} × {multiplier} = {bonus} (R-7.2)",
                    style="bold yellow",
                    points=event.points,
                    multiplier=event.multiplier,
                    bonus=event.points * event.multiplier,
                )
            case RoundScored():
                screen.kitty = ()

    def _bid(self, event: BidMade, view: View) -> None:
        screen = self.screen
        name = screen.names[event.seat]
        if event.bid_kind is not None:  # 山东升级; the face-down pair stays hidden
            screen.say(
                "{name}: {kind} {cards}",
                style="bold magenta",
                name=name,
                kind=screen.declaration(event.bid_kind),
                cards=event.cards,
            )
            if event.hidden:
                screen.say("Face down: {cards}", style="magenta", cards=event.hidden)
            return
        previous = view.bids[-2] if len(view.bids) >= 2 else None
        if previous is None:
            msgid = "{name} bid {cards}"
        elif previous.seat == event.seat:
            msgid = "{name} reinforced the bid with {cards}"
        else:
            msgid = "{name} overcalled with {cards}"
        screen.say(msgid, style="bold magenta", name=name, cards=event.cards)

    def _trump_decided(self, event: TrumpDecided, view: View) -> None:
        screen = self.screen
        screen.say(
            "Banker: {name} · level rank: {rank} · {trump}",
            style="bold",
            name=screen.names[event.banker],
            rank=RANK_NAMES[event.level_rank],
            trump=screen.trump_label(view),
        )

    def _friend_called(self, event: FriendCalled, view: View) -> None:
        screen = self.screen
        name = screen.names[event.seat]
        if event.solo or event.card is None:
            screen.say("{name} chose to play alone (solo)", style="bold", name=name)
            return
        screen.say(
            "{name} called {card} as the friend card ({rule})",
            style="bold",
            name=name,
            card=event.card,
            rule=view.preset.friend_rule,
        )
        held = view.hand_counts[event.card]
        if held and event.seat != screen.seat:
            screen.say("You hold {count}× {card}.", style="green", count=held, card=event.card)

    def _throw_failed(
        self, event: ThrowFailed, view: View, beater: tuple[int, tuple[Card, ...]] | None
    ) -> None:
        screen = self.screen
        name = screen.names[event.seat]
        screen.say(
            "Throw by {name} failed ({rule}): tried {attempted}, must play {forced}",
            style="bold red",
            name=name,
            rule=event.rule,
            attempted=event.attempted,
            forced=event.forced,
        )
        if beater is not None:
            holder, cards = beater
            screen.say(
                "{name} held {cards}, which beats {forced} (R-4.3)",
                style="red",
                name=screen.names[holder],
                cards=cards,
                forced=event.forced,
            )
        score, points = view.preset.throw_penalty_cost(len(event.attempted))
        if score:
            screen.say(
                "Penalty for {name}: −{count} round score", style="red", name=name, count=score
            )
        if points:
            screen.say(
                "Penalty for {name}: {points} points to the other side",
                style="red",
                name=name,
                points=points,
            )

    def _played(self, event: CardsPlayed, view: View) -> None:
        screen = self.screen
        line = Text("  ")
        if event.lead:
            self._lead_cards = event.cards
            line.append_text(
                screen.fmt("{name} led {cards}", name=screen.names[event.seat], cards=event.cards)
            )
        else:
            line.append_text(
                screen.fmt(
                    "{name} played {cards}", name=screen.names[event.seat], cards=event.cards
                )
            )
            tag = self._follow_tag(event.cards, view)
            if tag:
                line.append("  " + tag, style="bold yellow")
        screen.note(line)
        if event.seat != screen.seat or screen.auto:  # under 托管 the bot plays this seat too
            self._pause()

    def _follow_tag(self, cards: Sequence[Card], view: View) -> str | None:
        """A tag for a follow that leaves the led suit (R-5.4): trumped (毙) or discarded (垫)."""
        ordering = view.ordering
        assert ordering is not None and self._lead_cards
        lead_suit = ordering.esuit[self._lead_cards[0]]
        suits = {ordering.esuit[c] for c in cards}
        if suits == {lead_suit}:
            return None
        if suits == {TRUMP}:
            return self.screen.t("trumped")
        return self.screen.t("discarded")

    def _pause(self) -> None:
        if self.delay:
            time.sleep(self.delay)


def run_play(
    preset: Preset,
    *,
    seat: int,
    bots: str,
    seed: int | None,
    rounds: int,
    record: Path | None,
    ascii_cards: bool,
    lang: str,
    record_mode: RecordMode = "create",
    console: Console | None = None,
    input_fn: InputFn | None = None,
    delay: float | None = None,
    typed_ahead: TypedAhead | None = None,
) -> None:
    """Play a match of ``rounds`` rounds at ``seat`` (0-based; shown as seat + 1) against
    ``bots`` bots, pausing ``delay`` seconds after each bot play (None: see
    :func:`play_delay`).

    ``console``, ``input_fn`` and ``typed_ahead`` (has the player typed while the bot
    played for them?) default to the terminal; tests pass their own.
    ``quit`` or the end of input ends the match early (a clean exit); Ctrl-C exits 130.
    """
    console = console if console is not None else Console(highlight=False)
    names = seat_names(preset.players, seat, lang)
    screen = Screen(console, lang, ascii_cards, names, seat)
    # At a terminal the table stays on one screen; pipes and dumb terminals get a transcript.
    screen.live = console.is_terminal and not console.is_dumb_terminal
    human = HumanAgent(
        screen,
        input_fn if input_fn is not None else terminal_input(console),
        typed_ahead if typed_ahead is not None else terminal_typed_ahead(),
    )
    # Each bot gets its own seed, derived from the match seed so a game can be replayed.
    agents = [
        human if s == seat else make_bot(bots, None if seed is None else seed * 100 + s)
        for s in range(preset.players)
    ]
    match = Match(preset, seed=seed, rounds=rounds)
    narrator = Narrator(screen, play_delay(console, delay=delay))
    screen.say(
        "{title}: you are seat {seat}; the other seats are {bots}.",
        style="bold",
        title=screen.title(preset),
        seat=seat + 1,
        bots=screen.t(BOT_KIND_NAMES.get(bots, bots)),
    )
    screen.say(
        "Type ? for help, hint for a suggestion (when choosing cards, Enter does the same), "
        "quit to leave.",
        style="dim",
    )

    try:
        with ExitStack() as stack:
            writer = None
            if record is not None:
                from ..records import RecordWriter

                writer = stack.enter_context(RecordWriter(record, record_mode))

            def round_over(rnd: Round) -> None:
                screen.page(screen.round_result(rnd.view(seat), match.totals))
                if writer is not None:
                    from ..records import round_record

                    writer.write(round_record(rnd, players=list(names), match_over=match.over))
                if not match.over:
                    human.pause(
                        screen.t(
                            "Press Enter to deal round {round} (quit to leave): ",
                            round=match.round_number,
                        )
                    )

            play_match(match, agents, narrator, round_over)
    except QuitGame:
        screen.live = False  # the last words stay below the table, as a transcript
        if match.played:
            console.print(screen.standings(match.totals, match.levels, len(match.played)))
        screen.say("Goodbye!", style="bold")
        return
    except KeyboardInterrupt:
        screen.live = False
        console.print()
        screen.say("Goodbye!", style="bold")
        raise SystemExit(130) from None
    screen.live = False
    console.print(screen.standings(match.totals, match.levels, len(match.played)))
    winners = screen.t(", ").join(names[s] for s in match.winners)
    screen.say("Match over. Best total: {names}", style="bold", names=winners)
    screen.say("Goodbye!", style="bold")


__all__ = ["Narrator", "play_delay", "run_play", "seat_names"]

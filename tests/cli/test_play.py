"""``zpy play``: whole matches driven by a scripted person at the terminal.

The scripted player sees what the human agent is deciding on (the View passed to
``HumanAgent.act``) and types its answers the way a person would, in ASCII, Unicode or
Chinese card names.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import random
import re
import select
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from rich.console import Console
from typer.testing import CliRunner

from zhaopengyou.bots import RandomBot, play_round
from zhaopengyou.cli import play as play_module
from zhaopengyou.cli import render as render_module
from zhaopengyou.cli.human import HumanAgent
from zhaopengyou.cli.main import app
from zhaopengyou.cli.play import play_delay, run_play
from zhaopengyou.cli.render import Screen, copies_elsewhere
from zhaopengyou.engine import Card, Pass, Phase, Round, View, format_cards, get_preset, parse_cards
from zhaopengyou.engine.cards import RANK_NAMES, full_deck
from zhaopengyou.engine.errors import NotYourTurn
from zhaopengyou.engine.events import KittyRevealed
from zhaopengyou.i18n import tr
from zhaopengyou.i18n.catalog import CATALOG
from zhaopengyou.i18n.play_text import PLAY_TEXT

MAX_PROMPTS = 3000  # a script stuck in a loop fails instead of hanging
TRADITIONAL_SUITS = ("黑桃", "紅桃", "梅花", "方塊")
CARD_TOKEN = re.compile(r"(?<![\w♠♥♣♦])(?:10|[2-9JQKA])[SHCD](?!\w)|\b[BL]J\b")


def typed(cards: Any, notation: str) -> str:
    """Cards as a person would type them: ``ascii`` (10H), ``unicode`` (♥10) or
    ``traditional`` (紅桃10)."""
    if notation == "ascii":
        return format_cards(cards, ascii=True)
    if notation == "unicode":
        return format_cards(cards)
    return " ".join(
        str(c) if c.is_joker else TRADITIONAL_SUITS[c.suit] + RANK_NAMES[c.rank] for c in cards
    )


class Player:
    """A person at the keyboard: answers every prompt from the view being decided.

    By default: no bids, buries the first cards of the hand, calls a card someone else
    holds, plays the first legal play. Subclasses change single decisions.
    """

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, *, bid: bool = False, notation: str = "ascii"
    ) -> None:
        self.bid = bid
        self.notation = notation
        self.view: View | None = None
        self.out = io.StringIO()  # what the screen showed so far
        self.seen: list[View] = []  # every decision, prompted or not
        self.prompts: list[tuple[str, View | None]] = []
        self.prompt = ""  # the prompt being answered
        self.printed: list[str] = []  # what the screen showed just before each prompt
        original = HumanAgent.act

        def act(agent: HumanAgent, view: View) -> Any:
            self.seen.append(view)
            self.view = view
            try:
                return original(agent, view)
            finally:
                self.view = None

        monkeypatch.setattr(HumanAgent, "act", act)

    def __call__(self, prompt: str) -> str:
        self.prompt = prompt
        self.prompts.append((prompt, self.view))
        shown = self.out.getvalue()
        self.printed.append(shown[sum(map(len, self.printed)) :])
        assert len(self.prompts) < MAX_PROMPTS, "the script is going round in circles"
        return self.answer(self.view)

    def answer(self, view: View | None) -> str:
        if self.prompt.endswith("(y/N) "):
            return "y"  # yes, it means to quit
        if view is None:
            return ""  # "press Enter for the next round"
        if view.must_give_back:  # shandong, after its 粘
            return typed(view.random_give_back(random.Random(0)).cards, self.notation)
        if view.phase is Phase.SWAP:
            return "1" if self.bid else ""
        if view.phase in (Phase.DEAL, Phase.BID):
            return str(len(view.legal_bids())) if self.bid else ""  # the strongest bid
        if view.phase is Phase.BURY:
            return typed(view.hand[: view.preset.kitty_size], self.notation)
        if view.phase is Phase.CALL:
            cards = [
                call.card
                for call in view.legal_friend_calls()
                if call.card is not None and copies_elsewhere(view, call.card)
            ]
            return typed(cards[:1], self.notation) if cards else "solo"  # qidong: forced solo
        return typed(next(view.legal_plays()), self.notation)

    def views(self, phase: Phase) -> list[View]:
        return [v for _, v in self.prompts if v is not None and v.phase is phase]


def play(
    player: Callable[[str], str],
    *,
    preset: str = "zhaopengyou",
    seed: int = 1,
    rounds: int = 1,
    lang: str = "en",
    ascii_cards: bool = True,
    record: Path | None = None,
    options: dict[str, str] | None = None,
    seat: int = 0,
    bots: str = "random",
    typed_ahead: Callable[[], bool] | None = None,
) -> str:
    """Run ``zpy play`` against random bots; returns the plain text it printed."""
    out = player.out if isinstance(player, Player) else io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    run_play(
        get_preset(preset, **(options or {})),
        seat=seat,
        bots=bots,
        seed=seed,
        rounds=rounds,
        record=record,
        ascii_cards=ascii_cards,
        lang=lang,
        console=console,
        input_fn=player,
        typed_ahead=typed_ahead if typed_ahead is not None else lambda: False,
    )
    return out.getvalue()


def panel(text: str, title: str) -> list[str]:
    """The inner lines of the last panel titled ``title`` in ``text``."""
    start = text.rindex(title)
    lines = text[start:].splitlines()[1:]
    inner = []
    for line in lines:
        if not line.startswith("│"):
            break
        inner.append(line.strip("│ "))
    return inner


def hand_rows(text: str) -> list[str]:
    """The rows of the last hand shown in ``text``: cards, and numbers under them."""
    rows = []
    for line in text[text.rindex("Your hand (") :].splitlines()[1:]:
        if not CARD_TOKEN.search(line) and not re.fullmatch(r"[\d ]+", line):
            break
        rows.append(line)
    return rows


def shown_positions(text: str) -> dict[int, Card]:
    """Position → card, read from the numbers under the last hand shown (ASCII cards)."""
    positions: dict[int, Card] = {}
    cards: list[str] = []
    for line in hand_rows(text):
        tokens = CARD_TOKEN.findall(line)
        if tokens:
            cards = tokens
        else:
            numbers = [int(n) for n in line.split()]
            assert len(numbers) == len(cards), line
            positions.update(zip(numbers, map(Card, cards), strict=True))
    return positions


# --- whole matches -----------------------------------------------------------------------

GAMES = [
    ("zhaopengyou", {}),
    ("qidong", {}),
    ("tractor", {}),
    ("tractor", {"partner": "called"}),
    ("shandong", {}),
]
LANGS = [("zh-Hans", "unicode"), ("zh-Hant", "traditional"), ("en", "ascii")]


@pytest.mark.parametrize("lang,notation", LANGS)
@pytest.mark.parametrize("preset,options", GAMES)
def test_plays_a_match_to_the_end(
    monkeypatch: pytest.MonkeyPatch, preset: str, options: dict[str, str], lang: str, notation: str
) -> None:
    looked_up: list[str] = []

    def recording_tr(msgid: str, lang: str, **params: Any) -> str:
        looked_up.append(msgid)
        return tr(msgid, lang, **params)

    monkeypatch.setattr(render_module, "tr", recording_tr)
    monkeypatch.setattr(play_module, "tr", recording_tr)
    player = Player(monkeypatch, bid=True, notation=notation)
    out = play(
        player,
        preset=preset,
        lang=lang,
        rounds=1,
        ascii_cards=notation == "ascii",
        seed=7,
        options=options,
    )
    assert tr("Round {round} is over", lang, round=1) in out
    assert tr("Standings after 1 round", lang) in out
    assert out.rstrip().endswith(tr("Goodbye!", lang))
    assert player.views(Phase.PLAY)
    unicode_cards = re.compile("[♠♥♣♦]|大王|小王")
    assert bool(unicode_cards.search(out)) is (notation != "ascii")
    if lang != "en":
        assert not [m for m in looked_up if m not in CATALOG], "untranslated texts"


def test_every_phase_is_prompted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The human bids, buries, calls the friend, plays, and goes on to a second round."""
    _, _, seed = banker_seed(monkeypatch, Banker)
    player = Player(monkeypatch, bid=True)
    out = play(player, rounds=2, seed=seed)
    for phase in (Phase.DEAL, Phase.BURY, Phase.CALL, Phase.PLAY):
        assert player.views(phase), phase
    assert "You bid " in out or "You overcalled with " in out
    assert "You called " in out
    assert "Press Enter to deal round 2 (quit to leave): " in [
        prompt for prompt, _ in player.prompts
    ]
    assert "Round 2 is over" in out


def test_the_deal_asks_only_when_a_new_bid_appears(monkeypatch: pytest.MonkeyPatch) -> None:
    """R-8.1 lets a seat bid after every card; the human is asked only when a bid they
    have not declined becomes possible (or someone else bid meanwhile)."""
    player = Player(monkeypatch)  # declines every bid
    play(player, rounds=3, seed=4)
    asked = player.views(Phase.DEAL)
    assert len(asked) >= 2
    declined: set[tuple[Card, ...]] = set()
    situation = None
    dealt = 0
    for view in asked:
        offered = {bid.cards for bid in view.legal_bids()}
        if (view.round_number, len(view.bids)) != situation or view.cards_dealt < dealt:
            situation, declined = (view.round_number, len(view.bids)), set()  # or a redeal
        dealt = view.cards_dealt
        assert offered - declined, "asked again about bids already declined"
        declined |= offered
    assert len(asked) < 31  # over three rounds, fewer prompts than cards in one hand


class CardBidder(Player):
    """Bids by typing the cards of its strongest bid instead of its number."""

    def answer(self, view: View | None) -> str:
        if view is not None and view.phase in (Phase.DEAL, Phase.BID):
            return typed(view.legal_bids()[-1].cards, self.notation)
        return super().answer(view)


def test_a_bid_may_be_typed_as_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    player = CardBidder(monkeypatch, notation="unicode")
    out = play(player, lang="zh-Hans", ascii_cards=False)
    assert player.views(Phase.DEAL)
    assert re.search(r"^你 (亮主|反主|加固) ", out, re.MULTILINE)


# --- illegal input -----------------------------------------------------------------------


class Revoker(Player):
    """On the first follow where it can, plays other suits while holding the led suit."""

    revoked: tuple[View, list[Card]] | None = None

    def answer(self, view: View | None) -> str:
        if (
            self.revoked is None
            and view is not None
            and view.phase is Phase.PLAY
            and not view.is_leading
            and view.ordering is not None
        ):
            count = len(view.current[0].cards)
            esuit = view.ordering.esuit
            others = [c for c in view.hand if esuit[c] != view.lead_suit]
            if len(others) >= count and len(others) < len(view.hand):
                self.revoked = (view, others[:count])
                return typed(others[:count], self.notation)
        return super().answer(view)


def test_illegal_follow_shows_the_rule_and_asks_again(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Revoker(monkeypatch)
    out = play(player)
    assert player.revoked is not None
    view, cards = player.revoked
    error = view.play_error(cards)
    assert error is not None and error.rule in ("R-5.1", "R-5.2")
    assert f"✗ {error.message} (rule {error.rule})" in out
    asked = [i for i, (_, v) in enumerate(player.prompts) if v is view]
    assert len(asked) == 2 and asked[1] == asked[0] + 1  # the same decision, asked again


def test_illegal_follow_in_chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Revoker(monkeypatch, notation="unicode")
    out = play(player, lang="zh-Hans", ascii_cards=False)
    assert player.revoked is not None
    error = player.revoked[0].play_error(player.revoked[1])
    assert error is not None
    assert f"（规则 {error.rule}）" in out
    assert tr(error.template, "zh-Hans", **error.params) in out


class Answers(Player):
    """Types the given answers at its ``turn``-th play prompt (the first by default), then
    plays normally."""

    def __init__(
        self,
        monkeypatch: pytest.MonkeyPatch,
        first: Callable[[View], list[str]],
        *,
        turn: int = 1,
        **kwargs: Any,
    ) -> None:
        super().__init__(monkeypatch, **kwargs)
        self.first = first
        self.turn = turn
        self.turns: list[View] = []
        self.pending: list[str] | None = None
        self.at: View | None = None

    def answer(self, view: View | None) -> str:
        if view is not None and view.phase is Phase.PLAY and all(v is not view for v in self.turns):
            self.turns.append(view)
            if len(self.turns) == self.turn:
                self.pending = self.first(view)
                self.at = view
        if self.pending:
            return self.pending.pop(0)
        return super().answer(view)


def test_a_card_not_held_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    def not_held(view: View) -> list[str]:
        absent = next(c for c in map(Card, range(54)) if not view.hand_counts[c])
        return [absent.ascii]

    player = Answers(monkeypatch, not_held)
    out = play(player)
    assert "✗ you do not hold those cards" in out
    assert sum(1 for _, v in player.prompts if v is player.at) == 2


def test_a_malformed_token_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Answers(monkeypatch, lambda view: ["ZZ 3S", "♠"])
    out = play(player, lang="zh-Hans")
    assert "无法识别“ZZ”：不是一张牌" in out
    assert sum(1 for _, v in player.prompts if v is player.at) == 3


def test_long_input_is_cut_and_a_lone_suit_sign_explained(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 9 #8: a pasted page is not echoed back whole, and ``♥`` alone (or after the
    cards) is not taken for an empty answer or silently dropped."""
    player = Answers(monkeypatch, lambda view: ["X" * 3000, "♥", "AH ♥"])
    out = play(player, lang="zh-Hans")
    assert "无法识别“" + "X" * 40 + "…”：不是一张牌" in out
    assert "X" * 41 not in out
    assert out.count("✗ “♥”：花色后面要跟点数，例如 ♥A") == 2
    assert "请输入要出的牌" not in out
    assert sum(1 for _, v in player.prompts if v is player.at) == 4
    english = play(Answers(monkeypatch, lambda view: ["♠"]))
    assert "✗ “♠”: a suit sign needs a rank after it, as in ♠A" in english


def test_escape_sequences_typed_without_line_editing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 9 #4: where no line editing runs, ↑ arrives as ESC [ A: say so cleanly."""
    player = Answers(monkeypatch, lambda view: ["\x1b[A", "\x1b[D3S"])
    out = play(player)
    message = "✗ That line holds control keys (an arrow key?), which cannot be read here"
    assert out.count(message) == 2
    assert "\x1b" not in out and "cannot read" not in out
    assert sum(1 for _, v in player.prompts if v is player.at) == 3


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
def test_help_lists_every_command(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    out = play(Answers(monkeypatch, lambda view: ["?"]), lang=lang)
    unwrapped = "".join(out.split())  # long help lines wrap at the console's width
    for line in render_module.HELP_LINES:
        assert "".join(tr(line, lang).split()) in unwrapped
    for command in ("count", "history", "auto", "--delay", "ZPY_PLAY_DELAY", "·t"):
        assert command in unwrapped


def test_help_and_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Answers(monkeypatch, lambda view: ["?", "hint"])
    out = play(player)
    assert "Commands: ? help" in out
    suggestion = re.search(r"Suggestion: play .* \(Enter, or type ([^)]*)\)", out)
    assert suggestion is not None and player.at is not None
    assert player.at.play_error(parse_cards(suggestion.group(1))) is None


def test_enter_shows_the_suggestion_then_takes_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41: Enter on an empty line shows a suggestion, and Enter again plays it."""
    player = Answers(monkeypatch, lambda view: ["", ""])
    out = play(player, lang="zh-Hant", seed=3)
    assert player.at is not None and len(list(player.at.legal_plays())) > 1
    assert sum(1 for _, v in player.prompts if v is player.at) == 2
    suggested = re.search(r"建議出：.*（按 Enter，或輸入 ([^）]*)）", out)
    assert suggested is not None and out.count("建議出：") == 1
    played = re.search(r"^  你 (?:首出|跟) (.*?)(?:  [斃墊])?$", out, re.MULTILINE)
    assert played is not None
    assert sorted(parse_cards(played.group(1))) == sorted(parse_cards(suggested.group(1)))


class PositionPlayer(Player):
    """Chooses every play, and its burial, by the positions shown under its hand."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> None:
        super().__init__(monkeypatch, **kwargs)
        self.intended: list[list[Card]] = []
        self.buried: list[Card] = []

    def answer(self, view: View | None) -> str:
        if view is None or view.phase not in (Phase.PLAY, Phase.BURY):
            return super().answer(view)
        positions = shown_positions(self.out.getvalue())
        if view.phase is Phase.BURY:
            size = view.preset.kitty_size
            self.buried = [positions[n] for n in range(1, size + 1)]
            return f"1-{size}"
        cards = list(next(view.legal_plays()))
        free = sorted(positions)
        chosen = []
        for card in cards:
            number = next(n for n in free if positions[n] == card)
            free.remove(number)
            chosen.append(number)
        self.intended.append(sorted(cards))
        return " ".join(map(str, chosen))


def test_cards_are_chosen_by_their_positions(monkeypatch: pytest.MonkeyPatch) -> None:
    player, out, _ = banker_seed(monkeypatch, PositionPlayer)
    assert isinstance(player, PositionPlayer)
    assert "✗" not in out  # every answer by position was understood and legal
    buried = re.search(r"^You buried (.*) \(\d+ points\)$", out, re.MULTILINE)
    assert buried is not None and sorted(parse_cards(buried.group(1))) == sorted(player.buried)
    played = [
        sorted(parse_cards(cards))
        for cards in re.findall(
            r"^  You (?:led|played) (.*?)(?:  trumped|  discarded)?$", out, re.MULTILINE
        )
    ]
    assert played == player.intended and len(played) > 10


def test_positions_outside_the_hand_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Answers(monkeypatch, lambda view: ["99", "1 1", "1-2 1"])
    out = play(player)
    assert player.at is not None
    size = len(player.at.hand)
    assert f"✗ No card at position 99: your hand is numbered 1 to {size}." in out
    assert out.count("✗ Position 1 is chosen twice.") == 2  # 1-2 is 1 2


class RangeThrower(Player):
    """At its first lead holding three cards of one suit side by side: their positions
    as a range written backwards, then written with spaces around the dash."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> None:
        super().__init__(monkeypatch, **kwargs)
        self.at: View | None = None
        self.first = 0
        self.meant: list[Card] = []

    def answer(self, view: View | None) -> str:
        if view is not None and view is self.at:
            return f"{self.first} - {self.first + 2}"
        if view is not None and view.phase is Phase.PLAY and view.is_leading and not self.at:
            positions = shown_positions(self.out.getvalue())
            assert view.ordering is not None
            suit = view.ordering.esuit
            for n in range(1, len(positions) - 1):
                three = [positions[n], positions[n + 1], positions[n + 2]]
                if len({suit[card] for card in three}) == 1:
                    self.at, self.first, self.meant = view, n, three
                    return f"{n + 2}-{n}"
        return super().answer(view)


def test_a_backwards_range_is_refused_and_spaces_make_a_range(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 41 #4: 3-1 is refused, saying so, not thrown as 1-3 (a failed throw costs a
    penalty); 1 - 3 with spaces is the range 1 to 3."""
    player = RangeThrower(monkeypatch)
    out = play(player, preset="tractor", seed=1)
    assert player.at is not None
    assert sum(1 for _, view in player.prompts if view is player.at) == 2
    first, last = player.first, player.first + 2
    refusal = f"✗ “{last}-{first}” runs backwards: for positions {first} to {last} type "
    assert refusal + f"{first}-{last}." in out
    after = out[out.index(refusal) :]
    lead = re.search(
        r"^(?:  You led |Throw by You failed \(R-4\.4\): tried )([^,\n]*)", after, re.M
    )
    assert lead is not None and sorted(parse_cards(lead.group(1))) == sorted(player.meant)


# --- what the screen shows ---------------------------------------------------------------


def dealt_round(preset: str = "tractor") -> Round:
    """A later-round deal (banker 0 known): nobody bids, so the kitty names trump."""
    rnd = Round(get_preset(preset), seed=11, levels=(3,) * 4, banker=0)
    rnd.deal_all()
    return rnd


def screen(lang: str = "en", ascii_cards: bool = True) -> tuple[Screen, io.StringIO]:
    out = io.StringIO()
    names = ("You", "Bot 1", "Bot 2", "Bot 3")
    return Screen(Console(file=out, width=120, color_system=None), lang, ascii_cards, names, 1), out


def test_hand_is_grouped_by_suit_with_trumps_last() -> None:
    rnd = dealt_round()
    while rnd.phase is Phase.BID:
        assert rnd.to_act is not None
        rnd.apply(rnd.to_act, Pass())
    view = rnd.view(1)
    assert view.ordering is not None
    shown, out = screen()
    groups = shown.hand_groups(view)
    assert groups[-1][0].plain == "trump"
    assert all(view.ordering.is_trump(c) for c in groups[-1][1])
    for _, cards in groups[:-1]:
        assert len({view.ordering.esuit[c] for c in cards}) == 1
        assert not any(view.ordering.is_trump(c) for c in cards)
        assert cards == sorted(cards, key=view.ordering.sort_key)
    shown.console.print(shown.hand(view))
    rows = hand_rows(out.getvalue())
    trumps = "trump " + format_cards(groups[-1][1], ascii=True)
    assert rows[-1].endswith(trumps)  # the trumps come last, behind their label


def test_hand_before_trump_is_by_printed_suit_with_jokers_last() -> None:
    view = dealt_round().view(2)
    assert not view.trump_known
    groups = screen()[0].hand_groups(view)
    suits = [{c.suit for c in cards} for _, cards in groups]
    assert all(len(suit) == 1 for suit in suits)
    printed = [suit.pop() for suit in suits]
    if None in printed:  # the jokers
        assert printed.pop() is None and groups[-1][0].plain == "jokers"
    plain_suits = [suit for suit in printed if suit is not None]
    assert plain_suits == printed == sorted(plain_suits)


def test_the_table_shows_trick_points_levels_and_friend(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Player(monkeypatch)
    out = play(player, ascii_cards=False)
    assert re.search(r"seat +player +level +role +points +cards +this trick", out)
    assert "Banker: Bot " in out and "level rank: 2" in out
    assert "Friend card " in out
    assert "this trick" in out and "Last trick: " in out
    assert "won trick 1" in out


class Banker(Player):
    """Bids its strongest bid; gives up (quit) at the first trick if it did not win the bid."""

    def answer(self, view: View | None) -> str:
        if (
            view is not None
            and view.phase is Phase.PLAY
            and not self.views(Phase.BURY)
            and not self.prompt.endswith("(y/N) ")
        ):
            return "quit"
        return super().answer(view)


P = TypeVar("P", bound=Player)


def find_seed(
    monkeypatch: pytest.MonkeyPatch,
    player_class: type[P],
    wanted: Callable[[P], bool],
    preset: str = "zhaopengyou",
    **kwargs: Any,
) -> tuple[P, str, int]:
    """The first seed whose round gives the scripted (bidding) human the situation
    ``wanted`` looks for: that player, the output and the seed."""
    for seed in range(200):
        with monkeypatch.context() as patch:
            player = player_class(patch, bid=True, **kwargs)
            out = play(player, preset=preset, seed=seed)
        if wanted(player):
            return player, out, seed
    pytest.fail("no seed gave the situation")


def banker_seed(
    monkeypatch: pytest.MonkeyPatch,
    player_class: type[Player],
    preset: str = "zhaopengyou",
    **kwargs: Any,
) -> tuple[Player, str, int]:
    """The first seed at which the scripted human wins the bid."""
    return find_seed(
        monkeypatch, player_class, lambda p: bool(p.views(Phase.BURY)), preset, **kwargs
    )


def test_only_the_banker_sees_the_kitty(monkeypatch: pytest.MonkeyPatch) -> None:
    player, out, _ = banker_seed(monkeypatch, Banker)
    bury_view = player.views(Phase.BURY)[0]
    shown = re.search(r"You took the kitty: (.*)", out)
    assert shown is not None
    kitty = parse_cards(shown.group(1))
    assert len(kitty) == bury_view.preset.kitty_size
    assert all(bury_view.hand_counts[c] for c in kitty)
    assert "The kitty you took is underlined" in out


def test_no_hidden_card_is_ever_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the first lead only the human's own cards, bids and the called card may be
    named: no other hand, no kitty (R-8, R-9.1; views and for_seat)."""
    player = Answers(monkeypatch, lambda view: ["count", "history"])  # never bids
    out = play(player, seed=3)
    polled = [view for view in player.seen if view.phase is Phase.BID]  # the whole hand
    assert polled and not player.views(Phase.BURY)
    allowed = set(polled[0].hand)
    play_view = player.views(Phase.PLAY)[0]
    allowed |= {c for bid in play_view.bids for c in bid.cards}
    assert play_view.friend_call is not None
    allowed.add(play_view.friend_call)
    first_lead = re.search(r"^(\s+\S+( \d)? led |Throw by )", out, re.MULTILINE)
    assert first_lead is not None
    before_play = out[: first_lead.start()]
    named = {Card(token) for token in CARD_TOKEN.findall(before_play)}
    assert named and named <= allowed
    assert re.search(r"Bot \d took the kitty \(7 cards\)", out)
    assert not re.search(r"Bot \d buried \S+[SHCD]", out)
    # The card counter lists every card the player has not seen, the kitty among them,
    # so neither the kitty nor another hand can be told from it; history only plays.
    view = player.at
    assert view is not None and not view.buried
    still_out, _, _, _ = counter_shown(out)
    assert still_out == Counter(full_deck(3)) - Counter(view.hand) - played_in(view)
    asked = [i for i, (_, v) in enumerate(player.prompts) if v is view]
    assert player.printed[asked[2]].strip() == "No trick has been finished yet this round."


def played_in(view: View) -> Counter[Card]:
    """The cards played so far, by the view's finished tricks and current trick."""
    plays = [p for trick in view.tricks for p in trick.plays] + list(view.current)
    return Counter(card for p in plays for card in p.cards)


def counter_shown(out: str) -> tuple[Counter[Card], Counter[Card], int, int]:
    """The last card counter shown: cards still out, point cards played, their points,
    and the points still out."""
    lines = panel(out, "Card counter: ")
    text = "\n".join(lines)
    still_out, rest = text.split("Point cards played (")
    played_points, rest = rest.split(" points):", 1)
    scoring, points_out = rest.split("Points not yet played outside your hand: ")
    return (
        Counter(map(Card, CARD_TOKEN.findall(still_out))),
        Counter(map(Card, CARD_TOKEN.findall(scoring))),
        int(played_points),
        int(points_out.split()[0]),
    )


class StrictBanker(Banker):
    """Makes the usual burying and calling mistakes first, then takes the hint."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> None:
        super().__init__(monkeypatch, **kwargs)
        self.mistakes: dict[Phase, list[str]] = {}
        self.hint_taken: set[Phase] = set()

    def answer(self, view: View | None) -> str:
        if view is None or view.phase not in (Phase.BURY, Phase.CALL):
            return super().answer(view)
        if view.phase not in self.mistakes:
            absent = next(c for c in map(Card, range(54)) if not view.hand_counts[c])
            self.mistakes[view.phase] = (
                ["3S", " ".join([absent.ascii] * 7), "hint"]
                if view.phase is Phase.BURY
                else ["solo", "AS KS", "hint"]
            )
        if self.mistakes[view.phase]:
            return self.mistakes[view.phase].pop(0)
        assert view.phase not in self.hint_taken, "the engine refused the suggestion"
        self.hint_taken.add(view.phase)
        hints: list[str] = re.findall(r"or type ([^)]*)\)", self.out.getvalue())
        return hints[-1]


def test_burying_and_calling_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    player, out, _ = banker_seed(monkeypatch, StrictBanker)
    assert isinstance(player, StrictBanker)
    assert "✗ bury exactly 7 cards (got 1) (rule R-7.1)" in out
    assert re.search(r"✗ you do not hold \d× \S+", out)
    assert out.count("Suggestion: ") >= 2  # the burial and the friend
    # Issue 9 #6: each hint in its prompt's verb (扣 buries; 出 plays)
    assert re.search(r"^Suggestion: bury \S", out, re.MULTILINE)
    assert "Suggestion: play " not in out  # the banker quit at its first trick
    assert tr(
        "Suggestion: bury {cards} (Enter, or type {typed})", "zh-Hans", cards="", typed=""
    ).startswith("建议扣")
    assert "✗ name one card; this game has no solo call (rule R-9.1)" in out
    assert "Name exactly one card." in out
    assert "Suggestion: call " in out
    assert player.hint_taken == {Phase.BURY, Phase.CALL}


class SoloBanker(Banker):
    """Wins the bid and goes it alone (独打, R-9.2)."""

    def answer(self, view: View | None) -> str:
        if view is not None and view.phase is Phase.CALL:
            return "独打"
        return super().answer(view)


def test_qidong_banker_may_go_solo(monkeypatch: pytest.MonkeyPatch) -> None:
    player, _, seed = banker_seed(monkeypatch, SoloBanker, preset="qidong")
    assert any(call.solo for call in player.views(Phase.CALL)[0].legal_friend_calls())
    out = play(SoloBanker(monkeypatch, bid=True), preset="qidong", lang="zh-Hans", seed=seed)
    assert "你 选择独打" in out
    assert "庄家独打" in out


def test_shandong_stick_and_give_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """粘: the human takes the declared cards, then is asked to give cards back (R-8.4)."""

    def gave_back(player: Player) -> bool:
        return any(view.must_give_back for view in player.seen)

    _, out, _ = find_seed(monkeypatch, GiveBackHinter, gave_back, preset="shandong")
    assert re.search(r"You: stick \(粘\) ", out)
    assert re.search(r"You took the declared cards of Bot \d: ", out)
    assert re.search(r"You gave back to Bot \d: ", out)
    assert re.search(r"^Suggestion: give back \S", out, re.MULTILINE)  # issue 9 #6


class GiveBackHinter(Banker):
    """Asks for a hint before it gives cards back after its 粘."""

    hinted = False

    def answer(self, view: View | None) -> str:
        if view is not None and view.must_give_back and not self.hinted:
            self.hinted = True
            return "hint"
        return super().answer(view)


def test_shandong_declarer_swaps_with_the_kitty(monkeypatch: pytest.MonkeyPatch) -> None:
    """The declarer sees its face-down pair, may swap kitty trumps, then shows the pair
    (a declaration that was 粘'd is only announced, so such games do not count)."""

    def swaps_and_shows(player: Player) -> bool:
        swapping = player.views(Phase.SWAP)
        return bool(swapping) and not any(bid.kind == "zhan" for bid in swapping[0].bids)

    _, out, _ = find_seed(monkeypatch, Banker, swaps_and_shows, preset="shandong")
    assert "Face down: " in out
    assert "Trumps in the kitty: " in out
    assert "You swapped with the kitty: " in out  # the scripted human takes option 1
    assert re.search(r"You showed .*: trump: [SHCD]", out)


# --- leaving -----------------------------------------------------------------------------


def test_quit_asks_during_a_round_and_then_quits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41 #1: quitting takes a whole word (any case, full-width folded), and during
    a round it asks first: anything but yes plays on."""
    answers = ["QUIT", "n", "exit", "", "ｑｕｉｔ", "y"]
    player = Answers(monkeypatch, lambda view: list(answers))
    out = play(player, rounds=3)
    asked = [prompt for prompt, view in player.prompts if view is player.at]
    confirm = "Quit the match? This round is lost. (y/N) "
    assert asked == [asked[0], confirm] * 3  # each quit word asked; no and Enter play on
    assert out.count("Playing on.") == 2
    assert out.rstrip().endswith("Goodbye!")
    assert "Standings" not in out  # no round was finished


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_q_is_the_queen_not_quit(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """Issue 41 #1: a lone Q (q, ｑ) is a queen without a suit, refused like K or A with
    the question which suit, and the game goes on."""
    player = Answers(monkeypatch, lambda view: ["Q", "q", "ｑ", "K", "A"])
    out = play(player, lang=lang)
    assert player.at is not None
    assert sum(1 for _, view in player.prompts if view is player.at) == 6
    which = {"en": "“{}”: which suit? ", "zh-Hans": "“{}”：哪个花色？"}[lang]
    for token, times in ("Q", 1), ("q", 2), ("K", 1), ("A", 1):  # ｑ is read as q
        assert out.count("✗ " + which.format(token)) == times, token
    assert tr("Round {round} is over", lang, round=1) in out


def test_quit_between_rounds_needs_no_confirmation(monkeypatch: pytest.MonkeyPatch) -> None:
    class Leaver(Player):
        def answer(self, view: View | None) -> str:
            return "退出" if view is None else super().answer(view)

    player = Leaver(monkeypatch)
    out = play(player, rounds=3)
    assert "Standings after 1 round" in out and out.rstrip().endswith("Goodbye!")
    assert not [prompt for prompt, _ in player.prompts if prompt.endswith("(y/N) ")]


def test_end_of_input_quits_cleanly() -> None:
    def closed(prompt: str) -> str:
        raise EOFError

    assert play(closed, lang="zh-Hant").rstrip().endswith("再見！")


def test_ctrl_c_exits_130() -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    with pytest.raises(SystemExit) as exit_info:
        play(interrupted)
    assert exit_info.value.code == 130


@pytest.mark.parametrize("stdin", ["quit\ny\n", "QUIT\nyes\n", ""])
def test_cli_quits_with_status_0(stdin: str) -> None:
    result = CliRunner().invoke(
        app,
        ["play", "--seed", "1", "--rounds", "1", "--bots", "random", "--lang", "en", "--ascii"],
        input=stdin,
    )
    assert result.exit_code == 0, result.output
    assert "Goodbye!" in result.output


def test_zpy_play_in_a_subprocess() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("ZPY_LANG", "ZPY_PLAY_DELAY")}
    env["PYTHONIOENCODING"] = "utf-8"
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "from zhaopengyou.cli.main import main; main()",
            "play",
            "--seed",
            "1",
            "--rounds",
            "1",
        ],
        input="quit\ny\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "再见！" in result.stdout
    assert "Traceback" not in result.stderr


# --- records and settings ----------------------------------------------------------------


def test_record_writes_every_round(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    pytest.importorskip("zhaopengyou.records")
    path = tmp_path / "match.jsonl"
    play(Player(monkeypatch), rounds=2, record=path)
    rounds = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [r["round"] for r in rounds] == [1, 2]
    assert rounds[0]["players"] == ["You", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]
    assert [r["match_over"] for r in rounds] == [False, True]


def test_play_delay() -> None:
    console = Console(file=io.StringIO())
    assert play_delay(console, {}) == 0.0  # not a terminal
    assert play_delay(console, {"ZPY_PLAY_DELAY": "0.25"}) == 0.25
    assert play_delay(console, {"ZPY_PLAY_DELAY": "soon"}) == 0.0
    assert play_delay(Console(file=io.StringIO(), force_terminal=True), {}) > 0


def test_seat_names() -> None:
    assert play_module.seat_names(5, 2, "zh-Hans") == (
        "机器人1",
        "机器人2",
        "你",
        "机器人4",
        "机器人5",
    )


def test_delay_paces_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_play(delay=…)`` (``zpy play --delay``) wins over ZPY_PLAY_DELAY."""
    monkeypatch.setenv("ZPY_PLAY_DELAY", "0.1")
    slept: list[float] = []
    monkeypatch.setattr("zhaopengyou.cli.play.time.sleep", slept.append)
    console = Console(file=io.StringIO(), width=120, color_system=None)
    run_play(
        get_preset("tractor"),
        seat=0,
        bots="random",
        seed=1,
        rounds=1,
        record=None,
        ascii_cards=True,
        lang="en",
        console=console,
        input_fn=Player(monkeypatch),
        delay=0.25,
        typed_ahead=lambda: False,
    )
    assert len(slept) > 20 and set(slept) == {0.25}
    assert play_delay(console, {"ZPY_PLAY_DELAY": "0.1"}, delay=0.25) == 0.25
    assert play_delay(console, {"ZPY_PLAY_DELAY": "0.1"}, delay=None) == 0.1


# --- issue 9: seats, hints, the friend, the kitty, calls, English -----------------------


def test_seats_are_counted_from_1(monkeypatch: pytest.MonkeyPatch) -> None:
    """1号位 is the first seat; each bot is named by its seat (records keep 0-based seats)."""
    player = Answers(monkeypatch, lambda view: ["quit"])
    out = play(player, preset="tractor", seat=2)
    assert "Shengji: you are seat 3;" in out
    assert "· you are seat 3 " in out
    rows = set(re.findall(r"^▶?\s+(\d)\s+(You|Bot \d)\s", out, re.MULTILINE))
    assert rows == {("1", "Bot 1"), ("2", "Bot 2"), ("3", "You"), ("4", "Bot 4")}


def test_engine_messages_count_seats_from_1() -> None:
    shown, out = screen("zh-Hans")
    shown.error(NotYourTurn("seat {seat} is to play", rule="R-6.4", seat=2))
    assert "✗ 轮到 3 号座位出牌（规则 R-6.4）" in out.getvalue()


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_english_shows_the_jokers_as_typed(monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    out = play(Player(monkeypatch), lang=lang, ascii_cards=False, seed=7)
    assert re.search("[♠♥♣♦]", out)
    if lang == "en":
        assert "大王" not in out and "小王" not in out
        assert re.search(r"\b[BL]J\b", out)
    else:
        assert "大王" in out or "小王" in out


class LoneCaller(Banker):
    """Calls a card of which it holds or buried every copy, and confirms (R-9.1)."""

    called: Card | None = None

    def answer(self, view: View | None) -> str:
        if view is not None and view.phase is Phase.CALL:
            if self.prompts[-1][0].startswith("Call it anyway"):
                return "y"
            decks = view.preset.decks
            lonely = [c for c in view.hand if view.hand_counts[c] + view.buried.count(c) == decks]
            if lonely:
                self.called = lonely[0]
                return lonely[0].ascii
        return super().answer(view)


def test_a_banker_whose_card_no_one_else_holds_plays_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 9 #7: told that no other hand holds the card, the banker then sees that
    they play alone, not a friend still to appear, and the attackers' points."""
    player, out, _ = find_seed(monkeypatch, LoneCaller, lambda p: p.called is not None)
    assert isinstance(player, LoneCaller) and player.called is not None
    card = player.called.ascii
    assert f"No other hand holds {card}: you would play alone." in out
    first_play = next(i for i, (_, v) in enumerate(player.prompts) if v and v.phase is Phase.PLAY)
    table = player.printed[first_play]
    assert f"Friend card {card}: no other hand holds it, you play alone" in table
    assert "the friend is not known yet" not in table
    assert "attackers' points 0" in table
    assert re.search(r"^▶?\s+\d\s+Bot \d\s+\d+\s+attacker\s", table, re.MULTILINE)


class KittySpy:
    """Records the KittyRevealed events the narrator announces."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.kitties: list[KittyRevealed] = []
        original = play_module.Narrator.__call__

        def spy(narrator: play_module.Narrator, rnd: Round, events: list[Any]) -> None:
            self.kitties += [e for e in events if isinstance(e, KittyRevealed)]
            original(narrator, rnd, events)

        monkeypatch.setattr(play_module.Narrator, "__call__", spy)


def test_a_kitty_without_points_is_not_announced_as_a_bonus(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 9 #11: the attackers took the last trick (抠底) but the kitty holds no
    points: not 「底分 0 × 2 = 0」."""
    for seed in range(100):
        with monkeypatch.context() as patch:
            spy = KittySpy(patch)
            out = play(Player(patch), seed=seed, bots="heuristic", lang="zh-Hans")
        if any(k.multiplier and not k.points for k in spy.kitties):
            break
    else:
        pytest.fail("no seed gave an empty kitty to the attackers")
    assert "闲家抠底，但底牌没有分（R-7.2）" in out
    assert "底分 0" not in out


def test_kitty_words_are_kept_apart() -> None:
    """扣底 is burying (R-7.1); 抠底 (摳底) is the attackers taking the kitty by winning the
    last trick (R-7.2), in every text of the game."""
    bonus_words = {"zh-Hans": "抠底", "zh-Hant": "摳底"}
    bonus_msgids = [m for m in PLAY_TEXT if "last trick" in m or "Kitty to the attackers" in m]
    assert len(bonus_msgids) >= 3
    for msgid, entry in PLAY_TEXT.items():
        for lang, word in bonus_words.items():
            assert (word in entry[lang]) is (msgid in bonus_msgids), (msgid, lang)
            if "扣底" in entry[lang]:
                assert "bur" in msgid.lower(), (msgid, lang)


class CallMistakes(Banker):
    """qidong: buries one copy of a pair, then calls a card it lacks, a card it holds
    twice and the buried card's twin before going solo."""

    twin: Card | None = None
    mistakes: list[str] | None = None

    def answer(self, view: View | None) -> str:
        if view is not None and view.phase is Phase.BURY:
            pairs = [c for c in view.hand if view.hand_counts[c] == 2]
            self.twin = pairs[0]
            others = [c for c in view.hand if c != self.twin]
            return typed([self.twin, *others[: view.preset.kitty_size - 1]], self.notation)
        if view is not None and view.phase is Phase.CALL:
            if self.mistakes is None:
                absent = next(c for c in map(Card, range(54)) if not view.hand_counts[c])
                double = next(c for c in view.hand if view.hand_counts[c] == 2)
                assert self.twin is not None
                self.mistakes = [absent.ascii, double.ascii, self.twin.ascii, "solo"]
            return self.mistakes.pop(0)
        return super().answer(view)


def test_qidong_lists_the_calls_and_says_why_one_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 9 #12: the legal calls (held once, the twin not buried, R-9.2) are listed,
    and each refused call says what is wrong with it."""

    def asked_to_call(player: Player) -> bool:
        return bool(player.views(Phase.CALL)) and any(
            view.hand_counts[c] == 2 for view in player.views(Phase.CALL) for c in view.hand
        )

    player, out, _ = find_seed(monkeypatch, CallMistakes, asked_to_call, preset="qidong")
    assert isinstance(player, CallMistakes) and player.twin is not None
    view = player.views(Phase.CALL)[0]
    legal = [call.card for call in view.legal_friend_calls() if call.card is not None]
    listed = re.search(r"Cards you may call \(held once, the twin not buried, R-9.2\): (.*)", out)
    assert listed is not None and parse_cards(listed.group(1)) == legal
    assert player.twin not in legal
    assert "Name the friend's card, or type solo to play alone." in out
    assert re.search(
        r"✗ you do not hold \S+: the friend card must be one you hold \(rule R-9.2\)", out
    )
    assert re.search(r"✗ you hold 2× \S+: call a card you hold only once \(rule R-9.2\)", out)
    assert (
        f"✗ the other {player.twin.ascii} is in the kitty you buried: nobody could answer "
        "the call (rule R-9.2)"
    ) in out
    assert "call a card you hold exactly once whose twin is not buried" not in out
    assert "You chose to play alone (solo)" in out


# --- what card-room players expect: 托管, 记牌器, the trick history, legal follows -------


class Delegator(Player):
    """Types auto at its first play prompt; presses Enter after ``after`` of its turns."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, after: int = 3, **kwargs: Any) -> None:
        super().__init__(monkeypatch, **kwargs)
        self.after = after
        self.auto_at: int | None = None  # index in ``seen`` of the decision handed over
        self.polls = 0

    def answer(self, view: View | None) -> str:
        if view is not None and view.phase is Phase.PLAY and self.auto_at is None:
            self.auto_at = len(self.seen) - 1
            return "auto"
        return super().answer(view)

    def typed_ahead(self) -> bool:
        self.polls += 1
        return self.polls > self.after


def test_auto_lets_the_bot_play_until_the_player_types(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Delegator(monkeypatch, after=3)
    out = play(player, typed_ahead=player.typed_ahead, lang="zh-Hans")
    assert player.auto_at is not None
    prompted = {id(view) for _, view in player.prompts if view is not None}
    turns = player.seen[player.auto_at :]
    # The decision handed over and the next three are the bot's; then the prompt is back.
    assert [id(view) in prompted for view in turns[:5]] == [True, False, False, False, True]
    assert "托管：机器人替你出牌。按回车收回。" in out
    assert "已取消托管，轮到你自己出牌。" in out
    assert re.search(r"^▶\s+1\s+你（托管）", out, re.MULTILINE)  # the table shows it
    handed_over = out[out.index("托管：") : out.index("已取消托管")]
    assert len(re.findall(r"^  你 (首出|跟) ", handed_over, re.MULTILINE)) == 4
    assert "你（托管）" not in out[out.index("已取消托管") :]


def test_auto_stops_at_the_end_of_its_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41: 托管 plays the rest of the round, then the player is asked before the
    next one and decides its plays again (a player who walked away is not dealt in)."""
    player = Delegator(monkeypatch, after=10_000)  # never types while the bot plays
    out = play(player, rounds=2, seed=2, typed_ahead=player.typed_ahead)
    assert out.count("Auto-play (托管)") == 1 and "Auto-play is off" in out
    between = [i for i, (_, view) in enumerate(player.prompts) if view is None]
    assert [player.prompts[i][0] for i in between] == [
        "Press Enter to deal round 2 (quit to leave): "
    ]
    round_2 = [view for _, view in player.prompts[between[0] :] if view is not None]
    assert any(view.phase is Phase.PLAY and view.round_number == 2 for view in round_2)
    assert "Round 2 is over" in out


def test_auto_typed_between_rounds_plays_the_next_round(monkeypatch: pytest.MonkeyPatch) -> None:
    class Leaver(Player):
        def answer(self, view: View | None) -> str:
            return "auto" if view is None else super().answer(view)

    player = Leaver(monkeypatch)
    out = play(player, rounds=3, seed=2, typed_ahead=lambda: False)
    assert out.count("Auto-play (托管)") == 2  # before round 2, and again before round 3
    assert "Round 3 is over" in out
    rounds_asked = {view.round_number for _, view in player.prompts if view is not None}
    assert rounds_asked == {1}  # the bot made every decision of rounds 2 and 3


def test_count_and_history_mid_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """记牌器 (count): by suit, the cards not in the hand and not played, and the point
    cards played; history: every finished trick with its leader, winner and points."""
    player = Answers(monkeypatch, lambda view: ["count", "history"], turn=8)
    out = play(player, seed=5)
    view = player.at
    assert view is not None and len(view.tricks) == 7
    still_out, scoring, points, points_out = counter_shown(out)
    played = played_in(view)
    expected = Counter(full_deck(3)) - Counter(view.hand) - played - Counter(view.buried)
    assert still_out == expected
    assert scoring == Counter(c for c in played.elements() if c.points)
    assert points == sum(c.points for c in scoring.elements()) > 0
    assert points_out == sum(c.points for c in expected.elements())
    asked = [i for i, (_, v) in enumerate(player.prompts) if v is view]
    history = player.printed[asked[2]]
    assert history.lstrip().startswith("Tricks of round 1")
    names = play_module.seat_names(5, 0, "en")
    for number, trick in enumerate(view.tricks, 1):
        leader, winner = re.escape(names[trick.leader]), re.escape(names[trick.winner])
        row = rf"^\s*{number}\s+{leader}\s+{leader} .*\s{winner}\s+{trick.points}$"
        assert re.search(row, history, re.MULTILINE), number


def test_following_shows_the_legal_plays(monkeypatch: pytest.MonkeyPatch) -> None:
    """At a follow, a few legal plays are listed, else the cards that can be part of one."""
    player = Player(monkeypatch)
    play(player, rounds=2, seed=2)
    listed = narrowed = 0
    for (_, view), shown in zip(player.prompts, player.printed, strict=True):
        if view is None or view.phase is not Phase.PLAY or view.is_leading:
            continue
        legal = {tuple(sorted(p)) for p in view.legal_plays()}
        usable = {c for p in legal for c in p}
        if len(legal) <= 6:
            listed += 1
            text = shown[shown.rindex("Legal plays: ") + len("Legal plays: ") :]
            text = text.split("Your only legal play: ")[0]
            assert {tuple(sorted(parse_cards(p))) for p in text.split("·")} == legal
        elif usable != set(view.hand):
            narrowed += 1
            text = shown[shown.rindex("Cards you can play: ") + len("Cards you can play: ") :]
            assert set(parse_cards(text)) == usable
        else:
            assert "Legal plays: " not in shown and "Cards you can play: " not in shown
    assert listed and narrowed


def test_arrow_keys_recall_the_previous_answer_on_a_terminal() -> None:
    """Issue 9 #4: on a terminal the prompts use readline, so ↑ then Enter repeats the
    previous answer (here ``?``) instead of sending ESC [ A."""
    if not hasattr(os, "openpty") or importlib.util.find_spec("readline") is None:
        pytest.skip("needs a pseudo-terminal and readline")
    master, slave = os.openpty()
    env = {k: v for k, v in os.environ.items() if k not in ("ZPY_LANG", "ZPY_PLAY_DELAY")}
    env.update(TERM="xterm", COLUMNS="120", LINES="40", PYTHONIOENCODING="utf-8")
    command = ["play", "--seed", "1", "--rounds", "1", "--lang", "en", "--ascii"]
    process = subprocess.Popen(
        [sys.executable, "-c", "from zhaopengyou.cli.main import main; main()", *command],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
    )
    os.close(slave)
    received = b""

    def screen_text() -> str:
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", received.decode("utf-8", "replace"))

    def wait_for(pattern: str) -> None:
        nonlocal received
        deadline = time.monotonic() + 30
        while not re.search(pattern, screen_text()):
            assert time.monotonic() < deadline, screen_text()[-2000:]
            if select.select([master], [], [], 0.1)[0]:
                try:
                    received += os.read(master, 65536)
                except OSError:  # the game ended and closed the terminal
                    break

    try:
        wait_for(r": $")  # the first prompt
        os.write(master, b"?\r")
        wait_for(r"(?s)Commands:.*: $")
        os.write(master, b"\x1b[A\r")  # up arrow, Enter
        wait_for(r"(?s)(Commands:.*Commands:|control keys).*: $")
        os.write(master, b"quit\r")
        wait_for(r"\(y/N\) $")
        os.write(master, b"y\r")
        wait_for("Goodbye!")
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
        os.close(master)
    text = screen_text()
    assert text.count("Commands: ? help") == 2
    assert "control keys" not in text and "cannot read" not in text


def test_the_banker_counts_the_kitty_it_buried_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    player, out, _ = banker_seed(monkeypatch, Answers, first=lambda view: ["count"])
    assert isinstance(player, Answers) and player.at is not None
    view = player.at
    assert len(view.buried) == 7
    still_out, _, _, _ = counter_shown(out)
    assert still_out == Counter(full_deck(3)) - Counter(view.hand) - Counter(view.buried)
    kitty = re.search(r"In the kitty you buried, not counted above: (.*?)\s*│", out)
    assert kitty is not None and sorted(parse_cards(kitty.group(1))) == sorted(view.buried)


# --- issue 41: rules named by the preset, one key for the only play, failed throws -------


@pytest.mark.parametrize(
    ("preset", "options", "rule"),
    [
        ("qidong", {}, "R-9.2"),  # RULES.md: 启东's call is R-9.2
        ("zhaopengyou", {}, "R-9.1"),
        ("tractor", {"partner": "called"}, "R-9.1"),
    ],
)
def test_the_friend_call_names_the_presets_rule(
    monkeypatch: pytest.MonkeyPatch, preset: str, options: dict[str, str], rule: str
) -> None:
    """Issue 41 #7: 启东 said 叫朋友牌 ♦K（R-9.1）; the rule comes from the preset."""
    for seed in range(30):
        out = play(Player(monkeypatch), preset=preset, options=options, seed=seed, lang="zh-Hans")
        called = re.findall(r"^机器人\d 叫朋友牌 \S+（(R-[\d.]+)）$", out, re.MULTILINE)
        if called:
            assert called == [rule]
            return
    pytest.fail("no bot called a friend card")


class Silent(RandomBot):
    """A random bot that never bids."""

    def act(self, view: View) -> Any:
        if view.phase is Phase.DEAL:
            return None
        return Pass() if view.phase is Phase.BID else super().act(view)


@pytest.mark.parametrize(("preset", "rule"), [("qidong", "R-8.3"), ("zhaopengyou", "R-8.2")])
def test_nobody_bidding_names_the_presets_rule(preset: str, rule: str) -> None:
    """No bid: 启东 turns the kitty by R-8.3 (the banker is its twin's holder), 找朋友 by
    R-8.2, each as its own bidding rules say."""
    game = get_preset(preset)
    out = io.StringIO()
    names = play_module.seat_names(game.players, 0, "en")
    screen = Screen(Console(file=out, width=120, color_system=None), "en", True, names, 0)
    narrator = play_module.Narrator(screen, 0)
    levels = None if game.fixed_level_rank is not None else (0,) * game.players
    banker = None if game.bidding.banker_every_round else 0  # else round 1 redeals forever
    for seed in range(20):
        rnd = Round(game, seed=seed, levels=levels, dealer=0, banker=banker)
        play_round(rnd, [Silent(seed * 10 + s) for s in range(game.players)], narrator)
    said = re.findall(r"^Nobody bid: .*\((R-[\d.]+)\)\.?$", out.getvalue(), re.MULTILINE)
    assert said and set(said) == {rule}


class OnlyPlayTaker(Player):
    """Presses Enter wherever a single play is legal."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, **kwargs: Any) -> None:
        super().__init__(monkeypatch, **kwargs)
        self.forced: list[View] = []

    def answer(self, view: View | None) -> str:
        if view is not None and view.phase is Phase.PLAY and len(list(view.legal_plays())) == 1:
            self.forced.append(view)
            return ""
        return super().answer(view)


def test_the_only_legal_play_takes_one_key(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 41: with one legal play (the last card, a forced follow) Enter plays it."""
    player = OnlyPlayTaker(monkeypatch)
    out = play(player, preset="tractor", seed=3)
    assert player.forced  # at least the last trick
    for view in player.forced:
        assert [v for _, v in player.prompts].count(view) == 1  # one Enter, and it is played
        (only,) = view.legal_plays()
        assert f"Your only legal play: {format_cards(only, ascii=True)} (Enter, or type " in out
    assert "Round 1 is over" in out


class ThrowSpy:
    """Every failed throw the narrator announces, with each hand as it was at the lead."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.failures: list[tuple[Any, list[Counter[Card]], Any]] = []
        original = play_module.Narrator.__call__

        def spy(narrator: play_module.Narrator, rnd: Round, events: list[Any]) -> None:
            for event in events:
                if type(event).__name__ == "ThrowFailed":
                    hands = [
                        Counter({Card(c): n for c, n in enumerate(hand) if n}) for hand in rnd.hands
                    ]
                    self.failures.append((event, hands, rnd.ordering))
            original(narrator, rnd, events)

        monkeypatch.setattr(play_module.Narrator, "__call__", spy)


@pytest.mark.parametrize("lang", ["en", "zh-Hans"])
def test_a_failed_throw_names_the_card_and_seat_that_beat_it(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Issue 41: 甩牌失败 says which cards of which seat beat the throw (R-4.3): cards
    that seat held, of the forced unit's suit and shape, higher than it."""
    names = play_module.seat_names(5, 0, lang)
    failed, beaten = {
        "en": (r"^Throw by .* failed \(R-4\.4\)", r"^(.+) held (.+), which beats (.+) \(R-4\.3\)$"),
        "zh-Hans": (r"^.* 甩牌失败（R-4\.4）", r"^(.+) 有 (.+)，大过 (.+)（R-4\.3）$"),
    }[lang]
    checked = 0
    for seed in range(10):
        with monkeypatch.context() as patch:
            spy = ThrowSpy(patch)
            out = play(Player(patch), seed=seed, lang=lang, ascii_cards=True)
        lines = out.splitlines()
        told = [lines[i + 1] for i, line in enumerate(lines) if re.match(failed, line)]
        assert len(told) == len(spy.failures)
        for (event, hands, ordering), line in zip(spy.failures, told, strict=True):
            said = re.fullmatch(beaten, line)
            assert said is not None, line
            seat, cards = names.index(said.group(1)), parse_cards(said.group(2))
            forced = list(event.forced)
            assert parse_cards(said.group(3)) == forced
            assert seat != event.seat and not Counter(cards) - hands[seat]
            order, suit = ordering.order, ordering.esuit
            assert len(cards) == len(forced) and {suit[c] for c in cards} == {suit[forced[0]]}
            assert max(order[c] for c in cards) > max(order[c] for c in forced)
            checked += 1
    assert checked >= 3

"""``zpy play``: whole matches driven by a scripted person at the terminal.

The scripted player sees what the human agent is deciding on (the View passed to
``HumanAgent.act``) and types its answers the way a person would, in ASCII, Unicode or
Chinese card names.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from zhaopengyou.cli import play as play_module
from zhaopengyou.cli import render as render_module
from zhaopengyou.cli.human import HumanAgent, copies_elsewhere
from zhaopengyou.cli.main import app
from zhaopengyou.cli.play import play_delay, run_play
from zhaopengyou.cli.render import Screen
from zhaopengyou.engine import Card, Pass, Phase, Round, View, format_cards, get_preset, parse_cards
from zhaopengyou.engine.cards import RANK_NAMES
from zhaopengyou.i18n import CATALOG, tr

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
        self.prompts.append((prompt, self.view))
        assert len(self.prompts) < MAX_PROMPTS, "the script is going round in circles"
        return self.answer(self.view)

    def answer(self, view: View | None) -> str:
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
) -> str:
    """Run ``zpy play`` against random bots; returns the plain text it printed."""
    out = player.out if isinstance(player, Player) else io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    run_play(
        get_preset(preset, **(options or {})),
        seat=0,
        bots="random",
        seed=seed,
        rounds=rounds,
        record=record,
        ascii_cards=ascii_cards,
        lang=lang,
        console=console,
        input_fn=player,
    )
    return out.getvalue()


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
    assert tr("Standings after {rounds} rounds", lang, rounds=1) in out
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
    assert "Press Enter to deal round 2 (q quits): " in [prompt for prompt, _ in player.prompts]
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
    """Types the given answers at the first play prompt, then plays normally."""

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, first: Callable[[View], list[str]], **kwargs: Any
    ) -> None:
        super().__init__(monkeypatch, **kwargs)
        self.first = first
        self.pending: list[str] | None = None
        self.at: View | None = None

    def answer(self, view: View | None) -> str:
        if view is not None and view.phase is Phase.PLAY and self.pending is None:
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
    assert "请输入要出的牌" in out  # "♠" alone names no card


def test_help_and_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Answers(monkeypatch, lambda view: ["?", "hint"])
    out = play(player)
    assert "Commands: ? help" in out
    suggestion = re.search(r"Suggestion: .* \(type ([^)]*)\)", out)
    assert suggestion is not None and player.at is not None
    assert player.at.play_error(parse_cards(suggestion.group(1))) is None


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
    rows = [line for line in out.getvalue().splitlines() if "│" in line]
    assert "trump" in rows[-1]
    assert format_cards(groups[-1][1], ascii=True) in rows[-1]


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
    """Bids its strongest bid; gives up (q) at the first trick if it did not win the bid."""

    def answer(self, view: View | None) -> str:
        if view is not None and view.phase is Phase.PLAY and not self.views(Phase.BURY):
            return "q"
        return super().answer(view)


def find_seed(
    monkeypatch: pytest.MonkeyPatch,
    player_class: type[Player],
    wanted: Callable[[Player], bool],
    preset: str = "zhaopengyou",
    **kwargs: Any,
) -> tuple[Player, str, int]:
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
    player = Player(monkeypatch)  # never bids, so a bot takes the kitty
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
        return re.findall(r"\(type ([^)]*)\)", self.out.getvalue())[-1]


def test_burying_and_calling_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    player, out, _ = banker_seed(monkeypatch, StrictBanker)
    assert isinstance(player, StrictBanker)
    assert "✗ bury exactly 7 cards (got 1) (rule R-7.1)" in out
    assert re.search(r"✗ you do not hold \d× \S+", out)
    assert out.count("Suggestion: ") >= 2  # the burial and the friend
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

    _, out, _ = find_seed(monkeypatch, Banker, gave_back, preset="shandong")
    assert re.search(r"You: stick \(粘\) ", out)
    assert re.search(r"You took the declared cards of Bot \d: ", out)
    assert re.search(r"You gave back to Bot \d: ", out)


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


def test_q_quits_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    player = Answers(monkeypatch, lambda view: ["q"])
    out = play(player, rounds=3)
    assert out.rstrip().endswith("Goodbye!")
    assert "Standings" not in out  # no round was finished


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


@pytest.mark.parametrize("stdin", ["q\n", ""])
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
        input="q\n",
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
    assert rounds[0]["players"] == ["You", "Bot 1", "Bot 2", "Bot 3", "Bot 4"]
    assert [r["match_over"] for r in rounds] == [False, True]


def test_play_delay() -> None:
    console = Console(file=io.StringIO())
    assert play_delay(console, {}) == 0.0  # not a terminal
    assert play_delay(console, {"ZPY_PLAY_DELAY": "0.25"}) == 0.25
    assert play_delay(console, {"ZPY_PLAY_DELAY": "soon"}) == 0.0
    assert play_delay(Console(file=io.StringIO(), force_terminal=True), {}) > 0


def test_seat_names() -> None:
    assert play_module.seat_names(5, 2, "zh-Hans") == (
        "机器人3",
        "机器人4",
        "你",
        "机器人1",
        "机器人2",
    )

"""SearchBot: legal in every preset, reproducible with a fixed number of worlds, and its
rollouts value the end of a round as R-10 scores it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from zhaopengyou.bots import HeuristicBot, SearchBot, make_bot, play_round
from zhaopengyou.bots.search import outcome
from zhaopengyou.engine import Action, Round, View
from zhaopengyou.engine.presets import Preset
from zhaopengyou.engine.table import DONE, PLAY

from .test_heuristic_knowledge import PRESETS


class Recording:
    """A bot whose play decisions are written down."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.plays: list[tuple[int, tuple[str, ...]]] = []

    def act(self, view: View) -> Action | None:
        action = self.bot.act(view)
        if view.phase is PLAY and action is not None:
            self.plays.append((view.trick_number, tuple(str(c) for c in action.cards)))  # type: ignore[attr-defined]
        return action


def play_with_search(preset: Preset, seed: int, worlds: int = 2) -> tuple[Round, Recording]:
    searcher = Recording(SearchBot(seed, worlds=worlds))
    agents: list[object] = [HeuristicBot(seat) for seat in range(preset.players)]
    agents[seed % preset.players] = searcher
    rnd = play_round(Round(preset, seed=seed), agents)  # type: ignore[arg-type]
    return rnd, searcher


@pytest.mark.parametrize("name", list(PRESETS))
def test_search_bot_plays_whole_rounds_legally(name: str) -> None:
    """play_round raises on any illegal action (SearchBot has no `rejected`)."""
    preset = PRESETS[name]
    for seed in range(3):
        rnd, searcher = play_with_search(preset, seed)
        assert rnd.result is not None
        assert len(searcher.plays) == len(rnd.tricks)  # one play in every trick


def test_same_seed_and_worlds_give_the_same_decisions() -> None:
    preset = PRESETS["tractor fixed"]
    first = play_with_search(preset, 7, worlds=3)[1].plays
    second = play_with_search(preset, 7, worlds=3)[1].plays
    assert first == second and first


def test_search_can_differ_from_the_heuristic() -> None:
    """The search is more than its first candidate: over a few rounds some play differs
    from the heuristic bot's choice in the same position."""
    preset = PRESETS["tractor fixed"]
    differs = 0
    for seed in range(4):
        search, heuristic = SearchBot(seed, worlds=4), HeuristicBot(seed)
        agents = [HeuristicBot(seat) for seat in range(4)]
        rnd = Round(preset, seed=seed)
        while rnd.phase is not DONE:
            if rnd.expected().deal:
                rnd.deal_card()
                continue
            seat = rnd.to_act
            assert seat is not None
            view = rnd.view(seat)
            if rnd.phase is PLAY and seat == 0:
                mine = search.choose_play(view)
                differs += sorted(mine.cards) != sorted(heuristic.choose_play(view).cards)
                rnd.apply(seat, mine)
                continue
            action = agents[seat].act(view)
            assert action is not None
            rnd.apply(seat, action)
    assert differs > 0


def test_outcome_is_the_r10_score_plus_the_attackers_points_in_bands() -> None:
    """R-10.3 score, plus X / u (R-9.4, u = 40 with two decks) for the attackers and
    minus it for the banker's side."""
    preset = PRESETS["tractor fixed"]
    rnd = play_round(Round(preset, seed=5), [HeuristicBot(s) for s in range(4)])
    result = rnd.result
    assert result is not None
    for seat in range(4):
        bands = result.attackers_points / 40
        expected = result.scores[seat] + (-bands if seat in result.banker_side else bands)
        assert outcome(rnd, seat) == pytest.approx(expected)


def test_think_budget_is_respected_roughly() -> None:
    """With a time budget the bot stops drawing worlds once it is spent (one world at
    least): a decision takes about the budget, not many times it."""
    preset = PRESETS["tractor fixed"]
    agents = [HeuristicBot(s) for s in range(4)]
    rnd = play_round(
        Round(preset, seed=2), agents, until=lambda r: r.phase is PLAY and len(r.tricks) >= 3
    )
    view = rnd.view(rnd.to_act)  # type: ignore[arg-type]
    bot = SearchBot(1, think=0.05)
    started = time.perf_counter()
    bot.act(view)
    assert time.perf_counter() - started < 5.0


def test_make_bot_knows_search() -> None:
    bot = make_bot("search", 3, think=0.1)
    assert isinstance(bot, SearchBot) and bot.think == 0.1
    with pytest.raises(ValueError):
        SearchBot(1, think=-1)


def test_levels_are_the_heuristic_bot_and_search_at_two_budgets() -> None:
    """Issue 12: easy is the heuristic bot, normal searches 0.2 s a move, hard 1 s; an
    explicit ``think`` overrides a level's budget."""
    assert isinstance(make_bot("easy", 1), HeuristicBot)
    for level, budget in (("normal", 0.2), ("hard", 1.0)):
        bot = make_bot(level, 1)
        assert isinstance(bot, SearchBot) and bot.think == budget
    quick = make_bot("hard", 1, think=0.05)
    assert isinstance(quick, SearchBot) and quick.think == 0.05
    with pytest.raises(ValueError, match="easy, normal, hard"):
        make_bot("expert", 1)


class CandidatesChecked:
    """A heuristic seat that, at each of its plays, checks every play the search could
    choose there (its candidates) against the engine's legality."""

    def __init__(self, seat: int) -> None:
        self.inner = HeuristicBot(seat)
        self.search = SearchBot(seat, worlds=1)
        self.checked = 0

    def act(self, view: View) -> Action | None:
        if view.phase is PLAY and view.to_act == view.seat:
            for cards in self.search.candidates(view):
                assert view.play_error(cards) is None, cards
                self.checked += 1
        return self.inner.act(view)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_no_illegal_move_in_thousands_of_rounds(name: str) -> None:
    """Issue 12: in 1,000 rounds per preset every seat's possible search plays are legal
    (the search only ever plays one of its candidates; its other decisions are the
    heuristic bot's, applied here by play_round, which raises on an illegal action), and
    in every 50th round a searching seat plays for real."""
    preset = PRESETS[name]
    checked = 0
    for seed in range(1000):
        agents: list[Any] = [CandidatesChecked(seat) for seat in range(preset.players)]
        if seed % 50 == 0:
            agents[seed % preset.players] = SearchBot(seed, worlds=1)
        rnd = play_round(Round(preset, seed=seed), agents)
        assert rnd.result is not None
        checked += sum(a.checked for a in agents if isinstance(a, CandidatesChecked))
    assert checked > 20_000

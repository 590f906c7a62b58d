"""SearchBot: legal in every preset, reproducible with a fixed number of worlds, and its
rollouts value the end of a round as R-10 scores it."""

from __future__ import annotations

import time
from typing import Any

import pytest

from zhaopengyou.bots import HeuristicBot, SearchBot, make_bot, play_round
from zhaopengyou.bots.search import EXTENDED, TIE_WORLDS, outcome
from zhaopengyou.engine import Action, Bid, Bury, CallFriend, Pass, Play, Round, View
from zhaopengyou.engine.cards import TRUMP
from zhaopengyou.engine.presets import Preset
from zhaopengyou.engine.table import BID, BURY, CALL, DEAL, DONE, PLAY

from .test_heuristic_knowledge import PRESETS
from .test_world import at, bidding_views


class Recording:
    """A bot whose play decisions are written down."""

    def __init__(self, bot: SearchBot) -> None:
        self.bot = bot
        self.plays: list[tuple[int, tuple[str, ...]]] = []
        self.kitty_and_call: list[Action | None] = []
        self.bids: list[Action] = []

    def act(self, view: View) -> Action | None:
        action = self.bot.act(view)
        if view.phase is PLAY and isinstance(action, Play):
            self.plays.append((view.trick_number, tuple(str(c) for c in action.cards)))
        elif view.phase in (BURY, CALL) and view.to_act == view.seat:
            self.kitty_and_call.append(action)
        elif action is not None:
            self.bids.append(action)
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


@pytest.mark.parametrize("name", ["tractor fixed", "zhaopengyou"])
def test_same_seed_and_worlds_give_the_same_decisions(name: str) -> None:
    """Plays, and the burial and friend call of the searching seat, banker in these deals."""
    preset = PRESETS[name]
    seed = 3 if name == "zhaopengyou" else 7
    first = play_with_search(preset, seed, worlds=3)
    second = play_with_search(preset, seed, worlds=3)[1]
    assert first[0].banker == seed % preset.players
    assert first[1].plays == second.plays and first[1].plays
    assert first[1].kitty_and_call == second.kitty_and_call
    assert first[1].bids == second.bids
    assert len(second.kitty_and_call) == (2 if preset.called_friend else 1)


@pytest.mark.parametrize("name", ["tractor fixed", "zhaopengyou", "qidong"])
def test_burial_candidates_are_legal_and_empty_short_suits(name: str) -> None:
    """R-7.1: every burial compared is legal, the heuristic's comes first, and for every
    off-suit short enough to bury whole (R-2: trumps never count as a suit here) one
    candidate buries all of it; the search buries one of them."""
    preset = PRESETS[name]
    voids_offered = 0
    for seed in range(6):
        rnd = at(preset, seed, BURY)
        if rnd.phase is not BURY:
            continue
        view = rnd.view(rnd.to_act)  # type: ignore[arg-type]
        bot = SearchBot(seed, worlds=2)
        candidates = bot.burial_candidates(view)
        assert sorted(candidates[0]) == sorted(HeuristicBot(seed).choose_burial(view).cards)
        assert len(set(candidates)) == len(candidates)
        for cards in candidates:
            assert view.burial_error(cards) is None, cards
        ordering = view.ordering
        assert ordering is not None
        for suit in range(TRUMP):  # the off-suits: the trumps are their own suit
            held = [c for c in ordering.suit_cards[suit] if view.hand_counts[c]]
            length = sum(view.hand_counts[c] for c in held)
            if not 0 < length <= preset.kitty_size:
                continue
            voids_offered += 1
            assert any(
                all(cards.count(c) == view.hand_counts[c] for c in held) for cards in candidates
            ), f"no candidate empties suit {suit}"
        chosen = bot.act(view)
        assert isinstance(chosen, Bury) and tuple(sorted(chosen.cards)) in candidates
    assert voids_offered or name != "tractor fixed"


@pytest.mark.parametrize("name", list(PRESETS))
def test_bid_candidates(name: str) -> None:
    """R-8.1: when polled after the deal, the answers compared are the heuristic's
    first, a pass and legal bids of other cards; nothing is searched during the deal
    (a bot answers at once there), nor for 山东 declarations (R-8.4)."""
    preset = PRESETS[name]
    searched = 0
    for seed in range(16):
        bot = SearchBot(seed, worlds=2)
        for rnd, seat in bidding_views(preset, range(seed, seed + 1), every=7):
            view = rnd.view(seat)
            candidates = bot.bid_candidates(view)
            if name == "shandong" or view.phase is DEAL or not view.legal_bids():
                assert candidates == []
                continue
            assert candidates[0] == HeuristicBot(seat).act(view)
            bids = [c for c in candidates if isinstance(c, Bid)]
            assert all(bid in view.legal_bids() for bid in bids)
            assert len({bid.cards[0] for bid in bids}) == len(bids)  # one per card shown
            assert Pass() in candidates
            searched += 1
            assert bot.act(view) in candidates
    assert searched or name == "shandong"


@pytest.mark.parametrize("name", ["zhaopengyou", "qidong", "tractor called"])
def test_call_candidates_are_legal(name: str) -> None:
    """R-9.1/R-9.2: every call compared is one the engine accepts, the heuristic's first;
    in 启东 独打 is among them."""
    preset = PRESETS[name]
    for seed in range(6):
        rnd = at(preset, seed, CALL)
        if rnd.phase is not CALL:
            continue
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        bot = SearchBot(seed, worlds=2)
        candidates = bot.call_candidates(view)
        assert candidates[0] == HeuristicBot(seed).choose_friend(view)
        for call in candidates:
            assert preset.friend_call_error(rnd.hands[seat], rnd.buried, call) is None
        assert (CallFriend(solo=True) in candidates) == (name == "qidong")
        assert bot.act(view) in candidates


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


class Worlds:
    """Stand-in worlds for ``SearchBot._search``: numbered draws, and per candidate a
    value per world from ``values`` (the search's own logic is what is tested)."""

    def __init__(self, values: Any) -> None:
        self.values = values
        self.drawn = 0

    def draw(self) -> int:
        self.drawn += 1
        return self.drawn

    def evaluate(self, world: int, index: int, rng: Any) -> float:
        return float(self.values(world, index))


def test_candidates_alike_in_every_world_end_the_search_early() -> None:
    """Candidates with the same value in each of TIE_WORLDS worlds: the search stops
    there, long before its budget, and keeps the heuristic's choice."""
    worlds = Worlds(lambda world, index: world % 3)
    started = time.perf_counter()
    assert SearchBot(1, think=30.0)._search(3, worlds.draw, worlds.evaluate) == 0
    assert worlds.drawn == TIE_WORLDS
    assert time.perf_counter() - started < 5.0


def test_a_close_call_gets_more_worlds_than_one_budget() -> None:
    """An alternative ahead of the heuristic's choice on average but not clearly:
    the search goes past one budget (up to EXTENDED budgets) with the two of them, and
    stops at one budget when nothing is close."""
    think = 0.05

    def close(world: int, index: int) -> float:
        return (world % 2) * 2 - 1 + 0.05 if index == 1 else 0.0  # +0.05 a world, noise ±1

    def slow(values: Any) -> Any:
        def evaluate(world: int, index: int) -> float:
            time.sleep(0.001)
            return float(values(world, index))

        return evaluate

    close_worlds = Worlds(slow(close))
    started = time.perf_counter()
    SearchBot(1, think=think)._search(3, close_worlds.draw, close_worlds.evaluate)
    close_time = time.perf_counter() - started
    assert close_time > think
    clear_worlds = Worlds(slow(lambda world, index: -index * (1 + world % 2)))
    started = time.perf_counter()
    SearchBot(1, think=think)._search(3, clear_worlds.draw, clear_worlds.evaluate)
    assert close_worlds.drawn > clear_worlds.drawn
    assert close_time < EXTENDED * think + 1.0


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
    """A heuristic seat that, at each of its plays, burials and friend calls, checks
    every choice the search could make there (its candidates) against the engine."""

    def __init__(self, seat: int) -> None:
        self.inner = HeuristicBot(seat)
        self.search = SearchBot(seat, worlds=1)
        self.checked = 0

    def act(self, view: View) -> Action | None:
        if view.to_act == view.seat:
            if view.phase is PLAY:
                for cards in self.search.candidates(view):
                    assert view.play_error(cards) is None, cards
                    self.checked += 1
            elif view.phase is BURY:
                for burial in self.search.burial_candidates(view):
                    assert view.burial_error(burial) is None, burial
                    self.checked += 1
            elif view.phase is CALL:
                for call in self.search.call_candidates(view):
                    assert call in view.legal_friend_calls(), call
                    self.checked += 1
        if view.phase is DEAL or view.phase is BID:
            for answer in self.search.bid_candidates(view):
                if isinstance(answer, Pass):
                    assert view.phase is BID and view.to_act == view.seat
                else:
                    assert answer in view.legal_bids(), answer
                self.checked += 1
        return self.inner.act(view)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(PRESETS))
def test_no_illegal_move_in_thousands_of_rounds(name: str) -> None:
    """Issue 12: in 1,000 rounds per preset every seat's possible search plays, burials
    and calls are legal (the search only ever takes one of its candidates; its other
    decisions are the heuristic bot's, applied here by play_round, which raises on an
    illegal action), and in every 50th round a searching seat plays for real."""
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

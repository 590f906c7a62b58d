"""HeuristicBot's incremental card knowledge and directly built follows: the knowledge
kept trick by trick equals the knowledge rebuilt from the whole view at every decision,
every follow it considers is legal, it never makes an illegal move, and its decisions
depend only on the view (same seed, fresh or reused bot, one bot for every seat)."""

from __future__ import annotations

from typing import Any

import pytest

from zhaopengyou.bots import HeuristicBot, RandomBot, play_round
from zhaopengyou.bots.knowledge import CardMemory, Knowledge
from zhaopengyou.engine import Action, Play, Round, View, get_preset
from zhaopengyou.engine.cards import CARDS
from zhaopengyou.engine.match import Match
from zhaopengyou.engine.presets import Preset
from zhaopengyou.engine.table import PLAY

PRESETS: dict[str, Preset] = {
    "zhaopengyou": get_preset("zhaopengyou"),
    "qidong": get_preset("qidong"),
    "shandong": get_preset("shandong"),
    "tractor fixed": get_preset("tractor", partner="fixed"),
    "tractor called": get_preset("tractor", partner="called"),
}


class Checked:
    """Plays a seat with ``inner`` and, at each of its plays, checks the bot's
    knowledge and follow candidates against the slow references."""

    def __init__(self, inner: Any, bot: HeuristicBot) -> None:
        self.inner = inner
        self.bot = bot
        self.plays = 0
        self.follows = 0

    def act(self, view: View) -> Action | None:
        if view.phase is PLAY and view.to_act == view.seat:
            self.plays += 1
            assert self.bot.knowledge(view) == Knowledge(view)
            if not view.is_leading:
                self.follows += 1
                check_candidates(self.bot, view)
        return self.inner.act(view)  # type: ignore[no-any-return]


def check_candidates(bot: HeuristicBot, view: View) -> None:
    ordering, suit = view.ordering, view.lead_suit
    assert ordering is not None and suit is not None
    for mode in range(3):
        candidates = bot._follow_candidates(view, view.lead_shapes, suit, ordering, mode)
        assert candidates
        for cards in candidates:
            assert view.play_error(tuple(CARDS[c] for c in cards)) is None, cards


def play_matches(preset: Preset, matches: int, rounds: int, heuristic: bool) -> list[Checked]:
    """Matches where every seat is checked; played by HeuristicBots or RandomBots (these
    throw more and fail more throws: other histories for the knowledge to follow)."""
    seats: list[Checked] = []
    for game in range(matches):
        match = Match(preset, seed=100 + game, rounds=rounds)
        agents = [
            Checked(
                HeuristicBot(game * 10 + s) if heuristic else RandomBot(game * 10 + s),
                HeuristicBot(game),
            )
            for s in range(preset.players)
        ]
        while not match.over:
            match.finish_round(play_round(match.new_round(), agents))
        seats.extend(agents)
    return seats


@pytest.mark.parametrize("name", list(PRESETS))
def test_incremental_knowledge_equals_rebuilt_knowledge(name: str) -> None:
    preset = PRESETS[name]
    seats = play_matches(preset, matches=2, rounds=3, heuristic=True)
    seats += play_matches(preset, matches=2, rounds=3, heuristic=False)
    assert sum(s.plays for s in seats) >= 12 * preset.hand_size * preset.players // 2
    assert sum(s.follows for s in seats) > 0


def test_one_memory_follows_views_of_any_seat_and_round_in_any_order() -> None:
    preset = PRESETS["tractor called"]
    views: list[View] = []
    for seed in range(3):

        def keep(rnd: Round, _events: object) -> None:
            if rnd.phase is PLAY:
                views.extend(rnd.view(s) for s in range(preset.players))

        play_round(Round(preset, seed=seed), [RandomBot(seed * 10 + s) for s in range(4)], keep)
    memory = CardMemory()
    # In order, interleaving seats and rounds, backwards: the memory starts again when
    # a view does not continue what it has folded in, and is never wrong.
    for view in [*views[::5], *views[::-7], *views[3::11]]:
        assert memory.knowledge(view) == Knowledge(view)
    # Knowledge is worked out when first read: read late, after the memory moved on.
    pending = [(memory.knowledge(view), view) for view in views[::13]]
    for know, view in reversed(pending):
        assert know == Knowledge(view)


def test_a_view_from_json_continues_the_memory() -> None:
    preset = PRESETS["zhaopengyou"]
    rnd = Round(preset, seed=8)
    bots = [RandomBot(s) for s in range(preset.players)]
    memory = CardMemory()
    checked = 0

    def check(rnd: Round, _events: object) -> None:
        nonlocal checked
        if rnd.phase is PLAY:
            view = View.from_dict(rnd.view(2).to_dict())  # new objects, equal tricks
            assert memory.knowledge(view) == Knowledge(view)
            checked += 1

    play_round(rnd, bots, check)
    assert checked > 50


@pytest.mark.parametrize("name", list(PRESETS))
def test_heuristic_bots_never_play_illegally(name: str) -> None:
    # play_round raises on any illegal action of a bot without ``rejected``.
    preset = PRESETS[name]
    for game in range(4):
        match = Match(preset, seed=500 + game, rounds=8)
        bots = [HeuristicBot(game * 10 + s) for s in range(preset.players)]
        while not match.over:
            rnd = play_round(match.new_round(), bots)
            assert rnd.result is not None
            match.finish_round(rnd)


def record(preset: Preset, seed: int, bots: list[HeuristicBot]) -> list[dict[str, Any]]:
    match = Match(preset, seed=seed, rounds=3)
    steps: list[dict[str, Any]] = []
    while not match.over:
        rnd = play_round(match.new_round(), bots)
        steps.extend(rnd.history())
        match.finish_round(rnd)
    return steps


@pytest.mark.parametrize("name", ["zhaopengyou", "shandong", "tractor called"])
def test_same_seed_same_decisions(name: str) -> None:
    preset = PRESETS[name]
    players = preset.players
    first = record(preset, 7, [HeuristicBot(s) for s in range(players)])
    again = record(preset, 7, [HeuristicBot(s) for s in range(players)])
    shared = HeuristicBot(0)  # one bot for every seat: a memory per seat
    assert first == again == record(preset, 7, [shared] * players)


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_fresh_bot_decides_as_the_bot_that_remembers(name: str) -> None:
    preset = PRESETS[name]
    bots = [HeuristicBot(s) for s in range(preset.players)]
    decisions = 0

    class Compare:
        def __init__(self, seat: int) -> None:
            self.seat = seat

        def act(self, view: View) -> Action | None:
            nonlocal decisions
            action = bots[self.seat].act(view)
            if isinstance(action, Play):
                assert HeuristicBot(self.seat).act(view) == action
                decisions += 1
            return action

    match = Match(preset, seed=21, rounds=2)
    agents = [Compare(s) for s in range(preset.players)]
    while not match.over:
        match.finish_round(play_round(match.new_round(), agents))
    assert decisions >= preset.hand_size * preset.players


def test_follows_of_a_throw_of_two_tractors_are_legal() -> None:
    # ♥AAKK + ♥7766 stands (nobody holds a higher ♥ tractor or pair); seat 1 holds the
    # tractor ♥554433, seat 2 is void and may trump with two ♠ tractors, seat 3 has
    # singles only. Several tractors led: the case where plays are checked one by one.
    hands = [
        "AH AH KH KH 7H 7H 6H 6H 3C",
        "5H 5H 4H 4H 3H 3H QH 8H 4C",
        "3S 3S 4S 4S 6S 6S 7S 7S 9C",
        "JH 10H 9H 8H JC QC KC AC 10C",
    ]
    preset = PRESETS["tractor fixed"]
    rnd = Round.from_hands(preset, hands, level_rank="2", trump_suit="S", banker=0)
    rnd.apply(0, Play.parse("AH AH KH KH 7H 7H 6H 6H"))
    assert sum(1 for s in rnd.view(1).lead_shapes if s.length >= 2) == 2
    for seat in (1, 2, 3):
        view = rnd.view(seat)
        check_candidates(HeuristicBot(seat), view)
        action = HeuristicBot(seat).act(view)
        assert isinstance(action, Play) and view.play_error(action.cards) is None
        rnd.apply(seat, action)


def first_lead_view(preset: Preset, seed: int) -> View:
    bots = [RandomBot(seed * 10 + s) for s in range(preset.players)]
    rnd = play_round(
        Round(preset, seed=seed), bots, until=lambda r: r.phase is PLAY and not r.tricks
    )
    return rnd.view(0)


def test_a_memory_moves_between_games_and_diverging_copies() -> None:
    memory = CardMemory()
    # No trick yet in either: the deck counts still differ (three decks against two).
    for view in [first_lead_view(PRESETS[n], 4) for n in ("zhaopengyou", "tractor fixed")] * 2:
        assert memory.knowledge(view) == Knowledge(view)
    # A copy of a round in mid-play goes on differently: its history shares the first
    # tricks with the original and then parts from it.
    preset = PRESETS["tractor fixed"]
    bots = [RandomBot(s) for s in range(4)]
    rnd = play_round(Round(preset, seed=12), bots, until=lambda r: len(r.tricks) >= 10)
    copy = rnd.clone()
    others = [RandomBot(100 + s) for s in range(4)]
    for _ in range(40):
        for game, agents in ((rnd, bots), (copy, others)):
            seat = game.to_act
            assert seat is not None
            action = agents[seat].act(game.view(seat))
            assert action is not None
            game.apply(seat, action)
            view = game.view(1)
            assert memory.knowledge(view) == Knowledge(view)
    assert rnd.tricks[:10] == copy.tricks[:10] and rnd.tricks[10:] != copy.tricks[10:]

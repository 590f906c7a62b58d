"""first_trick: the round a burial or friend call leads to, set up from a world, is the
round the engine reaches when that seat really makes it (R-7.1, R-9); deal_twin: a
round at a moment of the bidding, with the unseen cards drawn, that the engine accepts
and that looks the same to the seat (R-8)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from zhaopengyou.bots import HeuristicBot, play_round
from zhaopengyou.bots.runner import offer_bids
from zhaopengyou.bots.world import actual_world, deal_twin, first_trick
from zhaopengyou.engine import Bury, CallFriend, Round
from zhaopengyou.engine.presets import Preset
from zhaopengyou.engine.table import BID, BURY, CALL, DEAL, PLAY

from .test_heuristic_knowledge import PRESETS

KITTY_SEARCHED = [name for name in PRESETS if name != "shandong"]


def at(preset: Preset, seed: int, phase: object) -> Round:
    return play_round(
        Round(preset, seed=seed),
        [HeuristicBot(s) for s in range(preset.players)],
        until=lambda r: r.phase is phase,
    )


@pytest.mark.parametrize("name", KITTY_SEARCHED)
def test_burial_and_call_lead_to_the_real_first_trick(name: str) -> None:
    """Every seat's view of the twin equals its view of the real round once the kitty
    taker has buried and the banker has called (the world is the true one)."""
    preset = PRESETS[name]
    for seed in range(6):
        rnd = at(preset, seed, BURY)
        if rnd.phase is not BURY:
            continue  # the round ended before a burial (no bid at all)
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        world = actual_world(rnd)
        burial = HeuristicBot(seed).act(view)
        assert isinstance(burial, Bury)
        rnd.apply(seat, burial)
        call: CallFriend | None = None
        if rnd.phase is CALL:
            answer = HeuristicBot(seed).act(rnd.view(seat))
            assert isinstance(answer, CallFriend)
            call = answer
            twin_at_call = first_trick(rnd.view(seat), actual_world(rnd), (), call)
            rnd.apply(seat, call)
            assert all(twin_at_call.view(s) == rnd.view(s) for s in range(preset.players)), (
                "from the call"
            )
        assert rnd.phase is PLAY
        twin = first_trick(view, world, burial.cards, call)
        assert all(twin.view(s) == rnd.view(s) for s in range(preset.players)), "from the burial"
        assert twin.friend == rnd.friend and twin.final_kitty == rnd.final_kitty


def test_first_trick_refuses_what_the_engine_would() -> None:
    zhao = at(PRESETS["zhaopengyou"], 1, BURY)
    view = zhao.view(zhao.to_act)  # type: ignore[arg-type]
    world = actual_world(zhao)
    burial = HeuristicBot(1).choose_burial(view).cards
    with pytest.raises(ValueError, match=r"R-7\.1"):
        first_trick(view, world, burial[:-1], CallFriend(burial[0]))  # one card short
    with pytest.raises(ValueError, match="friend call is needed"):
        first_trick(view, world, burial)
    with pytest.raises(ValueError, match=r"R-9\.1"):
        first_trick(view, world, burial, CallFriend(solo=True))  # 找朋友 has no 独打
    tractor = at(PRESETS["tractor fixed"], 1, BURY)
    tview = tractor.view(tractor.to_act)  # type: ignore[arg-type]
    tburial = HeuristicBot(1).choose_burial(tview).cards
    with pytest.raises(ValueError, match="calls no friend"):
        first_trick(tview, actual_world(tractor), tburial, CallFriend(tburial[0]))
    with pytest.raises(ValueError, match="burier's or the caller's view"):
        first_trick(tractor.view((tractor.to_act + 1) % 4), actual_world(tractor), tburial)  # type: ignore[operator]


def test_a_shandong_burial_is_not_set_up_past_the_swaps() -> None:
    """R-8.4: the declarer's kitty swaps come between a 山东 burial and the first trick."""
    rnd = at(PRESETS["shandong"], 2, BURY)
    assert rnd.phase is BURY
    view = rnd.view(rnd.to_act)  # type: ignore[arg-type]
    burial = HeuristicBot(2).choose_burial(view).cards
    with pytest.raises(ValueError, match=r"R-8\.4"):
        first_trick(view, actual_world(rnd), burial)


def bidding_views(preset: Preset, seeds: range, every: int = 5) -> Iterator[tuple[Round, int]]:
    """Rounds played by HeuristicBots through the deal and the closing bids, stopped
    at every ``every``-th card (each seat's view) and at every seat polled after the deal."""
    for seed in seeds:
        rnd = Round(preset, seed=seed)
        bots = [HeuristicBot(s) for s in range(preset.players)]
        while rnd.phase is DEAL or rnd.phase is BID:
            if rnd.phase is DEAL:
                seat = rnd.deal_card()[0].seat  # type: ignore[union-attr]
                if rnd.dealt % every == 0:
                    for viewer in range(preset.players):
                        yield rnd, viewer
                offer_bids(rnd, bots, [seat])
            else:
                assert rnd.to_act is not None
                seat = rnd.to_act
                yield rnd, seat
                answer = bots[seat].act(rnd.view(seat))
                assert answer is not None
                rnd.apply(seat, answer)


@pytest.mark.parametrize("name", KITTY_SEARCHED)
def test_deal_twins_replay_the_bids_and_keep_the_view(name: str) -> None:
    """R-8.1–R-8.3: every twin is the engine's own round at the same moment (every past
    bid and pass made again and accepted), its view for the seat equal to the real one,
    its hidden cards drawn afresh."""
    preset = PRESETS[name]
    twins = differ = 0
    for rnd, seat in bidding_views(preset, range(6)):
        view = rnd.view(seat)
        twin = deal_twin(view, random.Random(twins))
        assert twin.view(seat) == view
        assert twin.dealt == rnd.dealt and twin.bids == rnd.bids
        for other in range(preset.players):
            if other != seat:
                for bid in rnd.bids:  # cards a bid showed stay with its bidder
                    if bid.seat == other:
                        assert all(twin.hands[other][c] >= bid.cards.count(c) for c in bid.cards)
        differ += any(twin.hands[s] != rnd.hands[s] for s in range(preset.players) if s != seat)
        twins += 1
    assert twins > 300 and differ > twins * 0.9


def test_deal_twin_refuses_declarations_and_other_phases() -> None:
    shandong = PRESETS["shandong"]
    rnd = Round(shandong, seed=1)
    rnd.deal_card()
    with pytest.raises(ValueError, match=r"R-8\.4"):
        deal_twin(rnd.view(0), random.Random(0))
    tractor = at(PRESETS["tractor fixed"], 1, BURY)
    with pytest.raises(ValueError, match="during the deal or the bids"):
        deal_twin(tractor.view(0), random.Random(0))

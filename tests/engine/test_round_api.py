"""Property tests of the round's API over random games of every preset: snapshots
(to_json/from_json), history (history/from_history), clone, the turn model (expected)
and the wire codecs of actions, events and views.

Each game is played step by step (tests/engine/drive.py). At checkpoints in every phase
the round is snapshotted, cloned and its history taken; after the game, each restored
copy is fed the rest of the original's steps and must make the same events and end in
the same state.
"""

from __future__ import annotations

import json
import random
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zhaopengyou.engine import (
    Phase,
    Round,
    View,
    action_from_dict,
    event_from_dict,
    get_preset,
)
from zhaopengyou.engine.cards import Card
from zhaopengyou.engine.events import CardDealt, for_seat

from .drive import PRESET_NAMES, drive, new_round

PRESETS = {
    "zhaopengyou": get_preset("zhaopengyou"),
    "tractor": get_preset("tractor"),
    "tractor-called": get_preset("tractor", partner="called"),
    "qidong": get_preset("qidong"),
    "shandong": get_preset("shandong", dengsi=False),
}
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def wire(data: Any) -> Any:
    """Data as it comes back from the wire: through JSON text."""
    return json.loads(json.dumps(data, ensure_ascii=False))


def continue_with(rnd: Round, steps: list[dict[str, Any]]) -> None:
    """Feed a round the steps of another round's history."""
    for step in steps:
        if step["kind"] == "deal":
            dealt = cast(CardDealt, rnd.deal_card()[0])  # deal_card returns the one CardDealt
            assert dealt.card is not None and dealt.card.ascii == step["card"]
        else:
            rnd.apply(step["seat"], action_from_dict(step))


class Checkpoint:
    """What a round was at one step: its snapshot, a clone, its history and views."""

    def __init__(self, rnd: Round) -> None:
        self.snapshot = json.dumps(rnd.to_json())
        self.history = rnd.history()
        self.clone = rnd.clone()
        self.events = rnd.event_count
        self.phase = rnd.phase
        self.views = [rnd.view(seat) for seat in range(rnd.preset.players)]


def choose(rnd: Round, rng: random.Random, last_phase: Phase | None) -> bool:
    """Checkpoints: the first step of every phase, every pending give-back (粘), a few
    random moments (mid-deal, mid-trick)."""
    return rnd.phase is not last_phase or rnd.pending_give_back is not None or rng.random() < 0.03


def play_with_checkpoints(name: str, seed: int) -> tuple[Round, list[Checkpoint]]:
    rnd = new_round(PRESETS[name], seed)
    rng = random.Random(seed)
    checkpoints = [Checkpoint(rnd)]
    last_phase: Phase | None = rnd.phase
    for _ in drive(rnd, seed):
        if choose(rnd, rng, last_phase):
            point = Checkpoint(rnd)
            checkpoints.append(point)
            independent_clone(rnd, point, rng.randrange(2**31))
        last_phase = rnd.phase
    return rnd, checkpoints


def independent_clone(rnd: Round, point: Checkpoint, seed: int) -> None:
    """Playing on a clone never changes the original (and the clone stays usable)."""
    other = rnd.clone()
    for _, _ in zip(range(7), drive(other, seed), strict=False):
        pass
    assert json.dumps(rnd.to_json()) == point.snapshot


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESET_NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1))
def test_snapshot_history_and_clone_behave_like_the_original(name: str, seed: int) -> None:
    check_copies(*play_with_checkpoints(name, seed))


def test_copies_while_a_zhan_waits_for_its_give_back() -> None:
    """R-8.4 粘 is rare in random games: seek out games with one and check the copies made
    while the sticker still has to give cards back."""
    found = 0
    for seed in range(1000):
        rnd = new_round(PRESETS["shandong"], seed)
        if any(rnd.pending_give_back is not None for _ in drive(rnd, seed)):
            rnd, checkpoints = play_with_checkpoints("shandong", seed)
            assert any(point.clone.pending_give_back is not None for point in checkpoints)
            check_copies(rnd, checkpoints)
            found += 1
            if found == 6:
                return
    pytest.fail("fewer than 6 games with a 粘 in 1000 seeds")


def check_copies(rnd: Round, checkpoints: list[Checkpoint]) -> None:
    final = rnd.to_json()
    steps = rnd.history()
    events = [e.to_dict() for e in rnd.events()]
    for point in checkpoints:
        rest = steps[len(point.history) :]
        assert steps[: len(point.history)] == point.history
        # to_json → JSON text → from_json gives the same snapshot ...
        data = json.loads(point.snapshot)
        restored = Round.from_json(data)
        assert restored.to_json() == data
        # ... the same history rebuilds it ...
        rebuilt = Round.from_history(rnd.preset, rnd.seed, wire(point.history))
        assert rebuilt.to_json() == data
        # ... and all three copies play on exactly like the original.
        for copy in (restored, rebuilt, point.clone):
            continue_with(copy, rest)
            assert [e.to_dict() for e in copy.events(point.events)] == events[point.events :]
            assert copy.to_json() == final


@pytest.mark.parametrize("name", PRESET_NAMES)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1))
def test_codecs_round_trip(name: str, seed: int) -> None:
    """Every event (as every seat sees it), action and view survives the wire."""
    rnd, checkpoints = play_with_checkpoints(name, seed)
    players = rnd.preset.players
    log = rnd.events()
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    for event in log:
        data = wire(event.to_dict())
        assert event_from_dict(data) == event
        assert type(event).from_dict(data) == event
    for seat in [*range(players), None]:
        seen = rnd.events_for(seat)
        assert seen == [for_seat(e, seat) for e in log]
        for event, original in zip(seen, log, strict=True):
            if event is not original:  # redacted for this seat
                assert event_from_dict(wire(event.to_dict())) == event
        since = len(log) // 2
        assert rnd.events_for(seat, since) == seen[since:]
    for step in rnd.history()[1:]:
        if step["kind"] != "deal":
            action = action_from_dict(wire(step))
            assert {**action.to_dict(), "seat": step["seat"]} == step
    for point in checkpoints:
        for view in point.views:
            data = view.to_dict()
            back = View.from_dict(wire(data))
            assert back == view
            assert back.to_dict() == data
            assert set(data["may"]) == set(view.may)


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESET_NAMES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_only_expected_kinds_are_accepted(name: str, seed: int, data: st.DataObject) -> None:
    """Random actions of every kind from every seat: each one the engine accepts was of
    a kind ``expected()`` offered to that seat (R-8.1 polling, turns, phases)."""
    rnd = new_round(PRESETS[name], seed)
    rng = random.Random(seed)
    for _ in drive(rnd, seed):
        if rng.random() > 0.2 or rnd.phase is Phase.DONE:
            continue
        expected = rnd.expected()
        for seat in range(rnd.preset.players):
            twin = rnd.clone()
            view = twin.view(seat)
            action = data.draw(any_action(view), label="action")
            try:
                twin.apply(seat, action)
            except Exception as err:
                from zhaopengyou.engine import IllegalAction

                assert isinstance(err, IllegalAction), err
                continue
            assert action.kind in expected.kinds[seat], (seat, action, expected)


def any_action(view: View) -> st.SearchStrategy[Any]:
    """Actions of every kind built from the seat's own cards (legal or not)."""
    from zhaopengyou.engine import Bid, Bury, CallFriend, GiveBack, Pass, Play, Swap

    hand: list[Card | None] = list(view.hand) or [None]
    cards = st.lists(st.sampled_from(hand), min_size=1, max_size=6).map(
        lambda cs: tuple(c for c in cs if c is not None)
    )
    bids = view.legal_bids()
    return st.one_of(
        st.sampled_from(bids) if bids else st.just(Pass()),
        cards.map(Bid),
        st.just(Pass()),
        cards.map(Play),
        st.lists(
            st.sampled_from(hand), min_size=view.preset.kitty_size, max_size=view.preset.kitty_size
        ).map(lambda cs: Bury(tuple(c for c in cs if c is not None))),
        st.sampled_from(hand).map(lambda c: CallFriend(c)),
        st.just(CallFriend(solo=True)),
        cards.map(GiveBack),
        st.just(Swap(())),
    )

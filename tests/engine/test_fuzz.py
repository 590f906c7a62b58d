"""Fuzzing the single entry point: random and malformed actions are rejected with an
IllegalAction naming the problem and leave the state byte-for-byte unchanged; the
ones the engine accepts are legal by an independent check."""

from __future__ import annotations

import copy
import pickle
import random
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zhaopengyou.bots import RandomBot
from zhaopengyou.bots.runner import _ask
from zhaopengyou.engine import (
    Bid,
    Bury,
    CallFriend,
    GiveBack,
    IllegalAction,
    Pass,
    Phase,
    Play,
    Round,
    Swap,
    get_preset,
)
from zhaopengyou.engine.cards import CARDS, Card
from zhaopengyou.engine.events import CardDealt

PRESETS = [
    get_preset("zhaopengyou"),
    get_preset("tractor"),
    get_preset("tractor", partner="called"),
    get_preset("qidong"),
]


def sample_states(per_preset: int = 40) -> list[Round]:
    """Rounds stopped at random moments of every phase."""
    rng = random.Random(2024)
    states: list[Round] = []
    for preset in PRESETS:
        for game in range(per_preset // 4):
            rnd = Round(preset, seed=game, dealer=game % preset.players)
            bots = [RandomBot(game * 10 + s) for s in range(preset.players)]
            while rnd.phase is not Phase.DONE:
                if rng.random() < 0.03 or (
                    rnd.phase in (Phase.BID, Phase.BURY, Phase.CALL) and rng.random() < 0.3
                ):
                    states.append(copy.deepcopy(rnd))
                if rnd.phase is Phase.DEAL:
                    seat = cast(CardDealt, rnd.deal_card()[0]).seat  # deal_card: one CardDealt
                    if rnd.phase is Phase.DEAL and rng.random() < 0.2:
                        bids = rnd.view(seat).legal_bids()
                        if bids:
                            rnd.apply(seat, rng.choice(bids))
                    continue
                assert rnd.to_act is not None
                _ask(rnd, bots, rnd.to_act, None)
            states.append(rnd)
    return states


STATES = sample_states()
CARD_TOKENS = st.one_of(
    st.sampled_from(list(CARDS)),
    st.sampled_from([c.ascii for c in CARDS] + [str(c) for c in CARDS]),
    st.integers(-3, 60),
    st.sampled_from(["11H", "ZZ", "", "♥", None, True, 3.5, b"AS", ["AS"], {"card": "AS"}]),
)
CARD_LISTS = st.one_of(
    st.lists(CARD_TOKENS, max_size=10),
    st.sampled_from(["AS KS", None, 5, b"AS"]),
    st.tuples(CARD_TOKENS, CARD_TOKENS),
)
ACTIONS = st.one_of(
    st.builds(
        Play,
        CARD_LISTS,
        st.one_of(st.none(), st.lists(CARD_LISTS, max_size=3), st.sampled_from(["x", 3])),
    ),
    st.builds(Bid, CARD_LISTS, st.sampled_from([None, "liang", "ding", "zhan", "add", 7])),
    st.builds(GiveBack, CARD_LISTS),
    st.builds(
        Swap,
        st.one_of(
            st.lists(st.tuples(CARD_TOKENS, CARD_TOKENS), max_size=3),
            st.lists(CARD_LISTS, max_size=2),
            st.sampled_from(["x", None]),
        ),
    ),
    st.builds(Bury, CARD_LISTS),
    st.builds(
        CallFriend, st.one_of(st.none(), CARD_TOKENS), st.sampled_from([False, True, 1, "y"])
    ),
    st.just(Pass()),
    st.sampled_from([None, "play", 42, object(), ("Play", ["AS"])]),
)
SEATS = st.one_of(st.integers(-2, 6), st.sampled_from(["0", None, True, 1.0]))


def normalized(tokens: object) -> tuple[Card, ...]:
    """Card tokens as the engine accepts them: Card, id or either notation."""
    assert isinstance(tokens, list | tuple)
    return tuple(Card.parse(t) if isinstance(t, str) else CARDS[t] for t in tokens)


def independently_legal(rnd: Round, seat: int, action: object) -> bool:
    """Whether an accepted action was one the seat's own view lists as legal."""
    view = rnd.view(seat)
    if isinstance(action, Bid):
        return normalized(action.cards) in [b.cards for b in view.legal_bids()]
    if isinstance(action, Pass):
        return rnd.phase is Phase.BID and rnd.to_act == seat
    if isinstance(action, Play):
        return view.play_error(normalized(action.cards)) is None
    if isinstance(action, Bury):
        return rnd.phase is Phase.BURY and len(action.cards) == rnd.preset.kitty_size
    if isinstance(action, CallFriend):
        return rnd.phase is Phase.CALL and rnd.to_act == seat
    if isinstance(action, GiveBack):
        return rnd.pending_give_back is not None and rnd.pending_give_back[0] == seat
    if isinstance(action, Swap):
        pairs = [normalized(p) for p in action.pairs]
        return rnd.phase is Phase.SWAP and rnd.swap_error(seat, pairs) is None  # type: ignore[arg-type]
    return False


@pytest.mark.slow
@settings(max_examples=3000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(STATES) - 1), seat=SEATS, action=ACTIONS)
def test_random_and_malformed_actions(index: int, seat: object, action: object) -> None:
    rnd = copy.deepcopy(STATES[index])
    before = pickle.dumps(rnd.to_json())
    try:
        rnd.apply(seat, action)  # type: ignore[arg-type]
    except IllegalAction as err:
        assert str(err)
        assert pickle.dumps(rnd.to_json()) == before
        return
    # Accepted: it must have been a legal action for a real seat.
    original = STATES[index]
    assert isinstance(seat, int) and not isinstance(seat, bool)
    assert independently_legal(original, seat, action)


@pytest.mark.parametrize("state", STATES[::17], ids=lambda r: f"{r.preset.name}-{r.phase.value}")
def test_random_plays_from_the_hand_are_checked_exactly(state: Round) -> None:
    """Many random sub-multisets of the acting hand: accepted iff the view says legal."""
    if state.phase is not Phase.PLAY:
        return
    rng = random.Random(7)
    seat = state.to_act
    assert seat is not None
    hand = [CARDS[c] for c, n in enumerate(state.hands[seat]) for _ in range(n)]
    for _ in range(60):
        cards = tuple(rng.sample(hand, rng.randint(1, min(len(hand), 6))))
        rnd = copy.deepcopy(state)
        before = pickle.dumps(rnd.to_json())
        expected = rnd.view(seat).play_error(cards)
        try:
            rnd.apply(seat, Play(cards))
        except IllegalAction as err:
            assert expected is not None, err
            assert err.rule == expected.rule
            assert pickle.dumps(rnd.to_json()) == before
        else:
            assert expected is None

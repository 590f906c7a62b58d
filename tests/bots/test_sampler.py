"""sample_world, determinize and consistent (bots/sampler.py, bots/world.py).

The sweep plays rounds of every preset and option set with RandomBots and HeuristicBots
and stops at every decision from the burial on: there the true world must pass
:func:`consistent` and lie within the sampler's bounds (the true deal is always among
the possible worlds), and a sampled world must have the right cards and, in phase
play, give a round whose view equals the seat's view (no sample contradicts the past).

ZPY_SAMPLER_SCALE=N multiplies the rounds played (the default covers over a thousand
positions per preset in about a minute; N=10 is the exhaustive run).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from zhaopengyou.bots import HeuristicBot, RandomBot, play_match, play_round
from zhaopengyou.bots.sampler import (
    SamplingError,
    WorldSampler,
    consistent,
    sample_world,
)
from zhaopengyou.bots.world import Contradiction, World, actual_world, determinize
from zhaopengyou.engine import Card, Event, Phase, Play, Round, View, get_preset
from zhaopengyou.engine.cards import NUM_KINDS, counts_of, full_deck, parse_cards
from zhaopengyou.engine.match import Match

SCALE = int(os.environ.get("ZPY_SAMPLER_SCALE", "1"))
PHASES = (Phase.BURY, Phase.SWAP, Phase.CALL, Phase.PLAY)

# (preset, options, rounds): the five games, about 1100 positions in play each, then
# option sets that change the dealing, a few hundred each.
SWEEP: list[tuple[str, dict[str, Any], int]] = [
    ("zhaopengyou", {}, 12),
    ("qidong", {}, 12),
    ("shandong", {}, 14),
    ("tractor", {}, 14),
    ("tractor", {"partner": "called"}, 14),
    ("zhaopengyou", {"decks": 2}, 3),
    ("tractor", {"decks": 3}, 3),
    ("tractor", {"partner": "called", "decks": 3}, 2),
    ("shandong", {"dengsi": True, "feng_j": False, "j_to_6": False}, 3),
]


def check_cards(view: View, world: World) -> None:
    """Every card × decks overall; hand sizes as the view says; the seat's own hand."""
    preset = view.preset
    assert view.seat is not None
    assert world.hands[view.seat] == view.hand_counts
    assert [sum(hand) for hand in world.hands] == list(view.hand_sizes)
    total = Counter[int](c for trick in view.tricks for play in trick.plays for c in play.cards)
    total.update(c for play in view.current for c in play.cards)
    total.update(world.kitty)
    for hand in world.hands:
        total.update({c: n for c, n in enumerate(hand) if n})
    assert all(total[c] == preset.decks for c in range(NUM_KINDS))
    assert len(world.kitty) == (0 if view.phase is Phase.BURY else preset.kitty_size)
    if view.trump_known:
        assert world.trump_suit == view.trump_suit


class Sweep:
    """Checks at every decision of the rounds it watches (a play_round hook)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.positions: Counter[str] = Counter()

    def __call__(self, rnd: Round, events: list[Event]) -> None:
        if rnd.phase is Phase.PLAY:
            self.check(rnd, self.rng.randrange(rnd.preset.players))
        elif rnd.phase in PHASES:  # one decision per round: every seat's view
            for seat in range(rnd.preset.players):
                self.check(rnd, seat)

    def check(self, rnd: Round, seat: int) -> None:
        view = rnd.view(seat)
        sampler = WorldSampler(view)
        truth = actual_world(rnd)
        assert sampler.check(truth) is None, sampler.check(truth)  # consistent(view, truth)
        assert sampler.admits(truth)
        if rnd.phase is Phase.PLAY:
            world, twin = sampler.sample_round(self.rng)
            assert twin.view(seat) == view
            assert twin.to_act == rnd.to_act
        else:
            world = sampler.sample(self.rng)
            with pytest.raises(ValueError):
                determinize(view, world)
        check_cards(view, world)
        self.positions[rnd.phase.value] += 1


@pytest.mark.parametrize(
    ("name", "options", "rounds"), SWEEP, ids=[f"{n}{o or ''}" for n, o, _ in SWEEP]
)
def test_samples_fit_every_position(name: str, options: dict[str, Any], rounds: int) -> None:
    preset = get_preset(name, **options)
    sweep = Sweep(seed=len(name) + rounds)
    played = 0
    while played < rounds * SCALE:
        count = min(4, rounds * SCALE - played)  # later rounds: a known banker, kitty turns
        match = Match(preset, seed=7000 + played, rounds=count)
        bots = [
            (HeuristicBot if (played + seat) % 2 else RandomBot)(played * 10 + seat)
            for seat in range(preset.players)
        ]
        play_match(match, bots, sweep)
        played += count
    assert sweep.positions["play"] >= 30 * rounds * SCALE
    assert sweep.positions["bury"] and sweep.positions["play"]


# --- what the samples know, on set positions ------------------------------------------

TRACTOR = get_preset("tractor")
ZPY = get_preset("zhaopengyou")


def position(
    preset: Any,
    hands: list[str],
    plays: list[str],
    *,
    kitty: str = "",
    avoid: dict[int, str] | None = None,
    friend: str | None = None,
) -> Round:
    """A whole deal at its first trick, then ``plays``: each seat's hand starts with the
    cards given and is filled up from the rest of the deck in card order, never with a
    suit letter of ``avoid[seat]``; the kitty starts with ``kitty`` and takes what is
    left. Level 2, ♣ trump, seat 0 the banker."""
    given = [parse_cards(hand) for hand in hands]
    rest = Counter(full_deck(preset.decks))
    rest.subtract(c for hand in given for c in hand)
    rest.subtract(parse_cards(kitty))
    pool = sorted(rest.elements())
    for seat, hand in enumerate(given):
        banned = (avoid or {}).get(seat, "")
        for card in list(pool):
            if len(hand) == preset.hand_size:
                break
            if card.suit is None or "SHCD"[card.suit] not in banned:
                hand.append(card)
                pool.remove(card)
    rnd = Round.from_hands(
        preset,
        given,
        kitty=parse_cards(kitty) + pool,
        level_rank="2",
        trump_suit="C",
        banker=0,
        friend_call=friend,
    )
    for text in plays:
        to_act = rnd.to_act
        assert to_act is not None
        rnd.apply(to_act, Play.parse(text))
    return rnd


def samples(rnd: Round, seat: int, n: int = 100) -> list[World]:
    sampler = WorldSampler(rnd.view(seat))
    rng = random.Random(seat)
    return [sampler.sample(rng) for _ in range(n)]


def holds(world: World, seat: int, text: str) -> bool:
    need = counts_of(parse_cards(text))
    return all(world.hands[seat][c] >= n for c, n in enumerate(need))


def test_a_void_is_kept() -> None:
    # Seat 1 followed ♥A with a spade: no sample gives it a heart.
    rnd = position(TRACTOR, ["AH", "3S", "", ""], ["AH", "3S"], avoid={1: "H"})
    view = rnd.view(2)
    for world in samples(rnd, 2):
        assert not any(world.hands[1][c] for c in parse_cards("♥3 4 5 6 7 8 9 10 J Q K A"))
        assert consistent(view, world)


def test_no_pair_followed_means_no_pair_held() -> None:
    # Seat 1 followed ♥K K with two hearts but no pair, holding more hearts: it held
    # no pair of hearts, so no sample gives it two of any heart.
    rnd = position(TRACTOR, ["KH KH", "3H 5H 7H 9H JH", "", ""], ["KH KH", "3H 5H"], avoid={1: "H"})
    for world in samples(rnd, 2):
        assert all(world.hands[1][c] <= 1 for c in parse_cards("♥3 4 5 6 7 8 9 10 J Q K A"))
        assert not any(world.hands[1][c] for c in parse_cards("3H 5H"))


def test_a_failed_throw_leaves_its_cards_with_the_thrower() -> None:
    # Seat 0 throws ♥A A K 10 10; seat 1's ♥J J beats the pair of 10s (R-4.4): ♥A A K go
    # back to seat 0, and a seat other than 0 holds a pair above the 10s.
    rnd = position(TRACTOR, ["AH AH KH 10H 10H", "JH JH", "", ""], ["♥A A K 10 10"])
    assert rnd.view(2).current[0].attempted is not None
    for world in samples(rnd, 2):
        assert holds(world, 0, "AH AH KH")
        assert any(holds(world, s, "JH JH") or holds(world, s, "QH QH") for s in (1, 2, 3))


def test_a_throw_that_stood_was_unbeatable() -> None:
    # Seat 0 throws ♦A Q and it stands: no other seat held a ♦K or ♦A.
    rnd = position(TRACTOR, ["AD QD", "", "", ""], ["♦A Q"], kitty="KD KD AD")
    assert rnd.view(1).current[0].attempted is None
    for world in samples(rnd, 1):
        assert not any(world.hands[s][c] for s in (2, 3) for c in parse_cards("KD AD"))


def test_a_revealed_friend_was_the_first_holder() -> None:
    # 找朋友: banker 0 calls ♠A; seat 3 reveals itself with one, so seats 1 and 2 held none
    # at the call.
    rnd = position(
        ZPY,
        ["3S", "4S", "5S", "AS", ""],
        ["3S", "4S", "5S", "AS"],
        friend="AS",
        avoid={1: "S", 2: "S"},
    )
    assert rnd.view(4).friend == 3
    for world in samples(rnd, 4):
        assert not world.hands[1][Card("AS")] and not world.hands[2][Card("AS")]


def test_an_unrevealed_player_of_the_called_card_is_not_the_friend() -> None:
    # Banker 0 calls ♠A; seat 2 plays one unrevealed, so seat 1 holds a copy.
    rnd = position(ZPY, ["3S", "AS 4S", "AS 5S", "", ""], ["3S", "4S", "AS"], friend="AS")
    assert rnd.friend == 1 and rnd.view(3).friend is None
    for world in samples(rnd, 3):
        assert world.hands[1][Card("AS")]


def test_a_wrong_world_is_not_consistent() -> None:
    rnd = position(TRACTOR, ["AH", "3S", "", ""], ["AH", "3S"], avoid={1: "H"})
    view = rnd.view(3)
    truth = actual_world(rnd)
    assert consistent(view, truth)
    hands = [list(hand) for hand in truth.hands]
    heart = next(c for c in parse_cards("♥3 4 5 6 7 8 9 10 J Q K") if hands[2][c])
    other = next(c for c in range(NUM_KINDS) if hands[1][c])
    hands[1][heart], hands[2][heart] = hands[1][heart] + 1, hands[2][heart] - 1
    hands[1][other], hands[2][other] = hands[1][other] - 1, hands[2][other] + 1
    wrong = truth._replace(hands=tuple(tuple(hand) for hand in hands))
    assert not consistent(view, wrong)  # seat 1 showed it had no heart
    with pytest.raises(Contradiction):
        determinize(view, wrong)
    assert not consistent(view, truth._replace(kitty=truth.kitty[:-1]))


def test_phases_and_errors() -> None:
    rnd = Round(TRACTOR, seed=3)
    rnd.deal_all()
    with pytest.raises(ValueError):
        sample_world(rnd.view(0), random.Random(0))  # still bidding
    rnd = position(TRACTOR, ["AH", "", "", ""], [])
    broken = rnd.view(1)._replace(hand_counts=(0,) * NUM_KINDS)
    with pytest.raises(ValueError):
        WorldSampler(broken)  # its cards do not add up
    sampler = WorldSampler(rnd.view(1))
    sampler.draw = lambda rng: None  # type: ignore[method-assign]
    with pytest.raises(SamplingError):
        sampler.sample(random.Random(0), tries=5)


def test_hidden_trump_is_sampled_from_the_declaration() -> None:
    # 山东升级: while the declaration's pair is face down, a seat that does not know the
    # trump suit gets worlds with a sampled one, and the true world fits its view.
    preset = get_preset("shandong")
    found: list[View] = []

    def watch(rnd: Round, events: list[Event]) -> None:
        if rnd.phase in (Phase.BURY, Phase.SWAP) and not found:
            blind = [s for s in range(4) if not rnd.view(s).trump_known]
            if blind:
                view = rnd.view(blind[0])
                assert consistent(view, actual_world(rnd))
                found.append(view)

    for seed in range(20):
        play_round(Round(preset, seed=seed), [HeuristicBot(s) for s in range(4)], watch)
        if found:
            break
    assert found
    suits = {sample_world(found[0], random.Random(k)).trump_suit for k in range(40)}
    assert suits <= {0, 1, 2, 3} and None not in suits


# --- Round.from_hands, as determinize uses it ------------------------------------------


def test_from_hands_sets_up_solo_declarer_and_swaps() -> None:
    # 启东: the banker plays alone; a solo and a called card exclude each other.
    qidong = get_preset("qidong")
    deal = position(qidong, ["", "", "", "", ""], [])
    hands = [deal.view(s).hand for s in range(5)]
    kitty = actual_world(deal).buried
    setup: dict[str, Any] = {"level_rank": "2", "trump_suit": "C", "banker": 0}
    solo = Round.from_hands(qidong, hands, kitty=kitty, solo=True, **setup)
    assert solo.view(1).solo and solo.friend is None
    with pytest.raises(ValueError):
        Round.from_hands(qidong, hands, kitty=kitty, solo=True, friend_call="AS", **setup)
    # 山东升级: the banker declared, so its partner buried; the declarer then
    # swapped the kitty's ♣3 (a trump) for its ♥3, and R-7 scores the kitty after that.
    shandong = get_preset("shandong")
    deal = position(shandong, ["3H", "", "", ""], [], kitty="3C")
    kitty = actual_world(deal).buried
    after = [list(deal.view(s).hand) for s in range(4)]
    after[0][after[0].index(Card("3H"))] = Card("3C")
    rnd = Round.from_hands(shandong, after, kitty=kitty, declarer=0, swaps=[("3H", "3C")], **setup)
    assert rnd.view(2).buried == kitty and rnd.view(0).buried == ()
    assert rnd.view(0).swaps == ((Card("3H"), Card("3C")),) and rnd.view(1).swap_count == 1
    assert Card("3H") in rnd.final_kitty and Card("3C") not in rnd.final_kitty
    assert Round.from_history(shandong, None, rnd.history()).to_json() == rnd.to_json()
    with pytest.raises(ValueError):  # the kitty holds no ♠A to swap
        Round.from_hands(shandong, after, kitty=kitty, declarer=0, swaps=[("3H", "AS")], **setup)

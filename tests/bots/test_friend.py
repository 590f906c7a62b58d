"""The hidden friend's chances (issue 12; R-9.1, R-9.2): signs read from the play, and
worlds weighed by them put more weight on the true friend than the sampler alone."""

from __future__ import annotations

import random

import pytest

from zhaopengyou.bots import HeuristicBot, SearchBot, play_round
from zhaopengyou.bots.friend import FriendEvidence, friend_chances
from zhaopengyou.bots.sampler import WorldSampler
from zhaopengyou.engine import Play, Round, get_preset
from zhaopengyou.engine.table import PLAY


def test_signs_count_feeding_and_taking_from_the_banker() -> None:
    """R-9.1: before the friend shows, points on the banker's winning trick count for a
    seat, taking the trick from the banker against it; the viewer's own play does not."""
    rnd = Round.from_hands(
        get_preset("tractor", partner="called"),
        ["AS 3S 4C 5C", "KS 6S 6C 7C", "2D 7H KH 8C", "QS 8S 9H 9C"],
        level_rank="2",
        trump_suit="D",
        banker=0,
        friend_call="KH",
    )
    for seat, cards in ((0, "AS"), (1, "KS"), (2, "2D"), (3, "QS")):  # 1 feeds, 2 trumps
        rnd.apply(seat, Play.parse(cards))
    evidence = FriendEvidence(rnd.view(3))
    assert evidence.feeds == {1: 1} and evidence.takes == {2: 1}
    assert evidence.signs == {1: 1, 2: -1}
    assert evidence.weight(1) == 3.0 and evidence.weight(2) == pytest.approx(1 / 3)
    assert evidence.weight(None) == 1.0 and evidence.top_weight() == 3.0
    assert FriendEvidence(rnd.view(1)).signs == {2: -1}  # seat 1 knows its own part


def test_no_signs_without_a_hidden_friend() -> None:
    fixed = play_round(
        Round(get_preset("tractor"), seed=1),
        [HeuristicBot(1)] * 4,
        until=lambda r: r.phase is PLAY and len(r.tricks) == 3,
    )
    assert FriendEvidence(fixed.view(0)).signs == {}


@pytest.mark.parametrize(("name", "options"), [("zhaopengyou", {}), ("qidong", {})])
def test_weighing_by_the_play_puts_more_chance_on_the_true_friend(
    name: str, options: dict[str, str]
) -> None:
    """Over positions before the friend shows, from an attacker's seat, the weighed
    chance of the true friend beats the sampler's plain count."""
    preset = get_preset(name, **options)
    weighed = plain = 0.0
    positions = 0
    for seed in range(24):
        rnd = play_round(
            Round(preset, seed=seed),
            [HeuristicBot(1)] * preset.players,
            until=lambda r: r.phase is PLAY and len(r.tricks) == 6 and not r.current,
        )
        seat = rnd.to_act
        if rnd.phase is not PLAY or rnd.friend_revealed or rnd.friend is None:
            continue
        if seat in (rnd.banker, rnd.friend):
            continue
        assert seat is not None  # someone is to play
        view = rnd.view(seat)
        evidence = FriendEvidence(view)
        sampler = WorldSampler(view)
        rng = random.Random(seed)
        friends = [sampler.sample_round(rng)[1].friend for _ in range(60)]
        weighed += friend_chances(evidence, friends).get(rnd.friend, 0.0)
        plain += friends.count(rnd.friend) / len(friends)
        positions += 1
    assert positions >= 8
    assert weighed / positions > plain / positions + 0.03, (weighed, plain, positions)


def test_the_search_draws_worlds_in_proportion_to_the_signs() -> None:
    """SearchBot keeps a world in proportion to its friend's weight: a seat that fed the
    banker is the friend in more of its worlds than in the sampler's plain draws."""
    preset = get_preset("qidong")
    bot = SearchBot(7)
    for seed in range(60):
        rnd = play_round(
            Round(preset, seed=seed),
            [HeuristicBot(1)] * preset.players,
            until=lambda r: r.phase is PLAY and len(r.tricks) == 5 and not r.current,
        )
        seat = rnd.to_act
        if rnd.phase is not PLAY or seat is None or seat == rnd.banker:
            continue
        view = rnd.view(seat)
        evidence = FriendEvidence(view)
        if not evidence.signs or max(evidence.signs.values()) < 1:
            continue
        fed = max(evidence.signs, key=evidence.signs.__getitem__)
        sampler = WorldSampler(view)
        plain = [sampler.sample_round(bot.rng)[1].friend for _ in range(300)]
        if 0.1 < plain.count(fed) / len(plain) < 0.7:  # the sampler alone is unsure
            break
    else:
        pytest.fail("no position where a seat fed the banker and might be the friend")
    drawn = [bot._draw(sampler, evidence).friend for _ in range(300)]
    assert drawn.count(fed) > plain.count(fed) + 20, (drawn.count(fed), plain.count(fed))
    chances = bot.friend_chances(view, worlds=200)
    assert sum(chances.values()) == pytest.approx(1.0)
    assert chances[fed] > plain.count(fed) / len(plain)

"""HeuristicBot behaves as the issue asks, on concrete positions, and beats RandomBot."""

from __future__ import annotations

from typing import cast

import pytest

from zhaopengyou.bots import HeuristicBot, RandomBot, play_match
from zhaopengyou.bots.runner import _ask, offer_bids
from zhaopengyou.engine import (
    Bid,
    Bury,
    CallFriend,
    Pass,
    Phase,
    Play,
    Preset,
    Round,
    get_preset,
)
from zhaopengyou.engine.cards import CARD_POINTS, Card
from zhaopengyou.engine.events import CardDealt
from zhaopengyou.engine.match import Match

from ..engine.conftest import arranged_deck

TRACTOR = get_preset("tractor")


def position(
    hands: list[str],
    plays: list[str],
    *,
    leader: int = 0,
    trump: str = "S",
    preset: Preset = TRACTOR,
) -> Round:
    rnd = Round.from_hands(preset, hands, level_rank="2", trump_suit=trump, banker=leader)
    for step, text in enumerate(plays):
        rnd.apply((leader + step) % preset.players, Play.parse(text))
    return rnd


def choice(rnd: Round) -> list[str]:
    seat = rnd.to_act
    assert seat is not None
    action = HeuristicBot(1).act(rnd.view(seat))
    assert isinstance(action, Play)
    return sorted(c.ascii for c in action.cards)


def test_follows_low_when_the_trick_is_lost() -> None:
    # Seat 1 cannot beat the ♥A led by an opponent: it keeps its ♥K and ♥10.
    rnd = position(["AH 3C 4C", "KH 10H 4H", "5H 6C 7C", "8C 9C JC"], ["AH"])
    assert choice(rnd) == ["4H"]


def test_wins_points_when_it_can() -> None:
    # Seat 2 (the leader's opponent … seats 1 and 3 are partners) takes ♥10 + ♥K with ♥A.
    rnd = position(["10H 3C 4C", "KH 4H 9C", "AH 5H 7C", "8C 9D JC"], ["10H", "KH"])
    assert choice(rnd) == ["AH"]


def test_feeds_points_to_a_partner_who_wins() -> None:
    # Seat 2's partner (seat 0) leads the top ♥A; seat 2 adds its ♥K rather than ♥4.
    rnd = position(["AH 3C 4C", "5H 9C 8D", "KH 4H 7C", "8C 9D JC"], ["AH", "5H"])
    assert choice(rnd) == ["KH"]


def test_leads_sure_winners() -> None:
    # ♦A is the top ♦ and nobody is known to be void: lead it (or a throw of sure cards).
    rnd = position(["AD 3C 4C 5H", "KD 4D 9C 8H", "QD 5D 7C 6H", "JD 9D JC 7H"], [])
    led = choice(rnd)
    assert "AD" in led
    unit_cards = [Card(c) for c in led]
    assert all(c.suit == 3 for c in unit_cards)


def test_bids_on_a_strong_trump_holding_only() -> None:
    strong = "2H AH KH QH JH 9H 8H 7H 6H 5H 4H 3H"
    weak = "2D 3S 4C 5S 6S 7C 8S 9S 10C JS QS"
    deck = arranged_deck(4, 2, 25, {0: strong, 1: weak})
    rnd = Round(TRACTOR, deck=deck, dealer=0)
    bot = HeuristicBot(1)
    while rnd.dealt < 45:  # seat 0 holds its twelve hearts, seat 1 eleven weak cards
        rnd.deal_card()
    assert bot.act(rnd.view(1)) is None  # a lone ♦2 among spades and clubs: no bid
    bid = bot.act(rnd.view(0))
    assert isinstance(bid, Bid) and [c.ascii for c in bid.cards] == ["2H"]


def test_buries_without_points_when_it_can() -> None:
    rnd = Round(TRACTOR, seed=4)
    rnd.deal_all()
    while rnd.phase is Phase.BID:
        seat = rnd.to_act
        assert seat is not None
        bids = rnd.view(seat).legal_bids()
        rnd.apply(seat, bids[0] if bids and not rnd.bids else Pass())
    assert rnd.phase is Phase.BURY
    assert rnd.to_act is not None
    view = rnd.view(rnd.to_act)
    burial = HeuristicBot(1).act(view)
    assert isinstance(burial, Bury) and view.burial_error(burial.cards) is None
    pointless = sum(n for c, n in enumerate(view.hand_counts) if not CARD_POINTS[c])
    assert pointless >= 8 and all(CARD_POINTS[c] == 0 for c in burial.cards)


def test_calls_a_friend_card_it_lacks() -> None:
    preset = get_preset("zhaopengyou")
    for seed in range(5):
        match = Match(preset, seed=seed, rounds=1)
        rnd = match.new_round()
        bots = [HeuristicBot(s) for s in range(5)]
        while rnd.phase is not Phase.CALL:
            if rnd.phase is Phase.DEAL:
                seat = cast(CardDealt, rnd.deal_card()[0]).seat  # deal_card: one CardDealt
                if rnd.may_bid(seat):
                    offer_bids(rnd, bots, [seat])
                continue
            assert rnd.to_act is not None
            _ask(rnd, bots, rnd.to_act, None)
        assert rnd.to_act is not None
        view = rnd.view(rnd.to_act)
        call = bots[rnd.to_act].act(view)
        assert isinstance(call, CallFriend) and call.card is not None
        assert view.hand_counts[call.card] == 0


@pytest.mark.parametrize("name", ["tractor", "shandong"])
def test_heuristic_partners_beat_random_partners(name: str) -> None:
    preset = get_preset(name)
    totals = [0] * 4
    for seed in range(6):
        match = Match(preset, seed=seed, rounds=3)
        play_match(
            match, [HeuristicBot(seed) if s % 2 == 0 else RandomBot(seed + s) for s in range(4)]
        )
        totals = [t + m for t, m in zip(totals, match.totals, strict=True)]
    assert totals[0] + totals[2] > totals[1] + totals[3]

"""A seat's own checks (engine/view.py) refuse what the round refuses, in the same words:
a follow of the wrong size (R-5.1), a burial of copies not held (R-7.1), and the kinds a
seat may submit during the deal (R-8.1)."""

from __future__ import annotations

from collections import Counter

import pytest

from zhaopengyou.bots import RandomBot, play_round
from zhaopengyou.engine import Bury, IllegalAction, Play, Round, get_preset
from zhaopengyou.engine.cards import CARDS, parse_cards
from zhaopengyou.engine.table import Phase

from .conftest import refusal


def round_refusal(rnd: Round, seat: int, action: Play | Bury) -> tuple[str | None, str, str]:
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(seat, action)
    assert rnd.to_json() == before
    found = refusal(info.value)
    assert found is not None
    return found


@pytest.mark.parametrize("follow", ["KH", "KH KH QH"])
def test_a_follow_of_the_wrong_size_is_refused_by_the_view_as_by_the_round(follow: str) -> None:
    """R-5.1: a pair led, one or three cards offered."""
    rnd = Round.from_hands(
        get_preset("tractor"),
        ["AH AH 3S 4S", "KH KH QH 5S", "6S 7S 8S 9S", "6C 7C 8C 9C"],
        level_rank="2",
        trump_suit="S",
        banker=0,
    )
    rnd.apply(0, Play.parse("AH AH"))
    cards = tuple(parse_cards(follow))
    expected = (
        "R-5.1",
        "R-5.1: play exactly 2 cards, as many as the lead",
        "必须出 2 张牌，与首家张数相同",
    )
    assert refusal(rnd.view(1).play_error(cards)) == expected
    assert round_refusal(rnd, 1, Play(cards)) == expected


def test_burying_two_copies_of_a_card_held_once_is_refused_alike() -> None:
    """R-7.1: only cards held are buried, copy by copy."""
    rnd = Round(get_preset("tractor"), seed=8)
    play_round(rnd, [RandomBot(seat) for seat in range(4)], until=lambda r: r.phase is Phase.BURY)
    seat = rnd.to_act
    assert seat is not None
    view = rnd.view(seat)
    held = Counter(view.hand)
    single = next(card for card, n in held.items() if n == 1)
    others = [card for card in held if card != single][: rnd.preset.kitty_size - 2]
    cards = (single, single, *others)
    found = refusal(view.burial_error(cards))
    assert found is not None and found[1] == f"you do not hold 2× {CARDS[single]}"
    assert round_refusal(rnd, seat, Bury(cards)) == found


def test_a_seat_that_can_bid_during_the_deal_may_bid() -> None:
    """R-8.1: during the deal anyone holding a legal bid may bid, whoever got the card."""
    rnd = Round(get_preset("tractor"), seed=5)
    while not any(rnd.view(seat).legal_bids() for seat in range(4)):
        rnd.deal_card()
    assert rnd.phase is Phase.DEAL
    for seat in range(4):
        bids = rnd.view(seat).legal_bids()
        expected = frozenset({"bid"}) if bids else frozenset()
        assert rnd.view(seat).may == expected
        assert rnd.expected().kinds[seat] == expected

"""R-1.4, R-1.5 trumps and effective suits; R-2 order of cards; R-2.3 ties."""

from __future__ import annotations

from tests.oracle.order import RoundOrder
from zhaopengyou.engine import get_preset
from zhaopengyou.engine.cards import TRUMP, Card, parse_cards
from zhaopengyou.engine.ordering import Ordering

from .conftest import ordering


def order_list(o: Ordering, text: str) -> list[int]:
    return [o.order[c] for c in parse_cards(text)]


def test_trumps_are_jokers_level_cards_and_trump_suit() -> None:
    o = ordering("2", "H")
    for text in ("BJ", "LJ", "2S", "2C", "2D", "2H", "AH", "3H"):
        assert o.is_trump(Card(text)), text
    for text in ("AS", "3C", "KD"):
        assert not o.is_trump(Card(text))
        assert o.esuit[Card(text)] == Card(text).suit


def test_no_trump_round_keeps_jokers_and_level_cards_only() -> None:  # 无主
    o = ordering("7", None)
    assert [o.is_trump(c) for c in parse_cards("BJ LJ 7S 7H AH 2D")] == [
        True,
        True,
        True,
        True,
        False,
        False,
    ]


def test_trump_order_standard() -> None:
    o = ordering("2", "H")
    descending = order_list(o, "BJ LJ 2H 2S AH KH QH 3H")
    assert descending == sorted(descending, reverse=True)
    assert len(set(descending)) == len(descending)
    assert o.order[Card("2S")] == o.order[Card("2C")] == o.order[Card("2D")]  # ties


def test_offsuit_order_skips_level_rank() -> None:
    o = ordering("9", "S")
    assert o.order[Card("10H")] > o.order[Card("8H")]
    assert o.is_trump(Card("9H"))
    assert Card("9H") not in o.suit_cards[1]
    assert o.suit_cards[1][-1] == Card("AH")


def test_shandong_order_with_fixed_trumps() -> None:  # shandong
    o = ordering("7", "S", "shandong", (0, 1, 3))
    descending = order_list(o, "BJ LJ 7S 7H 5S 5H 3S 3D 2S 2C AS 4S")
    assert descending == sorted(descending, reverse=True)
    assert o.order[Card("5H")] == o.order[Card("5D")]
    assert all(o.esuit[c] == TRUMP for c in parse_cards("2D 3C 5H"))
    assert o.esuit[Card("4D")] == 3


def test_shandong_level_rank_2_sits_in_level_tier() -> None:  # shandong
    o = ordering("2", "S", "shandong", (0, 1, 3))
    assert o.order[Card("2H")] > o.order[Card("5S")]
    assert o.order[Card("2S")] > o.order[Card("2H")]


def test_sort_key_puts_trumps_last() -> None:
    o = ordering("2", "H")
    hand = o.sorted(list(parse_cards("BJ 3S AH 2C KD 4S")))
    assert [str(Card(c)) for c in hand] == ["♠3", "♠4", "♦K", "♥A", "♣2", "大王"]


def test_suit_cards_list_each_effective_suit_weakest_first() -> None:
    """``suit_cards[e]`` holds exactly the cards of effective suit ``e``, in the order
    the independent oracle reads from R-2 (ties, R-2.3, in any order): callers take the
    top trumps from its end and fill follows from it high to low (R-5.3)."""
    for game in ("tractor", "qidong", "shandong"):
        preset = get_preset(game)
        for level, trump in ((0, 1), (5, 3), (12, 0), (7, None)):
            # Built afresh, not from the shared cache, so that this test judges the tables.
            engine = Ordering(level, trump, preset.fixed_trump_ranks, preset.adjacency)
            oracle = RoundOrder(game, level=level, trump=trump)
            for suit in range(TRUMP + 1):
                cards = engine.suit_cards[suit]
                assert sorted(cards) == [c for c in range(54) if oracle.esuit(c) == suit]
                strengths = [oracle.strength(c) for c in cards]
                assert strengths == sorted(strengths), (game, level, trump, suit)
    # A worked case: level 2, ♥ trump; the off-suit 2s tie and precede ♥2.
    tractor = get_preset("tractor")
    trumps = Ordering(0, 1, tractor.fixed_trump_ranks, tractor.adjacency).suit_cards[TRUMP]
    assert [Card(c).ascii for c in trumps[-6:]] == ["2S", "2C", "2D", "2H", "LJ", "BJ"]


def test_fixed_trumps_are_the_jokers_and_in_shandong_every_2_3_and_5() -> None:
    """`Preset.is_fixed_trump`: trumps whatever the level and the trump suit — both
    jokers in every preset, and in `shandong` the 常主 2, 3 and 5 of every suit."""
    for name in ("tractor", "zhaopengyou", "qidong", "shandong"):
        preset = get_preset(name)
        fixed = {c for c in range(54) if preset.is_fixed_trump(c)}
        ranks = {"2", "3", "5"} if name == "shandong" else set()
        expected = {c for c in range(52) if Card(c).ascii[:-1] in ranks} | {52, 53}
        assert fixed == expected, name

"""R-1.1 cards and the two notations of RECORD.md; R-1.3 points."""

from __future__ import annotations

import pytest

from zhaopengyou.engine.cards import (
    BIG_JOKER,
    CARDS,
    SMALL_JOKER,
    Card,
    CardParseError,
    format_cards,
    full_deck,
    parse_cards,
    points_of,
    to_ascii_list,
)


def test_every_card_round_trips_through_both_notations() -> None:
    for card in CARDS:
        assert Card.parse(card.ascii) is card
        assert Card.parse(str(card)) is card
        assert repr(card) == f"Card({card.ascii!r})"


def test_unicode_names_use_suit_symbols_and_chinese_jokers() -> None:
    assert str(Card("10H")) == "♥10"
    assert str(Card("AS")) == "♠A"
    assert str(CARDS[SMALL_JOKER]) == "小王"
    assert str(CARDS[BIG_JOKER]) == "大王"


@pytest.mark.parametrize("token", ["10h", "♥10", "H10", "红桃10", "紅桃10", "♡10", "TH"])
def test_aliases_of_heart_ten(token: str) -> None:
    assert Card.parse(token) == Card("10H")


def test_bare_ranks_take_the_previous_suit() -> None:
    assert to_ascii_list(parse_cards("♥A A K 10 10")) == ["AH", "AH", "KH", "10H", "10H"]
    assert to_ascii_list(parse_cards("♠ 7 7 ♦ 3")) == ["7S", "7S", "3D"]
    assert to_ascii_list(parse_cards(["LJ", "BJ", "小王"])) == ["LJ", "BJ", "LJ"]
    assert to_ascii_list(parse_cards("方塊 3 4 黑桃Q")) == ["3D", "4D", "QS"]


@pytest.mark.parametrize(
    ("text", "token"), [("AS 11H KS", "11H"), ("AS XX", "XX"), ("K", "K"), ("♥A 1Z", "1Z")]
)
def test_parse_error_names_the_bad_token(text: str, token: str) -> None:
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert token in str(info.value)


def test_points_are_5_10_and_k(level=None) -> None:
    assert points_of(parse_cards("5S 10H KD AS LJ")) == 25
    for decks in (1, 2, 3):
        assert points_of(full_deck(decks)) == 100 * decks


def test_format_cards() -> None:
    assert format_cards(parse_cards("BJ 2S 10D")) == "大王 ♠2 ♦10"
    assert format_cards(parse_cards("BJ 2S 10D"), ascii=True) == "BJ 2S 10D"


def test_card_id_range_is_checked() -> None:
    with pytest.raises(ValueError):
        Card(54)

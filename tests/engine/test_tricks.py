"""R-6 winning a trick: matching, keys, trumping and over-trumping, ties."""

from __future__ import annotations

import pytest

from zhaopengyou.engine import Play, Round, get_preset
from zhaopengyou.engine.cards import parse_cards
from zhaopengyou.engine.ordering import Ordering
from zhaopengyou.engine.tricks import standard_rank, winning_index
from zhaopengyou.engine.units import PAIR, SINGLE, Shape

from .conftest import ordering

DIAMONDS = 3
TRACTOR2 = Shape("tractor", 2, 2)


def winner(shapes: tuple[Shape, ...], lead_suit: int, plays: list[str], o: Ordering) -> int:
    return winning_index([standard_rank(shapes, lead_suit, parse_cards(p), o) for p in plays])


@pytest.fixture
def o() -> Ordering:
    return ordering("2", "S")  # ♠ trump at level 2; ♦ off suit


def test_higher_single_in_suit_wins_and_ties_go_to_the_earlier(o: Ordering) -> None:
    assert winner((SINGLE,), DIAMONDS, ["9D", "KD", "3D", "AD"], o) == 3
    assert winner((SINGLE,), 4, ["2H", "2C", "2D"], o) == 0  # off-suit level cards tie


def test_discard_never_wins(o: Ordering) -> None:
    assert winner((SINGLE,), DIAMONDS, ["9D", "AC", "AH"], o) == 0


def test_trumping_a_single_and_over_trumping(o: Ordering) -> None:
    assert winner((SINGLE,), DIAMONDS, ["AD", "3S", "5S", "4S"], o) == 2


def test_pair_needs_a_pair(o: Ordering) -> None:
    assert winner((PAIR,), DIAMONDS, ["9D 9D", "KD QD", "3S 4S", "5S 5S"], o) == 3


def test_seed_001_trumping_examples_hold_in_the_general_rule(o: Ordering) -> None:
    # trump 998872 beats off-suit AK5544 …
    ak5544 = (TRACTOR2, SINGLE, SINGLE)
    assert winner(ak5544, DIAMONDS, ["AD KD 5D 5D 4D 4D", "9S 9S 8S 8S 7S 3S"], o) == 1
    # … but not AA5544 (a tractor and a pair: 998872 has no pair left over)
    aa5544 = (TRACTOR2, PAIR)
    assert winner(aa5544, DIAMONDS, ["AD AD 5D 5D 4D 4D", "9S 9S 8S 8S 7S 3S"], o) == 0
    # trump 977 beats 544 and trump 884 over-trumps it (the pair decides)
    pair_single = (PAIR, SINGLE)
    assert winner(pair_single, DIAMONDS, ["5D 4D 4D", "9S 7S 7S", "8S 8S 4S"], o) == 2
    # trump 977 beats 567; 884 cannot over-trump (all singles: the highest card)
    singles = (SINGLE, SINGLE, SINGLE)
    assert winner(singles, DIAMONDS, ["5D 6D 7D", "9S 7S 7S", "8S 8S 4S"], o) == 1


def test_bigger_structure_may_be_broken(o: Ordering) -> None:  # 998877 matches 5544+A+K
    shapes = (TRACTOR2, SINGLE, SINGLE)
    rank = standard_rank(shapes, DIAMONDS, parse_cards("9S 9S 8S 8S 7S 7S"), o)
    assert rank is not None and rank.trump
    assert rank.key == o.order[parse_cards("9S")[0]]  # best split: 9988 + 7 + 7


def test_mixed_suits_do_not_match(o: Ordering) -> None:
    assert standard_rank((PAIR,), DIAMONDS, parse_cards("3S 3D"), o) is None
    assert standard_rank((PAIR,), DIAMONDS, parse_cards("3C 3C"), o) is None


def test_trumping_a_successful_throw_in_a_round() -> None:  # with
    rnd = Round.from_hands(
        get_preset("tractor"),
        ["AD AD KD 3C", "5S 5S 6S 4C", "7D 8D 9D 5C", "3S 4S 7S 6C"],
        level_rank="2",
        trump_suit="S",
        banker=0,
    )
    rnd.apply(0, Play.parse("AD AD KD"))
    rnd.apply(1, Play.parse("5S 5S 6S"))  # void in ♦: trumps pair + single
    rnd.apply(2, Play.parse("7D 8D 9D"))
    rnd.apply(3, Play.parse("3S 4S 7S"))  # trumps but no pair: does not match
    assert rnd.tricks[-1].winner == 1
    assert rnd.points_won[1] == 20  # ♦K and two ♠5
    assert rnd.to_act == 1


def test_tractor_lead_won_by_higher_tractor_only() -> None:
    o = ordering("2", "H")
    assert winner((TRACTOR2,), 0, ["5S 5S 6S 6S", "9S 9S QS QS", "7S 7S 8S 8S"], o) == 2


def test_over_trumping_a_successful_throw() -> None:  # with
    rnd = Round.from_hands(
        get_preset("tractor"),
        ["AD AD KD 3C", "5S 5S 6S 4C", "7D 8D 9D 5C", "7S 7S 3S 6C"],
        level_rank="2",
        trump_suit="S",
        banker=0,
    )
    rnd.apply(0, Play.parse("AD AD KD"))  # a throw nobody can beat in ♦: it stands
    rnd.apply(1, Play.parse("5S 5S 6S"))  # trumps it: a pair and a single
    rnd.apply(2, Play.parse("7D 8D 9D"))
    rnd.apply(3, Play.parse("7S 7S 3S"))  # over-trumps: the higher pair decides
    assert rnd.tricks[-1].winner == 3


def test_single_trick_winner_agrees_with_the_general_ranking() -> None:
    import random

    from zhaopengyou.engine.tricks import single_trick_winner

    rng = random.Random(9)
    for _ in range(2000):
        o = ordering(rng.choice(["2", "7", "A"]), rng.choice(["S", "H", None]))
        cards = [rng.randrange(54) for _ in range(rng.choice([4, 5]))]
        lead_suit = o.esuit[cards[0]]
        ranks = [standard_rank((SINGLE,), lead_suit, [c], o) for c in cards]
        assert single_trick_winner(lead_suit, cards, o) == winning_index(ranks)


# --- throws of singles, played through whole rounds (R-6.1 –) -----------------------


def throw_of_singles(hands: list[str], plays: list[str]) -> int:
    """Seat 0 throws singles at level 2 with ♠ trump; the others follow; the winner."""
    rnd = Round.from_hands(get_preset("tractor"), hands, level_rank="2", trump_suit="S", banker=0)
    for seat, cards in enumerate(plays):
        rnd.apply(seat, Play.parse(cards))
    return rnd.tricks[-1].winner


def test_r6_2_throw_of_singles_is_keyed_by_the_highest_card() -> None:
    """♥A ♥K thrown; ♠2 ♠A trumps it and 小王 ♠5 over-trumps: the key of an all-singles
    format is the play's highest card, not its first (R-6.2)."""
    hands = ["AH KH 4D", "2S AS 4D", "LJ 5S 6D", "QH 6D 7D"]
    assert throw_of_singles(hands, ["AH KH", "2S AS", "5S LJ", "QH 6D"]) == 2


def test_r6_1_a_mixed_play_never_wins_a_throw_of_singles() -> None:
    """♠3 ♣4 is not of one effective suit: it does not match ♥A ♥K and cannot win
    (R-6.1, R-6.3), though its first card is a trump."""
    hands = ["AH KH 4D", "3S 4C 5D", "6C 7C 8D", "9C 10C 9D"]
    assert throw_of_singles(hands, ["AH KH", "3S 4C", "6C 7C", "9C 10C"]) == 0


def test_r6_1_the_trick_of_the_issue_report() -> None:
    """From `zpy sim -p tractor -b random -n 10 --seed 2` before the fix (round 4, trick
    20; level 4, ♠ trump): ♣5 ♣6 led, ♠A ♦7 mixes suits and must not win."""
    rnd = Round.from_hands(
        get_preset("tractor"),
        ["5C 6C", "QH KH", "AH 6D", "AS 7D"],
        level_rank="4",
        trump_suit="S",
        banker=0,
    )
    for seat, cards in enumerate(["5C 6C", "QH KH", "AH 6D", "AS 7D"]):
        rnd.apply(seat, Play.parse(cards))
    assert rnd.tricks[-1].winner == 0


def test_r6_2_trumping_a_throw_of_singles_with_singles() -> None:
    """Two trump singles beat an off-suit throw of singles; a higher trump single in a
    later play over-trumps by its highest card (R-6.2, R-6.3)."""
    hands = ["AH KH 4D", "3S 4S 5D", "5S 6S 6D", "LJ 3C 7D"]
    assert throw_of_singles(hands, ["AH KH", "3S 4S", "5S 6S", "LJ 3C"]) == 2


def test_r6_2_a_throw_is_keyed_by_its_largest_units_only(o: Ordering) -> None:
    """R-6.2: two trumping plays of a tractor-and-pair throw compare by their tractors;
    the ♠A pair of the first does not count."""
    shapes = (TRACTOR2, PAIR)
    plays = ["3D 3D 4D 4D 9D 9D", "5S 5S 6S 6S AS AS", "7S 7S 8S 8S 3S 3S"]
    assert winner(shapes, DIAMONDS, plays, o) == 2


@pytest.mark.parametrize(
    ("shapes", "plays", "won_by"),
    [
        # At level 5 ♦2 is the lowest card of its suit and ♦3 the next; a pair of ♦3
        # beats a throw keyed by a pair of ♦2, and a discard does not.
        ((PAIR, SINGLE), ["2D 2D 6D", "3D 3D 7D"], 1),
        ((PAIR, SINGLE), ["2D 2D 6D", "6C 7C 8C"], 0),
        # Three decks: a triple of ♦2 with a pair of ♦9, beaten by a triple of ♦3.
        ((Shape("tuple", 3, 1), PAIR), ["2D 2D 2D 9D 9D", "3D 3D 3D 6D 6D"], 1),
    ],
)
def test_r6_2_a_throw_keyed_by_the_lowest_card_of_its_suit(
    shapes: tuple[Shape, ...], plays: list[str], won_by: int
) -> None:
    assert winner(shapes, DIAMONDS, plays, ordering("5", "S")) == won_by


@pytest.mark.parametrize(
    ("shapes", "play", "key_card"),
    [
        # Three decks: the tractor ♦9♦9♦10♦10 is tried first and fails; the ♦10 triple
        # it broke is whole again for the split ♦Q♦Q♦K♦K, ♦10×3, ♦9♦9.
        ((TRACTOR2, Shape("tuple", 3, 1), PAIR), "9D 9D 10D 10D 10D QD QD KD KD", "KD"),
        # ♠ trump at level 2: two tractors through the level cards, ♠2♠2 小王小王 and
        # ♠A♠A ♣2♣2 (or ♦2♦2), though the cards' ids do not follow their order.
        ((TRACTOR2, TRACTOR2, PAIR), "AS AS 2C 2C 2D 2D 2S 2S LJ LJ", "LJ"),
    ],
    ids=["triple-inside-a-tried-tractor", "tractors-through-the-level-cards"],
)
def test_r6_2_the_best_split_is_found_whatever_is_tried_first(
    o: Ordering, shapes: tuple[Shape, ...], play: str, key_card: str
) -> None:
    rank = standard_rank(shapes, DIAMONDS, parse_cards(play), o)
    assert rank is not None
    assert rank.key == o.order[parse_cards(key_card)[0]]

"""R-3 units and adjacency; R-4.2 canonical parse."""

from __future__ import annotations

import pytest

from zhaopengyou.engine import get_preset
from zhaopengyou.engine.cards import parse_cards
from zhaopengyou.engine.ordering import Ordering
from zhaopengyou.engine.units import Shape, canonical_parse, unit_info, unit_of

from .conftest import counts, ordering


def shape_of(text: str, o: Ordering) -> str | None:
    unit = unit_of(parse_cards(text), o)
    return None if unit is None else unit.shape.name()


def test_seed_000_level_3_tractor_skips_the_level_rank() -> None:
    o = ordering("3", "H")
    assert shape_of("2S 2S 4S 4S", o) == "tractor×2"
    assert shape_of("3S 3S 4S 4S", o) is None


def test_seed_000_small_joker_is_adjacent_to_trump_level_card() -> None:
    o = ordering("2", "H")
    assert shape_of("2H 2H LJ LJ", o) == "tractor×2"
    assert shape_of("LJ LJ BJ BJ", o) == "tractor×2"


def test_trump_chain_through_offsuit_level_cards() -> None:  # Decision
    o = ordering("2", "H")
    assert shape_of("AH AH 2S 2S", o) == "tractor×2"
    assert shape_of("2C 2C 2H 2H", o) == "tractor×2"
    assert shape_of("AH AH 2D 2D 2H 2H LJ LJ BJ BJ", o) == "tractor×5"
    assert shape_of("2S 2S 2C 2C", o) is None  # two off-suit level cards
    assert shape_of("AH AH 2H 2H", o) is None  # A → off-suit level → trump level
    assert shape_of("KH KH AH AH", o) == "tractor×2"


def test_trump_chain_at_a_level_other_than_2() -> None:  # level 5, ♣ trump
    o = ordering("5", "C")
    assert shape_of("AC AC 5S 5S 5C 5C SJ SJ", o) == "tractor×4"
    assert shape_of("5D 5D 5C 5C", o) == "tractor×2"
    assert shape_of("5C 5C SJ SJ", o) == "tractor×2"
    assert shape_of("AC AC 5C 5C", o) is None
    assert shape_of("4C 4C 6C 6C", o) == "tractor×2"  # the level rank is skipped


def test_level_a_top_plain_trump_is_king() -> None:
    o = ordering("A", "S")
    assert shape_of("KS KS AH AH", o) == "tractor×2"
    assert shape_of("QS QS KS KS", o) == "tractor×2"


def test_no_trump_chain() -> None:  # no-trump
    o = ordering("5", None)
    assert shape_of("5S 5S LJ LJ", o) == "tractor×2"
    assert shape_of("5D 5D LJ LJ BJ BJ", o) == "tractor×3"
    assert shape_of("5S 5S 5D 5D", o) is None
    assert shape_of("AS AS 5S 5S", o) is None


def test_level_cards_never_adjacent_to_their_own_suit() -> None:
    o = ordering("7", "H")
    assert shape_of("6S 6S 7S 7S", o) is None
    assert shape_of("6S 6S 8S 8S", o) == "tractor×2"


def test_tuples_and_titanic() -> None:
    o = ordering("2", "H")
    assert shape_of("9S", o) == "single"
    assert shape_of("9S 9S", o) == "pair"
    assert shape_of("9S 9S 9S", o) == "triple"
    assert shape_of("7S 7S 7S 8S 8S 8S", o) == "titanic×2"
    assert shape_of("7S 7S 8S 8S 8S", o) is None  # mixed widths
    assert shape_of("9S 9C", o) is None  # different suits never form a tuple
    assert shape_of("2S 2C", o) is None  # even when they tie in order


def test_qidong_adjacency() -> None:
    o = ordering("2", "H", "qidong")
    assert shape_of("LJ LJ BJ BJ", o) == "tractor×2"
    assert shape_of("10H 10H 9H 9H", o) == "tractor×2"
    assert shape_of("5H 5H 4H 4H 3H 3H", o) == "tractor×3"
    # seed 001's three non-tractors:
    assert shape_of("2H 2H 2S 2S", o) is None
    assert shape_of("2S 2S AH AH", o) is None
    assert shape_of("LJ LJ 2H 2H", o) is None
    assert shape_of("5H 5H 3H 3H", o) is None  # 5533


def test_shandong_adjacency_has_no_skipping() -> None:
    o = ordering("9", "S", "shandong", (0, 1, 3))
    assert shape_of("7H 7H 8H 8H", o) == "tractor×2"
    assert shape_of("4H 4H 6H 6H", o) is None  # 5 is 常主
    assert shape_of("8H 8H 10H 10H", o) is None  # 9 is the level rank
    assert shape_of("LJ LJ BJ BJ", o) is None


def parse_names(text: str, o: Ordering, width: int = 3) -> list[str]:
    c = counts(text)
    first = parse_cards(text)[0]
    units = canonical_parse(c, o.suit_cards[o.esuit[first]], o, width)
    return [f"{u.shape.name()}:{' '.join(x.ascii for x in u.cards)}" for u in units]


def test_canonical_parse_prefers_width_at_equal_size() -> None:
    o = ordering("2", "H")
    assert parse_names("7S 7S 7S 8S 8S 8S 9S 9S", o) == [
        "titanic×2:7S 7S 7S 8S 8S 8S",
        "pair:9S 9S",
    ]


def test_canonical_parse_takes_the_largest_w_times_l_across_widths() -> None:
    """3 decks, ♠AAA KK: the tractor AAKK (w·L = 4) comes before the triple AAA (3),
    which would leave the pair KK; the third ♠A is a single."""
    o = ordering("2", "H")
    assert parse_names("AS AS AS KS KS", o) == ["tractor×2:KS KS AS AS", "single:AS"]


def test_canonical_parse_largest_first_then_highest() -> None:
    o = ordering("2", "H")
    assert parse_names("AD AD KD 10D 10D", o, 2) == ["pair:AD AD", "pair:10D 10D", "single:KD"]
    assert parse_names("3C 3C 4C 4C 9C 9C 10C 10C JC JC KC", o, 2) == [
        "tractor×3:9C 9C 10C 10C JC JC",
        "tractor×2:3C 3C 4C 4C",
        "single:KC",
    ]


@pytest.mark.parametrize("text", ["AS AS KS QS QS JS", "5D 5D 5D 6D 6D 7D 8D 8D 9D"])
def test_canonical_parse_partitions_the_cards(text: str) -> None:
    o = ordering("2", "H")
    names = parse_names(text, o)
    parts = sorted(card for n in names for card in n.split(":")[1].split())
    assert parts == sorted(text.split())


@pytest.mark.parametrize("suit", ["C", "D"])
def test_canonical_parse_chains_through_the_off_suit_level_card_it_holds(suit: str) -> None:
    """R-3.3, R-4.2: level 5, ♥ trump: the throw's tractor runs through the ♣5 or ♦5 it
    holds, never through the ♠5 it does not hold, though ♠ comes first on ties."""
    o = ordering("5", "H")
    assert parse_names(f"5{suit} 5{suit} 5H 5H 3H", o, 2) == [
        f"tractor×2:5{suit} 5{suit} 5H 5H",
        "single:3H",
    ]


def test_reprs_show_the_level_trump_shape_and_cards() -> None:
    """What a person reads in a console or a failing test (python-chess style)."""
    assert repr(ordering("2", None)) == "<Ordering level=2 trump=无主>"
    assert repr(ordering("5", "H")) == "<Ordering level=5 trump=♥>"
    unit = unit_of(parse_cards("3S 3S 4S 4S"), ordering("2", "H"))
    assert unit is not None
    assert (repr(unit), str(unit)) == ("<Unit tractor×2 ♠3 ♠3 ♠4 ♠4>", "♠3 ♠3 ♠4 ♠4")
    shapes = [Shape("tuple", 4, 1), Shape("tuple", 3, 1), Shape("tuple", 2, 1)]
    assert [shape.name() for shape in shapes] == ["4-tuple", "triple", "pair"]


@pytest.mark.parametrize("name", ["tractor", "zhaopengyou", "qidong", "shandong"])
def test_r3_every_lead_unit_listed_is_the_unit_its_cards_form(name: str) -> None:
    """R-3 (R-3.5, R-3.6 in `shandong`): the units a hand can lead, each with the shape and
    top its cards make as the game reads them."""
    preset = get_preset(name)
    o = preset.ordering(0, 1)
    hand = counts(
        "3S 3S 3S 4S 4S 5S 5S 7H 7H 8H 8H 9H 9H LJ LJ"
        if preset.decks == 3
        else "3S 3S 4S 4S 5S 5S 7H 7H 8H 8H 9H 9H LJ LJ"
    )
    units = list(preset.iter_lead_units(hand, o))
    assert len(units) >= 8
    for unit in units:
        assert preset.read_unit(unit.cards, o) == unit


def test_unit_info_as_sent_to_programs() -> None:
    """R-3: how a unit is described on the wire (``Preset.describe``, ``to_dict``)."""
    o = ordering("2", "H")
    tractor = unit_of(parse_cards("3S 3S 4S 4S"), o)
    assert tractor is not None
    assert unit_info(tractor).to_dict() == {
        "kind": "tractor",
        "width": 2,
        "length": 2,
        "top": "4S",
        "cards": ["3S", "3S", "4S", "4S"],
        "doubled": 0,
    }
    assert unit_info(tractor, "guafeng").kind == "guafeng"


def test_a_shape_pickles_and_shows_its_fields() -> None:
    """Shapes cross process boundaries (the arena's workers) and show what they are."""
    import pickle

    shape = Shape("tractor", 2, 3)
    assert pickle.loads(pickle.dumps(shape)) == shape and shape.size == 6
    assert repr(shape) == "Shape(kind='tractor', width=2, length=3, extra=0)"


def test_no_cards_form_no_unit() -> None:
    assert unit_of([], ordering("2", "H")) is None

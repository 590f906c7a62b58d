"""Reading units (R-3, R-4.2): how the engine reads a set of cards as a lead, the public
call clients and research code use to label leads."""

from __future__ import annotations

import pytest

from zhaopengyou.engine import IllegalAction, Round, get_preset, parse_cards
from zhaopengyou.engine.cards import RANK_NAMES

from .conftest import refusal

Reading = tuple[str, int, int, str]  # kind, width, length, top card


def reading(preset: str, level: str, trump: str | None, cards: str) -> list[Reading]:
    p = get_preset(preset)
    ordering = p.ordering(RANK_NAMES.index(level), None if trump is None else "SHCD".index(trump))
    return [
        (u.kind, u.width, u.length, u.top.ascii) for u in p.describe(parse_cards(cards), ordering)
    ]


@pytest.mark.parametrize(
    ("preset", "level", "trump", "cards", "expected"),
    [
        ("tractor", "2", "H", "5S", [("single", 1, 1, "5S")]),
        ("tractor", "2", "H", "5S 5S", [("pair", 2, 1, "5S")]),
        ("tractor", "2", "H", "3S 3S 4S 4S 5S 5S", [("tractor", 2, 3, "5S")]),  # 拖拉机（3 对）
        ("tractor", "3", "H", "2S 2S 4S 4S", [("tractor", 2, 2, "4S")]),  # skips the level
        ("tractor", "2", "H", "5S 5S 7S 7S", None),  # a throw of two pairs, see below
        ("tractor", "2", "H", "2H 2H LJ LJ", [("tractor", 2, 2, "LJ")]),  # seed 000
        (
            "zhaopengyou",
            "2",
            "H",
            "7S 7S 7S 8S 8S 8S 9S 9S",
            [("titanic", 3, 2, "8S"), ("pair", 2, 1, "9S")],
        ),  # R-4.2's example
        ("zhaopengyou", "2", "H", "KD KD KD", [("triple", 3, 1, "KD")]),
        (
            "tractor",
            "2",
            "S",
            "AH AH KH 10H 10H",
            [("pair", 2, 1, "AH"), ("pair", 2, 1, "10H"), ("single", 1, 1, "KH")],
        ),  # seed 000
        (
            "tractor",
            "6",
            None,
            "6S 6S 6C 6C LJ LJ",
            [("tractor", 2, 2, "LJ"), ("pair", 2, 1, "6C")],
        ),  # R-4.2's suit tie-break
        ("qidong", "2", "S", "2S 2S 2H 2H", [("pair", 2, 1, "2S"), ("pair", 2, 1, "2H")]),
        ("shandong", "9", "S", "7H 7H 8H 8H", [("guafeng", 2, 2, "8H")]),  # 刮风
        ("shandong", "9", "S", "10H JH QH KH AH", [("rain", 1, 5, "AH")]),  # 下雨
        ("shandong", "9", "S", "6C 7C 7C 8C 10C", None),  # 9 is the level: no run
        ("shandong", "9", "S", "4D 6D 6D 7D 8D 10D", None),
        ("shandong", "9", "S", "6D 7D 7D 8D 10D", None),
        ("shandong", "K", "S", "6D 7D 7D 8D 9D 10D", [("snow", 1, 5, "10D")]),  # 飘雪花
        ("shandong", "K", "S", "5S 5H 5C 5D", [("thunder", 1, 4, "5S")]),  # 打雷
        ("shandong", "K", "S", "3S 3H 3C 3D 3D", [("lightning", 1, 5, "3S")]),  # 闪电
    ],
)
def test_describe(
    preset: str, level: str, trump: str | None, cards: str, expected: list[Reading] | None
) -> None:
    if expected is None:
        p = get_preset(preset)
        ordering = p.ordering(
            RANK_NAMES.index(level), None if trump is None else "SHCD".index(trump)
        )
        if p.throws:
            units = p.describe(parse_cards(cards), ordering)
            assert len(units) > 1 and {u.kind for u in units} <= {"pair", "single"}
        else:
            with pytest.raises(IllegalAction, match=r"R-4\.5"):
                p.describe(parse_cards(cards), ordering)
        return
    assert reading(preset, level, trump, cards) == expected


def test_snow_counts_its_doubled_numbers() -> None:
    p = get_preset("shandong")
    info = p.describe(parse_cards("6D 7D 7D 8D 8D 9D 10D"), p.ordering(11, 0))
    assert [(u.kind, u.length, u.doubled) for u in info] == [("snow", 5, 2)]
    assert info[0].to_dict()["cards"] == ["6D", "7D", "7D", "8D", "8D", "9D", "10D"]


ONE_SUIT = "a lead must be cards of one suit (trumps count as one suit)"


@pytest.mark.parametrize(
    ("level", "cards", "message", "chinese"),
    [
        ("2", "AS AH", f"R-4.1: {ONE_SUIT}", "首出的牌必须是同一花色（主牌算一种花色）"),
        ("2", "", "R-4.1: play at least one card", "至少要出一张牌"),
        # Level 3: ♠3 is a trump, so this is two suits.
        ("3", "3S 3S 4S 4S", f"R-4.1: {ONE_SUIT}", "首出的牌必须是同一花色（主牌算一种花色）"),
    ],
)
def test_describe_refuses_what_is_not_a_lead(
    level: str, cards: str, message: str, chinese: str
) -> None:
    """R-4.1: no cards, or cards of two effective suits, are no lead to read."""
    p = get_preset("tractor")
    with pytest.raises(IllegalAction) as info:
        p.describe(parse_cards(cards), p.ordering(RANK_NAMES.index(level), 1))
    assert refusal(info.value) == ("R-4.1", message, chinese)


def test_view_describe_uses_the_round_and_hides_nothing_new() -> None:
    rnd = Round.from_hands(
        get_preset("tractor"),
        ["3S 3S 4S 4S", "AS KS QS JS", "5H 6H 7H 8H", "9D 9D 8D 8D"],
        level_rank="2",
        trump_suit="H",
        banker=0,
    )
    (unit,) = rnd.view(0).describe(parse_cards("3S 3S 4S 4S"))
    assert (unit.kind, unit.length) == ("tractor", 2)
    # Any cards may be read, held or not: the reading uses public rules only.
    assert rnd.view(1).describe(parse_cards("9D 9D 8D 8D"))[0].kind == "tractor"


def test_a_hidden_trump_cannot_be_used_to_read_cards() -> None:
    """R-8.4: a seat that does not know the trump suit is told so, not shown a reading."""
    from zhaopengyou.bots import RandomBot
    from zhaopengyou.engine import Phase

    for seed in range(40):
        rnd = Round(get_preset("shandong"), seed=seed)
        bots = [RandomBot(seed + s) for s in range(4)]
        while rnd.phase in (Phase.DEAL, Phase.BID):
            if rnd.phase is Phase.DEAL:
                rnd.deal_card()
                continue
            seat = rnd.to_act
            assert seat is not None
            action = bots[seat].act(rnd.view(seat))
            assert action is not None  # None only means "no bid" while dealing
            rnd.apply(seat, action)
        if not rnd.trump_public:
            outsider = next(s for s in range(4) if s not in rnd.trump_knowers)
            with pytest.raises(IllegalAction) as info:
                rnd.view(outsider).describe(parse_cards("5S"))
            assert refusal(info.value) == (
                "R-8.4",
                "R-8.4: cards are read once the trump suit is known",
                "主牌花色公布之后才能判断牌型",
            )
            return
    pytest.fail("no hidden trump in 40 shandong deals")

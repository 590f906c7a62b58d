"""R-4.3, R-4.4 throws: success against the real hands, forced unit, penalties."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from zhaopengyou.engine import IllegalAction, Play, Round, get_preset
from zhaopengyou.engine.cards import parse_cards, to_ascii_list
from zhaopengyou.engine.events import ThrowFailed
from zhaopengyou.engine.leads import iter_leads, parse_lead, random_lead
from zhaopengyou.engine.tricks import beating_cards, forced_unit, unit_is_beaten
from zhaopengyou.engine.units import canonical_parse, unit_of

from .conftest import cards, counts, ordering, refusal


def seed_000_round(seat1: str) -> Round:
    # 找朋友 with 3 decks; ♠ trump at level 2, so ♥ is an off suit.
    return Round.from_hands(
        get_preset("zhaopengyou"),
        [
            "AH AH KH 10H 10H 7C",
            seat1,
            "7S 8S 9S JS QS 9C",
            "3C 4C 6C 10C 8C JC",
            "3D 4D 6D 7D 9D JD",
        ],
        level_rank="2",
        trump_suit="S",
        banker=0,
    )


def test_seed_000_throw_succeeds_against_a_single_king() -> None:
    rnd = seed_000_round("KH 3S 4S 6S 7D 8D")
    events = rnd.apply(0, Play.parse("♥A A K 10 10"))
    assert not any(isinstance(e, ThrowFailed) for e in events)
    assert to_ascii_list(rnd.current[0].cards) == ["AH", "AH", "KH", "10H", "10H"]
    assert [u.shape.name() for u in rnd.lead_units] == ["pair", "pair", "single"]
    assert rnd.penalties == [0, 0, 0, 0, 0]
    assert rnd.throws_tried == 1 and rnd.throws_failed == 0


def test_seed_000_throw_fails_against_a_pair_of_kings() -> None:
    rnd = seed_000_round("KH KH 3H 4S 6S 8D")
    events = rnd.apply(0, Play.parse("♥A A K 10 10"))
    failed = [e for e in events if isinstance(e, ThrowFailed)]
    assert len(failed) == 1
    assert to_ascii_list(failed[0].forced) == ["10H", "10H"]
    assert to_ascii_list(failed[0].attempted) == ["AH", "AH", "KH", "10H", "10H"]
    assert to_ascii_list(rnd.current[0].cards) == ["10H", "10H"]
    assert rnd.current[0].attempted is not None
    # The rest goes back to the hand; −1 积分 to the thrower (seed 000).
    assert sorted(rnd.view(0).hand) == sorted(parse_cards("AH AH KH 7C"))
    assert rnd.penalties == [-1, 0, 0, 0, 0]
    # Followers now follow the forced pair, not the throw; a refusal changes nothing.
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(1, Play.parse("KH 3H"))
    assert rnd.to_json() == before
    assert info.value.rule == "R-5.2"
    rnd.apply(1, Play.parse("KH KH"))


def test_partner_holding_the_beating_unit_also_fails_the_throw() -> None:  # R-4.3 "no other"
    rnd = Round.from_hands(
        get_preset("tractor"),
        ["AH AH KH 10H 10H", "3C 4C 6C 7C 8C", "QH QH 3S 4S 6S", "7S 8S 9S JS 3D"],
        level_rank="2",
        trump_suit="S",
        banker=0,
    )
    rnd.apply(0, Play.parse("AH AH KH 10H 10H"))
    assert to_ascii_list(rnd.current[0].cards) == ["10H", "10H"]


def test_forced_unit_lowest_top_then_narrower() -> None:
    o = ordering("2", "H")
    lead = canonical_parse(counts("QS QS 9S 8S"), o.suit_cards[0], o, 2)
    # Another hand beats the pair (KK) and both singles (A): lowest top is the single 8.
    forced = forced_unit(lead, [counts("KS KS AS")], o)
    assert forced is not None and to_ascii_list(forced.cards) == ["8S"]
    # Only the pair is beaten.
    lead = canonical_parse(counts("QS QS AS"), o.suit_cards[0], o, 2)
    forced = forced_unit(lead, [counts("KS KS")], o)
    assert forced is not None and to_ascii_list(forced.cards) == ["QS", "QS"]


def test_tractor_in_a_throw_is_beaten_by_a_higher_or_longer_tractor() -> None:
    o = ordering("2", "H")
    lead = canonical_parse(counts("5S 5S 6S 6S AS"), o.suit_cards[0], o, 2)
    assert forced_unit(lead, [counts("3S 3S 4S 4S")], o) is None  # lower tractor
    assert forced_unit(lead, [counts("7S 7S 8S 8S")], o) is not None
    assert forced_unit(lead, [counts("9S 9S JS JS")], o) is None  # not adjacent
    # A wider tractor (Titanic, 3 decks) with a higher top also beats it.
    lead3 = canonical_parse(counts("5S 5S 6S 6S AS"), o.suit_cards[0], o, 3)
    forced = forced_unit(lead3, [counts("6S 6S 6S 7S 7S 7S")], o)
    assert forced is not None and forced.shape.name() == "tractor×2"


def test_single_beaten_only_by_a_strictly_higher_card() -> None:
    o = ordering("2", "H")
    lead = canonical_parse(counts("2S AH AH"), o.suit_cards[4], o, 2)  # trump throw
    assert forced_unit(lead, [counts("2C 2D")], o) is None  # ♣2 ties ♠2
    assert forced_unit(lead, [counts("2H")], o) is not None


def test_lead_must_be_one_suit() -> None:
    rnd = seed_000_round("KH 3S 4S 6S 7D 8D")
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(0, Play.parse("AH 7C"))
    assert refusal(info.value) == (
        "R-4.1",
        "R-4.1: a lead must be cards of one suit (trumps count as one suit)",
        "首出的牌必须是同一花色（主牌算一种花色）",
    )
    assert rnd.to_json() == before


def test_named_parse_is_used_and_checked() -> None:
    rnd = seed_000_round("KH 3S 4S 6S 7D 8D")
    with pytest.raises(IllegalAction) as info:
        rnd.apply(
            0,
            Play(
                tuple(parse_cards("AH AH KH")),
                units=(tuple(parse_cards("AH KH")), tuple(parse_cards("AH"))),
            ),
        )
    assert info.value.rule == "R-4.2"
    rnd.apply(
        0,
        Play(
            tuple(parse_cards("AH AH KH")),
            units=(tuple(parse_cards("AH")), tuple(parse_cards("AH")), tuple(parse_cards("KH"))),
        ),
    )
    assert [u.shape.name() for u in rnd.lead_units] == ["single", "single", "single"]


@pytest.mark.parametrize(
    ("preset", "cards", "named", "expected"),
    [
        ("tractor", "3S 3S 4S 4S", "4S 4S 3S 3S", ("tractor×2", "4S")),  # any order
        ("tractor", "5S", "5S", ("single", "5S")),
        ("tractor", "3S 3S 4S 4S", "3S 3S 4S", None),  # not all the cards led
        ("tractor", "3S 3S 4S 4S", "3S 3S 4S 4S 4S", None),  # more than the cards led
        ("tractor", "5S 7S", "5S 7S", None),  # the cards led, but no unit
        ("shandong", "7H 7H 8H 8H", "8H 7H 8H 7H", ("tractor×2", "8H")),  # 刮风
        ("shandong", "7H 7H 8H 8H", "7H 7H", None),
    ],
)
def test_a_named_parse_of_one_unit_is_the_cards_led(
    preset: str, cards: str, named: str, expected: tuple[str, str] | None
) -> None:
    """R-4.2: a leader naming one group must name exactly the cards led, and they must
    form one unit; otherwise the lead is refused (in `shandong` too)."""
    p = get_preset(preset)
    ordering = p.ordering(0, 1) if preset == "tractor" else p.ordering(7, 0)  # ♥ 2, ♠ 9
    if expected is not None:
        (unit,) = p.parse_lead(parse_cards(cards), [parse_cards(named)], ordering)
        assert (unit.shape.name(), unit.top.ascii) == expected
        return
    with pytest.raises(IllegalAction) as info:
        p.parse_lead(parse_cards(cards), [parse_cards(named)], ordering)
    assert refusal(info.value) == (
        "R-4.2",
        "R-4.2: a parse of one unit must be the cards led, forming one unit",
        "只指定一手牌时，它必须就是所出的牌，并且成一手",
    )


NOT_A_UNIT = (
    "R-4.2",
    "R-4.2: named unit ♠3 ♠5 is not a single, tuple or tractor",
    "指定的 ♠3 ♠5 不是单张、对子、三张或拖拉机",
)
NOT_THE_CARDS = (
    "R-4.2",
    "R-4.2: the named units do not add up to the cards led",
    "指定的各手牌合起来与首出的牌不符",
)


@pytest.mark.parametrize(
    ("cards", "named", "max_width", "throws", "expected"),
    [
        (
            "3S 3S 4S 4S",
            ["3S 3S", "4S 4S"],
            2,
            True,
            (
                "R-4.1",
                "R-4.1: these cards form one unit: lead them as one",
                "这些牌本身就是一手牌：请整手出",
            ),
        ),
        ("3S 5S 5S", ["3S 5S", "5S"], 2, True, NOT_A_UNIT),
        ("3S 5S 5S", ["3S", "5S"], 2, True, NOT_THE_CARDS),  # a card left out
        ("3S 5S 5S", ["3S", "5S", "5S", "5S"], 2, True, NOT_THE_CARDS),  # a card too many
        ("3S 5S 5S", ["3S", "5S 5S"], 2, True, None),  # a pair is at most 2 wide
        (
            "3S 5S 5S",
            ["3S", "5S 5S"],
            1,
            True,
            (
                "R-4.2",
                "R-4.2: named unit ♠5 ♠5 is not a single, tuple or tractor",
                "指定的 ♠5 ♠5 不是单张、对子、三张或拖拉机",
            ),
        ),
        (
            "3S 5S",
            ["3S", "5S"],
            2,
            False,
            (
                "R-4.5",
                "R-4.5: this game has no throws: lead one unit",
                "这个玩法不能甩牌：只能出一手牌",
            ),
        ),
        (
            "3S 5S",
            None,
            2,
            False,
            (
                "R-4.5",
                "R-4.5: this game has no throws: a lead must be one unit",
                "这个玩法不能甩牌：首出只能是一手牌",
            ),
        ),
    ],
)
def test_a_named_parse_of_several_units_is_checked_unit_by_unit(
    cards: str,
    named: list[str] | None,
    max_width: int,
    throws: bool,
    expected: tuple[str, str, str] | None,
) -> None:
    """R-4.1, R-4.2, R-4.5: a throw's named parse must not split one unit, every named
    group must be a unit no wider than the game allows, and together they must be
    exactly the cards led; without throws only one unit may be led."""
    groups = None if named is None else [parse_cards(group) for group in named]
    lead = parse_cards(cards)
    if expected is None:
        units = parse_lead(lead, groups, ordering("2", "H"), max_width, throws)
        assert [u.shape.name() for u in units] == ["single", "pair"]
        return
    with pytest.raises(IllegalAction) as info:
        parse_lead(lead, groups, ordering("2", "H"), max_width, throws)
    assert refusal(info.value) == expected


def _draws(hand: str, throws: bool, times: int = 40_000) -> Counter[str]:
    rng = random.Random(5)
    o = ordering("2", "H")
    return Counter(
        " ".join(sorted(c.ascii for c in random_lead(counts(hand), o, 2, throws, rng)))
        for _ in range(times)
    )


@pytest.mark.parametrize(
    ("hand", "throws", "leads"),
    [
        # with throws: every non-empty multiset of one suit — ♠: 3 × 2 − 1, ♥, ♣: 1.
        ("3S 3S 4S 5H 7C", True, ["3S", "3S 3S", "4S", "3S 4S", "3S 3S 4S", "5H", "7C"]),
        # a hand of one suit: its multisets only
        ("3S 3S 4S", True, ["3S", "3S 3S", "4S", "3S 4S", "3S 3S 4S"]),
        # without throws: one unit — the singles and the pair.
        ("3S 3S 4S 5H 7C", False, ["3S", "3S 3S", "4S", "5H", "7C"]),
    ],
)
def test_r4_1_random_lead_is_uniform_over_the_legal_leads(
    hand: str, throws: bool, leads: list[str]
) -> None:
    """Every legal lead is drawn, nothing else, each about equally often (within five
    standard deviations of 40,000 / k)."""
    drawn = _draws(hand, throws)
    assert set(drawn) == {" ".join(sorted(lead.split())) for lead in leads}
    expected = 40_000 / len(leads)
    spread = 5 * (expected * (1 - 1 / len(leads))) ** 0.5
    assert all(abs(n - expected) < spread for n in drawn.values()), drawn


def _one_suit_multisets(hand: str) -> set[str]:
    """Every non-empty multiset of one suit's cards of ``hand`` (R-4.1 with throws)."""
    by_suit: dict[str, Counter[str]] = {}
    for card in hand.split():
        by_suit.setdefault(card[-1], Counter())[card] += 1
    found = set()
    for held in by_suit.values():
        cards = sorted(held)
        for takes in itertools.product(*(range(held[c] + 1) for c in cards)):
            chosen = [c for c, k in zip(cards, takes, strict=True) for _ in range(k)]
            if chosen:
                found.add(" ".join(sorted(chosen)))
    return found


@pytest.mark.parametrize("throws", [True, False])
def test_r4_1_every_legal_lead_is_listed_once(throws: bool) -> None:
    """R-4.1 (throws: any non-empty multiset of one suit) and R-4.5 (one unit only):
    the leads listed are exactly those, each once."""
    hand = "3S 3S 4S 4S 5S 7H 7H KH"
    listed = [
        " ".join(sorted(c.ascii for c in lead))
        for lead in iter_leads(counts(hand), ordering("2", "C"), 2, throws)
    ]
    assert len(listed) == len(set(listed))
    units = {"3S", "3S 3S", "4S", "4S 4S", "5S", "7H", "7H 7H", "KH", "3S 3S 4S 4S"}
    assert set(listed) == (_one_suit_multisets(hand) if throws else units)


def test_r3_units_listed_are_as_long_as_held_and_as_wide_as_allowed() -> None:
    """R-3.1, R-3.2: a chain of three pairs gives both pair tractors of two and the tractor
    of three; with triples held but width 2 allowed (two decks' rules), nothing wider."""
    listed = {
        " ".join(c.ascii for c in unit)
        for unit in iter_leads(counts("3S 3S 3S 4S 4S 4S 5S 5S 5S"), ordering("2", "C"), 2, False)
    }
    assert listed == {
        "3S", "4S", "5S", "3S 3S", "4S 4S", "5S 5S",
        "3S 3S 4S 4S", "4S 4S 5S 5S", "3S 3S 4S 4S 5S 5S",
    }  # fmt: skip


def test_r4_3_unit_is_beaten_by_a_strictly_higher_unit_of_the_same_shape() -> None:
    o = ordering("2", "H")
    single, pair, tractor = (
        unit_of(parse_cards(text), o) for text in ("QS", "QS QS", "5S 5S 6S 6S")
    )
    assert single is not None and pair is not None and tractor is not None
    assert unit_is_beaten(single, counts("KS 3S"), o)
    assert not unit_is_beaten(single, counts("QS JS 3S"), o)  # an equal card does not beat
    assert not unit_is_beaten(pair, counts("KS AS 3S 3S"), o)  # no higher pair
    assert unit_is_beaten(pair, counts("KS KS"), o)
    assert unit_is_beaten(tractor, counts("7S 7S 8S 8S"), o)
    assert not unit_is_beaten(tractor, counts("5S 5S 6S 6S 9S 9S"), o)  # equal, not higher
    low = ordering("5", "H")  # ♠2 is a plain card here, the lowest of all
    two = unit_of(parse_cards("2S"), low)
    assert two is not None
    assert not unit_is_beaten(two, counts("2S 2S"), low)  # the lowest card only ties
    assert unit_is_beaten(two, counts("3S"), low)


def test_who_beat_a_failed_throw_and_with_what() -> None:
    """The first seat after the thrower whose hand (as it was at the lead) beats the
    forced unit, and its strongest such cards: what a table tells the thrower."""
    rnd = seed_000_round("KH KH 3H 4S 6S 8D")
    assert rnd.throw_beater() is None  # nothing led yet
    rnd.apply(0, Play.parse("♥A A K 10 10"))
    assert rnd.throw_beater() == (1, tuple(parse_cards("KH KH")))
    rnd.apply(1, Play.parse("KH KH"))  # played to the trick, still what beat it
    assert rnd.throw_beater() == (1, tuple(parse_cards("KH KH")))
    passed = seed_000_round("KH 3S 4S 6S 7D 8D")
    passed.apply(0, Play.parse("♥A A K 10 10"))
    assert passed.throw_beater() is None  # the throw stood


def test_the_cards_that_beat_a_unit_are_the_strongest_of_its_shape() -> None:
    o = ordering("2", "H")  # ♠ is an off suit
    pair = unit_of(cards("10S 10S"), o)
    assert pair is not None
    assert beating_cards(pair, counts("KS KS AS 3D"), o) == tuple(parse_cards("KS KS"))
    assert beating_cards(pair, counts("KS KS AS AS"), o) == tuple(parse_cards("AS AS"))
    assert beating_cards(pair, counts("9S 9S AS 3D"), o) is None  # a lower pair, a lone A
    assert beating_cards(pair, counts("10S 10S"), o) is None  # equal is not higher
    assert beating_cards(pair, counts("AD AD AC AC"), o) is None  # other suits
    single = unit_of(cards("10S"), o)
    assert single is not None
    assert beating_cards(single, counts("JS 3S AS"), o) == tuple(parse_cards("AS"))
    tractor = unit_of(cards("5S 5S 6S 6S"), o)
    assert tractor is not None
    assert beating_cards(tractor, counts("7S 7S 8S 8S 9S 9S 10S 10S"), o) == tuple(
        parse_cards("9S 9S 10S 10S")
    )
    assert beating_cards(tractor, counts("3S 3S 4S 4S"), o) is None  # lower
    assert beating_cards(tractor, counts("9S 9S JS JS"), o) is None  # not adjacent
    assert beating_cards(tractor, counts("9S 9S 10S"), o) is None  # not wide enough


def test_the_strongest_trump_beater_is_chosen_by_order_not_by_card_id() -> None:
    """Level 2, ♥ trump: an off-suit level card (♠2, the lowest card id) outranks the
    trump-suit A, so it is the strongest single, and pair, that beats a led ♥10."""
    o = ordering("2", "H")
    single = unit_of(cards("10H"), o)
    pair = unit_of(cards("10H 10H"), o)
    assert single is not None and pair is not None
    assert beating_cards(single, counts("AH 2S"), o) == tuple(parse_cards("2S"))
    assert beating_cards(pair, counts("AH AH 2S 2S"), o) == tuple(parse_cards("2S 2S"))


def test_the_first_seat_in_play_order_beat_the_throw_with_what_it_held() -> None:
    """Two seats hold a pair above the forced 10-10; the first after the thrower is
    named. A follower's singles played to the trick count once: they make no pair."""
    rnd = Round.from_hands(
        get_preset("zhaopengyou"),
        [
            "AH AH KH 10H 10H 7C",
            "QH 3H 4S 6S 8D 9D",  # no pair of ♥
            "7S 8S 9S JH JH QS",
            "3C 4C 6C 10C 8C JC",
            "3D 4D 6D 7D QH QH",
        ],
        level_rank="2",
        trump_suit="S",
        banker=0,
    )
    rnd.apply(0, Play.parse("♥A A K 10 10"))
    assert rnd.throw_beater() == (2, tuple(parse_cards("JH JH")))
    rnd.apply(1, Play.parse("QH 3H"))
    assert rnd.throw_beater() == (2, tuple(parse_cards("JH JH")))

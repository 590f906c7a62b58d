"""R-5.1, R-5.2 following, and the uniform random follow."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from tests.oracle.follow import FollowRules, lead_units_of
from tests.oracle.leads import submultisets
from tests.oracle.order import RoundOrder
from tests.oracle.units import counter
from zhaopengyou.engine.cards import CARDS, TRUMP, counts_of, parse_cards
from zhaopengyou.engine.follow import (
    best_cores,
    best_profile,
    count_submultisets,
    follow_error,
    iter_legal_follows,
    iter_submultisets,
    random_follow,
    sample_submultiset,
)
from zhaopengyou.engine.leads import parse_lead
from zhaopengyou.engine.ordering import Ordering
from zhaopengyou.engine.units import PAIR, SINGLE, TRIPLE, Shape

from .conftest import counts, ordering, refusal

SPADES = 0
TRACTOR2 = Shape("tractor", 2, 2)


def legal(
    hand: str, play: str, shapes: tuple[Shape, ...], suit: int = SPADES, o: Ordering | None = None
) -> bool:
    o = o or ordering("2", "H")
    return follow_error(counts(hand), counts(play), suit, shapes, o) is None


def test_short_suit_must_play_all_of_it() -> None:
    assert legal("5S 9C KD", "5S 9C", (PAIR,))
    assert not legal("5S 9C KD", "9C KD", (PAIR,))
    err = follow_error(counts("5S 9C KD"), counts("9C KD"), SPADES, (PAIR,), ordering("2", "H"))
    assert err is not None and err.rule == "R-5.1"


def test_long_suit_must_stay_in_suit() -> None:
    assert legal("5S 6S 7S 9C", "5S 7S", (PAIR,))
    err = follow_error(counts("5S 6S 7S 9C"), counts("5S 9C"), SPADES, (PAIR,), ordering("2", "H"))
    assert err is not None and err.rule == "R-5.2"


def test_r52_example_pair_lead() -> None:  # hand ♠8♠8♠8♠K → two ♠8
    assert legal("8S 8S 8S KS", "8S 8S", (PAIR,))
    assert not legal("8S 8S 8S KS", "8S KS", (PAIR,))


def test_r52_example_tractor_lead() -> None:  # ♠9♠9♠Q♠Q♠A → ♠9♠9♠Q♠Q
    hand = "9S 9S QS QS AS"
    assert legal(hand, "9S 9S QS QS", (TRACTOR2,))
    assert not legal(hand, "9S 9S QS AS", (TRACTOR2,))
    o = ordering("2", "H")
    assert best_profile(counts(hand), o.suit_cards[0], (TRACTOR2,), o) == (0, 0, 2)


def test_r52_example_triple_lead() -> None:  # no triple, ♠7♠7 → ♠7♠7 + one more
    hand = "7S 7S 9S JS"
    assert legal(hand, "7S 7S 9S", (TRIPLE,))
    assert legal(hand, "7S 7S JS", (TRIPLE,))
    assert not legal(hand, "7S 9S JS", (TRIPLE,))


def test_triple_lead_with_a_triple_in_hand() -> None:
    hand = "7S 7S 7S 9S 9S"
    assert legal(hand, "7S 7S 7S", (TRIPLE,))
    assert not legal(hand, "9S 9S 7S", (TRIPLE,))


def test_tractor_lead_must_be_followed_by_a_tractor_when_held() -> None:  # step 1
    hand = "3S 3S 4S 4S 9S 9S KS"
    assert legal(hand, "3S 3S 4S 4S", (TRACTOR2,))
    assert not legal(hand, "3S 3S 9S 9S", (TRACTOR2,))


def test_longer_tractor_is_cut_to_the_lead_length() -> None:  # step 1
    hand = "3S 3S 4S 4S 5S 5S"
    assert legal(hand, "4S 4S 5S 5S", (TRACTOR2,))
    assert legal(hand, "3S 3S 4S 4S", (TRACTOR2,))


def test_titanic_lead_followed_by_pair_tractor_when_no_titanic() -> None:  # step 1–2
    o = ordering("2", "H")
    titanic = Shape("tractor", 3, 2)
    hand = "3S 3S 4S 4S 9S 9S 9S KS"
    # A width-2 tractor does not count for a width-3 unit; the tuples do: triple + pair.
    assert best_profile(counts(hand), o.suit_cards[0], (titanic,), o) == (0, 1, 1)
    assert legal(hand, "9S 9S 9S 3S 3S 4S", (titanic,), o=o)
    assert not legal(hand, "3S 3S 4S 4S 9S KS", (titanic,), o=o)


def test_throw_with_tractor_and_pair() -> None:  # steps 1–3
    shapes = (TRACTOR2, PAIR, SINGLE)
    hand = "5S 5S 6S 6S 8S 8S JS QS"
    assert legal(hand, "5S 5S 6S 6S 8S 8S JS", shapes)
    assert not legal(hand, "5S 5S 6S 6S 8S JS QS", shapes)


def test_trump_lead_followed_with_trumps() -> None:  # with the trump suit
    o = ordering("2", "H")
    assert legal("2S 2S LJ 3C", "2S 2S", (PAIR,), suit=TRUMP, o=o)
    assert not legal("2S 2S LJ 3C", "2S LJ", (PAIR,), suit=TRUMP, o=o)


def _enumerated(hand: str, shapes: tuple[Shape, ...], suit: int = SPADES) -> set[tuple[int, ...]]:
    o = ordering("2", "H")
    return {tuple(sorted(p)) for p in iter_legal_follows(counts(hand), suit, shapes, o)}


@pytest.mark.parametrize(
    ("hand", "shapes"),
    [
        ("3S 5S 5S 9S 9S KS", (PAIR,)),
        ("3S 4S 4S 5S 5S 9S 9S KS AS", (TRACTOR2,)),
        ("3S 4S 4S 5S 5S 9S 9S KS AS", (TRACTOR2, SINGLE)),
        ("5S 5S 9C 9C KD", (TRACTOR2,)),
        ("7S 7S 9S 9S JS QS", (PAIR, PAIR, SINGLE)),
        ("3S 5S 9S KS 7H", (SINGLE,)),
        ("5S 5S 5S 9S 9S KS", (PAIR, SINGLE)),  # three decks: cores of unequal weight
        ("5S 5S 9S 9S KS", (PAIR, SINGLE, SINGLE)),  # ♠5♠5♠9♠9 holds both cores
        ("3S 3S 4S 4S 5S 5S 8S 8S 9S 9S JS", (TRACTOR2, TRACTOR2)),
        ("3S 3S 4S 4S 5S 5S 6S 6S 9S 9S JS", (TRACTOR2, TRACTOR2)),
        ("3S 5S 9S KS 7H", (PAIR,)),  # no pair to play: any two of the suit
        ("3S 5S 5S 5S 9S 9S KS", (TRIPLE,)),  # three decks: a triple lead
        ("3S 5S 7S 9S JS KS", (TRACTOR2,)),  # no structure at all: any four of the suit
    ],
)
def test_random_follow_is_uniform_over_the_legal_follows(
    hand: str, shapes: tuple[Shape, ...]
) -> None:
    o = ordering("2", "H")
    legal_set = _enumerated(hand, shapes)
    assert legal_set, "a hand always has a legal follow (R-5)"
    rng = random.Random(42)
    draws = 400 * len(legal_set)
    seen = Counter(
        tuple(sorted(random_follow(counts(hand), SPADES, shapes, o, rng))) for _ in range(draws)
    )
    assert set(seen) == legal_set
    # Each play should come up about 400 times; 5 standard deviations of slack.
    for play, n in seen.items():
        assert abs(n - 400) < 5 * 20, (play, n)


def test_every_enumerated_follow_is_legal_and_no_legal_follow_is_missed() -> None:
    o = ordering("2", "H")
    hand = counts("3S 4S 4S 5S 5S 9S 9S KS")
    from zhaopengyou.engine.follow import iter_submultisets

    items = [(c, n) for c, n in enumerate(hand) if n]
    every = {tuple(sorted(p)) for p in iter_submultisets(items, 4)}
    legal_set = {tuple(sorted(p)) for p in iter_legal_follows(hand, SPADES, (TRACTOR2,), o)}
    for play in every:
        ok = (
            follow_error(
                hand, counts(" ".join(str(parse_cards_id(c)) for c in play)), SPADES, (TRACTOR2,), o
            )
            is None
        )
        assert ok == (play in legal_set)


def parse_cards_id(card: int) -> str:
    from zhaopengyou.engine.cards import CARDS

    return CARDS[card].ascii


TWO_TRACTOR_THROWS = [
    # (lead, follower's hand): every play of the lead's size from ♠ is judged
    ("3S 3S 4S 4S 7S 7S 8S 8S", "5S 5S 6S 6S 9S 9S 10S 10S KS AS"),
    ("3S 3S 4S 4S 7S 7S 8S 8S", "5S 5S 6S 6S 7S 7S 9S 9S QS QS AS"),
    ("3S 3S 4S 4S 7S 7S 8S 8S", "5S 5S 6S 6S 9S 9S JS QS QS KS"),
    ("3S 3S 4S 4S 7S 7S 8S 8S 10S", "5S 5S 6S 6S 9S 9S 10S JS JS QS QS"),
    ("3S 3S 4S 4S 5S 5S 8S 8S 9S 9S", "6S 6S 7S 7S 10S 10S JS JS QS KS KS AS"),
]


@pytest.mark.parametrize(("lead", "hand"), TWO_TRACTOR_THROWS)
def test_r5_2_throws_of_two_tractors_agree_with_the_oracle(lead: str, hand: str) -> None:
    """R-5.2 with several tractors in one throw, where the best-profile procedure may
    not be monotone: engine and the plain reading of RULES.md (tests/oracle) give the
    same verdict on every possible follow, and at least one is refused as R-5.2."""
    o = ordering("2", "H")
    shapes = tuple(u.shape for u in parse_lead(parse_cards(lead), None, o, 2, True))
    assert sum(1 for s in shapes if s.kind == "tractor") >= 2
    order = RoundOrder("tractor", level=0, trump=1)
    rules = FollowRules("tractor", counter(parse_cards(hand)), lead_units_of(lead, order, 2), order)
    refused = 0
    for play in submultisets(counter(parse_cards(hand)), len(parse_cards(lead))):
        error = follow_error(counts(hand), counts_of(play), SPADES, shapes, o)
        assert (error is None) == rules.is_legal(play), (play, error)
        refused += error is not None and error.rule == "R-5.2"
    assert refused


@pytest.mark.parametrize(
    ("hand", "play", "shapes", "missing"),
    [
        ("9S 9S 10S 10S KS AS", "9S 9S KS AS", (TRACTOR2,), "tractor"),
        ("9S 9S 10S 10S KS AS", "9S 9S 10S KS AS", (TRACTOR2, SINGLE), "tractor"),
        ("7S 7S 7S 9S JS", "7S 7S 9S JS", (TRIPLE, SINGLE), "triple"),
        ("7S 7S 9S JS QS", "7S 9S JS", (PAIR, SINGLE), "pair"),
        ("7S 7S 7S 9S JS", "7S 7S 9S", (TRIPLE,), "triple"),
        ("7S 7S 9S JS", "7S 9S JS", (TRIPLE,), "pair"),
    ],
)
def test_r5_2_refusal_names_the_structure_left_out(
    hand: str, play: str, shapes: tuple[Shape, ...], missing: str
) -> None:
    err = follow_error(counts(hand), counts(play), SPADES, shapes, ordering("2", "H"))
    assert err is not None and err.rule == "R-5.2"
    assert err.message == f"you hold a {missing} in the led suit: follow with it"


@pytest.mark.parametrize(
    ("hand", "play", "expected"),
    [
        (
            "5S 9S KD",
            "5S KD KD",
            (
                "R-5.1",
                "R-5.1: must play all 2 cards of the led suit",
                "必须把首出花色的 2 张牌全部出完",
            ),
        ),
        (
            "5S 9S JS KD",
            "5S 9S KD",
            (
                "R-5.1",
                "R-5.1: must play all 3 cards of the led suit",
                "必须把首出花色的 3 张牌全部出完",
            ),
        ),
        (
            "5S 9S JS QS KD",
            "5S 9S KD",
            ("R-5.2", "R-5.2: must play 3 cards of the led suit", "必须出 3 张首出花色的牌"),
        ),
    ],
)
def test_a_follow_off_suit_too_soon_says_how_many_cards_of_the_suit(
    hand: str, play: str, expected: tuple[str, str, str]
) -> None:  # a lead of a single and a pair, three cards
    err = follow_error(counts(hand), counts(play), SPADES, (SINGLE, PAIR), ordering("2", "H"))
    assert refusal(err) == expected


def _random_throw_case(rng: random.Random, decks: int) -> tuple[list[int], list[int]]:
    """A throw of ♠ with multi-card units and up to two singles, and a follower's ♠
    hand."""
    spades = [c for c in range(13) if c != 0]  # ♠3 … ♠A (level 2: ♠2 is a trump)
    lead: list[int] = []
    for _ in range(rng.randint(2, 3)):
        width = rng.choice([2, 2, 3] if decks == 3 else [2])
        length = rng.choice([1, 2, 2, 3])
        start = rng.randrange(len(spades) - length + 1)
        for card in spades[start : start + length]:
            if lead.count(card) + width <= decks:
                lead.extend([card] * width)
    for _ in range(rng.randint(0, 2)):  # singles: fillers beside the reserved cards
        lead.append(rng.choice([c for c in spades if c not in lead]))
    hand: list[int] = []
    while len(hand) < len(lead) + rng.randint(1, 5):
        card = rng.choice(spades)
        if hand.count(card) < decks:
            hand.append(card)
    return lead, hand


@pytest.mark.parametrize("decks", [2, 3])
def test_r5_2_random_throws_with_tractors_agree_with_the_oracle(decks: int) -> None:
    """R-5.2's procedure on random ♠ throws of several tuples and tractors (two and
    three decks): for every follow of the lead's size from the hand, the engine's verdict
    is the oracle's, and some follows are refused."""
    rng = random.Random(decks)
    o = ordering("2", "H")
    order = RoundOrder("zhaopengyou" if decks == 3 else "tractor", level=0, trump=1)
    judged = refused = 0
    while judged < 6_000:
        lead_ids, hand_ids = _random_throw_case(rng, decks)
        lead, hand = [CARDS[c] for c in lead_ids], counter([CARDS[c] for c in hand_ids])
        units = parse_lead(lead, None, o, decks, True)
        if sum(1 for u in units if u.shape.width >= 2) < 2:
            continue
        shapes = tuple(u.shape for u in units)
        rules = FollowRules(order.game, hand, lead_units_of(lead, order, decks), order)
        for play in submultisets(hand, len(lead)):
            error = follow_error(counts_of(hand.elements()), counts_of(play), SPADES, shapes, o)
            assert (error is None) == rules.is_legal(play), (lead, hand, play, error)
            judged += 1
            refused += error is not None
    assert refused > judged // 10


def test_random_follow_falls_back_to_a_uniform_pick_of_the_listed_follows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R-5: when its draws keep being refused (several tractors led), `random_follow`
    lists the legal follows and picks one; forced here by allowing no draw at all."""
    from zhaopengyou.engine import follow

    monkeypatch.setattr(follow, "_MAX_DRAWS", 0)
    o = ordering("2", "H")
    hand, shapes = "3S 3S 4S 4S 5S 5S 8S 8S 9S 9S JS", (TRACTOR2, TRACTOR2)
    legal_set = _enumerated(hand, shapes)
    assert legal_set, "a hand always has a legal follow (R-5)"
    rng = random.Random(7)
    seen = Counter(
        tuple(sorted(random_follow(counts(hand), SPADES, shapes, o, rng)))
        for _ in range(400 * len(legal_set))
    )
    assert set(seen) == legal_set
    assert all(abs(n - 400) < 5 * 20 for n in seen.values()), seen


def _brute_submultisets(items: list[tuple[int, int]], size: int) -> set[tuple[int, ...]]:
    cards = [card for card, copies in items for _ in range(copies)]
    return set(itertools.combinations(cards, size))


@pytest.mark.parametrize("size", range(6))
def test_sub_multisets_are_counted_listed_and_drawn_exactly(size: int) -> None:
    """The counting, listing and sampling that uniform follows rest on, against a brute
    force over card positions: ♠3 twice, ♠4 once, ♠5 three times."""
    items = [(1, 2), (2, 1), (3, 3)]
    expected = _brute_submultisets(items, size)
    listed = [tuple(play) for play in iter_submultisets(items, size)]
    assert sorted(listed) == sorted(expected)  # each exactly once
    assert count_submultisets(items, size) == len(expected)
    rng = random.Random(size)
    drawn = Counter(tuple(sample_submultiset(items, size, rng)) for _ in range(200 * len(expected)))
    assert set(drawn) == expected
    assert all(abs(n - 200) < 5 * 15 for n in drawn.values()), drawn


def test_a_sub_multiset_larger_than_the_cards_cannot_be_drawn() -> None:
    with pytest.raises(ValueError, match=r"^not enough cards$"):
        sample_submultiset([(1, 2), (2, 1)], 4, random.Random(0))
    assert count_submultisets([(1, 2), (2, 1)], 4) == 0
    assert list(iter_submultisets([(1, 2), (2, 1)], 4)) == []


SEVERAL_TRACTORS = [
    (Shape("tractor", w1, l1), Shape("tractor", w2, l2), *extra)
    for (w1, l1), (w2, l2), extra in [
        ((2, 2), (2, 2), ()),
        ((3, 2), (2, 2), ()),
        ((2, 3), (2, 2), ()),
        ((3, 2), (3, 2), ()),
        ((3, 2), (2, 3), ()),
        ((3, 2), (2, 2), (PAIR,)),
        ((2, 2), (2, 2), (PAIR,)),
        ((2, 2), (2, 2), (TRIPLE,)),
        ((2, 3), (2, 2), (PAIR,)),
        ((2, 2), (2, 2), (Shape("tractor", 2, 2),)),
    ]
]


@pytest.mark.parametrize("shapes", SEVERAL_TRACTORS, ids=lambda s: "+".join(map(str, s)))
def test_r5_2_every_play_built_on_a_best_reservation_is_legal(shapes: tuple[Shape, ...]) -> None:
    """R-5.2 with several tractors led: every hand of ♠2…♠7 (up to three copies each,
    level A) that is long in the suit reaches its best profile with every play made of a
    best reservation and any other cards. `follow_error`'s and `random_follow`'s extra
    checks for such leads (docs/testing.md) guard against the opposite."""
    o = Ordering(level_rank=12, trump_suit=1)
    suit = o.suit_cards[0][:6]
    n = sum(shape.size for shape in shapes)
    for copies in itertools.product(range(4), repeat=len(suit)):
        if sum(copies) <= n:
            continue
        hand = counts_of([CARDS[c] for c, k in zip(suit, copies, strict=True) for _ in range(k)])
        best, cores = best_cores(list(hand), o.suit_cards[0], shapes, o)
        for core in cores:
            rest = list(hand)
            for card, k in core:
                rest[card] -= k
            items = [(c, rest[c]) for c in suit if rest[c]]
            for filler in iter_submultisets(items, n - sum(k for _, k in core)):
                play = counts_of(
                    [CARDS[c] for c, k in core for _ in range(k)] + [CARDS[c] for c in filler]
                )
                assert best_profile(play, o.suit_cards[0], shapes, o) == best, (copies, filler)
                assert follow_error(hand, play, 0, shapes, o) is None

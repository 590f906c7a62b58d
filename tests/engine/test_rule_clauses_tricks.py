"""Tie-breaks and 'then / otherwise' clauses of R-1 – R-6 that random games rarely reach,
each reached by a position built by hand (issue 42). Every expected outcome is read from
RULES.md (the docstring quotes the clause), never taken from what the engine returns.

Positions use only the public API: `Round.from_hands`, `Round.apply`, the trick records
and the seats' views (docs/testing.md § Rule clauses tested by hand lists them all)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from zhaopengyou.engine import Play, Preset, Round, Trick, get_preset, parse_cards
from zhaopengyou.engine.events import Event, ThrowFailed

TRACTOR = get_preset("tractor")
TRACTOR3 = get_preset("tractor", decks=3)  # four players, three decks: triples, Titanics
QIDONG = get_preset("qidong")
SHANDONG = get_preset("shandong")


def position(
    preset: Preset,
    hands: list[str],
    *,
    level: str = "2",
    trump: str | None = "H",
    banker: int = 0,
    **options: Any,
) -> Round:
    return Round.from_hands(
        preset, hands, level_rank=level, trump_suit=trump, banker=banker, **options
    )


def play(rnd: Round, *plays: str) -> list[Event]:
    """Each play in turn from the seat to act; the events of the last one."""
    events: list[Event] = []
    for text in plays:
        seat = rnd.to_act
        assert seat is not None
        events = rnd.apply(seat, Play.parse(text))
    return events


def trick(rnd: Round, *plays: str) -> Trick:
    """A whole trick, played in turn from the seat to act; the finished trick."""
    done = len(rnd.tricks)
    play(rnd, *plays)
    assert len(rnd.tricks) == done + 1
    return rnd.tricks[-1]


def same_cards(a: Any, b: str) -> bool:
    return Counter(a) == Counter(parse_cards(b))


def forced(events: list[Event]) -> Counter[Any] | None:
    """The forced unit of the failed throw among ``events`` (R-4.4); None: it stood."""
    failed = [e for e in events if isinstance(e, ThrowFailed)]
    return Counter(failed[0].forced) if failed else None


def finish(rnd: Round) -> None:
    """Play the round out: a leader leads its first card, a follower its first legal
    play."""
    while rnd.result is None:
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        cards = (view.hand[0],) if not rnd.current else tuple(next(iter(view.legal_plays())))
        rnd.apply(seat, Play(cards))


def unit_sets(tr: Trick) -> list[Counter[Any]]:
    return [Counter(u.cards) for u in tr.units]


# --- trumps and the order of cards ------------------------------------------


@pytest.mark.rules("R-1.4")
def test_r1_4_no_trump_round_trumps_only_jokers_and_level_cards() -> None:
    """R-1.4: "A round may have no trump suit (无主): then trumps are jokers and level
    cards". ♠A led; seat 1 (void) discards ♥3, no trump then; seat 2's ♣2, a level card,
    trumps and wins."""
    rnd = position(TRACTOR, ["AS", "3H", "2C", "4S"], trump=None)
    assert trick(rnd, "AS", "3H", "2C", "4S").winner == 2


@pytest.mark.rules("R-2.1")
@pytest.mark.parametrize(
    ("preset", "level", "hands"),
    [
        (TRACTOR, "7", ["8S", "7S", "9S", "6S"]),  # the level rank is left out of ♠
        (SHANDONG, "9", ["4S", "5S", "KS", "6S"]),  # and 2, 3, 5 in shandong
    ],
    ids=["level-rank", "shandong-5"],
)
def test_r2_1_level_rank_and_fixed_trumps_are_left_out_of_their_suit(
    preset: Preset, level: str, hands: list[str]
) -> None:
    """R-2.1: the off-suit order "leav[es] out the level rank (and 2, 3, 5 in shandong)":
    seat 1's ♠7 (level 7) or ♠5 (shandong) is no spade: it trumps the ♠ lead and wins over
    the higher ♠9 / ♠K (R-5.4, R-6.3)."""
    rnd = position(preset, hands, level=level)
    assert trick(rnd, *hands).winner == 1


@pytest.mark.rules("R-2.3")
def test_r2_3_two_copies_of_one_card_tie_the_earlier_wins() -> None:
    """R-2.3: "two copies of one card tie; in a trick the earlier play wins a tie"."""
    rnd = position(TRACTOR, ["KS", "AS", "AS", "3S"])
    assert trick(rnd, "KS", "AS", "AS", "3S").winner == 1


@pytest.mark.rules("R-2.2", "R-2.3")
def test_r2_3_off_suit_level_cards_tie_the_earlier_wins() -> None:
    """R-2.2: "level cards of the other suits (equal to each other)"; R-2.3: the earlier
    wins. ♥A led (trump), seat 1's ♠2 and seat 2's ♣2 tie: seat 1 takes it."""
    rnd = position(TRACTOR, ["AH", "2S", "2C", "KH"])
    assert trick(rnd, "AH", "2S", "2C", "KH").winner == 1


@pytest.mark.rules("R-2.2", "R-2.3")
def test_r2_2_shandong_other_suits_fives_tie_above_the_trump_suit_three() -> None:
    """R-2.2 shandong: "trump-suit 5 > other 5s (equal) > trump-suit 3": ♠ trump, ♠4 led;
    ♥5 and ♣5 tie (the earlier, seat 1, wins) and both beat the trump-suit ♠3."""
    rnd = position(SHANDONG, ["4S", "5H", "5C", "3S"], level="9", trump="S")
    assert trick(rnd, "4S", "5H", "5C", "3S").winner == 1


@pytest.mark.rules("R-2.2")
def test_r2_2_shandong_level_rank_five_sits_in_the_level_tier() -> None:
    """R-2.2 shandong: "When the level rank is itself 2, 3 or 5 it sits in the level
    tier": at level 5 (♠ trump) the ♦5 is an off-suit level card, above the trump-suit
    ♠3 led; ♣3 is below ♠3 (Decision: the trump-suit copy outranks); ♠A is lowest."""
    rnd = position(SHANDONG, ["3S", "3C", "5D", "AS"], level="5", trump="S")
    assert trick(rnd, "3S", "3C", "5D", "AS").winner == 2


@pytest.mark.rules("R-2.2")
def test_r2_2_shandong_other_suits_two_beats_the_trump_suit_ace() -> None:
    """R-2.2 shandong: "… > other 2s > trump-suit A": ♠A led (♠ trump), ♣2 beats it."""
    rnd = position(SHANDONG, ["AS", "2C", "KS", "4D"], level="9", trump="S")
    assert trick(rnd, "AS", "2C", "KS", "4D").winner == 1


# --- units and adjacency ------------------------------------------------------------


@pytest.mark.rules("R-3.1", "R-6.1")
def test_r3_1_level_cards_of_two_suits_are_no_pair() -> None:
    """R-3.1: "Cards of different suits never form a tuple, even when they tie in order":
    ♠2♣2 (level 2, equal) does not match the trump pair ♥3♥3 led, so cannot win (R-6.3)
    though both cards are higher."""
    rnd = position(TRACTOR, ["3H 3H", "2S 2C", "4S 5S", "4D 5D"])
    assert trick(rnd, "3H 3H", "2S 2C", "4S 5S", "4D 5D").winner == 0


@pytest.mark.rules("R-3.3")
@pytest.mark.parametrize(
    ("seat2", "winner"),
    [("3S 4S 6S 7S", 0), ("AH AH 2S 2S", 2)],
    ids=["two-off-suit-level-pairs", "trump-ace-then-off-suit-level"],
)
def test_r3_3_off_suit_level_cards_of_two_suits_are_not_adjacent(seat2: str, winner: int) -> None:
    """R-3.3 Decision: "the trump chain runs highest ordinary trump-suit card … → each
    off-suit level card → …. Two off-suit level cards of different suits are not adjacent
    to each other": on the trump tractor ♥9♥9♥10♥10, seat 1's ♣2♣2♦2♦2 is two pairs, no
    tractor, and does not match; seat 2's ♥A♥A♠2♠2 is a tractor and wins."""
    hands = ["9H 9H 10H 10H", "2C 2C 2D 2D", seat2, "3C 4C 6C 7C"]
    rnd = position(TRACTOR, hands)
    assert trick(rnd, *hands).winner == winner


@pytest.mark.rules("R-3.3")
def test_r3_3_level_three_makes_two_and_four_adjacent() -> None:
    """R-3.3: "with level 3 the pairs ♠2♠2♠4♠4 are adjacent": led, it is one tractor
    (no throw that seat 1's ♠5♠5 could beat), and seat 1's tractor ♠5♠5♠6♠6 wins it."""
    hands = ["2S 2S 4S 4S", "5S 5S 6S 6S", "KS KS AS QS", "7C 8C 9C JC"]
    rnd = position(TRACTOR, hands, level="3")
    events = play(rnd, hands[0])
    assert forced(events) is None
    tr = trick(rnd, *hands[1:])
    assert unit_sets(tr) == [Counter(parse_cards("2S 2S 4S 4S"))]
    assert tr.winner == 1


@pytest.mark.rules("R-3.3")
def test_r3_3_at_level_ace_the_king_runs_into_the_off_suit_aces() -> None:
    """R-3.3 Decision: the chain runs from the "highest ordinary trump-suit card (A, or K
    when the level rank is A) → each off-suit level card": at level A ♥K♥K♣A♣A is a
    tractor and beats the trump tractor ♥J♥J♥Q♥Q."""
    hands = ["JH JH QH QH", "KH KH AC AC", "3S 4S 6S 7S", "3C 4C 6C 7C"]
    rnd = position(TRACTOR, hands, level="A")
    assert trick(rnd, *hands).winner == 1


@pytest.mark.rules("R-3.4", "R-4.4")
def test_r3_4_qidong_level_pairs_are_no_tractor_so_the_throw_fails() -> None:
    """R-3.4 (qidong): "trump-2 pair + off-2 pair … not tractors": ♥2♥2♠2♠2 is a throw of
    two pairs; seat 3's 小王 pair beats both, so it fails (R-4.3) and the pair with the
    lowest top, ♠2♠2 (off-suit level < trump-suit level, R-2.2), is forced (R-4.4). The
    banker threw four cards: +5·4 to X (R-4.4 qidong)."""
    hands = ["2H 2H 2S 2S", "3C 4C 6C 7C", "3D 4D 6D 7D", "LJ LJ 8C 9C", "8D 9D JD QD"]
    rnd = position(QIDONG, hands, solo=True)
    assert forced(play(rnd, "2H 2H 2S 2S")) == Counter(parse_cards("2S 2S"))
    finish(rnd)  # no card of the hands is a point card
    assert rnd.result is not None and rnd.result.attackers_points == 20


# --- throws --------------------------------------------------------------------------


@pytest.mark.rules("R-4.2", "R-3.2")
def test_r4_2_remaining_tie_goes_to_the_parse_that_uses_spades() -> None:
    """R-4.2: "remaining ties (… no-trump ♠6♠6+LJLJ vs ♣6♣6+LJLJ at level 6) go to the
    parse whose tractor or tuple uses the first suit in the order ♠ ♥ ♣ ♦": the tractor is
    ♠6♠6 小王小王, the pair ♣6♣6. Nobody holds two 大王, so the throw stands (R-4.3)."""
    hands = [
        "6S 6S 6C 6C LJ LJ",
        "BJ 3D 4D 5D 7D 8D",
        "BJ 3C 4C 5C 7C 8C",
        "3H 4H 5H 7H 8H 9H",
    ]
    rnd = position(TRACTOR, hands, level="6", trump=None)
    assert forced(play(rnd, hands[0])) is None
    tr = trick(rnd, *hands[1:])
    assert sorted(unit_sets(tr), key=len) == [
        Counter(parse_cards("6C 6C")),
        Counter(parse_cards("6S 6S LJ LJ")),
    ]


@pytest.mark.rules("R-4.3")
@pytest.mark.parametrize(
    ("seat3", "kitty", "expected"),
    [
        ("3C 4C 6C", "LJ LJ BJ BJ 2H 2H 5C 5D", None),
        ("2H 4C 6C", "LJ LJ BJ BJ 2H 5C 5D 6D", "2S"),
    ],
    ids=["equal-cards-only", "a-higher-single"],
)
def test_r4_3_a_single_is_beaten_only_by_a_higher_single(
    seat3: str, kitty: str, expected: str | None
) -> None:
    """R-4.3: a throw fails when another holds "for a single, a higher single": the trump
    throw ♠2 + ♥A♥A stands against ♣2 and ♦2, which only tie with ♠2 (R-2.2); a ♥2 beats
    the ♠2, which is then forced (R-4.4)."""
    hands = ["2S AH AH", "2C 3S 4S", "2D 5S 6S", seat3]
    rnd = position(TRACTOR, hands, kitty=kitty)
    got = forced(play(rnd, "2S AH AH"))
    assert got == (None if expected is None else Counter(parse_cards(expected)))


@pytest.mark.rules("R-4.3")
@pytest.mark.parametrize(
    ("seat1", "expected"),
    [("KS KS 3C 4C", None), ("KS KS KS 3C", "QS QS QS")],
    ids=["held-twice", "held-three-times"],
)
def test_r4_3_a_triple_is_beaten_only_by_a_card_held_three_times(
    seat1: str, expected: str | None
) -> None:
    """R-4.3: "for a w-tuple, a higher card held at least w times": ♠QQQ + ♠A (3 decks)
    stands against ♠K♠K; ♠K♠K♠K beats the triple, which is forced."""
    hands = ["QS QS QS AS", seat1, "3D 4D 6D 7D", "3H 4H 6H 7H"]
    rnd = position(TRACTOR3, hands)
    got = forced(play(rnd, hands[0]))
    assert got == (None if expected is None else Counter(parse_cards(expected)))


@pytest.mark.rules("R-4.3")
@pytest.mark.parametrize(
    ("seat1", "expected"),
    [("9S 9S 10S 10S 3C 4C 6C", None), ("9S 9S 10S 10S JS JS 3C", "4S 4S 5S 5S 6S 6S")],
    ids=["shorter-higher-tractor", "as-long-higher-tractor"],
)
def test_r4_3_a_tractor_is_beaten_only_by_one_at_least_as_long(
    seat1: str, expected: str | None
) -> None:
    """R-4.3: "for a tractor (w, L), a tractor of width ≥ w and length ≥ L whose top card
    is higher": ♠445566 + ♠A stands against the higher but shorter ♠9♠9♠10♠10; a
    three-pair tractor ♠9 … ♠J beats it and the tractor is forced."""
    hands = ["4S 4S 5S 5S 6S 6S AS", seat1, "3D 4D 6D 7D 8D 9D JD", "3C 5C 7C 8C 9C JC QC"]
    rnd = position(TRACTOR, hands)
    got = forced(play(rnd, hands[0]))
    assert got == (None if expected is None else Counter(parse_cards(expected)))


@pytest.mark.rules("R-4.3", "R-3.2")
def test_r4_3_a_wider_tractor_beats_a_pair_tractor_in_a_throw() -> None:
    """R-4.3: a tractor of "width ≥ w": the Titanic ♠777888 (3 decks) beats the pair
    tractor ♠5♠5♠6♠6 of the throw ♠5566 + ♠A, which is forced."""
    hands = ["5S 5S 6S 6S AS 3H", "7S 7S 7S 8S 8S 8S", "3D 4D 6D 7D 8D 9D", "3C 4C 6C 7C 8C 9C"]
    rnd = position(TRACTOR3, hands)
    assert forced(play(rnd, "5S 5S 6S 6S AS")) == Counter(parse_cards("5S 5S 6S 6S"))


@pytest.mark.rules("R-4.4")
def test_r4_4_the_lowest_top_is_forced_before_a_narrower_unit() -> None:
    """R-4.4: "among the beaten units, the one with the lowest top card is forced": seat 1
    beats the pair ♠9♠9 (♠10♠10) and the single ♠J (♠Q) of ♠AA J 99; the pair has the
    lower top and is forced though wider. −1 积分 to the thrower (`tractor`)."""
    hands = ["AS AS JS 9S 9S", "10S 10S QS 3C 4C", "3D 4D 6D 7D 8D", "5C 6C 7C 8C 9C"]
    rnd = position(TRACTOR, hands)
    assert forced(play(rnd, hands[0])) == Counter(parse_cards("9S 9S"))
    assert rnd.penalties == [-1, 0, 0, 0]


@pytest.mark.rules("R-4.4", "R-2.2")
def test_r4_4_equal_tops_the_narrower_unit_is_forced() -> None:
    """R-4.4: "ties: the narrower": ♥2♥2 beats both the pair ♣2♣2 and the single ♦2 of a
    trump throw; their tops tie (R-2.2, other level cards are equal), so the single ♦2,
    the narrower, is forced."""
    hands = ["2C 2C 2D", "2H 2H 3C", "3D 4D 6D", "4S 5S 6S"]
    rnd = position(TRACTOR, hands)
    assert forced(play(rnd, hands[0])) == Counter(parse_cards("2D"))


@pytest.mark.rules("R-4.4", "R-4.2")
def test_r4_4_equal_tops_and_widths_the_shorter_unit_is_forced() -> None:
    """R-4.2: ♥A♥A♣2♣2♦2♦2 parses as the tractor ♥A♥A♣2♣2 (the tie of ♣2 and ♦2 goes to
    the first suit, ♣) + the pair ♦2♦2. Seat 1's ♥2♥2 beats the pair and its tractor
    ♥2♥2 小王小王 (R-3.3) the tractor; tops tie, widths are 2 and 2, so R-4.4's "then the
    shorter unit" forces the pair (one tuple long) ♦2♦2."""
    hands = [
        "AH AH 2C 2C 2D 2D",
        "2H 2H LJ LJ 3C 4C",
        "3D 4D 6D 7D 8D 9D",
        "3S 4S 5S 6S 7S 8S",
    ]
    rnd = position(TRACTOR, hands)
    assert forced(play(rnd, hands[0])) == Counter(parse_cards("2D 2D"))


@pytest.mark.rules("R-4.4")
def test_r4_4_qidong_single_or_pair_the_lowest_top_and_five_points_a_card() -> None:
    """R-4.4 qidong: "the seed-001 'either single or pair' case picks by the lowest top
    card": ♠A♠A beats the pair ♠Q♠Q and the single ♠K of the banker's throw; the pair (top
    Q) is forced. "banker's side threw: +5·n": X = 15 + the ♠K (10) that seat 4, an
    attacker, takes in the last trick, the kitty being empty."""
    hands = ["QS QS KS", "3C 4C 6C", "AS AS 3D", "7C 8C 9C", "4D 6D 7D"]
    rnd = position(QIDONG, hands, solo=True)
    assert forced(play(rnd, "QS QS KS")) == Counter(parse_cards("QS QS"))
    assert trick(rnd, "3C 4C", "AS AS", "7C 8C", "4D 6D").winner == 2
    assert trick(rnd, "3D", "9C", "7D", "KS", "6C").winner == 4
    assert rnd.result is not None
    assert (rnd.result.trick_points, rnd.result.attackers_points) == (10, 25)


# --- following -----------------------------------------------------------------------


def follow_error(preset: Preset, hands: list[str], lead: str, seat1_play: str) -> str | None:
    """The rule seat 1 breaks following ``lead`` with ``seat1_play`` (None: legal)."""
    rnd = position(preset, hands)
    play(rnd, lead)
    error = rnd.view(1).play_error(parse_cards(seat1_play))
    return None if error is None else error.rule


@pytest.mark.rules("R-5.2")
@pytest.mark.parametrize(
    ("seat1_play", "rule"),
    [("7S 7S 8S 8S", None), ("7S 7S QS QS", "R-5.2"), ("8S 8S QS QS", "R-5.2")],
)
def test_r5_2_a_wider_tractor_gives_the_pair_tractor_asked_for(
    seat1_play: str, rule: str | None
) -> None:
    """R-5.2 step 1: "if the cards still free hold a tractor of width ≥ w and length ≥ L,
    reserve w·L cards of it": holding the Titanic ♠777888, seat 1 must follow the pair
    tractor ♠3♠3♠4♠4 with ♠7♠7♠8♠8, not with two pairs."""
    hands = [
        "3S 3S 4S 4S 3C 4C 6C 7C",
        "7S 7S 7S 8S 8S 8S QS QS",
        "3D 4D 6D 7D 8D 9D JD QD",
        "3C 4C 6C 7C 8C 9C JC QC",
    ]
    assert follow_error(TRACTOR3, hands, "3S 3S 4S 4S", seat1_play) == rule


@pytest.mark.rules("R-5.2")
@pytest.mark.parametrize(
    ("seat1_play", "rule"),
    [
        ("9S 9S 10S 10S QS QS", None),
        ("9S 9S QS QS AS KS", "R-5.2"),
        ("9S 9S 10S 10S AS KS", "R-5.2"),
    ],
)
def test_r5_2_a_shorter_tractor_counts_as_its_pairs(seat1_play: str, rule: str | None) -> None:
    """R-5.2 step 1: "A tractor shorter than L does not count here; its tuples may count
    in step 2": on ♠334455 seat 1 (♠9♠9♠10♠10, ♠Q♠Q, ♠A, ♠K) must give three pairs; any
    three do, its two-pair tractor earns nothing more."""
    hands = [
        "3S 3S 4S 4S 5S 5S 3C 4C",
        "9S 9S 10S 10S QS QS AS KS",
        "3D 4D 6D 7D 8D 9D JD QD",
        "3C 4C 6C 7C 8C 9C JC QC",
    ]
    assert follow_error(TRACTOR, hands, "3S 3S 4S 4S 5S 5S", seat1_play) == rule


@pytest.mark.rules("R-5.2")
@pytest.mark.parametrize(
    ("seat1_play", "rule"),
    [("8S 8S 8S KS 9S", None), ("8S 8S 8S 9S 4S", None), ("8S 8S KS 9S 4S", "R-5.2")],
)
def test_r5_2_triples_are_reserved_before_pairs(seat1_play: str, rule: str | None) -> None:
    """R-5.2 step 2: "for w = 3, then w = 2": on the throw ♠AAA + ♠QQ (3 decks) seat 1's
    ♠888 fills the triple; the pair then becomes two singles (no pair is left), so
    ♠888 + any two is legal and ♠88 + three singles is not (profile (0, 1, 0) is greater
    than (0, 0, 1), step 3)."""
    hands = [
        "AS AS AS QS QS 3C",
        "8S 8S 8S KS 9S 4S",
        "3D 4D 6D 7D 8D 9D",
        "3C 4C 6C 7C 8C 9C",
    ]
    assert follow_error(TRACTOR3, hands, "AS AS AS QS QS", seat1_play) == rule


@pytest.mark.rules("R-5.3")
@pytest.mark.parametrize(
    ("seat1", "seat1_play", "rule"),
    [
        ("4S 4S 8S 8S QS QS", "4S 4S QS QS", None),
        ("4S 4S 8S 8S QS QS", "4S 4S 8S 8S", None),
        ("4S 4S 8S 8S QS QS", "4S 4S 8S QS", "R-5.3"),
        ("4S 4S 10S QS KS AS", "4S 4S AS KS", None),
        ("4S 4S 10S QS KS AS", "4S 4S QS 10S", "R-5.3"),
        ("4S 4S 10S QS KS AS", "AS KS QS 10S", "R-5.3"),
    ],
)
def test_r5_3_shandong_pairs_any_of_them_then_the_highest(
    seat1: str, seat1_play: str, rule: str | None
) -> None:
    """R-5.3: without a 刮风 as long as the one led, "play as many pairs as you hold (up
    to L, any of them), and fill the rest with your highest S cards": on ♠6677 (level 9,
    ♥ trump) any two of three pairs; one pair ♠4♠4 and then ♠A ♠K."""
    hands = ["6S 6S 7S 7S 3C 4C", seat1, "4D 6D 7D 8D 9D JD", "6C 7C 8C 9C JC QC"]
    rnd = position(SHANDONG, hands, level="9")
    play(rnd, "6S 6S 7S 7S")
    error = rnd.view(1).play_error(parse_cards(seat1_play))
    assert (None if error is None else error.rule) == rule


# --- winning a trick -----------------------------------------------------------------


@pytest.mark.rules("R-6.3", "R-2.3")
def test_r6_3_equal_trump_pairs_first_played_wins() -> None:
    """R-6.3: "between two matching plays of the same effective suit the higher key wins;
    ties go to the earlier play": ♣2♣2 and ♦2♦2 trump ♠K♠K with equal keys (R-2.2)."""
    hands = ["KS KS", "2C 2C", "2D 2D", "3S 4S"]
    rnd = position(TRACTOR, hands)
    assert trick(rnd, *hands).winner == 1


@pytest.mark.rules("R-6.2", "R-6.3")
def test_r6_2_a_throw_is_keyed_by_its_pair_and_equal_keys_go_to_the_earlier() -> None:
    """R-6.2: the key is "the highest top card among its units of the format's dominant
    shape": on ♠AA + ♠K, seat 1's ♣2♣2 + ♥3 and seat 2's ♦2♦2 + ♥A are keyed by their
    pairs, which tie; seat 2's higher single does not count, the earlier wins (R-6.3)."""
    hands = ["AS AS KS", "2C 2C 3H", "2D 2D AH", "3S 4S 6S"]
    rnd = position(TRACTOR, hands)
    assert forced(play(rnd, hands[0])) is None
    assert trick(rnd, *hands[1:]).winner == 1


@pytest.mark.rules("R-6.2")
def test_r6_2_dominant_shape_is_the_largest_w_times_l() -> None:
    """R-6.2: dominant shape "largest w·L, then w": the throw ♠AAA + ♠7788 (3 decks) is
    keyed by its tractor (w·L 4 > 3): seat 2's ♥9♥9♥10♥10 beats seat 1's ♥3♥3♥4♥4 though
    seat 1's triple ♥KKK is above seat 2's ♥555."""
    hands = [
        "AS AS AS 7S 7S 8S 8S",
        "KH KH KH 3H 3H 4H 4H",
        "5H 5H 5H 9H 9H 10H 10H",
        "3C 4C 6C 7C 8C 9C JC",
    ]
    rnd = position(TRACTOR3, hands)
    assert forced(play(rnd, hands[0])) is None
    assert trick(rnd, *hands[1:]).winner == 2


@pytest.mark.rules("R-6.2", "R-4.2")
def test_r6_2_at_equal_w_times_l_the_wider_shape_dominates() -> None:
    """R-6.2: "largest w·L, then w": the throw Titanic ♠333444 + pair tractor ♠8899 10 10
    (both w·L 6) is keyed by the Titanic: seat 1's ♥QQQKKK beats seat 2's ♥666777, though
    seat 2's pair tractor (top ♥10) is above seat 1's (top ♥5)."""
    hands = [
        "3S 3S 3S 4S 4S 4S 8S 8S 9S 9S 10S 10S",
        "QH QH QH KH KH KH 3H 3H 4H 4H 5H 5H",
        "6H 6H 6H 7H 7H 7H 8H 8H 9H 9H 10H 10H",
        "3C 4C 6C 7C 8C 9C JC QC 3D 4D 6D 7D",
    ]
    rnd = position(TRACTOR3, hands)
    assert forced(play(rnd, hands[0])) is None
    assert trick(rnd, *hands[1:]).winner == 1


@pytest.mark.rules("R-6.1", "R-3.6")
@pytest.mark.parametrize(
    ("seat1", "winner"),
    [("6S 7S 7S 8S 9S 10S JS", 0), ("6S 6S 7S 7S 8S 9S 10S", 1)],
    ids=["one-doubled-number", "two-doubled-numbers"],
)
def test_r6_1_shandong_snow_matches_only_with_as_many_doubled_numbers(
    seat1: str, winner: int
) -> None:
    """R-6.1: "a rain or snow of the same length (snow: the same number of doubled
    numbers)": on the ♦ snow 6 77 88 9 10 (two doubled), a trump snow of seven cards with
    one doubled number does not match; one with two doubled numbers trumps it."""
    hands = [
        "6D 7D 7D 8D 8D 9D 10D",
        seat1,
        "4C 6C 7C 8C 9C 10C JC",
        "QC AC 4H 6H 7H 8H 9H",
    ]
    rnd = position(SHANDONG, hands, level="K", trump="S")
    assert trick(rnd, *hands).winner == winner

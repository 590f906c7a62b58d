"""Tie-breaks and 'then / otherwise' clauses of R-7, R-9 and R-10 that random games rarely
reach: the kitty multiplier of every lead shape in every preset, played out as a last
trick, the band boundaries, the tops of the ladders, 逢J必打 and the next banker (issue
42). Every expected outcome is read from RULES.md, never taken from the engine.

The positions are one-trick rounds (the last trick of a round) built with
`Round.from_hands`; the attackers' seat 1 leads it unless said otherwise."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from zhaopengyou.engine import Play, Preset, Round, RoundResult, get_preset, parse_cards
from zhaopengyou.engine.cards import RANK_NAMES
from zhaopengyou.engine.table import Band

TRACTOR = get_preset("tractor")
TRACTOR3 = get_preset("tractor", decks=3)
ZHAOPENGYOU = get_preset("zhaopengyou")
QIDONG = get_preset("qidong")
SHANDONG = get_preset("shandong")


def filler(ranks: str, decks: int) -> Iterator[str]:
    """Clubs and diamonds of ``ranks``, each card at most ``decks`` times: cards that are
    neither trump (♥ trump, no level card among them) nor points nor ♠."""
    cards = [f"{r}{s}" for s in "CD" for r in ranks.split()]
    return iter([c for _ in range(decks) for c in cards])


def last_trick(
    preset: Preset,
    lead: str,
    *,
    kitty: str,
    level: str = "2",
    trump: str | None = "H",
    filler_ranks: str = "3 4 6 7 8 9 J Q",
    others: dict[int, str] | None = None,
    leader: int = 1,
    **options: Any,
) -> Round:
    """The round's only (so last) trick: ``leader`` leads ``lead``; every other seat holds
    ``others[seat]`` or as many filler cards, void in ♠ and in trumps; banker seat 0."""
    size = len(parse_cards(lead))
    pool = filler(filler_ranks, preset.decks)
    given = others or {}
    hands = [
        lead if seat == leader else given.get(seat, " ".join(next(pool) for _ in range(size)))
        for seat in range(preset.players)
    ]
    rnd = Round.from_hands(
        preset,
        hands,
        level_rank=level,
        trump_suit=trump,
        banker=0,
        kitty=kitty,
        leader=leader,
        **options,
    )
    for step in range(preset.players):
        seat = (leader + step) % preset.players
        rnd.apply(seat, Play.parse(hands[seat]))
    return rnd


def result_of(rnd: Round) -> RoundResult:
    assert rnd.result is not None
    return rnd.result


def points(text: str) -> int:
    """R-1.3: "each 5 is 5 points, each 10 and each K is 10 points"."""
    return sum({"5": 5, "10": 10, "K": 10}.get(card[:-1], 0) for card in text.split())


def ranks(*names: str) -> tuple[int, ...]:
    return tuple(RANK_NAMES.index(n) for n in names)


# --- kitty multipliers, every lead shape -------------------------------------------

KITTY2 = "10C 10D 3H 4H 6H 7H 8H 9H"  # 20 points, 8 cards (two decks)
KITTY3 = "10C 10D 3H 4H 6H 7H"  # 20 points, 6 cards (three decks)


@pytest.mark.rules("R-7.2")
@pytest.mark.parametrize(
    ("preset", "lead", "multiplier"),
    [
        (TRACTOR, "AS", 2),  # single: 2
        (TRACTOR, "AS KS", 2),  # a throw of singles: 2
        (TRACTOR, "AS AS", 4),  # pair: 4
        (TRACTOR, "AS AS KS", 4),  # pair + single: 4
        (TRACTOR, "KS KS AS AS", 8),  # tractor L=2: 2·2^2
        (TRACTOR, "QS QS KS KS AS AS", 16),  # tractor L=3: 2·2^3
        (TRACTOR, "KS KS AS AS 8S 8S", 8),  # tractor L=2 + pair: the tractor rule
        (TRACTOR, "3S 3S 4S 4S QS QS KS KS AS AS", 16),  # L is the longest tractor
        (TRACTOR3, "AS AS AS", 6),  # triple: 6
        (TRACTOR3, "AS AS AS 7S 7S 8S 8S", 6),  # triple before tractor (not 8)
        (TRACTOR3, "KS KS KS AS AS AS", 18),  # Titanic L=2: 2·3^2
        (TRACTOR3, "QS QS QS KS KS KS AS AS AS", 54),  # Titanic L=3: 2·3^3
        (TRACTOR3, "7S 7S 7S 8S 8S 8S 9S 9S", 18),  # Titanic 777888 + pair 99
    ],
    ids=[
        "single",
        "throw-of-singles",
        "pair",
        "pair-and-single",
        "tractor-2",
        "tractor-3",
        "tractor-2-and-pair",
        "tractors-3-and-2",
        "triple",
        "triple-and-tractor",
        "titanic-2",
        "titanic-3",
        "titanic-and-pair",
    ],
)
def test_r7_2_tractor_kitty_multiplier_of_each_lead_shape(
    preset: Preset, lead: str, multiplier: int
) -> None:
    """R-7.2 (`zhaopengyou`, `tractor`): "Titanic of length L: 2·3^L; else triple: 6;
    else tractor of length L: 2·2^L; else pair: 4; else 2. The first rule that applies
    wins; L is the longest such unit." Seat 1, an attacker, leads the last trick and
    nobody can beat it (the others hold no ♠ and no trump): 扣底 adds 20·m."""
    kitty = KITTY3 if preset.decks == 3 else KITTY2
    result = result_of(last_trick(preset, lead, kitty=kitty))
    assert (result.kitty_points, result.kitty_multiplier) == (20, multiplier)
    assert result.kitty_bonus == 20 * multiplier
    assert result.attackers_points == points(lead) + 20 * multiplier


@pytest.mark.rules("R-7.2", "R-4.2", "R-3.2")
def test_r7_2_zhaopengyou_titanic_and_pair_parse() -> None:
    """R-4.2: "♠777888 99 at 3 decks: Titanic 777888 + pair 99" (not the pair tractor
    778899, as large but narrower) and R-7.2: Titanic of length 2 → 2·3^2 = 18, in 找朋友
    (the friend, seat 3, holds the called ♣J; seat 1 is an attacker)."""
    kitty = "10C 10D 3H 4H 6H 7H 8H"
    rnd = last_trick(
        ZHAOPENGYOU,
        "7S 7S 7S 8S 8S 8S 9S 9S",
        kitty=kitty,
        others={3: "JC 3C 4C 6C 7C 8C 9C QC"},
        friend_call="JC",
    )
    assert rnd.friend == 3
    result = result_of(rnd)
    assert (result.kitty_multiplier, result.kitty_bonus) == (18, 360)


@pytest.mark.rules("R-7.2", "R-6.1")
def test_r7_2_multiplier_comes_from_the_format_not_the_winning_play() -> None:
    """R-7.2 Decision: "m is computed from the last trick's format (R-6.1), not from the
    winning play's own cards": the banker's throw of two pairs ♠AA ♠QQ is trumped by seat
    1's tractor ♥J♥J♥Q♥Q: m is the pair's 4, not the tractor's 8."""
    rnd = last_trick(TRACTOR, "AS AS QS QS", kitty=KITTY2, leader=0, others={1: "JH JH QH QH"})
    assert rnd.tricks[-1].winner == 1
    result = result_of(rnd)
    assert (result.kitty_multiplier, result.kitty_bonus) == (4, 80)


@pytest.mark.rules("R-7.2")
def test_r7_2_no_multiplier_when_the_banker_s_side_wins_the_last_trick() -> None:
    """R-7.2: "If the attackers win the last trick (扣底)" — and only then: the banker
    leads the ♠A, nobody beats it, the kitty's 20 points are not the attackers'."""
    result = result_of(last_trick(TRACTOR, "AS", kitty=KITTY2, leader=0))
    assert (result.kitty_multiplier, result.kitty_bonus, result.attackers_points) == (0, 0, 0)


@pytest.mark.rules("R-7.2")
@pytest.mark.parametrize(
    ("lead", "multiplier"),
    [
        ("AS", 2),  # p = 0
        ("AS KS QS JS 9S", 2),  # five singles: 2
        ("AS AS KS QS JS", 4),  # a pair and three singles: 4
        ("AS AS QS QS", 8),  # two pairs: 8
        ("KS KS AS AS", 8),  # a tractor of 2 pairs counts 2
        ("QS QS KS KS AS AS", 16),  # a tractor of 3 pairs counts 3
        ("KS KS AS AS 8S 8S", 16),  # tractor (2) + pair (1)
    ],
)
def test_r7_2_qidong_kitty_multiplier_counts_pairs(lead: str, multiplier: int) -> None:
    """R-7.2 qidong: "2^(1+p), p = number of pairs in the format (a tractor of L pairs
    counts L). Five singles: 2; a pair and three singles: 4; two pairs: 8." The banker
    plays solo; seat 1, an attacker, leads the last trick and wins it."""
    rnd = last_trick(QIDONG, lead, kitty=KITTY2, solo=True)
    result = result_of(rnd)
    assert (result.kitty_multiplier, result.kitty_bonus) == (multiplier, 20 * multiplier)


@pytest.mark.rules("R-7.2", "R-7.3")
@pytest.mark.parametrize(
    ("lead", "level", "multiplier"),
    [
        ("AS", "9", 1),
        ("AS AS", "9", 2),
        ("QS QS KS KS", "9", 4),  # 刮风 of two pairs
        ("6S 7S 8S 9S 10S JS", "K", 6),  # 下雨 of six numbers, 6–J
    ],
)
def test_r7_2_shandong_multiplier_is_the_number_of_cards_led(
    lead: str, level: str, multiplier: int
) -> None:
    """R-7.2 shandong: "m = number of cards in the lead"; R-7.3: "jokers in the kitty
    count BJ 100 and LJ 80 points, for 扣底": the kitty 大王 小王 ♣10 ♦4 is worth 190."""
    rnd = last_trick(SHANDONG, lead, kitty="BJ LJ 10C 4D", level=level, filler_ranks="6 7 8 9 J Q")
    assert rnd.tricks[-1].winner == 1
    result = result_of(rnd)
    assert (result.kitty_points, result.kitty_multiplier) == (190, multiplier)
    assert result.kitty_bonus == 190 * multiplier


@pytest.mark.rules("R-7.2", "R-3.6")
def test_r7_2_shandong_thunder_counts_its_four_cards() -> None:
    """R-7.2 shandong, m = the cards led: an attacker's 打雷 ♠5♥5♣5♦5 (R-3.6: four cards of
    rank 5, one of each suit) into the last trick: m = 4."""
    rnd = last_trick(
        SHANDONG, "5S 5H 5C 5D", kitty="10C 4D 4C 6D", level="9", filler_ranks="6 7 8 9 J Q"
    )
    assert rnd.tricks[-1].winner == 1
    result = result_of(rnd)
    assert (result.kitty_multiplier, result.kitty_bonus) == (4, 40)


# --- bands, ladders, scores ------------------------------------------

BLANK6 = "3D 4D 6D 7D 8D 9D"


@pytest.mark.rules("R-9.4", "R-9.6", "R-10.3", "R-10.4")
@pytest.mark.parametrize(
    ("others", "kitty", "x", "band"),
    [
        (("3C", "4C", "6C"), "3D 4D 6D 7D 8D 9D JD QD", 0, Band("banker", 3)),
        (("5C", "10C", "3C"), "5D 5H " + BLANK6, 35, Band("banker", 2)),
        (("3C", "4C", "6C"), "10D 10H " + BLANK6, 40, Band("banker", 1)),
        (("5C", "10C", "KC"), "10D 10H " + BLANK6, 65, Band("banker", 1)),
        (("3C", "4C", "6C"), "KD KH 10D 10H 3D 4D 6D 7D", 80, Band("stepdown", 0)),
        (("KC", "10C", "5C"), "KD KH 10D 10H 3D 4D 6D 7D", 105, Band("stepdown", 0)),
        (("3C", "4C", "6C"), "KD KH KC 10D 10H 10C 6D 7D", 120, Band("attackers", 1)),
        (("3C", "4C", "6C"), "KD KH KC 10D 10H 10C 10S KS", 160, Band("attackers", 2)),
        (("5C", "10C", "KC"), "KD KH KC 10D 10H 10C 10S KS", 185, Band("attackers", 2)),
    ],
)
def test_r9_4_band_boundaries_with_two_decks(
    others: tuple[str, str, str], kitty: str, x: int, band: Band
) -> None:
    """R-9.4, u = 40 (two decks): "X = 0: banker side +3; 0 < X < u: +2; u ≤ X < 2u: +1;
    2u ≤ X < 3u: banker steps down, no level changes; X ≥ 3u: attackers +1 +
    ⌊(X − 3u)/u⌋". Seat 1 (attacker) takes the last trick with the ♠A, X = its points +
    2 × the kitty's. R-10.3: each of the side that won k scores +k, the others −k; step
    down: 0. R-9.6: held → the banker's partner; otherwise the first attacker after the
    banker (seat 1)."""
    rnd = last_trick(
        TRACTOR,
        "AS",
        kitty=kitty,
        level="7",
        levels=["7"] * 4,
        others={2: others[0], 3: others[1], 0: others[2]},
    )
    result = result_of(rnd)
    assert (result.attackers_points, result.band) == (x, band)
    k = band.k
    signs = {"banker": (1, -1, 1, -1), "attackers": (-1, 1, -1, 1), "stepdown": (0,) * 4}
    assert result.scores == tuple(k * s for s in signs[band.side])
    assert sum(result.scores) == sum(result.penalties) == 0
    up = {"banker": (k, 0, k, 0), "attackers": (0, k, 0, k), "stepdown": (0,) * 4}
    assert result.levels_after == tuple(RANK_NAMES.index("7") + u for u in up[band.side])
    assert result.next_banker == (2 if band.side == "banker" else 1)


@pytest.mark.rules("R-9.4", "R-4.4", "R-10.2")
def test_r9_4_qidong_negative_x_counts_as_zero() -> None:
    """R-9.4: "(a negative X counts as 0): X = 0: banker side +3". An attacker's failed
    throw of three cards costs −15 (R-4.4 qidong), and the attackers take no points: X =
    −15, the band of X = 0. R-10.2 solo: "each of the four attackers ∓2k, banker ±8k",
    × c = 1 (no bid)."""
    hands = ["KS 3H 4H", "AS AS QS", "3C 4C 6C", "7C 8C 9C", "3D 4D 6D"]
    rnd = Round.from_hands(
        QIDONG, hands, level_rank="2", trump_suit="H", banker=0, solo=True, leader=1
    )
    rnd.apply(1, Play.parse("AS AS QS"))  # the banker's ♠K beats the ♠Q: fails
    assert [p.cards for p in rnd.current] == [tuple(parse_cards("QS"))]
    for seat, text in [(2, "3C"), (3, "7C"), (4, "3D"), (0, "KS")]:
        rnd.apply(seat, Play.parse(text))
    for lead in ("3H", "4H"):  # the banker's trumps take the rest
        rnd.apply(0, Play.parse(lead))
        for seat in (1, 2, 3, 4):
            rnd.apply(seat, Play((rnd.view(seat).hand[0],)))
    result = result_of(rnd)
    assert result.attackers_points == -15
    assert result.band == Band("banker", 3)
    assert result.scores == (24, -6, -6, -6, -6)


@pytest.mark.rules("R-9.4", "R-9.5", "R-10.3")
def test_r9_4_tractor_levels_stop_at_a_but_scores_count_k() -> None:
    """R-9.4: "Levels never go past the top of the ladder (A)": the banker's team at K
    holds with X = 0 (+3) and reaches A, not beyond. R-10.3: each scores the band value
    "before caps": ±3. R-9.5: holding the bank at A wins only when held *at* A, so not yet
    (the bank was held at K); the partner banks next (R-9.6)."""
    rnd = last_trick(
        TRACTOR,
        "AS",
        kitty="3D 4D 6D 7D 8D 9D JD QD",
        level="K",
        levels=["K", "2", "K", "2"],
        leader=0,
    )
    result = result_of(rnd)
    assert result.band == Band("banker", 3)
    assert result.levels_after == ranks("A", "2", "A", "2")
    assert result.scores == (3, -3, 3, -3)
    assert not result.bank_held_at_top and result.next_banker == 2


@pytest.mark.rules("R-9.4", "R-9.5", "R-10.3")
@pytest.mark.parametrize(
    ("level", "after", "held_at_top"),
    [("Q", "K", False), ("K", "K", True)],
    ids=["Q-plus-3-stops-at-K", "held-at-K"],
)
def test_r9_5_shandong_ladder_tops_out_at_k(level: str, after: str, held_at_top: bool) -> None:
    """R-9.4: levels never go past "`shandong`: K"; R-9.5: "a team that holds the bank at
    K wins". The banker's team holds with X = 0 (+3, R-10.3: ±3 whatever the cap)."""
    rnd = last_trick(
        SHANDONG,
        "AS",
        kitty="4C 4D 6C 6D",
        level=level,
        levels=[level, "4", level, "4"],
        leader=0,
        filler_ranks="6 7 8 9 J",
    )
    result = result_of(rnd)
    assert result.band == Band("banker", 3)
    assert result.levels_after == ranks(after, "4", after, "4")
    assert result.scores == (3, -3, 3, -3)
    assert result.bank_held_at_top is held_at_top


@pytest.mark.rules("R-9.4", "R-9.7", "R-10.3", "R-7.3")
@pytest.mark.parametrize(
    ("attackers_level", "after"),
    [("9", "J"), ("J", "J"), ("4", "7")],
    ids=["9-plus-3-stops-at-J", "attackers-at-J-stay", "4-plus-3"],
)
def test_r9_7_shandong_attackers_rise_stops_at_j(attackers_level: str, after: str) -> None:
    """R-9.7 逢J必打: "A rise that would pass J stops at J; a team at J rises only from a
    round in which it was the banker's side at J." Seat 1 takes the last trick with a
    single over a kitty of 大王 小王 (180, R-7.3; m = 1): X = 180 ≥ 80, attackers +1 +
    ⌊(180 − 80)/40⌋ = 3 (R-9.4) and the bank (R-9.6: seat 1); R-10.3 scores ±3 "before
    caps and J rules"."""
    rnd = last_trick(
        SHANDONG,
        "AS",
        kitty="BJ LJ 4C 4D",
        level="6",
        levels=["6", attackers_level, "6", attackers_level],
        filler_ranks="7 8 9 J Q",
    )
    result = result_of(rnd)
    assert (result.attackers_points, result.band) == (180, Band("attackers", 3))
    assert result.levels_after == ranks("6", after, "6", after)
    assert result.scores == (-3, 3, -3, 3)
    assert result.next_banker == 1


@pytest.mark.rules("R-9.6", "R-9.4", "R-10.1", "R-9.1")
def test_r9_6_next_banker_is_the_first_attacker_after_the_banker_past_the_friend() -> None:
    """R-9.6: otherwise (the bank changes hands) "the first attacker after the banker in
    play order": banker seat 3, friend seat 4 (the first after it holding the called ♦Q,
    R-9.1), so seat 0. X = 2 × 60 = 120 = 2u with three decks: step down, no level changes
    (R-9.4), so every R-10.1 score Σ (L_i − L_j) is 0."""
    hands = ["AS", "3C", "4C", "6C", "QD"]
    rnd = Round.from_hands(
        ZHAOPENGYOU,
        hands,
        level_rank="5",
        trump_suit="H",
        banker=3,
        kitty="KC KD 10C 10D KH 10H 3D",
        levels=["5"] * 5,
        friend_call="QD",
        leader=0,
    )
    assert rnd.friend == 4
    for seat in (0, 1, 2, 3, 4):
        rnd.apply(seat, Play.parse(hands[seat]))
    result = result_of(rnd)
    assert (result.attackers_points, result.band) == (120, Band("stepdown", 0))
    assert result.next_banker == 0
    assert result.scores == (0,) * 5


@pytest.mark.rules("R-9.1")
def test_r9_1_three_decks_banker_with_two_copies_still_has_a_friend() -> None:
    """R-9.1 Decision: "with 3 decks the banker is alone only when no other hand holds a
    copy": the banker holds two ♠A, seat 3 the third: seat 3 is the friend."""
    hands = ["AS AS", "3C 4C", "6C 7C", "AS 8C", "9C JC"]
    rnd = Round.from_hands(
        ZHAOPENGYOU, hands, level_rank="2", trump_suit="H", banker=0, friend_call="AS"
    )
    assert rnd.friend == 3 and rnd.banker_side() == (0, 3)


@pytest.mark.rules("R-9.3")
def test_r9_3_a_hidden_friend_s_points_are_the_banker_side_s_all_along() -> None:
    """R-9.3: "Points won by a hidden friend are the banker's side's all along": seat 2
    takes the ♠K (10) before it shows the called ♦A; X stays 0."""
    hands = ["3S 6D", "4S 7D", "KS AD", "6S 3D", "7S 4D"]
    rnd = Round.from_hands(
        ZHAOPENGYOU, hands, level_rank="2", trump_suit="H", banker=0, friend_call="AD"
    )
    for seat, text in [(0, "3S"), (1, "4S"), (2, "KS"), (3, "6S"), (4, "7S")]:
        rnd.apply(seat, Play.parse(text))
    assert rnd.tricks[0].winner == 2 and rnd.view(1).friend is None  # still hidden
    for seat, text in [(2, "AD"), (3, "3D"), (4, "4D"), (0, "6D"), (1, "7D")]:
        rnd.apply(seat, Play.parse(text))
    result = result_of(rnd)
    assert (result.trick_points, result.attackers_points) == (0, 0)
    assert result.band == Band("banker", 3)


@pytest.mark.rules("R-10.2", "R-9.4", "R-10.4")
@pytest.mark.parametrize(
    ("kitty", "x", "scores"),
    [
        ("KC KD 10C 10D KH 10H 3D 4D", 120, (-2, 1, -1, 1, 1)),
        ("KC KD 10C 10D 3D 4D 6D 7D", 80, (0, 0, 0, 0, 0)),
    ],
    ids=["attackers-win", "step-down"],
)
def test_r10_2_qidong_attackers_win_opposite_signs_step_down_zero(
    kitty: str, x: int, scores: tuple[int, ...]
) -> None:
    """R-10.2: "banker's side wins: banker +2k, friend +k, each attacker −k; attackers win:
    the opposite signs; step-down band: 0 for all", × c = 1. Banker seat 0 calls its
    single ♣Q, the twin's holder seat 2 is the friend (R-9.2); seat 1 takes the last
    trick: X = 2 × the kitty (120: attackers +1; 80: step down, R-9.4)."""
    rnd = last_trick(QIDONG, "AS", kitty=kitty, others={0: "QC", 2: "QC"}, friend_call="QC")
    assert rnd.friend == 2
    result = result_of(rnd)
    assert result.attackers_points == x
    assert result.scores == scores
    assert sum(result.scores) == 0

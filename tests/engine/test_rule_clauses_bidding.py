"""The rarer bid ladders of R-8 and the first lead of R-6.5, reached by arranged deals
(issue 42): triples of level cards and of jokers with three decks (R-8.2), the whole
`qidong` ladder of pairs of 2s by suit (R-8.3), and the `shandong` banker leading after
its partner buried (R-6.5, R-8.4). Expected outcomes are read from RULES.md."""

from __future__ import annotations

import pytest

from zhaopengyou.engine import (
    Bid,
    Bury,
    IllegalAction,
    Pass,
    Phase,
    Preset,
    Round,
    Swap,
    get_preset,
    parse_cards,
)

from .conftest import arranged_deck

ZHAOPENGYOU = get_preset("zhaopengyou")
QIDONG = get_preset("qidong")
SHANDONG = get_preset("shandong")


def dealing(preset: Preset, wants: dict[int, str]) -> Round:
    """Round 1 dealt from seat 0 up to its last card: every seat holds ``wants[seat]``
    and anyone may still bid (R-8.1)."""
    deck = arranged_deck(preset.players, preset.decks, preset.hand_size, wants, dealer=0, seed=7)
    rnd = Round(preset, deck=deck, dealer=0, seed=7)
    while rnd.dealt < rnd.cards_to_deal - 1:
        rnd.deal_card()
    return rnd


def bid(rnd: Round, seat: int, cards: str, kind: str | None = None) -> None:
    rnd.apply(seat, Bid(tuple(parse_cards(cards)), kind))


def refused(rnd: Round, seat: int, cards: str, rule: str) -> None:
    """The bid is refused under ``rule`` and changes nothing."""
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        bid(rnd, seat, cards)
    assert info.value.rule == rule
    assert rnd.to_json() == before


def close(rnd: Round) -> None:
    """The last card, then passes round the closing window (R-8.1)."""
    rnd.deal_card()
    while rnd.phase is Phase.BID:
        assert rnd.to_act is not None
        rnd.apply(rnd.to_act, Pass())


@pytest.mark.rules("R-8.2")
def test_r8_2_three_deck_ladder_of_level_cards_and_jokers() -> None:
    """R-8.2: "A new bid needs more cards than the standing one; at equal k, jokers beat
    level cards and BJ beats LJ." With three decks: ♥2 < ♠2♠2 < 小王×2 < 大王×2 < ♣2×3 <
    小王×3 < 大王×3; a level pair cannot overcall a joker pair, nor 大王×2 three level cards.
    "Round 1: the last bidder becomes banker"; a joker bid is no-trump."""
    rnd = dealing(
        ZHAOPENGYOU,
        {0: "2H 2D 2D", 1: "2S 2S BJ BJ", 2: "LJ LJ LJ", 3: "2C 2C 2C"},
    )
    bid(rnd, 0, "2H")
    refused(rnd, 0, "2D 2D", "R-8.2")  # more cards, but another suit than its own bid
    bid(rnd, 1, "2S 2S")  # more cards
    bid(rnd, 2, "LJ LJ")  # equal count: jokers beat level cards
    refused(rnd, 0, "2D 2D", "R-8.2")  # equal count: a level pair is below 小王×2
    bid(rnd, 1, "BJ BJ")  # equal count: 大王 beats 小王
    refused(rnd, 2, "LJ LJ", "R-8.2")
    bid(rnd, 3, "2C 2C 2C")  # more cards beat jokers
    refused(rnd, 1, "BJ BJ", "R-8.2")  # fewer cards
    bid(rnd, 2, "LJ LJ LJ")  # equal count: jokers beat level cards
    refused(rnd, 3, "2C 2C 2C", "R-8.2")
    close(rnd)
    assert (rnd.banker, rnd.trump_suit) == (2, None)


@pytest.mark.rules("R-8.2")
def test_r8_2_a_reinforced_bid_counts_all_its_copies() -> None:
    """R-8.2: "A player may reinforce their own standing bid with more copies of the same
    card": ♥2 then ♥2×3 (three decks) stands as three cards, so 小王×2 cannot overcall
    it but 大王×3 can (equal count, jokers beat level cards)."""
    rnd = dealing(ZHAOPENGYOU, {0: "2H 2H 2H", 1: "LJ LJ", 2: "BJ BJ BJ"})
    bid(rnd, 0, "2H")
    bid(rnd, 0, "2H 2H 2H")
    refused(rnd, 1, "LJ LJ", "R-8.2")
    bid(rnd, 2, "BJ BJ BJ")
    close(rnd)
    assert (rnd.banker, rnd.trump_suit) == (2, None)


@pytest.mark.rules("R-8.3")
def test_r8_3_qidong_pairs_of_twos_by_suit_then_jokers() -> None:
    """R-8.3: "a single 2 < a pair of ♦2 < ♣2 < ♥2 < ♠2 < a pair of LJ < a pair of BJ.
    … Each later bid must be higher". Every step up is taken, every step down or
    sideways refused; c counts the successful bids; the last bidder is banker."""
    rnd = dealing(
        QIDONG,
        {0: "2D 2D 2C", 1: "2C 2H 2H", 2: "2S 2S", 3: "LJ LJ", 4: "BJ BJ"},
    )
    bid(rnd, 0, "2C")  # the first single 2
    refused(rnd, 1, "2C", "R-8.3")  # a later single cannot overcall it
    bid(rnd, 1, "2H 2H")  # a pair beats a single
    refused(rnd, 0, "2D 2D", "R-8.3")  # ♦ pair < ♥ pair
    bid(rnd, 2, "2S 2S")  # ♠ pair > ♥ pair
    refused(rnd, 1, "2H 2H", "R-8.3")
    bid(rnd, 3, "LJ LJ")  # 小王 pair > any pair of 2s
    refused(rnd, 2, "2S 2S", "R-8.3")
    bid(rnd, 4, "BJ BJ")
    refused(rnd, 3, "LJ LJ", "R-8.3")  # 小王 pair < 大王 pair
    close(rnd)
    assert (rnd.banker, rnd.trump_suit, rnd.bid_count) == (4, None, 5)


@pytest.mark.rules("R-8.3")
def test_r8_3_qidong_diamond_pair_is_the_lowest_pair_above_a_single() -> None:
    """R-8.3: "a single 2 < a pair of ♦2 < ♣2": ♦2♦2 overcalls a single ♠2, and ♣2♣2
    overcalls ♦2♦2 but not the other way round; ♣2♣2 names ♣ trump."""
    rnd = dealing(QIDONG, {0: "2S", 1: "2D 2D", 2: "2C 2C"})
    bid(rnd, 0, "2S")
    bid(rnd, 1, "2D 2D")
    bid(rnd, 2, "2C 2C")
    refused(rnd, 1, "2D 2D", "R-8.3")
    close(rnd)
    assert (rnd.banker, rnd.trump_suit, rnd.bid_count) == (2, 2, 3)


@pytest.mark.rules("R-6.5", "R-8.4")
def test_r6_5_shandong_banker_leads_after_its_partner_buried() -> None:
    """R-8.4: "If the banker is the final declarer, the banker's partner takes and buries
    the kitty"; R-6.5: "The banker leads the first trick … also in shandong when the
    partner buried". Round 1: seat 1 declares ♥ and, the last declarer, is banker; seat
    3 buries, seat 1 (no swap) shows its pair, and seat 1 leads."""
    rnd = dealing(SHANDONG, {1: "LJ 7H 7H"})
    bid(rnd, 1, "LJ 7H 7H", "liang")
    close(rnd)
    assert (rnd.banker, rnd.declarer) == (1, 1)
    assert (rnd.phase, rnd.to_act) == (Phase.BURY, 3)
    hand = rnd.view(3).hand
    rnd.apply(3, Bury(hand[: SHANDONG.kitty_size]))
    if rnd.phase is Phase.SWAP:
        rnd.apply(1, Swap(()))
    assert (rnd.phase, rnd.to_act, rnd.trump_suit) == (Phase.PLAY, 1, 1)

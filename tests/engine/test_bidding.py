"""R-8.1 deal and closing window; R-8.2 翻主 bids, overcalls and the no-bid rule; what
games without declarations (R-8.2, R-8.3) leave out of R-8.4."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import pytest

from zhaopengyou.engine import Bid, Bury, IllegalAction, Pass, Phase, Round, get_preset
from zhaopengyou.engine.bidding import BidContext, BiddingRules, BidRecord, Conclusion
from zhaopengyou.engine.cards import SUIT_LETTERS, Card, parse_cards
from zhaopengyou.engine.events import (
    Buried,
    CardDealt,
    Event,
    KittyTaken,
    KittyTurned,
    Redealt,
    TrumpDecided,
)

from .conftest import arranged_deck, counts, refusal, refused_bid

TRACTOR = get_preset("tractor")


def dealt_round(
    wants: dict[int, str],
    kitty: str = "",
    banker: int | None = None,
    levels: Sequence[int] | None = None,
    last_card: bool = True,
) -> Round:
    """Deal the arranged cards; without ``last_card`` the deal stays open for bids."""
    deck = arranged_deck(4, 2, 25, wants, kitty, dealer=banker or 0)
    rnd = Round(TRACTOR, deck=deck, banker=banker, levels=levels, dealer=0, seed=1)
    while rnd.dealt < rnd.cards_to_deal - (0 if last_card else 1):
        rnd.deal_card()
    return rnd


def test_deal_is_card_by_card_in_play_order_from_the_dealer() -> None:
    rnd = Round(TRACTOR, seed=3, dealer=2)
    seats = [cast(CardDealt, rnd.deal_card()[0]).seat for _ in range(8)]  # one CardDealt each
    assert seats == [2, 3, 0, 1, 2, 3, 0, 1]
    assert rnd.phase is Phase.DEAL


def test_bid_during_the_deal_from_any_seat_at_any_moment() -> None:
    deck = arranged_deck(4, 2, 25, {1: "2H"})
    rnd = Round(TRACTOR, deck=deck, dealer=0)
    with pytest.raises(IllegalAction):
        rnd.apply(1, Bid.parse("2H"))  # not dealt yet
    rnd.deal_card()
    rnd.deal_card()  # seat 1 now holds ♥2
    rnd.apply(1, Bid.parse("2H"))
    assert rnd.bids[0].after_cards_dealt == 2


def test_overcalls_need_more_cards_jokers_beat_level_cards() -> None:
    rnd = dealt_round({0: "2H 2H 2D", 1: "2S 2S BJ BJ", 2: "2C 2C LJ LJ", 3: "2D"}, last_card=False)
    rnd.apply(0, Bid.parse("2H"))
    rnd.apply(1, Bid.parse("2S 2S"))
    with pytest.raises(IllegalAction) as info:
        rnd.apply(2, Bid.parse("2C 2C"))  # equal count, level vs level
    assert info.value.rule == "R-8.2"
    rnd.apply(2, Bid.parse("LJ LJ"))  # jokers beat level cards at equal count
    rnd.apply(1, Bid.parse("BJ BJ"))  # 大王 beats 小王
    with pytest.raises(IllegalAction):
        rnd.apply(0, Bid.parse("2H 2H"))


def test_reinforce_own_bid_but_never_overcall_it() -> None:
    rnd = dealt_round({0: "2H 2H 2D 2D"}, last_card=False)
    rnd.apply(0, Bid.parse("2H"))
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(0, Bid.parse("2D 2D"))
    assert "own bid" in str(info.value)
    assert rnd.to_json() == before
    rnd.apply(0, Bid.parse("2H 2H"))
    assert rnd.view(0).legal_bids() == []


def test_bid_shapes_and_holding() -> None:
    rnd = dealt_round({0: "2H LJ 3S 3S"}, last_card=False)
    for text in ("3S 3S", "LJ", "2H 2H", "2H LJ"):
        with pytest.raises(IllegalAction):
            rnd.apply(0, Bid.parse(text))
    bids = [b.cards for b in rnd.view(0).legal_bids()]
    assert tuple(parse_cards("2H")) in bids
    assert all(len(set(b)) == 1 and b[0].rank == 0 for b in bids)  # only level cards here


SHAPE = "R-8.2: a bid is one or more copies of one level card, or two or more of one joker"
NOT_MORE = (
    "R-8.2: a new bid needs more cards than the standing one (at equal count jokers "
    "beat level cards and a big joker beats a small joker)"
)


@pytest.mark.parametrize(
    ("earlier", "seat", "cards", "message"),
    [
        ([], 0, "3S 3S", SHAPE),
        ([], 0, "LJ", SHAPE),  # one joker is no bid
        ([], 0, "2H LJ", SHAPE),
        ([], 0, "2H 2D", SHAPE),
        ([], 0, "2D", "R-8.2: you do not hold the cards you bid"),
        ([(0, "2H")], 1, "2S", NOT_MORE),
        ([(0, "2H")], 0, "2H", NOT_MORE),  # reinforcing needs more cards too
        ([(1, "2S 2S")], 0, "2H 2H", NOT_MORE),  # level against level at equal count
        ([(0, "LJ LJ")], 1, "2S 2S", NOT_MORE),  # jokers beat level cards at equal count
        ([(1, "BJ BJ")], 0, "LJ LJ", NOT_MORE),  # 大王 beats 小王
        (
            [(0, "2H")],
            0,
            "2C 2C",
            "R-8.2: you may reinforce your own bid but not overcall it with another suit",
        ),
    ],
)
def test_a_refused_bid_says_why(
    earlier: list[tuple[int, str]], seat: int, cards: str, message: str
) -> None:
    err = refused_bid(
        dealt_round({0: "2H 2H LJ LJ 3S 3S 2C 2C", 1: "2S 2S BJ BJ"}, last_card=False),
        earlier,
        seat,
        cards,
    )
    assert (str(err), err.rule) == (message, "R-8.2")


def test_closing_window_polls_in_order_and_a_bid_restarts_the_count() -> None:
    rnd = dealt_round({2: "2C 2C"})
    assert rnd.to_act == 1  # after the dealer (0), nobody bid
    with pytest.raises(IllegalAction):
        rnd.apply(3, Pass())
    rnd.apply(1, Pass())
    rnd.apply(2, Bid.parse("2C"))
    assert rnd.to_act == 3
    for seat in (3, 0, 1):
        rnd.apply(seat, Pass())
    assert rnd.phase is Phase.BID
    rnd.apply(2, Bid.parse("2C 2C"))  # reinforce, restarts the count
    for seat in (3, 0, 1):
        rnd.apply(seat, Pass())
    events = rnd.apply(2, Pass())
    assert any(isinstance(e, TrumpDecided) for e in events)
    assert rnd.banker == 2 and rnd.trump_suit == 2  # last bidder is banker, ♣ trump
    phase: Phase = rnd.phase  # not the BID mypy narrowed it to above: the passes moved it on
    assert phase is Phase.BURY and rnd.to_act == 2
    taken = [e for e in events if isinstance(e, KittyTaken)]
    assert len(taken[0].cards) == 8 and rnd.hand_sizes[2] == 33


def close_window(rnd: Round) -> list[Event]:
    events: list[Event] = []
    while rnd.phase is Phase.BID:
        assert rnd.to_act is not None
        events += rnd.apply(rnd.to_act, Pass())
    return events


def test_round_one_without_a_bid_redeals() -> None:
    rnd = Round(TRACTOR, seed=5, dealer=0)
    rnd.deal_all()
    for redeals in (1, 2):
        events = close_window(rnd)
        assert events[-1] == Redealt("no bid", rnd.event_count)
        assert rnd.phase is Phase.DEAL and rnd.redeals == redeals and rnd.dealt == 0
        rnd.deal_all()


def test_a_snapshot_before_a_redeal_keeps_the_shuffle_going() -> None:
    """A round restored during the bidding redeals the very cards the original would:
    the snapshot carries the generator's state while a redeal can happen, not after."""
    rnd = Round(TRACTOR, seed=5, dealer=0)
    rnd.deal_all()
    first_deck = list(rnd.deck)
    snapshot = rnd.to_json()
    assert snapshot["rng"] is not None
    back = Round.from_json(snapshot)
    for again in (rnd, back):
        close_window(again)
        again.deal_all()
    assert back.deck == rnd.deck != first_deck
    buried = dealt_round({}, kitty="LJ 5C 7D 3S", banker=1, levels=[3] * 4)
    close_window(buried)  # the kitty names the trump: no redeal can follow
    assert buried.phase is Phase.BURY and buried.to_json()["rng"] is None


def test_a_snapshot_of_the_bidding_without_its_generator_redeals_from_the_seed() -> None:
    """A snapshot written without ``rng`` (by hand, or by a tool that drops it) still
    redeals deterministically (R-8.2): from a generator seeded with the round's seed, so
    two loads of it deal the same new cards."""
    rnd = Round(TRACTOR, seed=5, dealer=0)
    rnd.deal_all()
    snapshot = {**rnd.to_json(), "rng": None}
    decks = []
    for _ in range(2):
        back = Round.from_json(snapshot)
        close_window(back)
        back.deal_all()
        decks.append(back.deck)
    assert decks[0] == decks[1]


def test_later_round_without_a_bid_turns_the_kitty() -> None:  # Decision
    rnd = dealt_round({}, kitty="LJ 5C 7D 3S", banker=1, levels=[3] * 4)
    events = close_window(rnd)
    turned = [e for e in events if isinstance(e, KittyTurned)]
    assert [c.ascii for c in turned[0].cards] == ["LJ", "5C", "7D"]  # 5 is the level rank
    assert rnd.trump_suit == 3 and rnd.banker == 1  # ♦
    kitty = rnd.kitty
    seq = rnd.event_count
    assert events[-2:] == [
        TrumpDecided(1, 3, 3, "kitty", None, seq - 1),  # level 5 (rank index 3), ♦
        KittyTaken(1, kitty, seq),
    ]
    assert rnd.apply(1, Bury(kitty)) == [Buried(1, kitty, seq + 1)]


def test_kitty_of_jokers_and_level_cards_means_no_trump() -> None:  # Decision
    rnd = dealt_round({}, kitty="LJ 2C BJ 2D 2S 2H LJ BJ", banker=3)
    close_window(rnd)
    assert rnd.trump_suit is None and rnd.banker == 3


def test_joker_bid_means_no_trump_and_later_rounds_keep_the_banker() -> None:
    rnd = dealt_round({2: "BJ BJ"}, banker=0)
    rnd.apply(1, Pass())
    rnd.apply(2, Bid.parse("BJ BJ"))
    close_window(rnd)
    assert rnd.trump_suit is None and rnd.banker == 0


def test_bury_exact_count_of_held_cards() -> None:
    from zhaopengyou.engine import Bury

    rnd = dealt_round({0: "2H"})
    rnd.apply(1, Pass())
    rnd.apply(2, Pass())
    rnd.apply(3, Pass())
    rnd.apply(0, Bid.parse("2H"))
    close_window(rnd)
    hand = list(rnd.view(0).hand)
    with pytest.raises(IllegalAction) as info:
        rnd.apply(0, Bury(tuple(hand[:7])))
    assert info.value.rule == "R-7.1"
    with pytest.raises(IllegalAction):
        rnd.apply(1, Bury(tuple(hand[:8])))
    rnd.apply(0, Bury(tuple(hand[:8])))
    assert rnd.phase is Phase.PLAY and rnd.to_act == 0  # fixed partners: no call
    assert rnd.view(0).buried == tuple(hand[:8]) and rnd.view(1).buried == ()


def test_view_checks_a_burial_like_the_engine() -> None:
    from zhaopengyou.engine import Bury

    rnd = dealt_round({0: "2H"})
    for seat in (1, 2, 3):
        rnd.apply(seat, Pass())
    rnd.apply(0, Bid.parse("2H"))
    close_window(rnd)
    view = rnd.view(0)
    hand = view.hand
    assert view.burial_error(hand[:8]) is None
    assert view.burial_error(hand[:7]).rule == "R-7.1"  # type: ignore[union-attr]
    missing = next(c for c in rnd.view(1).hand if view.hand_counts[c] == 0)
    assert "do not hold" in str(view.burial_error((*hand[:7], missing)))
    not_now = ("R-7.1", "R-7.1: not the time to bury")
    error = rnd.view(1).burial_error(rnd.view(1).hand[:8])  # seat 1's own cards, not its turn
    assert error is not None and (error.rule, str(error)) == not_now
    rnd.apply(0, Bury(hand[:8]))
    error = rnd.view(0).burial_error(rnd.view(0).hand[:8])  # buried already: the play is on
    assert error is not None and (error.rule, str(error)) == not_now


@pytest.mark.parametrize("name", ["tractor", "zhaopengyou", "qidong"])
def test_quick_bid_check_agrees_with_the_legal_bids(name: str) -> None:
    """The runner only asks seats whose hand can beat the standing bid; that quick test
    must never disagree with the full list of legal bids, at any level."""
    from zhaopengyou.bots import RandomBot
    from zhaopengyou.bots.runner import offer_bids

    preset = get_preset(name)
    checks = 0
    for seed in range(12):
        rnd = Round(preset, seed=seed, levels=(seed,) * preset.players)  # qidong: always 2
        agents = [RandomBot(seed * 7 + s) for s in range(preset.players)]
        while rnd.phase is Phase.DEAL:
            dealt_to = cast(CardDealt, rnd.deal_card()[0]).seat  # deal_card: one CardDealt
            for seat in range(preset.players):
                if rnd.phase is Phase.DEAL:
                    exact = bool(preset.bidding.legal_bids(rnd.bid_context(seat)))
                    quick = preset.bidding.could_bid(
                        rnd.hands[seat], rnd.level_rank, rnd.bids, seat
                    )
                    assert quick == exact, (seed, seat, rnd.bids)
                    checks += 1
            if rnd.may_bid(dealt_to):
                offer_bids(rnd, agents, [dealt_to])
    assert checks > 1000


@pytest.mark.parametrize("name", ["tractor", "zhaopengyou", "qidong"])
def test_bids_shown_in_full_and_no_kitty_swaps_without_declarations(name: str) -> None:
    """R-8.2, R-8.3: every bid is shown face up to every seat and to spectators, and only
    the bidder's suit is known before play; R-8.4's kitty swaps belong to `shandong`."""
    preset = get_preset(name)
    rules = preset.bidding
    bids = (
        BidRecord(1, tuple(parse_cards("2H")), 5),
        BidRecord(2, tuple(parse_cards("2S 2S")), 9),
    )
    for seat in (0, 1, 2, None):
        for revealed in (False, True):
            assert rules.visible_bids(bids, seat, revealed) == bids
    assert rules.knowers(bids, 2) == frozenset({2})
    hands = ["9S 5C", "6C 7C", "8C 10C", "JC QC", "4D 5D"][: preset.players]
    rnd = Round.from_hands(preset, hands, level_rank="2", trump_suit="H", banker=0)
    assert rnd.swap_error(0, []) is None
    assert refusal(rnd.swap_error(0, [(Card("9S"), Card("9H"))])) == (
        "R-8.4",
        "R-8.4: this game has no kitty swaps",
        "这个玩法没有换底",
    )


def test_bidding_rules_by_default_never_rule_a_bid_out() -> None:
    """R-8.1: ``could_bid`` is a cheap necessary condition; a game that does not define
    one must not skip asking a seat that may hold a bid."""
    assert BiddingRules().could_bid([0] * 54, 0, (), 0) is True


def test_r8_2_a_first_bid_of_jokers_needs_two_of_one_joker() -> None:
    """R-8.2: k ≥ 2 copies of one joker bid; one joker, or 小王 with 大王, does not. At
    level 7 (rank 5) a ♠3 is no level card."""
    rules = TRACTOR.bidding
    for hand, listed in (
        ("LJ LJ 3S", ["LJ LJ"]),
        ("BJ BJ 3S", ["BJ BJ"]),
        ("LJ BJ 3S", []),
        ("LJ 3S", []),
    ):
        context = BidContext(counts(hand), 0, (), 5)
        bids = [" ".join(c.ascii for c in bid.cards) for bid in rules.legal_bids(context)]
        assert bids == listed, hand
        assert rules.could_bid(counts(hand), 5, (), 0) == bool(listed), hand


def test_r8_2_a_pair_of_big_jokers_overcalls_a_pair_of_small_jokers() -> None:
    standing = BidRecord(1, tuple(parse_cards("LJ LJ")), 9)
    context = BidContext(counts("BJ BJ LJ 7S"), 2, (standing,), 5)
    assert TRACTOR.bidding.legal_bids(context) == [Bid(tuple(parse_cards("BJ BJ")))]
    context = BidContext(counts("LJ LJ 7S 7S"), 2, (standing,), 5)
    assert TRACTOR.bidding.legal_bids(context) == []  # equal count, not stronger


def test_r8_2_the_conclusion_names_its_source_and_the_cards_turned() -> None:
    """R-8.2: the last bid decides (a known banker keeps the deal); with no bid, round 1
    redeals and a later round turns the kitty until a card that is no joker or level card
    names the trump suit."""
    rules = TRACTOR.bidding
    hearts, clubs = SUIT_LETTERS.index("H"), SUIT_LETTERS.index("C")
    bid = BidRecord(3, tuple(parse_cards("2H 2H")), 7)
    kitty = parse_cards("BJ 2S 9C 4H")
    assert rules.conclude([bid], kitty, [], 0, None) == Conclusion(3, hearts, "bid")
    assert rules.conclude([bid], kitty, [], 0, 1) == Conclusion(1, hearts, "bid")
    assert rules.conclude([], kitty, [], 0, None) == Conclusion(None, None, "redeal")
    turned = tuple(parse_cards("BJ 2S 9C"))
    assert rules.conclude([], kitty, [], 0, 2) == Conclusion(2, clubs, "kitty", turned)
    all_trumps = tuple(parse_cards("BJ 2S LJ"))
    assert rules.conclude([], all_trumps, [], 0, 2) == Conclusion(2, None, "kitty", all_trumps)


@pytest.mark.rules("R-8.1", "R-8.2")
def test_who_may_bid_now() -> None:
    """In the closing window only the polled seat may bid, and only with a bid that
    beats the standing one; once bidding is over nobody may."""
    rnd = dealt_round({1: "2H", 2: "2C 2C", 3: "2S"})
    assert (rnd.phase, rnd.to_act) == (Phase.BID, 1)
    assert (rnd.may_bid(1), rnd.can_bid(1)) == (True, True)  # polled, holds ♥2
    assert (rnd.may_bid(3), rnd.can_bid(3)) == (False, False)  # holds ♠2, not polled
    rnd.apply(1, Pass())
    rnd.apply(2, Bid.parse("2C 2C"))
    assert rnd.to_act == 3 and not rnd.can_bid(3)  # one ♠2 cannot beat two ♣2
    close_window(rnd)
    rnd.apply(2, Bury(rnd.kitty))
    assert (rnd.phase, rnd.to_act) == (Phase.PLAY, 2)
    assert (rnd.may_bid(2), rnd.can_bid(2)) == (False, False)
    assert not rnd.view(0).solo  # fixed partners: nobody plays alone (独打)

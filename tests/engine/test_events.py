"""The events a round reports, field by field, against outcomes worked out by hand from
RULES.md: what clients show and records keep, so no field may go missing or wrong."""

from __future__ import annotations

import pytest

from zhaopengyou.engine import Phase, Play, Round, get_preset, parse_cards
from zhaopengyou.engine.cards import RANK_NAMES, Card
from zhaopengyou.engine.events import (
    CardsPlayed,
    FriendRevealed,
    KittyRevealed,
    RoundScored,
    ThrowFailed,
    TrickWon,
)
from zhaopengyou.engine.table import PlayRecord

SPADES, DIAMONDS = 0, 3


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


def first_trick(
    hands: list[str], partner: str = "fixed", kitty: str = "", friend_call: str | None = None
) -> Round:
    """A `tractor` position at its first trick: level 2, ♥ trump, seat 0 the banker."""
    return Round.from_hands(
        get_preset("tractor", partner=partner),
        hands,
        level_rank="2",
        trump_suit="H",
        banker=0,
        kitty=kitty,
        friend_call=friend_call,
    )


def play(rnd: Round, seat: int, text: str) -> list[object]:
    return list(rnd.apply(seat, Play(cards(text))))


@pytest.mark.rules("R-6.3", "R-6.4", "R-7.2", "R-9.4", "R-9.6", "R-10.3")
def test_a_two_trick_round_reports_every_play_trick_and_the_score() -> None:
    """`tractor`, fixed partners (0 and 2 against 1 and 3), level 2, ♥ trump, banker 0.

    Trick 1: ♠A ♠K ♠5 ♠Q, won by seat 0 (R-6.3) with 15 points, the banker's side's.
    Trick 2: ♦3 ♦K ♦6 ♦A, won by seat 3, an attacker, with 10 points; the attackers take
    the last trick with a single, so the kitty's 25 points count twice (R-7.2): X = 60.
    With two decks u = 40, and 40 ≤ 60 < 80 is the banker's side's +1 (R-9.4): seats 0
    and 2 go to level 3; each of them scores +1 and each attacker −1 (R-10.3); the bank
    passes to the banker's partner, seat 2 (R-9.6).
    """
    rnd = first_trick(["AS 3D", "KS KD", "5S 6D", "QS AD"], kitty="KC 10C 5H")
    events = [*play(rnd, 0, "AS"), *play(rnd, 1, "KS"), *play(rnd, 2, "5S")]
    assert rnd.view(1).lead_suit == SPADES
    events += play(rnd, 3, "QS")
    between = rnd.view(1)  # no trick in progress: no lead shows
    assert (between.lead_units, between.lead_shapes, between.lead_suit) == ((), (), None)
    for seat, card in enumerate(["3D", "KD", "6D", "AD"]):
        events += play(rnd, seat, card)
    level = RANK_NAMES.index
    assert events == [
        CardsPlayed(0, cards("AS"), 0, True, 1),
        CardsPlayed(1, cards("KS"), 0, False, 2),
        CardsPlayed(2, cards("5S"), 0, False, 3),
        CardsPlayed(3, cards("QS"), 0, False, 4),
        TrickWon(0, 15, 0, 5),
        CardsPlayed(0, cards("3D"), 1, True, 6),
        CardsPlayed(1, cards("KD"), 1, False, 7),
        CardsPlayed(2, cards("6D"), 1, False, 8),
        CardsPlayed(3, cards("AD"), 1, False, 9),
        TrickWon(3, 10, 1, 10),
        KittyRevealed(cards("KC 10C 5H"), 25, 2, 11),
        RoundScored(60, "banker", 1, (level("3"), 0, level("3"), 0), (1, -1, 1, -1), 2, 12),
    ]
    assert rnd.events() == events
    assert [trick.lead_suit for trick in rnd.tricks] == [SPADES, DIAMONDS]
    assert (rnd.phase, rnd.to_act, rnd.view(0).to_act) == (Phase.DONE, None, None)


@pytest.mark.rules("R-9.1")
def test_the_called_friend_is_revealed_by_playing_the_card() -> None:
    """`tractor` with a called partner: the banker calls ♠5, which seat 2 holds; playing
    it reveals seat 2 as the friend, right after the play."""
    rnd = first_trick(["AS", "3S", "5S", "4S"], partner="called", friend_call="5S")
    events = [*play(rnd, 0, "AS"), *play(rnd, 1, "3S"), *play(rnd, 2, "5S")]
    assert events == [
        CardsPlayed(0, cards("AS"), 0, True, 1),
        CardsPlayed(1, cards("3S"), 0, False, 2),
        CardsPlayed(2, cards("5S"), 0, False, 3),
        FriendRevealed(2, 4),
    ]
    assert rnd.view(1).friend == 2


def test_the_history_lists_each_play_as_accepted_in_notation() -> None:
    """A play may name its cards by id, notation or Card, in a list or a tuple (R-4.1);
    the history lists every accepted play with its cards in notation, and units where
    the player named them, and replays into the same round."""
    rnd = first_trick(["AS 3D 3D", "KS KD 4D", "5S 6D 7D", "QS AD 8D"])
    named = (cards("5S"),)
    for seat, action in [
        (0, Play([int(Card("AS"))])),  # type: ignore[arg-type]  # a client's card ids
        (1, Play(["KS"])),  # type: ignore[arg-type]
        (2, Play(cards("5S"), named)),
        (3, Play([Card("QS")])),  # type: ignore[arg-type]
        (0, Play(["3D", "3D"])),  # type: ignore[arg-type]
        (1, Play(["KD", "4D"])),  # type: ignore[arg-type]
        (2, Play(cards("6D 7D"), (cards("6D"), cards("7D")))),
        (3, Play([int(Card("AD")), int(Card("8D"))])),  # type: ignore[arg-type]
    ]:
        rnd.apply(seat, action)
    plays = [
        (0, ["AS"], None),
        (1, ["KS"], None),
        (2, ["5S"], [["5S"]]),
        (3, ["QS"], None),
        (0, ["3D", "3D"], None),
        (1, ["KD", "4D"], None),
        (2, ["6D", "7D"], [["6D"], ["7D"]]),
        (3, ["AD", "8D"], None),
    ]
    expected = [{"kind": "play", "cards": c, "units": u, "seat": s} for s, c, u in plays]
    assert rnd.history(since=1) == expected
    assert Round.from_history(rnd.preset, None, rnd.history()).to_json() == rnd.to_json()


@pytest.mark.rules("R-4.3", "R-4.4")
def test_throws_are_counted_and_a_failed_one_is_reported_and_recorded() -> None:
    """`tractor`, level 2, ♥ trump: seat 0 throws ♠A ♠K, which nobody beats (R-4.3), then
    ♦3 ♦4 named as two singles, which every other seat beats: the lower single ♦3 is
    forced (R-4.4), everyone is told what was attempted, and seat 0 loses 1 积分. Seat 1
    wins that trick with ♦A, and its throw ♣3 ♣4 fails the same way."""
    rnd = first_trick(
        ["AS KS 3D 4D 8C 9C", "QS JS AD 6D 3C 4C", "10S 9S 7D 8D 10C JC", "8S 7S 9D 10D QC KC"]
    )
    assert play(rnd, 0, "AS KS") == [CardsPlayed(0, cards("AS KS"), 0, True, 1)]
    assert rnd.current[0] == PlayRecord(0, cards("AS KS"), None, None)
    for seat, text in [(1, "QS JS"), (2, "10S 9S"), (3, "8S 7S")]:
        play(rnd, seat, text)
    assert (rnd.throws_tried, rnd.throws_failed) == (1, 0)
    named = (cards("3D"), cards("4D"))
    events = rnd.apply(0, Play(cards("3D 4D"), named))
    assert events == [
        ThrowFailed(0, cards("3D 4D"), cards("3D"), "R-4.4", 6),
        CardsPlayed(0, cards("3D"), 1, True, 7),
    ]
    assert rnd.current[0] == PlayRecord(0, cards("3D"), cards("3D 4D"), named)
    assert (rnd.throws_tried, rnd.throws_failed, rnd.penalties) == (2, 1, [-1, 0, 0, 0])
    assert rnd.history()[-1:] == [
        {"kind": "play", "cards": ["3D", "4D"], "units": [["3D"], ["4D"]], "seat": 0}
    ]
    for seat, text in [(1, "AD"), (2, "7D"), (3, "9D")]:
        play(rnd, seat, text)
    assert play(rnd, 1, "3C 4C") == [
        ThrowFailed(1, cards("3C 4C"), cards("3C"), "R-4.4", 12),
        CardsPlayed(1, cards("3C"), 2, True, 13),
    ]
    assert (rnd.throws_tried, rnd.throws_failed, rnd.penalties) == (3, 2, [-1, -1, 0, 0])

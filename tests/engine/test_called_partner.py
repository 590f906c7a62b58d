"""`tractor` with `partner: called` (「寻」, R-11.1): the friend machinery of
`zhaopengyou` (R-9.1) with two decks, individual levels (R-9.5), the next banker
(R-9.6) and R-10.1 scores over multi-round matches."""

from __future__ import annotations

from zhaopengyou.bots import HeuristicBot, play_match
from zhaopengyou.engine import Play, Round, get_preset
from zhaopengyou.engine.match import Match
from zhaopengyou.records import match_records

CALLED = get_preset("tractor", partner="called")


def test_options_and_room_mode() -> None:
    assert CALLED.options["partner"] == "called" and CALLED.called_friend
    assert CALLED.individual_levels and not get_preset("tractor").called_friend


def hidden_friend_round() -> Round:
    """Four short hands; the banker (seat 0) calls ♠A, which seat 1 holds."""
    return Round.from_hands(
        CALLED,
        ["3C 4C", "AS 5C", "6C 7C", "8C 9C"],
        level_rank="2",
        trump_suit="H",
        banker=0,
        friend_call="AS",
    )


def test_hidden_friend_revealed_when_the_card_is_played() -> None:
    rnd = hidden_friend_round()
    assert rnd.friend == 1 and rnd.view(2).friend is None  # known to the engine only
    for seat, text in [(0, "3C"), (1, "5C"), (2, "6C"), (3, "8C")]:
        rnd.apply(seat, Play.parse(text))
    assert rnd.view(2).friend is None
    rnd.apply(3, Play.parse("9C"))
    rnd.apply(0, Play.parse("4C"))
    rnd.apply(1, Play.parse("AS"))
    assert rnd.view(2).friend == 1


def test_a_snapshot_keeps_the_called_card_and_the_hidden_friend() -> None:
    """The called card is in the snapshot; the friend it makes comes back with it."""
    rnd = hidden_friend_round()
    snapshot = rnd.to_json()
    assert snapshot["friend_call"] == "AS"
    back = Round.from_json(snapshot)
    assert back.friend_call == rnd.friend_call and back.friend == 1
    assert back.to_json() == snapshot


def test_individual_levels_and_scores_over_matches() -> None:
    seen_split_pair = False
    for seed in range(8):
        match = Match(CALLED, seed=seed, rounds=6)
        play_match(match, [HeuristicBot(seed * 4 + s) for s in range(4)])
        totals = [0] * 4
        for rnd in match.played:
            result = rnd.result
            assert result is not None and rnd.banker is not None
            before, after = rnd.levels_before, result.levels_after
            assert before is not None and after is not None
            side = (rnd.banker,) if rnd.friend is None else tuple(sorted({rnd.banker, rnd.friend}))
            assert result.banker_side == side
            winners = (
                side
                if result.band.side == "banker"
                else tuple(s for s in range(4) if s not in side)
            )
            for seat in range(4):
                moved = after[seat] - before[seat]
                if result.band.side == "stepdown" or seat not in winners:
                    assert moved == 0
                else:
                    assert moved == min(result.band.k, 12 - before[seat])
            values = [level + 2 for level in after]  # A = 14
            expected = tuple(
                4 * v - sum(values) + p for v, p in zip(values, result.penalties, strict=True)
            )
            assert result.scores == expected
            if result.band.side == "banker":
                assert result.next_banker == rnd.banker
            else:
                first = next(
                    s for s in ((rnd.banker + i) % 4 for i in range(1, 4)) if s not in side
                )
                assert result.next_banker == first
            totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
            seen_split_pair |= after[0] != after[2] or after[1] != after[3]
        assert totals == match.totals
        for record in match_records(match):
            assert record["options"]["partner"] == "called"
            assert record["friend_call"] is not None and "card" in record["friend_call"]
    assert seen_split_pair  # levels are individual: opposite seats part ways

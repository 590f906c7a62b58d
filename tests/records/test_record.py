"""Writing records: RECORD.md keys and types, JSON Lines round trips, a hand-built round."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from zhaopengyou.bots import RandomBot, play_round
from zhaopengyou.engine import CARDS, Bid, Bury, CallFriend, Card, Pass, Phase, Round, get_preset
from zhaopengyou.engine.cards import RANK_NAMES, full_deck, to_ascii_list
from zhaopengyou.engine.match import Match
from zhaopengyou.records import (
    FORMAT,
    RecordWriter,
    match_records,
    read_records,
    replay_record,
    round_record,
)
from zhaopengyou.records.wire import RecordEvent

from .conftest import Records, play_recorded_match

CARD_TOKENS = set(to_ascii_list(CARDS))


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_cards(value: Any) -> bool:
    return isinstance(value, list) and all(card in CARD_TOKENS for card in value)


def is_levels(value: Any) -> bool:
    return value is None or (isinstance(value, list) and all(v in RANK_NAMES for v in value))


def is_int_list(value: Any) -> bool:
    return isinstance(value, list) and all(is_int(v) for v in value)


def is_seat_or_null(value: Any) -> bool:
    return value is None or is_int(value)


# RECORD.md "Round object": every required key and the type it must have.
REQUIRED: dict[str, Callable[[Any], bool]] = {
    "format": lambda v: v == "zpy-record/1",
    "preset": lambda v: v in ("zhaopengyou", "qidong", "shandong", "tractor"),
    "options": lambda v: isinstance(v, dict),
    "seed": lambda v: v is None or is_int(v),
    "round": lambda v: is_int(v) and v >= 1,
    "players": lambda v: isinstance(v, list) and all(isinstance(p, str) for p in v),
    "levels_before": is_levels,
    "dealer": is_int,
    "banker": is_int,
    "level_rank": lambda v: v in RANK_NAMES,
    "deal": lambda v: isinstance(v, list) and all(is_cards(hand) for hand in v),
    "kitty": is_cards,
    "bids": lambda v: (
        isinstance(v, list)
        and all(
            set(b) >= {"seat", "cards", "after_cards_dealt"} and is_cards(b["cards"]) for b in v
        )
    ),
    "trump_suit": lambda v: v in ("S", "H", "C", "D", None),
    "bid_count": is_int,
    "buried_by": is_int,
    "buried": is_cards,
    "swaps": lambda v: v == [],
    "friend_call": lambda v: v is None or v == {"solo": True} or set(v) == {"card"},
    "friend": is_seat_or_null,
    "tricks": lambda v: isinstance(v, list) and len(v) > 0,
    "kitty_points": is_int,
    "kitty_multiplier": is_int,
    "attackers_points": is_int,
    "levels_after": is_levels,
    "next_banker": is_seat_or_null,
    "scores": is_int_list,
    "penalties": lambda v: is_int_list(v) and all(p <= 0 for p in v),
    "events": lambda v: isinstance(v, list),
    "match_over": lambda v: isinstance(v, bool),
}


def test_every_required_key_has_its_type(all_records: Records) -> None:
    for record in all_records:
        for key, valid in REQUIRED.items():
            assert key in record, key
            assert valid(record[key]), (key, record[key])
        players = len(record["players"])
        assert len(record["deal"]) == len(record["scores"]) == len(record["penalties"]) == players
        for trick in record["tricks"]:
            assert set(trick) == {"leader", "plays", "units", "winner", "points"}
            assert [play["seat"] for play in trick["plays"]] == [
                (trick["leader"] + step) % players for step in range(players)
            ]
            for play in trick["plays"]:
                assert set(play) <= {"seat", "cards", "attempted", "attempted_units"}
                assert is_cards(play["cards"])
            assert all(is_cards(unit) for unit in trick["units"])


def test_failed_throws_record_the_attempt_and_the_forced_unit(all_records: Records) -> None:
    failed = [t for r in all_records for t in r["tricks"] if "attempted" in t["plays"][0]]
    assert failed, "random bots throw often; the corpus must hold failed throws"
    for trick in failed:
        lead = trick["plays"][0]
        assert trick["units"] == [lead["cards"]]  # the format is the forced unit
        assert not Counter(lead["cards"]) - Counter(lead["attempted"])
        assert len(lead["attempted"]) > len(lead["cards"])


def test_penalties_count_failed_throws(all_records: Records) -> None:
    for record in all_records:
        failed = Counter(t["leader"] for t in record["tricks"] if "attempted" in t["plays"][0])
        per_throw = record["options"]["throw_penalty"]
        assert record["penalties"] == [
            -per_throw * failed[s] for s in range(len(record["players"]))
        ]
        assert sum(record["scores"]) == sum(record["penalties"])


def test_points_add_up_to_the_decks(all_records: Records) -> None:
    for record in all_records:
        trick_points = sum(trick["points"] for trick in record["tricks"])
        kitty: Counter[str] = Counter(record["buried"])
        kitty_points = 5 * sum(n for c, n in kitty.items() if c.startswith("5"))
        kitty_points += 10 * sum(n for c, n in kitty.items() if c[:-1] in ("10", "K"))
        assert kitty_points == record["kitty_points"]
        assert trick_points + kitty_points == 100 * record["options"]["decks"]


def test_match_over_only_on_the_last_round(corpus: dict[str, list[Records]]) -> None:
    for matches in corpus.values():
        for records in matches:
            assert [r["round"] for r in records] == [1, 2, 3]
            assert [r["match_over"] for r in records] == [False, False, True]


def test_round_trip_through_json_lines(corpus: dict[str, list[Records]], tmp_path: Path) -> None:
    for label, matches in corpus.items():
        path = tmp_path / f"{label}.jsonl"
        written = [record for records in matches for record in records]
        with RecordWriter(path) as writer:
            for record in written:
                writer.write(record)
        lines = path.read_text(encoding="utf-8").splitlines()
        assert len(lines) == len(written)
        assert all(", " not in line and ": " not in line for line in lines)  # compact
        assert read_records(path) == written


def test_writing_is_deterministic(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (first, second):
        with RecordWriter(path) as writer:
            for record in play_recorded_match(get_preset("tractor"), seed=11, rounds=2):
                writer.write(record)
    assert first.read_bytes() == second.read_bytes()


def test_writer_flushes_each_line(tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    records = play_recorded_match(get_preset("tractor"), seed=4, rounds=2)
    with RecordWriter(path) as writer:
        writer.write(records[0])
        assert read_records(path) == records[:1]  # readable while the match goes on
        writer.write(records[1])
    assert read_records(path) == records


def test_writer_outside_with_refuses(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="with statement"):  # (a mutant would write there)
        RecordWriter(tmp_path / "unused.jsonl").write({})


def test_players_names_and_events_are_kept() -> None:
    rnd = play_round(
        Round(get_preset("tractor"), seed=3, levels=(0,) * 4, dealer=0),
        [RandomBot(seat) for seat in range(4)],
    )
    events: list[RecordEvent] = [{"kind": "quit", "seat": 2, "after_trick": 5}]
    record = round_record(rnd, players=["东", "南", "西", "北"], events=events)
    assert record["players"] == ["东", "南", "西", "北"]
    assert record["events"] == events
    assert record["friend_call"] is None and record["friend"] is None  # fixed partners
    with pytest.raises(ValueError) as caught:
        round_record(rnd, players=["a", "b"])
    assert str(caught.value) == "tractor has 4 seats, got 2 names"


def test_an_unfinished_round_cannot_be_recorded() -> None:
    rnd = Round(get_preset("tractor"), seed=3, levels=(0,) * 4, dealer=0)
    with pytest.raises(ValueError, match="finished"):
        round_record(rnd)


def test_match_records_of_a_match_not_over() -> None:
    preset = get_preset("zhaopengyou")
    match = Match(preset, seed=8, rounds=5)
    agents = [RandomBot(seat) for seat in range(5)]
    for _ in range(2):
        match.finish_round(play_round(match.new_round(), agents))
    records = match_records(match, players=[f"P{s}" for s in range(5)])
    assert [r["match_over"] for r in records] == [False, False]
    assert records[1]["levels_before"] == records[0]["levels_after"]
    assert records[1]["banker"] == records[0]["next_banker"]


# --- a hand-built round: the deck in id order, actions chosen by hand ------------------


@pytest.fixture(scope="module")
def sorted_deck_round() -> tuple[Round, dict[str, Any]]:
    """`zhaopengyou` dealt from an unshuffled deck (every card 3×, in id order), dealer 0.

    Card i goes to seat i % 5, so seat 0 gets ♠2 (card 0) and seats 1 and 2 the other
    two ♠2; the kitty is the last 7 cards: ♦A, three 小王, three 大王.
    """
    preset = get_preset("zhaopengyou")
    rnd = Round(preset, seed=7, levels=(0,) * 5, dealer=0, deck=full_deck(3))
    rnd.deal_all()
    assert rnd.to_act == 1  # the closing window starts after the dealer
    rnd.apply(1, Pass())
    rnd.apply(2, Pass())
    clubs_two = Card.parse("2C")
    assert rnd.hands[3][clubs_two] == 1
    rnd.apply(3, Bid((clubs_two,)))
    for seat in (4, 0, 1, 2, 3):
        rnd.apply(seat, Pass())
    assert rnd.phase is Phase.BURY and rnd.banker == 3
    rnd.apply(3, Bury(rnd.kitty))
    rnd.apply(3, CallFriend(Card.parse("AS")))
    play_round(rnd, [RandomBot(100 + seat) for seat in range(5)])
    return rnd, dict(round_record(rnd, players=["甲", "乙", "丙", "丁", "戊"]))


def test_hand_built_record_values(sorted_deck_round: tuple[Round, dict[str, Any]]) -> None:
    rnd, record = sorted_deck_round
    assert record["format"] == FORMAT
    assert record["preset"] == "zhaopengyou"
    assert record["options"] == {"decks": 3, "kitty_size": 7, "throw_penalty": 1}
    assert (record["seed"], record["round"], record["dealer"]) == (7, 1, 0)
    assert record["levels_before"] == ["2"] * 5 and record["level_rank"] == "2"
    assert [len(hand) for hand in record["deal"]] == [31] * 5
    assert record["deal"][0][:4] == ["2S", "3S", "5S", "7S"]  # deck cards 0, 5, 10, 15
    assert record["deal"][1][0] == record["deal"][2][0] == "2S"
    assert record["kitty"] == ["AD", "LJ", "LJ", "LJ", "BJ", "BJ", "BJ"]
    assert record["bids"] == [{"seat": 3, "cards": ["2C"], "after_cards_dealt": 155}]
    assert (record["trump_suit"], record["bid_count"], record["banker"]) == ("C", 1, 3)
    assert record["buried_by"] == 3 and record["buried"] == record["kitty"]
    assert record["kitty_points"] == 0
    assert record["friend_call"] == {"card": "AS"}
    # ♠A is card 12: deck positions 36, 37, 38 go to seats 1, 2, 3; the first after the
    # banker (seat 3) in play order 4, 0, 1 … holding one is seat 1.
    assert record["friend"] == 1
    assert record["swaps"] == [] and record["events"] == [] and record["redeals"] == 0
    assert sum(len(p["cards"]) for t in record["tricks"] for p in t["plays"]) == 155
    assert record["tricks"][0]["leader"] == 3  # the banker leads first
    assert record["players"] == ["甲", "乙", "丙", "丁", "戊"]
    assert rnd.result is not None and record["attackers_points"] == rnd.result.attackers_points


def test_hand_built_record_replays(sorted_deck_round: tuple[Round, dict[str, Any]]) -> None:
    report = replay_record(sorted_deck_round[1])
    assert report.ok, report.disagreement
    assert report.to_dict() == {
        "round": 1,
        "ok": True,
        "disagreement": None,
        "trick": None,
        "seat": None,
    }


def test_record_is_plain_json(sorted_deck_round: tuple[Round, dict[str, Any]]) -> None:
    record = sorted_deck_round[1]
    assert json.loads(json.dumps(record)) == record

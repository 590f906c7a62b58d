"""Replaying records: every bot-played round replays exactly; every tampering is caught at
the place it was made."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest

from zhaopengyou.bots import RandomBot, play_match, play_round
from zhaopengyou.engine import Action, Pass, Phase, Play, Round, View, get_preset
from zhaopengyou.engine.cards import CARDS, to_ascii_list
from zhaopengyou.engine.leads import parse_lead
from zhaopengyou.engine.match import Match
from zhaopengyou.records import RecordError, match_records, replay_record, round_record

from .conftest import PRESETS, Records


@pytest.mark.parametrize("label", list(PRESETS))
def test_every_recorded_round_replays(corpus: dict[str, list[Records]], label: str) -> None:
    for records in corpus[label]:
        for record in records:
            report = replay_record(record)
            assert report.ok, report.disagreement
            assert report.round == record["round"]


def test_the_corpus_exercises_every_path(all_records: Records) -> None:
    """The replay paths worth trusting are actually taken by the corpus."""
    tricks = [trick for record in all_records for trick in record["tricks"]]
    closing_window = [
        bid
        for record in all_records
        for bid in record["bids"]
        if bid["after_cards_dealt"] == sum(len(hand) for hand in record["deal"])
    ]
    assert closing_window, "bids in the closing window"
    assert any(r["round"] > 1 and r["bids"] for r in all_records), "bids with a known banker"
    assert any(r["trump_suit"] is None for r in all_records), "no-trump rounds"
    assert any("attempted" in t["plays"][0] for t in tricks), "failed throws"
    assert any(len(t["units"]) > 1 for t in tricks), "throws that stand"


# --- leaders who name their own parse (R-4.2) -----------------------------------------


class SinglesThrower(RandomBot):
    """A random bot that names every throw holding a pair or tractor as all singles."""

    def act(self, view: View) -> Action | None:
        action = super().act(view)
        if isinstance(action, Play) and view.is_leading and view.ordering is not None:
            preset = view.preset
            units = parse_lead(action.cards, None, view.ordering, preset.max_width, preset.throws)
            if len(units) > 1 and any(unit.shape.is_structured for unit in units):
                return Play(action.cards, tuple((card,) for card in action.cards))
        return action


def named_throws(records: Records) -> tuple[int, int]:
    """(throws that stood with a named parse, failed throws with a named parse)."""
    stood = failed = 0
    for record in records:
        for trick in record["tricks"]:
            lead = trick["plays"][0]
            if "attempted_units" in lead:
                failed += 1
            elif len(trick["units"]) > len(set(lead["cards"])):
                stood += 1  # more units than distinct cards: a pair was named as singles
    return stood, failed


def test_named_parses_replay_exactly() -> None:
    records: Records = []
    for seed in range(60):  # play until both kinds of named throw have happened
        preset = PRESETS["zhaopengyou" if seed % 2 else "tractor"]
        match = Match(preset, seed=seed, rounds=2)
        play_match(match, [SinglesThrower(seed * 10 + s) for s in range(preset.players)])
        records.extend(dict(record) for record in match_records(match))
        if min(named_throws(records)) > 0:
            break
    assert min(named_throws(records)) > 0
    for record in records:
        report = replay_record(record)
        assert report.ok, report.disagreement


class ShyInTheFirstDeal(RandomBot):
    """Never bids until the cards are dealt a second time, so round 1 is redealt (R-8.2)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.most_dealt = 0
        self.shy = True

    def act(self, view: View) -> Action | None:
        if view.phase in (Phase.DEAL, Phase.BID):
            if view.cards_dealt < self.most_dealt:
                self.shy = False  # fewer cards out than before: a new deal
            self.most_dealt = max(self.most_dealt, view.cards_dealt)
            if self.shy:
                return Pass() if view.phase is Phase.BID else None
        return super().act(view)


def test_a_redealt_round_replays_from_its_last_deal() -> None:
    preset = get_preset("tractor")
    rnd = Round(preset, seed=5, levels=(0,) * 4, dealer=2)
    play_round(rnd, [ShyInTheFirstDeal(seat) for seat in range(4)])
    record = round_record(rnd)
    assert record["redeals"] >= 1 and record["bids"]
    report = replay_record(record)
    assert report.ok, report.disagreement


class SilentOnceBankerKnown(RandomBot):
    """Bids only in round 1; later rounds have no bid, so the kitty names trump (R-8.2)."""

    def act(self, view: View) -> Action | None:
        if view.phase in (Phase.DEAL, Phase.BID) and view.banker is not None:
            return Pass() if view.phase is Phase.BID else None
        return super().act(view)


def test_trump_turned_from_the_kitty_replays() -> None:
    preset = PRESETS["tractor-called"]
    match = Match(preset, seed=9, rounds=3)
    play_match(match, [SilentOnceBankerKnown(seat) for seat in range(preset.players)])
    records = match_records(match)
    for record in records[1:]:
        assert record["bids"] == [] and record["bid_count"] == 0
        report = replay_record(record)
        assert report.ok, report.disagreement
    record = copy.deepcopy(records[2])
    real = record["trump_suit"]
    record["trump_suit"] = "S" if real != "S" else "H"
    assert replay_record(record).disagreement == (
        f'round 3: trump_suit recorded "{record["trump_suit"]}", engine '
        + ("null" if real is None else f'"{real}"')
    )


# --- tampering --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def match() -> Records:
    """A `zhaopengyou` match; round 2 (known banker) is the one tampered with."""
    for seed in range(100):
        records = match_records_of(seed)
        if records[1]["bids"] and any("attempted" in t["plays"][0] for t in records[1]["tricks"]):
            return records
    raise AssertionError("no suitable match")


def match_records_of(seed: int) -> Records:
    preset = PRESETS["zhaopengyou"]
    game = Match(preset, seed=seed, rounds=2)
    play_match(game, [RandomBot(seed + seat) for seat in range(preset.players)])
    return [dict(record) for record in match_records(game)]


def tampered(match: Records) -> dict[str, Any]:
    record = copy.deepcopy(match[1])
    assert replay_record(record).ok
    return record


def disagreement(record: dict[str, Any]) -> str:
    report = replay_record(record)
    assert not report.ok and report.disagreement is not None
    return report.disagreement


def test_a_card_the_player_never_had(match: Records) -> None:
    record = tampered(match)
    trick = record["tricks"][6]
    play = trick["plays"][2]
    seat = play["seat"]
    never_dealt = next(
        c
        for c in to_ascii_list(CARDS)
        if c not in record["deal"][seat] and c not in record["kitty"]  # the banker took it
    )
    play["cards"][0] = never_dealt
    text = disagreement(record)
    assert text.startswith(f"round 2, trick 7, seat {seat}: recorded ")
    assert f"but the engine says seat {seat} does not hold 1×" in text  # not "you"
    assert replay_record(record).to_dict()["trick"] == 7
    # People read seats from 1, in their language, and the seat is named, not "you".
    chinese = replay_record(record).describe("zh-Hans")
    assert chinese.startswith(f"第 2 局，第 7 墩，{seat + 1} 号位：记录为 ")
    assert f"但引擎判定 {seat + 1} 号位手里没有 1 张" in chinese and "你" not in chinese
    english = replay_record(record).describe("en")
    assert f"the engine says seat {seat + 1} does not hold 1×" in english


def test_two_plays_swapped(match: Records) -> None:
    record = tampered(match)
    plays = record["tricks"][3]["plays"]
    first, second = plays[1]["seat"], plays[2]["seat"]
    plays[1], plays[2] = plays[2], plays[1]
    text = disagreement(record)
    assert text.startswith(f"round 2, trick 4, seat {second}: recorded ")
    assert text.endswith(f"but the engine says R-6.4: seat {first} is to play")
    shown = replay_record(record).describe("en")  # for people: seats from 1, also the engine's
    assert shown.startswith(f"round 2, trick 4, seat {second + 1}: recorded ")
    assert shown.endswith(f"but the engine says R-6.4: seat {first + 1} is to play")


def test_a_changed_winner(match: Records) -> None:
    record = tampered(match)
    trick = record["tricks"][9]
    real = trick["winner"]
    trick["winner"] = (real + 1) % 5
    assert disagreement(record) == (
        f"round 2, trick 10: winner recorded {(real + 1) % 5}, engine {real}"
    )
    report = replay_record(record)
    assert report.describe("zh-Hans") == (
        f"第 2 局，第 10 墩：赢家记录为 {(real + 1) % 5 + 1} 号位，引擎算出 {real + 1} 号位"
    )
    assert report.describe("zh-Hant").startswith("第 2 局，第 10 墩：贏家記錄為 ")
    assert report.describe("en") == (
        f"round 2, trick 10: winner recorded seat {(real + 1) % 5 + 1}, engine seat {real + 1}"
    )


def test_changed_attackers_points(match: Records) -> None:
    record = tampered(match)
    real = record["attackers_points"]
    record["attackers_points"] = real + 5
    assert disagreement(record) == f"round 2: attackers_points recorded {real + 5}, engine {real}"


def test_a_bid_of_cards_not_held(match: Records) -> None:
    record = tampered(match)
    bid = record["bids"][0]
    bid["cards"] = [bid["cards"][0]] * 4  # three decks hold at most 3 copies
    text = disagreement(record)
    assert text.startswith(f"round 2, bid 1, seat {bid['seat']}: recorded ")
    assert text.endswith(
        f"but the engine says R-8.2: seat {bid['seat']} does not hold the cards it bids"
    )
    assert (
        replay_record(record)
        .describe("zh-Hans")
        .endswith(f"但引擎判定 R-8.2：{bid['seat'] + 1} 号位手里没有所叫的牌")
    )


def test_a_bid_moved_out_of_order(match: Records) -> None:
    record = tampered(match)
    record["bids"][0]["after_cards_dealt"] = 10_000
    assert "bid 1" in disagreement(record)


def test_a_failed_throw_recorded_as_standing(match: Records) -> None:
    record = tampered(match)
    number, trick = next(
        (n, t) for n, t in enumerate(record["tricks"], 1) if "attempted" in t["plays"][0]
    )
    lead = trick["plays"][0]
    lead["cards"] = lead.pop("attempted")
    text = disagreement(record)
    assert text.startswith(f"round 2, trick {number}, seat {lead['seat']}: recorded the throw ")
    assert "the engine says it fails and forces" in text and text.endswith("(R-4.4)")


def test_a_different_forced_unit(match: Records) -> None:
    record = tampered(match)
    number, trick = next(
        (n, t)
        for n, t in enumerate(record["tricks"], 1)
        if "attempted" in t["plays"][0]
        and Counter(t["plays"][0]["attempted"]) - Counter(t["plays"][0]["cards"])
    )
    lead = trick["plays"][0]
    leftover = Counter(lead["attempted"]) - Counter(lead["cards"])
    lead["cards"] = [next(iter(leftover))]
    assert f"trick {number}, seat {lead['seat']}: recorded " in disagreement(record)
    assert "but the engine forces" in disagreement(record)


def test_a_missing_last_trick(match: Records) -> None:
    record = tampered(match)
    record["tricks"].pop()
    count = len(record["tricks"])
    assert disagreement(record) == (
        f"round 2: the record ends after {count} tricks, but the round is not over"
    )


def test_changed_levels_after_and_friend(match: Records) -> None:
    record = tampered(match)
    record["levels_after"] = ["A"] * 5
    assert disagreement(record).startswith('round 2: levels_after recorded ["A", "A"')
    record = tampered(match)
    record["friend"] = None if record["friend"] is not None else 0
    assert disagreement(record).startswith("round 2: friend recorded ")


def test_cards_swapped_between_hands(match: Records) -> None:
    record = tampered(match)
    first, second = record["deal"][0], record["deal"][1]
    index = next(i for i, card in enumerate(second) if card != first[0])
    first[0], second[index] = second[index], first[0]
    assert not replay_record(record).ok  # every card is played, so some play must fail


def test_a_deck_that_is_not_full(match: Records) -> None:
    record = tampered(match)
    record["kitty"][0] = "BJ" if record["kitty"][0] != "BJ" else "LJ"
    assert "deck is not a full set of cards" in disagreement(record)
    assert replay_record(record).describe("zh-Hans") == (
        "第 2 局：引擎无法建立这一局：发到各家的牌和底牌合起来不是这个玩法的整副牌"
    )


def test_an_unknown_preset_is_not_a_record(match: Records) -> None:
    # The engine cannot replay a game it does not know: the file is not a record it reads.
    record = tampered(match)
    record["preset"] = "bridge"
    with pytest.raises(RecordError) as caught:
        replay_record(record)
    assert caught.value.key == "preset"
    assert str(caught.value).startswith("key preset: unknown preset 'bridge'; presets: ")
    assert caught.value.describe("zh-Hans").startswith("键 preset：没有玩法 'bridge'")
    record = tampered(match)
    record["options"]["decks"] = 9
    with pytest.raises(RecordError) as caught:
        replay_record(record)
    assert caught.value.key == "options"


def test_disagreements_in_chinese(match: Records) -> None:
    record = tampered(match)
    record["attackers_points"] += 5
    report = replay_record(record)
    points = record["attackers_points"]
    # The record key is named in Chinese, not as the English key (issue 9).
    assert (
        report.describe("zh-Hans") == f"第 2 局：抓分方得分记录为 {points}，引擎算出 {points - 5}"
    )
    assert report.describe("zh-Hant").startswith("第 2 局：抓分方得分記錄為")
    record = tampered(match)
    plays = record["tricks"][3]["plays"]
    plays[1], plays[2] = plays[2], plays[1]
    assert (
        replay_record(record)
        .describe("zh-Hans")
        .startswith(f"第 2 局，第 4 墩，{plays[1]['seat'] + 1} 号位：记录为 ")
    )

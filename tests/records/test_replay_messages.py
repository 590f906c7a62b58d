"""What `zpy replay` says: the exact text of each disagreement, for programs (English,
seats from 0, values as in the record) and for people (English, 简体, 繁體, seats from 1),
and the ``--json`` data of a report.

Each case falsifies one thing in a real bot-played record (a lead, a failed throw, a
follow, the units, a trick's result, the burial, the swaps, the friend call, a bid) and
expects the disagreement to name the exact place, field and values.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pytest

from zhaopengyou.bots import RandomBot, play_match
from zhaopengyou.engine import Action, CallFriend, Phase, View, get_preset
from zhaopengyou.engine.cards import Card, format_cards
from zhaopengyou.engine.match import Match
from zhaopengyou.records import match_records, replay_record
from zhaopengyou.records.reader import Message
from zhaopengyou.records.replay import (
    Disagreement,
    ReplayReport,
    _Disagree,
    _KeyName,
    _Value,
)

from .test_falsify import (
    failed_throw,
    not_dealt_to,
    records_where,
    shandong_with,
    standing_throw,
)

Record = dict[str, Any]
Trick = dict[str, Any]


def shown(tokens: Iterable[str]) -> str:
    """Cards as people see them (``["10H", "LJ"]`` → ``♥10 小王``)."""
    return format_cards(Card.parse(token) for token in tokens)


def units_shown(units: Iterable[Iterable[str]]) -> str:
    return " ".join(f"[{shown(unit)}]" for unit in units)


def first_trick(record: Record, predicate: Callable[[Trick], bool]) -> tuple[int, Trick]:
    """The first trick that fits, with its 1-based number."""
    return next((n, t) for n, t in enumerate(record["tricks"], 1) if predicate(t))


def is_failed(trick: Trick) -> bool:
    return "attempted" in trick["plays"][0]


def stands_with(count: int) -> Callable[[Trick], bool]:
    """A throw that stood, parsed into ``count`` units."""
    return lambda t: len(t.get("units", [])) == count and not is_failed(t)


@dataclass(frozen=True)
class Expected:
    """The texts of one disagreement and where ``--json`` locates it."""

    program: str  # report.disagreement: English, seats from 0
    en: str  # describe("en"): seats from 1
    zh_hans: str
    zh_hant: str
    trick: int | None = None
    seat: int | None = None


Case = Callable[[], tuple[Record, Expected]]
CASES: dict[str, Case] = {}


def case(function: Case) -> Case:
    CASES[function.__name__] = function
    return function


# --- the kitty and the friend -------------------------------------------------------------


@case
def a_card_buried_that_was_never_held() -> tuple[Record, Expected]:
    record = records_where(lambda r: True, "zhaopengyou")
    seat = record["buried_by"]
    bad = not_dealt_to(record, seat)
    record["buried"][0] = bad
    cards, card = shown(record["buried"]), shown([bad])
    return record, Expected(
        f"round 1, seat {seat}: recorded {cards} but the engine says "
        f"seat {seat} does not hold 1× {card}",
        f"round 1, seat {seat + 1}: recorded {cards} but the engine says "
        f"seat {seat + 1} does not hold 1× {card}",
        f"第 1 局，{seat + 1} 号位：记录为 {cards}，但引擎判定 {seat + 1} 号位手里没有 1 张 {card}",
        f"第 1 局，{seat + 1} 號位：記錄為 {cards}，但引擎判定 {seat + 1} 號位手裡沒有 1 張 {card}",
        seat=seat,
    )


@case
def a_swap_of_a_trump_not_in_the_kitty() -> tuple[Record, Expected]:
    """R-8.4: the `shandong` declarer swaps only kitty trumps; every swap is shown."""
    record = copy.deepcopy(shandong_with("swaps"))
    number = record["round"]
    assert record["bids"][-1]["kind"] in ("liang", "ding") and len(record["swaps"]) == 1
    declarer = record["bids"][-1]["seat"]  # the standing declaration's seat swaps
    assert "AH" not in record["buried"]
    real = record["swaps"][0]
    record["swaps"].append({"from_hand": "AS", "from_kitty": "AH"})
    swaps = f"{shown([real['from_hand']])}↔{shown([real['from_kitty']])}, ♠A↔♥A"
    return record, Expected(
        f"round {number}, seat {declarer}: recorded {swaps} but the engine says "
        "R-8.4: swap only trumps that are in the kitty",
        f"round {number}, seat {declarer + 1}: recorded {swaps} but the engine says "
        "R-8.4: swap only trumps that are in the kitty",
        f"第 {number} 局，{declarer + 1} 号位：记录为 {swaps}，但引擎判定 R-8.4：只能换底牌中的主",
        f"第 {number} 局，{declarer + 1} 號位：記錄為 {swaps}，但引擎判定 R-8.4：只能換底牌中的主",
        seat=declarer,
    )


@case
def a_solo_call_where_the_game_has_none() -> tuple[Record, Expected]:
    """R-9.1: `zhaopengyou` always names a card."""
    record = records_where(lambda r: True, "zhaopengyou")
    banker = record["banker"]
    record["friend_call"] = {"solo": True}
    return record, Expected(
        f"round 1, seat {banker}: recorded a solo call but the engine says "
        "R-9.1: name one card; this game has no solo call",
        f"round 1, seat {banker + 1}: recorded a solo call but the engine says "
        "R-9.1: name one card; this game has no solo call",
        f"第 1 局，{banker + 1} 号位：记录为 独打，但引擎判定 R-9.1：请叫一张牌；这个玩法不能独打",
        f"第 1 局，{banker + 1} 號位：記錄為 獨打，但引擎判定 R-9.1：請叫一張牌；這個玩法不能獨打",
        seat=banker,
    )


@case
def a_friend_call_of_a_card_held_twice() -> tuple[Record, Expected]:
    """R-9.2: `qidong` calls a card the banker holds exactly once."""
    record = records_where(lambda r: True, "qidong")
    banker = record["banker"]
    assert record["buried_by"] == banker
    hand = Counter(record["deal"][banker]) + Counter(record["kitty"])
    hand.subtract(record["buried"])
    twice = next(card for card, count in hand.items() if count == 2)
    record["friend_call"] = {"card": twice}
    card = shown([twice])
    return record, Expected(
        f"round 1, seat {banker}: recorded the friend call {card} but the engine says "
        f"R-9.2: call a card seat {banker} holds exactly once whose twin is not buried",
        f"round 1, seat {banker + 1}: recorded the friend call {card} but the engine says "
        f"R-9.2: call a card seat {banker + 1} holds exactly once whose twin is not buried",
        f"第 1 局，{banker + 1} 号位：记录为 叫朋友 {card}，但引擎判定 R-9.2："
        f"须叫一张 {banker + 1} 号位手里只有一张、另一张又不在底牌里的牌",
        f"第 1 局，{banker + 1} 號位：記錄為 叫朋友 {card}，但引擎判定 R-9.2："
        f"須叫一張 {banker + 1} 號位手裡只有一張、另一張又不在底牌裡的牌",
        seat=banker,
    )


@case
def a_friend_call_in_a_fixed_partner_game() -> tuple[Record, Expected]:
    """The recorded value is shown as written: extra keys (RECORD.md allows them) and
    Chinese text included, not escaped."""
    record = records_where(lambda r: True, "tractor")
    record["friend_call"] = {"card": "AS", "note": "找朋友"}
    value = '{"card": "AS", "note": "找朋友"}'
    return record, Expected(
        f"round 1: friend_call recorded {value}, engine null",
        f"round 1: friend_call recorded {value}, engine none",
        f"第 1 局：叫朋友记录为 {value}，引擎算出 无",
        f"第 1 局：叫朋友記錄為 {value}，引擎算出 無",
    )


@case
def a_friend_recorded_as_none() -> tuple[Record, Expected]:
    record = records_where(lambda r: r["friend"] is not None, "zhaopengyou")
    real = record["friend"]
    record["friend"] = None
    return record, Expected(
        f"round 1: friend recorded null, engine {real}",
        f"round 1: friend recorded none, engine seat {real + 1}",
        f"第 1 局：朋友记录为 无，引擎算出 {real + 1} 号位",
        f"第 1 局：朋友記錄為 無，引擎算出 {real + 1} 號位",
    )


# --- bids -----------------------------------------------------------------------------------


@case
def a_bid_of_more_copies_than_exist() -> tuple[Record, Expected]:
    record = records_where(lambda r: bool(r["bids"]), "tractor")
    bid = record["bids"][0]
    seat = bid["seat"]
    bid["cards"] = [bid["cards"][0]] * 4  # two decks hold 2 copies
    cards = shown(bid["cards"])
    return record, Expected(
        f"round 1, bid 1, seat {seat}: recorded {cards} but the engine says "
        f"R-8.2: seat {seat} does not hold the cards it bids",
        f"round 1, bid 1, seat {seat + 1}: recorded {cards} but the engine says "
        f"R-8.2: seat {seat + 1} does not hold the cards it bids",
        f"第 1 局，第 1 次叫牌，{seat + 1} 号位：记录为 {cards}，但引擎判定 R-8.2："
        f"{seat + 1} 号位手里没有所叫的牌",
        f"第 1 局，第 1 次叫牌，{seat + 1} 號位：記錄為 {cards}，但引擎判定 R-8.2："
        f"{seat + 1} 號位手裡沒有所叫的牌",
        seat=seat,
    )


def a_bid_with(field: str) -> tuple[Record, Expected]:
    """RECORD.md: ``from_seat``, ``taken`` and ``returned`` describe a 粘 (zhan) only."""
    record = records_where(lambda r: bool(r["bids"]), "tractor")
    bid = record["bids"][0]
    seat = bid["seat"]
    bid[field] = (seat + 1) % 4 if field == "from_seat" else ["BJ"]
    return record, Expected(
        f"round 1, bid 1, seat {seat}: {field} belongs to a 粘 (zhan) bid only",
        f"round 1, bid 1, seat {seat + 1}: {field} belongs to a 粘 (zhan) bid only",
        f"第 1 局，第 1 次叫牌，{seat + 1} 号位：{field} 只属于粘牌（zhan）叫牌",
        f"第 1 局，第 1 次叫牌，{seat + 1} 號位：{field} 只屬於粘牌（zhan）叫牌",
        seat=seat,
    )


@case
def a_bid_with_from_seat() -> tuple[Record, Expected]:
    return a_bid_with("from_seat")


@case
def a_bid_with_taken() -> tuple[Record, Expected]:
    return a_bid_with("taken")


@case
def a_bid_with_returned() -> tuple[Record, Expected]:
    return a_bid_with("returned")


def bid_during_the_deal(record: Record) -> bool:
    """Two bids or more, the first one made while cards were still being dealt."""
    bids, dealt = record["bids"], sum(len(hand) for hand in record["deal"])
    return len(bids) > 1 and 0 < bids[0]["after_cards_dealt"] < dealt


@case
def a_bid_listed_after_a_later_one() -> tuple[Record, Expected]:
    """R-8.1: bids are listed in the order made; one recorded before the bid listed ahead
    of it can no longer be made once the deal has gone past it."""
    record = records_where(bid_during_the_deal, "zhaopengyou")
    number = record["round"]
    second = record["bids"][1]
    seat = second["seat"]
    after = second["after_cards_dealt"] = record["bids"][0]["after_cards_dealt"] - 1
    return record, Expected(
        f"round {number}, bid 2, seat {seat}: recorded after {after} cards dealt, "
        "which the deal has passed (bids must be listed in order)",
        f"round {number}, bid 2, seat {seat + 1}: recorded after {after} cards dealt, "
        "which the deal has passed (bids must be listed in order)",
        f"第 {number} 局，第 2 次叫牌，{seat + 1} 号位：记录在发出 {after} 张牌后，"
        "但发牌已过了这一刻（叫牌须按先后顺序记录）",
        f"第 {number} 局，第 2 次叫牌，{seat + 1} 號位：記錄在發出 {after} 張牌後，"
        "但發牌已過了這一刻（叫牌須按先後順序記錄）",
        seat=seat,
    )


# --- setting up the round -----------------------------------------------------------------


@case
def levels_before_missing_where_the_game_has_levels() -> tuple[Record, Expected]:
    """R-9.5: only `qidong` plays without levels."""
    record = records_where(lambda r: True, "tractor")
    record["levels_before"] = None
    return record, Expected(
        "round 1: levels_before recorded null, engine a level for each seat",
        "round 1: levels_before recorded none, engine a level for each seat",
        "第 1 局：本局前的级别记录为 无，引擎算出 每个座位一个级别",
        "第 1 局：本局前的級別記錄為 無，引擎算出 每個座位一個級別",
    )


@case
def a_deal_that_is_not_a_full_deck() -> tuple[Record, Expected]:
    """A card dealt three times: two decks hold two copies."""
    record = records_where(lambda r: True, "tractor")
    hands = record["deal"]
    hands[0][0] = next(card for card in hands[1] if card != hands[0][0])
    return record, Expected(
        "round 1: the engine cannot set up this round: "
        "deck is not a full set of cards for this preset",
        "round 1: the engine cannot set up this round: "
        "deck is not a full set of cards for this preset",
        "第 1 局：引擎无法建立这一局：发到各家的牌和底牌合起来不是这个玩法的整副牌",
        "第 1 局：引擎無法建立這一局：發到各家的牌和底牌合起來不是這個玩法的整副牌",
    )


@case
def seats_at_different_levels_before_a_banker_is_known() -> tuple[Record, Expected]:
    """R-1.4: round 1 has no banker yet, so the level rank is everyone's level."""
    record = records_where(lambda r: r["round"] == 1, "tractor")
    record["levels_before"][1] = "3" if record["levels_before"][1] != "3" else "4"
    return record, Expected(
        "round 1: the engine cannot set up this round: "
        "without a banker every seat must be at the same level",
        "round 1: the engine cannot set up this round: "
        "without a banker every seat must be at the same level",
        "第 1 局：引擎无法建立这一局：还没有庄家时，所有座位必须是同一级",
        "第 1 局：引擎無法建立這一局：還沒有莊家時，所有座位必須是同一級",
    )


# --- leads and throws -------------------------------------------------------------------


@case
def attempted_units_that_do_not_split_the_throw() -> tuple[Record, Expected]:
    """R-4.2: a failed throw's named parse splits the whole throw."""
    record = records_where(failed_throw, "tractor")
    number, trick = first_trick(record, is_failed)
    lead = trick["plays"][0]
    seat, attempted = lead["seat"], shown(lead["attempted"])
    lead["attempted_units"] = [["AS"], ["KS"]]
    return record, Expected(
        f"round 1, trick {number}, seat {seat}: attempted_units [♠A] [♠K] do not split "
        f"the throw {attempted} (R-4.2)",
        f"round 1, trick {number}, seat {seat + 1}: attempted_units [♠A] [♠K] do not split "
        f"the throw {attempted} (R-4.2)",
        f"第 1 局，第 {number} 墩，{seat + 1} 号位：attempted_units [♠A] [♠K] "
        f"不是甩牌 {attempted} 的拆分（R-4.2）",
        f"第 1 局，第 {number} 墩，{seat + 1} 號位：attempted_units [♠A] [♠K] "
        f"不是甩牌 {attempted} 的拆分（R-4.2）",
        trick=number,
        seat=seat,
    )


@case
def attempted_units_on_a_lead_that_did_not_fail() -> tuple[Record, Expected]:
    """R-4.4: ``attempted_units`` names the parse of a failed throw only."""
    record = records_where(lambda r: True, "tractor")
    number, trick = first_trick(record, lambda t: not is_failed(t))
    lead = trick["plays"][0]
    seat = lead["seat"]
    lead["attempted_units"] = [lead["cards"]]
    return record, Expected(
        f"round 1, trick {number}, seat {seat}: "
        "attempted_units belongs to the leader's failed throw only",
        f"round 1, trick {number}, seat {seat + 1}: "
        "attempted_units belongs to the leader's failed throw only",
        f"第 1 局，第 {number} 墩，{seat + 1} 号位：attempted_units 只属于首家甩牌失败的记录",
        f"第 1 局，第 {number} 墩，{seat + 1} 號位：attempted_units 只屬於首家甩牌失敗的記錄",
        trick=number,
        seat=seat,
    )


@case
def a_failed_throw_of_a_card_never_held() -> tuple[Record, Expected]:
    record = records_where(failed_throw, "tractor")
    number, trick = first_trick(record, is_failed)
    lead = trick["plays"][0]
    seat = lead["seat"]
    bad = not_dealt_to(record, seat)
    lead["attempted"].append(bad)
    attempted, card = shown(lead["attempted"]), shown([bad])
    return record, Expected(
        f"round 1, trick {number}, seat {seat}: recorded {attempted} but the engine says "
        f"seat {seat} does not hold 1× {card}",
        f"round 1, trick {number}, seat {seat + 1}: recorded {attempted} but the engine says "
        f"seat {seat + 1} does not hold 1× {card}",
        f"第 1 局，第 {number} 墩，{seat + 1} 号位：记录为 {attempted}，"
        f"但引擎判定 {seat + 1} 号位手里没有 1 张 {card}",
        f"第 1 局，第 {number} 墩，{seat + 1} 號位：記錄為 {attempted}，"
        f"但引擎判定 {seat + 1} 號位手裡沒有 1 張 {card}",
        trick=number,
        seat=seat,
    )


@case
def a_standing_throw_recorded_as_failed() -> tuple[Record, Expected]:
    """R-4.3: a throw nobody can beat stands."""
    record = records_where(standing_throw, "tractor")
    number, trick = first_trick(record, lambda t: len(t["units"]) > 1 and not is_failed(t))
    lead = trick["plays"][0]
    seat, cards = lead["seat"], shown(lead["cards"])
    lead["attempted"] = list(lead["cards"])
    return record, Expected(
        f"round 1, trick {number}, seat {seat}: recorded a failed throw of {cards}, "
        "but the engine lets it stand (R-4.3)",
        f"round 1, trick {number}, seat {seat + 1}: recorded a failed throw of {cards}, "
        "but the engine lets it stand (R-4.3)",
        f"第 1 局，第 {number} 墩，{seat + 1} 号位：记录为甩牌 {cards} 失败，"
        "但引擎判定甩牌成功（R-4.3）",
        f"第 1 局，第 {number} 墩，{seat + 1} 號位：記錄為甩牌 {cards} 失敗，"
        "但引擎判定甩牌成功（R-4.3）",
        trick=number,
        seat=seat,
    )


@case
def a_failed_throw_forcing_another_unit() -> tuple[Record, Expected]:
    """R-4.4: the engine decides which unit a failed throw forces."""
    record = records_where(failed_throw, "tractor")
    number, trick = first_trick(
        record,
        lambda t: (
            is_failed(t)
            and bool(Counter(t["plays"][0]["attempted"]) - Counter(t["plays"][0]["cards"]))
        ),
    )
    lead = trick["plays"][0]
    seat, forced = lead["seat"], shown(lead["cards"])
    wrong = next(iter(Counter(lead["attempted"]) - Counter(lead["cards"])))
    lead["cards"] = [wrong]
    attempted, card = shown(lead["attempted"]), shown([wrong])
    return record, Expected(
        f"round 1, trick {number}, seat {seat}: recorded {card} forced from the throw "
        f"{attempted}, but the engine forces {forced} (R-4.4)",
        f"round 1, trick {number}, seat {seat + 1}: recorded {card} forced from the throw "
        f"{attempted}, but the engine forces {forced} (R-4.4)",
        f"第 1 局，第 {number} 墩，{seat + 1} 号位：记录为甩牌 {attempted} 失败后出 {card}，"
        f"但引擎判定须出 {forced}（R-4.4）",
        f"第 1 局，第 {number} 墩，{seat + 1} 號位：記錄為甩牌 {attempted} 失敗後出 {card}，"
        f"但引擎判定須出 {forced}（R-4.4）",
        trick=number,
        seat=seat,
    )


@case
def a_failed_throw_recorded_as_standing() -> tuple[Record, Expected]:
    record = records_where(failed_throw, "tractor")
    number, trick = first_trick(record, is_failed)
    lead = trick["plays"][0]
    seat, forced = lead["seat"], shown(lead["cards"])
    lead["cards"] = lead.pop("attempted")
    cards = shown(lead["cards"])
    return record, Expected(
        f"round 1, trick {number}, seat {seat}: recorded the throw {cards} as standing, "
        f"but the engine says it fails and forces {forced} (R-4.4)",
        f"round 1, trick {number}, seat {seat + 1}: recorded the throw {cards} as standing, "
        f"but the engine says it fails and forces {forced} (R-4.4)",
        f"第 1 局，第 {number} 墩，{seat + 1} 号位：记录为甩牌 {cards} 成功，"
        f"但引擎判定甩牌失败，须出 {forced}（R-4.4）",
        f"第 1 局，第 {number} 墩，{seat + 1} 號位：記錄為甩牌 {cards} 成功，"
        f"但引擎判定甩牌失敗，須出 {forced}（R-4.4）",
        trick=number,
        seat=seat,
    )


# --- follows, units and trick results --------------------------------------------------


def a_follower_with(field: str) -> tuple[Record, Expected]:
    """R-4.4: only a leader throws, so only the leader's play has these keys."""
    record = records_where(lambda r: True, "tractor")
    play = record["tricks"][2]["plays"][1]
    seat = play["seat"]
    play[field] = [play["cards"]] if field == "attempted_units" else list(play["cards"])
    return record, Expected(
        f"round 1, trick 3, seat {seat}: {field} belongs to the leader's failed throw only",
        f"round 1, trick 3, seat {seat + 1}: {field} belongs to the leader's failed throw only",
        f"第 1 局，第 3 墩，{seat + 1} 号位：{field} 只属于首家甩牌失败的记录",
        f"第 1 局，第 3 墩，{seat + 1} 號位：{field} 只屬於首家甩牌失敗的記錄",
        trick=3,
        seat=seat,
    )


@case
def a_follower_with_attempted() -> tuple[Record, Expected]:
    return a_follower_with("attempted")


@case
def a_follower_with_attempted_units() -> tuple[Record, Expected]:
    return a_follower_with("attempted_units")


@case
def a_follow_of_cards_never_held() -> tuple[Record, Expected]:
    record = records_where(lambda r: True, "tractor")
    play = record["tricks"][2]["plays"][2]
    seat = play["seat"]
    bad = not_dealt_to(record, seat)
    play["cards"] = [bad] * len(play["cards"])
    cards, card = shown(play["cards"]), shown([bad])
    return record, Expected(
        f"round 1, trick 3, seat {seat}: recorded {cards} but the engine says "
        f"seat {seat} does not hold 1× {card}",
        f"round 1, trick 3, seat {seat + 1}: recorded {cards} but the engine says "
        f"seat {seat + 1} does not hold 1× {card}",
        f"第 1 局，第 3 墩，{seat + 1} 号位：记录为 {cards}，"
        f"但引擎判定 {seat + 1} 号位手里没有 1 张 {card}",
        f"第 1 局，第 3 墩，{seat + 1} 號位：記錄為 {cards}，"
        f"但引擎判定 {seat + 1} 號位手裡沒有 1 張 {card}",
        trick=3,
        seat=seat,
    )


@case
def units_missing_from_a_two_unit_throw() -> tuple[Record, Expected]:
    """RECORD.md: ``units`` is required when the lead has more than one unit."""
    record = records_where(lambda r: any(map(stands_with(2), r["tricks"])), "tractor")
    number, trick = first_trick(record, stands_with(2))
    engine = units_shown(trick.pop("units"))
    return record, Expected(
        f"round 1, trick {number}: units recorded none, engine {engine}",
        f"round 1, trick {number}: units recorded none, engine {engine}",
        f"第 1 局，第 {number} 墩：牌型拆分记录为 无，引擎为 {engine}",
        f"第 1 局，第 {number} 墩：牌型拆分記錄為 無，引擎為 {engine}",
        trick=number,
    )


@case
def a_two_unit_throw_recorded_as_one_unit() -> tuple[Record, Expected]:
    record = records_where(lambda r: any(map(stands_with(2), r["tricks"])), "tractor")
    number, trick = first_trick(record, stands_with(2))
    engine = units_shown(trick["units"])
    trick["units"] = [trick["plays"][0]["cards"]]
    recorded = units_shown(trick["units"])
    return record, Expected(
        f"round 1, trick {number}: units recorded {recorded}, engine {engine}",
        f"round 1, trick {number}: units recorded {recorded}, engine {engine}",
        f"第 1 局，第 {number} 墩：牌型拆分记录为 {recorded}，引擎为 {engine}",
        f"第 1 局，第 {number} 墩：牌型拆分記錄為 {recorded}，引擎為 {engine}",
        trick=number,
    )


@case
def a_wrong_leader() -> tuple[Record, Expected]:
    record = records_where(lambda r: True, "tractor")
    trick = record["tricks"][3]
    real = trick["leader"]
    wrong = trick["leader"] = (real + 1) % 4
    return record, Expected(
        f"round 1, trick 4: leader recorded {wrong}, engine {real}",
        f"round 1, trick 4: leader recorded seat {wrong + 1}, engine seat {real + 1}",
        f"第 1 局，第 4 墩：首出人记录为 {wrong + 1} 号位，引擎算出 {real + 1} 号位",
        f"第 1 局，第 4 墩：首出人記錄為 {wrong + 1} 號位，引擎算出 {real + 1} 號位",
        trick=4,
    )


@case
def a_wrong_winner() -> tuple[Record, Expected]:
    record = records_where(lambda r: True, "qidong")
    trick = record["tricks"][4]
    real = trick["winner"]
    wrong = trick["winner"] = (real + 2) % 5
    return record, Expected(
        f"round 1, trick 5: winner recorded {wrong}, engine {real}",
        f"round 1, trick 5: winner recorded seat {wrong + 1}, engine seat {real + 1}",
        f"第 1 局，第 5 墩：赢家记录为 {wrong + 1} 号位，引擎算出 {real + 1} 号位",
        f"第 1 局，第 5 墩：贏家記錄為 {wrong + 1} 號位，引擎算出 {real + 1} 號位",
        trick=5,
    )


@case
def wrong_trick_points() -> tuple[Record, Expected]:
    record = records_where(lambda r: True, "tractor")
    trick = record["tricks"][3]
    real = trick["points"]
    trick["points"] = real + 5
    return record, Expected(
        f"round 1, trick 4: points recorded {real + 5}, engine {real}",
        f"round 1, trick 4: points recorded {real + 5}, engine {real}",
        f"第 1 局，第 4 墩：这一墩的分记录为 {real + 5}，引擎算出 {real}",
        f"第 1 局，第 4 墩：這一墩的分記錄為 {real + 5}，引擎算出 {real}",
        trick=4,
    )


@pytest.mark.parametrize("name", list(CASES))
def test_a_disagreement_is_told_exactly(name: str) -> None:
    record, expected = CASES[name]()
    report = replay_record(record)
    assert not report.ok
    assert report.disagreement == expected.program
    assert report.describe("en") == expected.en
    assert report.describe("zh-Hans") == expected.zh_hans
    assert report.describe("zh-Hant") == expected.zh_hant
    assert report.describe() == expected.en  # English unless told otherwise
    # `zpy replay --json`: the English text for programs, and where it is.
    assert report.to_dict() == {
        "round": record["round"],
        "ok": False,
        "disagreement": expected.program,
        "trick": expected.trick,
        "seat": expected.seat,
    }


# --- rounds that replay exactly ---------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "text"),
    [("en", "round 2: ok"), ("zh-Hans", "第 2 局：一致"), ("zh-Hant", "第 2 局：一致")],
)
def test_a_round_that_replays_is_ok(lang: str, text: str) -> None:
    record = records_where(lambda r: r["round"] == 2, "tractor")
    report = replay_record(record)
    assert report.describe(lang) == text
    assert report.to_dict() == {
        "round": 2,
        "ok": True,
        "disagreement": None,
        "trick": None,
        "seat": None,
    }


def test_single_unit_leads_may_leave_out_their_units() -> None:
    """RECORD.md requires ``units`` only when the lead has more than one unit."""
    record = records_where(lambda r: any(map(stands_with(2), r["tricks"])), "tractor")
    single = [t for t in record["tricks"] if len(t["units"]) == 1]
    assert single
    for trick in single:
        del trick["units"]
    assert replay_record(record).ok


class SoloCaller(RandomBot):
    """A random bot that, as `qidong` banker, always goes solo (独打, R-9.2)."""

    def act(self, view: View) -> Action | None:
        if view.phase is Phase.CALL:
            return CallFriend(solo=True)
        return super().act(view)


def test_a_solo_call_replays() -> None:
    preset = get_preset("qidong")
    match = Match(preset, seed=3, rounds=2)
    play_match(match, [SoloCaller(seat) for seat in range(preset.players)])
    records = match_records(match)
    for record in records:
        assert record["friend_call"] == {"solo": True} and record["friend"] is None
        report = replay_record(record)
        assert report.ok, report.disagreement


# --- the pieces of a message ----------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "first_seat", "text"),
    [
        ("en", 1, "round 3, bid 2, trick 7, seat 3: friend recorded none, engine seat 1"),
        ("en", 0, "round 3, bid 2, trick 7, seat 2: friend recorded null, engine 0"),
        ("zh-Hans", 1, "第 3 局，第 2 次叫牌，第 7 墩，3 号位：朋友记录为 无，引擎算出 1 号位"),
        ("zh-Hant", 1, "第 3 局，第 2 次叫牌，第 7 墩，3 號位：朋友記錄為 無，引擎算出 1 號位"),
    ],
)
def test_a_disagreement_names_its_place(lang: str, first_seat: int, text: str) -> None:
    problem = Message(
        "{key} recorded {recorded}, engine {engine}",
        {
            "key": _KeyName("friend"),
            "recorded": _Value(None, is_seat=True),
            "engine": _Value(0, is_seat=True),
        },
    )
    found = Disagreement(3, problem, trick=7, bid=2, seat=2)
    assert found.describe(lang, first_seat) == text
    report = ReplayReport(3, found)
    assert report.disagreement == "round 3, bid 2, trick 7, seat 2: friend recorded null, engine 0"
    assert report.to_dict()["seat"] == 2 and report.to_dict()["trick"] == 7
    # The replayer's internal exception carries the same English text, for tracebacks.
    assert str(_Disagree(found)) == (
        "round 3, bid 2, trick 7, seat 3: friend recorded none, engine seat 1"
    )


@pytest.mark.parametrize(
    ("value", "lang", "first_seat", "text"),
    [
        (_Value(2, is_seat=True), "en", 1, "seat 3"),
        (_Value(2, is_seat=True), "zh-Hans", 1, "3 号位"),
        (_Value(2, is_seat=True), "en", 0, "2"),
        (_Value(2), "en", 1, "2"),
        (_Value(None, is_seat=True), "en", 1, "none"),
        (_Value(None), "zh-Hant", 1, "無"),
        (_Value(None), "en", 0, "null"),
        (_Value(["2", "A"]), "en", 1, '["2", "A"]'),
        (_Value("找朋友"), "en", 0, '"找朋友"'),
        (_Value("找朋友"), "zh-Hans", 1, '"找朋友"'),
    ],
)
def test_a_value_is_shown_as_in_records_or_for_people(
    value: _Value, lang: str, first_seat: int, text: str
) -> None:
    assert value.render(lang, first_seat) == text


def test_a_value_is_for_people_by_default() -> None:
    assert _Value(2, is_seat=True).render() == "seat 3"


@pytest.mark.parametrize(
    ("key", "lang", "text"),
    [
        ("winner", "en", "winner"),
        ("winner", "zh-Hans", "赢家"),
        ("winner", "zh-Hant", "贏家"),
        ("players (count)", "zh-Hans", "玩家人数"),
    ],
)
def test_a_key_is_named_in_english_as_in_the_file(key: str, lang: str, text: str) -> None:
    assert _KeyName(key).render(lang, 1) == text

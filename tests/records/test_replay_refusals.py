"""A record whose action breaks a rule is refused by `zpy replay` with the rule and the
seat named in the record's words ("seat 2 holds a pair …", not the engine's "you hold
…"): for each refusal of R-5, one real bot-played round with one follow swapped for an
illegal one; then a short burial, a short give-back, an overcall of one's own bid, and
`shandong` declarations of cards not held, a 顶 of one's own 亮 and a joker added
without another copy, and a `qidong` friend call where 独打 is forced.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from itertools import islice
from typing import Any

import pytest

from zhaopengyou.bots import RandomBot, play_round
from zhaopengyou.engine import Action, CallFriend, Phase, Round, View, get_preset
from zhaopengyou.engine.cards import Card, format_cards, to_ascii_list
from zhaopengyou.records import replay_record, round_record

from ..engine.test_rules_gaps import CALLER_KITTY, qidong_calling
from .test_falsify import records_where, shandong_with

# The engine's refusal (its template) → the preset that has it and what the replay
# must say of seat {seat}.
REFUSALS = {
    "you hold a pair in the led suit: follow with it": (
        "tractor",
        "R-5.2: seat {seat} holds a pair in the led suit: it must follow with it",
    ),
    "you hold a tractor in the led suit: follow with it": (
        "zhaopengyou",
        "R-5.2: seat {seat} holds a tractor in the led suit: it must follow with it",
    ),
    "you hold a triple in the led suit: follow with it": (
        "zhaopengyou",
        "R-5.2: seat {seat} holds a triple in the led suit: it must follow with it",
    ),
    "follow with as many pairs as you hold, up to the lead's": (
        "shandong",
        "R-5.3: seat {seat} must follow with as many pairs as it holds, up to the lead's",
    ),
    "after your pairs, fill with your highest cards of the suit": (
        "shandong",
        "R-5.3: after its pairs, seat {seat} must fill with its highest cards of the suit",
    ),
    "you hold a 刮风 this long in the led suit: follow with it": (
        "shandong",
        "R-5.3: seat {seat} holds a 刮风 this long in the led suit: it must follow with it",
    ),
    "you hold a {kind} of this size in the led suit: play it": (
        "shandong",
        "R-5.3: seat {seat} holds a {kind} of this size in the led suit: it must play it",
    ),
    "without that unit, follow with your highest cards of the suit": (
        "shandong",
        "R-5.3: without that unit, seat {seat} must follow with its highest cards of the suit",
    ),
}


def near_misses(view: View) -> Iterator[tuple[Card, ...]]:
    """Follows one card away from a legal one: where the refusals of R-5 are found."""
    hand = set(view.hand)
    for legal in islice(view.legal_plays(), 40):
        for index in range(len(legal)):
            for other in sorted(hand - set(legal)):
                yield (*legal[:index], other, *legal[index + 1 :])


class Finder(RandomBot):
    """A random seat that notes the first illegal follow the engine refuses with
    ``template``: (trick index, seat, cards)."""

    def __init__(self, seed: int, template: str, found: list[Any]) -> None:
        super().__init__(seed)
        self.template = template
        self.notes = found

    def act(self, view: View) -> Action | None:
        following = view.phase is Phase.PLAY and view.to_act == view.seat and not view.is_leading
        if following and not self.notes:
            for cards in near_misses(view):
                error = view.play_error(cards)
                if error is not None and error.template == self.template:
                    self.notes.append((len(view.tricks), view.seat, cards))
                    break
        return super().act(view)


def falsified(template: str, preset_name: str) -> tuple[dict[str, Any], int, int, list[str]]:
    """A finished round's record with one follow replaced by one the engine refuses
    with ``template``; the trick number (from 1), the seat and the cards put there."""
    preset = get_preset(preset_name)
    for seed in range(200):
        found: list[tuple[int, int, tuple[Card, ...]]] = []
        agents = [Finder(seed * 10 + s, template, found) for s in range(preset.players)]
        rnd = play_round(Round(preset, seed=seed), agents)
        if found:
            trick, seat, cards = found[0]
            record: dict[str, Any] = dict(round_record(rnd))
            (play,) = (p for p in record["tricks"][trick]["plays"] if p["seat"] == seat)
            play["cards"] = to_ascii_list(cards)
            return record, trick + 1, seat, play["cards"]
    raise AssertionError(f"no round with a follow refused by {template!r}")


def special_kind(lead: list[str]) -> str:
    """The `shandong` name of a lead of one special unit (RULES.md R-3)."""
    ranks = [token[:-1] for token in lead]  # none is a joker
    if len(set(ranks)) == 1:
        return "thunder" if len(lead) == 4 else "lightning"
    return "rain" if len(set(ranks)) == len(lead) else "snow"


@pytest.mark.parametrize("template", list(REFUSALS))
def test_an_illegal_follow_is_refused_naming_the_seat_and_the_rule(template: str) -> None:
    preset_name, says = REFUSALS[template]
    record, trick, seat, cards = falsified(template, preset_name)
    report = replay_record(record)
    assert not report.ok
    shown = format_cards(Card.parse(token) for token in cards)
    kind = special_kind(record["tricks"][trick - 1]["plays"][0]["cards"])
    assert report.disagreement == (
        f"round {record['round']}, trick {trick}, seat {seat}: recorded {shown} "
        f"but the engine says {says.format(seat=seat, kind=kind)}"
    )
    assert report.describe("en") == (
        f"round {record['round']}, trick {trick}, seat {seat + 1}: recorded {shown} "
        f"but the engine says {says.format(seat=seat + 1, kind=kind)}"
    )


def test_a_short_burial_names_the_seat_that_buried() -> None:
    """R-7.1: the kitty's size is buried back."""
    record = records_where(lambda r: True, "tractor")
    seat = record["buried_by"]
    record["buried"] = record["buried"][:-1]
    shown = format_cards(Card.parse(token) for token in record["buried"])
    assert replay_record(record).disagreement == (
        f"round 1, seat {seat}: recorded {shown} but the engine says "
        f"R-7.1: bury exactly 8 cards (seat {seat} buried 7)"
    )


def test_a_short_give_back_names_the_seat_that_gave() -> None:
    """R-8.4: a 粘 gives back as many cards as it took."""
    record = copy.deepcopy(shandong_with("zhan"))
    number, index, zhan = (
        record["round"],
        *next((i, b) for i, b in enumerate(record["bids"], 1) if b.get("kind") == "zhan"),
    )
    zhan["returned"] = zhan["returned"][:-1]
    shown = format_cards(Card.parse(token) for token in zhan["returned"])
    took = len(zhan["taken"])
    assert replay_record(record).disagreement == (
        f"round {number}, bid {index}, seat {zhan['seat']}: recorded {shown} but the engine "
        f"says R-8.4: give back exactly {took} cards (seat {zhan['seat']} gave {took - 1})"
    )


def test_a_declaration_of_cards_not_held_names_the_declarer() -> None:
    """R-8.4: a `shandong` declaration shows a joker and a pair the declarer holds."""
    record = copy.deepcopy(shandong_with("zhan"))
    liang = record["bids"][0]
    assert liang["kind"] == "liang"
    pair = next(f"{rank}S" for rank in "89" if record["deal"][liang["seat"]].count(f"{rank}S") < 2)
    liang["cards"] = [liang["cards"][0], pair, pair]
    shown = format_cards(Card.parse(token) for token in liang["cards"])
    assert replay_record(record).disagreement == (
        f"round {record['round']}, bid 1, seat {liang['seat']}: recorded {shown} but the "
        f"engine says R-8.4: seat {liang['seat']} does not hold the cards it declares"
    )


def test_an_overcall_of_ones_own_bid_names_the_bidder() -> None:
    """R-8.2: a player may reinforce their own standing bid but not overcall it with
    another suit, even with jokers that would beat it from anyone else."""

    def joker_pair_over_own_bid(record: dict[str, Any]) -> bool:
        if not record["bids"] or record["bids"][-1]["cards"][0] in ("LJ", "BJ"):
            return False
        last = record["bids"][-1]
        deal = record["deal"][last["seat"]]
        return any(deal.count(joker) >= max(2, len(last["cards"])) for joker in ("LJ", "BJ"))

    record = records_where(joker_pair_over_own_bid, "zhaopengyou")
    seat = record["bids"][-1]["seat"]
    size = max(2, len(record["bids"][-1]["cards"]))
    joker = next(j for j in ("LJ", "BJ") if record["deal"][seat].count(j) >= size)
    record["bids"].append(
        {"seat": seat, "cards": [joker] * size, "after_cards_dealt": sum(map(len, record["deal"]))}
    )
    shown = format_cards([Card.parse(joker)] * size)
    assert replay_record(record).disagreement == (
        f"round {record['round']}, bid {len(record['bids'])}, seat {seat}: recorded {shown} "
        f"but the engine says R-8.2: seat {seat} may reinforce its own bid but not overcall "
        "it with another suit"
    )


def a_liang_and_then(kind: str, cards_of: Any) -> tuple[dict[str, Any], int, dict[str, Any]]:
    """A `shandong` record whose first 亮 is followed at once by another declaration
    of ``kind`` by the same seat; its cards are ``cards_of(liang, deal)``."""

    def fits(record: dict[str, Any]) -> bool:
        bids = record["bids"]
        if not bids or bids[0].get("kind") != "liang":
            return False
        return cards_of(bids[0], record["deal"][bids[0]["seat"]]) is not None

    record = records_where(fits, "shandong")
    liang = record["bids"][0]
    again = {
        "seat": liang["seat"],
        "cards": cards_of(liang, record["deal"][liang["seat"]]),
        "after_cards_dealt": liang["after_cards_dealt"],
        "kind": kind,
    }
    record["bids"].insert(1, again)
    return record, liang["seat"], again


def test_a_ding_of_ones_own_liang_names_the_declarer() -> None:
    """R-8.4: 顶 overrides another seat's 亮."""
    record, seat, ding = a_liang_and_then("ding", lambda liang, deal: liang["cards"])
    shown = format_cards(Card.parse(token) for token in ding["cards"])
    assert replay_record(record).disagreement == (
        f"round {record['round']}, bid 2, seat {seat}: recorded {shown} but the engine says "
        f"R-8.4: seat {seat} cannot 顶 its own declaration"
    )


def test_adding_a_joker_not_held_twice_names_the_declarer() -> None:
    """R-8.4: the declarer adds another copy of a joker it showed, if it holds one."""

    def lone_joker(liang: dict[str, Any], deal: list[str]) -> list[str] | None:
        joker = liang["cards"][0]
        return [joker] if deal.count(joker) == 1 else None

    record, seat, add = a_liang_and_then("add", lone_joker)
    shown = format_cards(Card.parse(token) for token in add["cards"])
    assert replay_record(record).disagreement == (
        f"round {record['round']}, bid 2, seat {seat}: recorded {shown} but the engine says "
        f"R-8.4: seat {seat} does not hold another copy of that joker"
    )


def test_a_friend_call_where_solo_is_forced_names_the_banker() -> None:
    """R-9.2: a `qidong` banker holding only pairs (their twins all in hand) goes solo;
    a record that calls a card instead is refused."""
    rnd = qidong_calling("10H 10H", CALLER_KITTY, "")  # seat 2, the banker, holds pairs only
    rnd.apply(2, CallFriend(solo=True))
    record = round_record(play_round(rnd, [RandomBot(seat) for seat in range(5)]))
    assert replay_record(record).ok
    record["friend_call"] = {"card": "AS"}
    assert replay_record(record).disagreement == (
        "round 1, seat 2: recorded the friend call ♠A but the engine says "
        "R-9.2: seat 2 holds no single whose twin is out: it must go solo (独打)"
    )

"""R-1.1 cards and the two notations of RECORD.md; R-1.3 points; the wire forms built on
the notation (docs/round-format.md: actions, events, and the DecodeError naming the key)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any, get_args, get_type_hints

import pytest
from pydantic import TypeAdapter

from zhaopengyou.engine import (
    Action,
    Bid,
    Bury,
    CallFriend,
    DecodeError,
    GiveBack,
    IllegalAction,
    Match,
    Pass,
    Play,
    Round,
    Swap,
    action_from_dict,
    event_from_dict,
)
from zhaopengyou.engine.actions import ACTION_KINDS
from zhaopengyou.engine.cards import (
    BIG_JOKER,
    CARDS,
    SMALL_JOKER,
    Card,
    CardParseError,
    Cards,
    _make_names,
    format_cards,
    full_deck,
    parse_cards,
    points_of,
    to_ascii_list,
)
from zhaopengyou.engine.codec import decode_rng, encode_rng
from zhaopengyou.engine.events import (
    BidMade,
    CardDealt,
    Event,
    Passed,
    TrumpDecided,
    event_json_types,
)
from zhaopengyou.engine.wire import ActionDict
from zhaopengyou.i18n import tr

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def test_name_tables_list_the_cards_in_id_order() -> None:
    """R-1.1, RECORD.md: id = suit·13 + rank with suits ♠ ♥ ♣ ♦ (S H C D) and ranks 2 … A,
    then 小王 (LJ) and 大王 (BJ). The tables are built once at import: the builder is
    called here itself."""
    ascii_names, unicode_names = _make_names()
    assert ascii_names == [rank + suit for suit in "SHCD" for rank in RANKS] + ["LJ", "BJ"]
    assert unicode_names == [suit + rank for suit in "♠♥♣♦" for rank in RANKS] + ["小王", "大王"]
    assert (ascii_names[22], unicode_names[22], ascii_names[51]) == ("JH", "♥J", "AD")


def test_every_card_round_trips_through_both_notations() -> None:
    for card in CARDS:
        assert Card.parse(card.ascii) is card
        assert Card.parse(str(card)) is card
        assert repr(card) == f"Card({card.ascii!r})"


def test_unicode_names_use_suit_symbols_and_chinese_jokers() -> None:
    assert str(Card("10H")) == "♥10"
    assert str(Card("AS")) == "♠A"
    assert str(CARDS[SMALL_JOKER]) == "小王"
    assert str(CARDS[BIG_JOKER]) == "大王"


@pytest.mark.parametrize(
    ("token", "ascii"),
    [
        *[(t, "LJ") for t in ("LJ", "lj", "SJ", "sj", "Sj", "小王", "小鬼")],
        *[(t, "BJ") for t in ("BJ", "bj", "Bj", "大王", "大鬼")],
        *[(t, "AS") for t in ("AS", "as", "1S", "S1", "sA", "♠A", "♠a", "♤1", "黑桃A", "黑桃a")],
        *[(t, "JC") for t in ("JC", "jc", "Cj", "♣J", "♧j", "梅花J", "梅花j")],
        *[(t, "2D") for t in ("2D", "2d", "d2", "♦2", "♢2", "方块2", "方塊2")],
        *[(t, "10S") for t in ("Ts", "10s", "s10", "♠T", "黑桃10", "黑桃t")],
        *[(t, "10H") for t in ("10h", "♥10", "H10", "红桃10", "紅桃10", "♡10", "TH")],
    ],
)
def test_every_notation_players_type_names_its_card(token: str, ascii: str) -> None:
    """Letters in either case, 1 for A, T for 10, suit symbols (outlined too) and suit
    words before the rank, and both Chinese names of each joker."""
    assert Card.parse(token).ascii == ascii
    assert to_ascii_list(parse_cards(f"{token} {token}")) == [ascii, ascii]


def test_bare_ranks_take_the_previous_suit() -> None:
    assert to_ascii_list(parse_cards("♥A A K 10 10")) == ["AH", "AH", "KH", "10H", "10H"]
    assert to_ascii_list(parse_cards("♠ 7 7 ♦ 3")) == ["7S", "7S", "3D"]
    assert to_ascii_list(parse_cards(["LJ", "BJ", "小王"])) == ["LJ", "BJ", "LJ"]
    assert to_ascii_list(parse_cards("方塊 3 4 黑桃Q")) == ["3D", "4D", "QS"]
    assert to_ascii_list(parse_cards("梅花3 4 d5 5")) == ["3C", "4C", "5D", "5D"]
    # a joker between bare ranks keeps their suit
    assert to_ascii_list(parse_cards("♥A bj K 小鬼 10")) == ["AH", "BJ", "KH", "LJ", "10H"]


@pytest.mark.parametrize(
    ("text", "token", "reason", "message", "chinese"),
    [
        ("AS 11H KS", "11H", "not a card", "'11H': not a card", "不是一张牌"),
        ("AS XX", "XX", "not a card", "'XX': not a card", "不是一张牌"),
        ("K", "K", "rank without a suit", "'K': rank without a suit", "只有点数，缺少花色"),
        ("♥A 1Z", "1Z", "not a card", "'1Z': not a card", "不是一张牌"),
    ],
)
def test_parse_error_names_the_bad_token(
    text: str, token: str, reason: str, message: str, chinese: str
) -> None:
    """The first bad token and why, as the terminal shows it (the reason translated)."""
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert (info.value.token, info.value.reason, str(info.value)) == (token, reason, message)
    assert tr(info.value.reason, "zh-Hans") == chinese


def test_points_are_5_10_and_k(level: str | None = None) -> None:
    assert points_of(parse_cards("5S 10H KD AS LJ")) == 25
    assert [card.points for card in parse_cards("5S 10H KD AS LJ")] == [5, 10, 10, 0, 0]
    for decks in (1, 2, 3):
        assert points_of(full_deck(decks)) == 100 * decks


def test_format_cards() -> None:
    assert format_cards(parse_cards("BJ 2S 10D")) == "大王 ♠2 ♦10"
    assert format_cards(parse_cards("BJ 2S 10D"), ascii=True) == "BJ 2S 10D"


def test_card_id_range_is_checked() -> None:
    """Ids 0 … 53 are the 54 cards of a deck (R-1.1); the error names the bad id."""
    assert Card(0) == Card.parse("2S") and Card(53) == Card.parse("BJ")
    for bad in (-1, 54):
        with pytest.raises(ValueError) as caught:
            Card(bad)
        assert str(caught.value) == f"card id out of range: {bad}"


# --- wire forms (docs/round-format.md § Actions, § Events) ------------------------------

ACTIONS: dict[str, tuple[Callable[[], Action], dict[str, Any]]] = {
    "bid": (lambda: Bid.parse("2H 2H"), {"kind": "bid", "cards": ["2H", "2H"], "bid_kind": None}),
    "bid liang": (
        lambda: Bid(tuple(parse_cards("LJ 7H 7H")), "liang"),
        {"kind": "bid", "cards": ["LJ", "7H", "7H"], "bid_kind": "liang"},
    ),
    "pass": (Pass, {"kind": "pass"}),
    "bury": (lambda: Bury.parse("♠3 5 K"), {"kind": "bury", "cards": ["3S", "5S", "KS"]}),
    "call_friend": (
        lambda: CallFriend(Card("AS")),
        {"kind": "call_friend", "card": "AS", "solo": False},
    ),
    "call_friend solo": (
        lambda: CallFriend(solo=True),
        {"kind": "call_friend", "card": None, "solo": True},
    ),
    "play": (
        lambda: Play.parse("♥A A K"),
        {"kind": "play", "cards": ["AH", "AH", "KH"], "units": None},
    ),
    "play named": (
        lambda: Play(tuple(parse_cards("AH AH KH")), ((Card("AH"), Card("AH")), (Card("KH"),))),
        {"kind": "play", "cards": ["AH", "AH", "KH"], "units": [["AH", "AH"], ["KH"]]},
    ),
    "give_back": (lambda: GiveBack.parse("5S 9D"), {"kind": "give_back", "cards": ["5S", "9D"]}),
    "swap": (
        lambda: Swap(((Card("5H"), Card("5S")),)),
        {"kind": "swap", "pairs": [["5H", "5S"]]},
    ),
}


@pytest.mark.parametrize("name", list(ACTIONS))
def test_every_action_has_its_wire_form(name: str) -> None:
    """round-format.md § Actions: ``to_dict()``, then ``from_dict`` of the action's own
    class and ``action_from_dict`` give the same action back."""
    make, wire = ACTIONS[name]
    action = make()
    assert action.to_dict() == wire
    assert type(action).from_dict(wire) == action
    assert action_from_dict(wire) == action


def test_every_action_kind_has_its_declared_wire_form() -> None:
    """engine/wire.py declares each action's JSON form once: ``to_dict()`` gives exactly
    its keys, and every kind has one."""
    declared = {get_args(get_type_hints(form)["kind"])[0]: form for form in get_args(ActionDict)}
    assert set(declared) == set(ACTION_KINDS)
    for make, wire in ACTIONS.values():
        form = declared[wire["kind"]]
        assert set(make().to_dict()) == form.__required_keys__ | form.__optional_keys__


EVENTS: dict[str, tuple[Callable[[], Event], dict[str, Any]]] = {
    "card_dealt": (
        lambda: CardDealt(2, Card("AS"), 3, 3),
        {"kind": "card_dealt", "seat": 2, "card": "AS", "dealt": 3, "seq": 3},
    ),
    "card_dealt to another seat": (
        lambda: CardDealt(1, None, 1, 1),
        {"kind": "card_dealt", "seat": 1, "card": None, "dealt": 1, "seq": 1},
    ),
    "bid": (
        lambda: BidMade(1, (Card("LJ"),), 30, "liang", (Card("7H"), Card("7H")), 40),
        {
            "kind": "bid",
            "seat": 1,
            "cards": ["LJ"],
            "after_cards_dealt": 30,
            "bid_kind": "liang",
            "hidden": ["7H", "7H"],
            "seq": 40,
        },
    ),
    "pass": (lambda: Passed(3, 5), {"kind": "pass", "seat": 3, "seq": 5}),
    "trump_decided": (
        lambda: TrumpDecided(1, 7, 1, "bid", (1, 2), 60),
        {
            "kind": "trump_decided",
            "banker": 1,
            "level_rank": "9",
            "trump_suit": "H",
            "source": "bid",
            "knowers": [1, 2],
            "seq": 60,
        },
    ),
}


def test_every_event_kind_declares_the_json_type_of_each_field() -> None:
    """What the wire's schema is built from (docs/protocol.md, "The schema"): each event
    kind's fields, ``kind`` apart, each with the JSON type its wire form has."""
    declared = event_json_types()
    for _, wire in EVENTS.values():
        fields = declared[wire["kind"]]
        assert set(fields) == set(wire) - {"kind"}
        for name, value in wire.items():
            if name != "kind":
                json_type: Any = fields[name]
                assert TypeAdapter(json_type).validate_python(value, strict=True) == value


@pytest.mark.parametrize("name", list(EVENTS))
def test_every_event_has_its_wire_form(name: str) -> None:
    """round-format.md § Events: ``to_dict()``, then ``from_dict`` of the event's own class
    and ``event_from_dict`` give the same event back."""
    make, wire = EVENTS[name]
    event = make()
    assert event.to_dict() == wire
    assert type(event).from_dict(wire) == event
    assert event_from_dict(wire) == event


@pytest.mark.parametrize(
    ("decoder", "data", "reason"),
    [
        (Play.from_dict, ACTIONS["bid"][1], "expected 'play', got 'bid'"),
        (GiveBack.from_dict, ACTIONS["bury"][1], "expected 'give_back', got 'bury'"),
        (Passed.from_dict, EVENTS["card_dealt"][1], "expected 'pass', got 'card_dealt'"),
        (CardDealt.from_dict, EVENTS["pass"][1], "expected 'card_dealt', got 'pass'"),
    ],
)
def test_a_typed_decoder_refuses_another_kind(
    decoder: Callable[[dict[str, Any]], object], data: dict[str, Any], reason: str
) -> None:
    """``Play.from_dict`` of a bid (or any class's of another kind) names ``kind``."""
    with pytest.raises(DecodeError) as info:
        decoder(data)
    assert (info.value.key, info.value.reason, str(info.value)) == (
        "kind",
        reason,
        f"kind: {reason}",
    )


@pytest.mark.parametrize(
    ("decoder", "data", "key", "message"),
    [
        (Round.from_json, ["a", "list"], "", "expected an object, got list"),
        (Match.from_json, "text", "", "expected an object, got str"),
        (action_from_dict, {"kind": "bury"}, "cards", "cards: missing"),
        (event_from_dict, {"kind": "pass", "seat": 0}, "seq", "seq: missing"),
        (
            action_from_dict,
            {"kind": "play", "cards": ["AS", "1X"]},
            "cards[1]",
            "cards[1]: '1X' is not a card",
        ),
    ],
)
def test_a_decode_error_names_the_key_when_there_is_one(
    decoder: Callable[[Any], object], data: object, key: str, message: str
) -> None:
    """The message is ``key: reason``; a value wrong as a whole has no key, only a reason."""
    with pytest.raises(DecodeError) as info:
        decoder(data)
    assert (info.value.key, str(info.value)) == (key, message)
    assert info.value.reason == message.removeprefix(f"{key}: ")


def _rng_state(*, drop: str = "", **changes: object) -> dict[str, Any]:
    """A generator's state as a snapshot holds it (``encode_rng``), changed or cut."""
    state = {**encode_rng(random.Random(7)), **changes}
    state.pop(drop, None)
    return state


@pytest.mark.parametrize(
    ("data", "key", "reason"),
    [
        ("state", "rng", "expected an object, got str"),
        (_rng_state(drop="version"), "rng.version", "missing"),
        (_rng_state(drop="internal"), "rng.internal", "missing"),
        (_rng_state(internal=[1, 2, 3]), "rng", "not a generator state (state vector is"),
        (_rng_state(gauss_next="0.5"), "rng.gauss_next", "expected a number or null"),
        (_rng_state(gauss_next=1), "rng.gauss_next", "expected a number or null"),
    ],
)
def test_a_generator_state_is_checked_key_by_key(data: object, key: str, reason: str) -> None:
    """A snapshot's ``rng`` (round-format.md): a wrong part is named, not taken."""
    with pytest.raises(DecodeError) as info:
        decode_rng(data, "rng")
    assert info.value.key == key and info.value.reason.startswith(reason)
    assert str(info.value) == f"{key}: {info.value.reason}"


@pytest.mark.parametrize("gauss", [None, 0.25])
def test_a_generator_state_round_trips(gauss: float | None) -> None:
    """The decoded generator goes on exactly where the encoded one stood, the cached
    normal variate (``gauss_next``) included."""
    original = random.Random(11)
    original.random()
    version, internal, _ = original.getstate()
    original.setstate((version, internal, gauss))
    copy = decode_rng(json.loads(json.dumps(encode_rng(original))), "rng")
    assert copy.getstate() == original.getstate()
    assert [copy.gauss(0, 1) for _ in range(3)] == [original.gauss(0, 1) for _ in range(3)]


def test_cards_named_in_a_message_read_as_their_names() -> None:
    """A refusal that names cards (a named unit, R-4.2) says them in the notation of R-1.1,
    and a translation can still tell them from words."""
    named = Cards([Card("BJ"), Card("10H"), Card("10H")])
    assert str(named) == "大王 ♥10 ♥10" and named == (Card("BJ"), Card("10H"), Card("10H"))
    err = IllegalAction("named unit {unit} is not a single, tuple or tractor", unit=named)
    assert err.message == "named unit 大王 ♥10 ♥10 is not a single, tuple or tractor"

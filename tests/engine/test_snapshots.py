"""Snapshots (zpy-round/1), histories, clones, matches and wire data given bad input:
every problem is a typed error naming the key or step, and nothing is built from it."""

from __future__ import annotations

import copy
import functools
import hashlib
import itertools
import json
from collections.abc import Callable
from typing import Any, cast

import pytest

from zhaopengyou.bots import RandomBot, play_round
from zhaopengyou.engine import (
    Bid,
    CallFriend,
    Card,
    DecodeError,
    HistoryError,
    Match,
    Phase,
    Play,
    Preset,
    Round,
    SnapshotError,
    View,
    action_from_dict,
    event_from_dict,
    get_preset,
)
from zhaopengyou.engine.bidding import BidRecord
from zhaopengyou.engine.cards import parse_cards
from zhaopengyou.engine.events import CardDealt
from zhaopengyou.engine.match import round_seed

from .drive import KeenDeclarer, drive, new_round

TRACTOR = get_preset("tractor")


def mid_play(seed: int = 4, preset: Preset = TRACTOR, plays: int = 7) -> Round:
    """A round in its tricks, a trick in progress."""
    rnd = Round(preset, seed=seed)
    bots = [RandomBot(seed * 10 + s) for s in range(preset.players)]
    rnd.deal_all()
    while rnd.phase is not Phase.PLAY:
        bot_acts(rnd, bots)
    for _ in range(plays):
        bot_acts(rnd, bots)
    assert rnd.current
    return rnd


def bot_acts(rnd: Round, bots: list[RandomBot]) -> None:
    """The seat to act acts as its bot decides (all cards are dealt)."""
    seat = rnd.to_act
    assert seat is not None
    action = bots[seat].act(rnd.view(seat))
    assert action is not None  # None only means "no bid" while dealing
    rnd.apply(seat, action)


@pytest.fixture
def snapshot() -> dict[str, Any]:
    return mid_play().to_json()


def test_snapshot_format_and_card_notation(snapshot: dict[str, Any]) -> None:
    assert snapshot["format"] == "zpy-round/1"
    assert json.loads(json.dumps(snapshot)) == snapshot  # JSON-ready
    assert snapshot["phase"] == "play"
    assert all(isinstance(card, str) for hand in snapshot["hands"] for card in hand)
    assert snapshot["deck"][0] in snapshot["received"][snapshot["dealer"]][:1]
    assert Round.from_json(snapshot).to_json() == snapshot


def mutate(data: Any, path: str, value: Any) -> Any:
    """A deep copy with ``data[path...] = value`` (a path like ``hands.0.3``; list indexes
    may be negative); a value of ``...`` deletes the key."""
    out = copy.deepcopy(data)
    *parents, last = path.split(".")
    target: Any = out
    for part in parents:
        target = target[int(part)] if isinstance(target, list) else target[part]
    key: Any = int(last) if isinstance(target, list) else last
    if value is ...:
        del target[key]
    else:
        target[key] = value
    return out


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", "zpy-round/2", "format: expected 'zpy-round/1', got 'zpy-round/2'"),
        (
            "preset",
            "bridge",
            "preset: unknown preset 'bridge'; presets: qidong, shandong, tractor, zhaopengyou",
        ),
        (
            "options.partner",
            "alone",
            "options: option 'partner' of tractor must be one of: fixed, called (got 'alone')",
        ),
        ("hands", ..., "hands: missing"),
        ("tricks", ..., "tricks: missing"),
        ("hands.0.0", "ZZ", "hands[0][0]: 'ZZ' is not a card"),
        ("hands.0.0", 5, "hands[0][0]: 5 is not a card"),
        (
            "phase",
            "sleeping",
            "phase: 'sleeping' is not a phase (deal, bid, bury, swap, call, play, done)",
        ),
        ("to_act", 9, "to_act: no seat 9 in a 4-player game"),
        ("dealt", "100", "dealt: expected a whole number, got '100'"),
        ("banker", True, "banker: expected a whole number, got True"),
        ("trump_suit", "X", "trump_suit: 'X' is not a suit (S, H, C, D or null)"),
        ("level_rank", "1", "level_rank: '1' is not a rank (2 … A)"),
        ("events.0.seq", 5, "events[0].seq: expected 1"),
        ("events.3.kind", "fireworks", "events[3].kind: unknown event kind 'fireworks'"),
        ("history.0.kind", "deal", "history[0]: a history starts with its start step"),
        ("history.1.card", "XX", "history[1].card[0]: 'XX' is not a card"),
        ("tricks.0.winner", 7, "tricks[0].winner: no seat 7 in a 4-player game"),
        ("tricks.0.units.0", ["AS", "KH"], "tricks[0].units[0]: these cards are not one unit"),
        ("current.0.seat", "north", "current[0].seat: expected a whole number, got 'north'"),
        ("result", {"side": "banker"}, "result.attackers_points: missing"),
        ("result", 5, "result: expected an object, got int"),
        ("levels_before", 5, "levels_before: expected a list, got int"),
        # values that are not strings, or strings that merely contain a name, are named too
        ("hands.0.0", ["AS"], "hands[0][0]: ['AS'] is not a card"),
        ("trump_suit", 5, "trump_suit: 5 is not a suit (S, H, C, D or null)"),
        ("trump_suit", "SH", "trump_suit: 'SH' is not a suit (S, H, C, D or null)"),
        ("options", 5, "options: expected an object, got int"),
        ("preset", 5, "preset: expected a string, got 5"),
        # the first finished trick and its first play, level by level
        ("tricks.0", 5, "tricks[0]: expected an object, got int"),
        ("tricks.0.plays", 5, "tricks[0].plays: expected a list, got int"),
        ("tricks.0.plays.0", 5, "tricks[0].plays[0]: expected an object, got int"),
        (
            "tricks.0.plays.0.attempted",
            "x",
            "tricks[0].plays[0].attempted: expected a list, got str",
        ),
        (
            "tricks.0.plays.0.attempted_units",
            ["x"],
            "tricks[0].plays[0].attempted_units[0]: expected a list, got str",
        ),
        (
            "tricks.0.lead_suit",
            "Q",
            "tricks[0].lead_suit: 'Q' is not an effective suit (S, H, C, D or trump)",
        ),
        ("tricks.0.points", "x", "tricks[0].points: expected a whole number, got 'x'"),
        ("tricks.0.units", 5, "tricks[0].units: expected a list, got int"),
        (
            "tricks.0.plays.0.attempted_units",
            5,
            "tricks[0].plays[0].attempted_units: expected a list, got int",
        ),
        ("swaps", 5, "swaps: expected a list, got int"),
    ],
)
def test_malformed_snapshots_name_the_key_and_what_is_wrong(
    snapshot: dict[str, Any], path: str, value: Any, message: str
) -> None:
    assert snapshot_refusal(snapshot, path, value) == message


def snapshot_refusal(snapshot: dict[str, Any], path: str, value: Any) -> str:
    """Why the snapshot with ``path`` set to ``value`` (``...``: left out) is refused."""
    with pytest.raises(SnapshotError) as caught:
        Round.from_json(mutate(snapshot, path, value))
    return str(caught.value)


def test_every_field_of_a_bid_is_needed_and_named() -> None:
    """A recorded bid left without any of its fields, or not an object, is named."""
    snapshot = staged("tractor", "play")
    assert len(snapshot["bids"][0]) == 7
    for name in snapshot["bids"][0]:
        assert snapshot_refusal(snapshot, f"bids.0.{name}", ...) == f"bids[0].{name}: missing"
    assert snapshot_refusal(snapshot, "bids.0", 5) == "bids[0]: expected an object, got int"


def test_every_field_of_a_trick_and_its_plays_is_needed_and_named() -> None:
    """A finished trick or one of its plays left without a field is named down to the
    play (here the first trick, a failed throw); wrong values are in the table above."""
    snapshot = staged("tractor", "play")
    trick = snapshot["tricks"][0]
    assert set(trick) == {"leader", "plays", "units", "lead_suit", "winner", "points"}
    for name in trick:
        assert snapshot_refusal(snapshot, f"tricks.0.{name}", ...) == f"tricks[0].{name}: missing"
    for name in ("seat", "cards"):
        assert (
            snapshot_refusal(snapshot, f"tricks.0.plays.0.{name}", ...)
            == f"tricks[0].plays[0].{name}: missing"
        )


def test_every_field_of_a_result_is_needed_and_named() -> None:
    """A finished round's result left without any of its fields names that field."""
    snapshot = staged("tractor", "done")
    assert len(snapshot["result"]) == 14
    for name in snapshot["result"]:
        assert snapshot_refusal(snapshot, f"result.{name}", ...) == f"result.{name}: missing"


def test_a_result_of_no_known_side_is_named() -> None:
    """R-9.4: a round is won by the banker's side, the attackers, or a step down."""
    data = staged("tractor", "done")
    with pytest.raises(SnapshotError) as caught:
        Round.from_json(mutate(data, "result.side", "nobody"))
    assert str(caught.value) == "result.side: 'nobody' is not one of banker, attackers, stepdown"


def test_a_wrong_trick_winner_or_points_are_refused(snapshot: dict[str, Any]) -> None:
    trick = snapshot["tricks"][0]
    loser = next(p["seat"] for p in trick["plays"] if p["seat"] != trick["winner"])
    with pytest.raises(SnapshotError, match=r"R-6\."):
        Round.from_json(mutate(snapshot, "tricks.0.winner", loser))
    with pytest.raises(SnapshotError, match="points"):
        Round.from_json(mutate(snapshot, "tricks.0.points", trick["points"] + 5))


def test_not_json_at_all_is_refused() -> None:
    data: object
    for data in (None, [], "zpy-round/1", 5):
        with pytest.raises(SnapshotError) as caught:
            Round.from_json(data)  # type: ignore[arg-type]
        # the empty key names the document itself
        assert (caught.value.key, caught.value.reason) == (
            "",
            f"expected an object, got {type(data).__name__}",
        )


def test_a_failed_throw_keeps_its_attempt_and_named_units() -> None:
    """R-4.4: ♠K ♠3 thrown as two units fails (seat 1's ♠Q beats ♠3) and only ♠3 is
    played; the snapshot keeps the attempt and the units the leader named."""
    rnd = Round.from_hands(
        TRACTOR,
        ["AS KS 3S 3D", "QS JS 4D 5D", "9S 8S 6D 7D", "7S 6S 8D 9D"],
        level_rank="2",
        trump_suit="H",
        banker=0,
    )
    rnd.apply(0, Play(tuple(parse_cards("KS 3S")), ((Card("KS"),), (Card("3S"),))))
    data = json.loads(json.dumps(rnd.to_json()))
    assert data["current"] == [
        {"seat": 0, "cards": ["3S"], "attempted": ["KS", "3S"], "attempted_units": [["KS"], ["3S"]]}
    ]
    assert Round.from_json(data).to_json() == data


@pytest.mark.parametrize("name", ["zhaopengyou", "qidong", "shandong", "tractor"])
def test_every_phase_round_trips(name: str) -> None:
    """Each phase, reached by random bots: snapshot → JSON text → round → same snapshot."""
    preset = get_preset(name)
    rnd = Round(preset, seed=21)
    bots = [RandomBot(s) for s in range(preset.players)]
    seen = set()

    def check() -> None:
        data = json.loads(json.dumps(rnd.to_json()))
        assert Round.from_json(data).to_json() == data
        seen.add(rnd.phase)

    check()
    for _ in range(30):
        rnd.deal_card()
    check()
    play_round(rnd, bots, on_events=lambda r, events: check())
    assert Phase.DEAL in seen and Phase.PLAY in seen and Phase.DONE in seen


def what_each_seat_sees(rnd: Round) -> tuple[list[dict[str, Any]], str]:
    """Every seat's and a spectator's view, the first legal plays of the seat to play,
    each seat's legal bids while bidding is open, and who may act."""
    seen = []
    for seat in [*range(rnd.preset.players), None]:
        view = rnd.spectator_view() if seat is None else rnd.view(seat)
        data: dict[str, Any] = dict(view.to_dict())
        if seat is not None and seat == rnd.to_act and rnd.phase is Phase.PLAY:
            first_plays = itertools.islice(view.legal_plays(), 40)
            data["legal_plays"] = [list(cards) for cards in first_plays]
        if seat is not None and rnd.phase in (Phase.DEAL, Phase.BID):
            data["legal_bids"] = [bid.to_dict() for bid in view.legal_bids()]
        seen.append(data)
    return seen, repr(rnd.expected())


def _worth_a_reload(rnd: Round, step: int, action: Any) -> bool:
    """Before every 25th step, every bid, every step of a 粘's give-back (R-8.4), and
    some follows just after a lead."""
    following = rnd.phase is Phase.PLAY and len(rnd.current) == 1 and len(rnd.tricks) % 3 == 1
    waiting = rnd.pending_give_back is not None
    return step % 25 == 0 or isinstance(action, Bid) or waiting or following


@pytest.mark.parametrize(
    ("name", "options", "seed", "gives_back"),
    [
        ("zhaopengyou", {}, 5, False),
        ("tractor", {}, 5, False),
        ("tractor", {"partner": "called"}, 5, False),
        ("qidong", {}, 5, False),
        ("shandong", {}, 8, True),  # a 粘 and its give-back
        ("shandong", {}, 2, False),  # a joker added to a declaration, read with the options
    ],
)
def test_a_loaded_round_plays_on_exactly_as_the_original(
    name: str, options: dict[str, Any], seed: int, gives_back: bool
) -> None:
    """A round reloaded from its snapshot at many points — in the deal, before each bid
    (R-8), with a 粘 waiting for its give-back (R-8.4), just after a lead (R-6.1) — takes
    the original's next action and then shows every seat and a spectator the same views,
    legal plays, legal bids and turns as the original; played on, it ends in the same
    round."""
    preset = get_preset(name, **options)
    original, copy_ = new_round(preset, seed), new_round(preset, seed)
    bots = [KeenDeclarer(seed * 10 + s) for s in range(preset.players)]
    reloads = waiting = 0
    for index, (seat, action) in enumerate(drive(original, seed, bots=bots), start=1):
        reload = _worth_a_reload(copy_, index, action)
        if reload:
            copy_ = Round.from_json(json.loads(json.dumps(copy_.to_json())))
            reloads += 1
            waiting += copy_.pending_give_back is not None
        if seat is None:
            copy_.deal_card()
        else:
            assert action is not None  # drive yields an action with each seat
            copy_.apply(seat, action)
        if reload:
            assert what_each_seat_sees(copy_) == what_each_seat_sees(original), f"step {index}"
    assert reloads >= 14 and (waiting > 0) == gives_back
    assert copy_.to_json() == original.to_json()


@functools.cache
def _give_back_text() -> str:
    """A `shandong` round (seed 8, as above) at its 粘, waiting for the give-back."""
    rnd = new_round(get_preset("shandong"), 8)
    bots = [KeenDeclarer(80 + s) for s in range(4)]
    for _ in drive(rnd, 8, bots=bots):
        if rnd.pending_give_back is not None:
            return json.dumps(rnd.to_json())
    raise AssertionError("shandong seed 8 has no 粘")


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("pending_give_back", 5, "pending_give_back: expected an object, got int"),
        ("pending_give_back.seat", 9, "pending_give_back.seat: no seat 9 in a 4-player game"),
        ("pending_give_back.seat", ..., "pending_give_back.seat: missing"),
        (
            "pending_give_back.from_seat",
            -1,
            "pending_give_back.from_seat: no seat -1 in a 4-player game",
        ),
        ("pending_give_back.from_seat", ..., "pending_give_back.from_seat: missing"),
        (
            "pending_give_back.count",
            "x",
            "pending_give_back.count: expected a whole number, got 'x'",
        ),
        ("pending_give_back.count", ..., "pending_give_back.count: missing"),
    ],
)
def test_a_bad_give_back_in_a_snapshot_is_named(path: str, value: Any, message: str) -> None:
    """A snapshot taken while a 粘 waits for its give-back (R-8.4) loads as it was; with
    the give-back's taker, giver or count broken, the error names that key."""
    data = json.loads(_give_back_text())
    assert sorted(data["pending_give_back"]) == ["count", "from_seat", "seat"]
    assert Round.from_json(data).to_json() == data
    with pytest.raises(SnapshotError) as caught:
        Round.from_json(mutate(data, path, value))
    assert str(caught.value) == message


# --- consistency of a snapshot (deal, tricks, plays, turn) -----------------------------

Snapshot = dict[str, Any]
Tamper = Callable[[Snapshot], Snapshot]

# A stage of a round driven by random bots (tests/engine/drive.py), by what it shows.
STAGES: dict[str, Callable[[Round], bool]] = {
    "fresh": lambda r: r.dealt == 0,  # nothing dealt yet: dealt == 0
    "deal": lambda r: r.phase is Phase.DEAL and r.dealt == 30,
    "last card": lambda r: r.phase is Phase.DEAL and r.dealt == r.cards_to_deal - 1,
    "bid": lambda r: r.phase is Phase.BID,  # every card dealt: dealt == cards_to_deal
    "bury": lambda r: r.phase is Phase.BURY,
    "call": lambda r: r.phase is Phase.CALL,
    "swap": lambda r: r.phase is Phase.SWAP,
    "play": lambda r: r.phase is Phase.PLAY and len(r.tricks) >= 2 and len(r.current) >= 3,
    "between": lambda r: r.phase is Phase.PLAY and len(r.tricks) >= 2 and not r.current,
    "done": lambda r: r.phase is Phase.DONE,
}

# Per preset: cards to deal (players × hand size), decks, players.
DEALS = {
    "tractor": (100, 2, 4),
    "shandong": (104, 2, 4),
    "qidong": (100, 2, 5),
    "zhaopengyou": (155, 3, 5),
}


@functools.cache
def _stage_text(name: str, stage: str, seed: int) -> str:
    rnd = new_round(get_preset(name), seed)
    reached = STAGES[stage]
    if not reached(rnd):
        for _ in drive(rnd, seed):
            if reached(rnd):
                break
        else:
            raise AssertionError(f"{name} seed {seed} never reaches {stage}")
    return json.dumps(rnd.to_json())


def staged(where: str, stage: str) -> Snapshot:
    """A fresh copy of the snapshot of a real round of ``where`` (a preset, with a seed:
    ``"tractor@6"``, seed 7 if none) at ``stage``. A seed divisible by 3 gives a round 2
    whose banker is known from the start (``new_round``)."""
    name, _, seed = where.partition("@")
    snapshot: Snapshot = json.loads(_stage_text(name, stage, int(seed or 7)))
    return snapshot


def _at(data: Any, path: str) -> Any:
    for part in path.split("."):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data


def _set(path: str, value: Any) -> Tamper:
    return lambda data: mutate(data, path, value)


def _plus(path: str, amount: int) -> Tamper:
    return lambda data: mutate(data, path, _at(data, path) + amount)


def _next_seat(path: str) -> Tamper:
    return lambda data: mutate(data, path, (_at(data, path) + 1) % len(data["hands"]))


def _rotated(path: str) -> Tamper:
    """The list at ``path`` with its first item moved to the end: the same cards, in
    another order."""
    return lambda data: mutate(data, path, _at(data, path)[1:] + _at(data, path)[:1])


def _shortened(path: str) -> Tamper:
    """The list at ``path`` without its last item."""
    return lambda data: mutate(data, path, _at(data, path)[:-1])


def _swap_seats(path: str, first: int, second: int) -> Tamper:
    """Two plays of a trick trade seats; all plays of a trick are equally long, so every
    hand keeps its size."""

    def tamper(data: Snapshot) -> Snapshot:
        plays = _at(data, path)
        plays[first]["seat"], plays[second]["seat"] = plays[second]["seat"], plays[first]["seat"]
        return data

    return tamper


def _led_by_the_next_seat(index: int) -> Tamper:
    """Trick ``index`` led by the seat after its leader, its plays still in seat order
    from there (each seat still plays once)."""

    def tamper(data: Snapshot) -> Snapshot:
        trick, players = data["tricks"][index], len(data["hands"])
        trick["leader"] = (trick["leader"] + 1) % players
        for offset, play in enumerate(trick["plays"]):
            play["seat"] = (trick["leader"] + offset) % players
        return data

    return tamper


def _last_play_taken_back(data: Snapshot) -> Snapshot:
    """The last play of the first trick back in its seat's hand: a trick short of a play,
    every card still in place."""
    play = data["tricks"][0]["plays"].pop()
    data["hands"][play["seat"]] += play["cards"]
    return data


def _trick_in_progress_moved_on(data: Snapshot) -> Snapshot:
    """The plays of the trick in progress each one seat later; the first seat gets its
    cards back and the new last seat gives as many, so the hands keep their sizes."""
    current, players = data["current"], len(data["hands"])
    first, count = current[0]["seat"], len(current[0]["cards"])
    for play in current:
        play["seat"] = (play["seat"] + 1) % players
    last = current[-1]["seat"]
    for _ in range(count):
        data["hands"][first].append(data["hands"][last].pop())
    return data


def _lead_units_of_the_last_trick(data: Snapshot) -> Snapshot:
    data["lead_units"] = data["tricks"][-1]["units"]
    return data


def _taken_from_the_play(key: str) -> Tamper:
    """``key`` as it is later in the same round, in its tricks."""
    return lambda data: {**data, key: staged(data["preset"], "play")[key]}


def _a_card_of_seat_1_given_to_seat_0(data: Snapshot) -> Snapshot:
    """Seat 0's first card replaced by a copy of seat 1's: one card too often."""
    data["hands"][0][0] = data["hands"][1][0]
    return data


def _a_card_of_seat_0_lost(data: Snapshot) -> Snapshot:
    data["hands"][0] = data["hands"][0][1:]
    return data


def _a_card_of_seat_1_moved_to_seat_2(data: Snapshot) -> Snapshot:
    """Every card still there, but seat 1 holds one card less than it should."""
    data["hands"][2].append(data["hands"][1].pop())
    return data


def _a_give_back_owed(data: Snapshot) -> Snapshot:
    """Seat 1 owes seat 0 one card it took (a 粘, R-8.4): the card moved to seat 1."""
    data["pending_give_back"] = {"seat": 1, "from_seat": 0, "count": 1}
    data["hands"][1].append(data["hands"][0].pop())
    return data


def _result_of_the_finished_round(data: Snapshot) -> Snapshot:
    data["result"] = staged(data["preset"], "done")["result"]
    return data


SEAT_ORDER = "plays go round in seat order (R-1.2)"
LEADS = "leads this trick (R-6.4, R-6.5)"
RESULT = "result: a round has a result exactly when it is done"
BANKER = "banker: the banker is known once bidding is over"

# (preset[@seed], stage, tamper, the error); the message is formatted with the untampered
# snapshot, so "{banker}" is the seat the snapshot names as banker.
TAMPERED = [
    # the deal — the cards dealt and the phase they fit, the decks, who got which card.
    *[
        (name, stage, tamper, message)
        for name, (total, decks, players) in DEALS.items()
        for stage, tamper, message in [
            ("bid", _set("dealt", total + 1), f"dealt: must be between 0 and {total}"),
            ("deal", _set("dealt", -1), f"dealt: must be between 0 and {total}"),
            (
                "deal",
                _set("dealt", total),
                f"dealt: {total} cards dealt does not fit the phase deal",
            ),
            (
                "bid",
                _set("dealt", total - 1),
                f"dealt: {total - 1} cards dealt does not fit the phase bid",
            ),
            ("deal", _shortened("deck"), f"deck: is not a full set of {decks} decks"),
            ("play", _last_play_taken_back, f"tricks[0].plays: expected {players} plays"),
            ("play", _shortened("penalties"), f"points_won: expected {players} seats"),
        ]
    ],
    ("tractor", "play", _set("dealt", 0), "dealt: 0 cards dealt does not fit the phase play"),
    # The round's frame: levels exactly where the preset has no fixed level, one
    # hand and one list of cards received per seat, and each entry named where it is bad.
    (
        "tractor",
        "play",
        _set("levels_before", None),
        "levels_before: tractor has levels only if it has no fixed level",
    ),
    (
        "qidong",
        "play",
        _set("levels_before", ["2"] * 5),
        "levels_before: qidong has levels only if it has no fixed level",
    ),
    ("zhaopengyou", "play", _shortened("levels_before"), "levels_before: expected 5 levels"),
    ("tractor", "play", _shortened("received"), "hands: expected 4 hands"),
    ("zhaopengyou", "bid", _shortened("hands"), "hands: expected 5 hands"),
    ("tractor", "play", _set("bids.0.seat", 9), "bids[0].seat: no seat 9 in a 4-player game"),
    (
        "shandong",
        "play",
        _set("trump_knowers", [7]),
        "trump_knowers[0]: no seat 7 in a 4-player game",
    ),
    ("tractor", "play", _set("lead_units.0", ["XX"]), "lead_units[0][0]: 'XX' is not a card"),
    (
        "tractor",
        "play",
        _set("format", "zpy-round/2"),
        "format: expected 'zpy-round/1', got 'zpy-round/2'",
    ),
    ("tractor", "bid", _set("rng", 5), "rng: expected an object, got int"),
    # every card once — the burial is a whole kitty, a swap takes a
    # card that was buried, no card more often than the decks hold it, none missing, and
    # each hand as large as what it was dealt, less what it played.
    ("tractor", "play", _shortened("buried"), "buried: expected 8 cards"),
    ("qidong", "done", _shortened("buried"), "buried: expected 8 cards"),
    (
        "shandong@2",
        "play",
        _set("swaps.0", ["2S", "AS"]),
        "swaps: a swapped card is not in the burial",
    ),
    (
        "tractor",
        "play",
        _a_card_of_seat_1_given_to_seat_0,
        "hands: 1 cards are held more often than the decks have them",
    ),
    (
        "tractor",
        "play",
        _a_card_of_seat_0_lost,
        "hands: cards are missing: hands, plays and kitty make no full deck",
    ),
    ("tractor", "play", _a_card_of_seat_1_moved_to_seat_2, "hands[1]: holds 21 cards, expected 22"),
    # A give-back owed by the seat holding the kitty: its hand should hold the kitty and
    # the card it took, one more than it does.
    (
        "tractor@5",
        "bury",
        _set("pending_give_back", {"seat": 0, "from_seat": 1, "count": 1}),
        "hands[0]: holds 33 cards, expected 34",
    ),
    # Before the trump is decided no cards make a unit, so no trick can be played.
    (
        "tractor",
        "bid",
        _taken_from_the_play("tricks"),
        "tricks[0].units[0]: these cards are not one unit",
    ),
    (
        "tractor",
        "bid",
        _taken_from_the_play("lead_units"),
        "lead_units[0]: these cards are not one unit",
    ),
    (
        "tractor",
        "deal",
        _rotated("received.2"),
        "received[2]: is not what the deck dealt to this seat",
    ),
    (
        "qidong",
        "play",
        _rotated("received.4"),
        "received[4]: is not what the deck dealt to this seat",
    ),
    ("qidong", "bid", _rotated("kitty"), "kitty: is not the end of the deck"),
    ("shandong", "done", _rotated("kitty"), "kitty: is not the end of the deck"),
    # plays go round in seat order, in finished tricks and in the trick in progress.
    ("tractor", "play", _swap_seats("tricks.0.plays", 1, 2), f"tricks[0][1].seat: {SEAT_ORDER}"),
    ("qidong", "play", _swap_seats("tricks.1.plays", 2, 4), f"tricks[1][2].seat: {SEAT_ORDER}"),
    ("tractor", "play", _swap_seats("current", 1, 2), f"current[1].seat: {SEAT_ORDER}"),
    # the banker leads the first trick: the winner of a trick the next one.
    ("tractor", "play", _led_by_the_next_seat(0), f"tricks[0].leader: seat {{banker}} {LEADS}"),
    ("tractor@6", "play", _led_by_the_next_seat(0), f"tricks[0].leader: seat {{banker}} {LEADS}"),
    (
        "tractor",
        "play",
        _led_by_the_next_seat(1),
        "tricks[1].leader: seat {tricks[0][winner]} " + LEADS,
    ),
    ("shandong", "done", _led_by_the_next_seat(0), f"tricks[0].leader: seat {{banker}} {LEADS}"),
    (
        "tractor",
        "play",
        _trick_in_progress_moved_on,
        "current[0].seat: seat {current[0][seat]} leads this trick (R-6.4)",
    ),
    # the winner: the points of a trick, taken by its winner.
    (
        "tractor",
        "play",
        _next_seat("tricks.0.winner"),
        "tricks[0].winner: the engine gives the trick to seat {tricks[0][winner]} (R-6.3)",
    ),
    (
        "zhaopengyou",
        "done",
        _next_seat("tricks.3.winner"),
        "tricks[3].winner: the engine gives the trick to seat {tricks[3][winner]} (R-6.3)",
    ),
    (
        "tractor",
        "play",
        _plus("tricks.0.points", 5),
        "tricks[0].points: the cards hold {tricks[0][points]} points",
    ),
    ("tractor", "play", _plus("points_won.0", 5), "points_won: the tricks give {points_won}"),
    ("qidong", "done", _plus("points_won.3", 10), "points_won: the tricks give {points_won}"),
    # the lead's units belong to the trick in progress, and only to it.
    (
        "tractor",
        "play",
        _set("lead_units", []),
        "lead_units: a trick in progress needs its lead's units",
    ),
    ("tractor", "between", _lead_units_of_the_last_trick, "lead_units: no trick is in progress"),
    # Tricks only once the friend is called and only a finished round after them.
    ("qidong", "play", _set("phase", "call"), "current: no trick is in progress in the call phase"),
    ("qidong", "between", _set("phase", "call"), "tricks: no trick is played in the call phase"),
    ("shandong", "between", _set("phase", "swap"), "tricks: no trick is played in the swap phase"),
    (
        "shandong",
        "play",
        _a_give_back_owed,
        "pending_give_back: no give-back is owed in the play phase (R-8.4)",
    ),
    (
        "shandong",
        "swap",
        _a_give_back_owed,
        "pending_give_back: no give-back is owed in the swap phase (R-8.4)",
    ),
    # Whose turn it is, and what each phase has.
    ("tractor", "play", _next_seat("to_act"), "to_act: seat {to_act} is to play"),
    ("tractor", "between", _set("to_act", None), "to_act: someone acts in the play phase"),
    ("tractor", "bid", _set("to_act", None), "to_act: someone acts in the bid phase"),
    ("qidong", "bury", _set("to_act", None), "to_act: someone acts in the bury phase"),
    ("qidong", "call", _set("to_act", None), "to_act: someone acts in the call phase"),
    ("shandong", "swap", _set("to_act", None), "to_act: someone acts in the swap phase"),
    ("tractor", "done", _set("result", None), RESULT),
    ("tractor", "play", _result_of_the_finished_round, RESULT),
    ("tractor", "bury", _set("banker", None), BANKER),
    ("tractor", "play", _set("banker", None), BANKER),
]


ACTION_KINDS = "bid, pass, bury, call_friend, play, give_back, swap"


def _case(where: str, stage: str, tamper: Tamper, message: str) -> Any:
    return pytest.param(where, stage, tamper, message, id=f"{where}-{stage}-{message}")


@pytest.mark.parametrize(
    ("where", "stage", "tamper", "message"),
    [_case(*row) for row in TAMPERED],
)
def test_a_tampered_snapshot_names_the_key_and_the_reason(
    where: str, stage: str, tamper: Tamper, message: str
) -> None:
    """A real snapshot with one field changed the way a corrupt file would: loading it
    raises a SnapshotError whose key and reason are exact. The deal (R-8.1): ``dealt``
    within 0 … players × hand size and fitting the phase, a full deck, each seat's cards
    and the kitty where the deck put them. The tricks: plays in seat order (R-1.2),
    every seat once, the banker leading the first trick (R-6.5) and each winner the
    next (R-6.4), the engine's winner (R-6.3), the points of each trick and seat (R-1.3,
    R-6.4), the lead's units only while a trick is in progress (R-6.1), tricks only in the
    play phase and after it, a give-back owed only while bidding (R-8.4). The turn: the seat to
    play, someone to act in each phase but the deal and the end, a result exactly when
    done, a seat's points and penalties for every seat, a banker once bidding is over.
    The cards (R-1.1, R-7.1, R-8.4): a whole burial, swaps of buried cards, no card too
    often or missing, each hand as large as it should be. The frame: levels exactly where
    the preset has no fixed level, a hand per seat, and each bad entry named where it is.

    Two keys do not name the snapshot's field: a play out of seat order in a finished
    trick is ``tricks[i][j].seat`` (the field is ``tricks[i].plays[j].seat``), and a
    penalties list of the wrong length is reported under ``points_won``."""
    data = staged(where, stage)
    expected = message.format(**data)
    with pytest.raises(SnapshotError) as caught:
        Round.from_json(tamper(data))
    assert str(caught.value) == expected
    assert [caught.value.key, caught.value.reason] == expected.split(": ", 1)


@pytest.mark.parametrize(
    ("where", "stage"),
    [(name, stage) for name in DEALS for stage in STAGES if stage not in ("call", "swap")]
    + [
        ("qidong", "call"),
        ("zhaopengyou", "call"),
        ("shandong", "swap"),
        ("tractor@6", "fresh"),
        ("tractor@6", "bid"),
        ("tractor@6", "play"),
        ("qidong@9", "between"),
    ],
)
def test_every_stage_of_a_real_round_loads_as_it_was(where: str, stage: str) -> None:
    """Untampered snapshots pass every check, at the bounds of R-8.1's deal too: nothing
    dealt (``dealt`` 0), the last card still to deal (players × hand size − 1, still the
    deal phase) and every card dealt (the bid phase and later); a round 2 (``@6``) has its
    banker from the start."""
    data = staged(where, stage)
    total = DEALS[where.partition("@")[0]][0]
    assert data["dealt"] == {"fresh": 0, "deal": 30, "last card": total - 1}.get(stage, total)
    assert Round.from_json(data).to_json() == data


def position_in_its_third_trick() -> Round:
    """A position (``from_hands``) whose first trick seat 2 led though seat 0 is the
    banker: seat 2 wins it and leads the second, seat 3 wins that and leads the third."""
    rnd = Round.from_hands(
        TRACTOR,
        ["KS 3S 7C", "QS 4S 8C", "AS 5S 9C", "JS 6S 10C"],
        level_rank="2",
        trump_suit="H",
        banker=0,
        leader=2,
    )
    for seat, card in [(2, "AS"), (3, "JS"), (0, "KS"), (1, "QS")]:
        rnd.apply(seat, Play.parse(card))
    for seat, card in [(2, "5S"), (3, "6S"), (0, "3S"), (1, "4S"), (3, "10C")]:
        rnd.apply(seat, Play.parse(card))
    return rnd


def test_a_position_may_open_with_any_seat_but_then_the_winner_leads() -> None:
    """R-6.5 (the banker leads the first trick) holds for dealt rounds; a position set up
    with another leader loads, and R-6.4 (the winner leads next) still holds from its
    second trick on."""
    data = position_in_its_third_trick().to_json()
    assert data["banker"] == 0
    assert [(t["leader"], t["winner"]) for t in data["tricks"]] == [(2, 2), (2, 3)]
    assert Round.from_json(data).to_json() == data


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (_led_by_the_next_seat(1), f"tricks[1].leader: seat 2 {LEADS}"),
        (
            _next_seat("tricks.1.winner"),
            "tricks[1].winner: the engine gives the trick to seat 3 (R-6.3)",
        ),
        (_swap_seats("tricks.1.plays", 0, 3), f"tricks[1][0].seat: {SEAT_ORDER}"),
        (_trick_in_progress_moved_on, "current[0].seat: seat 3 leads this trick (R-6.4)"),
        (_plus("points_won.3", 5), "points_won: the tricks give [0, 0, 10, 5]"),
    ],
)
def test_a_tampered_position_names_the_key_and_the_reason(tamper: Tamper, message: str) -> None:
    """A position is checked like a dealt round but for its first trick's leader."""
    with pytest.raises(SnapshotError) as caught:
        Round.from_json(tamper(position_in_its_third_trick().to_json()))
    assert str(caught.value) == message
    assert [caught.value.key, caught.value.reason] == message.split(": ", 1)


# --- histories -------------------------------------------------------------------------


def test_history_starts_with_the_round_and_lists_each_card_and_action() -> None:
    rnd = mid_play()
    steps = rnd.history()
    assert steps[0]["kind"] == "start" and steps[0]["dealer"] == rnd.dealer
    deals = [s for s in steps if s["kind"] == "deal"]
    assert len(deals) == rnd.cards_to_deal
    assert [s["card"] for s in deals] == [Card(c).ascii for c in rnd.deck[: rnd.cards_to_deal]]
    assert steps[-1]["kind"] == "play"
    assert Round.from_history(TRACTOR, rnd.seed, steps).to_json() == rnd.to_json()


def test_history_errors_name_the_step() -> None:
    rnd = mid_play()
    steps = rnd.history()
    wrong_card = copy.deepcopy(steps)
    wrong_card[5]["card"] = "BJ" if wrong_card[5]["card"] != "BJ" else "2S"
    with pytest.raises(HistoryError) as caught:
        Round.from_history(TRACTOR, rnd.seed, wrong_card)
    assert caught.value.key == "steps[5]"
    illegal = copy.deepcopy(steps)
    illegal[-1]["seat"] = (illegal[-1]["seat"] + 1) % 4
    with pytest.raises(HistoryError, match="refuses") as caught:
        Round.from_history(TRACTOR, rnd.seed, illegal)
    assert caught.value.key == f"steps[{len(steps) - 1}]"
    with pytest.raises(HistoryError, match="seed"):
        Round.from_history(TRACTOR, None, steps)
    assert rnd.seed is not None  # mid_play gives the round a seed
    with pytest.raises(HistoryError, match="seed"):
        Round.from_history(TRACTOR, rnd.seed + 1, steps)
    with pytest.raises(HistoryError):
        Round.from_history(TRACTOR, rnd.seed, steps[1:])
    malformed = copy.deepcopy(steps)
    malformed[-1]["cards"] = "AS"
    with pytest.raises(HistoryError) as caught:
        Round.from_history(TRACTOR, rnd.seed, malformed)
    assert caught.value.key.startswith(f"steps[{len(steps) - 1}]")


def test_rounds_without_a_seed_keep_their_generator_or_deck_in_the_history() -> None:
    import random

    rnd = Round(TRACTOR, rng=random.Random(9))
    rnd.deal_all()
    assert Round.from_history(TRACTOR, None, rnd.history()).to_json() == rnd.to_json()
    fixed = Round(TRACTOR, deck=rnd.deck, dealer=2)
    fixed.deal_all()
    assert Round.from_history(TRACTOR, None, fixed.history()).to_json() == fixed.to_json()


@pytest.mark.parametrize(
    ("preset", "setting", "message"),
    [
        ("tractor", {"hands": ["AS", "KS", "QS"]}, "tractor needs 4 hands"),
        (
            "tractor",
            {"hands": ["AS KS", "QS", "JS", "TS"]},
            "every hand must hold the same number of cards",
        ),
        (
            "zhaopengyou",
            {"hands": ["AS", "KS", "QS", "JS", "TS"], "friend_call": "AH", "solo": True},
            "call a friend or play solo, not both",
        ),
        (
            "tractor",
            {"kitty": "2C", "swaps": [["3C", "2C", "4C"]]},
            "each swap is (hand card, kitty card)",
        ),
        (
            "tractor",
            {"kitty": "2C", "swaps": [["3C", "4C"]]},
            "swapped card 4C is not in the kitty",
        ),
        ("tractor", {"hands": ["AS", "AS", "AS", "JS"]}, "♠A appears more than 2 times"),
        ("tractor", {"level_rank": "1"}, "unknown level rank '1'"),
        ("tractor", {"trump_suit": "X"}, "unknown trump suit 'X'"),
    ],
)
def test_a_position_that_cannot_be_is_refused(
    preset: str, setting: dict[str, Any], message: str
) -> None:
    """`Round.from_hands` refuses, with a ValueError saying why: a hand per seat, hands
    equally long (R-1.2), a friend called or 独打 but not both (R-9.1, R-9.2), swaps of
    one hand card for one buried card (R-8.4), no card more often than the decks hold it
    (R-1.1), a real level rank and trump suit."""
    arguments: dict[str, Any] = {
        "hands": ["AS", "KS", "QS", "JS"],
        "level_rank": "2",
        "trump_suit": "H",
        "banker": 0,
        **setting,
    }
    hands = arguments.pop("hands")
    with pytest.raises(ValueError) as caught:
        Round.from_hands(get_preset(preset), hands, **arguments)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("preset", "hands", "setting", "written"),
    [
        (
            "shandong",
            ["♠A ♣2", "♠K ♠Q", "♠J ♠10", "♠9 ♠8"],
            {"level_rank": "4", "trump_suit": "H", "banker": 0, "declarer": 0, "kitty": "♣2 ♣3"},
            {"hands": ["AS 2C", "KS QS", "JS 10S", "9S 8S"], "kitty": "2C 3C", "declarer": 0},
        ),
        (
            "qidong",
            ["♠A ♥10", "♠K ♠Q", "♠J ♠10", "♠9 ♠8", "♠7 ♠6"],
            {"level_rank": "2", "trump_suit": "S", "banker": 1, "solo": True, "kitty": "♦3 ♦4"},
            {
                "hands": ["AS 10H", "KS QS", "JS 10S", "9S 8S", "7S 6S"],
                "kitty": "3D 4D",
                "solo": True,
            },
        ),
        (
            "zhaopengyou",
            ["AS", "KS", "QS", "JS", "10S"],
            {
                "level_rank": "5",
                "trump_suit": None,
                "banker": 2,
                "levels": ["5", "3", "2", "2", "4"],
                "friend_call": "♥A",
                "leader": 3,
            },
            {"hands": ["AS", "KS", "QS", "JS", "10S"], "kitty": "", "friend_call": "AH"},
        ),
    ],
)
def test_a_position_writes_its_setting_in_ascii_and_comes_back_from_it(
    preset: str, hands: list[str], setting: dict[str, Any], written: dict[str, Any]
) -> None:
    """A position's start step holds every setting given, cards in RECORD.md's ASCII
    notation whatever notation came in; `solo` (独打, R-9.2) and `declarer` (R-8.4) only
    when given. Rebuilt from its history, the position is the same round: in `shandong`
    the banker declared, so the banker's partner buried the kitty (R-8.4)."""
    rnd = Round.from_hands(get_preset(preset), hands, **setting)
    expected = {
        "level_rank": setting["level_rank"],
        "trump_suit": setting["trump_suit"],
        "banker": setting["banker"],
        "levels": setting.get("levels"),
        "friend_call": None,
        "leader": setting.get("leader"),
        **written,
    }
    assert rnd.history()[0] == {"kind": "start", "position": expected}
    rebuilt = Round.from_history(get_preset(preset), None, rnd.history())
    assert rebuilt.to_json() == rnd.to_json()
    assert rnd.buried_by == (2 if preset == "shandong" else setting["banker"])


def test_a_position_from_hands_has_a_history_too() -> None:
    """A position uses no shuffle, so its seed is None (RECORD.md: `seed` is null when
    none was used), in the round, its snapshot and the round rebuilt from its history."""
    rnd = Round.from_hands(
        TRACTOR, ["AS KS", "QS JS", "10S 9S", "8S 7S"], level_rank="2", trump_suit="H", banker=0
    )
    assert rnd.seed is None and rnd.to_json()["seed"] is None
    rnd.apply(0, Play.parse("AS"))
    rebuilt = Round.from_history(TRACTOR, None, rnd.history())
    assert rebuilt.to_json() == rnd.to_json()
    assert Round.from_json(rnd.to_json()).to_json() == rnd.to_json()


LATER_ROUNDS = [
    ("zhaopengyou", {}),
    ("tractor", {}),
    ("tractor", {"partner": "called"}),
    ("qidong", {}),
    ("shandong", {}),
]


def later_round(preset: Preset = TRACTOR) -> tuple[Match, Round]:
    """A match after its first round, and its round 2 with two cards of the first trick
    played: the round has a number, levels and a banker carried over from round 1."""
    match = Match(preset, seed=5, rounds=3)
    bots = [RandomBot(s) for s in range(preset.players)]
    match.finish_round(play_round(match.new_round(), bots))
    return match, play_round(match.new_round(), bots, until=lambda r: len(r.current) >= 2)


@pytest.mark.parametrize(("name", "options"), LATER_ROUNDS)
def test_a_later_round_and_its_match_come_back_whole(name: str, options: dict[str, Any]) -> None:
    """Round 2 rebuilt from its history keeps its number, levels, banker and dealer (not
    a first round's defaults), and the match comes back from its snapshot."""
    match, rnd = later_round(get_preset(name, **options))
    steps = rnd.history()
    assert steps[0]["number"] == 2
    rebuilt = Round.from_history(rnd.preset, rnd.seed, steps)
    fields = ("number", "levels_before", "banker", "dealer", "level_rank", "phase", "to_act")
    assert [getattr(rebuilt, f) for f in fields] == [getattr(rnd, f) for f in fields]
    assert rebuilt.history() == steps
    assert rebuilt.to_json() == rnd.to_json()
    for seat in range(rnd.preset.players):
        assert rebuilt.view(seat) == rnd.view(seat)
    assert rebuilt.spectator_view() == rnd.spectator_view()
    data = json.loads(json.dumps(match.to_json()))
    resumed = Match.from_json(data)
    assert resumed.to_json() == data
    assert (resumed.levels, resumed.banker, resumed.dealer) == (
        match.levels,
        match.banker,
        match.dealer,
    )
    assert resumed.new_round().to_json() == match.new_round().to_json()


@pytest.fixture(scope="module")
def histories() -> dict[str, tuple[int | None, list[dict[str, Any]]]]:
    """Seed and history of a dealt round 2 in its first trick, and of a position."""
    _, rnd = later_round()
    position = Round.from_hands(
        TRACTOR, ["AS KS", "QS JS", "10S 9S", "8S 7S"], level_rank="2", trump_suit="H", banker=0
    )
    position.apply(0, Play.parse("AS"))
    return {"dealt": (rnd.seed, rnd.history()), "position": (None, position.history())}


@pytest.mark.parametrize(
    ("base", "path", "value", "error", "message"),
    [
        ("dealt", "0", "start", DecodeError, "steps[0]: expected an object, got str"),
        ("dealt", "0.kind", "deal", HistoryError, "steps[0].kind: {start}"),
        (
            "dealt",
            "0.number",
            "2",
            HistoryError,
            "steps[0].number: expected a whole number, got '2'",
        ),
        ("dealt", "0.number", ..., HistoryError, "steps[0].number: missing"),
        ("dealt", "0.levels_before.1", "1", HistoryError, "steps[0].levels_before[1]: {rank}"),
        ("dealt", "0.levels_before", ["2"], HistoryError, "steps[0]: levels must list 4 seats"),
        ("dealt", "0.banker", 4, HistoryError, "steps[0].banker: no seat 4 in a 4-player game"),
        ("dealt", "0.dealer", 4, HistoryError, "steps[0].dealer: no seat 4 in a 4-player game"),
        ("dealt", "0.deck", ["AS", "1X"], DecodeError, "steps[0].deck[1]: '1X' is not a card"),
        ("dealt", "0.rng", 5, DecodeError, "steps[0].rng: expected an object, got int"),
        ("dealt", "5", "deal", DecodeError, "steps[5]: expected an object, got str"),
        ("dealt", "-1.kind", "deal", HistoryError, "steps[{last}]: {no_deal}"),
        ("dealt", "-1.cards", "JH", HistoryError, "steps[{last}].cards: expected a list, got str"),
        (
            "position",
            "0.position",
            "AS",
            DecodeError,
            "steps[0].position: expected an object, got str",
        ),
        ("position", "0.position.level_rank", "1", HistoryError, "steps[0].position: {level}"),
        # A step the rules refuse: the engine's own refusal, with its rule.
        ("position", "1.cards", ["QS"], HistoryError, "steps[1]: {refused}you do not hold 1× ♠Q"),
        ("position", "1.seat", 1, HistoryError, "steps[1]: {refused}R-6.4: seat 0 is to play"),
    ],
)
def test_a_broken_history_names_the_step_and_the_problem(
    histories: dict[str, tuple[int | None, list[dict[str, Any]]]],
    base: str,
    path: str,
    value: Any,
    error: type[DecodeError],
    message: str,
) -> None:
    """One field of a real history broken: the error names the step and field (its
    ``key``) and says what is wrong (its ``reason``)."""
    seed, steps = histories[base]
    expected = message.format(
        last=len(steps) - 1,
        start="a history starts with its start step",
        rank="'1' is not a rank (2 … A)",
        no_deal="a card dealt when no card is to be dealt",
        level="unknown level rank '1'",
        refused="the engine refuses it: ",
    )
    with pytest.raises(DecodeError) as caught:
        Round.from_history(TRACTOR, seed, mutate(steps, path, value))
    assert isinstance(caught.value, error)
    assert str(caught.value) == expected
    key, reason = expected.split(": ", 1)
    assert (caught.value.key, caught.value.reason) == (key, reason)


@pytest.mark.parametrize(
    ("path", "value", "field", "reason"),
    [
        ("1.card", "XX", "steps[1].card", "'XX' is not a card"),
        ("-1.seat", 4, "steps[{last}].seat", "no seat 4 in a 4-player game"),
    ],
)
def test_a_bad_card_or_seat_in_a_step_is_named(
    histories: dict[str, tuple[int | None, list[dict[str, Any]]]],
    path: str,
    value: Any,
    field: str,
    reason: str,
) -> None:
    """A bad card in a deal step or a bad seat in an action step: the key is the step
    and its field, named once, and the reason is exact."""
    seed, steps = histories["dealt"]
    with pytest.raises(HistoryError) as caught:
        Round.from_history(TRACTOR, seed, mutate(steps, path, value))
    assert caught.value.key == field.format(last=len(steps) - 1)
    assert caught.value.reason == reason
    assert str(caught.value) == f"{caught.value.key}: {reason}"


@pytest.mark.parametrize(
    ("steps", "seed", "error", "key", "reason"),
    [
        ("start", 1, DecodeError, "steps", "expected a list, got str"),
        ([], 1, HistoryError, "steps", "a history starts with its start step"),
        (None, None, HistoryError, "seed", "this history's shuffles come from its seed: give it"),
    ],
)
def test_a_history_needs_its_steps_and_seed(
    histories: dict[str, tuple[int | None, list[dict[str, Any]]]],
    steps: Any,
    seed: int | None,
    error: type[DecodeError],
    key: str,
    reason: str,
) -> None:
    """No list of steps, no start step, or a seeded history without its seed (``None``
    steps: the dealt round's own history)."""
    if steps is None:
        steps = histories["dealt"][1]
    with pytest.raises(error) as caught:
        Round.from_history(TRACTOR, seed, steps)
    assert (caught.value.key, caught.value.reason) == (key, reason)
    assert str(caught.value) == f"{key}: {reason}"


@pytest.mark.parametrize(
    ("source", "guess"), [("seed", " (another seed?)"), ("rng", ""), ("deck", "")]
)
def test_a_card_dealt_to_the_wrong_seat_is_reported_with_a_guess(source: str, guess: str) -> None:
    """A deal step whose seat differs from the deal's: the error gives both; only a round
    shuffled from its seed suggests another seed (a stored generator or deck cannot be
    wrong)."""
    import random

    made = {
        "seed": lambda: Round(TRACTOR, seed=8),
        "rng": lambda: Round(TRACTOR, rng=random.Random(8)),
        "deck": lambda: Round(TRACTOR, seed=8, deck=Round(TRACTOR, seed=9).deck),
    }
    rnd = made[source]()
    rnd.deal_card()
    steps = rnd.history()
    assert {"rng", "deck"} & steps[0].keys() == ({source} - {"seed"})
    card, seat = steps[1]["card"], steps[1]["seat"]
    with pytest.raises(HistoryError) as caught:
        Round.from_history(TRACTOR, rnd.seed, mutate(steps, "1.seat", seat + 1))
    reason = f"the deal gives {card} to seat {seat}, the step says {card} to seat {seat + 1}"
    assert (caught.value.key, caught.value.reason) == ("steps[1]", reason + guess)


# --- clones ----------------------------------------------------------------------------


def test_a_clone_is_independent_and_shares_only_immutable_parts() -> None:
    rnd = mid_play()
    before = rnd.to_json()
    twin = rnd.clone()
    assert twin.to_json() == before
    assert twin.hands is not rnd.hands and all(
        a is not b for a, b in zip(twin.hands, rnd.hands, strict=True)
    )
    assert twin.current is not rnd.current and twin.bids is not rnd.bids
    assert twin.preset is rnd.preset and twin.ordering is rnd.ordering
    while twin.phase is not Phase.DONE:
        seat = twin.to_act
        assert seat is not None
        twin.apply(seat, twin.view(seat).random_play(__import__("random").Random(seat)))
    assert rnd.to_json() == before
    assert twin.result is not None and rnd.result is None


def test_a_clone_sees_its_own_bids_not_the_originals() -> None:
    """The original and its clone declare differently from the same point: every seat's
    view of each shows that round's own declaration, as a freshly loaded copy of it
    does (the clone has its own cache of what each seat may see of the bids)."""
    rnd = Round(get_preset("shandong"), seed=0)
    rnd.deal_all()
    seat = rnd.to_act
    assert seat is not None
    first, second = rnd.view(seat).legal_bids()[:2]
    assert first.cards != second.cards
    assert [v.bids for v in map(rnd.view, range(4))] == [()] * 4  # views seen: cached
    twin = rnd.clone()
    rnd.apply(seat, first)
    twin.apply(seat, second)
    assert [b.cards for b in rnd.view(seat).bids] == [first.cards]
    assert [b.cards for b in twin.view(seat).bids] == [second.cards]
    for each in (rnd, twin):
        fresh = Round.from_json(each.to_json())
        for viewer in range(4):
            assert each.view(viewer).bids == fresh.view(viewer).bids


def test_a_clone_in_the_middle_of_the_deal_deals_on_alone() -> None:
    """Dealing the rest on a clone leaves the original's hands and received cards as
    they were; the original then deals the same cards to the same seats."""
    rnd = Round(TRACTOR, seed=3)
    for _ in range(10):
        rnd.deal_card()
    before = rnd.to_json()
    twin = rnd.clone()
    twin.deal_all()
    assert rnd.to_json() == before
    rnd.deal_all()
    assert rnd.to_json() == twin.to_json()


def test_a_clone_during_the_deal_has_its_own_generator() -> None:
    """A redeal on the clone (round 1, nobody bids) must not move the original's shuffle."""
    from zhaopengyou.engine import Pass

    rnd = Round(TRACTOR, seed=3)
    rnd.deal_all()
    twin = rnd.clone()
    before = rnd.to_json()
    while twin.redeals == 0:
        assert twin.to_act is not None
        twin.apply(twin.to_act, Pass())
    assert rnd.to_json() == before
    copy_two = rnd.clone()
    while copy_two.redeals == 0:
        assert copy_two.to_act is not None
        copy_two.apply(copy_two.to_act, Pass())
    assert copy_two.deck == twin.deck  # the same generator state, the same new deal


# --- events and reconnects ------------------------------------------------------------


def test_events_are_numbered_and_a_reconnecting_seat_gets_what_it_missed() -> None:
    rnd = mid_play()
    seen_by_2 = rnd.events_for(2)
    last_seen = 40
    missed = rnd.events_for(2, since=last_seen)
    assert [e.seq for e in missed] == list(range(last_seen + 1, rnd.event_count + 1))
    assert missed == seen_by_2[last_seen:]
    dealt_to_others = [e for e in seen_by_2 if isinstance(e, CardDealt) and e.seat != 2]
    assert dealt_to_others and all(e.card is None for e in dealt_to_others)
    with pytest.raises(ValueError):
        rnd.events_for(2, since=-1)


# --- matches ---------------------------------------------------------------------------


@pytest.mark.parametrize(("match_seed", "number"), [(0, 0), (1, 1), (77, 2), (2**53 - 1, 12)])
def test_round_seeds_follow_the_documented_derivation(match_seed: int, number: int) -> None:
    """docs/round-format.md: SHA-256 of "zhaopengyou:{seed}:{k}", its first 8 bytes
    big-endian, modulo 2^53; a stored match deals its rounds again only if this holds."""
    text = f"zhaopengyou:{match_seed}:{number}".encode()
    expected = int(hashlib.sha256(text).hexdigest()[:16], 16) % 2**53
    assert round_seed(match_seed, number) == expected
    match = Match(get_preset("tractor"), seed=match_seed, rounds=1)
    assert match.dealer == round_seed(match_seed, 0) % 4  # the first dealer's draw
    assert match.new_round().seed == round_seed(match_seed, 1)


def test_match_rounds_have_derived_seeds_and_resume_exactly() -> None:
    preset = get_preset("tractor", partner="called")
    match = Match(preset, seed=77, rounds=4)
    first = match.new_round()
    assert match.new_round().deck == first.deck  # creating round 1 twice: the same deal
    assert first.seed == round_seed(77, 1)
    bots = [RandomBot(s) for s in range(4)]
    match.finish_round(play_round(first, bots))
    assert match.new_round().seed == round_seed(77, 2)
    data = json.loads(json.dumps(match.to_json()))
    resumed = Match.from_json(data)
    assert resumed.to_json() == data
    twin_bots = [RandomBot(s) for s in range(4)]
    for m, agents in ((match, bots), (resumed, twin_bots)):
        agents[0].rng.seed(5)
        while not m.over:
            m.finish_round(play_round(m.new_round(), [RandomBot(s + 50) for s in range(4)]))
    assert resumed.totals == match.totals
    assert resumed.to_json() == match.to_json()


def test_match_snapshots_are_checked() -> None:
    match = Match(get_preset("qidong"), seed=3, rounds=2)
    match.finish_round(play_round(match.new_round(), [RandomBot(s) for s in range(5)]))
    data = match.to_json()
    with pytest.raises(DecodeError) as caught:
        Match.from_json({**data, "totals": [t + 1 for t in data["totals"]]})
    assert caught.value.key == "totals"
    with pytest.raises(DecodeError) as caught:
        Match.from_json({**data, "format": "zpy-match/0"})
    assert caught.value.key == "format"
    broken = copy.deepcopy(data)
    broken["played"][0]["hands"][0] = ["ZZ"]
    with pytest.raises(DecodeError) as caught:
        Match.from_json(broken)
    assert caught.value.key.startswith("played[0].hands")


@pytest.fixture(scope="module")
def two_rounds() -> dict[str, Any]:
    """The snapshot of a tractor match after two of its three rounds."""
    match = Match(TRACTOR, seed=5, rounds=3)
    for _ in range(2):
        match.finish_round(play_round(match.new_round(), [RandomBot(s) for s in range(4)]))
    return match.to_json()


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", "zpy-match/0", "format: expected 'zpy-match/1', got 'zpy-match/0'"),
        ("seed", "5", "seed: expected a whole number, got '5'"),
        ("rounds", "3", "rounds: expected a whole number, got '3'"),
        ("levels.3", "1", "levels[3]: '1' is not a rank (2 … A)"),
        ("banker", 4, "banker: no seat 4 in a 4-player game"),
        ("dealer", None, "dealer: expected a whole number, got None"),
        ("totals", "0", "totals: expected a list, got str"),
        ("over", 0, "over: expected true or false, got 0"),
        ("played", {}, "played: expected a list, got dict"),
        ("played.1.number", "2", "played[1].number: expected a whole number, got '2'"),
        ("played.0", ..., "played[0]: {not_ours}"),
        ("options.partner", "called", "played[0]: {not_ours}"),
        ("totals", [0, 0, 0, 0], "totals: the played rounds add up to {totals}"),
        ("levels", ["A"] * 4, "levels: are not the levels after the last round"),
        ("banker", None, "banker: is not the next banker of the last round"),
    ],
)
def test_a_broken_match_snapshot_names_the_key_and_the_problem(
    two_rounds: dict[str, Any], path: str, value: Any, message: str
) -> None:
    """One field of a real match snapshot broken gives a DecodeError naming that key and
    the problem; a played round that is not the match's round k (round 1 dropped, or the
    match's options changed) is refused."""
    expected = message.format(
        not_ours="not this match's finished round", totals=two_rounds["totals"]
    )
    with pytest.raises(DecodeError) as caught:
        Match.from_json(mutate(two_rounds, path, value))
    assert str(caught.value) == expected
    assert [caught.value.key, caught.value.reason] == expected.split(": ", 1)


def test_a_match_snapshot_is_an_object() -> None:
    """A list is no match snapshot; the error names no key, only the problem."""
    with pytest.raises(DecodeError) as caught:
        Match.from_json([])  # type: ignore[arg-type]
    assert (caught.value.key, caught.value.reason) == ("", "expected an object, got list")
    assert str(caught.value) == "expected an object, got list"


# --- wire codecs -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"cards": ["AS"]}, f"kind: unknown action kind None; one of: {ACTION_KINDS}"),
        ({"kind": "play"}, "cards: missing"),
        ({"kind": "play", "cards": "AS"}, "cards: expected a list, got str"),
        ({"kind": "play", "cards": ["AS", "1Z"]}, "cards[1]: '1Z' is not a card"),
        (
            {"kind": "play", "cards": ["AS"], "units": [["AS"], "x"]},
            "units[1]: expected a list, got str",
        ),
        ({"kind": "bid", "cards": ["2H"], "bid_kind": 3}, "bid_kind: expected a string, got 3"),
        ({"kind": "call_friend", "card": "11S"}, "card: '11S' is not a card"),
        # an unhashable value is named too, not looked up (a TypeError)
        ({"kind": "call_friend", "card": ["AS"]}, "card: ['AS'] is not a card"),
        ({"kind": "call_friend", "solo": "yes"}, "solo: expected true or false, got 'yes'"),
        ({"kind": "swap", "pairs": [["2S"]]}, "pairs[0]: expected two cards"),
        ({"kind": "give_back"}, "cards: missing"),
        ([], "action: expected an object, got list"),
    ],
)
def test_malformed_actions_name_the_key_and_what_is_wrong(data: Any, message: str) -> None:
    with pytest.raises(DecodeError) as caught:
        action_from_dict(data)
    assert str(caught.value) == message


def test_unknown_kinds_are_named_with_what_is_known() -> None:
    """An unknown action kind lists the kinds there are; an event's kind that is not a
    string is an unknown kind too, not a crash; a non-object is named as an event."""
    with pytest.raises(DecodeError) as caught:
        action_from_dict({"kind": "fly"})
    assert str(caught.value) == f"kind: unknown action kind 'fly'; one of: {ACTION_KINDS}"
    for kind in ("boom", [1], None):
        with pytest.raises(DecodeError) as caught:
            event_from_dict({"kind": kind, "seq": 1})
        assert str(caught.value) == f"kind: unknown event kind {kind!r}"
    with pytest.raises(DecodeError) as caught:
        event_from_dict(5)  # type: ignore[arg-type]
    assert str(caught.value) == "event: expected an object, got int"


def test_a_friend_call_without_solo_is_not_solo() -> None:
    """`solo` may be left out of a call (R-9.1): it then names a friend; 独打 is said."""
    assert action_from_dict({"kind": "call_friend", "card": "AS"}) == CallFriend(Card.parse("AS"))
    call = cast(CallFriend, action_from_dict({"kind": "call_friend", "solo": True}))
    assert call.solo is True


def test_typed_decoders_refuse_the_other_kinds() -> None:
    with pytest.raises(DecodeError, match="expected 'play'"):
        Play.from_dict(Bid.parse("2H").to_dict())
    event = mid_play().events()[0]
    with pytest.raises(DecodeError, match="seq"):
        event_from_dict({k: v for k, v in event.to_dict().items() if k != "seq"})
    with pytest.raises(DecodeError, match="kind"):
        event_from_dict({**event.to_dict(), "kind": "nothing"})


def test_malformed_views_name_the_key() -> None:
    view = mid_play().view(1).to_dict()
    for path, value, message in [
        ("hand", ["AS", "??"], "hand[1]: '??' is not a card"),
        ("seat", 4, "seat: no seat 4 in a 4-player game"),
        ("trump_suit", "Q", "trump_suit: 'Q' is not a suit (S, H, C, D or null)"),
        ("lead_suit", "X", "lead_suit: 'X' is not an effective suit (S, H, C, D or trump)"),
        ("lead_shapes", [], "lead_shapes: do not match lead_units"),
        ("hand_sizes", [13, 13], "hand_sizes: expected 4 seats"),
        ("tricks", ..., "tricks: missing"),
        ("current.0.seat", 9, "current[0].seat: no seat 9 in a 4-player game"),
        ("result", 5, "result: expected an object, got int"),
        (
            "preset",
            "whist",
            "preset: unknown preset 'whist'; presets: qidong, shandong, tractor, zhaopengyou",
        ),
        ("preset", 5, "preset: expected a string, got 5"),
    ]:
        with pytest.raises(DecodeError) as caught:
            View.from_dict(mutate(view, path, value))
        assert str(caught.value) == message, path
    # Every field but four is needed, and a missing one is named.
    optional = {"kind", "may", "lead_shapes", "result"}
    for name in view.keys() - optional:
        with pytest.raises(DecodeError) as caught:
            View.from_dict(mutate(view, name, ...))
        assert (caught.value.key, caught.value.reason) == (name, "missing")
    # `kind` may be left out; another kind, or no object at all, is refused.
    assert View.from_dict(mutate(view, "kind", ...)).to_dict() == view
    for data, message in [
        (mutate(view, "kind", "event"), "kind: expected 'view', got 'event'"),
        (5, "view: expected an object, got int"),
        (mutate(view, "tricks.0.winner", 9), "tricks[0].winner: no seat 9 in a 4-player game"),
        (mutate(view, "bids.0.seat", 9), "bids[0].seat: no seat 9 in a 4-player game"),
        (mutate(view, "lead_units.0", ["XX"]), "lead_units[0][0]: 'XX' is not a card"),
        # With the trump hidden no cards make a unit, so no trick can be shown.
        (mutate(view, "trump_suit", "hidden"), "tricks[0].units[0]: these cards are not one unit"),
    ]:
        with pytest.raises(DecodeError) as caught:
            View.from_dict(data)
        assert str(caught.value) == message


def test_the_view_dict_is_complete() -> None:
    """Lead suit and shapes, attempted throws, the called card, the friend, points,
    levels and what the seat may do are all in the wire view."""
    rnd = mid_play(preset=get_preset("tractor", partner="called"))
    assert rnd.to_act is not None
    data = rnd.view(rnd.to_act).to_dict()
    for key in (
        "lead_suit",
        "lead_shapes",
        "lead_units",
        "friend_call",
        "friend",
        "points_won",
        "levels",
        "may",
        "current",
        "tricks",
        "hand",
        "to_act",
        "swap_count",
    ):
        assert key in data
    assert data["may"] == ["play"]
    assert rnd.view((rnd.to_act + 1) % 4).to_dict()["may"] == []
    assert data["lead_shapes"][0]["kind"] in ("tuple", "tractor")
    # each lead shape is sent whole, under the names the protocol documents
    view = rnd.view(rnd.to_act)
    assert data["lead_shapes"] == [
        {"kind": s.kind, "width": s.width, "length": s.length, "extra": s.extra}
        for s in view.lead_shapes
    ]


def test_history_since_gives_exactly_the_later_steps() -> None:
    """``history(since)`` is the tail of the whole history: a server appends it as is."""
    rnd = mid_play()
    whole = rnd.history()
    for since in (1, 2, 3, len(whole) - 1, len(whole)):
        assert rnd.history(since) == whole[since:]


@pytest.mark.parametrize(
    ("path", "value", "key", "reason"),
    [
        ("history", [], "history[0]", "a history starts with its start step"),
        ("history.0", 5, "history[0]", "expected an object, got int"),
        ("history.2", 7, "history[2]", "expected an object, got int"),
        ("history.2.seat", 9, "history[2].seat", "no seat 9 in a 4-player game"),
        ("history.101.seat", ..., "history[101].seat", "missing"),
        (
            "history.101",
            {"kind": "bid", "seat": 1, "cards": 5},
            "history[101].cards",
            "expected a list, got int",
        ),
        ("events.1.seq", 7, "events[1].seq", "expected 2"),
        ("events.1.seat", "x", "events[1].seat", "expected a whole number, got 'x'"),
    ],
)
def test_a_broken_history_or_event_in_a_snapshot_is_named(
    snapshot: dict[str, Any], path: str, value: Any, key: str, reason: str
) -> None:
    assert snapshot["history"][101] == {"kind": "pass", "seat": 1}  # the step pinned above
    with pytest.raises(SnapshotError) as caught:
        Round.from_json(mutate(snapshot, path, value))
    assert (caught.value.key, caught.value.reason) == (key, reason)


def test_a_position_keeps_the_record_of_how_it_came_about() -> None:
    """``from_hands``' number, dealer, bids and turned kitty change no play, but they are
    the round's: its view shows them, its snapshot and its history keep them, and in
    `qidong` the bids multiply the scores (c of R-8.3: the number of bids)."""
    qidong = get_preset("qidong")
    hands = ["AS", "KS", "QS", "JS", "10S"]
    bids = [BidRecord(1, (Card("2H"), Card("2H")), 30, None), BidRecord(3, (Card("LJ"),) * 2, 60)]
    plain = Round.from_hands(qidong, hands, level_rank="2", trump_suit="H", banker=0, solo=True)
    told = Round.from_hands(
        qidong,
        hands,
        level_rank="2",
        trump_suit="H",
        banker=0,
        solo=True,
        number=4,
        dealer=2,
        bids=bids,
        kitty_turned="3C 4C",
    )
    view = told.view(3)
    assert (view.round_number, view.dealer, view.bids) == (4, 2, tuple(bids))
    assert view.kitty_turned == (Card("3C"), Card("4C"))
    for seat in range(5):
        for rnd in (plain, told):
            rnd.apply(seat, Play.parse(hands[seat]))
    assert plain.result is not None and told.result is not None
    assert told.result.scores == tuple(2 * score for score in plain.result.scores) != (0,) * 5
    rebuilt = Round.from_history(qidong, None, told.history())
    assert rebuilt.to_json() == told.to_json()
    assert Round.from_json(told.to_json()).to_json() == told.to_json()


def test_a_position_takes_cards_as_lists_and_checks_its_dealer() -> None:
    """``from_hands`` reads hands, kitty and turned cards given as card lists as it reads
    them in notation; its dealer must be a seat; the level rank given is the round's
    whatever the levels; the deal is over; a round's number is 1 unless given."""
    qidong = get_preset("qidong")
    hands = ["AS", "KS", "QS", "JS", "10S"]

    def position(held: Any = hands, **record: Any) -> Round:
        return Round.from_hands(
            qidong, held, level_rank="2", trump_suit="H", banker=0, solo=True, **record
        )

    in_notation = position(kitty="3C 4C", kitty_turned="5D")
    as_lists = position(
        [parse_cards(h) for h in hands], kitty=parse_cards("3C 4C"), kitty_turned=parse_cards("5D")
    )
    assert as_lists.to_json() == in_notation.to_json()
    assert in_notation.view(0).round_number == 1 == Round(qidong, seed=1).view(0).round_number
    assert in_notation.dealt == in_notation.cards_to_deal == 100
    for dealer in (0, 4):
        assert position(dealer=dealer).view(1).dealer == dealer
    for dealer in (-1, 5):
        with pytest.raises(ValueError, match=r"^the dealer must be a seat$"):
            position(dealer=dealer)
    tractor = get_preset("tractor")
    rnd = Round.from_hands(
        tractor, hands[:4], level_rank="7", trump_suit="H", banker=0, levels=["3"] * 4
    )
    assert rnd.view(1).level_rank == 5  # ranks count from 2: 7 is the sixth

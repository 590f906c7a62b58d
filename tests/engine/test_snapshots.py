"""Snapshots (zpy-round/1), histories, clones, matches and wire data given bad input:
every problem is a typed error naming the key or step, and nothing is built from it."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from zhaopengyou.bots import RandomBot, play_round
from zhaopengyou.engine import (
    Bid,
    DecodeError,
    HistoryError,
    Match,
    Phase,
    Play,
    Round,
    SnapshotError,
    View,
    action_from_dict,
    event_from_dict,
    get_preset,
)
from zhaopengyou.engine.match import round_seed

TRACTOR = get_preset("tractor")


def mid_play(seed: int = 4, preset=TRACTOR, plays: int = 7) -> Round:
    """A round in its tricks, a trick in progress."""
    rnd = Round(preset, seed=seed)
    bots = [RandomBot(seed * 10 + s) for s in range(preset.players)]
    rnd.deal_all()
    while rnd.phase is not Phase.PLAY:
        seat = rnd.to_act
        rnd.apply(seat, bots[seat].act(rnd.view(seat)))
    for _ in range(plays):
        seat = rnd.to_act
        rnd.apply(seat, bots[seat].act(rnd.view(seat)))
    assert rnd.current
    return rnd


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
    ("path", "value", "key"),
    [
        ("format", "zpy-round/2", "format"),
        ("preset", "bridge", "preset"),
        ("options.partner", "alone", "options"),
        ("hands", ..., "hands"),
        ("tricks", ..., "tricks"),
        ("hands.0.0", "ZZ", "hands[0][0]"),
        ("hands.0.0", 5, "hands[0][0]"),
        ("phase", "sleeping", "phase"),
        ("to_act", 9, "to_act"),
        ("dealt", "100", "dealt"),
        ("banker", True, "banker"),
        ("trump_suit", "X", "trump_suit"),
        ("level_rank", "1", "level_rank"),
        ("events.0.seq", 5, "events[0].seq"),
        ("events.3.kind", "fireworks", "events[3].kind"),
        ("history.0.kind", "deal", "history[0]"),
        ("history.1.card", "XX", "history[1].card"),
        ("tricks.0.winner", 7, "tricks[0].winner"),
        ("tricks.0.units.0", ["AS", "KH"], "tricks[0].units[0]"),
        ("current.0.seat", "north", "current[0].seat"),
        ("result", {"side": "banker"}, "result"),
    ],
)
def test_malformed_snapshots_name_the_key(
    snapshot: dict[str, Any], path: str, value: Any, key: str
) -> None:
    with pytest.raises(SnapshotError) as caught:
        Round.from_json(mutate(snapshot, path, value))
    assert caught.value.key.startswith(key), caught.value


def test_a_card_twice_is_refused(snapshot: dict[str, Any]) -> None:
    """A card copied from one hand into another: too many copies (R-1.1)."""
    card = snapshot["hands"][1][0]
    bad = mutate(snapshot, "hands.0.0", card)
    with pytest.raises(SnapshotError, match="hands") as caught:
        Round.from_json(bad)
    assert caught.value.key == "hands"


def test_wrong_counts_are_refused(snapshot: dict[str, Any]) -> None:
    """A card moved from one hand to another keeps the deck whole but not the hands."""
    bad = copy.deepcopy(snapshot)
    bad["hands"][2].append(bad["hands"][1].pop())
    with pytest.raises(SnapshotError) as caught:
        Round.from_json(bad)
    assert caught.value.key == "hands[1]"
    missing = mutate(snapshot, "hands.0", snapshot["hands"][0][1:])
    with pytest.raises(SnapshotError, match="missing"):
        Round.from_json(missing)


def test_a_wrong_trick_winner_or_points_are_refused(snapshot: dict[str, Any]) -> None:
    trick = snapshot["tricks"][0]
    loser = next(p["seat"] for p in trick["plays"] if p["seat"] != trick["winner"])
    with pytest.raises(SnapshotError, match=r"R-6\."):
        Round.from_json(mutate(snapshot, "tricks.0.winner", loser))
    with pytest.raises(SnapshotError, match="points"):
        Round.from_json(mutate(snapshot, "tricks.0.points", trick["points"] + 5))


def test_not_json_at_all_is_refused() -> None:
    for data in (None, [], "zpy-round/1", 5):
        with pytest.raises(SnapshotError):
            Round.from_json(data)  # type: ignore[arg-type]


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


# --- histories -------------------------------------------------------------------------


def test_history_starts_with_the_round_and_lists_each_card_and_action() -> None:
    rnd = mid_play()
    steps = rnd.history()
    assert steps[0]["kind"] == "start" and steps[0]["dealer"] == rnd.dealer
    deals = [s for s in steps if s["kind"] == "deal"]
    assert len(deals) == rnd.cards_to_deal
    assert [s["card"] for s in deals] == [c.ascii for c in rnd.deck[: rnd.cards_to_deal]]
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


def test_a_position_from_hands_has_a_history_too() -> None:
    rnd = Round.from_hands(
        TRACTOR, ["AS KS", "QS JS", "10S 9S", "8S 7S"], level_rank="2", trump_suit="H", banker=0
    )
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


def later_round(preset=TRACTOR) -> tuple[Match, Round]:
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
    """A bad card in a deal step or a bad seat in an action step: the key ends with the
    step and its field, the reason is exact. (The key now names the step twice,
    ``steps[1].steps[1].card``: the field's key already holds the step, and the handler
    of the step's DecodeError prefixes it again.)"""
    seed, steps = histories["dealt"]
    with pytest.raises(HistoryError) as caught:
        Round.from_history(TRACTOR, seed, mutate(steps, path, value))
    assert caught.value.key.endswith(field.format(last=len(steps) - 1))
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
        twin.apply(seat, twin.view(seat).random_play(__import__("random").Random(seat)))
    assert rnd.to_json() == before
    assert twin.result is not None and rnd.result is None


def test_a_clone_during_the_deal_has_its_own_generator() -> None:
    """A redeal on the clone (round 1, nobody bids) must not move the original's shuffle."""
    from zhaopengyou.engine import Pass

    rnd = Round(TRACTOR, seed=3)
    rnd.deal_all()
    twin = rnd.clone()
    before = rnd.to_json()
    while twin.redeals == 0:
        twin.apply(twin.to_act, Pass())
    assert rnd.to_json() == before
    copy_two = rnd.clone()
    while copy_two.redeals == 0:
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
    dealt_to_others = [e for e in seen_by_2 if e.kind == "card_dealt" and e.seat != 2]
    assert dealt_to_others and all(e.card is None for e in dealt_to_others)
    with pytest.raises(ValueError):
        rnd.events_for(2, since=-1)


# --- matches ---------------------------------------------------------------------------


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
    ("data", "key"),
    [
        ({"kind": "fly"}, "kind"),
        ({"cards": ["AS"]}, "kind"),
        ({"kind": "play"}, "cards"),
        ({"kind": "play", "cards": "AS"}, "cards"),
        ({"kind": "play", "cards": ["AS", "1Z"]}, "cards[1]"),
        ({"kind": "play", "cards": ["AS"], "units": [["AS"], "x"]}, "units[1]"),
        ({"kind": "bid", "cards": ["2H"], "bid_kind": 3}, "bid_kind"),
        ({"kind": "call_friend", "card": "11S"}, "card"),
        ({"kind": "call_friend", "solo": "yes"}, "solo"),
        ({"kind": "swap", "pairs": [["2S"]]}, "pairs[0]"),
        ({"kind": "give_back"}, "cards"),
        ([], "action"),
    ],
)
def test_malformed_actions_name_the_key(data: Any, key: str) -> None:
    with pytest.raises(DecodeError) as caught:
        action_from_dict(data)
    assert caught.value.key == key


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
    for path, value, key in [
        ("hand", ["AS", "??"], "hand[1]"),
        ("seat", 4, "seat"),
        ("trump_suit", "Q", "trump_suit"),
        ("lead_shapes", [], "lead_shapes"),
        ("tricks", ..., "tricks"),
        ("preset", "whist", "preset"),
    ]:
        with pytest.raises(DecodeError) as caught:
            View.from_dict(mutate(view, path, value))
        assert caught.value.key == key, (path, caught.value)


def test_the_view_dict_is_complete() -> None:
    """Lead suit and shapes, attempted throws, the called card, the friend, points,
    levels and what the seat may do are all in the wire view."""
    rnd = mid_play(preset=get_preset("tractor", partner="called"))
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

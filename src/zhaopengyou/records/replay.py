"""Replaying a record through the engine and reporting the first disagreement.

The deal is rebuilt from ``deal`` and ``dealer``, every recorded action is applied
with :meth:`Round.apply`, and what the engine decides (trump, banker, friend, each
trick's units, winner and points, the result) is compared with what the record says.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from ..engine.actions import Action, Bid, Bury, CallFriend, GiveBack, Pass, Play, Swap
from ..engine.cards import RANK_NAMES, SUIT_LETTERS, Card, format_cards
from ..engine.errors import IllegalAction
from ..engine.presets import get_preset
from ..engine.round import Round
from ..engine.table import Phase, PlayRecord
from ..i18n import tr
from ..i18n.replay_text import RECORD_KEY_TEXT
from .reader import Message, Seat, validate_record

# The engine speaks to the seat that acts ("you do not hold …"); a replay reports on a
# seat, so each such template has a form that names it ({actor}).
SEAT_FORMS: dict[str, str] = {
    "you do not hold the cards you bid": "seat {actor} does not hold the cards it bids",
    "you may reinforce your own bid but not overcall it with another suit": (
        "seat {actor} may reinforce its own bid but not overcall it with another suit"
    ),
    "you do not hold the cards you declare": "seat {actor} does not hold the cards it declares",
    "you cannot 顶 your own declaration": "seat {actor} cannot 顶 its own declaration",
    "you do not hold another copy of that joker": (
        "seat {actor} does not hold another copy of that joker"
    ),
    "bury exactly {size} cards (got {got})": (
        "bury exactly {size} cards (seat {actor} buried {got})"
    ),
    "call a card you hold exactly once whose twin is not buried": (
        "call a card seat {actor} holds exactly once whose twin is not buried"
    ),
    "you hold no single whose twin is out: you must go solo (独打)": (
        "seat {actor} holds no single whose twin is out: it must go solo (独打)"
    ),
    "give back exactly {count} cards (got {got})": (
        "give back exactly {count} cards (seat {actor} gave {got})"
    ),
    "you do not hold {count}× {card}": "seat {actor} does not hold {count}× {card}",
    "you hold a pair in the led suit: follow with it": (
        "seat {actor} holds a pair in the led suit: it must follow with it"
    ),
    "you hold a triple in the led suit: follow with it": (
        "seat {actor} holds a triple in the led suit: it must follow with it"
    ),
    "you hold a tractor in the led suit: follow with it": (
        "seat {actor} holds a tractor in the led suit: it must follow with it"
    ),
    "you hold a {kind} of this size in the led suit: play it": (
        "seat {actor} holds a {kind} of this size in the led suit: it must play it"
    ),
    "without that unit, follow with your highest cards of the suit": (
        "without that unit, seat {actor} must follow with its highest cards of the suit"
    ),
    "you hold a 刮风 this long in the led suit: follow with it": (
        "seat {actor} holds a 刮风 this long in the led suit: it must follow with it"
    ),
    "follow with as many pairs as you hold, up to the lead's": (
        "seat {actor} must follow with as many pairs as it holds, up to the lead's"
    ),
    "after your pairs, fill with your highest cards of the suit": (
        "after its pairs, seat {actor} must fill with its highest cards of the suit"
    ),
}
# Record keys whose values are seats: shown as "seat 3" to people.
SEAT_KEYS = frozenset(
    ("dealer", "banker", "buried_by", "friend", "leader", "winner", "next_banker", "from_seat")
)
# Bid keys RECORD.md defines for a 粘 (zhan) only.
ZHAN_KEYS = ("from_seat", "taken", "returned")


@dataclass(frozen=True, slots=True)
class Disagreement:
    """Where a record and the engine part ways, and how.

    ``trick`` and ``bid`` are 1-based positions in the record; ``seat`` is the seat
    whose recorded action the engine rejected, when there is one.
    """

    round: int
    problem: Message
    trick: int | None = None
    bid: int | None = None
    seat: int | None = None

    def describe(self, lang: str = "en", first_seat: int = 1) -> str:
        """E.g. ``round 3, trick 7, seat 2: recorded ♠A ♠A but the engine says R-5.2: …``,
        seats counted from ``first_seat`` (1 for people, 0 as in records)."""
        parts = [tr("round {round}", lang, round=self.round)]
        if self.bid is not None:
            parts.append(tr("bid {bid}", lang, bid=self.bid))
        if self.trick is not None:
            parts.append(tr("trick {trick}", lang, trick=self.trick))
        if self.seat is not None:
            parts.append(tr("seat {seat}", lang, seat=Seat(self.seat).render(lang, first_seat)))
        location = tr(", ", lang).join(parts)
        problem = self.problem.render(lang, first_seat)
        return tr("{location}: {problem}", lang, location=location, problem=problem)


@dataclass(frozen=True, slots=True)
class ReplayReport:
    """The verdict on one round: ``ok``, or the first :class:`Disagreement`."""

    round: int
    problem: Disagreement | None = None

    @property
    def ok(self) -> bool:
        return self.problem is None

    @property
    def disagreement(self) -> str | None:
        """The first disagreement for programs: in English, seats counted from 0 as in
        records; None when the round replays exactly."""
        return self.problem.describe("en", first_seat=0) if self.problem is not None else None

    def describe(self, lang: str = "en") -> str:
        """One line for people: ``round 2: ok`` or the disagreement, in ``lang``, seats
        counted from 1."""
        if self.problem is not None:
            return self.problem.describe(lang)
        return tr(
            "{location}: {problem}",
            lang,
            location=tr("round {round}", lang, round=self.round),
            problem=tr("ok", lang),
        )

    def to_dict(self) -> dict[str, Any]:
        """Plain data: round, ok, the English disagreement, and its trick and seat."""
        problem = self.problem
        return {
            "round": self.round,
            "ok": self.ok,
            "disagreement": self.disagreement,
            "trick": problem.trick if problem is not None else None,
            "seat": problem.seat if problem is not None else None,
        }


def replay_record(record: object) -> ReplayReport:
    """Re-play one round record through the engine.

    Raises :class:`~zhaopengyou.records.RecordError` when the record is malformed;
    every other problem (an illegal action, a different outcome) is the report's
    disagreement.
    """
    checked = validate_record(record)
    try:
        _Replay(checked).run()
    except _Disagree as found:
        return ReplayReport(checked["round"], found.disagreement)
    return ReplayReport(checked["round"])


class _Disagree(Exception):
    def __init__(self, disagreement: Disagreement) -> None:
        super().__init__(disagreement.describe())
        self.disagreement = disagreement


def _cards(tokens: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(token) for token in tokens)


def _multiset(cards: Sequence[int]) -> list[int]:
    return sorted(int(card) for card in cards)


def _unit_multiset(units: Sequence[Sequence[int]]) -> list[list[int]]:
    return sorted(_multiset(unit) for unit in units)


def _show_units(units: Sequence[Sequence[int]]) -> str:
    return " ".join(f"[{format_cards(unit)}]" for unit in units)


@dataclass(frozen=True, slots=True)
class _KeyName:
    """A record key: the key itself in English, a word for it in Chinese."""

    key: str

    def render(self, lang: str = "en", first_seat: int = 1) -> str:
        return RECORD_KEY_TEXT[self.key].get(lang, self.key)


@dataclass(frozen=True, slots=True)
class _Value:
    """A recorded or computed value: for programs the JSON value, as in records; for
    people a seat is "seat 3" (counted from 1) and null is "none"."""

    value: object
    is_seat: bool = False

    def render(self, lang: str = "en", first_seat: int = 1) -> str:
        if first_seat == 0:
            return json.dumps(self.value, ensure_ascii=False)
        if self.value is None:
            return tr("none", lang)
        if self.is_seat and isinstance(self.value, int):
            return tr("seat {seat}", lang, seat=self.value + first_seat)
        return json.dumps(self.value, ensure_ascii=False)


def _engine_reason(err: IllegalAction, seat: int) -> Message:
    """An engine rejection of ``seat``'s action as a translatable message about that
    seat, with its rule number."""
    params: dict[str, Any] = {
        name: Seat(value) if name == "seat" and isinstance(value, int) else value
        for name, value in err.params.items()
    }
    template = SEAT_FORMS.get(err.template)
    if template is not None:
        params["actor"] = Seat(seat)
    message = Message(template or err.template, params)
    return (
        Message("{rule}: {message}", {"rule": err.rule, "message": message})
        if err.rule
        else message
    )


class _Replay:
    """One replay; each step raises :class:`_Disagree` at the first difference."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.record = record
        self.number: int = record["round"]
        self.rnd: Round | None = None

    @property
    def round(self) -> Round:
        assert self.rnd is not None
        return self.rnd

    def disagree(
        self,
        template: str,
        *,
        trick: int | None = None,
        bid: int | None = None,
        seat: int | None = None,
        **params: Any,
    ) -> NoReturn:
        raise _Disagree(Disagreement(self.number, Message(template, params), trick, bid, seat))

    def compare(
        self,
        key: str,
        recorded: object,
        engine: object,
        *,
        trick: int | None = None,
        bid: int | None = None,
    ) -> None:
        if recorded == engine:
            return
        self.disagree(
            "{key} recorded {recorded}, engine {engine}",
            trick=trick,
            bid=bid,
            key=_KeyName(key),
            recorded=_Value(recorded, key in SEAT_KEYS),
            engine=_Value(engine, key in SEAT_KEYS),
        )

    def apply(
        self,
        seat: int,
        action: Action,
        shown: str | Message,
        *,
        trick: int | None = None,
        bid: int | None = None,
    ) -> None:
        try:
            self.round.apply(seat, action)
        except IllegalAction as err:
            self.disagree(
                "recorded {action} but the engine says {reason}",
                trick=trick,
                bid=bid,
                seat=seat,
                action=shown,
                reason=_engine_reason(err, seat),
            )

    def run(self) -> None:
        self.set_up()
        self.deal_and_bid()
        self.bury_and_call()
        for index, trick in enumerate(self.record["tricks"], start=1):
            self.play_trick(index, trick)
        self.check_result()

    # --- set-up and deal ---------------------------------------------------------------

    def set_up(self) -> None:
        record = self.record
        preset = get_preset(record["preset"], **record["options"])  # validated: it exists
        players = preset.players
        self.compare("players (count)", len(record["players"]), players)
        hands: list[list[str]] = record["deal"]
        for seat, cards in enumerate(hands):
            if len(cards) != preset.hand_size:
                self.disagree(
                    "deal: this seat received {got} cards, {preset} deals {expected}",
                    seat=seat,
                    got=len(cards),
                    preset=preset.name,
                    expected=preset.hand_size,
                )
        self.compare("kitty (size)", len(record["kitty"]), preset.kitty_size)
        dealer: int = record["dealer"]
        # Card i of the deal went to seat (dealer + i) % players.
        deck = [
            Card.parse(hands[(dealer + i) % players][i // players])
            for i in range(players * preset.hand_size)
        ]
        deck.extend(_cards(record["kitty"]))
        levels = record["levels_before"]
        if preset.fixed_level_rank is not None:  # qidong has no levels: null
            self.compare("levels_before", levels, None)
        elif levels is None:
            self.disagree(
                "{key} recorded {recorded}, engine {engine}",
                key=_KeyName("levels_before"),
                recorded=_Value(None),
                engine=Message("a level for each seat"),
            )
        # Bidding names the banker in round 1, and in every round where says so.
        banker_known = record["round"] > 1 and not preset.bidding.banker_every_round
        try:
            self.rnd = Round(
                preset,
                seed=record["seed"],
                number=record["round"],
                levels=[RANK_NAMES.index(level) for level in levels]
                if levels is not None
                else None,
                banker=record["banker"] if banker_known else None,
                dealer=dealer,
                deck=deck,
            )
        except ValueError as err:
            # The engine's reason is the msgid: the ones a valid record can reach are translated.
            error = Message(str(err))
            self.disagree("the engine cannot set up this round: {error}", error=error)
        self.compare("dealer", dealer, self.round.dealer)
        self.compare("level_rank", record["level_rank"], RANK_NAMES[self.round.level_rank])

    def deal_and_bid(self) -> None:
        rnd = self.round
        bids: list[dict[str, Any]] = self.record["bids"]
        made = 0
        while rnd.phase is Phase.DEAL:
            rnd.deal_card()
            while (
                made < len(bids)
                and rnd.phase is Phase.DEAL
                and bids[made]["after_cards_dealt"] == rnd.dealt
            ):
                self.bid(made, bids[made])
                made += 1
        for index in range(made, len(bids)):  # the closing window
            bid = bids[index]
            if bid["after_cards_dealt"] != rnd.cards_to_deal:
                self.disagree(
                    "recorded after {after} cards dealt, which the deal has passed "
                    "(bids must be listed in order)",
                    bid=index + 1,
                    seat=bid["seat"],
                    after=bid["after_cards_dealt"],
                )
            # Fewer passes than seats, so the window is still open.
            while rnd.to_act != bid["seat"]:
                assert rnd.to_act is not None
                self.apply(rnd.to_act, Pass(), Message("a pass"), bid=index + 1)
            self.bid(index, bid)
        while rnd.phase is Phase.BID:
            assert rnd.to_act is not None
            self.apply(rnd.to_act, Pass(), Message("a pass"))
        if rnd.redeals:
            self.disagree("nobody bid, so the engine deals again (R-8.2)")
        self.compare("banker", self.record["banker"], rnd.banker)
        trump = SUIT_LETTERS[rnd.trump_suit] if rnd.trump_suit is not None else None
        self.compare("trump_suit", self.record["trump_suit"], trump)
        self.compare("bid_count", self.record["bid_count"], rnd.bid_count)

    def bid(self, index: int, bid: dict[str, Any]) -> None:
        cards = _cards(bid["cards"])
        if bid.get("kind") != "zhan":
            for name in ZHAN_KEYS:
                if bid.get(name) not in (None, []):
                    self.disagree(
                        "{field} belongs to a 粘 (zhan) bid only",
                        bid=index + 1,
                        seat=bid["seat"],
                        field=name,
                    )
        self.apply(bid["seat"], Bid(cards, bid.get("kind")), format_cards(cards), bid=index + 1)
        if bid.get("kind") == "zhan":  # 粘: check what was taken, give back
            made = self.round.bids[-1]
            self.compare("from_seat", bid["from_seat"], made.from_seat, bid=index + 1)
            taken = _cards(bid["taken"])  # the reader makes a 粘 name taken and returned
            if sorted(taken) != sorted(made.taken):
                self.disagree(
                    "taken recorded {recorded}, engine {engine}",
                    bid=index + 1,
                    seat=bid["seat"],
                    recorded=format_cards(taken),
                    engine=format_cards(made.taken),
                )
            returned = _cards(bid["returned"])
            self.apply(bid["seat"], GiveBack(returned), format_cards(returned), bid=index + 1)

    # --- kitty and friend --------------------------------------------------------------

    def bury_and_call(self) -> None:
        rnd = self.round
        record = self.record
        buried_by: int = record["buried_by"]
        self.compare("buried_by", buried_by, rnd.to_act)
        buried = _cards(record["buried"])
        self.apply(buried_by, Bury(buried), format_cards(buried))
        swaps = tuple(
            (Card.parse(s["from_hand"]), Card.parse(s["from_kitty"])) for s in record["swaps"]
        )
        if rnd.phase is Phase.SWAP:  # the declarer's swaps, then the reveal
            assert rnd.to_act is not None
            shown = ", ".join(f"{a}↔{b}" for a, b in swaps)  # an empty swap is always legal
            self.apply(rnd.to_act, Swap(swaps), shown)
        elif swaps:
            self.disagree(
                "swaps: the engine has no declarer swaps for {preset}", preset=rnd.preset.name
            )
        call = record["friend_call"]
        if rnd.preset.called_friend:
            assert rnd.banker is not None
            if call is None:
                self.disagree(
                    "friend_call recorded null, but {preset} calls a friend (R-9.1)",
                    preset=rnd.preset.name,
                )
            if call.get("solo"):
                self.apply(rnd.banker, CallFriend(solo=True), Message("a solo call"))
            else:
                card = Card.parse(call["card"])
                self.apply(
                    rnd.banker,
                    CallFriend(card),
                    Message("the friend call {card}", {"card": str(card)}),
                )
        else:
            self.compare("friend_call", call, None)
        self.compare("friend", record["friend"], rnd.friend)

    # --- tricks ------------------------------------------------------------------------

    def play_trick(self, number: int, trick: dict[str, Any]) -> None:
        rnd = self.round
        if rnd.phase is not Phase.PLAY:
            self.disagree(
                "the round is already over after {done} tricks", trick=number, done=len(rnd.tricks)
            )
        plays: list[dict[str, Any]] = trick["plays"]
        self.compare("leader", trick["leader"], rnd.to_act, trick=number)
        if len(plays) != rnd.preset.players:
            self.disagree(
                "the trick has {got} plays, the engine expects {expected}",
                trick=number,
                got=len(plays),
                expected=rnd.preset.players,
            )
        self.lead(number, trick, plays[0])
        for play in plays[1:]:
            for name in ("attempted", "attempted_units"):
                if name in play:  # only a leader throws
                    self.disagree(
                        "{field} belongs to the leader's failed throw only",
                        trick=number,
                        seat=play["seat"],
                        field=name,
                    )
            cards = _cards(play["cards"])
            self.apply(play["seat"], Play(cards), format_cards(cards), trick=number)
        done = rnd.tricks[-1]
        if "units" not in trick and len(done.units) > 1:  # required then (RECORD.md)
            self.disagree(
                "units recorded {recorded}, engine {engine}",
                trick=number,
                recorded=Message("none"),
                engine=_show_units([unit.cards for unit in done.units]),
            )
        if "units" in trick:
            recorded = [_cards(unit) for unit in trick["units"]]
            engine = [unit.cards for unit in done.units]
            if _unit_multiset(recorded) != _unit_multiset(engine):
                self.disagree(
                    "units recorded {recorded}, engine {engine}",
                    trick=number,
                    recorded=_show_units(recorded),
                    engine=_show_units(engine),
                )
        self.compare("winner", trick["winner"], done.winner, trick=number)
        self.compare("points", trick["points"], done.points, trick=number)

    def lead(self, number: int, trick: dict[str, Any], play: dict[str, Any]) -> None:
        seat: int = play["seat"]
        cards = _cards(play["cards"])
        if "attempted" in play:
            attempted = _cards(play["attempted"])
            named = play.get("attempted_units")
            units = tuple(_cards(unit) for unit in named) if named else None
            split = [card for unit in units or () for card in unit]
            if named is not None and _multiset(split) != _multiset(attempted):
                # A named parse splits the whole throw into units.
                self.disagree(
                    "attempted_units {units} do not split the throw {attempted} (R-4.2)",
                    trick=number,
                    seat=seat,
                    units=_show_units(units or ()),
                    attempted=format_cards(attempted),
                )
            self.apply(seat, Play(attempted, units), format_cards(attempted), trick=number)
            made = self.lead_record()
            if made.attempted is None:
                self.disagree(
                    "recorded a failed throw of {attempted}, but the engine lets it stand (R-4.3)",
                    trick=number,
                    seat=seat,
                    attempted=format_cards(attempted),
                )
            if _multiset(made.cards) != _multiset(cards):
                self.disagree(
                    "recorded {cards} forced from the throw {attempted}, but the engine "
                    "forces {forced} (R-4.4)",
                    trick=number,
                    seat=seat,
                    cards=format_cards(cards),
                    attempted=format_cards(attempted),
                    forced=format_cards(made.cards),
                )
            return
        if "attempted_units" in play:
            self.disagree(
                "{field} belongs to the leader's failed throw only",
                trick=number,
                seat=seat,
                field="attempted_units",
            )
        self.apply(
            seat, Play(cards, self.named_units(trick, cards)), format_cards(cards), trick=number
        )
        made = self.lead_record()
        if made.attempted is not None:
            self.disagree(
                "recorded the throw {cards} as standing, but the engine says it fails "
                "and forces {forced} (R-4.4)",
                trick=number,
                seat=seat,
                cards=format_cards(cards),
                forced=format_cards(made.cards),
            )

    def named_units(
        self, trick: dict[str, Any], cards: tuple[Card, ...]
    ) -> tuple[tuple[Card, ...], ...] | None:
        """The recorded parse of a throw when it is not the canonical one (R-4.2)."""
        recorded = [_cards(unit) for unit in trick.get("units", ())]
        rnd = self.round
        if len(recorded) < 2 or rnd.ordering is None:
            return None
        try:
            canonical = rnd.preset.parse_lead(cards, None, rnd.ordering)
        except IllegalAction:
            return None  # the engine rejects the lead itself; apply() reports why
        if _unit_multiset(recorded) == _unit_multiset([unit.cards for unit in canonical]):
            return None
        return tuple(recorded)

    def lead_record(self) -> PlayRecord:
        rnd = self.round
        return rnd.current[0] if rnd.current else rnd.tricks[-1].plays[0]

    # --- result ------------------------------------------------------------------------

    def check_result(self) -> None:
        rnd = self.round
        result = rnd.result
        if rnd.phase is not Phase.DONE or result is None:
            self.disagree(
                "the record ends after {done} tricks, but the round is not over",
                done=len(rnd.tricks),
            )
        record = self.record
        levels_after = (
            [RANK_NAMES[level] for level in result.levels_after]
            if result.levels_after is not None
            else None
        )
        engine: dict[str, object] = {
            "kitty_points": result.kitty_points,
            "kitty_multiplier": result.kitty_multiplier,
            "attackers_points": result.attackers_points,
            "levels_after": levels_after,
            "next_banker": result.next_banker,
            "scores": list(result.scores),
            "penalties": list(result.penalties),
        }
        for key, value in engine.items():
            self.compare(key, record[key], value)

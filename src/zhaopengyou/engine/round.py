"""One round as a state machine: deal → closing bid window → kitty → friend call →
tricks → scoring (R-7 – R-10).

:meth:`Round.apply` is the single entry point for players' actions; it validates the
whole action first, so an illegal one raises a typed :class:`IllegalAction` naming
the rule and changes nothing. Each call returns the events it caused; every event
is also kept, numbered, for :meth:`Round.events_for`.

>>> import random
>>> from zhaopengyou.engine.presets import get_preset
>>> r = Round(get_preset("tractor"), rng=random.Random(7), dealer=0)
>>> r.phase
<Phase.DEAL: 'deal'>
>>> events = r.deal_all()
>>> len(events), r.phase, r.to_act
(100, <Phase.BID: 'bid'>, 1)
>>> sorted(r.expected().kinds[1]), r.expected().deal
(['pass'], False)

A round converts to JSON and back (:meth:`to_json`, :meth:`from_json`), rebuilds from
its history (:meth:`history`, :meth:`from_history`) and copies itself for search
(:meth:`clone`); all three behave exactly like the original from then on.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from .actions import Action, Bid, Bury, CallFriend, GiveBack, Pass, Play, Swap, action_from_dict
from .bidding import BidContext, BidRecord
from .cards import (
    CARD_POINTS,
    CARDS,
    NUM_KINDS,
    RANK_NAMES,
    SUIT_LETTERS,
    Card,
    format_cards,
    full_deck,
    parse_cards,
)
from .codec import (
    DecodeError,
    decode_rng,
    encode_levels,
    encode_rng,
    require_dict,
    require_list,
)
from .errors import IllegalAction, MalformedAction, NotYourTurn, WrongPhase
from .events import (
    BidMade,
    Buried,
    CardDealt,
    CardsPlayed,
    DeclarationTaken,
    Event,
    FriendCalled,
    FriendRevealed,
    GivenBack,
    KittyRevealed,
    KittyTaken,
    KittyTurned,
    Passed,
    Redealt,
    RoundScored,
    Swapped,
    ThrowFailed,
    TrickWon,
    TrumpDecided,
    TrumpRevealed,
    for_seat,
)
from .ordering import Ordering
from .presets import Preset
from .snapshot import state_from_json, state_to_json
from .state import (
    Bidding,
    Deal,
    Declaration,
    GiveBackOwed,
    Journal,
    Partnership,
    RoundState,
    Setup,
    Tally,
    TrickInPlay,
)
from .table import (
    BID,
    BURY,
    CALL,
    DEAL,
    DONE,
    PLAY,
    SWAP,
    Phase,
    PlayRecord,
    RoundResult,
    Trick,
)
from .tricks import beating_cards, forced_unit
from .units import Unit, format_of
from .view import ACCEPTED_IN, View, burial_error, expected_kinds
from .wire import ActionKind

# Building the named tuples of the hot path without their Python-level constructor.
_new = tuple.__new__
_NO_CARDS = (0,) * NUM_KINDS  # a spectator's hand


class Expected(NamedTuple):
    """What the round waits for (:meth:`Round.expected`): per seat, the action kinds it
    may submit now (empty: wait); ``deal`` is True when the next card is to be dealt."""

    kinds: tuple[frozenset[str], ...]
    deal: bool


class HistoryError(DecodeError):
    """A history that does not rebuild a round; ``key`` names the step (``steps[12]``)."""


def _as_cards(value: object, what: str) -> tuple[Card, ...]:
    """Normalise a card list from an action; malformed input raises."""
    if type(value) is tuple:  # the common case: already a tuple of cards
        for item in value:
            if type(item) is not Card:
                break
        else:
            return value
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise MalformedAction("{what} must be a list of cards", what=what)
    out = []
    for item in value:
        card = item if type(item) is Card else _card_or_none(item)
        if card is None:
            raise MalformedAction("{what}: {item!r} is not a card", what=what, item=item)
        out.append(card)
    return tuple(out)


def _card_or_none(item: object) -> Card | None:
    """A card named in either notation or by its id; None for anything else."""
    if isinstance(item, str):
        try:
            return Card.parse(item)
        except ValueError:
            return None
    if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < NUM_KINDS:
        return CARDS[item]
    return None


class _Handler(NamedTuple):
    """How :meth:`Round.apply` takes one action kind: the method that decides it, and
    the refusals when the phase is not the action's or another seat is to act."""

    kind: ActionKind
    handle: Callable[[Round, int, Any], None]
    wrong_phase: Callable[[], IllegalAction]
    not_your_turn: Callable[[int | None], IllegalAction]  # given the seat to act
    phases: frozenset[Phase]  # the phases that take it (ACCEPTED_IN)


class Round:
    """The full state of one round. Players only ever see :meth:`view`.

    The state lives in the groups of :mod:`zhaopengyou.engine.state` (``setup``,
    ``deal``, ``bidding``, ``declaration``, ``partnership``, ``trick``, ``tally``,
    ``journal``); ``phase`` and ``to_act`` say where the round is. The read-only
    properties below name the parts that callers ask for most.
    """

    __slots__ = (
        "_options",
        "bidding",
        "deal",
        "declaration",
        "journal",
        "partnership",
        "phase",
        "preset",
        "setup",
        "tally",
        "to_act",
        "trick",
    )
    setup: Setup
    deal: Deal
    bidding: Bidding
    declaration: Declaration
    partnership: Partnership
    trick: TrickInPlay
    tally: Tally
    journal: Journal
    phase: Phase
    to_act: int | None

    def __init__(
        self,
        preset: Preset,
        *,
        rng: random.Random | None = None,
        seed: int | None = None,
        number: int = 1,
        levels: Sequence[int] | None = None,
        banker: int | None = None,
        dealer: int = 0,
        deck: Sequence[int] | None = None,
    ) -> None:
        players = preset.players
        if levels is not None and len(levels) != players:
            raise ValueError(f"levels must list {players} seats")
        if not 0 <= dealer < players or (banker is not None and not 0 <= banker < players):
            raise ValueError("dealer and banker must be seats")
        if deck is not None and sorted(deck) != sorted(full_deck(preset.decks)):
            raise ValueError("deck is not a full set of cards for this preset")
        self.preset = preset
        self._options = preset.options  # read on every bid check
        if levels is None and preset.fixed_level_rank is None:
            levels = (preset.ladder[0],) * players  # a new match starts at the ladder's foot
        levels_before = tuple(levels) if levels is not None else None
        # dealt from the banker when known, else from the rotating dealer seat.
        first = banker if banker is not None else dealer
        self.setup = Setup(
            seed, number, levels_before, banker, first, _level_rank(preset, levels_before, banker)
        )
        start: dict[str, Any] = {
            "kind": "start",
            "number": number,
            "levels_before": encode_levels(levels_before),
            "banker": banker,
            "dealer": first,
        }
        if deck is not None:
            start["deck"] = [CARDS[c].ascii for c in deck]
        shuffler = rng if rng is not None else random.Random(seed)
        if rng is not None or seed is None:  # the shuffles cannot be redone from a seed
            start["rng"] = encode_rng(shuffler)
        self.journal = Journal(start, shuffler, [], [])
        self._start_deal(deck)

    @classmethod
    def from_hands(
        cls,
        preset: Preset,
        hands: Sequence[str | Sequence[Card]],
        *,
        level_rank: str,
        trump_suit: str | None,
        banker: int,
        kitty: str | Sequence[Card] = (),
        levels: Sequence[str] | None = None,
        friend_call: str | None = None,
        leader: int | None = None,
        solo: bool = False,
        declarer: int | None = None,
        swaps: Sequence[Sequence[str | Card]] = (),
        number: int = 1,
        dealer: int | None = None,
        bids: Sequence[BidRecord] = (),
        kitty_turned: str | Sequence[Card] = (),
    ) -> Round:
        """A round set up at the first trick (or any trick) from given hands.

        For studying positions and for tests: ``hands`` and ``kitty`` are card lists
        in either notation, ``level_rank`` a rank (``"2"`` … ``"A"``), ``trump_suit`` a
        suit letter or None for no-trump. Hands must be equally long and no card may
        appear more often than the preset has decks.

        ``solo``: the banker plays alone (独打, R-9.2) instead of calling a friend.
        ``declarer`` (`shandong`): the seat that declared the trump suit; it decides who
        buried the kitty (R-8.4). ``kitty`` is the kitty as buried and ``swaps`` lists the
        declarer's (hand card, kitty card) exchanges with it (R-8.4): the hands hold the
        cards after them, and R-7 scores the kitty after them.

        The record of how the round got there, which changes no play: its ``number`` in
        the match, the ``dealer`` (the banker when not given), the ``bids`` made (they
        count for `qidong`'s multiplier, R-8.3) and the kitty cards turned over when
        nobody bid (``kitty_turned``).

        >>> from zhaopengyou.engine.presets import get_preset
        >>> r = Round.from_hands(get_preset("tractor"), ["AS", "KS", "QS", "JS"],
        ...                      level_rank="2", trump_suit="H", banker=0)
        >>> r.phase, r.to_act, r.view(1).hand
        (<Phase.PLAY: 'play'>, 0, (Card('KS'),))
        """
        parsed = [parse_cards(h) if isinstance(h, str) else list(h) for h in hands]
        buried = parse_cards(kitty) if isinstance(kitty, str) else list(kitty)
        turned = parse_cards(kitty_turned) if isinstance(kitty_turned, str) else list(kitty_turned)
        players = preset.players
        if len(parsed) != players:
            raise ValueError(f"{preset.name} needs {players} hands")
        if len({len(h) for h in parsed}) != 1:
            raise ValueError("every hand must hold the same number of cards")
        if solo and friend_call is not None:
            raise ValueError("call a friend or play solo, not both")
        if any(len(pair) != 2 for pair in swaps):
            raise ValueError("each swap is (hand card, kitty card)")
        if dealer is not None and not 0 <= dealer < players:
            raise ValueError("the dealer must be a seat")
        exchanges = tuple((Card(pair[0]), Card(pair[1])) for pair in swaps)
        scored = list(buried)  # the kitty after the swaps: what the hands complement
        for from_hand, from_kitty in exchanges:
            if from_kitty not in scored:
                raise ValueError(f"swapped card {from_kitty.ascii} is not in the kitty")
            scored[scored.index(from_kitty)] = from_hand
        counts = [0] * NUM_KINDS
        for card in [c for h in parsed for c in h] + scored:
            counts[card] += 1
            if counts[card] > preset.decks:
                raise ValueError(f"{card} appears more than {preset.decks} times")
        if level_rank not in RANK_NAMES:
            raise ValueError(f"unknown level rank {level_rank!r}")
        if trump_suit is not None and trump_suit not in SUIT_LETTERS:
            raise ValueError(f"unknown trump suit {trump_suit!r}")
        rank = RANK_NAMES.index(level_rank)
        level_list = (
            [RANK_NAMES.index(x) for x in levels] if levels is not None else [rank] * players
        )
        rnd = cls(
            preset,
            deck=full_deck(preset.decks),  # a position uses no shuffle: its seed stays None
            levels=level_list if preset.fixed_level_rank is None else None,
            banker=banker,
            number=number,
        )
        rnd.setup = rnd.setup.but(
            position=True, level_rank=rank, dealer=banker if dealer is None else dealer
        )
        cards_to_deal = rnd.deal.cards_to_deal
        held = [[0] * NUM_KINDS for _ in parsed]
        for seat, hand in enumerate(parsed):
            for card in hand:
                held[seat][card] += 1
        rnd.deal = Deal(
            [],
            cards_to_deal,
            cards_to_deal,
            held,
            [len(h) for h in parsed],
            [list(h) for h in parsed],
            tuple(CARDS[c] for c in buried),
        )
        rnd.bidding = Bidding(list(bids), kitty_turned=tuple(turned))
        suit = None if trump_suit is None else SUIT_LETTERS.index(trump_suit)
        rnd.declaration = Declaration(
            suit,
            preset.ordering(rank, suit),
            declarer,
            shown=bool(preset.bidding.revealed_cards(bids)),
            buried_by=preset.kitty_taker(banker, declarer),
            buried=tuple(buried),
            swaps=exchanges,
        )
        if friend_call is not None:
            card = Card.parse(friend_call)
            rnd.partnership = Partnership(card, seat=preset.find_friend(banker, card, held))
        else:
            rnd.partnership = Partnership(solo=solo)
        rnd._enter(PLAY, banker if leader is None else leader)
        position: dict[str, Any] = {
            "hands": [format_cards(hand, ascii=True) for hand in parsed],
            "kitty": format_cards(buried, ascii=True),
            "level_rank": level_rank,
            "trump_suit": trump_suit,
            "banker": banker,
            "levels": None if levels is None else list(levels),
            "friend_call": None if friend_call is None else Card.parse(friend_call).ascii,
            "leader": leader,
        }
        # Only when given, so that older position histories stay as they were.
        if solo:
            position["solo"] = True
        if declarer is not None:
            position["declarer"] = declarer
        if exchanges:
            position["swaps"] = [[h.ascii, k.ascii] for h, k in exchanges]
        if number != 1:
            position["number"] = number
        if dealer is not None:
            position["dealer"] = dealer
        if bids:
            position["bids"] = [bid.to_dict() for bid in bids]
        if turned:
            position["kitty_turned"] = format_cards(turned, ascii=True)
        rnd.journal.start = {"kind": "start", "position": position}
        return rnd

    def _start_deal(self, deck: Sequence[int] | None = None) -> None:
        """The cards shuffled (or ``deck``) and nothing dealt, bid or played yet."""
        preset = self.preset
        if deck is not None:
            cards = list(deck)
        else:
            cards = list(full_deck(preset.decks))
            self.journal.rng.shuffle(cards)
        self.deal = Deal.start(cards, preset.players, preset.hand_size)
        self.bidding = Bidding([])
        self.declaration = Declaration()
        self.partnership = Partnership()
        self.trick = TrickInPlay([])
        self.tally = Tally.start(preset.players)
        self._enter(DEAL, None)

    # --- the parts of the state callers ask for ----------------------------------------

    @property
    def seed(self) -> int | None:
        return self.setup.seed

    @property
    def number(self) -> int:
        return self.setup.number

    @property
    def levels_before(self) -> tuple[int, ...] | None:
        return self.setup.levels_before

    @property
    def banker(self) -> int | None:
        return self.setup.banker

    @property
    def dealer(self) -> int:
        return self.setup.dealer

    @property
    def level_rank(self) -> int:
        return self.setup.level_rank

    @property
    def redeals(self) -> int:
        return self.setup.redeals

    @property
    def position(self) -> bool:
        return self.setup.position

    @property
    def deck(self) -> list[int]:
        return self.deal.deck

    @property
    def cards_to_deal(self) -> int:
        return self.deal.cards_to_deal

    @property
    def dealt(self) -> int:
        return self.deal.dealt

    @property
    def hands(self) -> list[list[int]]:
        """Each seat's hand as a count per card kind (``hands[seat][card]``)."""
        return self.deal.hands

    @property
    def hand_sizes(self) -> list[int]:
        return self.deal.hand_sizes

    @property
    def received(self) -> list[list[Card]]:
        return self.deal.received

    @property
    def kitty(self) -> tuple[Card, ...]:
        return self.deal.kitty

    @property
    def bids(self) -> list[BidRecord]:
        return self.bidding.bids

    @property
    def kitty_turned(self) -> tuple[Card, ...]:
        return self.bidding.kitty_turned

    @property
    def trump_suit(self) -> int | None:
        return self.declaration.trump_suit

    @property
    def ordering(self) -> Ordering | None:
        return self.declaration.ordering

    @property
    def declarer(self) -> int | None:
        return self.declaration.declarer

    @property
    def trump_public(self) -> bool:
        return self.declaration.trump_public

    @property
    def declaration_shown(self) -> bool:
        return self.declaration.shown

    @property
    def trump_knowers(self) -> frozenset[int]:
        return self.declaration.knowers

    @property
    def pending_give_back(self) -> tuple[int, int, int] | None:
        """After a 粘 (R-8.4): (the taker, the seat it took from, how many cards)."""
        owed = self.declaration.give_back
        return None if owed is None else (owed.taker, owed.owner, owed.amount)

    @property
    def buried_by(self) -> int | None:
        return self.declaration.buried_by

    @property
    def buried(self) -> tuple[Card, ...]:
        return self.declaration.buried

    @property
    def swaps(self) -> tuple[tuple[Card, Card], ...]:
        return self.declaration.swaps

    @property
    def final_kitty(self) -> tuple[Card, ...]:
        """The kitty after the declarer's swaps (R-8.4): what R-7 scores."""
        return self.declaration.final_kitty

    @property
    def friend_call(self) -> Card | None:
        return self.partnership.call

    @property
    def solo(self) -> bool:
        return self.partnership.solo

    @property
    def friend(self) -> int | None:
        return self.partnership.seat

    @property
    def friend_revealed(self) -> bool:
        return self.partnership.revealed

    @property
    def current(self) -> list[PlayRecord]:
        """The plays of the trick in progress."""
        return self.trick.plays

    @property
    def lead_units(self) -> tuple[Unit, ...]:
        return self.trick.units

    @property
    def tricks(self) -> tuple[Trick, ...]:
        return self.tally.tricks

    @property
    def points_won(self) -> list[int]:
        return self.tally.points_won

    @property
    def penalties(self) -> list[int]:
        return self.tally.penalties

    @property
    def point_adjustment(self) -> int:
        return self.tally.point_adjustment

    @property
    def throws_tried(self) -> int:
        return self.tally.throws_tried

    @property
    def throws_failed(self) -> int:
        return self.tally.throws_failed

    @property
    def result(self) -> RoundResult | None:
        return self.tally.result

    def _enter(self, phase: Phase, to_act: int | None) -> None:
        """Move to ``phase``, ``to_act`` to act first: the one place the phase changes."""
        self.phase = phase
        self.to_act = to_act

    def _emit(self, cls: type[Any], *fields: Any) -> None:
        """Log an event, numbering it."""
        log = self.journal.log
        log.append(_new(cls, (*fields, len(log) + 1)))

    # --- dealing -----------------------------------------------------------------------

    def deal_card(self) -> list[Event]:
        """Deal the next card (R-8.1); after the last one the closing window opens."""
        if self.phase is not DEAL:
            raise WrongPhase("all cards are dealt")
        owed = self.declaration.give_back
        if owed is not None:
            raise WrongPhase(
                "seat {seat} must give cards back first", rule="R-8.4", seat=owed.taker
            )
        deal = self.deal
        seat = (self.setup.dealer + deal.dealt) % self.preset.players
        card = CARDS[deal.deck[deal.dealt]]
        deal.hands[seat][card] += 1
        deal.hand_sizes[seat] += 1
        deal.received[seat].append(card)
        deal.dealt += 1
        journal = self.journal
        log = journal.log
        event = _new(CardDealt, (seat, card, deal.dealt, len(log) + 1))
        log.append(event)
        journal.steps.append((seat, card))
        if deal.dealt == deal.cards_to_deal:
            bids = self.bidding.bids
            last = bids[-1].seat if bids else self.setup.dealer
            self._enter(BID, (last + 1) % self.preset.players)
            self.bidding.passes = 0
        return [event]

    def deal_all(self) -> list[Event]:
        events: list[Event] = []
        while self.phase is DEAL:
            events.extend(self.deal_card())
        return events

    # --- the entry point ---------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Validate and apply one player's action; returns the events it caused.

        Raises :class:`IllegalAction` (or a subclass) and leaves the state unchanged
        when the action is not allowed.
        """
        if type(seat) is not int or not 0 <= seat < self.preset.players:  # bools excluded
            raise MalformedAction(
                "no seat {seat!r} in a {players}-player game",
                seat=seat,
                players=self.preset.players,
            )
        handler = _HANDLERS.get(type(action)) or _handler_of(action)
        owed = self.declaration.give_back
        phase = self.phase
        # As expected() offers (R-8.1, R-8.4): a 粘's give-back interrupts everything; else
        # the phases that take the kind, from the seat to act (from anyone while dealing).
        # Bids are judged by their handler, which names the rule a refused one breaks.
        if owed is not None:
            if handler.kind != "give_back" or seat != owed.taker:
                raise NotYourTurn(
                    "seat {seat} must give cards back first", rule="R-8.4", seat=owed.taker
                )
        elif phase not in handler.phases:
            raise handler.wrong_phase()
        elif seat != self.to_act and phase is not DEAL:
            raise handler.not_your_turn(self.to_act)
        log = self.journal.log
        start = len(log)
        handler.handle(self, seat, action)
        return log[start:]

    def expected(self) -> Expected:
        """Who may act now and how (R-8.1: anyone may bid while the cards are dealt).

        Every kind offered to a seat has at least one legal action.
        """
        owed = self.declaration.give_back
        giver = owed.taker if owed is not None else None
        phase = self.phase
        bidding = phase is DEAL or phase is BID
        kinds = tuple(
            expected_kinds(
                phase,
                seat,
                self.to_act,
                giver,
                bidding and giver is None and self.can_bid(seat),
            )
            for seat in range(self.preset.players)
        )
        return Expected(kinds, phase is DEAL and giver is None)

    # --- bidding -----------------------------------------------------------------------

    def can_bid(self, seat: int) -> bool:
        """Whether ``seat`` has any legal bid now (cheap; used to skip asking)."""
        return self.may_bid(seat) and bool(self.preset.bidding.legal_bids(self.bid_context(seat)))

    def may_bid(self, seat: int) -> bool:
        """A cheap necessary condition for :meth:`can_bid` (False: surely no legal bid)."""
        if self.phase is not DEAL and (self.phase is not BID or seat != self.to_act):
            return False
        return self.preset.bidding.could_bid(
            self.deal.hands[seat], self.setup.level_rank, self.bidding.bids, seat
        )

    def bid_context(self, seat: int) -> BidContext:
        return BidContext(
            self.deal.hands[seat],
            seat,
            self.bidding.bids,
            self.setup.level_rank,
            self.phase is DEAL,
            self._options,
        )

    def _bid(self, seat: int, action: Bid) -> None:
        cards = _as_cards(action.cards, "bid")
        kind = action.bid_kind
        bidding = self.preset.bidding
        if kind not in bidding.kinds:
            raise MalformedAction(
                "bid kind {kind!r} does not exist in {preset}", kind=kind, preset=self.preset.name
            )
        error = bidding.bid_error(self.bid_context(seat), cards, kind)
        if error is not None:
            raise error
        self.journal.steps.append((seat, Bid(cards, kind)))
        state = self.bidding
        taken = bidding.taking(state.bids, kind)
        if taken is not None:
            self._take(seat, cards, kind, taken)
            return
        dealt = self.deal.dealt
        state.bids.append(BidRecord(seat, cards, dealt, kind))
        state.changed()
        shown = bidding.shown(cards, kind)
        hidden = list(cards)
        for card in shown:
            hidden.remove(card)
        self._emit(BidMade, seat, shown, dealt, kind, tuple(hidden))
        if self.phase is BID:  # a bid restarts the count
            state.passes = 0
            self.to_act = (seat + 1) % self.preset.players

    def _take(self, seat: int, cards: tuple[Card, ...], kind: str | None, taken: BidRecord) -> None:
        """A bid that takes another seat's declaration (粘, R-8.4); the taker then gives
        as many cards back."""
        owner = taken.seat
        hands = self.deal.hands
        for card in taken.cards:
            hands[owner][card] -= 1
            hands[seat][card] += 1
        count = len(taken.cards)
        self.deal.hand_sizes[owner] -= count
        self.deal.hand_sizes[seat] += count
        dealt = self.deal.dealt
        self.bidding.bids.append(BidRecord(seat, cards, dealt, kind, owner, taken.cards))
        self.bidding.changed()
        self.declaration = self.declaration.but(
            give_back=GiveBackOwed(seat, owner, count, self.to_act)
        )
        self.to_act = seat
        self._emit(BidMade, seat, cards, dealt, kind, ())
        self._emit(DeclarationTaken, seat, owner, taken.cards)

    def _give_back(self, seat: int, action: GiveBack) -> None:
        owed = self.declaration.give_back
        assert owed is not None  # apply takes a give-back only while one is owed
        cards = _as_cards(action.cards, "cards given back")
        if len(cards) != owed.amount:
            raise IllegalAction(
                "give back exactly {count} cards (got {got})",
                rule="R-8.4",
                count=owed.amount,
                got=len(cards),
            )
        self._held_counts(seat, cards)
        error = self.preset.bidding.give_back_error(cards)
        if error is not None:
            raise error
        self.journal.steps.append((seat, GiveBack(cards)))
        hands = self.deal.hands
        for card in cards:
            hands[seat][card] -= 1
            hands[owed.owner][card] += 1
        self.deal.hand_sizes[seat] -= owed.amount
        self.deal.hand_sizes[owed.owner] += owed.amount
        bids = self.bidding.bids
        bids[-1] = bids[-1]._replace(returned=cards)
        self.bidding.changed()
        self.declaration = self.declaration.but(give_back=None)
        if self.phase is BID:  # the 粘 was a bid: the count restarts after it
            self.bidding.passes = 0
            self.to_act = (seat + 1) % self.preset.players
        else:
            self.to_act = owed.resume_to
        self._emit(GivenBack, seat, owed.owner, cards)

    def _pass(self, seat: int, action: Pass) -> None:
        self.journal.steps.append((seat, action))
        self._emit(Passed, seat)
        self.bidding.passes += 1
        self.to_act = (seat + 1) % self.preset.players
        if self.bidding.passes == self.preset.players:
            self._close_bidding()

    def _close_bidding(self) -> None:
        preset = self.preset
        rules = preset.bidding
        setup = self.setup
        outcome = rules.conclude(
            self.bidding.bids, self.deal.kitty, self.deal.hands, setup.level_rank, setup.banker
        )
        if outcome.turned:
            self.bidding.kitty_turned = outcome.turned
            self._emit(KittyTurned, outcome.turned)
        if outcome.banker is None:
            self.setup = setup.but(redeals=setup.redeals + 1)
            self._emit(Redealt, "no bid")
            self._start_deal()
            return
        banker = outcome.banker
        self.setup = setup.but(banker=banker)
        declarer = outcome.declarer
        # a declared suit is hidden until shown after burying.
        knowers = None if declarer is None else rules.knowers(self.bidding.bids, declarer)
        taker = preset.kitty_taker(banker, declarer)
        self.declaration = self.declaration.but(
            trump_suit=outcome.trump_suit,
            ordering=preset.ordering(setup.level_rank, outcome.trump_suit),
            declarer=declarer,
            trump_public=knowers is None,
            knowers=knowers or frozenset(),
            buried_by=taker,
        )
        self._emit(
            TrumpDecided,
            banker,
            setup.level_rank,
            outcome.trump_suit,
            outcome.source,
            None if knowers is None else tuple(sorted(knowers)),
        )
        kitty = self.deal.kitty
        for card in kitty:
            self.deal.hands[taker][card] += 1
        self.deal.hand_sizes[taker] += len(kitty)
        self._emit(KittyTaken, taker, kitty)
        self._enter(BURY, taker)

    # --- kitty and friend --------------------------------------------------------------

    def _bury(self, seat: int, action: Bury) -> None:
        cards = _as_cards(action.cards, "burial")
        error = burial_error(self.deal.hands[seat], cards, self.preset.kitty_size)
        if error is not None:
            raise error
        self.journal.steps.append((seat, Bury(cards)))
        for card in cards:
            self.deal.hands[seat][card] -= 1
        self.deal.hand_sizes[seat] -= len(cards)
        declaration = self.declaration = self.declaration.but(buried=tuple(cards))
        self._emit(Buried, seat, declaration.buried)
        if not declaration.trump_public:
            self._enter(SWAP, declaration.declarer)  # it may swap before showing
            return
        self._after_kitty()

    def _after_kitty(self) -> None:
        if self.preset.called_friend:
            self._enter(CALL, self.setup.banker)
        else:
            self._start_play()

    def swap_error(self, seat: int, pairs: Sequence[tuple[Card, Card]]) -> IllegalAction | None:
        """Why the declarer may not make these swaps (R-8.4); None when allowed."""
        declaration = self.declaration
        assert declaration.ordering is not None
        return self.preset.bidding.swap_error(
            self.deal.hands[seat], declaration.buried, pairs, declaration.ordering
        )

    def _swap(self, seat: int, action: Swap) -> None:
        raw = action.pairs
        if isinstance(raw, str | bytes) or not isinstance(raw, Sequence):
            raise MalformedAction("swaps must be a list of (hand card, kitty card) pairs")
        pairs = []
        for pair in raw:
            cards = _as_cards(pair, "swap")
            if len(cards) != 2:
                raise MalformedAction("each swap is (hand card, kitty card)")
            pairs.append((cards[0], cards[1]))
        error = self.swap_error(seat, pairs)
        if error is not None:
            raise error
        self.journal.steps.append((seat, Swap(tuple(pairs))))
        hand = self.deal.hands[seat]
        for from_hand, from_kitty in pairs:
            hand[from_hand] -= 1
            hand[from_kitty] += 1
        shown = self.preset.bidding.revealed_cards(self.bidding.bids)
        declaration = self.declaration = self.declaration.but(
            swaps=tuple(pairs), trump_public=True, shown=bool(shown)
        )
        self.bidding.changed()  # what others see of the bids changes with the reveal
        self._emit(Swapped, seat, tuple(pairs), len(pairs))
        self._emit(TrumpRevealed, seat, declaration.trump_suit, shown)
        self._after_kitty()

    def _call_friend(self, seat: int, action: CallFriend) -> None:
        card = action.card
        if card is not None:
            card = _as_cards((card,), "called card")[0]
        if not isinstance(action.solo, bool):
            raise MalformedAction("solo must be true or false")
        call = CallFriend(card, action.solo)
        error = self.preset.friend_call_error(self.deal.hands[seat], self.declaration.buried, call)
        if error is not None:
            raise error
        banker = self.setup.banker
        assert banker is not None
        self.journal.steps.append((seat, call))
        self.partnership = Partnership(
            card,
            call.solo,
            None
            if call.solo or card is None
            else self.preset.find_friend(banker, card, self.deal.hands),
        )
        self._start_play()
        self._emit(FriendCalled, seat, card, call.solo)

    def _start_play(self) -> None:
        self._enter(PLAY, self.setup.banker)

    def _held_counts(self, seat: int, cards: Sequence[Card]) -> list[int]:
        """The count vector of ``cards``; raises unless the seat holds them all."""
        counts = [0] * NUM_KINDS
        hand = self.deal.hands[seat]
        for card in cards:
            counts[card] += 1
            if counts[card] > hand[card]:
                raise IllegalAction(
                    "you do not hold {count}× {card}", count=counts[card], card=card
                )
        return counts

    # --- tricks ------------------------------------------------------------------------

    def _play(self, seat: int, action: Play) -> None:
        cards = _as_cards(action.cards, "play")
        if not cards:
            raise IllegalAction("play at least one card", rule="R-4.1")
        ordering = self.declaration.ordering
        assert ordering is not None
        trick = self.trick
        current = trick.plays
        hand = self.deal.hands[seat]
        if len(cards) == 1 and current and len(current[0].cards) == 1:
            # Following a single (the commonest play): a held card of the led suit, or
            # any held card when void; anything else takes the general path.
            card = cards[0]
            suit = trick.suit
            if hand[card] and (
                ordering.esuit[card] == suit or not any(hand[c] for c in ordering.suit_cards[suit])
            ):
                self.journal.steps.append((seat, action if action.cards is cards else Play(cards)))
                self._commit(seat, cards)
                return
        play = self._held_counts(seat, cards)
        if not current:
            self._lead(seat, cards, action.units, ordering)
            return
        n = len(current[0].cards)
        if len(cards) != n:
            raise IllegalAction("play exactly {n} cards, as many as the lead", rule="R-5.1", n=n)
        found = self.preset.follow_error(hand, play, trick.suit, trick.shapes, ordering)
        if found is not None:
            raise found
        self.journal.steps.append((seat, action if action.cards is cards else Play(cards)))
        self._commit(seat, cards)

    def _lead(self, seat: int, cards: tuple[Card, ...], named: object, ordering: Ordering) -> None:
        named_units: tuple[tuple[Card, ...], ...] | None = None
        if named is not None:
            if isinstance(named, str | bytes) or not isinstance(named, Sequence):
                raise MalformedAction("units must be a list of card lists")
            named_units = tuple(_as_cards(group, "unit") for group in named)
        units = self.preset.parse_lead(cards, named_units, ordering)
        self.journal.steps.append((seat, Play(cards, named_units)))
        attempted: tuple[Card, ...] | None = None
        attempted_units: tuple[tuple[Card, ...], ...] | None = None
        if len(units) > 1:
            tally = self.tally
            tally.throws_tried += 1
            hands = self.deal.hands
            others = [hands[s] for s in range(self.preset.players) if s != seat]
            forced = forced_unit(units, others, ordering)
            if forced is not None:  # only the forced unit is played
                tally.throws_failed += 1
                attempted = cards
                cards = forced.cards
                units = [forced]
                self._throw_penalty(seat, len(attempted))
                self._emit(ThrowFailed, seat, attempted, cards, "R-4.4")
                attempted_units = named_units
        trick = self.trick
        trick.units = tuple(units)
        trick.shapes = format_of(units)
        trick.suit = ordering.esuit[cards[0]]
        self._commit(seat, cards, attempted, attempted_units)

    def _throw_penalty(self, seat: int, attempted: int) -> None:
        integral, points = self.preset.throw_penalty_cost(attempted)
        tally = self.tally
        tally.penalties[seat] -= integral
        if points:  # qidong: against the thrower's side in X
            tally.point_adjustment += points if seat in self.banker_side() else -points

    def throw_beater(self) -> tuple[int, tuple[Card, ...]] | None:
        """Who beat the current trick's failed throw (R-4.3, R-4.4): the first seat after
        the thrower, in play order, whose hand at the lead held a unit beating the forced
        one, and that unit's cards; None when the trick did not open with a failed throw."""
        current = self.trick.plays
        if not current or current[0].attempted is None:
            return None
        ordering = self.declaration.ordering
        assert ordering is not None
        leader, players = current[0].seat, self.preset.players
        for seat in ((leader + step) % players for step in range(1, players)):
            hand = list(self.deal.hands[seat])
            for play in current:  # cards it already played in this trick
                if play.seat == seat:
                    for card in play.cards:
                        hand[card] += 1
            cards = beating_cards(self.trick.units[0], hand, ordering)
            if cards is not None:
                return seat, cards
        return None

    def _commit(
        self,
        seat: int,
        cards: tuple[Card, ...],
        attempted: tuple[Card, ...] | None = None,
        attempted_units: tuple[tuple[Card, ...], ...] | None = None,
    ) -> None:
        deal = self.deal
        hand = deal.hands[seat]
        for card in cards:
            hand[card] -= 1
        deal.hand_sizes[seat] -= len(cards)
        current = self.trick.plays
        current.append(_new(PlayRecord, (seat, cards, attempted, attempted_units)))
        log = self.journal.log
        log.append(
            _new(
                CardsPlayed,
                (seat, cards, len(self.tally.tricks), len(current) == 1, len(log) + 1),
            )
        )
        friend = self.partnership
        if (
            not friend.revealed
            and seat == friend.seat
            and friend.call is not None
            and friend.call in cards
        ):
            self.partnership = Partnership(friend.call, friend.solo, seat, revealed=True)
            self._emit(FriendRevealed, seat)
        players = self.preset.players
        if len(current) < players:
            self.to_act = (seat + 1) % players
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        ordering = self.declaration.ordering
        assert ordering is not None
        trick, tally = self.trick, self.tally
        plays = trick.plays
        winner = plays[self.preset.trick_winner(trick.shapes, trick.suit, plays, ordering)].seat
        points = sum(CARD_POINTS[c] for play in plays for c in play.cards)
        tally.tricks = (
            *tally.tricks,
            Trick(plays[0].seat, tuple(plays), trick.units, trick.suit, winner, points),
        )
        tally.points_won[winner] += points
        self.trick = TrickInPlay([])
        log = self.journal.log
        log.append(_new(TrickWon, (winner, points, len(tally.tricks) - 1, len(log) + 1)))
        if self.deal.hand_sizes[0]:
            self.to_act = winner
            return
        self._score()

    # --- scoring -----------------------------------------------------------------------

    def banker_side(self) -> tuple[int, ...]:
        """Seats of the banker's side (the friend counts all along, R-9.3)."""
        banker = self.setup.banker
        assert banker is not None
        preset = self.preset
        if preset.called_friend:
            friend = self.partnership.seat
            return (banker,) if friend is None else tuple(sorted({banker, friend}))
        return tuple(sorted({banker, preset.partner_of(banker)}))

    def _score(self) -> None:
        preset = self.preset
        setup, tally = self.setup, self.tally
        banker = setup.banker
        assert banker is not None
        side = self.banker_side()
        attackers = [s for s in range(preset.players) if s not in side]
        trick_points = sum(tally.points_won[s] for s in attackers)
        last = tally.tricks[-1]
        kitty = self.declaration.final_kitty
        kitty_points = preset.kitty_points(kitty)
        attackers_took_last = last.winner not in side
        multiplier, bonus = preset.kitty_bonus(kitty_points, last.shapes, attackers_took_last)
        x = trick_points + bonus + tally.point_adjustment
        band = preset.band(x)
        levels_after = preset.levels_after(
            setup.levels_before, band, side, banker=banker, last_trick=last
        )
        scores = preset.round_scores(
            band,
            banker,
            side,
            levels_after,
            solo=self.partnership.solo,
            penalties=tally.penalties,
            bid_count=self.bid_count,
        )
        next_banker = preset.next_banker(banker, band, side)
        held_at_top = (
            not preset.called_friend
            and setup.levels_before is not None
            and band.side == "banker"
            and setup.levels_before[banker] == preset.ladder[-1]
        )
        tally.result = RoundResult(
            x,
            trick_points,
            kitty,
            kitty_points,
            multiplier,
            band,
            side,
            levels_after,
            scores,
            tuple(tally.penalties),
            next_banker,
            held_at_top,
            bonus,
        )
        self._enter(DONE, None)
        self._emit(KittyRevealed, kitty, kitty_points, multiplier)
        self._emit(RoundScored, x, band.side, band.k, levels_after, scores, next_banker)

    # --- views, events and history -----------------------------------------------------

    def view(self, seat: int) -> View:
        """Exactly what ``seat`` may know now."""
        if type(seat) is not int or not 0 <= seat < self.preset.players:  # bools excluded
            raise MalformedAction(
                "no seat {seat!r} in a {players}-player game",
                seat=seat,
                players=self.preset.players,
            )
        return self._view(seat)

    def spectator_view(self) -> View:
        """What a spectator may know: public information only (``seat`` is None)."""
        return self._view(None)

    def _view(self, seat: int | None) -> View:
        phase = self.phase
        done = phase is DONE
        setup, deal, declaration = self.setup, self.deal, self.declaration
        friend, trick, tally = self.partnership, self.trick, self.tally
        # a hidden trump suit is known to the declarer (and a sticker) only.
        ordering = (
            declaration.ordering
            if declaration.trump_public or seat in declaration.knowers
            else None
        )
        owed = declaration.give_back
        is_declarer = seat == declaration.declarer
        face_down = self.preset.bidding.face_down
        swaps = declaration.swaps
        return _new(
            View,
            (
                seat,
                self.preset,
                phase,
                setup.number,
                setup.dealer,
                setup.banker,
                setup.levels_before,
                setup.level_rank,
                declaration.trump_suit if ordering is not None else None,
                ordering is not None,
                ordering,
                tuple(deal.hands[seat]) if seat is not None else _NO_CARDS,
                tuple(deal.hand_sizes),
                deal.dealt,
                self._visible_bids(seat) if face_down else tuple(self.bidding.bids),
                self.to_act,
                declaration.buried if seat == declaration.buried_by else (),
                self._standing_declarer() if face_down else None,
                owed.amount if owed is not None and owed.taker == seat else 0,
                tuple(
                    c for c in declaration.buried if ordering is not None and ordering.is_trump(c)
                )
                if phase is SWAP and is_declarer
                else (),
                swaps if is_declarer else (),
                len(swaps),
                self.bidding.kitty_turned,
                friend.call,
                friend.solo,
                friend.seat if friend.revealed or done else None,
                tally.tricks,
                tuple(trick.plays),
                trick.units,
                trick.shapes,
                trick.suit if trick.plays else None,
                tuple(tally.points_won),
                tuple(tally.penalties),
                tally.result,
            ),
        )

    def _standing_declarer(self) -> int | None:
        """Whose declaration stands (public: its joker shows), cached per bid change."""
        if self.declaration.declarer is not None:
            return self.declaration.declarer
        bidding = self.bidding
        version, declarer = bidding.standing
        if version != bidding.version:
            declarer = self.preset.bidding.standing_declarer(bidding.bids)
            bidding.standing = (bidding.version, declarer)
        return declarer

    def _visible_bids(self, seat: int | None) -> tuple[BidRecord, ...]:
        """The bids as ``seat`` may see them (R-8.4), cached per bid change."""
        bidding = self.bidding
        cache = bidding.visible
        if cache is None:
            cache = bidding.visible = {}
        cached = cache.get(seat)
        if cached is not None and cached[0] == bidding.version:
            return cached[1]
        visible = self.preset.bidding.visible_bids(bidding.bids, seat, self.declaration.shown)
        cache[seat] = (bidding.version, visible)
        return visible

    @property
    def event_count(self) -> int:
        """How many events the round has made: the ``seq`` of the latest one."""
        return len(self.journal.log)

    def events(self, since: int = 0) -> list[Event]:
        """Every event after sequence number ``since``, unredacted: for whoever holds the
        whole round (a server, a record); players get :meth:`events_for`."""
        if type(since) is not int or since < 0:
            raise ValueError("since is a sequence number ≥ 0")
        return self.journal.log[since:]

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """The events after sequence number ``since``, as ``seat`` may see them (``None``:
        a spectator): what a client that saw event ``since`` has missed."""
        return [for_seat(event, seat) for event in self.events(since)]

    @property
    def step_count(self) -> int:
        """How many steps :meth:`history` lists (the start step included)."""
        return len(self.journal.steps) + 1

    def history(self, since: int = 0) -> list[dict[str, Any]]:
        """The steps that made the round, JSON-ready: a ``start`` step, then each dealt
        card (``deal``) and each accepted action (its ``to_dict()`` plus ``seat``), in
        order; with ``since``, only the steps from index ``since`` on (a server appends
        them as they come). :meth:`from_history` rebuilds the identical round."""
        return self.journal.history(since)

    @classmethod
    def from_history(
        cls, preset: Preset, seed: int | None, steps: Sequence[Mapping[str, Any]]
    ) -> Round:
        """The round that :meth:`history` described, rebuilt by replaying its steps.

        Raises :class:`HistoryError` naming the first step that does not fit (a card
        that the shuffle did not deal, an action the engine refuses, …).
        """
        return _from_history(cls, preset, seed, steps)

    # --- snapshots and copies ----------------------------------------------------------

    @property
    def state(self) -> RoundState:
        """The round's state, group by group (shared, not copied)."""
        return RoundState(
            self.preset,
            self.phase,
            self.to_act,
            self.setup,
            self.deal,
            self.bidding,
            self.declaration,
            self.partnership,
            self.trick,
            self.tally,
            self.journal,
        )

    @classmethod
    def from_state(cls, state: RoundState) -> Round:
        """The round holding ``state`` (taken over, not copied)."""
        rnd = object.__new__(cls)
        rnd.preset = state.preset
        rnd._options = state.preset.options
        rnd._enter(state.phase, state.to_act)
        rnd.setup = state.setup
        rnd.deal = state.deal
        rnd.bidding = state.bidding
        rnd.declaration = state.declaration
        rnd.partnership = state.partnership
        rnd.trick = state.trick
        rnd.tally = state.tally
        rnd.journal = state.journal
        return rnd

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (``"format": "zpy-round/1"``); see
        docs/round-format.md. :meth:`from_json` restores it."""
        return state_to_json(self.state)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        """The round a :meth:`to_json` snapshot describes. Malformed or inconsistent data
        raises :class:`~zhaopengyou.engine.snapshot.SnapshotError` naming the key."""
        return cls.from_state(state_from_json(data))

    def clone(self) -> Round:
        """An independent copy for search: changing one never changes the other. Only
        immutable parts (cards, tricks, the preset, the ordering, the frozen groups) are
        shared."""
        phase = self.phase
        dealing = phase is DEAL or phase is BID  # still dealing, or a redeal may come
        twin = object.__new__(type(self))
        twin.preset = self.preset
        twin._options = self._options
        twin.phase = phase
        twin.to_act = self.to_act
        twin.setup = self.setup
        twin.deal = self.deal.copy(dealing)
        twin.bidding = self.bidding.copy()
        twin.declaration = self.declaration
        twin.partnership = self.partnership
        twin.trick = self.trick.copy()
        twin.tally = self.tally.copy()
        twin.journal = self.journal.copy(dealing)
        return twin

    @property
    def bid_count(self) -> int:
        return self.preset.bidding.bid_count(self.bidding.bids)

    def __repr__(self) -> str:
        return (
            f"<Round {self.preset.name} #{self.setup.number} phase={self.phase.value} "
            f"banker={self.setup.banker} to_act={self.to_act}>"
        )


def _level_rank(preset: Preset, levels_before: tuple[int, ...] | None, banker: int | None) -> int:
    """The round's level rank: the preset's fixed one, else the banker's level, else the
    level all seats share (R-8.1: the first round has no banker yet)."""
    if preset.fixed_level_rank is not None:
        return preset.fixed_level_rank
    assert levels_before is not None
    if banker is not None:
        return levels_before[banker]
    if len(set(levels_before)) != 1:
        raise ValueError("without a banker every seat must be at the same level")
    return levels_before[0]


def _handler_of(action: object) -> _Handler:
    """The handler of an action of a subclass of an action type; malformed otherwise."""
    for cls, handler in _HANDLERS.items():
        if isinstance(action, cls):
            return handler
    raise MalformedAction("unknown action {action!r}", action=action)


_HANDLERS: dict[type, _Handler] = {
    Play: _Handler(
        "play",
        Round._play,
        lambda: WrongPhase("not the time to play cards"),
        lambda seat: NotYourTurn("seat {seat} is to play", rule="R-6.4", seat=seat),
        ACCEPTED_IN["play"],
    ),
    Bid: _Handler(
        "bid",
        Round._bid,
        lambda: WrongPhase("bidding is over", rule="R-8.1"),
        lambda seat: NotYourTurn("seat {seat} is polled now", rule="R-8.1", seat=seat),
        ACCEPTED_IN["bid"],
    ),
    Pass: _Handler(
        "pass",
        Round._pass,
        lambda: WrongPhase("passing is only for the closing bid window", rule="R-8.1"),
        lambda seat: NotYourTurn("seat {seat} is polled now", rule="R-8.1", seat=seat),
        ACCEPTED_IN["pass"],
    ),
    Bury: _Handler(
        "bury",
        Round._bury,
        lambda: WrongPhase("not the time to bury", rule="R-7.1"),
        lambda seat: NotYourTurn("seat {seat} buries the kitty", rule="R-7.1", seat=seat),
        ACCEPTED_IN["bury"],
    ),
    CallFriend: _Handler(
        "call_friend",
        Round._call_friend,
        lambda: WrongPhase("not the time to call a friend", rule="R-9.1"),
        lambda seat: NotYourTurn("only the banker calls the friend", rule="R-9.1"),
        ACCEPTED_IN["call_friend"],
    ),
    GiveBack: _Handler(  # owed: taken from the taker, refused from others, in any phase
        "give_back",
        Round._give_back,
        lambda: WrongPhase("nothing is to be given back", rule="R-8.4"),
        lambda seat: WrongPhase("nothing is to be given back", rule="R-8.4"),
        ACCEPTED_IN["give_back"],
    ),
    Swap: _Handler(
        "swap",
        Round._swap,
        lambda: WrongPhase("not the time to swap with the kitty", rule="R-8.4"),
        lambda seat: NotYourTurn("only the declarer swaps with the kitty", rule="R-8.4"),
        ACCEPTED_IN["swap"],
    ),
}


def _from_history(
    cls: type[Round], preset: Preset, seed: int | None, steps: Sequence[Mapping[str, Any]]
) -> Round:
    from .codec import (
        decode_card,
        decode_cards,
        decode_int,
        decode_levels,
        field,
        optional_seat_decoder,
        seat_in,
    )

    players = preset.players

    def seat_in_game(value: object, key: str) -> int:
        return seat_in(value, key, players)

    steps = require_list(steps, "steps")
    if not steps:
        raise HistoryError("steps", "a history starts with its start step")
    start = require_dict(steps[0], "steps[0]")
    if start.get("kind") != "start":
        raise HistoryError("steps[0].kind", "a history starts with its start step")
    if "position" in start:  # a round set up by from_hands
        position = dict(require_dict(start["position"], "steps[0].position"))
        try:
            if "bids" in position:
                key = "steps[0].position.bids"
                position["bids"] = [
                    BidRecord.from_dict(bid, f"{key}[{i}]", players)
                    for i, bid in enumerate(require_list(position["bids"], key))
                ]
            rnd = cls.from_hands(preset, **position)
        except DecodeError as err:
            raise HistoryError(err.key, err.reason) from None
        except (TypeError, ValueError) as err:
            raise HistoryError("steps[0].position", str(err)) from None
    else:
        deck = None
        if "deck" in start:
            deck = decode_cards(start["deck"], "steps[0].deck")
        rng = decode_rng(start["rng"], "steps[0].rng") if "rng" in start else None
        if rng is None and seed is None:
            raise HistoryError("seed", "this history's shuffles come from its seed: give it")
        try:
            rnd = cls(
                preset,
                rng=rng,
                seed=seed,
                number=field(start, "number", decode_int, "steps[0]"),
                levels=field(start, "levels_before", decode_levels, "steps[0]"),
                banker=field(start, "banker", optional_seat_decoder(players), "steps[0]"),
                dealer=field(start, "dealer", seat_in_game, "steps[0]"),
                deck=deck,
            )
        except ValueError as err:
            if isinstance(err, DecodeError):
                raise HistoryError(err.key, err.reason) from None
            raise HistoryError("steps[0]", str(err)) from None
        rnd.journal.start = dict(start)
    for index, raw in enumerate(steps[1:], start=1):
        key = f"steps[{index}]"
        step = require_dict(raw, key)
        try:
            if step.get("kind") == "deal":
                if rnd.phase is not DEAL or rnd.pending_give_back is not None:
                    raise HistoryError(key, "a card dealt when no card is to be dealt")
                seat = (rnd.dealer + rnd.dealt) % preset.players
                card = decode_card(step.get("card"), "card")  # the handler prefixes the step
                if step.get("seat") != seat or rnd.deck[rnd.dealt] != card:
                    guess = "" if "rng" in start or "deck" in start else " (another seed?)"
                    raise HistoryError(
                        key,
                        f"the deal gives {CARDS[rnd.deck[rnd.dealt]].ascii} to seat {seat}, "
                        f"the step says {card.ascii} to seat {step.get('seat')}{guess}",
                    )
                rnd.deal_card()
                continue
            action = action_from_dict(step)
            rnd.apply(seat_in_game(step.get("seat"), "seat"), action)
        except HistoryError:
            raise
        except DecodeError as err:
            raise HistoryError(f"{key}.{err.key}" if err.key else key, err.reason) from None
        except IllegalAction as err:
            raise HistoryError(key, f"the engine refuses it: {err}") from None
    return rnd

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
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from .actions import Action, Bid, Bury, CallFriend, GiveBack, Pass, Play, Swap, action_from_dict
from .bidding import BidContext, BidRecord
from .cards import CARD_POINTS, CARDS, NUM_KINDS, Card, full_deck
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
from .table import (
    BID,
    BURY,
    CALL,
    DEAL,
    DONE,
    PLAY,
    SWAP,
    PlayRecord,
    RoundResult,
    Trick,
)
from .tricks import beating_cards, forced_unit
from .units import Shape, Unit, format_of
from .view import View, burial_error, expected_kinds

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


class Round:
    """The full state of one round. Players only ever see :meth:`view`."""

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
        self.seed = seed
        self._rng = rng if rng is not None else random.Random(seed)
        self.number = number
        if levels is None and preset.fixed_level_rank is None:
            levels = (preset.ladder[0],) * players  # a new match starts at the ladder's foot
        self.levels_before: tuple[int, ...] | None = tuple(levels) if levels is not None else None
        self.banker: int | None = banker
        # dealt from the banker when known, else from the rotating dealer seat.
        self.dealer = banker if banker is not None else dealer
        self.level_rank = self._level_rank()
        self.redeals = 0
        self.position = False  # set up from given hands (from_hands), not dealt
        self._log: list[Event] = []  # every event of the round; event i has seq i + 1
        self._steps: list[tuple[int, Card | Action]] = []  # (seat, card dealt or action)
        self._start: dict[str, Any] = {
            "kind": "start",
            "number": number,
            "levels_before": encode_levels(self.levels_before),
            "banker": banker,
            "dealer": self.dealer,
        }
        if deck is not None:
            self._start["deck"] = [CARDS[c].ascii for c in deck]
        if rng is not None or seed is None:  # the shuffles cannot be redone from a seed
            self._start["rng"] = encode_rng(self._rng)
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

        >>> from zhaopengyou.engine.presets import get_preset
        >>> r = Round.from_hands(get_preset("tractor"), ["AS", "KS", "QS", "JS"],
        ...                      level_rank="2", trump_suit="H", banker=0)
        >>> r.phase, r.to_act, r.view(1).hand
        (<Phase.PLAY: 'play'>, 0, (Card('KS'),))
        """
        from .cards import RANK_NAMES, SUIT_LETTERS, format_cards, parse_cards

        parsed = [parse_cards(h) if isinstance(h, str) else list(h) for h in hands]
        buried = parse_cards(kitty) if isinstance(kitty, str) else list(kitty)
        if len(parsed) != preset.players:
            raise ValueError(f"{preset.name} needs {preset.players} hands")
        if len({len(h) for h in parsed}) != 1:
            raise ValueError("every hand must hold the same number of cards")
        if solo and friend_call is not None:
            raise ValueError("call a friend or play solo, not both")
        if any(len(pair) != 2 for pair in swaps):
            raise ValueError("each swap is (hand card, kitty card)")
        exchanges = [(Card(pair[0]), Card(pair[1])) for pair in swaps]
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
            [RANK_NAMES.index(x) for x in levels] if levels is not None else [rank] * preset.players
        )
        rnd = cls(
            preset,
            deck=full_deck(preset.decks),  # a position uses no shuffle: its seed stays None
            levels=level_list if preset.fixed_level_rank is None else None,
            banker=banker,
        )
        rnd.position = True
        rnd.deck = []
        rnd.kitty = tuple(CARDS[c] for c in buried)
        rnd.level_rank = rank
        rnd.trump_suit = None if trump_suit is None else SUIT_LETTERS.index(trump_suit)
        rnd.ordering = preset.ordering(rank, rnd.trump_suit)
        rnd.hands = [[0] * NUM_KINDS for _ in parsed]
        for seat, hand in enumerate(parsed):
            for card in hand:
                rnd.hands[seat][card] += 1
        rnd.hand_sizes = [len(h) for h in parsed]
        rnd.received = [list(h) for h in parsed]
        rnd.dealt = rnd.cards_to_deal
        rnd.declarer = declarer
        rnd.buried_by = preset.kitty_taker(banker, declarer)
        rnd.buried = tuple(buried)
        rnd.swaps = exchanges
        rnd.solo = solo
        if friend_call is not None:
            card = Card.parse(friend_call)
            rnd.friend_call = card
            rnd.friend = preset.find_friend(banker, card, rnd.hands)
        rnd.phase = PLAY
        rnd.to_act = banker if leader is None else leader
        rnd._start = {
            "kind": "start",
            "position": {
                "hands": [format_cards(hand, ascii=True) for hand in parsed],
                "kitty": format_cards(buried, ascii=True),
                "level_rank": level_rank,
                "trump_suit": trump_suit,
                "banker": banker,
                "levels": None if levels is None else list(levels),
                "friend_call": None if friend_call is None else Card.parse(friend_call).ascii,
                "leader": leader,
            },
        }
        # Only when given, so that older position histories stay as they were.
        position = rnd._start["position"]
        if solo:
            position["solo"] = True
        if declarer is not None:
            position["declarer"] = declarer
        if exchanges:
            position["swaps"] = [[h.ascii, k.ascii] for h, k in exchanges]
        return rnd

    def _level_rank(self) -> int:
        if self.preset.fixed_level_rank is not None:
            return self.preset.fixed_level_rank
        assert self.levels_before is not None
        if self.banker is not None:
            return self.levels_before[self.banker]
        if len(set(self.levels_before)) != 1:
            raise ValueError("without a banker every seat must be at the same level")
        return self.levels_before[0]

    def _start_deal(self, deck: Sequence[int] | None = None) -> None:
        players = self.preset.players
        if deck is not None:
            self.deck = list(deck)
        else:
            self.deck = list(full_deck(self.preset.decks))
            self._rng.shuffle(self.deck)
        self.cards_to_deal = players * self.preset.hand_size
        self.dealt = 0
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(players)]
        self.hand_sizes = [0] * players
        self.received: list[list[Card]] = [[] for _ in range(players)]
        self.kitty: tuple[Card, ...] = tuple(CARDS[c] for c in self.deck[self.cards_to_deal :])
        self.bids: list[BidRecord] = []
        self._bids_version = 0  # bumped on every change of the bids, for the caches below
        self._visible_cache: dict[int | None, tuple[int, tuple[BidRecord, ...]]] = {}
        self._declarer_cache: tuple[int, int | None] = (-1, None)
        self.phase = DEAL
        self.to_act: int | None = None
        self._passes = 0
        self.trump_suit: int | None = None
        self.ordering: Ordering | None = None
        self.kitty_turned: tuple[Card, ...] = ()
        self.declarer: int | None = None  # who set a hidden trump suit
        self.trump_public = True
        self.declaration_shown = False  # the declarer showed the face-down cards
        self.trump_knowers: frozenset[int] = frozenset()
        self.pending_give_back: tuple[int, int, int] | None = None  # taker, from seat, n
        self._resume_to: int | None = None  # who was to act when a 粘 interrupted
        self.swaps: list[tuple[Card, Card]] = []
        self.buried_by: int | None = None
        self.buried: tuple[Card, ...] = ()
        self.friend_call: Card | None = None
        self.solo = False
        self.friend: int | None = None
        self.friend_revealed = False
        self.tricks: tuple[Trick, ...] = ()  # immutable, so views share it
        self.current: list[PlayRecord] = []
        self.lead_units: tuple[Unit, ...] = ()
        self._lead_shapes: tuple[Shape, ...] = ()
        self._lead_suit = 0
        self.points_won = [0] * players
        self.penalties = [0] * players
        self.point_adjustment = 0  # qidong throw penalties counted in X
        self.throws_tried = 0
        self.throws_failed = 0
        self.result: RoundResult | None = None

    def _emit(self, cls: type[Any], *fields: Any) -> None:
        """Log an event, numbering it."""
        log = self._log
        log.append(_new(cls, (*fields, len(log) + 1)))

    # --- dealing -----------------------------------------------------------------------

    def deal_card(self) -> list[Event]:
        """Deal the next card (R-8.1); after the last one the closing window opens."""
        if self.phase is not DEAL:
            raise WrongPhase("all cards are dealt")
        if self.pending_give_back is not None:
            raise WrongPhase(
                "seat {seat} must give cards back first",
                rule="R-8.4",
                seat=self.pending_give_back[0],
            )
        seat = (self.dealer + self.dealt) % self.preset.players
        card = CARDS[self.deck[self.dealt]]
        self.hands[seat][card] += 1
        self.hand_sizes[seat] += 1
        self.received[seat].append(card)
        self.dealt += 1
        log = self._log
        event = _new(CardDealt, (seat, card, self.dealt, len(log) + 1))
        log.append(event)
        self._steps.append((seat, card))
        if self.dealt == self.cards_to_deal:
            self.phase = BID
            last = self.bids[-1].seat if self.bids else self.dealer
            self.to_act = (last + 1) % self.preset.players
            self._passes = 0
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
        if self.pending_give_back is not None and not isinstance(action, GiveBack):
            raise NotYourTurn(
                "seat {seat} must give cards back first",
                rule="R-8.4",
                seat=self.pending_give_back[0],
            )
        start = len(self._log)
        if type(action) is Play or isinstance(action, Play):
            self._play(seat, action)
        elif isinstance(action, Bid):
            self._bid(seat, action)
        elif isinstance(action, Pass):
            self._pass(seat)
            self._steps.append((seat, action))
        elif isinstance(action, Bury):
            self._bury(seat, action)
        elif isinstance(action, CallFriend):
            self._call_friend(seat, action)
        elif isinstance(action, GiveBack):
            self._give_back(seat, action)
        elif isinstance(action, Swap):
            self._swap(seat, action)
        else:
            raise MalformedAction("unknown action {action!r}", action=action)
        return self._log[start:]

    def expected(self) -> Expected:
        """Who may act now and how (R-8.1: anyone may bid while the cards are dealt).

        Every kind offered to a seat has at least one legal action.
        """
        pending = self.pending_give_back
        giver = pending[0] if pending is not None else None
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
        if self.phase is not DEAL and (self.phase is not BID or seat != self.to_act):
            return False
        bidding = self.preset.bidding
        hand = self.hands[seat]
        return bidding.could_bid(hand, self.level_rank, self.bids, seat) and bool(
            bidding.legal_bids(self.bid_context(seat))
        )

    def may_bid(self, seat: int) -> bool:
        """A cheap necessary condition for :meth:`can_bid` (False: surely no legal bid)."""
        if self.phase is not DEAL and (self.phase is not BID or seat != self.to_act):
            return False
        return self.preset.bidding.could_bid(self.hands[seat], self.level_rank, self.bids, seat)

    def bid_context(self, seat: int) -> BidContext:
        return BidContext(
            self.hands[seat],
            seat,
            self.bids,
            self.level_rank,
            self.phase is DEAL,
            self._options,
        )

    def _bid(self, seat: int, action: Bid) -> None:
        if self.phase not in (DEAL, BID):
            raise WrongPhase("bidding is over", rule="R-8.1")
        if self.phase is BID and seat != self.to_act:
            raise NotYourTurn("seat {seat} is polled now", rule="R-8.1", seat=self.to_act)
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
        self._steps.append((seat, Bid(cards, kind)))
        taken = bidding.taking(self.bids, kind)
        if taken is not None:
            self._take(seat, cards, kind, taken)
            return
        self.bids.append(BidRecord(seat, cards, self.dealt, kind))
        self._bids_version += 1
        shown = bidding.shown(cards, kind)
        hidden = list(cards)
        for card in shown:
            hidden.remove(card)
        self._emit(BidMade, seat, shown, self.dealt, kind, tuple(hidden))
        if self.phase is BID:  # a bid restarts the count
            self._passes = 0
            self.to_act = (seat + 1) % self.preset.players

    def _take(self, seat: int, cards: tuple[Card, ...], kind: str | None, taken: BidRecord) -> None:
        """A bid that takes another seat's declaration (粘, R-8.4); the taker then gives
        as many cards back."""
        owner = taken.seat
        for card in taken.cards:
            self.hands[owner][card] -= 1
            self.hands[seat][card] += 1
        count = len(taken.cards)
        self.hand_sizes[owner] -= count
        self.hand_sizes[seat] += count
        self.bids.append(BidRecord(seat, cards, self.dealt, kind, owner, taken.cards))
        self._bids_version += 1
        self.pending_give_back = (seat, owner, count)
        self._resume_to = self.to_act
        self.to_act = seat
        self._emit(BidMade, seat, cards, self.dealt, kind, ())
        self._emit(DeclarationTaken, seat, owner, taken.cards)

    def _give_back(self, seat: int, action: GiveBack) -> None:
        pending = self.pending_give_back
        if pending is None:
            raise WrongPhase("nothing is to be given back", rule="R-8.4")
        taker, owner, count = pending
        if seat != taker:
            raise NotYourTurn("seat {seat} must give cards back first", rule="R-8.4", seat=taker)
        cards = _as_cards(action.cards, "cards given back")
        if len(cards) != count:
            raise IllegalAction(
                "give back exactly {count} cards (got {got})",
                rule="R-8.4",
                count=count,
                got=len(cards),
            )
        self._held_counts(seat, cards)
        error = self.preset.bidding.give_back_error(cards)
        if error is not None:
            raise error
        self._steps.append((seat, GiveBack(cards)))
        for card in cards:
            self.hands[seat][card] -= 1
            self.hands[owner][card] += 1
        self.hand_sizes[seat] -= count
        self.hand_sizes[owner] += count
        self.bids[-1] = self.bids[-1]._replace(returned=cards)
        self._bids_version += 1
        self.pending_give_back = None
        if self.phase is BID:  # the 粘 was a bid: the count restarts after it
            self._passes = 0
            self.to_act = (seat + 1) % self.preset.players
        else:
            self.to_act = self._resume_to
        self._emit(GivenBack, seat, owner, cards)

    def _pass(self, seat: int) -> None:
        if self.phase is not BID:
            raise WrongPhase("passing is only for the closing bid window", rule="R-8.1")
        if seat != self.to_act:
            raise NotYourTurn("seat {seat} is polled now", rule="R-8.1", seat=self.to_act)
        self._emit(Passed, seat)
        self._passes += 1
        self.to_act = (seat + 1) % self.preset.players
        if self._passes == self.preset.players:
            self._close_bidding()

    def _close_bidding(self) -> None:
        bidding = self.preset.bidding
        outcome = bidding.conclude(self.bids, self.kitty, self.hands, self.level_rank, self.banker)
        if outcome.turned:
            self.kitty_turned = outcome.turned
            self._emit(KittyTurned, outcome.turned)
        if outcome.banker is None:
            self.redeals += 1
            self._emit(Redealt, "no bid")
            self._start_deal()
            return
        self.banker = outcome.banker
        self.trump_suit = outcome.trump_suit
        self.declarer = outcome.declarer
        self.ordering = self.preset.ordering(self.level_rank, self.trump_suit)
        knowers: tuple[int, ...] | None = None
        if self.declarer is not None:  # hidden until shown after burying
            self.trump_public = False
            self.trump_knowers = bidding.knowers(self.bids, self.declarer)
            knowers = tuple(sorted(self.trump_knowers))
        self._emit(
            TrumpDecided, self.banker, self.level_rank, self.trump_suit, outcome.source, knowers
        )
        taker = self.preset.kitty_taker(self.banker, self.declarer)
        self.buried_by = taker
        for card in self.kitty:
            self.hands[taker][card] += 1
        self.hand_sizes[taker] += len(self.kitty)
        self._emit(KittyTaken, taker, self.kitty)
        self.phase = BURY
        self.to_act = taker

    # --- kitty and friend --------------------------------------------------------------

    @property
    def final_kitty(self) -> tuple[Card, ...]:
        """The kitty after the declarer's swaps (R-8.4): what R-7 scores."""
        kitty = list(self.buried)
        for from_hand, from_kitty in self.swaps:
            kitty[kitty.index(from_kitty)] = from_hand
        return tuple(kitty)

    def _bury(self, seat: int, action: Bury) -> None:
        if self.phase is not BURY:
            raise WrongPhase("not the time to bury", rule="R-7.1")
        if seat != self.to_act:
            raise NotYourTurn("seat {seat} buries the kitty", rule="R-7.1", seat=self.to_act)
        cards = _as_cards(action.cards, "burial")
        error = burial_error(self.hands[seat], cards, self.preset.kitty_size)
        if error is not None:
            raise error
        self._steps.append((seat, Bury(cards)))
        for card in cards:
            self.hands[seat][card] -= 1
        self.hand_sizes[seat] -= len(cards)
        self.buried = tuple(cards)
        self._emit(Buried, seat, self.buried)
        if not self.trump_public:
            self.phase = SWAP  # the declarer may swap before showing
            self.to_act = self.declarer
            return
        self._after_kitty()

    def _after_kitty(self) -> None:
        assert self.banker is not None
        if self.preset.called_friend:
            self.phase = CALL
            self.to_act = self.banker
        else:
            self._start_play()

    def swap_error(self, seat: int, pairs: Sequence[tuple[Card, Card]]) -> IllegalAction | None:
        """Why the declarer may not make these swaps (R-8.4); None when allowed."""
        assert self.ordering is not None
        return self.preset.bidding.swap_error(self.hands[seat], self.buried, pairs, self.ordering)

    def _swap(self, seat: int, action: Swap) -> None:
        if self.phase is not SWAP:
            raise WrongPhase("not the time to swap with the kitty", rule="R-8.4")
        if seat != self.to_act:
            raise NotYourTurn("only the declarer swaps with the kitty", rule="R-8.4")
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
        self._steps.append((seat, Swap(tuple(pairs))))
        for from_hand, from_kitty in pairs:
            self.hands[seat][from_hand] -= 1
            self.hands[seat][from_kitty] += 1
        self.swaps = pairs
        self.trump_public = True
        shown = self.preset.bidding.revealed_cards(self.bids)
        self.declaration_shown = bool(shown)
        self._bids_version += 1  # what others see of the bids changes with the reveal
        self._emit(Swapped, seat, tuple(pairs), len(pairs))
        self._emit(TrumpRevealed, seat, self.trump_suit, shown)
        self._after_kitty()

    def _call_friend(self, seat: int, action: CallFriend) -> None:
        if self.phase is not CALL:
            raise WrongPhase("not the time to call a friend", rule="R-9.1")
        if seat != self.to_act:
            raise NotYourTurn("only the banker calls the friend", rule="R-9.1")
        card = action.card
        if card is not None:
            card = _as_cards((card,), "called card")[0]
        if not isinstance(action.solo, bool):
            raise MalformedAction("solo must be true or false")
        call = CallFriend(card, action.solo)
        error = self.preset.friend_call_error(self.hands[seat], self.buried, call)
        if error is not None:
            raise error
        assert self.banker is not None
        self._steps.append((seat, call))
        self.friend_call = card
        self.solo = call.solo
        self.friend = (
            None
            if call.solo or card is None
            else self.preset.find_friend(self.banker, card, self.hands)
        )
        self._start_play()
        self._emit(FriendCalled, seat, card, call.solo)

    def _start_play(self) -> None:
        self.phase = PLAY
        self.to_act = self.banker

    def _held_counts(self, seat: int, cards: Sequence[Card]) -> list[int]:
        """The count vector of ``cards``; raises unless the seat holds them all."""
        counts = [0] * NUM_KINDS
        hand = self.hands[seat]
        for card in cards:
            counts[card] += 1
            if counts[card] > hand[card]:
                raise IllegalAction(
                    "you do not hold {count}× {card}", count=counts[card], card=card
                )
        return counts

    # --- tricks ------------------------------------------------------------------------

    def _play(self, seat: int, action: Play) -> None:
        if self.phase is not PLAY:
            raise WrongPhase("not the time to play cards")
        if seat != self.to_act:
            raise NotYourTurn("seat {seat} is to play", rule="R-6.4", seat=self.to_act)
        cards = _as_cards(action.cards, "play")
        if not cards:
            raise IllegalAction("play at least one card", rule="R-4.1")
        ordering = self.ordering
        assert ordering is not None
        current = self.current
        if len(cards) == 1 and current and len(current[0].cards) == 1:
            # Following a single (the commonest play): a held card of the led suit, or
            # any held card when void; anything else takes the general path.
            card = cards[0]
            hand = self.hands[seat]
            suit = self._lead_suit
            if hand[card] and (
                ordering.esuit[card] == suit or not any(hand[c] for c in ordering.suit_cards[suit])
            ):
                self._steps.append((seat, action if action.cards is cards else Play(cards)))
                self._commit(seat, cards)
                return
        play = self._held_counts(seat, cards)
        if not current:
            self._lead(seat, cards, action.units, ordering)
            return
        n = len(self.current[0].cards)
        if len(cards) != n:
            raise IllegalAction("play exactly {n} cards, as many as the lead", rule="R-5.1", n=n)
        found = self.preset.follow_error(
            self.hands[seat], play, self._lead_suit, self._lead_shapes, ordering
        )
        if found is not None:
            raise found
        self._steps.append((seat, action if action.cards is cards else Play(cards)))
        self._commit(seat, cards)

    def _lead(self, seat: int, cards: tuple[Card, ...], named: object, ordering: Ordering) -> None:
        named_units: tuple[tuple[Card, ...], ...] | None = None
        if named is not None:
            if isinstance(named, str | bytes) or not isinstance(named, Sequence):
                raise MalformedAction("units must be a list of card lists")
            named_units = tuple(_as_cards(group, "unit") for group in named)
        units = self.preset.parse_lead(cards, named_units, ordering)
        self._steps.append((seat, Play(cards, named_units)))
        attempted: tuple[Card, ...] | None = None
        attempted_units: tuple[tuple[Card, ...], ...] | None = None
        if len(units) > 1:
            self.throws_tried += 1
            others = [self.hands[s] for s in range(self.preset.players) if s != seat]
            forced = forced_unit(units, others, ordering)
            if forced is not None:  # only the forced unit is played
                self.throws_failed += 1
                attempted = cards
                cards = forced.cards
                units = [forced]
                self._throw_penalty(seat, len(attempted))
                self._emit(ThrowFailed, seat, attempted, cards, "R-4.4")
                attempted_units = named_units
        self.lead_units = tuple(units)
        self._lead_shapes = format_of(units)
        self._lead_suit = ordering.esuit[cards[0]]
        self._commit(seat, cards, attempted, attempted_units)

    def _throw_penalty(self, seat: int, attempted: int) -> None:
        integral, points = self.preset.throw_penalty_cost(attempted)
        self.penalties[seat] -= integral
        if points:  # qidong: against the thrower's side in X
            self.point_adjustment += points if seat in self.banker_side() else -points

    def throw_beater(self) -> tuple[int, tuple[Card, ...]] | None:
        """Who beat the current trick's failed throw (R-4.3, R-4.4): the first seat after
        the thrower, in play order, whose hand at the lead held a unit beating the forced
        one, and that unit's cards; None when the trick did not open with a failed throw."""
        if not self.current or self.current[0].attempted is None:
            return None
        assert self.ordering is not None
        leader, players = self.current[0].seat, self.preset.players
        for seat in ((leader + step) % players for step in range(1, players)):
            hand = list(self.hands[seat])
            for play in self.current:  # cards it already played in this trick
                if play.seat == seat:
                    for card in play.cards:
                        hand[card] += 1
            cards = beating_cards(self.lead_units[0], hand, self.ordering)
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
        hand = self.hands[seat]
        for card in cards:
            hand[card] -= 1
        self.hand_sizes[seat] -= len(cards)
        trick_index = len(self.tricks)
        self.current.append(_new(PlayRecord, (seat, cards, attempted, attempted_units)))
        log = self._log
        log.append(
            _new(CardsPlayed, (seat, cards, trick_index, len(self.current) == 1, len(log) + 1))
        )
        if (
            not self.friend_revealed
            and seat == self.friend
            and self.friend_call is not None
            and self.friend_call in cards
        ):
            self.friend_revealed = True
            self._emit(FriendRevealed, seat)
        players = self.preset.players
        if len(self.current) < players:
            self.to_act = (seat + 1) % players
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        ordering = self.ordering
        assert ordering is not None
        shapes, suit = self._lead_shapes, self._lead_suit
        winner = self.current[self.preset.trick_winner(shapes, suit, self.current, ordering)].seat
        points = sum(CARD_POINTS[c] for play in self.current for c in play.cards)
        trick = Trick(
            self.current[0].seat, tuple(self.current), self.lead_units, suit, winner, points
        )
        self.tricks = (*self.tricks, trick)
        self.points_won[winner] += points
        self.current = []
        self.lead_units = ()
        self._lead_shapes = ()
        log = self._log
        log.append(_new(TrickWon, (winner, points, len(self.tricks) - 1, len(log) + 1)))
        if self.hand_sizes[0]:
            self.to_act = winner
            return
        self._score()

    # --- scoring -----------------------------------------------------------------------

    def banker_side(self) -> tuple[int, ...]:
        """Seats of the banker's side (the friend counts all along, R-9.3)."""
        assert self.banker is not None
        preset = self.preset
        if preset.called_friend:
            return (
                (self.banker,) if self.friend is None else tuple(sorted({self.banker, self.friend}))
            )
        return tuple(sorted({self.banker, preset.partner_of(self.banker)}))

    def _score(self) -> None:
        preset = self.preset
        assert self.banker is not None
        side = self.banker_side()
        attackers = [s for s in range(preset.players) if s not in side]
        trick_points = sum(self.points_won[s] for s in attackers)
        last = self.tricks[-1]
        kitty = self.final_kitty
        kitty_points = preset.kitty_points(kitty)
        attackers_took_last = last.winner not in side
        multiplier, bonus = preset.kitty_bonus(kitty_points, last.shapes, attackers_took_last)
        x = trick_points + bonus + self.point_adjustment
        band = preset.band(x)
        levels_after = preset.levels_after(
            self.levels_before, band, side, banker=self.banker, last_trick=last
        )
        scores = preset.round_scores(
            band,
            self.banker,
            side,
            levels_after,
            solo=self.solo,
            penalties=self.penalties,
            bid_count=self.bid_count,
        )
        next_banker = preset.next_banker(self.banker, band, side)
        held_at_top = (
            not preset.called_friend
            and self.levels_before is not None
            and band.side == "banker"
            and self.levels_before[self.banker] == preset.ladder[-1]
        )
        self.result = RoundResult(
            x,
            trick_points,
            kitty,
            kitty_points,
            multiplier,
            band,
            side,
            levels_after,
            scores,
            tuple(self.penalties),
            next_banker,
            held_at_top,
            bonus,
        )
        self.phase = DONE
        self.to_act = None
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
        done = self.phase is DONE
        # a hidden trump suit is known to the declarer (and a sticker) only.
        ordering = self.ordering if self.trump_public or seat in self.trump_knowers else None
        pending = self.pending_give_back
        is_declarer = seat == self.declarer
        face_down = self.preset.bidding.face_down
        return _new(
            View,
            (
                seat,
                self.preset,
                self.phase,
                self.number,
                self.dealer,
                self.banker,
                self.levels_before,
                self.level_rank,
                self.trump_suit if ordering is not None else None,
                ordering is not None,
                ordering,
                tuple(self.hands[seat]) if seat is not None else _NO_CARDS,
                tuple(self.hand_sizes),
                self.dealt,
                self._visible_bids(seat) if face_down else tuple(self.bids),
                self.to_act,
                self.buried if seat == self.buried_by else (),
                self._standing_declarer() if face_down else None,
                pending[2] if pending is not None and pending[0] == seat else 0,
                tuple(c for c in self.buried if ordering is not None and ordering.is_trump(c))
                if self.phase is SWAP and is_declarer
                else (),
                tuple(self.swaps) if is_declarer and self.swaps else (),
                len(self.swaps),
                self.kitty_turned,
                self.friend_call,
                self.solo,
                self.friend if self.friend_revealed or done else None,
                self.tricks,
                tuple(self.current),
                self.lead_units,
                self._lead_shapes,
                self._lead_suit if self.current else None,
                tuple(self.points_won),
                tuple(self.penalties),
                self.result,
            ),
        )

    def _standing_declarer(self) -> int | None:
        """Whose declaration stands (public: its joker shows), cached per bid change."""
        if self.declarer is not None:
            return self.declarer
        version, declarer = self._declarer_cache
        if version != self._bids_version:
            declarer = self.preset.bidding.standing_declarer(self.bids)
            self._declarer_cache = (self._bids_version, declarer)
        return declarer

    def _visible_bids(self, seat: int | None) -> tuple[BidRecord, ...]:
        """The bids as ``seat`` may see them (R-8.4), cached per bid change."""
        key = self._bids_version
        cached = self._visible_cache.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        visible = self.preset.bidding.visible_bids(self.bids, seat, self.declaration_shown)
        self._visible_cache[seat] = (key, visible)
        return visible

    @property
    def event_count(self) -> int:
        """How many events the round has made: the ``seq`` of the latest one."""
        return len(self._log)

    def events(self, since: int = 0) -> list[Event]:
        """Every event after sequence number ``since``, unredacted: for whoever holds the
        whole round (a server, a record); players get :meth:`events_for`."""
        if type(since) is not int or since < 0:
            raise ValueError("since is a sequence number ≥ 0")
        return self._log[since:]

    def events_for(self, seat: int | None, since: int = 0) -> list[Event]:
        """The events after sequence number ``since``, as ``seat`` may see them (``None``:
        a spectator): what a client that saw event ``since`` has missed."""
        return [for_seat(event, seat) for event in self.events(since)]

    @property
    def step_count(self) -> int:
        """How many steps :meth:`history` lists (the start step included)."""
        return len(self._steps) + 1

    def history(self, since: int = 0) -> list[dict[str, Any]]:
        """The steps that made the round, JSON-ready: a ``start`` step, then each dealt
        card (``deal``) and each accepted action (its ``to_dict()`` plus ``seat``), in
        order; with ``since``, only the steps from index ``since`` on (a server appends
        them as they come). :meth:`from_history` rebuilds the identical round."""
        steps: list[dict[str, Any]] = [dict(self._start)] if since == 0 else []
        for seat, done in self._steps[max(since - 1, 0) :]:
            if isinstance(done, Card):
                steps.append({"kind": "deal", "seat": seat, "card": done.ascii})
            else:
                steps.append({**done.to_dict(), "seat": seat})
        return steps

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

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (``"format": "zpy-round/1"``); see
        docs/round-format.md. :meth:`from_json` restores it."""
        from .snapshot import round_to_json

        return round_to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Round:
        """The round a :meth:`to_json` snapshot describes. Malformed or inconsistent data
        raises :class:`~zhaopengyou.engine.snapshot.SnapshotError` naming the key."""
        from .snapshot import round_from_json

        return round_from_json(cls, data)

    def clone(self) -> Round:
        """An independent copy for search: changing one never changes the other. Only
        immutable parts (cards, tricks, the preset, the ordering) are shared."""
        twin = object.__new__(Round)
        state = self.__dict__.copy()
        state["hands"] = [hand.copy() for hand in self.hands]
        state["hand_sizes"] = self.hand_sizes.copy()
        state["bids"] = self.bids.copy()
        state["current"] = self.current.copy()
        state["points_won"] = self.points_won.copy()
        state["penalties"] = self.penalties.copy()
        state["_visible_cache"] = {}
        state["_log"] = self._log.copy()
        state["_steps"] = self._steps.copy()
        if self.phase is DEAL or self.phase is BID:  # still dealing, or a redeal may come
            state["received"] = [cards.copy() for cards in self.received]
            rng = random.Random()
            rng.setstate(self._rng.getstate())
            state["_rng"] = rng
        twin.__dict__ = state
        return twin

    @property
    def bid_count(self) -> int:
        return self.preset.bidding.bid_count(self.bids)

    def __repr__(self) -> str:
        return (
            f"<Round {self.preset.name} #{self.number} phase={self.phase.value} "
            f"banker={self.banker} to_act={self.to_act}>"
        )


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
        position = require_dict(start["position"], "steps[0].position")
        try:
            rnd = cls.from_hands(preset, **position)
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
        rnd._start = dict(start)
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

"""One round as a state machine: deal → closing bid window → kitty → friend call →
tricks → scoring (R-7 – R-10).

:meth:`Round.apply` is the single entry point for players' actions; it validates the
whole action first, so an illegal one raises a typed :class:`IllegalAction` naming
the rule and changes nothing. Each call returns the events it caused.

>>> import random
>>> from zhaopengyou.engine.presets import get_preset
>>> r = Round(get_preset("tractor"), rng=random.Random(7), dealer=0)
>>> r.phase
<Phase.DEAL: 'deal'>
>>> events = r.deal_all()
>>> len(events), r.phase, r.to_act
(100, <Phase.BID: 'bid'>, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, Bid, Bury, CallFriend, GiveBack, Pass, Play, Swap
from .bidding import BidContext, BidRecord, standing_declaration
from .cards import CARD_POINTS, CARDS, NUM_KINDS, SMALL_JOKER, Card, full_deck, to_ascii_list
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
)
from .ordering import Ordering
from .presets import Band, Preset
from .tricks import forced_unit
from .units import Shape, Unit, format_of
from .view import (
    BID,
    BURY,
    CALL,
    DEAL,
    DONE,
    PLAY,
    SWAP,
    PlayRecord,
    Trick,
    View,
    burial_error,
)

# Building the named tuples of the hot path without their Python-level constructor.
_new = tuple.__new__


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The outcome of a round (R-7.2, R-9.3 – R-10)."""

    attackers_points: int  # X of
    trick_points: int  # points of the tricks the attackers won
    kitty: tuple[Card, ...]
    kitty_points: int
    kitty_multiplier: int  # 0 when the banker's side won the last trick
    band: Band
    banker_side: tuple[int, ...]
    levels_after: tuple[int, ...] | None
    scores: tuple[int, ...]
    penalties: tuple[int, ...]
    next_banker: int | None
    bank_held_at_top: bool  # a fixed team held the bank at the top of the ladder

    def to_dict(self) -> dict[str, Any]:
        return {
            "attackers_points": self.attackers_points,
            "trick_points": self.trick_points,
            "kitty": to_ascii_list(self.kitty),
            "kitty_points": self.kitty_points,
            "kitty_multiplier": self.kitty_multiplier,
            "side": self.band.side,
            "k": self.band.k,
            "banker_side": list(self.banker_side),
            "levels_after": list(self.levels_after) if self.levels_after is not None else None,
            "scores": list(self.scores),
            "penalties": list(self.penalties),
            "next_banker": self.next_banker,
        }


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
        if type(item) is Card:
            out.append(item)
        elif isinstance(item, str):
            try:
                out.append(Card.parse(item))
            except ValueError as err:
                raise MalformedAction("{what}: {error}", what=what, error=err) from None
        elif isinstance(item, int) and not isinstance(item, bool) and 0 <= item < NUM_KINDS:
            out.append(CARDS[item])
        else:
            raise MalformedAction("{what}: {item!r} is not a card", what=what, item=item)
    return tuple(out)


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
        self._fixed_deck = list(deck) if deck is not None else None
        if deck is not None and sorted(deck) != sorted(full_deck(preset.decks)):
            raise ValueError("deck is not a full set of cards for this preset")
        self._start_deal()

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
    ) -> Round:
        """A round set up at the first trick (or any trick) from given hands.

        For studying positions and for tests: ``hands`` and ``kitty`` are card lists
        in either notation, ``level_rank`` a rank (``"2"`` … ``"A"``), ``trump_suit`` a
        suit letter or None for no-trump. Hands must be equally long and no card may
        appear more often than the preset has decks.

        >>> from zhaopengyou.engine.presets import get_preset
        >>> r = Round.from_hands(get_preset("tractor"), ["AS", "KS", "QS", "JS"],
        ...                      level_rank="2", trump_suit="H", banker=0)
        >>> r.phase, r.to_act, r.view(1).hand
        (<Phase.PLAY: 'play'>, 0, (Card('KS'),))
        """
        from .cards import RANK_NAMES, SUIT_LETTERS, parse_cards

        parsed = [parse_cards(h) if isinstance(h, str) else list(h) for h in hands]
        buried = parse_cards(kitty) if isinstance(kitty, str) else list(kitty)
        if len(parsed) != preset.players:
            raise ValueError(f"{preset.name} needs {preset.players} hands")
        if len({len(h) for h in parsed}) != 1:
            raise ValueError("every hand must hold the same number of cards")
        counts = [0] * NUM_KINDS
        for card in [c for h in parsed for c in h] + buried:
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
            preset, levels=level_list if preset.fixed_level_rank is None else None, banker=banker
        )
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
        rnd.buried_by = banker
        rnd.buried = tuple(buried)
        if friend_call is not None:
            card = Card.parse(friend_call)
            rnd.friend_call = card
            rnd.friend = preset.find_friend(banker, card, rnd.hands)
        rnd.phase = PLAY
        rnd.to_act = banker if leader is None else leader
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

    def _start_deal(self) -> None:
        players = self.preset.players
        if self._fixed_deck is not None and self.redeals == 0:
            self.deck = list(self._fixed_deck)
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
        self._visible_cache: dict[int, tuple[int, tuple[BidRecord, ...]]] = {}
        self._declarer_now: int | None = None  # shandong: the standing declarer (public)
        self._declarer_key: object = None
        self.phase = DEAL
        self.to_act: int | None = None
        self._passes = 0
        self.trump_suit: int | None = None
        self.ordering: Ordering | None = None
        self.kitty_turned: tuple[Card, ...] = ()
        self.declarer: int | None = None  # shandong: who set the (hidden) trump suit
        self.trump_public = True
        self.pair_shown = False  # shandong: the declarer showed the pair
        self.trump_knowers: frozenset[int] = frozenset()
        self.pending_give_back: tuple[int, int, int] | None = None  # sticker, declarer, n
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
        events: list[Event] = [_new(CardDealt, (seat, card, self.dealt))]
        if self.dealt == self.cards_to_deal:
            self.phase = BID
            last = self.bids[-1].seat if self.bids else self.dealer
            self.to_act = (last + 1) % self.preset.players
            self._passes = 0
        return events

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
        if type(action) is Play or isinstance(action, Play):
            return self._play(seat, action)
        if isinstance(action, Bid):
            return self._bid(seat, action)
        if isinstance(action, Pass):
            return self._pass(seat)
        if isinstance(action, Bury):
            return self._bury(seat, action)
        if isinstance(action, CallFriend):
            return self._call_friend(seat, action)
        if isinstance(action, GiveBack):
            return self._give_back(seat, action)
        if isinstance(action, Swap):
            return self._swap(seat, action)
        raise MalformedAction("unknown action {action!r}", action=action)

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
            self.banker,
            self.phase is DEAL,
            self.preset.players,
            self._options,
        )

    def _bid(self, seat: int, action: Bid) -> list[Event]:
        if self.phase not in (DEAL, BID):
            raise WrongPhase("bidding is over", rule="R-8.1")
        if self.phase is BID and seat != self.to_act:
            raise NotYourTurn("seat {seat} is polled now", rule="R-8.1", seat=self.to_act)
        cards = _as_cards(action.cards, "bid")
        if action.kind not in self.preset.bidding.kinds:
            raise MalformedAction(
                "bid kind {kind!r} does not exist in {preset}",
                kind=action.kind,
                preset=self.preset.name,
            )
        error = self.preset.bidding.bid_error(self.bid_context(seat), cards, action.kind)
        if error is not None:
            raise error
        if action.kind == "zhan":
            return self._zhan(seat, cards)
        record = BidRecord(seat, cards, self.dealt, action.kind)
        self.bids.append(record)
        self._bids_version += 1
        shown = (
            tuple(c for c in cards if c >= SMALL_JOKER)
            if action.kind in ("liang", "ding")
            else cards
        )
        hidden = tuple(c for c in cards if c not in shown)
        events: list[Event] = [BidMade(seat, shown, self.dealt, action.kind, hidden)]
        if self.phase is BID:  # a bid restarts the count
            self._passes = 0
            self.to_act = (seat + 1) % self.preset.players
        return events

    def _zhan(self, seat: int, cards: tuple[Card, ...]) -> list[Event]:
        """粘 (R-8.4): take the declaration's cards; the sticker then gives as many back."""
        standing = standing_declaration(self.bids)
        assert standing is not None
        declarer = standing.declarer
        taken = standing.cards
        for card in taken:
            self.hands[declarer][card] -= 1
            self.hands[seat][card] += 1
        self.hand_sizes[declarer] -= len(taken)
        self.hand_sizes[seat] += len(taken)
        self.bids.append(BidRecord(seat, cards, self.dealt, "zhan", declarer, taken))
        self._bids_version += 1
        self.pending_give_back = (seat, declarer, len(taken))
        self._resume_to = self.to_act
        self.to_act = seat
        return [BidMade(seat, cards, self.dealt, "zhan"), DeclarationTaken(seat, declarer, taken)]

    def _give_back(self, seat: int, action: GiveBack) -> list[Event]:
        pending = self.pending_give_back
        if pending is None:
            raise WrongPhase("nothing is to be given back", rule="R-8.4")
        sticker, declarer, count = pending
        if seat != sticker:
            raise NotYourTurn("seat {seat} must give cards back first", rule="R-8.4", seat=sticker)
        cards = _as_cards(action.cards, "cards given back")
        if len(cards) != count:
            raise IllegalAction(
                "give back exactly {count} cards (got {got})",
                rule="R-8.4",
                count=count,
                got=len(cards),
            )
        self._held_counts(seat, cards)
        if not any(self.preset.is_fixed_trump(c) for c in cards):
            raise IllegalAction("give back at least one 常主: a joker, 2, 3 or 5", rule="R-8.4")
        for card in cards:
            self.hands[seat][card] -= 1
            self.hands[declarer][card] += 1
        self.hand_sizes[seat] -= count
        self.hand_sizes[declarer] += count
        self.bids[-1] = self.bids[-1]._replace(returned=cards)
        self._bids_version += 1
        self.pending_give_back = None
        if self.phase is BID:  # the 粘 was a bid: the count restarts after it
            self._passes = 0
            self.to_act = (seat + 1) % self.preset.players
        else:
            self.to_act = self._resume_to
        return [GivenBack(seat, declarer, cards)]

    def _pass(self, seat: int) -> list[Event]:
        if self.phase is not BID:
            raise WrongPhase("passing is only for the closing bid window", rule="R-8.1")
        if seat != self.to_act:
            raise NotYourTurn("seat {seat} is polled now", rule="R-8.1", seat=self.to_act)
        events: list[Event] = [Passed(seat)]
        self._passes += 1
        self.to_act = (seat + 1) % self.preset.players
        if self._passes == self.preset.players:
            events.extend(self._close_bidding())
        return events

    def _close_bidding(self) -> list[Event]:
        outcome = self.preset.bidding.conclude(
            self.bids, self.kitty, self.hands, self.level_rank, self.banker
        )
        events: list[Event] = []
        if outcome.turned:
            self.kitty_turned = outcome.turned
            events.append(KittyTurned(outcome.turned))
        if outcome.banker is None:
            self.redeals += 1
            events.append(Redealt("no bid"))
            self._start_deal()
            return events
        self.banker = outcome.banker
        self.trump_suit = outcome.trump_suit
        self.declarer = outcome.declarer
        self.ordering = self.preset.ordering(self.level_rank, self.trump_suit)
        knowers: tuple[int, ...] | None = None
        if self.declarer is not None:  # hidden until shown after burying
            self.trump_public = False
            stickers = {b.seat for b in self.bids if b.kind == "zhan"}
            self.trump_knowers = frozenset({self.declarer} | stickers)
            knowers = tuple(sorted(self.trump_knowers))
        events.append(
            TrumpDecided(self.banker, self.level_rank, self.trump_suit, outcome.source, knowers)
        )
        taker = self.preset.kitty_taker(self.banker, self.declarer)
        self.buried_by = taker
        for card in self.kitty:
            self.hands[taker][card] += 1
        self.hand_sizes[taker] += len(self.kitty)
        events.append(KittyTaken(taker, self.kitty))
        self.phase = BURY
        self.to_act = taker
        return events

    # --- kitty and friend --------------------------------------------------------------

    @property
    def final_kitty(self) -> tuple[Card, ...]:
        """The kitty after the declarer's swaps (R-8.4): what R-7 scores."""
        kitty = list(self.buried)
        for from_hand, from_kitty in self.swaps:
            kitty[kitty.index(from_kitty)] = from_hand
        return tuple(kitty)

    def _bury(self, seat: int, action: Bury) -> list[Event]:
        if self.phase is not BURY:
            raise WrongPhase("not the time to bury", rule="R-7.1")
        if seat != self.to_act:
            raise NotYourTurn("seat {seat} buries the kitty", rule="R-7.1", seat=self.to_act)
        cards = _as_cards(action.cards, "burial")
        error = burial_error(self.hands[seat], cards, self.preset.kitty_size)
        if error is not None:
            raise error
        for card in cards:
            self.hands[seat][card] -= 1
        self.hand_sizes[seat] -= len(cards)
        self.buried = tuple(cards)
        events: list[Event] = [Buried(seat, self.buried)]
        if not self.trump_public:
            self.phase = SWAP  # the declarer may swap before showing
            self.to_act = self.declarer
            return events
        return events + self._after_kitty()

    def _after_kitty(self) -> list[Event]:
        assert self.banker is not None
        if self.preset.called_friend:
            self.phase = CALL
            self.to_act = self.banker
        else:
            self._start_play()
        return []

    def swap_error(self, seat: int, pairs: Sequence[tuple[Card, Card]]) -> IllegalAction | None:
        """Why the declarer may not make these swaps (R-8.4); None when allowed."""
        ordering = self.ordering
        assert ordering is not None
        kitty = list(self.buried)
        hand = list(self.hands[seat])
        for from_hand, from_kitty in pairs:
            if from_kitty not in kitty or not ordering.is_trump(from_kitty):
                return IllegalAction("swap only trumps that are in the kitty", rule="R-8.4")
            if hand[from_hand] < 1:
                return IllegalAction("you do not hold {count}× {card}", count=1, card=from_hand)
            if (
                from_hand >= SMALL_JOKER
                or from_kitty >= SMALL_JOKER
                or from_hand % 13 != from_kitty % 13
                or from_hand == from_kitty
                or from_hand // 13 == from_kitty // 13
            ):
                return IllegalAction(
                    "swap a kitty trump for a card of the same rank in another suit", rule="R-8.4"
                )
            kitty.remove(from_kitty)
            hand[from_hand] -= 1
        return None

    def _swap(self, seat: int, action: Swap) -> list[Event]:
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
        for from_hand, from_kitty in pairs:
            self.hands[seat][from_hand] -= 1
            self.hands[seat][from_kitty] += 1
        self.swaps = pairs
        self.trump_public = True
        standing = standing_declaration(self.bids)
        shown = standing.pair if standing is not None and not standing.stuck else ()
        self.pair_shown = bool(shown)
        self._bids_version += 1  # what others see of the bids changes with the reveal
        events: list[Event] = [
            Swapped(seat, tuple(pairs)),
            TrumpRevealed(seat, self.trump_suit, shown),
        ]
        return events + self._after_kitty()

    def _call_friend(self, seat: int, action: CallFriend) -> list[Event]:
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
        self.friend_call = card
        self.solo = call.solo
        self.friend = (
            None
            if call.solo or card is None
            else self.preset.find_friend(self.banker, card, self.hands)
        )
        self._start_play()
        return [FriendCalled(seat, card, call.solo)]

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

    def _play(self, seat: int, action: Play) -> list[Event]:
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
                return self._commit(seat, cards)
        play = self._held_counts(seat, cards)
        if not current:
            return self._lead(seat, cards, action.units, ordering)
        n = len(self.current[0].cards)
        if len(cards) != n:
            raise IllegalAction("play exactly {n} cards, as many as the lead", rule="R-5.1", n=n)
        found = self.preset.follow_error(
            self.hands[seat], play, self._lead_suit, self._lead_shapes, ordering
        )
        if found is not None:
            raise found
        return self._commit(seat, cards)

    def _lead(
        self, seat: int, cards: tuple[Card, ...], named: object, ordering: Ordering
    ) -> list[Event]:
        named_units: list[tuple[Card, ...]] | None = None
        if named is not None:
            if isinstance(named, str | bytes) or not isinstance(named, Sequence):
                raise MalformedAction("units must be a list of card lists")
            named_units = [_as_cards(group, "unit") for group in named]
        units = self.preset.parse_lead(cards, named_units, ordering)
        events: list[Event] = []
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
                events.append(ThrowFailed(seat, attempted, cards, "R-4.4"))
                if named_units is not None:
                    attempted_units = tuple(named_units)
        self.lead_units = tuple(units)
        self._lead_shapes = format_of(units)
        self._lead_suit = ordering.esuit[cards[0]]
        return events + self._commit(seat, cards, attempted, attempted_units)

    def _throw_penalty(self, seat: int, attempted: int) -> None:
        integral, points = self.preset.throw_penalty_cost(attempted)
        self.penalties[seat] -= integral
        if points:  # qidong: against the thrower's side in X
            self.point_adjustment += points if seat in self.banker_side() else -points

    def _commit(
        self,
        seat: int,
        cards: tuple[Card, ...],
        attempted: tuple[Card, ...] | None = None,
        attempted_units: tuple[tuple[Card, ...], ...] | None = None,
    ) -> list[Event]:
        hand = self.hands[seat]
        for card in cards:
            hand[card] -= 1
        self.hand_sizes[seat] -= len(cards)
        trick_index = len(self.tricks)
        self.current.append(_new(PlayRecord, (seat, cards, attempted, attempted_units)))
        events: list[Event] = [
            _new(CardsPlayed, (seat, cards, trick_index, len(self.current) == 1))
        ]
        if (
            not self.friend_revealed
            and seat == self.friend
            and self.friend_call is not None
            and self.friend_call in cards
        ):
            self.friend_revealed = True
            events.append(FriendRevealed(seat))
        players = self.preset.players
        if len(self.current) < players:
            self.to_act = (seat + 1) % players
            return events
        return events + self._finish_trick()

    def _finish_trick(self) -> list[Event]:
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
        events: list[Event] = [_new(TrickWon, (winner, points, len(self.tricks) - 1))]
        if self.hand_sizes[0]:
            self.to_act = winner
            return events
        return events + self._score()

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

    def _score(self) -> list[Event]:
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
        )
        self.phase = DONE
        self.to_act = None
        return [
            KittyRevealed(kitty, kitty_points, multiplier),
            RoundScored(x, band.side, band.k, levels_after, scores, next_banker),
        ]

    # --- views and state ---------------------------------------------------------------

    def view(self, seat: int) -> View:
        """Exactly what ``seat`` may know now."""
        if type(seat) is not int or not 0 <= seat < self.preset.players:  # bools excluded
            raise MalformedAction(
                "no seat {seat!r} in a {players}-player game",
                seat=seat,
                players=self.preset.players,
            )
        done = self.phase is DONE
        # a hidden trump suit is known to the declarer (and a sticker) only.
        ordering = self.ordering if self.trump_public or seat in self.trump_knowers else None
        pending = self.pending_give_back
        declaring = self.preset.bidding.kinds[0] is not None  # shandong: hidden pairs
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
                tuple(self.hands[seat]),
                tuple(self.hand_sizes),
                self.dealt,
                self._visible_bids(seat) if declaring else tuple(self.bids),
                self.to_act,
                self.buried if seat == self.buried_by else (),
                self._standing_declarer() if declaring else None,
                pending[2] if pending is not None and pending[0] == seat else 0,
                tuple(c for c in self.buried if ordering is not None and ordering.is_trump(c))
                if self.phase is SWAP and seat == self.declarer
                else (),
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
        key = self._bids_version
        if self._declarer_key != key:
            standing = standing_declaration(self.bids)
            self._declarer_now = standing.declarer if standing is not None else None
            self._declarer_key = key
        return self._declarer_now

    def _visible_bids(self, seat: int) -> tuple[BidRecord, ...]:
        """Bids as ``seat`` may see them: a face-down pair only by its declarer, whoever
        took it by 粘, or everyone once shown; 粘 exchanges only by the two involved."""
        key = self._bids_version
        cached = self._visible_cache.get(seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        visible = self._redact_bids(seat)
        self._visible_cache[seat] = (key, visible)
        return visible

    def _redact_bids(self, seat: int) -> tuple[BidRecord, ...]:
        last_declaration = max(
            (i for i, b in enumerate(self.bids) if b.kind in ("liang", "ding")), default=-1
        )
        shown = self.pair_shown
        out = []
        for index, bid in enumerate(self.bids):
            if bid.kind in ("liang", "ding") and seat != bid.seat:
                took = index == last_declaration and any(
                    b.kind == "zhan" and b.seat == seat for b in self.bids[index:]
                )
                if not (took or (shown and index == last_declaration)):
                    bid = bid._replace(cards=tuple(c for c in bid.cards if c >= SMALL_JOKER))
            elif bid.kind == "zhan" and seat not in (bid.seat, bid.from_seat):
                bid = bid._replace(taken=(), returned=())
            out.append(bid)
        return tuple(out)

    def to_state(self) -> dict[str, Any]:
        """The full state as plain data (for snapshots and comparisons)."""
        return {
            "preset": self.preset.name,
            "options": dict(self.preset.options),
            "number": self.number,
            "levels_before": self.levels_before,
            "banker": self.banker,
            "dealer": self.dealer,
            "level_rank": self.level_rank,
            "redeals": self.redeals,
            "deck": list(self.deck),
            "dealt": self.dealt,
            "hands": [list(h) for h in self.hands],
            "bids": [tuple(b) for b in self.bids],
            "phase": self.phase.value,
            "to_act": self.to_act,
            "passes": self._passes,
            "trump_suit": self.trump_suit,
            "declarer": self.declarer,
            "trump_public": self.trump_public,
            "pair_shown": self.pair_shown,
            "trump_knowers": sorted(self.trump_knowers),
            "pending_give_back": self.pending_give_back,
            "resume_to": self._resume_to,
            "swaps": [list(p) for p in self.swaps],
            "buried_by": self.buried_by,
            "buried": list(self.buried),
            "friend_call": self.friend_call,
            "solo": self.solo,
            "friend": self.friend,
            "friend_revealed": self.friend_revealed,
            "tricks": [
                (
                    t.leader,
                    [tuple(p) for p in t.plays],
                    [list(u.cards) for u in t.units],
                    t.winner,
                    t.points,
                )
                for t in self.tricks
            ],
            "current": [tuple(p) for p in self.current],
            "lead_units": [list(u.cards) for u in self.lead_units],
            "points_won": list(self.points_won),
            "penalties": list(self.penalties),
            "adjustment": self.point_adjustment,
            "throws": (self.throws_tried, self.throws_failed),
            "result": self.result.to_dict() if self.result else None,
            "rng": self._rng.getstate(),
        }

    @property
    def bid_count(self) -> int:
        return self.preset.bidding.bid_count(self.bids)

    def __repr__(self) -> str:
        return (
            f"<Round {self.preset.name} #{self.number} phase={self.phase.value} "
            f"banker={self.banker} to_act={self.to_act}>"
        )

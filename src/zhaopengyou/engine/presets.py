"""Presets: each game of RULES.md as a frozen configuration plus a few rule hooks.

Like ``chess.variant``, a preset subclass sets class attributes (fixed data) and
overrides small hooks; its dataclass fields are the *options* a room may change,
validated on construction.

>>> p = get_preset("tractor", partner="called")
>>> p.players, p.decks, p.kitty_size, p.hand_size, p.partner
(4, 2, 8, 25, 'called')
>>> get_preset("tractor", partner="alone")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
zhaopengyou.engine.errors.InvalidOption: option 'partner' of tractor must be one of: ...
>>> sorted(get_preset("zhaopengyou").options)
['decks', 'kitty_size', 'throw_penalty']
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from .actions import CallFriend
from .bidding import BiddingRules, FanzhuBidding, QidongBidding
from .cards import BIG_JOKER, CARDS, NUM_KINDS, SMALL_JOKER, TRUMP, Card, points_of
from .codec import DecodeError, decode_str, field, require_dict
from .declaring import ShandongBidding
from .errors import IllegalAction, InvalidOption
from .follow import follow_error, follow_reveals, iter_legal_follows, random_follow
from .leads import iter_leads, iter_units, parse_lead, random_lead
from .ordering import (
    LEVEL_CHAIN,
    SEPARATE_LEVELS,
    STRICT_RUNS,
    Adjacency,
    Ordering,
    cached_ordering,
)
from .shandong import (
    iter_shandong_follows,
    iter_shandong_units,
    random_shandong_follow,
    random_shandong_lead,
    shandong_follow_error,
    shandong_follow_reveals,
    shandong_rank,
    shandong_unit,
)
from .table import Band, PlayRecord, Trick
from .tricks import PlayRank, relaxed_trump_rank, single_trick_winner, standard_rank, winning_index
from .units import TRACTOR, TUPLE, Shape, Unit, UnitInfo, unit_info, unit_of

RANK_2, RANK_A = 0, 12
STANDARD_LADDER: tuple[int, ...] = tuple(range(13))  # 2 … A


@dataclass(frozen=True)
class OptionSpec:
    """A documented option: its name, what values it takes, and what it means."""

    name: str
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None


class CallFacts(NamedTuple):
    """What a friend call says about the hidden hands at the first trick (R-9), for a
    player who does not see them: bounds on the copies of the called card in the
    banker's hand and in the kitty, and how the friend is found."""

    banker_least: int = 0  # copies of the called card the banker held, at least
    banker_most: int | None = None  # … and at most (None: no bound)
    kitty_most: int | None = None  # copies buried in the kitty, at most (None: no bound)
    # the friend is the first seat after the banker holding a copy, so the seats
    # between the banker and the friend held none, and a seat that plays a copy
    # without being the friend has a holder before it.
    first_holder: bool = True


@dataclass(frozen=True)
class Preset:
    """Base of every preset. Subclasses fill in the class attributes and hooks."""

    # Fixed data of the game (class attributes, not options).
    name: ClassVar[str]
    title: ClassVar[str]  # Chinese name shown to players
    players: ClassVar[int]
    adjacency: ClassVar[Adjacency] = LEVEL_CHAIN
    fixed_trump_ranks: ClassVar[tuple[int, ...]] = ()  # 常主 ranks, low to high
    fixed_level_rank: ClassVar[int | None] = None  # qidong: always 2
    ladder: ClassVar[tuple[int, ...]] = STANDARD_LADDER
    throws: ClassVar[bool] = True  # R-4.2 (not shandong, R-4.5)
    special_units: ClassVar[bool] = False  # 山东升级's rain, snow, thunder … (R-3.6)
    tractor_name: ClassVar[str] = "tractor"  # what UnitInfo calls a width-2 tractor
    friend_rule: ClassVar[str] = "R-9.1"  # the rule of the banker's call, where there is one
    bidding: ClassVar[BiddingRules] = FanzhuBidding()
    OPTION_SPECS: ClassVar[tuple[OptionSpec, ...]] = ()
    DEFAULT_KITTY: ClassVar[dict[int, int]] = {}  # usual kitty size by deck count

    # Options every preset has.
    decks: int = 2
    kitty_size: int = 8
    throw_penalty: int = 1

    def __post_init__(self) -> None:
        for spec in self.OPTION_SPECS:
            value = getattr(self, spec.name)
            if spec.choices is not None and value not in spec.choices:
                allowed = ", ".join(str(c) for c in spec.choices)
                raise InvalidOption(
                    "option {name!r} of {preset} must be one of: {allowed} (got {value!r})",
                    name=spec.name,
                    preset=self.name,
                    allowed=allowed,
                    value=value,
                )
            if spec.minimum is not None or spec.maximum is not None:
                if not isinstance(value, int) or isinstance(value, bool):
                    raise InvalidOption(
                        "option {name!r} of {preset} must be a whole number",
                        name=spec.name,
                        preset=self.name,
                    )
                low = spec.minimum if spec.minimum is not None else value
                high = spec.maximum if spec.maximum is not None else value
                if not low <= value <= high:
                    raise InvalidOption(
                        "option {name!r} of {preset} must be between {low} and {high} "
                        "(got {value})",
                        name=spec.name,
                        preset=self.name,
                        low=low,
                        high=high,
                        value=value,
                    )
        if (NUM_KINDS * self.decks - self.kitty_size) % self.players:
            raise InvalidOption(
                "{decks} decks with a kitty of {kitty} cannot be dealt evenly to {players} "
                "players; with {decks} decks kitty_size may be {sizes}",
                decks=self.decks,
                kitty=self.kitty_size,
                players=self.players,
                sizes=", ".join(map(str, self.dealable_kitty_sizes())),
            )

    def dealable_kitty_sizes(self) -> list[int]:
        """The kitty sizes the ``kitty_size`` option allows that leave every player the
        same number of cards with this many decks (R-1.1)."""
        spec = next((s for s in self.OPTION_SPECS if s.name == "kitty_size"), None)
        if spec is None or spec.minimum is None or spec.maximum is None:
            sizes: Iterable[int] = (self.kitty_size,)  # a fixed kitty
        else:
            sizes = range(spec.minimum, spec.maximum + 1)
        return [k for k in sizes if (NUM_KINDS * self.decks - k) % self.players == 0]

    # --- derived data ------------------------------------------------------------------

    @property
    def options(self) -> dict[str, Any]:
        """Every option in force, defaults included (RECORD.md ``options``)."""
        return {spec.name: getattr(self, spec.name) for spec in self.OPTION_SPECS}

    def with_options(self, **changes: Any) -> Preset:
        """A copy with some options changed; unknown names or bad values raise.

        Changing ``decks`` alone also picks that deck count's usual kitty size.
        """
        known = {spec.name for spec in self.OPTION_SPECS}
        for key in changes:
            if key not in known:
                raise _unknown_option(self.name, key, known)
        if "decks" in changes and "kitty_size" not in changes:
            kitty = self.DEFAULT_KITTY.get(changes["decks"])
            if kitty is not None:
                changes = {**changes, "kitty_size": kitty}
        return dataclasses.replace(self, **changes)

    @property
    def hand_size(self) -> int:
        return (NUM_KINDS * self.decks - self.kitty_size) // self.players

    @property
    def max_width(self) -> int:
        """Widest tuple: a card exists ``decks`` times; triples need 3 decks (R-3.1)."""
        return min(self.decks, 3)

    @property
    def level_unit(self) -> int:
        """u of R-9.4: 20 points per deck."""
        return 20 * self.decks

    @property
    def called_friend(self) -> bool:
        """Sides are formed by a called card (「寻」) rather than fixed seats (「定」)."""
        return False

    @property
    def individual_levels(self) -> bool:
        return self.called_friend

    def ordering(self, level_rank: int, trump_suit: int | None) -> Ordering:
        return cached_ordering(level_rank, trump_suit, self.fixed_trump_ranks, self.adjacency)

    def kitty_taker(self, banker: int, declarer: int | None) -> int:
        """Who picks up and buries the kitty (R-7.1): the banker."""
        return banker

    def is_fixed_trump(self, card: int) -> bool:
        """A 常主: a joker or a card of the always-trump ranks (R-1.4)."""
        return card >= SMALL_JOKER or card % 13 in self.fixed_trump_ranks

    def partner_of(self, seat: int) -> int:
        """Fixed partner: the seat opposite (R-11.1 「定」)."""
        return (seat + self.players // 2) % self.players

    # --- rule hooks --------------------------------------------------------------------

    def kitty_multiplier(self, shapes: Sequence[Shape]) -> int:
        """R-7.2 (`zhaopengyou`, `tractor`) from the last trick's format."""
        titanic = [s.length for s in shapes if s.kind == TRACTOR and s.width == 3]
        if titanic:
            return int(2 * 3 ** max(titanic))
        if any(s.kind == TUPLE and s.width == 3 for s in shapes):
            return 6
        tractors = [s.length for s in shapes if s.kind == TRACTOR]
        if tractors:
            return int(2 * 2 ** max(tractors))
        if any(s.width == 2 for s in shapes):
            return 4
        return 2

    def band(self, attackers_points: int) -> Band:
        """R-9.4 for `zhaopengyou`, `tractor`, `qidong`: a negative X counts as 0."""
        x = max(attackers_points, 0)
        u = self.level_unit
        if x == 0:
            return Band("banker", 3)
        if x < u:
            return Band("banker", 2)
        if x < 2 * u:
            return Band("banker", 1)
        if x < 3 * u:
            return Band("stepdown", 0)
        return Band("attackers", 1 + (x - 3 * u) // u)

    # Leading, following and winning.

    def parse_lead(
        self, cards: Sequence[Card], named: Sequence[Sequence[Card]] | None, ordering: Ordering
    ) -> list[Unit]:
        return parse_lead(cards, named, ordering, self.max_width, self.throws, self.read_unit)

    # Hooks that only pass their arguments on are the functions themselves (no extra call
    # on every play): follow_error(hand, play, lead_suit, shapes, ordering),
    # follow_reveals(cards, lead_suit, shapes, ordering) (R-5: what a legal follow proves
    # about a hidden hand, a FollowFacts), play_rank(shapes, lead_suit, play, ordering)
    # the random follow and follows.
    follow_error = staticmethod(follow_error)
    follow_reveals = staticmethod(follow_reveals)
    play_rank = staticmethod(standard_rank)
    random_follow = staticmethod(random_follow)
    iter_follows = staticmethod(iter_legal_follows)

    def trick_winner(
        self,
        shapes: Sequence[Shape],
        lead_suit: int,
        plays: Sequence[PlayRecord],
        ordering: Ordering,
    ) -> int:
        """Index of the play that wins the trick (R-6.3)."""
        if len(shapes) == 1 and shapes[0].size == 1:  # a single led: the highest card
            return single_trick_winner(lead_suit, [p.cards[0] for p in plays], ordering)
        return winning_index([self.play_rank(shapes, lead_suit, p.cards, ordering) for p in plays])

    read_unit = staticmethod(unit_of)  # read_unit(cards, ordering): the one unit or None

    def describe(self, cards: Sequence[Card], ordering: Ordering) -> tuple[UnitInfo, ...]:
        """How a lead of these cards reads: its units, largest first (R-3, R-4.2).

        Raises :class:`IllegalAction` when the cards are not a lead (mixed suits, or
        several units where this game has no throws).
        """
        if not cards:
            raise IllegalAction("play at least one card", rule="R-4.1")
        units = self.parse_lead(cards, None, ordering)
        return tuple(unit_info(unit, self.tractor_name) for unit in units)

    def iter_leads(self, hand: Sequence[int], ordering: Ordering) -> Iterator[tuple[Card, ...]]:
        """Every distinct legal lead (R-4.1, R-4.2)."""
        return iter_leads(hand, ordering, self.max_width, self.throws)

    def iter_lead_units(self, hand: Sequence[int], ordering: Ordering) -> Iterator[Unit]:
        """Every distinct single unit the hand can lead (R-3)."""
        return iter_units(hand, ordering, self.max_width)

    def random_lead(
        self, hand: Sequence[int], ordering: Ordering, rng: random.Random
    ) -> tuple[Card, ...]:
        """A lead drawn uniformly among the distinct legal leads."""
        return random_lead(hand, ordering, self.max_width, self.throws, rng)

    def throw_penalty_cost(self, attempted: int) -> tuple[int, int]:
        """R-4.4: (积分 lost by the thrower, points counted against the thrower's side)."""
        return self.throw_penalty, 0

    # The friend.

    def friend_call_error(
        self, hand: Sequence[int], buried: Sequence[Card], call: CallFriend
    ) -> IllegalAction | None:
        if call.solo or call.card is None:
            return IllegalAction("name one card; this game has no solo call", rule=self.friend_rule)
        return None

    def legal_friend_calls(self, hand: Sequence[int], buried: Sequence[Card]) -> list[CallFriend]:
        return [CallFriend(card) for card in CARDS]

    def find_friend(self, banker: int, card: Card, hands: Sequence[Sequence[int]]) -> int | None:
        """R-9.1: the first player after the banker holding a copy; None: banker alone."""
        for step in range(1, self.players):
            seat = (banker + step) % self.players
            if hands[seat][card]:
                return seat
        return None

    def friend_call_reveals(self, card: Card) -> CallFacts:
        """What the banker's call of ``card`` says about the hidden hands (R-9.1): any
        card may be called, so nothing about the banker's hand or the kitty; the friend
        is the first seat after the banker holding a copy (:meth:`find_friend`)."""
        return CallFacts()

    # The kitty and the outcome.

    def kitty_points(self, kitty: Sequence[Card]) -> int:
        return points_of(kitty)

    def kitty_bonus(
        self, kitty_points: int, last_shapes: Sequence[Shape], attackers_took_last: bool
    ) -> tuple[int, int]:
        """(multiplier, points added to X) for the kitty after the last trick (R-7.2)."""
        if not attackers_took_last:
            return 0, 0
        multiplier = self.kitty_multiplier(last_shapes)
        return multiplier, kitty_points * multiplier

    def advance(self, level: int, steps: int) -> int:
        """A level moved up the ladder, never past its top (R-9.4)."""
        position = self.ladder.index(level)
        return self.ladder[min(position + steps, len(self.ladder) - 1)]

    def levels_after(
        self,
        levels: Sequence[int] | None,
        band: Band,
        banker_side: Sequence[int],
        *,
        banker: int | None = None,
        last_trick: Trick | None = None,
    ) -> tuple[int, ...] | None:
        """Levels after the round: the winning side's players move up k (R-9.4)."""
        if levels is None:
            return None
        if band.side == "stepdown":
            return tuple(levels)
        winners = (
            banker_side
            if band.side == "banker"
            else [s for s in range(self.players) if s not in banker_side]
        )
        return tuple(
            self.advance(level, band.k) if seat in winners else level
            for seat, level in enumerate(levels)
        )

    def level_value(self, level: int) -> int:
        """A level as a number for R-10.1 (2 … 14, with A = 14)."""
        return self.ladder.index(level) + 2

    def round_scores(
        self,
        band: Band,
        banker: int,
        banker_side: Sequence[int],
        levels_after: Sequence[int] | None,
        *,
        solo: bool = False,
        penalties: Sequence[int],
        bid_count: int = 1,
    ) -> tuple[int, ...]:
        """Each seat's 积分 for the round (R-10), penalties included."""
        if self.individual_levels:
            # Σ_j (L_i − L_j) with the levels after the round, plus penalties.
            assert levels_after is not None
            values = [self.level_value(level) for level in levels_after]
            total = sum(values)
            return tuple(
                self.players * v - total + penalties[seat] for seat, v in enumerate(values)
            )
        # ±k for each player of the winning/losing side; step-down: 0.
        sign = {"banker": 1, "attackers": -1, "stepdown": 0}[band.side]
        return tuple(
            (sign * band.k if seat in banker_side else -sign * band.k) + penalties[seat]
            for seat in range(self.players)
        )

    def next_banker(self, banker: int, band: Band, banker_side: Sequence[int]) -> int | None:
        """R-9.6: the banker (「寻」) or the partner (「定」) when the side held, else the
        first attacker after the banker."""
        if band.side == "banker":
            return banker if self.called_friend else self.partner_of(banker)
        for step in range(1, self.players):
            seat = (banker + step) % self.players
            if seat not in banker_side:
                return seat
        return None


@dataclass(frozen=True)
class Zhaopengyou(Preset):
    """找朋友: 5 players, 3 decks, a called friend, individual levels (seeds 000, 002)."""

    name: ClassVar[str] = "zhaopengyou"
    title: ClassVar[str] = "找朋友"
    players: ClassVar[int] = 5
    OPTION_SPECS: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("decks", "number of decks (R-1.1)", minimum=2, maximum=3),
        OptionSpec("kitty_size", "cards in the kitty (R-7.1)", minimum=1, maximum=20),
        OptionSpec("throw_penalty", "积分 lost per failed throw (R-4.4)", minimum=0, maximum=100),
    )

    DEFAULT_KITTY: ClassVar[dict[int, int]] = {2: 8, 3: 7}

    decks: int = 3
    kitty_size: int = 7

    @property
    def called_friend(self) -> bool:
        return True


@dataclass(frozen=True)
class Tractor(Preset):
    """升级, the 4-player game of seeds 000/002: fixed partners 「定」 or a called one 「寻」."""

    name: ClassVar[str] = "tractor"
    title: ClassVar[str] = "升级"
    players: ClassVar[int] = 4
    OPTION_SPECS: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "partner",
            "fixed: opposite seats 「定」; called: the banker names a card 「寻」",
            choices=("fixed", "called"),
        ),
        OptionSpec("decks", "number of decks (R-1.1)", minimum=2, maximum=3),
        OptionSpec("kitty_size", "cards in the kitty (R-7.1)", minimum=1, maximum=20),
        OptionSpec("throw_penalty", "积分 lost per failed throw (R-4.4)", minimum=0, maximum=100),
    )

    DEFAULT_KITTY: ClassVar[dict[int, int]] = {2: 8, 3: 6}

    partner: str = "fixed"

    @property
    def called_friend(self) -> bool:
        return self.partner == "called"


@dataclass(frozen=True)
class Qidong(Preset):
    """启东招朋友: 5 players, 2 decks, always level 2, a called friend or solo (seed 001)."""

    name: ClassVar[str] = "qidong"
    title: ClassVar[str] = "启东招朋友"
    players: ClassVar[int] = 5
    adjacency: ClassVar[Adjacency] = SEPARATE_LEVELS
    fixed_level_rank: ClassVar[int | None] = RANK_2
    bidding: ClassVar[BiddingRules] = QidongBidding()
    friend_rule: ClassVar[str] = "R-9.2"
    OPTION_SPECS: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "throw_penalty",
            "points per card of a failed throw, counted in X (R-4.4)",
            minimum=0,
            maximum=100,
        ),
    )

    decks: int = 2
    kitty_size: int = 8
    throw_penalty: int = 5

    @property
    def called_friend(self) -> bool:
        return True

    @property
    def individual_levels(self) -> bool:
        return False  # no levels at all: every round is played at 2

    def play_rank(
        self, shapes: Sequence[Shape], lead_suit: int, play: Sequence[int], ordering: Ordering
    ) -> PlayRank | None:
        """R-6.1/R-6.2's Decisions: trumping an off-suit lead that holds pairs."""
        if (
            lead_suit != TRUMP
            and ordering.esuit[play[0]] == TRUMP
            and any(s.width >= 2 for s in shapes)
        ):
            return relaxed_trump_rank(shapes, play, ordering)
        return standard_rank(shapes, lead_suit, play, ordering)

    def throw_penalty_cost(self, attempted: int) -> tuple[int, int]:
        return 0, self.throw_penalty * attempted  # 5 points a card, in X

    def kitty_multiplier(self, shapes: Sequence[Shape]) -> int:
        """R-7.2: 2^(1+p), p = pairs in the last trick's format (a tractor counts L)."""
        pairs = sum(s.length for s in shapes if s.width >= 2)
        return int(2 ** (1 + pairs))

    @staticmethod
    def callable_singles(hand: Sequence[int], buried: Sequence[Card]) -> list[Card]:
        """R-9.2: cards held exactly once whose twin is not buried."""
        return [card for card in CARDS if hand[card] == 1 and card not in buried]

    def friend_call_error(
        self, hand: Sequence[int], buried: Sequence[Card], call: CallFriend
    ) -> IllegalAction | None:
        if call.solo:
            if call.card is not None:
                return IllegalAction("call a card or go solo, not both", rule=self.friend_rule)
            return None
        singles = self.callable_singles(hand, buried)
        if not singles:
            return IllegalAction(
                "you hold no single whose twin is out: you must go solo (独打)",
                rule=self.friend_rule,
            )
        if call.card not in singles:
            return IllegalAction(
                "call a card you hold exactly once whose twin is not buried",
                rule=self.friend_rule,
            )
        return None

    def legal_friend_calls(self, hand: Sequence[int], buried: Sequence[Card]) -> list[CallFriend]:
        calls = [CallFriend(card) for card in self.callable_singles(hand, buried)]
        return [*calls, CallFriend(solo=True)]

    def find_friend(self, banker: int, card: Card, hands: Sequence[Sequence[int]]) -> int | None:
        """R-9.2: the holder of the called card's twin."""
        return next((s for s in range(self.players) if s != banker and hands[s][card]), None)

    def friend_call_reveals(self, card: Card) -> CallFacts:
        """R-9.2: the banker held the called card exactly once and its twin was not
        buried (:meth:`callable_singles`); the friend is the twin's holder, wherever it
        sits."""
        return CallFacts(banker_least=1, banker_most=1, kitty_most=0, first_holder=False)

    def round_scores(
        self,
        band: Band,
        banker: int,
        banker_side: Sequence[int],
        levels_after: Sequence[int] | None,
        *,
        solo: bool = False,
        penalties: Sequence[int],
        bid_count: int = 1,
    ) -> tuple[int, ...]:
        """R-10.2: banker ±2k, friend ±k, attackers ∓k; solo: banker ±8k, attackers ∓2k;
        all × c."""
        sign = {"banker": 1, "attackers": -1, "stepdown": 0}[band.side]
        k = band.k * sign * bid_count
        scores = []
        for seat in range(self.players):
            if seat == banker:
                score = 8 * k if solo else 2 * k
            elif seat in banker_side:
                score = k
            else:
                score = -2 * k if solo else -k
            scores.append(score + penalties[seat])
        return tuple(scores)

    def next_banker(self, banker: int, band: Band, banker_side: Sequence[int]) -> int | None:
        return None  # decided by bidding every round


RANK_J = 9
SHANDONG_LADDER: tuple[int, ...] = (RANK_A, *range(12))  # A, 2, 3, …, K


@dataclass(frozen=True)
class Shandong(Preset):
    """山东升级: 4 players in fixed partnerships, 2 decks, 常主 2/3/5, declaring with jokers,
    special units, no throws (seed 003)."""

    name: ClassVar[str] = "shandong"
    title: ClassVar[str] = "山东升级"
    players: ClassVar[int] = 4
    adjacency: ClassVar[Adjacency] = STRICT_RUNS
    fixed_trump_ranks: ClassVar[tuple[int, ...]] = (0, 1, 3)  # 2 < 3 < 5
    ladder: ClassVar[tuple[int, ...]] = SHANDONG_LADDER
    throws: ClassVar[bool] = False
    special_units: ClassVar[bool] = True
    bidding: ClassVar[BiddingRules] = ShandongBidding((0, 1, 3))
    tractor_name: ClassVar[str] = "guafeng"  # 刮风
    OPTION_SPECS: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "dengsi", "等死: nothing may be added to a declaration (R-8.4)", choices=(False, True)
        ),
        OptionSpec("feng_j", "逢J必打: a rise stops at J (R-9.7)", choices=(True, False)),
        OptionSpec(
            "j_to_6",
            "J到6 / 双J到底: a J that takes the last trick drops the "
            "banker's team from J to 6 (a pair of J: to A) (R-9.7)",
            choices=(True, False),
        ),
    )

    decks: int = 2
    kitty_size: int = 4
    throw_penalty: int = 0
    dengsi: bool = False
    feng_j: bool = True
    j_to_6: bool = True

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.j_to_6 and not self.feng_j:
            raise InvalidOption("option 'j_to_6' of shandong needs 'feng_j' (R-9.7)")

    read_unit = staticmethod(shandong_unit)  # special units too

    follow_error = staticmethod(shandong_follow_error)
    follow_reveals = staticmethod(shandong_follow_reveals)
    play_rank = staticmethod(shandong_rank)
    random_follow = staticmethod(random_shandong_follow)
    iter_follows = staticmethod(iter_shandong_follows)

    def iter_leads(self, hand: Sequence[int], ordering: Ordering) -> Iterator[tuple[Card, ...]]:
        return (unit.cards for unit in iter_shandong_units(hand, ordering))

    def iter_lead_units(self, hand: Sequence[int], ordering: Ordering) -> Iterator[Unit]:
        return iter_shandong_units(hand, ordering)

    def random_lead(
        self, hand: Sequence[int], ordering: Ordering, rng: random.Random
    ) -> tuple[Card, ...]:
        return random_shandong_lead(hand, ordering, rng)

    def kitty_taker(self, banker: int, declarer: int | None) -> int:
        """R-8.4: the banker's partner when the banker declared, else the banker."""
        return self.partner_of(banker) if declarer == banker else banker

    def kitty_points(self, kitty: Sequence[Card]) -> int:
        """R-7.3: 大王 100 and 小王 80 on top of the usual points."""
        return points_of(kitty) + sum(
            100 if c == BIG_JOKER else 80 if c == SMALL_JOKER else 0 for c in kitty
        )

    def kitty_multiplier(self, shapes: Sequence[Shape]) -> int:
        """R-7.2: the number of cards in the last lead."""
        return sum(s.size for s in shapes)

    def kitty_bonus(
        self, kitty_points: int, last_shapes: Sequence[Shape], attackers_took_last: bool
    ) -> tuple[int, int]:
        """扣底 adds the kitty × cards led; 保底 subtracts the kitty from X (R-7.3)."""
        if not attackers_took_last:
            return 0, -kitty_points
        multiplier = self.kitty_multiplier(last_shapes)
        return multiplier, kitty_points * multiplier

    def band(self, attackers_points: int) -> Band:
        """R-9.4 for `shandong` (u = 40): X may be negative; no step-down band."""
        x = attackers_points
        if x >= 80:
            return Band("attackers", 1 + (x - 80) // 40)
        if x >= 40:
            return Band("banker", 1)
        if x > 0:
            return Band("banker", 2)
        if x == 0:
            return Band("banker", 3)
        return Band("banker", 3 + (-x + 39) // 40)

    def levels_after(
        self,
        levels: Sequence[int] | None,
        band: Band,
        banker_side: Sequence[int],
        *,
        banker: int | None = None,
        last_trick: Trick | None = None,
    ) -> tuple[int, ...] | None:
        """Team levels on A…K with 逢J必打 and J到6 / 双J到底 (R-9.4, R-9.7)."""
        assert levels is not None and banker is not None
        winners = (
            set(banker_side)
            if band.side == "banker"
            else {s for s in range(self.players) if s not in banker_side}
        )
        after = []
        for seat, level in enumerate(levels):
            if seat in winners:
                level = self._rise(level, band.k, held_at_j=band.side == "banker")
            after.append(level)
        drop = self._j_drop(levels[banker], banker_side, last_trick)
        if drop is not None:
            for seat in banker_side:
                after[seat] = drop
        return tuple(after)

    def _rise(self, level: int, steps: int, *, held_at_j: bool) -> int:
        if not self.feng_j:
            return self.advance(level, steps)
        position, j = self.ladder.index(level), self.ladder.index(RANK_J)
        if position == j and not held_at_j:
            return level  # a team at J rises only as the banker's side at J
        if position < j:
            return self.ladder[min(position + steps, j)]  # a rise stops at J
        return self.advance(level, steps)

    def _j_drop(
        self, banker_level: int, banker_side: Sequence[int], last_trick: Trick | None
    ) -> int | None:
        """J到6 / 双J到底: the attackers take the last trick with a lone J or a pair of J
        while the banker's team is at J (seed 003)."""
        if not (self.feng_j and self.j_to_6) or banker_level != RANK_J or last_trick is None:
            return None
        if last_trick.winner in banker_side:
            return None
        cards = next(p.cards for p in last_trick.plays if p.seat == last_trick.winner)
        if all(c < SMALL_JOKER and c % 13 == RANK_J for c in cards):
            if len(cards) == 1:
                return 4  # 6
            if len(cards) == 2 and cards[0] == cards[1]:
                return RANK_A
        return None


PRESETS: dict[str, type[Preset]] = {
    cls.name: cls for cls in (Zhaopengyou, Qidong, Tractor, Shandong)
}


def get_preset(name: str, **options: Any) -> Preset:
    """The preset called ``name`` with ``options`` applied, validated."""
    try:
        cls = PRESETS[name]
    except KeyError:
        raise _unknown_preset(name) from None
    return cls().with_options(**options)


def _unknown_preset(name: str) -> InvalidOption:
    return InvalidOption(
        "unknown preset {name!r}; presets: {presets}", name=name, presets=", ".join(sorted(PRESETS))
    )


def _unknown_option(preset: str, name: str, known: Iterable[str]) -> InvalidOption:
    return InvalidOption(
        "{preset} has no option {name!r}; options: {options}",
        preset=preset,
        name=name,
        options=", ".join(sorted(known)),
    )


def decode_preset(data: Mapping[str, Any]) -> Preset:
    """The preset named by ``data["preset"]`` with ``data["options"]`` (snapshots, views);
    raises :class:`DecodeError` naming the key that is wrong."""
    name = field(data, "preset", decode_str, "")
    options = field(data, "options", require_dict, "")
    if name not in PRESETS:
        raise DecodeError("preset", str(_unknown_preset(name)))
    try:
        return get_preset(name, **options)
    except (InvalidOption, TypeError) as err:
        raise DecodeError("options", str(err)) from None


def parse_option_values(preset_name: str, assignments: Mapping[str, str]) -> dict[str, Any]:
    """Convert ``name=value`` strings (from a command line) to typed option values."""
    try:
        cls = PRESETS[preset_name]
    except KeyError:
        raise _unknown_preset(preset_name) from None
    specs = {spec.name: spec for spec in cls.OPTION_SPECS}
    defaults = cls().options
    out: dict[str, Any] = {}
    for key, text in assignments.items():
        if key not in specs:
            raise _unknown_option(preset_name, key, specs)
        default = defaults[key]
        if isinstance(default, bool):
            lowered = text.strip().lower()
            if lowered not in ("true", "false", "on", "off", "yes", "no", "1", "0"):
                raise InvalidOption(
                    "option {name!r} takes true or false (got {value!r})", name=key, value=text
                )
            out[key] = lowered in ("true", "on", "yes", "1")
        elif isinstance(default, int):
            try:
                out[key] = int(text)
            except ValueError:
                raise InvalidOption(
                    "option {name!r} takes a whole number (got {value!r})", name=key, value=text
                ) from None
        else:
            out[key] = text.strip()
    return out

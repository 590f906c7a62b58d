"""Dealing the cards a seat cannot see, consistently with everything it knows.

:func:`sample_world` gives a :class:`~zhaopengyou.bots.world.World` (every other hand,
the kitty, `shandong` swaps, a face-down trump suit) that the seat's view admits;
:func:`~zhaopengyou.bots.world.determinize` turns it into an engine round to play
rollouts on; :func:`consistent` says whether a world fits a view. A search bot that
samples many worlds per decision builds one :class:`WorldSampler` and calls
:meth:`WorldSampler.sample` (or :meth:`WorldSampler.sample_round`) repeatedly.

>>> import random
>>> from zhaopengyou.bots import HeuristicBot, play_round
>>> from zhaopengyou.engine import Phase, Round, get_preset
>>> from zhaopengyou.bots.world import actual_world
>>> rnd = Round(get_preset("tractor"), seed=5)
>>> bots = [HeuristicBot(seat) for seat in range(4)]
>>> while rnd.phase is not Phase.PLAY or len(rnd.tricks) < 10:   # deal, bid, bury, play
...     if rnd.expected().deal:
...         _ = rnd.deal_card()
...     else:
...         _ = rnd.apply(rnd.to_act, bots[rnd.to_act].act(rnd.view(rnd.to_act)))
>>> view = rnd.view(2)
>>> world = sample_world(view, random.Random(1))
>>> world.hands[2] == view.hand_counts, [sum(h) for h in world.hands] == list(view.hand_sizes)
(True, True)
>>> consistent(view, world), consistent(view, actual_world(rnd))
(True, True)
>>> sampler = WorldSampler(view)                      # once per decision …
>>> world, twin = sampler.sample_round(random.Random(2))   # … then world after world
>>> twin.view(2) == view, twin.clone().to_act == rnd.to_act
(True, True)

What is modelled (each rule turns into bounds on the hidden hands, so that the deal
rarely needs redrawing; the replay of :func:`determinize` then checks every sample
against the engine, and a world it refuses is drawn again):

- R-5.1 voids: a follower that played fewer cards of the led suit than led holds none
  of that suit any more.
- R-5.2 structure (`zhaopengyou`, `qidong`, `tractor`), for leads with at most one
  tractor (caps on what the follower held when the trick began): a tractor led and
  not followed with one → no such tractor held (length 2: no card next to a pair
  played held twice), and then, as for leads without tractors: no pair played to a
  lead needing one → no pair of the suit held; no triple played to a lead needing one
  → no triple held; fewer pairs played than the lead's pairs (tractors counted as
  their pairs, no triples led) → no other pair held.
- R-5.3 (`shandong`): a pair or 刮风 led and not followed in kind → fewer pairs played
  than it needs means no other pair held, and no card left in the suit above the
  fillers (有对跟对，无对从大到小); a 刮风 of two → no pair next to a pair played; a
  special unit not followed in kind → no card left in the suit above the ones played.
- R-4.3 / R-4.4: a successful throw's single and tuple units, and a failed throw's
  units below the forced one, were unbeatable: no other seat then held a higher card
  (a single) or as many copies of a higher card (a tuple); a failed throw's cards were
  all in the thrower's hand, and another seat held a tuple beating its forced tuple
  (one such holding is drawn when the bounds do not already give one).
- R-8 bids and declarations: every card shown in a bid (a level card, jokers, a 2,
  a 亮/顶 joker, a 粘's jokers and 刮风, a face-down pair once shown) was in the
  bidder's hand and stays there until played, unless it moved: taken by a 粘,
  given back after one (unseen cards: then it may be with either seat), picked up
  with the kitty and possibly buried (then it may be in the kitty). Kitty cards turned
  over with no bid (R-8.2, R-8.3: in `qidong` also the twins the rule implies) were
  in the kitty. The standing declaration's face-down pair when this seat has not seen
  it: a pair of one card of the trump suit (of a suit drawn at random when the suit
  itself is still hidden: that suit is the world's ``trump_suit``).
- R-7 / R-8.4 kitty: the kitty as buried when this seat buried it; the declarer's
  kitty trumps during the swap; ``swap_count`` swaps, each a kitty trump exchanged
  for a card of its rank in another suit that the declarer held (drawn at random
  when this seat did not make them).
- R-9: a revealed friend is the first seat after the banker holding the called card
  (R-9.1: the seats between held none); a seat that played the called card without
  being revealed is not the friend, so a seat before it held one; in `qidong` the
  banker held exactly one called card and the kitty none (R-9.2).

Not modelled as bounds (the replay refuses such worlds, which are then drawn again):
the other tractor parts of R-5.2/R-5.3 and R-4.3 (two pairs dealt next to each other
where no tractor was held, a tractor beating a throw's tractor or forced by it), and
leads of several tractors.
Not modelled at all: the moment of a bid (that the bidder held the cards after that
many cards were dealt: deal order is not part of a world), the face-down pairs of
declarations that were overridden (a 顶 on a 亮) and never shown, and which cards a
`shandong` 粘 gave back when this seat was not one of the two seats. Samples are
drawn roughly, not exactly, uniformly among the admitted worlds: the most
constrained hand is dealt first, each hand a uniform draw of the cards it may hold.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from ..engine import CallFriend, Card, PlayRecord, Round, View
from ..engine.bidding import QidongBidding
from ..engine.cards import CARDS, NUM_KINDS, NUM_RANKS, SMALL_JOKER, TRUMP
from ..engine.declaring import DECLARING, standing_declaration
from ..engine.ordering import Ordering
from ..engine.presets import Qidong, Shandong
from ..engine.shandong import shandong_unit
from ..engine.table import BURY, CALL, PLAY, SWAP
from ..engine.units import PAIR, TRACTOR, TUPLE, Shape, Unit, format_of, tractor_paths
from .world import Contradiction, World, actual_world, all_plays, determinize, played_counts

__all__ = [
    "SamplingError",
    "WorldSampler",
    "actual_world",
    "consistent",
    "determinize",
    "sample_world",
]

MAX_TRIES = 2000  # draws before giving up (the true world always fits: never reached)
PHASES = (BURY, SWAP, CALL, PLAY)
Token = tuple[int, frozenset[int]]  # one card known to lie in one of these places


class SamplingError(RuntimeError):
    """No world found in the tries allowed: the view contradicts itself."""


def sample_world(view: View, rng: random.Random, *, verify: bool = True) -> World:
    """A world that ``view`` admits (see the module documentation for what is modelled).

    With ``verify`` (the default) the world has passed :func:`consistent`; without,
    only the bounds of the sampler, and a rare world may still contradict a past play.
    Phases bury to play; raises :class:`ValueError` in other phases and
    :class:`SamplingError` if no world is found.
    """
    return WorldSampler(view).sample(rng, verify=verify)


def consistent(view: View, world: World) -> bool:
    """Whether ``world`` fits everything ``view`` knows: the card counts, the kitty and
    swaps this seat saw, the cards bids and declarations showed (R-8), the called card
    (R-9.2), and, in phase play, every past play as the engine replays it
    (:func:`determinize`). Phases bury to play (:class:`ValueError` otherwise)."""
    return WorldSampler(view).check(world) is None


class _Tokens:
    """Cards known to be in one of a few places (seats, or ``kitty``), followed through
    the bidding, the 粘 exchanges and the kitty (R-8). Copies are told apart only when
    sure; whenever a card might be one already counted, the older token is dropped,
    so the tokens never demand more copies than the true deal has."""

    def __init__(self, me: int, kitty: int) -> None:
        self.me = me
        self.kitty = kitty
        self.items: list[Token] = []
        self.pair: frozenset[int] | None = None  # where the face-down pair may be

    def show(self, place: int, cards: Iterable[int]) -> None:
        """``place`` holds these cards now."""
        if place == self.me:
            return
        only = frozenset((place,))
        for card, count in Counter(cards).items():
            kept: list[Token] = []
            exact = 0
            for token in self.items:
                if token[0] == card and place in token[1]:
                    if token[1] != only:
                        continue  # it may be one of the cards shown
                    exact += 1
                kept.append(token)
            kept.extend([(card, only)] * max(0, count - exact))
            self.items = kept

    def move(self, cards: Iterable[int], source: int, target: int) -> None:
        """These cards went from ``source`` to ``target``."""
        only = frozenset((source,))
        for card, count in Counter(cards).items():
            kept: list[Token] = []
            removed = 0
            for token in self.items:
                if token[0] == card and source in token[1]:
                    if token[1] != only:
                        continue
                    if removed < count:
                        removed += 1
                        continue
                kept.append(token)
            if target != self.me:
                kept.extend([(card, frozenset((target,)))] * count)
            self.items = kept

    def blur(self, source: int, target: int) -> None:
        """Unseen cards went from ``source`` to ``target``: any card there may have."""
        self.items = [(c, w | {target}) if source in w else (c, w) for c, w in self.items]
        if self.pair is not None and source in self.pair:
            self.pair = self.pair | {target}
        self._forget_mine()

    def relocate(self, source: int, target: int) -> None:
        """Everything at ``source`` went to ``target`` (the kitty picked up)."""
        self.items = [
            (c, (w - {source}) | {target}) if source in w else (c, w) for c, w in self.items
        ]
        if self.pair is not None and source in self.pair:
            self.pair = (self.pair - {source}) | {target}
        self._forget_mine()

    def _forget_mine(self) -> None:
        # This seat knows its own hand: a token that may be there says nothing more.
        self.items = [(c, w) for c, w in self.items if self.me not in w]
        if self.pair is not None and self.me in self.pair:
            self.pair = None


def _declarations(view: View, me: int, kitty: int, taker: int) -> _Tokens:
    """Follow the cards that bids showed, and the kitty's turned cards, up to the
    burial (R-8, R-7.1)."""
    preset = view.preset
    tokens = _Tokens(me, kitty)
    bids = view.bids
    for index, bid in enumerate(bids):
        if bid.kind is None:  # 翻主, 亮主/反主: the bid shows its cards
            tokens.show(bid.seat, bid.cards)
        elif bid.kind in DECLARING:  # 亮, 顶: the jokers show, the pair stays down
            tokens.show(bid.seat, bid.cards)
            hidden = all(c >= SMALL_JOKER for c in bid.cards) and bid.seat != me
            tokens.pair = frozenset((bid.seat,)) if hidden else None
        elif bid.kind == "add":
            standing = standing_declaration(bids[: index + 1])
            if standing is not None:
                tokens.show(bid.seat, standing.cards)
        elif bid.kind == "zhan" and bid.from_seat is not None:
            tokens.show(bid.seat, bid.cards)
            involved = me in (bid.seat, bid.from_seat)
            standing = standing_declaration(bids[:index])
            taken = bid.taken if involved else (standing.cards if standing else ())
            tokens.move(taken, bid.from_seat, bid.seat)
            if tokens.pair is not None:
                tokens.pair = None if involved else frozenset((bid.seat,))
            if involved:
                tokens.move(bid.returned, bid.seat, bid.from_seat)
            else:
                tokens.blur(bid.seat, bid.from_seat)
    turned = view.kitty_turned
    if turned:
        if isinstance(preset.bidding, QidongBidding):
            # every card turned before the last had its twin in the kitty too;
            # the last one's twin named the banker.
            shown = [c for c in set(turned[:-1]) for _ in range(2)] + [turned[-1]]
            tokens.show(kitty, shown)
            if view.banker is not None:
                tokens.show(view.banker, [turned[-1]])
        else:
            tokens.show(kitty, turned)
    tokens.relocate(kitty, taker)  # the taker picks the kitty up …
    if view.phase is not BURY and taker != me:
        tokens.blur(taker, kitty)  # … and buries cards this seat did not see
    return tokens


def _hall(tokens: Sequence[frozenset[int]], held: Sequence[int]) -> bool:
    """Can each token (one copy of a card, somewhere in its set of places) get its own
    copy, given how many copies each place holds?"""
    places = sorted(frozenset().union(*tokens))
    for mask in range(1, 1 << len(places)):
        chosen = {places[i] for i in range(len(places)) if mask >> i & 1}
        need = sum(1 for where in tokens if where <= chosen)
        if need > sum(held[p] for p in chosen):
            return False
    return True


def _counts(cards: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
    return counts


def _apply_swaps(buried: Sequence[Card], swaps: Sequence[tuple[Card, Card]]) -> tuple[Card, ...]:
    """The kitty after the declarer's swaps, as :attr:`Round.final_kitty` makes it."""
    kitty = list(buried)
    for from_hand, from_kitty in swaps:
        kitty[kitty.index(from_kitty)] = from_hand
    return tuple(kitty)


class WorldSampler:
    """The constraints one view puts on the hidden cards, worked out once, and worlds
    drawn from them.

    Places are the seats and the kitty (index ``players``). ``low[p][c]`` and
    ``high[p][c]`` bound how many copies of card ``c`` place ``p`` holds now.
    """

    def __init__(self, view: View) -> None:
        if view.seat is None or view.phase not in PHASES or view.banker is None:
            raise ValueError("worlds are sampled for a seat's view, from burying to the tricks")
        preset = view.preset
        self.view = view
        self.preset = preset
        self.me = me = view.seat
        self.players = players = preset.players
        self.kitty = kitty = players
        self.declarer = view.declarer
        self.taker = preset.kitty_taker(view.banker, view.declarer)
        self.shandong = isinstance(preset, Shandong)
        self.played = played_counts(view)
        self.capacity = [*view.hand_sizes, 0 if view.phase is BURY else preset.kitty_size]
        self.capacity[me] = 0
        played_all = [sum(row[c] for row in self.played) for c in range(NUM_KINDS)]
        self.pool = [preset.decks - view.hand_counts[c] - played_all[c] for c in range(NUM_KINDS)]
        if min(self.pool) < 0 or sum(self.pool) != sum(self.capacity):
            raise ValueError("this view's cards do not add up")
        self.low = [[0] * NUM_KINDS for _ in range(players + 1)]
        self.high = [
            list(self.pool) if self.capacity[p] else [0] * NUM_KINDS for p in range(players + 1)
        ]
        self.friend_need: tuple[int, frozenset[int]] | None = None
        self.beaten: list[tuple[int, int, Unit]] = []  # (trick, thrower, forced unit)
        self._kitty_knowledge()
        if view.phase is PLAY:
            assert view.ordering is not None
            self._play_knowledge(view.ordering)
            self._friend_knowledge()
        self.tokens = _declarations(view, me, kitty, self.taker)
        for p in range(players + 1):
            for c in range(NUM_KINDS):
                if self.low[p][c] > min(self.high[p][c], self.pool[c]):
                    raise ValueError("this view contradicts itself")

    # --- knowledge --------------------------------------------------------------------

    def _exact(self, place: int, cards: Iterable[int]) -> None:
        counts = _counts(cards)
        self.low[place] = list(counts)
        self.high[place] = list(counts)

    def _kitty_knowledge(self) -> None:
        """The kitty as far as this seat saw it (R-7.1, R-8.4)."""
        view = self.view
        me = self.me
        if view.phase is BURY:
            return
        if not self.shandong:
            if me == self.taker:
                self._exact(self.kitty, view.buried)
            return
        if view.phase is SWAP:
            if me == self.taker:
                self._exact(self.kitty, view.buried)
            elif me == self.declarer and view.ordering is not None:
                seen = _counts(view.kitty_trumps)  # the declarer sees the kitty's trumps
                for card in view.ordering.suit_cards[TRUMP]:
                    self.low[self.kitty][card] = self.high[self.kitty][card] = seen[card]
        elif me == self.declarer:
            for from_hand, _ in view.swaps:
                self.low[self.kitty][from_hand] += 1
        elif me == self.taker and not view.swap_count:
            self._exact(self.kitty, view.buried)

    def _play_knowledge(self, ordering: Ordering) -> None:
        """Bounds from every past play (R-4.3, R-4.4, R-5)."""
        view = self.view
        players = self.players
        # suffix[s][t]: the cards seat s played in tricks t, t+1, … (held at trick t
        # = its hand now + suffix[s][t]).
        plays_of: list[list[list[int]]] = [[] for _ in range(players)]
        for play, _ in all_plays(view):
            plays_of[play.seat].append(_counts(play.cards))
        self.suffix: list[list[list[int]]] = []
        for seat in range(players):
            rows = [[0] * NUM_KINDS]
            for counts in reversed(plays_of[seat]):
                rows.append([a + b for a, b in zip(rows[-1], counts, strict=True)])
            rows.reverse()
            self.suffix.append(rows)
        tricks: list[tuple[tuple[PlayRecord, ...], tuple[Unit, ...], int]] = [
            (trick.plays, trick.units, trick.lead_suit) for trick in view.tricks
        ]
        if view.current and view.lead_suit is not None:
            tricks.append((view.current, view.lead_units, view.lead_suit))
        for index, (plays, units, suit) in enumerate(tricks):
            self._lead_knowledge(index, plays[0], units, ordering)
            shapes = format_of(units)
            for play in plays[1:]:
                self._follow_knowledge(index, play, shapes, suit, ordering)

    def _cap(self, seat: int, trick: int, card: int, most: int) -> None:
        """Seat held at most ``most`` copies of ``card`` when trick ``trick`` began."""
        if seat != self.me:
            rows = self.suffix[seat]
            bound = most - rows[min(trick, len(rows) - 1)][card]
            if bound < self.high[seat][card]:
                self.high[seat][card] = bound

    def _need(self, seat: int, trick: int, card: int, least: int) -> None:
        """Seat held at least ``least`` copies of ``card`` when trick ``trick`` began."""
        if seat != self.me:
            rows = self.suffix[seat]
            bound = least - rows[min(trick, len(rows) - 1)][card]
            if bound > self.low[seat][card]:
                self.low[seat][card] = bound

    def _unbeaten(self, index: int, leader: int, unit: Unit, ordering: Ordering) -> None:
        """R-4.3: no other seat held a single or tuple beating ``unit`` (a tractor: not
        modelled)."""
        if unit.shape.kind != TUPLE:
            return
        width = unit.shape.width
        top = ordering.order[unit.top]
        higher = [
            c for c in ordering.suit_cards[ordering.esuit[unit.top]] if ordering.order[c] > top
        ]
        for seat in range(self.players):
            if seat != leader:
                for card in higher:
                    self._cap(seat, index, card, width - 1)

    def _lead_knowledge(
        self, index: int, lead: PlayRecord, units: Sequence[Unit], ordering: Ordering
    ) -> None:
        if lead.attempted is None:
            if len(units) > 1:  # a throw that stood: every unit unbeatable
                for unit in units:
                    self._unbeaten(index, lead.seat, unit, ordering)
            return
        # the thrower held every card tried; the units below the forced one stood.
        for card, count in Counter(lead.attempted).items():
            self._need(lead.seat, index, card, count)
        tried = self.preset.parse_lead(lead.attempted, lead.attempted_units, ordering)
        order = ordering.order

        def key(unit: Unit) -> tuple[int, int, int, int]:
            return (order[unit.top], unit.shape.width, unit.shape.length, unit.top)

        forced = key(units[0])
        for unit in tried:
            if key(unit) < forced:
                self._unbeaten(index, lead.seat, unit, ordering)
        if units[0].shape.kind == TUPLE:  # someone could beat the forced unit
            self.beaten.append((index, lead.seat, units[0]))

    def _follow_knowledge(
        self, index: int, play: PlayRecord, shapes: Sequence[Shape], suit: int, ordering: Ordering
    ) -> None:
        seat = play.seat
        if seat == self.me:
            return
        suit_cards = ordering.suit_cards[suit]
        if any(ordering.esuit[c] != suit for c in play.cards):  # out of the suit
            for card in suit_cards:
                self._cap(seat, index + 1, card, 0)
            return
        counts = Counter(play.cards)
        if self.shandong:
            self._shandong_follow(index, seat, play.cards, counts, shapes[0], suit_cards, ordering)
            return
        # R-5.2 (caps on what was held when the trick began; they hold trivially when
        # the seat had no more cards of the suit than it played).
        tractors = [s for s in shapes if s.length >= 2]
        if len(tractors) >= 2:
            return  # the procedure need not be monotone then (follow.py): replay only
        if tractors:
            width, length = tractors[0].width, tractors[0].length
            if any(tractor_paths(_counts(play.cards), suit_cards, width, length, ordering)):
                return  # step 1 matched the tractor: the rest is left to the replay
            # Step 1 found no such tractor in the hand (it would have had to use it),
            # so no card next to one held `width` times was held that often too.
            if length == 2:
                for card, n in counts.items():
                    if n >= width:
                        for near in (*ordering.succ[card], *ordering.pred[card]):
                            self._cap(seat, index, near, width - 1)
        # No tractor matched: step 2 alone, every unit counted as its tuples.
        pairs_needed = sum(s.length for s in shapes if s.width == 2)
        triples_needed = sum(s.length for s in shapes if s.width == 3)
        pair_cards = {c for c, n in counts.items() if n >= 2}
        if pairs_needed + triples_needed and not pair_cards:
            for card in suit_cards:
                self._cap(seat, index, card, 1)
        if triples_needed and not any(n >= 3 for n in counts.values()):
            for card in suit_cards:
                self._cap(seat, index, card, 2)
        if not triples_needed and len(pair_cards) < pairs_needed:
            for card in suit_cards:
                if card not in pair_cards:
                    self._cap(seat, index, card, 1)

    def _shandong_follow(
        self,
        index: int,
        seat: int,
        cards: Sequence[Card],
        counts: Counter[Card],
        shape: Shape,
        suit_cards: Sequence[int],
        ordering: Ordering,
    ) -> None:
        """R-5.3: 有对跟对，无对从大到小; a special unit in kind or the highest cards."""
        order = ordering.order
        if shape.kind == TUPLE and shape.width == 1:
            return
        unit = shandong_unit(cards, ordering)
        if shape.kind in (TUPLE, TRACTOR):
            wanted = PAIR if shape.length == 1 else Shape(TRACTOR, 2, shape.length)
            if unit is not None and unit.shape == wanted:
                return
            pair_cards = {c for c, n in counts.items() if n >= 2}
            if shape.length == 2:  # no 刮风 held: no pair next to a pair played
                for paired in pair_cards:
                    for near in (*ordering.succ[paired], *ordering.pred[paired]):
                        self._cap(seat, index, near, 1)
            if len(pair_cards) >= shape.length:
                return
            for card in suit_cards:
                if card not in pair_cards:
                    self._cap(seat, index, card, 1)
            fillers = [c for c in cards if c not in pair_cards]
        else:
            if unit is not None and unit.shape == shape:
                return
            fillers = list(cards)
        if fillers:
            lowest = min(order[c] for c in fillers)
            for card in suit_cards:
                if order[card] > lowest:
                    self._cap(seat, index + 1, card, 0)

    def _friend_knowledge(self) -> None:
        """R-9.1 / R-9.2: what the called card says about who holds it."""
        view = self.view
        card = view.friend_call
        banker = view.banker
        if card is None or view.solo or banker is None:
            return
        players = self.players
        if isinstance(self.preset, Qidong):
            # the banker held exactly one, and its twin was not buried.
            if banker != self.me:
                self._need(banker, 0, card, 1)
                self._cap(banker, 0, card, 1)
            self.high[self.kitty][card] = 0
            return

        def between(seat: int) -> list[int]:
            return [(banker + k) % players for k in range(1, (seat - banker) % players)]

        if view.friend is not None:  # the first holder after the banker
            for seat in between(view.friend):
                self._cap(seat, 0, card, 0)
            return
        players_of_card = [s for s in range(players) if s != banker and self.played[s][card]]
        if not players_of_card:
            return
        nearest = min(players_of_card, key=lambda s: (s - banker) % players)
        before = between(nearest)  # someone there held a copy: none of them played it
        if self.me in before and self.view.hand_counts[card]:
            return
        self.friend_need = (card, frozenset(s for s in before if s != self.me))

    # --- drawing ----------------------------------------------------------------------

    def sample(self, rng: random.Random, *, verify: bool = True, tries: int = MAX_TRIES) -> World:
        """A world within the bounds; with ``verify``, one that :meth:`check` accepts."""
        for _ in range(tries):
            world = self.draw(rng)
            if world is not None and (not verify or self.check(world) is None):
                return world
        raise SamplingError(f"no world fits this view after {tries} tries")

    def sample_round(self, rng: random.Random, tries: int = MAX_TRIES) -> tuple[World, Round]:
        """A verified world and its determinized round (phase play), from one replay."""
        for _ in range(tries):
            world = self.draw(rng)
            if world is None or self.check(world, replay=False) is not None:
                continue
            try:
                return world, determinize(self.view, world)
            except Contradiction:
                continue
        raise SamplingError(f"no world fits this view after {tries} tries")

    def draw(self, rng: random.Random) -> World | None:
        """One attempt: a world within the bounds, or None when the attempt dead-ends."""
        view = self.view
        players = self.players
        kitty = self.kitty
        low = [row.copy() for row in self.low]
        left = list(self.pool)
        room = list(self.capacity)
        for place in range(players + 1):
            for card, n in enumerate(low[place]):
                left[card] -= n
                room[place] -= n
        swaps = view.swaps if self.me == self.declarer else ()
        if self.shandong and view.phase is PLAY and view.swap_count and self.me != self.declarer:
            drawn = self._draw_swaps(rng, low, left, room)
            if drawn is None:
                return None
            swaps = drawn
        trump = view.trump_suit
        tokens = list(self.tokens.items)
        pair = self.tokens.pair
        if pair is not None:
            # A pair of one card: of the trump suit when this seat knows it.
            seats = [p for p in pair if p < players]
            candidates = [
                c
                for c in range(SMALL_JOKER)
                if self.pool[c] + sum(self.played[p][c] for p in seats) >= 2
                and (not view.trump_known or c // NUM_RANKS == trump)
            ]
            if not candidates:
                return None
            card = rng.choice(candidates)
            tokens += [(card, pair), (card, pair)]
            if not view.trump_known:
                trump = card // NUM_RANKS
        elif not view.trump_known:
            trump = rng.randrange(4)
        # Tokens count the declarer's hand before its swaps.
        before_swaps: Counter[int] = Counter()
        for from_hand, from_kitty in swaps:
            before_swaps[from_hand] += 1
            before_swaps[from_kitty] -= 1
        if not self._witnesses(rng, tokens, low, left, room, before_swaps):
            return None
        if self.friend_need is not None:
            card, where = self.friend_need
            if not any(low[p][card] for p in where) and (
                self._witness(rng, card, where, low, left, room) is None
            ):
                return None
        for index, thrower, unit in self.beaten:
            if not self._beat(rng, index, thrower, unit, low, left, room):
                return None
        if min(left) < 0 or min(room) < 0:
            return None
        hands = self._fill(rng, low, left, room)
        if hands is None:
            return None
        hands[self.me] = list(view.hand_counts)
        kitty_cards = [CARDS[c] for c in range(NUM_KINDS) for _ in range(hands[kitty][c])]
        if view.phase is BURY:
            buried: tuple[Card, ...] = ()
        elif self.me == self.taker:
            buried = view.buried
        else:
            unswapped = list(kitty_cards)
            for from_hand, from_kitty in swaps:
                unswapped[unswapped.index(from_hand)] = from_kitty
            rng.shuffle(unswapped)
            buried = tuple(unswapped)
        final = _apply_swaps(buried, swaps)
        return World(tuple(tuple(h) for h in hands[:players]), final, buried, tuple(swaps), trump)

    def _draw_swaps(
        self, rng: random.Random, low: list[list[int]], left: list[int], room: list[int]
    ) -> tuple[tuple[Card, Card], ...] | None:
        """R-8.4 swaps this seat did not see: kitty trumps the declarer took, each for a
        card of its rank in another suit, now in the kitty."""
        view = self.view
        ordering = view.ordering
        declarer = self.declarer
        assert ordering is not None and declarer is not None
        kitty = self.kitty
        me = self.me
        ranked_trumps = [c for c in range(SMALL_JOKER) if ordering.is_trump(c)]
        # How many copies of each kitty trump the burial may have held.
        if me == self.taker:  # the burier knows
            buried: Counter[int] = Counter(c for c in view.buried if ordering.is_trump(c))
        else:  # not the copies known to be elsewhere when the swaps were made
            in_hands = Counter(c for c, w in self.tokens.items if kitty not in w)
            with_declarer = Counter(c for c, w in self.tokens.items if w == frozenset((declarer,)))
            buried = Counter()
            for card in ranked_trumps:
                others = sum(self.played[s][card] for s in range(self.players) if s != declarer)
                mine = view.hand_counts[card] + self.played[me][card]
                elsewhere = max(
                    in_hands[card], others - self.played[me][card] + with_declarer[card]
                )
                buried[card] = self.preset.decks - mine - elsewhere
        taken: Counter[int] = Counter()
        swaps = []
        for _ in range(view.swap_count):
            pairs = [
                (s * NUM_RANKS + card % NUM_RANKS, card)
                for card in ranked_trumps
                if buried[card] > taken[card]
                and self.played[declarer][card] + self.high[declarer][card] > taken[card]
                for s in range(4)
                if s != card // NUM_RANKS
                and left[s * NUM_RANKS + card % NUM_RANKS] > 0
                and self.high[kitty][s * NUM_RANKS + card % NUM_RANKS]
                > low[kitty][s * NUM_RANKS + card % NUM_RANKS]
            ]
            if not pairs:
                return None
            from_hand, from_kitty = rng.choice(pairs)
            taken[from_kitty] += 1
            left[from_hand] -= 1
            low[kitty][from_hand] += 1
            room[kitty] -= 1
            swaps.append((CARDS[from_hand], CARDS[from_kitty]))
        if self.me == self.taker:
            final = _counts(_apply_swaps(view.buried, swaps))
            for card in range(NUM_KINDS):
                extra = final[card] - low[kitty][card]
                if extra < 0 or extra > left[card]:
                    return None
                low[kitty][card] += extra
                left[card] -= extra
                room[kitty] -= extra
        for card, n in taken.items():  # the declarer took them (approximately: before play)
            extra = n - self.played[declarer][card] - low[declarer][card]
            if extra > 0:
                if (
                    extra > left[card]
                    or extra > room[declarer]
                    or low[declarer][card] + extra > self.high[declarer][card]
                ):
                    return None
                low[declarer][card] += extra
                left[card] -= extra
                room[declarer] -= extra
        return tuple(swaps)

    def _start_low(
        self, place: int, card: int, low: list[list[int]], before_swaps: Counter[int]
    ) -> int:
        """How many copies ``place`` surely held at the first trick (the declarer:
        before its swaps), by the bounds."""
        if place == self.kitty:  # the burial: the kitty without the swaps
            return low[place][card] - before_swaps[card]
        held = low[place][card] + self.played[place][card]
        return held + before_swaps[card] if place == self.declarer else held

    def _witnesses(
        self,
        rng: random.Random,
        tokens: Sequence[Token],
        low: list[list[int]],
        left: list[int],
        room: list[int],
        before_swaps: Counter[int],
    ) -> bool:
        """Give every token a place of its set (R-8 cards), raising the lower bounds."""
        used: Counter[tuple[int, int]] = Counter()
        for card, where in sorted(tokens, key=lambda t: len(t[1])):
            free = [p for p in where if self._start_low(p, card, low, before_swaps) > used[p, card]]
            if free:
                used[free[0], card] += 1
                continue
            place = self._witness(rng, card, where, low, left, room)
            if place is None:
                return False
            used[place, card] += 1
        return True

    def _witness(
        self,
        rng: random.Random,
        card: int,
        where: Iterable[int],
        low: list[list[int]],
        left: list[int],
        room: list[int],
    ) -> int | None:
        """One more copy of ``card`` in one of ``where``, chosen in proportion to the
        room left there."""
        if left[card] <= 0:
            return None
        options = [p for p in where if room[p] > 0 and self.high[p][card] > low[p][card]]
        if not options:
            return None
        place = rng.choices(options, [room[p] for p in options])[0]
        low[place][card] += 1
        left[card] -= 1
        room[place] -= 1
        return place

    def _beat(
        self,
        rng: random.Random,
        index: int,
        thrower: int,
        unit: Unit,
        low: list[list[int]],
        left: list[int],
        room: list[int],
    ) -> bool:
        """R-4.4: a seat other than the thrower held a higher card at least as often as
        the forced tuple's width when the throw failed; if the bounds do not already
        say so, one such holding is chosen at random."""
        ordering = self.view.ordering
        assert ordering is not None
        order = ordering.order
        width = unit.shape.width
        top = order[unit.top]
        higher = [c for c in ordering.suit_cards[ordering.esuit[unit.top]] if order[c] > top]
        mine = self.view.hand_counts
        options = []
        for seat in range(self.players):
            if seat == thrower:
                continue
            before = self.suffix[seat][index]
            for card in higher:
                held = (mine[card] if seat == self.me else low[seat][card]) + before[card]
                if held >= width:
                    return True
                more = width - held
                if (
                    seat != self.me
                    and low[seat][card] + more <= self.high[seat][card]
                    and more <= min(left[card], room[seat])
                ):
                    options.append((seat, card, more))
        if not options:
            return False
        seat, card, more = rng.choice(options)
        low[seat][card] += more
        left[card] -= more
        room[seat] -= more
        return True

    def _fill(
        self, rng: random.Random, low: list[list[int]], left: list[int], room: list[int]
    ) -> list[list[int]] | None:
        """Deal the free cards: the place with least choice first; each takes the copies
        no place still to be dealt could hold, then a uniform draw among the copies it
        may hold. None when a place cannot be filled (the attempt is redrawn)."""
        hands = [row.copy() for row in low]
        copies = [c for c in range(NUM_KINDS) for _ in range(left[c])]
        rng.shuffle(copies)
        high = self.high
        active = [p for p in range(self.players + 1) if room[p] > 0]
        while len(active) > 1:
            cards = [c for c in range(NUM_KINDS) if left[c]]
            counts = [left[c] for c in cards]
            spare = {p: [high[p][c] - hands[p][c] for c in cards] for p in active}
            best = None
            for place in active:
                slack = sum(map(min, counts, spare[place])) - room[place]
                if slack < 0:
                    return None
                if best is None or slack < best[0]:
                    best = (slack, place)
            assert best is not None
            place = best[1]
            active.remove(place)
            have, row = hands[place], high[place]
            need = room[place]
            # Copies that the places still to be dealt cannot hold must go here.
            forced = [0] * NUM_KINDS
            for index, card in enumerate(cards):
                elsewhere = sum(max(0, spare[p][index]) for p in active)
                if counts[index] > elsewhere:
                    forced[card] = counts[index] - elsewhere
                    if forced[card] > spare[place][index]:
                        return None
                    need -= forced[card]
            if need < 0:
                return None
            rest = []
            for card in copies:
                if forced[card]:
                    forced[card] -= 1
                    have[card] += 1
                    left[card] -= 1
                elif need and have[card] < row[card]:
                    have[card] += 1
                    left[card] -= 1
                    need -= 1
                else:
                    rest.append(card)
            if need:
                return None
            copies = rest
        if active:  # the last place takes what is left
            have, row = hands[active[0]], high[active[0]]
            for card in range(NUM_KINDS):
                if left[card]:
                    if have[card] + left[card] > row[card]:
                        return None
                    have[card] += left[card]
                    left[card] = 0
        return hands

    # --- checking ---------------------------------------------------------------------

    def check(self, world: World, *, replay: bool = True) -> str | None:
        """Why ``world`` does not fit the view (None: it fits). The replay of phase
        play runs with ``replay`` only."""
        view = self.view
        preset = self.preset
        players = self.players
        me = self.me
        if len(world.hands) != players or any(len(h) != NUM_KINDS for h in world.hands):
            return "a hand per seat, as a count vector per card"
        if tuple(world.hands[me]) != view.hand_counts:
            return "this seat's hand differs from its view"
        if [sum(h) for h in world.hands] != list(view.hand_sizes):
            return "hand sizes differ from the view"
        if any(n < 0 for h in world.hands for n in h):
            return "a negative count"
        totals = [sum(row[c] for row in self.played) for c in range(NUM_KINDS)]
        for card in [c for h in world.hands for c in range(NUM_KINDS) for _ in range(h[c])]:
            totals[card] += 1
        for card in world.kitty:
            totals[card] += 1
        if any(n != preset.decks for n in totals):
            return "the cards do not add up to the decks"
        expected_kitty = 0 if view.phase is BURY else preset.kitty_size
        if len(world.kitty) != expected_kitty or len(world.buried) != expected_kitty:
            return "the kitty has the wrong size"
        if _apply_swaps(world.buried, world.swaps) != world.kitty:
            return "the kitty is not the burial after the swaps"
        if view.trump_known and world.trump_suit != view.trump_suit:
            return "the trump suit differs from the view's"
        error = self._check_kitty(world)
        if error is None:
            error = self._check_tokens(world)
        if error is None and view.phase is PLAY:
            error = self._check_call(world)
            if error is None and replay:
                try:
                    determinize(view, world)
                except Contradiction as err:
                    error = str(err)
        return error

    def _start_hands(self, world: World) -> list[list[int]]:
        """Each seat's hand at the first trick (before the swaps for the declarer)."""
        hands = [
            [world.hands[s][c] + self.played[s][c] for c in range(NUM_KINDS)]
            for s in range(self.players)
        ]
        if self.declarer is not None:
            for from_hand, from_kitty in world.swaps:
                hands[self.declarer][from_hand] += 1
                hands[self.declarer][from_kitty] -= 1
        return hands

    def _check_kitty(self, world: World) -> str | None:
        """The burial and swaps this seat saw (R-7.1, R-8.4)."""
        view = self.view
        me = self.me
        if me == self.taker and view.phase is not BURY and world.buried != view.buried:
            return "the burial differs from the one this seat made"
        if len(world.swaps) != view.swap_count:
            return "the number of swaps differs from the view's"
        if me == self.declarer and view.phase is PLAY and world.swaps != view.swaps:
            return "the swaps differ from the ones this seat made"
        if view.phase is SWAP and me == self.declarer and view.ordering is not None:
            trumps = sorted(c for c in world.buried if view.ordering.is_trump(c))
            if trumps != sorted(view.kitty_trumps):
                return "the kitty's trumps differ from the ones this seat saw"
        if world.swaps:
            if self.declarer is None or view.ordering is None:
                return "swaps without a declarer"
            before = self._start_hands(world)[self.declarer]
            if min(before) < 0:
                return "the declarer swapped cards it did not take"
            error = self.preset.bidding.swap_error(before, world.buried, world.swaps, view.ordering)
            if error is not None:
                return f"the swaps break R-8.4: {error}"
        return None

    def _check_tokens(self, world: World) -> str | None:
        """Cards shown in bids, followed to the first trick (R-8)."""
        held = (
            self._start_hands(world) if self.view.phase is PLAY else [list(h) for h in world.hands]
        )
        held.append(_counts(world.buried))
        by_card: dict[int, list[frozenset[int]]] = {}
        for card, where in self.tokens.items:
            by_card.setdefault(card, []).append(where)

        def fits(extra: dict[int, list[frozenset[int]]]) -> bool:
            return all(
                _hall(by_card.get(c, []) + extra.get(c, []), [row[c] for row in held])
                for c in set(by_card) | set(extra)
            )

        pair = self.tokens.pair
        if pair is None:
            return None if fits({}) else "a card shown in a bid is not where it can be"
        trump = world.trump_suit
        for card in range(SMALL_JOKER):
            if card // NUM_RANKS == trump and fits({card: [pair, pair]}):
                return None
        return "no face-down pair of the trump suit fits the declaration (R-8.4)"

    def _check_call(self, world: World) -> str | None:
        """R-9.2: the called card was one the banker could call."""
        view = self.view
        if view.friend_call is None or view.banker is None:
            return None
        hand = self._start_hands(world)[view.banker]
        error = self.preset.friend_call_error(hand, world.buried, CallFriend(view.friend_call))
        return None if error is None else f"the call breaks its rule: {error}"

    def admits(self, world: World) -> bool:
        """Whether ``world`` lies within this sampler's bounds: its draws can give it.
        (For tests: the true world always does.)"""
        view = self.view
        hands = [list(h) for h in world.hands] + [_counts(world.kitty)]
        for place in range(self.players + 1):
            if place == self.me:
                continue
            for card in range(NUM_KINDS):
                if not self.low[place][card] <= hands[place][card] <= self.high[place][card]:
                    if place == self.kitty and self.shandong and view.phase is PLAY:
                        continue  # drawn per sample with the swaps
                    return False
        if self.friend_need is not None:
            card, where = self.friend_need
            if not any(hands[p][card] for p in where):
                return False
        return self.check(world, replay=False) is None

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

The sampler is in three parts: its constraints (:mod:`~zhaopengyou.bots.constraints`:
what the view tells about each hidden hand, as bounds per card, with the list of what is
modelled), its drawing (this module: :class:`WorldSampler` deals the unseen cards within
those bounds) and its check (:mod:`~zhaopengyou.bots.world_check`: whether a drawn world
fits the view, replaying every past play through the engine; a world it refuses is
drawn again). Samples are drawn roughly, not exactly, uniformly among the admitted
worlds: the most constrained hand is dealt first, each hand a uniform draw of the cards
it may hold.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from ..engine import Card, Round, View
from ..engine.cards import CARDS, NUM_KINDS, NUM_RANKS, SMALL_JOKER
from ..engine.table import BURY, PLAY
from ..engine.units import Unit
from .constraints import Constraints, Token, apply_swaps, count_vector
from .world import Contradiction, World, actual_world, determinize
from .world_check import admits, check_world, consistent

__all__ = [
    "SamplingError",
    "WorldSampler",
    "actual_world",
    "consistent",
    "determinize",
    "sample_world",
]

MAX_TRIES = 2000  # draws before giving up (the true world always fits: never reached)


class SamplingError(RuntimeError):
    """No world found in the tries allowed: the view contradicts itself."""


def sample_world(view: View, rng: random.Random, *, verify: bool = True) -> World:
    """A world that ``view`` admits (see :mod:`~zhaopengyou.bots.constraints` for what
    is modelled).

    With ``verify`` (the default) the world has passed :func:`consistent`; without,
    only the bounds of the sampler, and a rare world may still contradict a past play.
    Phases bury to play; raises :class:`ValueError` in other phases and
    :class:`SamplingError` if no world is found.
    """
    return WorldSampler(view).sample(rng, verify=verify)


class WorldSampler:
    """Worlds drawn within the constraints of one view, worked out once
    (:attr:`constraints`, a :class:`~zhaopengyou.bots.constraints.Constraints`), and
    checked (:meth:`check`) before they are given out.
    """

    def __init__(self, view: View) -> None:
        self.view = view
        self.constraints = Constraints(view)

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
        known = self.constraints
        view = self.view
        players = known.players
        kitty = known.kitty
        low = [row.copy() for row in known.low]
        left = list(known.pool)
        room = list(known.capacity)
        for place in range(players + 1):
            for card, n in enumerate(low[place]):
                left[card] -= n
                room[place] -= n
        swaps = view.swaps if known.me == known.declarer else ()
        if (
            known.kitty_swaps
            and view.phase is PLAY
            and view.swap_count
            and known.me != known.declarer
        ):
            drawn = self._draw_swaps(rng, low, left, room)
            if drawn is None:
                return None
            swaps = drawn
        trump = view.trump_suit
        tokens = list(known.tokens.items)
        pair = known.tokens.pair
        if pair is not None:
            # A pair of one card: of the trump suit when this seat knows it.
            seats = [p for p in pair if p < players]
            candidates = [
                c
                for c in range(SMALL_JOKER)
                if known.pool[c] + sum(known.played[p][c] for p in seats) >= 2
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
        if known.friend_need is not None:
            card, where = known.friend_need
            if not any(low[p][card] for p in where) and (
                self._witness(rng, card, where, low, left, room) is None
            ):
                return None
        for index, thrower, unit in known.beaten:
            if not self._beat(rng, index, thrower, unit, low, left, room):
                return None
        if min(left) < 0 or min(room) < 0:
            return None
        hands = self._fill(rng, low, left, room)
        if hands is None:
            return None
        hands[known.me] = list(view.hand_counts)
        kitty_cards = [CARDS[c] for c in range(NUM_KINDS) for _ in range(hands[kitty][c])]
        if view.phase is BURY:
            buried: tuple[Card, ...] = ()
        elif known.me == known.taker:
            buried = view.buried
        else:
            unswapped = list(kitty_cards)
            for from_hand, from_kitty in swaps:
                unswapped[unswapped.index(from_hand)] = from_kitty
            rng.shuffle(unswapped)
            buried = tuple(unswapped)
        final = apply_swaps(buried, swaps)
        return World(tuple(tuple(h) for h in hands[:players]), final, buried, tuple(swaps), trump)

    def _draw_swaps(
        self, rng: random.Random, low: list[list[int]], left: list[int], room: list[int]
    ) -> tuple[tuple[Card, Card], ...] | None:
        """R-8.4 swaps this seat did not see: kitty trumps the declarer took, each for a
        card of its rank in another suit, now in the kitty."""
        known = self.constraints
        view = self.view
        ordering = view.ordering
        declarer = known.declarer
        assert ordering is not None and declarer is not None
        kitty = known.kitty
        me = known.me
        ranked_trumps = [c for c in range(SMALL_JOKER) if ordering.is_trump(c)]
        # How many copies of each kitty trump the burial may have held.
        if me == known.taker:  # the burier knows
            buried: Counter[int] = Counter(c for c in view.buried if ordering.is_trump(c))
        else:  # not the copies known to be elsewhere when the swaps were made
            in_hands = Counter(c for c, w in known.tokens.items if kitty not in w)
            with_declarer = Counter(c for c, w in known.tokens.items if w == frozenset((declarer,)))
            buried = Counter()
            for card in ranked_trumps:
                others = sum(known.played[s][card] for s in range(known.players) if s != declarer)
                mine = view.hand_counts[card] + known.played[me][card]
                elsewhere = max(
                    in_hands[card], others - known.played[me][card] + with_declarer[card]
                )
                buried[card] = known.preset.decks - mine - elsewhere
        taken: Counter[int] = Counter()
        swaps = []
        for _ in range(view.swap_count):
            pairs = [
                (s * NUM_RANKS + card % NUM_RANKS, card)
                for card in ranked_trumps
                if buried[card] > taken[card]
                and known.played[declarer][card] + known.high[declarer][card] > taken[card]
                for s in range(4)
                if s != card // NUM_RANKS
                and left[s * NUM_RANKS + card % NUM_RANKS] > 0
                and known.high[kitty][s * NUM_RANKS + card % NUM_RANKS]
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
        if known.me == known.taker:
            final = count_vector(apply_swaps(view.buried, swaps))
            for card in range(NUM_KINDS):
                extra = final[card] - low[kitty][card]
                if extra < 0 or extra > left[card]:
                    return None
                low[kitty][card] += extra
                left[card] -= extra
                room[kitty] -= extra
        for card, n in taken.items():  # the declarer took them (approximately: before play)
            extra = n - known.played[declarer][card] - low[declarer][card]
            if extra > 0:
                if (
                    extra > left[card]
                    or extra > room[declarer]
                    or low[declarer][card] + extra > known.high[declarer][card]
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
        known = self.constraints
        if place == known.kitty:  # the burial: the kitty without the swaps
            return low[place][card] - before_swaps[card]
        held = low[place][card] + known.played[place][card]
        return held + before_swaps[card] if place == known.declarer else held

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
        known = self.constraints
        if left[card] <= 0:
            return None
        options = [p for p in where if room[p] > 0 and known.high[p][card] > low[p][card]]
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
        known = self.constraints
        ordering = self.view.ordering
        assert ordering is not None
        order = ordering.order
        width = unit.shape.width
        top = order[unit.top]
        higher = [c for c in ordering.suit_cards[ordering.esuit[unit.top]] if order[c] > top]
        mine = self.view.hand_counts
        options = []
        for seat in range(known.players):
            if seat == thrower:
                continue
            before = known.suffix[seat][index]
            for card in higher:
                held = (mine[card] if seat == known.me else low[seat][card]) + before[card]
                if held >= width:
                    return True
                more = width - held
                if (
                    seat != known.me
                    and low[seat][card] + more <= known.high[seat][card]
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
        known = self.constraints
        hands = [row.copy() for row in low]
        copies = [c for c in range(NUM_KINDS) for _ in range(left[c])]
        rng.shuffle(copies)
        high = known.high
        active = [p for p in range(known.players + 1) if room[p] > 0]
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
        play runs with ``replay`` only (:func:`~zhaopengyou.bots.world_check.check_world`)."""
        return check_world(self.constraints, world, replay=replay)

    def admits(self, world: World) -> bool:
        """Whether ``world`` lies within this sampler's bounds: its draws can give it.
        (For tests: the true world always does.)"""
        return admits(self.constraints, world)

"""Following a lead, read plainly from RULES.md R-5: the count rules (R-5.1), the
reference profile procedure (R-5.2) for `zhaopengyou`, `qidong`, `tractor`, and
有对跟对，无对从大到小 for `shandong` (R-5.3). Everything is brute force: the profile
tries every choice of reservations, and the legal follows are every sub-multiset of the
right size that passes :func:`is_legal_follow`.

R-5.2's examples (level 2, ♥ trump):

>>> from zhaopengyou.engine.cards import parse_cards, format_cards
>>> from tests.oracle.order import RoundOrder
>>> from tests.oracle.units import counter
>>> o = RoundOrder("zhaopengyou", level=0, trump=1)
>>> def follows(lead, hand, decks=2):
...     units = lead_units_of(lead, o, decks)
...     found = legal_follows("zhaopengyou", counter(parse_cards(hand)), units, o)
...     return sorted(format_cards(p) for p in found)
>>> follows("5S 5S", "8S 8S 8S KS", decks=3)          # pair led: two ♠8
['♠8 ♠8']
>>> follows("3S 3S 4S 4S", "9S 9S QS QS AS")           # no tractor: both pairs
['♠9 ♠9 ♠Q ♠Q']
>>> follows("4S 4S 4S", "7S 7S 9S JS 3D", decks=3)     # triple led: ♠7♠7 and one more ♠
['♠7 ♠7 ♠9', '♠7 ♠7 ♠J']
>>> follows("AS AS", "KS 3D 4D")                        # R-5.1: ♠K and any other card
['♠K ♦3', '♠K ♦4']

Seed 003 (shandong, level A, ♠ trump): 有对跟对，无对从大到小 —

>>> s = RoundOrder("shandong", level=12, trump=0)
>>> def sd(lead, hand):
...     units = lead_units_of(lead, s, 2, "shandong")
...     found = legal_follows("shandong", counter(parse_cards(hand)), units, s)
...     return sorted(format_cards(p) for p in found)
>>> sd("6D 6D 7D 7D", "9D 9D JD QD 4D")               # one pair, then the highest ♦
['♦9 ♦9 ♦J ♦Q']
>>> sd("6D 6D 7D 7D", "9D 9D 10D 10D QD")             # a 刮风 is held: play it
['♦9 ♦9 ♦10 ♦10']
>>> sd("6H 7H 8H 9H 10H", "4H 6H 7H 8H QH KH")        # no rain: the five highest ♥
['♥6 ♥7 ♥8 ♥Q ♥K']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from zhaopengyou.engine.cards import Card, parse_cards

from .leads import (
    count_submultisets,
    holds,
    in_esuit,
    key,
    lead_units,
    shandong_units_held,
    submultisets,
)
from .order import RoundOrder
from .units import (
    TRACTOR,
    TUPLE,
    Unit,
    chains_in,
    counter,
    largest_first,
    one_esuit,
    shandong_unit,
    tuple_shape,
)


def lead_units_of(
    cards: str | Sequence[int], order: RoundOrder, decks: int, game: str | None = None
) -> list[Unit]:
    """The lead's format (R-6.1), from cards or card notation, for doctests and tests."""
    played = parse_cards(cards) if isinstance(cards, str) else cards
    return lead_units(game or order.game, played, order, decks)


class Profile(NamedTuple):
    tractors: int
    triples: int
    pairs: int


# --- R-5.2 ----------------------------------------------------------------------------


def _frozen(counts: Counter[Card]) -> tuple[tuple[Card, int], ...]:
    return tuple(sorted((c, n) for c, n in counts.items() if n > 0))


def profile(cards: Counter[Card], lead: Sequence[Unit], order: RoundOrder) -> Profile:
    """R-5.2 steps 1–3 on ``cards`` (cards of the led suit): the lexicographically
    greatest (tractors, triples, pairs) over every choice of reservations."""
    shapes = largest_first(u.shape for u in lead)
    tractors = [s for s in shapes if s.kind == TRACTOR]
    tuples = tuple(sorted(s.width for s in shapes if s.kind == TUPLE and s.width >= 2))
    memo: dict[object, Profile] = {}

    def step2(free: Counter[Card], needs: tuple[int, ...]) -> Profile:
        """Step 2: the best (0, triples, pairs) for the required tuples, w = 3 first."""
        state = (_frozen(free), needs)
        if state not in memo:
            best = Profile(0, 0, 0)
            if needs:
                width, rest = needs[-1], needs[:-1]
                held = [c for c in free if free[c] >= width]
                if not held:  # the requirement becomes a (w−1)-tuple plus a single
                    smaller = (*rest, width - 1) if width > 2 else rest
                    best = step2(free, tuple(sorted(smaller)))
                for card in held:
                    got = step2(free - Counter({card: width}), rest)
                    got = Profile(0, got.triples + (width == 3), got.pairs + (width == 2))
                    best = max(best, got)
            memo[state] = best
        return memo[state]

    def step1(free: Counter[Card], index: int, needs: tuple[int, ...]) -> Profile:
        """Step 1: each tractor unit of the lead, largest first."""
        if index == len(tractors):
            return step2(free, tuple(sorted(needs)))
        shape = tractors[index]
        chains = chains_in(free, shape.width, shape.length, order)
        if not chains:  # not matched: it becomes L tuples of width w (step 2)
            return step1(free, index + 1, needs + (shape.width,) * shape.length)
        best: Profile | None = None
        for chain in chains:
            got = step1(free - Counter({c: shape.width for c in chain}), index + 1, needs)
            got = Profile(got.tractors + 1, got.triples, got.pairs)
            best = got if best is None else max(best, got)
        assert best is not None
        return best

    return step1(Counter(cards), 0, tuples)


def reservations(
    cards: Counter[Card], lead: Sequence[Unit], order: RoundOrder
) -> set[tuple[Profile, tuple[tuple[Card, int], ...]]]:
    """Every outcome of R-5.2 steps 1–2: (profile, cards reserved), over all choices."""
    shapes = largest_first(u.shape for u in lead)
    tractors = [s for s in shapes if s.kind == TRACTOR]
    tuples = [s.width for s in shapes if s.kind == TUPLE and s.width >= 2]
    memo: dict[object, set[tuple[Profile, tuple[tuple[Card, int], ...]]]] = {}

    def step2(
        free: Counter[Card], needs: tuple[int, ...], done: Profile
    ) -> set[tuple[Profile, tuple[tuple[Card, int], ...]]]:
        """Step 2: each required w-tuple, w = 3 first, then w = 2."""
        state = ("2", _frozen(free), needs, done)
        if state in memo:
            return memo[state]
        out: set[tuple[Profile, tuple[tuple[Card, int], ...]]] = set()
        if not needs:
            out.add((done, ()))
        else:
            width = max(needs)
            rest = list(needs)
            rest.remove(width)
            held = [c for c in free if free[c] >= width]
            if not held:  # becomes a (w−1)-tuple plus a single
                smaller = (*rest, width - 1) if width - 1 >= 2 else tuple(rest)
                out = step2(free, tuple(sorted(smaller)), done)
            for card in held:
                left = free - Counter({card: width})
                more = Profile(
                    done.tractors,
                    done.triples + (width == 3),
                    done.pairs + (width == 2),
                )
                for got, used in step2(left, tuple(sorted(rest)), more):
                    out.add((got, _frozen(counter(used_cards(used)) + Counter({card: width}))))
        memo[state] = out
        return out

    def step1(
        free: Counter[Card], index: int, needs: tuple[int, ...], matched: int
    ) -> set[tuple[Profile, tuple[tuple[Card, int], ...]]]:
        """Step 1: each tractor unit of the lead, largest first."""
        state = ("1", _frozen(free), index, needs, matched)
        if state in memo:
            return memo[state]
        out: set[tuple[Profile, tuple[tuple[Card, int], ...]]] = set()
        if index == len(tractors):
            out = step2(free, tuple(sorted(needs)), Profile(matched, 0, 0))
        else:
            shape = tractors[index]
            chains = chains_in(free, shape.width, shape.length, order)
            if not chains:  # not matched: L tuples of width w
                out = step1(free, index + 1, needs + (shape.width,) * shape.length, matched)
            for chain in chains:
                taken = Counter({c: shape.width for c in chain})
                for got, used in step1(free - taken, index + 1, needs, matched + 1):
                    out.add((got, _frozen(counter(used_cards(used)) + taken)))
        memo[state] = out
        return out

    return step1(Counter(cards), 0, tuple(tuples), 0)


def used_cards(used: tuple[tuple[Card, int], ...]) -> list[Card]:
    return [c for c, n in used for _ in range(n)]


# --- R-5.3 ----------------------------------------------------------------------------


def strengths_high_first(cards: Counter[Card], order: RoundOrder) -> list[int]:
    return sorted((order.strength(c) for c in cards.elements()), reverse=True)


def is_highest(play: Counter[Card], pool: Counter[Card], order: RoundOrder) -> bool:
    """The play is the pool's highest cards (cards of equal order are interchangeable)."""
    n = sum(play.values())
    return strengths_high_first(play, order) == strengths_high_first(pool, order)[:n]


def holds_guafeng(suit: Counter[Card], length: int, order: RoundOrder) -> bool:
    """R-5.3: a 刮风 at least ``length`` long: a pair (length 1), or that many consecutive
    pairs of ordinary cards (R-3.5)."""
    if length == 1:
        return any(n >= 2 for n in suit.values())
    return bool(chains_in(suit, 2, length, order))


def shandong_follow_ok(
    suit: Counter[Card], play: Counter[Card], lead: Unit, order: RoundOrder
) -> bool:
    """R-5.3 for a follower holding more cards of the led suit than were led; ``suit``
    are those cards and ``play`` (all in the suit) the follow."""
    shape = lead.shape
    if shape.size == 1:
        return True  # a single: any card of S
    if shape.kind in (TUPLE, TRACTOR):  # a pair or a 刮风 of length L
        length = shape.length
        if holds_guafeng(suit, length, order):
            unit = shandong_unit(list(play.elements()), order)
            return unit is not None and unit.shape == tuple_shape(2, length)
        pairs_held = [c for c in suit if suit[c] >= 2]
        need = min(len(pairs_held), length)  # as many pairs as held, up to L
        for chosen in itertools.combinations(sorted(c for c in play if play[c] >= 2), need):
            taken = Counter({c: 2 for c in chosen})
            if is_highest(play - taken, suit - taken, order):
                return True
        return False
    # rain, snow, thunder, lightning: the same kind and size if held, else the highest.
    # Reading: "the same kind and size" is R-6.1's shape (a snow: its length and doubled
    # numbers), so that the follow can match the lead.
    if any(u.shape == shape for u in shandong_units_held(suit, order)):
        unit = shandong_unit(list(play.elements()), order)
        return unit is not None and unit.shape == shape
    return is_highest(play, suit, order)


# --- R-5.3 --------------------------------------------------------------


class FollowRules:
    """The follow obligations of one follower's hand against one lead, with the R-5.2
    best profile and the reachability of it computed once."""

    def __init__(
        self, game: str, hand: Counter[Card], lead: Sequence[Unit], order: RoundOrder
    ) -> None:
        self.game = game
        self.hand = Counter({c: n for c, n in hand.items() if n > 0})
        self.lead = list(lead)
        self.order = order
        cards = [c for u in lead for c in u.cards]
        esuit = one_esuit(cards, order)
        assert esuit is not None
        self.esuit = esuit
        self.n = len(cards)
        self.suit = in_esuit(self.hand, esuit, order)
        self.h = sum(self.suit.values())
        self._best: Profile | None = None
        self._reachable: bool | None = None

    @property
    def long(self) -> bool:
        """h > n: the structure rules apply (R-5.2, R-5.3)."""
        return self.h > self.n

    @property
    def best(self) -> Profile:
        if self._best is None:
            self._best = profile(self.suit, self.lead, self.order)
        return self._best

    def reachable(self) -> bool:
        """Does some play of n cards of S have the hand's best profile? RULES.md makes
        every follow illegal otherwise; the oracle then allows any n cards of S (see
        :meth:`is_legal`). Plays built on the hand's best reservations are tried first."""
        if self._reachable is None:
            self._reachable = self._search()
        return self._reachable

    def _search(self) -> bool:
        best = self.best
        for got, used in reservations(self.suit, self.lead, self.order):
            if got != best:
                continue
            core = counter(used_cards(used))
            rest = self.suit - core
            for filler in submultisets(rest, self.n - sum(core.values())):
                if profile(core + counter(filler), self.lead, self.order) == best:
                    return True
        return any(
            profile(counter(play), self.lead, self.order) == best
            for play in submultisets(self.suit, self.n)
        )

    def is_legal(self, play: Sequence[int]) -> bool:
        """R-5.1 – R-5.3: may these cards follow?

        **Gap in RULES.md** (several tractors in one throw): when no n cards of S reach
        the hand's best profile, R-5.2 would make every follow illegal; the oracle then
        accepts any n cards of S, as the engine documents.
        """
        if len(play) != self.n or not holds(self.hand, play):
            return False
        played = counter(play)
        in_suit = in_esuit(played, self.esuit, self.order)
        if not self.long:  # all h cards of S, plus any n − h others
            return in_suit == self.suit
        if in_suit != played:  # all n cards from S
            return False
        if self.game == "shandong":
            return shandong_follow_ok(self.suit, played, self.lead[0], self.order)
        if all(u.shape.width == 1 for u in self.lead):
            return True  # singles only: nothing to reserve
        if profile(played, self.lead, self.order) == self.best:
            return True
        return not self.reachable()

    def candidates(self) -> int:
        """How many plays :meth:`legal_follows` tries."""
        if self.long:
            return count_submultisets(self.suit, self.n)
        others = self.hand - self.suit
        return count_submultisets(others, self.n - self.h)

    def legal_follows(self) -> set[tuple[Card, ...]]:
        """Every distinct legal follow: with h > n, every n cards of S that pass
        :meth:`is_legal`; with h ≤ n, all of S plus every n − h other cards (R-5.1)."""
        if self.long:
            return {p for p in submultisets(self.suit, self.n) if self.is_legal(p)}
        others = self.hand - self.suit
        suit_cards = list(self.suit.elements())
        return {
            key([*suit_cards, *rest])
            for rest in submultisets(others, self.n - self.h)
            if self.is_legal([*suit_cards, *rest])
        }


def legal_follows(
    game: str, hand: Counter[Card], lead: Sequence[Unit], order: RoundOrder
) -> set[tuple[Card, ...]]:
    """Every distinct legal follow of ``lead`` (its format, R-6.1) from ``hand``."""
    return FollowRules(game, hand, lead, order).legal_follows()


def is_legal_follow(
    game: str, hand: Counter[Card], lead: Sequence[Unit], play: Sequence[int], order: RoundOrder
) -> bool:
    """R-5: may ``play`` follow ``lead`` from ``hand``?"""
    return FollowRules(game, hand, lead, order).is_legal(play)


__all__ = ["FollowRules", "Profile", "is_legal_follow", "legal_follows", "profile"]

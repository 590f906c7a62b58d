"""SearchBot: determinized Monte Carlo search over worlds the seat's view admits.

At its turn to play, the bot draws worlds (every hidden hand dealt consistently with
what it knows, :mod:`~zhaopengyou.bots.sampler`), plays each candidate move in every
world (the same world for all candidates, so that they are compared on equal cards)
and finishes the round with the heuristic bot in every seat; a candidate other than
the heuristic's own choice is played only when it did clearly better in those worlds
(see :func:`preferred_index`). The kitty taker's burial and the banker's friend call
are searched the same way, each candidate played out from the first trick
(:func:`~zhaopengyou.bots.world.first_trick`) in worlds drawn for the decision, and so
are bids once the deal is over: the heuristic's answer, a pass and bids of other
cards, played out from rounds completed at random
(:func:`~zhaopengyou.bots.world.deal_twin`). During the deal a bot answers at once.
Rollouts run until the time budget (``think`` seconds) or a fixed number of worlds
(``worlds``, which makes decisions reproducible) is spent; at least one world is
always played out. With a time budget the search ends early when the candidates come
out alike world after world, and a close call may take up to ``EXTENDED`` budgets.

The outcome of a rollout is the seat's R-10 score, with the attackers' points (R-9) as
a fine tie-break, so that a move that wins 20 more points counts even when the level
does not change. The rest of `shandong`'s bidding (declarations, give-back, swaps, and
the burial, which the declarer's swaps follow: cards change hands there) is the
heuristic bot's, as are the answers during the deal.

>>> from zhaopengyou.bots import HeuristicBot, play_round
>>> from zhaopengyou.engine import Round, get_preset
>>> rnd = Round(get_preset("tractor"), seed=3)
>>> bots = [SearchBot(seed=0, worlds=2), HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)]
>>> play_round(rnd, bots).result is not None
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, islice
from typing import TypeVar

from ..engine import Action, Bid, Bury, CallFriend, Pass, Play, Round, View
from ..engine.cards import CARD_POINTS, CARDS, TRUMP, Card
from ..engine.table import BID, BURY, CALL, DEAL, DONE, PLAY
from .friend import FriendEvidence, friend_chances
from .heuristic import HeuristicBot, judging_ordering
from .runner import play_round
from .sampler import SamplingError, WorldSampler
from .world import Contradiction, World, deal_twin, first_trick

MAX_LEADS = 10  # leads compared: the heuristic's and the first single units of the hand
MAX_FOLLOWS = 8  # follows compared: all when few, else distinct random ones
FOLLOW_DRAWS = 40  # random draws made to find distinct follow candidates
MAX_REDRAWS = 8  # worlds refused for a friend that fits the play badly, then one is kept
MAX_BURIALS = 6  # burials compared: the heuristic's, short suits emptied, no points
MAX_CALLS = 4  # friend calls compared: the heuristic's best few (and 独打 where legal)
MAX_BIDS = 4  # answers compared when asked for a bid: the heuristic's, a pass, other cards
TIE_WORLDS = 8  # candidates alike in this many worlds are taken as alike: the search stops
EXTENDED = 2.5  # a close call may take this many budgets (the median decision stays within one)

_World = TypeVar("_World")


class SearchBot:
    """Determinized Monte Carlo search for bids, burials, friend calls and plays; the
    heuristic bot for the rest."""

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        *,
        think: float = 0.2,
        worlds: int | None = None,
    ) -> None:
        if not think >= 0:
            raise ValueError("think must be a number of seconds, 0 or more")
        self.rng = random.Random(seed)
        self.think = think
        self.worlds = worlds
        self.heuristic = HeuristicBot(rng=random.Random(self.rng.random()))

    def act(self, view: View) -> Action | None:
        if view.phase is DEAL or view.phase is BID:
            return self.choose_bid(view)
        if view.to_act == view.seat and not view.must_give_back:
            if view.phase is PLAY:
                return self.choose_play(view)
            if view.phase is BURY and view.declarer is None:  # no swap to follow
                return self.choose_burial(view)
            if view.phase is CALL:
                return self.choose_friend(view)
        return self.heuristic.act(view)

    def _search(
        self,
        count: int,
        draw: Callable[[], _World],
        evaluate: Callable[[_World, int, random.Random], float],
    ) -> int:
        """The index of the candidate to take among ``count`` (0: the heuristic's), each
        evaluated in the same worlds from ``draw`` until the budget is spent. With a time
        budget, candidates that came out the same in every one of ``TIE_WORLDS`` worlds
        end the search early, and a close call (an alternative ahead of the heuristic's
        choice, not yet by enough) goes on, with only such alternatives, up to
        ``EXTENDED`` budgets."""
        values: list[list[float]] = [[] for _ in range(count)]
        live = list(range(count))  # candidates still played out in new worlds
        started = time.perf_counter()
        deadline = started + self.think
        while True:
            try:
                world = draw()
            except SamplingError:
                break
            rollout_seed = self.rng.getrandbits(32)
            for index in live:
                values[index].append(evaluate(world, index, random.Random(rollout_seed)))
            live = [i for i in live if i == 0 or not clearly_worse(values[0], values[i])]
            if self.worlds is not None:
                if len(values[0]) >= self.worlds:
                    break
                continue
            if len(live) == 1 or all_tied([values[i] for i in live]):
                break  # nothing left to compare
            now = time.perf_counter()
            if now + (now - started) / len(values[0]) > deadline:  # another world overruns
                live = close_calls(values, live)
                if len(live) == 1 or deadline >= started + EXTENDED * self.think:
                    break
                deadline = started + EXTENDED * self.think
        return preferred_index(values)

    # --- bids --------------------------------------------------------------------------

    def bid_candidates(self, view: View) -> list[Bid | Pass]:
        """The answers compared when polled after the deal (R-8.1): the heuristic bot's
        first, a pass, and the smallest bid of each other card it may show (another
        trump suit, or no-trump), strongest suit first. None during the deal, where a
        bot answers at once (a table deals on without waiting for it: the heuristic's
        answer stands), nor for `shandong`'s declarations, which move cards between
        hands (R-8.4)."""
        return self._bid_candidates(view, self.heuristic.act(view))

    def _bid_candidates(self, view: View, preferred: Action | None) -> list[Bid | Pass]:
        if view.phase is not BID or view.to_act != view.seat:
            return []
        bids = view.legal_bids()
        if (
            not bids
            or any(bid.bid_kind for bid in bids)
            or view.preset.bidding.cards_change_hands
        ):
            return []
        assert isinstance(preferred, Bid | Pass)
        found: list[Bid | Pass] = [preferred]
        if not isinstance(preferred, Pass):
            found.append(Pass())
        smallest: dict[Card, Bid] = {}
        for bid in sorted(bids, key=lambda b: len(b.cards)):
            smallest.setdefault(bid.cards[0], bid)
        others = sorted(smallest.values(), key=lambda b: -self.heuristic.bid_strength(view, b))
        for bid in others:
            if len(found) >= MAX_BIDS:
                break
            if not isinstance(preferred, Bid) or bid.cards[0] != preferred.cards[0]:
                found.append(bid)
        return found

    def choose_bid(self, view: View) -> Action | None:
        """The answer that did best over rounds completed at random from this seat's
        knowledge (:func:`~zhaopengyou.bots.world.deal_twin`) and played out by the
        heuristic bot in every seat; the heuristic's answer when there is no choice."""
        preferred = self.heuristic.act(view)
        candidates = self._bid_candidates(view, preferred)
        if len(candidates) <= 1:
            return preferred
        seat = view.seat
        assert seat is not None

        def draw() -> Round:
            try:
                return deal_twin(view, random.Random(self.rng.getrandbits(32)))
            except Contradiction:
                raise SamplingError("no deal fits this view") from None

        def evaluate(twin: Round, index: int, rng: random.Random) -> float:
            rnd = twin.clone()
            answer = candidates[index]
            rnd.apply(seat, answer)
            play_round(rnd, [HeuristicBot(rng=rng)] * view.preset.players)
            return outcome(rnd, seat)

        return candidates[self._search(len(candidates), draw, evaluate)]

    # --- the kitty and the friend ------------------------------------------------------

    def burial_candidates(self, view: View) -> list[tuple[Card, ...]]:
        """Burials compared (R-7.1): the heuristic's first, then ones that empty one or
        two short off-suits (voids to trump with) and one that keeps every point card."""
        ordering = judging_ordering(view)
        esuit = ordering.esuit
        size = view.preset.kitty_size
        order = self.heuristic.burial_order(view)
        found: dict[tuple[Card, ...], None] = {_sorted_cards(order[:size]): None}
        lengths = {s: sum(1 for c in order if esuit[c] == s) for s in range(TRUMP)}
        short = sorted((s for s, n in lengths.items() if 0 < n <= size), key=lengths.__getitem__)
        groups = [[s] for s in short] + [
            [a, b] for a, b in combinations(short, 2) if lengths[a] + lengths[b] <= size
        ]
        for group in groups:
            voided = [c for c in order if esuit[c] in group]
            rest = [c for c in order if esuit[c] not in group]
            found.setdefault(_sorted_cards(voided + rest[: size - len(voided)]), None)
        pointless = [c for c in order if not CARD_POINTS[c]]
        if len(pointless) >= size:
            found.setdefault(_sorted_cards(pointless[:size]), None)
        return list(found)[:MAX_BURIALS]

    def choose_burial(self, view: View) -> Bury:
        """The burial that did best over worlds played out from the first trick, with
        the heuristic's friend call for each where a friend is called."""
        candidates = self.burial_candidates(view)
        calls = [self._call_after(view, burial) for burial in candidates]
        return Bury(candidates[self._first_trick_search(view, candidates, calls)])

    def _call_after(self, view: View, burial: Sequence[Card]) -> CallFriend | None:
        """The heuristic's call once ``burial`` is buried; None where no friend is called."""
        if not view.preset.called_friend:
            return None
        hand = list(view.hand_counts)
        for card in burial:
            hand[card] -= 1
        sizes = list(view.hand_sizes)
        assert view.seat is not None
        sizes[view.seat] -= len(burial)
        after = view._replace(
            phase=CALL, hand_counts=tuple(hand), hand_sizes=tuple(sizes), buried=tuple(burial)
        )
        return self.heuristic.choose_friend(after)

    def call_candidates(self, view: View) -> list[CallFriend]:
        """Friend calls compared (R-9): the heuristic's best few, its choice first, and
        独打 where allowed."""
        ranked = self.heuristic.rank_friend_calls(view)
        candidates = ranked[:MAX_CALLS]
        solo = CallFriend(solo=True)
        if solo in ranked and solo not in candidates:
            candidates.append(solo)
        return candidates

    def choose_friend(self, view: View) -> CallFriend:
        """The call that did best over worlds played out from the first trick."""
        candidates = self.call_candidates(view)
        burials = [view.buried] * len(candidates)
        return candidates[self._first_trick_search(view, burials, candidates)]

    def _first_trick_search(
        self,
        view: View,
        burials: Sequence[Sequence[Card]],
        calls: Sequence[CallFriend | None],
    ) -> int:
        seat = view.seat
        assert seat is not None
        if len(burials) == 1:
            return 0
        try:
            sampler = WorldSampler(view)
        except ValueError:
            return 0

        def evaluate(world: World, index: int, rng: random.Random) -> float:
            rnd = first_trick(view, world, burials[index], calls[index])
            return self.play_out(rnd, seat, rng)

        return self._search(len(burials), lambda: sampler.sample(self.rng), evaluate)

    # --- plays ---------------------------------------------------------------------------

    def candidates(self, view: View) -> list[tuple[Card, ...]]:
        """The plays compared: the heuristic's choice first, then distinct others."""
        preferred = self.heuristic.choose_play(view).cards
        found: dict[tuple[Card, ...], None] = {tuple(sorted(preferred)): None}
        if view.is_leading:
            for cards in lead_choices(view):
                found.setdefault(tuple(sorted(cards)), None)
                if len(found) >= MAX_LEADS:
                    break
        else:
            few = list(islice(view.legal_plays(), MAX_FOLLOWS + 1))
            if len(few) <= MAX_FOLLOWS:
                for cards in few:
                    found.setdefault(tuple(sorted(cards)), None)
            else:
                for _ in range(FOLLOW_DRAWS):
                    found.setdefault(tuple(sorted(view.random_play(self.rng).cards)), None)
                    if len(found) >= MAX_FOLLOWS:
                        break
        return list(found)

    def choose_play(self, view: View) -> Play:
        candidates = self.candidates(view)
        if len(candidates) == 1:
            return Play(candidates[0])
        seat = view.seat
        assert seat is not None
        try:
            sampler = WorldSampler(view)
        except ValueError:
            return Play(candidates[0])
        evidence = FriendEvidence(view)

        def evaluate(twin: Round, index: int, rng: random.Random) -> float:
            return self.rollout(twin, seat, candidates[index], rng)

        return Play(
            candidates[
                self._search(len(candidates), lambda: self._draw(sampler, evidence), evaluate)
            ]
        )

    def _draw(self, sampler: WorldSampler, evidence: FriendEvidence) -> Round:
        """A world's round, kept with a chance in proportion to how well its friend fits
        the seats' play (rejection sampling; after a few refusals the next one is kept)."""
        top = evidence.top_weight()
        for _ in range(MAX_REDRAWS):
            _world, twin = sampler.sample_round(self.rng)
            if self.rng.random() * top < evidence.weight(twin.friend):
                return twin
        return sampler.sample_round(self.rng)[1]

    def friend_chances(self, view: View, worlds: int = 64) -> dict[int | None, float]:
        """Each seat's chance of being the hidden friend (None: the banker is alone),
        from ``worlds`` sampled worlds weighed by the seats' play; {} if none can be
        drawn.

        >>> from zhaopengyou.bots import HeuristicBot, play_round
        >>> from zhaopengyou.engine import Round, get_preset
        >>> from zhaopengyou.engine.table import PLAY
        >>> rnd = play_round(Round(get_preset("zhaopengyou"), seed=5), [HeuristicBot(1)] * 5,
        ...                  until=lambda r: r.phase is PLAY and len(r.tricks) == 2)
        >>> chances = SearchBot(1).friend_chances(rnd.view(rnd.to_act))
        >>> round(sum(chances.values()), 9), rnd.to_act in chances or rnd.to_act == rnd.banker
        (1.0, True)
        """
        evidence = FriendEvidence(view)
        try:
            sampler = WorldSampler(view)
            friends = [sampler.sample_round(self.rng)[1].friend for _ in range(worlds)]
        except (ValueError, SamplingError):
            return {}
        return friend_chances(evidence, friends)

    def rollout(self, twin: Round, seat: int, cards: Sequence[Card], rng: random.Random) -> float:
        """Play ``cards`` for ``seat`` in a copy of ``twin``, finish the round with the
        heuristic bot in every seat (seeing the world's hands only through each seat's
        view), and value the end for ``seat``."""
        rnd = twin.clone()
        rnd.apply(seat, Play(tuple(cards)))
        return self.play_out(rnd, seat, rng)

    @staticmethod
    def play_out(rnd: Round, seat: int, rng: random.Random) -> float:
        """Finish ``rnd`` (changed in place) with the heuristic bot in every seat, each
        seeing the world's hands only through its own view, and value the end for
        ``seat``."""
        policy = HeuristicBot(rng=rng)
        while rnd.phase is not DONE:
            actor = rnd.to_act
            assert actor is not None
            rnd.apply(actor, policy.choose_play(rnd.view(actor)))
        return outcome(rnd, seat)


def _sorted_cards(cards: Iterable[int]) -> tuple[Card, ...]:
    return tuple(CARDS[c] for c in sorted(cards))


def lead_choices(view: View) -> list[tuple[Card, ...]]:
    """Single-unit leads that differ in kind: for each suit and shape (single, pair,
    tractor …), the strongest unit and the weakest, the kinds with the most cards first.

    >>> from zhaopengyou.engine import Round, format_cards, get_preset
    >>> rnd = Round.from_hands(get_preset("tractor"), ["AS KS KS 3S 4H", "5S 6S 7S 8S 9S",
    ...     "5H 6H 7H 8H 9H", "5C 6C 7C 8C 9C"], level_rank="2", trump_suit="D", banker=0)
    >>> [format_cards(cards) for cards in lead_choices(rnd.view(0))]
    ['♠K ♠K', '♠A', '♠3', '♥4']
    """
    ordering = view.ordering
    assert ordering is not None
    strength = ordering.order
    kinds: dict[tuple[int, object], list[tuple[Card, ...]]] = {}
    for unit in view.preset.iter_lead_units(view.hand_counts, ordering):
        kinds.setdefault((ordering.esuit[unit.top], unit.shape), []).append(unit.cards)
    chosen: list[tuple[Card, ...]] = []
    for units in sorted(kinds.values(), key=lambda units: -len(units[0])):
        units.sort(key=lambda cards: strength[cards[-1]], reverse=True)
        chosen.extend(units[:1] + units[-1:] if len(units) > 1 else units)
    return chosen


def preferred_index(values: Sequence[Sequence[float]], margin: float = 1.0) -> int:
    """The candidate to play: the heuristic's (index 0) unless another did better in the
    same worlds by more than ``margin`` standard errors of the paired differences; with
    few worlds the estimates are noisy, and a noisy switch loses more than it wins. A
    candidate dropped early (see :func:`clearly_worse`) has fewer values: it is compared
    on the worlds it was played in.

    >>> preferred_index([[0, 0, 0], [1, 1, 1]]), preferred_index([[0, 0, 0], [3, -2, 0]])
    (1, 0)
    """
    best, best_low = 0, 0.0
    for index in range(1, len(values)):
        gain = paired_gain(values[0], values[index])
        if gain is not None and gain[0] - margin * gain[1] > best_low:
            best, best_low = index, gain[0] - margin * gain[1]
    return best


def paired_gain(reference: Sequence[float], other: Sequence[float]) -> tuple[float, float] | None:
    """The mean gain of ``other`` over ``reference`` in the worlds both were played in,
    and its standard error; None with fewer than two such worlds."""
    worlds = min(len(reference), len(other))
    if worlds < 2:
        return None
    gains = [other[w] - reference[w] for w in range(worlds)]
    mean = sum(gains) / worlds
    spread = (sum((g - mean) ** 2 for g in gains) / (worlds - 1)) ** 0.5
    return mean, spread / worlds**0.5


def all_tied(values: Sequence[Sequence[float]]) -> bool:
    """Whether the candidates' values are the same in every world, over at least
    ``TIE_WORLDS`` worlds (late in a round most plays end the same way).

    >>> all_tied([[1.0] * 8, [1.0] * 8]), all_tied([[1.0] * 8, [1.0] * 7 + [2.0]])
    (True, False)
    """
    first = values[0]
    return len(first) >= TIE_WORLDS and all(other == first for other in values[1:])


def close_calls(values: Sequence[Sequence[float]], live: Sequence[int]) -> list[int]:
    """The heuristic's choice (0) and the live alternatives worth more worlds: ahead of
    it on average in the worlds played, when the choice among them is not yet clear
    (some such alternative is not the one :func:`preferred_index` would take);
    ``[0]`` alone when more worlds would not change the answer.

    >>> close_calls([[0, 0, 0], [1, -1, 1], [-1, -1, 0]], [0, 1, 2])
    [0, 1]
    >>> close_calls([[0, 0, 0], [1, 1, 1], [-1, -1, 0]], [0, 1, 2])
    [0]
    """
    chosen = preferred_index(values)
    ahead = [
        i for i in live if i != 0 and (gain := paired_gain(values[0], values[i])) and gain[0] > 0
    ]
    if all(i == chosen for i in ahead):
        return [0]
    return [0, *ahead]


def clearly_worse(reference: Sequence[float], other: Sequence[float]) -> bool:
    """Whether ``other`` already lost to the reference by more than two standard errors
    over at least four worlds: it will not be chosen, so it needs no more rollouts.

    >>> clearly_worse([1, 1, 1, 1], [0, 0, 0.1, 0]), clearly_worse([1, 1], [0, 0])
    (True, False)
    """
    gain = paired_gain(reference, other)
    return gain is not None and len(other) >= 4 and gain[0] + 2 * gain[1] < 0


def outcome(rnd: Round, seat: int) -> float:
    """The seat's R-10 score, plus the attackers' points in level bands (R-9.4): a score
    moves in steps of a band, and the points between steps tell near misses apart, which
    makes the comparison of two moves in the same worlds far less noisy."""
    result = rnd.result
    assert result is not None
    bands = result.attackers_points / rnd.preset.level_unit
    attacking = seat not in result.banker_side
    return result.scores[seat] + (bands if attacking else -bands)


__all__ = [
    "SearchBot",
    "all_tied",
    "clearly_worse",
    "close_calls",
    "outcome",
    "paired_gain",
    "preferred_index",
]

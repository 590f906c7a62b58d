"""HeuristicBot: plays sensibly from its own view, with simple card counting.

It follows with low cards when the trick is lost, adds points when its side wins,
wins points when it can, leads sure winners (throwing them together when they are
all sure), bids on strong trump holdings, buries low cards without points, and
calls a friend card it lacks.

Its card counting (:mod:`.knowledge`) is kept per seat, trick by trick: it folds in only
the tricks finished since it last counted, and only when a decision reads the count.
Its follows are built legal from the hand (R-5): every card when one card is led, else
the structure R-5.2 requires with chosen fillers; none is drawn at random or checked
one by one, so the bot is deterministic.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Iterable, Sequence

from ..engine import Action, Bid, Bury, CallFriend, GiveBack, Pass, Play, Swap, View
from ..engine.cards import CARD_POINTS, CARDS, NUM_KINDS, NUM_RANKS, SMALL_JOKER, TRUMP, Card
from ..engine.follow import best_cores, format_size
from ..engine.ordering import Ordering
from ..engine.presets import Preset
from ..engine.table import BID, BURY, CALL, DEAL, SWAP
from ..engine.tricks import PlayRank, unit_is_beaten
from ..engine.units import TRACTOR, TUPLE, Shape, Unit, tractor_paths, tuple_shape
from .knowledge import CardMemory, Knowledge

MAX_CANDIDATES = 60


def _value(card: int, ordering: Ordering) -> float:
    """How much a card is worth keeping: trumps and high cards high, points extra."""
    base = ordering.order[card] + (40 if ordering.esuit[card] == TRUMP else 0)
    return base + CARD_POINTS[card] * 1.5


@functools.lru_cache(maxsize=256)
def _values(ordering: Ordering) -> tuple[float, ...]:
    """:func:`_value` of every card kind under ``ordering`` (orderings are shared)."""
    return tuple(_value(card, ordering) for card in range(NUM_KINDS))


FEED, KEEP, SAVE = 0, 1, 2  # a partner wins securely / insecurely; an opponent wins


@functools.lru_cache(maxsize=256)
def _fill_scores(ordering: Ordering, mode: int) -> tuple[float, ...]:
    """What each card adds to the score of a follow that does not win the trick:
    :meth:`HeuristicBot.choose_follow`'s score, card by card."""
    values = _values(ordering)
    if mode == FEED:
        return tuple(CARD_POINTS[c] * 3 - values[c] * 0.2 for c in range(NUM_KINDS))
    if mode == KEEP:
        return tuple(-values[c] * 0.3 for c in range(NUM_KINDS))
    return tuple(-CARD_POINTS[c] * 4 - values[c] * 0.3 for c in range(NUM_KINDS))


def judging_ordering(view: View) -> Ordering:
    """The card order to judge a hand by: the view's, or without a trump suit while a
    hidden one is unknown to this seat (R-8.4)."""
    return view.ordering or view.preset.ordering(view.level_rank, None)


def _counts(cards: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
    return counts


class HeuristicBot:
    """A sensible rule-based player; deterministic (``seed`` and ``rng`` are accepted
    for the bot interface). One bot may play several seats and rounds: its card
    memory is kept per seat and starts again with each round."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(seed)
        self._memories: dict[int, CardMemory] = {}

    def act(self, view: View) -> Action | None:
        phase = view.phase
        if view.must_give_back:
            return self.choose_give_back(view)
        if phase is SWAP:
            return self.choose_swaps(view)
        if phase is DEAL or phase is BID:
            bid = self.choose_bid(view)
            if bid is None:
                return None if phase is DEAL else Pass()
            return bid
        if phase is BURY:
            return self.choose_burial(view)
        if phase is CALL:
            return self.choose_friend(view)
        return self.choose_play(view)

    # --- bidding ---------------------------------------------------------------------

    def trump_strength(self, view: View, suit: int | None) -> float:
        """Share of the hand that would be trump with ``suit`` (None: no-trump)."""
        preset = view.preset
        ordering = preset.ordering(view.level_rank, suit)
        held = sum(view.hand_counts)
        if not held:
            return 0.0
        trumps = sum(n for c, n in enumerate(view.hand_counts) if ordering.esuit[c] == TRUMP)
        return trumps / held

    def bid_strength(self, view: View, bid: Bid) -> float:
        """How well the hand would do with the trump ``bid`` names: its card's suit, or
        no-trump for a joker (R-8.2, R-8.3), discounted as no-trump spreads them thin."""
        card = bid.cards[0]
        suit = None if card >= SMALL_JOKER else card // NUM_RANKS
        strength = self.trump_strength(view, suit)
        return strength * 0.9 if suit is None else strength

    def choose_bid(self, view: View) -> Bid | None:
        bids = view.legal_bids()
        if not bids:
            return None
        if any(b.bid_kind for b in bids):
            return self.choose_declaration(view, bids)
        progress = view.cards_dealt / max(1, view.preset.hand_size * view.preset.players)
        best: tuple[float, Bid] | None = None
        for bid in bids:
            strength = self.bid_strength(view, bid)
            if best is None or strength > best[0]:
                best = (strength, bid)
        assert best is not None
        strength, bid = best
        # Early in the deal only a clearly strong suit is worth showing; the bar drops
        # as the hand fills, and a weak hand still bids at the end to avoid a redeal.
        bar = 0.42 - 0.12 * progress
        if view.phase is BID and not view.bids and view.banker is None:
            bar = 0.0
        if strength >= bar:
            # Show as few cards as needed: the weakest legal bid of the chosen card.
            same = [b for b in bids if b.cards[0] == bid.cards[0]]
            return min(same, key=lambda b: len(b.cards))
        return None

    def choose_declaration(self, view: View, bids: list[Bid]) -> Bid | None:
        """山东升级 (R-8.4): add a twin joker, 粘 an opponent, 亮 or 顶 a long suit."""
        for kind in ("add", "zhan"):
            of_kind = [b for b in bids if b.bid_kind == kind]
            if of_kind:
                return min(of_kind, key=lambda b: len(b.cards))
        progress = view.cards_dealt / max(1, view.preset.hand_size * view.preset.players)
        bar = 0.42 - 0.12 * progress
        if view.phase is BID and not view.bids and view.banker is None:
            bar = 0.0  # round 1: a weak declaration beats a redeal
        scored = []
        for bid in bids:
            suit = next(c for c in bid.cards if c < SMALL_JOKER) // NUM_RANKS
            bonus = 0.05 if bid.bid_kind == "ding" else 0.0
            scored.append((self.trump_strength(view, suit) - bonus, bid))
        strength, bid = max(scored, key=lambda item: (item[0], item[1].cards))
        return bid if strength >= bar else None

    def choose_give_back(self, view: View) -> GiveBack:
        """After a 粘: the cheapest 常主 and the cheapest other cards (R-8.4)."""
        ordering = judging_ordering(view)
        cards = sorted(
            (c for c in range(NUM_KINDS) for _ in range(view.hand_counts[c])),
            key=lambda c: (_value(c, ordering), c),
        )
        fixed = [c for c in cards if view.preset.is_fixed_trump(c)]
        first = fixed[0]
        cards.remove(first)
        return GiveBack(tuple(CARDS[c] for c in [first, *cards[: view.must_give_back - 1]]))

    def choose_swaps(self, view: View) -> Swap:
        """Take better trumps out of the kitty for same-rank cards of weaker suits."""
        ordering = view.ordering
        assert ordering is not None
        options = view.legal_swaps()

        def gain(pairs: tuple[tuple[Card, Card], ...]) -> int:
            return sum(ordering.order[kitty] - ordering.order[hand] for hand, kitty in pairs)

        return Swap(max(options, key=lambda p: (gain(p), -len(p))))

    # --- kitty and friend ------------------------------------------------------------

    def choose_burial(self, view: View) -> Bury:
        cards = self.burial_order(view)[: view.preset.kitty_size]
        return Bury(tuple(CARDS[c] for c in cards))

    def burial_order(self, view: View) -> list[int]:
        """The hand's cards (one entry per copy), the first to bury first: low cards
        without points, of short off-suits, not in pairs."""
        ordering = judging_ordering(view)
        hand = list(view.hand_counts)
        # Short off-suits are worth emptying: burying them makes voids for trumping.
        suit_len = [sum(hand[c] for c in ordering.suit_cards[s]) for s in range(4)]

        def keep_score(card: int) -> float:
            score = _value(card, ordering)
            if ordering.esuit[card] != TRUMP:
                score += suit_len[ordering.esuit[card]] * 0.8
                if hand[card] >= 2:
                    score += 8  # pairs are worth more than singles
            return score + (25 if CARD_POINTS[card] else 0)

        return sorted((c for c in range(NUM_KINDS) for _ in range(hand[c])), key=keep_score)

    def choose_friend(self, view: View) -> CallFriend:
        return self.rank_friend_calls(view)[0]

    def rank_friend_calls(self, view: View) -> list[CallFriend]:
        """The calls worth making, best first (R-9): cards the banker lacks (any legal
        card when it holds them all) by how good a partner they make, and 独打 where
        legal, first only with a crushing hand."""
        calls = view.legal_friend_calls()
        ordering = view.ordering
        assert ordering is not None
        hand = view.hand_counts
        plain = [c for c in calls if c.card is not None and not c.solo]
        lacking = [c for c in plain if c.card is not None and not view.hand_counts[c.card]]
        plain = lacking or plain  # a card we lack makes a real partner (qidong: a single)
        solo = CallFriend(solo=True)
        if not plain:
            return [solo]  # forced solo
        decks = view.preset.decks

        def call_score(call: CallFriend) -> tuple[float, int]:
            card = call.card
            assert card is not None
            held = hand[card]
            buried = sum(1 for b in view.buried if b == card)
            if held + buried >= decks:
                return (-100.0, card)  # nobody else could be the friend
            off = ordering.esuit[card] != TRUMP
            top = ordering.order[card] == max(
                ordering.order[c] for c in ordering.suit_cards[ordering.esuit[card]]
            )
            suit_len = sum(hand[c] for c in ordering.suit_cards[ordering.esuit[card]])
            # A top off-suit card we lack, in a suit we hold a little of, makes a
            # friend who wins our leads in that suit.
            score = (30 if top and off else 0) + (10 if not held else 0) + min(suit_len, 4)
            score += 5 if off else 0
            return (score, card)

        ranked = sorted(plain, key=call_score, reverse=True)
        if solo not in calls:
            return ranked
        return [solo, *ranked] if self.goes_solo(view, ordering) else [*ranked, solo]

    def goes_solo(self, view: View, ordering: Ordering) -> bool:
        """独打 only with a crushing hand: most cards trump and the top trumps held."""
        hand = view.hand_counts
        total = sum(hand)
        trumps = sum(hand[c] for c in ordering.suit_cards[TRUMP])
        top = sum(hand[c] for c in ordering.suit_cards[TRUMP][-6:])  # jokers, level cards
        return trumps >= 0.6 * total and top >= 6

    # --- playing ---------------------------------------------------------------------

    def knowledge(self, view: View) -> Knowledge:
        """The seat's card knowledge at this view (equal to ``Knowledge(view)``), from
        this seat's :class:`CardMemory`: only the tricks it has not counted yet are
        folded in, when the knowledge is first read."""
        seat = view.seat
        assert seat is not None  # a bot plays a seat, never a spectator's view
        memory = self._memories.get(seat)
        if memory is None:
            memory = self._memories[seat] = CardMemory()
        return memory.knowledge(view)

    def choose_play(self, view: View) -> Play:
        ordering = view.ordering
        assert ordering is not None
        know = self.knowledge(view)
        if view.is_leading:
            return self.choose_lead(view, know, ordering)
        return self.choose_follow(view, know, ordering)

    def _sure_units(self, units: Sequence[Unit], know: Knowledge, ordering: Ordering) -> list[Unit]:
        """The units no unseen cards could beat in their suit (R-4.3 against all others)
        and, off trump, that no opponent known to be void could trump."""
        esuit, order = ordering.esuit, ordering.order
        unseen = know.unseen
        voids = know.voids
        opponents = know.opponents()
        trumpable = [any(suit in voids[s] for s in opponents) for suit in range(TRUMP)]
        trumpable.append(False)
        tops: dict[tuple[int, int], int] = {}  # (suit, width): top order of an unseen tuple
        sure = []
        for unit in units:
            shape = unit.shape
            if shape.kind not in (TUPLE, TRACTOR):
                continue  # 山东升级 specials: no quick certainty, judged by cost instead
            top = unit.top
            suit = esuit[top]
            if trumpable[suit]:
                continue
            if shape.length == 1:
                width = shape.width
                best = tops.get((suit, width))
                if best is None:
                    best = -1
                    for card in ordering.suit_cards[suit]:
                        if unseen[card] >= width and order[card] > best:
                            best = order[card]
                    tops[suit, width] = best
                if best > order[top]:
                    continue
            elif unit_is_beaten(unit, unseen, ordering):
                continue
            sure.append(unit)
        return sure

    def choose_lead(self, view: View, know: Knowledge, ordering: Ordering) -> Play:
        hand = view.hand_counts
        preset = view.preset
        esuit = ordering.esuit
        units = _lead_units(preset, hand, ordering)
        sure = self._sure_units(units, know, ordering)
        if sure and preset.throws:
            for suit in range(TRUMP):  # a whole off suit of winners, thrown at once
                in_suit = [u for u in sure if esuit[u.top] == suit]
                if not in_suit:
                    continue
                cards = _best_cover(in_suit, hand, ordering)
                held = sum(hand[c] for c in ordering.suit_cards[suit])
                if len(cards) >= 2 and len(cards) == held:
                    return Play(tuple(CARDS[c] for c in cards))
        if sure:
            order = ordering.order
            best = max(
                sure,
                key=lambda u: (
                    u.shape.size,
                    sum(CARD_POINTS[c] for c in u.cards),
                    order[u.top],
                ),
            )
            return Play(best.cards)
        # Otherwise: something cheap from a short off-suit, avoiding points; the banker's
        # side with many trumps draws trumps with a low structure.
        suit_len = [sum(hand[c] for c in ordering.suit_cards[s]) for s in range(TRUMP + 1)]
        total = sum(hand)
        draws_trumps = suit_len[TRUMP] * 2 > total and know.on_banker_side()
        values = _values(ordering)

        def lead_score(unit: Unit) -> float:
            suit = esuit[unit.top]
            cards = unit.cards
            cost = sum(values[c] for c in cards) / len(cards)
            score = -cost + 6 * (unit.shape.size - 1)
            if suit != TRUMP:
                score -= suit_len[suit] * 0.5
            elif draws_trumps:
                score += 10
            else:
                score -= 15
            score -= 4 * sum(CARD_POINTS[c] for c in cards) / 5
            return score

        return Play(max(units, key=lead_score).cards)

    def choose_follow(self, view: View, know: Knowledge, ordering: Ordering) -> Play:
        preset = view.preset
        shapes = view.lead_shapes
        suit = view.lead_suit
        assert suit is not None
        current = view.current
        play_rank = preset.play_rank
        ranks = [play_rank(shapes, suit, p.cards, ordering) for p in current]
        best_index = 0
        for i, rank in enumerate(ranks):
            best_rank = ranks[best_index]
            if rank is not None and best_rank is not None and rank > best_rank:
                best_index = i
        winning_rank = ranks[best_index]
        assert winning_rank is not None
        winner = current[best_index].seat
        friendly = winner in know.partners()
        last = len(current) == preset.players - 1
        trick_points = sum(CARD_POINTS[c] for p in current for c in p.cards)
        secure = last or _likely_holds(winning_rank)
        values = _values(ordering)

        def score(cards: tuple[int, ...]) -> float:
            if len(cards) == 1:
                cost, points = values[cards[0]], CARD_POINTS[cards[0]]
            else:
                cost = sum(values[c] for c in cards)
                points = sum(CARD_POINTS[c] for c in cards)
            rank = play_rank(shapes, suit, cards, ordering)
            wins = rank is not None and rank > winning_rank
            if friendly:
                # Partner is ahead: feed points, unless overtaking is needed to keep it.
                if secure:
                    return points * 3 - cost * 0.2 - (30 if wins else 0)
                return (points + trick_points) * 2 - cost * 0.3 if wins else -cost * 0.3
            if wins:
                safe = last or _rank_safe(rank)
                value = trick_points + points + (15 if safe else 5)
                return value * (2 if safe else 1) - cost * 0.25
            return -points * 4 - cost * 0.3

        # Fillers are also chosen by what a card adds to a play that does not win.
        mode = (FEED if secure else KEEP) if friendly else SAVE
        candidates = self._follow_candidates(view, shapes, suit, ordering, mode)
        return Play(tuple(CARDS[c] for c in max(candidates, key=score)))

    def _follow_candidates(
        self,
        view: View,
        shapes: Sequence[Shape],
        suit: int,
        ordering: Ordering,
        mode: int = SAVE,
    ) -> list[tuple[int, ...]]:
        """A manageable set of legal follows, built legal (R-5): every single when one
        card is led; else structured cores (R-5.2) with cheap, dear, pointy or fillers
        preferred in ``mode`` (see :func:`_fill_scores`), trumping plays when void, the
        forced plays of R-5.3."""
        hand = view.hand_counts
        preset = view.preset
        esuit = ordering.esuit
        n = format_size(shapes)
        suit_cards = ordering.suit_cards[suit]
        held = 0
        for card in suit_cards:
            held += hand[card]
        if n == 1:  # any card of the led suit, or any card at all when void
            kinds = suit_cards if held else range(NUM_KINDS)
            return sorted((c,) for c in kinds if hand[c])
        values = _values(ordering)
        fill = _fill_scores(ordering, mode)
        found: set[tuple[int, ...]] = set()

        def by_value(cards: Iterable[int]) -> list[int]:
            return sorted(cards, key=lambda c: (values[c], c))

        def preferred(cards: Iterable[int]) -> list[int]:
            return sorted(cards, key=lambda c: (-fill[c], c))

        def pointy(cards: Iterable[int]) -> list[int]:
            return sorted(cards, key=lambda c: (-CARD_POINTS[c], values[c]))

        if held > n and preset.special_units:
            # leaves few follows (a unit of the led shape, or the highest cards).
            for play in itertools.islice(
                preset.iter_follows(hand, suit, shapes, ordering), MAX_CANDIDATES
            ):
                found.add(tuple(sorted(play)))
        elif held <= n:  # all of the suit and any others
            base = [c for c in suit_cards for _ in range(hand[c])]
            need = n - held
            rest = [c for c in range(NUM_KINDS) if esuit[c] != suit for _ in range(hand[c])]
            cheap = by_value(c for c in rest if esuit[c] != TRUMP)
            cheap += by_value(c for c in rest if esuit[c] == TRUMP)
            for filler in (cheap, pointy(rest), preferred(rest)):
                found.add(tuple(sorted(base + filler[:need])))
            if held == 0 and suit != TRUMP:
                found.update(_trump_plays(view, hand, shapes, ordering, n, values))
        else:  # a best reservation, then any cards of the suit
            _, cores = best_cores(list(hand), suit_cards, shapes, ordering)
            for core in cores[:MAX_CANDIDATES]:
                left = list(hand)
                core_cards = [c for c, k in core for _ in range(k)]
                for card in core_cards:
                    left[card] -= 1
                pool = by_value(c for c in suit_cards for _ in range(left[c]))
                need = n - len(core_cards)
                found.add(tuple(sorted(core_cards + pool[:need])))
                found.add(tuple(sorted(core_cards + pool[len(pool) - need :])))
                found.add(tuple(sorted(core_cards + pointy(pool)[:need])))
                found.add(tuple(sorted(core_cards + preferred(pool)[:need])))
            if sum(1 for s in shapes if s.length >= 2) >= 2:
                # Several tractors led: a play holding a best reservation may still fall
                # short of the hand's profile (see follow_error), so check each.
                found = {
                    cards
                    for cards in found
                    if preset.follow_error(hand, _counts(cards), suit, shapes, ordering) is None
                }
                if not found:
                    for play in itertools.islice(
                        preset.iter_follows(hand, suit, shapes, ordering), MAX_CANDIDATES
                    ):
                        found.add(tuple(sorted(play)))
        return sorted(found)


def _likely_holds(rank: PlayRank) -> bool:
    """Whether a partner's winning play will probably stand: a trump or an ace."""
    return rank.trump or rank.key >= 12


def _rank_safe(rank: PlayRank | None) -> bool:
    """Whether a winning play is probably not overtaken (trump or top of its suit)."""
    if rank is None:
        return False
    return (rank.trump and rank.key >= 50) or (not rank.trump and rank.key >= 12)


def _trump_plays(
    view: View,
    hand: Sequence[int],
    shapes: Sequence[Shape],
    ordering: Ordering,
    n: int,
    values: Sequence[float],
) -> list[tuple[int, ...]]:
    """Trump plays of the lead's size carrying as much of its structure as possible,
    filled with the cheapest or with the dearest other trumps."""
    trump_cards = ordering.suit_cards[TRUMP]
    if sum(hand[c] for c in trump_cards) < n:
        return []
    if view.preset.special_units:  # 山东升级 trumps only with the same unit
        trumps = [hand[c] if ordering.esuit[c] == TRUMP else 0 for c in range(NUM_KINDS)]
        return [
            tuple(sorted(u.cards))
            for u in view.preset.iter_lead_units(trumps, ordering)
            if u.shape == shapes[0]
        ]
    _, cores = best_cores(list(hand), trump_cards, shapes, ordering)
    plays = []
    for core in cores[:MAX_CANDIDATES]:
        left = list(hand)
        core_cards = [c for c, k in core for _ in range(k)]
        for card in core_cards:
            left[card] -= 1
        pool = sorted(
            (c for c in trump_cards for _ in range(left[c])), key=lambda c: (values[c], c)
        )
        need = n - len(core_cards)
        if len(pool) >= need:
            plays.append(tuple(sorted(core_cards + pool[:need])))
            plays.append(tuple(sorted(core_cards + pool[len(pool) - need :])))
    return plays


def _best_cover(units: Sequence[Unit], hand: Sequence[int], ordering: Ordering) -> list[int]:
    """Cards of disjoint sure units (largest first) that fit in the hand."""
    left = list(hand)
    chosen: list[int] = []
    for unit in sorted(units, key=lambda u: -u.shape.size):
        trial = list(left)
        for card in unit.cards:
            trial[card] -= 1
            if trial[card] < 0:
                break
        else:
            left = trial
            chosen.extend(unit.cards)
    return chosen


# Every tuple unit, by width and card: they do not depend on the ordering.
_TUPLES: tuple[tuple[Unit, ...], ...] = tuple(
    tuple(Unit(tuple_shape(width, 1), (card,) * width, card) for card in CARDS) if width else ()
    for width in range(4)
)


def _lead_units(preset: Preset, hand: Sequence[int], ordering: Ordering) -> list[Unit]:
    """``preset.iter_lead_units``, listed; the standard units (R-3.1, R-3.2) are made
    here, in the same order, with shared tuple units."""
    if type(preset).iter_lead_units is not Preset.iter_lead_units:
        return list(preset.iter_lead_units(hand, ordering))
    max_width = preset.max_width
    units: list[Unit] = []
    for suit_cards in ordering.suit_cards:
        tuples = 0  # cards held at least twice: a tractor needs two of them
        for card in suit_cards:
            held = hand[card]
            if held:
                for width in range(1, min(held, max_width) + 1):
                    units.append(_TUPLES[width][card])
                if held >= 2:
                    tuples += 1
        for width in range(2, max_width + 1 if tuples >= 2 else 2):
            length = 2
            while True:
                paths = list(tractor_paths(hand, suit_cards, width, length, ordering))
                if not paths:
                    break
                shape = tuple_shape(width, length)
                for path in paths:
                    cards = tuple(CARDS[c] for c in path for _ in range(width))
                    units.append(Unit(shape, cards, CARDS[path[-1]]))
                length += 1
    return units


__all__ = ["HeuristicBot", "Knowledge"]

"""HeuristicBot: plays sensibly from its own view, with simple card counting.

It follows with low cards when the trick is lost, adds points when its side wins,
wins points when it can, leads sure winners (throwing them together when they are
all sure), bids on strong trump holdings, buries low cards without points, and
calls a friend card it lacks.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence

from ..engine import Action, Bid, Bury, CallFriend, GiveBack, Pass, Play, Swap, View
from ..engine.cards import CARD_POINTS, CARDS, NUM_KINDS, NUM_RANKS, SMALL_JOKER, TRUMP, Card
from ..engine.follow import best_cores
from ..engine.ordering import Ordering
from ..engine.table import BID, BURY, CALL, DEAL, SWAP, PlayRecord
from ..engine.tricks import PlayRank, unit_is_beaten
from ..engine.units import TRACTOR, TUPLE, Shape, Unit

MAX_CANDIDATES = 60


class Knowledge:
    """What a seat can infer from its view: unseen cards, voids, its likely side."""

    def __init__(self, view: View) -> None:
        self.view = view
        preset = view.preset
        unseen = [preset.decks] * NUM_KINDS
        for card, n in enumerate(view.hand_counts):
            unseen[card] -= n
        for card in view.buried:
            unseen[card] -= 1
        self.voids: list[set[int]] = [set() for _ in range(preset.players)]
        ordering = view.ordering
        for trick in view.tricks:
            self._observe(trick.plays, trick.lead_suit, unseen, ordering)
        if view.current and ordering is not None:
            lead_suit = ordering.esuit[view.current[0].cards[0]]
            self._observe(view.current, lead_suit, unseen, ordering)
        self.unseen = unseen

    def _observe(
        self,
        plays: Iterable[PlayRecord],
        lead_suit: int,
        unseen: list[int],
        ordering: Ordering | None,
    ) -> None:
        for seat, cards, _, _ in plays:
            for card in cards:
                unseen[card] -= 1
            if ordering is not None and any(ordering.esuit[c] != lead_suit for c in cards):
                self.voids[seat].add(lead_suit)  # short of the suit, so now void

    def partners(self) -> set[int]:
        """Seats believed to be on this seat's side (itself excluded)."""
        view = self.view
        preset = view.preset
        me = view.seat
        assert me is not None  # a bot plays a seat, never a spectator's view
        if not preset.called_friend:
            return {preset.partner_of(me)}
        banker = view.banker
        if banker is None:
            return set()
        if me == banker:
            return {view.friend} if view.friend is not None else set()
        if view.friend is not None:
            return (
                {banker, view.friend} - {me}
                if me in (banker, view.friend)
                else {s for s in range(preset.players) if s not in (banker, view.friend, me)}
            )
        if view.friend_call is not None and view.hand_counts[view.friend_call]:
            return {banker}  # probably the friend: holding the called card
        return {s for s in range(preset.players) if s not in (banker, me)}

    def on_banker_side(self) -> bool:
        view = self.view
        return view.banker == view.seat or (
            view.banker is not None and view.banker in self.partners()
        )


def _value(card: int, ordering: Ordering) -> float:
    """How much a card is worth keeping: trumps and high cards high, points extra."""
    base = ordering.order[card] + (40 if ordering.esuit[card] == TRUMP else 0)
    return base + CARD_POINTS[card] * 1.5


def _counts(cards: Iterable[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
    return counts


class HeuristicBot:
    """A sensible rule-based player; deterministic for a given seed."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(seed)

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

    def choose_bid(self, view: View) -> Bid | None:
        bids = view.legal_bids()
        if not bids:
            return None
        if any(b.bid_kind for b in bids):
            return self.choose_declaration(view, bids)
        progress = view.cards_dealt / max(1, view.preset.hand_size * view.preset.players)
        best: tuple[float, Bid] | None = None
        for bid in bids:
            card = bid.cards[0]
            suit = None if card >= SMALL_JOKER else card // NUM_RANKS
            strength = self.trump_strength(view, suit)
            if suit is None:
                strength *= 0.9  # no-trump spreads the trumps thin
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
        ordering = view.ordering or view.preset.ordering(view.level_rank, None)
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
        # The burier may not know a hidden trump suit: judge without one.
        ordering = view.ordering or view.preset.ordering(view.level_rank, None)
        hand = list(view.hand_counts)
        size = view.preset.kitty_size
        # Short off-suits are worth emptying: burying them makes voids for trumping.
        suit_len = [sum(hand[c] for c in ordering.suit_cards[s]) for s in range(4)]

        def keep_score(card: int) -> float:
            score = _value(card, ordering)
            if ordering.esuit[card] != TRUMP:
                score += suit_len[ordering.esuit[card]] * 0.8
                if hand[card] >= 2:
                    score += 8  # pairs are worth more than singles
            return score + (25 if CARD_POINTS[card] else 0)

        cards = sorted((c for c in range(NUM_KINDS) for _ in range(hand[c])), key=keep_score)
        return Bury(tuple(CARDS[c] for c in cards[:size]))

    def choose_friend(self, view: View) -> CallFriend:
        calls = view.legal_friend_calls()
        ordering = view.ordering
        assert ordering is not None
        hand = view.hand_counts
        plain = [c for c in calls if c.card is not None and not c.solo]
        lacking = [c for c in plain if c.card is not None and not view.hand_counts[c.card]]
        plain = lacking or plain  # a card we lack makes a real partner (qidong: a single)
        solo = CallFriend(solo=True)
        if not plain:
            return solo  # forced solo
        if solo in calls and self.goes_solo(view, ordering):
            return solo
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

        return max(plain, key=call_score)

    def goes_solo(self, view: View, ordering: Ordering) -> bool:
        """独打 only with a crushing hand: most cards trump and the top trumps held."""
        hand = view.hand_counts
        total = sum(hand)
        trumps = sum(hand[c] for c in ordering.suit_cards[TRUMP])
        top = sum(hand[c] for c in ordering.suit_cards[TRUMP][-6:])  # jokers, level cards
        return trumps >= 0.6 * total and top >= 6

    # --- playing ---------------------------------------------------------------------

    def choose_play(self, view: View) -> Play:
        ordering = view.ordering
        assert ordering is not None
        know = Knowledge(view)
        if view.is_leading:
            return self.choose_lead(view, know, ordering)
        return self.choose_follow(view, know, ordering)

    def _sure(self, unit: Unit, know: Knowledge, ordering: Ordering) -> bool:
        """No unseen cards could beat this unit in its suit (R-4.3 against all others)."""
        if unit.shape.kind not in (TUPLE, TRACTOR):
            return False  # 山东升级 specials: no quick certainty, judged by cost instead
        if unit_is_beaten(unit, know.unseen, ordering):
            return False
        suit = ordering.esuit[unit.top]
        if suit == TRUMP:
            return True
        opponents = [
            s
            for s in range(know.view.preset.players)
            if s != know.view.seat and s not in know.partners()
        ]
        # An opponent known to be void in an off suit may trump it.
        return not any(suit in know.voids[s] for s in opponents)

    def choose_lead(self, view: View, know: Knowledge, ordering: Ordering) -> Play:
        hand = view.hand_counts
        preset = view.preset
        units = list(preset.iter_lead_units(hand, ordering))
        sure = [u for u in units if self._sure(u, know, ordering)]
        if sure and preset.throws:
            for suit in range(5):
                in_suit = [u for u in sure if ordering.esuit[u.top] == suit]
                cards = _best_cover(in_suit, hand, ordering)
                held = sum(hand[c] for c in ordering.suit_cards[suit])
                if len(cards) >= 2 and len(cards) == held and suit != TRUMP:
                    return Play(tuple(CARDS[c] for c in cards))  # a whole suit of winners
        if sure:
            best = max(
                sure,
                key=lambda u: (
                    u.shape.size,
                    sum(CARD_POINTS[c] for c in u.cards),
                    ordering.order[u.top],
                ),
            )
            return Play(best.cards)
        # Otherwise: something cheap from a short off-suit, avoiding points; the banker's
        # side with many trumps draws trumps with a low structure.
        trumps = sum(hand[c] for c in ordering.suit_cards[TRUMP])
        total = sum(hand)

        def lead_score(unit: Unit) -> float:
            suit = ordering.esuit[unit.top]
            cost = sum(_value(c, ordering) for c in unit.cards) / len(unit.cards)
            score = -cost + 6 * (unit.shape.size - 1)
            if suit != TRUMP:
                score -= sum(hand[c] for c in ordering.suit_cards[suit]) * 0.5
            elif know.on_banker_side() and trumps * 2 > total:
                score += 10
            else:
                score -= 15
            score -= 4 * sum(CARD_POINTS[c] for c in unit.cards) / 5
            return score

        return Play(max(units, key=lead_score).cards)

    def choose_follow(self, view: View, know: Knowledge, ordering: Ordering) -> Play:
        preset = view.preset
        shapes = view.lead_shapes
        suit = view.lead_suit
        assert suit is not None
        candidates = self._follow_candidates(view, shapes, suit, ordering)
        ranks = [preset.play_rank(shapes, suit, p.cards, ordering) for p in view.current]
        best_index = 0
        for i, rank in enumerate(ranks):
            best_rank = ranks[best_index]
            if rank is not None and best_rank is not None and rank > best_rank:
                best_index = i
        winning_rank = ranks[best_index]
        assert winning_rank is not None
        winner = view.current[best_index].seat
        partners = know.partners()
        friendly = winner in partners
        last = len(view.current) == preset.players - 1
        trick_points = sum(CARD_POINTS[c] for p in view.current for c in p.cards)

        def score(cards: tuple[int, ...]) -> float:
            cost = sum(_value(c, ordering) for c in cards)
            points = sum(CARD_POINTS[c] for c in cards)
            rank = preset.play_rank(shapes, suit, [CARDS[c] for c in cards], ordering)
            wins = rank is not None and rank > winning_rank
            if friendly:
                # Partner is ahead: feed points, unless overtaking is needed to keep it.
                secure = last or _likely_holds(winning_rank)
                if secure:
                    return points * 3 - cost * 0.2 - (30 if wins else 0)
                return (points + trick_points) * 2 - cost * 0.3 if wins else -cost * 0.3
            if wins:
                safe = last or _rank_safe(rank, know, ordering)
                value = trick_points + points + (15 if safe else 5)
                return value * (2 if safe else 1) - cost * 0.25
            return -points * 4 - cost * 0.3

        return Play(tuple(CARDS[c] for c in max(candidates, key=score)))

    def _follow_candidates(
        self, view: View, shapes: Sequence[Shape], suit: int, ordering: Ordering
    ) -> list[tuple[int, ...]]:
        """A manageable set of legal follows: structured cores with cheap or dear fill,
        trumping plays when void, plus a few uniform samples."""
        hand = list(view.hand_counts)
        n = sum(s.size for s in shapes)
        suit_cards = ordering.suit_cards[suit]
        held = sum(hand[c] for c in suit_cards)
        found: set[tuple[int, ...]] = set()

        def by_value(cards: Iterable[int]) -> list[int]:
            return sorted(cards, key=lambda c: (_value(c, ordering), c))

        if held > n and view.preset.special_units:
            # leaves few follows (a unit of the led shape, or the highest cards).
            for play in itertools.islice(
                view.preset.iter_follows(hand, suit, shapes, ordering), MAX_CANDIDATES
            ):
                found.add(tuple(sorted(play)))
        elif held <= n:
            base = [c for c in suit_cards for _ in range(hand[c])]
            rest = [
                c for c in range(NUM_KINDS) if ordering.esuit[c] != suit for _ in range(hand[c])
            ]
            cheap = by_value(c for c in rest if ordering.esuit[c] != TRUMP)
            cheap += by_value(c for c in rest if ordering.esuit[c] == TRUMP)
            found.add(tuple(sorted(base + cheap[: n - held])))
            points_first = sorted(rest, key=lambda c: (-CARD_POINTS[c], _value(c, ordering)))
            found.add(tuple(sorted(base + points_first[: n - held])))
            if held == 0 and suit != TRUMP:
                found.update(_trump_plays(view, hand, shapes, ordering, n))
        else:
            _, cores = best_cores(hand, suit_cards, shapes, ordering)
            for core in cores[:MAX_CANDIDATES]:
                left = list(hand)
                core_cards = [c for c, k in core for _ in range(k)]
                for card in core_cards:
                    left[card] -= 1
                pool = by_value(c for c in suit_cards for _ in range(left[c]))
                need = n - len(core_cards)
                found.add(tuple(sorted(core_cards + pool[:need])))
                found.add(tuple(sorted(core_cards + pool[len(pool) - need :])))
                pointy = sorted(pool, key=lambda c: (-CARD_POINTS[c], _value(c, ordering)))
                found.add(tuple(sorted(core_cards + pointy[:need])))
        for _ in range(3):
            found.add(tuple(sorted(view.random_play(self.rng).cards)))
        legal = [
            cards for cards in found if view.play_error(tuple(CARDS[c] for c in cards)) is None
        ]
        return sorted(legal)


def _likely_holds(rank: PlayRank) -> bool:
    """Whether a partner's winning play will probably stand: a trump or an ace."""
    return rank.trump or rank.key >= 12


def _rank_safe(rank: PlayRank | None, know: Knowledge, ordering: Ordering) -> bool:
    """Whether a winning play is probably not overtaken (trump or top of its suit)."""
    if rank is None:
        return False
    return (rank.trump and rank.key >= 50) or (not rank.trump and rank.key >= 12)


def _trump_plays(
    view: View, hand: Sequence[int], shapes: Sequence[Shape], ordering: Ordering, n: int
) -> list[tuple[int, ...]]:
    """Trump plays of the lead's size carrying as much of its structure as possible."""
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
            (c for c in trump_cards for _ in range(left[c])), key=lambda c: (_value(c, ordering), c)
        )
        need = n - len(core_cards)
        if len(pool) >= need:
            plays.append(tuple(sorted(core_cards + pool[:need])))
    return plays


def _best_cover(units: Sequence[Unit], hand: Sequence[int], ordering: Ordering) -> list[int]:
    """Cards of disjoint sure units (largest first) that fit in the hand."""
    left = list(hand)
    chosen: list[int] = []
    for unit in sorted(units, key=lambda u: -u.shape.size):
        need = _counts(unit.cards)
        if all(left[c] >= need[c] for c in range(NUM_KINDS) if need[c]):
            for card in unit.cards:
                left[card] -= 1
            chosen.extend(unit.cards)
    return chosen


__all__ = ["HeuristicBot", "Knowledge"]

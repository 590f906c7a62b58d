"""Following a lead (R-5.1, R-5.2): the reference profile procedure, the legality
check built on it, and exact uniform sampling of a legal follow.

The *profile* of a set of cards against a lead format is the lexicographically
greatest ``(tractors, triples, pairs)`` the reference procedure of R-5.2 can reserve.
A follow is legal iff its profile equals the best profile of the follower's cards.

>>> from zhaopengyou.engine.cards import parse_cards, counts_of
>>> from zhaopengyou.engine.ordering import Ordering
>>> from zhaopengyou.engine.units import Shape
>>> o = Ordering(level_rank=0, trump_suit=1)              # level 2, ♥ trump
>>> hand = counts_of(parse_cards("9S 9S QS QS AS"))
>>> best_profile(hand, o.suit_cards[0], (Shape("tractor", 2, 2),), o)   # R-5.2 example
Profile(tractors=0, triples=0, pairs=2)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from .cards import NUM_KINDS
from .errors import IllegalAction
from .ordering import Ordering
from .units import Shape, tractor_paths


class Profile(NamedTuple):
    tractors: int
    triples: int
    pairs: int


NO_STRUCTURE = Profile(0, 0, 0)
Core = tuple[tuple[int, int], ...]  # (card, copies) reserved by the procedure


def _tuple_stage(
    counts: Sequence[int], suit_cards: Sequence[int], req3: int, req2: int
) -> tuple[int, int, list[int], list[int]]:
    """Step 2 of R-5.2: triples first, unmet triples become pair + single, then pairs.

    Returns the triples and pairs reserved and the candidate cards for each; with at
    most three decks a card gives one triple or one pair, so counting suffices.
    """
    threes = [c for c in suit_cards if counts[c] >= 3]
    twos = [c for c in suit_cards if counts[c] >= 2]
    triples = min(req3, len(threes))
    pairs = min(req2 + req3 - triples, len(twos) - triples)
    return triples, pairs, threes, twos


def _search(
    counts: list[int],
    suit_cards: Sequence[int],
    tractors: Sequence[Shape],
    index: int,
    req3: int,
    req2: int,
    matched: int,
    ordering: Ordering,
    reserved: list[tuple[int, int]] | None,
    cores: list[tuple[Profile, Core]] | None,
) -> Profile:
    """Step 1 of R-5.2 over every choice of tractor windows; returns the best profile.

    With ``cores`` given, every reservation reached is appended with its profile.
    """
    if index == len(tractors):
        triples, pairs, threes, twos = _tuple_stage(counts, suit_cards, req3, req2)
        profile = Profile(matched, triples, pairs)
        if cores is not None and reserved is not None:
            for three_set in itertools.combinations(threes, triples):
                rest = [c for c in twos if c not in three_set]
                for two_set in itertools.combinations(rest, pairs):
                    core = reserved + [(c, 3) for c in three_set] + [(c, 2) for c in two_set]
                    cores.append((profile, _merge(core)))
        return profile
    shape = tractors[index]
    best: Profile | None = None
    for path in tractor_paths(counts, suit_cards, shape.width, shape.length, ordering):
        for card in path:
            counts[card] -= shape.width
        if reserved is not None:
            reserved.extend((card, shape.width) for card in path)
        found = _search(
            counts,
            suit_cards,
            tractors,
            index + 1,
            req3,
            req2,
            matched + 1,
            ordering,
            reserved,
            cores,
        )
        if reserved is not None:
            del reserved[-len(path) :]
        for card in path:
            counts[card] += shape.width
        if best is None or found > best:
            best = found
    if best is not None:
        return best
    # Not matched: the tractor becomes L tuples of width w (step 2).
    if shape.width == 3:
        req3 += shape.length
    else:
        req2 += shape.length
    return _search(
        counts, suit_cards, tractors, index + 1, req3, req2, matched, ordering, reserved, cores
    )


def _merge(core: list[tuple[int, int]]) -> Core:
    merged: dict[int, int] = {}
    for card, n in core:
        merged[card] = merged.get(card, 0) + n
    return tuple(sorted(merged.items()))


def suit_count_error(
    hand: Sequence[int], play: Sequence[int], suit_cards: Sequence[int], n: int
) -> tuple[IllegalAction | None, bool]:
    """The counting part of following, common to every preset: with h ≤ n cards of the
    led suit play them all (R-5.1), else play n of them (R-5.2). Returns the error, if
    any, and whether the hand is long in the suit (h > n: structure rules apply next)."""
    held = 0
    played = 0
    for card in suit_cards:
        held += hand[card]
        played += play[card]
    if held <= n:
        if played != held:
            return IllegalAction(
                "must play all {held} cards of the led suit", rule="R-5.1", held=held
            ), False
        return None, False
    if played != n:
        return IllegalAction("must play {n} cards of the led suit", rule="R-5.2", n=n), True
    return None, True


def short_suit_follows(
    hand: Sequence[int], lead_suit: int, ordering: Ordering, n: int
) -> Iterator[list[int]] | None:
    """With h ≤ n cards of the led suit, every legal follow (all of them plus any
    n − h others, R-5.1); None when the hand is long in the suit."""
    suit_cards = ordering.suit_cards[lead_suit]
    in_suit = [c for c in suit_cards for _ in range(hand[c])]
    if len(in_suit) > n:
        return None
    esuit = ordering.esuit
    others = [(c, hand[c]) for c in range(NUM_KINDS) if hand[c] and esuit[c] != lead_suit]
    return (in_suit + filler for filler in iter_submultisets(others, n - len(in_suit)))


def random_short_suit_follow(
    hand: Sequence[int], lead_suit: int, ordering: Ordering, n: int, rng: random.Random
) -> list[int] | None:
    """A uniformly random follow when h ≤ n (R-5.1); None when the hand is long."""
    suit_cards = ordering.suit_cards[lead_suit]
    in_suit = [c for c in suit_cards for _ in range(hand[c])]
    if len(in_suit) > n:
        return None
    esuit = ordering.esuit
    others = [c for c in range(NUM_KINDS) if hand[c] and esuit[c] != lead_suit]
    if len(in_suit) + 1 == n:  # one free card: any distinct card of the rest
        return [*in_suit, others[int(rng.random() * len(others))]]
    return in_suit + sample_submultiset(_items(hand, others), n - len(in_suit), rng)


def format_size(shapes: Sequence[Shape]) -> int:
    """Cards in a lead of these shapes."""
    if len(shapes) == 1:
        return shapes[0].size
    return sum(s.size for s in shapes)


def _split_format(shapes: Sequence[Shape]) -> tuple[list[Shape], int, int]:
    tractors = [s for s in shapes if s.length >= 2]  # already largest first
    req3 = sum(1 for s in shapes if s.length == 1 and s.width == 3)
    req2 = sum(1 for s in shapes if s.length == 1 and s.width == 2)
    return tractors, req3, req2


def best_profile(
    counts: list[int], suit_cards: Sequence[int], shapes: Sequence[Shape], ordering: Ordering
) -> Profile:
    """R-5.2 steps 1–3 on the cards of ``counts`` within ``suit_cards``."""
    tractors, req3, req2 = _split_format(shapes)
    if not tractors and not req3 and not req2:
        return NO_STRUCTURE
    return _search(counts, suit_cards, tractors, 0, req3, req2, 0, ordering, None, None)


def best_cores(
    counts: list[int], suit_cards: Sequence[int], shapes: Sequence[Shape], ordering: Ordering
) -> tuple[Profile, list[Core]]:
    """The best profile and every distinct set of cards reserved to reach it."""
    tractors, req3, req2 = _split_format(shapes)
    found: list[tuple[Profile, Core]] = []
    if not tractors and not req3 and not req2:
        return NO_STRUCTURE, [()]
    best = _search(counts, suit_cards, tractors, 0, req3, req2, 0, ordering, [], found)
    return best, sorted({core for profile, core in found if profile == best})


# --- legality -------------------------------------------------------------------------


_MUST = {
    "a pair": "you hold a pair in the led suit: follow with it",
    "a triple": "you hold a triple in the led suit: follow with it",
    "a tractor": "you hold a tractor in the led suit: follow with it",
}


def _missing(best: Profile, got: Profile) -> str:
    if got.tractors < best.tractors:
        return "a tractor"
    if got.triples < best.triples:
        return "a triple"
    return "a pair"


def follow_error(
    hand: Sequence[int],
    play: Sequence[int],
    lead_suit: int,
    shapes: Sequence[Shape],
    ordering: Ordering,
) -> IllegalAction | None:
    """Why ``play`` (a count vector, already known to come from ``hand``) may not follow
    a lead of ``shapes`` in ``lead_suit``; None when it is legal.
    """
    suit_cards = ordering.suit_cards[lead_suit]
    n = format_size(shapes)
    error, long_suit = suit_count_error(hand, play, suit_cards, n)
    if error is not None or not long_suit:
        return error
    if len(shapes) == 1 and shapes[0].length == 1:
        width = shapes[0].width
        if width == 1:
            return None
        if any(play[c] >= width for c in suit_cards):
            return None
        if width == 2 or not any(hand[c] >= 3 for c in suit_cards):
            if not any(hand[c] >= 2 for c in suit_cards) or any(play[c] >= 2 for c in suit_cards):
                return None
            return IllegalAction(_MUST["a pair"], rule="R-5.2")
        return IllegalAction(_MUST["a triple"], rule="R-5.2")
    best = best_profile(list(hand), suit_cards, shapes, ordering)
    if best == NO_STRUCTURE:
        return None
    got = best_profile(list(play), suit_cards, shapes, ordering)
    if got == best:
        return None
    if sum(1 for s in shapes if s.length >= 2) >= 2 and not _attainable(
        hand, lead_suit, shapes, best, ordering
    ):
        # Several tractors in one throw can make the procedure non-monotone, so that no
        # play reaches the hand's profile; then any play of the led suit stands.
        return None
    return IllegalAction(_MUST[_missing(best, got)], rule="R-5.2")


def _attainable(
    hand: Sequence[int], lead_suit: int, shapes: Sequence[Shape], best: Profile, ordering: Ordering
) -> bool:
    """Does some play of n cards of the led suit have the hand's best profile?"""
    suit_cards = ordering.suit_cards[lead_suit]
    n = sum(s.size for s in shapes)
    for play in _structured_candidates(hand, suit_cards, shapes, ordering, n):
        if best_profile(_vector(play), suit_cards, shapes, ordering) == best:
            return True
    return False


def _structured_candidates(
    hand: Sequence[int],
    suit_cards: Sequence[int],
    shapes: Sequence[Shape],
    ordering: Ordering,
    n: int,
) -> Iterator[list[int]]:
    """Plays built on the best reservations first, then every other play of n cards."""
    _, cores = best_cores(list(hand), suit_cards, shapes, ordering)
    for core in cores:
        rest = list(hand)
        for card, k in core:
            rest[card] -= k
        for filler in iter_submultisets(_items(rest, suit_cards), n - sum(k for _, k in core)):
            yield [card for card, k in core for _ in range(k)] + filler
    yield from iter_submultisets(_items(hand, suit_cards), n)


def _vector(cards: Sequence[int]) -> list[int]:
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
    return counts


# --- what a follow reveals -----------------------------------------------------------


class FollowFacts(NamedTuple):
    """What a follow proves about the hand it came from, whatever else that hand held:
    bounds on the copies of single cards, each a ``(card, most)`` pair.

    ``before``: the hand held at most ``most`` copies of ``card`` when it played (when
    the trick began); ``after``: at most ``most`` are left once the play is made (0 for
    every card of the led suit: a void). Every hand from which the play is a legal
    follow meets them (:meth:`admits`). A preset's ``follow_reveals`` gives them for its
    rules; the bots' world sampler turns them into bounds on the hidden hands.
    """

    before: tuple[tuple[int, int], ...] = ()
    after: tuple[tuple[int, int], ...] = ()

    def admits(self, hand: Sequence[int], play: Sequence[int]) -> bool:
        """Whether ``hand`` (a count vector, before the play) meets every bound when
        ``play`` (a count vector taken from it) is played."""
        return all(hand[c] <= most for c, most in self.before) and all(
            hand[c] - play[c] <= most for c, most in self.after
        )


NOTHING_REVEALED = FollowFacts()


def void_reveals(cards: Sequence[int], lead_suit: int, ordering: Ordering) -> FollowFacts | None:
    """R-5.1: a follow holding a card outside the led suit took every card of the suit
    the hand held (h ≤ n), so none is left; None when every card played is of the suit.
    Common to every preset."""
    esuit = ordering.esuit
    if all(esuit[c] == lead_suit for c in cards):
        return None
    return FollowFacts(after=tuple((card, 0) for card in ordering.suit_cards[lead_suit]))


def follow_reveals(
    cards: Sequence[int], lead_suit: int, shapes: Sequence[Shape], ordering: Ordering
) -> FollowFacts:
    """What a legal follow of ``cards`` (as played, in any order) to a lead of
    ``shapes`` in ``lead_suit`` proves about the follower's hand (R-5.1, R-5.2): the
    counterpart of :func:`follow_error`, for a hand that is hidden.

    - R-5.1: a card outside the led suit → no card of the suit left (a void).
    - R-5.2, for leads with at most one tractor (with several the procedure need not be
      monotone: nothing is claimed): a tractor led and not followed with one → the hand
      held no such tractor (length 2: no card next to one played ``w`` times was held
      ``w`` times); then, every unit counted as its tuples: no pair played to a lead
      needing one → no pair of the suit held; no triple played to a lead needing one →
      no triple held; fewer pairs played than the lead's pairs (no triples led) → no
      other pair held. (When the hand held no more cards of the suit than it played,
      these hold trivially.)

    >>> from zhaopengyou.engine.cards import CARDS, parse_cards
    >>> from zhaopengyou.engine.units import PAIR
    >>> o = Ordering(level_rank=0, trump_suit=1)                  # level 2, ♥ trump
    >>> facts = follow_reveals(parse_cards("3S 5S"), 0, (PAIR,), o)
    >>> {most for _, most in facts.before}, len(facts.before)     # no ♠ held twice
    ({1}, 12)
    >>> void = follow_reveals(parse_cards("3S 4D"), 0, (PAIR,), o)  # ♠3 was the last ♠
    >>> [(str(CARDS[c]), most) for c, most in void.after][:3], void.before
    ([('♠3', 0), ('♠4', 0), ('♠5', 0)], ())
    >>> follow_reveals(parse_cards("9S 9S"), 0, (PAIR,), o) == NOTHING_REVEALED
    True
    """
    void = void_reveals(cards, lead_suit, ordering)
    if void is not None:
        return void
    tractors = [s for s in shapes if s.length >= 2]
    if len(tractors) >= 2:
        return NOTHING_REVEALED  # the procedure need not be monotone then (follow_error)
    suit_cards = ordering.suit_cards[lead_suit]
    counts: dict[int, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    caps: dict[int, int] = {}
    if tractors:
        width, length = tractors[0].width, tractors[0].length
        if any(tractor_paths(_vector(cards), suit_cards, width, length, ordering)):
            return NOTHING_REVEALED  # step 1 matched the tractor
        # Step 1 found no such tractor in the hand (it would have had to use it), so no
        # card next to one held `width` times was held that often too.
        if length == 2:
            for card, n in counts.items():
                if n >= width:
                    cap_cards(caps, (*ordering.succ[card], *ordering.pred[card]), width - 1)
    # No tractor matched: step 2 alone, every unit counted as its tuples.
    pairs_needed = sum(s.length for s in shapes if s.width == 2)
    triples_needed = sum(s.length for s in shapes if s.width == 3)
    pair_cards = {c for c, n in counts.items() if n >= 2}
    if pairs_needed + triples_needed and not pair_cards:
        cap_cards(caps, suit_cards, 1)
    if triples_needed and not any(n >= 3 for n in counts.values()):
        cap_cards(caps, suit_cards, 2)
    if not triples_needed and len(pair_cards) < pairs_needed:
        cap_cards(caps, [c for c in suit_cards if c not in pair_cards], 1)
    return FollowFacts(tuple(caps.items()))


def cap_cards(caps: dict[int, int], cards: Iterable[int], most: int) -> None:
    """Bound each of ``cards`` to at most ``most`` copies in ``caps`` (the lower bound
    stands where there are two)."""
    for card in cards:
        if most < caps.get(card, most + 1):
            caps[card] = most


# --- uniform sampling and enumeration -------------------------------------------------


def _ways_table(items: Sequence[tuple[int, int]], size: int) -> list[list[int]]:
    """suffix[i][j]: ways to pick j cards from items[i:] (bounded-knapsack counts)."""
    suffix = [[0] * (size + 1) for _ in range(len(items) + 1)]
    suffix[len(items)][0] = 1
    for i in range(len(items) - 1, -1, -1):
        copies = items[i][1]
        row, nxt = suffix[i], suffix[i + 1]
        window = 0  # sum of nxt[total - copies .. total]
        for total in range(size + 1):
            window += nxt[total]
            if total - copies - 1 >= 0:
                window -= nxt[total - copies - 1]
            row[total] = window
    return suffix


def count_submultisets(items: Sequence[tuple[int, int]], size: int) -> int:
    """How many distinct sub-multisets of ``size`` cards the (card, copies) items have."""
    return _ways_table(items, size)[0][size]


def sample_submultiset(
    items: Sequence[tuple[int, int]], size: int, rng: random.Random
) -> list[int]:
    """A uniformly random sub-multiset of ``size`` cards from (card, copies) items."""
    suffix = _ways_table(items, size)
    if suffix[0][size] == 0:
        raise ValueError("not enough cards")
    chosen: list[int] = []
    left = size
    for i, (card, copies) in enumerate(items):
        if left == 0:
            break
        pick = rng.randrange(suffix[i][left])
        for take in range(min(copies, left) + 1):
            weight = suffix[i + 1][left - take]
            if pick < weight:
                chosen.extend([card] * take)
                left -= take
                break
            pick -= weight
    return chosen


_MAX_DRAWS = 200


def _items(counts: Sequence[int], cards: Sequence[int]) -> list[tuple[int, int]]:
    return [(c, counts[c]) for c in cards if counts[c]]


def random_follow(
    hand: Sequence[int],
    lead_suit: int,
    shapes: Sequence[Shape],
    ordering: Ordering,
    rng: random.Random,
) -> list[int]:
    """A legal follow drawn uniformly among all distinct legal follows, without listing them.

    Plays with the required structure are drawn as (core, filler) pairs weighted by
    the number of fillers, then accepted with probability 1/(cores inside the play),
    which makes every play equally likely.
    """
    suit_cards = ordering.suit_cards[lead_suit]
    n = format_size(shapes)
    held_cards = [c for c in suit_cards if hand[c]]
    if n == 1 and held_cards:
        return [held_cards[int(rng.random() * len(held_cards))]]
    short = random_short_suit_follow(hand, lead_suit, ordering, n, rng)
    if short is not None:
        return short
    items = _items(hand, held_cards)
    if len(shapes) == 1 and shapes[0].length == 1 and shapes[0].width == 2:
        pairs = [c for c, k in items if k >= 2]
        if pairs:
            card = rng.choice(pairs)
            return [card, card]
        return sample_submultiset(items, n, rng)
    best, cores = best_cores(list(hand), suit_cards, shapes, ordering)
    if best == NO_STRUCTURE:
        return sample_submultiset(items, n, rng)
    weights = []
    for core in cores:
        rest = list(hand)
        for card, k in core:
            rest[card] -= k
        weights.append(count_submultisets(_items(rest, suit_cards), n - sum(k for _, k in core)))
    # With one tractor unit at most the procedure is monotone and every draw is legal.
    check = sum(1 for s in shapes if s.length >= 2) >= 2
    for _ in range(_MAX_DRAWS):
        core = rng.choices(cores, weights)[0]
        rest = list(hand)
        for card, k in core:
            rest[card] -= k
        filler = sample_submultiset(_items(rest, suit_cards), n - sum(k for _, k in core), rng)
        play = [card for card, k in core for _ in range(k)] + filler
        play_counts = _vector(play)
        inside = sum(1 for other in cores if all(play_counts[c] >= k for c, k in other))
        if rng.random() * inside < 1.0 and (
            not check or follow_error(hand, play_counts, lead_suit, shapes, ordering) is None
        ):
            return play
    # Only reached with several tractors in the lead (see follow_error): list and pick.
    return rng.choice(list(iter_legal_follows(hand, lead_suit, shapes, ordering)))


def iter_submultisets(items: Sequence[tuple[int, int]], size: int) -> Iterator[list[int]]:
    """Every distinct sub-multiset of ``size`` cards, as sorted card lists."""
    if size == 0:
        yield []
        return
    if not items:
        return
    (card, copies), rest = items[0], items[1:]
    available = sum(k for _, k in rest)
    for take in range(min(copies, size), -1, -1):
        if size - take > available:
            continue
        for tail in iter_submultisets(rest, size - take):
            yield [card] * take + tail


def iter_legal_follows(
    hand: Sequence[int], lead_suit: int, shapes: Sequence[Shape], ordering: Ordering
) -> Iterator[list[int]]:
    """Every distinct legal follow, lazily."""
    suit_cards = ordering.suit_cards[lead_suit]
    n = format_size(shapes)
    short = short_suit_follows(hand, lead_suit, ordering, n)
    if short is not None:
        yield from short
        return
    for play in iter_submultisets(_items(hand, suit_cards), n):
        if follow_error(hand, _vector(play), lead_suit, shapes, ordering) is None:
            yield play

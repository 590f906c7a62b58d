"""Whether a world fits a seat's view: the check of the world sampler's draws.

:func:`check_world` says why a :class:`~zhaopengyou.bots.world.World` does not fit the
view its :class:`~zhaopengyou.bots.constraints.Constraints` were worked out from (the
card counts, the kitty and swaps this seat saw, the cards bids and declarations showed,
the called card, and in phase play every past play as the engine replays it);
:func:`consistent` is the same from a view; :func:`admits` also asks that the world lie
within the bounds the sampler draws from (for tests: the true world always does).

>>> import random
>>> from zhaopengyou.bots import HeuristicBot, play_round
>>> from zhaopengyou.bots.world import actual_world
>>> from zhaopengyou.engine import Round, get_preset
>>> from zhaopengyou.engine.table import PLAY
>>> rnd = play_round(Round(get_preset("qidong"), seed=4), [HeuristicBot(s) for s in range(5)],
...                  until=lambda r: r.phase is PLAY and len(r.tricks) == 3)
>>> constraints = Constraints(rnd.view(1))
>>> truth = actual_world(rnd)
>>> check_world(constraints, truth), admits(constraints, truth)
(None, True)
>>> check_world(constraints, truth._replace(kitty=truth.kitty[:-1]))
'the cards do not add up to the decks'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import CallFriend, View
from ..engine.cards import NUM_KINDS, NUM_RANKS, SMALL_JOKER
from ..engine.table import BURY, PLAY, SWAP
from .constraints import Constraints, apply_swaps, count_vector
from .world import Contradiction, World, determinize


def consistent(view: View, world: World) -> bool:
    """Whether ``world`` fits everything ``view`` knows: the card counts, the kitty and
    swaps this seat saw, the cards bids and declarations showed (R-8), the called card
    (R-9.2), and, in phase play, every past play as the engine replays it
    (:func:`determinize`). Phases bury to play (:class:`ValueError` otherwise)."""
    return check_world(Constraints(view), world) is None


def check_world(constraints: Constraints, world: World, *, replay: bool = True) -> str | None:
    """Why ``world`` does not fit the view of ``constraints`` (None: it fits). The
    replay of phase play runs with ``replay`` only."""
    c = constraints
    view = c.view
    preset = c.preset
    players = c.players
    me = c.me
    if len(world.hands) != players or any(len(h) != NUM_KINDS for h in world.hands):
        return "a hand per seat, as a count vector per card"
    if tuple(world.hands[me]) != view.hand_counts:
        return "this seat's hand differs from its view"
    if [sum(h) for h in world.hands] != list(view.hand_sizes):
        return "hand sizes differ from the view"
    if any(n < 0 for h in world.hands for n in h):
        return "a negative count"
    totals = [sum(row[card] for row in c.played) for card in range(NUM_KINDS)]
    for card in [k for h in world.hands for k in range(NUM_KINDS) for _ in range(h[k])]:
        totals[card] += 1
    for card in world.kitty:
        totals[card] += 1
    if any(n != preset.decks for n in totals):
        return "the cards do not add up to the decks"
    expected_kitty = 0 if view.phase is BURY else preset.kitty_size
    if len(world.kitty) != expected_kitty or len(world.buried) != expected_kitty:
        return "the kitty has the wrong size"
    if apply_swaps(world.buried, world.swaps) != world.kitty:
        return "the kitty is not the burial after the swaps"
    if view.trump_known and world.trump_suit != view.trump_suit:
        return "the trump suit differs from the view's"
    error = _check_kitty(c, world)
    if error is None:
        error = _check_tokens(c, world)
    if error is None and view.phase is PLAY:
        error = _check_call(c, world)
        if error is None and replay:
            try:
                determinize(view, world)
            except Contradiction as err:
                error = str(err)
    return error


def admits(constraints: Constraints, world: World) -> bool:
    """Whether ``world`` lies within the bounds of ``constraints`` (the sampler's draws
    can give it) and fits the view but for the replay. (For tests: the true world
    always does.)"""
    c = constraints
    hands = [list(h) for h in world.hands] + [count_vector(world.kitty)]
    for place in range(c.players + 1):
        if place == c.me:
            continue
        for card in range(NUM_KINDS):
            if not c.low[place][card] <= hands[place][card] <= c.high[place][card]:
                if place == c.kitty and c.kitty_swaps and c.view.phase is PLAY:
                    continue  # drawn per sample with the swaps
                return False
    if c.friend_need is not None:
        card, where = c.friend_need
        if not any(hands[p][card] for p in where):
            return False
    return check_world(c, world, replay=False) is None


def start_hands(constraints: Constraints, world: World) -> list[list[int]]:
    """Each seat's hand at the first trick (before the swaps for the declarer)."""
    c = constraints
    hands = [
        [world.hands[s][card] + c.played[s][card] for card in range(NUM_KINDS)]
        for s in range(c.players)
    ]
    if c.declarer is not None:
        for from_hand, from_kitty in world.swaps:
            hands[c.declarer][from_hand] += 1
            hands[c.declarer][from_kitty] -= 1
    return hands


def _check_kitty(c: Constraints, world: World) -> str | None:
    """The burial and swaps this seat saw (R-7.1, R-8.4)."""
    view = c.view
    me = c.me
    if me == c.taker and view.phase is not BURY and world.buried != view.buried:
        return "the burial differs from the one this seat made"
    if len(world.swaps) != view.swap_count:
        return "the number of swaps differs from the view's"
    if me == c.declarer and view.phase is PLAY and world.swaps != view.swaps:
        return "the swaps differ from the ones this seat made"
    if view.phase is SWAP and me == c.declarer and view.ordering is not None:
        trumps = sorted(card for card in world.buried if view.ordering.is_trump(card))
        if trumps != sorted(view.kitty_trumps):
            return "the kitty's trumps differ from the ones this seat saw"
    if world.swaps:
        if c.declarer is None or view.ordering is None:
            return "swaps without a declarer"
        before = start_hands(c, world)[c.declarer]
        if min(before) < 0:
            return "the declarer swapped cards it did not take"
        error = c.preset.bidding.swap_error(before, world.buried, world.swaps, view.ordering)
        if error is not None:
            return f"the swaps break R-8.4: {error}"
    return None


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


def _check_tokens(c: Constraints, world: World) -> str | None:
    """Cards shown in bids, followed to the first trick (R-8)."""
    held = start_hands(c, world) if c.view.phase is PLAY else [list(h) for h in world.hands]
    held.append(count_vector(world.buried))
    by_card: dict[int, list[frozenset[int]]] = {}
    for card, where in c.tokens.items:
        by_card.setdefault(card, []).append(where)

    def fits(extra: dict[int, list[frozenset[int]]]) -> bool:
        return all(
            _hall(by_card.get(k, []) + extra.get(k, []), [row[k] for row in held])
            for k in set(by_card) | set(extra)
        )

    pair = c.tokens.pair
    if pair is None:
        return None if fits({}) else "a card shown in a bid is not where it can be"
    trump = world.trump_suit
    for card in range(SMALL_JOKER):
        if card // NUM_RANKS == trump and fits({card: [pair, pair]}):
            return None
    return "no face-down pair of the trump suit fits the declaration (R-8.4)"


def _check_call(c: Constraints, world: World) -> str | None:
    """R-9.2: the called card was one the banker could call."""
    view = c.view
    if view.friend_call is None or view.banker is None:
        return None
    hand = start_hands(c, world)[view.banker]
    error = c.preset.friend_call_error(hand, world.buried, CallFriend(view.friend_call))
    return None if error is None else f"the call breaks its rule: {error}"


__all__ = ["admits", "check_world", "consistent", "start_hands"]

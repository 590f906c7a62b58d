"""A possible deal behind one seat's view, and the engine round it makes.

A :class:`World` fills in what a seat cannot see: every other hand, the kitty and, in
`shandong`, the declarer's kitty swaps and a trump suit that is still face down.
:func:`determinize` turns a view and a world into an engine :class:`Round` in exactly
the view's public state, by setting the round up at its first trick and re-applying
every play of the view with :meth:`Round.apply`: the engine itself then checks the
past (every follow legal under R-5, every throw failing or succeeding as it did under
R-4.3/R-4.4, the friend revealed when it was), and the round is ready for
``clone()`` and rollouts. :func:`actual_world` is the real world of a round, for tests.

>>> from zhaopengyou.engine import Play, Round, get_preset
>>> from zhaopengyou.engine.cards import counts_of, parse_cards
>>> rnd = Round.from_hands(get_preset("tractor"), ["AS 3H", "4H 5H", "QS 6H", "JS 7H"],
...                        level_rank="2", trump_suit="C", banker=0)
>>> _ = rnd.apply(0, Play.parse("AS"))
>>> _ = rnd.apply(1, Play.parse("4H"))                  # seat 1 shows it has no ♠
>>> world = actual_world(rnd)
>>> twin = determinize(rnd.view(3), world)
>>> twin.view(3) == rnd.view(3), twin.to_act
(True, 2)
>>> hands = list(world.hands)
>>> hands[1] = tuple(counts_of(parse_cards("QS")))      # seat 1 given a ♠ after all
>>> hands[2] = tuple(counts_of(parse_cards("5H 6H")))
>>> determinize(rnd.view(3), world._replace(hands=tuple(hands)))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
zhaopengyou.bots.world.Contradiction: the engine refuses a past play: R-5.1: must play all 1 ...
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from ..engine import Bid, CallFriend, Pass, Play, PlayRecord, Round, View
from ..engine.cards import CARDS, NUM_KINDS, RANK_NAMES, SUIT_LETTERS, Card
from ..engine.errors import EngineError
from ..engine.table import BID, BURY, CALL, DEAL, PLAY
from ..engine.units import Unit

Counts = tuple[int, ...]


class Contradiction(ValueError):
    """A world that does not fit the view: the engine refuses a past play with its
    hands, the replay ends differently from what the view recorded, or the cards do
    not add up."""


class World(NamedTuple):
    """The hidden part of a round as one seat might imagine it.

    ``hands`` are every seat's current hands as count vectors indexed by card (the
    viewer's own as its view shows it); ``kitty`` is the kitty as R-7 will score it
    (after `shandong` swaps; empty while it lies in the taker's hand, phase BURY);
    ``buried`` the cards as buried, before the swaps; ``swaps`` the declarer's
    (hand card, kitty card) exchanges (R-8.4); ``trump_suit`` the round's trump suit
    (0–3 for ♠♥♣♦, None for no-trump), sampled when still face down for the viewer.
    """

    hands: tuple[Counts, ...]
    kitty: tuple[Card, ...]
    buried: tuple[Card, ...]
    swaps: tuple[tuple[Card, Card], ...]
    trump_suit: int | None

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand as a card list, lowest card id first."""
        counts = self.hands[seat]
        return tuple(CARDS[c] for c in range(NUM_KINDS) for _ in range(counts[c]))


def actual_world(rnd: Round) -> World:
    """The real hidden state of ``rnd``: the world every view of it must admit."""
    return World(
        tuple(tuple(hand) for hand in rnd.hands),
        rnd.final_kitty,
        rnd.buried,
        tuple(rnd.swaps),
        rnd.trump_suit,
    )


def all_plays(view: View) -> list[tuple[PlayRecord, tuple[Unit, ...]]]:
    """Every play of the view in order, each with its trick's lead units (R-6.1)."""
    out = [(play, trick.units) for trick in view.tricks for play in trick.plays]
    out.extend((play, view.lead_units) for play in view.current)
    return out


def played_counts(view: View) -> list[list[int]]:
    """Per seat, the count vector of every card it has played in the view's tricks."""
    played = [[0] * NUM_KINDS for _ in range(view.preset.players)]
    for play, _ in all_plays(view):
        row = played[play.seat]
        for card in play.cards:
            row[card] += 1
    return played


def _replay_action(play: PlayRecord, units: Sequence[Unit], leads: bool) -> Play:
    """The action that made ``play``: a failed throw is re-attempted whole (R-4.4), a
    successful one with the parse its trick recorded (R-4.2)."""
    if play.attempted is not None:
        return Play(play.attempted, play.attempted_units)
    if leads and len(units) > 1:
        return Play(play.cards, tuple(unit.cards for unit in units))
    return Play(play.cards)


def determinize(view: View, world: World) -> Round:
    """An engine round in the view's public state, with the world's hidden cards.

    Supported in phase PLAY (raises :class:`ValueError` otherwise): the round is set
    up from the hands as they were at the first trick (current hand plus the cards
    each seat played since) and every play of the view is applied again. The round's
    ``view(seat)`` then equals ``view`` field by field: phase, trick, current plays,
    points, penalties, banker, friend call and reveal, trump, levels, whose turn. The
    pre-play record (round number, dealer, the bids as this seat saw them, kitty
    cards turned over) is copied from the view: it does not change the play, but the
    bids count for `qidong`'s multiplier (R-8.3). Raises :class:`Contradiction` when
    the world does not fit the view.
    """
    if view.phase is not PLAY or view.seat is None or view.banker is None:
        raise ValueError("determinize needs a seat's view during the tricks (phase play)")
    preset = view.preset
    players = preset.players
    if len(world.hands) != players:
        raise Contradiction(f"a world of {players} hands is needed")
    starts = [list(hand) for hand in world.hands]
    for play, _ in all_plays(view):
        for card in play.cards:
            starts[play.seat][card] += 1
    try:
        rnd = _round_at_first_trick(
            view,
            starts,
            trump_suit=world.trump_suit,
            buried=world.buried,
            call=None if view.friend_call is None else CallFriend(view.friend_call),
            swaps=world.swaps,
        )
    except ValueError as err:
        raise Contradiction(f"the world's cards do not add up: {err}") from None
    try:
        for index, trick in enumerate(view.tricks):
            for position, play in enumerate(trick.plays):
                rnd.apply(play.seat, _replay_action(play, trick.units, position == 0))
            if rnd.tricks[index] != trick:
                raise Contradiction(f"trick {index + 1} ends differently: {rnd.tricks[index]}")
        for position, play in enumerate(view.current):
            rnd.apply(play.seat, _replay_action(play, view.lead_units, position == 0))
            if rnd.current[position] != play:
                raise Contradiction(f"the current trick differs: {rnd.current[position]}")
    except EngineError as err:
        raise Contradiction(f"the engine refuses a past play: {err}") from None
    mine = rnd.view(view.seat)
    if mine != view:
        fields = [name for name, a, b in zip(View._fields, mine, view, strict=True) if a != b]
        raise Contradiction(f"the replay's view differs in {', '.join(fields)}")
    return rnd


def _round_at_first_trick(
    view: View,
    hands: Sequence[Sequence[int]],
    *,
    trump_suit: int | None,
    buried: Sequence[Card],
    call: CallFriend | None,
    swaps: Sequence[tuple[Card, Card]],
) -> Round:
    """The round at its first trick with these hands (count vectors) and the view's
    level, banker, levels and declarer, and its record of the bidding as this seat saw
    it (R-8): that changes no play, but the bids count for `qidong`'s multiplier (R-8.3)."""
    assert view.banker is not None  # known from the burial on
    return Round.from_hands(
        view.preset,
        [[CARDS[c] for c in range(NUM_KINDS) for _ in range(n[c])] for n in hands],
        level_rank=RANK_NAMES[view.level_rank],
        trump_suit=None if trump_suit is None else SUIT_LETTERS[trump_suit],
        banker=view.banker,
        kitty=buried,
        levels=None if view.levels is None else [RANK_NAMES[lv] for lv in view.levels],
        friend_call=None if call is None or call.card is None else call.card.ascii,
        solo=view.solo if call is None else call.solo,
        declarer=view.declarer,
        swaps=swaps,
        number=view.round_number,
        dealer=view.dealer,
        bids=view.bids,
        kitty_turned=view.kitty_turned,
    )


def first_trick(
    view: View, world: World, burial: Sequence[Card], call: CallFriend | None = None
) -> Round:
    """The round at its first trick after the kitty taker's or banker's decision in
    ``view``: in phase BURY this seat buries ``burial`` (and, where a friend is called,
    makes ``call``); in phase CALL it makes ``call`` (``burial`` is then the view's).
    The other hands are the world's. Raises :class:`ValueError` for other phases, while
    the trump suit is hidden from this seat (a `shandong` swap may still follow), or
    for a burial or call the engine refuses.

    >>> from zhaopengyou.bots import HeuristicBot, play_round
    >>> from zhaopengyou.engine import Round, get_preset
    >>> from zhaopengyou.engine.table import BURY
    >>> rnd = play_round(Round(get_preset("tractor"), seed=3), [HeuristicBot(0)] * 4,
    ...                  until=lambda r: r.phase is BURY)
    >>> view = rnd.view(rnd.to_act)
    >>> burial = HeuristicBot(0).act(view).cards
    >>> twin = first_trick(view, actual_world(rnd), burial)
    >>> _ = rnd.apply(rnd.to_act, HeuristicBot(0).act(view))
    >>> twin.view(rnd.to_act) == rnd.view(rnd.to_act), twin.phase
    (True, <Phase.PLAY: 'play'>)
    """
    preset = view.preset
    seat = view.seat
    if view.phase not in (BURY, CALL) or seat is None or view.to_act != seat:
        raise ValueError("first_trick needs the burier's or the caller's view")
    if view.phase is BURY and view.declarer is not None:
        raise ValueError("the declarer's kitty swaps follow this burial (R-8.4)")
    hands = [list(hand) for hand in world.hands]
    if view.phase is BURY:
        error = view.burial_error(burial)
        if error is not None:
            raise ValueError(str(error))
        for card in burial:
            hands[seat][card] -= 1
        hand_after = tuple(hands[seat])
    else:
        burial = world.buried
        hand_after = view.hand_counts
    if preset.called_friend:
        if call is None:
            raise ValueError("a friend call is needed")
        error = preset.friend_call_error(hand_after, burial, call)
        if error is not None:
            raise ValueError(str(error))
    elif call is not None:
        raise ValueError(f"{preset.name} calls no friend")
    return _round_at_first_trick(
        view, hands, trump_suit=view.trump_suit, buried=burial, call=call, swaps=()
    )


def _pass_until(rnd: Round, seat: int) -> None:
    """In the closing bids (R-8.1), the seats polled before ``seat`` pass."""
    while rnd.phase is BID and rnd.to_act is not None and rnd.to_act != seat:
        rnd.apply(rnd.to_act, Pass())


def deal_twin(view: View, rng: random.Random) -> Round:
    """An engine round at the view's moment of the deal or of the closing bids (R-8.1),
    with the cards this seat has not seen drawn at random: the other hands as far as
    dealt, then the cards still to come and the kitty.

    Every card a bid showed is given to its bidder among its first cards, so that it
    held the card when it bid; the round is then dealt again from the first card with
    every bid (and, after the deal, every pass) made again at its moment, so the engine
    checks each one, and its view for this seat must equal ``view``. For the bidding
    where no card changes hands (not `shandong`'s declarations, R-8.4; raises
    :class:`ValueError` there and outside the bidding). ``rng`` also drives a redeal
    for want of a bid, so a seeded ``rng`` gives the same round every time.

    >>> import random
    >>> from zhaopengyou.bots import HeuristicBot, play_round
    >>> from zhaopengyou.engine import Round, get_preset
    >>> rnd = play_round(Round(get_preset("tractor"), seed=3), [HeuristicBot(0)] * 4,
    ...                  until=lambda r: len(r.bids) == 1)
    >>> twin = deal_twin(rnd.view(2), random.Random(1))
    >>> twin.view(2) == rnd.view(2), twin.hands[0] == rnd.hands[0]
    (True, False)
    """
    preset = view.preset
    me = view.seat
    if view.phase not in (DEAL, BID) or me is None:
        raise ValueError("deal_twin needs a seat's view during the deal or the bids")
    if any(bid.kind is not None for bid in view.bids) or preset.bidding.cards_change_hands:
        raise ValueError("declarations move cards between hands (R-8.4)")
    players = preset.players
    dealt = view.cards_dealt
    pool = [preset.decks] * NUM_KINDS
    for card, count in enumerate(view.hand_counts):
        pool[card] -= count
    # Per seat, the cards its bids showed, in the order they were first needed.
    shown: list[list[int]] = [[] for _ in range(players)]
    for bid in view.bids:
        need = Counter(bid.cards)
        have = Counter(shown[bid.seat])
        for card in bid.cards:
            if have[card] < need[card]:
                shown[bid.seat].append(card)
                have[card] += 1
    for seat in range(players):
        if seat != me:
            for card in shown[seat]:
                pool[card] -= 1
    if min(pool) < 0:
        raise Contradiction("the bids show more copies of a card than the decks hold")
    rest = [c for c in range(NUM_KINDS) for _ in range(pool[c])]
    rng.shuffle(rest)
    received: list[list[int]] = []
    for seat in range(players):
        if seat == me:
            cards = [c for c in range(NUM_KINDS) for _ in range(view.hand_counts[c])]
            early = list(shown[seat])
            for card in early:
                cards.remove(card)
        else:
            early = list(shown[seat])
            cards = [rest.pop() for _ in range(view.hand_sizes[seat] - len(early))]
        rng.shuffle(cards)
        received.append(early + cards)
    deck: list[int] = []
    taken = [0] * players
    for index in range(dealt):
        seat = (view.dealer + index) % players
        deck.append(received[seat][taken[seat]])
        taken[seat] += 1
    deck.extend(rest)  # the cards still to deal and the kitty, shuffled
    rnd = Round(
        preset,
        rng=random.Random(rng.random()),
        number=view.round_number,
        levels=view.levels,
        banker=view.banker,
        dealer=view.dealer,
        deck=deck,
    )
    try:
        for bid in view.bids:
            while rnd.dealt < bid.after_cards_dealt:
                rnd.deal_card()
            _pass_until(rnd, bid.seat)
            rnd.apply(bid.seat, Bid(bid.cards))
        while rnd.dealt < dealt:
            rnd.deal_card()
        if view.to_act is not None:
            _pass_until(rnd, view.to_act)
    except EngineError as err:
        raise Contradiction(f"the engine refuses a past bid: {err}") from None
    mine = rnd.view(me)
    if mine != view:
        fields = [name for name, a, b in zip(View._fields, mine, view, strict=True) if a != b]
        raise Contradiction(f"the replay's view differs in {', '.join(fields)}")
    return rnd


__all__ = [
    "Contradiction",
    "World",
    "actual_world",
    "all_plays",
    "deal_twin",
    "determinize",
    "first_trick",
    "played_counts",
]

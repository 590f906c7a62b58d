"""What one seat's view tells about the cards it cannot see, as bounds on each hidden
hand: the constraints the world sampler draws from (:mod:`~zhaopengyou.bots.sampler`)
and checks its worlds against (:mod:`~zhaopengyou.bots.world_check`).

:class:`Constraints` works them out once per view. Places are the seats and the kitty
(index ``players``); ``low[p][c]`` and ``high[p][c]`` bound how many copies of card
``c`` place ``p`` holds now. What a play or a call proves is asked of the preset (its
``follow_reveals``, ``friend_call_reveals`` and its bidding's ``turned_kitty_reveals``,
``kitty_swaps``), so that a preset with other rules brings its own answers.

What is modelled (each rule turns into bounds on the hidden hands, so that the deal
rarely needs redrawing; the replay of :func:`~zhaopengyou.bots.world.determinize` then
checks every sample against the engine, and a world it refuses is drawn again):

- R-5 follows, as the preset's ``follow_reveals`` states them (the caps of
  :class:`~zhaopengyou.engine.follow.FollowFacts` on what the follower held when the
  trick began, or kept after it):
  R-5.1 voids: a follower that played fewer cards of the led suit than led holds none
  of that suit any more.
  R-5.2 structure (`zhaopengyou`, `qidong`, `tractor`), for leads with at most one
  tractor: a tractor led and not followed with one → no such tractor held (length 2:
  no card next to a pair played held twice), and then, as for leads without tractors:
  no pair played to a lead needing one → no pair of the suit held; no triple played to
  a lead needing one → no triple held; fewer pairs played than the lead's pairs
  (tractors counted as their pairs, no triples led) → no other pair held.
  R-5.3 (`shandong`): a pair or 刮风 led and not followed in kind → fewer pairs played
  than it needs means no other pair held, and no card left in the suit above the
  fillers (有对跟对，无对从大到小); a 刮风 of two → no pair next to a pair played; a
  special unit not followed in kind → no card left in the suit above the ones played.
- R-4.3 / R-4.4: a successful throw's single and tuple units, and a failed throw's
  units below the forced one, were unbeatable: no other seat then held a higher card
  (a single) or as many copies of a higher card (a tuple); a failed throw's cards were
  all in the thrower's hand, and another seat held a tuple beating its forced tuple
  (``beaten``: the sampler draws one such holding when the bounds do not already give
  one).
- R-8 bids and declarations (:class:`Tokens`): every card shown in a bid (a level
  card, jokers, a 2, a 亮/顶 joker, a 粘's jokers and 刮风, a face-down pair once
  shown) was in the bidder's hand and stays there until played, unless it moved: taken
  by a 粘, given back after one (unseen cards: then it may be with either seat), picked
  up with the kitty and possibly buried (then it may be in the kitty). Kitty cards
  turned over with no bid were where the bidding's ``turned_kitty_reveals`` puts them
  (R-8.2, R-8.4: in the kitty; R-8.3, `qidong`: also the twins the rule implies, and
  the banker's twin of the last one). The standing declaration's face-down pair when
  this seat has not seen it: a pair of one card of the trump suit (of a suit drawn at
  random when the suit itself is still hidden: that suit is the world's
  ``trump_suit``).
- R-7 / R-8.4 kitty: the kitty as buried when this seat buried it; where the bidding
  has ``kitty_swaps``, the declarer's kitty trumps during the swap; ``swap_count``
  swaps, each a kitty trump exchanged for a card of its rank in another suit that the
  declarer held (drawn at random when this seat did not make them).
- R-9, as the preset's ``friend_call_reveals`` states it
  (:class:`~zhaopengyou.engine.presets.CallFacts`): where the friend is the first
  holder after the banker (R-9.1), a revealed friend's predecessors after the banker
  held none, and a seat that played the called card without being revealed is not the
  friend, so a seat before it held one (``friend_need``); bounds on the banker's copies
  and the kitty's (R-9.2, `qidong`: the banker held exactly one, the kitty none).

Not modelled as bounds (the replay refuses such worlds, which are then drawn again):
the other tractor parts of R-5.2/R-5.3 and R-4.3 (two pairs dealt next to each other
where no tractor was held, a tractor beating a throw's tractor or forced by it), and
leads of several tractors.
Not modelled at all: the moment of a bid (that the bidder held the cards after that
many cards were dealt: deal order is not part of a world), the face-down pairs of
declarations that were overridden (a 顶 on a 亮) and never shown, and which cards a
`shandong` 粘 gave back when this seat was not one of the two seats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ..engine import Card, PlayRecord, View
from ..engine.cards import NUM_KINDS, SMALL_JOKER, TRUMP
from ..engine.declaring import DECLARING, standing_declaration
from ..engine.ordering import Ordering
from ..engine.table import BURY, CALL, PLAY, SWAP
from ..engine.units import TUPLE, Shape, Unit, format_of
from .world import all_plays, played_counts

PHASES = (BURY, SWAP, CALL, PLAY)
Token = tuple[int, frozenset[int]]  # one card known to lie in one of these places


def count_vector(cards: Iterable[int]) -> list[int]:
    """Copies of each card, indexed by card."""
    counts = [0] * NUM_KINDS
    for card in cards:
        counts[card] += 1
    return counts


def apply_swaps(buried: Sequence[Card], swaps: Sequence[tuple[Card, Card]]) -> tuple[Card, ...]:
    """The kitty after the declarer's swaps, as :attr:`Round.final_kitty` makes it."""
    kitty = list(buried)
    for from_hand, from_kitty in swaps:
        kitty[kitty.index(from_kitty)] = from_hand
    return tuple(kitty)


class Tokens:
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


def declarations(view: View, me: int, kitty: int, taker: int) -> Tokens:
    """Follow the cards that bids showed, and the kitty's turned cards, up to the
    burial (R-8, R-7.1)."""
    preset = view.preset
    tokens = Tokens(me, kitty)
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
    if turned:  # the kitty turned over for want of a bid
        shown = preset.bidding.turned_kitty_reveals(turned)
        tokens.show(kitty, shown.kitty)
        if shown.banker and view.banker is not None:
            tokens.show(view.banker, shown.banker)
    tokens.relocate(kitty, taker)  # the taker picks the kitty up …
    if view.phase is not BURY and taker != me:
        tokens.blur(taker, kitty)  # … and buries cards this seat did not see
    return tokens


class Constraints:
    """The bounds one view puts on the hidden cards, worked out once.

    ``low[p][c]`` / ``high[p][c]``: copies of card ``c`` that place ``p`` (a seat, or
    the kitty at index ``players``) holds now, at least / at most; ``pool[c]``: the
    copies this seat has not seen; ``capacity[p]``: the cards place ``p`` holds (0
    for this seat); ``played[s][c]``: the copies seat ``s`` has played; ``tokens``:
    cards that bids showed (R-8), as :class:`Tokens`; ``friend_need``: a card one of
    these seats held (R-9.1); ``beaten``: (trick, thrower, forced unit) of each failed
    throw whose forced tuple someone could beat (R-4.4). Raises :class:`ValueError`
    outside the phases bury to play and for a view that contradicts itself.
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
        self.kitty_swaps = preset.bidding.kitty_swaps  # the kitty changes after burial
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
        # suffix[s][t]: the cards seat s played in tricks t, t+1, … (held at trick t =
        # its hand now + suffix[s][t]); phase play only.
        self.suffix: list[list[list[int]]] = []
        self._kitty_knowledge()
        if view.phase is PLAY:
            assert view.ordering is not None
            self._play_knowledge(view.ordering)
            self._friend_knowledge()
        self.tokens = declarations(view, me, kitty, self.taker)
        for p in range(players + 1):
            for c in range(NUM_KINDS):
                if self.low[p][c] > min(self.high[p][c], self.pool[c]):
                    raise ValueError("this view contradicts itself")

    def _exact(self, place: int, cards: Iterable[int]) -> None:
        counts = count_vector(cards)
        self.low[place] = list(counts)
        self.high[place] = list(counts)

    def _kitty_knowledge(self) -> None:
        """The kitty as far as this seat saw it (R-7.1, R-8.4)."""
        view = self.view
        me = self.me
        if view.phase is BURY:
            return
        if not self.kitty_swaps:
            if me == self.taker:
                self._exact(self.kitty, view.buried)
            return
        if view.phase is SWAP:
            if me == self.taker:
                self._exact(self.kitty, view.buried)
            elif me == self.declarer and view.ordering is not None:
                seen = count_vector(view.kitty_trumps)  # the declarer sees them
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
        plays_of: list[list[list[int]]] = [[] for _ in range(players)]
        for play, _ in all_plays(view):
            plays_of[play.seat].append(count_vector(play.cards))
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
        """R-5: what the preset says a legal follow proves (its ``follow_reveals``): caps
        on the cards held when the trick began, and on the cards left after it."""
        seat = play.seat
        if seat == self.me:
            return
        facts = self.preset.follow_reveals(play.cards, suit, shapes, ordering)
        for card, most in facts.before:
            self._cap(seat, index, card, most)
        for card, most in facts.after:
            self._cap(seat, index + 1, card, most)

    def _friend_knowledge(self) -> None:
        """R-9: what the called card says about who holds it, as the preset's
        ``friend_call_reveals`` states it."""
        view = self.view
        card = view.friend_call
        banker = view.banker
        if card is None or view.solo or banker is None:
            return
        players = self.players
        facts = self.preset.friend_call_reveals(card)
        if banker != self.me:
            if facts.banker_least:
                self._need(banker, 0, card, facts.banker_least)
            if facts.banker_most is not None:
                self._cap(banker, 0, card, facts.banker_most)
        if facts.kitty_most is not None:
            self.high[self.kitty][card] = min(self.high[self.kitty][card], facts.kitty_most)
        if not facts.first_holder:
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


__all__ = ["PHASES", "Constraints", "Token", "Tokens", "apply_swaps", "count_vector"]

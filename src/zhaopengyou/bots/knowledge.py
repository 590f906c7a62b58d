"""What a seat can infer from its view, kept up to date trick by trick.

:class:`Knowledge` is the seat's card knowledge at one decision: the cards it has not
seen (neither in its hand, its burial nor played), the suits each seat is known to be
void in, and its likely side. ``Knowledge(view)`` rebuilds it from the whole trick
history; a :class:`CardMemory` gives the same knowledge by folding in only the tricks
finished since it last counted. Either is worked out when first read, so a decision
that does not need it (a bot's follow) costs nothing.

>>> from zhaopengyou.engine import Round, get_preset
>>> from zhaopengyou.bots import RandomBot, play_round
>>> rnd = play_round(Round(get_preset("tractor"), seed=3), [RandomBot(s) for s in range(4)])
>>> memory = CardMemory()
>>> memory.knowledge(rnd.view(0)) == Knowledge(rnd.view(0))
True
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence

from ..engine import View
from ..engine.cards import NUM_KINDS
from ..engine.ordering import Ordering
from ..engine.presets import Preset
from ..engine.table import PlayRecord, Trick

_NO_VOIDS: frozenset[int] = frozenset()


def _fold(
    plays: Iterable[PlayRecord],
    lead_suit: int,
    left: list[int],
    voids: list[frozenset[int]],
    esuit: Sequence[int] | None,
) -> None:
    """Take the cards of ``plays`` off ``left`` and note the seats that showed a void:
    a seat that plays off the led suit has no card of it left (R-5.1)."""
    for seat, cards, _, _ in plays:
        short = False
        for card in cards:
            left[card] -= 1
            if esuit is not None and esuit[card] != lead_suit:
                short = True
        if short and lead_suit not in voids[seat]:
            voids[seat] = voids[seat] | {lead_suit}


class Knowledge:
    """One seat's card knowledge at one decision.

    ``unseen[c]``: copies of card ``c`` this seat has not seen (not in its hand, its
    burial or any play); ``voids[s]``: the effective suits seat ``s`` has shown to be
    out of. Both are worked out when first read: from ``memory`` (a :class:`CardMemory`
    of this seat), else from the whole view.
    """

    __slots__ = ("_facts", "_memory", "_partners", "view")

    def __init__(self, view: View, memory: CardMemory | None = None) -> None:
        self.view = view
        self._memory = memory
        self._facts: tuple[list[int], tuple[frozenset[int], ...]] | None = None
        self._partners: frozenset[int] | None = None

    def _get(self) -> tuple[list[int], tuple[frozenset[int], ...]]:
        if self._facts is None:
            memory = self._memory
            self._facts = _rebuild(self.view) if memory is None else memory.facts(self.view)
        return self._facts

    @property
    def unseen(self) -> list[int]:
        return self._get()[0]

    @property
    def voids(self) -> tuple[frozenset[int], ...]:
        return self._get()[1]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Knowledge):
            return NotImplemented
        return self._get() == other._get()

    __hash__ = None  # type: ignore[assignment]  # mutable lists inside: not hashable

    def __repr__(self) -> str:
        return f"Knowledge(unseen={self.unseen!r}, voids={self.voids!r})"

    def partners(self) -> frozenset[int]:
        """Seats believed to be on this seat's side (itself excluded)."""
        if self._partners is None:
            self._partners = frozenset(_partners(self.view))
        return self._partners

    def opponents(self) -> list[int]:
        """The other seats, partners excluded."""
        me = self.view.seat
        partners = self.partners()
        return [s for s in range(self.view.preset.players) if s != me and s not in partners]

    def on_banker_side(self) -> bool:
        view = self.view
        return view.banker == view.seat or (
            view.banker is not None and view.banker in self.partners()
        )


def _rebuild(view: View) -> tuple[list[int], tuple[frozenset[int], ...]]:
    """The unseen cards and the voids, from the whole trick history."""
    left = [view.preset.decks] * NUM_KINDS
    voids = [_NO_VOIDS] * view.preset.players
    ordering = view.ordering
    esuit = ordering.esuit if ordering is not None else None
    for trick in view.tricks:
        _fold(trick.plays, trick.lead_suit, left, voids, esuit)
    if view.current and esuit is not None:
        _fold(view.current, esuit[view.current[0].cards[0]], left, voids, esuit)
    return _unseen(left, view), tuple(voids)


def _unseen(left: Sequence[int], view: View) -> list[int]:
    """The copies of each card not played (``left``) and not in the hand or burial."""
    unseen = list(map(operator.sub, left, view.hand_counts))
    for card in view.buried:
        unseen[card] -= 1
    return unseen


def _partners(view: View) -> set[int]:
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


class CardMemory:
    """The finished tricks of one round as one seat has seen them, folded in as they come.

    Each count (:meth:`facts`, or reading a :meth:`knowledge`) folds in only the tricks
    finished since the last count and adds the trick in progress, which is never
    stored. A view of another round or seat (another round number, dealer, seat, preset
    or trump; a shorter or different history) starts the count again, so one memory may
    safely see any sequence of views.
    """

    __slots__ = ("_key", "_left", "_tricks", "_voids")

    def __init__(self) -> None:
        self._key: tuple[Preset, int, int, int | None, Ordering | None] | None = None
        self._tricks: tuple[Trick, ...] = ()  # the finished tricks folded in
        self._left: list[int] = []  # copies of each card not played in those tricks
        self._voids: list[frozenset[int]] = []

    def _reset(self, key: tuple[Preset, int, int, int | None, Ordering | None]) -> None:
        self._key = key
        self._tricks = ()
        self._left = [key[0].decks] * NUM_KINDS
        self._voids = [_NO_VOIDS] * key[0].players

    def _catch_up(self, view: View) -> None:
        tricks = view.tricks
        key = (view.preset, view.round_number, view.dealer, view.seat, view.ordering)
        if key == self._key and tricks is self._tricks:
            return  # nothing new (the views of a round share its tuple of tricks)
        seen = len(self._tricks)
        # The tricks folded in must be the view's first ones: a round's views share the
        # Trick objects, so this is mostly identity checks.
        if key != self._key or tricks[:seen] != self._tricks:
            self._reset(key)
            seen = 0
        ordering = view.ordering
        esuit = ordering.esuit if ordering is not None else None
        for index in range(seen, len(tricks)):
            trick = tricks[index]
            _fold(trick.plays, trick.lead_suit, self._left, self._voids, esuit)
        self._tricks = tricks

    def knowledge(self, view: View) -> Knowledge:
        """The seat's knowledge at this view, equal to ``Knowledge(view)``; the tricks are
        folded in when it is first read."""
        return Knowledge(view, self)

    def facts(self, view: View) -> tuple[list[int], tuple[frozenset[int], ...]]:
        """The unseen cards and the voids at this view (see :class:`Knowledge`)."""
        self._catch_up(view)
        ordering = view.ordering
        if view.current and ordering is not None:
            left = list(self._left)
            voids = list(self._voids)
            esuit = ordering.esuit
            _fold(view.current, esuit[view.current[0].cards[0]], left, voids, esuit)
            return _unseen(left, view), tuple(voids)
        return _unseen(self._left, view), tuple(self._voids)


__all__ = ["CardMemory", "Knowledge"]

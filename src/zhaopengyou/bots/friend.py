"""Who is the hidden friend (R-9.1, R-9.2): each seat's chance, from its play.

The sampler (:mod:`~zhaopengyou.bots.sampler`) deals only worlds that fit the hard facts
(who holds copies of the called card, who cannot be the friend); every such world is
equally likely to it. The seats' play says more: a seat that adds points to a trick the
banker is winning plays like the banker's friend, and a seat that takes a trick from
the banker plays like an attacker. :class:`FriendEvidence` counts those signs in the
seat's view, and weighs a world by how well its friend fits them (a likelihood ratio
per sign); :func:`friend_chances` turns weighted worlds into each seat's chance of
being the friend. :class:`~zhaopengyou.bots.search.SearchBot` keeps sampled worlds in
proportion to their weight (rejection sampling), so its search sees the friend where
the play points.

>>> from zhaopengyou.engine import Play, Round, get_preset
>>> rnd = Round.from_hands(get_preset("tractor", partner="called"),
...     ["AS 3H 4C", "10S 5H 6C", "3S KH 7C", "JS 7H 8C"],
...     level_rank="2", trump_suit="D", banker=0, friend_call="KH")
>>> _ = rnd.apply(0, Play.parse("AS"))
>>> _ = rnd.apply(1, Play.parse("10S"))                  # points on the banker's ace
>>> _ = rnd.apply(2, Play.parse("3S"))
>>> evidence = FriendEvidence(rnd.view(3))
>>> evidence.signs, evidence.weight(1), evidence.weight(2), evidence.top_weight()
({1: 1}, 3.0, 1.0, 3.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine import PlayRecord, View
from ..engine.cards import CARD_POINTS
from ..engine.units import Shape

FEEDS = 3.0  # a friend adds points to the banker's winning trick this much more often
TAKES = 1 / 3.0  # … and takes a trick from the banker this much less often


class FriendEvidence:
    """The signs each seat gave of being the hidden friend, as seen from one view.

    ``signs[seat]`` is the number of tricks the seat fed the banker points, less the
    number it took from the banker; only seats that may be the hidden friend count (not
    the viewer, not the banker), and none once the friend is known.
    """

    def __init__(self, view: View) -> None:
        self.viewer = view.seat
        self.signs: dict[int, int] = {}
        self.feeds: dict[int, int] = {}
        self.takes: dict[int, int] = {}
        banker = view.banker
        ordering = view.ordering
        if (
            not view.preset.called_friend
            or banker is None
            or view.friend is not None
            or view.friend_call is None
            or ordering is None
        ):
            return
        for trick in view.tricks:
            self._read(view, trick.plays, trick.shapes, trick.lead_suit, banker)
        if view.current and view.lead_suit is not None:
            self._read(view, view.current, view.lead_shapes, view.lead_suit, banker)
        for seat in set(self.feeds) | set(self.takes):
            self.signs[seat] = self.feeds.get(seat, 0) - self.takes.get(seat, 0)
        self.signs = {seat: sign for seat, sign in sorted(self.signs.items()) if sign}

    def _read(
        self,
        view: View,
        plays: Sequence[PlayRecord],
        shapes: Sequence[Shape],
        lead_suit: int,
        banker: int,
    ) -> None:
        ordering = view.ordering
        assert ordering is not None
        play_rank = view.preset.play_rank
        best_rank = play_rank(shapes, lead_suit, plays[0].cards, ordering)
        best_seat = plays[0].seat
        for play in plays[1:]:
            rank = play_rank(shapes, lead_suit, play.cards, ordering)
            overtakes = rank is not None and best_rank is not None and rank > best_rank
            if play.seat not in (banker, self.viewer) and best_seat == banker:
                if overtakes:
                    self.takes[play.seat] = self.takes.get(play.seat, 0) + 1
                elif sum(CARD_POINTS[c] for c in play.cards):
                    self.feeds[play.seat] = self.feeds.get(play.seat, 0) + 1
            if overtakes:
                best_rank, best_seat = rank, play.seat

    def weight(self, friend: int | None) -> float:
        """How well a world whose friend is ``friend`` (None: the banker is alone) fits
        the signs, relative to a world whose friend gave none."""
        if friend is None:
            return 1.0
        feeds, takes = self.feeds.get(friend, 0), self.takes.get(friend, 0)
        return float(FEEDS**feeds * TAKES**takes)

    def top_weight(self) -> float:
        """The largest weight a world can get: the bound for rejection sampling."""
        return max([1.0, *(self.weight(seat) for seat in self.feeds)])


def friend_chances(
    evidence: FriendEvidence, friends: Iterable[int | None]
) -> dict[int | None, float]:
    """Each seat's chance of being the friend (None: no friend, the banker alone),
    given the friend of each of a number of sampled worlds, weighed by the evidence.

    >>> class Plain: weight = staticmethod(lambda friend: 3.0 if friend == 2 else 1.0)
    >>> friend_chances(Plain(), [1, 2, 2, 3])  # type: ignore[arg-type]
    {1: 0.125, 2: 0.75, 3: 0.125}
    """
    totals: dict[int | None, float] = {}
    for friend in friends:
        totals[friend] = totals.get(friend, 0.0) + evidence.weight(friend)
    whole = sum(totals.values())
    return {seat: total / whole for seat, total in sorted(totals.items(), key=_seat_key)}


def _seat_key(item: tuple[int | None, float]) -> int:
    return -1 if item[0] is None else item[0]


__all__ = ["FEEDS", "TAKES", "FriendEvidence", "friend_chances"]

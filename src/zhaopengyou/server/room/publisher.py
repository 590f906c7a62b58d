"""The publisher: what each connection in a room gets, and when.

A member (a seat's player or a spectator) is sent the room, then its own events
(:meth:`Round.events_for`: another seat's cards never) and its view after each change;
only once the change is durable, which the room waits for before it calls
:meth:`Publisher.publish`. A connection may be on this process or on another one: the
publisher only calls ``send``, and the transport carries it.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...engine import Phase, Round, View
from ...engine.cards import CARDS
from ...engine.codec import encode_cards
from ...engine.events import CardDealt, Event
from ...engine.ordering import Ordering
from ...engine.table import encode_effective_suit
from ...i18n import tr
from .. import protocol as p
from ..metrics import METRICS
from .seating import Client, Refused


@dataclass
class Member:
    """A client in the room: a seat, or None for a spectator; the last event it got."""

    client: Client
    seat: int | None
    round: int = 0
    seq: int = 0
    chat_at: float = 0.0
    bids: tuple[p.BidChoice, ...] = ()  # the bids the last view it was sent offered
    tricks: int = 0  # finished tricks of the round its views already held


# The room message for one member (None: for a client that is not a member).
Describe = Callable[[str, Member | None], p.Room]


class Publisher:
    """The members of one room and what each of them is sent."""

    def __init__(self, describe: Describe) -> None:
        self.describe = describe
        self.members: dict[Client, Member] = {}
        self.sent = 0  # events of the round already sent

    def add(self, client: Client, seat: int | None) -> Member:
        member = self.members[client] = Member(client, seat)
        return member

    def remove(self, client: Client) -> Member | None:
        return self.members.pop(client, None)

    def spectators(self) -> int:
        return sum(1 for m in self.members.values() if m.seat is None)

    def refuse(self, client: Client, code: str, msgid: str, ref: str | None, **params: Any) -> None:
        """An error for one client, in its language; nothing else changes."""
        METRICS.rejected.labels(code).inc()
        client.send(p.error(code, tr(msgid, client.lang, **params), ref))

    def refused(self, client: Client, refused: Refused, ref: str | None) -> None:
        self.refuse(client, refused.code, refused.msgid, ref, **refused.params)

    def to_all(self, message: p.Sent) -> None:
        text, meta = p.packed(message)  # one message, serialized once for all
        for client in self.members:
            client.send_text(text, meta)

    def rooms(self, but: Client | None = None) -> None:
        """Every member (but one that was just told) gets the room as it is now."""
        for client, member in self.members.items():
            if client is not but:
                client.send(self.describe(client.lang, member))

    # --- the round ------------------------------------------------------------------------

    def new_round(self, rnd: Round) -> None:
        self.sent = 0
        for member in self.members.values():
            member.round, member.seq, member.tricks = rnd.number, 0, 0

    def resume(self, rnd: Round) -> None:
        """A round rebuilt from the database: its events were sent before."""
        self.sent = rnd.event_count

    def publish(self, rnd: Round, deadline: float | None) -> None:
        """Every member's new events and view after a change of the round."""
        events = rnd.events(self.sent)
        if not events:
            return
        self.sent = rnd.event_count
        dealing = rnd.phase is Phase.DEAL and all(e.kind == "card_dealt" for e in events)
        dealt_to = {e.seat for e in events if isinstance(e, CardDealt)}
        # Members who see the same events (all of them, when nothing is hidden) share one
        # serialized message.
        shared: dict[tuple[Event, ...], tuple[str, p.Meta]] = {}
        for client, member in self.members.items():
            seen = tuple(rnd.events_for(member.seat, member.seq))
            if seen:
                message = shared.get(seen)
                if message is None:
                    message = shared[seen] = p.packed(events_message(rnd.number, seen))
                client.send_text(*message)
                member.seq = seen[-1].seq
            if not dealing:
                self._view(rnd, member, deadline)
            elif member.seat in dealt_to:
                # While cards are dealt a client keeps its hand from the events; its view
                # comes when the bids it may make change, for its bid buttons.
                view = rnd.view(member.seat)
                if bid_choices(view) != list(member.bids):
                    self._view(rnd, member, deadline, view)

    def sync(
        self,
        client: Client,
        rnd: Round | None,
        since: p.Since | None,
        deadline: float | None,
        ref: str | None,
    ) -> None:
        """A (returning) client: the room (answering the message's ``ref``), then the
        round's view and its missed events."""
        member = self.members[client]
        client.send({**self.describe(client.lang, member), "ref": ref})
        if rnd is None:
            return
        already = since.seq if since is not None and since.round == rnd.number else 0
        already = min(already, rnd.event_count)  # a client cannot have seen more
        missed = rnd.events_for(member.seat, already)
        member.round = rnd.number
        if missed:
            client.send(events_message(rnd.number, missed))
        member.seq = max(already, rnd.event_count)
        member.tricks = 0  # a whole view, every trick in it
        self._view(rnd, member, deadline)

    def _view(
        self, rnd: Round, member: Member, deadline: float | None, view: View | None = None
    ) -> None:
        if view is None:
            view = rnd.spectator_view() if member.seat is None else rnd.view(member.seat)
        choices = choices_of(view)
        member.bids = tuple(choices["bids"])
        # Finished tricks never change: each view carries only those the client lacks.
        known = member.tricks if member.round == rnd.number else 0
        member.client.send(
            p.ViewMessage(
                type="view",
                round=rnd.number,
                seq=rnd.event_count,
                tricks_from=known,
                view=view.to_dict(tricks_from=known),
                suits=suits_of(view.ordering),
                choices=choices,
                scoreboard=[
                    {"seats": list(seats), "points": points} for seats, points in view.scoreboard()
                ],
                decks=view.preset.decks,
                kitty_size=view.preset.kitty_size,
                turn_seconds_left=deadline,
            )
        )
        member.round, member.tricks = rnd.number, len(view.tricks)


def events_message(number: int, events: Sequence[Event]) -> p.Events:
    """Round ``number``'s ``events``, as a connection that may see them gets them."""
    return p.Events(type="events", round=number, events=[e.to_dict() for e in events])


@functools.lru_cache(maxsize=512)
def _suits(ordering: Ordering) -> p.Suits:
    suits = {
        encode_effective_suit(suit): encode_cards([CARDS[c] for c in cards])
        for suit, cards in enumerate(ordering.suit_cards)
    }
    return {
        "S": suits["S"],
        "H": suits["H"],
        "C": suits["C"],
        "D": suits["D"],
        "trump": suits["trump"],
    }


def suits_of(ordering: Ordering | None) -> p.Suits | None:
    """The cards of each effective suit, weakest first, ties adjacent (R-1.5, R-2): what a
    client needs to sort a hand and judge a follow, from the engine; None while the
    viewer does not know the trump."""
    return None if ordering is None else _suits(ordering)


def bid_choices(view: View) -> list[p.BidChoice]:
    """The bids the engine allows this seat now, as the view message lists them."""
    return [
        {"cards": encode_cards(bid.cards), "bid_kind": bid.bid_kind} for bid in view.legal_bids()
    ]


# At most this many legal plays or swap sets are listed (a lead of a long hand has many).
MAX_LISTED = 50


def choices_of(view: View) -> p.Choices:
    """What the engine allows this seat now, for a client's buttons and for a client that
    knows no rule: the bids, the friend calls, legal plays and swap sets (at most
    ``MAX_LISTED``, with whether the list is whole), a legal burial and give-back."""
    plays = list(itertools.islice(view.legal_plays(), MAX_LISTED + 1))
    swaps = view.legal_swaps()
    may = view.may if view.phase is Phase.BURY or view.must_give_back else frozenset()
    # Deterministic examples: the same view always offers the same cards.
    burial = view.random_burial(random.Random(0)).cards if "bury" in may else None
    give_back = view.random_give_back(random.Random(0)).cards if "give_back" in may else None
    return {
        "bids": bid_choices(view),
        "friend_calls": [
            {"card": None if c.card is None else c.card.ascii, "solo": c.solo}
            for c in view.legal_friend_calls()
        ],
        "plays": [encode_cards(play) for play in plays[:MAX_LISTED]],
        "plays_complete": len(plays) <= MAX_LISTED,
        "swaps": [
            [[hand.ascii, kitty.ascii] for hand, kitty in pairs] for pairs in swaps[:MAX_LISTED]
        ],
        "swaps_complete": len(swaps) <= MAX_LISTED,
        "burial": None if burial is None else encode_cards(burial),
        "give_back": None if give_back is None else encode_cards(give_back),
    }

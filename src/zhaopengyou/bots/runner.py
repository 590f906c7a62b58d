"""Drives rounds and matches between agents, polling them as R-8.1 describes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import Event, IllegalAction, Round
from ..engine.match import Match
from ..engine.table import DEAL, DONE
from .base import Agent

EventSink = Callable[[Round, list[Event]], None]
MAX_REJECTIONS = 50


def _ask(rnd: Round, agents: Sequence[Agent], seat: int, on_events: EventSink | None) -> bool:
    """Ask ``seat`` for an action and apply it; retry after a rejection. True if it acted."""
    for _ in range(MAX_REJECTIONS):
        action = agents[seat].act(rnd.view(seat))
        if action is None:
            return False
        try:
            events = rnd.apply(seat, action)
        except IllegalAction as error:
            rejected = getattr(agents[seat], "rejected", None)
            if rejected is None:
                raise
            rejected(rnd.view(seat), error)
            continue
        if on_events is not None:
            on_events(rnd, events)
        return True
    raise RuntimeError(f"seat {seat} made {MAX_REJECTIONS} illegal actions in a row")


def offer_bids(
    rnd: Round, agents: Sequence[Agent], seats: Sequence[int], on_events: EventSink | None = None
) -> None:
    """R-8.1, during the deal: ask ``seats`` in turn whether they bid; after any bid,
    ask every other seat, from the bidder's left."""
    players = rnd.preset.players
    pending = list(seats)
    while pending:
        asked = pending.pop(0)
        if rnd.phase is not DEAL:
            return
        if not rnd.may_bid(asked):
            continue  # without a possible bid the only answer is "no bid"
        if _ask(rnd, agents, asked, on_events):
            while rnd.pending_give_back is not None:  # a 粘: the sticker gives back now
                _ask(rnd, agents, rnd.pending_give_back[0], on_events)
            bidder = rnd.bids[-1].seat
            pending = [(bidder + step) % players for step in range(1, players)]


def play_round(
    rnd: Round,
    agents: Sequence[Agent],
    on_events: EventSink | None = None,
    until: Callable[[Round], bool] | None = None,
) -> Round:
    """Play ``rnd`` to the end with one agent per seat, or until ``until(rnd)`` holds
    (checked before every card dealt and every action: for positions to study)."""
    if len(agents) != rnd.preset.players:
        raise ValueError(f"{rnd.preset.players} agents are needed")
    while rnd.phase is not DONE and (until is None or not until(rnd)):
        if rnd.phase is DEAL:
            events = rnd.deal_card()
            if on_events is not None:
                on_events(rnd, events)
            offer_bids(rnd, agents, [events[0].seat], on_events)  # type: ignore[union-attr]
            continue
        seat = rnd.to_act
        assert seat is not None
        _ask(rnd, agents, seat, on_events)
    return rnd


def play_match(
    match: Match,
    agents: Sequence[Agent],
    on_events: EventSink | None = None,
    on_round: Callable[[Round], None] | None = None,
) -> Match:
    """Play rounds until the match is over."""
    while not match.over:
        rnd = play_round(match.new_round(), agents, on_events)
        match.finish_round(rnd)
        if on_round is not None:
            on_round(rnd)
    return match


__all__ = ["offer_bids", "play_match", "play_round"]

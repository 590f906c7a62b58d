"""An auditing game loop for property tests: plays rounds with bots and checks the
engine's invariants after every step (cards conserved, plays legal and held, views
hide what they must, scores zero-sum apart from penalties).

The view audit (:func:`check_view`, :func:`check_events`) does not ask the engine what
a seat may see: :func:`may_know` works it out from the round's full state and the rules
(RULES.md R-7.1, R-8.1 – R-8.4, R-9.1, R-4.4; docs/information.md), and every field of
the view, in its serialized form too, must agree with it."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple, cast

from zhaopengyou.bots.base import Agent
from zhaopengyou.engine import Bid, GiveBack, Phase, Play, Round, View
from zhaopengyou.engine.bidding import BidRecord
from zhaopengyou.engine.cards import CARDS, NUM_RANKS, SMALL_JOKER, SUIT_LETTERS, Card
from zhaopengyou.engine.events import (
    BidMade,
    Buried,
    CardDealt,
    DeclarationTaken,
    Event,
    GivenBack,
    KittyTaken,
    Swapped,
    TrumpDecided,
    TrumpRevealed,
)
from zhaopengyou.engine.wire import ResultDict, TrickDict

DEAL_OR_BID = (Phase.DEAL, Phase.BID)
# the trump suit is shown once the declarer has swapped (or not) with the kitty.
REVEALED_PHASES = (Phase.CALL, Phase.PLAY, Phase.DONE)
SHANDONG_FIXED_RANKS = (0, 1, 3)  # 常主 2, 3, 5
DECLARING = ("liang", "ding")  # the bids with a face-down pair


def trump_card(rnd: Round, card: int) -> bool:
    """R-1.4: jokers, level cards, the trump suit and, in `shandong`, every 2, 3 and 5."""
    if card >= SMALL_JOKER:
        return True
    rank, suit = card % NUM_RANKS, card // NUM_RANKS
    if rank == rnd.level_rank or suit == rnd.trump_suit:
        return True
    return rnd.preset.name == "shandong" and rank in SHANDONG_FIXED_RANKS


class Declaration(NamedTuple):
    """The standing `shandong` declaration (R-8.4), read from the full bids."""

    bid_index: int  # its position in the bids (not `index`: that is tuple.index)
    seat: int  # the declarer
    stickers: frozenset[int]  # who took it by 粘 (and so holds its face-down pair)

    @property
    def stuck(self) -> bool:
        return bool(self.stickers)


def declaration(rnd: Round) -> Declaration | None:
    """R-8.4: 亮 or 顶 sets the declaration (a 顶 overrides); 粘 takes it, unchanged."""
    found = None
    for index, bid in enumerate(rnd.bids):
        if bid.kind in DECLARING:
            found = Declaration(index, bid.seat, frozenset())
        elif bid.kind == "zhan" and found is not None:
            found = found._replace(stickers=found.stickers | {bid.seat})
    return found


def hidden_trump(rnd: Round) -> Declaration | None:
    """The declaration whose trump suit is still face down (R-8.4), if any: bidding is
    over, somebody declared, and the declarer has not shown yet."""
    if rnd.phase in DEAL_OR_BID or rnd.phase in REVEALED_PHASES:
        return None
    return declaration(rnd) if rnd.preset.name == "shandong" else None


def trump_known(rnd: Round, seat: int | None) -> bool:
    """Bidding is over and the suit is not hidden from this seat (R-8.2 – R-8.4)."""
    if rnd.phase in DEAL_OR_BID:
        return False
    hidden = hidden_trump(rnd)
    return hidden is None or seat == hidden.seat or seat in hidden.stickers


def kitty_taker(rnd: Round) -> int | None:
    """R-7.1, R-8.4: the banker; in `shandong` the banker's partner when the banker is
    the final declarer."""
    if rnd.phase in DEAL_OR_BID or rnd.banker is None:
        return None
    found = declaration(rnd) if rnd.preset.name == "shandong" else None
    if found is not None and found.seat == rnd.banker:
        return (rnd.banker + 2) % 4
    return rnd.banker


def turned_kitty(rnd: Round) -> list[Card]:
    """Kitty cards turned over in public when nobody bid (R-8.2, R-8.3, R-8.4)."""
    if rnd.phase in DEAL_OR_BID or rnd.bids:
        return []
    kitty = list(rnd.kitty)
    name = rnd.preset.name
    if name == "shandong":  # the last card that is not a joker names the suit
        plain = [i for i, card in enumerate(kitty) if card < SMALL_JOKER]
        return kitty[plain[-1] :] if plain else kitty
    for index, card in enumerate(kitty):
        if name == "qidong":  # the first card whose twin is not also in the kitty
            if kitty.count(card) == 1:
                return kitty[: index + 1]
        elif card < SMALL_JOKER and card % NUM_RANKS != rnd.level_rank:
            return kitty[: index + 1]  # the first card neither a joker nor a level card
    return kitty


def friend_public(rnd: Round) -> bool:
    """R-9.1, R-9.2: the friend is public once they play a copy of the called card."""
    if rnd.phase is Phase.DONE:
        return True
    plays = [p for t in rnd.tricks for p in t.plays] + list(rnd.current)
    return any(p.seat == rnd.friend and rnd.friend_call in p.cards for p in plays)


def final_kitty(rnd: Round) -> list[Card]:
    """The burial with each of the declarer's swaps applied (R-8.4)."""
    kitty = list(rnd.buried)
    for from_hand, from_kitty in rnd.swaps:
        kitty[kitty.index(from_kitty)] = from_hand
    return kitty


def visible_bid(rnd: Round, index: int, bid: BidRecord, seat: int | None) -> dict[str, Any]:
    """A bid as ``seat`` may see it. Every bid is shown in full (R-8.2, R-8.3) except in
    `shandong` (R-8.4): a declaration's pair is face down (its declarer sees it, the
    sticker who took it by 粘, and everyone once it is shown after burying, unless it was
    粘'd); a 粘's taken and returned cards only the two seats see."""
    cards: list[Card] = list(bid.cards)
    taken, returned = list(bid.taken), list(bid.returned)
    if rnd.preset.name == "shandong" and seat != bid.seat:
        standing = declaration(rnd)
        final = standing if standing is not None and standing.bid_index == index else None
        if bid.kind in DECLARING:
            shown = final is not None and rnd.phase in REVEALED_PHASES and not final.stuck
            took = final is not None and seat in final.stickers
            if not (shown or took):
                cards = [c for c in cards if c >= SMALL_JOKER]
        if bid.kind == "zhan" and seat != bid.from_seat:
            taken, returned = [], []
    return {
        "seat": bid.seat,
        "cards": _ascii(cards),
        "after_cards_dealt": bid.after_cards_dealt,
        "kind": bid.kind,
        "from_seat": bid.from_seat,
        "taken": _ascii(taken),
        "returned": _ascii(returned),
    }


class Knowledge(NamedTuple):
    """What one seat (None: a spectator) may know now, field by field of a view."""

    hand: list[str]
    buried: list[str]
    kitty_trumps: tuple[Counter[int], Counter[int]]  # (at most, at least)
    swaps: list[list[str]]
    swap_count: int
    kitty_turned: list[str]
    bids: list[dict[str, Any]]
    trump_suit: str | None  # "hidden" while this seat may not know it
    friend_call: str | None
    friend: int | None
    must_give_back: int
    declarer: int | None
    tricks: list[TrickDict]
    current: list[dict[str, Any]]
    lead_units: list[list[str]]
    result: ResultDict | None


def may_know(rnd: Round, seat: int | None, tricks_from: int = 0) -> Knowledge:
    """Everything ``seat`` may know, worked out from the round's full state and the
    rules, not from the engine's view code (docs/information.md). Finished tricks are
    listed from index ``tricks_from`` on."""
    hand = (
        [c for c in range(len(rnd.hands[seat])) for _ in range(rnd.hands[seat][c])]
        if seat is not None
        else []
    )
    taker = kitty_taker(rnd)
    if taker is not None:
        assert taker == rnd.buried_by, "the kitty went to the wrong seat (R-7.1, R-8.4)"
    standing = declaration(rnd) if rnd.preset.name == "shandong" else None
    declarer = standing.seat if standing is not None else None
    # the declarer sees the kitty's trumps while it may swap with them; at least
    # those it could swap (a joker never can), at most every trump of the burial.
    trumps_at_most: Counter[int] = Counter()
    trumps_at_least: Counter[int] = Counter()
    if rnd.phase is Phase.SWAP and seat == declarer:
        trumps_at_most = Counter(c for c in rnd.buried if trump_card(rnd, c))
        trumps_at_least = Counter(c for c in trumps_at_most.elements() if c < SMALL_JOKER)
    pending = 0
    if rnd.bids and rnd.bids[-1].kind == "zhan" and not rnd.bids[-1].returned:
        pending = len(rnd.bids[-1].taken) if seat == rnd.bids[-1].seat else 0
    known = trump_known(rnd, seat)
    trump = (
        (SUIT_LETTERS[rnd.trump_suit] if rnd.trump_suit is not None else None)
        if known
        else "hidden"
    )
    result = None
    if rnd.phase is Phase.DONE:
        assert rnd.result is not None
        result = rnd.result.to_dict()
        assert sorted(result["kitty"]) == _ascii(final_kitty(rnd))  # shown at the end
    return Knowledge(
        hand=_ascii(hand),
        buried=_ascii(rnd.buried) if seat is not None and seat == taker else [],
        kitty_trumps=(trumps_at_most, trumps_at_least),
        swaps=[[a.ascii, b.ascii] for a, b in rnd.swaps] if seat == declarer else [],
        swap_count=len(rnd.swaps),
        kitty_turned=[CARDS[c].ascii for c in turned_kitty(rnd)],
        bids=[visible_bid(rnd, i, bid, seat) for i, bid in enumerate(rnd.bids)],
        trump_suit=trump,
        friend_call=rnd.friend_call.ascii if rnd.friend_call is not None else None,
        friend=rnd.friend if rnd.friend is not None and friend_public(rnd) else None,
        must_give_back=pending,
        declarer=declarer,
        tricks=[t.to_dict() for t in rnd.tricks[tricks_from:]],
        current=[_play(p.seat, p.cards, p.attempted, p.attempted_units) for p in rnd.current],
        lead_units=[[c.ascii for c in u.cards] for u in rnd.lead_units],
        result=result,
    )


def _ascii(cards: Sequence[int]) -> list[str]:
    return sorted(CARDS[c].ascii for c in cards)


def _play(
    seat: int,
    cards: Sequence[Card],
    attempted: Sequence[Card] | None,
    units: Sequence[Sequence[Card]] | None,
) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "cards": [c.ascii for c in cards]}
    if attempted is not None:
        out["attempted"] = [c.ascii for c in attempted]
    if units is not None:
        out["attempted_units"] = [[c.ascii for c in u] for u in units]
    return out


_BY_ASCII = {card.ascii: int(card) for card in CARDS}


def cards_in(data: Any, found: Counter[int] | None = None) -> Counter[int]:
    """Every card token (ASCII notation, as views use) found anywhere in plain data."""
    if found is None:
        found = Counter()
    if isinstance(data, dict):
        for value in data.values():
            cards_in(value, found)
    elif isinstance(data, list | tuple):
        for value in data:
            cards_in(value, found)
    elif isinstance(data, str) and data in _BY_ASCII:
        found[_BY_ASCII[data]] += 1
    return found


# The view keys that may carry cards; each is compared with :func:`may_know`.
CARD_KEYS = frozenset(
    {
        "hand",
        "buried",
        "kitty_trumps",
        "swaps",
        "kitty_turned",
        "friend_call",
        "bids",
        "tricks",
        "current",
        "lead_units",
        "result",
    }
)


def check_view(
    rnd: Round, seat: int | None, tricks_from: int = 0, *, round_trip: bool = True
) -> None:
    """The view of ``seat`` (None: the spectator view) shows exactly what the seat may
    know: its own hand, its own burial, public plays, bids as far as they are shown, the
    hidden trump suit only to who knows it, the friend once public, the kitty at the end;
    in the view itself, in ``to_dict()`` and after a JSON round trip alike.

    With ``tricks_from`` the finished tricks before that index (checked before: they
    never change) are only checked to be the round's own, not serialized again; without
    ``round_trip`` the JSON is not rebuilt into a view (faster, for long property runs).
    """
    view = rnd.view(seat) if seat is not None else rnd.spectator_view()
    assert view.tricks[:tricks_from] == rnd.tricks[:tricks_from]
    data = json.loads(json.dumps(view.to_dict(tricks_from)))
    if round_trip:
        rebuilt = View.from_dict(data)
        assert rebuilt == view._replace(tricks=view.tricks[tricks_from:]), "view not serialized"
    know = may_know(rnd, seat, tricks_from)
    where = f"{rnd!r}, seat {seat}"
    assert data["seat"] == seat
    assert sorted(data["hand"]) == know.hand, where
    assert sorted(data["buried"]) == know.buried, where
    most, least = know.kitty_trumps
    shown = cards_in(data["kitty_trumps"])
    assert not shown - most and not least - shown, where
    assert data["swaps"] == know.swaps, where
    assert data["swap_count"] == know.swap_count, where
    assert data["kitty_turned"] == know.kitty_turned, where
    bids = [
        {**bid, **{k: sorted(bid[k]) for k in ("cards", "taken", "returned")}}
        for bid in data["bids"]
    ]
    assert bids == know.bids, where
    assert data["trump_suit"] == know.trump_suit, where
    assert (view.ordering is None) == (know.trump_suit == "hidden"), where
    assert data["friend_call"] == know.friend_call, where
    assert data["friend"] == know.friend, where
    assert data["must_give_back"] == know.must_give_back, where
    assert data["declarer"] == know.declarer, where
    assert data["tricks"] == know.tricks, where
    assert data["current"] == know.current, where
    assert data["lead_units"] == know.lead_units, where
    assert data["result"] == know.result, where
    if seat is None:
        assert data["may"] == [] and not any(view.hand_counts), where
    for key, value in data.items():  # every other field carries no card at all
        assert key in CARD_KEYS or not cards_in(value), f"view field {key!r} carries cards"


def redacted(rnd: Round, event: Event, seat: int | None) -> Event:
    """An event as ``seat`` may see it, by the same rules as :func:`may_know`."""
    if isinstance(event, CardDealt):
        return event if seat == event.seat else event._replace(card=None)
    if isinstance(event, KittyTaken | Buried):
        return event if seat == event.seat else event._replace(cards=())
    if isinstance(event, BidMade):
        return event if seat == event.seat else event._replace(hidden=())
    if isinstance(event, DeclarationTaken):
        return event if seat in (event.seat, event.from_seat) else event._replace(cards=())
    if isinstance(event, GivenBack):
        return event if seat in (event.seat, event.to_seat) else event._replace(cards=())
    if isinstance(event, Swapped):
        return event if seat == event.seat else event._replace(pairs=())
    if isinstance(event, TrumpDecided) and rnd.preset.name == "shandong":
        found = declaration(rnd)
        if found is not None and seat != found.seat and seat not in found.stickers:
            return event._replace(trump_suit=None)
    return event


def check_events(rnd: Round, since: int) -> None:
    """Every seat and the spectator get the events after ``since`` redacted as
    :func:`redacted` says; `shandong` declarations show their jokers only, and the reveal
    shows the pair unless it was 粘'd (R-8.4)."""
    new = rnd.events(since)
    for event in new:
        if isinstance(event, BidMade) and event.bid_kind in DECLARING:
            assert all(c >= SMALL_JOKER for c in event.cards)
            assert all(c < SMALL_JOKER for c in event.hidden)
        if isinstance(event, TrumpRevealed):
            found = declaration(rnd)
            assert found is not None
            pair = [c for c in rnd.bids[found.bid_index].cards if c < SMALL_JOKER]
            assert sorted(event.cards) == ([] if found.stuck else sorted(pair))
    for seat in [*range(rnd.preset.players), None]:
        expected = [redacted(rnd, event, seat) for event in new]
        assert rnd.events_for(seat, since) == expected, (rnd, seat)


def check_conservation(rnd: Round, played: list[int]) -> None:
    """Hands + cards played + kitty (or what is still undealt) = the full deck."""
    total = [sum(column) for column in zip(played, *rnd.hands, strict=True)]
    if rnd.phase is Phase.DEAL:
        rest = rnd.deck[rnd.dealt :]
    elif rnd.phase is Phase.BID:
        rest = list(rnd.kitty)
    elif rnd.phase is Phase.BURY:
        rest = []
    else:
        rest = list(rnd.final_kitty)
    for card in rest:
        total[card] += 1
    assert total == [rnd.preset.decks] * len(total), "cards not conserved"


def check_views(rnd: Round, tricks_from: int = 0, *, round_trip: bool = True) -> None:
    """Every seat's view and the spectator view (:func:`check_view`)."""
    for seat in range(rnd.preset.players):
        check_view(rnd, seat, tricks_from, round_trip=round_trip)
    check_view(rnd, None, tricks_from, round_trip=round_trip)


def audited_round(rnd: Round, agents: Sequence[Agent], *, view_every: int = 1) -> Round:
    """Play ``rnd`` like the runner does, checking invariants as it goes: every play is
    held and legal by the seat's own view, cards are conserved after every action,
    and every seat's view and the spectator view are checked every ``view_every``
    actions (finished tricks in full once: they never change) and at the end."""
    step = 0
    checked_tricks = 0
    played = [0] * len(rnd.hands[0])
    seat: int | None
    while rnd.phase is not Phase.DONE:
        if rnd.phase is Phase.DEAL:
            seat = cast(CardDealt, rnd.deal_card()[0]).seat  # deal_card: one CardDealt
            if rnd.phase is Phase.DEAL and rnd.can_bid(seat):
                view = rnd.view(seat)
                action = agents[seat].act(view)
                if action is not None:
                    assert isinstance(action, Bid) and action in view.legal_bids()
                    rnd.apply(seat, action)
                    if rnd.pending_give_back is not None:  # a 粘 during the deal
                        sticker = rnd.pending_give_back[0]
                        give = agents[sticker].act(rnd.view(sticker))
                        assert isinstance(give, GiveBack)
                        assert rnd.view(sticker).give_back_error(give.cards) is None
                        rnd.apply(sticker, give)
            continue
        step += 1
        seat = rnd.to_act
        assert seat is not None
        view = rnd.view(seat)
        if step % view_every == 0:
            check_views(rnd, checked_tricks, round_trip=False)
            checked_tricks = len(rnd.tricks)
        action = agents[seat].act(view)
        if isinstance(action, Play):
            assert view.play_error(action.cards) is None
            hand = rnd.hands[seat]
            assert all(action.cards.count(c) <= hand[c] for c in set(action.cards))
        tricks_before, current_before = len(rnd.tricks), len(rnd.current)
        assert action is not None  # None only means "no bid" while dealing
        rnd.apply(seat, action)
        if isinstance(action, Play):
            # The play actually made (a failed throw plays only its forced unit).
            made = (
                rnd.current[current_before]
                if len(rnd.tricks) == tricks_before
                else rnd.tricks[tricks_before].plays[current_before]
            )
            for card in made.cards:
                played[card] += 1
        check_conservation(rnd, played)
    check_views(rnd, checked_tricks)
    result = rnd.result
    assert result is not None
    preset = rnd.preset
    points = sum(t.points for t in rnd.tricks) + sum(CARDS[c].points for c in rnd.buried)
    assert points == 100 * preset.decks
    assert sum(result.scores) == sum(result.penalties)
    assert all(p <= 0 for p in result.penalties)
    return rnd

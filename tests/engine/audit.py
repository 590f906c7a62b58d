"""An auditing game loop for property tests: plays rounds with bots and checks the
engine's invariants after every step (cards conserved, plays legal and held, views
hide what they must, scores zero-sum apart from penalties)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from zhaopengyou.bots.base import Agent
from zhaopengyou.engine import Bid, GiveBack, Phase, Play, Round
from zhaopengyou.engine.cards import CARDS


def public_cards(rnd: Round) -> Counter[int]:
    """Cards everyone may have seen: plays (and failed throws), bids, a turned kitty."""
    seen: Counter[int] = Counter()
    for trick in rnd.tricks:
        for play in trick.plays:
            seen.update(play.attempted or play.cards)
    for play in rnd.current:
        seen.update(play.attempted or play.cards)
    for bid in rnd.bids:
        if bid.kind in ("liang", "ding"):
            seen.update(c for c in bid.cards if c >= 52)  # the pair is face down
            if rnd.declaration_shown:
                seen.update(c for c in bid.cards if c < 52)
        else:
            seen.update(bid.cards)
    seen.update(rnd.kitty_turned)
    if rnd.phase is Phase.DONE:
        seen.update(rnd.buried)
        seen.update(rnd.final_kitty)
    return seen


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


PUBLIC_CARD_KEYS = frozenset(
    {"bids", "tricks", "current", "lead_units", "friend_call", "kitty_turned"}
)


def check_view(rnd: Round, seat: int) -> None:
    """A view shows its own hand, its own burial, public plays and bids; nothing else
    that holds cards, and the kitty only once the round is over."""
    view = rnd.view(seat)
    data = view.to_dict()
    hand = Counter({c: n for c, n in enumerate(rnd.hands[seat]) if n})
    assert cards_in(data["hand"]) == hand
    own_kitty = Counter(rnd.buried) if seat == rnd.buried_by else Counter()
    assert cards_in(data["buried"]) == own_kitty
    public = public_cards(rnd)
    # the declarer alone sees the kitty's trumps while swapping, and its own swaps.
    declarer = seat == rnd.declarer
    assert data["swaps"] == ([[a.ascii, b.ascii] for a, b in rnd.swaps] if declarer else [])
    assert data["swap_count"] == len(rnd.swaps)
    if data["kitty_trumps"]:
        assert declarer and rnd.phase is Phase.SWAP
        assert _within(cards_in(data["kitty_trumps"]), Counter(rnd.buried))
    for key, value in data.items():
        found = cards_in(value)
        if key in ("hand", "buried", "swaps", "kitty_trumps") or not found:
            continue
        if key == "result":
            assert rnd.phase is Phase.DONE
            continue
        assert key in PUBLIC_CARD_KEYS, f"view field {key!r} carries cards"
    # Public fields only name cards that were shown: each play, bid or lead unit of
    # them is a sub-multiset of what the table has seen.
    for trick in data["tricks"] + [{"plays": data["current"], "units": data["lead_units"]}]:
        for part in trick["plays"] + [{"cards": u} for u in trick["units"]]:
            assert _within(cards_in(part["cards"]), public)
            assert _within(cards_in(part.get("attempted", [])), public)
    for bid in data["bids"]:
        if bid["seat"] != seat:
            assert _within(cards_in(bid["cards"]), public | _took(rnd, seat))
        if bid["kind"] == "zhan" and seat not in (bid["seat"], bid["from_seat"]):
            assert not bid["taken"] and not bid["returned"]
    # a hidden trump suit shows only to those who know it.
    if not rnd.trump_public and seat not in rnd.trump_knowers:
        assert data["trump_suit"] == "hidden" and view.ordering is None


def _took(rnd: Round, seat: int) -> Counter[int]:
    """Cards a seat saw by taking a declaration with 粘."""
    seen: Counter[int] = Counter()
    for bid in rnd.bids:
        if bid.kind == "zhan" and bid.seat == seat:
            seen.update(bid.taken)
    return seen


def _within(cards: Counter[int], public: Counter[int]) -> bool:
    return all(public[card] >= n for card, n in cards.items())


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


def audited_round(rnd: Round, agents: Sequence[Agent], *, view_every: int = 1) -> Round:
    """Play ``rnd`` like the runner does, checking invariants as it goes: every play is
    held and legal by the seat's own view, cards are conserved after every action,
    and every seat's view is checked every ``view_every`` actions."""
    step = 0
    played = [0] * len(rnd.hands[0])
    while rnd.phase is not Phase.DONE:
        if rnd.phase is Phase.DEAL:
            seat = rnd.deal_card()[0].seat
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
            for other in range(rnd.preset.players):
                check_view(rnd, other)
        action = agents[seat].act(view)
        if isinstance(action, Play):
            assert view.play_error(action.cards) is None
            hand = rnd.hands[seat]
            assert all(action.cards.count(c) <= hand[c] for c in set(action.cards))
        tricks_before, current_before = len(rnd.tricks), len(rnd.current)
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
    for seat in range(rnd.preset.players):
        check_view(rnd, seat)
    result = rnd.result
    assert result is not None
    preset = rnd.preset
    points = sum(t.points for t in rnd.tricks) + sum(CARDS[c].points for c in rnd.buried)
    assert points == 100 * preset.decks
    assert sum(result.scores) == sum(result.penalties)
    assert all(p <= 0 for p in result.penalties)
    return rnd

"""A step-by-step game driver for property tests of the round's API: at every step it
asks :meth:`Round.expected` who may act, lets one of them act (a RandomBot decides) or
deals the next card, and checks the turn model on the way."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from zhaopengyou.bots import RandomBot
from zhaopengyou.bots.base import Agent
from zhaopengyou.engine import Action, Phase, Preset, Round, View

PRESET_NAMES = ("zhaopengyou", "tractor", "tractor-called", "qidong", "shandong")


class KeenDeclarer(RandomBot):
    """A random bot that 粘s, 顶s and adds jokers whenever it may (R-8.4), so that its
    rounds (and `shandong` records) hold every kind of declaration."""

    def act(self, view: View) -> Action | None:
        if view.phase in (Phase.DEAL, Phase.BID):
            bids = view.legal_bids()
            for kind in ("zhan", "ding", "add"):
                chosen = [bid for bid in bids if bid.bid_kind == kind]
                if chosen:
                    return self.rng.choice(chosen)
        return super().act(view)


def has_legal(view: View, kind: str) -> bool:
    """Whether the seat has at least one legal action of ``kind`` (by its own view)."""
    if kind == "bid":
        return bool(view.legal_bids())
    if kind == "play":
        return next(iter(view.legal_plays()), None) is not None
    if kind == "call_friend":
        return bool(view.legal_friend_calls())
    if kind == "swap":
        return bool(view.legal_swaps())
    if kind == "bury":
        return sum(view.hand_counts) >= view.preset.kitty_size
    if kind == "give_back":
        return view.must_give_back > 0 and sum(view.hand_counts) >= view.must_give_back
    return kind == "pass"


def drive(
    rnd: Round,
    seed: int,
    *,
    bid_chance: float = 0.3,
    bots: Sequence[Agent] | None = None,
) -> Iterator[tuple[int | None, Action | None]]:
    """Play ``rnd`` to the end; yields ``(seat, action)`` after applying each action, or
    ``(None, None)`` after dealing a card. Asserts the turn model at every step: every
    offered kind has a legal action, and every accepted action was offered. The seats
    are RandomBots unless ``bots`` are given."""
    rng = random.Random(seed)
    if bots is None:
        bots = [RandomBot(seed * 10 + s) for s in range(rnd.preset.players)]
    while rnd.phase is not Phase.DONE:
        expected = rnd.expected()
        offered = [seat for seat, kinds in enumerate(expected.kinds) if kinds]
        for seat in offered:
            view = rnd.view(seat)
            for kind in expected.kinds[seat]:
                assert has_legal(view, kind), (seat, kind, rnd)
        if expected.deal and (not offered or rng.random() >= bid_chance):
            rnd.deal_card()
            yield None, None
            continue
        assert offered, f"nobody may act in {rnd!r}"
        seat = rng.choice(offered)
        action = bots[seat].act(rnd.view(seat))
        if action is None:  # a bot that declines to bid while cards are dealt
            assert expected.deal
            rnd.deal_card()
            yield None, None
            continue
        assert action.kind in expected.kinds[seat], (action, expected, seat)
        rnd.apply(seat, action)
        yield seat, action


def new_round(preset: Preset, seed: int) -> Round:
    """A round 1 (bidding names the banker) or a later round (banker known), by seed."""
    if seed % 3 == 0 and preset.fixed_level_rank is None:
        levels = ((seed // 3) % 13,) * preset.players
        return Round(preset, seed=seed, number=2, levels=levels, banker=seed % preset.players)
    return Round(preset, seed=seed, dealer=seed % preset.players)

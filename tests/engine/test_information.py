"""Every view audited (issue 13, docs/information.md): random rounds of every preset and
option set, with every seat's view, the spectator view and the events each of them gets
checked after every step of every phase (each card dealt, each bid, pass, 粘 and
give-back, the burial, the swaps, the friend call, each play) against
:func:`tests.engine.audit.may_know`, an independent reading of what the seat may know
from the round's full state and RULES.md:

- own hand only; no other hand, in the view, in ``to_dict()`` or in its JSON (R-8.1);
- the kitty only to the seat that picked it up and buried it (R-7.1, R-8.4), and to
  everyone once the round is over (R-7.2, R-7.3);
- bids in full (R-8.2, R-8.3), except `shandong`'s face-down pairs and 粘 exchanges
  (R-8.4); the hidden trump suit only to the declarer and a sticker until it is shown;
- the kitty's trumps only to the `shandong` declarer while it may swap (R-8.4);
- cards played and failed throws to everyone (R-4.4); the friend once they play the
  called card (R-9.1, R-9.2), everyone's side at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from zhaopengyou.bots import RandomBot
from zhaopengyou.bots.base import Agent
from zhaopengyou.engine import Action, Pass, Phase, Preset, Round, View, get_preset

from .audit import check_events, check_views
from .drive import KeenDeclarer, drive, new_round

# Every preset, and every option that changes what is dealt, declared or shown.
CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "zhaopengyou": ("zhaopengyou", {}),
    "zhaopengyou-2-decks": ("zhaopengyou", {"decks": 2}),
    "tractor": ("tractor", {}),
    "tractor-called": ("tractor", {"partner": "called"}),
    "tractor-3-decks-called": ("tractor", {"decks": 3, "partner": "called"}),
    "qidong": ("qidong", {}),
    "shandong": ("shandong", {}),
    "shandong-dengsi": ("shandong", {"dengsi": True}),
    "shandong-no-feng-j": ("shandong", {"feng_j": False, "j_to_6": False}),
}
# new_round: seeds 0 and 3 are later rounds (banker known), 1 and 2 round 1; seeds 1
# and 3 stay silent in their first deal: a redeal, or the kitty names the trump.
SEEDS = (0, 1, 2, 3)
QUIET = (1, 3)


class QuietFirstDeal(RandomBot):
    """A random bot that neither bids nor declares in the first deal of its round."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.most_dealt = 0
        self.quiet = True

    def act(self, view: View) -> Action | None:
        if view.phase in (Phase.DEAL, Phase.BID):
            if view.cards_dealt < self.most_dealt:
                self.quiet = False  # fewer cards out than before: a redeal
            self.most_dealt = max(self.most_dealt, view.cards_dealt)
            if self.quiet:
                return Pass() if view.phase is Phase.BID else None
        return super().act(view)


def features(rnd: Round) -> set[str]:
    """What a finished round went through that matters to what is shown."""
    found = {f"kind:{bid.kind}" for bid in rnd.bids if bid.kind is not None}
    dealt = rnd.cards_to_deal
    if any(b.kind == "zhan" and b.after_cards_dealt == dealt for b in rnd.bids):
        found.add("zhan in the closing window")
    if any(b.kind == "zhan" and b.after_cards_dealt < dealt for b in rnd.bids):
        found.add("zhan during the deal")
    flags = {
        "redeal": rnd.redeals > 0,
        "kitty turned": bool(rnd.kitty_turned),
        "no bid": not rnd.bids,
        "bids": bool(rnd.bids),
        "swaps": bool(rnd.swaps),
        "failed throw": rnd.throws_failed > 0,
        "friend revealed": rnd.friend_revealed,
        "friend hidden to the end": rnd.friend is not None and not rnd.friend_revealed,
        "solo": rnd.solo,
        "banker alone": rnd.preset.called_friend and rnd.friend is None,
        "no-trump": rnd.trump_suit is None,
    }
    return found | {name for name, seen in flags.items() if seen}


def audited(rnd: Round, seed: int, bots: Sequence[Agent] | None = None) -> tuple[set[str], int]:
    """Play ``rnd`` with every view and event audited after every step; returns the
    round's features (with the phases passed through) and the number of steps."""
    seen: set[str] = set()
    events = 0
    tricks = 0
    check_views(rnd)
    check_events(rnd, 0)
    steps = 0
    for _ in drive(rnd, seed, bots=bots):
        steps += 1
        seen.add(f"phase:{rnd.phase.value}")
        check_views(rnd, tricks)
        check_events(rnd, events)
        events, tricks = rnd.event_count, len(rnd.tricks)
    return seen | features(rnd), steps


def bots_for(preset: Preset, seed: int, make: Callable[[int], Agent]) -> list[Agent]:
    return [make(seed * 10 + seat) for seat in range(preset.players)]


@pytest.mark.rules("R-4.4", "R-7.1", "R-7.2", "R-8.1", "R-8.2", "R-8.3", "R-8.4", "R-9.1")
@pytest.mark.parametrize("config", list(CONFIGS))
def test_every_view_shows_only_what_its_seat_may_know(config: str) -> None:
    """R-7.1, R-8.1 – R-8.4, R-9.1, R-9.2, R-4.4 (docs/information.md): in four rounds of
    each preset and option set (round 1 and later rounds, silent first deals that
    redeal or turn the kitty), every seat's view and the spectator view, as objects,
    as ``to_dict()`` and as JSON, and every event each of them is sent, hold exactly
    what that seat may know, after every step of every phase."""
    name, options = CONFIGS[config]
    preset = get_preset(name, **options)
    seen: set[str] = set()
    for seed in SEEDS:
        make = QuietFirstDeal if seed in QUIET else RandomBot
        found, steps = audited(new_round(preset, seed), seed, bots_for(preset, seed, make))
        assert steps > preset.players * preset.hand_size  # every card dealt, every play
        seen |= found
    # The audit went through every phase and the paths that change what is shown.
    phases = {"deal", "bid", "bury", "play"}
    if preset.called_friend:
        phases.add("call")
    if name == "shandong":
        phases.add("swap")
    wanted = {f"phase:{p}" for p in phases} | {"kitty turned", "bids", "no bid"}
    if name != "qidong":  # a qidong kitty is turned; it redeals only on four pairs
        wanted.add("redeal")
    if preset.throws:
        wanted.add("failed throw")
    if preset.called_friend:
        wanted.add("friend revealed")
    assert wanted <= seen, f"not exercised: {sorted(wanted - seen)}"


def find_rounds(
    config: str, make: Callable[[int], Agent], wanted: set[str], tries: int = 400
) -> dict[str, int]:
    """A seed for each wanted feature, found by playing rounds without the audit (fast)."""
    name, options = CONFIGS[config]
    preset = get_preset(name, **options)
    found: dict[str, int] = {}
    for seed in range(tries):
        rnd = new_round(preset, seed)
        for _ in drive(rnd, seed, bots=bots_for(preset, seed, make)):
            pass
        for feature in features(rnd) & wanted:
            found.setdefault(feature, seed)
        if set(found) == wanted:
            return found
    raise AssertionError(f"no round with {sorted(wanted - set(found))} in {tries} seeds")


@pytest.mark.rules("R-8.4")
@pytest.mark.parametrize("config", ["shandong", "shandong-dengsi"])
def test_shandong_declarations_show_only_what_they_may(config: str) -> None:
    """R-8.4 (docs/information.md § shandong): rounds with a 粘 during the deal and in
    the closing window, a 顶, an added joker (not with 等死) and swaps with the kitty:
    the face-down pair shows only to its declarer and to the sticker who took it, and to
    everyone after the swaps unless it was 粘'd (then only the suit is announced); a
    粘's exchange only to the two seats; the trump suit only to the declarer and the
    sticker until the reveal; the kitty's trumps only to the declarer while swapping."""
    wanted = {
        "zhan during the deal",
        "zhan in the closing window",
        "kind:ding",
        "swaps",
    }
    if not CONFIGS[config][1].get("dengsi"):
        wanted.add("kind:add")
    preset = get_preset(CONFIGS[config][0], **CONFIGS[config][1])
    for seed in sorted(set(find_rounds(config, KeenDeclarer, wanted).values())):
        rnd = new_round(preset, seed)
        found, _ = audited(rnd, seed, bots_for(preset, seed, KeenDeclarer))
        assert "phase:swap" in found


@pytest.mark.rules("R-9.2", "R-8.3")
def test_qidong_solo_and_turned_kitty_views() -> None:
    """R-8.3, R-9.2 (docs/information.md § qidong): a solo round (no friend to reveal)
    and a round whose kitty was turned over to find trump and banker are audited too."""
    preset = get_preset("qidong")
    for feature, seed in find_rounds("qidong", QuietFirstDeal, {"solo", "kitty turned"}).items():
        found, _ = audited(new_round(preset, seed), seed, bots_for(preset, seed, QuietFirstDeal))
        assert feature in found


def test_the_audit_catches_a_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """The audit is not blind: a view that shows another seat's hand, the kitty to a seat
    that did not bury it, kitty cards nobody turned, or a friend not yet revealed fails."""
    rnd = new_round(get_preset("tractor", partner="called"), 2)
    for _ in drive(rnd, 2):
        if rnd.phase is Phase.CALL:
            break
    taker = rnd.buried_by
    assert taker is not None and rnd.phase is Phase.CALL
    other = (taker + 1) % 4
    real_view = Round.view
    leaks: list[Callable[[View], View]] = [
        lambda v: v._replace(hand_counts=tuple(rnd.hands[taker])),
        lambda v: v._replace(buried=rnd.buried),
        lambda v: v._replace(kitty_turned=rnd.kitty[:1]),
        lambda v: v._replace(friend=other),
    ]
    for leak in leaks:

        def leaky(self: Round, seat: int, leak: Callable[[View], View] = leak) -> View:
            view = real_view(self, seat)
            return leak(view) if seat != taker else view

        monkeypatch.setattr(Round, "view", leaky)
        with pytest.raises(AssertionError):
            check_views(rnd)
    monkeypatch.setattr(Round, "view", real_view)
    check_views(rnd)

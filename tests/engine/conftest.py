"""Shared helpers for engine tests: orderings, count vectors from notation, refusals."""

from __future__ import annotations

import pytest

from zhaopengyou.engine.actions import Bid
from zhaopengyou.engine.cards import RANK_NAMES, SUIT_LETTERS, counts_of, parse_cards
from zhaopengyou.engine.errors import IllegalAction
from zhaopengyou.engine.ordering import LEVEL_CHAIN, SEPARATE_LEVELS, STRICT_RUNS, Ordering
from zhaopengyou.engine.round import Round
from zhaopengyou.i18n.messages import engine_message

# The adjacency of R-3.3 (standard), R-3.4 (qidong) and R-3.5 (shandong).
ADJACENCY = {"standard": LEVEL_CHAIN, "qidong": SEPARATE_LEVELS, "shandong": STRICT_RUNS}


def ordering(
    level: str, trump: str | None, adjacency: str = "standard", fixed: tuple[int, ...] = ()
) -> Ordering:
    return Ordering(
        RANK_NAMES.index(level),
        None if trump is None else SUIT_LETTERS.index(trump),
        fixed,
        ADJACENCY[adjacency],
    )


def refusal(error: IllegalAction | None) -> tuple[str | None, str, str] | None:
    """A refusal as a player reads it: its rule, the English message and the simplified
    Chinese one an interface shows (``engine_message``); None for no refusal."""
    if error is None:
        return None
    return error.rule, str(error), engine_message(error, "zh-Hans")


def counts(text: str) -> list[int]:
    return counts_of(parse_cards(text))


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


@pytest.fixture
def level2_hearts() -> Ordering:
    return ordering("2", "H")


def arranged_deck(
    players: int,
    decks: int,
    hand_size: int,
    wants: dict[int, str],
    kitty: str = "",
    dealer: int = 0,
    seed: int = 0,
) -> list[int]:
    """A deal order in which seat s receives ``wants[s]`` first and the kitty is
    ``kitty`` (then filled up); everything else is shuffled with ``seed``."""
    import random

    from zhaopengyou.engine.cards import full_deck

    wanted = {seat: [int(c) for c in parse_cards(text)] for seat, text in wants.items()}
    kitty_cards = [int(c) for c in parse_cards(kitty)]
    rest = [int(c) for c in full_deck(decks)]
    for card in [c for cs in wanted.values() for c in cs] + kitty_cards:
        rest.remove(card)
    random.Random(seed).shuffle(rest)
    deck = []
    for i in range(players * hand_size):
        seat = (dealer + i) % players
        deck.append(wanted[seat].pop(0) if wanted.get(seat) else rest.pop())
    return deck + kitty_cards + rest


def refused_bid(rnd: Round, earlier: list[tuple[int, str]], seat: int, cards: str) -> IllegalAction:
    """Make the ``earlier`` bids, then the refused one; the refusal leaves the round as
    it was."""
    for bidder, shown in earlier:
        rnd.apply(bidder, Bid.parse(shown))
    before = rnd.to_json()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(seat, Bid.parse(cards))
    assert rnd.to_json() == before
    return info.value

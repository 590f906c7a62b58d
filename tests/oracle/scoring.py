"""Sides, the kitty and the outcome of a round, read plainly from RULES.md: the friend
call (R-9.1, R-9.2), the kitty multiplier and 保底 (R-7.2, R-7.3), the attackers' score X
(R-9.3), bands and levels (R-9.4, R-9.5, R-9.7), the next banker (R-9.6) and the round
scores (R-10).

Seed 000's worked example of R-10.1 (levels A2 B5 C2 D3 E2, A banker, B friend, the
attackers take 60 with three decks: the banker's side goes up one):

>>> g = Game.make("zhaopengyou")
>>> b = band(g, 60)
>>> b
Band(side='banker', k=1)
>>> after = levels_after(g, (0, 3, 0, 1, 0), b, banker=0, side=(0, 1))
>>> [RANKS[x] for x in after]
['3', '6', '2', '3', '2']
>>> round_scores(g, b, banker=0, side=(0, 1), levels=after, penalties=(0,) * 5)
(-1, 14, -6, -1, -6)

Seed 001 (qidong): 75 points after two bids: banker +4, friend +2, attackers −2 each:

>>> q = Game.make("qidong")
>>> round_scores(q, band(q, 75), banker=0, side=(0, 3), levels=None, penalties=(0,) * 5, c=2)
(4, -2, -2, 2, -2)

R-7.2's multipliers: seed 001's "a pair and three singles: 4", seed 000's Titanic 2·3^L:

>>> from tests.oracle.units import tuple_shape
>>> kitty_multiplier(q, [tuple_shape(2, 1), *[tuple_shape(1, 1)] * 3])
4
>>> kitty_multiplier(g, [tuple_shape(3, 2), tuple_shape(2, 1)])
18

Seed 003 (shandong): X = −50 gives the banker's side 5 levels; 135 gives the attackers 2:

>>> s = Game.make("shandong")
>>> band(s, -50), band(s, 135)
(Band(side='banker', k=5), Band(side='attackers', k=2))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from zhaopengyou.engine.cards import BIG_JOKER, RANK_NAMES, SMALL_JOKER, Card

from .game import RANK_J, Game
from .units import TRACTOR, TUPLE, Shape

RANKS = RANK_NAMES
RANK_6 = 4


def card_points(card: int) -> int:
    """R-1.3: each 5 is 5 points, each 10 and each K 10."""
    if card >= SMALL_JOKER:
        return 0
    return {3: 5, 8: 10, 11: 10}.get(card % 13, 0)


def points(cards: Sequence[int]) -> int:
    return sum(card_points(c) for c in cards)


# --- the friend -----------------------------------------------------------


class Call(NamedTuple):
    card: Card | None
    solo: bool


def legal_calls(game: Game, hand: Counter[Card], buried: Sequence[Card]) -> set[Call]:
    """R-9.1: name any one card (no solo); R-9.2 (qidong): a card held exactly once whose
    twin is not buried, or 独打 (solo), which is the only call without such a single."""
    if game.name != "qidong":
        return {Call(Card(c), False) for c in range(54)}
    singles = {Call(c, False) for c in hand if hand[c] == 1 and c not in buried}
    return singles | {Call(None, True)}


def find_friend(game: Game, banker: int, call: Call, hands: Sequence[Counter[Card]]) -> int | None:
    """R-9.1: the first player after the banker holding a copy (None: the banker is
    alone); R-9.2: the holder of the twin; solo: nobody."""
    if call.solo or call.card is None:
        return None
    for step in range(1, game.players):
        seat = (banker + step) % game.players
        if hands[seat][call.card]:
            return seat
    return None


def banker_side(game: Game, banker: int, friend: int | None) -> tuple[int, ...]:
    """The banker and the friend (「寻」) or the partner opposite (「定」)."""
    if game.called_friend:
        return tuple(sorted({banker} | ({friend} if friend is not None else set())))
    return tuple(sorted({banker, game.partner_of(banker)}))


# --- the kitty ---------------------------------------------------------------------


def kitty_points(game: Game, kitty: Sequence[int]) -> int:
    """R-1.3 points; R-7.3: in shandong 大王 counts 100 and 小王 80."""
    extra = 0
    if game.name == "shandong":
        extra = sum(100 if c == BIG_JOKER else 80 if c == SMALL_JOKER else 0 for c in kitty)
    return points(kitty) + extra


def kitty_multiplier(game: Game, shapes: Sequence[Shape]) -> int:
    """R-7.2: m from the last trick's format (R-6.1)."""
    if game.name == "shandong":
        return sum(s.size for s in shapes)  # the number of cards in the lead
    if game.name == "qidong":
        pairs = sum(s.length for s in shapes if s.width == 2)
        doubled: int = 2 ** (1 + pairs)  # int ** int is typed Any (a negative power is a float)
        return doubled
    titanics = [s.length for s in shapes if s.kind == TRACTOR and s.width == 3]
    if titanics:
        tripled: int = 3 ** max(titanics)
        return 2 * tripled
    if any(s.kind == TUPLE and s.width == 3 for s in shapes):
        return 6
    tractors = [s.length for s in shapes if s.kind == TRACTOR]
    if tractors:
        doubled = 2 ** max(tractors)
        return 2 * doubled
    if any(s.width == 2 for s in shapes):
        return 4
    return 2


def kitty_bonus(
    game: Game, kitty: Sequence[int], shapes: Sequence[Shape], attackers_took_last: bool
) -> tuple[int, int]:
    """(m, points added to X): 扣底 adds the kitty's points × m (R-7.2); in shandong 保底
    subtracts the kitty's points (R-7.3); otherwise nothing (m reported as 0)."""
    value = kitty_points(game, kitty)
    if attackers_took_last:
        m = kitty_multiplier(game, shapes)
        return m, value * m
    return 0, -value if game.name == "shandong" else 0


# --- – R-9.7 ----------------------------------------------------------------------


class Band(NamedTuple):
    side: str  # "banker", "attackers" or "stepdown"
    k: int


def band(game: Game, x: int) -> Band:
    """R-9.4, with u = 20·D (shandong: 40)."""
    if game.name == "shandong":
        if x >= 80:
            return Band("attackers", 1 + (x - 80) // 40)
        if x >= 40:
            return Band("banker", 1)
        if x > 0:
            return Band("banker", 2)
        if x == 0:
            return Band("banker", 3)
        # −40 ≤ X < 0: 4; −80 ≤ X < −40: 5; each further 40 below: one more
        k = 4
        while x < -40 * (k - 3):
            k += 1
        return Band("banker", k)
    u = 20 * game.decks
    x = max(x, 0)  # a negative X counts as 0
    if x == 0:
        return Band("banker", 3)
    if x < u:
        return Band("banker", 2)
    if x < 2 * u:
        return Band("banker", 1)
    if x < 3 * u:
        return Band("stepdown", 0)
    return Band("attackers", 1 + (x - 3 * u) // u)


def winners(game: Game, b: Band, side: Sequence[int]) -> list[int]:
    if b.side == "banker":
        return list(side)
    if b.side == "attackers":
        return [s for s in range(game.players) if s not in side]
    return []


def rise(game: Game, level: int, k: int, *, banker_side_at_j: bool) -> int:
    """A level k steps up the ladder, never past its top (R-9.4); shandong 逢J必打
    (R-9.7): a rise stops at J, and a team at J rises only as the banker's side at J."""
    ladder = game.ladder
    position = ladder.index(level)
    top = len(ladder) - 1
    if game.name == "shandong" and game.feng_j:
        j = ladder.index(RANK_J)
        if position < j:
            top = j
        elif position == j and not banker_side_at_j:
            return level
    return ladder[min(position + k, top)]


def j_drop(
    game: Game, banker_level: int, attackers_took_last: bool, winning_play: Sequence[Card]
) -> int | None:
    """R-9.7 J到6 / 双J到底: the banker's team at J, the attackers take the last trick with
    a lone J (→ 6) or a pair of J (→ A)."""
    if not (game.name == "shandong" and game.feng_j and game.j_to_6):
        return None
    if banker_level != RANK_J or not attackers_took_last:
        return None
    if len(winning_play) == 1 and winning_play[0] < SMALL_JOKER and winning_play[0] % 13 == RANK_J:
        return RANK_6
    if (
        len(winning_play) == 2
        and winning_play[0] == winning_play[1]
        and winning_play[0] < SMALL_JOKER
        and winning_play[0] % 13 == RANK_J
    ):
        return 12  # A
    return None


def levels_after(
    game: Game,
    levels: Sequence[int] | None,
    b: Band,
    *,
    banker: int,
    side: Sequence[int],
    attackers_took_last: bool = False,
    winning_play: Sequence[Card] = (),
) -> tuple[int, ...] | None:
    """R-9.4: each player of the side that won moves up k (individual or team levels);
    shandong adds R-9.7. qidong has no levels (R-9.5)."""
    if levels is None or not game.has_levels:
        return None
    up = winners(game, b, side)
    after = [
        rise(game, level, b.k, banker_side_at_j=b.side == "banker") if seat in up else level
        for seat, level in enumerate(levels)
    ]
    drop = j_drop(game, levels[banker], attackers_took_last, winning_play)
    if drop is not None:
        for seat in side:
            after[seat] = drop
    return tuple(after)


def next_banker(game: Game, b: Band, *, banker: int, side: Sequence[int]) -> int | None:
    """R-9.6: held → the same banker (「寻」) or the partner (「定」); otherwise the first
    attacker after the banker; qidong: bidding decides (None)."""
    if game.name == "qidong":
        return None
    if b.side == "banker":
        return banker if game.called_friend else game.partner_of(banker)
    for step in range(1, game.players):
        seat = (banker + step) % game.players
        if seat not in side:
            return seat
    return None


def bank_held_at_top(game: Game, b: Band, levels: Sequence[int] | None, banker: int) -> bool:
    """R-9.5: a fixed team that holds the bank at the top of its ladder (A; shandong K)."""
    if game.called_friend or levels is None:
        return False
    return b.side == "banker" and levels[banker] == game.ladder[-1]


def level_value(game: Game, level: int) -> int:
    """R-10.1: 2 … 10, J 11, Q 12, K 13, A 14."""
    return game.ladder.index(level) + 2


def round_scores(
    game: Game,
    b: Band,
    *,
    banker: int,
    side: Sequence[int],
    levels: Sequence[int] | None,
    penalties: Sequence[int],
    solo: bool = False,
    c: int = 1,
) -> tuple[int, ...]:
    """R-10.1 – R-10.3 (``levels``: the levels after the round)."""
    players = range(game.players)
    if game.individual_levels:  # Σ_{j≠i} (L_i − L_j) + penalties
        assert levels is not None
        values = [level_value(game, lv) for lv in levels]
        return tuple(
            sum(values[i] - values[j] for j in players if j != i) + penalties[i] for i in players
        )
    sign = {"banker": 1, "attackers": -1, "stepdown": 0}[b.side]
    if game.name == "qidong":  # then × c
        out = []
        for seat in players:
            if seat == banker:
                base = 8 * b.k if solo else 2 * b.k
            elif seat in side:
                base = b.k
            else:
                base = -2 * b.k if solo else -b.k
            out.append(sign * base * c + penalties[seat])
        return tuple(out)
    # ±k (the band value) for each player, plus penalties
    return tuple(
        (sign * b.k if seat in side else -sign * b.k) + penalties[seat] for seat in players
    )


class Outcome(NamedTuple):
    x: int
    trick_points: int
    kitty_points: int
    multiplier: int
    band: Band
    levels_after: tuple[int, ...] | None
    scores: tuple[int, ...]
    next_banker: int | None
    held_at_top: bool


def outcome(
    game: Game,
    *,
    banker: int,
    side: Sequence[int],
    levels: Sequence[int] | None,
    trick_points: int,
    kitty: Sequence[int],
    last_shapes: Sequence[Shape],
    last_winner: int,
    last_winning_play: Sequence[Card],
    adjustment: int,
    penalties: Sequence[int],
    solo: bool,
    c: int,
) -> Outcome:
    """The whole of R-9.3 – R-10 from what happened in the round: X = the attackers'
    trick points + the kitty bonus + qidong throw penalties (``adjustment``)."""
    took_last = last_winner not in side
    m, bonus = kitty_bonus(game, kitty, last_shapes, took_last)
    x = trick_points + bonus + adjustment
    b = band(game, x)
    after = levels_after(
        game,
        levels,
        b,
        banker=banker,
        side=side,
        attackers_took_last=took_last,
        winning_play=last_winning_play,
    )
    scores = round_scores(
        game, b, banker=banker, side=side, levels=after, penalties=penalties, solo=solo, c=c
    )
    return Outcome(
        x,
        trick_points,
        kitty_points(game, kitty),
        m,
        b,
        after,
        scores,
        next_banker(game, b, banker=banker, side=side),
        bank_held_at_top(game, b, levels, banker),
    )

"""Differential tests: random games of every preset and option set, with the engine and
the plain reading of RULES.md in ``tests/oracle`` compared at every decision.

At each decision the test asks both sides which actions are legal: the full legal set
where it is small (bids R-8, friend calls R-9.1/R-9.2, kitty swaps R-8.4, leads R-4.1 /
R-4.5, follows R-5), otherwise a large random sample of candidate card sets, always with
illegal candidates among them. Candidates are also sent to :meth:`Round.apply`: one the
oracle deems illegal must raise :class:`IllegalAction` and leave the state unchanged,
one it deems legal must be accepted (on a clone). The oracle also keeps its own account
of the hands, the turn (R-6.4, R-6.5, R-8.1), bidding's outcome (R-8), throws (R-4.3,
R-4.4), trick winners and points (R-6), the friend (R-9.1, R-9.2) and the round's result
(R-7, R-9, R-10), and every outcome must agree with the engine's.

The actions actually taken are drawn at random among the legal ones, with leads biased
towards throws and named parses so that R-4.2 – R-4.4 are exercised.
"""

from __future__ import annotations

import functools
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import pytest

from tests.oracle.bidding import (
    JOKERS,
    SHANDONG_KINDS,
    Window,
    bid_multiplier,
    conclude,
    is_legal_bid,
    is_legal_give_back,
    is_legal_swap,
    kitty_taker,
    legal_bids,
    legal_swaps,
    standing_declaration,
)
from tests.oracle.bidding import Bid as OracleBid
from tests.oracle.follow import FollowRules
from tests.oracle.game import Game
from tests.oracle.leads import (
    count_leads,
    in_esuit,
    is_legal_lead,
    key,
    lead_units,
    legal_leads,
    shandong_units_held,
    split_names,
    throw_outcome,
)
from tests.oracle.order import TRUMP, RoundOrder
from tests.oracle.scoring import (
    Call,
    banker_side,
    find_friend,
    j_drop,
    legal_calls,
    outcome,
    points,
)
from tests.oracle.tricks import trick_winner
from tests.oracle.units import Unit, canonical_parse, counter, units_in
from zhaopengyou.engine import (
    Bid,
    Bury,
    CallFriend,
    Card,
    GiveBack,
    IllegalAction,
    Pass,
    Phase,
    Play,
    Round,
    Swap,
    format_cards,
    get_preset,
    parse_cards,
)
from zhaopengyou.engine.cards import RANK_NAMES
from zhaopengyou.engine.events import CardDealt

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "zhaopengyou": ("zhaopengyou", {}),
    "zhaopengyou-2decks": ("zhaopengyou", {"decks": 2, "kitty_size": 8, "throw_penalty": 3}),
    "tractor": ("tractor", {}),
    "tractor-3decks": ("tractor", {"decks": 3, "kitty_size": 6}),
    "tractor-called": ("tractor", {"partner": "called"}),
    "tractor-called-3decks": (
        "tractor",
        {"partner": "called", "decks": 3, "kitty_size": 6, "throw_penalty": 2},
    ),
    "qidong": ("qidong", {}),
    "qidong-penalty10": ("qidong", {"throw_penalty": 10}),
    "shandong": ("shandong", {}),
    "shandong-dengsi": ("shandong", {"dengsi": True}),
    "shandong-no-feng-j": ("shandong", {"feng_j": False, "j_to_6": False}),
    "shandong-no-j-to-6": ("shandong", {"j_to_6": False}),
}
GAMES_PER_CONFIG = 10  # full run: this many random games of every config
QUICK_CONFIGS = ("zhaopengyou", "tractor-called", "qidong", "shandong", "tractor")
LEAD_FULL_LIMIT = 1500  # compare the full set of legal leads up to this many
FOLLOW_FULL_LIMIT = 300  # brute-force every follow up to this many candidates
SAMPLES = 10  # random candidates judged when a legal set is too large
APPLY_TESTS = 2  # candidates of each verdict sent to Round.apply per decision


class Disagreement(AssertionError):
    pass


def show(cards: Sequence[int]) -> str:
    return format_cards(key(cards)) if cards else "—"


@functools.cache
def round_order(game: str, level: int, trump: int | None) -> RoundOrder:
    return RoundOrder(game, level, trump)


def fingerprint(rnd: Round) -> tuple[Any, ...]:
    """Everything an illegal action could have changed."""
    return (
        rnd.phase,
        rnd.to_act,
        tuple(tuple(h) for h in rnd.hands),
        tuple(rnd.hand_sizes),
        tuple(rnd.bids),
        tuple(rnd.current),
        rnd.tricks,
        rnd.event_count,
        rnd.step_count,
        tuple(rnd.penalties),
        rnd.point_adjustment,
        rnd.pending_give_back,
        rnd.buried,
        tuple(rnd.swaps),
        rnd.friend_call,
        rnd.solo,
        rnd.friend,
        rnd.dealt,
        rnd.trump_suit,
        rnd.banker,
    )


@dataclass
class Stats:
    decisions: Counter[str] = field(default_factory=Counter)
    verdicts: Counter[str] = field(default_factory=Counter)
    applied: Counter[str] = field(default_factory=Counter)
    outcomes: Counter[str] = field(default_factory=Counter)

    def merge(self, other: Stats) -> None:
        self.decisions.update(other.decisions)
        self.verdicts.update(other.verdicts)
        self.applied.update(other.applied)
        self.outcomes.update(other.outcomes)

    def summary(self) -> str:
        def line(name: str, counts: Counter[str]) -> str:
            inner = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
            return f"  {name}: {sum(counts.values())} ({inner})"

        return "\n".join(
            [
                line("decisions compared", self.decisions),
                line("candidate verdicts compared", self.verdicts),
                line("candidates sent to Round.apply", self.applied),
                line("outcomes compared", self.outcomes),
            ]
        )


def engine_game(config: str) -> tuple[Any, Game]:
    name, options = CONFIGS[config]
    return get_preset(name, **options), Game.make(name, **options)


def random_levels(game: Game, rng: random.Random) -> tuple[int, ...]:
    """Levels before a later round: individual or team levels on the game's ladder, often
    near J and the top so that R-9.4's cap and R-9.7 are exercised."""
    ladder = game.ladder
    favourites = [9, 8, 7, ladder[-1], ladder[-2]]

    def pick() -> int:
        return rng.choice(favourites) if rng.random() < 0.6 else rng.choice(ladder)

    if game.individual_levels:
        return tuple(pick() for _ in range(game.players))
    team = [pick(), pick()]
    return tuple(team[seat % 2] for seat in range(game.players))


def declaring_deck(game: Game, first: int, level: int, rng: random.Random) -> list[Card]:
    """A shandong deal order (from seat ``first``) in which seat a is dealt a joker and a
    pair early, the next seat a pair of 大王 and a 刮风, and seat a's partner a joker and a
    pair, so that 亮, 顶, 粘 and adding a joker all come up (R-8.4)."""
    ordinary = [r for r in range(12) if r not in (0, 1, 3, level) and r + 1 not in (1, 3, level)]
    a = rng.randrange(game.players)
    low = rng.choice(ordinary)
    suit = rng.randrange(4)
    run = [Card(suit * 13 + low), Card(suit * 13 + low + 1)]
    pick = [Card(c) for c in rng.sample([c for c in range(52) if c not in run], 2)]
    wants = {
        a: [Card(52), pick[0], pick[0]],
        (a + 1) % game.players: [Card(53), Card(53), *run, *run],
        (a + 2) % game.players: [Card(52), pick[1], pick[1]],
    }
    rest = [Card(c) for c in range(54) for _ in range(game.decks)]
    for cards in wants.values():
        for card in cards:
            rest.remove(card)
    rng.shuffle(rest)
    deck = []
    for i in range(game.players * game.hand_size):
        seat = (first + i) % game.players
        deck.append(wants[seat].pop(0) if wants.get(seat) else rest.pop())
    return deck + rest


class DifferentialGame:
    """One random round, driven step by step with the oracle checking the engine."""

    def __init__(self, config: str, seed: int) -> None:
        self.config = config
        self.label = f"{config}, game {seed}"
        self.preset, self.game = engine_game(config)
        self.rng = random.Random(f"oracle-differential/{config}/{seed}")
        self.stats = Stats()
        game, rng = self.game, self.rng
        players = game.players
        self.levels: tuple[int, ...] | None = None
        banker: int | None = None
        number = 1
        if game.has_levels and rng.random() < 0.5:
            number = 2
            self.levels = random_levels(game, rng)
            banker = rng.randrange(players)
        elif game.has_levels:
            self.levels = (game.ladder[0],) * players
        dealer = rng.randrange(players)
        deck = None
        if game.name == "shandong" and rng.random() < 0.5:
            level = self.levels[banker] if banker is not None and self.levels else 12
            deck = declaring_deck(game, banker if banker is not None else dealer, level, rng)
        self.rnd = Round(
            self.preset,
            seed=rng.randrange(2**31),
            number=number,
            levels=self.levels,
            banker=banker,
            dealer=dealer,
            deck=deck,
        )
        self.banker_known = banker
        # dealt from the banker when known, else from the dealer seat
        self.deal_from = banker if banker is not None else dealer
        # the level rank is the banker's level (qidong: always 2)
        if not game.has_levels:
            self.level = 0
        elif banker is not None:
            assert self.levels is not None
            self.level = self.levels[banker]
        else:
            self.level = game.ladder[0]
        self.check(self.rnd.level_rank == self.level, "R-1.4 level rank", self.rnd.level_rank)
        self.reset_deal()
        # 0: nobody bids (R-8.2 – R-8.4's no-bid rules, redeals)
        self.bid_chance = rng.choice([0.0, 0.02, 0.06, 0.15])

    # --- bookkeeping --------------------------------------------------------------------

    def reset_deal(self) -> None:
        self.hands = [Counter[Card]() for _ in range(self.game.players)]
        self.bids: list[OracleBid] = []
        self.window: Window | None = None
        self.pending: tuple[int, int, int] | None = None  # taker, declarer, count
        self.dealt = 0

    def where(self) -> str:
        rnd = self.rnd
        return f"{self.label}, {rnd!r}, trick {len(rnd.tricks)}"

    def check(self, ok: bool, rule: str, *details: object) -> None:
        if not ok:
            shown = " | ".join(str(d) for d in details)
            raise Disagreement(f"{rule}: {self.where()}\n  {shown}")

    def hand(self, seat: int) -> Counter[Card]:
        return self.hands[seat]

    def check_hands(self) -> None:
        """The oracle's own account of the hands equals the engine's."""
        for seat, hand in enumerate(self.hands):
            engine = Counter({Card(c): n for c, n in enumerate(self.rnd.hands[seat]) if n})
            self.check(
                engine == +hand,
                "cards held",
                seat,
                show(list(engine.elements())),
                show(list(hand.elements())),
            )

    def expect(self, kinds: dict[int, set[str]], deal: bool) -> None:
        """R-8.1 and the turn order: who may act now and how."""
        expected = self.rnd.expected()
        got = {s: set(k) for s, k in enumerate(expected.kinds) if k}
        want = {s: k for s, k in kinds.items() if k}
        self.check(got == want and expected.deal == deal, "expected()", got, want, deal)

    # --- Round.apply probes -------------------------------------------------------------

    def probe(self, kind: str, seat: int, action: Any, legal: bool) -> None:
        """Send one candidate to Round.apply: accepted on a clone when the oracle deems it
        legal, refused with the state unchanged when it deems it illegal."""
        self.stats.applied[kind] += 1
        if legal:
            twin = self.rnd.clone()
            try:
                twin.apply(seat, action)
            except IllegalAction as err:
                self.check(False, f"{kind}: engine refuses a legal action", seat, action, err)
            return
        before = fingerprint(self.rnd)
        try:
            self.rnd.apply(seat, action)
        except IllegalAction:
            self.check(fingerprint(self.rnd) == before, f"{kind}: refusal changed the state")
            return
        self.check(False, f"{kind}: engine accepts an illegal action", seat, action)

    def probe_some(
        self, kind: str, seat: int, judged: list[tuple[Any, bool]], make: Callable[[Any], Any]
    ) -> None:
        legal = [c for c, ok in judged if ok]
        illegal = [c for c, ok in judged if not ok]
        for pool, ok in ((legal, True), (illegal, False)):
            for cand in self.rng.sample(pool, min(APPLY_TESTS, len(pool))):
                self.probe(kind, seat, make(cand), ok)

    # --- the loop -----------------------------------------------------------------------

    def play(self) -> Stats:
        rnd = self.rnd
        while rnd.phase is not Phase.DONE:
            phase = rnd.phase
            if self.pending is not None:
                self.give_back()
            elif phase is Phase.DEAL:
                self.deal_step()
            elif phase is Phase.BID:
                self.window_step()
            elif phase is Phase.BURY:
                self.bury()
            elif phase is Phase.SWAP:
                self.swap()
            elif phase is Phase.CALL:
                self.call()
            else:
                self.play_step()
        self.final()
        return self.stats

    # --- bidding -------------------------------------------------------------------

    def oracle_bids(self, seat: int, dealing: bool) -> set[tuple[str | None, tuple[Card, ...]]]:
        game = self.game
        return legal_bids(
            game.name,
            self.hand(seat),
            seat,
            self.bids,
            level=self.level,
            dealing=dealing,
            dengsi=game.dengsi,
            players=game.players,
        )

    def engine_bids(self, seat: int) -> set[tuple[str | None, tuple[Card, ...]]]:
        return {(b.bid_kind, key(b.cards)) for b in self.rnd.view(seat).legal_bids()}

    def random_bid(self, seat: int) -> tuple[str | None, tuple[Card, ...]]:
        """A bid-like candidate, mostly illegal: wrong counts, cards not held, wrong kinds."""
        rng, hand = self.rng, self.hand(seat)
        held = sorted(hand) or [Card(52)]
        level_cards = [Card(s * 13 + self.level) for s in range(4)]
        card = rng.choice(held + level_cards + list(JOKERS))
        if self.game.name != "shandong":
            return None, (card,) * rng.randint(1, 3)
        kind = rng.choice([*SHANDONG_KINDS, None])
        joker = rng.choice(JOKERS)
        other = rng.choice(held)
        cards = [joker] * rng.randint(1, 2) + [card, rng.choice([card, other])]
        if rng.random() < 0.3:
            nxt = Card(card + 1) if card < 51 else card
            cards += [nxt, nxt]
        if kind == "add":
            cards = [joker]
        return kind, key(cards)

    def compare_bids(self, seat: int, dealing: bool) -> set[tuple[str | None, tuple[Card, ...]]]:
        oracle = self.oracle_bids(seat, dealing)
        engine = self.engine_bids(seat)
        self.stats.decisions["bid (R-8)"] += 1
        self.check(
            oracle == engine,
            "R-8.2 – R-8.4 legal bids",
            f"seat {seat}",
            "oracle " + str(sorted((k, show(c)) for k, c in oracle - engine)),
            "engine " + str(sorted((k, show(c)) for k, c in engine - oracle)),
            "standing " + str([(b.seat, b.kind, show(b.cards)) for b in self.bids]),
        )
        return oracle

    def probe_bids(
        self, seat: int, legal: set[tuple[str | None, tuple[Card, ...]]], dealing: bool
    ) -> None:
        judged: list[tuple[Any, bool]] = [(b, True) for b in legal]
        for _ in range(3):
            kind, cards = self.random_bid(seat)
            ok = is_legal_bid(
                self.game.name,
                self.hand(seat),
                seat,
                self.bids,
                kind,
                cards,
                level=self.level,
                dealing=dealing,
                dengsi=self.game.dengsi,
                players=self.game.players,
            )
            self.check(ok == ((kind, cards) in legal), "oracle bid set vs predicate")
            judged.append(((kind, cards), ok))
        self.stats.verdicts["bid (R-8)"] += len(judged)
        self.probe_some("bid (R-8)", seat, judged, lambda b: Bid(b[1], b[0]))

    def make_bid(self, seat: int, bid: tuple[str | None, tuple[Card, ...]]) -> None:
        kind, cards = bid
        standing = standing_declaration(self.bids) if self.game.name == "shandong" else None
        self.rnd.apply(seat, Bid(cards, kind))
        self.bids.append(OracleBid(seat, kind, cards))
        self.stats.outcomes[f"bid made (R-8): {kind or 'fanzhu/qidong'}"] += 1
        if kind == "zhan":  # the sticker takes every card of the declaration
            assert standing is not None
            for card in standing.cards:
                self.hands[standing.declarer][card] -= 1
                self.hands[seat][card] += 1
            self.pending = (seat, standing.declarer, len(standing.cards))
            self.check(
                self.rnd.pending_give_back == self.pending,
                "R-8.4 粘",
                self.rnd.pending_give_back,
                self.pending,
            )
        if self.window is not None:
            self.window.bid(seat)  # a bid restarts the count

    def deal_step(self) -> None:
        rnd, game, rng = self.rnd, self.game, self.rng
        players = game.players
        can = {}
        for seat in range(players):
            can[seat] = self.compare_bids(seat, dealing=True)
        self.expect({s: {"bid"} for s, b in can.items() if b}, deal=True)
        if rng.random() < 0.08:
            seat = rng.randrange(players)
            self.probe_bids(seat, can[seat], dealing=True)
        bidders = [s for s in range(players) if can[s]]
        sticky = [s for s in bidders if any(kind == "zhan" for kind, _ in can[s])]
        if sticky and self.bid_chance and rng.random() < 0.5:  # 粘 is rare: take it often
            seat = rng.choice(sticky)
            self.make_bid(seat, rng.choice(sorted(b for b in can[seat] if b[0] == "zhan")))
            return
        if bidders and rng.random() < self.bid_chance:
            seat = rng.choice(bidders)
            self.make_bid(seat, rng.choice(sorted(can[seat], key=str)))
            return
        seat = (self.deal_from + self.dealt) % players  # one card at a time in order
        events = rnd.deal_card()
        dealt = cast(CardDealt, events[0])  # deal_card returns the one CardDealt
        self.check(dealt.seat == seat, "R-8.1 deal order", dealt.seat, seat)
        assert dealt.card is not None  # the round's own event is not redacted
        self.hands[seat][dealt.card] += 1
        self.dealt += 1
        if self.dealt == game.players * game.hand_size:
            last = self.bids[-1].seat if self.bids else None
            self.window = Window(players, self.deal_from, last)
            self.check(
                rnd.phase is Phase.BID and rnd.to_act == self.window.to_act,
                "R-8.1 closing window opens",
                rnd.phase,
                rnd.to_act,
                self.window.to_act,
            )
            self.check_hands()

    def window_step(self) -> None:
        rnd, rng, window = self.rnd, self.rng, self.window
        assert window is not None and window.to_act is not None
        seat = window.to_act
        self.check(rnd.to_act == seat, "R-8.1 polling order", rnd.to_act, seat)
        legal = self.compare_bids(seat, dealing=False)
        self.expect({seat: {"bid", "pass"} if legal else {"pass"}}, deal=False)
        if rng.random() < 0.2:
            self.probe_bids(seat, legal, dealing=False)
            other = (seat + rng.randrange(1, self.game.players)) % self.game.players
            self.probe("pass (R-8.1)", other, Pass(), False)  # not polled
        if legal and rng.random() < (0.25 if self.bid_chance else 0.0):
            self.make_bid(seat, rng.choice(sorted(legal, key=str)))
            return
        rnd.apply(seat, Pass())
        window.pass_(seat)
        if window.closed:
            self.close_bidding()

    def give_back(self) -> None:
        """R-8.4: after a 粘 the sticker gives back as many cards, one at least a 常主."""
        assert self.pending is not None
        taker, declarer, count = self.pending
        rnd, rng = self.rnd, self.rng
        self.check(rnd.to_act == taker, "R-8.4 give back turn", rnd.to_act, taker)
        self.expect({taker: {"give_back"}}, deal=False)
        self.stats.decisions["give back (R-8.4)"] += 1
        hand = self.hand(taker)
        judged: list[tuple[Any, bool]] = []
        for size in (count, count, count, count - 1, count + 1):
            cards = tuple(rng.sample(list(hand.elements()), size))
            judged.append((cards, is_legal_give_back(hand, cards, count)))
        self.stats.verdicts["give back (R-8.4)"] += len(judged)
        for cards, ok in judged:
            self.check(
                ok == (rnd.view(taker).give_back_error(cards) is None),
                "R-8.4 give back",
                show(cards),
                ok,
            )
        self.probe_some("give back (R-8.4)", taker, judged, lambda c: GiveBack(c))
        other = (taker + 1) % self.game.players
        self.probe("give back (R-8.4)", other, Pass(), False)
        while True:
            cards = tuple(rng.sample(list(hand.elements()), count))
            if is_legal_give_back(hand, cards, count):
                break
        rnd.apply(taker, GiveBack(cards))
        for card in cards:
            self.hands[taker][card] -= 1
            self.hands[declarer][card] += 1
        self.pending = None
        if self.window is not None:
            self.check(rnd.to_act == self.window.to_act, "R-8.1 polling after 粘")
        self.check_hands()

    def close_bidding(self) -> None:
        rnd, game = self.rnd, self.game
        result = conclude(
            game.name, self.bids, rnd.kitty, self.hands, self.level, self.banker_known
        )
        how = "redeal" if result.banker is None else "bid" if self.bids else "no bid"
        self.stats.outcomes[f"bidding (R-8): {how}"] += 1
        if result.banker is None:  # redeal
            self.check(rnd.phase is Phase.DEAL and rnd.dealt == 0, "R-8 redeal", rnd.phase)
            self.reset_deal()
            self.bid_chance = 0.1
            return
        self.check(
            (rnd.banker, rnd.trump_suit, rnd.declarer) == tuple(result),
            "R-8.2 – R-8.4 banker, trump suit, declarer",
            (rnd.banker, rnd.trump_suit, rnd.declarer),
            result,
        )
        self.banker = result.banker
        self.trump = result.trump
        self.declarer = result.declarer
        if game.has_levels and self.banker_known is None:
            assert self.levels is not None
            self.check(self.levels[self.banker] == self.level, "R-1.4")
        self.order = round_order(game.name, self.level, self.trump)
        taker = kitty_taker(game.name, self.banker, self.declarer, game.players)
        self.check(
            rnd.phase is Phase.BURY and rnd.to_act == taker,
            "R-7.1 / R-8.4 kitty taker",
            rnd.to_act,
            taker,
        )
        self.hands[taker].update(rnd.kitty)
        self.c = bid_multiplier(game.name, self.bids)
        self.check(rnd.bid_count == self.c or game.name != "qidong", "R-8.3 c", rnd.bid_count)
        self.check_hands()
        # the play state
        self.buried: tuple[Card, ...] = ()
        self.kitty: tuple[Card, ...] = ()
        self.friend: int | None = None
        self.call_made: Call | None = None
        self.friend_revealed = False
        self.penalties = [0] * game.players
        self.adjustment = 0
        self.tricks: list[tuple[list[Unit], list[tuple[int, tuple[Card, ...]]], int]] = []
        self.current: list[tuple[int, tuple[Card, ...]]] = []
        self.current_units: list[Unit] = []
        self.leader = self.banker

    # --- R-9.2 ------------------------------------------------------

    def bury(self) -> None:
        rnd, rng, game = self.rnd, self.rng, self.game
        seat = rnd.to_act
        assert seat is not None
        self.expect({seat: {"bury"}}, deal=False)
        self.stats.decisions["bury (R-7.1)"] += 1
        hand = self.hand(seat)
        cards = list(hand.elements())
        judged: list[tuple[Any, bool]] = []
        for size in (game.kitty_size, game.kitty_size, game.kitty_size - 1, game.kitty_size + 1):
            judged.append((tuple(rng.sample(cards, size)), size == game.kitty_size))
        missing = [card for card in map(Card, range(54)) if not hand[card]]
        if missing:
            bad = [*rng.sample(cards, game.kitty_size - 1), rng.choice(missing)]
            judged.append((tuple(bad), False))
        self.stats.verdicts["bury (R-7.1)"] += len(judged)
        for cand, ok in judged:
            view_ok = rnd.view(seat).burial_error(cand) is None
            self.check(view_ok == ok, "R-7.1 burial", show(cand), ok)
        self.probe_some("bury (R-7.1)", seat, judged, lambda c: Bury(c))
        buried = tuple(rng.sample(cards, game.kitty_size))
        rnd.apply(seat, Bury(buried))
        self.hands[seat] -= counter(buried)
        self.buried = buried
        self.kitty = buried
        if self.declarer is not None:  # the declarer may swap, then shows
            self.check(rnd.phase is Phase.SWAP and rnd.to_act == self.declarer, "R-8.4 swap turn")
        else:
            self.after_kitty()

    def after_kitty(self) -> None:
        want = Phase.CALL if self.game.called_friend else Phase.PLAY
        self.check(
            self.rnd.phase is want and self.rnd.to_act == self.banker,
            "R-9.1 / R-6.5 next",
            self.rnd.phase,
            self.rnd.to_act,
        )

    def swap(self) -> None:
        rnd, rng = self.rnd, self.rng
        seat = self.declarer
        assert seat is not None
        self.expect({seat: {"swap"}}, deal=False)
        self.stats.decisions["swap (R-8.4)"] += 1
        hand = self.hand(seat)
        oracle = legal_swaps(hand, self.buried, self.order)
        engine = {tuple(sorted(p)) for p in rnd.view(seat).legal_swaps()}
        self.check(oracle == engine, "R-8.4 legal swaps", oracle - engine, engine - oracle)
        judged: list[tuple[Any, bool]] = [(p, True) for p in oracle]
        for _ in range(4):
            h = rng.choice([*sorted(hand), Card(rng.randrange(54))])
            k = rng.choice((*self.buried, Card(rng.randrange(54))))
            pairs: tuple[tuple[Card, Card], ...] = ((h, k),)
            judged.append((pairs, is_legal_swap(hand, self.buried, pairs, self.order)))
        self.stats.verdicts["swap (R-8.4)"] += len(judged)
        self.probe_some("swap (R-8.4)", seat, judged, lambda p: Swap(p))
        pairs = rng.choice(sorted(oracle))
        rnd.apply(seat, Swap(pairs))
        kitty = list(self.buried)
        for from_hand, from_kitty in pairs:
            self.hands[seat][from_hand] -= 1
            self.hands[seat][from_kitty] += 1
            kitty[kitty.index(from_kitty)] = from_hand
        self.kitty = tuple(kitty)
        self.check(rnd.trump_public, "R-8.4 trump shown after the swap")
        self.after_kitty()

    def call(self) -> None:
        rnd, rng, game = self.rnd, self.rng, self.game
        seat = self.banker
        self.expect({seat: {"call_friend"}}, deal=False)
        self.stats.decisions["call (R-9.1, R-9.2)"] += 1
        hand = self.hand(seat)
        oracle = legal_calls(game, hand, self.buried)
        engine = {Call(c.card, c.solo) for c in rnd.view(seat).legal_friend_calls()}
        self.check(oracle == engine, "R-9.1 / R-9.2 friend calls", oracle ^ engine)
        candidates = [Call(Card(c), False) for c in rng.sample(range(54), 6)]
        candidates += [Call(None, True), Call(None, False), Call(rng.choice(sorted(hand)), True)]
        judged = [(c, c in oracle) for c in candidates]
        self.stats.verdicts["call (R-9.1, R-9.2)"] += len(judged)
        self.probe_some("call (R-9.1, R-9.2)", seat, judged, lambda c: CallFriend(c.card, c.solo))
        singles = sorted((c for c in oracle if not c.solo), key=str)
        solo = [c for c in oracle if c.solo]
        made = rng.choice(solo) if solo and (not singles or rng.random() < 0.2) else None
        if made is None:
            held = [c for c in singles if c.card is not None and not hand[c.card]]
            made = rng.choice(held or singles)
        rnd.apply(seat, CallFriend(made.card, made.solo))
        self.call_made = made
        self.friend = find_friend(game, seat, made, self.hands)
        self.check(
            rnd.friend == self.friend and rnd.solo == made.solo,
            "R-9.1 / R-9.2 friend",
            rnd.friend,
            self.friend,
        )
        self.check(rnd.phase is Phase.PLAY and rnd.to_act == seat, "R-6.5 banker leads")

    @property
    def side(self) -> tuple[int, ...]:
        return banker_side(self.game, self.banker, self.friend)

    # --- tricks --------------------------------------------------------------

    def play_step(self) -> None:
        rnd, game = self.rnd, self.game
        seat = (self.leader + len(self.current)) % game.players
        self.check(rnd.to_act == seat, "R-6.4 / R-6.5 turn", rnd.to_act, seat)
        self.expect({seat: {"play"}}, deal=False)
        if self.rng.random() < 0.1:
            self.check_hands()
            other = (seat + self.rng.randrange(1, game.players)) % game.players
            if self.hand(other):
                cards = tuple(self.rng.sample(list(self.hand(other).elements()), 1))
                self.probe("play (R-6.4)", other, Play(cards), False)  # not your turn
        if not self.current:
            self.lead(seat)
        else:
            self.follow(seat)
        if not self.current:
            return
        if len(self.current) == game.players:
            self.finish_trick()

    def lead_candidates(self, seat: int) -> list[tuple[tuple[Card, ...], Any]]:
        """Random leads, legal and illegal: units, throws, mixed suits, unheld cards,
        named parses good and bad."""
        rng, hand, order, game = self.rng, self.hand(seat), self.order, self.game
        out: list[tuple[tuple[Card, ...], Any]] = []
        cards = list(hand.elements())
        for _ in range(SAMPLES):
            n = rng.randint(1, min(6, len(cards)))
            out.append((key(rng.sample(cards, n)), None))
        suits = [s for s in (0, 1, 2, 3, TRUMP) if in_esuit(hand, s, order)]
        for _ in range(SAMPLES // 2):
            pool = list(in_esuit(hand, rng.choice(suits), order).elements())
            out.append((key(rng.sample(pool, rng.randint(1, len(pool)))), None))
        missing = [card for card in map(Card, range(54)) if hand[card] < game.decks]
        out.append((key([*rng.sample(cards, 1), rng.choice(missing)]), None))
        if game.throws:
            for cand, _ in list(out[:4]):
                named = self.random_named(cand)
                if named is not None:
                    out.append((cand, named))
                    if len(named) >= 3:  # two groups merged: mostly not one unit
                        merged = (named[0] + named[-1], *named[1:-1])
                        out.append((cand, merged))
                        out.append((cand, named[:-1]))  # does not add up to the cards
                    # (a named parse of one group is left to test_r4_2_named_parse_*)
        return out

    def random_named(self, cards: Sequence[Card]) -> tuple[tuple[Card, ...], ...] | None:
        """Another parse of a throw: one unit of its canonical parse broken up (R-4.2)."""
        if one_suit(cards, self.order) is None:
            return None
        units = canonical_parse(cards, self.order, self.game.max_width)
        big = [u for u in units if u.shape.size > 1]
        if not big:
            return None
        broken = self.rng.choice(big)
        groups = [u.cards for u in units if u is not broken]
        s = broken.shape
        if s.length > 1:
            chain = sorted(set(broken.cards), key=self.order.strength)
            groups += [(c,) * s.width for c in chain]
        else:
            groups += [(broken.cards[0],)] * s.width
        return tuple(groups)

    def lead(self, seat: int) -> None:
        rnd, game, order = self.rnd, self.game, self.order
        hand = self.hand(seat)
        view = rnd.view(seat)
        self.stats.decisions["lead (R-4)"] += 1
        total = count_leads(game.name, hand, order)
        if total <= LEAD_FULL_LIMIT:
            oracle = legal_leads(game.name, hand, order, game.decks)
            engine = {key(p) for p in view.legal_plays()}
            self.check(
                oracle == engine,
                "R-4.1 / R-4.5 legal leads",
                [show(c) for c in sorted(oracle - engine)[:5]],
                [show(c) for c in sorted(engine - oracle)[:5]],
            )
            self.stats.verdicts["lead (R-4)"] += len(oracle)
        judged: list[tuple[Any, bool]] = []
        for cards, named in self.lead_candidates(seat):
            ok = is_legal_lead(game.name, hand, cards, order)
            if ok and named is not None:
                try:
                    lead_units(game.name, cards, order, game.decks, named)
                except ValueError:
                    ok = False
            if named is None:
                engine_ok = view.play_error(cards) is None
                self.check(engine_ok == ok, "R-4.1 / R-4.5 lead", show(cards), ok)
            judged.append(((cards, named), ok))
        self.stats.verdicts["lead (R-4)"] += len(judged)
        self.probe_some("lead (R-4)", seat, judged, lambda c: Play(c[0], c[1]))
        cards, named = self.choose_lead(seat)
        self.apply_lead(seat, cards, named)

    def choose_lead(self, seat: int) -> tuple[tuple[Card, ...], Any]:
        rng, hand, order, game = self.rng, self.hand(seat), self.order, self.game
        roll = rng.random()
        if game.name == "shandong" or roll < 0.45:
            units = shandong_units_held(hand, order) if game.name == "shandong" else None
            if units is None:
                suits = [s for s in (0, 1, 2, 3, TRUMP) if in_esuit(hand, s, order)]
                held = in_esuit(hand, rng.choice(suits), order)
                units = units_in(held, order, game.max_width)
            big = [u for u in units if u.shape.size > 1]
            pick = rng.choice(big) if big and rng.random() < 0.6 else rng.choice(units)
            return pick.cards, None
        suits = [s for s in (0, 1, 2, 3, TRUMP) if in_esuit(hand, s, order)]
        pool = list(in_esuit(hand, rng.choice(suits), order).elements())
        cards = key(rng.sample(pool, rng.randint(1, min(len(pool), 7))))
        if roll < 0.6:
            named = self.random_named(cards)
            if named is not None and len(canonical_parse(cards, order, game.max_width)) > 1:
                return cards, named
        return cards, None

    def apply_lead(self, seat: int, cards: tuple[Card, ...], named: Any) -> None:
        rnd, game, order = self.rnd, self.game, self.order
        units = lead_units(game.name, cards, order, game.decks, named)
        others = [self.hands[s] for s in range(game.players) if s != seat]
        _, forced = throw_outcome(units, others, order) if len(units) > 1 else ([], [])
        rnd.apply(seat, Play(cards, named))
        if len(units) > 1:
            what = "failed throw (R-4.4)" if forced else "throw (R-4.3)"
            self.stats.outcomes[what + (", named parse" if named else "")] += 1
        else:
            self.stats.outcomes["unit lead (R-4.1)"] += 1
        record = rnd.current[0]
        if forced:
            engine_cards = key(record.cards)
            chosen = [u for u in forced if u.cards == engine_cards]
            self.check(
                bool(chosen) and record.attempted is not None and key(record.attempted) == cards,
                "R-4.3 / R-4.4 failed throw",
                f"thrown {show(cards)}",
                f"oracle forced {[u.name for u in forced]}",
                f"engine {show(record.cards)} attempted {record.attempted}",
            )
            units = [chosen[0]]
            played = chosen[0].cards
            if game.name == "qidong":  # 5 points a card, against the thrower's side
                value = game.throw_penalty * len(cards)
                self.adjustment += value if seat in self.side else -value
            else:
                self.penalties[seat] -= game.throw_penalty
        else:
            self.check(
                record.attempted is None and key(record.cards) == cards,
                "R-4.3 throw succeeds",
                show(cards),
                f"engine {show(record.cards)}",
                [show(list(h.elements())) for h in others] if len(units) > 1 else "",
            )
            played = cards
        self.check(
            split_names(units) == sorted(key(u.cards) for u in rnd.lead_units),
            "R-4.2 lead parse",
            [u.name for u in units],
            [show(u.cards) for u in rnd.lead_units],
        )
        self.check(
            tuple(rnd.penalties) == tuple(self.penalties)
            and rnd.point_adjustment == self.adjustment,
            "R-4.4 penalty",
            rnd.penalties,
            self.penalties,
            rnd.point_adjustment,
            self.adjustment,
        )
        self.current_units = units
        self.commit(seat, played)

    def follow(self, seat: int) -> None:
        rnd, rng, game, order = self.rnd, self.rng, self.game, self.order
        hand = self.hand(seat)
        view = rnd.view(seat)
        rules = FollowRules(game.name, hand, self.current_units, order)
        legal: set[tuple[Card, ...]] | None = None
        full = rules.candidates() <= FOLLOW_FULL_LIMIT
        self.stats.decisions["follow (R-5), " + ("full set" if full else "sampled")] += 1
        if full:
            legal = rules.legal_follows()
            engine = {key(p) for p in view.legal_plays()}
            self.check(
                legal == engine,
                "R-5 legal follows",
                f"lead {[u.name for u in self.current_units]} hand {show(list(hand.elements()))}",
                "oracle only " + str([show(c) for c in sorted(legal - engine)[:5]]),
                "engine only " + str([show(c) for c in sorted(engine - legal)[:5]]),
            )
            self.stats.verdicts["follow (R-5)"] += len(legal)
        candidates = self.follow_candidates(seat, rules)
        judged: list[tuple[Any, bool]] = []
        for cards in candidates:
            ok = rules.is_legal(cards)
            engine_ok = view.play_error(cards) is None
            self.check(
                ok == engine_ok,
                "R-5 follow",
                f"lead {[u.name for u in self.current_units]} hand {show(list(hand.elements()))}",
                f"play {show(cards)}: oracle {ok}, engine {engine_ok}",
            )
            judged.append((cards, ok))
        self.stats.verdicts["follow (R-5)"] += len(judged)
        self.probe_some("follow (R-5)", seat, judged, lambda c: Play(c))
        if legal:
            cards = rng.choice(sorted(legal))
        else:
            cards = key(view.random_play(rng).cards)
            self.check(rules.is_legal(cards), "R-5 engine's random follow", show(cards))
        rnd.apply(seat, Play(cards))
        self.commit(seat, cards)

    def follow_candidates(self, seat: int, rules: FollowRules) -> list[tuple[Card, ...]]:
        """Random follows: the engine's random legal plays, random sets of the led suit,
        random sets of the hand and one-card changes of them (mostly illegal)."""
        rng, n = self.rng, rules.n
        view = self.rnd.view(seat)
        cards = list(rules.hand.elements())
        suit = list(rules.suit.elements())
        out = [key(view.random_play(rng).cards) for _ in range(3)]
        for _ in range(SAMPLES // 2):
            if len(suit) >= n:
                out.append(key(rng.sample(suit, n)))
            out.append(key(rng.sample(cards, n)))
        for base in list(out):
            rest = list((rules.hand - counter(base)).elements())
            if rest:
                changed = list(base)
                changed[rng.randrange(n)] = rng.choice(rest)
                out.append(key(changed))
        out.append(key(cards[: n - 1]))  # too few cards
        return out

    def commit(self, seat: int, cards: tuple[Card, ...]) -> None:
        self.hands[seat] -= counter(cards)
        self.current.append((seat, cards))
        call = self.call_made
        if (
            not self.friend_revealed
            and call is not None
            and seat == self.friend
            and call.card in cards
        ):
            self.friend_revealed = True  # public when they play a copy
        self.check(self.rnd.friend_revealed == self.friend_revealed, "R-9.1 friend revealed")

    def finish_trick(self) -> None:
        rnd, order = self.rnd, self.order
        plays = [cards for _, cards in self.current]
        index = trick_winner(order, self.current_units, plays)
        winner = self.current[index][0]
        got = points([c for p in plays for c in p])
        trick = rnd.tricks[-1]
        self.stats.outcomes["trick (R-6)"] += 1
        self.check(
            (trick.winner, trick.points) == (winner, got),
            "R-6 trick winner and points",
            f"lead {[u.name for u in self.current_units]}",
            [f"{s}: {show(c)}" for s, c in self.current],
            f"engine {trick.winner} {trick.points}, oracle {winner} {got}",
        )
        self.tricks.append((self.current_units, self.current, winner))
        self.current = []
        self.leader = winner
        self.check_hands()

    # --- R-10 -----------------------------------------------------------------

    def final(self) -> None:
        game, rnd = self.game, self.rnd
        result = rnd.result
        assert result is not None
        side = self.side
        trick_points = sum(
            points([c for _, p in plays for c in p])
            for _, plays, winner in self.tricks
            if winner not in side
        )
        units, plays, winner = self.tricks[-1]
        winning_play = next(p for s, p in plays if s == winner)
        levels = self.levels if game.has_levels else None
        if levels is not None and self.banker_known is None:
            levels = (game.ladder[0],) * game.players
        want = outcome(
            game,
            banker=self.banker,
            side=side,
            levels=levels,
            trick_points=trick_points,
            kitty=self.kitty,
            last_shapes=[u.shape for u in units],
            last_winner=winner,
            last_winning_play=winning_play,
            adjustment=self.adjustment,
            penalties=self.penalties,
            solo=self.call_made.solo if self.call_made is not None else False,
            c=self.c,
        )
        compare_result(self.check, result, want, side, self.penalties)
        self.stats.outcomes["round (R-7, R-9, R-10)"] += 1
        out = self.stats.outcomes
        out[f"result: {want.band.side} side"] += 1
        if want.multiplier:
            out["扣底 (R-7.2)"] += 1
        elif game.name == "shandong":
            out["保底 (R-7.3)"] += 1
        if (
            levels is not None
            and j_drop(game, levels[self.banker], winner not in side, winning_play) is not None
        ):
            out["J到6 / 双J到底 (R-9.7)"] += 1


def ending(
    config: str,
    hands: Sequence[Sequence[Card]],
    kitty: Sequence[Card],
    *,
    level: int,
    trump: int | None,
    banker: int,
    levels: tuple[int, ...] | None,
    call: Call | None = None,
    declarer: int | None = None,
    rng: random.Random | None = None,
    label: str = "",
) -> DifferentialGame:
    """A round set up at its last tricks (Round.from_hands), ready for :meth:`play`."""
    self = object.__new__(DifferentialGame)
    self.config = config
    self.label = label or f"{config}, ending"
    self.preset, self.game = engine_game(config)
    game = self.game
    self.rng = rng or random.Random(0)
    self.stats = Stats()
    self.banker = self.banker_known = banker
    self.levels, self.level, self.trump = levels, level, trump
    self.order = round_order(game.name, level, trump)
    self.hands = [counter(h) for h in hands]
    self.kitty = self.buried = tuple(kitty)
    self.declarer = declarer
    self.call_made = call
    self.friend = None if call is None else find_friend(game, banker, call, self.hands)
    options: dict[str, Any] = {} if declarer is None else {"declarer": declarer}
    self.rnd = Round.from_hands(
        self.preset,
        [list(h) for h in hands],
        level_rank=RANK_NAMES[level],
        trump_suit=None if trump is None else "SHCD"[trump],
        banker=banker,
        kitty=list(kitty),
        levels=None if levels is None else [RANK_NAMES[lv] for lv in levels],
        friend_call=None if call is None or call.card is None else call.card.ascii,
        solo=call is not None and call.solo,
        **options,
    )
    self.check(self.rnd.friend == self.friend, "R-9.1 / R-9.2 friend", self.rnd.friend)
    self.friend_revealed = False
    self.penalties = [0] * game.players
    self.adjustment = 0
    self.tricks = []
    self.current = []
    self.current_units = []
    self.leader = banker
    self.bids = []
    self.pending = None
    self.c = 1
    return self


def random_ending(config: str, seed: int) -> DifferentialGame:
    """A random last few tricks with a random kitty, levels, banker, friend or solo and
    shandong declarer: many round results (R-7, R-9, R-10) for little play. Point cards,
    jokers and J are dealt often."""
    _, game = engine_game(config)
    rng = random.Random(f"oracle-differential/ending/{config}/{seed}")
    players = game.players
    banker = rng.randrange(players)
    levels = random_levels(game, rng) if game.has_levels else None
    level = levels[banker] if levels is not None else 0
    trump = rng.choice([0, 1, 2, 3, None])
    deck = [Card(c) for c in range(54) for _ in range(game.decks)]
    rng.shuffle(deck)
    liked = {3, 8, 11, 9}  # 5, 10, K and J
    deck.sort(key=lambda c: 0 if (c >= 52 or c % 13 in liked) and rng.random() < 0.5 else 1)
    size = rng.randint(1, 3)
    hands = [deck[i * size : (i + 1) * size] for i in range(players)]
    kitty = deck[players * size : players * size + game.kitty_size]
    declarer = rng.randrange(players) if game.name == "shandong" and rng.random() < 0.7 else None
    call = None
    if game.name == "qidong":  # a card one other seat holds once, or solo
        held = Counter(c for h in hands for c in h)
        once = sorted(c for c in held if held[c] == 1 and c not in hands[banker])
        call = Call(rng.choice(once), False) if once and rng.random() < 0.75 else Call(None, True)
    elif game.called_friend:
        call = Call(rng.choice(deck[: players * size + 3]), False)
    return ending(
        config,
        hands,
        kitty,
        level=level,
        trump=trump,
        banker=banker,
        levels=levels,
        call=call,
        declarer=declarer,
        rng=rng,
        label=f"{config}, ending {seed}",
    )


def one_suit(cards: Sequence[Card], order: RoundOrder) -> int | None:
    suits = {order.esuit(c) for c in cards}
    return suits.pop() if len(suits) == 1 else None


def compare_result(
    check: Callable[..., None],
    result: Any,
    want: Any,
    side: Sequence[int],
    penalties: Sequence[int],
) -> None:
    """The engine's RoundResult against the oracle's Outcome (R-7, R-9, R-10)."""
    engine = (
        result.attackers_points,
        result.trick_points,
        result.kitty_points,
        result.kitty_multiplier,
        (result.band.side, result.band.k),
        tuple(result.banker_side),
        result.levels_after,
        tuple(result.scores),
        tuple(result.penalties),
        result.next_banker,
        result.bank_held_at_top,
    )
    oracle = (
        want.x,
        want.trick_points,
        want.kitty_points,
        want.multiplier,
        tuple(want.band),
        tuple(side),
        want.levels_after,
        tuple(want.scores),
        tuple(penalties),
        want.next_banker,
        want.held_at_top,
    )
    names = (
        "X",
        "trick points",
        "kitty points",
        "multiplier",
        "band",
        "banker side",
        "levels after",
        "scores",
        "penalties",
        "next banker",
        "held at top",
    )
    diffs = [
        f"{n}: engine {e}, oracle {o}"
        for n, e, o in zip(names, engine, oracle, strict=True)
        if e != o
    ]
    check(not diffs, "R-7 / R-9 / R-10 round result", *diffs)


# --- the tests ----------------------------------------------------------------------------


def run_games(config: str, seeds: Sequence[int]) -> Stats:
    stats = Stats()
    for seed in seeds:
        stats.merge(DifferentialGame(config, seed).play())
    return stats


TOTALS = Stats()


@pytest.fixture(scope="module", autouse=True)
def report_totals() -> Any:
    """Print how much was compared in this module (shown with ``pytest -s``)."""
    start = time.perf_counter()
    yield
    if sum(TOTALS.decisions.values()) or sum(TOTALS.outcomes.values()):
        elapsed = time.perf_counter() - start
        print(f"\noracle differential, all tests run ({elapsed:.1f} s):\n{TOTALS.summary()}")


@pytest.mark.parametrize("config", QUICK_CONFIGS)
def test_quick_r4_to_r10_one_game(config: str) -> None:
    """Quick run, one game per preset family: legal bids (R-8), burials (R-7.1), swaps
    (R-8.4), friend calls (R-9.1, R-9.2), leads and throws (R-4), follows (R-5), trick
    winners (R-6) and the round result (R-7, R-9, R-10) agree with the oracle."""
    stats = run_games(config, [1000])
    TOTALS.merge(stats)
    assert stats.outcomes["trick (R-6)"] > 0


@pytest.mark.slow
@pytest.mark.parametrize("config", list(CONFIGS))
def test_r4_to_r10_random_games(config: str) -> None:
    """GAMES_PER_CONFIG random games of each preset and option set, every decision
    (R-4, R-5, R-7.1, R-8, R-9.1, R-9.2) and outcome (R-4.3, R-4.4, R-6, R-7, R-9,
    R-10) compared with the oracle."""
    start = time.perf_counter()
    stats = run_games(config, range(GAMES_PER_CONFIG))
    TOTALS.merge(stats)
    print(f"\n{config}: {GAMES_PER_CONFIG} games in {time.perf_counter() - start:.1f} s")
    print(stats.summary())
    assert stats.outcomes["round (R-7, R-9, R-10)"] == GAMES_PER_CONFIG


ENDINGS_PER_CONFIG = 200


@pytest.mark.slow
@pytest.mark.parametrize("config", list(CONFIGS))
def test_r7_r9_r10_results_of_random_endings(config: str) -> None:
    """Random last tricks (from Round.from_hands) of every preset and option set: the
    kitty multiplier and 保底 (R-7.2, R-7.3), X (R-9.3), bands (R-9.4), levels with the
    ladder cap, 逢J必打 and J到6 (R-9.4, R-9.5, R-9.7), the next banker (R-9.6) and the
    scores (R-10), plus the follows (R-5) and winners (R-6) on the way, agree with the
    oracle."""
    stats = Stats()
    for seed in range(ENDINGS_PER_CONFIG):
        stats.merge(random_ending(config, seed).play())
    TOTALS.merge(stats)
    print(f"\n{config}: {ENDINGS_PER_CONFIG} endings")
    print(stats.summary())
    assert stats.outcomes["round (R-7, R-9, R-10)"] == ENDINGS_PER_CONFIG


# fmt: off
J_EXAMPLES = [
    # seed 003: 庄家正在打 J 但被抓分方用一个 J 扣底取胜 → 打 6; 用对 J → 打 A
    ("R-9.7 J到6: a lone J takes the last trick", ["4D", "JH", "6D", "7D"], "6"),
    ("R-9.7 双J到底: a pair of J takes the last trick",
     ["4D 4D", "JH JH", "6D 7D", "8D 9D"], "A"),
    # 保底: X = −25, the banker's side +4 from J, capped at K
    ("R-9.7 a J of the banker's side changes nothing", ["JH", "4D", "6D", "7D"], "K"),
]
# fmt: on


@pytest.mark.parametrize(
    ("title", "hands", "banker_level"), J_EXAMPLES, ids=[e[0] for e in J_EXAMPLES]
)
def test_r9_7_j_to_6_worked_examples(title: str, hands: list[str], banker_level: str) -> None:
    """R-9.7 (seed 003) and R-7.2 / R-9.4 / R-10.3 around it: shandong, the banker's team
    (seats 0 and 2) at J with ♠ trump, one last trick; the engine and the oracle both give
    the banker's team the level of seed 003."""
    game = ending(
        "shandong",
        [parse_cards(h) for h in hands],
        parse_cards("KS KC 5H 4C"),
        level=9,
        trump=0,
        banker=0,
        levels=(9, 6, 9, 6),
    )
    game.play()
    rnd = game.rnd
    result = rnd.result
    assert result is not None and result.levels_after is not None
    assert RANK_NAMES[result.levels_after[0]] == banker_level


# --- engine disagreements found by the oracle ------------------------------------------

NAMED_ONE_GROUP = [
    pytest.param(["AS"], id="does not add up to the cards led"),
    pytest.param(["KS 3S"], id="not one tuple or tractor"),
]


def named_parse_position() -> Round:
    """Tractor, level 2, ♥ trump: seat 0 leads the throw ♠K ♠3 (two singles)."""
    hands = ["AS KS 3S 4D", "QS 5D 6D 7D", "8D 9D 10D JD", "2C 3C 4C 5C"]
    return Round.from_hands(get_preset("tractor"), hands, level_rank="2", trump_suit="H", banker=0)


@pytest.mark.parametrize("named", NAMED_ONE_GROUP)
def test_r4_2_oracle_refuses_an_invalid_named_parse_of_one_group(named: list[str]) -> None:
    """R-4.2: the leader may name another *valid* parse of a throw: groups that add up to
    the cards led, each one tuple or tractor. The oracle refuses both named parses."""
    order = round_order("tractor", 0, 1)
    groups = [parse_cards(g) for g in named]
    with pytest.raises(ValueError):
        lead_units("tractor", parse_cards("KS 3S"), order, 2, groups)


@pytest.mark.parametrize("named", NAMED_ONE_GROUP)
def test_r4_2_engine_refuses_an_invalid_named_parse_of_one_group(named: list[str]) -> None:
    """R-4.2: leading the throw ♠K ♠3 with the named parse [♠A] or [♠K ♠3] (neither a
    valid parse of it) must raise IllegalAction and change nothing."""
    rnd = named_parse_position()
    before = fingerprint(rnd)
    groups = tuple(tuple(parse_cards(g)) for g in named)
    with pytest.raises(IllegalAction):
        rnd.apply(0, Play(tuple(parse_cards("KS 3S")), groups))
    assert fingerprint(rnd) == before

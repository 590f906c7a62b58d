"""A duplicate-format arena: bots compared on the same cards from the same seats.

A *deal* is one round's starting position drawn from a seed: the shuffled cards, the
banker (where the preset names one before the deal) and the level every seat starts at.
Each deal is played once per *seating*: the bots sit in turn around the table
(A B A B, or A B A B A with five seats), and every next seating turns that pattern one
seat further, until it would repeat. Over one deal's seatings every bot therefore holds
every seat, and so every hand, equally often, and the luck of the cards cancels out of
the comparison; what is left is how the bots played them.

The cards of a deal never depend on the bots: the round is shuffled from the deal's
own seed. (Bids still may change the course of the round: a bot that bids differently
sets another trump suit, R-8.1, as it should. The one exception to same cards is a 启东
round in which nobody bids and the kitty turns out four pairs, R-8.3: the seatings where
that happens are redealt, from the deal's seed again.)

Statistics treat each deal as one sample, averaged over its seatings: the rounds of a
deal share its cards and are not independent, the deals are. Intervals are 95% normal
approximations, 1.96 standard errors of the mean of the per-deal samples.

Nothing here prints; ``zpy arena`` (:mod:`zhaopengyou.cli.arena`) shows the results.

>>> seatings(seating_pattern(2, 4))
[(0, 1, 0, 1), (1, 0, 1, 0)]
>>> len(seatings(seating_pattern(2, 5)))
5
>>> Estimate.of([1.0, 2.0, 3.0]).ci95 == (2 - 1.96 / 3**0.5, 2 + 1.96 / 3**0.5)
True
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import random
import statistics
import string
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from ..engine import Action, Round, View
from ..engine.presets import Preset
from . import make_bot
from .base import Agent
from .journal import Journal
from .runner import play_round
from .tally import BotTally, DealOutcome

Z_95 = 1.96  # standard normal quantile of a two-sided 95% interval
LABELS = string.ascii_uppercase  # bots are named A, B, C … in the order given
_SEED_LIMIT = 2**53  # exact in every JSON reader, like the engine's round seeds


def derive_seed(*parts: object) -> int:
    """A seed that depends only on ``parts``: the same deal and seat always get the
    same cards and bot, whichever process plays them and in whatever order."""
    text = ":".join(["zhaopengyou-arena", *(str(part) for part in parts)])
    digest = hashlib.sha256(text.encode()).digest()
    return int.from_bytes(digest[:8], "big") % _SEED_LIMIT


# --- deals and seatings --------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """The starting position of one round, played again for every seating."""

    index: int
    cards_seed: int  # the shuffle
    banker: int | None  # None where bidding names the banker every round (qidong)
    dealer: int
    level: int | None  # every seat's level before the round; None without levels

    def new_round(self, preset: Preset) -> Round:
        """The deal's round before its first card: the same cards every time."""
        levels = None if self.level is None else (self.level,) * preset.players
        return Round(
            preset, seed=self.cards_seed, levels=levels, banker=self.banker, dealer=self.dealer
        )


def draw_deal(preset: Preset, arena_seed: int, index: int) -> Deal:
    """Deal ``index`` of the arena seeded ``arena_seed``.

    A known banker keeps a deal from being redealt for want of a bid (R-8.2, R-8.4), which
    would make its cards depend on how the bots bid. The banker's seat varies from deal
    to deal, and so does the level, common to every seat so that no seat starts ahead in
    R-10.1's level differences; it is drawn from the lower half of the ladder so that a
    round's rise is seldom cut short by the top (R-9.4) or by 逢J必打 (R-9.7).
    """
    draw = random.Random(derive_seed("setup", arena_seed, index))
    seat = draw.randrange(preset.players)
    level = None
    if preset.fixed_level_rank is None:
        level = draw.choice(preset.ladder[: len(preset.ladder) // 2 + 1])
    banker = None if preset.bidding.banker_every_round else seat
    return Deal(index, derive_seed("cards", arena_seed, index), banker, seat, level)


def seating_pattern(bot_count: int, players: int) -> tuple[int, ...]:
    """The bot (its index) at each seat in the first seating: the bots in turn, so
    that with two bots and fixed partners (R-11.1) each bot is one team."""
    if not 2 <= bot_count <= players:
        raise ValueError(f"2 to {players} bots can play a {players}-player game")
    return tuple(seat % bot_count for seat in range(players))


def seatings(pattern: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The distinct seatings: ``pattern`` turned one seat at a time until it repeats.

    They are one period of the pattern, so every seat sees each bot as often as the
    pattern holds it within a period: every bot sits every seat equally often.
    """
    found: list[tuple[int, ...]] = []
    for shift in range(len(pattern)):
        seating = pattern[shift:] + pattern[:shift]
        if found and seating == pattern:
            break
        found.append(seating)
    return found


# --- playing --------------------------------------------------------------------------


class TimedAgent:
    """An agent whose decisions are timed into ``times_ms``.

    Only calls that return an action count: during the deal every seat is asked after
    each card whether it bids (R-8.1), and those many instant "no bid now" answers
    would hide the real decisions in the percentiles.
    """

    def __init__(self, agent: Agent, times_ms: list[float]) -> None:
        self._agent = agent
        self._times_ms = times_ms

    def act(self, view: View) -> Action | None:
        started = time.perf_counter()
        action = self._agent.act(view)
        if action is not None:
            self._times_ms.append((time.perf_counter() - started) * 1000)
        return action

    def __getattr__(self, name: str) -> Any:
        # The runner looks for optional hooks such as ``rejected`` on the agent itself.
        return getattr(self._agent, name)


RoundSink = Callable[[Round, tuple[int, ...]], None]


def levels_gained(preset: Preset, rnd: Round, seat: int) -> int:
    """Ladder steps ``seat`` moved in the finished ``rnd`` (0 without levels; a fall,
    such as R-9.7's J到6, counts negative)."""
    assert rnd.result is not None
    before, after = rnd.levels_before, rnd.result.levels_after
    if before is None or after is None:
        return 0
    return preset.ladder.index(after[seat]) - preset.ladder.index(before[seat])


def play_deal(
    preset: Preset,
    kinds: Sequence[str],
    deal: Deal,
    *,
    think: float | None = None,
    on_round: RoundSink | None = None,
) -> DealOutcome:
    """Play ``deal`` once per seating with bots of ``kinds``; ``on_round`` gets each
    finished round and its seating (the bot index at each seat)."""
    tallies = [BotTally() for _ in kinds]
    for number, seating in enumerate(seatings(seating_pattern(len(kinds), preset.players))):
        agents = [
            TimedAgent(
                make_bot(
                    kinds[bot], derive_seed("bot", deal.cards_seed, number, seat), think=think
                ),
                tallies[bot].decision_ms,
            )
            for seat, bot in enumerate(seating)
        ]
        rnd = play_round(deal.new_round(preset), agents)
        assert rnd.result is not None
        for seat, bot in enumerate(seating):
            tally = tallies[bot]
            score = rnd.result.scores[seat]
            tally.rounds += 1
            tally.score += score
            tally.wins += score > 0
            tally.levels += levels_gained(preset, rnd, seat)
        if on_round is not None:
            on_round(rnd, seating)
    return DealOutcome(deal.index, tallies)


def play_deal_at(
    preset: Preset, kinds: Sequence[str], arena_seed: int, index: int, think: float | None
) -> DealOutcome:
    """Draw and play deal ``index``: the unit of work of a worker process."""
    return play_deal(preset, kinds, draw_deal(preset, arena_seed, index), think=think)


def _outcomes(
    preset: Preset,
    kinds: Sequence[str],
    *,
    indexes: Sequence[int],
    seed: int,
    jobs: int,
    think: float | None,
) -> Iterator[DealOutcome]:
    """The outcomes of the deals ``indexes``, in the order the deals finish."""
    if jobs == 1 or len(indexes) <= 1:
        for index in indexes:
            yield play_deal_at(preset, kinds, seed, index, think)
        return
    # "spawn" rather than fork: the caller may run threads (a progress bar's refresher),
    # and forking a process with threads can deadlock the child.
    pool = ProcessPoolExecutor(
        max_workers=min(jobs, len(indexes)), mp_context=multiprocessing.get_context("spawn")
    )
    try:
        pending: set[Future[DealOutcome]] = {
            pool.submit(play_deal_at, preset, list(kinds), seed, index, think) for index in indexes
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:
        # Interrupted (Ctrl-C, an error, a caller that stops early): drop the deals
        # not started rather than play them all before returning.
        pool.shutdown(wait=True, cancel_futures=True)


# --- statistics -----------------------------------------------------------------------


@dataclass(frozen=True)
class Estimate:
    """A mean over independent samples and its 95% confidence interval (normal
    approximation); one sample gives no interval."""

    mean: float
    ci95: tuple[float, float] | None

    @classmethod
    def of(cls, samples: Sequence[float]) -> Estimate:
        if not samples:
            raise ValueError("an estimate needs at least one sample")
        mean = math.fsum(samples) / len(samples)
        if len(samples) < 2:
            return cls(mean, None)
        half_width = Z_95 * statistics.stdev(samples, mean) / math.sqrt(len(samples))
        return cls(mean, (mean - half_width, mean + half_width))

    @property
    def half_width(self) -> float | None:
        return None if self.ci95 is None else (self.ci95[1] - self.ci95[0]) / 2


def percentile(values: Sequence[float], fraction: float) -> float | None:
    """The ``fraction`` quantile, linearly interpolated between the closest ranks (as
    ``statistics.quantiles(method="inclusive")``, which needs two values in 3.11)."""
    if not values:
        return None
    ordered = sorted(values)
    position = (len(ordered) - 1) * fraction
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class BotSummary:
    """One bot's results over the whole arena; means are per round."""

    label: str
    kind: str
    rounds: int
    score: Estimate
    levels: Estimate | None  # None where the preset has no levels
    win_rate: Estimate
    decisions: int
    decision_ms_p50: float | None
    decision_ms_p99: float | None

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "kind": self.kind,
            "rounds": self.rounds,
            "score_mean": self.score.mean,
            "score_ci95": _interval(self.score),
            "levels_mean": None if self.levels is None else self.levels.mean,
            "levels_ci95": _interval(self.levels),
            "win_rate": self.win_rate.mean,
            "win_rate_ci95": _interval(self.win_rate),
            "decisions": self.decisions,
            "decision_ms_p50": self.decision_ms_p50,
            "decision_ms_p99": self.decision_ms_p99,
        }


def _interval(estimate: Estimate | None) -> list[float] | None:
    return None if estimate is None or estimate.ci95 is None else list(estimate.ci95)


@dataclass(frozen=True)
class ArenaSummary:
    """What ``zpy arena`` reports. ``diff`` and ``levels_diff`` compare exactly two bots,
    A minus B, per deal."""

    preset: str
    options: dict[str, Any]
    seed: int
    think: float | None
    deals: int
    seatings: list[tuple[int, ...]]
    seconds: float
    bots: list[BotSummary]
    diff: Estimate | None
    levels_diff: Estimate | None
    resumed: int = 0  # deals taken from a journal, played by an earlier run

    @property
    def rounds(self) -> int:
        return self.deals * len(self.seatings)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data; ``seatings`` list each seat's bot label from seat 0."""
        return {
            "preset": self.preset,
            "options": self.options,
            "seed": self.seed,
            "think": self.think,
            "deals": self.deals,
            "deals_resumed": self.resumed,
            "seatings": [[LABELS[bot] for bot in seating] for seating in self.seatings],
            "rounds": self.rounds,
            "seconds": self.seconds,
            "bots": [bot.to_json() for bot in self.bots],
            "diff_mean": None if self.diff is None else self.diff.mean,
            "diff_ci95": _interval(self.diff),
            "levels_diff_mean": None if self.levels_diff is None else self.levels_diff.mean,
            "levels_diff_ci95": _interval(self.levels_diff),
        }


def summarize(
    preset: Preset,
    kinds: Sequence[str],
    outcomes: Sequence[DealOutcome],
    *,
    seed: int,
    think: float | None = None,
    seconds: float = 0.0,
    resumed: int = 0,
) -> ArenaSummary:
    """The statistics of finished deals, each deal one sample (see the module's text)."""
    if not outcomes:
        raise ValueError("no deals to summarize")
    ordered = sorted(outcomes, key=lambda outcome: outcome.index)  # any --jobs, one result
    has_levels = preset.fixed_level_rank is None

    def per_deal(bot: int, measure: str) -> list[float]:
        """The bot's ``measure`` (a BotTally total) per round, one value per deal."""
        return [getattr(o.tallies[bot], measure) / o.tallies[bot].rounds for o in ordered]

    bots = []
    for bot, kind in enumerate(kinds):
        times = [ms for outcome in ordered for ms in outcome.tallies[bot].decision_ms]
        bots.append(
            BotSummary(
                label=LABELS[bot],
                kind=kind,
                rounds=sum(outcome.tallies[bot].rounds for outcome in ordered),
                score=Estimate.of(per_deal(bot, "score")),
                levels=Estimate.of(per_deal(bot, "levels")) if has_levels else None,
                win_rate=Estimate.of(per_deal(bot, "wins")),
                decisions=len(times),
                decision_ms_p50=percentile(times, 0.5),
                decision_ms_p99=percentile(times, 0.99),
            )
        )
    diff = levels_diff = None
    if len(kinds) == 2:
        diff = _difference(per_deal(0, "score"), per_deal(1, "score"))
        if has_levels:
            levels_diff = _difference(per_deal(0, "levels"), per_deal(1, "levels"))
    return ArenaSummary(
        preset=preset.name,
        options=dict(preset.options),
        seed=seed,
        think=think,
        deals=len(ordered),
        seatings=seatings(seating_pattern(len(kinds), preset.players)),
        seconds=seconds,
        bots=bots,
        diff=diff,
        levels_diff=levels_diff,
        resumed=resumed,
    )


def _difference(first: Sequence[float], second: Sequence[float]) -> Estimate:
    """Paired per deal: the two bots' results of a deal share its cards and table and
    are not independent of each other, so the difference of each deal is the sample."""
    return Estimate.of([a - b for a, b in zip(first, second, strict=True)])


def play_arena(
    preset: Preset,
    kinds: Sequence[str],
    *,
    deals: int,
    seed: int = 0,
    jobs: int = 1,
    think: float | None = None,
    on_deal: Callable[[DealOutcome], None] | None = None,
    journal: Journal | None = None,
) -> ArenaSummary:
    """Play ``deals`` deals in every seating, in ``jobs`` processes, and summarize them.

    Every deal and bot is seeded from ``seed`` and its own index and seat, so the
    result (decision times apart) does not depend on ``jobs``, as long as the bots
    decide by their seed alone (one that searches until a time budget runs out may
    not decide the same way twice). With ``jobs`` > 1 the
    worker processes are spawned, so a script calling this needs the usual
    ``if __name__ == "__main__":`` guard.

    With a ``journal`` (:mod:`zhaopengyou.bots.journal`, opened for this arena) the
    deals it holds are taken from it rather than played, and every deal played is
    written to it as soon as it is finished. ``on_deal`` sees every deal, the
    journal's first.
    """
    seating_pattern(len(kinds), preset.players)  # refuses a bad bot count before any work
    if deals < 1 or jobs < 1:
        raise ValueError("deals and jobs must be at least 1")
    if think is not None and not (math.isfinite(think) and think >= 0):
        raise ValueError("think must be a number of seconds, 0 or more")
    started = time.perf_counter()
    done = {} if journal is None else journal.outcomes
    outcomes = [done[index] for index in sorted(done) if index < deals]
    resumed = len(outcomes)
    if on_deal is not None:
        for outcome in outcomes:
            on_deal(outcome)
    indexes = [index for index in range(deals) if index not in done]
    for outcome in _outcomes(preset, kinds, indexes=indexes, seed=seed, jobs=jobs, think=think):
        if journal is not None:
            journal.append(outcome)
        outcomes.append(outcome)
        if on_deal is not None:
            on_deal(outcome)
    seconds = time.perf_counter() - started
    return summarize(
        preset, kinds, outcomes, seed=seed, think=think, seconds=seconds, resumed=resumed
    )


__all__ = [
    "ArenaSummary",
    "BotSummary",
    "Deal",
    "Estimate",
    "TimedAgent",
    "derive_seed",
    "draw_deal",
    "levels_gained",
    "percentile",
    "play_arena",
    "play_deal",
    "seating_pattern",
    "seatings",
    "summarize",
]

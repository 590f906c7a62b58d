"""``zpy sim``: bot-only matches with a progress bar, then a table of statistics."""

from __future__ import annotations

import json
import sys
import time
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..bots import make_bot, play_round
from ..engine import Round
from ..engine.match import Match
from ..engine.presets import Preset
from ..i18n import tr
from ..records import RecordMode


@dataclass
class SimStats:
    """What ``zpy sim`` measures over all rounds played."""

    preset: str
    options: dict[str, Any]
    bots: str
    seed: int
    rounds: int = 0
    matches: int = 0
    banker_held: int = 0
    attackers_points_total: int = 0
    kitty_bonus_rounds: int = 0
    kitty_bonus_points: int = 0
    throws_tried: int = 0
    throws_failed: int = 0
    redeals: int = 0
    seconds: float = 0.0
    score_totals: list[int] = field(default_factory=list)

    def add(self, rnd: Round) -> None:
        result = rnd.result
        assert result is not None
        self.rounds += 1
        self.banker_held += result.band.side == "banker"
        self.attackers_points_total += result.attackers_points
        if result.kitty_multiplier:
            self.kitty_bonus_rounds += 1
            self.kitty_bonus_points += result.kitty_points * result.kitty_multiplier
        self.throws_tried += rnd.throws_tried
        self.throws_failed += rnd.throws_failed
        self.redeals += rnd.redeals
        for seat, score in enumerate(result.scores):
            self.score_totals[seat] += score

    def summary(self) -> dict[str, Any]:
        rounds = max(self.rounds, 1)
        return {
            **asdict(self),
            "hold_rate": self.banker_held / rounds,
            "mean_attackers_points": self.attackers_points_total / rounds,
            "rounds_per_second": self.rounds / self.seconds if self.seconds else None,
        }


def simulate(
    preset: Preset, *, rounds: int, bots: str, seed: int, match_rounds: int, on_round: Any = None
) -> SimStats:
    """Play ``rounds`` rounds in matches of at most ``match_rounds`` rounds each."""
    stats = SimStats(
        preset.name, dict(preset.options), bots, seed, score_totals=[0] * preset.players
    )
    started = time.perf_counter()
    while stats.rounds < rounds:
        match_seed = seed + stats.matches
        match = Match(preset, seed=match_seed, rounds=min(match_rounds, rounds - stats.rounds))
        agents = [make_bot(bots, match_seed * 1000 + s) for s in range(preset.players)]
        stats.matches += 1
        while not match.over:
            rnd = play_round(match.new_round(), agents)
            match.finish_round(rnd)
            stats.add(rnd)
            if on_round is not None:
                on_round(match, rnd)
    stats.seconds = time.perf_counter() - started
    return stats


def run_sim(
    preset: Preset,
    *,
    rounds: int,
    bots: str,
    seed: int,
    match_rounds: int,
    record: Path | None,
    json_out: bool,
    lang: str,
    record_mode: RecordMode = "create",
) -> None:
    """Simulate and print the summary: a table for people (seats counted from 1), or
    with ``json_out`` a JSON document whose per-seat lists are indexed from 0, as in
    records."""
    from ..records import RecordWriter, round_record

    progress_console = Console(stderr=True)
    writer_context = RecordWriter(record, record_mode) if record is not None else nullcontext()
    with (
        writer_context as writer,
        Progress(
            TextColumn(tr("simulating", lang)),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=progress_console,
            transient=True,
        ) as progress,
    ):
        task = progress.add_task("sim", total=rounds)

        def on_round(match: Match, rnd: Round) -> None:
            if writer is not None:
                writer.write(round_record(rnd, match_over=match.over))
            progress.advance(task)

        stats = simulate(
            preset,
            rounds=rounds,
            bots=bots,
            seed=seed,
            match_rounds=match_rounds,
            on_round=on_round,
        )
    summary = stats.summary()
    if json_out:
        json.dump(summary, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return
    print_table(summary, preset, lang)


def print_table(summary: dict[str, Any], preset: Preset, lang: str) -> None:
    console = Console()
    options = ", ".join(f"{k}={v}" for k, v in summary["options"].items())
    table = Table(title=f"{preset.title} ({preset.name}) · {options}", show_header=False)
    table.add_column(style="bold")
    table.add_column(justify="right")
    rounds = summary["rounds"]
    table.add_row(tr("rounds", lang), str(rounds))
    table.add_row(tr("matches", lang), str(summary["matches"]))
    table.add_row(tr("bots", lang), summary["bots"])
    table.add_row(tr("banker's side hold rate", lang), f"{summary['hold_rate']:.1%}")
    table.add_row(tr("mean attackers' points", lang), f"{summary['mean_attackers_points']:.1f}")
    table.add_row(
        tr("kitty bonuses (rounds)", lang),
        f"{summary['kitty_bonus_rounds']} ({summary['kitty_bonus_rounds'] / rounds:.1%})",
    )
    table.add_row(tr("kitty bonus points, total", lang), str(summary["kitty_bonus_points"]))
    table.add_row(tr("throws tried", lang), str(summary["throws_tried"]))
    table.add_row(tr("throws failed", lang), str(summary["throws_failed"]))
    table.add_row(tr("redeals", lang), str(summary["redeals"]))
    for seat, total in enumerate(summary["score_totals"], start=1):
        table.add_row(tr("score total, seat {seat}", lang, seat=seat), f"{total:+d}")
    rate = summary["rounds_per_second"]
    table.add_row(tr("rounds per second", lang), f"{rate:.1f}" if rate else "-")
    console.print(table)

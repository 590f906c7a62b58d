"""``zpy arena``: bots compared in the duplicate format, with a progress bar, then a
table with a column per bot (the play and the statistics are
:mod:`zhaopengyou.bots.arena`)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..bots.arena import LABELS, ArenaSummary, Estimate, play_arena
from ..bots.journal import Journal, arena_header
from ..bots.tally import DealOutcome
from ..engine.presets import Preset
from ..i18n import tr


def run_arena(
    preset: Preset,
    *,
    kinds: Sequence[str],
    deals: int,
    jobs: int,
    think: float | None,
    seed: int,
    json_out: bool,
    lang: str,
    journal: Path | None = None,
) -> None:
    """Play the arena and print its results: a table for people, or with ``json_out`` one
    JSON object (``seatings`` list the bots by seat from 0, as records count seats).
    With a ``journal`` file the deals it holds are not played again (see
    :mod:`zhaopengyou.bots.journal`); one that does not fit raises
    :class:`~zhaopengyou.bots.journal.JournalError`."""
    book = None
    if journal is not None:
        header = arena_header(preset.name, dict(preset.options), list(kinds), seed, think)
        book = Journal.open(journal, header)
        if book.dropped_tail:
            note = tr("{path}: its last line was cut short and is dropped", lang, path=journal)
            print(note, file=sys.stderr)
        if book.outcomes:
            note = tr(
                "{path}: {count} deals already played", lang, path=journal, count=len(book.outcomes)
            )
            print(note, file=sys.stderr)
    with Progress(
        TextColumn(tr("playing deals", lang)),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),  # stdout stays clean for --json
        transient=True,
    ) as progress:
        task = progress.add_task("arena", total=deals)

        def on_deal(_: DealOutcome) -> None:
            progress.advance(task)

        summary = play_arena(
            preset,
            kinds,
            deals=deals,
            seed=seed,
            jobs=jobs,
            think=think,
            on_deal=on_deal,
            journal=book,
        )
    if json_out:
        json.dump(summary.to_json(), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return
    print_table(summary, preset, lang)


def signed(estimate: Estimate) -> str:
    """``+1.23 ± 0.45``: the mean and the half width of its 95% interval."""
    half = estimate.half_width
    return f"{estimate.mean:+.2f}" + ("" if half is None else f" ± {half:.2f}")


def percent(estimate: Estimate) -> str:
    """``61.5% ± 3.2%``."""
    half = estimate.half_width
    return f"{estimate.mean:.1%}" + ("" if half is None else f" ± {half:.1%}")


def with_interval(estimate: Estimate) -> str:
    """``+1.23 [+0.78, +1.68]``: the mean and its 95% interval written out."""
    if estimate.ci95 is None:
        return f"{estimate.mean:+.2f}"
    low, high = estimate.ci95
    return f"{estimate.mean:+.2f} [{low:+.2f}, {high:+.2f}]"


def milliseconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def print_table(summary: ArenaSummary, preset: Preset, lang: str) -> None:
    """One column per bot, and with two bots one for A − B: the measures are the rows,
    so that up to three columns of numbers fit an 80-column terminal."""
    console = Console()
    options = ", ".join(f"{k}={v}" for k, v in summary.options.items())
    order = " ".join("".join(LABELS[bot] for bot in seating) for seating in summary.seatings)
    table = Table(
        title=f"{preset.title} ({preset.name}) · {options}",
        caption=tr(
            "{deals} deals × {seatings} seatings = {rounds} rounds (seatings from seat 1: "
            "{order}); ± and [ ] are 95% confidence intervals",
            lang,
            deals=summary.deals,
            seatings=len(summary.seatings),
            rounds=summary.rounds,
            order=order,
        ),
    )
    table.add_column(tr("bot", lang), style="bold", no_wrap=True)
    for bot in summary.bots:  # five bots do not fit 80 columns: their numbers may wrap
        table.add_column(f"{bot.label} {bot.kind}", justify="right")
    if summary.diff is not None:
        first, second = (bot.label for bot in summary.bots)
        table.add_column(f"{first} − {second}", justify="right", no_wrap=True)

    def add_row(measure: str, cells: list[str], difference: Estimate | None = None) -> None:
        if summary.diff is not None:
            cells.append("" if difference is None else with_interval(difference))
        table.add_row(tr(measure, lang), *cells)

    bots = summary.bots
    add_row("rounds", [str(bot.rounds) for bot in bots])
    add_row("score per round", [signed(bot.score) for bot in bots], summary.diff)
    levels = [bot.levels for bot in bots if bot.levels is not None]
    if levels:  # every bot has them, or none: the preset has levels or not
        add_row("levels per round", [signed(level) for level in levels], summary.levels_diff)
    add_row("rounds won", [percent(bot.win_rate) for bot in bots])
    add_row("decision p50 (ms)", [milliseconds(bot.decision_ms_p50) for bot in bots])
    add_row("decision p99 (ms)", [milliseconds(bot.decision_ms_p99) for bot in bots])
    console.print(table)

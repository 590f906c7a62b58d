"""``zpy``: play, simulate and replay games from the terminal.

Every subcommand has ``--help``; errors go to stderr with a non-zero exit status.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from ..engine import InvalidOption, get_preset, parse_option_values
from ..engine.presets import Preset
from ..i18n import default_lang, normalize_lang

app = typer.Typer(
    name="zpy",
    help="找朋友 and the other games of the 升级 family: play, simulate, replay.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

PresetName = Annotated[
    str, typer.Option("--preset", "-p", help="zhaopengyou, qidong, shandong or tractor")
]
OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="rule option NAME=VALUE (repeatable), e.g. partner=called"),
]
Lang = Annotated[
    str | None,
    typer.Option("--lang", help="zh-Hans (default), zh-Hant or en; also env ZPY_LANG"),
]
BotKind = Annotated[str, typer.Option("--bots", "-b", help="random or heuristic")]
BOT_KINDS = ("random", "heuristic")


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print an error to stderr and return the exit to raise."""
    print(f"zpy: {message}", file=sys.stderr)
    return typer.Exit(code)


def resolve_lang(lang: str | None) -> str:
    if lang is None:
        return default_lang()
    try:
        return normalize_lang(lang)
    except ValueError as err:
        raise fail(str(err), 2) from None


def build_preset(name: str, options: list[str] | None) -> Preset:
    """The preset with ``NAME=VALUE`` options applied; bad input exits with status 2."""
    assignments: dict[str, str] = {}
    for item in options or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise fail(f"option {item!r} is not NAME=VALUE", 2)
        assignments[key.strip()] = value
    try:
        return get_preset(name, **parse_option_values(name, assignments))
    except InvalidOption as err:
        raise fail(str(err), 2) from None


def check_bots(kind: str) -> str:
    if kind not in BOT_KINDS:
        raise fail(f"unknown bot kind {kind!r}; choose one of: {', '.join(BOT_KINDS)}", 2)
    return kind


@app.command()
def play(
    preset: PresetName = "zhaopengyou",
    seat: Annotated[int, typer.Option("--seat", "-s", help="your seat (0 = first)")] = 0,
    bots: BotKind = "heuristic",
    seed: Annotated[int | None, typer.Option("--seed", help="shuffle seed")] = None,
    rounds: Annotated[int, typer.Option("--rounds", "-n", help="rounds in the match")] = 5,
    option: OptionList = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="write zpy-record/1 JSON Lines")
    ] = None,
    ascii_cards: Annotated[bool, typer.Option("--ascii", help="show cards as 10H, BJ")] = False,
    lang: Lang = None,
) -> None:
    """Play in the terminal against bots (you are one seat, the bots the others)."""
    from .play import run_play

    chosen = build_preset(preset, option)
    if not 0 <= seat < chosen.players:
        raise fail(f"--seat must be 0..{chosen.players - 1}", 2)
    if rounds < 1:
        raise fail("--rounds must be at least 1", 2)
    run_play(
        chosen,
        seat=seat,
        bots=check_bots(bots),
        seed=seed,
        rounds=rounds,
        record=record,
        ascii_cards=ascii_cards,
        lang=resolve_lang(lang),
    )


@app.command()
def sim(
    preset: PresetName = "zhaopengyou",
    rounds: Annotated[int, typer.Option("--rounds", "-n", help="rounds to play")] = 100,
    bots: BotKind = "heuristic",
    seed: Annotated[int, typer.Option("--seed", help="first seed")] = 0,
    match_rounds: Annotated[int, typer.Option("--match-rounds", help="rounds per match")] = 10,
    option: OptionList = None,
    record: Annotated[
        Path | None, typer.Option("--record", help="write zpy-record/1 JSON Lines")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    lang: Lang = None,
) -> None:
    """Play bot-only matches and print statistics."""
    from .sim import run_sim

    chosen = build_preset(preset, option)
    if rounds < 1 or match_rounds < 1:
        raise fail("--rounds and --match-rounds must be at least 1", 2)
    run_sim(
        chosen,
        rounds=rounds,
        bots=check_bots(bots),
        seed=seed,
        match_rounds=match_rounds,
        record=record,
        json_out=json_out,
        lang=resolve_lang(lang),
    )


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a zpy-record/1 file (JSON or JSON Lines)")],
    json_out: Annotated[bool, typer.Option("--json", help="print the verdict as JSON")] = False,
    lang: Lang = None,
) -> None:
    """Re-play a record through the engine; report the first disagreement or "ok"."""
    from .replay import run_replay

    run_replay(file, json_out=json_out, lang=resolve_lang(lang))


def main() -> None:
    app()

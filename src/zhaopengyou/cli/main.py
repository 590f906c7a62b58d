"""``zpy``: play, simulate and replay games from the terminal.

Every subcommand has ``--help``, in the interface language like every message
(:mod:`zhaopengyou.cli.usage`); errors go to stderr with a non-zero exit status, 2 for
bad arguments.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Annotated

import typer

from ..bots import BOT_KINDS
from ..engine import InvalidOption, get_preset, parse_option_values
from ..engine.presets import Preset
from ..files import beside, put_in_place, special, through_links
from ..i18n import LANGS, normalize_lang, tr
from ..i18n.os_errors import os_error_text
from ..records import RecordMode, RecordPathError, check_record_path
from .errors import fail
from .usage import PROGRAM, LocalizedCommand, LocalizedGroup, context_lang

app = typer.Typer(
    name=PROGRAM,
    cls=LocalizedGroup,
    help="找朋友 and the other games of the 升级 family: play, simulate, replay, serve.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Help texts are English msgids of the catalog (i18n/cli_text.py), shown translated.
PresetName = Annotated[
    str,
    typer.Option(
        "--preset",
        "-p",
        metavar="PRESET",
        help="the game: zhaopengyou, qidong, shandong or tractor",
    ),
]
OptionList = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="NAME=VALUE",
        help="a rule option (repeatable), e.g. partner=called",
    ),
]
Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="LANG",
        help="interface language: zh-Hans (default), zh-Hant or en; also the ZPY_LANG "
        "environment variable",
    ),
]
BotKind = Annotated[
    str,
    typer.Option(
        "--bots",
        "-b",
        metavar="KIND",
        help="the bots: a level, easy, normal or hard (search, 1 s a move), or a kind, random, "
        "heuristic or search",
    ),
]
RecordFile = Annotated[
    Path | None,
    typer.Option(
        "--record",
        metavar="FILE",
        help="write every round to FILE (zpy-record/1 JSON Lines); an existing FILE is "
        "refused unless --append or --force is given",
    ),
]
Append = Annotated[
    bool, typer.Option("--append", help="with --record: add the rounds to an existing FILE")
]
Force = Annotated[bool, typer.Option("--force", help="with --record: replace an existing FILE")]
SummaryJson = Annotated[
    bool,
    typer.Option("--json", help="print the summary as JSON (seats counted from 0, as in records)"),
]


def resolve_lang(ctx: typer.Context, lang: str | None) -> str:
    """The language of ``--lang``, else the one the whole command line chose."""
    found = context_lang(ctx)
    if lang is None:
        return found
    try:
        return normalize_lang(lang)
    except ValueError:
        langs = ", ".join(LANGS)
        message = tr(
            "unknown language {value!r}; choose one of: {langs}", found, value=lang, langs=langs
        )
        raise fail(message, 2) from None


def build_preset(name: str, options: list[str] | None, lang: str) -> Preset:
    """The preset with ``NAME=VALUE`` options applied; bad input exits with status 2."""
    assignments: dict[str, str] = {}
    for item in options or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise fail(tr("option {item!r} is not NAME=VALUE", lang, item=item), 2)
        assignments[key.strip()] = value
    try:
        return get_preset(name, **parse_option_values(name, assignments))
    except InvalidOption as err:
        raise fail(tr(err.template, lang, **err.params), 2) from None


def check_bots(kind: str, lang: str) -> str:
    if kind not in BOT_KINDS:
        message = tr(
            "unknown bot kind {kind!r}; choose one of: {kinds}",
            lang,
            kind=kind,
            kinds=", ".join(BOT_KINDS),
        )
        raise fail(message, 2)
    return kind


def record_mode(record: Path | None, append: bool, force: bool, lang: str) -> RecordMode:
    """How ``--record FILE`` is opened; the path is checked now, before a game starts,
    so that a bad one costs nothing and an existing file is never emptied by surprise."""
    if append and force:
        raise fail(tr("--append and --force cannot be used together", lang), 2)
    if record is None:
        if append or force:
            raise fail(tr("--append and --force only apply with --record FILE", lang), 2)
        return "create"
    mode: RecordMode = "append" if append else "replace" if force else "create"
    try:
        check_record_path(record, mode)
    except RecordPathError as err:
        raise fail(record_refusal(err, lang), 2) from None
    return mode


def record_refusal(err: RecordPathError, lang: str) -> str:
    if not err.exists:
        return err.describe(lang)
    return tr(
        "{problem}: add --append to add the rounds to it, or --force to replace it",
        lang,
        problem=err.describe(lang),
    )


@app.callback()
def zpy(ctx: typer.Context, lang: Lang = None) -> None:
    resolve_lang(ctx, lang)  # refuses an unknown language given before the command


@app.command(cls=LocalizedCommand)
def play(
    ctx: typer.Context,
    preset: PresetName = "zhaopengyou",
    seat: Annotated[
        int,
        typer.Option(
            "--seat",
            "-s",
            metavar="SEAT",
            help="your seat, counted from 1 (-s 3 is 3号位)",
        ),
    ] = 1,
    bots: BotKind = "normal",
    seed: Annotated[
        int | None, typer.Option("--seed", metavar="SEED", help="shuffle seed (default: random)")
    ] = None,
    rounds: Annotated[
        int, typer.Option("--rounds", "-n", metavar="N", help="rounds in the match")
    ] = 5,
    option: OptionList = None,
    record: RecordFile = None,
    append: Append = False,
    force: Force = False,
    delay: Annotated[
        float | None,
        typer.Option(
            "--delay",
            metavar="SECONDS",
            help="pause after each bot play, in seconds (default: the ZPY_PLAY_DELAY "
            "environment variable, else a short pause at a terminal)",
        ),
    ] = None,
    ascii_cards: Annotated[
        bool,
        typer.Option("--ascii/--no-ascii", help="show cards in ASCII (10H, BJ) or not (♥10, 大王)"),
    ] = False,
    lang: Lang = None,
) -> None:
    """Play in the terminal against bots (you are one seat, the bots the others)."""
    from .play import run_play

    chosen_lang = resolve_lang(ctx, lang)
    chosen = build_preset(preset, option, chosen_lang)
    if not 1 <= seat <= chosen.players:
        raise fail(tr("--seat must be 1..{last}", chosen_lang, last=chosen.players), 2)
    if rounds < 1:
        raise fail(tr("--rounds must be at least 1", chosen_lang), 2)
    if delay is not None and not (math.isfinite(delay) and delay >= 0):
        raise fail(tr("--delay must be a number of seconds, 0 or more", chosen_lang), 2)
    kind = check_bots(bots, chosen_lang)
    mode = record_mode(record, append, force, chosen_lang)
    try:
        run_play(
            chosen,
            seat=seat - 1,  # records and the engine count seats from 0
            bots=kind,
            seed=seed,
            rounds=rounds,
            record=record,
            record_mode=mode,
            ascii_cards=ascii_cards,
            lang=chosen_lang,
            delay=delay,
        )
    except RecordPathError as err:  # the file changed since it was checked
        raise fail(record_refusal(err, chosen_lang), 2) from None


@app.command(cls=LocalizedCommand)
def sim(
    ctx: typer.Context,
    preset: PresetName = "zhaopengyou",
    rounds: Annotated[
        int, typer.Option("--rounds", "-n", metavar="N", help="rounds to play")
    ] = 100,
    bots: BotKind = "heuristic",
    seed: Annotated[
        int,
        typer.Option(
            "--seed", metavar="SEED", help="seed of the first match; each next match adds 1"
        ),
    ] = 0,
    match_rounds: Annotated[
        int, typer.Option("--match-rounds", metavar="N", help="rounds per match")
    ] = 10,
    option: OptionList = None,
    record: RecordFile = None,
    append: Append = False,
    force: Force = False,
    json_out: SummaryJson = False,
    lang: Lang = None,
) -> None:
    """Play bot-only matches and print statistics."""
    from .sim import run_sim

    chosen_lang = resolve_lang(ctx, lang)
    chosen = build_preset(preset, option, chosen_lang)
    if rounds < 1 or match_rounds < 1:
        raise fail(tr("--rounds and --match-rounds must be at least 1", chosen_lang), 2)
    kind = check_bots(bots, chosen_lang)
    mode = record_mode(record, append, force, chosen_lang)
    try:
        run_sim(
            chosen,
            rounds=rounds,
            bots=kind,
            seed=seed,
            match_rounds=match_rounds,
            record=record,
            record_mode=mode,
            json_out=json_out,
            lang=chosen_lang,
        )
    except RecordPathError as err:  # the file changed since it was checked
        raise fail(record_refusal(err, chosen_lang), 2) from None


@app.command(cls=LocalizedCommand)
def arena(
    ctx: typer.Context,
    preset: PresetName = "zhaopengyou",
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            metavar="A,B[,…]",
            help="the bots to compare, comma-separated: A is the first, B the second …",
        ),
    ] = "heuristic,random",
    deals: Annotated[
        int,
        typer.Option(
            "--deals", "-n", metavar="N", help="deals to play, each once per seating of the bots"
        ),
    ] = 100,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            metavar="K",
            help="processes playing deals at once; the results do not depend on it",
        ),
    ] = 1,
    think: Annotated[
        float | None,
        typer.Option(
            "--think",
            metavar="SECONDS",
            help="thinking time per decision, for bots that search (the others ignore it)",
        ),
    ] = None,
    seed: Annotated[
        int,
        typer.Option("--seed", metavar="SEED", help="seed of the deals and of the bots"),
    ] = 0,
    journal: Annotated[
        Path | None,
        typer.Option(
            "--journal",
            metavar="FILE",
            help="keep every finished deal in FILE; run again with it to play only the "
            "deals it lacks",
        ),
    ] = None,
    option: OptionList = None,
    json_out: SummaryJson = False,
    lang: Lang = None,
) -> None:
    """Compare bots fairly: every deal is played once per seating of the bots (duplicate)."""
    from ..bots.journal import JournalError
    from .arena import run_arena

    chosen_lang = resolve_lang(ctx, lang)
    chosen = build_preset(preset, option, chosen_lang)
    kinds = [check_bots(kind.strip(), chosen_lang) for kind in bots.split(",")]
    if not 2 <= len(kinds) <= chosen.players:
        message = tr(
            "--bots needs 2 to {players} bots, comma-separated, e.g. heuristic,random",
            chosen_lang,
            players=chosen.players,
        )
        raise fail(message, 2)
    if deals < 1 or jobs < 1:
        raise fail(tr("--deals and --jobs must be at least 1", chosen_lang), 2)
    if think is not None and not (math.isfinite(think) and think >= 0):
        raise fail(tr("--think must be a number of seconds, 0 or more", chosen_lang), 2)
    try:
        run_arena(
            chosen,
            kinds=kinds,
            deals=deals,
            jobs=jobs,
            think=think,
            seed=seed,
            json_out=json_out,
            lang=chosen_lang,
            journal=journal,
        )
    except JournalError as err:
        raise fail(err.describe(chosen_lang), 2) from None


@app.command(cls=LocalizedCommand)
def replay(
    ctx: typer.Context,
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="a zpy-record/1 file (JSON or JSON Lines)")
    ],
    json_out: Annotated[
        bool,
        typer.Option(
            "--json", help="print the verdict as JSON (seats counted from 0, as in records)"
        ),
    ] = False,
    lang: Lang = None,
) -> None:
    """Re-play a record through the engine; report the first disagreement or "ok"."""
    from .replay import run_replay

    run_replay(file, json_out=json_out, lang=resolve_lang(ctx, lang))


ServeDb = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="URL",
        help="the database: any SQLAlchemy URL (default: SQLite in ./data/zhaopengyou.db)",
    ),
]
LogLevel = Annotated[
    str,
    typer.Option("--log-level", metavar="LEVEL", help="debug, info, warning or error"),
]
RedisPrefix = Annotated[
    str,
    typer.Option(
        "--redis-prefix",
        metavar="PREFIX",
        help="the start of every Redis key and stream of the cluster (clusters sharing one "
        "Redis need different prefixes)",
    ),
]
LeaseSeconds = Annotated[
    float,
    typer.Option(
        "--lease",
        metavar="SECONDS",
        help="how long a process owns a room without renewing: after that another process "
        "takes the room over (default 3)",
    ),
]


def check_server_options(port: int, log_level: str, lease: float, lang: str) -> None:
    if not 0 < port < 65536:
        raise fail(tr("--port must be 1..65535", lang), 2)
    if log_level.lower() not in ("debug", "info", "warning", "error"):
        raise fail(tr("--log-level must be debug, info, warning or error", lang), 2)
    if not 0.5 <= lease <= 300:
        raise fail(tr("--lease must be 0.5 to 300 seconds", lang), 2)


@app.command(cls=LocalizedCommand)
def serve(
    ctx: typer.Context,
    host: Annotated[
        str, typer.Option("--host", metavar="HOST", help="the address to listen on")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", metavar="PORT", help="the port to listen on")
    ] = 8000,
    db: ServeDb = None,
    redis: Annotated[
        str | None,
        typer.Option(
            "--redis",
            metavar="URL",
            help="join a cluster: every process started with the same PostgreSQL --db and "
            "this Redis (redis://host:port/db) is one card room",
        ),
    ] = None,
    redis_prefix: RedisPrefix = "zpy",
    lease: LeaseSeconds = 3.0,
    log_level: LogLevel = "info",
    lang: Lang = None,
) -> None:
    """Run the online server: accounts, lobby, rooms and series over HTTP and WebSocket."""
    from ..server.db import database_url
    from .serve import run_serve

    chosen_lang = resolve_lang(ctx, lang)
    check_server_options(port, log_level, lease, chosen_lang)
    if redis is not None and not database_url(db).startswith("postgresql"):
        raise fail(
            tr(
                "--redis needs a PostgreSQL database (--db postgresql+asyncpg://…): the "
                "processes of a cluster share it, and SQLite is one process's file",
                chosen_lang,
            ),
            2,
        )
    run_serve(
        host=host,
        port=port,
        db=db,
        redis=redis,
        prefix=redis_prefix,
        lease=lease,
        log_level=log_level.lower(),
        lang=chosen_lang,
    )


@app.command(cls=LocalizedCommand)
def cluster(
    ctx: typer.Context,
    processes: Annotated[
        int,
        typer.Option(
            "--processes", "-n", metavar="N", help="how many server processes (default 3)"
        ),
    ] = 3,
    host: Annotated[
        str, typer.Option("--host", metavar="HOST", help="the address nginx listens on")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", metavar="PORT", help="the port nginx listens on")
    ] = 8000,
    db: Annotated[
        str,
        typer.Option(
            "--db",
            metavar="URL",
            help="the PostgreSQL database (made if missing)",
        ),
    ] = "postgresql+asyncpg://postgres@127.0.0.1:5432/zhaopengyou",
    redis: Annotated[
        str, typer.Option("--redis", metavar="URL", help="the Redis server")
    ] = "redis://127.0.0.1:6379/0",
    redis_prefix: RedisPrefix = "zpy",
    lease: LeaseSeconds = 3.0,
    log_level: LogLevel = "info",
    lang: Lang = None,
) -> None:
    """Run a card room on several server processes behind nginx, on PostgreSQL and Redis."""
    from .cluster import ClusterError, run_cluster

    chosen_lang = resolve_lang(ctx, lang)
    check_server_options(port, log_level, lease, chosen_lang)
    if not 1 <= processes <= 64:
        raise fail(tr("--processes must be 1 to 64", chosen_lang), 2)
    try:
        run_cluster(
            processes=processes,
            host=host,
            port=port,
            db=db,
            redis=redis,
            prefix=redis_prefix,
            lease=lease,
            log_level=log_level.lower(),
            lang=chosen_lang,
        )
    except ClusterError as err:
        raise fail(str(err), err.status) from None


@app.command(cls=LocalizedCommand)
def schema(
    ctx: typer.Context,
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="write it to FILE instead of printing it"),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="with --out: replace FILE")] = False,
    lang: Lang = None,
) -> None:
    """Print the JSON Schema of the WebSocket protocol's messages, both directions."""
    from ..server.protocol import json_schema

    language = resolve_lang(ctx, lang)
    text = json.dumps(json_schema(), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    if out is None:
        sys.stdout.write(text)
        return
    if out.exists() and not force:
        raise fail(tr("{path} exists: add --force to replace it", language, path=out), 2)
    # Written beside FILE and renamed over it, so that a full disk leaves the old FILE
    # whole; a device or a pipe can only be written in place.
    in_place = special(out)
    written = out if in_place else beside(through_links(out))
    try:
        written.write_text(text, encoding="utf-8")
        if not in_place:
            put_in_place(written, through_links(out))
    except OSError as err:
        if not in_place:
            written.unlink(missing_ok=True)
        reason = os_error_text(err, language)
        raise fail(
            tr("cannot write {path}: {reason}", language, path=out, reason=reason), 2
        ) from None


def main() -> None:
    app()

"""``--help`` and command-line usage errors in the user's language.

The language is known before the command line is parsed: the value of ``--lang``
anywhere on it, else ``ZPY_LANG``, else simplified Chinese. Help texts are the English
msgids written in :mod:`zhaopengyou.cli.main`, translated when help is shown; usage
errors (an unknown option, a missing value, a value of the wrong type) are rebuilt
from the parser's exception in that language, one ``zpy: …`` line, the usage line and
a hint, on stderr with exit status 2.

>>> command_line_lang(["sim", "-n", "3", "--lang", "en"], {})
'en'
>>> command_line_lang(["replay", "--lang=zh-TW", "x.jsonl"], {"ZPY_LANG": "en"})
'zh-Hant'
>>> command_line_lang(["sim"], {"ZPY_LANG": "en"}), command_line_lang(["sim"], {})
('en', 'zh-Hans')
"""

from __future__ import annotations

import contextlib
import inspect
import io
import os
import re
import shutil
import sys
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TextIO, cast

from rich.cells import cell_len
from rich.console import Console
from rich.padding import Padding
from rich.table import Table
from typer import Abort

# Typer vendors Click since 0.26 and has no public name for its parser's errors.
from typer._click.core import Command, Context, Parameter
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    ClickException,
    MissingParameter,
    NoArgsIsHelpError,
    NoSuchOption,
    UsageError,
)
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from ..i18n import default_lang, normalize_lang, tr
from ..i18n.os_errors import os_error_text

PROGRAM = "zpy"
_MAX_WIDTH = 100


def command_line_lang(args: Sequence[str], environ: Mapping[str, str] = os.environ) -> str:
    """The interface language: the last valid ``--lang`` before ``--``, else
    ``ZPY_LANG``, else simplified Chinese."""
    found: str | None = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        value = None
        if arg == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value is not None:
            # An unknown value is refused by the command itself, in the language found otherwise.
            with contextlib.suppress(ValueError):
                found = normalize_lang(value)
    return found if found is not None else default_lang(environ)


@dataclass(frozen=True, slots=True)
class CliSettings:
    """What the whole command line decided before parsing: the context object."""

    lang: str


def context_lang(ctx: Context) -> str:
    settings = ctx.find_object(CliSettings)
    return settings.lang if settings is not None else default_lang()


# --- help -------------------------------------------------------------------------------


def _width() -> int:
    return min(shutil.get_terminal_size((80, 24)).columns, _MAX_WIDTH)


def _option_names(param: Parameter) -> str:
    names = ", ".join(sorted(param.opts, key=len))
    if param.secondary_opts:
        names += " / " + ", ".join(param.secondary_opts)
    if isinstance(param, TyperOption) and not param.is_flag:
        names += " " + (param.metavar or (param.name or "value").upper())
    return names


def _help_text(param: Parameter, lang: str) -> str:
    text = (
        tr(param.help, lang)
        if isinstance(param, TyperOption | TyperArgument) and param.help
        else ""
    )
    default = param.default
    shows_default = (
        isinstance(param, TyperOption)
        and not param.is_flag
        and param.show_default is not False
        and default is not None
        and default != []
    )
    if shows_default:
        text += tr(" (default: {default})", lang, default=default)
    return text


def usage_line(command: Command, ctx: Context, lang: str) -> str:
    pieces = [ctx.command_path, tr("[OPTIONS]", lang)]
    for param in command.get_params(ctx):
        if isinstance(param, TyperArgument):
            pieces.append(param.metavar or (param.name or "").upper())
    if isinstance(command, TyperGroup):
        pieces.append(tr("COMMAND [ARGS]...", lang))
    return tr("Usage: {usage}", lang, usage=" ".join(pieces))


# Chinese breaks between any two characters, but not before closing punctuation nor
# after opening punctuation; a run of other characters (a number, a word) never breaks.
_CJK = "\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef"
_PIECES = re.compile(rf"\s+|[{_CJK}]|[^\s{_CJK}]+")
_CLOSING = set("，。、；：？！）」』】》〉”’")
_OPENING = set("（「『【《〈“‘")


def wrap(text: str, width: int) -> str:
    """``text`` in lines of at most ``width`` cells, broken at spaces and between
    Chinese characters, never inside a number or a word (unless it is wider than a line).

    >>> print(wrap("每组牌各打一局（默认：100）", 12))
    每组牌各打一
    局（默认：
    100）
    """
    words: list[tuple[bool, str]] = []  # (space before, unbreakable piece)
    space = False
    for piece in _PIECES.findall(text):
        if piece.isspace():
            space = True
            continue
        last = words[-1][1][-1] if words else ""
        if (
            last
            and not space
            and (piece[0] in _CLOSING or last in _OPENING or not (_is_cjk(piece) or _is_cjk(last)))
        ):
            words[-1] = (words[-1][0], words[-1][1] + piece)
        else:
            words.append((space, piece))
        space = False
    lines = [""]
    for spaced, word in words:
        gap = " " if spaced and lines[-1] else ""
        if lines[-1] and cell_len(lines[-1] + gap + word) > width:
            lines.append("")
            gap = ""
        lines[-1] += gap + word
    return "\n".join(lines)


def _is_cjk(char: str) -> bool:
    return bool(re.fullmatch(f"[{_CJK}]", char[0]))


def render_help(command: Command, ctx: Context, lang: str) -> str:
    """The help page of ``command`` in ``lang``: usage, description, arguments, options
    and, for the group, the commands."""
    out = io.StringIO()
    width = _width()
    console = Console(file=out, width=width, color_system=None, highlight=False)
    console.print(usage_line(command, ctx, lang), markup=False)
    if command.help:
        console.print()
        description = wrap(tr(inspect.cleandoc(command.help), lang), width - 2)
        console.print(Padding(description, (0, 0, 0, 2)), markup=False)
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    sections: list[tuple[str, list[tuple[str, str]]]] = [
        (
            tr("Arguments:", lang),
            [
                (p.metavar or (p.name or "").upper(), _help_text(p, lang))
                for p in params
                if isinstance(p, TyperArgument)
            ],
        ),
        (
            tr("Options:", lang),
            [
                (_option_names(p), _help_text(p, lang))
                for p in params
                if not isinstance(p, TyperArgument)
            ],
        ),
    ]
    if isinstance(command, TyperGroup):
        rows = []
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None and not sub.hidden:
                rows.append((name, tr(inspect.cleandoc(sub.help or ""), lang)))
        sections.append((tr("Commands:", lang), rows))
    for title, rows in sections:
        if not rows:
            continue
        console.print()
        console.print(title, markup=False)
        table = Table.grid(padding=(0, 2))
        table.add_column(no_wrap=True)
        table.add_column(overflow="fold")  # only what is wider than a line is cut
        room = width - 2 - max(cell_len(left) for left, _ in rows) - 2
        for left, right in rows:
            table.add_row(left, wrap(right, room))
        console.print(Padding(table, (0, 0, 0, 2)), markup=False)
    # Rich pads every line to the width; a help page for terminals and pipes has none.
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines()).rstrip("\n")


class _Localized(Command):
    """Help and usage in the language of the context (see :class:`CliSettings`)."""

    def get_help(self, ctx: Context) -> str:
        return render_help(self, ctx, context_lang(ctx))

    def get_usage(self, ctx: Context) -> str:
        return usage_line(self, ctx, context_lang(ctx))


class LocalizedCommand(_Localized, TyperCommand):
    """A subcommand whose ``--help`` is in the user's language."""


class LocalizedGroup(_Localized, TyperGroup):
    """The ``zpy`` group: finds the language first, and reports usage errors in it."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        lang = command_line_lang(argv)
        extra.setdefault("obj", CliSettings(lang))
        if not standalone_mode:
            return super().main(argv, prog_name, complete_var, False, windows_expand_args, **extra)
        stdout = sys.stdout
        sys.stdout = cast(TextIO, _GuardedOutput(stdout))
        try:
            result = super().main(
                argv, prog_name, complete_var, False, windows_expand_args, **extra
            )
            sys.stdout.flush()  # output a full disk or a closed pipe refused shows by now
        except OutputError as err:
            with contextlib.suppress(OSError, ValueError):  # Python's last flush must not fail
                os.dup2(os.open(os.devnull, os.O_WRONLY), stdout.fileno())
            reason = os_error_text(err.error, lang)
            _exit(f"{PROGRAM}: {tr('cannot write the output: {reason}', lang, reason=reason)}", 2)
        except NoArgsIsHelpError as err:
            _exit(err.ctx.get_help() if err.ctx is not None else "", 2)
        except UsageError as err:
            _exit(usage_error_report(err, lang), err.exit_code)
        except ClickException as err:
            _exit(f"{PROGRAM}: {err.format_message()}", err.exit_code)
        except Abort:
            _exit(f"{PROGRAM}: {tr('aborted', lang)}", 1)
        finally:
            sys.stdout = stdout
        sys.exit(result if isinstance(result, int) else 0)


class OutputError(Exception):
    """Standard output refused a write: a full disk, a closed pipe."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


class _GuardedOutput:
    """Standard output while a command runs: a write it refuses raises
    :class:`OutputError`, told apart from the errors of everything else."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as err:
            raise OutputError(err) from err

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as err:
            raise OutputError(err) from err

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


HELP_OPTION_TEXT = "Show this message and exit."  # Click's help of --help, a msgid too


def _exit(text: str, code: int) -> NoReturn:
    print(text, file=sys.stderr)
    sys.exit(code)


# --- usage errors ----------------------------------------------------------------------


def usage_error_report(err: UsageError, lang: str) -> str:
    """``zpy: <what is wrong>``, the usage line and where to find help, in ``lang``."""
    lines = [f"{PROGRAM}: {usage_error_text(err, lang)}"]
    ctx = err.ctx
    if ctx is not None:
        lines.append(usage_line(ctx.command, ctx, lang))
        lines.append(tr("Try '{command} --help' for help.", lang, command=ctx.command_path))
    return "\n".join(lines)


_NO_SUCH_COMMAND = re.compile(r"No such command '(?P<name>.*)'\.")
_EXTRA_ARGUMENTS = re.compile(r"Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)")


def usage_error_text(err: UsageError, lang: str) -> str:
    """What the parser found wrong, in ``lang``."""
    match err:
        case NoSuchOption():
            text = tr("no such option: {option}", lang, option=err.option_name)
            if err.possibilities:
                maybe = ", ".join(sorted(err.possibilities))
                text += tr(" (did you mean {options}?)", lang, options=maybe)
            return text
        case BadOptionUsage():
            if "does not take a value" in err.message:
                return tr("option {option} takes no value", lang, option=err.option_name)
            return tr("option {option} needs a value", lang, option=err.option_name)
        case MissingParameter() if err.param is not None:
            if isinstance(err.param, TyperArgument):
                name = err.param.metavar or (err.param.name or "").upper()
                return tr("missing argument {name}", lang, name=name)
            return tr("missing option {name}", lang, name=_param_hint(err.param))
        case BadParameter() if err.param is not None:
            hint = _param_hint(err.param)
            expected = _expected_value(err.param)
            if expected is not None:
                return tr(
                    "invalid value for {option}: expected {expected}",
                    lang,
                    option=hint,
                    expected=tr(expected, lang),
                )
            return tr("invalid value for {option}", lang, option=hint)
    message = err.format_message()
    if found := _NO_SUCH_COMMAND.fullmatch(message):
        return tr("no such command: {name}", lang, name=found["name"]) + _commands(err, lang)
    if found := _EXTRA_ARGUMENTS.fullmatch(message):
        return tr("unexpected extra argument: {args}", lang, args=found["args"])
    if message == "Missing command.":
        return tr("missing command", lang) + _commands(err, lang)
    return message


def _commands(err: UsageError, lang: str) -> str:
    command = err.ctx.command if err.ctx is not None else None
    if not isinstance(command, TyperGroup) or err.ctx is None:
        return ""
    names = ", ".join(command.list_commands(err.ctx))
    return tr(" (commands: {names})", lang, names=names)


def _param_hint(param: Parameter) -> str:
    return "/".join(sorted(param.opts, key=len, reverse=True)) or (param.name or "")


EXPECTED_VALUES: dict[type, str] = {int: "a whole number", float: "a number"}


def _expected_value(param: Parameter) -> str | None:
    """What an option of this type takes, when the parser refused a value."""
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    kinds = typing.get_args(annotation) or (annotation,)
    return next((text for kind, text in EXPECTED_VALUES.items() if kind in kinds), None)

"""How a ``zpy`` subcommand gives up: one ``zpy: …`` line on stderr and an exit status.

Below :mod:`zhaopengyou.cli.main` and the subcommands it runs, so that they can all
use it without importing the entry point.
"""

from __future__ import annotations

import sys

import typer

from .usage import PROGRAM


def fail(message: str, code: int = 1) -> typer.Exit:
    """Print an error to stderr and return the exit to raise."""
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    return typer.Exit(code)


__all__ = ["fail"]

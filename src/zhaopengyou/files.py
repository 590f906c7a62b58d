"""Files that hold only whole lines: a write that fails (a full disk) is taken back.

>>> import tempfile, pathlib
>>> from io import FileIO
>>> path = pathlib.Path(tempfile.mkdtemp()) / "lines.jsonl"
>>> with FileIO(path, "ab") as file:
...     append_whole(file, b"{}\\n", 0)
>>> path.read_bytes()
b'{}\\n'
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from io import FileIO
from pathlib import Path


def append_whole(file: FileIO, data: bytes, size: int | None) -> None:
    """Write ``data`` at the end of ``file`` whole, or cut the file back to ``size``
    bytes (its last whole line; None for a device or a pipe, which cannot be cut) and
    raise the :class:`OSError`."""
    try:
        rest = memoryview(data)
        while rest:
            written = file.write(rest)
            if not written:  # a device that takes nothing and says nothing
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            rest = rest[written:]
    except OSError:
        if size is not None:
            with contextlib.suppress(OSError):
                file.truncate(size)
        raise


def special(path: Path) -> bool:
    """Whether ``path`` (through links) is a device, a pipe or a socket: written in
    place, never replaced by a file nor cut back."""
    try:
        return not stat.S_ISREG(path.stat().st_mode)
    except FileNotFoundError:
        return False


def through_links(path: Path) -> Path:
    """The file ``path`` names, through any links: the one to make or replace, so that
    a link stays a link."""
    return Path(os.path.realpath(path))


def beside(path: Path) -> Path:
    """A name in ``path``'s folder for its next content, written whole before
    :func:`put_in_place` renames it over ``path``."""
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def put_in_place(written: Path, path: Path) -> None:
    """Rename ``written`` over the regular file ``path`` (or where it would be), with
    ``path``'s permissions."""
    if path.exists():
        os.chmod(written, stat.S_IMODE(path.stat().st_mode))
    os.replace(written, path)

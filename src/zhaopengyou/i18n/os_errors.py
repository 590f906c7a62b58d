"""Operating-system errors (a missing file, a full disk …) in the interface language:
the C library words them in English whatever the interface says.

>>> import errno
>>> os_error_text(OSError(errno.ENOSPC, "No space left on device"), "zh-Hans")
'磁盘空间已满'
>>> os_error_text(OSError(errno.ENOENT, "No such file or directory"), "en")
'no such file or folder'
>>> os_error_text(OSError(errno.EXDEV, "Invalid cross-device link"), "zh-Hant")
'Invalid cross-device link'
"""

from __future__ import annotations

import errno

from . import tr

# The errors a command meets reading or writing its files and output, as msgids.
OS_ERRORS: dict[int, str] = {
    errno.ENOENT: "no such file or folder",
    errno.EACCES: "access denied",
    errno.EPERM: "access denied",
    errno.ENOSPC: "no space left on the disk",
    errno.EDQUOT: "disk quota exceeded",
    errno.EFBIG: "the file is too large",
    errno.EROFS: "the file system is read-only",
    errno.EISDIR: "it is a folder",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.ENAMETOOLONG: "the file name is too long",
    errno.EEXIST: "the file already exists",
    errno.ELOOP: "too many symbolic links",
    errno.EMFILE: "too many open files",
    errno.ENFILE: "too many open files",
    errno.EIO: "input/output error",
    errno.EPIPE: "the reading side was closed (broken pipe)",
    errno.ENXIO: "no such device",
    errno.ENODEV: "no such device",
    errno.EBUSY: "the file or device is busy",
}


def os_error_msgid(err: OSError) -> str:
    """Why ``err`` happened, as a msgid of :func:`~zhaopengyou.i18n.tr`; an error this
    table does not know keeps the system's own words."""
    return OS_ERRORS.get(err.errno or 0) or err.strerror or str(err)


def os_error_text(err: OSError, lang: str) -> str:
    """Why ``err`` happened, in ``lang``."""
    return tr(os_error_msgid(err), lang)

"""The save on disk: its bytes read without ever blocking, and written so that a crash never leaves half a file.

`_read` opens only a regular file, and no more than the size limit of a save; `write_atomic` writes a fresh
temporary file (named as `TEMP_PATTERN` says) and renames it over the save, never through a link nor over a
read-only file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from pathlib import Path

from exotui.engine.lock import ensure_directory
from exotui.engine.records.format import MAX_SAVE_BYTES, BadSave
from exotui.engine.text import os_reason

# Temporary files of write_atomic: `.NAME.<random>.tmp` next to the save (`.NAME.tmp` before version 0.2 of the
# format code); SaveDir removes those of dead writers.
TEMP_PATTERN = re.compile(r"^\.(?P<name>.+\.exosave)(?:\.[A-Za-z0-9_]{6,})?\.tmp$")


def _read(path: Path) -> bytes:
    """The bytes of a save. Only a regular file is opened (a FIFO or a device could block for ever), checked
    before opening and again on the open file; links are followed for reading (never for writing)."""
    try:
        if not stat.S_ISREG(mode := os.stat(path).st_mode):
            raise BadSave(path, f"not a save file: {_file_kind(mode)}")
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        with open(fd, "rb") as file:
            if not stat.S_ISREG(mode := os.fstat(fd).st_mode):
                raise BadSave(path, f"not a save file: {_file_kind(mode)}")
            data = file.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise BadSave(path, f"cannot read: {os_reason(exc)}") from None
    if not data:
        raise BadSave(path, "empty file, not a save")
    if len(data) > MAX_SAVE_BYTES:
        raise BadSave(path, f"larger than {MAX_SAVE_BYTES} bytes, not a save")
    return data


def _file_kind(mode: int) -> str:
    kinds = {
        stat.S_ISDIR: "a directory",
        stat.S_ISFIFO: "a named pipe",
        stat.S_ISSOCK: "a socket",
        stat.S_ISCHR: "a device",
        stat.S_ISBLK: "a device",
    }
    return next((kind for test, kind in kinds.items() if test(mode)), "not a regular file")


def write_atomic(path: Path, data: bytes) -> None:
    """Replace `path` by `data` so that a crash at any instant leaves either the old file or the new one, whole.

    The data goes to a fresh temporary file of an unpredictable name, created exclusively and without following
    links (`mkstemp`), so nothing planted in the directory (a link, a FIFO) is ever written through or waited on.
    The save itself is never written through a link nor over a read-only file: OSError says so, as the platform's
    own tools would refuse.
    """
    directory = path.parent
    ensure_directory(directory)
    _check_target(path)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        with open(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    # The rename itself lives in the directory: without this a power cut could still bring back the old file.
    if os.name == "posix":
        directory_fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(directory_fd)
        finally:
            os.close(directory_fd)


def _check_target(path: Path) -> None:
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(info.st_mode):
        raise OSError(errno.ELOOP, "the save is a symbolic link, and exotui does not write through links")
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EEXIST, f"the save's name is taken by {_file_kind(info.st_mode)}")
    if not info.st_mode & stat.S_IWUSR:
        raise OSError(errno.EACCES, "the save is read-only")

"""One writer per game: an exclusive lock held while an app or a writing command has a save open.

The lock is `flock` on a small file next to the save (`.NAME.exosave.lock`), taken without waiting. The kernel
drops an flock when its holder's descriptor closes, which includes the holder dying (kill -9, a crash, a lost
SSH session), so a stale lock file never blocks anyone: only a live holder does. The file is never deleted while
it may be in use; `SaveDir` removes those left by holders that died.

Plain `fcntl.flock` rather than the `filelock` package: we need a try-once lock (no waiting, no timeout thread),
opened without following a planted link and refused unless it is a regular file, and a test that the holder is
alive; that is a dozen lines here and would be as many around filelock. Linux and macOS only, as is the app.
The holder deletes the file when it lets go; whoever locks a file checks afterwards that it is still the one at
that name (the classic race of a deleted lock file), so two holders can never both believe they hold it.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import weakref
from pathlib import Path
from typing import Final

LOCK_SUFFIX: Final = ".lock"


class GameInUse(OSError):
    """The game is open in another exotui (another terminal, another SSH session): it can only be replayed here."""

    def __init__(self, save: Path) -> None:
        super().__init__(f"{save.name} is open in another exotui")
        self.save = save


def lock_path(save: Path) -> Path:
    """The lock file of `save`: hidden, next to it."""
    return save.with_name(f".{save.name}{LOCK_SUFFIX}")


# The locks this process holds, by lock file: opening a game again in the same process takes its lock over (the
# app left the game's screen, but the old record may not be garbage collected yet). Weak, so that a record
# dropped and collected still releases its lock.
_HELD: weakref.WeakValueDictionary[str, GameLock] = weakref.WeakValueDictionary()


class GameLock:
    """The held lock of one save; released by `release`, by garbage collection, or by the process ending."""

    def __init__(self, save: Path, fd: int) -> None:
        self.save = save
        self._fd: int | None = fd
        # Released because the same game was opened again in this process: the old holder must not write.
        self.superseded = False

    @classmethod
    def acquire(cls, save: Path) -> GameLock:
        """Lock `save` for writing, without waiting. GameInUse if a live process holds it; OSError if the lock
        file cannot be made (read-only directory...) or is not a regular file."""
        path = lock_path(save)
        key = os.path.abspath(path)
        earlier = _HELD.pop(key, None)
        if earlier is not None and earlier.held:
            earlier.release()
            earlier.superseded = True
        ensure_directory(save.parent)
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o600)
            try:
                if not stat.S_ISREG(os.fstat(fd).st_mode):
                    raise OSError(errno.EEXIST, f"{path.name} is not a regular file")
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    raise GameInUse(save) from None
                if _same_file(fd, path):
                    break
            except BaseException:
                os.close(fd)
                raise
            # The holder deleted the file between our open and our lock: lock the file now at that name.
            os.close(fd)
        lock = _HELD[key] = cls(save, fd)
        return lock

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            # Deleted while still locked, so that no one locks this file again after us (they re-check the name).
            with contextlib.suppress(OSError):
                if _same_file(fd, lock_path(self.save)):
                    os.unlink(lock_path(self.save))
            os.close(fd)
            key = os.path.abspath(lock_path(self.save))
            if _HELD.get(key) is self:
                del _HELD[key]

    def __del__(self) -> None:
        with contextlib.suppress(OSError):
            self.release()


def ensure_directory(directory: Path) -> None:
    """Make the saves directory if missing; OSError "X is not a directory" when a file or a dangling link is there."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        # The path is in the message that names the save: say only what is wrong with the place.
        raise OSError(errno.ENOTDIR, "a file or a broken link is where its directory should be") from None


def _same_file(fd: int, path: Path) -> bool:
    try:
        named = os.lstat(path)
    except FileNotFoundError:
        return False
    held = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def held_here(save: Path) -> GameLock | None:
    """The lock of `save` if this process holds it."""
    lock = _HELD.get(os.path.abspath(lock_path(save)))
    return lock if lock is not None and lock.held else None


def is_locked(save: Path) -> bool:
    """Whether a live process holds the lock of `save` (this one included), tested without waiting or creating."""
    try:
        fd = os.open(lock_path(save), os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        os.close(fd)
    return False


def remove_stale(save: Path) -> None:
    """Delete the lock file of `save` unless someone holds it (this process included); never creates one."""
    path = lock_path(save)
    if os.path.abspath(path) in _HELD:
        return
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if _same_file(fd, path):
                os.unlink(path)
    except OSError:
        pass
    finally:
        os.close(fd)

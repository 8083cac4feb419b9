"""Where saves live: the directory, its listing for the load screen, "Continue", and naming new saves."""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import platformdirs

from exotui.engine.lock import LOCK_SUFFIX, GameInUse, held_here, is_locked, remove_stale
from exotui.engine.protocol import Game
from exotui.engine.records import TEMP_PATTERN, BadSave, GameRecord, Header, Seat, read_header
from exotui.engine.text import os_reason, printable_path

ENV_VAR = "EXOTUI_SAVES"
SUFFIX = ".exosave"
# A temporary file or lock this old has no live writer (a write takes milliseconds; a held lock is skipped anyway).
STALE_SECONDS = 3600
# A file written more than this far in the future (a clock set wrong, an archive from elsewhere) is not trusted
# to be the latest game.
CLOCK_SLACK_SECONDS = 300


class SaveEntry(msgspec.Struct, frozen=True):
    """One file of the save directory: its header, or why it cannot be read (the load screen offers deleting it)."""

    path: Path
    header: Header | None
    problem: str | None = None
    # When the game was last played, as a POSIX time: the header's date unless the file system says the file was
    # written earlier (a date claimed by the file cannot be later than its writing). What "most recent" means.
    written: float = 0.0


def review_cache(save: Path) -> Path:
    """The review of `save` kept beside it (`ai.review`): `.NAME.exosave.review`, hidden as the save's lock is."""
    return save.with_name(f".{save.name}.review")


class SaveDir:
    """A directory of saves, one file per game. Reading needs nothing; the first save creates the directory."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._cleaned = False

    @classmethod
    def locate(cls, option: str | None = None) -> SaveDir:
        """The `--saves-dir` option if given, else $EXOTUI_SAVES if set, else the user data directory."""
        chosen = option or os.environ.get(ENV_VAR)
        if chosen:
            return cls(Path(chosen).expanduser())
        return cls(platformdirs.user_data_path("exotui") / "saves")

    def new_record(self, game: Game, seed: int, seats: Sequence[Seat], variant: str | None = None) -> GameRecord:
        """A record for a new game, under a fresh name in this directory (nothing is written yet: call `save`)."""
        path = self.path / f"{game.id}-{datetime.now(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(3)}{SUFFIX}"
        return GameRecord.new(path, game, seed, seats, variant)

    def problem(self) -> str | None:
        """Why this directory cannot be listed ("X is not a directory", "cannot read X: permission denied"), or
        None when it can (a directory not made yet is simply empty)."""
        shown = printable_path(self.path)
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            if os.path.islink(self.path):
                return f"{shown} is not a directory: it is a link to nothing"
            return None
        except OSError as exc:
            return f"cannot read {shown}: {os_reason(exc)}"
        if not stat.S_ISDIR(info.st_mode):
            return f"{shown} is not a directory"
        try:
            with os.scandir(self.path):
                pass
        except OSError as exc:
            return f"cannot read {shown}: {os_reason(exc)}"
        return None

    def entries(self) -> list[SaveEntry]:
        """Every save, most recently played first, then the unreadable ones; reads headers only.

        Empty when the directory cannot be listed (`problem` says why). Only regular files are read: anything else
        named *.exosave is listed as not a save file. The first listing also removes stale temporary files.
        """
        if self.problem() is not None:
            return []
        self._clean_once()
        readable: list[SaveEntry] = []
        broken = []
        for path in sorted(self._save_paths()):
            try:
                header = read_header(path)
            except BadSave as exc:
                broken.append(SaveEntry(path, None, exc.problem))
            else:
                written = min(header.updated.timestamp(), _written(path))
                readable.append(SaveEntry(path, header, written=written))
        readable.sort(key=lambda entry: entry.written, reverse=True)
        return readable + broken

    def latest_unfinished(self) -> SaveEntry | None:
        """The game to offer for "Continue": the unfinished save played most recently (`SaveEntry.written`)."""
        return next((entry for entry in self.entries() if entry.header and not entry.header.finished), None)

    def delete(self, path: Path) -> None:
        """Remove one save of this directory; OSError (with its strerror) when the file cannot be removed, GameInUse
        when another exotui has the game open."""
        if path.parent != self.path or path.suffix != SUFFIX:
            raise ValueError(f"{path} is not a save in {self.path}")
        mine = held_here(path)
        if mine is None and is_locked(path):
            raise GameInUse(path)
        path.unlink()
        # What was worked out from it goes with it (a review of a game that is no longer there).
        review_cache(path).unlink(missing_ok=True)
        if mine is not None:
            # A game this app left (its record not collected yet) must not write the file back.
            mine.release()
            mine.superseded = True

    def _save_paths(self) -> list[Path]:
        with contextlib.suppress(OSError), os.scandir(self.path) as listing:
            return [self.path / item.name for item in listing if item.name.endswith(SUFFIX) and item.name[0] != "."]
        return []

    def _clean_once(self) -> None:
        """Remove this app's temporary files and locks that no live writer owns (left by a kill during a save).

        Only names of this app's patterns, only regular files (never a link or anything planted), only old ones,
        and a lock only after taking it (so its holder, if any, is alive and it stays).
        """
        if self._cleaned:
            return
        self._cleaned = True
        now = time.time()
        items: list[os.DirEntry[str]] = []
        with contextlib.suppress(OSError), os.scandir(self.path) as listing:
            items = [item for item in listing if item.name.startswith(".")]
        for item in items:
            with contextlib.suppress(OSError):
                info = item.stat(follow_symlinks=False)
                if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < STALE_SECONDS:
                    continue
                if TEMP_PATTERN.match(item.name):
                    os.unlink(item.path)
                elif item.name.endswith(SUFFIX + LOCK_SUFFIX):
                    remove_stale(self.path / item.name[1 : -len(LOCK_SUFFIX)])


def _written(path: Path) -> float:
    """When the file was last written, as the file system says; a time in the future counts as long ago."""
    try:
        written = os.stat(path).st_mtime
    except OSError:
        return 0.0
    return written if written <= time.time() + CLOCK_SLACK_SECONDS else 0.0

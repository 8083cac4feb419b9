"""Where saves live: the directory, its listing for the load screen, "Continue", and naming new saves."""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import msgspec
import platformdirs

from exotui.engine.protocol import Game
from exotui.engine.records import BadSave, GameRecord, Header, Seat, read_header

ENV_VAR = "EXOTUI_SAVES"
SUFFIX = ".exosave"


class SaveEntry(msgspec.Struct, frozen=True):
    """One file of the save directory: its header, or why it cannot be read (the load screen offers deleting it)."""

    path: Path
    header: Header | None
    problem: str | None = None


class SaveDir:
    """A directory of saves, one file per game. Reading needs nothing; the first save creates the directory."""

    def __init__(self, path: Path) -> None:
        self.path = path

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

    def entries(self) -> list[SaveEntry]:
        """Every save, most recently played first, then the unreadable ones; reads headers only."""
        readable: list[tuple[datetime, SaveEntry]] = []
        broken = []
        # glob yields nothing for a missing or unreadable directory.
        for path in sorted(self.path.glob(f"*{SUFFIX}")):
            try:
                header = read_header(path)
            except BadSave as exc:
                broken.append(SaveEntry(path, None, exc.problem))
            else:
                readable.append((header.updated, SaveEntry(path, header)))
        readable.sort(key=lambda pair: pair[0], reverse=True)
        return [entry for _, entry in readable] + broken

    def latest_unfinished(self) -> SaveEntry | None:
        """The game to offer for "Continue": the unfinished save played most recently."""
        return next((entry for entry in self.entries() if entry.header and not entry.header.finished), None)

    def delete(self, path: Path) -> None:
        """Remove one save of this directory; OSError (with its strerror) when the file cannot be removed."""
        if path.parent != self.path or path.suffix != SUFFIX:
            raise ValueError(f"{path} is not a save in {self.path}")
        path.unlink()

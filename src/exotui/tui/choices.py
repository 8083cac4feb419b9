"""The new game form's last choices, remembered between runs in the user's config directory.

One small JSON file; remembering is a convenience, so a file that cannot be read or written is ignored (the form
then offers its defaults) and never stops a game.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec
import platformdirs

FILE_NAME = "new-game.json"


class Choices(msgspec.Struct, frozen=True):
    """What the form was set to when a game was last started; empty fields mean the form's defaults."""

    game: str = ""
    players: int = 0
    # Per seat, a player spec as the form offers them ("human", "mcts:normal"...).
    seats: tuple[str, ...] = ()
    variant: str = ""
    no_takebacks: bool = False
    # Endless Forms' reveal windows, the person's own setting (changed on its table with W): "every" window asks,
    # "useful" asks only when the held event could be revealed now, "never" asks only after r.
    reveal_windows: str = ""


def choices_path() -> Path:
    return Path(platformdirs.user_config_dir("exotui")) / FILE_NAME


def load_choices() -> Choices:
    """The choices remembered, or the defaults when there are none or the file is unreadable."""
    try:
        return msgspec.json.decode(choices_path().read_bytes(), type=Choices)
    except (OSError, msgspec.DecodeError):
        return Choices()


def save_choices(choices: Choices) -> None:
    """Remember `choices` (written whole, then renamed into place, so a crash leaves the old file or the new)."""
    path = choices_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".tmp")
        partial.write_bytes(msgspec.json.encode(choices))
        os.replace(partial, path)
    except OSError:
        return

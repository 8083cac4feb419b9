"""Saves: the file format of one game, loading it with verification, and the record of the game being played.

A save holds what determines a game (game id, rules version, variant, seed, the actions) plus hashes of the
positions along the way, so loading replays the actions through the reducers and proves it reached the same
positions. Nothing here knows any game: actions are decoded with the game's own `action_type`.

Callers import what they need from here (`from exotui.engine.records import load, GameRecord`); the modules hold
it by subject, each importing only those above it:
- `format.py`: what a save file holds (`Header`, `Seat`, the constants and limits, the checkpoints) and the
  errors (`BadSave`, `VerificationFailed`, `SavingOff`);
- `files.py`: the save on disk, read only from a regular file and written atomically (`write_atomic`);
- `reading.py`: `read_header`, `load` and `load_bytes`, which replay and verify a save into a `SavedGame`;
- `signals.py`: `exit_cleanly_on_signals`, which lets an action being recorded finish saving first;
- `recorder.py`: `GameRecord`, the save of the game being played.
"""

from exotui.engine.records.files import TEMP_PATTERN, write_atomic
from exotui.engine.records.format import (
    CHECKPOINT_EVERY,
    DETAIL_LIMIT,
    EARLIEST,
    FORMAT_VERSION,
    HUMAN,
    LATEST,
    MAX_SAVE_BYTES,
    PROBLEM_LIMIT,
    BadSave,
    Header,
    SavingOff,
    Seat,
    VerificationFailed,
)
from exotui.engine.records.reading import OMNISCIENT, Move, Omniscient, SavedGame, load, load_bytes, read_header
from exotui.engine.records.recorder import GameRecord
from exotui.engine.records.signals import exit_cleanly_on_signals

__all__ = [
    "CHECKPOINT_EVERY",
    "DETAIL_LIMIT",
    "EARLIEST",
    "FORMAT_VERSION",
    "HUMAN",
    "LATEST",
    "MAX_SAVE_BYTES",
    "OMNISCIENT",
    "PROBLEM_LIMIT",
    "TEMP_PATTERN",
    "BadSave",
    "GameRecord",
    "Header",
    "Move",
    "Omniscient",
    "SavedGame",
    "SavingOff",
    "Seat",
    "VerificationFailed",
    "exit_cleanly_on_signals",
    "load",
    "load_bytes",
    "read_header",
    "write_atomic",
]

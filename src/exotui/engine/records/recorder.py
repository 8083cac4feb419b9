"""The record of the game being played: `GameRecord` applies each action and saves the game before returning.

It writes the format of `format.py` through `files.write_atomic`, resumes a save through the replay of
`reading.py`, and holds the gate of `signals.py` while it records, so an exit signal never cuts a save short.
"""

from __future__ import annotations

import errno
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec

from exotui import __version__
from exotui.engine.lock import GameInUse, GameLock
from exotui.engine.protocol import Game
from exotui.engine.records.files import _read, write_atomic
from exotui.engine.records.format import (
    _ENCODER,
    CHECKPOINT_EVERY,
    FORMAT_VERSION,
    Header,
    SavingOff,
    Seat,
    _Checkpoints,
    _SaveFile,
)
from exotui.engine.records.reading import _replay
from exotui.engine.records.signals import _GATE


def _now() -> datetime:
    return datetime.now(UTC)


class GameRecord:
    """The save of the game being played: `append` applies an action and writes the file before returning.

    Create one with `new` (a new game; call `save` once to write the opening) or `resume` (an unfinished save).
    When a write fails, `SavingOff` is raised once and `saving_off` holds it; the game goes on in memory without
    further writes until `save` succeeds again (e.g. the player freed space and asked to retry).
    """

    def __init__(
        self, path: Path, game: Game, header: Header, state: Any, actions: Sequence[Any], checkpoints: _Checkpoints
    ) -> None:
        self.path = path
        self.game = game
        self.header = header
        self.state = state
        self.actions = list(actions)
        self.saving_off: SavingOff | None = None
        # The one-writer lock (engine/lock.py): taken by `resume`, or by the first `save` of a new game.
        self._lock: GameLock | None = None
        self._encoded = [msgspec.Raw(_ENCODER.encode(action)) for action in actions]
        self._checkpoints = checkpoints

    @classmethod
    def new(cls, path: Path, game: Game, seed: int, seats: Sequence[Seat], variant: str | None = None) -> GameRecord:
        """A record of a new game; raises GameSetupError for a bad seat count or variant, ValueError for bad text."""
        if not -(1 << 63) <= seed < 1 << 64:
            raise ValueError(f"a saved seed must fit in 64 bits, got {seed}")
        state = game.new_game(seed, len(seats), variant)
        now = _now()
        header = Header(
            format=FORMAT_VERSION,
            app_version=__version__,
            game=game.id,
            rules_version=game.rules_version,
            variant=variant,
            seed=seed,
            seats=tuple(seats),
            created=now,
            updated=now,
            actions=0,
            turn=game.turn(state),
        )
        # Validate names and the rest now, not when a later load would refuse the file.
        msgspec.msgpack.decode(_ENCODER.encode(header), type=Header)
        checkpoints = _Checkpoints(CHECKPOINT_EVERY)
        checkpoints.add(state)
        return cls(path, game, header, state, [], checkpoints)

    @classmethod
    def resume(cls, path: Path) -> GameRecord:
        """The record of a saved game, verified, ready to go on from its last position, holding its lock.

        Raises GameInUse when another exotui has the game open (it can still be replayed: `load`), BadSave when
        the file cannot be used. When no lock can be made (a read-only directory), the game resumes and the
        first save says why saving is off.
        """
        try:
            lock: GameLock | None = GameLock.acquire(path)
        except GameInUse:
            raise
        except OSError:
            lock = None
        try:
            saved, checkpoints = _replay(path, _read(path))
        except BaseException:
            if lock is not None:
                lock.release()
            raise
        # From now on this app and these rules write the file (the replay proved the rules agree).
        header = msgspec.structs.replace(saved.header, app_version=__version__, rules_version=saved.game.rules_version)
        record = cls(path, saved.game, header, saved.final, saved.actions, checkpoints)
        record._lock = lock
        return record

    def close(self) -> None:
        """Let another exotui open the game (also done when the record is garbage collected or the process ends)."""
        if self._lock is not None:
            self._lock.release()

    @property
    def finished(self) -> bool:
        return self.header.finished

    def append(self, action: Any) -> Any:
        """Apply `action`, save, and return the new state. IllegalAction leaves everything as it was.

        The append that ends the game also writes the result. SavingOff means the action was applied but not saved.
        """
        state = self.game.apply(self.state, action)
        with _GATE.held():
            self.state = state
            self.actions.append(action)
            self._encoded.append(msgspec.Raw(_ENCODER.encode(action)))
            self._checkpoints.add(state)
            self.header = msgspec.structs.replace(
                self.header,
                updated=_now(),
                actions=len(self.actions),
                turn=self.game.turn(state),
                result=self.game.outcome(state) if self.game.is_over(state) else None,
            )
            if self.saving_off is None:
                self.save()
        if self.finished:
            # Nothing more to write: another exotui may open it (to replay) without waiting for this one to go.
            self.close()
        return state

    def count_hint(self, seat: int) -> None:
        """Count a hint given to `seat` and save it (SavingOff as `save`; the count stays in memory)."""
        self.header = self.header.counted("hints", seat)
        if self.saving_off is None:
            self.save()

    def forbid_takebacks(self) -> None:
        """No takebacks in this game from now on; saved (SavingOff as `save`)."""
        self.header = msgspec.structs.replace(self.header, takebacks_off=True)
        if self.saving_off is None:
            self.save()

    def take_back(self, count: int, seat: int) -> Any:
        """Undo the last `count` actions as a takeback by `seat`, save, and return the position now.

        The file then holds the game as finally played, and the header counts the takeback.
        """
        if not 0 < count <= len(self.actions):
            raise ValueError(f"cannot take back {count} of {len(self.actions)} actions")
        kept = self.actions[:-count]
        state = self.game.new_game(self.header.seed, len(self.header.seats), self.header.variant)
        checkpoints = _Checkpoints(self._checkpoints.every)
        checkpoints.add(state)
        for action in kept:
            state = self.game.apply(state, action)
            checkpoints.add(state)
        with _GATE.held():
            self.state = state
            self.actions = kept
            del self._encoded[len(kept) :]
            self._checkpoints = checkpoints
            self.header = msgspec.structs.replace(
                self.header.counted("takebacks", seat),
                updated=_now(),
                actions=len(kept),
                turn=self.game.turn(state),
                result=None,
            )
            if self.saving_off is None:
                self.save()
        return state

    def save(self) -> None:
        """Write the file now. Raises SavingOff (and remembers it in `saving_off`) when it cannot be written."""
        try:
            with _GATE.held():
                self._hold_lock()
                write_atomic(self.path, self.to_bytes())
        except OSError as exc:
            self.saving_off = SavingOff(self.path, exc)
            raise self.saving_off from None
        self.saving_off = None

    def _hold_lock(self) -> None:
        """Take the game's lock unless held; OSError (GameInUse...) when this record may not write."""
        if self._lock is not None and self._lock.held:
            return
        if self._lock is not None and self._lock.superseded:
            raise OSError(errno.EBUSY, "the game was opened again in this app, which saves it from there")
        self._lock = GameLock.acquire(self.path)

    def to_bytes(self) -> bytes:
        checkpoints = self._checkpoints
        return _ENCODER.encode(
            _SaveFile(
                header=self.header,
                actions=tuple(self._encoded),
                checkpoint_every=checkpoints.every,
                checkpoints=tuple(checkpoints.full),
                final=checkpoints.last,
                trace=bytes(checkpoints.trace),
            )
        )

"""The save file's format: what a save holds, the hashes that prove it, and the errors about a file.

Constants (the format version, how often a full checkpoint is kept, the size limit, HUMAN), the header with its
seats (`Header`, `Seat`), the file's private layout (`_SaveFile`, and the probes that read the version or the
header alone), the checkpoints as the file stores them (`_Checkpoints`), and the errors: `BadSave`,
`VerificationFailed`, `SavingOff`. Nothing here reads or writes a file.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import msgspec

from exotui.engine.protocol import state_hash
from exotui.engine.result import Result, result_of, result_statuses
from exotui.engine.text import UNSAFE_CHARS, printable, printable_path

FORMAT_VERSION = 1
# A full state hash every this many actions (and at the end), besides the two-byte trace after every action.
CHECKPOINT_EVERY = 32
# Real saves are a few KiB; refusing anything far larger keeps a hostile file from costing memory or time.
MAX_SAVE_BYTES = 1 << 20
HUMAN = "human"

# Shown on screens and printed to terminals, so no control, bidi or invisible characters (engine/text.py): a
# hostile file can neither send escape sequences nor reorder what is shown around a name.
Text = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=f"^[^{UNSAFE_CHARS}]*$")]
# Always UTC-aware: a naive time from a hand-made file could not even be sorted with the others.
When = Annotated[datetime, msgspec.Meta(tz=True)]
# Dates a header may hold: far enough from datetime's limits (years 1 and 9999) to be shown in any time zone.
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
LATEST = datetime(9000, 1, 1, tzinfo=UTC)
# A result per seat: 1 for a win, 0 for a loss, a share for a shared win.
Share = Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]
# How many times a seat did something (asked a hint, took back a move).
Count = Annotated[int, msgspec.Meta(ge=0, le=1_000_000)]


class BadSave(ValueError):
    """A file that cannot be used as a save; the message is one line naming the file and the problem.

    `problem` says it in a player's words (which part of the file is wrong); `detail` keeps the decoder's own
    words for `exotui verify` (None when the problem says it all). Both are printable and cut to a sane length:
    they quote the file's own bytes.
    """

    def __init__(self, path: Path, problem: str, detail: str | None = None) -> None:
        problem = printable(problem, PROBLEM_LIMIT)
        detail = _quotes_cut(printable(detail, None)) if detail is not None else None
        super().__init__(f"{printable_path(path)}: {problem}")
        self.path = path
        self.problem = problem
        self.detail = printable(detail, DETAIL_LIMIT) if detail is not None else None


class VerificationFailed(BadSave):
    """A well-formed save whose replay does not match it: an illegal action, a different position, a wrong header.

    `index` is the 0-based index of the first action that diverges (None when no single action is to blame),
    so a replay is trustworthy up to the position before it.
    """

    def __init__(self, path: Path, problem: str, index: int | None) -> None:
        super().__init__(path, problem)
        self.index = index


# Longest problem and detail in a message, so that a message with its path stays one readable line.
PROBLEM_LIMIT = 120
DETAIL_LIMIT = 160
_QUOTED = re.compile(r"(['`\"])([^'`\"]{61,})\1")


def _quotes_cut(text: str) -> str:
    """`text` with every quoted piece longer than 60 characters cut (msgspec quotes a whole invalid value)."""
    return _QUOTED.sub(lambda match: f"{match[1]}{printable(match[2])}{match[1]}", text)


class SavingOff(OSError):
    """The save could not be written (read-only or full directory...); the game goes on only in memory."""

    def __init__(self, path: Path, error: OSError) -> None:
        reason = error.strerror or str(error)
        super().__init__(f"saving is off: cannot write {printable_path(path)}: {printable(reason, PROBLEM_LIMIT)}")
        self.path = path


class Seat(msgspec.Struct, frozen=True):
    name: Text
    # HUMAN, or the kind of computer player (the part of a player spec before the colon, e.g. "mcts").
    kind: Text
    # The computer player's level (the part after the colon, e.g. "hard"), None for humans and level-less kinds.
    level: Text | None = None

    @classmethod
    def from_spec(cls, name: str, spec: str) -> Seat:
        """The seat of a computer player made by `make_player(spec)`, such as "mcts:hard"."""
        kind, _, level = spec.partition(":")
        return cls(name=name, kind=kind, level=level or None)

    @property
    def spec(self) -> str:
        """The player spec to rebuild this computer player with `make_player`."""
        return self.kind if self.level is None else f"{self.kind}:{self.level}"


class Header(msgspec.Struct, frozen=True, kw_only=True):
    format: int
    app_version: Text
    game: Text
    rules_version: Text
    variant: Text | None
    seed: int
    seats: Annotated[tuple[Seat, ...], msgspec.Meta(min_length=1, max_length=16)]
    created: When
    updated: When
    # How far the game went, so a listing can show progress without replaying.
    actions: Annotated[int, msgspec.Meta(ge=0)]
    turn: int
    # Per seat, once the game is over: 1 for a win, 0 for a loss, shares for a shared win.
    result: Annotated[tuple[Share, ...], msgspec.Meta(min_length=1, max_length=16)] | None = None
    # Per seat: the hints it asked for and the takebacks it made (empty, as in saves from before hints: none).
    # The actions above are the game as finally played; a takeback leaves no trace but this count.
    hints: Annotated[tuple[Count, ...], msgspec.Meta(max_length=16)] = ()
    takebacks: Annotated[tuple[Count, ...], msgspec.Meta(max_length=16)] = ()
    # The players chose a game without takebacks.
    takebacks_off: bool = False

    def __post_init__(self) -> None:
        for name in ("hints", "takebacks"):
            if getattr(self, name) and len(getattr(self, name)) != len(self.seats):
                raise ValueError(f"the {name} are not counted for every player")
        # Checked while decoding, so no later code (sorting, showing in a far time zone) meets a date it cannot use.
        for name in ("created", "updated"):
            when = getattr(self, name)
            if not EARLIEST <= when <= LATEST:
                raise ValueError(f"the date the game was {_DATE_WORDS[name]} is impossible: {when:%Y-%m-%d}")

    @property
    def finished(self) -> bool:
        return self.result is not None

    def hints_of(self, seat: int) -> int:
        return self.hints[seat] if self.hints else 0

    def takebacks_of(self, seat: int) -> int:
        return self.takebacks[seat] if self.takebacks else 0

    def counted(self, name: str, seat: int) -> Header:
        """This header with one more hint (`name` "hints") or takeback ("takebacks") for `seat`."""
        counts = list(getattr(self, name) or (0,) * len(self.seats))
        counts[seat] += 1
        return msgspec.structs.replace(self, **{name: tuple(counts)})

    @property
    def status(self) -> str:
        """Progress or result in a few words, for listings: "turn 12, in progress", "Ann won", "a draw", "the
        automaton won"."""
        return self.statuses[0]

    @property
    def statuses(self) -> tuple[str, ...]:
        """`status` and its shorter forms, longest first, for a narrow column: "turn 12, ongoing", and those of a
        result (`engine.result.result_statuses`)."""
        if self.result is None:
            return (f"turn {self.turn}, in progress", f"turn {self.turn}, ongoing")
        names = [seat.name for seat in self.seats]
        # A hand-made header may give more results than seats (a save's replay refuses it; a listing shows it).
        names += [f"player {number}" for number in range(len(names) + 1, len(self.result) + 1)]
        return result_statuses(self.who_won(), names)

    def who_won(self) -> Result:
        """Who won this finished game (`engine.result`)."""
        assert self.result is not None
        return result_of(self.game, self.result)


_DATE_WORDS = {"created": "started", "updated": "last played"}


class _SaveFile(msgspec.Struct, frozen=True, kw_only=True):
    header: Header
    # Each encoded with the game's action_type, kept raw here so decoding the file needs no game.
    actions: tuple[msgspec.Raw, ...]
    checkpoint_every: Annotated[int, msgspec.Meta(ge=1)]
    # state_hash of the positions after 0, N, 2N... actions (N = checkpoint_every), and after the last one.
    checkpoints: tuple[str, ...]
    final: str
    # Two bytes of state_hash after every action: pinpoints the first diverging action between checkpoints.
    trace: bytes


class _Format(msgspec.Struct):
    format: int


class _Probe(msgspec.Struct):
    """Only the format version: read first, so a newer file is named as such rather than as malformed."""

    header: _Format


class _HeaderOnly(msgspec.Struct):
    header: Header


class _Checkpoints:
    """The hashes of a game's positions, taken one position at a time, as the save stores them."""

    def __init__(self, every: int) -> None:
        self.every = every
        self.full: list[str] = []
        self.trace = bytearray()
        self.last = ""
        self.positions = 0

    def add(self, state: msgspec.Struct) -> None:
        digest = state_hash(state)
        if self.positions % self.every == 0:
            self.full.append(digest)
        if self.positions:
            self.trace += bytes.fromhex(digest[:4])
        self.positions += 1
        self.last = digest


_ENCODER = msgspec.msgpack.Encoder()

"""Saves: the file format of one game, loading it with verification, and the record of the game being played.

A save holds what determines a game (game id, rules version, variant, seed, the actions) plus hashes of the
positions along the way, so loading replays the actions through the reducers and proves it reached the same
positions. Nothing here knows any game: actions are decoded with the game's own `action_type`.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import functools
import os
import re
import signal
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Final, TypeVar

import msgspec

from exotui import __version__, games
from exotui.engine.lock import GameInUse, GameLock, ensure_directory
from exotui.engine.protocol import Game, GameSetupError, IllegalAction, describe_to, state_hash
from exotui.engine.result import Result, result_of, result_status
from exotui.engine.text import UNSAFE_CHARS, os_reason, printable, printable_path

FORMAT_VERSION = 1
# A full state hash every this many actions (and at the end), besides the two-byte trace after every action.
CHECKPOINT_EVERY = 32
# Real saves are a few KiB; refusing anything far larger keeps a hostile file from costing memory or time.
MAX_SAVE_BYTES = 1 << 20
HUMAN = "human"

T = TypeVar("T")

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
# Temporary files of write_atomic: `.NAME.<random>.tmp` next to the save (`.NAME.tmp` before version 0.2 of the
# format code); SaveDir removes those of dead writers.
TEMP_PATTERN = re.compile(r"^\.(?P<name>.+\.exosave)(?:\.[A-Za-z0-9_]{6,})?\.tmp$")


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
        if self.result is None:
            return f"turn {self.turn}, in progress"
        names = [seat.name for seat in self.seats]
        # A hand-made header may give more results than seats (a save's replay refuses it; a listing shows it).
        names += [f"player {number}" for number in range(len(names) + 1, len(self.result) + 1)]
        return result_status(self.who_won(), names)

    def who_won(self) -> Result:
        """Who won this finished game (`engine.result`)."""
        assert self.result is not None
        return result_of(self.game, self.result)


_DATE_WORDS = {"created": "started", "updated": "last played"}


class Omniscient(enum.Enum):
    """Told as the whole truth: every hidden card named (a finished game's replay)."""

    TOLD = "omniscient"


OMNISCIENT: Final = Omniscient.TOLD


class Move(msgspec.Struct, frozen=True):
    """One line of a move list: the action numbered from 1 (as error messages count), who decided, what it did, and
    what it caused (the game's `events`: claims, points, the end)."""

    number: int
    turn: int
    seat: int
    text: str
    events: tuple[str, ...] = ()


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


class SavedGame(msgspec.Struct, frozen=True):
    """A loaded and verified save. `states[i]` is the position before `actions[i]`; `states[-1]` the last one."""

    path: Path
    header: Header
    game: Any
    actions: tuple[Any, ...]
    states: tuple[Any, ...]

    @property
    def final(self) -> Any:
        return self.states[-1]

    @property
    def sealed(self) -> tuple[int, ...]:
        """The seats of the people who played a game still in play, whose views alone a replay may show (its hidden
        cards are still in play, so Board Game Arena shows everything only after the end); () once it is finished
        or when no person played it, when everything may be shown."""
        if self.header.finished:
            return ()
        return tuple(seat for seat, who in enumerate(self.header.seats) if who.kind == HUMAN)

    @property
    def told_to(self) -> int | Omniscient | None:
        """Whose eyes a move list of this save is for: everything, unless it is sealed (`sealed`): then the one
        person who played it, or what every seat sees (several people shared the keyboard)."""
        people = self.sealed
        if not people:
            return OMNISCIENT
        return people[0] if len(people) == 1 else None

    def moves(self, told_to: int | Omniscient | None = OMNISCIENT) -> tuple[Move, ...]:
        """The described move list, one Move per action: described in the omniscient state before it, or as the
        seat `told_to` may read it (None: what every seat sees), for a replay that may not show everything."""
        game = self.game
        return tuple(
            Move(
                number=index + 1,
                turn=game.turn(state),
                seat=game.current_player(state),
                text=game.describe(state, action)
                if isinstance(told_to, Omniscient)
                else describe_to(game, state, action, told_to),
                events=game.events(state, action, after),
            )
            for index, (state, action, after) in enumerate(
                zip(self.states, self.actions, self.states[1:], strict=False)
            )
        )


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
_PROBE = msgspec.msgpack.Decoder(_Probe)
_HEADER = msgspec.msgpack.Decoder(_HeaderOnly)
_FILE = msgspec.msgpack.Decoder(_SaveFile)


@functools.cache
def _action_decoder(action_type: Any) -> msgspec.msgpack.Decoder[Any]:
    return msgspec.msgpack.Decoder(action_type)


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


# The parts of a save file, in a player's words, by msgspec's location of a value (`$.header.seats[0].name`).
_PARTS = {
    "format": "the format number",
    "app_version": "the app version",
    "game": "the game's name",
    "rules_version": "the rules version",
    "variant": "the variant",
    "seed": "the seed",
    "seats": "the list of players",
    "created": "the date the game was started",
    "updated": "the date it was last played",
    "actions": "the number of actions",
    "turn": "the turn number",
    "result": "the result",
    "name": "the name",
    "kind": "the kind of player",
    "level": "the level",
}
# The first words of Header's own checks, which are already in a player's words.
_HEADER_CHECKS = ("the date", "the hints", "the takebacks")
_LOCATION = re.compile(r" - at `\$(?P<where>[^`]*)`$")
_STEP = re.compile(r"\.(\w+)|\[(\d+)\]")


def _in_words(message: str, base: str) -> str:
    """What is wrong, as a player would say it: which part of the file (or of `base`) a decoder error is about."""
    match = _LOCATION.search(message)
    if match is not None and match["where"] == ".header" and message.startswith(_HEADER_CHECKS):
        return f"damaged save: {message[: match.start()]}"
    if match is None:
        # One of Header's own checks (already in words), or a whole mismatch (a list where the save should be).
        if message.startswith("the date"):
            return f"damaged save: {message}"
        return "not an exotui save" if base == "the file" else f"damaged save: {base} is not valid"
    return f"damaged save: {_part(match['where'], base)}"


def _part(where: str, base: str) -> str:
    steps = [name or int(index) for name, index in _STEP.findall(where)]
    if base != "the file":
        fields = [step for step in steps if isinstance(step, str)]
        return f"{base}: its {fields[-1]} is not valid" if fields else f"{base} is not valid"
    match steps:
        case ["header", "seats", int(seat), str(field), *_]:
            return f"{_PARTS.get(field, field)} of player {seat + 1} is not valid"
        case ["header", "seats", int(seat), *_]:
            return f"player {seat + 1} is not valid"
        case ["header", str(field), *_]:
            return f"{_PARTS.get(field, field)} in the header is not valid"
        case ["actions", *_]:
            return "the list of actions is not valid"
        case ["checkpoint_every" | "checkpoints" | "final" | "trace", *_]:
            return "the checks that prove the game is not valid"
        case _:
            return "the file's layout is not that of an exotui save"


def _decode(decoder: msgspec.msgpack.Decoder[T], data: bytes | msgspec.Raw, path: Path, base: str) -> T:
    """Decode, or raise BadSave saying which part (`base`: "the file", "action 3") is wrong; `detail` the why."""
    try:
        return decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise BadSave(path, _in_words(str(exc), base), str(exc)) from None
    except (msgspec.DecodeError, UnicodeDecodeError) as exc:
        raise BadSave(path, "not an exotui save (damaged, cut short, or another kind of file)", str(exc)) from None
    except (ValueError, OverflowError) as exc:
        # msgspec raises these for values no Python object can hold (a timestamp in the year 10000).
        raise BadSave(path, f"damaged save: a value no date or number can hold, in {base}", str(exc)) from None
    except RecursionError:
        raise BadSave(path, f"damaged save: {base} is nested too deeply") from None


def _check_format(data: bytes, path: Path) -> None:
    version = _decode(_PROBE, data, path, "the file").header.format
    if version > FORMAT_VERSION:
        raise BadSave(path, f"made by a newer exotui (save format {version}, this one reads up to {FORMAT_VERSION})")
    if version < 1:
        raise BadSave(path, f"unknown save format {version}")


def read_header(path: Path) -> Header:
    """The header alone, without replaying: cheap enough to list a directory of saves. Raises BadSave."""
    data = _read(path)
    _check_format(data, path)
    return _decode(_HEADER, data, path, "the file").header


def load(path: Path) -> SavedGame:
    """Read a save and replay it through the rules, checking every checkpoint. Raises BadSave; never writes."""
    return _replay(path, _read(path))[0]


def load_bytes(data: bytes, path: Path) -> SavedGame:
    """`load` for a save already in memory; `path` only names it in error messages."""
    return _replay(path, data)[0]


def _game_of(header: Header, path: Path) -> Game:
    try:
        return games.get(header.game)
    except games.UnknownGame as exc:
        raise BadSave(path, exc.args[0]) from None


def _replay(path: Path, data: bytes) -> tuple[SavedGame, _Checkpoints]:
    _check_format(data, path)
    saved = _decode(_FILE, data, path, "the file")
    header = saved.header
    game = _game_of(header, path)
    decoder = _action_decoder(game.action_type)
    actions = tuple(
        _decode(decoder, raw, path, f"action {number} (a {game.title} action)")
        for number, raw in enumerate(saved.actions, 1)
    )
    count = len(actions)
    if header.actions != count:
        raise VerificationFailed(path, f"the header says {header.actions} actions, the file holds {count}", None)
    if len(saved.trace) != 2 * count or len(saved.checkpoints) != count // saved.checkpoint_every + 1:
        raise VerificationFailed(path, f"the checkpoints do not fit {count} actions", None)
    try:
        state = game.new_game(header.seed, len(header.seats), header.variant)
    except GameSetupError as exc:
        raise BadSave(path, f"cannot set up the game: {exc}") from None
    rules = ""
    if header.rules_version != game.rules_version:
        rules = f" (saved under rules {header.rules_version}, these are {game.rules_version})"
    checkpoints = _Checkpoints(saved.checkpoint_every)
    checkpoints.add(state)
    if checkpoints.full[0] != saved.checkpoints[0]:
        raise VerificationFailed(path, f"the opening position differs from the saved one{rules}", None)
    states = [state]
    for index, action in enumerate(actions):
        if game.is_over(state):
            raise VerificationFailed(path, f"action {index + 1} comes after the end of the game{rules}", index)
        try:
            state = game.apply(state, action)
        except IllegalAction as exc:
            raise VerificationFailed(path, f"action {index + 1} is illegal: {exc}{rules}", index) from None
        checkpoints.add(state)
        states.append(state)
        full_checked = (index + 1) % saved.checkpoint_every == 0
        if checkpoints.trace[-2:] != saved.trace[2 * index : 2 * index + 2] or (
            full_checked and checkpoints.full[-1] != saved.checkpoints[len(checkpoints.full) - 1]
        ):
            raise VerificationFailed(path, f"action {index + 1} leads to a different position than saved{rules}", index)
    if checkpoints.last != saved.final:
        raise VerificationFailed(path, f"the last position differs from the saved one{rules}", count - 1)
    _check_progress(path, game, header, state)
    return SavedGame(path=path, header=header, game=game, actions=actions, states=tuple(states)), checkpoints


def _check_progress(path: Path, game: Game, header: Header, state: Any) -> None:
    result = game.outcome(state) if game.is_over(state) else None
    if header.result != result:
        if header.result is None:
            problem = "the header says the game goes on, but the replay ends it"
        elif result is None:
            problem = "the header says the game is over, but the replay does not end it"
        else:
            problem = f"the header gives the result {header.result}, the replay {result}"
        raise VerificationFailed(path, problem, None)
    if header.turn != game.turn(state):
        raise VerificationFailed(
            path, f"the header says turn {header.turn}, the replay reaches turn {game.turn(state)}", None
        )


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


def _now() -> datetime:
    return datetime.now(UTC)


def _exit_with_signal(signum: int) -> None:
    raise SystemExit(128 + signum)


class _SignalGate:
    """Holds an exit signal back while the main thread records an action, so the save is never cut short."""

    def __init__(self) -> None:
        self.depth = 0
        self.pending: int | None = None
        self.on_exit: Callable[[int], object] = _exit_with_signal

    def handle(self, signum: int, frame: object) -> None:
        if self.depth:
            self.pending = signum
        else:
            self.on_exit(signum)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        # Python runs signal handlers in the main thread only, so only its recording can be interrupted.
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
            if not self.depth and self.pending is not None:
                signum, self.pending = self.pending, None
                self.on_exit(signum)


_GATE = _SignalGate()
# SIGHUP is what a dropped SSH connection sends; Windows has no such signal.
_EXIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))


def exit_cleanly_on_signals(
    on_exit: Callable[[int], object] = _exit_with_signal,
    signals: Sequence[signal.Signals] = _EXIT_SIGNALS,
) -> Callable[[], None]:
    """On SIGHUP (a dropped SSH connection) or SIGTERM, let the action being recorded finish saving, then exit.

    Every action is saved as it is appended, so only an append in progress can be at risk: a signal arriving
    during `GameRecord.append` or `save` (in the main thread) waits until the file is written. `on_exit(signum)`
    then runs in the signal handler; the default raises SystemExit(128 + signum). An asyncio app (Textual) should
    hand over to its loop, e.g. `lambda signum: loop.call_soon_threadsafe(app.exit)`.
    Returns a function that puts the previous handlers back.
    """
    previous = {signum: signal.getsignal(signum) for signum in signals}
    _GATE.on_exit = on_exit
    for signum in signals:
        signal.signal(signum, _GATE.handle)

    def restore() -> None:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        _GATE.on_exit = _exit_with_signal

    return restore


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

"""Reading a save: the header alone, or the whole game replayed through its rules and verified.

`read_header` (cheap, for listings), `load` and `load_bytes` (replay every action and check every checkpoint),
what they give (`SavedGame`, with its move list of `Move`s told to whom: `Omniscient`), and the decoder's errors
turned into a player's words (which part of the file is wrong). Never writes.
"""

from __future__ import annotations

import enum
import functools
import re
from pathlib import Path
from typing import Any, Final, TypeVar

import msgspec

from exotui import games
from exotui.engine.protocol import Game, GameSetupError, IllegalAction, describe_to
from exotui.engine.records.files import _read
from exotui.engine.records.format import (
    FORMAT_VERSION,
    HUMAN,
    BadSave,
    Header,
    VerificationFailed,
    _Checkpoints,
    _HeaderOnly,
    _Probe,
    _SaveFile,
)

T = TypeVar("T")


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


_PROBE = msgspec.msgpack.Decoder(_Probe)
_HEADER = msgspec.msgpack.Decoder(_HeaderOnly)
_FILE = msgspec.msgpack.Decoder(_SaveFile)


@functools.cache
def _action_decoder(action_type: Any) -> msgspec.msgpack.Decoder[Any]:
    return msgspec.msgpack.Decoder(action_type)


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

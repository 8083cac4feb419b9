"""Saves: recording a game action by action, loading it back with verification, and refusing bad files."""

from __future__ import annotations

import errno
import functools
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import savegame_toy
from exotui.engine import records
from exotui.engine.protocol import GameSetupError, IllegalAction
from exotui.engine.records import HUMAN, BadSave, GameRecord, SavingOff, Seat, VerificationFailed, load, read_header
from savegame_toy import GAME, Hold, PigGame, Roll, play, register

SEATS = (Seat("Ann", HUMAN), Seat.from_spec("Bot", "random"))


@pytest.fixture(autouse=True)
def _pig(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def finished(path: Path, seed: int = 3, variant: str | None = "quick") -> GameRecord:
    record = GameRecord.new(path, GAME, seed, SEATS, variant)
    record.save()
    play(record, seed)
    return record


@functools.cache
def recorded(seed: int, variant: str | None) -> tuple[bytes, records.SavedGame]:
    """A finished game's save and its load, made once per test session (recording writes after every action)."""
    with tempfile.TemporaryDirectory() as directory:
        path = finished(Path(directory) / "model.exosave", seed, variant).path
        return path.read_bytes(), load(path)


def tamper(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """Rewrite a save through plain msgpack, changing it the way a bug, a rules change or an attacker would."""
    content = msgspec.msgpack.decode(path.read_bytes())
    change(content)
    path.write_bytes(msgspec.msgpack.encode(content))


def first_divergence(game: Any, seed: int, actions: list[Any], states: tuple[Any, ...]) -> int | None:
    """Where replaying `actions` under `game` first leaves the recorded `states` (None if it never does)."""
    state = game.new_game(seed, len(SEATS))
    for index, action in enumerate(actions):
        try:
            state = game.apply(state, action)
        except IllegalAction:
            return index
        if state != states[index + 1]:
            return index
    return None


def test_load_replays_the_recorded_game(tmp_path):
    record = finished(tmp_path / "a.exosave")
    saved = load(record.path)
    assert saved.header == record.header
    assert (saved.header.game, saved.header.variant, saved.header.seed, saved.header.seats) == (
        "pig",
        "quick",
        3,
        SEATS,
    )
    assert saved.header.result == GAME.outcome(record.state)
    assert saved.actions == tuple(record.actions)
    assert saved.final == record.state
    assert saved.states[0] == GAME.new_game(3, 2, "quick")
    for before, action, after in zip(saved.states[:-1], saved.actions, saved.states[1:], strict=True):
        assert GAME.apply(before, action) == after


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), moves=st.integers(0, 40), variant=st.sampled_from([None, "quick"]))
def test_the_file_follows_every_action(tmp_path_factory, seed, moves, variant):
    record = GameRecord.new(tmp_path_factory.mktemp("s") / "g.exosave", GAME, seed, SEATS, variant)
    record.save()
    play(record, seed, moves)
    saved = load(record.path)
    assert saved.final == record.state
    assert saved.header.actions == len(record.actions) == len(saved.actions)
    assert saved.header.turn == GAME.turn(record.state)
    assert saved.header.finished == GAME.is_over(record.state)
    assert read_header(record.path) == saved.header


def test_resume_goes_on_exactly_where_it_stopped(tmp_path):
    whole = finished(tmp_path / "whole.exosave", seed=11, variant=None)
    part = GameRecord.new(tmp_path / "part.exosave", GAME, 11, SEATS)
    part.save()
    for action in whole.actions[:40]:
        part.append(action)
    resumed = GameRecord.resume(part.path)
    assert resumed.state == part.state
    assert resumed.header == part.header
    for action in whole.actions[40:]:
        resumed.append(action)
    saved = load(part.path)
    assert saved.final == whole.state
    assert saved.header.result == whole.header.result
    assert saved.header.created == part.header.created


def test_an_illegal_append_changes_nothing(tmp_path):
    record = GameRecord.new(tmp_path / "a.exosave", GAME, 5, SEATS)
    record.save()
    record.append(Roll(2))
    before = (record.state, list(record.actions), record.header, record.path.read_bytes())
    with pytest.raises(IllegalAction):
        record.append(Roll(7))
    assert (record.state, record.actions, record.header, record.path.read_bytes()) == before


@pytest.mark.parametrize(
    ("seats", "variant", "seed", "error"),
    [
        ((Seat("Ann\x1b[2J", HUMAN), SEATS[1]), None, 1, ValueError),
        ((Seat("A" * 41, HUMAN), SEATS[1]), None, 1, ValueError),
        (SEATS, None, 2**64, ValueError),
        (SEATS * 2, None, 1, GameSetupError),
        (SEATS, "slow", 1, GameSetupError),
    ],
)
def test_a_new_record_refuses_what_a_load_would_refuse(tmp_path, seats, variant, seed, error):
    with pytest.raises(error):
        GameRecord.new(tmp_path / "a.exosave", GAME, seed, seats, variant)


def test_seat_specs_round_trip():
    assert Seat.from_spec("Bot", "mcts:hard") == Seat("Bot", "mcts", "hard")
    assert Seat.from_spec("Bot", "mcts:hard").spec == "mcts:hard"
    assert Seat.from_spec("Bot", "random").spec == "random"


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_changed_action_is_found_at_its_index(tmp_path_factory, data):
    seed = data.draw(st.integers(0, 3))
    model, saved = recorded(seed, None)
    path = tmp_path_factory.mktemp("s") / "a.exosave"
    path.write_bytes(model)
    index = data.draw(st.integers(0, len(saved.actions) - 1))
    replacement = data.draw(st.sampled_from([Roll(1), Roll(2), Roll(3), Hold()]))
    actions = [*saved.actions[:index], replacement, *saved.actions[index + 1 :]]

    def swap(content: dict[str, Any]) -> None:
        content["actions"][index] = msgspec.to_builtins(replacement)

    tamper(path, swap)
    expected = first_divergence(GAME, seed, actions, saved.states)
    if expected is None:
        assert load(path).final == saved.final
    else:
        with pytest.raises(VerificationFailed) as caught:
            load(path)
        assert caught.value.index == expected
        assert f"action {expected + 1} " in str(caught.value)


def test_a_rules_change_is_reported_at_the_first_diverging_action(tmp_path, monkeypatch):
    record = finished(tmp_path / "old.exosave", seed=8, variant=None)
    saved = load(record.path)
    changed = PigGame(faces=8, rules_version="2")
    monkeypatch.setattr(savegame_toy, "GAME", changed)
    expected = first_divergence(changed, 8, list(saved.actions), saved.states)
    assert expected is not None
    before = record.path.read_bytes()
    with pytest.raises(VerificationFailed) as caught:
        load(record.path)
    assert caught.value.index == expected
    assert f"action {expected + 1} " in str(caught.value)
    assert "saved under rules 1, these are 2" in str(caught.value)
    assert record.path.read_bytes() == before


def _extra_action(content: dict[str, Any]) -> None:
    content["actions"].append(["roll", 1])
    content["header"]["actions"] += 1
    content["trace"] += b"\0\0"
    if len(content["actions"]) % content["checkpoint_every"] == 0:
        content["checkpoints"].append(content["final"])


def _set_header(field: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda content: content["header"].__setitem__(field, value)


@pytest.mark.parametrize(
    ("change", "index", "problem"),
    [
        (lambda content: content["actions"].__setitem__(0, ["hold"]), 0, "action 1 is illegal"),
        (_extra_action, -1, "comes after the end of the game"),
        (_set_header("actions", 3), None, "the header says 3 actions"),
        (_set_header("result", None), None, "the header says the game goes on, but the replay ends it"),
        (_set_header("result", [0.5, 0.5]), None, "the header gives the result (0.5, 0.5), the replay ("),
        (_set_header("turn", 999), None, "the header says turn 999"),
        (_set_header("seed", 4), None, "the opening position differs"),
        (lambda content: content.__setitem__("final", "0" * 24), -2, "the last position differs"),
        (lambda content: content.__setitem__("trace", content["trace"][:-2]), None, "checkpoints do not fit"),
    ],
)
def test_a_save_that_does_not_verify_says_why(tmp_path, change, index, problem):
    record = finished(tmp_path / "a.exosave")
    count = len(record.actions)
    tamper(record.path, change)
    before = record.path.read_bytes()
    with pytest.raises(VerificationFailed) as caught:
        load(record.path)
    assert problem in str(caught.value)
    assert caught.value.index == (index if index is None or index >= 0 else count + index + 1)
    assert record.path.read_bytes() == before


def test_an_unfinished_save_claiming_a_result_does_not_verify(tmp_path):
    record = GameRecord.new(tmp_path / "a.exosave", GAME, 2, SEATS)
    record.save()
    play(record, 2, 5)
    tamper(record.path, _set_header("result", [1.0, 0.0]))
    with pytest.raises(VerificationFailed, match="the header says the game is over, but the replay does not end it"):
        load(record.path)


def _with(change: Callable[[dict[str, Any]], None]) -> Callable[[Path], bytes]:
    def build(_: Path) -> bytes:
        content = msgspec.msgpack.decode(recorded(3, "quick")[0])
        change(content)
        return msgspec.msgpack.encode(content)

    return build


# Per bad file: how to build it, what the message says in a player's words, and the decoder's detail kept for
# `exotui verify` (None when the message says it all).
BAD_FILES: dict[str, tuple[Callable[[Path], bytes], str, str | None]] = {
    "empty": (lambda _: b"", "empty file", None),
    "truncated": (
        lambda tmp_path: recorded(3, "quick")[0][:-40],
        "not an exotui save (damaged, cut short",
        "truncated",
    ),
    "text": (lambda _: b"not a save at all\n", "not an exotui save", None),
    "png": (lambda _: b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "not an exotui save", None),
    "a list": (lambda _: msgspec.msgpack.encode([1, 2, 3]), "not an exotui save", "Expected `object`, got `array`"),
    "json": (lambda _: b'{"header": {"format": 1}}', "not an exotui save", None),
    "newer format": (_with(_set_header("format", 2)), "newer exotui (save format 2", None),
    "format zero": (_with(_set_header("format", 0)), "unknown save format 0", None),
    "unknown game": (_with(_set_header("game", "chess")), "unknown game 'chess'", None),
    "wrong field type": (
        _with(_set_header("seed", "seven")),
        "damaged save: the seed in the header is not valid",
        "Expected `int`, got `str` - at `$.header.seed`",
    ),
    "negative count": (
        _with(_set_header("actions", -1)),
        "damaged save: the number of actions in the header is not valid",
        "at `$.header.actions`",
    ),
    "escape in a name": (
        _with(_set_header("seats", [{"name": "\x1b]0;pwned\x07", "kind": "human"}] * 2)),
        "damaged save: the name of player 1 is not valid",
        "$.header.seats[0].name",
    ),
    "bidi in a name": (
        _with(_set_header("seats", [{"name": "Ann\u202egnp.exe", "kind": "human"}] * 2)),
        "damaged save: the name of player 1 is not valid",
        "$.header.seats[0].name",
    ),
    "wrong game": (
        _with(lambda content: content.__setitem__("actions", [["play", 7, 1, 6]])),
        "damaged save: action 1 (a Pig action) is not valid",
        "Invalid value 'play'",
    ),
    "bad action field": (
        _with(lambda content: content["actions"].__setitem__(2, ["roll", "2"])),
        "damaged save: action 3 (a Pig action) is not valid",
        "Expected `int`, got `str`",
    ),
    "too many seats": (
        _with(_set_header("seats", [{"name": "Ann", "kind": "human"}] * 5)),
        "cannot set up the game",
        None,
    ),
    "unknown variant": (_with(_set_header("variant", "slow")), "cannot set up the game", None),
    "deep nesting": (lambda _: b"\x81\xa4junk" + b"\x91" * 200_000 + b"\xc0", "nested too deeply", None),
    "absurd array length": (
        lambda _: b"\x81\xa7actions\xdd\xff\xff\xff\xff\xc0\xc0",
        "not an exotui save",
        "truncated",
    ),
    "absurd map length": (
        lambda _: b"\x81\xa6header\xdf\xff\xff\xff\xff\xa6format\x01",
        "not an exotui save",
        "truncated",
    ),
    "absurd string length": (
        lambda _: b"\x81\xa6header\x81\xa6format\xdb\xff\xff\xff\xff",
        "not an exotui save",
        "truncated",
    ),
    "trailing junk": (lambda tmp_path: recorded(3, "quick")[0] + b"\xc0", "not an exotui save", "trailing characters"),
    "huge": (lambda _: b"\0" * (records.MAX_SAVE_BYTES + 1), "larger than", None),
    "a huge invalid tag": (
        _with(lambda content: content["actions"].__setitem__(0, ["x" * 100_000])),
        "damaged save: action 1 (a Pig action) is not valid",
        "Invalid value 'xxxxxxxx",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_file_gives_one_line_in_a_players_words_and_stays_as_it_was(tmp_path, case):
    build, problem, detail = BAD_FILES[case]
    path = tmp_path / "bad.exosave"
    path.write_bytes(build(tmp_path))
    before = (path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(tmp_path)))
    with pytest.raises(BadSave) as caught:
        load(path)
    message = str(caught.value)
    assert type(caught.value) is BadSave
    assert message.startswith(f"{path}: ")
    assert problem in message
    # No decoder jargon for players; it is kept, cut short, for `exotui verify`.
    assert "`" not in message and "$." not in message
    if detail is not None:
        assert detail in caught.value.detail
    assert len(caught.value.detail or "") <= records.DETAIL_LIMIT
    assert "\n" not in message and len(message) - len(str(path)) <= records.PROBLEM_LIMIT + 2
    assert (path.read_bytes(), path.stat().st_mtime_ns, sorted(os.listdir(tmp_path))) == before


@pytest.mark.parametrize("make", [lambda path: None, lambda path: path.mkdir()])
def test_a_missing_or_odd_path_cannot_be_read(tmp_path, make):
    path = tmp_path / "x.exosave"
    make(path)
    with pytest.raises(BadSave, match=r"cannot read|not a save file: a directory"):
        load(path)
    with pytest.raises(BadSave, match=r"cannot read|not a save file: a directory"):
        read_header(path)


def test_an_unwritable_place_turns_saving_off_with_a_clear_message(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    record = GameRecord.new(blocker / "saves" / "a.exosave", GAME, 1, SEATS)
    with pytest.raises(SavingOff) as caught:
        record.save()
    message = str(caught.value)
    assert message.startswith("saving is off: cannot write ") and "/saves/a.exosave: a file or a broken link" in message
    assert record.saving_off is caught.value
    record.append(Roll(1))
    assert record.actions == [Roll(1)]


@pytest.mark.parametrize(
    ("module", "step", "code"),
    [
        (os, "fsync", errno.ENOSPC),
        (os, "replace", errno.ENOSPC),
        # The module that opens the save's files, so only its open fails.
        (records.files, "open", errno.EROFS),
        (records.files, "open", errno.EACCES),
    ],
)
def test_a_failed_write_leaves_the_previous_save_and_saving_can_resume(tmp_path, monkeypatch, module, step, code):
    record = GameRecord.new(tmp_path / "a.exosave", GAME, 4, SEATS)
    record.save()
    play(record, 4, 6)
    good = record.path.read_bytes()

    def failing(*args: Any) -> Any:
        if step == "open" and "w" not in args[1]:
            return open(*args)  # reading the save back stays possible
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(module, step, failing, raising=False)
    with pytest.raises(SavingOff) as caught:
        play(record, 5, 1)
    assert str(caught.value) == f"saving is off: cannot write {record.path}: {os.strerror(code)}"
    play(record, 6, 3)
    assert record.path.read_bytes() == good
    # No temporary file left; the lock of the game this record still has open.
    assert sorted(os.listdir(tmp_path)) == [".a.exosave.lock", "a.exosave"]
    assert load(record.path).header.actions == 6
    monkeypatch.undo()
    register(monkeypatch)
    record.save()
    assert record.saving_off is None
    assert load(record.path).final == record.state


@pytest.mark.parametrize(
    ("result", "turn", "status"),
    [
        (None, 7, "turn 7, in progress"),
        ((1.0, 0.0), 9, "Ann won"),
        ((0.0, 1.0), 9, "Bot won"),
        ((0.5, 0.5), 9, "a draw"),
        ((0.0, 0.0), 9, "nobody won"),
    ],
)
def test_the_status_says_progress_or_result(tmp_path, result, turn, status):
    header = GameRecord.new(tmp_path / "a.exosave", GAME, 1, SEATS).header
    assert msgspec.structs.replace(header, result=result, turn=turn).status == status

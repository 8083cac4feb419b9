"""Fuzzing the loader: whatever the bytes, loading gives a verified game or one BadSave line, never anything else."""

from __future__ import annotations

import contextlib
import functools
import tempfile
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from exotui import games
from exotui.engine.records import HUMAN, BadSave, GameRecord, SavedGame, Seat, load, load_bytes
from exotui.engine.savedir import SaveDir
from savegame_toy import play, register

NAME = Path("fuzzed.exosave")
FUZZ = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
def _pig(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


@functools.cache
def model(game_id: str, actions: int | None) -> bytes:
    """A save of a random game (finished, or stopped after `actions`), recorded once per session."""
    seats = (Seat("Ann", HUMAN), Seat("Bot", "random"))
    with tempfile.TemporaryDirectory() as directory:
        record = GameRecord.new(Path(directory) / "m.exosave", games.get(game_id), 7, seats)
        record.save()
        play(record, 7, actions)
        return record.path.read_bytes()


MODELS = st.sampled_from([("pig", None), ("pig", 20), ("exofauna", None), ("exofauna", 40), ("exo2", None)])


def outcome(data: bytes) -> SavedGame | BadSave:
    """Load `data`: a BadSave is returned to be looked at, any other exception fails the test."""
    try:
        return load_bytes(data, NAME)
    except BadSave as exc:
        return exc


def assert_clean(result: SavedGame | BadSave) -> None:
    if isinstance(result, BadSave):
        message = str(result)
        assert message.startswith(f"{NAME}: ")
        assert "\n" not in message and len(message) < 400


msgpack_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=30)
    | st.binary(max_size=30),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.text(max_size=12), inner, max_size=6),
    max_leaves=30,
)


def test_every_truncation_is_refused():
    for key in [("pig", None), ("exofauna", None)]:
        data = model(*key)
        for end in range(len(data)):
            result = outcome(data[:end])
            assert isinstance(result, BadSave)
            assert_clean(result)


@FUZZ
@given(key=MODELS, flips=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=6))
def test_flipped_bytes_are_refused_or_verified_and_the_file_stays(tmp_path, key, flips):
    data = bytearray(model(*key))
    for position, value in flips:
        data[position % len(data)] = value
    path = tmp_path / NAME
    path.write_bytes(data)
    with contextlib.suppress(BadSave):
        load(path)
    assert path.read_bytes() == data
    assert_clean(outcome(bytes(data)))


@FUZZ
@given(key=MODELS, cut=st.integers(0, 10**6), size=st.integers(1, 40), junk=st.binary(max_size=40))
# Found by CI: a cut leaves an action tag with a newline in it, which the decoder's message quoted.
@example(key=("exofauna", None), cut=999997, size=8, junk=b"")
def test_spliced_bytes_are_refused_or_verified(key, cut, size, junk):
    data = model(*key)
    start = cut % len(data)
    assert_clean(outcome(data[:start] + junk + data[start + size :]))


@settings(max_examples=300, deadline=None)
@given(value=msgpack_values)
def test_random_msgpack_is_refused(value):
    result = outcome(msgspec.msgpack.encode(value))
    assert isinstance(result, BadSave)
    assert_clean(result)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a part of a decoded save, the whole included."""
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _places(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _places(inner, (*path, index))
    return found


@settings(FUZZ, max_examples=400)
@given(key=MODELS, data=st.data())
def test_a_part_replaced_by_anything_is_refused_or_verified(tmp_path, key, data):
    """Wrong field types, absurd numbers and hostile actions reach the decoder, the game's rules and the listing."""
    content = msgspec.msgpack.decode(model(*key))
    places = _places(content)[1:]
    for _ in range(data.draw(st.integers(1, 3))):
        *parent_path, last = data.draw(st.sampled_from(places))
        replace = data.draw(st.booleans())
        try:
            parent = functools.reduce(lambda inner, step: inner[step], parent_path, content)
            if replace:
                parent[last] = data.draw(msgpack_values)
            else:
                del parent[last]
        except (KeyError, IndexError, TypeError):
            continue
    mutated = msgspec.msgpack.encode(content)
    assert_clean(outcome(mutated))
    (tmp_path / NAME).write_bytes(mutated)
    for entry in SaveDir(tmp_path).entries():
        assert entry.problem is not None or entry.header.status

"""Saves: hints and takebacks counted in the header, a takeback leaving the game as finally played."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from exotui.cli import main
from exotui.engine.records import HUMAN, BadSave, GameRecord, Seat, load, read_header
from savegame_toy import GAME, play, register

SEATS = (Seat("Ann", HUMAN), Seat.from_spec("Bot", "random"))
SAMPLES = Path(__file__).parents[2] / "saves"


@pytest.fixture(autouse=True)
def _pig(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def test_a_save_from_before_hints_loads_with_none_counted() -> None:
    # The samples were written before the header had hint and takeback counts.
    raw = msgspec.msgpack.decode((SAMPLES / "exofauna.exosave").read_bytes())
    assert "hints" not in raw["header"] and "takebacks" not in raw["header"]
    header = load(SAMPLES / "exofauna.exosave").header
    assert (header.hints, header.takebacks, header.takebacks_off) == ((), (), False)
    assert (header.hints_of(0), header.takebacks_of(1)) == (0, 0)


def test_a_hint_is_counted_for_its_seat_and_saved(tmp_path: Path) -> None:
    record = GameRecord.new(tmp_path / "g.exosave", GAME, 5, SEATS)
    record.save()
    record.count_hint(0)
    record.count_hint(0)
    record.count_hint(1)
    assert read_header(record.path).hints == (2, 1)
    record.close()
    assert GameRecord.resume(record.path).header.hints == (2, 1)


def test_a_takeback_saves_the_game_as_finally_played(tmp_path: Path) -> None:
    whole = GameRecord.new(tmp_path / "whole.exosave", GAME, 11, SEATS)
    whole.save()
    play(whole, 11)
    record = GameRecord.new(tmp_path / "g.exosave", GAME, 11, SEATS)
    record.save()
    for action in whole.actions[:30]:
        record.append(action)
    state = record.take_back(4, 0)
    assert state == load(whole.path).states[26]
    saved = load(record.path)
    assert (saved.final, saved.actions) == (state, tuple(whole.actions[:26]))
    assert saved.header.takebacks == (1, 0) and saved.header.actions == 26
    # Played on to the end, the file replays exactly, and still counts the takeback.
    for action in whole.actions[26:]:
        record.append(action)
    saved = load(record.path)
    assert saved.final == whole.state and saved.header.result == whole.header.result
    assert saved.header.takebacks == (1, 0)


def test_a_takeback_of_the_last_action_reopens_a_finished_game(tmp_path: Path) -> None:
    record = GameRecord.new(tmp_path / "g.exosave", GAME, 3, SEATS)
    record.save()
    play(record, 3)
    assert record.finished
    record.take_back(1, 1)
    assert not record.finished and not load(record.path).header.finished
    assert read_header(record.path).takebacks == (0, 1)


@pytest.mark.parametrize("count", [0, -1, 3])
def test_a_takeback_of_more_than_was_played_is_refused(tmp_path: Path, count: int) -> None:
    record = GameRecord.new(tmp_path / "g.exosave", GAME, 5, SEATS)
    record.save()
    play(record, 5, 2)
    before = record.path.read_bytes()
    with pytest.raises(ValueError, match="cannot take back"):
        record.take_back(count, 0)
    assert record.path.read_bytes() == before


def test_counts_for_the_wrong_number_of_players_are_a_damaged_save(tmp_path: Path) -> None:
    record = GameRecord.new(tmp_path / "g.exosave", GAME, 5, SEATS)
    record.save()
    content = msgspec.msgpack.decode(record.path.read_bytes())
    content["header"]["hints"] = [1, 2, 3]
    record.path.write_bytes(msgspec.msgpack.encode(content))
    with pytest.raises(BadSave, match="hints are not counted for every player"):
        load(record.path)


def test_the_text_replay_says_which_aids_were_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = GameRecord.new(tmp_path / "g.exosave", GAME, 5, SEATS)
    record.save()
    play(record, 5, 6)
    record.count_hint(0)
    record.take_back(2, 0)
    assert main(["replay", str(record.path), "--text"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "hints: Ann 1 · takebacks: Ann 1"

"""The save directory: where it is, what the load screen lists, which game "Continue" resumes, deleting."""

from __future__ import annotations

from pathlib import Path

import msgspec
import platformdirs
import pytest

from exotui import games
from exotui.engine.records import HUMAN, GameRecord, Seat, load
from exotui.engine.savedir import ENV_VAR, SUFFIX, SaveDir, review_cache
from savegame_toy import GAME, play, register

SEATS = (Seat("Ann", HUMAN), Seat.from_spec("Bot", "random"))


@pytest.fixture(autouse=True)
def _pig(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def started(saves: SaveDir, seed: int, actions: int | None) -> GameRecord:
    record = saves.new_record(GAME, seed, SEATS, "quick")
    record.save()
    play(record, seed, actions)
    return record


def test_the_option_beats_the_environment_which_beats_the_user_data_dir(monkeypatch, tmp_path):
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert SaveDir.locate().path == platformdirs.user_data_path("exotui") / "saves"
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "env"))
    assert SaveDir.locate().path == tmp_path / "env"
    assert SaveDir.locate(str(tmp_path / "option")).path == tmp_path / "option"
    monkeypatch.setenv(ENV_VAR, "")
    assert SaveDir.locate().path == platformdirs.user_data_path("exotui") / "saves"


def test_a_missing_directory_is_created_by_the_first_save(tmp_path):
    saves = SaveDir(tmp_path / "deep" / "saves")
    assert saves.entries() == []
    record = started(saves, 1, 0)
    assert record.path.parent == saves.path
    assert record.path.name.startswith("pig-") and record.path.suffix == SUFFIX
    assert [entry.path for entry in saves.entries()] == [record.path]


def test_entries_list_headers_newest_first_then_unreadable_files(tmp_path):
    saves = SaveDir(tmp_path)
    records = [started(saves, seed, actions) for seed, actions in [(1, None), (2, 3), (3, 5), (4, None)]]
    broken = tmp_path / f"broken{SUFFIX}"
    broken.write_bytes(b"\x00garbage")
    (tmp_path / f".{records[0].path.name}.tmp").write_bytes(b"half a save")
    (tmp_path / "notes.txt").write_text("not a save")
    entries = saves.entries()
    assert [entry.path for entry in entries] == [record.path for record in reversed(records)] + [broken]
    assert [entry.header for entry in entries[:-1]] == [record.header for record in reversed(records)]
    assert entries[-1].header is None
    assert "not an exotui save" in entries[-1].problem


def test_listing_reads_headers_only(tmp_path):
    saves = SaveDir(tmp_path)
    record = started(saves, 1, 6)
    content = msgspec.msgpack.decode(record.path.read_bytes())
    content["actions"][0] = ["roll", 9]
    record.path.write_bytes(msgspec.msgpack.encode(content))
    assert saves.entries()[0].header == record.header


def test_continue_offers_the_unfinished_game_played_last(tmp_path):
    saves = SaveDir(tmp_path)
    assert saves.latest_unfinished() is None
    older = started(saves, 1, 2)
    newer = started(saves, 2, 2)
    started(saves, 3, None)
    (tmp_path / f"broken{SUFFIX}").write_bytes(b"")
    assert saves.latest_unfinished().path == newer.path
    play(older, 4, 1)
    latest = saves.latest_unfinished()
    assert latest.path == older.path
    assert GameRecord.resume(latest.path).state == older.state


def test_delete_removes_one_save_of_the_directory_only(tmp_path):
    saves = SaveDir(tmp_path / "saves")
    keep, gone = started(saves, 1, 2), started(saves, 2, 2)
    saves.delete(gone.path)
    assert [entry.path for entry in saves.entries()] == [keep.path]
    assert load(keep.path).final == keep.state
    outside = tmp_path / f"other{SUFFIX}"
    outside.write_bytes(keep.path.read_bytes())
    for path in (outside, saves.path / "notes.txt"):
        with pytest.raises(ValueError, match="is not a save in"):
            saves.delete(path)
    assert outside.exists()
    with pytest.raises(FileNotFoundError):
        saves.delete(gone.path)


@pytest.mark.parametrize(
    ("field", "value"), [("updated", "2020-01-01T00:00:00"), ("result", []), ("seats", []), ("actions", -3)]
)
def test_a_hostile_header_is_listed_as_unreadable(tmp_path, field, value):
    saves = SaveDir(tmp_path)
    good = started(saves, 1, 2)
    content = msgspec.msgpack.decode(good.path.read_bytes())
    content["header"][field] = value
    (tmp_path / f"odd{SUFFIX}").write_bytes(msgspec.msgpack.encode(content))
    entries = saves.entries()
    assert [entry.path.name for entry in entries] == [good.path.name, f"odd{SUFFIX}"]
    assert entries[1].problem.startswith("damaged save: ") and "in the header is not valid" in entries[1].problem


def test_deleting_a_save_takes_its_review_with_it(tmp_path: Path) -> None:
    """A review is cached beside its save; a deleted game's review was left behind, hidden."""
    saves = SaveDir(tmp_path)
    record = saves.new_record(games.get("exo2"), 3, (Seat("Ann", HUMAN), Seat.from_spec("Bob", "greedy")))
    record.save()
    record.close()
    review_cache(record.path).write_bytes(b"cached")
    saves.delete(record.path)
    assert not record.path.exists() and not review_cache(record.path).exists()

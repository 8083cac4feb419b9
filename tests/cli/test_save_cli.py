"""The save subcommands: verify (exit 0, 1 or 2), replay --text, saves, and selfplay --record."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from exotui import games
from exotui.ai.match import play_match
from exotui.ai.players import make_player
from exotui.cli import main
from exotui.engine.records import HUMAN, GameRecord, Seat, load
from exotui.engine.savedir import ENV_VAR, SaveDir
from savegame_toy import GAME, play, register


@pytest.fixture(autouse=True)
def _pig(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


@pytest.fixture
def save(tmp_path):
    record = GameRecord.new(tmp_path / "game.exosave", GAME, 9, (Seat("Ann", HUMAN), Seat.from_spec("Bot", "random")))
    record.save()
    play(record, 9)
    return record.path


def test_verify_a_good_save(save, capsys):
    assert main(["verify", str(save), "--timing"]) == 0
    out = capsys.readouterr().out.splitlines()
    header = load(save).header
    assert out[0].startswith(f"{save}: good: Pig, seed 9: Ann vs Bot [random]; {header.actions} actions, ")
    assert out[0].endswith(f" bytes, {header.status}")
    assert out[1].startswith("  load and verify: median ")


def test_verify_a_save_that_does_not_replay(save, capsys):
    content = msgspec.msgpack.decode(save.read_bytes())
    content["actions"][0] = ["hold"]
    save.write_bytes(msgspec.msgpack.encode(content))
    assert main(["verify", str(save)]) == 1
    captured = capsys.readouterr()
    assert captured.out.startswith(f"{save}: does not verify: action 1 is illegal")
    assert captured.err == ""


@pytest.mark.parametrize("command", ["verify", "replay"])
@pytest.mark.parametrize("content", [None, b"", b"\x93\x01\x02"])
def test_an_unreadable_file_is_one_line_on_stderr_and_exit_2(tmp_path, capsys, command, content):
    path = tmp_path / "bad.exosave"
    if content is not None:
        path.write_bytes(content)
    assert main([command, str(path), "--text"] if command == "replay" else [command, str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"exotui: error: {path}: ")
    assert captured.err.count("\n") == 1


def test_replay_text_prints_the_described_moves(save, capsys):
    assert main(["replay", str(save), "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    saved = load(save)
    assert lines[0] == "Pig, seed 9: Ann vs Bot [random]"
    # Each move's line, then one indented line per event it caused (a lost pot, the win).
    told = []
    for state, action, after in zip(saved.states, saved.actions, saved.states[1:], strict=False):
        seat = GAME.current_player(state)
        told.append(f"{saved.header.seats[seat].name}: {GAME.describe(state, action)}")
        told.extend(f"      → {event}" for event in GAME.events(state, action, after))
    assert len(lines) == len(told) + 2
    for line, expected in zip(lines[1:], told, strict=False):
        assert line.endswith(expected)
    assert any(line.startswith("      → a one: the pot of ") for line in lines)
    assert lines[1].startswith("   1. turn 1 ")
    assert lines[-2].startswith("      → seat ") and " wins with " in lines[-2]
    assert lines[-1] == f"{saved.header.status} (turn {saved.header.turn})"


def test_replay_text_tells_what_the_setup_did_before_the_first_move(capsys):
    # Raging Rodents solo: the automaton's first turn comes with the deal, before any decision.
    sample = Path(__file__).parents[2] / "saves" / "rodents-solo.exosave"
    assert main(["replay", str(sample), "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    opening = games.get("rodents").opening(load(sample).states[0])
    assert lines[1:2] == [f"      → {sentence}" for sentence in opening]
    assert opening[0].startswith("The automaton reveals ")
    assert lines[2].startswith("   1. turn 1 ")


def test_selfplay_records_the_games_it_plays(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "from-env"))
    argv = ["selfplay", "--game", "pig", "--games", "2", "--seed", "4", "--variant", "quick", "--record"]
    assert main([*argv, "--saves-dir", str(tmp_path / "chosen")]) == 0
    entries = SaveDir(tmp_path / "chosen").entries()
    assert not (tmp_path / "from-env").exists()
    assert sorted(entry.header.seed for entry in entries) == [4, 5]
    for entry in entries:
        seed = entry.header.seed
        players = [make_player("random", seed * 31 + seat) for seat in range(2)]
        assert load(entry.path).actions == play_match(games.get("pig"), players, seed, "quick").actions
        assert [seat.spec for seat in entry.header.seats] == ["random", "random"]
    assert main(["--saves-dir", str(tmp_path / "first"), *argv]) == 0
    assert main(argv) == 0
    assert len(SaveDir(tmp_path / "first").entries()) == len(SaveDir(tmp_path / "from-env").entries()) == 2


def test_selfplay_into_an_unwritable_place_is_a_one_line_error(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main(["selfplay", "--game", "pig", "--games", "1", "--record", "--saves-dir", str(blocker)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("exotui: error: saving is off: cannot write ") and err.count("\n") == 1
    assert err.endswith(".exosave: a file or a broken link is where its directory should be\n")


def test_saves_lists_the_directory(save, tmp_path, capsys):
    (tmp_path / "broken.exosave").write_bytes(b"")
    assert main(["saves", "--saves-dir", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = load(save).header
    assert lines[0] == f"2 saves in {tmp_path}"
    # In the player's own time zone, labelled so (not "UTC"), as the app's Load screen shows it.
    local = header.updated.astimezone()
    assert lines[1] == f"  game.exosave: pig, Ann vs Bot, {local:%Y-%m-%d %H:%M} local time, {header.status}"
    assert lines[2] == "  broken.exosave: unreadable: empty file, not a save"


def test_an_unreadable_save_is_told_in_a_players_words_and_verify_keeps_the_decoders(
    save, tmp_path, capsys, monkeypatch
):
    content = msgspec.msgpack.decode(save.read_bytes())
    content["header"]["seats"][0]["name"] = 7
    save.write_bytes(msgspec.msgpack.encode(content))
    assert main(["--saves-dir", str(tmp_path), "saves"]) == 0
    listed = capsys.readouterr().out
    assert "damaged save: the name of player 1 is not valid" in listed and "`" not in listed
    monkeypatch.chdir(tmp_path)
    assert main(["verify", save.name]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"exotui: error: {save.name}: damaged save: the name of player 1 is not valid "
        "(the decoder: Expected `str`, got `int` - at `$.header.seats[0].name`)\n"
    )


@pytest.mark.parametrize("content", [b"\x05", b"{}\n", b"#!/bin/sh\necho hello\n"])
def test_verify_of_a_file_that_is_no_save_says_so_in_a_players_words_first(tmp_path, capsys, content):
    """It said only the decoder's "Expected `object`, got `int`"."""
    path = tmp_path / "five"
    path.write_bytes(content)
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"exotui: error: {path}: not an exotui save") and err.count("\n") == 1


SOLO = Path(__file__).parents[2] / "saves" / "rodents-solo.exosave"


def test_verify_replay_and_saves_say_the_automaton_won_a_lost_solo_game(tmp_path, capsys):
    """They said "nobody won" (engine.result)."""
    assert main(["verify", str(SOLO)]) == 0
    assert capsys.readouterr().out.endswith(" bytes, the automaton won\n")
    assert main(["replay", str(SOLO), "--text"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == f"the automaton won (turn {load(SOLO).header.turn})"
    (tmp_path / SOLO.name).write_bytes(SOLO.read_bytes())
    assert main(["saves", "--saves-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith(", the automaton won")

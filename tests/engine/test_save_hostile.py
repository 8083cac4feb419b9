"""Saves in a hostile world (issue 9): planted links and FIFOs, two instances on one game, impossible dates, absurd
levels, future dates, escape sequences in names, odd save directories, stale temporary files, a closed pipe.

Each test names the item it proves. Anything that could hang on a FIFO runs in a thread bounded in time.
"""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import msgspec
import pytest

from exotui import games
from exotui.ai.players import UnknownPlayer, make_player
from exotui.cli import main
from exotui.engine.lock import GameInUse, lock_path
from exotui.engine.records import HUMAN, BadSave, GameRecord, SavingOff, Seat, load, read_header
from exotui.engine.savedir import SaveDir
from exotui.play.session import GameSession
from hostile_files import HOSTILE_DATES, bounded
from savegame_toy import GAME, play, register

SEATS = (Seat("Ann", HUMAN), Seat.from_spec("Bot", "random"))


@pytest.fixture(autouse=True)
def _pig(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def started(directory: Path, name: str = "game.exosave", rolls: int = 3) -> GameRecord:
    record = GameRecord.new(directory / name, GAME, 5, SEATS)
    record.save()
    play(record, 5, rolls)
    return record


def rewrite(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    content = msgspec.msgpack.decode(path.read_bytes())
    change(content)
    path.write_bytes(msgspec.msgpack.encode(content))


# --- 1. temporary files ---------------------------------------------------------------------------------------


def test_a_planted_temporary_link_is_never_written_through(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    record = started(saves)
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me")
    (saves / ".game.exosave.tmp").symlink_to(victim)
    play(record, 5, 2)
    assert victim.read_text() == "keep me"
    assert stat.S_ISREG(os.lstat(record.path).st_mode)
    assert load(record.path).final == record.state


def test_a_planted_temporary_fifo_never_blocks_a_move(tmp_path):
    record = started(tmp_path)
    os.mkfifo(tmp_path / ".game.exosave.tmp")
    bounded(lambda: play(record, 5, 2))
    assert load(record.path).final == record.state


# --- 2. one writer per game -----------------------------------------------------------------------------------

HOLDER = """
import sys
from exotui.engine.lock import GameLock
lock = GameLock.acquire(__import__("pathlib").Path(sys.argv[1]))
print("holding", flush=True)
sys.stdin.read()
"""


def hold_elsewhere(save: Path) -> subprocess.Popen[str]:
    """Another process holding the game's lock, as a second exotui playing it would."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(save)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None
    assert holder.stdout.readline() == "holding\n"
    return holder


def test_a_game_open_elsewhere_cannot_be_resumed_but_can_be_replayed(tmp_path):
    record = started(tmp_path)
    record.close()
    holder = hold_elsewhere(record.path)
    try:
        with pytest.raises(GameInUse, match="open in another exotui"):
            GameRecord.resume(record.path)
        assert load(record.path).final == record.state
        with pytest.raises(GameInUse):
            SaveDir(tmp_path).delete(record.path)
    finally:
        holder.kill()
        holder.wait()
    # The holder died (kill -9): its lock never blocks anyone.
    resumed = GameRecord.resume(record.path)
    assert resumed.state == record.state


def test_a_record_whose_game_is_taken_by_another_process_stops_saving(tmp_path):
    record = started(tmp_path)
    record.close()
    holder = hold_elsewhere(record.path)
    try:
        with pytest.raises(SavingOff, match="open in another exotui"):
            play(record, 5, 1)
    finally:
        holder.kill()
        holder.wait()


def test_opening_a_game_again_in_the_same_app_takes_it_over(tmp_path):
    first = started(tmp_path)
    second = GameRecord.resume(first.path)
    play(second, 5, 1)
    with pytest.raises(SavingOff, match="opened again in this app"):
        play(first, 5, 1)
    assert load(second.path).final == second.state


def test_continue_on_a_game_open_elsewhere_opens_the_app_offering_replay_or_another(tmp_path, monkeypatch):
    record = started(tmp_path)
    record.close()
    opened: list[Any] = []
    monkeypatch.setattr("exotui.cli._run_app", lambda saves, opening=None: opened.append(opening) or 0)
    holder = hold_elsewhere(record.path)
    try:
        assert main(["--saves-dir", str(tmp_path), "--continue"]) == 0
    finally:
        holder.kill()
        holder.wait()
    assert isinstance(opened[0], GameInUse) and opened[0].save == record.path


def test_a_finished_game_lets_go_of_its_lock(tmp_path):
    record = started(tmp_path)
    assert lock_path(record.path).exists()
    play(record, 5)
    assert record.finished and not lock_path(record.path).exists()


def test_a_lock_left_by_a_dead_holder_is_removed_when_the_directory_is_listed(tmp_path):
    record = started(tmp_path)
    record.close()
    holder = hold_elsewhere(record.path)
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()
    assert lock_path(record.path).exists()
    old = time.time() - 7200
    os.utime(lock_path(record.path), (old, old))
    assert [entry.path for entry in SaveDir(tmp_path).entries()] == [record.path]
    assert not lock_path(record.path).exists()


# --- 3. a save that is a link, or read-only -------------------------------------------------------------------


def test_a_save_that_is_a_link_is_played_but_never_written_through(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    record = started(elsewhere)
    record.close()
    saves = tmp_path / "saves"
    saves.mkdir()
    link = saves / "game.exosave"
    link.symlink_to(record.path)
    before = record.path.read_bytes()
    resumed = GameRecord.resume(link)
    with pytest.raises(SavingOff, match="symbolic link") as caught:
        play(resumed, 5, 1)
    assert "\n" not in str(caught.value)
    play(resumed, 5, 1)  # told once; the game goes on unsaved
    assert link.is_symlink() and record.path.read_bytes() == before


def test_a_read_only_save_is_never_replaced(tmp_path):
    record = started(tmp_path)
    before = record.path.read_bytes()
    record.path.chmod(0o444)
    with pytest.raises(SavingOff, match="read-only"):
        play(record, 5, 1)
    play(record, 5, 1)
    assert record.path.read_bytes() == before
    assert stat.S_IMODE(record.path.stat().st_mode) == 0o444


# --- 4. dates beyond what datetime holds ----------------------------------------------------------------------


@pytest.mark.parametrize("field", ["created", "updated"])
@pytest.mark.parametrize("date", sorted(HOSTILE_DATES))
def test_an_impossible_date_is_refused_when_the_file_is_read(tmp_path, field, date):
    record = started(tmp_path)
    record.close()
    rewrite(record.path, lambda content: content["header"].__setitem__(field, HOSTILE_DATES[date]))
    for read in (read_header, load):
        with pytest.raises(BadSave) as caught:
            read(record.path)
        assert "\n" not in str(caught.value) and "date" in str(caught.value)
    assert SaveDir(tmp_path).latest_unfinished() is None
    assert main(["--saves-dir", str(tmp_path), "saves"]) == 0
    assert main(["verify", str(record.path)]) == 2
    assert main(["replay", str(record.path), "--text"]) == 2
    assert main(["--saves-dir", str(tmp_path), "--continue"]) == 2


# --- 5. non-regular files -------------------------------------------------------------------------------------


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _socket(path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    # Kept open for the test's life: a socket file with a listener.
    _SOCKETS.append(server)


_SOCKETS: list[socket.socket] = []
ODD_FILES: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo": (_fifo, "a named pipe"),
    "socket": (_socket, "a socket"),
    "directory": (lambda path: path.mkdir(), "a directory"),
    "device": (lambda path: path.symlink_to("/dev/zero"), "a device"),
}


@pytest.mark.parametrize("kind", sorted(ODD_FILES))
def test_only_regular_files_are_read_and_nothing_blocks(tmp_path, kind, capsys):
    make, words = ODD_FILES[kind]
    record = started(tmp_path)
    record.close()
    odd = tmp_path / "odd.exosave"
    make(odd)
    with pytest.raises(BadSave, match=f"not a save file: {words}"):
        bounded(lambda: read_header(odd))
    entries = bounded(lambda: SaveDir(tmp_path).entries())
    assert [(entry.path.name, entry.problem) for entry in entries] == [
        ("game.exosave", None),
        ("odd.exosave", f"not a save file: {words}"),
    ]
    assert bounded(lambda: main(["verify", str(odd)])) == 2
    assert bounded(lambda: main(["--saves-dir", str(tmp_path), "saves"])) == 0
    assert bounded(lambda: SaveDir(tmp_path).latest_unfinished()).path == record.path
    capsys.readouterr()


# --- 6. absurd levels -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("level", ["it=99999999999", "it=0", "s=100000", "s=nan", "s=inf", "s=-1"])
def test_an_absurd_level_is_refused_on_the_command_line_and_in_a_save(tmp_path, level):
    with pytest.raises(UnknownPlayer):
        make_player(f"mcts:{level}")
    record = GameRecord.new(tmp_path / "g.exosave", GAME, 5, (Seat("Ann", HUMAN), Seat("Bot", "mcts", level)))
    record.save()
    record.close()
    with pytest.raises(BadSave, match="Bot: bad player"):
        GameSession.resume(GameRecord.resume(record.path))
    assert main(["--saves-dir", str(tmp_path), "--continue"]) == 2


def test_the_limits_of_levels_are_in_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "it=N (N iterations, 1 to 1,000,000)" in out and "up to 60" in out


# --- 7. Continue trusts when the file was written, not the date it claims ----------------------------------------


def test_a_save_claiming_a_future_date_does_not_take_over_continue(tmp_path):
    claimed = started(tmp_path, "claims-the-future.exosave")
    claimed.close()
    rewrite(
        claimed.path,
        lambda content: content["header"].__setitem__("updated", datetime(2999, 1, 1, tzinfo=UTC)),
    )
    earlier = time.time() - 3600
    os.utime(claimed.path, (earlier, earlier))
    real = started(tmp_path, "played-last.exosave")
    real.close()
    assert SaveDir(tmp_path).latest_unfinished().path == real.path


def test_a_file_written_in_the_future_does_not_take_over_continue(tmp_path):
    future = started(tmp_path, "future.exosave")
    future.close()
    later = time.time() + 10 * 365 * 86400
    os.utime(future.path, (later, later))
    real = started(tmp_path, "real.exosave")
    real.close()
    assert SaveDir(tmp_path).latest_unfinished().path == real.path


# --- 9. escape sequences and bidi characters in what the CLI prints --------------------------------------------

HOSTILE_NAME = "\x1b]0;pwned\x07\x1b[2J\u202egnp\u2066\u200b\ufeff\u2028.exosave"
RAW = ("\x1b", "\x07", "\u202e", "\u2066", "\u200b", "\ufeff", "\u2028")


def test_file_names_are_escaped_in_everything_the_cli_prints(tmp_path, capsys):
    record = started(tmp_path, HOSTILE_NAME)
    record.close()
    (tmp_path / f"broken{HOSTILE_NAME}").write_bytes(b"\x1b[2J")
    commands = [
        ["--saves-dir", str(tmp_path), "saves"],
        ["verify", str(record.path)],
        ["verify", str(tmp_path / f"broken{HOSTILE_NAME}")],
        ["replay", str(tmp_path / f"missing{HOSTILE_NAME}"), "--text"],
    ]
    for argv in commands:
        main(argv)
        captured = capsys.readouterr()
        printed = captured.out + captured.err
        assert "\\x1b" in printed
        assert not any(char in printed for char in RAW), argv


# --- 10. odd save directories ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda path: path.write_text("not a directory"), "is not a directory"),
        (lambda path: path.symlink_to(path.parent / "nowhere"), "link to nothing"),
    ],
)
def test_a_saves_directory_that_is_not_one_is_named_as_such(tmp_path, capsys, make, problem):
    saves = tmp_path / "saves"
    make(saves)
    assert SaveDir(saves).problem().endswith(problem)
    assert main(["--saves-dir", str(saves), "saves"]) == 2
    err = capsys.readouterr().err
    assert problem in err and "0 saves" not in err
    assert main(["--saves-dir", str(saves), "--continue"]) == 2
    assert problem in capsys.readouterr().err
    record = SaveDir(saves).new_record(GAME, 1, SEATS)
    with pytest.raises(SavingOff) as caught:
        record.save()
    assert "File exists" not in str(caught.value)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any directory")
def test_an_unreadable_saves_directory_says_permission_denied(tmp_path):
    saves = tmp_path / "saves"
    saves.mkdir()
    saves.chmod(0)
    try:
        assert SaveDir(saves).problem() == f"cannot read {saves}: permission denied"
    finally:
        saves.chmod(0o700)


def test_continue_names_an_unreadable_save_instead_of_saying_there_is_none(tmp_path, capsys):
    (tmp_path / "only.exosave").write_bytes(b"\x93\x01")
    assert main(["--saves-dir", str(tmp_path), "--continue"]) == 2
    err = capsys.readouterr().err
    assert "only.exosave cannot be read: not an exotui save" in err


# --- 12. stale temporary files --------------------------------------------------------------------------------


def test_stale_temporary_files_of_this_app_are_removed_and_nothing_else(tmp_path):
    record = started(tmp_path)
    record.close()
    old = time.time() - 7200
    stale = [tmp_path / ".game.exosave.tmp", tmp_path / ".game.exosave.k2j4x9ab.tmp"]
    kept = [
        tmp_path / ".game.exosave.fresh123.tmp",  # young: a writer may own it
        tmp_path / ".notes.txt.tmp",  # not this app's
        tmp_path / "game.exosave.tmp",  # not hidden: not this app's pattern
    ]
    for path in stale + kept:
        path.write_bytes(b"x")
    for path in stale + kept[1:]:
        os.utime(path, (old, old))
    target = tmp_path / "target"
    target.write_text("keep")
    link = tmp_path / ".other.exosave.abcdef12.tmp"
    link.symlink_to(target)
    os.utime(link, (old, old), follow_symlinks=False)
    SaveDir(tmp_path).entries()
    assert not any(path.exists() for path in stale)
    assert all(path.exists() for path in kept)
    assert link.is_symlink() and target.read_text() == "keep"


# --- 13. a closed pipe ----------------------------------------------------------------------------------------


def test_replay_text_into_a_closed_pipe_ends_quietly(tmp_path):
    game = games.get("exo2")
    record = GameRecord.new(tmp_path / "long.exosave", game, 3, (Seat("Ann", HUMAN), Seat("Bob", HUMAN)))
    record.save()
    while not record.finished:
        record.append(game.legal_actions(record.state)[0])
    record.close()
    command = subprocess.Popen(
        [sys.executable, "-m", "exotui", "replay", str(record.path), "--text"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    assert command.stdout is not None and command.stderr is not None
    command.stdout.read(10)
    command.stdout.close()
    err = command.stderr.read()
    assert command.wait(timeout=60) in (0, 141)
    assert b"Traceback" not in err and b"BrokenPipe" not in err

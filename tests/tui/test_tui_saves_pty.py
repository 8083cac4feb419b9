"""The real `exotui` in a pseudo-terminal: a game started by keys is on disk as it goes, and SIGHUP (the SSH
connection dropped) ends the app cleanly with the game saved, ready for `exotui --continue`. SIGTERM and the
signal arriving during a save are tested in-process (test_tui_saves.py, test_save_signals.py)."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

from exotui.engine.records import BadSave, load, read_header

pty = pytest.importorskip("pty")


def read_for(fd: int, seconds: float, output: bytearray | None = None) -> None:
    """Read the app's output for a while (a full pty would block it), keeping it in `output`."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                data = os.read(fd, 65536)
            except OSError:
                return
            if output is not None:
                output += data


def wait_until(fd: int, condition: object, seconds: float = 30.0, output: bytearray | None = None) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        read_for(fd, 0.1, output)


def shown(output: bytearray, text: bytes) -> object:
    """Whether `text` has been drawn since the last call (then forgets what was read)."""

    def check() -> bool:
        found = text in output
        if found:
            output.clear()
        return found

    return check


def actions_saved(directory: Path) -> int:
    for path in directory.glob("*.exosave"):
        try:
            return read_header(path).actions
        except BadSave:
            return -1
    return -1


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals and SIGHUP")
def test_sighup_ends_the_real_app_cleanly_with_the_game_saved(tmp_path):
    pid, fd = pty.fork()
    if pid == 0:
        try:
            os.environ["TERM"] = "xterm-256color"
            os.execv(sys.executable, [sys.executable, "-m", "exotui", "--saves-dir", str(tmp_path)])
        finally:
            os._exit(127)
    try:
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        output = bytearray()
        # Keys only once the screen that takes them is drawn. Enter twice: you against the normal AI; the opening
        # position is saved at once.
        wait_until(fd, shown(output, b"New game"), output=output)
        os.write(fd, b"\r")
        wait_until(fd, shown(output, b"Start"), output=output)
        os.write(fd, b"\r")
        wait_until(fd, lambda: actions_saved(tmp_path) == 0)
        read_for(fd, 0.5)
        # Play the first card to the first free space offered.
        os.write(fd, b"1")
        read_for(fd, 0.3)
        os.write(fd, b"\r")
        wait_until(fd, lambda: actions_saved(tmp_path) >= 1)
        os.kill(pid, signal.SIGHUP)
        deadline = time.monotonic() + 15
        while (status := os.waitpid(pid, os.WNOHANG))[0] == 0:
            assert time.monotonic() < deadline, "the app did not exit"
            read_for(fd, 0.1)
        pid = 0
    finally:
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
    assert os.waitstatus_to_exitcode(status[1]) == 128 + signal.SIGHUP
    (path,) = tmp_path.glob("*.exosave")
    saved = load(path)
    assert len(saved.actions) >= 1 and not saved.header.finished
    assert [seat.spec for seat in saved.header.seats] == ["human", "mcts:normal"]

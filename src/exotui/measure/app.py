"""Measure the app as a player feels it, in a real pseudo-terminal of 80x24: `python -m exotui.measure.app`.

Prints the time from starting `exotui` to its first frame (the title menu on screen); the time from a key press to
the repaint of a whole-screen change (opening and closing help), with no search running and while the AI is
thinking; and the time from a cursor move on the table to its repaint. POSIX only (it drives the app through a pty).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import statistics
import struct
import sys
import tempfile
import termios
import time
from typing import Final

from exotui.engine.savedir import ENV_VAR
from exotui.play.session import HUMAN
from exotui.tui.choices import Choices, save_choices

ENTER: Final = b"\r"
DOWN: Final = b"\x1b[B"
ESCAPE: Final = b"\x1b"


class Terminal:
    """The app running in a pty, with everything it printed since the last `expect`."""

    def __init__(self, argv: list[str], columns: int = 80, rows: int = 24) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.execvp(argv[0], argv)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.seen = b""

    def send(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def expect(self, text: str, timeout: float = 30.0) -> float:
        """Wait until `text` has been printed; the seconds waited. Output before it is dropped."""
        started = time.perf_counter()
        wanted = text.encode()
        while wanted not in self.seen:
            left = timeout - (time.perf_counter() - started)
            if left <= 0:
                raise TimeoutError(f"{text!r} did not appear within {timeout} s")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                self.seen += os.read(self.fd, 65536)
        self.seen = self.seen[self.seen.index(wanted) + len(wanted) :]
        return time.perf_counter() - started

    def repaint(self, keys: bytes, quiet: float = 0.2, timeout: float = 10.0) -> float:
        """Send `keys`; the seconds until the last output before `quiet` seconds without any: their repaint."""
        started = time.perf_counter()
        self.send(keys)
        last = None
        while True:
            if not select.select([self.fd], [], [], quiet)[0]:
                if last is not None:
                    return last - started
                if time.perf_counter() - started > timeout:
                    raise TimeoutError(f"no repaint within {timeout} s")
                continue
            self.seen += os.read(self.fd, 65536)
            last = time.perf_counter()

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def first_frame(runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        terminal = Terminal([sys.executable, "-m", "exotui"])
        try:
            times.append(terminal.expect("New game"))
        finally:
            terminal.close()
    return times


def repaint_idle(presses: int) -> list[float]:
    """The same help open/close on the title screen, with no search running: the baseline."""
    terminal = Terminal([sys.executable, "-m", "exotui"])
    times = []
    try:
        terminal.expect("New game")
        for _ in range(presses):
            terminal.send(b"?")
            times.append(terminal.expect("Turn order"))
            terminal.send(ESCAPE)
            times.append(terminal.expect("Replays"))
    finally:
        terminal.close()
    return times


def repaint_while_thinking(presses: int, level: str) -> list[float]:
    """Blue the AI at `level` against a person, then open and close help while it searches."""
    # The form opens as these choices left it (`tui/choices.py`), so Enter, Enter starts this game: no Tab counts
    # to go stale when the form changes.
    save_choices(Choices(game="exofauna", players=2, seats=(f"mcts:{level}", HUMAN)))
    terminal = Terminal([sys.executable, "-m", "exotui"])
    times = []
    try:
        terminal.expect("New game")
        terminal.send(ENTER)
        terminal.expect("Start")
        terminal.send(ENTER)
        for _ in range(presses):
            # Press only while the search is reporting, so every press measures a repaint during a search.
            terminal.expect("win chance")
            terminal.send(b"?")
            times.append(terminal.expect("Turn order"))
            terminal.send(ESCAPE)
            times.append(terminal.expect("Hand ("))
    finally:
        terminal.close()
    return times


def cursor_moves(presses: int) -> list[float]:
    """Start the default game, a person against the AI with the person first, and move the hand's cursor."""
    terminal = Terminal([sys.executable, "-m", "exotui"])
    times = []
    try:
        terminal.expect("New game")
        terminal.send(ENTER)
        terminal.expect("Start")
        # A person plays Blue, who starts, against the AI.
        save_choices(Choices(game="exofauna", players=2, seats=(HUMAN, "mcts:normal")))
        terminal.send(ENTER)
        terminal.expect("Hand (")
        # Let the first frames of the table finish before timing anything.
        terminal.repaint(b"")
        for _ in range(presses):
            times.append(terminal.repaint(DOWN))
    finally:
        terminal.close()
    return times


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m exotui.measure.app", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="app starts to time (default 5)")
    parser.add_argument("--presses", type=int, default=10, help="help open/close pairs while thinking (default 10)")
    parser.add_argument("--level", choices=("easy", "normal", "hard"), default="normal", help="the AI level")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        # The games the measurement plays are autosaved there, and the form's choices it sets kept there, not
        # among the player's saves and settings.
        os.environ[ENV_VAR] = scratch
        os.environ["XDG_CONFIG_HOME"] = scratch
        measure(args.runs, args.presses, args.level)
    return 0


def measure(runs: int, presses: int, level: str) -> None:
    starts = first_frame(runs)
    print(f"first frame: median {statistics.median(starts) * 1000:.0f} ms, max {max(starts) * 1000:.0f} ms")
    idle = repaint_idle(presses)
    print(
        f"key press to repaint, no search running: median {statistics.median(idle) * 1000:.0f} ms, "
        f"max {max(idle) * 1000:.0f} ms over {len(idle)} presses"
    )
    repaints = repaint_while_thinking(presses, level)
    print(
        f"key press to repaint while the AI ({level}) thinks: median {statistics.median(repaints) * 1000:.0f} ms, "
        f"max {max(repaints) * 1000:.0f} ms over {len(repaints)} presses"
    )
    moves = cursor_moves(presses)
    print(
        f"cursor move to repaint: median {statistics.median(moves) * 1000:.0f} ms, "
        f"max {max(moves) * 1000:.0f} ms over {len(moves)} presses"
    )


if __name__ == "__main__":
    sys.exit(main())

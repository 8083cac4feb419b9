"""One program on a pseudo-terminal of its own, driven from the server's event loop without ever blocking it.

The SSH session hands it the client's keys (`feed`), window sizes (`resize`) and the end of the connection
(`hangup`: SIGHUP, as a terminal that goes away sends it); it hands back the program's output (`on_output`) and its
exit code (`on_exit`). Both directions keep a bound: input the program does not read pauses the SSH channel
(`on_input_full`), and output the client does not read pauses reading the terminal (`pause_output`), so a
misbehaving client blocks only its own program.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import fcntl
import os
import signal
import struct
import sys
import termios
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

# Bytes of keys held for a program that does not read them, before the SSH channel is paused.
INPUT_LIMIT = 64 * 1024
# Seconds a program has to end after SIGHUP (it saves first) before it is killed.
HANGUP_GRACE = 10.0


# Linux's prctl, loaded before any fork (a child between fork and exec should not load libraries).
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None
PR_SET_PDEATHSIG = 1


def _set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _no_job_control(fd: int) -> None:
    """The terminal sends no SIGTSTP on Ctrl+Z: no client can stop the program (Textual, which restores the modes
    it found when it exits, would otherwise stop on a Ctrl+Z typed while it quits, freezing the session)."""
    modes = termios.tcgetattr(fd)
    modes[6][termios.VSUSP] = b"\x00"  # _POSIX_VDISABLE
    termios.tcsetattr(fd, termios.TCSANOW, modes)


def _take_terminal() -> None:
    # In the child, after setsid (start_new_session): its terminal becomes the controlling one, so the kernel sends
    # it SIGWINCH on a resize, which Textual's driver listens for.
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    # Should the server die (even by SIGKILL), the program ends with it. Not by SIGHUP: the kernel hangs the
    # terminal up first, and Textual, exiting on a hung-up terminal, waits for ever on its output thread (which died
    # on EIO). Every action is on disk already (each is saved as it is played), so nothing is lost.
    if _LIBC is not None:
        _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


class PtyProcess:
    """A child process whose stdin, stdout and stderr are the far side of a new pseudo-terminal."""

    def __init__(
        self,
        on_output: Callable[[bytes], None],
        on_exit: Callable[[int], None],
        on_input_full: Callable[[bool], None],
    ) -> None:
        self.on_output = on_output
        self.on_exit = on_exit
        self.on_input_full = on_input_full
        self.process: asyncio.subprocess.Process | None = None
        self._master = -1
        self._pending = bytearray()
        self._output_paused = False
        self._loop = asyncio.get_running_loop()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    async def start(self, argv: Sequence[str], env: Mapping[str, str], cwd: Path, columns: int, rows: int) -> None:
        master, slave = os.openpty()
        try:
            _set_size(slave, columns, rows)
            _no_job_control(slave)
            self.process = await asyncio.create_subprocess_exec(
                *argv,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=dict(env),
                cwd=cwd,
                start_new_session=True,
                preexec_fn=_take_terminal,
            )
        except BaseException:
            os.close(master)
            raise
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self._master = master
        self._loop.add_reader(master, self._read)
        self._loop.create_task(self._wait())

    async def _wait(self) -> None:
        assert self.process is not None
        code = await self.process.wait()
        try:
            # Whatever the program wrote last (restoring the client's terminal) goes out before the exit status.
            self._read(drain=True)
        finally:
            self._close()
            self.on_exit(code)

    def _read(self, drain: bool = False) -> None:
        while self._master >= 0:
            try:
                data = os.read(self._master, 65536)
            except BlockingIOError:
                return
            except OSError:
                # EIO: every copy of the terminal's far side is closed.
                self._loop.remove_reader(self._master)
                return
            if not data:
                return
            self.on_output(data)
            if not drain:
                return

    def _close(self) -> None:
        if self._master >= 0:
            self._loop.remove_reader(self._master)
            self._loop.remove_writer(self._master)
            os.close(self._master)
            self._master = -1

    def feed(self, data: bytes) -> None:
        """Keys from the client, written as the program reads them."""
        if self._master < 0:
            return
        was_full = len(self._pending) >= INPUT_LIMIT
        self._pending += data
        self._flush()
        if not was_full and len(self._pending) >= INPUT_LIMIT:
            self.on_input_full(True)

    def _flush(self) -> None:
        if self._master < 0:
            return
        try:
            written = os.write(self._master, self._pending) if self._pending else 0
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending.clear()
            written = 0
        was_full = len(self._pending) >= INPUT_LIMIT
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self._master, self._flush)
        else:
            self._loop.remove_writer(self._master)
        if was_full and len(self._pending) < INPUT_LIMIT:
            self.on_input_full(False)

    def resize(self, columns: int, rows: int) -> None:
        if self._master >= 0 and columns > 0 and rows > 0:
            _set_size(self._master, columns, rows)

    def pause_output(self) -> None:
        """The client reads no more for now: stop reading the terminal, so the program waits on its own writes."""
        if self._master >= 0 and not self._output_paused:
            self._output_paused = True
            self._loop.remove_reader(self._master)

    def resume_output(self) -> None:
        if self._master >= 0 and self._output_paused:
            self._output_paused = False
            self._loop.add_reader(self._master, self._read)

    def signal(self, signum: int, group: bool = False) -> None:
        """Send `signum` to the program, or with `group` to everything it started too (its process group)."""
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                (os.killpg if group else os.kill)(self.process.pid, signum)

    async def hangup(self, grace: float = HANGUP_GRACE) -> None:
        """End the program as a closed terminal would (SIGHUP: it saves and exits); killed if it takes too long."""
        if self.process is None:
            return
        self.signal(signal.SIGHUP)
        # A program stopped all the same (by a signal of its own) must run to end.
        self.signal(signal.SIGCONT, group=True)
        # Its output still flows while it ends, so a full terminal cannot keep it from exiting.
        self.resume_output()
        try:
            await asyncio.wait_for(asyncio.shield(self.process.wait()), grace)
        except TimeoutError:
            self.signal(signal.SIGKILL, group=True)
            await self.process.wait()

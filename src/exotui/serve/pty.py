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
# Bytes of keys per second a program is given, after a burst of INPUT_BURST (a paste): far more than anyone types,
# and little enough that a client sending megabytes of random keys cannot make its app parse them at full speed
# (20 such clients took the cores from everyone else).
INPUT_RATE = 8 * 1024
INPUT_BURST = 64 * 1024
# Seconds a program has to end after SIGHUP (it saves first) before it is killed.
HANGUP_GRACE = 10.0


# Linux's prctl, loaded before any fork (a child between fork and exec should not load libraries).
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform.startswith("linux") else None
PR_SET_PDEATHSIG = 1


def _set_size(fd: int, columns: int, rows: int) -> None:
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def _no_job_control(fd: int) -> None:
    """The terminal sends no SIGTSTP on Ctrl+Z and no SIGQUIT on Ctrl+\\: no client can stop the program (Textual,
    which restores the modes it found when it exits, would otherwise stop on a Ctrl+Z typed while it quits, freezing
    the session), nor kill it with a core dump by a key typed before Textual takes the terminal."""
    modes = termios.tcgetattr(fd)
    modes[6][termios.VSUSP] = b"\x00"  # _POSIX_VDISABLE
    modes[6][termios.VQUIT] = b"\x00"
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
        input_rate: float = INPUT_RATE,
        input_burst: int = INPUT_BURST,
    ) -> None:
        self.on_output = on_output
        self.on_exit = on_exit
        self.on_input_full = on_input_full
        self.process: asyncio.subprocess.Process | None = None
        self._master = -1
        self._pending = bytearray()
        self._output_paused = False
        self._loop = asyncio.get_running_loop()
        # A token bucket: bytes of keys the program may be given now, refilled at input_rate.
        self.input_rate, self.input_burst = input_rate, input_burst
        self._allowed = float(input_burst)
        self._since = self._loop.time()
        self._retry: asyncio.TimerHandle | None = None

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
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None
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

    def _allowance(self) -> int:
        """Bytes of keys the program may be given now (the token bucket refilled since last time)."""
        now = self._loop.time()
        self._allowed = min(float(self.input_burst), self._allowed + (now - self._since) * self.input_rate)
        self._since = now
        return int(self._allowed)

    def _flush(self) -> None:
        if self._master < 0:
            return
        chunk = bytes(self._pending[: self._allowance()])
        try:
            written = os.write(self._master, chunk) if chunk else 0
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending.clear()
            written = 0
        self._allowed -= written
        was_full = len(self._pending) >= INPUT_LIMIT
        del self._pending[:written]
        self._loop.remove_writer(self._master)
        if self._pending:
            if written < len(chunk):
                # The terminal is full: on when the program has read some.
                self._loop.add_writer(self._master, self._flush)
            elif self._retry is None:
                # Out of allowance: on when some is back.
                wait = (min(len(self._pending), 4096) - self._allowed) / self.input_rate
                self._retry = self._loop.call_later(max(wait, 0.01), self._retried)
        if was_full and len(self._pending) < INPUT_LIMIT:
            self.on_input_full(False)

    def _retried(self) -> None:
        self._retry = None
        self._flush()

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

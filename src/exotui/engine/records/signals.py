"""Exiting on SIGHUP or SIGTERM without cutting a save short: `exit_cleanly_on_signals` and the gate it opens.

`GameRecord` holds the gate (`_GATE.held()`) while it records an action, so a signal then waits until the file is
written.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator, Sequence


def _exit_with_signal(signum: int) -> None:
    raise SystemExit(128 + signum)


class _SignalGate:
    """Holds an exit signal back while the main thread records an action, so the save is never cut short."""

    def __init__(self) -> None:
        self.depth = 0
        self.pending: int | None = None
        self.on_exit: Callable[[int], object] = _exit_with_signal

    def handle(self, signum: int, frame: object) -> None:
        if self.depth:
            self.pending = signum
        else:
            self.on_exit(signum)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        # Python runs signal handlers in the main thread only, so only its recording can be interrupted.
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1
            if not self.depth and self.pending is not None:
                signum, self.pending = self.pending, None
                self.on_exit(signum)


_GATE = _SignalGate()
# SIGHUP is what a dropped SSH connection sends; Windows has no such signal.
_EXIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGHUP", "SIGTERM") if hasattr(signal, name))


def exit_cleanly_on_signals(
    on_exit: Callable[[int], object] = _exit_with_signal,
    signals: Sequence[signal.Signals] = _EXIT_SIGNALS,
) -> Callable[[], None]:
    """On SIGHUP (a dropped SSH connection) or SIGTERM, let the action being recorded finish saving, then exit.

    Every action is saved as it is appended, so only an append in progress can be at risk: a signal arriving
    during `GameRecord.append` or `save` (in the main thread) waits until the file is written. `on_exit(signum)`
    then runs in the signal handler; the default raises SystemExit(128 + signum). An asyncio app (Textual) should
    hand over to its loop, e.g. `lambda signum: loop.call_soon_threadsafe(app.exit)`.
    Returns a function that puts the previous handlers back.
    """
    previous = {signum: signal.getsignal(signum) for signum in signals}
    _GATE.on_exit = on_exit
    for signum in signals:
        signal.signal(signum, _GATE.handle)

    def restore() -> None:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        _GATE.on_exit = _exit_with_signal

    return restore

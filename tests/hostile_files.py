"""Helpers for the hostile-file tests: a call bounded in time, msgpack timestamps beyond datetime, hostile text."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import msgspec
from hypothesis import strategies as st

BOUND = 10.0
# Control, bidi and invisible characters a file or a file name may carry to drive or fool a terminal.
HOSTILE_CHARS = "\x1b\x07\x00\x9b[]0;\u202e\u2066\u2069\u200b\u200f\ufeff\u2028\u061c"
# Any of them escaped is harmless; any of these raw in output is a bug.
RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\u2066", "\u2069", "\u200b", "\u200f", "\ufeff", "\u2028", "\u061c")
hostile_text = st.text(alphabet=st.sampled_from(f"ab. {HOSTILE_CHARS}"), min_size=1, max_size=45)
# A file name: no slash, no NUL, not "." or "..", short enough for any file system.
hostile_names = hostile_text.map(lambda text: text.replace("\x00", "") or "x").filter(
    lambda name: name not in (".", "..")
)


def bounded(call: Callable[[], Any], seconds: float = BOUND) -> Any:
    """`call()` in a thread; fails the test (instead of hanging it) if it has not returned within `seconds`."""
    result: list[Any] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            result.append(call())
        except BaseException as exc:  # handed to the test thread
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still blocked after {seconds} s"
    if errors:
        raise errors[0]
    return result[0]


def timestamp(seconds: int) -> msgspec.msgpack.Ext:
    """A msgpack timestamp (extension type -1, 96-bit form) of any second, even beyond what datetime holds."""
    return msgspec.msgpack.Ext(-1, (0).to_bytes(4, "big") + seconds.to_bytes(8, "big", signed=True))


YEAR_10000 = 253402300800
# At and beyond the limits of datetime and of what exotui accepts (years 1970 to 9000).
HOSTILE_DATES = {
    "year 10000": timestamp(YEAR_10000),
    "the last second of 9999": timestamp(YEAR_10000 - 1),
    "year 1": timestamp(-62135596800),
    "before 1970": timestamp(-1),
    "far past": timestamp(-(2**62)),
    "far future": timestamp(2**62),
}

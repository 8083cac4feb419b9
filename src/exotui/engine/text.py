"""Text that came from outside (a file, a file name, an object handed to the rules) made safe to show.

One function for the CLI, the app and error messages: a hostile name can neither drive the terminal (escape
sequences), nor reorder or hide what is shown around it (bidi and invisible characters), nor flood a message.
"""

from __future__ import annotations

from datetime import datetime
from typing import Final

# Longest piece of a file, name or value quoted in a one-line message.
QUOTE_LIMIT: Final = 60
# Longest path in a message; a longer one keeps its end, where the file's name is.
PATH_LIMIT: Final = 90
# Longest line the CLI prints about a problem.
LINE_LIMIT: Final = 200
# The characters a save's texts may not hold, as the inside of a regular-expression class (msgspec checks it while
# decoding): C0 and C1 controls, the bidi controls and marks (U+061C, U+200E-F, U+202A-E, U+2066-9), the
# invisible ones (U+200B-D, U+2060-4, U+FEFF) and the line and paragraph separators (U+2028-9).
UNSAFE_CHARS: Final = r"\x00-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff"


def printable(text: str, limit: int | None = QUOTE_LIMIT) -> str:
    """`text` with every non-printable character written as its escape (`\\x1b`, `\\u202e`), cut to `limit`.

    Non-printable is Python's `str.isprintable`: controls, format characters (bidi, zero-width), separators
    other than the space, surrogates and unassigned code points. A cut text ends with an ellipsis.
    """
    if not text.isprintable():
        text = "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)
    if limit is not None and len(text) > limit:
        return text[: limit - 1] + "…"
    return text


def printable_path(path: object, limit: int = PATH_LIMIT) -> str:
    """A path made printable (as `printable`), cut at its start when longer than `limit`: the name stays whole."""
    text = printable(str(path), None)
    return text if len(text) <= limit else "…" + text[len(text) - limit + 1 :]


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A short, printable `repr` of any value, for messages about values that should not have been given."""
    try:
        text = repr(value)
    except Exception:  # a hostile object's __repr__ may raise anything; it is only being named
        text = f"<{type(value).__name__} object>"
    return printable(text, limit)


def os_reason(error: OSError) -> str:
    """An OSError in a player's words: "permission denied" rather than "[Errno 13] Permission denied: '/x'"."""
    return error.strerror[:1].lower() + error.strerror[1:] if error.strerror else printable(str(error))


def local_time(when: datetime) -> str:
    """A saved time as players read it, in their own time zone (saves hold UTC); the app and the CLI agree."""
    return f"{when.astimezone():%Y-%m-%d %H:%M}"

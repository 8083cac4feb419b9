"""A seat's label ("Yellow: AI it=1000000") in the columns a table has for it, shortened so that it still reads; a
file's name likewise."""

from __future__ import annotations

import re
from typing import Final

from textual.content import Content

# Round thousands and millions of a computer's budget, in their short form: "it=1000000" reads "it=1M".
_MILLIONS: Final = re.compile(r"(?<![\d.])(\d+)000000(?![\d.])")
_THOUSANDS: Final = re.compile(r"(?<![\d.])(\d+)000(?![\d.])")
# Where a label may be cut: before a space, or after a colon inside a word ("AI easy:it=750:c=1.0"), never inside
# a name or a number.
_BREAKS: Final = re.compile(r"(?= )|(?<=:)(?=\S)")
# Left out before the ellipsis: "Yellow: AI…", not "Yellow: AI:…" nor "Seat 2 …".
_TRAILING: Final = " :·,("


def cells(text: str) -> int:
    """The terminal cells `text` takes, measured as the widgets measure what they draw."""
    return Content(text).cell_length


def short_form(label: str) -> str:
    """`label` with its round thousands and millions shortened ("AI it=1M", "AI it=4k")."""
    return _THOUSANDS.sub(r"\1k", _MILLIONS.sub(r"\1M", label))


def fit_label(label: str, width: int) -> str:
    """`label` in at most `width` cells: whole where it fits, else its short form (`short_form`), else its first
    words ended by "…" ("Yellow: AI easy…" for "Yellow: AI easy:it=750:c=1.0"). A word is cut only where the first
    one alone does not fit. A `width` under 1 (not laid out yet) leaves the label whole."""
    if width < 1 or cells(label) <= width:
        return label
    short = short_form(label)
    if cells(short) <= width:
        return short
    for cut in reversed([match.start() for match in _BREAKS.finditer(short)]):
        head = short[:cut].rstrip(_TRAILING)
        if head and cells(head) + 1 <= width:
            return f"{head}…"
    return Content(short).truncate(width, ellipsis=True).plain


def fit_name(name: str, width: int) -> str:
    """A file's `name` in at most `width` cells: whole where it fits, else shortened in the middle by "…", keeping its
    extension and as much of its start and of its end as fit ("exofauna-2026…40543-0c36d5.exosave" in 34 cells): its
    start tells the game, its end which save it is. Wrapped, it was broken mid-word ("…0c36d5.exosav" over "e"). Where
    even its extension leaves no room, its start and "…". A `width` under 1 (not laid out yet) leaves it whole."""
    if width < 1 or cells(name) <= width:
        return name
    stem, dot, extension = name.rpartition(".")
    end = f"{dot}{extension}" if stem else ""
    room = width - 1 - cells(end)
    if not stem or room < 2:
        return Content(name).truncate(width, ellipsis=True).plain
    head = Content(stem).truncate(room - room // 2).plain
    tail = stem[len(head) :]
    while cells(tail) > room - cells(head):
        tail = tail[1:]
    return f"{head}…{tail}{end}"

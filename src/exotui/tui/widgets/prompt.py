"""The inline prompt: the question being asked, then either a card's full text or the legal answers."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import ClassVar, Final

from textual.binding import Binding
from textual.content import Content
from textual.widget import Widget

# Options whose first words are the same are told apart by the words after those they all share.
SAME_START: Final = 3
# The key that picks each answer at once: 1-9, then the letters no table or the app uses for something else
# (hjkl move, q quits). Answers past these are reached with the arrows.
ANSWER_KEYS: Final = "123456789abcdefgimnoprstuvwxyz"


def answer_keys(count: int) -> str:
    """The keys of `count` answers, as a prompt names them: '1', '1-6', '1-9 a-f', or '1-9 a-z' when some are past
    the keys (reached with the arrows)."""
    last = ANSWER_KEYS[min(count, len(ANSWER_KEYS)) - 1]
    if count <= 9:
        return "1" if count == 1 else f"1-{last}"
    return f"1-9 {ANSWER_KEYS[9]}-{last}" if last != ANSWER_KEYS[9] else "1-9 a"


def too_few(count: int) -> str:
    """Why a key past the last of `count` answers did nothing."""
    if count == 1:
        return "There is only 1 answer (1)."
    return f"There are only {count} answers ({answer_keys(count)})."


def answer_bindings(description: str) -> list[Binding]:
    """A table's bindings picking answer n with its key from `ANSWER_KEYS` (action `pick(n)`); one footer entry."""
    first, *others = ANSWER_KEYS
    return [
        Binding(first, "pick(1)", description, key_display=f"1-9 {ANSWER_KEYS[9]}-{ANSWER_KEYS[-1]}"),
        *(Binding(key, f"pick({number})", show=False) for number, key in enumerate(others, start=2)),
    ]


class Prompt(Widget):
    """Shows `question` in bold, then `options` (numbered, the cursor one reversed and marked) or `detail`."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"prompt--question", "prompt--cursor"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.question = ""
        self.detail = ""
        self.options: tuple[str, ...] = ()
        self.cursor = 0
        self.keys = ANSWER_KEYS

    def show(
        self, question: str, detail: str = "", options: tuple[str, ...] = (), cursor: int = 0, keys: str = ANSWER_KEYS
    ) -> None:
        """`keys` label the options in order (the keys that pick them now); the options past them go unlabelled."""
        self.question, self.detail, self.options, self.cursor, self.keys = question, detail, options, cursor, keys
        self.refresh()

    def render(self) -> Content:
        question = Content.styled(self.question, self.get_visual_style("prompt--question", partial=True))
        if not self.options:
            return Content.assemble(question, "\n", self.detail) if self.detail else question
        width = max(1, self.size.width)
        lines = question.wrap(width)
        # Rows left under the question; the list scrolls to keep the cursor in sight. The answer under the cursor
        # is printed in full, on as many rows as it needs, the others by what sets them apart.
        rows = max(2, self.size.height - len(lines)) - 1
        first = min(max(0, self.cursor - rows // 2), max(0, len(self.options) - rows))
        short = distinct_ends(self.options)
        cursor_style = self.get_visual_style("prompt--cursor")
        for index in range(first, min(len(self.options), first + rows)):
            number = self.keys[index] if index < len(self.keys) else " "
            if index == self.cursor:
                text = Content(f"▶{number} {self.options[index]}")
                lines.extend(line.truncate(width, pad=True).stylize(cursor_style) for line in text.wrap(width))
            else:
                lines.append(Content(fit(f" {number} {short[index]}", width)))
        return Content("\n").join(lines)


def fit(text: str, width: int) -> str:
    """`text` in `width` cells: when too long, its middle gives way to "…", keeping what it acts on (its start)
    and where (its end), which is where answers of one question differ."""
    if len(text) <= width:
        return text
    head = max(1, (width - 1) * 2 // 5)
    return text[:head].rstrip() + "…" + text[len(text) - (width - 1 - len(text[:head].rstrip())) :]


def distinct_ends(options: Sequence[str]) -> tuple[str, ...]:
    """Each option without the words it shares with the other options that start like it ("… top-left.").

    Answers such as "Blue's Vashti uses Tunnel: moves the blue Oomba to the yellow hole (2), top." differ only at
    the end; cut at the edge of the screen they would all look the same.
    """
    words = [option.split(" ") for option in options]
    groups: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for index, option_words in enumerate(words):
        groups[tuple(option_words[:SAME_START])].append(index)
    ends = list(options)
    for members in groups.values():
        if len(members) < 2:
            continue
        shared = 0
        while all(len(words[m]) > shared + 1 and words[m][shared] == words[members[0]][shared] for m in members):
            shared += 1
        if shared > SAME_START:
            for m in members:
                ends[m] = "… " + " ".join(words[m][shared:])
    return tuple(ends)

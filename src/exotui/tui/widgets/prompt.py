"""The inline prompt: the question being asked, then either a card's full text or the legal answers."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Final

from textual.content import Content
from textual.widget import Widget

# Options whose first words are the same are told apart by the words after those they all share.
SAME_START: Final = 3


class Prompt(Widget):
    """Shows `question` in bold, then `options` (numbered, the cursor one reversed and marked) or `detail`."""

    COMPONENT_CLASSES: Final = {"prompt--question", "prompt--cursor"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.question = ""
        self.detail = ""
        self.options: tuple[str, ...] = ()
        self.cursor = 0

    def show(self, question: str, detail: str = "", options: tuple[str, ...] = (), cursor: int = 0) -> None:
        self.question, self.detail, self.options, self.cursor = question, detail, options, cursor
        self.refresh()

    def render(self) -> Content:
        question = Content.styled(self.question, self.get_visual_style("prompt--question", partial=True))
        if not self.options:
            return Content.assemble(question, "\n", self.detail) if self.detail else question
        width = max(1, self.size.width)
        lines = question.wrap(width)
        # Rows left under the question; the list scrolls to keep the cursor in sight. The answer under the cursor
        # is printed in full (it may take two rows), the others by what sets them apart.
        rows = max(2, self.size.height - len(lines)) - 1
        first = min(max(0, self.cursor - rows // 2), max(0, len(self.options) - rows))
        short = distinct_ends(self.options)
        cursor_style = self.get_visual_style("prompt--cursor")
        for index in range(first, min(len(self.options), first + rows)):
            number = str(index + 1) if index < 9 else " "
            if index == self.cursor:
                text = Content(f"▶{number} {self.options[index]}")
                lines.extend(line.truncate(width, pad=True).stylize(cursor_style) for line in text.wrap(width)[:2])
            else:
                lines.append(Content(f" {number} {short[index]}").truncate(width, ellipsis=True))
        return Content("\n").join(lines)


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

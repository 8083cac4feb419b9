"""The inline prompt: the question being asked, then either a card's full text or the legal answers."""

from __future__ import annotations

from typing import Final

from textual.content import Content
from textual.widget import Widget


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
        # Rows left under the question; the list scrolls to keep the cursor in sight.
        rows = max(1, self.size.height - 1)
        first = min(max(0, self.cursor - rows // 2), max(0, len(self.options) - rows))
        lines = [question]
        cursor_style = self.get_visual_style("prompt--cursor")
        for index in range(first, min(len(self.options), first + rows)):
            number = str(index + 1) if index < 9 else " "
            selected = index == self.cursor
            line = Content(f"{'▶' if selected else ' '}{number} {self.options[index]}").truncate(
                self.size.width, ellipsis=True, pad=True
            )
            lines.append(line.stylize(cursor_style) if selected else line)
        return Content("\n").join(lines)

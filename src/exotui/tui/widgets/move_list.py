"""The move list of a replay: every decision, numbered, the current one marked and highlighted, kept in sight."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from textual.content import Content
from textual.widget import Widget

from exotui.engine.records import Move


class MoveList(Widget):
    DEFAULT_CSS: Final = """
    MoveList { height: 4; background: $boost; text-wrap: nowrap; text-overflow: ellipsis; }
    MoveList > .move-list--current { background: $accent; color: $text; text-style: bold; }
    MoveList > .move-list--future { color: $text-muted; }
    """
    COMPONENT_CLASSES: Final = {"move-list--current", "move-list--future"}

    def __init__(self, moves: Sequence[Move], *, id: str | None = None) -> None:
        super().__init__(id=id)
        # The described moves name who decided already.
        self.lines = tuple(f"{m.number:>4}. turn {m.turn:<3} {m.text}" for m in moves)
        # The index of the move just played (the one that led to the position shown); -1 at the start.
        self.current = -1

    def show(self, current: int) -> None:
        self.current = current
        self.refresh()

    def render(self) -> Content:
        height = max(1, self.size.height)
        # The move just played sits on the second line, so the one before it and those to come are in sight.
        first = max(0, min(self.current - 1, len(self.lines) - height))
        rows: list[Content] = []
        if self.current < 0 and first == 0:
            rows.append(Content.styled("   ▶ the opening position", self.get_visual_style("move-list--current")))
            height -= 1
        for index in range(first, min(first + height, len(self.lines))):
            if index == self.current:
                rows.append(Content.styled("▶" + self.lines[index][1:], self.get_visual_style("move-list--current")))
            elif index > self.current:
                rows.append(Content.styled(self.lines[index], self.get_visual_style("move-list--future")))
            else:
                rows.append(Content(self.lines[index]))
        return Content("\n").join(rows)

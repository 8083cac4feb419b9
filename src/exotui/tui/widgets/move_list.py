"""The move list of a replay: every decision, numbered, each followed by what it caused (arrowed lines); the current
one marked and highlighted, kept in sight."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.engine.records import Move


class MoveList(Widget):
    DEFAULT_CSS = """
    MoveList { height: 4; background: $boost; text-wrap: nowrap; text-overflow: ellipsis; }
    MoveList > .move-list--current { background: $accent; color: $text; text-style: bold; }
    MoveList > .move-list--future { color: $text-muted; }
    MoveList > .move-list--event { text-style: bold; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {"move-list--current", "move-list--future", "move-list--event"}

    def __init__(self, moves: Sequence[Move], *, id: str | None = None) -> None:
        super().__init__(id=id)
        # One row per move (its described sentence names who decided already), then one per event it caused:
        # (index of the move, text, whether the row is an event).
        self.rows = tuple(
            row
            for index, m in enumerate(moves)
            for row in (
                (index, f"{m.number:>4}. turn {m.turn:<3} {m.text}", False),
                *((index, f"{'':10}→ {event}", True) for event in m.events),
            )
        )
        # The index of the move just played (the one that led to the position shown); -1 at the start.
        self.current = -1

    def show(self, current: int) -> None:
        self.current = current
        self.refresh()

    def render(self) -> Content:
        height = max(1, self.size.height)
        # The move just played sits on the second line, so the one before it and those to come are in sight; on the
        # first when that leaves some of what it caused out of sight.
        at = next((row for row, (index, _, _) in enumerate(self.rows) if index == self.current), -1)
        own = sum(1 for index, _, _ in self.rows if index == self.current)
        first = max(0, min(at - 1 if own < height else at, len(self.rows) - height))
        rows: list[Content] = []
        if self.current < 0 and first == 0:
            rows.append(Content.styled("   ▶ the opening position", self.get_visual_style("move-list--current")))
            height -= 1
        for index, text, event in self.rows[first : first + height]:
            if index == self.current:
                marked = text if event else "▶" + text[1:]
                rows.append(Content.styled(marked, self.get_visual_style("move-list--current")))
            elif index > self.current:
                rows.append(Content.styled(text, self.get_visual_style("move-list--future")))
            else:
                rows.append(Content.styled(text, self.get_visual_style("move-list--event")) if event else Content(text))
        return Content("\n").join(rows)

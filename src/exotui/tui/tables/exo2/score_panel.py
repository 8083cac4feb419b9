"""The score panel: each player's points, in total and per feature (size, colour, type)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from textual.content import Content
from textual.widget import Widget

from exotui.games.exo2 import Points

HEADER: Final = "Score    pts size colour type"


class ScorePanel(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"score--title", "score--deciding"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names: tuple[str, ...] = ()
        self.points: tuple[Points, ...] = ()
        self.deciding: int | None = None

    def show(self, names: Sequence[str], points: Sequence[Points], deciding: int | None) -> None:
        """`names` short (e.g. "Seat 1"), one per seat; `deciding` is marked ▶."""
        resized = len(points) != len(self.points)
        self.names, self.points, self.deciding = tuple(names), tuple(points), deciding
        self.refresh(layout=resized)

    def render(self) -> Content:
        lines = [Content.styled(HEADER, self.get_visual_style("score--title", partial=True))]
        for seat, (name, (size, colour, kind)) in enumerate(zip(self.names, self.points, strict=True)):
            marker = "▶" if seat == self.deciding else " "
            line = Content(f"{marker}{name:<7}{size + colour + kind:>4}{size:>5}{colour:>7}{kind:>5}")
            if seat == self.deciding:
                line = line.stylize(self.get_visual_style("score--deciding", partial=True))
            lines.append(line)
        return Content("\n").join(lines)

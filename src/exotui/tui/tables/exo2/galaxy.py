"""A Galaxy: one player's grid of planets around their Star, with the squares a planet may go to.

Each square is three columns wide with one column between squares (where the cursor's brackets go). When the
Galaxy is larger than the widget, the widget shows a window onto it that follows the cursor, and its subtitle
says which way more squares lie.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from textual.content import Content
from textual.events import Resize

from exotui.games.exo2.cards import planet_code
from exotui.games.exo2.rules import STAR
from exotui.games.exo2.rules import Galaxy as Planets
from exotui.tui.tables.exo2.planet import CELL, PlanetsWidget, colour_class

PITCH: Final = CELL + 1
STAR_MARK: Final = "(*)"

Square = tuple[int, int]


def _window(low: int, high: int, size: int, focus: int, start: int | None) -> int:
    """The first index of `size` shown out of low..high: all of it centred if it fits, else a window that keeps
    `focus` in sight and moves as little as possible from `start`."""
    extent = high - low + 1
    if extent <= size:
        return low - (size - extent) // 2
    first = focus - size // 2 if start is None else start
    first = min(max(first, focus - size + 1), focus)
    return min(max(first, low), high - size + 1)


class Galaxy(PlanetsWidget):
    """Shows one Galaxy. `legal` maps each square the chosen planet may go to onto the points it would score
    there (drawn "+N", or "+" for none); the `cursor` square is bracketed and highlighted; the planet placed last
    is underlined. Large, the grid keeps a ring of squares around the planets so every legal square shows;
    compact, only the planets and the Star."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *PlanetsWidget.COMPONENT_CLASSES,
        "galaxy--star",
        "galaxy--empty",
        "galaxy--legal",
        "galaxy--scoring",
        "galaxy--cursor",
        "galaxy--last",
    }

    def __init__(self, *, compact: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.compact = compact
        self.planets: Planets = ()
        self.legal: Mapping[Square, int] = {}
        self.cursor: Square | None = None
        # The top-left square shown, kept between draws so the window only moves when the cursor leaves it.
        self.origin: Square | None = None

    def show(
        self,
        planets: Planets,
        title: str,
        legal: Mapping[Square, int] | None = None,
        cursor: Square | None = None,
        deciding: bool = False,
    ) -> None:
        self.planets, self.legal, self.cursor = planets, legal or {}, cursor
        self.border_title = title
        self.set_class(deciding, "-deciding")
        self._place_window()
        self.refresh()

    def bounds(self) -> tuple[Square, Square]:
        """The (left, top) and (right, bottom) squares of the grid drawn: the Star and the planets, with a ring of
        empty squares around them when large."""
        xs = [STAR[0], *(x for x, _, _ in self.planets)]
        ys = [STAR[1], *(y for _, y, _ in self.planets)]
        ring = 0 if self.compact else 1
        return (min(xs) - ring, min(ys) - ring), (max(xs) + ring, max(ys) + ring)

    def columns(self) -> int:
        # Squares have a column between them; a large Galaxy also keeps one before the first and after the last,
        # for the cursor's brackets.
        return max(1, (self.size.width + (1 if self.compact else -1)) // PITCH)

    def _place_window(self) -> None:
        (left, top), (right, bottom) = self.bounds()
        focus = self.cursor or STAR
        start = self.origin or (None, None)
        columns, rows = self.columns(), max(1, self.size.height)
        self.origin = (
            _window(left, right, columns, focus[0], start[0]),
            _window(top, bottom, rows, focus[1], start[1]),
        )
        more = "".join(
            arrow
            for arrow, hidden in (
                ("←", self.origin[0] > left),
                ("→", self.origin[0] + columns - 1 < right),
                ("↑", self.origin[1] > top),
                ("↓", self.origin[1] + rows - 1 < bottom),
            )
            if hidden
        )
        self.border_subtitle = f"more {more}" if more else ""

    def on_resize(self, event: Resize) -> None:
        self._place_window()

    def render(self) -> Content:
        if self.origin is None:
            self._place_window()
        assert self.origin is not None
        x0, y0 = self.origin
        grid = {(x, y): token for x, y, token in self.planets}
        last = (self.planets[-1][0], self.planets[-1][1]) if self.planets else None
        (left, top), (right, bottom) = self.bounds()
        lines = []
        for y in range(y0, y0 + max(1, self.size.height)):
            parts: list[Content] = []
            after_cursor = False
            for x in range(x0, x0 + self.columns()):
                on_cursor = self.cursor == (x, y)
                # The column before each square holds the cursor's brackets; a compact Galaxy has no cursor.
                if parts or not self.compact:
                    parts.append(Content("[" if on_cursor else "]" if after_cursor else " "))
                inside = left <= x <= right and top <= y <= bottom
                parts.append(self._square((x, y), grid.get((x, y)), last) if inside else Content(" " * CELL))
                after_cursor = on_cursor
            if after_cursor:
                parts.append(Content("]"))
            lines.append(Content.assemble(*parts))
        return Content("\n").join(lines)

    def _square(self, square: Square, token: int | None, last: Square | None) -> Content:
        if square == STAR:
            text, style = STAR_MARK, self.get_visual_style("galaxy--star")
        elif token is not None:
            text, style = planet_code(token), self.get_visual_style(colour_class(token))
            if square == last:
                style += self.get_visual_style("galaxy--last", partial=True)
        elif square in self.legal:
            points = self.legal[square]
            text = f"+{points}".rjust(CELL) if points else " + "
            style = self.get_visual_style("galaxy--scoring" if points else "galaxy--legal")
        else:
            text, style = " · ", self.get_visual_style("galaxy--empty")
        if square == self.cursor:
            style += self.get_visual_style("galaxy--cursor")
        return Content.styled(text, style)

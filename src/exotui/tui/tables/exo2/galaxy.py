"""A Galaxy: one player's grid of planets around their Star, with the squares a planet may go to.

Each square is drawn in a cell, with one column between cells (where the cursor's brackets go). At 80x24 a cell is
three columns by one row; a larger widget draws larger cells, where a planet is a token of its colour (half blocks
above and below its letters), as long as the whole grid still shows. When the Galaxy is larger than the widget, the
widget shows a window onto it that follows the cursor, or else keeps the planet placed last in sight, and its
subtitle says which way more squares lie.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from textual.content import Content
from textual.events import Resize
from textual.style import Style

from exotui.games.exo2 import LINES, STAR, features, planet_code
from exotui.games.exo2 import Galaxy as Planets
from exotui.tui.labels import fit_label
from exotui.tui.tables.exo2.planet import CELL, Cell, PlanetsWidget, colour_class

STAR_MARK: Final = "(*)"

Square = tuple[int, int]


# From the smallest, the one 80x24 draws; a widget takes the largest that shows the whole grid and at least
# `FEWEST_SHOWN` squares, so that a Galaxy of a few planets does not take cells it soon outgrows (and 80x24, six
# rows high, keeps its cells): the large Galaxy takes 5x2 cells at 120x40, 7x3 at 200x60.
CELLS: Final = (Cell(CELL, 1), Cell(5, 2), Cell(7, 3))
FEWEST_SHOWN: Final = (7, 5)
# The columns a border takes around its title: a corner, a line and a space on each side ("╭─ title ─╮").
TITLE_FRAME: Final = 6


def least_width(compact: bool, cell: Cell = CELLS[1]) -> int:
    """The columns a Galaxy needs, its border included, to draw `FEWEST_SHOWN` squares across in cells of `cell`
    (as `Galaxy.columns` counts them): 45 for the viewer's large cells, 43 for another seat's."""
    return FEWEST_SHOWN[0] * (cell.width + 1) + (-1 if compact else 1) + 2


def scoring_squares(planets: Planets) -> frozenset[Square]:
    """The squares of the planets in a line of 3 that scores (sharing a size, a colour or a type), as the rules
    count them (`rules.galaxy_points`): what the final table highlights."""
    grid = {(x, y): token for x, y, token in planets}
    scoring: set[Square] = set()
    for x, y in grid:
        for dx, dy in LINES:
            run = [(x, y), (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)]
            if not all(square in grid for square in run):
                continue
            shared = [len({features(grid[square])[feature] for square in run}) == 1 for feature in range(3)]
            if any(shared):
                scoring.update(run)
    return frozenset(scoring)


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
        # On the final table, the planets in a line that scores; the others are drawn as lower-case letters only.
        self.scoring: frozenset[Square] | None = None
        # The top-left square shown, kept between draws so the window only moves when the cursor leaves it.
        self.origin: Square | None = None
        self.cell = CELLS[0]
        # The title as given and as the border shows it, and what follows it where the border has room for both
        # (`_fit_title`).
        self.label = ""
        self.title = ""
        self.note = ""

    def show(
        self,
        planets: Planets,
        title: str,
        legal: Mapping[Square, int] | None = None,
        cursor: Square | None = None,
        deciding: bool = False,
        scoring: frozenset[Square] | None = None,
        note: str = "",
    ) -> None:
        """`scoring`, on the final table: the squares of the planets in a line that scores (`scoring_squares`).
        `note` follows the title where the border has room for the whole."""
        self.planets, self.legal, self.cursor, self.scoring = planets, legal or {}, cursor, scoring
        self.label, self.note = title, note
        self._fit_title()
        self.set_class(deciding, "-deciding")
        if cursor is None:
            # No cursor to keep steady: the window centres on the planet placed last, whichever positions were drawn
            # before (a computer's moves come faster than draws, so which were is a matter of timing, and the final
            # table's window changed with it).
            self.origin = None
        self._place_window()
        self.refresh()

    def bounds(self) -> tuple[Square, Square]:
        """The (left, top) and (right, bottom) squares of the grid drawn: the Star and the planets, with a ring of
        empty squares around them when large."""
        xs = [STAR[0], *(x for x, _, _ in self.planets)]
        ys = [STAR[1], *(y for _, y, _ in self.planets)]
        ring = 0 if self.compact else 1
        return (min(xs) - ring, min(ys) - ring), (max(xs) + ring, max(ys) + ring)

    def last(self) -> Square | None:
        """The square of the planet placed last, None before the first."""
        return (self.planets[-1][0], self.planets[-1][1]) if self.planets else None

    def columns(self, cell: Cell | None = None) -> int:
        """The squares shown across, in cells of `cell` (the present size if None)."""
        # Squares have a column between them; a large Galaxy also keeps one before the first and after the last,
        # for the cursor's brackets.
        width = (cell or self.cell).width
        return max(1, (self.size.width + (1 if self.compact else -1)) // (width + 1))

    def rows(self, cell: Cell | None = None) -> int:
        return max(1, self.size.height // (cell or self.cell).height)

    def _fit_cell(self) -> None:
        """The largest cell that shows the whole grid and at least `FEWEST_SHOWN` squares (else the smallest)."""
        (left, top), (right, bottom) = self.bounds()
        across, down = max(FEWEST_SHOWN[0], right - left + 1), max(FEWEST_SHOWN[1], bottom - top + 1)
        fitting = [cell for cell in CELLS[1:] if self.columns(cell) >= across and self.rows(cell) >= down]
        self.cell = fitting[-1] if fitting else CELLS[0]

    def _place_window(self) -> None:
        self._fit_cell()
        (left, top), (right, bottom) = self.bounds()
        # Without a cursor, the last placement: what the player looks for after a turn, and on the final table,
        # where a Galaxy grown far from its Star would otherwise open on the Star and hide the planet just placed.
        focus = self.cursor or self.last() or STAR
        start = self.origin or (None, None)
        columns, rows = self.columns(), self.rows()
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

    def _fit_title(self) -> None:
        # A title cut short ("lowercase scored n…") reads as a fault: the note goes where it does not fit whole, and a
        # seat's label longer than the border is shortened so that it still reads ("Seat 2: AI it=1M", where the
        # border cut "Seat 2: AI it=1000…").
        room = self.outer_size.width - TITLE_FRAME
        whole = self.label + self.note
        fits = Content(whole).cell_length <= room
        self.title = fit_label(self.label, room)
        # As Content: a title names a person at an SSH table, to be drawn as it is, never read as markup.
        self.border_title = Content(whole if fits else self.title)

    def on_resize(self, event: Resize) -> None:
        self._place_window()
        self._fit_title()

    def render(self) -> Content:
        if self.origin is None:
            self._place_window()
        assert self.origin is not None
        x0, y0 = self.origin
        grid = {(x, y): token for x, y, token in self.planets}
        last = self.last()
        (left, top), (right, bottom) = self.bounds()
        blank = [Content(" " * self.cell.width)] * self.cell.height
        lines = []
        for y in range(y0, y0 + self.rows()):
            cells = [
                self._square((x, y), grid.get((x, y)), last) if left <= x <= right and top <= y <= bottom else blank
                for x in range(x0, x0 + self.columns())
            ]
            for row in range(self.cell.height):
                parts: list[Content] = []
                after_cursor = False
                for x, cell in enumerate(cells, start=x0):
                    on_cursor = self.cursor == (x, y)
                    # The column before each square holds the cursor's brackets; a compact Galaxy has no cursor.
                    if parts or not self.compact:
                        parts.append(Content("[" if on_cursor else "]" if after_cursor else " "))
                    parts.append(cell[row])
                    after_cursor = on_cursor
                if after_cursor:
                    parts.append(Content("]"))
                lines.append(Content.assemble(*parts))
        return Content("\n").join(lines)

    def _square(self, square: Square, token: int | None, last: Square | None) -> list[Content]:
        """The square's rows: its letters (3 columns) centred on the middle one; a planet's colour above and below
        them in half blocks, so a planet reads as one token and two tokens one above the other stay apart."""
        width, height = self.cell
        # Above and below the letters: blank, but a planet's colour.
        above, below, edge = " ", " ", Style()
        if square == STAR:
            text, style = STAR_MARK, self.get_visual_style("galaxy--star")
        elif token is not None and self.scoring is not None and square not in self.scoring:
            # In no line that scores: its letters alone, in lower case and its colour (not by colour alone).
            text, style = planet_code(token).lower(), self.get_visual_style(colour_class(token, available=False))
        elif token is not None:
            text, style = planet_code(token), self.get_visual_style(colour_class(token))
            above, below, edge = "▄", "▀", Style(foreground=style.background)
            if square == last:
                style += self.get_visual_style("galaxy--last", partial=True)
        elif square in self.legal:
            points = self.legal[square]
            text = f"+{points}".rjust(CELL) if points else " + "
            style = self.get_visual_style("galaxy--scoring" if points else "galaxy--legal")
        else:
            text, style = " · ", self.get_visual_style("galaxy--empty")
        if square == self.cursor:
            # The whole cell takes the cursor's colour, edges included.
            cursor = self.get_visual_style("galaxy--cursor")
            style += cursor
            edge = Style(foreground=cursor.background) if token is not None else cursor
        middle = (height - 1) // 2
        rows = [Content.styled((above if row < middle else below) * width, edge) for row in range(height)]
        rows[middle] = Content.styled(text.center(width), style)
        return rows

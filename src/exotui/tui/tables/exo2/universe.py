"""The Universe: the pyramid of planet tokens, the available ones numbered and on their colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from textual.content import Content
from textual.style import Style

from exotui.games.exo2 import COVERED_BY, EMPTY, UNIVERSE_ROWS, planet_code
from exotui.tui.tables.exo2.planet import CELL, Cell, PlanetsWidget, colour_class

# The tokens as the Galaxies draw them: three letters on one row (80x24), or five columns with the planet's colour
# in half blocks under the letters, when the board gives the Universe room for them (`LARGE_SIZE`, at 120x40).
CELLS: Final = (Cell(CELL, 1), Cell(5, 2))
# Columns from one token to the next in a row: a space and its three letters (its number key is on the line below).
PITCH: Final = CELL + 1
WIDEST: Final = max(UNIVERSE_ROWS)


def inner_size(cell: Cell) -> tuple[int, int]:
    """The columns and rows the pyramid takes in tokens of `cell`: a column before each token, and a line under the
    bottom row for its number keys."""
    return WIDEST * (cell.width + 1), len(UNIVERSE_ROWS) * cell.height + 1


def slot_places(pitch: int = PITCH) -> tuple[tuple[int, int], ...]:
    """Per Universe slot, its (row, first column) on screen, `pitch` columns from one token to the next: each row
    centred under the one above it."""
    places: list[tuple[int, int]] = []
    for row, width in enumerate(UNIVERSE_ROWS):
        offset = (WIDEST - width) * pitch // 2
        places.extend((row, offset + index * pitch) for index in range(width))
    return tuple(places)


SLOT_PLACES: Final = slot_places()
# The Universe with small tokens and with large ones, its border included: 30x9 as at 80x24, and what the board makes
# room for on a large terminal (exo2.tcss).
SMALL_SIZE: Final = tuple(length + 2 for length in inner_size(CELLS[0]))
LARGE_SIZE: Final = tuple(length + 2 for length in inner_size(CELLS[-1]))


def available_slots(universe: Sequence[int]) -> list[int]:
    """The slots of the available tokens, left to right on screen: the order of their number keys."""
    slots = [
        slot
        for slot, token in enumerate(universe)
        if token != EMPTY and all(universe[cover] == EMPTY for cover in COVERED_BY[slot])
    ]
    return sorted(slots, key=lambda slot: SLOT_PLACES[slot][1])


class Universe(PlanetsWidget):
    """Covered tokens show their letters in their colour; available ones are drawn on their colour, with their
    number key under them while the viewer may press it; the one under the cursor is highlighted and underlined.
    Taken slots are left blank. Given the room (`LARGE_SIZE`), the tokens are drawn large, as a large Galaxy's are."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {*PlanetsWidget.COMPONENT_CLASSES, "universe--cursor", "universe--key"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.universe: tuple[int, ...] = ()
        self.cursor: int | None = None
        self.keys = False

    def show(self, universe: tuple[int, ...], cursor: int | None, choosing: bool, keys: bool) -> None:
        """`cursor` is a slot; `choosing` when the viewer is picking a token now; `keys` when its number keys take
        one (not while another seat decides, nor on the final table)."""
        self.universe, self.cursor, self.keys = universe, cursor, keys
        left = sum(token != EMPTY for token in universe)
        self.border_title = f"Universe · {left} left"
        self.set_class(choosing, "-choosing")
        self.refresh()

    @property
    def cell(self) -> Cell:
        """The largest tokens the pyramid fits in at the widget's present size."""
        width, height = self.content_size
        fitting = [cell for cell in CELLS if inner_size(cell)[0] <= width and inner_size(cell)[1] <= height]
        return fitting[-1] if fitting else CELLS[0]

    def render(self) -> Content:
        slots = available_slots(self.universe)
        numbers = {slot: index + 1 for index, slot in enumerate(slots)} if self.keys else {}
        cell = self.cell
        places = slot_places(cell.width + 1)
        # What each line shows, as (column, text) pieces: the tokens' letters (and, large, their colour under them),
        # and under each available token its number key. Nothing covers an available token, so the line under it is
        # empty there (or is the line under the pyramid): the keys stand apart from the letters ("MGG LBT", not
        # "1MGG2LBT").
        pieces: list[list[tuple[int, Content]]] = [[] for _ in range(inner_size(cell)[1])]
        for slot, token in enumerate(self.universe):
            if token == EMPTY:
                continue
            row, column = places[slot]
            top = row * cell.height
            number = numbers.get(slot)
            available = slot in slots
            style = self.get_visual_style(colour_class(token, available=available))
            if slot == self.cursor:
                style += self.get_visual_style("universe--cursor")
            pieces[top].append((column + 1, Content.styled(planet_code(token).center(cell.width), style)))
            if cell.height > 1 and available:
                # On its colour, a token reads as one block: its colour in half blocks under the letters (a covered
                # token has its letters alone in its colour).
                edge = Style(foreground=style.background)
                pieces[top + 1].append((column + 1, Content.styled("▀" * cell.width, edge)))
            if number is not None:
                key = Content.styled(str(number), self.get_visual_style("universe--key"))
                pieces[top + cell.height].append((column + 1 + cell.width // 2, key))
        lines = []
        for line in pieces:
            parts: list[Content] = []
            end = 0
            for column, text in sorted(line, key=lambda piece: piece[0]):
                parts.extend((Content(" " * (column - end)), text))
                end = column + text.cell_length
            lines.append(Content.assemble(*parts))
        return Content("\n").join(lines)

"""A Watering Hole: the ring of 8 spaces around the hole, on a 3x3 grid."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.content import Content
from textual.widget import Widget

from exotui.games.exofauna.cards import COLOUR_LETTERS, COLOUR_NAMES, EMPTY, organism_of
from exotui.games.exofauna.state import Hole
from exotui.tui.tables.exofauna.organism import INSTINCT_SHORT, colour_class

# Ring index of each grid cell, row by row; None is the hole in the middle.
GRID: Final = ((0, 1, 2), (7, None, 3), (6, 5, 4))
CELL: Final = 9


class WateringHole(Widget):
    """Shows one hole. `legal` spaces are marked, `touched` spaces (what the focused choice affects) are
    underlined, and the `cursor` space is drawn reversed with arrows, so none of it depends on colour."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card--blue",
        "card--yellow",
        "hole--blue",
        "hole--yellow",
        "space--empty",
        "space--legal",
        "space--touched",
        "space--cursor",
    }

    def __init__(self, slot: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.slot = slot
        self.hole: Hole | None = None
        self.legal: frozenset[int] = frozenset()
        self.touched: frozenset[int] = frozenset()
        self.cursor: int | None = None

    def show(
        self,
        hole: Hole | None,
        legal: frozenset[int] = frozenset(),
        touched: frozenset[int] = frozenset(),
        cursor: int | None = None,
    ) -> None:
        self.hole, self.legal, self.touched, self.cursor = hole, legal, touched, cursor
        if hole is None:
            self.border_title = f"Hole {self.slot + 1} · none"
        else:
            self.border_title = f"Hole {self.slot + 1} · {COLOUR_NAMES[hole.colour]} ({COLOUR_LETTERS[hole.colour]})"
        self.set_class(hole is not None and hole.colour == 0, "-blue")
        self.set_class(hole is not None and hole.colour == 1, "-yellow")
        self.refresh()

    def render(self) -> Content:
        if self.hole is None:
            return Content("\n\n waiting for a card\n to form a new hole")
        lines: list[Content] = []
        for row in GRID:
            tops: list[Content] = []
            bottoms: list[Content] = []
            for space in row:
                top, bottom = self._hole_cell() if space is None else self._space_cell(space)
                tops.append(top)
                bottoms.append(bottom)
            lines.append(Content(" ").join(tops))
            lines.append(Content(" ").join(bottoms))
        return Content("\n").join(lines)

    def _hole_cell(self) -> tuple[Content, Content]:
        assert self.hole is not None
        style = self.get_visual_style(f"hole--{COLOUR_NAMES[self.hole.colour]}")
        name = COLOUR_NAMES[self.hole.colour]
        return (
            Content.styled("hole".center(CELL), style),
            Content.styled(f"{COLOUR_LETTERS[self.hole.colour]} {name}".center(CELL), style),
        )

    def _space_cell(self, space: int) -> tuple[Content, Content]:
        assert self.hole is not None
        card = self.hole.spaces[space]
        if card == EMPTY:
            legal = space in self.legal
            style = self.get_visual_style("space--legal" if legal else "space--empty", partial=True)
            top, bottom = ("+" if legal else "·").center(CELL), " " * CELL
        else:
            organism = organism_of(card)
            style = self.get_visual_style(colour_class(card))
            top = organism.name.center(CELL)
            bottom = f"{COLOUR_LETTERS[card >> 3]} {INSTINCT_SHORT[organism.instinct]}".center(CELL)
        if space in self.touched:
            style += self.get_visual_style("space--touched", partial=True)
        if space == self.cursor:
            style += self.get_visual_style("space--cursor")
            bottom = f"▶{bottom[1:-1]}◀"
        return Content.styled(top, style), Content.styled(bottom, style)

"""A Watering Hole: the ring of 8 spaces around the hole, on a 3x3 grid."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.content import Content
from textual.widget import Widget

from exotui.games.exofauna import COLOUR_LETTERS, COLOUR_NAMES, EMPTY, Hole, organism_of
from exotui.tui.tables.exofauna.organism import INSTINCT_SHORT, colour_class

# Ring index of each grid cell, row by row; None is the hole in the middle.
GRID: Final = ((0, 1, 2), (7, None, 3), (6, 5, 4))
# The narrowest cell, at 80 columns; a wider hole widens its cells, and from `FULL_NAMES` on they name the instinct
# in full ("Y Scavenger", not "Y Scav").
CELL: Final = 9
FULL_NAMES: Final = 11
# Rows of a cell: its name and its instinct; a hole this high (a tall terminal) adds the adaptation's name.
TALL: Final = 9


class WateringHole(Widget):
    """Shows one hole. `legal` spaces (free, or an organism that may be chosen) are marked +, `touched` spaces
    (what the focused choice affects) are underlined, and the `cursor` space is drawn reversed with arrows, so
    none of it depends on colour. A hole shown as it was `claimed` (a claim as it was resolved, the final table's
    winning claim) says so in its title, its middle and its border, and its subtitle says a few words `since`."""

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
        self.claimed = ""

    def show(
        self,
        hole: Hole | None,
        legal: frozenset[int] = frozenset(),
        touched: frozenset[int] = frozenset(),
        cursor: int | None = None,
        claimed: str = "",
        since: str = "",
    ) -> None:
        """`claimed`: the name of the seat that claimed `hole`, shown as it was then; `since`: a few words under it
        (its count, or what the slot holds now)."""
        self.hole, self.legal, self.touched, self.cursor, self.claimed = hole, legal, touched, cursor, claimed
        if hole is None:
            self.border_title = f"Hole {self.slot + 1} · none"
        elif claimed:
            self.border_title = f"Hole {self.slot + 1} · {claimed}'s claim"
        else:
            self.border_title = f"Hole {self.slot + 1} · {COLOUR_NAMES[hole.colour]} ({COLOUR_LETTERS[hole.colour]})"
        self.border_subtitle = since if claimed else ""
        self.set_class(bool(claimed), "-claimed")
        self.set_class(hole is not None and hole.colour == 0, "-blue")
        self.set_class(hole is not None and hole.colour == 1, "-yellow")
        self.refresh()

    def render(self) -> Content:
        if self.hole is None:
            return Content("\n\n waiting for a card\n to form a new hole")
        # The cells share the width the hole has (a space between them) and, when it is tall, a third row.
        width = max(CELL, (self.size.width - 2) // 3)
        height = 3 if self.size.height >= TALL else 2
        lines: list[Content] = []
        for row in GRID:
            cells = [
                self._hole_cell(width, height) if space is None else self._space_cell(space, width, height)
                for space in row
            ]
            lines.extend(Content(" ").join(cell[line] for cell in cells) for line in range(height))
        return Content("\n").join(lines)

    def _hole_cell(self, width: int, height: int) -> list[Content]:
        assert self.hole is not None
        style = self.get_visual_style(f"hole--{COLOUR_NAMES[self.hole.colour]}")
        name = COLOUR_NAMES[self.hole.colour]
        texts = ["claimed" if self.claimed else "hole", f"{COLOUR_LETTERS[self.hole.colour]} {name}", ""][:height]
        return [Content.styled(text.center(width), style) for text in texts]

    def _space_cell(self, space: int, width: int, height: int) -> list[Content]:
        assert self.hole is not None
        card = self.hole.spaces[space]
        if card == EMPTY:
            legal = space in self.legal
            style = self.get_visual_style("space--legal" if legal else "space--empty", partial=True)
            texts = ["+" if legal else "·", "", ""]
        else:
            organism = organism_of(card)
            style = self.get_visual_style(colour_class(card))
            instinct = organism.instinct if width >= FULL_NAMES else INSTINCT_SHORT[organism.instinct]
            texts = [organism.name, f"{COLOUR_LETTERS[card >> 3]} {instinct}", organism.adaptation]
        texts = [text.center(width) for text in texts[:height]]
        # The marks go on the row under the name: an organism that may be chosen (Tunnel's) is marked + as a free
        # space is; the cursor ▶ ◀.
        if card != EMPTY and space in self.legal:
            texts[1] = f"+{texts[1][1:-1]}+"
        if space in self.touched:
            style += self.get_visual_style("space--touched", partial=True)
        if space == self.cursor:
            style += self.get_visual_style("space--cursor")
            texts[1] = f"▶{texts[1][1:-1]}◀"
        return [Content.styled(text, style) for text in texts]

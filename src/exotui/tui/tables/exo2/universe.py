"""The Universe: the pyramid of planet tokens, the available ones numbered and on their colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from textual.content import Content

from exotui.games.exo2 import COVERED_BY, EMPTY, UNIVERSE_ROWS, planet_code
from exotui.tui.tables.exo2.planet import CELL, PlanetsWidget, colour_class

# Columns from one token to the next in a row: a space and its three letters (its number key is on the line below).
PITCH: Final = CELL + 1
WIDEST: Final = max(UNIVERSE_ROWS)


def _slot_places() -> tuple[tuple[int, int], ...]:
    """Per Universe slot, its (row, first column) on screen: each row centred under the one above it."""
    places: list[tuple[int, int]] = []
    for row, width in enumerate(UNIVERSE_ROWS):
        offset = (WIDEST - width) * PITCH // 2
        places.extend((row, offset + index * PITCH) for index in range(width))
    return tuple(places)


SLOT_PLACES: Final = _slot_places()


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
    Taken slots are left blank."""

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

    def render(self) -> Content:
        slots = available_slots(self.universe)
        numbers = {slot: index + 1 for index, slot in enumerate(slots)} if self.keys else {}
        # What each line shows, as (column, text) pieces: the tokens' letters, and under each available token its
        # number key. Nothing covers an available token, so the line under it is empty there (or is the line under
        # the pyramid): the keys stand apart from the letters ("MGG LBT", not "1MGG2LBT").
        pieces: list[list[tuple[int, Content]]] = [[] for _ in range(len(UNIVERSE_ROWS) + 1)]
        for slot, token in enumerate(self.universe):
            if token == EMPTY:
                continue
            row, column = SLOT_PLACES[slot]
            number = numbers.get(slot)
            style = self.get_visual_style(colour_class(token, available=slot in slots))
            if slot == self.cursor:
                style += self.get_visual_style("universe--cursor")
            pieces[row].append((column + 1, Content.styled(planet_code(token), style)))
            if number is not None:
                key = Content.styled(str(number), self.get_visual_style("universe--key"))
                pieces[row + 1].append((column + 1 + CELL // 2, key))
        lines = []
        for line in pieces:
            parts: list[Content] = []
            end = 0
            for column, text in sorted(line, key=lambda piece: piece[0]):
                parts.extend((Content(" " * (column - end)), text))
                end = column + text.cell_length
            lines.append(Content.assemble(*parts))
        return Content("\n").join(lines)

"""The space under the cursor, in full: name, terrain, territory, structure, and the pieces by player."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.games.cryptid import (
    ANIMAL_NAMES,
    COLOUR_NAMES,
    STRUCTURES,
    TERRAIN_NAMES,
    CryptidState,
    animal,
    colour_count,
    owner,
    space_name,
    structure_at,
    terrain,
)


def space_words(view: CryptidState, spot: int, labels: tuple[str, ...]) -> list[str]:
    """Lines describing `spot`: where and what it is, then each piece on it by player."""
    board = view.board
    what = [space_name(spot), TERRAIN_NAMES[terrain(board, spot)]]
    if animal(board, spot):
        what.append(f"{ANIMAL_NAMES[animal(board, spot)]} territory")
    lines = [" · ".join(what)]
    index = structure_at(board, spot)
    if index is not None:
        lines.append(f"a {STRUCTURES[index].name}")
    pieces = []
    for colour in range(colour_count(view.players)):
        who = labels[owner(view.players, colour)]
        colour_word = f"{COLOUR_NAMES[colour]} " if view.players == 2 else ""
        if spot in view.cubes[colour]:
            pieces.append(f"{who}: {colour_word}cube")
        if spot in view.discs[colour]:
            pieces.append(f"{who}: {colour_word}disc")
    lines.append("; ".join(pieces) if pieces else "no pieces")
    return lines


class SpacePanel(Widget):
    """Describes the space under the cursor; `note` adds a line (what the learning aid knows of it)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"space-panel--title"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[str] = []

    def show(self, view: CryptidState, spot: int, labels: tuple[str, ...], note: str = "") -> None:
        self.lines = space_words(view, spot, labels) + ([note] if note else [])
        self.refresh()

    def render(self) -> Content:
        if not self.lines:
            return Content("")
        title = Content.styled(self.lines[0], self.get_visual_style("space-panel--title", partial=True))
        return Content("\n").join([title, *map(Content, self.lines[1:])])

"""The Watering Holes a player has claimed, against the number needed to win."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.games.exofauna import COLOUR_LETTERS, card_colour
from exotui.tui.tables.exofauna.organism import colour_class


class Claimed(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"card--blue", "card--yellow"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.holes: tuple[int, ...] = ()
        self.target = 2

    def show(self, holes: tuple[int, ...], target: int) -> None:
        self.holes, self.target = holes, target
        self.refresh()

    def render(self) -> Content:
        # One box per hole needed, filled with the claimed hole's colour letter.
        boxes = [
            Content.styled(f"[{COLOUR_LETTERS[card_colour(card)]}]", self.get_visual_style(colour_class(card)))
            for card in self.holes
        ]
        boxes += [Content("[ ]")] * max(0, self.target - len(self.holes))
        return Content.assemble("holes ", *boxes, f" {len(self.holes)}/{self.target}")

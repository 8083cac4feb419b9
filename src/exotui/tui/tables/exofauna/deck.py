"""A player's deck: face up, so its count and its top card are public."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.tui.tables.exofauna.organism import colour_class, label


class Deck(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"card--blue", "card--yellow", "deck--touched"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards = 0
        self.top: int | None = None
        self.touched = False

    def show(self, cards: int, top: int | None, touched: bool = False) -> None:
        self.cards, self.top, self.touched = cards, top, touched
        self.refresh()

    def render(self) -> Content:
        marker = self.get_visual_style("deck--touched") if self.touched else None
        count = Content(f"deck {self.cards}{' ◀' if self.touched else ''}")
        if marker is not None:
            count = count.stylize(marker)
        if self.top is None:
            return Content.assemble(count, "\ntop: none")
        return Content.assemble(
            count, "\ntop: ", Content.styled(label(self.top), self.get_visual_style(colour_class(self.top)))
        )

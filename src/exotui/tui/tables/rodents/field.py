"""The Field: its face-down cards by position, each showing its back (or its face, to a seat that knows it)."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.games.rodents import BACK_LETTERS, BACK_OF, back_of_hidden, card_name


def field_card(card: int) -> str:
    """'F ?' for a Forest back the viewer has not seen turned; 'F Owl' for a card the viewer knows."""
    if card < 0:
        return f"{BACK_LETTERS[back_of_hidden(card)]} ?"
    return f"{BACK_LETTERS[BACK_OF[card]]} {card_name(card)}"


class FieldZone(Widget):
    """The Field, two cards a line: number key, back letter (P F R animals' habitats, M mutation, A adaptation),
    and the card's name where the viewer has seen it.

    | Class | Description |
    | :- | :- |
    | `field--mark` | the card a choice under the cursor swaps with or turns up |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"field--mark"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.border_title = "Field"
        self.cards: tuple[int, ...] = ()
        self.mark: int | None = None

    def show(self, cards: tuple[int, ...], mark: int | None = None) -> None:
        resized = len(cards) != len(self.cards)
        self.cards, self.mark = cards, mark
        self.set_class(mark is not None, "-marked")
        self.refresh(layout=resized)

    def render(self) -> Content:
        marked = self.get_visual_style("field--mark", partial=True)
        # Two cards a line, each cut to its half of the width (the prompt names a card in full).
        half = max(4, self.size.width // 2)
        cells = []
        for slot, card in enumerate(self.cards):
            text = f"{slot + 1} {field_card(card)}"
            text = text if len(text) < half else f"{text[: half - 2]}…"
            cell = f"{'▶' if slot == self.mark else ' '}{text:<{half - 1}}"
            cells.append(Content.styled(cell, marked) if slot == self.mark else Content(cell))
        return Content("\n").join(Content("").join(cells[row : row + 2]) for row in range(0, len(cells), 2))

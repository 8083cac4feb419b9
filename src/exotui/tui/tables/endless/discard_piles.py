"""The discard piles opened (p): every card in each pile, oldest first, and the cards removed from the game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.games.endless import EndlessState, card_name


def piles_lines(view: EndlessState, labels: Sequence[str]) -> list[str]:
    lines = []
    for seat in (0, 1):
        cards = ", ".join(card_name(card) for card in view.discards[seat]) or "empty"
        habitats = ", ".join(card_name(card) for card in view.habitat_discards[seat])
        lines.append(f"{labels[seat]}'s discard pile: {cards}" + (f"; habitats: {habitats}" if habitats else ""))
    if view.removed:
        lines.append("Removed from the game: " + ", ".join(card_name(card) for card in view.removed))
    return lines


class DiscardPiles(Widget):
    """Both discard piles in full, shown in place of the log while opened.

    | Class | Description |
    | :- | :- |
    | `piles--title` | the title |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"piles--title"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.heading = ""
        self.lines: list[str] = []

    def show(self, view: EndlessState, labels: Sequence[str]) -> None:
        # The decks' sizes too: at 80 columns the event zones' line leaves them out.
        decks = ", ".join(f"{labels[seat]} {len(view.decks[seat])}" for seat in (0, 1))
        self.heading = f"Discard piles (p closes) · decks: {decks}"
        self.lines = piles_lines(view, labels)
        self.refresh(layout=True)

    def render(self) -> Content:
        title = Content.styled(self.heading, self.get_visual_style("piles--title", partial=True))
        return Content("\n").join([title, *(Content(line) for line in self.lines)])

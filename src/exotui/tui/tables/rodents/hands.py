"""The hands: yours face up, card by card; the others' as their public backs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.games.rodents import BACK_LETTERS, BACK_OF, BACKS, CARDS, back_of_hidden, card_name


def back_letter(card: int) -> str:
    return BACK_LETTERS[back_of_hidden(card) if card < 0 else BACK_OF[card]]


def card_line(card: int) -> str:
    """'Jerboa (Prairie rodent 3/6/1)', 'x2 mutation', 'Fox (Prairie predator)'."""
    entry = CARDS[card]
    if entry.kind == "rodent":
        return f"{entry.name} ({BACKS[entry.habitat]} {'/'.join(map(str, entry.points))})"
    if entry.kind == "predator":
        return f"{entry.name} ({BACKS[entry.habitat]} predator)"
    return card_name(card)


class HandsZone(Widget):
    """Your hand (number key, back letter, card) with the cursor ▶; then each other hand as its backs, which every
    player sees (a card you know there is named). A spectator's table has no hand of its own: only the title, then
    every hand as its backs.

    | Class | Description |
    | :- | :- |
    | `hands--title` | the title lines |
    | `hands--cursor` | the hand card (or end-of-turn choice) under the cursor |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"hands--title", "hands--cursor"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.own: tuple[int, ...] = ()
        self.own_title = ""
        self.extra = ""
        self.others: tuple[tuple[str, tuple[int, ...]], ...] = ()
        self.cursor: int | None = None
        self.mine = True

    def show(
        self,
        own_title: str,
        own: tuple[int, ...],
        others: Sequence[tuple[str, tuple[int, ...]]],
        cursor: int | None = None,
        extra: str = "",
        mine: bool = True,
    ) -> None:
        """`extra`: a choice listed after the cards (end the turn, pass), reached with the cursor like a card. Not
        `mine` (a spectator's table), `own` is empty and not drawn."""
        resized = (len(own), len(others), bool(extra)) != (len(self.own), len(self.others), bool(self.extra))
        self.own_title, self.own, self.others, self.cursor, self.extra = own_title, own, tuple(others), cursor, extra
        self.mine = mine
        self.refresh(layout=resized)

    def render(self) -> Content:
        title = self.get_visual_style("hands--title", partial=True)
        cursor = self.get_visual_style("hands--cursor", partial=True)
        lines = [Content.styled(self.own_title, title)]
        items = [f"{back_letter(card)} {card_line(card)}" for card in self.own]
        if self.extra:
            items.append(self.extra)
        for index, text in enumerate(items):
            line = f"{index + 1} {text}"
            lines.append(Content.styled(f"▶{line}", cursor) if index == self.cursor else Content(f" {line}"))
        if not self.own and self.mine:
            lines.append(Content(" empty"))
        for name, cards in self.others:
            shown = " ".join(CARDS[card].name if card >= 0 else back_letter(card) for card in cards) or "empty"
            lines.append(Content.assemble(Content.styled(f"{name}:", title), f" {shown}"))
        return Content("\n").join(lines)

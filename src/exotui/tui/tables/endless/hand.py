"""Your hand, card by card, with the cursor; the other hand as its size (and the cards seen going in). A
spectator's table has no hand of its own: its title says what everyone knows of both."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from exotui.games.endless import KINDS, card_name, is_effect, is_event
from exotui.tui.tables.endless.habitat_row import MEDIUM
from exotui.tui.widgets.prompt import ANSWER_KEYS

# Between the title and the items, and between items on a row.
GAP = "  "


# A letter per card type, so the type does not rest on colour: S species, F effect, E event.
def type_letter(card: int) -> str:
    return "E" if is_event(card) else "F" if is_effect(card) else "S"


def hand_name(card: int, whole: bool) -> str:
    """The card's name in the hand: whole, or a species' in whole words as the row names it where it has room
    ("Earless Lizard"), which keeps a 9-card hand a row shorter at 80 columns (the focused card's text names it
    whole)."""
    return card_name(card) if whole or is_effect(card) or is_event(card) else MEDIUM[card % KINDS]


class HandZone(Widget):
    """The hand: number key, type letter (S species, F effect, E event) and name, the cursor ▶ on one; after the
    cards, an extra choice (end the Deploy Phase) reached like a card.

    | Class | Description |
    | :- | :- |
    | `hand--title` | the title |
    | `hand--cursor` | the item under the cursor |
    | `hand--idle` | a card that cannot be deployed now |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"hand--title", "hand--cursor", "hand--idle"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = ""
        self.cards: tuple[int, ...] = ()
        self.playable: frozenset[int] = frozenset()
        self.extra = ""
        self.cursor: int | None = None
        self.mine = True
        self.whole_names = True

    def show(
        self,
        title: str,
        cards: tuple[int, ...],
        playable: frozenset[int] = frozenset(),
        extra: str = "",
        cursor: int | None = None,
        mine: bool = True,
        whole_names: bool = True,
    ) -> None:
        """Not `mine` (a spectator's table), there are no cards: the title alone is drawn. Not `whole_names`, the
        species go by shorter names (`hand_name`)."""
        self.title, self.cards, self.playable, self.extra, self.cursor = title, cards, playable, extra, cursor
        self.mine, self.whole_names = mine, whole_names
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # The rows of the items laid out for `width`, which `render` draws at the width the layout gives it.
        return len(self._rows(width)) if width else 0

    def render(self) -> Content:
        return Content("\n").join(self._rows(self.size.width))

    def _rows(self, width: int) -> list[Content]:
        """The title, then the items each whole on a row, two spaces between them: an item that does not fit what is
        left of a row starts the next one (wrapped by words, "4 S Earless" ended a row, "Lizard" began the next, as
        if two cards), and one wider than a whole row ends in "…". `width` 0 (not laid out yet): one row."""
        title = self.get_visual_style("hand--title", partial=True)
        cursor = self.get_visual_style("hand--cursor", partial=True)
        idle = self.get_visual_style("hand--idle", partial=True)
        # Each item is labelled by the key that picks it (1-9, then a, b...), as the prompt's answers are.
        items = [
            f"{ANSWER_KEYS[index]} {type_letter(card)} {hand_name(card, self.whole_names)}"
            for index, card in enumerate(self.cards)
        ]
        if self.extra:
            items.append(f"{ANSWER_KEYS[len(items)]} {self.extra}")
        parts = []
        for index, text in enumerate(items):
            if index == self.cursor:
                parts.append(Content.styled(f"▶{text}", cursor))
            elif index < len(self.cards) and self.cursor is not None and self.cards[index] not in self.playable:
                parts.append(Content.styled(f" {text}", idle))
            else:
                parts.append(Content(f" {text}"))
        if not items and self.mine:
            parts.append(Content(" empty"))
        heading = Content.styled(self.title, title)
        if width <= 0:
            return [Content(GAP).join([heading, *parts])]
        # The title wraps by words (a spectator's names both hands); the items go on from its last row.
        rows = [[line] for line in heading.wrap(width)] or [[]]
        used = rows[-1][0].cell_length if rows[-1] else 0
        for part in parts:
            if rows[-1] and used + len(GAP) + part.cell_length > width:
                rows.append([])
            if part.cell_length > width:
                part = part.truncate(width, ellipsis=True)
            used = used + len(GAP) + part.cell_length if rows[-1] else part.cell_length
            rows[-1].append(part)
        return [Content(GAP).join(row) for row in rows]

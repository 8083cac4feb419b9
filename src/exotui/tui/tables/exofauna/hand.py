"""Hands: your own hand card by card, and the other player's as a count (a spectator's: both as counts)."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.content import Content
from textual.widget import Widget

from exotui.games.exofauna import COLOUR_LETTERS, card_colour, organism_of
from exotui.tui.tables.exofauna.organism import colour_class, label

# Card lines shown at once; a longer hand scrolls with the cursor.
VISIBLE: Final = 6


class Hand(Widget):
    """The deciding player's hand. In full, one card a line (number key, colour letter, name, instinct and
    adaptation with its text, cut at the edge: the card under the cursor is printed in full in the prompt);
    compact, a single line of names (with their number keys and the cursor while a card is chosen), for questions
    that are not about choosing a card to play, and on a short table, where the log needs the rows."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "card--blue",
        "card--yellow",
        "hand--cursor",
        "hand--touched",
        "hand--title",
        "hand--note",
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title = "Hand"
        self.cards: tuple[int, ...] = ()
        self.cursor: int | None = None
        self.touched: frozenset[int] = frozenset()
        self.compact = False
        self.note = ""
        self.mine = True

    def show(
        self,
        title: str,
        cards: tuple[int, ...],
        cursor: int | None = None,
        touched: frozenset[int] = frozenset(),
        compact: bool = False,
        note: str = "",
        mine: bool = True,
    ) -> None:
        """`note` follows the title on its line, cut at the edge (compact: after the cards, or under them).
        Not `mine` (a spectator's table), there are no cards: the title alone says what everyone knows of the
        hands."""
        # The height follows the number of cards and the form (a spectator's, how its title wraps, a compact
        # hand's line, which wraps when long): only a change there needs a new layout.
        resized = not mine or compact or (len(cards), compact, mine) != (len(self.cards), self.compact, self.mine)
        self.title, self.cards, self.cursor, self.touched, self.compact = title, cards, cursor, touched, compact
        self.note, self.mine = note, mine
        self.refresh(layout=resized)

    def render(self) -> Content:
        title = Content.styled(self.title, self.get_visual_style("hand--title", partial=True))
        if not self.mine:
            return title
        note = Content.styled(f"   {self.note}", self.get_visual_style("hand--note", partial=True)) if self.note else ""
        if self.compact:
            return self._compact(title, note)
        if not self.cards:
            return Content.assemble(title, " (empty)")
        first = 0
        if self.cursor is not None and len(self.cards) > VISIBLE:
            first = min(max(0, self.cursor - VISIBLE // 2), len(self.cards) - VISIBLE)
        shown = range(first, min(len(self.cards), first + VISIBLE))
        more = len(self.cards) - len(shown)
        heading = f" ({len(self.cards)} cards, {more} more: ↑↓ scroll)" if more else ""
        lines = [Content.assemble(title, heading, note).truncate(self.size.width, ellipsis=True)]
        for index in shown:
            card = self.cards[index]
            organism = organism_of(card)
            line = Content.assemble(
                f"{'▶' if index == self.cursor else ' '}{index + 1} ",
                self._styled(card, f"{COLOUR_LETTERS[card_colour(card)]} {organism.name:<9}"),
                f" {organism.instinct:<9} {organism.adaptation}: {organism.text}",
            ).truncate(self.size.width, ellipsis=True, pad=True)
            if index == self.cursor:
                line = line.stylize(self.get_visual_style("hand--cursor"))
            lines.append(line)
        return Content("\n").join(lines)

    def _compact(self, title: Content, note: Content | str) -> Content:
        """The hand on one line, or on more where it is too long: wrapped between cards, never inside a name;
        the note after the cards where it fits whole, else on a row of its own (a note cut short, "Yell…", tells
        nothing)."""
        width = self.size.width or 1_000
        rows = [Content.assemble(title, ": ")]
        names = [self._named(index, card) for index, card in enumerate(self.cards)] or [Content("empty")]
        for index, name in enumerate(names):
            joint = Content(" · " if index else "")
            if index and rows[-1].cell_length + joint.cell_length + name.cell_length > width:
                rows.append(Content("  "))
                joint = Content("")
            rows[-1] = Content.assemble(rows[-1], joint, name)
        if rows[-1].cell_length + Content.assemble(note).cell_length <= width:
            rows[-1] = Content.assemble(rows[-1], note)
        elif note:
            rows.append(Content.assemble(note))
        return Content("\n").join(rows)

    def _named(self, index: int, card: int) -> Content:
        """A card of the compact hand: its name, and its number key and the cursor when a card is being chosen."""
        if self.cursor is None:
            return self._styled(card, label(card))
        mark = Content(f"{'▶' if index == self.cursor else ''}{index + 1} ")
        if index == self.cursor:
            mark = mark.stylize(self.get_visual_style("hand--cursor"))
        return Content.assemble(mark, self._styled(card, label(card)))

    def _styled(self, card: int, text: str) -> Content:
        style = self.get_visual_style(colour_class(card))
        if card in self.touched:
            style += self.get_visual_style("hand--touched")
        return Content.styled(text, style)


class HandCount(Widget):
    """How many cards a player holds, without showing them."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.count = 0

    def show(self, count: int) -> None:
        self.count = count
        self.refresh()

    def render(self) -> Content:
        return Content(f"hand {self.count}")

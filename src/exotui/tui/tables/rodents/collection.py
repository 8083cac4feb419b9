"""A collection: its rodents (habitat letter, points now, mutations and adaptations), its predators, the total."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from textual.content import Content
from textual.widget import Widget

from exotui.games.rodents import CARDS, HABITATS, PREDATOR_POINTS, Collection, Rodent, habitat, rodent_points

NAME_WIDTH: Final = 12


def rodent_line(rodent: Rodent, counts: Sequence[int], width: int = NAME_WIDTH + 14) -> str:
    """'Jerboa      P  6 x2 →F': name, habitat letter now, points now, mutations in order, adaptation on top, in
    `width` cells. The name gives way first (to 'Red S…'): the numbers and the events are what a row is read for."""
    events = "".join(CARDS[card].name for card in rodent.mutations)
    if rodent.adaptations:
        events += f"→{HABITATS[habitat(rodent)][0]}"
    rest = f" {HABITATS[habitat(rodent)][0]}{rodent_points(rodent, counts):>3} {events}".rstrip()
    name = CARDS[rodent.card].name
    room = max(1, min(NAME_WIDTH, width - len(rest)))
    if len(name) > room:
        name = f"{name[: room - 1]}…"
    return f"{name:<{room}}{rest}"


class CollectionZone(Widget):
    """One collection. The border title names its owner and points now; the subtitle the points of earlier
    invasions. The rodent or the whole collection a choice would play to is marked ▶ (never by colour alone).

    | Class | Description |
    | :- | :- |
    | `collection--mark` | the line of the rodent (or the predators) a choice under the cursor goes to |
    | `collection--empty` | the word shown for an empty collection |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"collection--mark", "collection--empty"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.collection = Collection()
        self.counts: tuple[int, ...] = (0, 0, 0)
        self.mark: int | None = None

    def show(
        self,
        title: str,
        subtitle: str,
        collection: Collection,
        counts: Sequence[int],
        mark: int | None = None,
        deciding: bool = False,
    ) -> None:
        """`mark`: the index of a rodent, -1 for the collection as a whole (a rodent or predator played to it)."""
        self.border_title, self.border_subtitle = title, subtitle
        self.collection, self.counts, self.mark = collection, tuple(counts), mark
        self.set_class(deciding, "-deciding")
        self.set_class(mark is not None, "-marked")
        self.refresh()

    def render(self) -> Content:
        marked = self.get_visual_style("collection--mark", partial=True)
        lines = []
        for index, rodent in enumerate(self.collection.rodents):
            # One cell of the width is the mark's (▶ or a space).
            text = rodent_line(rodent, self.counts, self.size.width - 1)
            lines.append(Content.styled(f"▶{text}", marked) if index == self.mark else Content(f" {text}"))
        predators = self.collection.predators
        if predators:
            names = " ".join(CARDS[card].name for card in predators)
            lines.append(Content(f" {names} +{PREDATOR_POINTS * len(predators)}"))
        if self.mark == -1:
            lines.append(Content.styled("▶ (played here)", marked))
        if not lines:
            lines.append(Content.styled(" empty", self.get_visual_style("collection--empty", partial=True)))
        height = max(1, self.size.height)
        if len(lines) > height:
            # A long collection keeps its marked line in sight; the cut is said on the last line.
            cut = len(lines) - height + 1
            lines = lines[:-cut] if self.mark is None or self.mark < height - 1 else lines[cut:]
            lines.append(Content(f" … {cut} more"))
        return Content("\n").join(lines)

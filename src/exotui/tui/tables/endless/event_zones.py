"""Both event zones (yours shows its card, the other only that one is there, and a Stable Climate lying in a zone;
a spectator's, only that one is there in each) and the discard piles' sizes; the piles themselves open with p."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.games.endless import EMPTY, EndlessState, card_name


def zone_text(view: EndlessState, seat: int, viewer: int | None, label: str) -> str:
    """'Your event: Drought', 'South: face down', with '(blocked)' under a Stable Climate."""
    card = view.events[seat]
    if card >= 0 and seat == viewer:
        shown = card_name(card)
    elif card != EMPTY:
        shown = "face down"
    else:
        shown = "none"
    climate = " (Stable Climate: blocked)" if view.climate[seat] >= 0 else ""
    return f"{'Your event' if seat == viewer else label}: {shown}{climate}"


def piles_text(view: EndlessState) -> str:
    sizes = "/".join(str(len(view.discards[s])) for s in (0, 1))
    decks = "/".join(str(len(view.decks[s])) for s in (0, 1))
    return f"Discards {sizes} (p) · decks {decks}"


class EventZones(Widget):
    """One line: both event zones; the discard pile and deck sizes (North/South).

    | Class | Description |
    | :- | :- |
    | `events--own` | your event zone |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"events--own"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.own = ""
        self.other = ""
        self.piles = ""

    def show(self, view: EndlessState, viewer: int | None, labels: Sequence[str], reveals: str = "") -> None:
        """`reveals`: the person's reveal setting in a few words, shown after their event (W changes it)."""
        if viewer is None:
            self.own = ""
            self.other = " · ".join(zone_text(view, seat, None, labels[seat]) for seat in (0, 1))
        else:
            setting = f" ({reveals}, W)" if reveals and view.events[viewer] >= 0 else ""
            self.own = zone_text(view, viewer, viewer, labels[viewer]) + setting
            self.other = zone_text(view, 1 - viewer, viewer, labels[1 - viewer])
        self.piles = piles_text(view)
        self.refresh()

    def render(self) -> Content:
        if not self.own:
            return Content.assemble(self.other, "   ", self.piles)
        own = Content.styled(self.own, self.get_visual_style("events--own", partial=True))
        return Content.assemble(own, " · ", self.other, "   ", self.piles)

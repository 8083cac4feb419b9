"""The turn tracker and the score: turn n of 16, Day or Night, whose turn and which phase; total populations."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.games.endless import PHASE_NAMES, SETUP, TURNS, EndlessState, totals


def tracker_text(view: EndlessState, labels: Sequence[str]) -> tuple[str, str]:
    """('Turn 3 of 16 · Night · North · Exert Phase', 'North 12 · South 9')."""
    north, south = totals(view)
    score = f"{labels[0]} {north} · {labels[1]} {south}"
    if view.phase == SETUP:
        return "Setup: keep or mulligan the opening hands", score
    active = view.first if view.turn % 2 == 1 else 1 - view.first
    time = "Day" if (view.turn - 1) // 2 % 2 == 0 else "Night"
    phase = PHASE_NAMES[view.phase]
    if phase != "Over":
        phase += " Phase"
    return f"Turn {view.turn} of {TURNS} · {time} · {labels[active]} · {phase}", score


class TurnTracker(Widget):
    """One line: the turn tracker on the left, the score (total population each) on the right.

    | Class | Description |
    | :- | :- |
    | `tracker--score` | the score |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"tracker--score"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.turn_text = ""
        self.score = ""

    def show(self, view: EndlessState, labels: Sequence[str]) -> None:
        self.turn_text, self.score = tracker_text(view, labels)
        self.refresh()

    def render(self) -> Content:
        gap = max(1, self.size.width - len(self.turn_text) - len(self.score))
        score = Content.styled(self.score, self.get_visual_style("tracker--score", partial=True))
        return Content.assemble(self.turn_text, " " * gap, score)

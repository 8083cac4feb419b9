"""The invasion panel: which invasion of how many, the running totals, the aside pile, and in solo the
automaton's stack."""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.widget import Widget

from exotui.games.rodents import OVER, SOLO_TURNS, RodentsState


class InvasionPanel(Widget):
    """Invasion n of N (and "tie-break" past N) and its turn, aside and removed cards, the totals of earlier
    invasions per seat (once an invasion is scored, the totals with it); in solo, the automaton's stack.

    | Class | Description |
    | :- | :- |
    | `invasion--title` | the first line |
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"invasion--title"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: tuple[str, ...] = ()

    def show(self, view: RodentsState, names: tuple[str, ...]) -> None:
        extra = " (tie-break)" if view.invasion > view.invasions else ""
        turn = f"turn {view.invasion_turns + 1}"
        scored = view.step == OVER
        if scored:
            # The invasion as it was scored (between two deals, or the game's last): its scores count it.
            turn = "scored"
        elif view.players == 1:
            # The solo invasion has a fixed length: the player sees the end coming (32 columns at 80x24).
            last = view.invasion_turns + 1 == SOLO_TURNS
            turn = f"last turn: {SOLO_TURNS}/{SOLO_TURNS}" if last else f"{turn} of {SOLO_TURNS}"
        lines = [
            f"Invasion {view.invasion} of {view.invasions}{extra} · {turn}",
            f"Aside {len(view.aside)} · out of play {len(view.removed)}",
        ]
        if view.invasion > 1 or scored:
            label = "Totals" if scored else "Earlier"
            lines.append(f"{label}: " + " · ".join(f"{n} {s}" for n, s in zip(names, view.scores, strict=True)))
        if view.players == 1:
            # Its turns are told in the log, card by card.
            lines.append(f"Automaton's stack: {len(view.stack)} cards")
        resized = len(lines) != len(self.lines)
        self.lines = tuple(lines)
        self.refresh(layout=resized)

    def render(self) -> Content:
        first, *rest = self.lines or ("",)
        return Content("\n").join(
            [Content.styled(first, self.get_visual_style("invasion--title", partial=True)), *map(Content, rest)]
        )

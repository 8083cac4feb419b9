"""The Action card: which of the turn's two Actions is being played."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.content import Content
from textual.widget import Widget

from exotui.games.exofauna import ACTIONS_PER_TURN

ORDINALS: Final = ("1st", "2nd")


class ActionTracker(Widget):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"action--current", "action--done"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.heading = ""
        self.done = 0
        self.playing = True

    def show(self, heading: str, done: int, playing: bool) -> None:
        """`done` Actions used this turn; `playing` is False once both are used (the end-of-turn discard)."""
        self.heading, self.done, self.playing = heading, done, playing
        self.refresh()

    def render(self) -> Content:
        marks = []
        for index in range(ACTIONS_PER_TURN):
            if index < self.done:
                marks.append(Content.styled(f"✓{ORDINALS[index]}", self.get_visual_style("action--done", partial=True)))
            elif index == self.done and self.playing:
                marks.append(Content.styled(f"▶{ORDINALS[index]}", self.get_visual_style("action--current")))
            else:
                marks.append(Content(f" {ORDINALS[index]}"))
        return Content.assemble(self.heading, "\nAction ", Content(" ").join(marks))

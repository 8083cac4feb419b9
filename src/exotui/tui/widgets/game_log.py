"""The log: every decision of the game as one described sentence, newest last."""

from __future__ import annotations

from textual.widgets import RichLog


class GameLog(RichLog):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=20)

    def add(self, turn: int, sentence: str) -> None:
        self.write(f"{turn:>3} {sentence}")

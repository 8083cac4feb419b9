"""The log: every decision of the game as one described sentence, newest last, each followed by what it caused."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.widgets import RichLog


class GameLog(RichLog):
    """The log keeps the first line of the latest turn in sight, so another player's turn (the AI's, decision by
    decision) can be read at the player's pace until the next turn starts; PgUp and PgDn at the table scroll it.
    It never takes the focus: the board holds the keys."""

    can_focus = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=False, min_width=20)
        # The turn of the last line added, and the log line where that turn starts.
        self.turn: int | None = None
        self.turn_start = 0

    def add(self, turn: int, sentence: str) -> None:
        if turn != self.turn:
            self.turn, self.turn_start = turn, len(self.lines)
        self.write(f"{turn:>3} {sentence}")

    def write(self, *args: Any, **kwargs: Any) -> GameLog:
        super().write(*args, **kwargs)
        # Once the new line is laid out: as far down as keeps the latest turn's first line in sight.
        self.call_after_refresh(self.keep_turn_in_sight)
        return self

    def keep_turn_in_sight(self) -> None:
        self.scroll_to(y=min(self.turn_start, self.max_scroll_y), animate=False)

    def tell(self, events: Sequence[str]) -> None:
        """What the last decision caused, one line per event: indented, arrowed and bold, so it needs no colour."""
        for event in events:
            self.write(Text(f"    → {event}", style="bold"))

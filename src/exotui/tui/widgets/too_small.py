"""The notice shown instead of a screen's layout while the terminal is smaller than the app needs."""

from __future__ import annotations

from typing import Final

from textual.content import Content
from textual.widget import Widget

MIN_WIDTH: Final = 80
MIN_HEIGHT: Final = 24


class TooSmall(Widget):
    def render(self) -> Content:
        width, height = self.app.size
        return Content(
            f"Please enlarge the terminal to {MIN_WIDTH}x{MIN_HEIGHT}.\n\n"
            f"It is {width}x{height} now; the game carries on as soon as it fits."
        )

"""The notice shown instead of a screen's layout while the terminal is smaller than the app needs."""

from __future__ import annotations

from typing import Final

from textual.widgets import Static

MIN_WIDTH: Final = 80
MIN_HEIGHT: Final = 24


class TooSmall(Static):
    def __init__(self) -> None:
        super().__init__(
            f"Please enlarge the terminal to {MIN_WIDTH}x{MIN_HEIGHT}.\n\nexotui needs {MIN_WIDTH} columns and "
            f"{MIN_HEIGHT} rows; the game carries on as soon as it fits.",
            classes="too-small",
        )

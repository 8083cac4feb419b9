"""Hot-seat: hides the table between two people's decisions until the next one is at the keyboard."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import TooSmall


class PassKeyboardScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "I am ready")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(
                f"Pass the keyboard to {self.player_name}.\n\n"
                f"{self.player_name}: press Enter when nobody else is looking at the screen.",
                id="pass-message",
            )
        yield KeysFooter()
        yield TooSmall()

    def action_ready(self) -> None:
        self.dismiss()

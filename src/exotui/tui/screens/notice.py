"""A message the player must acknowledge: a save that cannot be opened, saving turned off."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Button, Label, Static

from exotui.tui.screens.box import Box


class NoticeScreen(Box[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "close"),
    ]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose_box(self) -> ComposeResult:
        with Vertical(id="notice"):
            yield Label(self.title_text, id="notice-title")
            # Paths and problems come from files: shown as they are, never read as markup.
            yield Static(self.text, id="notice-text", markup=False)
            yield Button("OK (Enter)", variant="primary", id="notice-ok")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def on_button_pressed(self) -> None:
        self.dismiss()

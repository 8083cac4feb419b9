"""A game already open in another exotui: only one may play it (each would throw away the other's moves).

Offers what can still be done here: replay the game as it stands, or start another. Dismissed with "replay",
"new" or None (Esc: back where the player was).
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Static

from exotui.engine.text import printable
from exotui.tui.screens.box import Box


class OpenElsewhereScreen(Box[str | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "answer('replay')", "replay it"),
        Binding("n", "answer('new')", "new game"),
        Binding("escape", "answer(None)", "back"),
    ]

    def __init__(self, save: Path) -> None:
        super().__init__()
        self.save = save

    def compose_box(self) -> ComposeResult:
        with Vertical(id="elsewhere"):
            yield Label("This game is open in another exotui", id="elsewhere-title")
            yield Static(
                f"{printable(self.save.name)}\nOnly one exotui at a time may play a game, so that neither loses the "
                "other's moves. Go on playing it there, or here: replay it as it stands, or start another game.",
                id="elsewhere-text",
                markup=False,
            )
            with Horizontal(id="elsewhere-answers"):
                yield Button("Replay it (r)", variant="primary", id="replay")
                yield Button("New game (n)", id="new")
                yield Button("Back (Esc)", id="back")

    def on_mount(self) -> None:
        self.query_one("#replay", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None if event.button.id == "back" else event.button.id)

    def action_answer(self, answer: str | None) -> None:
        self.dismiss(answer)

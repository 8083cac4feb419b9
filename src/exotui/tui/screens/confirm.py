"""A yes/no question over the current screen: whether to quit, or anything else the player must agree to."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label

from exotui.tui.screens.box import Box


class QuestionScreen(Box[bool]):
    """A question other than quitting (delete this save? take back?): q asks "Quit exotui?" over it (`Box`), and
    never answers it: a q meant for quitting must not delete a game or take decisions back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "yes"),
        Binding("n", "answer(False)", "no"),
        Binding("escape", "answer(False)", "cancel", show=False),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose_box(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.question, id="question")
            with Horizontal(id="answers"):
                yield Button("Yes (y)", variant="error", id="yes")
                yield Button("No (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ConfirmScreen(QuestionScreen):
    """Whether to quit (or leave a table): the app's q does not ask again over it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Pressing q again at "Quit?" means yes.
        Binding("q", "answer(True)", show=False),
    ]

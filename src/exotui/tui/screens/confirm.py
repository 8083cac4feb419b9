"""A yes/no question over the current screen: whether to quit, or anything else the player must agree to."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Label

from exotui.tui.labels import cells, fit_name
from exotui.tui.screens.box import Box


class FileName(Label):
    """A file's name on a row of its own, whole where it fits, else shortened in the middle (`fit_name`)."""

    def __init__(self, file_name: str, id: str | None = None) -> None:
        super().__init__(id=id, markup=False)
        self.file_name = file_name

    def render(self) -> Content:
        return Content(fit_name(self.file_name, self.content_size.width))


class QuestionScreen(Box[bool]):
    """A question other than quitting (delete this save? take back?): q asks "Quit exotui?" over it (`Box`), and
    never answers it: a q meant for quitting must not delete a game or take decisions back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "yes"),
        Binding("n", "answer(False)", "no"),
        Binding("escape", "answer(False)", "cancel", show=False),
    ]

    def __init__(self, question: str, file_name: str | None = None) -> None:
        """`question` in markup; `file_name`, if any, the file it is about, in plain text on a row below it."""
        super().__init__()
        self.question = question
        self.file_name = file_name

    def compose_box(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Label(self.question, id="question")
            if self.file_name is not None:
                yield FileName(self.file_name, id="question-file")
            with Horizontal(id="answers"):
                yield Button("Yes (y)", variant="error", id="yes")
                yield Button("No (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()
        if self.file_name is not None:
            # The box widens to show the name whole, as far as the screen allows (its max-width): the names the app
            # gives its saves ("exofauna-20261127-040543-0c36d5.exosave") are wider than the question needs.
            dialog = self.query_one("#dialog")
            dialog.styles.min_width = cells(self.file_name) + dialog.styles.gutter.width

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

"""A box over a screen: a question, a notice, the result of a game, the turn to go to in a replay."""

from __future__ import annotations

from typing import ClassVar, TypeVar

from textual.binding import Binding, BindingType
from textual.screen import ModalScreen

Answer = TypeVar("Answer")


class Box(ModalScreen[Answer]):
    """A modal screen leaves the app's own keys out of its bindings, though the footer under a box offers them: a box
    takes them back, as every screen has them. `?` opens help over the box (closing help comes back to it); `q` asks
    "Quit exotui?" over it, never answering the box itself (a q meant for quitting must not delete a game or choose
    for the player)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: before a field of the box takes the key (the replay's turn number, where it is never typed).
        Binding("question_mark", "app.help", show=False, priority=True),
        Binding("q", "app.request_quit", show=False),
    ]

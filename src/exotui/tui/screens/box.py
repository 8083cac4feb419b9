"""A box over a screen: a question, a notice, the result of a game, the turn to go to in a replay."""

from __future__ import annotations

from typing import ClassVar, Final, TypeVar

from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.screen import ModalScreen

from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import TooSmall

Answer = TypeVar("Answer")

# The app's keys a box takes back, in the order every other screen's footer shows them.
APP_KEYS: Final = ("question_mark", "q")


class Box(ModalScreen[Answer]):
    """A modal screen: what it says and asks (`compose_box`) over the screen beneath, and a footer of its own with
    the keys that work in the box, as every Textual screen composes its own `Footer`. Without it, the footer of the
    screen beneath showed through and offered keys the box does not take (the table's, the replay's).

    A modal screen also leaves the app's own keys out of its bindings: a box takes them back, as every screen has
    them. `?` opens help over the box (closing help comes back to it); `q` asks "Quit exotui?" over it, never
    answering the box itself (a q meant for quitting must not delete a game or choose for the player)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: before a field of the box takes the key (the replay's turn number, where it is never typed).
        Binding("question_mark", "app.help", "help", key_display="?", priority=True),
        Binding("q", "app.request_quit", "quit"),
    ]

    def compose(self) -> ComposeResult:
        yield from self.compose_box()
        yield KeysFooter(show_command_palette=False)
        yield TooSmall()

    def compose_box(self) -> ComposeResult:
        """The box itself: what it tells and what it asks."""
        yield from ()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The box's keys, then the app's keys it takes back, last as on every screen and named as the app's own
        footer names them (q is "leave" at an SSH table)."""
        active = super().active_bindings
        app_bindings = {binding.key: binding for binding in Binding.make_bindings(self.app.BINDINGS)}
        for key in APP_KEYS:
            shown = active.pop(key, None)
            if shown is None:
                continue
            app_binding = app_bindings.get(key)
            if app_binding is not None and shown.binding.action == f"app.{app_binding.action}":
                shown = shown._replace(binding=app_binding)
            active[key] = shown
        return active

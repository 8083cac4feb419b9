"""The footer of every screen: Textual's compact Footer, rebuilt only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class KeysFooter(Footer):
    """Textual's `Footer` rebuilds every key it shows each time a screen's bindings may have changed, which
    includes every switch of screens (help, a dialog, back to the table): three quarters of the CPU time of a
    whole-screen change (55 ms of 70 ms to open help). This one rebuilds only when the keys, their descriptions,
    their enabled state or their tooltips change (help then opens in about 14 ms of CPU).

    Compact (one space between entries), so that a table's keys, the app's "? help" and "q quit" and the palette's
    key fit 80 columns; Textual's compact style runs a group's label into the next key, hence the margins here."""

    DEFAULT_CSS = """
    KeysFooter.-compact {
        FooterLabel { margin: 0 1 0 0; }
        KeyGroup.-compact { padding-left: 0; }
    }
    """

    _shown: tuple[Any, ...] | None = None

    def __init__(self, *, show_command_palette: bool = True) -> None:
        super().__init__(show_command_palette=show_command_palette, compact=True)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        shown = tuple(
            (binding.key, binding.description, binding.action, enabled, tooltip)
            for _, binding, enabled, tooltip in screen.active_bindings.values()
        )
        if shown == self._shown:
            return
        # Remembered only when Footer will rebuild for it: it does not while the app is not focused.
        if screen.app.app_focus and self.is_attached and screen is self.screen:
            self._shown = shown
        super().bindings_changed(screen)

"""The title screen: the main menu."""

from __future__ import annotations

from typing import Final

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from exotui.tui.widgets.too_small import TooSmall

BANNER: Final = """\
┌─────────────────────────────────┐
│   e x o t u i                   │
│   tabletop games vs strong AI   │
└─────────────────────────────────┘"""


class TitleScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(BANNER, id="banner")
            yield OptionList(
                Option("New game", id="new"),
                # Saves come with issue 5; until then these say so instead of doing nothing.
                Option("Continue  (no unfinished game)", id="continue", disabled=True),
                Option("Load      (coming soon)", id="load", disabled=True),
                Option("Replays   (coming soon)", id="replays", disabled=True),
                Option("Help", id="help"),
                Option("Quit", id="quit"),
                id="menu",
            )
        yield Footer()
        yield TooSmall()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "new":
            self.app.action_new_game()
        elif choice == "help":
            self.app.action_help()
        elif choice == "quit":
            self.app.action_request_quit()

"""The title screen: the main menu."""

from __future__ import annotations

from typing import Final

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from exotui.tui.screens.load import game_title
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import TooSmall

BANNER: Final = """\
┌─────────────────────────────────┐
│   e x o t u i                   │
│   tabletop games vs strong AI   │
└─────────────────────────────────┘"""
NO_CONTINUE: Final = "Continue  (no unfinished game)"


class TitleScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(BANNER, id="banner")
            yield OptionList(
                Option("New game", id="new"),
                Option(NO_CONTINUE, id="continue", disabled=True),
                Option("Load", id="load"),
                Option("Replays", id="replays"),
                Option("Your record", id="record"),
                Option("Help", id="help"),
                Option("Quit", id="quit"),
                id="menu",
            )
        yield KeysFooter()
        yield TooSmall()

    def on_screen_resume(self) -> None:
        """Continue is offered while an unfinished save exists; games may have been played or deleted meanwhile."""
        menu = self.query_one("#menu", OptionList)
        entry = self.app.unfinished_save()
        if entry is None:
            menu.replace_option_prompt("continue", NO_CONTINUE)
            menu.disable_option("continue")
        else:
            # Content: plain text, whatever the save's game id holds.
            prompt = Content(f"Continue  ({game_title(entry.header.game)}, turn {entry.header.turn})")
            menu.replace_option_prompt("continue", prompt)
            menu.enable_option("continue")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "new":
            self.app.action_new_game()
        elif choice == "continue":
            self.app.action_continue()
        elif choice in ("load", "replays"):
            self.app.action_load(finished_only=choice == "replays")
        elif choice == "record":
            self.app.action_stats()
        elif choice == "help":
            self.app.action_help()
        elif choice == "quit":
            self.app.action_request_quit()

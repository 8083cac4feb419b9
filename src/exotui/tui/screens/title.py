"""The title screen: the main menu."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from exotui.tui.screens.load import game_title
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import TooSmall

if TYPE_CHECKING:
    from exotui.tui.app import ExoTuiApp

BANNER: Final = """\
┌─────────────────────────────────┐
│   e x o t u i                   │
│   tabletop games vs strong AI   │
└─────────────────────────────────┘"""
NO_CONTINUE: Final = "Continue  (no unfinished game)"


class TitleScreen(Screen[None]):
    @property
    def exotui(self) -> ExoTuiApp:
        """The app, whose own commands the menu's entries are."""
        return cast("ExoTuiApp", self.app)

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
        entry = self.exotui.unfinished_save()
        # An unfinished save always has a header (it was read to know it is unfinished).
        header = entry.header if entry is not None else None
        if header is None:
            menu.replace_option_prompt("continue", NO_CONTINUE)
            menu.disable_option("continue")
        else:
            # Content: plain text, whatever the save's game id holds.
            prompt = Content(f"Continue  ({game_title(header.game)}, turn {header.turn})")
            menu.replace_option_prompt("continue", prompt)
            menu.enable_option("continue")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "new":
            self.exotui.action_new_game()
        elif choice == "continue":
            self.exotui.action_continue()
        elif choice in ("load", "replays"):
            self.exotui.action_load(finished_only=choice == "replays")
        elif choice == "record":
            self.exotui.action_stats()
        elif choice == "help":
            self.exotui.action_help()
        elif choice == "quit":
            self.exotui.action_request_quit()

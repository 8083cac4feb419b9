"""The end of a game: who won and how, then Rematch, New game or Title."""

from __future__ import annotations

from typing import Final

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import TooSmall


class EndScreen(Screen[str]):
    """Dismissed with "rematch", "new" or "title"."""

    CHOICES: Final = (("rematch", "Rematch (same seats, next seed)"), ("new", "New game"), ("title", "Title"))

    def __init__(self, headline: str, summary: list[str]) -> None:
        super().__init__()
        self.headline = headline
        self.summary = summary

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.headline, id="headline")
            yield Static("\n".join(self.summary), id="summary", markup=False)
            yield OptionList(*(Option(text, id=choice) for choice, text in self.CHOICES), id="end-menu")
        yield KeysFooter()
        yield TooSmall()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        assert event.option.id is not None
        self.dismiss(event.option.id)

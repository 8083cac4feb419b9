"""Help: the keys, then the current game's turn order and pieces."""

from __future__ import annotations

from typing import Final

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from exotui.tui.widgets.too_small import TooSmall

KEYS: Final = "\n".join(
    [
        "Keys",
        "  1-9 or ↑↓, Enter   choose a card to play, or an answer to a question",
        "  arrows or hjkl     move over the spaces of both holes; Enter plays the card there",
        "  Esc                go back to choosing a card (before it is played)",
        "  ?                  this help          q   quit (asks first)",
        "  Ctrl+P             command palette: new game, help, title, theme",
        "",
        "Legal places are marked +, the cursor ▶ ◀, the squares an answer affects are underlined.",
        "Colours are also letters: B = blue, Y = yellow, on every card, hole and claim.",
        "",
    ]
)


class HelpScreen(Screen[None]):
    BINDINGS: Final = [
        Binding("escape", "app.pop_screen", "close"),
        Binding("question_mark", "app.pop_screen", "close", key_display="?", show=False),
        Binding("up", "scroll(-1)", show=False),
        Binding("down", "scroll(1)", show=False),
    ]

    def __init__(self, game_help: str) -> None:
        super().__init__()
        self.game_help = game_help

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-text"):
            yield Static(KEYS + self.game_help, markup=False)
        yield Footer()
        yield TooSmall()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-text", VerticalScroll).scroll_relative(y=lines, animate=False)

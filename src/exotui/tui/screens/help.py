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
        "  1-9, or ↑↓ and Enter   choose a card to play, or an answer",
        "  arrows or hjkl, Enter  move over both holes' spaces; play there",
        "  Esc                    back to choosing a card (until it is played)",
        "  ?  help    q  quit (asks first)    Ctrl+P  command palette",
        "Free spaces for the chosen card are marked +, the cursor ▶ ◀. Underlined: what the answer under the "
        "cursor acts on, else what the last move brought. B = blue and Y = yellow on every card, hole and claim.",
        "",
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

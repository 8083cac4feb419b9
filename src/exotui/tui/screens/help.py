"""Help: the keys, then the current game's turn order and pieces."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import TooSmall

# The app's own keys, after the game's (a board's HELP starts with the keys of its table).
APP_KEYS: Final = "\n".join(
    [
        "Keys everywhere",
        "  ?  help    q  quit (asks first)    Ctrl+P  commands (new game, load, each game's rules...)",
        "  H  a hint for your decision: the normal AI's choice, its win estimate and why",
        "  Backspace  take back your last decision (the new game form can rule takebacks out)",
        "  PgUp PgDn  scroll the game's log (it keeps the start of the latest turn in sight)",
        "",
        "Computer players",
        "  easy  searches ¼ s a move, then plays one of its best few moves drawn at random: forgiving",
        "  normal  searches 1 s a move    hard  searches 4 s a move on every core",
        "  At Cryptid easy and normal deduce as people do; hard uses the puzzle's uniqueness: it often",
        "  wins in the first round (Cryptid's help says how each level reasons)",
        "  greedy  the move that looks best one step ahead    random  any legal move",
    ]
)


class HelpScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
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
            yield Static(f"{self.game_help}\n\n{APP_KEYS}", markup=False)
        yield KeysFooter()
        yield TooSmall()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-text", VerticalScroll).scroll_relative(y=lines, animate=False)

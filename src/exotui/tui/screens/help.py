"""Help: the keys, then the current game's turn order and pieces, then how its computer players play."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from exotui import games
from exotui.engine.protocol import Game, level_notes, level_play
from exotui.tui.tables import board_class
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
    ]
)
# How the help names the keys that Textual names otherwise (a binding's `key`); any other is named as it is typed.
KEY_NAMES: Final = {
    "question_mark": "?",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "escape": "Esc",
    "enter": "Enter",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
}
# Each level in a word, for a game without its own `level_notes` (the new game form's common labels).
LEVEL_WORDS: Final = {
    "mcts:easy": "¼ s a move, forgiving",
    "mcts:normal": "1 s a move",
    "mcts:hard": "4 s a move on every core",
}
# What every searching level does, whatever the game.
SEARCHING: Final = (
    "  Each level searches for its time, playing the game out many times from guesses of what it cannot see;",
    "  normal and hard then play the move they found best, easy one of its best few drawn at random.",
)


def levels_help(game: Game) -> str:
    """The help's "Computer players" section for `game`: each level in the game's words (as the new game form
    lists them), then what every level does."""
    notes = level_notes(game)
    lines = [f"Computer players at {game.title}"]
    lines += [f"  {kind.partition(':')[2]:<7} {notes.get(kind, words)}" for kind, words in LEVEL_WORDS.items()]
    greedy = notes.get("greedy", "the move that looks best one step ahead")
    lines.append(f"  greedy  {greedy}    random  any legal move")
    # A game whose levels reason in their own way (Cryptid) says how in its own help, above.
    lines += SEARCHING if level_play(game) is None else ("  How each level reasons here: see above.",)
    return "\n".join(lines)


def key_name(key: str) -> str:
    """'Ctrl+T', '?', 'PgUp', 'q': a binding's key as the help names it."""
    *modifiers, name = key.split("+")
    name = KEY_NAMES.get(name, name.upper() if modifiers and len(name) == 1 else name)
    return "+".join([*(modifier.capitalize() for modifier in modifiers), name])


def bound_keys(bindings: Iterable[BindingType]) -> dict[str, tuple[list[str], str]]:
    """Each action of `bindings` (by name, without its arguments: PgUp's and PgDn's are one) with its keys as the
    help names them, and its first binding's tooltip ("" where none has one)."""
    actions: dict[str, tuple[list[str], str]] = {}
    for binding in Binding.make_bindings(bindings):
        action = binding.action.partition("(")[0]
        keys, tooltip = actions.get(action, ([], ""))
        if key_name(binding.key) not in keys:
            keys.append(key_name(binding.key))
        actions[action] = (keys, tooltip or binding.tooltip)
    return actions


def keys_help(title: str, bindings: Iterable[BindingType]) -> str:
    """A section of the help: `title`, then a line for each action of `bindings` that has a tooltip, its keys and
    what it does. The tooltip is that text, so that the footer (on hover) and the help explain a key alike, and the
    help lists no key that is not bound, nor leaves one out."""
    lines = [(" ".join(keys), tooltip) for keys, tooltip in bound_keys(bindings).values() if tooltip]
    width = max((len(keys) for keys, _ in lines), default=0)
    return "\n".join([title, *(f"  {keys:<{width}}  {tooltip}" for keys, tooltip in lines)])


def game_help(game_id: str, keys: str = APP_KEYS) -> str:
    """The whole help of a game: its table's keys and rules, the app's `keys` (a section: the local app's, or an SSH
    table's), and how its computer players play."""
    return f"{board_class(game_id).HELP}\n\n{keys}\n\n{levels_help(games.get(game_id))}"


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
            yield Static(self.game_help, markup=False)
        yield KeysFooter()
        yield TooSmall()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help-text", VerticalScroll).scroll_relative(y=lines, animate=False)

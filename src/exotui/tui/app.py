"""The exotui app: title, new game, the game itself, help and the end of a game, all by keyboard."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from multiprocessing import resource_tracker
from typing import Final

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from exotui.tui.boards import board_class
from exotui.tui.screens.confirm import ConfirmScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.help import HelpScreen
from exotui.tui.screens.new_game import NewGameScreen
from exotui.tui.screens.title import TitleScreen
from exotui.tui.session import GameSession
from exotui.tui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH

# Seconds each computer decision stays on screen before the next one.
AI_PAUSE: Final = 0.6
# The game whose rules the help screen shows when no game is being played.
HELP_GAME: Final = "exofauna"


class ExoTuiApp(App[None]):
    CSS_PATH = "exotui.tcss"
    TITLE = "exotui"
    # Screens get "-too-narrow" or "-too-short" below 80x24; the stylesheet then shows only the notice.
    HORIZONTAL_BREAKPOINTS: Final = [(0, "-too-narrow"), (MIN_WIDTH, "-wide-enough")]
    VERTICAL_BREAKPOINTS: Final = [(0, "-too-short"), (MIN_HEIGHT, "-tall-enough")]
    BINDINGS: Final = [
        Binding("question_mark", "help", "help", key_display="?"),
        Binding("q", "request_quit", "quit"),
    ]

    def __init__(self, ai_pause: float = AI_PAUSE, default_seed: int | None = None) -> None:
        """`default_seed` replaces the random deal of a blank seed (for tests and demos)."""
        super().__init__()
        self.ai_pause = ai_pause
        self.default_seed = default_seed

    def get_default_screen(self) -> Screen[None]:
        return TitleScreen()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield SystemCommand("New game", "Choose a game, the seats and a variant", self.action_new_game)
        yield SystemCommand("Help", "Keys, turn order and the organisms", self.action_help)
        yield SystemCommand("Quit", "Leave exotui (asks first)", self.action_request_quit)
        yield from super().get_system_commands(screen)

    def action_help(self) -> None:
        if isinstance(self.screen, HelpScreen):
            return
        playing = [screen for screen in self.screen_stack if isinstance(screen, GameScreen)]
        game = playing[-1].session.game.id if playing else HELP_GAME
        # Installed once per game, so opening help again costs no new layout of its long text.
        name = f"help-{game}"
        if not self.is_screen_installed(name):
            self.install_screen(HelpScreen(board_class(game).HELP), name)
        self.push_screen(name)

    def action_request_quit(self) -> None:
        if isinstance(self.screen, ConfirmScreen):
            return
        self.push_screen(ConfirmScreen("Quit exotui?"), self._quit_if)

    def _quit_if(self, answer: bool | None) -> None:
        if answer:
            for screen in self.screen_stack:
                if isinstance(screen, GameScreen):
                    screen.cancel.set()
            self.exit()

    def action_new_game(self) -> None:
        self.push_screen(NewGameScreen(self.default_seed), self._start)

    def _start(self, session: GameSession | None) -> None:
        if session is None:
            return
        # A new game (from the palette, say) replaces the one being played: its search stops as it is removed.
        while isinstance(self.screen, GameScreen):
            self.pop_screen()
        self.push_screen(GameScreen(session, self.ai_pause))

    def after_game(self, session: GameSession) -> Callable[[str | None], None]:
        """What the end screen's choice does: a rematch replaces the game; the others leave it."""

        def choose(choice: str | None) -> None:
            if choice == "rematch":
                self.switch_screen(GameScreen(session.rematch(), self.ai_pause))
                return
            self.pop_screen()
            if choice == "new":
                self.action_new_game()

        return choose


def run() -> int:
    # The hard AI searches on several processes. Their resource tracker must start while sys.stderr is still the
    # terminal: inside the app, Textual's stderr has no file descriptor and starting it there fails.
    resource_tracker.ensure_running()
    ExoTuiApp().run()
    return 0

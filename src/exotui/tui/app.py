"""The exotui app: title, new game, the game itself, help and the end of a game, all by keyboard."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable, Iterable
from functools import partial
from multiprocessing import resource_tracker
from pathlib import Path
from typing import ClassVar, Final
from weakref import WeakKeyDictionary

from textual import events
from textual.app import App, CSSPathType, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widget import Widget

from exotui import games
from exotui.engine.lock import GameInUse
from exotui.engine.protocol import seat_names
from exotui.engine.records import (
    BadSave,
    GameRecord,
    SavedGame,
    SavingOff,
    exit_cleanly_on_signals,
    load,
    read_header,
)
from exotui.engine.records import Seat as SavedSeat
from exotui.engine.savedir import SaveDir, SaveEntry
from exotui.play.driver import AI_PAUSE
from exotui.play.session import GameSession
from exotui.tui.screens.confirm import ConfirmScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.help import HelpScreen, game_help
from exotui.tui.screens.load import LoadScreen
from exotui.tui.screens.new_game import NewGameScreen
from exotui.tui.screens.notice import NoticeScreen
from exotui.tui.screens.open_elsewhere import OpenElsewhereScreen
from exotui.tui.screens.replay import ANALYSIS_LEVEL, ReplayScreen
from exotui.tui.screens.stats import StatsScreen
from exotui.tui.screens.title import TitleScreen
from exotui.tui.tables import STYLESHEETS
from exotui.tui.widgets.too_small import MIN_HEIGHT, MIN_WIDTH

# The game whose rules the help screen shows when no game is being played.
HELP_GAME: Final = "exofauna"


class ExoTuiApp(App[None]):
    # The app's own styles, then each table's (Textual takes a list: "Using multiple CSS files").
    CSS_PATH: ClassVar[CSSPathType | None] = ["exotui.tcss", *STYLESHEETS]
    TITLE = "exotui"
    # Screens get "-too-narrow" or "-too-short" below 80x24; the stylesheet then shows only the notice.
    # Textual declares these per instance (not ClassVar), so they cannot be annotated as the linter would like.
    HORIZONTAL_BREAKPOINTS = [(0, "-too-narrow"), (MIN_WIDTH, "-wide-enough")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-too-short"), (MIN_HEIGHT, "-tall-enough")]  # noqa: RUF012
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "help", key_display="?"),
        Binding("q", "request_quit", "quit"),
        # Textual's Ctrl+Q quits at once; here it asks, as q does.
        Binding("ctrl+q", "request_quit", show=False, priority=True),
    ]

    def __init__(
        self,
        ai_pause: float = AI_PAUSE,
        default_seed: int | None = None,
        saves: SaveDir | None = None,
        opening: GameSession | SavedGame | GameInUse | None = None,
        analysis_level: str = ANALYSIS_LEVEL,
        notice: str | None = None,
    ) -> None:
        """`default_seed` replaces the random deal of a blank seed (for tests and demos). Games are saved in `saves`
        (none: nothing is saved or listed). `opening` is a game to play on or a saved game to replay at once;
        `notice`, a line to show as it opens (`exotui --continue` opening another game than the one played last).
        `analysis_level` is the search budget of the replay's analysis (an `mcts` level)."""
        super().__init__()
        self.ai_pause = ai_pause
        self.default_seed = default_seed
        self.saves = saves
        self.opening = opening
        self.analysis_level = analysis_level
        self.notice = notice
        self._restore_signals: Callable[[], None] | None = None
        # Per screen, the widget that had the focus last: a widget the too-small notice hides loses the focus, and
        # gets it back once the terminal is large enough again (a board holds the game's keys).
        self._last_focus: WeakKeyDictionary[Screen[object], Widget] = WeakKeyDictionary()

    def on_mount(self) -> None:
        # A dropped SSH connection (SIGHUP) or SIGTERM ends the app cleanly; every action is already on disk.
        # (Signal handlers can only be installed from the main thread, where the app normally runs.)
        if threading.current_thread() is threading.main_thread():
            loop = asyncio.get_running_loop()
            self._restore_signals = exit_cleanly_on_signals(
                lambda signum: loop.call_soon_threadsafe(lambda: self.exit(return_code=128 + signum))
            )
        if os.environ.get("EXOTUI_GUEST"):
            # Set by `exotui serve` for a player without an SSH key: their saves go when the session ends.
            self.notify("You are a guest (no SSH key): your saves last this session only.", timeout=15)
        if isinstance(self.opening, GameSession):
            self.play_saved(self.opening)
        elif isinstance(self.opening, SavedGame):
            # `exotui replay FILE`: leaving the replay leaves the app, back to the shell.
            self.push_screen(ReplayScreen(self.opening, self.analysis_level), lambda _: self.exit())
        elif isinstance(self.opening, GameInUse):
            self.offer_elsewhere(self.opening.save)
        if self.notice:
            self.notify(self.notice, title="Continue", timeout=15, markup=False)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        # A widget focused and removed at once (a form built again) has no screen by the time this arrives.
        if event.widget.is_attached:
            self._last_focus[event.widget.screen] = event.widget

    def on_resize(self) -> None:
        # After the screen has applied its size classes, so the widgets the notice hid are shown again.
        self.call_after_refresh(self.give_focus_back)

    def give_focus_back(self) -> None:
        """Focus again the widget that had the focus on this screen, if it lost it (and can take it now)."""
        screen = self.screen
        widget = self._last_focus.get(screen)
        if screen.focused is None and widget is not None and widget.is_attached and widget.focusable:
            widget.focus()

    def on_unmount(self) -> None:
        if self._restore_signals is not None:
            self._restore_signals()

    def get_default_screen(self) -> Screen[None]:
        return TitleScreen()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """The app's own commands first; of Textual's, only those that do not repeat or contradict them (its Quit
        does not ask, and its Keys panel stays open on Esc: `?` shows the keys and rules instead)."""
        yield SystemCommand("New game", "Choose a game, the seats and a variant", self.action_new_game)
        if self.unfinished_save() is not None:
            yield SystemCommand("Continue", "Play on the unfinished game played last", self.action_continue)
        yield SystemCommand("Load", "Saved games: play on, replay or delete", self.action_load)
        yield SystemCommand("Replays", "Finished games, to replay move by move", lambda: self.action_load(True))
        yield SystemCommand("Your record", "Games won, lost and drawn per game and level", self.action_stats)
        if isinstance(screen, GameScreen):
            yield SystemCommand("Hint", "What the normal AI would play in your seat, and why (H)", screen.action_hint)
            if not screen.session.takebacks_off:
                yield SystemCommand("Take back", "Undo your last decision (Backspace)", screen.action_take_back)
                no_takebacks = screen.action_takebacks_off
                yield SystemCommand("No takebacks", "Turn takebacks off for the rest of this game", no_takebacks)
        yield SystemCommand("Help", "The keys and the rules of the game shown (?)", self.action_help)
        for game_id in games.available():
            title = games.get(game_id).title
            rules = partial(self.help, game_id)
            yield SystemCommand(f"Rules of {title}", f"How {title} is played, and its keys", rules)
        yield SystemCommand("Quit", "Leave exotui (asks first; q or Ctrl+Q)", self.action_request_quit)
        kept = ("Theme", "Screenshot")
        yield from (command for command in super().get_system_commands(screen) if command.title in kept)

    def action_help_quit(self) -> None:
        # Ctrl+C: Textual's own message names a key that quits at once; here every quit asks first.
        self.notify("Press q or Ctrl+Q to quit (it asks first).", title="Do you want to quit?")

    def action_help(self) -> None:
        # The new game form's help is the help of the game chosen on it (its levels, its rules).
        shown = [
            screen.session.game.id if isinstance(screen, GameScreen) else screen.game.id
            for screen in self.screen_stack
            if isinstance(screen, GameScreen | ReplayScreen | NewGameScreen)
        ]
        self.help(shown[-1] if shown else HELP_GAME)

    def help(self, game: str) -> None:
        """The help screen of `game`: its table's keys and its rules, then the app's keys."""
        if isinstance(self.screen, HelpScreen):
            return
        # Installed once per game, so opening help again costs no new layout of its long text.
        name = f"help-{game}"
        if not self.is_screen_installed(name):
            self.install_screen(HelpScreen(game_help(game)), name)
        installed = self.get_screen(name)
        # Under a box asked from help itself ("Quit exotui?"), it is on the stack already, where a screen is only once.
        self.push_screen(installed if installed not in self.screen_stack else HelpScreen(game_help(game)))

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
        self.show_game(GameScreen(self.recorded(session), self.ai_pause))

    def show_game(self, screen: GameScreen) -> None:
        """`screen` in place of every screen above the title: a new or resumed game (from the palette, say) replaces
        the game being played (its search stops as it is removed) and whatever lies over it (an old result, help, a
        list), so none of them can come back when it ends."""
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(screen)

    def recorded(self, session: GameSession) -> GameSession:
        """`session` with its autosave in the save directory, the opening position written already."""
        if self.saves is None:
            return session
        names = seat_names(session.game, len(session.seats))
        seats = [SavedSeat.from_spec(name, who.spec) for name, who in zip(names, session.seats, strict=True)]
        session.on_saving_off = self.tell_saving_off
        try:
            session.record = self.saves.new_record(session.game, session.seed, seats, session.variant)
            if session.takebacks_off:
                # Chosen on the new game form: the save says so from its first write (forbid_takebacks saves).
                session.record.forbid_takebacks()
            else:
                session.record.save()
        except SavingOff as exc:
            self.tell_saving_off(exc)
        except ValueError as exc:
            self.tell("This game cannot be saved", f"{exc}\n\nThe game goes on without saving.")
        return session

    def tell_saving_off(self, problem: SavingOff) -> None:
        self.tell("Saving is off", f"{problem}\n\nThe game goes on without saving.")

    def tell(self, title: str, text: str) -> None:
        # Later: above the game screen about to be pushed, when a new game could not be saved from the start.
        self.call_later(self.push_screen, NoticeScreen(title, text))

    def unfinished_save(self) -> SaveEntry | None:
        """The save "Continue" opens: the unfinished game played most recently."""
        return self.saves.latest_unfinished() if self.saves is not None else None

    def action_continue(self) -> None:
        entry = self.unfinished_save()
        if entry is not None:
            self.open_save(entry.path)

    def action_load(self, finished_only: bool = False) -> None:
        self.push_screen(LoadScreen(self.saves, finished_only))

    def action_stats(self) -> None:
        if not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen(self.saves))

    def open_save(self, path: Path, replay: bool = False) -> None:
        """Play on an unfinished save, or replay it (always, once finished); a save that cannot be used is explained
        in a dialog, and left as it is."""
        try:
            if replay or read_header(path).finished:
                self.push_screen(ReplayScreen(load(path), self.analysis_level))
            else:
                self.play_saved(GameSession.resume(GameRecord.resume(path)))
        except GameInUse:
            self.offer_elsewhere(path)
        except BadSave as exc:
            self.push_screen(NoticeScreen("This save cannot be opened", str(exc)))

    def offer_elsewhere(self, path: Path) -> None:
        """The game is open in another exotui: offer to replay it or to start another."""

        def choose(choice: str | None) -> None:
            if choice == "replay":
                self.open_save(path, replay=True)
            elif choice == "new":
                self.action_new_game()

        self.push_screen(OpenElsewhereScreen(path), choose)

    def play_saved(self, session: GameSession) -> None:
        """Go on with a resumed game (`GameSession.resume`), in place of every screen above the title."""
        session.on_saving_off = self.tell_saving_off
        # Its log tells how the game got here (`GameScreen.retell`, on mount).
        self.show_game(GameScreen(session, self.ai_pause))

    def after_game(self, session: GameSession) -> Callable[[str | None], None]:
        """What the end screen's choice does: a rematch replaces the game; the others leave it."""

        def choose(choice: str | None) -> None:
            if choice is None:
                return  # looking at the final table
            if choice == "rematch":
                self.switch_screen(GameScreen(self.recorded(session.rematch()), self.ai_pause))
                return
            self.pop_screen()
            if choice == "new":
                self.action_new_game()
            elif choice in ("replay", "review") and session.record is not None:
                replay = ReplayScreen(load(session.record.path), self.analysis_level)
                self.push_screen(replay)
                # At the last move: the final table, where the game was left.
                replay.call_later(replay.action_jump, True)
                if choice == "review":
                    replay.call_later(replay.action_review)

        return choose


def run(
    saves: SaveDir | None = None,
    opening: GameSession | SavedGame | GameInUse | None = None,
    notice: str | None = None,
) -> int:
    """Run the app saving into `saves`; `opening` and `notice` as for ExoTuiApp. Returns the exit code (128 + signal
    number after SIGHUP or SIGTERM)."""
    # The hard AI searches on several processes. Their resource tracker must start while sys.stderr is still the
    # terminal: inside the app, Textual's stderr has no file descriptor and starting it there fails.
    resource_tracker.ensure_running()
    app = ExoTuiApp(saves=saves, opening=opening, notice=notice)
    app.run()
    return app.return_code or 0

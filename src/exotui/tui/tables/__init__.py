"""Tables: one package per game (`tables/<id>/`: its board, one module per zone, `<id>.tcss`), and their base.

A board never changes a game: it is shown a view and the legal actions, and posts `Board.Decided` with the
action the player chose. Each game with a table of its own is listed here; any other registered game is played
at the generic table (`tables/generic/`), from its legal actions and their descriptions.
"""

from __future__ import annotations

import importlib
from abc import ABCMeta, abstractmethod
from collections.abc import Sequence
from enum import Enum
from pathlib import Path
from typing import Any, ClassVar, Final

from textual.binding import Binding, BindingType
from textual.message import Message
from textual.message_pump import _MessagePumpMeta
from textual.widget import Widget

from exotui import games
from exotui.engine import protocol
from exotui.engine.protocol import Game, seat_word
from exotui.tui.widgets.game_log import GameLog

# game id -> the package of its table, exporting a `BOARD` class; imported on first use so start-up stays fast.
_TABLES: dict[str, str] = {
    "exofauna": "exotui.tui.tables.exofauna",
    "exo2": "exotui.tui.tables.exo2",
    "rodents": "exotui.tui.tables.rodents",
    "cryptid": "exotui.tui.tables.cryptid",
    "endless": "exotui.tui.tables.endless",
}

# Each table's stylesheet, `tables/<id>/<id>.tcss`, for the app's CSS_PATH (selectors rooted at the board class).
STYLESHEETS: Final = tuple(Path(__file__).parent / name / f"{name}.tcss" for name in (*_TABLES, "generic"))


MOVE: Final = Binding.Group("move", compact=True)
# The arrows' steps (columns, rows), and the vi keys that make the same steps.
STEPS: Final = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
VI_KEYS: Final = {"k": "up", "j": "down", "h": "left", "l": "right"}


def table_keys(move: str = "move({x}, {y})") -> list[Binding]:
    """The keys every table shares: the arrows (one footer entry) and h j k l (out of the footer) calling `move`
    with the step's columns and rows, Enter to choose and Esc to go back."""
    return [
        *(Binding(key, move.format(x=x, y=y), "move", group=MOVE) for key, (x, y) in STEPS.items()),
        *(Binding(vi, move.format(x=STEPS[key][0], y=STEPS[key][1]), show=False) for vi, key in VI_KEYS.items()),
        Binding("enter", "choose", "choose"),
        Binding("escape", "back", "back"),
    ]


def stopped_line(label: str) -> str:
    """What a table says in place of "<label> is deciding…" once the computer at the seat labelled `label` has stopped
    for good (`Board.stopped`): in the app (`GameScreen.computer_stopped`) and at an SSH table (`wire.Show.stopped`)."""
    return f"{label} stopped: it could not decide."


class Mode(Enum):
    """What a board's keys do now. WAIT and PAUSE are every board's; the others are named by the tables using them."""

    WAIT = "wait"  # not the viewer's decision (Cryptid: the cursor still moves, to read the map)
    PAUSE = "pause"  # a position kept on the table until the person continues (Enter or Space): Rodents' scoring
    # A hand card and then what becomes of it (ExoFauna; Raging Rodents and Endless Forms, `card_then_answer`).
    CARD = "card"  # choosing a hand card (or the choice after the hand)
    TARGET = "target"  # what becomes of the chosen card (ExoFauna: Tunnel's empty space of the other hole)
    LIST = "list"  # any other decision: one list of answers
    # ExoFauna.
    SPACE = "space"  # an Action: choosing the space for the chosen card
    PROMPT = "prompt"  # any other decision: choosing one of the listed answers
    # Tunnel, whose answers can be more than the keys: the organism on the board, then its square, as a Board Game
    # Arena player clicks the piece and then its target (the key 1 declines).
    ORGANISM = "organism"  # which organism of this hole moves
    # EXO n°2.
    TOKEN = "token"  # choosing a planet in the Universe
    SQUARE = "square"  # choosing the square of the chosen planet
    # Cryptid.
    MAP = "map"  # choosing a space
    CHOICES = "choices"  # choosing among the decisions listed in the prompt


class _BoardMeta(ABCMeta, _MessagePumpMeta):
    """Textual's widgets have a metaclass of their own; an abstract widget needs one deriving from both."""


class Board(Widget, metaclass=_BoardMeta):
    """The base of every game's board. Every board scrolls its log (a `GameLog`) with PgUp and PgDn.

    A board keeps what it was last shown (`view`, `viewer`, `legal`, `labels`) and its `mode`; a key that decides
    while the viewer does not decide (WAIT) is told why on the status line (`_waiting`).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "pageup",
            "scroll_log(-1)",
            "log",
            key_display="PgUp/Dn",
            tooltip="scroll the log (it keeps the start of the latest turn in sight)",
        ),
        Binding("pagedown", "scroll_log(1)", show=False),
    ]

    # The game's part of the help screen: turn order and pieces, as plain text.
    HELP: ClassVar[str] = ""
    # The actions that only look at the table, which a spectator may use too. A spectator's board (`watching`,
    # set by the SSH table's app) refuses the others and leaves them out of the footer (`check_action`).
    WATCHING: ClassVar[frozenset[str]] = frozenset({"scroll_log"})
    watching = False
    # The game this board plays.
    GAME: ClassVar[Game[Any, Any]]
    # The status line's words for a key pressed while another seat decides (`not_yours`): "<NOT_YOURS>: Yellow is
    # deciding. <STILL_WORKS>". Short, so that they fit one row at 80 columns whoever decides: at an SSH table, a
    # seat and a name tag ("Yellow: alic#zKm9"). q is not named: it quits the app, but leaves a table.
    NOT_YOURS: ClassVar[str] = "Not your decision"
    STILL_WORKS: ClassVar[str] = "Help (?) and q still work."
    # What the table says in place of "<seat> is deciding…" once the computer deciding has stopped for good (its search
    # failed, and so did a move at random: the game screen's `computer_stopped`); None while it decides. Tables that
    # show the AI's panel instead of a prompt while another seat decides have it say so there.
    stopped: str | None = None

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: Any = None
        self.viewer: int | None = 0
        self.legal: tuple[Any, ...] = ()
        self.labels: tuple[str, ...] = ()
        self.mode = Mode.WAIT

    class Decided(Message):
        """The player chose `action` (one of the legal actions the board was shown)."""

        def __init__(self, action: Any) -> None:
            super().__init__()
            self.action = action

    class Notice(Message):
        """A line for the status bar, such as why a key did nothing."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class Continued(Message):
        """The person went on from a position kept on the table (PAUSE): the turns held behind it go on (the game's
        `interlude_waits`, `Driver.went_on`)."""

    @abstractmethod
    def show(self, view: Any, viewer: int | None, legal: Sequence[Any], seat_labels: Sequence[str]) -> None:
        """Draw `view` as `viewer` sees it; `legal` is empty unless the viewer decides now.

        `viewer` None is a spectator, shown the public view (every seat's hidden parts hidden): every hand is drawn
        as everyone sees it (its size, the cards seen going in), with no "your" and no prompt; `legal` is empty.
        """

    @property
    def over(self) -> bool:
        """The game shown is over: nothing is decided at this table any more."""
        # Nobody decides on a position kept between decisions either (PAUSE: Rodents' scoring, which goes on).
        return self.mode is not Mode.PAUSE and self.view is not None and self.GAME.current_player(self.view) is None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A spectator, and everyone once the game is over, has the keys that look at the table and no others: the
        # footer of a final table offers no move, choice or pick that would do nothing.
        return action in self.WATCHING or not (self.watching or self.over)

    def decides_alone(self, view: Any, legal: Sequence[Any]) -> Any:
        """The answer a person's own setting gives at this table without asking them (Endless Forms: the pass of a
        reveal window their setting passes), or None when they are asked. The game screen plays it instead of
        handing the keyboard over in hot-seat just to pass."""
        return None

    def _notice(self, text: str) -> None:
        self.post_message(self.Notice(text))

    def _waiting(self) -> bool:
        """True when a key that decides does nothing now (WAIT: another seat decides, or the game is over); the
        status line says who decides."""
        if self.mode is not Mode.WAIT:
            return False
        if self.stopped:
            self._notice(f"{self.stopped} {self.STILL_WORKS}")
            return True
        seat = self.GAME.current_player(self.view) if self.view is not None else None
        self._notice(self.not_yours(None if seat is None else seat_word(self.labels, seat)))
        return True

    @classmethod
    def not_yours(cls, deciding: str | None) -> str:
        """What the status line says of a key that decides, pressed while the seat labelled `deciding` decides (None:
        nobody, the game is over)."""
        if deciding is None:
            return f"The game is over: nobody decides. {cls.STILL_WORKS}"
        return f"{cls.NOT_YOURS}: {deciding} is deciding. {cls.STILL_WORKS}"

    def log_decision(self, turn: int, sentence: str) -> None:
        """Add a described decision to the board's log, under its turn. (Not `log`: that is Textual's logger.)"""
        self.query_one(GameLog).add(turn, sentence)

    def tell(self, events: Sequence[str]) -> None:
        """Add what the last decision caused (the game's events) to the log, under its sentence."""
        self.query_one(GameLog).tell(events)

    def action_scroll_log(self, pages: int) -> None:
        log = self.query_one(GameLog)
        (log.scroll_page_up if pages < 0 else log.scroll_page_down)(animate=False)

    def interlude(self, view: Any, pause: bool) -> None:
        """A position the game reached between decisions (the game's `interlude`: Raging Rodents' invasion as it was
        scored, ExoFauna's holes as they were claimed), in the viewer's view. With `pause` the table shows it as its
        game tells it (Raging Rodents keeps it on show until the person continues; ExoFauna while nobody at the table
        decides); without (a resumed game told again), it only notes it. Most tables have none."""

    def result_details(self) -> Widget | None:
        """More of the result for the end box, from what the table was shown (Raging Rodents: the score of each
        invasion); None for most tables."""
        return None

    def result_summary(self, summary: list[str]) -> list[str]:
        """The game's summary (its `ending` hook) as the end box shows it over `result_details`: whole for most
        tables; without what those details give again (Raging Rodents' points of each collection)."""
        return summary

    def describe_public(self, view: Any, action: Any) -> str:
        """What `action` (not yet played: the computer's preferred move, a hint) does, told from `view` as the
        board's viewer may read it: the game's `describe_to` knows which card that seat cannot see."""
        return protocol.describe_to(self.GAME, view, action, self.viewer)


def board_class(game_id: str) -> type[Board]:
    """The board of the game `game_id`: its own, or the generic table bound to it. Raises UnknownGame."""
    if game_id in _TABLES:
        return importlib.import_module(_TABLES[game_id]).BOARD
    from exotui.tui.tables.generic import table_for  # imports this module: not at the top

    return table_for(games.get(game_id))

"""The generic table: plays any registered game from `legal_actions` and `describe` alone, until the game has a
table of its own. It shows the state in words (the turn, who decides, and the game's own `summary` of a view when
it offers one), the legal decisions as described answers, the AI's status and the log.

Keys: ↑↓ (or jk) move over the answers, Enter chooses; 1-9 and then letters choose an answer at once.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from exotui.engine.protocol import Game
from exotui.tui.tables import Board
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import ANSWER_KEYS, Prompt, answer_bindings, answer_keys, too_few

MOVE: Final = Binding.Group("move", compact=True)

KEYS_HELP: Final = "\n".join(
    [
        "Keys at this table",
        "  ↑↓ or jk, Enter        move over the answers; choose one",
        f"  1-9, then {ANSWER_KEYS[9]}-{ANSWER_KEYS[-1]}        choose the answer with that key at once",
        "This game has no table of its own yet: its position is told in words and every legal decision is listed.",
    ]
)


def seat_word(labels: Sequence[str], seat: int) -> str:
    return labels[seat] if seat < len(labels) else f"Seat {seat + 1}"


def state_lines(game: Game, view: Any, labels: Sequence[str]) -> list[str]:
    """The position in words: the game, the turn, who decides, then the game's own `summary` of the view if any."""
    seat = game.current_player(view)
    deciding = "the game is over" if seat is None else f"{seat_word(labels, seat)} to decide"
    lines = [f"{game.title} · turn {game.turn(view)} · {deciding}"]
    summary = getattr(game, "summary", None)
    if summary is not None:
        lines.extend(str(summary(view)).splitlines())
    return lines


class GenericBoard(Board):
    """The base of every game's generic table; `table_for(game)` makes the subclass bound to one game."""

    GAME: ClassVar[Game]

    BINDINGS: Final = [
        Binding("up", "move(0, -1)", "move", group=MOVE),
        Binding("down", "move(0, 1)", "move", group=MOVE),
        Binding("left", "move(-1, 0)", "move", group=MOVE),
        Binding("right", "move(1, 0)", "move", group=MOVE),
        Binding("k", "move(0, -1)", show=False),
        Binding("j", "move(0, 1)", show=False),
        Binding("h", "move(-1, 0)", show=False),
        Binding("l", "move(1, 0)", show=False),
        Binding("enter", "choose", "choose"),
        Binding("escape", "back", "back"),
        *answer_bindings("pick"),
    ]

    can_focus = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: Any = None
        self.viewer = 0
        self.legal: tuple[Any, ...] = ()
        self.labels: tuple[str, ...] = ()
        self.answers: tuple[str, ...] = ()
        self.option = 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="generic-main"):
            with Vertical(id="generic-table"):
                yield Static(id="generic-state", markup=False)
                yield Prompt(id="prompt")
            with Vertical(id="generic-side"):
                yield AiStatus(id="ai-status")
                yield GameLog(id="log")

    def show(self, view: Any, viewer: int, legal: Sequence[Any], seat_labels: Sequence[str]) -> None:
        game = self.GAME
        if view != self.view:
            self.option = 0
        self.view, self.viewer, self.legal, self.labels = view, viewer, tuple(legal), tuple(seat_labels)
        self.answers = tuple(game.describe(view, action) for action in self.legal)
        self.option = min(self.option, max(0, len(self.legal) - 1))
        self.query_one("#generic-state", Static).update("\n".join(state_lines(game, view, self.labels)))
        self._draw_prompt()

    def _draw_prompt(self) -> None:
        prompt = self.query_one(Prompt)
        if not self.legal:
            seat = self.GAME.current_player(self.view)
            who = "Nobody: the game is over." if seat is None else f"{seat_word(self.labels, seat)} is deciding…"
            prompt.show(who)
            return
        keys = answer_keys(len(self.legal))
        prompt.show(f"Your decision ({keys}, or ↑↓ and Enter):", options=self.answers, cursor=self.option)

    def log(self, turn: int, sentence: str) -> None:
        self.query_one(GameLog).add(turn, sentence)

    def describe_public(self, view: Any, action: Any) -> str:
        # Told from the view: a card the viewer cannot see is a placeholder there, so it cannot be named.
        return self.GAME.describe(view, action)

    @classmethod
    def summary(cls, state: Any, seat_labels: Sequence[str]) -> list[str]:
        game = cls.GAME
        outcome = game.outcome(state)
        lines = [f"{seat_word(seat_labels, seat)}: {value:g}" for seat, value in enumerate(outcome)]
        lines.insert(0, "Result per seat (1 a win, 0 a loss, a share for a shared win):")
        own = getattr(game, "summary", None)
        if own is not None:
            lines.extend(["", *str(own(state)).splitlines()])
        lines.append(f"{game.turn(state)} turns were played.")
        return lines

    # ---------------------------------------------------------------------------------------------------------
    # Keys

    def _waiting(self) -> bool:
        if self.legal:
            return False
        seat = self.GAME.current_player(self.view) if self.view is not None else None
        name = "nobody (the game is over)" if seat is None else seat_word(self.labels, seat)
        self.post_message(self.Notice(f"Not your decision: {name} is deciding. Help (?) and quit (q) still work."))
        return True

    def action_move(self, columns: int, rows: int) -> None:
        if self._waiting():
            return
        # The answers are one list: every arrow steps along it.
        self.option = (self.option + columns + rows) % len(self.legal)
        self._draw_prompt()

    def action_pick(self, number: int) -> None:
        if self._waiting():
            return
        if number > len(self.legal):
            self.post_message(self.Notice(too_few(len(self.legal))))
            return
        self.option = number - 1
        self.post_message(self.Decided(self.legal[self.option]))

    def action_choose(self) -> None:
        if self._waiting():
            return
        self.post_message(self.Decided(self.legal[self.option]))

    def action_back(self) -> None:
        if self._waiting():
            return
        self.post_message(self.Notice("Nothing to go back to: every answer here is a whole decision."))


@functools.cache
def table_for(game: Game) -> type[GenericBoard]:
    """The generic table bound to `game`, with its help: the table's keys first, then the game's `rules_text`."""
    rules = getattr(game, "rules_text", "") or f"{game.title}: see its rulebook (no rules summary yet)."
    return type(f"{type(game).__name__}Table", (GenericBoard,), {"GAME": game, "HELP": f"{KEYS_HELP}\n\n{rules}"})

"""The generic table: plays any registered game from `legal_actions` and `describe` alone, until the game has a
table of its own. It shows the state in words (the turn, who decides, and the game's own `summary` of a view when
it offers one), the legal decisions as described answers, the AI's status and the log.

Keys: ↑↓ (or jk) move over the answers, Enter chooses; 1-9 and then letters choose an answer at once; / then some
words keeps only the answers containing them all (numbered again, 1-9), Esc shows them all again.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, ClassVar, Final

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from exotui.engine import protocol
from exotui.engine.protocol import Game
from exotui.tui.tables import Board, Mode, seat_word, table_keys
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import ANSWER_KEYS, Prompt, answer_bindings, answer_keys, too_few

KEYS_HELP: Final = "\n".join(
    [
        "Keys at this table",
        "  ↑↓ or jk, Enter        move over the answers; choose one",
        f"  1-9, then {ANSWER_KEYS[9]}-{ANSWER_KEYS[-1]}        choose the answer with that key at once",
        "  / then words           only the answers containing every word, numbered 1-9 again (letters",
        "                         type, Backspace corrects); Enter chooses, Esc shows every answer again",
        "This game has no table of its own yet: its position is told in words and every legal decision is listed.",
    ]
)


def matching(answers: Sequence[str], text: str | None) -> tuple[int, ...]:
    """The indices of the answers that contain every word of `text`, in any case and order ("red below" keeps
    "takes the large red planet and places it below the Star"); all of them without a filter."""
    words = (text or "").casefold().split()
    return tuple(index for index, answer in enumerate(answers) if all(word in answer.casefold() for word in words))


def containing(count: int, text: str) -> str:
    """'No answer contains “x”', '1 answer contains “x”', '3 answers contain “x”'."""
    if count == 0:
        return f"No answer contains “{text}”"
    return f"1 answer contains “{text}”" if count == 1 else f"{count} answers contain “{text}”"


def state_lines(game: Game, view: Any, labels: Sequence[str]) -> list[str]:
    """The position in words: the game, the turn, who decides, then the game's own `summary` of the view if any."""
    seat = game.current_player(view)
    deciding = "the game is over" if seat is None else f"{seat_word(labels, seat)} to decide"
    lines = [f"{game.title} · turn {game.turn(view)} · {deciding}"]
    summary = protocol.summary(game)
    if summary is not None:
        lines.extend(str(summary(view)).splitlines())
    return lines


class GenericBoard(Board):
    """The base of every game's generic table; `table_for(game)` makes the subclass bound to one game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *table_keys(),
        *answer_bindings("pick"),
        # Out of the footer, which is full at 80 columns: the prompt says it when there are more answers than digits.
        Binding("slash", "filter", "filter", key_display="/", show=False),
    ]

    can_focus = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.answers: tuple[str, ...] = ()
        # The text typed after "/" (None: no filter), and the answers that contain it, as indices in `legal`.
        self.filter: str | None = None
        self.shown: tuple[int, ...] = ()
        # The answer under the cursor, as an index in `shown`.
        self.option = 0

    def compose(self) -> ComposeResult:
        with Horizontal(id="generic-main"):
            with Vertical(id="generic-table"):
                yield Static(id="generic-state", markup=False)
                yield Prompt(id="prompt")
            with Vertical(id="generic-side"):
                yield AiStatus(id="ai-status")
                yield GameLog(id="log")

    def show(self, view: Any, viewer: int | None, legal: Sequence[Any], seat_labels: Sequence[str]) -> None:
        game = self.GAME
        if view != self.view:
            self.option, self.filter = 0, None
        self.view, self.viewer, self.legal, self.labels = view, viewer, tuple(legal), tuple(seat_labels)
        self.mode = Mode.LIST if self.legal else Mode.WAIT
        self.answers = tuple(game.describe(view, action) for action in self.legal)
        self.query_one("#generic-state", Static).update("\n".join(state_lines(game, view, self.labels)))
        self._narrow()

    def _narrow(self) -> None:
        """Keep the answers that match the filter, and draw them."""
        self.shown = matching(self.answers, self.filter)
        self.option = min(self.option, max(0, len(self.shown) - 1))
        self._draw_prompt()

    def _draw_prompt(self) -> None:
        prompt = self.query_one(Prompt)
        if not self.legal:
            seat = self.GAME.current_player(self.view)
            if seat is None:
                who = "Nobody: the game is over."
            else:
                who = self.stopped or f"{seat_word(self.labels, seat)} is deciding…"
            prompt.show(who)
            return
        options = tuple(self.answers[index] for index in self.shown)
        if self.filter is None:
            keys = answer_keys(len(self.legal))
            # Past the digits, the filter is worth telling; in few words, so the question keeps to one line at 80x24.
            question = (
                f"Your decision ({keys}, ↑↓ Enter; / filters):"
                if len(self.legal) > 9
                else (f"Your decision ({keys}, or ↑↓ and Enter):")
            )
            prompt.show(question, options=options, cursor=self.option)
            return
        # While a filter is typed, letters type: only the digits pick.
        if not self.filter:
            question = "Filter: type words of an answer (Esc: all):"
        elif not self.shown:
            question = f"{containing(0, self.filter)} (Backspace corrects it; Esc: all):"
        else:
            keys = answer_keys(min(len(self.shown), 9))
            question = f"{containing(len(self.shown), self.filter)} ({keys}, ↑↓ Enter; Esc: all):"
        prompt.show(question, options=options, cursor=self.option, keys=ANSWER_KEYS[:9])

    # ---------------------------------------------------------------------------------------------------------
    # Keys

    def action_move(self, columns: int, rows: int) -> None:
        if self._waiting() or not self.shown:
            return
        # The answers are one list: every arrow steps along it.
        self.option = (self.option + columns + rows) % len(self.shown)
        self._draw_prompt()

    def action_pick(self, number: int) -> None:
        if self._waiting():
            return
        if number > len(self.shown):
            count = len(self.shown)
            text = too_few(count) if self.filter is None else f"Only {containing(count, self.filter)}."
            self._notice(text)
            return
        self.option = number - 1
        self.action_choose()

    def action_choose(self) -> None:
        if self._waiting():
            return
        if not self.shown:
            self._notice(f"{containing(0, self.filter or '')}: Backspace corrects it, Esc shows all.")
            return
        self.post_message(self.Decided(self.legal[self.shown[self.option]]))

    def action_back(self) -> None:
        if self._waiting():
            return
        if self.filter is not None:
            self.filter = None
            self._narrow()
            return
        self._notice("Nothing to go back to: every answer here is a whole decision.")

    def action_filter(self) -> None:
        if self._waiting():
            return
        self.filter, self.option = "", 0
        self._narrow()

    def on_key(self, event: events.Key) -> None:
        """While a filter is typed, every character but a digit is part of it (so letters, q and ? too) and Backspace
        takes its last one back (a takeback waits until the filter is gone); digits, arrows, Enter and Esc keep their
        bindings."""
        if self.filter is None:
            return
        if event.key == "backspace":
            # Past its first character, the filter ends, as Esc ends it.
            self.filter = self.filter[:-1] if self.filter else None
        elif event.is_printable and event.character is not None and not event.character.isdigit():
            self.filter += event.character
        else:
            return
        event.stop()
        event.prevent_default()
        self.option = 0
        self._narrow()


@functools.cache
def table_for(game: Game) -> type[GenericBoard]:
    """The generic table bound to `game`, with its help: the table's keys first, then the game's `rules_text`."""
    rules = protocol.rules_text(game) or f"{game.title}: see its rulebook (no rules summary yet)."
    return type(f"{type(game).__name__}Table", (GenericBoard,), {"GAME": game, "HELP": f"{KEYS_HELP}\n\n{rules}"})

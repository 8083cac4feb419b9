"""The keys of a table where a decision is a hand card and then what becomes of it, or one list of answers.

Raging Rodents and Endless Forms decide this way: the arrows or a digit pick a hand card (or the choice after
the hand), then the arrows or a digit pick its answer; Esc goes back to the hand. A board built on
`CardThenAnswerBoard` says what its items and answers are and how it draws them; the keys are the same. Each
board ends its BINDINGS with `answer_bindings("pick")`, so that the footer lists its own keys before them.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar

from textual.binding import Binding, BindingType

from exotui.tui.tables import Board, Mode, table_keys
from exotui.tui.widgets.prompt import too_few


class CardThenAnswerBoard(Board):
    BINDINGS: ClassVar[list[BindingType]] = [
        *table_keys(),
        # After `choose` for Enter, which gives way to it in PAUSE only (check_action), as its footer entry does.
        # Space too, which the prompt names; the footer keeps to one line at 80 columns.
        Binding("enter,space", "continue", "continue", key_display="⏎"),
    ]

    # What Esc says in the hand, where there is nothing to go back to.
    NOTHING_BEFORE_CARD: ClassVar[str] = "Nothing to go back to: pick a hand card."

    can_focus = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.item = 0  # the hand card (or the choice after the hand) under the cursor in CARD
        self.option = 0  # the answer under the cursor in TARGET and LIST

    @abstractmethod
    def _item_count(self) -> int:
        """How many items CARD mode offers: the hand cards and the choices after them."""

    @abstractmethod
    def _choices(self) -> list[tuple[Any, str]]:
        """The answers of TARGET or LIST mode, each with its sentence; empty in the other modes."""

    @abstractmethod
    def _take_item(self) -> None:
        """The item under the cursor was chosen: decide, or go on to its answers (TARGET)."""

    @abstractmethod
    def _draw(self) -> None:
        """Draw the table and the prompt for the mode and cursors."""

    def _paused(self) -> str:
        """What the table shows in PAUSE and which key goes on, for a key that does nothing there."""
        raise NotImplementedError

    def _continue(self) -> None:
        """Leave PAUSE: show the position the table was given meanwhile."""
        raise NotImplementedError

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # In PAUSE, Enter goes on (the footer says "continue"); elsewhere it chooses.
        if action == "continue":
            return self.mode is Mode.PAUSE and super().check_action(action, parameters)
        if action == "choose" and self.mode is Mode.PAUSE:
            return False
        return super().check_action(action, parameters)

    def action_continue(self) -> None:
        if self.mode is Mode.PAUSE:
            self._continue()
            self.post_message(self.Continued())

    def _waiting(self) -> bool:
        # In PAUSE, a key that decides says how to go on.
        if self.mode is Mode.PAUSE:
            self._notice(self._paused())
            return True
        return super()._waiting()

    def action_move(self, columns: int, rows: int) -> None:
        if self._waiting():
            return
        # Each list is one row of choices: every arrow steps along it.
        if self.mode is Mode.CARD:
            self.item = (self.item + columns + rows) % self._item_count()
        else:
            self.option = (self.option + columns + rows) % len(self._choices())
        self._draw()

    def action_pick(self, number: int) -> None:
        if self._waiting():
            return
        if self.mode is Mode.CARD:
            if number > self._item_count():
                self._notice(too_few(self._item_count()))
                return
            self.item = number - 1
            self._take_item()
            return
        choices = self._choices()
        if number > len(choices):
            self._notice(too_few(len(choices)))
            return
        self.option = number - 1
        self._decide(choices[self.option][0])

    def action_choose(self) -> None:
        if self._waiting():
            return
        if self.mode is Mode.CARD:
            self._take_item()
        else:
            self._decide(self._choices()[self.option][0])

    def action_back(self) -> None:
        if self._waiting():
            return
        if self.mode is Mode.TARGET:
            self.mode = Mode.CARD
            self._draw()
        elif self.mode is Mode.CARD:
            self._notice(self.NOTHING_BEFORE_CARD)
        else:
            self._notice("Nothing to go back to: this list is the whole decision.")

    def _go_to_answers(self) -> None:
        self.mode = Mode.TARGET
        self.option = 0
        self._draw()

    def _decide(self, action: Any) -> None:
        # Until the next position is shown, keys wait: the decision is on its way.
        self.mode = Mode.WAIT
        self.option = 0
        self.post_message(self.Decided(action))

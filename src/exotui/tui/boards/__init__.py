"""Boards: the table of one game, drawn from a seat's view, turning keys into that game's decisions.

A board never changes a game: it is shown a view and the legal actions, and posts `Board.Decided` with the
action the player chose. Each game with a board is listed here; the new game screen offers only those.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, ClassVar

from textual.message import Message
from textual.widget import Widget

# game id -> module holding a `BOARD` class; imported on first use so start-up stays fast.
_MODULES: dict[str, str] = {"exofauna": "exotui.tui.boards.exofauna", "exo2": "exotui.tui.boards.exo2"}


class Board(Widget):
    """The base of every game's board."""

    # The game's part of the help screen: turn order and pieces, as plain text.
    HELP: ClassVar[str] = ""

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

    def show(self, view: Any, viewer: int, legal: Sequence[Any], seat_labels: Sequence[str]) -> None:
        """Draw `view` as `viewer` sees it; `legal` is empty unless the viewer decides now."""
        raise NotImplementedError

    def log(self, turn: int, sentence: str) -> None:
        """Add a described action to the board's log."""
        raise NotImplementedError

    def describe_public(self, view: Any, action: Any) -> str:
        """What `action` does, told from `view` without naming a card the viewer cannot see."""
        raise NotImplementedError

    @staticmethod
    def summary(state: Any, seat_labels: Sequence[str]) -> list[str]:
        """Lines for the end screen saying how the finished game in `state` was won."""
        raise NotImplementedError


def has_board(game_id: str) -> bool:
    return game_id in _MODULES


def board_class(game_id: str) -> type[Board]:
    return importlib.import_module(_MODULES[game_id]).BOARD

"""Asking a computer player for its decision, with live progress and cancellation where the player offers them."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, NamedTuple

from exotui.ai.mcts import Progress
from exotui.ai.players import MctsPlayer, Player
from exotui.engine.protocol import Game


class Thought(NamedTuple):
    """A snapshot of a search, for the AI status: how far it got and what it prefers so far."""

    iterations: int
    elapsed: float
    # The search's time budget in seconds, or None when it is bounded by iterations only.
    budget: float | None
    best: Any
    # The searching seat's estimated chance of winning after `best`, in [0, 1].
    win: float


def decide(
    player: Player,
    game: Game,
    view: Any,
    seat: int,
    cancel: threading.Event,
    report: Callable[[Thought], object],
) -> Any:
    """The player's action for `seat` in `view`. Runs in a worker thread; `report` is called from it.

    A searching player stops early when `cancel` is set (its best action so far is returned, and ignored by the
    caller); the others are fast enough not to need it.
    """
    if isinstance(player, MctsPlayer):
        budget = player.config.seconds

        def on_progress(progress: Progress) -> None:
            report(Thought(progress.iterations, progress.elapsed, budget, progress.best, progress.mean_value))

        return player.decide(game, view, seat, cancel, on_progress).action
    return player.choose(game, view, seat)

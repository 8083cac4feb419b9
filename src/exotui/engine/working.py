"""Optional fast paths a game may offer the search: a mutable working copy of a position, and its playouts.

Everything outside the search uses the pure reducer `apply`. Inside the search one iteration applies about ten
actions to a position nobody else sees, so copying the whole state in and out of `apply` and re-checking actions
the search took from `legal_actions` is wasted work. A game's `working_copy(state)` hook returns a `WorkingCopy`:
one mutable copy that the search walks down the tree and plays out on, freezing it once at the end.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol


class WorkingCopy(Protocol):
    """A mutable copy of one state; changing it never changes the state it was made from."""

    def current_player(self) -> int | None:
        """As `game.current_player` on the position the copy holds now."""
        ...

    def legal_actions(self) -> Sequence[Any]:
        """As `game.legal_actions` on the position now: the same actions in the same order."""
        ...

    def act(self, action: Any) -> None:
        """Play `action`, one of `legal_actions()`, exactly as `apply` would; it is not checked again."""
        ...

    def playout(self, rng: random.Random, limit: int | None) -> None:
        """Play on until the game ends or `limit` actions have been played, choosing as the generic playout does.

        The generic playout picks `actions[int(rng.random() * len(actions))]` from `legal_actions()`, or asks the
        game's `rollout_action(state, actions, rng)` hook when it has one; a copy must draw from `rng` in the
        same way, so that it reaches the very state that chaining `apply` reaches (a property test checks it).
        """
        ...

    def freeze(self) -> Any:
        """The position now, as the game's frozen state."""
        ...


def random_playout(work: WorkingCopy, rng: random.Random, limit: int | None, free: tuple[type, ...] = ()) -> None:
    """The generic playout on a working copy: uniformly random actions, for games without a `rollout_action`;
    `limit` counts the actions not of a `free` kind (the game's `playout_free` hook)."""
    random_ = rng.random
    steps = 0
    while steps != limit and work.current_player() is not None:
        actions = work.legal_actions()
        action = actions[int(random_() * len(actions))]
        work.act(action)
        if type(action) not in free:
            steps += 1

"""The game protocol: what every game offers the engine, the AI, the saves and the TUI.

A game is one object holding the static facts and the pure functions; a state is one position.
States and actions are frozen msgspec Structs, so they hash, compare and encode to msgpack as they are.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import msgspec


class IllegalAction(ValueError):
    """Raised by `apply` for an action the rules do not allow in that state; the message says why."""


class GameSetupError(ValueError):
    """Raised by `new_game` for a player count or variant the game does not offer."""


@runtime_checkable
class Game(Protocol):
    """One game's rules. Seats are numbered 0..n-1; seat 0 moves first unless the game says otherwise."""

    id: str
    title: str
    player_counts: tuple[int, ...]
    variants: tuple[str, ...]
    rules_version: str
    # The tagged union of this game's action Structs, for decoding saves.
    action_type: Any
    state_type: type[msgspec.Struct]

    def new_game(self, seed: int, players: int, variant: str | None = None) -> Any:
        """The opening state for `players` seats, all randomness drawn from `seed`."""
        ...

    def current_player(self, state: Any) -> int | None:
        """The seat that must decide now, or None once the game is over."""
        ...

    def legal_actions(self, state: Any) -> Sequence[Any]:
        """Every legal decision of the current seat: canonical (no duplicates), in a stable order.

        Works on `view(state, current_player(state))` too and gives the same answer there: a seat never needs
        hidden information to know what it may do.
        """
        ...

    def apply(self, state: Any, action: Any) -> Any:
        """The state after `action`; never mutates `state`; raises IllegalAction when not legal."""
        ...

    def is_over(self, state: Any) -> bool: ...

    def turn(self, state: Any) -> int:
        """The number of the turn being played, counting from 1 (for logs, replays and the safety limit)."""
        ...

    def outcome(self, state: Any) -> tuple[float, ...]:
        """Per seat, once over: 1 for a win, 0 for a loss, equal shares for a shared win."""
        ...

    def view(self, state: Any, seat: int) -> Any:
        """The state as `seat` may know it: hidden parts replaced by placeholders, the generator state zeroed."""
        ...

    def determinize(self, view: Any, seat: int, rng: random.Random) -> Any:
        """A full state consistent with `view` (as `seat` knows it); hidden parts and future randomness resampled."""
        ...

    def describe(self, state: Any, action: Any) -> str:
        """A short sentence saying what `action` does in `state` (the state before it).

        It names what sets the action apart: no two legal actions of a position are described alike.
        """
        ...

    def events(self, before: Any, action: Any, after: Any) -> tuple[str, ...]:
        """Sentences for what `action` caused beyond itself, in the order it happened: claims and points (who, how
        many, the tie-break when it decided), pieces of the table that appear or go, the end and its result.

        `after` is `apply(before, action)`. Told only from what every seat sees, so `events(view(before, s),
        action, view(after, s))` gives the same sentences for every seat `s` as the true states do: telling a
        computer player's move never reveals a hidden card. Empty when nothing happened beyond the action.
        """
        ...


class Evaluator(Protocol):
    """Optional per-game hint for the AI: a value per seat in [0, 1] for a non-terminal state."""

    def __call__(self, state: Any) -> tuple[float, ...]: ...


_ENCODER = msgspec.msgpack.Encoder()


def state_hash(state: msgspec.Struct) -> str:
    """A stable hex digest of a state: the same position gives the same hash on every run and machine."""
    return hashlib.blake2b(_ENCODER.encode(state), digest_size=12).hexdigest()

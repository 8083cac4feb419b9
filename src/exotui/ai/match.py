"""Playing one whole game between players, headless: the loop behind selfplay, arena and tests."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from exotui.ai.players import Player
from exotui.engine.protocol import Game


class MatchResult(msgspec.Struct, frozen=True):
    seed: int
    variant: str | None
    actions: tuple[Any, ...]
    outcome: tuple[float, ...]
    turns: int
    final: Any
    # Seconds spent deciding, per seat, and decisions made, per seat.
    think_time: tuple[float, ...]
    decisions: tuple[int, ...]


def play_match(
    game: Game,
    players: Sequence[Player],
    seed: int,
    variant: str | None = None,
    on_action: Callable[[Any, Any], None] | None = None,
) -> MatchResult:
    """Play from the opening of `seed` to the end; each player sees only its own view."""
    state = game.new_game(seed, len(players), variant)
    actions: list[Any] = []
    think = [0.0] * len(players)
    decisions = [0] * len(players)
    while (seat := game.current_player(state)) is not None:
        player = players[seat]
        seen = state if player.sees_everything else game.view(state, seat)
        started = time.perf_counter()
        action = player.choose(game, seen, seat)
        think[seat] += time.perf_counter() - started
        decisions[seat] += 1
        if on_action is not None:
            on_action(state, action)
        state = game.apply(state, action)
        actions.append(action)
    return MatchResult(
        seed=seed,
        variant=variant,
        actions=tuple(actions),
        outcome=game.outcome(state),
        turns=game.turn(state),
        final=state,
        think_time=tuple(think),
        decisions=tuple(decisions),
    )

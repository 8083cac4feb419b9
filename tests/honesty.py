"""The honesty check of every game's AI: two true states behind the same view of the deciding seat give the same
decision (the search reads the view only), and the positions it is checked on."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from exotui.ai.players import MctsPlayer, make_player


def random_positions(
    game: Any, seeds: range, steps: tuple[int, int], players: int = 2, variant: str | None = None
) -> list[Any]:
    """One position with a real choice from each random game, after randrange(*steps) random actions."""
    positions = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_game(seed, players, variant)
        for _ in range(rng.randrange(*steps)):
            if game.current_player(state) is None:
                break
            state = game.apply(state, rng.choice(game.legal_actions(state)))
        if game.current_player(state) is not None and len(game.legal_actions(state)) > 1:
            positions.append(state)
    return positions


def decisions_behind_the_view(game: Any, state: Any, twin: Any, spec: str) -> list[Any]:
    """The decisions (with their search statistics) of `spec` in `state` and in `twin`, another truth behind the
    deciding seat's view; both searches seeded alike."""
    seat = game.current_player(state)
    assert game.view(twin, seat) == game.view(state, seat)
    results = []
    for truth in (state, twin):
        player = make_player(spec, seed=77)
        assert isinstance(player, MctsPlayer)
        results.append(player.decide(game, game.view(truth, seat), seat))
    return results


def assert_same_decision(game: Any, state: Any, hidden: Callable[[Any], object], spec: str = "mcts:it=150") -> None:
    """A twin dealt anew by `determinize` (what `hidden` reads of it differs from the truth's) gets the same
    decision, with the same statistics."""
    seat = game.current_player(state)
    twin = game.determinize(game.view(state, seat), seat, random.Random(12345))
    assert hidden(twin) != hidden(state)
    first, second = decisions_behind_the_view(game, state, twin, spec)
    assert first.action == second.action
    assert first.stats == second.stats

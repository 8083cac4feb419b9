"""What every game must satisfy, checked over random games: one conformance check for every registered game.

As pgx's `api_test(env)` and OpenSpiel's `random_sim_test`, these hold for any game of the protocol, whatever its
rules: `apply` never changes its input, a game replays from its seed and actions to the same positions, a seat's
view knows its own legal actions and every truth `determinize` deals from it looks the same to that seat and lets
the seat asked decide, and `apply` accepts exactly the legal actions. A game's own tests hold only what is its own
(cards conserved, its limits, its scoring). `tests/engine/test_games_conform.py` runs it for `games.available()`;
a new game can run it on itself before it is registered.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from exotui.engine.protocol import Game, IllegalAction, state_hash


class Decision(NamedTuple):
    """One decision of a game: the position before it, the action, and the position it led to."""

    before: Any
    action: Any
    after: Any


def setups(game: Game) -> list[tuple[int, str | None]]:
    """Every (player count, variant) the game offers, in a stable order."""
    return [(players, variant) for players in game.player_counts for variant in (None, *game.variants)]


def random_play(game: Game, seed: int, players: int, variant: str | None = None) -> Iterator[Decision]:
    """Every decision of one game of uniformly random legal actions, drawn from `seed`, to its end."""
    chooser = random.Random(seed)
    state = game.new_game(seed, players, variant)
    while game.current_player(state) is not None:
        action = chooser.choice(list(game.legal_actions(state)))
        after = game.apply(state, action)
        yield Decision(state, action, after)
        state = after


def random_game(game: Game, seed: int, players: int, variant: str | None = None) -> list[Decision]:
    """`random_play` as a list: the whole game."""
    return list(random_play(game, seed, players, variant))


def positions(game: Game, seed: int, players: int, variant: str | None = None) -> list[tuple[Any, Any | None]]:
    """Every position of one random game (`random_play`) with the action taken there, then the final one with None."""
    steps = random_game(game, seed, players, variant)
    return [(step.before, step.action) for step in steps] + [(steps[-1].after if steps else None, None)]


def check_game(game: Game, seed: int, players: int, variant: str | None = None, deals: int = 2) -> int:
    """Play one random game of `game` and check every position of it; raises AssertionError saying what failed and
    where. `deals`: truths drawn by `determinize` per seat and position. Returns the number of decisions checked."""
    steps = random_game(game, seed, players, variant)
    where = f"{game.id} seed {seed}, {players} players{f', {variant}' if variant else ''}"
    assert steps, f"{where}: the game ended before any decision"
    _replays(game, seed, players, variant, steps, where)
    rng = random.Random(seed)
    probes = _probes(steps)
    for number, (before, action, after) in enumerate(steps, 1):
        at = f"{where}, decision {number}"
        _unchanged(game, before, action, at)
        _views(game, before, players, rng, deals, at)
        _accepts_exactly_the_legal(game, before, probes, rng, at)
        assert game.apply(before, action) == after, f"{at}: apply is not a function of its input"
    final = steps[-1].after
    assert game.is_over(final) and game.current_player(final) is None, f"{where}: the last position is not over"
    outcome = game.outcome(final)
    assert len(outcome) == players and all(0 <= share <= 1 for share in outcome), f"{where}: outcome {outcome}"
    return len(steps)


def _replays(game: Game, seed: int, players: int, variant: str | None, steps: Sequence[Decision], where: str) -> None:
    """The game is its seed plus its actions: replaying them gives every position again, hash for hash."""
    state = game.new_game(seed, players, variant)
    for number, step in enumerate(steps, 1):
        assert state_hash(state) == state_hash(step.before), f"{where}: decision {number} replays elsewhere"
        state = game.apply(state, step.action)
    assert state_hash(state) == state_hash(steps[-1].after), f"{where}: the end replays elsewhere"


def _unchanged(game: Game, state: Any, action: Any, at: str) -> None:
    """`apply` builds a new state and leaves its input as it was."""
    hashed = state_hash(state)
    game.apply(state, action)
    assert state_hash(state) == hashed, f"{at}: apply changed its input"


def _views(game: Game, state: Any, players: int, rng: random.Random, deals: int, at: str) -> None:
    """A seat's view is a fixed point of itself, knows the legal actions when the seat decides, and every truth dealt
    from it looks the same to the seat and lets the seat asked decide."""
    deciding = game.current_player(state)
    legal = list(game.legal_actions(state))
    for seat in range(players):
        view = game.view(state, seat)
        assert game.view(view, seat) == view, f"{at}: seat {seat}'s view of its view differs"
        if seat == deciding:
            assert list(game.legal_actions(view)) == legal, f"{at}: the view's legal actions differ"
        for _ in range(deals):
            truth = game.determinize(view, seat, rng)
            assert game.view(truth, seat) == view, f"{at}: a truth dealt for seat {seat} looks different to it"
            assert game.current_player(truth) == deciding, f"{at}: a truth dealt for seat {seat} changes who decides"
            assert game.legal_actions(truth), f"{at}: a truth dealt for seat {seat} leaves seat {deciding} no choice"


def _probes(steps: Sequence[Decision]) -> list[Any]:
    """Actions of the game's own kinds to try where they may or may not be legal: every action this game played."""
    return [step.action for step in steps]


def _accepts_exactly_the_legal(game: Game, state: Any, probes: Sequence[Any], rng: random.Random, at: str) -> None:
    """Every legal action applies; a few actions played elsewhere in the game are refused exactly when not legal."""
    legal = list(game.legal_actions(state))
    for action in rng.sample(legal, min(len(legal), 8)):
        game.apply(state, action)
    for action in rng.sample(list(probes), min(len(probes), 8)):
        if action in legal:
            continue
        try:
            game.apply(state, action)
        except IllegalAction:
            continue
        raise AssertionError(f"{at}: apply accepted {action!r}, which is not legal there")

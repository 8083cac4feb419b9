"""The search's fast paths (engine/working.py, docs/engine.md) against the pure reducers, for every game having them.

A working copy must reach exactly the state that chaining `apply` reaches, drawing from the generator as the
generic playout does; a determinizer must deal states consistent with the view, call after call; and a search
with the hooks must be the very search without them, only faster.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exotui import games
from exotui.ai.mcts import SearchConfig, search
from exotui.engine.protocol import playout_free, state_hash

pytestmark = pytest.mark.slow

SETUPS = [
    (game_id, players, variant)
    for game_id in games.available()
    if hasattr(games.get(game_id), "working_copy")
    for players in games.get(game_id).player_counts
    for variant in (None, *games.get(game_id).variants)
]
HOOKS = ("working_copy", "determinizer", "nothing_hidden")
# Thousands of random playouts per game (two setups each), as issue 16 asks; a playout takes milliseconds.
thousands = settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
some = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**63)


def position(game: Any, players: int, variant: str | None, seed: int, progress: float) -> Any:
    """A position `progress` of the way through a random game (never the end)."""
    chooser = random.Random(seed)
    states = [game.new_game(seed, players, variant)]
    while game.current_player(states[-1]) is not None:
        states.append(game.apply(states[-1], chooser.choice(game.legal_actions(states[-1]))))
    return states[min(int(progress * len(states)), len(states) - 2)]


def chained_playout(game: Any, state: Any, rng: random.Random, limit: int | None) -> Any:
    """The generic playout on the pure reducers: the reference a working copy must match."""
    policy = getattr(game, "rollout_action", None)
    free = playout_free(game)
    steps = 0
    while steps != limit and game.current_player(state) is not None:
        actions = game.legal_actions(state)
        action = actions[int(rng.random() * len(actions))] if policy is None else policy(state, actions, rng)
        state = game.apply(state, action)
        steps += type(action) not in free
    return state


class WithoutHooks:
    """A game with only some of its fast paths: everything else is the game's own."""

    def __init__(self, game: Any, keep: tuple[str, ...] = ()) -> None:
        self._game = game
        self._keep = keep

    def __getattr__(self, name: str) -> Any:
        if name in HOOKS and name not in self._keep:
            raise AttributeError(name)
        return getattr(self._game, name)


@pytest.mark.parametrize(("game_id", "players", "variant"), SETUPS)
@thousands
@given(
    seed=seeds,
    progress=st.floats(min_value=0, max_value=1),
    draws=seeds,
    limit=st.one_of(st.none(), st.integers(min_value=1, max_value=12)),
)
def test_a_playout_on_a_working_copy_reaches_the_state_chaining_apply_reaches(
    game_id: str, players: int, variant: str | None, seed: int, progress: float, draws: int, limit: int | None
) -> None:
    game = games.get(game_id)
    state = position(game, players, variant, seed, progress)
    before = state_hash(state)
    work = game.working_copy(state)
    work.playout(random.Random(draws), limit)
    assert work.freeze() == chained_playout(game, state, random.Random(draws), limit)
    assert state_hash(state) == before


@pytest.mark.parametrize(("game_id", "players", "variant"), SETUPS)
@some
@given(seed=seeds)
def test_a_working_copy_offers_the_legal_actions_and_acts_as_apply_does_all_game_long(
    game_id: str, players: int, variant: str | None, seed: int
) -> None:
    game = games.get(game_id)
    chooser = random.Random(seed)
    state = game.new_game(seed, players, variant)
    work = game.working_copy(state)
    while game.current_player(state) is not None:
        assert work.current_player() == game.current_player(state)
        actions = list(game.legal_actions(state))
        assert list(work.legal_actions()) == actions
        action = chooser.choice(actions)
        work.act(action)
        state = game.apply(state, action)
        assert work.freeze() == state
    assert work.current_player() is None


@pytest.mark.parametrize(("game_id", "players", "variant"), SETUPS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_search_with_the_fast_paths_is_the_search_without_them(
    game_id: str, players: int, variant: str | None, seed: int
) -> None:
    game = games.get(game_id)
    state = position(game, players, variant, seed, 0.3)
    seat = game.current_player(state)
    view = game.view(state, seat)
    config = SearchConfig(iterations=300, playout_depth=4)
    fast = search(game, view, seat, config, seed=seed)
    # Saying that nothing is hidden changes the kind of search, so the reference keeps that one hook.
    plain = search(WithoutHooks(game, ("nothing_hidden",)), view, seat, config, seed=seed)
    assert (fast.action, fast.stats, fast.exact) == (plain.action, plain.stats, plain.exact)


@pytest.mark.parametrize("game_id", [g for g in games.available() if hasattr(games.get(g), "determinizer")])
@some
@given(seed=seeds, progress=st.floats(min_value=0, max_value=1), draws=seeds)
def test_one_determinizer_deals_states_consistent_with_the_view_call_after_call(
    game_id: str, seed: int, progress: float, draws: int
) -> None:
    game = games.get(game_id)
    state = position(game, min(game.player_counts), None, seed, progress)
    seat = game.current_player(state)
    view = game.view(state, seat)
    deal = game.determinizer(view, seat)
    rng = random.Random(draws)
    for _ in range(5):
        dealt = deal(rng)
        assert game.view(dealt, seat) == view
        assert game.legal_actions(dealt) == game.legal_actions(view)


@pytest.mark.parametrize(("game_id", "exact"), [("exo2", True), ("exofauna", False)])
def test_a_game_where_nothing_is_hidden_gets_the_exact_search(game_id: str, exact: bool) -> None:
    game = games.get(game_id)
    state = position(game, 2, None, 5, 0.4)
    seat = game.current_player(state)
    assert search(game, game.view(state, seat), seat, SearchConfig(iterations=50), seed=1).exact is exact

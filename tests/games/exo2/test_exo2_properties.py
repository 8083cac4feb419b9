"""EXO n°2 property tests over random games, checked against rules written again here, independently."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exo2_builders import states_and_actions
from exotui.engine.protocol import IllegalAction
from exotui.games.exo2 import rules
from exotui.games.exo2.game import GAME
from exotui.games.exo2.state import EMPTY, Exo2State, Take

pytestmark = pytest.mark.slow

EACH = {2: 13, 3: 9}
ROW_STARTS = [0, 2, 5, 9, 14, 20, 27]  # pyramid rows of 2..7 tokens


def covered(universe: tuple[int, ...], slot: int) -> bool:
    row = next(r for r, (start, end) in enumerate(pairwise(ROW_STARTS)) if start <= slot < end)
    if row == 5:
        return False
    below = ROW_STARTS[row + 1] + slot - ROW_STARTS[row]
    return universe[below] != EMPTY or universe[below + 1] != EMPTY


def may_place(galaxy, x: int, y: int) -> bool:
    if (x, y) == (0, 0) or any((px, py) == (x, y) for px, py, _ in galaxy):
        return False
    return any(max(abs(px - x), abs(py - y)) == 1 for px, py in [(0, 0), *((px, py) for px, py, _ in galaxy)])


def expected_actions(state: Exo2State) -> set[Take]:
    galaxy = state.galaxies[sum(len(g) for g in state.galaxies) % state.players]
    xs = [0, *(x for x, _, _ in galaxy)]
    ys = [0, *(y for _, y, _ in galaxy)]
    tokens = [
        token for slot, token in enumerate(state.universe) if token != EMPTY and not covered(state.universe, slot)
    ]
    return {
        Take(token, x, y)
        for token in tokens
        for x in range(min(xs) - 1, max(xs) + 2)
        for y in range(min(ys) - 1, max(ys) + 2)
        if may_place(galaxy, x, y)
    }


def brute_force_points(galaxy) -> list[int]:
    """Every square of the bounding box, every one of the 8 directions: each run is seen twice."""
    grid = {(x, y): token for x, y, token in galaxy}
    points = [0, 0, 0]
    for x in range(min(x for x, _ in grid), max(x for x, _ in grid) + 1):
        for y in range(min(y for _, y in grid), max(y for _, y in grid) + 1):
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    run = [grid.get((x + k * dx, y + k * dy)) for k in range(3)]
                    if (dx, dy) == (0, 0) or None in run:
                        continue
                    for feature, value in enumerate((lambda t: t // 9, lambda t: t // 3 % 3, lambda t: t % 3)):
                        points[feature] += len({value(t) for t in run}) == 1
    return [p // 2 for p in points]


games = st.tuples(st.integers(-(2**70), 2**70), st.sampled_from([2, 3]))
property_settings = settings(max_examples=200, deadline=None)


@property_settings
@given(games)
def test_legal_actions_are_exactly_the_placements_the_rules_allow(game):
    states, _ = states_and_actions(*game)
    for state in states[:-1]:
        actions = GAME.legal_actions(state)
        assert len(actions) == len(set(actions))
        assert set(actions) == expected_actions(state)


@property_settings
@given(games, st.randoms(use_true_random=False))
def test_apply_refuses_what_the_rules_forbid(game, prober):
    states, _ = states_and_actions(*game)
    for state in states[:-1]:
        legal = set(GAME.legal_actions(state))
        probe = Take(prober.randrange(27), prober.randint(-4, 4), prober.randint(-4, 4))
        if probe not in legal:
            with pytest.raises(IllegalAction):
                GAME.apply(state, probe)
    with pytest.raises(IllegalAction):
        GAME.apply(states[-1], Take(0, 1, 0))


@property_settings
@given(games)
def test_each_token_is_taken_exactly_once(game):
    seed, players = game
    states, actions = states_and_actions(seed, players)
    for state, action, after in zip(states, actions, states[1:], strict=False):
        slot = state.universe.index(action.token)
        assert after.universe == tuple(EMPTY if i == slot else t for i, t in enumerate(state.universe))
    final = states[-1]
    placed = [token for galaxy in final.galaxies for _, _, token in galaxy]
    assert sorted(placed) == sorted(action.token for action in actions)
    assert len(set(placed)) == len(placed) == players * EACH[players]
    assert sorted(placed + [t for t in final.universe if t != EMPTY]) == list(range(27))


@property_settings
@given(games)
def test_every_game_ends_with_full_galaxies_and_a_brute_force_score(game):
    seed, players = game
    states, _ = states_and_actions(seed, players)
    assert not any(GAME.is_over(state) for state in states[:-1])
    final = states[-1]
    assert GAME.is_over(final) and GAME.current_player(final) is None
    assert [len(galaxy) for galaxy in final.galaxies] == [EACH[players]] * players
    points = [brute_force_points(galaxy) for galaxy in final.galaxies]
    assert GAME.evaluate(final) == GAME.outcome(final)
    assert [list(rules.galaxy_points(galaxy)) for galaxy in final.galaxies] == points
    ranks = [
        (sum(p), sum(max(abs(x), abs(y)) == 1 for x, y, _ in g)) for p, g in zip(points, final.galaxies, strict=True)
    ]
    best = [seat for seat, rank in enumerate(ranks) if rank == max(ranks)]
    assert GAME.outcome(final) == pytest.approx([1 / len(best) if seat in best else 0 for seat in range(players)])


@property_settings
@given(games)
def test_placement_points_are_what_the_placement_adds(game):
    seed, players = game
    states, actions = states_and_actions(seed, players)
    for state, action, after in zip(states, actions, states[1:], strict=False):
        seat = GAME.current_player(state)
        gained = rules.placement_points(state.galaxies[seat], action.token, action.x, action.y)
        old, new = rules.galaxy_points(state.galaxies[seat]), rules.galaxy_points(after.galaxies[seat])
        assert tuple(b - a for a, b in zip(old, new, strict=True)) == gained
        values = GAME.evaluate(after)
        assert all(0.0 <= v <= 1.0 for v in values) and sum(values) == pytest.approx(1.0)


@settings(max_examples=60, deadline=None)
@given(games, st.randoms(use_true_random=False))
def test_the_playout_policy_takes_a_best_scoring_placement(game, policy_rng):
    states, _ = states_and_actions(*game)
    for state in states[:-1]:
        actions = GAME.legal_actions(state)
        galaxy = state.galaxies[GAME.current_player(state)]
        gains = {action: sum(rules.placement_points(galaxy, action.token, action.x, action.y)) for action in actions}
        chosen = GAME.rollout_action(state, actions, policy_rng)
        assert chosen in gains
        assert gains[chosen] == max(gains.values())

"""The AI on Cryptid: it only uses what its seat may know, it searches the habitat once deduction pins it down, and
the simple deducer (the `policy` player) is honest too."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from cryptid_builders import allows, position
from exotui import games
from exotui.ai.players import make_player
from exotui.games.cryptid.board import space_name
from exotui.games.cryptid.levels import Reasoning
from exotui.games.cryptid.state import Ask, Hint, Search
from exotui.games.cryptid.view import deduce
from honesty import decisions_behind_the_view, random_positions

GAME = games.get("cryptid")
ALL_NAMES = [space_name(spot) for spot in range(108)]


def twin_with_other_clues(state: Any, seat: int) -> Any:
    """Another true game behind the same view of `seat`: other clues for the others where possible, another
    generator."""
    view = GAME.view(state, seat)
    for attempt in range(40):
        twin = GAME.determinize(view, seat, random.Random(attempt))
        if twin.clues != state.clues:
            return twin
    return GAME.determinize(view, seat, random.Random(99))


POSITIONS = (
    random_positions(GAME, range(4), (4, 30), 3)
    + random_positions(GAME, range(4, 7), (4, 30), 2)
    + random_positions(GAME, range(7, 9), (4, 30), 4, "advanced")
)


@pytest.mark.parametrize("state", POSITIONS, ids=lambda s: f"{s.players}p-step{s.step}")
def test_same_view_different_hidden_clues_same_decision(state: Any) -> None:
    seat = GAME.current_player(state)
    twin = twin_with_other_clues(state, seat)
    assert twin.rng != state.rng
    first, second = decisions_behind_the_view(GAME, state, twin, "mcts:it=120")
    assert first.action == second.action
    assert first.stats == second.stats
    policies = [make_player("policy", seed=5).choose(GAME, GAME.view(truth, seat), seat) for truth in (state, twin)]
    assert policies[0] == policies[1]


def pinned_down() -> list[Any]:
    """Turn positions of 3-player games where the deciding seat's deduction leaves one habitat."""
    found = []
    for seed in range(30):
        rng = random.Random(seed)
        state = GAME.new_game(seed, 3)
        while (seat := GAME.current_player(state)) is not None:
            if state.step == 1:
                deduction = deduce(GAME.view(state, seat))
                if deduction.options is not None and len(deduction.options) == 1:
                    found.append(state)
                    break
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if len(found) == 4:
            break
    return found


@pytest.mark.parametrize("state", pinned_down(), ids=lambda s: f"seed-turn{s.turn}")
def test_mcts_searches_the_habitat_once_deduction_leaves_one(state: Any) -> None:
    seat = GAME.current_player(state)
    assert make_player("mcts:it=300", seed=3).choose(GAME, GAME.view(state, seat), seat) == Search(state.habitat)


def test_the_policy_player_asks_about_candidates_and_never_takes_the_hint() -> None:
    for state in random_positions(GAME, range(20, 30), (4, 30), 3):
        seat = GAME.current_player(state)
        choice = make_player("policy", seed=1).choose(GAME, GAME.view(state, seat), seat)
        assert type(choice).__name__ != "Hint"
        assert choice in GAME.legal_actions(state)


def test_a_cube_answer_is_decided_at_once_whether_or_not_it_is_a_bluff() -> None:
    answers = [
        state
        for state in random_positions(GAME, range(40, 120), (4, 30), 2)
        if state.step == 3 and len(GAME.legal_actions(state)) == 2
    ]
    assert answers, "no random game reached a bluff"
    for state in answers[:3]:
        seat = GAME.current_player(state)
        result = make_player("mcts:it=200", seed=1).decide(GAME, GAME.view(state, seat), seat)
        assert result.iterations == 0 and result.action in GAME.legal_actions(state)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4, 5]), advanced=st.booleans())
def test_property_two_truths_behind_one_view_get_one_decision(seed: int, players: int, advanced: bool) -> None:
    positions = random_positions(GAME, range(seed, seed + 1), (4, 30), players, "advanced" if advanced else None)
    assume(positions)
    state = positions[0]
    seat = GAME.current_player(state)
    twin = twin_with_other_clues(state, seat)
    decisions = [
        make_player("mcts:it=60", seed=seed).decide(GAME, GAME.view(truth, seat), seat) for truth in (state, twin)
    ]
    assert decisions[0].action == decisions[1].action and decisions[0].stats == decisions[1].stats


def test_no_computer_kind_reveals_the_hint() -> None:
    # RULINGS.md 4: computer players never ask for it. A turn with few decisions, so a random pick would often be it.
    bare = position()
    cubes: dict[str, list[str]] = {"red": [], "orange": [], "purple": []}
    for spot, name in enumerate(ALL_NAMES):
        ruling_out = [colour for colour in cubes if not allows(bare, colour) >> spot & 1]
        if name not in ("A1", "L9") and ruling_out:
            cubes[ruling_out[0]].append(name)
    state = position(cubes={colour: " ".join(names) for colour, names in cubes.items()})
    seat = GAME.current_player(state)
    seen = GAME.view(state, seat)
    assert Hint() in GAME.legal_actions(seen) and len(GAME.legal_actions(seen)) <= 12
    for spec in ("random", "greedy", "policy", "mcts:easy", "mcts:normal", "mcts:it=30"):
        for seed in range(40 if spec in ("random", "greedy") else 3):
            assert type(make_player(spec, seed).choose(GAME, seen, seat)) is not Hint, spec


# ---------------------------------------------------------------------------------------------------------------
# The levels (games/cryptid/levels.py)


@pytest.mark.parametrize("spec", ["mcts:easy", "mcts:normal"])
@pytest.mark.parametrize("state", POSITIONS[::2], ids=lambda s: f"{s.players}p-step{s.step}")
def test_every_level_gives_two_truths_behind_one_view_one_decision(state: Any, spec: str) -> None:
    # Hard is the search of the tests above (its 4 s budget is not deterministic; mcts:it=N reasons alike).
    seat = GAME.current_player(state)
    first, second = decisions_behind_the_view(GAME, state, twin_with_other_clues(state, seat), spec)
    assert first.action == second.action and first.stats == second.stats
    assert first.action in GAME.legal_actions(state)


@pytest.mark.parametrize("state", pinned_down(), ids=lambda s: f"seed-turn{s.turn}")
def test_normal_does_not_use_the_puzzles_uniqueness(state: Any) -> None:
    # Exact deduction leaves one habitat here; a person's reasoning (each colour's clues agreeing with its pieces,
    # combined freely) still leaves several spaces, so normal asks on.
    seat = GAME.current_player(state)
    seen = GAME.view(state, seat)
    assert len(Reasoning(seen, seat).weights) > 1
    assert type(make_player("mcts:normal", seed=3).choose(GAME, seen, seat)) is Ask


def test_normal_searches_once_its_own_reasoning_leaves_one_space() -> None:
    found = 0
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new_game(seed, 3)
        while (seat := GAME.current_player(state)) is not None:
            seen = GAME.view(state, seat)
            if state.step == 1 and len(Reasoning(seen, seat).weights) == 1:
                assert make_player("mcts:normal", seed=1).choose(GAME, seen, seat) == Search(state.habitat)
                found += 1
                break
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if found == 3:
            return
    pytest.fail("no random game left a seat one space")


def test_hard_and_search_budgets_search_and_easy_and_normal_do_not() -> None:
    state = POSITIONS[0]
    seat = GAME.current_player(state)
    seen = GAME.view(state, seat)
    assert GAME.level_play("hard", seen, seat, random.Random(1)) is None
    assert GAME.level_play("it=300", seen, seat, random.Random(1)) is None
    for spec in ("mcts:easy", "mcts:normal"):
        result = make_player(spec, seed=2).decide(GAME, seen, seat)
        assert result.iterations == 0 and result.stats[0].action == result.action

"""Every registered game refuses malformed input cleanly: `apply` raises only IllegalAction and `new_game` only
GameSetupError, whatever object or field value they are handed (engine/protocol.py's check_action and
check_setup). Parametrized over `games.available()`, so a new game is covered the day it is registered."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import msgspec
import msgspec.inspect as mi
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exotui import games
from exotui.engine.protocol import GameSetupError, IllegalAction, check_action
from exotui.games.exo2.state import Take as Exo2Take
from exotui.games.exofauna.cards import HIDDEN
from exotui.games.exofauna.state import ADAPT, Play

GAME_IDS = games.available()
EXAMPLES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def action_structs(game: Any) -> tuple[type[msgspec.Struct], ...]:
    info = mi.type_info(game.action_type)
    kinds = info.types if isinstance(info, mi.UnionType) else (info,)
    return tuple(kind.cls for kind in kinds)


def positions(game: Any, seed: int, steps: int) -> list[Any]:
    """The positions of a random game from its opening, up to `steps` actions in (fewer if it ends first)."""
    chooser = random.Random(seed)
    state = game.new_game(seed, game.player_counts[0], None)
    seen = [state]
    for _ in range(steps):
        if game.is_over(state):
            break
        state = game.apply(state, chooser.choice(list(game.legal_actions(state))))
        seen.append(state)
    return seen


# Anything a caller might hand over by mistake, including values that compare equal to ints (3.0, True).
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=30),
    st.floats(),
    st.integers(min_value=-3, max_value=30).map(float),
    st.text(max_size=4),
    st.binary(max_size=4),
    st.tuples(st.integers(), st.integers()),
    st.builds(object),
)


@st.composite
def odd_actions(draw: st.DrawFn, game: Any, state: Any) -> Any:
    """An object that is not an action, an action Struct with arbitrary fields, or a legal action with one field
    replaced by a value of another type or out of range."""
    kind = draw(st.sampled_from(("object", "struct", "mutated")))
    if kind == "object":
        return draw(ODD_VALUES)
    structs = action_structs(game)
    if kind == "struct":
        cls = draw(st.sampled_from(structs))
        return cls(*(draw(ODD_VALUES) for _ in cls.__struct_fields__))
    legal = list(game.legal_actions(state))
    action = draw(st.sampled_from(legal))
    if not action.__struct_fields__:
        return draw(ODD_VALUES)
    field = draw(st.sampled_from(action.__struct_fields__))
    value = getattr(action, field)
    odd = draw(
        st.sampled_from(
            (float(value), bool(value), None, str(value), value + 2**64, -(2**64), HIDDEN)
            if type(value) is int
            else (None, 0, "x")
        )
    )
    return msgspec.structs.replace(action, **{field: odd})


@pytest.mark.parametrize("game_id", GAME_IDS)
@EXAMPLES
@given(data=st.data(), seed=st.integers(0, 10_000), steps=st.integers(0, 80))
def test_apply_raises_only_illegal_action_for_any_object(game_id, data, seed, steps):
    game = games.get(game_id)
    state = positions(game, seed, steps)[-1]
    if game.is_over(state):
        return
    action = data.draw(odd_actions(game, state))
    legal = list(game.legal_actions(state))
    try:
        after = game.apply(state, action)
    except IllegalAction as exc:
        assert str(exc) and "\n" not in str(exc) and len(str(exc)) <= 200
        return
    # Accepted: then it was a legal action, of exactly the types a save holds.
    assert action in legal
    assert msgspec.msgpack.decode(msgspec.msgpack.encode(action), type=game.action_type) == action
    assert after == game.apply(state, legal[legal.index(action)])


@pytest.mark.parametrize("game_id", GAME_IDS)
@EXAMPLES
@given(data=st.data(), seed=st.integers(0, 10_000), steps=st.integers(1, 80))
def test_apply_on_any_seats_view_raises_only_illegal_action(game_id, data, seed, steps):
    game = games.get(game_id)
    state = positions(game, seed, steps)[-1]
    if game.is_over(state):
        return
    seat = data.draw(st.integers(0, game.player_counts[0] - 1))
    view = game.view(state, seat)
    action = data.draw(st.one_of(odd_actions(game, state), st.sampled_from(list(game.legal_actions(state)))))
    with contextlib.suppress(IllegalAction):
        game.apply(view, action)


@pytest.mark.parametrize("game_id", GAME_IDS)
@EXAMPLES
@given(
    seed=st.one_of(st.integers(), ODD_VALUES), players=ODD_VALUES, variant=st.one_of(st.text(max_size=6), ODD_VALUES)
)
def test_new_game_raises_only_game_setup_error_for_any_arguments(game_id, seed, players, variant):
    game = games.get(game_id)
    try:
        state = game.new_game(seed, players, variant)
    except GameSetupError as exc:
        assert "\n" not in str(exc) and len(str(exc)) <= 200
        return
    assert type(seed) is int and players in game.player_counts and variant in (None, *game.variants)
    assert game.current_player(state) is not None


# The cases the issue found, one by one.


def test_exofauna_refuses_a_float_card_that_compares_equal_to_one_in_hand():
    game = games.get("exofauna")
    state = game.new_game(1, 2)
    card = state.hands[0][0]
    with pytest.raises(IllegalAction, match=r"Play.card must be a whole number, got 3.0|got \d+\.0"):
        game.apply(state, Play(float(card), 0, 0))


def test_exofauna_refuses_a_non_action_at_the_adaptation_step():
    game = games.get("exofauna")
    state = next(state for seed in range(50) for state in positions(game, seed, 60) if state.step == ADAPT)
    with pytest.raises(IllegalAction, match="not an action of this game"):
        game.apply(state, "skip")


def test_exofauna_refuses_a_placeholder_card_on_the_other_seats_view():
    game = games.get("exofauna")
    state = game.new_game(1, 2)
    view = game.view(state, 1)  # Blue decides; Yellow's view hides Blue's hand
    assert HIDDEN in view.hands[0]
    with pytest.raises(IllegalAction, match="from 0 to 15, got -2"):
        game.apply(view, Play(HIDDEN, 0, 0))


def test_exo2_refuses_float_coordinates_that_would_hash_differently():
    game = games.get("exo2")
    state = game.new_game(1, 2)
    take = game.legal_actions(state)[0]
    with pytest.raises(IllegalAction, match=r"Take\.x must be a whole number, got"):
        game.apply(state, Exo2Take(take.token, float(take.x), take.y))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize(("seed", "players"), [(1, 2.0), (1.0, 2), (True, 2), (1, True), (1, None), ("1", 2)])
def test_new_game_refuses_arguments_of_the_wrong_type(game_id, seed, players):
    with pytest.raises(GameSetupError):
        games.get(game_id).new_game(seed, players, None)


def test_check_action_names_the_struct_field_and_value():
    with pytest.raises(IllegalAction, match=r"^Play.slot must be a whole number, got None$"):
        check_action(Play(1, None, 0), Play)
    with pytest.raises(IllegalAction, match=r"^not an action of this game: 'x{58}…$"):
        check_action("x" * 1000, Play)

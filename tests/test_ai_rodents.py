"""The AI on Raging Rodents: it only uses what its seat may know, and it takes points that are there to take."""

from __future__ import annotations

import random
from typing import Any

import pytest

from exotui import games
from exotui.ai.players import MctsPlayer, make_player
from rodents_builders import card, collection, position

GAME = games.get("rodents")


def random_positions(seeds: range) -> list[Any]:
    """One position with a real choice from each random game (2, 3, 4 players and solo in turn)."""
    positions = []
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_game(seed, GAME.player_counts[seed % 4])
        for _ in range(rng.randrange(12)):
            if GAME.current_player(state) is None:
                break
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if GAME.current_player(state) is not None and len(GAME.legal_actions(state)) > 1:
            positions.append(state)
    return positions


@pytest.mark.parametrize("state", random_positions(range(8)), ids=lambda s: f"{s.players}p-turn{s.turn}")
def test_same_view_different_hidden_cards_and_generator_same_decision(state: Any) -> None:
    seat = GAME.current_player(state)
    view = GAME.view(state, seat)
    # The other hands, the Field, the aside cards, the automaton's stack and the generator dealt anew.
    twin = GAME.determinize(view, seat, random.Random(12345))
    assert GAME.view(twin, seat) == view
    assert (twin.hands, twin.field, twin.aside, twin.stack, twin.rng) != (
        state.hands,
        state.field,
        state.aside,
        state.stack,
        state.rng,
    )
    results = []
    for truth in (state, twin):
        player = make_player("mcts:it=150", seed=77)
        assert isinstance(player, MctsPlayer)
        results.append(player.decide(GAME, GAME.view(truth, seat), seat))
    assert results[0].action == results[1].action
    assert results[0].stats == results[1].stats


def test_mcts_eats_the_rival_rodents_with_its_predator() -> None:
    # Within its turn, the Fox to Seat 2's collection eats three rodents worth 1 + 3 + 5.
    state = position(
        2,
        variant="1-invasion",
        hands=(("Fox", "Red Squirrel"), ("Owl", "Dormouse")),
        field=("Beaver", "Otter", "+3", "-2"),
        collections=(collection("Chipmunk"), collection("Jerboa", "Prairie Dog", "Hamster")),
    )
    player = make_player("mcts:it=400", seed=3)
    while GAME.current_player(state) == 0:
        state = GAME.apply(state, player.choose(GAME, GAME.view(state, 0), 0))
    assert state.collections[1].predators == (card("Fox"),)
    assert state.collections[1].rodents == ()

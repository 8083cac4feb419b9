"""The AI on Raging Rodents: it only uses what its seat may know, and it takes points that are there to take."""

from __future__ import annotations

from typing import Any

import pytest

from exotui import games
from exotui.ai.players import make_player
from honesty import assert_same_decision, random_positions
from rodents_builders import card, collection, position

GAME = games.get("rodents")


# Every player count in turn, solo included.
POSITIONS = [
    state
    for seed in range(8)
    for state in random_positions(GAME, range(seed, seed + 1), (0, 12), GAME.player_counts[seed % 4])
]


@pytest.mark.parametrize("state", POSITIONS, ids=lambda s: f"{s.players}p-turn{s.turn}")
def test_same_view_different_hidden_cards_and_generator_same_decision(state: Any) -> None:
    # The other hands, the Field, the aside cards, the automaton's stack and the generator dealt anew.
    assert_same_decision(GAME, state, lambda truth: (truth.hands, truth.field, truth.aside, truth.stack, truth.rng))


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

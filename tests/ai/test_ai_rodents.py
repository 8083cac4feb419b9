"""The AI on Raging Rodents: it only uses what its seat may know, and it takes points that are there to take."""

from __future__ import annotations

from typing import Any

import pytest

from exotui import games
from exotui.ai.mcts import SearchConfig
from exotui.ai.players import MctsPlayer, make_player
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


def test_easy_never_plays_a_decision_its_search_judged_well_below_its_best() -> None:
    """A short search visits a swap (no points either way) nearly as often as a card worth playing, and easy's draw
    took it: easy lost to greedy (docs/strength.md). From this position the draw without a margin played a decision
    judged more than 0.05 below the best for 6 of these 12 seeds; the game's easy now leaves them out."""
    (state,) = random_positions(GAME, range(1), (0, 12), 2)
    seat = GAME.current_player(state)
    view = GAME.view(state, seat)
    margin = GAME.easy_play.margin
    assert margin == 0.05
    for seed in range(12):
        easy = MctsPlayer("easy", SearchConfig(iterations=300), seed, easy=True)
        result = easy.decide(GAME, view, seat)
        top = max(result.stats, key=lambda s: (s.visits, s.mean_value))
        played = next(s for s in result.stats if s.action == result.action)
        assert played.mean_value >= top.mean_value - margin

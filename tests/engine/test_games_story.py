"""How every game tells a move and what it caused, parametrized over `games.available()`.

A new game is picked up here as soon as it is registered: its sentences for the legal actions of a position must
all differ (the player tells answers apart by them), and `events` must tell the same story from every seat's view
as from the true states (so telling a computer player's move never reveals a hidden card).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from exotui import games

# Positions checked per game: thousands, in a few seconds for every game.
POSITIONS = 3000
# An action is a small part of a long game: sampling every n-th position spreads the checks over many games.
EVERY = 3


def random_play(game: Any, seed: int) -> Iterator[tuple[int, Any, Any, Any]]:
    """(players, before, action, after) for every action of one random game; the seed picks the player count and
    the variant in turn."""
    setups = [(players, variant) for players in game.player_counts for variant in (None, *game.variants)]
    players, variant = setups[seed % len(setups)]
    chooser = random.Random(seed)
    state = game.new_game(seed, players, variant)
    while not game.is_over(state):
        action = chooser.choice(list(game.legal_actions(state)))
        after = game.apply(state, action)
        yield players, state, action, after
        state = after


def positions(game: Any, count: int) -> Iterator[tuple[int, Any, Any, Any]]:
    """`count` sampled (players, before, action, after) from random games, game after game from seed 0."""
    seed = 0
    while True:
        for index, triple in enumerate(random_play(game, seed)):
            if index % EVERY == 0:
                yield triple
                count -= 1
                if not count:
                    return
        seed += 1


@pytest.mark.parametrize("game_id", games.available())
def test_no_two_legal_actions_of_a_position_are_described_alike(game_id):
    game = games.get(game_id)
    for _, state, _, _ in positions(game, POSITIONS):
        seat = game.current_player(state)
        # The prompt lists the answers as the deciding seat sees them; the log tells them from the true state.
        for shown in (state, game.view(state, seat)):
            sentences: dict[str, Any] = {}
            for action in game.legal_actions(shown):
                sentence = game.describe(shown, action)
                assert sentence not in sentences, f"{sentence!r} describes {action} and {sentences[sentence]}"
                sentences[sentence] = action


@pytest.mark.parametrize("game_id", games.available())
def test_events_are_told_alike_from_every_seat_and_from_the_true_states(game_id):
    game = games.get(game_id)
    told = 0
    for players, before, action, after in positions(game, POSITIONS):
        events = game.events(before, action, after)
        assert isinstance(events, tuple)
        assert all(isinstance(event, str) and event.endswith(".") for event in events)
        for seat in range(players):
            assert game.events(game.view(before, seat), action, game.view(after, seat)) == events, seat
        told += bool(events)
    assert told, "random games never told an event"


@pytest.mark.parametrize("game_id", games.available())
def test_the_end_of_every_game_is_announced(game_id):
    game = games.get(game_id)
    for seed in range(6):
        _, before, action, after = list(random_play(game, seed))[-1]
        assert game.is_over(after)
        assert game.events(before, action, after), "the last action's events say how the game ended"

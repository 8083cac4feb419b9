"""The end screen's lines (engine.protocol.ending): each game words how it was won; a game without the hook gets
each seat's share of the outcome."""

from __future__ import annotations

import pytest

import savegame_toy
from exotui import games
from exotui.engine.conformance import random_game, setups
from exotui.engine.protocol import ending, seat_names


@pytest.mark.parametrize("game_id", games.available())
def test_a_game_words_its_ending_naming_every_seat_by_its_label(game_id: str) -> None:
    game = games.get(game_id)
    for players, variant in setups(game):
        final = random_game(game, 11, players, variant)[-1].after
        labels = [f"{name} (label)" for name in seat_names(game, players)]
        lines = ending(game, final, labels)
        assert lines and all(isinstance(line, str) and line for line in lines)
        assert not lines[0].startswith("Result per seat")
        assert all(any(label in line for line in lines) for label in labels), lines


def test_a_game_without_the_hook_ends_with_each_seats_share_and_the_turns() -> None:
    final = random_game(savegame_toy.GAME, 4, 2)[-1].after
    lines = ending(savegame_toy.GAME, final, ["Ann"])
    outcome = savegame_toy.GAME.outcome(final)
    assert lines[:3] == [
        "Result per seat (1 a win, 0 a loss, a share for a shared win):",
        f"Ann: {outcome[0]:g}",
        f"Seat 2: {outcome[1]:g}",
    ]
    assert lines[-1] == f"{savegame_toy.GAME.turn(final)} turns were played."

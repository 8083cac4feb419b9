"""Every implemented game saves and loads through the generic records, with no save code of its own."""

from __future__ import annotations

import random

import pytest

from exotui import games
from exotui.engine.records import GameRecord, Seat, load

SETUPS = [
    (game_id, players, variant)
    for game_id in games.available()
    for players in games.get(game_id).player_counts
    for variant in (None, *games.get(game_id).variants)
]


@pytest.mark.parametrize(("game_id", "players", "variant"), SETUPS)
def test_a_game_interrupted_and_resumed_saves_and_loads_exactly(tmp_path, game_id, players, variant):
    game = games.get(game_id)
    seats = [Seat.from_spec(f"Computer {seat + 1}", "random") for seat in range(players)]
    record = GameRecord.new(tmp_path / "g.exosave", game, 21, seats, variant)
    record.save()
    chooser = random.Random(21)
    while not record.finished:
        record.append(chooser.choice(game.legal_actions(record.state)))
        if len(record.actions) == 10:
            resumed = GameRecord.resume(record.path)
            assert resumed.state == record.state
            record = resumed
    saved = load(record.path)
    assert saved.final == record.state
    assert saved.header.result == game.outcome(record.state)
    assert saved.states[0] == game.new_game(21, players, variant)
    assert len(saved.moves()) == len(saved.actions) == saved.header.actions

"""Finished games to review, recorded as the app records them: for tests/ai/test_review.py and test_tui_review*.py."""

from __future__ import annotations

from pathlib import Path

from exotui import games
from exotui.ai.match import play_match
from exotui.ai.players import make_player
from exotui.engine.records import SavedGame, Seat, load
from exotui.engine.savedir import SaveDir


def recorded(
    directory: Path,
    game_id: str,
    specs: tuple[str, ...],
    seed: int = 3,
    people: tuple[int, ...] = (),
    variant: str | None = None,
) -> SavedGame:
    """A game played to its end by the players of `specs` and saved in `directory`; the seats in `people` are
    recorded as people ("human"), as if a person had played those moves."""
    game = games.get(game_id)
    players = [make_player(spec, seed * 10 + seat) for seat, spec in enumerate(specs)]
    result = play_match(game, players, seed, variant)
    seats = [
        Seat(name=f"Person {seat + 1}", kind="human")
        if seat in people
        else Seat.from_spec(f"Computer {seat + 1}", spec)
        for seat, spec in enumerate(specs)
    ]
    record = SaveDir(directory).new_record(game, seed, seats, variant)
    record.save()
    for action in result.actions:
        record.append(action)
    record.close()
    return load(record.path)


def unfinished(directory: Path, game_id: str = "exofauna", seed: int = 3, actions: int = 10) -> SavedGame:
    """A game of two greedy players stopped after `actions` actions."""
    game = games.get(game_id)
    result = play_match(game, [make_player("greedy", seat) for seat in range(2)], seed)
    record = SaveDir(directory).new_record(game, seed, [Seat.from_spec(f"Computer {s + 1}", "greedy") for s in (0, 1)])
    record.save()
    for action in result.actions[:actions]:
        record.append(action)
    record.close()
    return load(record.path)

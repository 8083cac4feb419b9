"""Save directories holding a player's record: real games against the computer, played to their end or not."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from exotui import games
from exotui.engine.records import HUMAN, Header, Seat
from exotui.engine.savedir import SaveDir


def played(saves: SaveDir, game_id: str, spec: str, seed: int, *, finish: bool = True, hints: int = 0) -> None:
    """A game of the human "You" against one computer player of `spec`, random moves from `seed` for both."""
    game = games.get(game_id)
    record = saves.new_record(game, seed, (Seat("You", HUMAN), Seat.from_spec("AI", spec)))
    record.save()
    for _ in range(hints):
        record.count_hint(0)
    rng = random.Random(seed)
    while not game.is_over(record.state) and (finish or len(record.actions) < 6):
        record.append(rng.choice(game.legal_actions(record.state)))
    record.close()


def a_record(path: Path) -> SaveDir:
    """Six EXO n°2 games against two levels (one unfinished) and two of Raging Rodents."""
    saves = SaveDir(path)
    for seed in (1, 2, 3):
        played(saves, "exo2", "mcts:hard", seed, hints=seed - 1)
    played(saves, "exo2", "mcts:hard", 4, finish=False)
    played(saves, "exo2", "mcts:easy", 5)
    for seed in (6, 7):
        played(saves, "rodents", "greedy", seed)
    return saves


WHEN = datetime(2026, 1, 1, tzinfo=UTC)


def header(
    *seats: Seat, result: tuple[float, ...] | None, game: str = "exo2", hints: tuple[int, ...] = (), actions: int = 0
) -> Header:
    """A save's header with these seats and result (None: unfinished), as listings and Your record read it."""
    return Header(
        format=1,
        app_version="1",
        game=game,
        rules_version="1",
        variant=None,
        seed=1,
        seats=seats,
        created=WHEN,
        updated=WHEN,
        actions=actions,
        turn=1,
        result=result,
        hints=hints,
    )

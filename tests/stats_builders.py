"""Save directories holding a player's record: real games against the computer, played to their end or not."""

from __future__ import annotations

import random
from pathlib import Path

from exotui import games
from exotui.engine.records import HUMAN, Seat
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

"""Screenshots of the Cryptid table at 80x24 (and one at 120x40), compared with the accepted ones in
tests/tui/__snapshots__.

Deterministic: fixed seeds, the simple deducer (`policy`, seeded) for the computer seats and for the moves before
the screenshot, no pause between AI moves.
Update after a deliberate change with `python -m pytest tests/tui/test_tui_cryptid_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from exotui import games
from exotui.ai.players import make_player
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen

GAME = games.get("cryptid")


def app() -> ExoTuiApp:
    return ExoTuiApp(ai_pause=0, default_seed=7)


def played(seed: int, players: int, variant: str | None, count: int) -> GameScreen:
    """A game with seat 1 human, the others the simple deducer, after `count` decisions of the simple deducer."""
    seats = (Seat("human"), *(Seat("policy") for _ in range(players - 1)))
    session = GameSession(GAME, seed, variant, seats)
    deducers = [make_player("policy", seed + seat) for seat in range(players)]
    for _ in range(count):
        state = session.state
        seat = GAME.current_player(state)
        session.apply(deducers[seat].choose(GAME, GAME.view(state, seat), seat))
    return GameScreen(session, 0)


def position(seed: int, players: int, variant: str | None, count: int, keys: tuple[str, ...]) -> Any:
    async def run_before(pilot: Pilot) -> None:
        await pilot.app.push_screen(played(seed, players, variant, count))
        for _ in range(4):
            await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()

    return run_before


# (name, seed, players, variant, decisions before, keys, size)
TABLES = [
    # 3 players after the opening and a round: the cursor two hexes right, Enter lists the questions.
    ("three-players", 3, 3, None, 9, ("right", "right", "enter"), (80, 24)),
    # 5 players, advanced (black structures, negated clues): the learning aid on.
    ("five-players-advanced", 6, 5, "advanced", 12, ("a", "down"), (80, 24)),
    # The two-player variant: two clues and two colours each, the cursor moved diagonally.
    ("two-players", 9, 2, None, 6, ("u", "n", "n"), (80, 24)),
    # The two-player variant, advanced, in the opening: a cube of either colour.
    ("two-players-advanced", 2, 2, "advanced", 1, ("left",), (80, 24)),
    # A large terminal: larger hexes with their names.
    ("three-players-large", 3, 3, None, 9, ("down",), (120, 40)),
]


@pytest.mark.parametrize(
    ("name", "seed", "players", "variant", "count", "keys", "size"), TABLES, ids=[table[0] for table in TABLES]
)
def test_table(snap_compare, name, seed, players, variant, count, keys, size) -> None:
    """Each table drawn as its comment says."""
    assert snap_compare(app(), terminal_size=size, run_before=position(seed, players, variant, count, keys))

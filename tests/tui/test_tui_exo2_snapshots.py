"""Screenshots of EXO n°2 at 80x24 (and some larger), compared with the accepted ones in tests/tui/__snapshots__.

Deterministic: fixed seeds, greedy players (seeded), no pause between AI moves.
Update after a deliberate change with `python -m pytest tests/tui/test_tui_exo2_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from exotui import games
from exotui.ai.players import make_player
from exotui.games.exo2.state import Take
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen

SIZE = (80, 24)
GAME = games.get("exo2")


def app() -> ExoTuiApp:
    return ExoTuiApp(ai_pause=0, default_seed=7)


def greedy_opening(seed: int, players: int, count: int) -> list[Take]:
    """The first `count` placements of a game between greedy players: a believable position."""
    greedy = [make_player("greedy", seed + seat) for seat in range(players)]
    state = GAME.new_game(seed, players, None)
    actions = []
    for _ in range(count):
        seat = GAME.current_player(state)
        actions.append(greedy[seat].choose(GAME, GAME.view(state, seat), seat))
        state = GAME.apply(state, actions[-1])
    return actions


def opened(kinds: tuple[str, ...], seed: int, count: int) -> GameScreen:
    session = GameSession(GAME, seed, None, tuple(Seat(kind) for kind in kinds))
    for action in greedy_opening(seed, len(kinds), count):
        session.apply(action)
    return GameScreen(session, 0)


async def two_players_placing(pilot: Pilot) -> None:
    # After 8 placements each (the greedy AI's last in the app, so in the log): the 1st planet chosen, the cursor
    # moved down onto a square where it scores.
    await pilot.app.push_screen(opened(("human", "greedy"), 5, 15))
    await pilot.pause()
    await pilot.press("1", "down", "down")


async def three_players_choosing(pilot: Pilot) -> None:
    # Seat 3 after 4 placements each (Seat 2's in the app), choosing a planet with the arrows: the squares of its
    # Galaxy show what the planet under the cursor would score.
    await pilot.app.push_screen(opened(("mcts:normal", "greedy", "human"), 3, 13))
    await pilot.pause()
    await pilot.press("right", "right")


async def greedy_to_the_end(pilot: Pilot) -> None:
    await pilot.app.push_screen(opened(("greedy", "greedy", "greedy"), 6, 0))
    for _ in range(300):
        if isinstance(pilot.app.screen, EndScreen):
            return
        await pilot.pause()
    raise AssertionError("the game did not end")


async def the_final_table(pilot: Pilot) -> None:
    # The same game, from its result (once its menu is there) to the final table.
    await greedy_to_the_end(pilot)
    for _ in range(300):
        if pilot.app.screen.query(OptionList):
            break
        await pilot.pause()
    await pilot.press("escape")
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("size", [SIZE, (120, 40)], ids=["80x24", "120x40"])
def test_two_players_placing_a_planet(snap_compare, size: tuple[int, int]) -> None:
    """Larger, the Universe's tokens grow as the Galaxy's do (five columns, their colour under the letters)."""
    assert snap_compare(app(), terminal_size=size, run_before=two_players_placing)


def test_three_players_choosing_a_planet(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZE, run_before=three_players_choosing)


def test_three_players_choosing_a_planet_at_110x40(snap_compare) -> None:
    """The other two Galaxies have too few columns for their large tokens (43 each) even beside the Universe's small
    ones: the Universe takes the columns for its large tokens, and the viewer's Galaxy keeps its own."""
    assert snap_compare(app(), terminal_size=(110, 40), run_before=three_players_choosing)


def test_end_of_a_three_player_game(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZE, run_before=greedy_to_the_end)


@pytest.mark.parametrize("size", [SIZE, (120, 40)], ids=["80x24", "120x40"])
def test_final_table_of_a_three_player_game(snap_compare, size: tuple[int, int]) -> None:
    """Every Galaxy's title whole: the legend of the lower-case planets after the viewer's seat only (it was cut
    short after each of the others')."""
    assert snap_compare(app(), terminal_size=size, run_before=the_final_table)

"""Screenshots of Raging Rodents at 80x24 (2 players, 4 players, solo) and one large size, compared with the
accepted ones in tests/tui/__snapshots__.

Deterministic: fixed seeds, greedy players (seeded), no pause between AI moves.
Update after a deliberate change with `python -m pytest tests/tui/test_tui_rodents_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from exotui import games
from exotui.ai.players import make_player
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen

SMALL = (80, 24)
LARGE = (120, 40)
GAME = games.get("rodents")


def app() -> ExoTuiApp:
    return ExoTuiApp(ai_pause=0, default_seed=7)


def opened(kinds: tuple[str, ...], seed: int, count: int) -> GameScreen:
    """The game after `count` decisions of greedy players in every seat: a believable position."""
    session = GameSession(GAME, seed, None, tuple(Seat(kind) for kind in kinds))
    greedy = [make_player("greedy", seed + seat) for seat in range(len(kinds))]
    for _ in range(count):
        seat = GAME.current_player(session.state)
        if seat is None:
            break
        session.apply(greedy[seat].choose(GAME, GAME.view(session.state, seat), seat))
    return GameScreen(session, 0)


async def two_players_choosing_a_play(pilot: Pilot) -> None:
    # Seat 1's second turn: its first hand card picked, the cursor on the third answer (what it would do is marked).
    await pilot.app.push_screen(opened(("human", "greedy"), 3, 4))
    await pilot.pause()
    await pilot.press("1", "down", "down")


async def four_players_last_turn(pilot: Pilot) -> None:
    # Seat 2 played its last card; Seat 1's last turn, its hand cards listed with the pass after them. The computer
    # seats play on to it: waited for, not timed (on a loaded machine one pause left them mid-turn).
    screen = opened(("human", "greedy", "greedy", "greedy"), 5, 9)
    await pilot.app.push_screen(screen)
    while screen.session.deciding != 0:
        await pilot.pause()
    await pilot.pause()


async def solo_against_the_automaton(pilot: Pilot) -> None:
    # The second turn of the solo game: the automaton's collection and stack, the first card picked.
    await pilot.app.push_screen(opened(("human",), 3, 2))
    await pilot.pause()
    await pilot.press("1")


async def an_invasion_scored(pilot: Pilot) -> None:
    # Seat 1's Field play turns up the Beaver (Seat 1 13 -> 17) and invasion 1 is scored: the table keeps it, the
    # Beaver in Seat 1's collection, until Enter or Space, while Seat 2 (greedy) opens invasion 2 behind it.
    screen = opened(("human", "greedy"), 3, 11)
    await pilot.app.push_screen(screen)
    await pilot.pause()
    await pilot.press("2")
    while screen.session.deciding != 0:
        await pilot.pause()
    await pilot.pause()


async def a_finished_game(pilot: Pilot) -> None:
    # A two-player game played to its end (3 invasions) and opened: the result with each invasion's score.
    await pilot.app.push_screen(opened(("human", "greedy"), 3, 200))
    await pilot.pause()


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
def test_an_invasion_scored_stays_on_the_table(snap_compare, size) -> None:
    assert snap_compare(app(), terminal_size=size, run_before=an_invasion_scored)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
def test_the_result_scores_each_invasion(snap_compare, size) -> None:
    assert snap_compare(app(), terminal_size=size, run_before=a_finished_game)


@pytest.mark.parametrize("size", [SMALL, LARGE], ids=["80x24", "120x40"])
def test_four_players_a_last_turn(snap_compare, size) -> None:
    assert snap_compare(app(), terminal_size=size, run_before=four_players_last_turn)


def test_two_players_choosing_a_play(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SMALL, run_before=two_players_choosing_a_play)


def test_solo_against_the_automaton(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SMALL, run_before=solo_against_the_automaton)

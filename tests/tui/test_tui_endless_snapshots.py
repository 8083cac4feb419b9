"""Screenshots of the Endless Forms table, compared with the accepted ones in tests/tui/__snapshots__.

Deterministic: fixed seeds, no pause between AI moves. Each position is reached by a seeded scripted play for both
seats (`endless_builders.play_until`: not the AI, so tuning the AI leaves these positions alone), up to the first
decision of North (the human) that fits; South is the greedy AI from there.
The final table is the sample game's (saves/), North a person from its seed and actions.
Update after a deliberate change with `python -m pytest tests/tui/test_tui_endless_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from endless_builders import play_until
from exotui import games
from exotui.engine.records import load
from exotui.games.endless.state import (
    ASK_DEPLOY,
    ASK_EXERT,
    ASK_MOVE,
    ASK_REVEAL,
    AT_RESPONSE,
    INITIALIZE,
    SETUP,
    TERMINATION,
)
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen
from exotui.tui.tables.endless.board import after_an_action
from pilot_helpers import the_final_table

GAME = games.get("endless")
SIZES = {"80x24": (80, 24), "large": (140, 40)}


def app() -> ExoTuiApp:
    return ExoTuiApp(ai_pause=0, default_seed=7)


def opened(seed: int, wanted: Callable[[Any], bool]) -> GameScreen:
    session = GameSession(GAME, seed, None, (Seat("human"), Seat("greedy")))
    for action in play_until(seed, wanted):
        session.apply(action)
    return GameScreen(session, 0)


def asking(op: int, turn: int = 1) -> Callable[[Any], bool]:
    return lambda state: state.tasks[-1][0] == op and state.turn >= turn


async def keeping_or_mulliganing(pilot: Pilot) -> None:
    # Setup: North keeps its opening hand or mulligans.
    await pilot.app.push_screen(opened(0, lambda state: state.phase == SETUP))
    await pilot.pause()


async def initializing(pilot: Pilot) -> None:
    # The window at the start of North's Initialize Phase: North could reveal its event before drawing.
    await pilot.app.push_screen(opened(1, lambda state: state.phase == INITIALIZE))
    await pilot.pause()


async def terminating(pilot: Pilot) -> None:
    # North decides in a Termination Phase (a window at its start, or a Pathogen's choice).
    await pilot.app.push_screen(opened(1, lambda state: state.phase == TERMINATION))
    await pilot.pause()


async def deploying_a_species(pilot: Pilot) -> None:
    # Turn 5 or later, North's Deploy Phase: the first hand card chosen, its habitats listed, the first marked.
    await pilot.app.push_screen(opened(0, asking(ASK_DEPLOY, 5)))
    await pilot.pause()
    await pilot.press("1")


async def exerting(pilot: Pilot) -> None:
    # North's Exert Phase from turn 5 on: which species exerts next, with its prey.
    await pilot.app.push_screen(opened(0, asking(ASK_EXERT, 5)))
    await pilot.pause()


async def moving(pilot: Pilot) -> None:
    # North's Move Phase: the moves listed, the cursor on the first move.
    await pilot.app.push_screen(opened(0, asking(ASK_MOVE, 3)))
    await pilot.pause()
    await pilot.press("down")


async def revealing(pilot: Pilot) -> None:
    # A reveal window for North: pass, or reveal its face-down event (the prompt tells the r key).
    # A window that asks by default (not one after an action, which passes by itself).
    await pilot.app.push_screen(
        opened(
            1,
            lambda state: (
                asking(ASK_REVEAL)(state) and not after_an_action(state) and len(GAME.legal_actions(state)) > 1
            ),
        )
    )
    await pilot.pause()


async def responding(pilot: Pilot) -> None:
    # South has just revealed an event: North may respond, and the response would resolve first.
    await pilot.app.push_screen(
        opened(7, lambda state: state.tasks[-1][0] == ASK_REVEAL and state.tasks[-1][2] == AT_RESPONSE)
    )
    await pilot.pause()


POSITIONS = {
    "setup": keeping_or_mulliganing,
    "initialize": initializing,
    "deploy": deploying_a_species,
    "exert": exerting,
    "move": moving,
    "reveal": revealing,
    "termination": terminating,
    "response": responding,
}


@pytest.mark.parametrize("name", POSITIONS)
def test_the_table_at_80x24(snap_compare, name) -> None:
    assert snap_compare(app(), terminal_size=SIZES["80x24"], run_before=POSITIONS[name])


def test_the_table_on_a_large_terminal_shows_the_log(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZES["large"], run_before=deploying_a_species)


async def at_the_final_table(pilot: Pilot) -> None:
    # The sample game to its end, North a person: Esc leaves the result for the final table, where South's event kept
    # face down and South's hand are named.
    saved = load(Path(__file__).parents[2] / "saves" / "endless.exosave")
    session = GameSession(GAME, saved.header.seed, None, (Seat("human"), Seat("greedy")))
    for action in saved.actions:
        session.apply(action)
    await pilot.app.push_screen(GameScreen(session, 0))
    await the_final_table(pilot)


def test_the_final_table_at_80x24(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZES["80x24"], run_before=at_the_final_table)

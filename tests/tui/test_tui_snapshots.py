"""Screenshots of every screen at 80x24, compared with the accepted ones in tests/tui/__snapshots__.

Deterministic: fixed seeds, the greedy AI (seeded by the game's seed), no pause between AI moves.
Update after a deliberate change with `python -m pytest tests/tui/test_tui_snapshots.py --snapshot-update`.
"""

from __future__ import annotations

from textual.pilot import Pilot

from exotui import games
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen

SIZE = (80, 24)


def app() -> ExoTuiApp:
    return ExoTuiApp(ai_pause=0, default_seed=7)


def game_of(*kinds: str, seed: int = 7, variant: str | None = None) -> GameScreen:
    return GameScreen(GameSession(games.get("exofauna"), seed, variant, tuple(Seat(kind) for kind in kinds)), 0)


# Seed 7, Blue: play the Primu (top of hole 1), discard the Krell, then the Thornback next to the Primu: its
# Predator instinct asks which neighbour to take.
TO_THE_PREDATOR_PROMPT = ("1", "enter", "2", "enter", "2", "enter")


async def predator_prompt(pilot: Pilot) -> None:
    await pilot.app.push_screen(game_of("human", "greedy"))
    await pilot.pause()
    await pilot.press(*TO_THE_PREDATOR_PROMPT)


async def after_a_full_round(pilot: Pilot) -> None:
    await predator_prompt(pilot)
    # Take the Primu, discard the first card (its key answers at once); the greedy AI plays its turn; Blue chooses
    # a card to play.
    await pilot.press("enter", "1")
    await pilot.pause()
    await pilot.press("down", "enter")


async def ai_against_ai_to_the_end(pilot: Pilot) -> None:
    await pilot.app.push_screen(game_of("greedy", "greedy", seed=4, variant="quick"))
    for _ in range(500):
        if isinstance(pilot.app.screen, EndScreen):
            return
        await pilot.pause()
    raise AssertionError("the game did not end")


def test_title(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZE)


def test_new_game(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZE, press=["enter"])


def test_help(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZE, press=["question_mark"])


def test_chain_prompt(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZE, run_before=predator_prompt)


def test_game_in_progress(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZE, run_before=after_a_full_round)


def test_end_of_game(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZE, run_before=ai_against_ai_to_the_end)


def test_quit_dialog(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=SIZE, press=["q"])


def test_quit_dialog_over_the_end_of_game(snap_compare) -> None:
    """q on the result box asks "Quit exotui?" over it, whole (the box's modal screen left q out: nothing happened)."""
    assert snap_compare(app(), terminal_size=SIZE, run_before=ai_against_ai_to_the_end, press=["q"])


def test_too_small(snap_compare) -> None:
    assert snap_compare(app(), terminal_size=(60, 20))

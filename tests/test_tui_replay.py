"""The replay at the end of a finished game, and `exotui replay FILE` (the app opened on a replay)."""

from __future__ import annotations

from pathlib import Path

from exotui.engine.records import load
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.replay import ReplayScreen
from exotui.tui.widgets.prompt import Prompt
from pilot_helpers import in_event_loop, settle

SAMPLES = Path(__file__).parent.parent / "saves"


@in_event_loop
async def test_the_last_move_of_a_finished_game_says_it_is_over_not_who_decides() -> None:
    saved = load(SAMPLES / "exofauna.exosave")
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        prompt = str(app.screen.query_one(Prompt).render())
        assert "deciding" not in prompt
        assert prompt == "The game is over."


@in_event_loop
async def test_esc_in_a_replay_opened_from_the_shell_leaves_the_app() -> None:
    app = ExoTuiApp(ai_pause=0, opening=load(SAMPLES / "exo2.exosave"))
    exits: list[object] = []
    async with app.run_test() as pilot:
        app.exit = lambda *args, **kwargs: exits.append(args)  # seen, rather than ending the test's app
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await settle(pilot)
    assert exits == [()]

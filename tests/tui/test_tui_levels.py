"""Each computer level described in every game's own words (the `level_notes` hook): in the new game form's seat
lists, whole within the list at 80 columns, and in the help's "Computer players" section."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList, Static
from textual.widgets._select import SelectCurrent

from exotui import games
from exotui.engine.protocol import level_notes
from exotui.tui.app import ExoTuiApp
from exotui.tui.choices import Choices, save_choices
from exotui.tui.screens.help import HelpScreen, game_help
from exotui.tui.screens.new_game import seat_choices
from pilot_helpers import in_event_loop, settle

LEVELS = ("mcts:easy", "mcts:normal", "mcts:hard")


@pytest.mark.parametrize("game_id", games.available())
def test_every_game_says_how_each_level_plays_it_within_the_forms_list(game_id: str) -> None:
    game = games.get(game_id)
    notes = level_notes(game)
    # Every searching level, and the instant players where they are not what their name says (Cryptid's greedy).
    assert set(LEVELS) <= set(notes) <= {*LEVELS, "greedy", "random"}
    labels = dict((kind, label) for label, kind in seat_choices(game))
    for kind in notes:
        assert labels[kind] == f"AI · {kind.partition(':')[2] or kind} ({notes[kind]})"
        # A few words, read at a glance: 41 characters at most (the form, 78 columns wide at 80, shows more).
        assert len(labels[kind]) <= 41, labels[kind]


@pytest.mark.parametrize("game_id", games.available())
def test_the_help_lists_each_level_in_the_games_words(game_id: str) -> None:
    game = games.get(game_id)
    text = game_help(game_id)
    section = text[text.index(f"Computer players at {game.title}") :]
    for kind, note in level_notes(game).items():
        assert f"  {kind.partition(':')[2] or kind:<7} {note}" in section


@pytest.mark.parametrize("game_id", ["rodents", "exo2"])
@in_event_loop
async def test_the_forms_seat_list_opened_shows_the_games_levels(game_id: str) -> None:
    game = games.get(game_id)
    save_choices(Choices(game_id, 2))
    app = ExoTuiApp(ai_pause=0, default_seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        seat = app.screen.query_one("#seat-1")
        seat.focus()
        await pilot.press("enter")
        await settle(pilot)
        shown = seat.query_one(OptionList)
        assert shown.display
        prompts = [str(shown.get_option_at_index(index).prompt) for index in range(shown.option_count)]
        for note in level_notes(game).values():
            assert any(note in prompt for prompt in prompts), (note, prompts)


@pytest.mark.parametrize("game_id", games.available())
@in_event_loop
async def test_a_seats_closed_list_shows_its_whole_choice_at_80x24(game_id: str) -> None:
    # The closed list cut "AI · normal (1 s, weighs every placement)" to its first 33 characters.
    save_choices(Choices(game_id, 2, ("mcts:hard", "mcts:normal")))
    app = ExoTuiApp(ai_pause=0, default_seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        for seat, kind in enumerate(("mcts:hard", "mcts:normal")):
            shown = app.screen.query_one(f"#seat-{seat}").query_one(SelectCurrent).query_one("#label", Static)
            label = dict((kind, label) for label, kind in seat_choices(games.get(game_id)))[kind]
            assert str(shown.render()) == label
            assert shown.content_region.width >= len(label), (label, shown.content_region.width)


@in_event_loop
async def test_help_in_a_game_ends_with_that_games_levels() -> None:
    save_choices(Choices("rodents", 2, ("human", "mcts:easy")))
    app = ExoTuiApp(ai_pause=0, default_seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one(Static).render())
        assert "Computer players at Raging Rodents" in text
        assert level_notes(games.get("rodents"))["mcts:easy"] in text


@in_event_loop
async def test_help_on_the_new_game_form_is_the_chosen_games_with_its_levels() -> None:
    # It was ExoFauna's whatever the game chosen, so the levels read there were another game's.
    save_choices(Choices("rodents", 2))
    app = ExoTuiApp(ai_pause=0, default_seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one(Static).render())
        assert text.startswith("Raging Rodents") or "Computer players at Raging Rodents" in text
        assert "Computer players at ExoFauna/Duo" not in text
        assert level_notes(games.get("rodents"))["mcts:hard"] in text

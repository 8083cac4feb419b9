"""The generic table: a game without a table of its own is played from its legal actions and their descriptions."""

from __future__ import annotations

import pytest
from textual.widgets import Select, Static

from exotui import games
from exotui.play.session import GameSession, Seat
from exotui.tui import tables
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.help import HelpScreen
from exotui.tui.screens.new_game import NewGameScreen
from exotui.tui.tables.generic import GenericBoard
from exotui.tui.widgets.prompt import ANSWER_KEYS, Prompt
from pilot_helpers import in_event_loop, settle, status_text
from savegame_toy import register


@pytest.fixture
def exo2_generic(monkeypatch: pytest.MonkeyPatch) -> None:
    """EXO n°2 played at the generic table, as a game without a table of its own would be."""
    monkeypatch.delitem(tables._TABLES, "exo2")


def generic(app: ExoTuiApp) -> GenericBoard:
    return app.screen.query_one(GenericBoard)


async def start(app: ExoTuiApp, game_id: str, seats: tuple[str, ...], seed: int = 5) -> GameScreen:
    screen = GameScreen(GameSession(games.get(game_id), seed, None, tuple(Seat(kind) for kind in seats)), 0)
    await app.push_screen(screen)
    return screen


def test_a_game_without_its_own_table_gets_the_generic_one(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    board = tables.board_class("pig")
    assert issubclass(board, GenericBoard)
    assert board.GAME is games.get("pig")
    assert board.HELP.startswith("Keys at this table")
    assert not issubclass(tables.board_class("exofauna"), GenericBoard)


@in_event_loop
async def test_the_new_game_screen_offers_every_registered_game(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, NewGameScreen)
        offered = [value for _, value in app.screen.query_one("#game", Select)._options]
        assert offered == list(games.available())
        assert "pig" in offered
        app.screen.query_one("#game", Select).value = "pig"
        await settle(pilot)
        # Pig is played by 2 or 3 and has a variant: the form offers both.
        assert app.screen.query_one("#players", Select).value == 2
        assert [value for _, value in app.screen.query_one("#variant", Select)._options] == ["", "quick"]


@pytest.mark.slow
@in_event_loop
async def test_a_whole_toy_game_against_an_ai_by_number_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        screen = await start(app, "pig", ("human", "random"))
        await settle(pilot)
        board = generic(app)
        assert app.focused is board
        state_text = str(board.query_one("#generic-state", Static).render())
        assert state_text.startswith("Pig · turn 1 · Seat 1: you to decide")
        assert board.answers == ("rolls one die", "rolls two dice")
        for _ in range(2000):
            if isinstance(app.screen, EndScreen):
                break
            if board.legal:
                # Hold as soon as it is offered, else roll two dice: digits choose at once.
                await pilot.press(str(len(board.legal)))
            await settle(pilot, 1)
        assert isinstance(app.screen, EndScreen)
        assert screen.session.game.is_over(screen.session.state)
        assert "Result per seat" in str(app.screen.query_one("#summary", Static).render())


@in_event_loop
async def test_exo2_at_the_generic_table_numbers_answers_past_nine_with_letters(exo2_generic: None) -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        screen = await start(app, "exo2", ("human", "greedy"))
        await settle(pilot)
        board = generic(app)
        legal = board.legal
        assert len(legal) > len(ANSWER_KEYS)
        shown = str(board.query_one(Prompt).render()).splitlines()
        # Answers 10 on are numbered by letters: 'a' is the tenth.
        assert shown[1].startswith("▶1 ")
        assert [line[:3] for line in shown if line[:3] in (" 9 ", " a ", " b ")] == [" 9 ", " a ", " b "]
        await pilot.press("down", "up", "up")
        assert board.option == len(legal) - 1
        await pilot.press("b")  # the 11th answer
        await settle(pilot)
        assert screen.session.actions[0] == legal[10]
        # The greedy AI answered; the log tells both decisions.
        assert screen.session.deciding == 0
        assert len(screen.session.actions) == 2
        logged = " ".join(line.text for line in board.query_one("#log").lines)
        assert "1 Seat 1 takes" in logged
        assert "2 Seat 2 takes" in logged


@in_event_loop
async def test_generic_keys_that_do_nothing_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await start(app, "pig", ("human", "random"))
        await settle(pilot)
        await pilot.press("3")
        assert status_text(app) == "There are only 2 answers (1-2)."
        await pilot.press("escape")
        assert status_text(app) == "Nothing to go back to: every answer here is a whole decision."
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert str(app.screen.query_one("#help-text Static", Static).render()).startswith("Keys at this table")


@in_event_loop
async def test_slash_then_words_keeps_the_answers_containing_them_and_digits_pick_among_those(
    exo2_generic: None,
) -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        screen = await start(app, "exo2", ("human", "greedy"))
        await settle(pilot)
        board = generic(app)
        legal, answers = board.legal, board.answers
        assert len(legal) > len(ANSWER_KEYS), "answers past the keys, for this test"
        # Letters type the filter instead of picking; q does not quit; Backspace corrects it.
        await pilot.press("slash", *"large", "space", *"red", "space", "x", "backspace", "backspace")
        await pilot.press("space", "l", "o")
        assert board.filter == "large red lo"
        wanted = [answer for answer in answers if all(word in answer for word in ("large red", "lo"))]
        assert [answers[index] for index in board.shown] == wanted
        assert 1 < len(wanted) < 9
        prompt = board.query_one(Prompt)
        assert prompt.question == f"{len(wanted)} answers contain “large red lo” (1-{len(wanted)}, ↑↓ Enter; Esc: all):"
        # Numbered again from 1, and only by digits.
        lines = str(prompt.render()).splitlines()
        numbers = [line[:3] for line in lines if line[:1] in "▶ " and line[1:2] in ANSWER_KEYS and line[2:3] == " "]
        assert numbers == ["▶1 ", *(f" {number} " for number in range(2, len(wanted) + 1))]
        await pilot.press(str(len(wanted) + 1))
        assert status_text(app) == f"Only {len(wanted)} answers contain “large red lo”."
        await pilot.press("2")
        await settle(pilot)
        assert screen.session.actions[0] == legal[answers.index(wanted[1])]
        assert answers.index(wanted[1]) >= len(ANSWER_KEYS), "an answer no key reached before the filter"


@in_event_loop
async def test_esc_shows_every_answer_again_and_enter_picks_among_the_filtered(exo2_generic: None) -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        screen = await start(app, "exo2", ("human", "greedy"))
        await settle(pilot)
        board = generic(app)
        every = board.shown
        assert board.query_one(Prompt).question == "Your decision (1-9 a-z, ↑↓ Enter; / filters):"
        await pilot.press("slash", *"nowhere", "enter")
        assert board.shown == ()
        assert status_text(app) == "No answer contains “nowhere”: Backspace corrects it, Esc shows all."
        await pilot.press("escape")
        assert board.filter is None and board.shown == every
        await pilot.press("escape")
        assert status_text(app) == "Nothing to go back to: every answer here is a whole decision."
        # Backspace past the first character ends the filter too.
        await pilot.press("slash", "b", "backspace", "backspace")
        assert board.filter is None
        below = [action for action, answer in zip(board.legal, board.answers, strict=True) if "below" in answer]
        await pilot.press("slash", *"below", "down", "enter")
        await settle(pilot)
        assert screen.session.actions[0] == below[1]

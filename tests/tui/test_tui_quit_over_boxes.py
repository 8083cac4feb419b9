"""The app's own keys over every box, as everywhere else: a modal screen leaves them out. q asks "Quit exotui?" over
every box but "Quit exotui?" itself (on a notice, on "open elsewhere", on a question other than quitting and on the
replay's turn box, whose number takes digits only, it did nothing); ? opens help over every box, and closing help
comes back to the box (it did nothing, though the footer under the box offers it). Every box shows its own footer,
with the keys that work in it (the footer of the screen beneath showed through, with the table's keys)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import Input, Label
from textual.widgets._footer import FooterKey

from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.confirm import ConfirmScreen, QuestionScreen
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.help import HelpScreen, game_help
from exotui.tui.screens.notice import NoticeScreen
from exotui.tui.screens.open_elsewhere import OpenElsewhereScreen
from exotui.tui.screens.replay import TurnScreen
from exotui.tui.widgets.footer import KeysFooter
from pilot_helpers import in_event_loop, open_game, q_asks_to_quit_over, settle
from spectator_helpers import screen_text

BOXES: dict[str, Callable[[], Screen[object]]] = {
    "notice": lambda: NoticeScreen("This save cannot be opened", "game.exosave: action 1 leads elsewhere"),
    "open elsewhere": lambda: OpenElsewhereScreen(Path("game.exosave")),
    "question": lambda: QuestionScreen("Delete this save?"),
    "turn": lambda: TurnScreen(12),
}
# And the boxes where q means something else (yes, quit) or that need a table beneath (the result).
EVERY_BOX: dict[str, Callable[[], Screen[object]]] = BOXES | {
    "quit": lambda: ConfirmScreen("Quit exotui?"),
    "result": lambda: EndScreen("You win!", ["Blue 3 · Yellow 1"], can_replay=False),
}
# The keys each box's footer shows: its own, then the app's help and quit (on "Quit exotui?", q is yes).
FOOTER_KEYS: dict[str, list[str]] = {
    "notice": ["escape", "question_mark", "q"],
    "open elsewhere": ["r", "n", "escape", "question_mark", "q"],
    "question": ["y", "n", "question_mark", "q"],
    "quit": ["y", "n", "question_mark"],
    "result": ["escape", "question_mark", "q"],
    "turn": ["escape", "question_mark", "q"],
}


@pytest.mark.parametrize("box", BOXES)
@in_event_loop
async def test_q_on_a_box_asks_to_quit_over_it_and_no_leaves_the_box_as_it_was(box: str) -> None:
    answers: list[object] = []
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        shown = BOXES[box]()
        await app.push_screen(shown, answers.append)
        await settle(pilot)
        # No: the box again, unanswered (q never answered a question, nor chose for the player).
        await q_asks_to_quit_over(pilot, shown)
        assert answers == []
        # q twice quits, as from anywhere.
        await pilot.press("q", "q")
        await settle(pilot)
        assert not app.is_running


@pytest.mark.parametrize("box", EVERY_BOX)
@in_event_loop
async def test_help_opens_over_every_box_and_closing_it_comes_back_to_the_box(box: str) -> None:
    answers: list[object] = []
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        # At a table, whose game the help is about.
        await open_game(pilot, "exo2", ("human", "greedy"), 1)
        shown = EVERY_BOX[box]()
        await app.push_screen(shown, answers.append)
        await settle(pilot)
        focused = app.focused
        for close in ("escape", "question_mark"):
            await pilot.press("question_mark")
            await settle(pilot)
            helped = app.screen
            assert isinstance(helped, HelpScreen) and helped.game_help == game_help("exo2")
            assert app.screen_stack[-2] is shown
            await pilot.press(close)
            await settle(pilot)
            assert app.screen is shown and app.focused is focused
        assert answers == []


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("box", EVERY_BOX)
@in_event_loop
async def test_every_box_shows_the_keys_that_work_in_it_at_the_foot_of_the_screen(
    box: str, size: tuple[int, int]
) -> None:
    """A box had no footer but the result's, so the table's showed through under it, offering the table's keys
    ("1-9 a-z pick"), which the box does not take; the result's did not list ? (help)."""
    width, height = size
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        await open_game(pilot, "exo2", ("human", "greedy"), 1)
        shown = EVERY_BOX[box]()
        await app.push_screen(shown)
        await settle(pilot)
        footer = shown.query_one(KeysFooter)
        assert footer.region == Region(0, height - 1, width, 1)
        assert [key.key for key in footer.query(FooterKey)] == FOOTER_KEYS[box]
        assert "? help" in screen_text(app).splitlines()[-1]


@in_event_loop
async def test_help_opens_over_a_box_asked_from_help_itself() -> None:
    """The help screen is made once per game and kept: over "Quit exotui?" asked from help, ? pushed that same screen
    a second time, where one screen can be only once."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        helped = app.screen
        assert isinstance(helped, HelpScreen)
        await pilot.press("q")
        await settle(pilot)
        asked = app.screen
        assert isinstance(asked, ConfirmScreen)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen) and app.screen is not helped
        assert app.screen_stack[-3:] == [helped, asked, app.screen]
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is asked
        await pilot.press("n")
        await settle(pilot)
        assert app.screen is helped


@in_event_loop
async def test_the_turn_box_takes_digits_only_and_says_so_in_one_line_of_any_other_key() -> None:
    """The number field took q and every other key (Textual's integer field refused letters without a word, and took
    '-', '+' and '_'): q did nothing. Now q asks "Quit exotui?" as over every box, and a key that means nothing over
    the box is refused with a line saying what the field takes, gone at the next digit."""
    answers: list[object] = []
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        box = TurnScreen(12)
        await app.push_screen(box, answers.append)
        await settle(pilot)
        field = box.query_one(Input)
        said = box.query_one("#turn-error", Label)
        await pilot.press("1")
        for key in ("x", "minus", "plus", "underscore", "space", "Q"):
            await pilot.press(key)
            await settle(pilot)
            assert field.value == "1" and str(said.render()) == "Digits only: a turn from 1 to 12.", key
            assert said.size.height == 1
        await pilot.press("0")
        await settle(pilot)
        assert field.value == "10" and str(said.render()) == ""
        await q_asks_to_quit_over(pilot, box)
        assert field.value == "10" and app.focused is field
        await pilot.press("3", "enter")
        await settle(pilot)
        assert str(said.render()) == "A turn from 1 to 12, please." and answers == []
        await pilot.press("backspace", "backspace", "enter")
        await settle(pilot)
        assert answers == [1]

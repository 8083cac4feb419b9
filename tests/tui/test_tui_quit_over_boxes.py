"""q asks "Quit exotui?" over every box that has no text to type into, as everywhere else: a modal screen leaves the
app's own q out, so on a notice, on "open elsewhere" and on a question other than quitting q did nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.screen import Screen

from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.confirm import QuestionScreen
from exotui.tui.screens.notice import NoticeScreen
from exotui.tui.screens.open_elsewhere import OpenElsewhereScreen
from pilot_helpers import in_event_loop, q_asks_to_quit_over, settle

BOXES: dict[str, Callable[[], Screen[object]]] = {
    "notice": lambda: NoticeScreen("This save cannot be opened", "game.exosave: action 1 leads elsewhere"),
    "open elsewhere": lambda: OpenElsewhereScreen(Path("game.exosave")),
    "question": lambda: QuestionScreen("Delete this save?"),
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

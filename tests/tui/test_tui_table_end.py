"""The end box at a table (the table app's `TableEndScreen`, shown the End the table sends): how the game ended, as
the seat's log told it, in the rows the box can give it, while the vote on a rematch changes under the choices."""

from __future__ import annotations

import msgspec
import pytest
from textual.widgets import OptionList

from exotui.serve import wire
from exotui.serve.table_app import TableEndScreen, TableScreen
from exotui.tui.widgets.footer import KeysFooter
from pilot_helpers import in_event_loop, settle, whole_in_the_end_box
from spectator_helpers import WatchingApp, joined_at_the_end, screen_text

# A vote long enough to take two rows under the choices at 80 columns, and three beside them from 100.
LONG_VOTE = wire.RematchVote(["Blue: alice"], ["Yellow: bob (left the table)", "Green: carol (left the table)"], True)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@in_event_loop
async def test_a_longer_vote_takes_its_rows_from_how_the_game_ended_and_leaves_the_hint_in_the_box(
    size: tuple[int, int],
) -> None:
    """How the game ended is given the rows the box has left as the box opens, before the vote arrives: a vote of
    more rows pushed the hint out of the box. Its rows come from how the game ended, which scrolls, its end still
    in sight."""
    show, end = joined_at_the_end("exofauna.exosave", 1)
    # More lines than the box has rows for: the same ending three times over.
    end = msgspec.structs.replace(end, ending=end.ending * 3)
    app = WatchingApp(show)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        app.finished(end)
        await settle(pilot)
        for vote in (wire.RematchVote([], ["Blue: alice", "Yellow: bob"], True), LONG_VOTE):
            app.voted(vote)
            await settle(pilot)
            screen = app.screen
            frame = screen.query_one("#end-box")
            assert frame.region.y >= 0 and frame.region.bottom == screen.query_one(KeysFooter).region.y
            # Inside its border: the hint pushed out was drawn over the box's bottom edge.
            whole_in_the_end_box(
                screen, ("#headline", "#summary", "#end-ending", "#end-menu", "#rematch-vote", "#end-hint")
            )
            ending = screen.query_one("#end-ending")
            assert 0 < ending.scroll_y == ending.max_scroll_y


@in_event_loop
async def test_the_table_s_end_box_chooses_as_the_app_s_does() -> None:
    """As the app's result box (tests/tui/test_tui_game_over.py): it opens with no choice highlighted, so that the
    Enter that confirmed the last decision neither asks for a rematch nor leaves the table; that Enter makes the
    menu's title, which says how to choose, stand out. ↑ goes round to the last choice, Leave (the app's: Title), ↓
    to Rematch; the box brought back from the final table opens as it first did. (It did all this already.)"""
    show, end = joined_at_the_end("exofauna.exosave", 1)
    app = WatchingApp(show)
    sent: list[object] = []
    app.send = sent.append  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.finished(end)
        await settle(pilot)
        box = app.screen
        assert isinstance(box, TableEndScreen)
        menu = box.query_one("#end-menu", OptionList)
        assert menu.highlighted is None and app.focused is menu
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert app.screen is box and app.is_running and not sent
        assert menu.has_class("-nudged") and "╭─ ↑↓ choose · Enter confirms ─" in screen_text(app)
        await pilot.press("up")
        assert menu.highlighted_option is not None and menu.highlighted_option.id == "leave"
        await pilot.press("down")
        assert menu.highlighted_option is not None and menu.highlighted_option.id == "rematch"
        assert not menu.has_class("-nudged")
        # Esc: the final table; Enter there brings the box back, with no choice highlighted.
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.press("enter")
        await settle(pilot)
        box = app.screen
        assert isinstance(box, TableEndScreen) and box.query_one("#end-menu", OptionList).highlighted is None
        await pilot.press("enter")
        await settle(pilot)
        assert app.screen is box and not sent
        # Chosen on purpose, the rematch is asked for, and the box stays until the new game; Leave leaves.
        await pilot.press("down", "enter")
        await settle(pilot)
        assert sent == [wire.Rematch()] and app.screen is box
        await pilot.press("down", "enter")
        await settle(pilot)
        assert not app.is_running

"""The end box at a table (the table app's `TableEndScreen`, shown the End the table sends): how the game ended, as
the seat's log told it, in the rows the box can give it, while the vote on a rematch changes under the choices."""

from __future__ import annotations

import msgspec
import pytest

from exotui.serve import wire
from exotui.tui.widgets.footer import KeysFooter
from pilot_helpers import in_event_loop, settle, whole_in_the_end_box
from spectator_helpers import WatchingApp, joined_at_the_end

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

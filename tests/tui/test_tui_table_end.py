"""The end box at a table (the table app's `TableEndScreen`, shown the End the table sends): how the game ended, as
the seat's log told it, in the rows the box can give it, while the vote on a rematch changes under the choices."""

from __future__ import annotations

import msgspec
import pytest
from textual.widgets import OptionList

from exotui.engine.protocol import interludes
from exotui.engine.records import load
from exotui.serve import wire
from exotui.serve.table_app import TableEndScreen, TableScreen
from exotui.tui.tables import Board
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.game_log import GameLog
from pilot_helpers import in_event_loop, settle, the_sample_win_ends_the_log, whole_in_the_end_box
from spectator_helpers import SAMPLES, WatchingApp, joined_at_the_end, screen_text

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


def the_last_turn_told(sample: str, seat: int, last_turn: int) -> tuple[wire.Show, list[wire.Show], wire.End]:
    """A two-seat finished game of saves/ as the table tells it to the person at `seat`, who joined before its action
    `last_turn`: the whole story to there, then a Show for each decision after it, then the End."""
    saved = load(SAMPLES / sample)
    game = saved.game
    whole, end = joined_at_the_end(sample, seat)
    found = interludes(game, saved.states[0], saved.actions)

    def seen(state: object) -> bytes:
        return msgspec.msgpack.encode(game.view(state, seat))

    def shown(index: int, log: list[tuple[int, str, tuple[str, ...]]], first: bool) -> wire.Show:
        state = saved.states[index]
        reached = [
            seen(found[number]) for number in sorted(found) if (number < index if first else number == index - 1)
        ]
        deciding = game.current_player(state)
        return msgspec.structs.replace(
            whole,
            view=seen(state),
            deciding=deciding,
            log=log,
            whole=first,
            interludes=reached,
            opening=whole.opening if first else (),
        )

    joining = shown(last_turn, whole.log[:last_turn], True)
    decisions = [shown(index + 1, [whole.log[index]], False) for index in range(last_turn, len(saved.actions))]
    return joining, decisions, end


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_the_final_tables_log_ends_with_how_the_game_was_won(size: tuple[int, int]) -> None:
    """As in the app: at 80x24 the final table's log kept the first line of the last turn in sight, and how the game
    was won was below the fold, under the end box and after Esc. Once the End arrives, the log ends in sight, where
    the game stands. The sample game's last turn, Blue's eight decisions, as the table tells it to Yellow."""
    joining, decisions, end = the_last_turn_told("exofauna.exosave", 1, 70)
    app = WatchingApp(joining, watching=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for show in decisions:
            app.received(show)
            await settle(pilot)
        app.received(end)
        await settle(pilot)
        table = app.table_screen
        assert table is not None and app.screen is not table
        log = table.query_one(Board).query_one(GameLog)
        the_sample_win_ends_the_log(log, size)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table
        assert "→ Blue wins, the first to claim 2 holes." in screen_text(app)

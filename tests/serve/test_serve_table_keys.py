"""The keys and commands the table app offers at an SSH table: its help lists the keys that work there, from their
bindings, and no key of the single-player app (a hint, a takeback, a new game); its palette offers what works at a
table, and leaving asks first whichever way it is asked for."""

from __future__ import annotations

import asyncio

import msgspec
import pytest
from textual.command import CommandPalette

from exotui import games
from exotui.serve import wire
from exotui.serve.table_app import TableApp, TableScreen, WaitingScreen
from exotui.tui.screens.confirm import ConfirmScreen
from exotui.tui.screens.help import HelpScreen, key_name
from exotui.tui.tables import Board, board_class
from pilot_helpers import help_lines_naming, settle
from spectator_helpers import WatchingApp, position, seen_by_all, watched


def seated(game_id: str, seat: int = 0) -> wire.Show:
    """What the table sends the person at `seat` of a two-seat game a few decisions in (without the log)."""
    game = games.get(game_id)
    view = game.view(position(game_id, 3, 6), seat)
    labels = ["Blue: alice", "Yellow: bob"]
    return wire.Show(game_id, seat, labels, msgspec.msgpack.encode(view), game.current_player(view), [], True, "")


def help_text(show: wire.Show) -> str:
    """The help the person shown `show` reads once they press ?, at 80x24."""

    async def scenario() -> str:
        app = WatchingApp(show)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("question_mark")
            await settle(pilot)
            assert isinstance(app.screen, HelpScreen)
            return app.screen.game_help

    return asyncio.run(scenario())


def section(text: str, title: str) -> list[str]:
    """The lines of the help's section `title`, up to the blank line that ends it."""
    lines = text.splitlines()
    start = lines.index(title) + 1
    return lines[start : lines.index("", start)]


@pytest.mark.parametrize("game_id", ["exofauna", "cryptid"])
def test_help_at_a_table_lists_the_keys_that_work_there_and_not_the_app_s(game_id: str) -> None:
    """Help at a table showed the single-player app's keys ('Keys everywhere'): H for a hint, Backspace to take back,
    Ctrl+P for new game and load, none of which works there, and not Ctrl+T, which lets the AI take a departed
    player's seat. It lists the keys bound at the table, each with its binding's own words, after the game's keys
    and rules and before its computer players, as the app's help does."""
    text = help_text(seated(game_id))
    assert text.startswith(board_class(game_id).HELP)
    assert f"Computer players at {games.get(game_id).title}" in text
    # (The game's own rules may speak of a hint: Cryptid's puzzle has one.)
    keys_and_levels = text.removeprefix(board_class(game_id).HELP)
    for app_only in ("Keys everywhere", "hint", "Backspace", "take back", "new game", "load"):
        assert app_only not in keys_and_levels, app_only
    keys = section(text, "Keys at this table")
    named = ["?", "q Ctrl+Q", "Ctrl+P", "PgUp PgDn", "Enter", "Ctrl+T", "a"]
    assert [line.split("  ")[1].strip() for line in keys] == named
    assert "Ctrl+P     commands: Help, Leave, Theme, Screenshot" in keys[2]
    assert "let the AI (normal) play the seat of a player gone a minute" in keys[5]
    # Every key the table app binds is there, with what it does: none is left out as keys are added.
    for binding in [*TableApp.BINDINGS, *TableScreen.BINDINGS, *WaitingScreen.BINDINGS, *Board.BINDINGS]:
        assert any(f" {key_name(binding.key)} " in f"{line} " for line in keys), binding


@pytest.mark.parametrize("game_id", games.available())
def test_help_at_a_table_lists_the_keys_of_the_log_once(game_id: str) -> None:
    """ExoFauna's help at a table listed PgUp PgDn twice: among the game's keys ("the log: from the start of your
    turn …") and then among the table's ("scroll the log")."""
    text = help_text(seated(game_id))
    for key in ("PgUp", "PgDn"):
        assert help_lines_naming(text, key) == [f"  PgUp PgDn  {Board.BINDINGS[0].tooltip}"]


def test_a_spectator_s_help_leaves_out_the_keys_of_a_seat_and_names_the_game_s_keys_that_still_work() -> None:
    text = help_text(watched("cryptid", seen_by_all("cryptid", position("cryptid", 3, 12))))
    keys = section(text, "Keys at this table")
    assert [line.split("  ")[1].strip() for line in keys[:5]] == ["?", "q Ctrl+Q", "Ctrl+P", "PgUp PgDn", "Enter"]
    assert keys[5:] == [
        "  You are watching: the players decide. Of the game's keys above, only these work:",
        "  PgUp PgDn, ↑ ↓ ← → k j h l y u b n, a.",
    ]


def titles(app: TableApp) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]


def test_the_table_s_palette_offers_what_works_at_a_table_and_every_way_to_leave_asks_first() -> None:
    """The palette offered Textual's Quit, which left at once while q asked, and its Keys panel; Ctrl+Q left at once
    too, and Ctrl+C said to press it. It offers help, letting the AI take a departed player's seat once that works,
    and leaving, which asks, as Ctrl+Q does now."""

    async def scenario() -> None:
        app = WatchingApp(seated("exofauna"))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            assert titles(app) == ["Help", "Leave", "Theme", "Screenshot"]
            app.received(wire.Absent("Yellow: bob left the table; the seat waits for them.", True))
            await settle(pilot)
            assert titles(app) == ["Help", "AI takes their seat", "Leave", "Theme", "Screenshot"]
            await pilot.press("ctrl+p")
            await settle(pilot)
            assert isinstance(app.screen, CommandPalette)
            await pilot.press(*"leave", "enter")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen) and app.screen.question.startswith("Leave the table?")
            await pilot.press("n")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            await pilot.press("ctrl+q")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen) and app.screen.question.startswith("Leave the table?")
            await pilot.press("n")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen) and app.return_code is None
            # Ctrl+C names the keys that leave, not Textual's Ctrl+Q that left at once.
            await pilot.press("ctrl+c")
            await settle(pilot)
            told = [notification.message for notification in app._notifications]
            assert told[-1] == "Press q or Ctrl+Q to leave the table (it asks first)."

    asyncio.run(scenario())

"""The app and a game open in another exotui (issue 9, item 2), and hostile names and directories on the Load screen.

Update the snapshot after a deliberate change with
`python -m pytest tests/tui/test_tui_open_elsewhere.py --snapshot-update`.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from exotui import games
from exotui.engine.lock import GameInUse
from exotui.engine.records import HUMAN, GameRecord, Seat
from exotui.engine.savedir import SaveDir, SaveEntry
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.load import LoadScreen, row_of
from exotui.tui.screens.new_game import NewGameScreen
from exotui.tui.screens.open_elsewhere import OpenElsewhereScreen
from exotui.tui.screens.replay import ReplayScreen
from exotui.tui.screens.title import TitleScreen
from pilot_helpers import in_event_loop, settle

HOLDER = """
import sys, pathlib
from exotui.engine.lock import GameLock
lock = GameLock.acquire(pathlib.Path(sys.argv[1]))
print("holding", flush=True)
sys.stdin.read()
"""


def unfinished(directory: Path) -> Path:
    """An ExoFauna game of a person against the random player, a few decisions in, saved as game.exosave."""
    game = games.get("exofauna")
    record = GameRecord.new(directory / "game.exosave", game, 3, (Seat("Blue", HUMAN), Seat("Yellow", "random")))
    record.save()
    for _ in range(3):
        record.append(game.legal_actions(record.state)[0])
    record.close()
    return record.path


@pytest.fixture
def held(tmp_path: Path) -> Iterator[Path]:
    """An unfinished save whose game another process (a second exotui) holds open."""
    save = unfinished(tmp_path)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(save)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
    yield save
    holder.kill()
    holder.wait()


def make_app(save: Path, opening: GameInUse | None = None) -> ExoTuiApp:
    return ExoTuiApp(ai_pause=0, default_seed=7, saves=SaveDir(save.parent), opening=opening)


@pytest.mark.parametrize(("key", "screen"), [("r", ReplayScreen), ("n", NewGameScreen), ("escape", TitleScreen)])
@in_event_loop
async def test_continue_on_a_game_open_elsewhere_offers_to_replay_it_or_start_another(held, key, screen):
    async with make_app(held).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        pilot.app.action_continue()
        await settle(pilot)
        assert isinstance(pilot.app.screen, OpenElsewhereScreen)
        await pilot.press(key)
        await settle(pilot)
        assert isinstance(pilot.app.screen, screen)


@in_event_loop
async def test_the_command_lines_continue_opens_on_the_same_offer(held):
    async with make_app(held, GameInUse(held)).run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(pilot.app.screen, OpenElsewhereScreen)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ReplayScreen)


def test_the_offer_at_80x24(snap_compare, held, monkeypatch):
    monkeypatch.chdir(held.parent)
    relative = Path("game.exosave")

    async def open_it(pilot: Pilot) -> None:
        pilot.app.offer_elsewhere(relative)
        await settle(pilot)

    assert snap_compare(make_app(held), terminal_size=(80, 24), run_before=open_it)


def test_a_hostile_file_name_is_escaped_in_the_load_list(tmp_path):
    name = "\x1b]0;pwned\x07\u202egnp.exosave"
    (tmp_path / name).write_bytes(b"")
    what = row_of(SaveEntry(tmp_path / name, None, "empty file, not a save"))[0]
    assert "\x1b" not in what and "\u202e" not in what and "\\x1b" in what


@in_event_loop
async def test_the_load_screen_says_why_the_saves_directory_cannot_be_listed(tmp_path):
    blocker = tmp_path / "saves"
    blocker.write_text("a file, not a directory")
    async with ExoTuiApp(ai_pause=0, saves=SaveDir(blocker)).run_test(size=(80, 24)) as pilot:
        await pilot.app.push_screen(LoadScreen(SaveDir(blocker)))
        await settle(pilot)
        text = str(pilot.app.screen.query_one("#load-empty", Static).render())
        assert "is not a directory" in text

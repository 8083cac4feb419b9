"""Saves in the app: autosave, Continue, the load screen, the replay screen and its analysis, signals, bad files."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import msgspec
import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Static

from exotui import games
from exotui.engine.protocol import interlude, state_hash
from exotui.engine.records import GameRecord, SavedGame, load
from exotui.engine.records import Seat as RecordSeat
from exotui.engine.savedir import SaveDir
from exotui.play.session import HUMAN, GameSession, Seat
from exotui.tui import app as app_module
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.confirm import QuestionScreen
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.load import LoadScreen
from exotui.tui.screens.notice import NoticeScreen
from exotui.tui.screens.replay import ReplayScreen, TurnScreen
from exotui.tui.screens.title import TitleScreen
from exotui.tui.tables import Board
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.move_list import MoveList
from pilot_helpers import in_event_loop, q_asks_to_quit_over, settle
from spectator_helpers import screen_text

SAMPLES = Path(__file__).parents[2] / "saves"
FINISHED = SAMPLES / "exofauna.exosave"
UNFINISHED = SAMPLES / "exofauna-unfinished.exosave"
# Every sample game in saves/ is finished but UNFINISHED (the README says so); new games add their own samples.
SAMPLE_NAMES = frozenset(path.name for path in SAMPLES.glob("*.exosave"))


@pytest.fixture
def saves(tmp_path: Path) -> SaveDir:
    """A save directory holding copies of the sample games (never the samples themselves)."""
    directory = tmp_path / "saves"
    shutil.copytree(SAMPLES, directory)
    return SaveDir(directory)


def unfinished_save(saves: SaveDir, actions: int = 6) -> GameRecord:
    """A game of a person against the greedy AI, stopped after `actions` actions (each the first legal one)."""
    record = saves.new_record(games.get("exofauna"), 11, (RecordSeat("Blue", HUMAN), RecordSeat("Yellow", "greedy")))
    record.save()
    for _ in range(actions):
        record.append(record.game.legal_actions(record.state)[0])
    return record


def make_app(saves: SaveDir | None, analysis_level: str = "it=100") -> ExoTuiApp:
    return ExoTuiApp(ai_pause=0, default_seed=7, saves=saves, analysis_level=analysis_level)


def status(screen: object) -> str:
    return str(screen.query_one("#replay-status, #load-status", Static).render())


def session_of(app: ExoTuiApp) -> GameSession:
    assert isinstance(app.screen, GameScreen)
    return app.screen.session


def newest_session(app: ExoTuiApp) -> GameSession:
    return [screen for screen in app.screen_stack if isinstance(screen, GameScreen)][-1].session


async def until(pilot: Pilot, condition: object, seconds: float = 10.0) -> None:
    """Wait by short fixed pauses (Pilot's idle waits are slow while a thread computes)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.01)


async def as_it_plays(pilot: Pilot, condition: Callable[[], object], still: int = 500) -> None:
    """Wait for `condition` while the app plays: each round lets the computer players' workers finish, then the
    screen handle what they posted. No wall-clock deadline (a loaded machine plays slower, not otherwise; a whole
    game within 10 s failed at load 8): it fails only after `still` rounds in a row in which nothing happened (no
    decision applied, no screen come or gone)."""
    app = pilot.app

    def moment() -> tuple[int, int, int]:
        played = sum(len(screen.session.actions) for screen in app.screen_stack if isinstance(screen, GameScreen))
        return len(app.screen_stack), id(app.screen), played

    last, rounds = moment(), 0
    while not condition():
        # A cancelled or failed worker counts as finished here (what the app does about it is what is tested).
        await asyncio.gather(*(worker.wait() for worker in list(app.workers)), return_exceptions=True)
        # At once after a change; else a moment, for what waits on a repaint or a timer.
        await pilot.pause(0.01 if rounds else 0)
        now = moment()
        rounds = rounds + 1 if now == last else 0
        last = now
        assert rounds < still, f"nothing happened in {still} rounds"


async def play_humans(pilot: Pilot, decisions: int) -> None:
    """Make `decisions` of the human seat's decisions, each the first legal one, as the board reports them."""
    app = pilot.app
    for _ in range(decisions):
        await as_it_plays(pilot, lambda: app.screen.query_one(Board).legal)
        board = app.screen.query_one(Board)
        board.post_message(Board.Decided(board.legal[0]))
        await settle(pilot)


# ---------------------------------------------------------------------------------------------------------------
# Autosave and resuming


@in_event_loop
async def test_every_action_of_a_game_in_the_app_is_on_disk_as_it_is_applied(saves, monkeypatch):
    checked: list[int] = []
    apply = GameSession.apply

    def apply_and_check(session: GameSession, action: object) -> str:
        sentence = apply(session, action)
        saved = load(session.record.path)
        assert saved.actions == tuple(session.actions)
        assert state_hash(saved.final) == state_hash(session.state)
        checked.append(len(session.actions))
        return sentence

    monkeypatch.setattr(GameSession, "apply", apply_and_check)
    app = make_app(saves)
    async with app.run_test() as pilot:
        # Computer against computer: the AI's actions are saved too, up to the end.
        session = app.recorded(GameSession(games.get("exofauna"), 4, "quick", (Seat("greedy"), Seat("random"))))
        assert load(session.record.path).actions == ()
        await app.push_screen(GameScreen(session, 0))
        await as_it_plays(pilot, lambda: isinstance(app.screen, EndScreen))
        played = len(session.actions)
        # A rematch is saved too, in a file of its own.
        await pilot.press("down", "enter")
        await as_it_plays(pilot, lambda: newest_session(app) is not session)
        rematch = newest_session(app)
        assert rematch.seed == 5 and rematch.record.path != session.record.path
        await as_it_plays(pilot, lambda: len(rematch.actions) > 0)
    assert checked[:played] == list(range(1, played + 1))
    assert load(rematch.record.path).header.seed == 5
    saved = load(session.record.path)
    assert saved.header.finished and saved.header.result == games.get("exofauna").outcome(session.state)
    assert [seat.spec for seat in saved.header.seats] == ["greedy", "random"]
    assert [seat.name for seat in saved.header.seats] == ["Blue", "Yellow"]


@in_event_loop
async def test_continue_resumes_the_game_where_it_stopped_with_its_seats(tmp_path):
    saves = SaveDir(tmp_path)
    app = make_app(saves)
    async with app.run_test() as pilot:
        assert app.screen.query_one("#menu").get_option("continue").disabled
        await app.push_screen(
            GameScreen(app.recorded(GameSession(games.get("exofauna"), 5, None, (Seat(HUMAN), Seat("greedy")))), 0)
        )
        await play_humans(pilot, 5)
        before = session_of(app)
        state, actions = before.state, list(before.actions)
    again = make_app(saves)
    async with again.run_test() as pilot:
        await settle(pilot)
        menu = again.screen.query_one("#menu")
        assert not menu.get_option("continue").disabled
        turn = games.get("exofauna").turn(state)
        assert str(menu.get_option("continue").prompt) == f"Continue  (ExoFauna/Duo, turn {turn})"
        await choose(pilot, "continue")
        after = session_of(again)
        assert after.actions == actions and state_hash(after.state) == state_hash(state)
        assert after.seats == (Seat(HUMAN), Seat("greedy")) and after.seed == 5
        # The log tells how the game got there.
        # What the log holds, whether it is in sight or under the other seat's turn summary (ExoFauna at 80x24).
        logged = " ".join(" ".join(entry.plain for entry in again.screen.query_one(GameLog).entries).split())
        story = after.story(after.told_to)
        assert len(story) == len(actions)
        assert " ".join(f"{t.turn} {t.sentence}" + "".join(f" → {e}" for e in t.events) for t in story) in logged
        # It goes on saving into the same file.
        await play_humans(pilot, 1)
        assert load(after.record.path).actions == tuple(after.actions)
        assert len(saves.entries()) == 1


@in_event_loop
async def test_continuing_a_game_opens_its_log_with_its_end_in_sight(tmp_path):
    """At 80x24 a continued Raging Rodents game opened its log at the latest turn's first line, as for a turn unfolding
    before the player's eyes: the computer's turn that scored an invasion is taller than the log, so '→ Invasion 3 is
    dealt: Seat 2 starts.' was out of sight. Told whole at once, the log ends where the game stands, its last line
    whole (as coming back to an SSH table)."""
    sample = load(SAMPLES / "rodents-2p.exosave")
    game, states = sample.game, sample.states
    # The first invasion scored by a decision of one seat, the computer's, the other (the person's) to open the next.
    scored, person = next(
        (n, game.current_player(states[n + 1]))
        for n, action in enumerate(sample.actions)
        if interlude(game, states[n], action, states[n + 1])
        and game.current_player(states[n]) != game.current_player(states[n + 1])
    )
    saves = SaveDir(tmp_path)
    seats = tuple(
        RecordSeat(seat.name, HUMAN if n == person else "greedy") for n, seat in enumerate(sample.header.seats)
    )
    record = saves.new_record(game, sample.header.seed, seats, sample.header.variant)
    record.save()
    for action in sample.actions[: scored + 1]:
        record.append(action)
    record.close()
    app = make_app(saves)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await choose(pilot, "continue")
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        latest = next(n for n, line in enumerate(log.lines) if line.text.startswith(f"{log.turn:>3} "))
        assert latest < log.max_scroll_y, "the latest turn must be taller than the log, for this test"
        assert log.lines[-1].text.strip().endswith("starts.")
        assert 0 < log.scroll_y == log.max_scroll_y
        region = log.content_region
        last_row = screen_text(app).splitlines()[region.bottom - 1][region.x : region.right]
        assert last_row.rstrip() == log.lines[-1].text.rstrip()


def opens_elsewhere(save: Path) -> bool:
    """Whether another process can take the game's lock now, as another exotui opening it would."""
    take = f"from pathlib import Path; from exotui.engine.lock import GameLock; GameLock.acquire(Path({str(save)!r}))"
    return subprocess.run([sys.executable, "-c", take], capture_output=True, timeout=60).returncode == 0


@in_event_loop
async def test_a_game_left_for_another_can_be_opened_elsewhere_at_once(tmp_path):
    saves = SaveDir(tmp_path)
    app = make_app(saves)
    async with app.run_test() as pilot:
        first = app.recorded(GameSession(games.get("exofauna"), 5, None, (Seat(HUMAN), Seat("greedy"))))
        await app.push_screen(GameScreen(first, 0))
        await play_humans(pilot, 2)
        assert not opens_elsewhere(first.record.path)
        # A new game from the palette replaces the one being played; the first one's record is still referenced
        # (here by `first`), as a record may be until it is garbage collected.
        app._start(GameSession(games.get("exofauna"), 6, None, (Seat(HUMAN), Seat("greedy"))))
        await as_it_plays(pilot, lambda: session_of(app) is not first)
        await settle(pilot)
        assert opens_elsewhere(first.record.path)


@in_event_loop
async def test_saving_off_is_told_once_and_play_goes_on(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    app = make_app(SaveDir(blocker / "saves"))
    async with app.run_test() as pilot:
        session = app.recorded(GameSession(games.get("exofauna"), 5, None, (Seat(HUMAN), Seat("greedy"))))
        await app.push_screen(GameScreen(session, 0))
        await settle(pilot)
        assert isinstance(app.screen, NoticeScreen)
        assert "saving is off: cannot write" in str(app.screen.query_one("#notice-text", Static).render())
        await pilot.press("enter")
        await play_humans(pilot, 4)
        assert len(session.actions) >= 4
        assert not any(isinstance(screen, NoticeScreen) for screen in app.screen_stack)


# ---------------------------------------------------------------------------------------------------------------
# The load screen


async def choose(pilot: Pilot, option: str) -> None:
    """Choose an option of the title menu, by key."""
    menu = pilot.app.screen.query_one("#menu", OptionList)
    while menu.highlighted is None or menu.highlighted_option.id != option:
        await pilot.press("down")
    await pilot.press("enter")
    await settle(pilot)


async def open_load(pilot: Pilot) -> LoadScreen:
    await choose(pilot, "load")
    assert isinstance(pilot.app.screen, LoadScreen)
    return pilot.app.screen


async def select(pilot: Pilot, path: Path) -> None:
    screen = pilot.app.screen
    row = [entry.path for entry in screen.entries].index(path)
    screen.query_one(DataTable).move_cursor(row=row)
    await settle(pilot)


@in_event_loop
async def test_the_load_screen_lists_every_save_and_the_unreadable_ones(saves):
    broken = saves.path / "broken.exosave"
    broken.write_bytes(b"\x93\x01\x02")
    async with make_app(saves).run_test() as pilot:
        screen = await open_load(pilot)
        table = screen.query_one(DataTable)
        assert table.row_count == len(SAMPLE_NAMES) + 1
        rows = [[str(cell) for cell in table.get_row_at(index)] for index in range(table.row_count)]
        assert rows[-1][0].startswith("broken.exosave\n") and rows[-1][2] == "unreadable"
        unfinished = next(row for row in rows if row[2] == "turn 4, in progress")
        assert unfinished[0] == "ExoFauna/Duo\nYou vs Computer (normal)"
        await select(pilot, broken)
        assert status(screen).startswith("Unreadable: not an exotui save")
        # Opening it explains, and changes nothing.
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, NoticeScreen)
        assert f"{broken.name}: not an exotui save" in str(pilot.app.screen.query_one("#notice-text", Static).render())
        await pilot.press("enter")
        await settle(pilot)
        assert pilot.app.screen is screen and broken.read_bytes() == b"\x93\x01\x02"


@in_event_loop
async def test_the_replays_list_and_the_replay_say_the_automaton_won_a_lost_solo_game(saves):
    """They said "nobody won" (engine.result)."""
    solo = saves.path / "rodents-solo.exosave"
    async with make_app(saves).run_test(size=(80, 24)) as pilot:
        await choose(pilot, "replays")
        screen = pilot.app.screen
        assert isinstance(screen, LoadScreen)
        row = [entry.path for entry in screen.entries].index(solo)
        assert str(screen.query_one(DataTable).get_row_at(row)[2]) == "the automaton won"
        await select(pilot, solo)
        await pilot.press("enter")
        await settle(pilot)
        replay = pilot.app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("end")
        await settle(pilot)
        assert status(replay).endswith(" · the automaton won")


@in_event_loop
async def test_open_plays_on_an_unfinished_save_and_replays_a_finished_one(saves):
    async with make_app(saves).run_test() as pilot:
        await open_load(pilot)
        await select(pilot, saves.path / FINISHED.name)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ReplayScreen)
        assert pilot.app.screen.saved.path == saves.path / FINISHED.name
        record = unfinished_save(saves)
        await pilot.press("escape")
        await settle(pilot)
        # Back from the replay, the list shows the save made meanwhile too.
        await select(pilot, record.path)
        await pilot.press("enter")
        await settle(pilot)
        session = session_of(pilot.app)
        # (The computer may have played on since.)
        assert session.actions[:6] == record.actions and session.record.path == record.path
        assert session.seats == (Seat(HUMAN), Seat("greedy"))
        # The load screen made way: leaving the game goes back to the title.
        assert [type(screen) for screen in pilot.app.screen_stack] == [TitleScreen, GameScreen]


@in_event_loop
async def test_a_save_broken_since_it_was_listed_opens_a_dialog_and_stays_as_it_was(saves):
    path = saves.path / UNFINISHED.name
    content = msgspec.msgpack.decode(path.read_bytes())
    content["trace"] = bytes(len(content["trace"]))
    data = msgspec.msgpack.encode(content)
    path.write_bytes(data)
    async with make_app(saves).run_test() as pilot:
        # Continue offers it (its header is fine); opening it replays it and finds the problem.
        await choose(pilot, "continue")
        assert isinstance(pilot.app.screen, NoticeScreen)
        text = str(pilot.app.screen.query_one("#notice-text", Static).render())
        # The path is shortened from its start in the message; the file name and the problem stay whole.
        assert f"{path.name}: action 1 leads to a different position" in text
    assert path.read_bytes() == data


@in_event_loop
async def test_delete_asks_first(saves):
    path = saves.path / FINISHED.name
    async with make_app(saves).run_test() as pilot:
        screen = await open_load(pilot)
        await select(pilot, path)
        for key in ("n", "escape"):
            await pilot.press("d")
            await settle(pilot)
            question = pilot.app.screen
            assert isinstance(question, QuestionScreen)
            # q means yes at the quit dialog, but here it never deletes: it asks to quit over the question.
            await q_asks_to_quit_over(pilot, question)
            assert path.exists()
            await pilot.press(key)
            await settle(pilot)
            assert path.exists() and pilot.app.screen is screen
        await pilot.press("d", "y")
        await settle(pilot)
        assert not path.exists()
        assert path not in [entry.path for entry in screen.entries]
        assert screen.query_one(DataTable).row_count == len(SAMPLE_NAMES) - 1
        assert status(screen) == f"Deleted {path.name}."


@in_event_loop
async def test_an_empty_or_missing_save_directory_says_so(tmp_path):
    async with make_app(SaveDir(tmp_path / "missing")).run_test() as pilot:
        screen = await open_load(pilot)
        assert not screen.query_one(DataTable).display
        assert "No saved games yet" in str(screen.query_one("#load-empty", Static).render())
        await pilot.press("enter", "d")
        assert status(screen) == "Nothing to choose: there are no saves here."
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TitleScreen)


@in_event_loop
async def test_replays_lists_finished_games_only(saves):
    async with make_app(saves).run_test() as pilot:
        await choose(pilot, "replays")
        screen = pilot.app.screen
        assert isinstance(screen, LoadScreen)
        assert {entry.path.name for entry in screen.entries} == SAMPLE_NAMES - {UNFINISHED.name}


# ---------------------------------------------------------------------------------------------------------------
# The replay screen


async def open_replay(pilot: Pilot, path: Path = FINISHED, play_step: float = 0.8) -> ReplayScreen:
    screen = ReplayScreen(load(path), pilot.app.analysis_level, play_step)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


def shown(screen: ReplayScreen) -> object:
    return screen.query_one(Board).view


@in_event_loop
async def test_replay_steps_and_jumps_through_the_positions():
    async with make_app(None).run_test() as pilot:
        screen = await open_replay(pilot)
        saved: SavedGame = screen.saved
        moves = screen.query_one(MoveList)
        assert screen.position == 0 and shown(screen) == saved.states[0] and moves.current == -1
        await pilot.press("right", "right", "right", "left")
        assert screen.position == 2 and shown(screen) == saved.states[2] and moves.current == 1
        assert status(screen).startswith(f"move 2/{len(saved.actions)} · turn 1")
        await pilot.press("end")
        assert screen.position == len(saved.actions) and shown(screen) == saved.final
        assert status(screen).endswith(f" · {saved.header.status}") and saved.header.status.endswith(" won")
        await pilot.press("right")
        assert screen.position == len(saved.actions)
        await pilot.press("home", "left")
        assert screen.position == 0
        # To a turn: the position before its first move.
        await pilot.press("t")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TurnScreen)
        await pilot.press("9", "9", "enter")
        assert "A turn from 1 to" in str(pilot.app.screen.query_one("#turn-error").render())
        await pilot.press("backspace", "backspace", "3", "enter")
        await settle(pilot)
        game = saved.game
        assert game.turn(saved.states[screen.position]) == 3
        assert game.turn(saved.states[screen.position - 1]) == 2
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(pilot.app.screen, TitleScreen)


@in_event_loop
async def test_replay_plays_and_pauses():
    async with make_app(None).run_test() as pilot:
        screen = await open_replay(pilot, SAMPLES / "exo2.exosave", play_step=0.05)
        await pilot.press("space")
        await until(pilot, lambda: screen.position >= 3)
        await pilot.press("space")
        stopped = screen.position
        await pilot.pause(0.1)
        assert screen.position == stopped and "paused" in status(screen)
        # Played to the end, it stops there; played again, it starts over.
        await pilot.press("end")
        assert screen.at_end
        # What Space does, called directly: between two pressed keys a loaded machine may play many steps.
        screen.action_play()
        assert screen.playing and screen.position == 0
        await until(pilot, lambda: screen.at_end and not screen.playing)


@in_event_loop
async def test_the_view_toggles_between_everything_and_what_each_seat_knew():
    async with make_app(None).run_test() as pilot:
        screen = await open_replay(pilot)
        await pilot.press(*["right"] * 10)
        state, game = screen.saved.states[10], screen.game
        assert shown(screen) == state
        for seat in (0, 1):
            await pilot.press("v")
            assert shown(screen) == game.view(state, seat) and screen.query_one(Board).viewer == seat
            assert f"view: what {('Blue', 'Yellow')[seat]} knew" in status(screen)
        # The seats' views hide something the omniscient view shows.
        assert game.view(state, 0) != state
        await pilot.press("v")
        assert shown(screen) == state and "omniscient" in status(screen)


@in_event_loop
async def test_analysis_tells_what_the_ai_would_play_and_its_win_estimate():
    async with make_app(None, analysis_level="it=200").run_test() as pilot:
        screen = await open_replay(pilot)
        await pilot.press("right", "right", "a")
        await until(pilot, lambda: not screen.analysing)
        text = status(screen)
        assert text.startswith("The AI would play: ") and "win chance" in text
        assert text.endswith(" as played")
        assert "win chance" in str(screen.query_one("#ai-status").render())


@in_event_loop
async def test_analysis_stops_at_once_when_cancelled_or_when_the_position_changes():
    async with make_app(None, analysis_level="s=30").run_test() as pilot:
        screen = await open_replay(pilot)
        for stop in ("a", "escape", "right"):
            await pilot.press("a")
            await until(pilot, lambda: "win chance" in str(screen.query_one("#ai-status").render()))
            cancel = screen.cancel
            await pilot.press(stop)
            assert cancel.is_set() and not screen.analysing
            workers = [worker for worker in pilot.app.workers if worker.group == "analysis"]
            await until(pilot, lambda workers=workers: all(worker.is_finished for worker in workers), seconds=2)
        # Esc stopped the analysis; it did not leave the replay.
        assert pilot.app.screen is screen


@in_event_loop
async def test_analysis_of_the_last_position(saves):
    async with make_app(None).run_test() as pilot:
        screen = await open_replay(pilot)
        await pilot.press("end", "a")
        # A finished game's last position: nobody decides, so the AI is not offered and `a` does nothing.
        assert not screen.analysing and not screen.check_action("analyse", ())
        assert "nobody decides" in " ".join(str(screen.query_one("#ai-status").render()).split())
        # An unfinished game's last position has a decision to make, and no move played after it: the person's
        # own (the computer's would be searched from its hidden hand while the game is still in play).
        await pilot.press("escape")
        record = unfinished_save(saves, actions=4)
        assert record.game.current_player(record.state) == 0
        screen = await open_replay(pilot, record.path)
        await pilot.press("end", "a")
        await until(pilot, lambda: not screen.analysing)
        assert status(screen).startswith("The AI would play: ") and "played" not in status(screen)


# ---------------------------------------------------------------------------------------------------------------
# Signals


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
@in_event_loop
async def test_a_signal_ends_the_app_cleanly_with_the_game_saved(tmp_path, signum):
    app = make_app(SaveDir(tmp_path))
    handler = signal.getsignal(signum)
    async with app.run_test() as pilot:
        session = app.recorded(GameSession(games.get("exofauna"), 3, None, (Seat(HUMAN), Seat("greedy"))))
        await app.push_screen(GameScreen(session, 0))
        await play_humans(pilot, 3)
        os.kill(os.getpid(), signum)
        await until(pilot, lambda: app.return_code is not None)
    assert app.return_code == 128 + signum
    assert load(session.record.path).actions == tuple(session.actions)
    assert GameRecord.resume(session.record.path).state == session.state
    # The app put the previous handler back as it ended.
    assert signal.getsignal(signum) == handler


# ---------------------------------------------------------------------------------------------------------------
# The command line


def test_continue_on_the_command_line_opens_the_latest_unfinished_game(saves, monkeypatch, capsys):
    opened: list[object] = []
    monkeypatch.setattr(
        app_module, "run", lambda where, opening=None, notice=None: opened.append((where, opening)) or 0
    )
    # As in a terminal (pytest captures the output; without a terminal the app is refused, tests/cli/test_cli.py).
    monkeypatch.setattr("exotui.cli._not_a_terminal", lambda: None)
    from exotui.cli import main

    assert main(["--saves-dir", str(saves.path), "--continue"]) == 0
    where, session = opened[-1]
    assert where.path == saves.path and isinstance(session, GameSession)
    assert session.record.path == saves.path / UNFINISHED.name and session.state == load(UNFINISHED).final
    assert session.seats == (Seat(HUMAN), Seat("mcts:normal"))
    monkeypatch.setenv("EXOTUI_SAVES", str(saves.path))
    assert main(["replay", str(FINISHED)]) == 0
    where, saved = opened[-1]
    assert where.path == saves.path and isinstance(saved, SavedGame) and saved.path == FINISHED
    assert main([]) == 0 and opened[-1][0].path == saves.path and opened[-1][1] is None
    (saves.path / UNFINISHED.name).unlink()
    assert main(["--continue"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"exotui: error: no unfinished game to continue in {saves.path}: your last game (")
    assert err.endswith(") is finished\n")


def finished_save(saves: SaveDir, game_id: str = "rodents") -> GameRecord:
    """A game of a person against the greedy AI played to its end (random legal actions, seeded)."""
    game = games.get(game_id)
    record = saves.new_record(game, 3, (RecordSeat("Seat 1", HUMAN), RecordSeat("Seat 2", "greedy")))
    record.save()
    rng = random.Random(3)
    while not game.is_over(record.state):
        record.append(rng.choice(list(game.legal_actions(record.state))))
    return record


def test_continue_says_so_when_it_opens_another_game_than_the_one_played_last(tmp_path, monkeypatch, capsys):
    # The game played last was finished: --continue opened an older unfinished one without a word, and the player
    # thought their last game lost.
    opened: list[tuple[object, str | None]] = []
    monkeypatch.setattr(
        app_module, "run", lambda where, opening=None, notice=None: opened.append((opening, notice)) or 0
    )
    monkeypatch.setattr("exotui.cli._not_a_terminal", lambda: None)
    from exotui.cli import main

    saves = SaveDir(tmp_path)
    older = unfinished_save(saves)
    # A day ago: a save of another day shows its date, one of today its time alone (an hour ago failed the test
    # between midnight and one o'clock, where "an hour ago" is yesterday).
    a_day_ago = time.time() - 86400
    os.utime(older.path, (a_day_ago, a_day_ago))
    older.close()
    assert main(["--saves-dir", str(tmp_path), "--continue"]) == 0
    assert opened[-1][1] is None, "the game played last is the one opened: nothing to say"
    opened[-1][0].record.close()
    last = finished_save(saves)
    last.close()
    assert main(["--saves-dir", str(tmp_path), "--continue"]) == 0
    session, notice = opened[-1]
    assert session.record.path == older.path
    played, resumed = f"{datetime.now():%H:%M}", f"{datetime.fromtimestamp(a_day_ago):%Y-%m-%d %H:%M}"
    assert notice == f"Your last game (Raging Rodents, {played}) is finished; continuing ExoFauna/Duo from {resumed}."
    session.record.close()
    older.path.unlink()
    assert main(["--saves-dir", str(tmp_path), "--continue"]) == 2
    assert capsys.readouterr().err == (
        f"exotui: error: no unfinished game to continue in {tmp_path}: your last game (Raging Rodents, {played}) is "
        "finished\n"
    )
    last.path.unlink()
    assert main(["--saves-dir", str(tmp_path), "--continue"]) == 2
    assert capsys.readouterr().err.endswith(": no game saved there yet\n")


@in_event_loop
async def test_the_app_shows_the_notice_it_opens_with(saves):
    session = GameSession.resume(GameRecord.resume(saves.path / UNFINISHED.name))
    notice = "Your last game (Raging Rodents, 15:36) is finished; continuing ExoFauna/Duo from 15:12."
    app = ExoTuiApp(ai_pause=0, saves=saves, opening=session, notice=notice)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        # Still there once the computer has decided (a decision took every notification away with a hint's).
        assert len(app.screen.session.actions) > len(load(UNFINISHED).actions)
        toasts = " ".join(str(toast.render()) for toast in app.screen.query("Toast"))
        assert "Your last game (Raging Rodents, 15:36) is finished;" in " ".join(toasts.split())


@pytest.mark.parametrize("kind", ["nosuch", "cheat"])
def test_a_save_with_a_seat_the_app_cannot_play_is_refused(tmp_path, monkeypatch, capsys, kind):
    saves = SaveDir(tmp_path)
    record = saves.new_record(games.get("exofauna"), 1, (RecordSeat("Blue", HUMAN), RecordSeat("Yellow", kind, "hard")))
    record.save()
    data = record.path.read_bytes()
    monkeypatch.setattr(app_module, "run", lambda *args: pytest.fail("the app must not start"))
    from exotui.cli import main

    assert main(["--saves-dir", str(tmp_path), "--continue"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("exotui: error: ") and f"{record.path.name}: Yellow: " in err and err.count("\n") == 1

    async def open_it() -> None:
        async with make_app(saves).run_test() as pilot:
            await choose(pilot, "continue")
            assert isinstance(pilot.app.screen, NoticeScreen)
            assert f"{record.path.name}: Yellow: " in str(pilot.app.screen.query_one("#notice-text", Static).render())

    in_event_loop(open_it)()
    assert record.path.read_bytes() == data


def test_replay_of_a_bad_file_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(app_module, "run", lambda *args: pytest.fail("the app must not start"))
    from exotui.cli import main

    path = tmp_path / "bad.exosave"
    path.write_bytes(b"\x00")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"exotui: error: {path}: ") and err.count("\n") == 1


@in_event_loop
async def test_markup_in_a_save_is_shown_as_it_is(tmp_path):
    saves = SaveDir(tmp_path)
    record = saves.new_record(games.get("exofauna"), 1, (RecordSeat("[/b]", HUMAN), RecordSeat("[red]", "[/y]")))
    record.save()
    content = msgspec.msgpack.decode(record.path.read_bytes())
    content["header"]["game"] = "[/z]"
    content["header"]["updated"] = "2999-01-01T00:00:00Z"
    unknown = tmp_path / "[b]unknown.exosave"
    unknown.write_bytes(msgspec.msgpack.encode(content))
    async with make_app(saves).run_test() as pilot:
        await settle(pilot)
        assert str(pilot.app.screen.query_one("#menu", OptionList).get_option("continue").prompt).startswith(
            "Continue  ([/z], turn 1)"
        )
        await choose(pilot, "continue")
        assert "unknown game '[/z]'" in str(pilot.app.screen.query_one("#notice-text", Static).render())
        await pilot.press("enter")
        screen = await open_load(pilot)
        cells = [str(cell) for row in range(2) for cell in screen.query_one(DataTable).get_row_at(row)]
        assert "[/z]\n[/b] vs [red] ([/y])" in cells
        await select(pilot, record.path)
        await pilot.press("r")
        await settle(pilot)
        assert isinstance(pilot.app.screen, ReplayScreen)
        await pilot.press("escape")
        await select(pilot, unknown)
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(pilot.app.screen, QuestionScreen)
        await pilot.press("y")
        await settle(pilot)
        assert not unknown.exists() and record.path.exists()

"""The game's log: it grows with the terminal, scrolls with PgUp/PgDn while the board keeps the keys, and keeps the
start of the latest turn (the AI's decisions) in sight until the next turn starts."""

from __future__ import annotations

import random

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

from exotui import games
from exotui.games.exofauna.state import Play, Skip
from exotui.games.exofauna.view import SEAT_NAMES, describe, events
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen
from exotui.tui.tables import Board
from exotui.tui.tables.exofauna.turn_summary import TurnSummary, chain_step, summarize
from exotui.tui.widgets.game_log import GameLog
from pilot_helpers import in_event_loop, settle


async def start(pilot: Pilot, game_id: str, seats: tuple[str, ...] = ("human", "greedy")) -> GameScreen:
    screen = GameScreen(GameSession(games.get(game_id), 7, None, tuple(Seat(kind) for kind in seats)), 0)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


async def play_first_answers(pilot: Pilot, screen: GameScreen, decisions: int) -> None:
    """Make the person's next `decisions` decisions, each the first legal one, as the board would post them."""
    for _ in range(decisions):
        board = screen.board
        board.post_message(Board.Decided(board.legal[0]))
        await settle(pilot)


@pytest.mark.parametrize("game_id", ["exofauna", "exo2"])
@in_event_loop
async def test_the_log_grows_with_the_terminal(game_id: str) -> None:
    heights = []
    for size in ((80, 24), (120, 40)):
        app = ExoTuiApp(ai_pause=0)
        async with app.run_test(size=size) as pilot:
            screen = await start(pilot, game_id)
            heights.append(screen.query_one(GameLog).size.height)
    small, large = heights
    assert small >= 3
    assert large >= small + 4


@in_event_loop
async def test_the_ai_turn_stays_in_sight_from_its_first_decision() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, "exofauna")
        # Blue's turn (two cards and what they ask), then the greedy AI's whole turn, then Blue decides again: until
        # an AI turn is longer than the log.
        log = screen.query_one(GameLog)
        for _ in range(12):
            turn = screen.session.game.turn(screen.session.state)
            while screen.session.game.turn(screen.session.state) == turn:
                await play_first_answers(pilot, screen, 1)
            await settle(pilot)
            # An AI turn longer than the log is summed up in the log's place until Blue acts; PgDn (or PgUp) brings
            # the log.
            if screen.board.has_class("-summary"):
                assert not log.display
                await pilot.press("pagedown")
                await settle(pilot)
                assert not screen.board.has_class("-summary") and log.display
                break
        else:
            raise AssertionError("no AI turn longer than the log, for this test")
        assert log.turn == turn + 1
        # The first line shown is the AI turn's first; its last lines are below, a PgDn away.
        assert round(log.scroll_y) == log.turn_start
        assert log.lines[log.turn_start].text.startswith(f"{turn + 1:>3} ")
        assert app.focused is screen.board
        await pilot.press("pagedown")
        await settle(pilot)
        assert round(log.scroll_y) > log.turn_start
        await pilot.press("pageup", "pageup")
        await settle(pilot)
        assert round(log.scroll_y) < log.turn_start
        # The keys still belong to the board: Tab never gives them to the log.
        await pilot.press("tab")
        assert app.focused is not log


@in_event_loop
async def test_the_footer_and_help_say_how_to_scroll_the_log() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, "exofauna")
        shown = {binding.key: binding for _, binding, _, _ in screen.active_bindings.values() if binding.show}
        assert shown["pageup"].description == "log"
        await pilot.press("question_mark")
        await settle(pilot)
        assert "PgUp PgDn  scroll the game's log" in str(app.screen.query_one("#help-text Static", Static).render())


def shown_lines(log: GameLog) -> list[str]:
    return [line.text.rstrip() for line in log.lines]


@in_event_loop
async def test_the_log_wraps_its_lines_again_when_the_terminal_is_resized() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(160, 40)) as pilot:
        screen = await start(pilot, "exo2")
        await play_first_answers(pilot, screen, 6)
        log = screen.query_one(GameLog)
        wide = shown_lines(log)
        words = " ".join(wide).split()
        # Narrower: nothing is cut, every line fits, and the longer sentences take two lines.
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        narrow = shown_lines(log)
        width = log.scrollable_content_region.width
        assert width < max(map(len, wide)), "some sentence must be too long for 80 columns, for this test"
        assert all(len(line) <= width for line in narrow)
        assert " ".join(narrow).split() == words
        assert len(narrow) > len(wide)
        # Wider again: one line per sentence, as it was written.
        await pilot.resize_terminal(160, 40)
        await settle(pilot)
        assert shown_lines(log) == wide
        # The latest turn's first line is still the one kept in sight, and its events are still bold.
        assert log.lines[log.turn_start].text.startswith(f"{log.turn:>3} ")
        assert round(log.scroll_y) == min(log.turn_start, log.max_scroll_y)
        events = [line for line in log.lines if line.text.lstrip().startswith("→")]
        assert events
        assert all(segment.style is not None and segment.style.bold for line in events for segment in line)


@pytest.mark.slow
@in_event_loop
async def test_the_other_players_whole_turn_reads_at_80x24_until_you_act() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, "exofauna")
        summary, log = screen.query_one(TurnSummary), screen.query_one(GameLog)
        summed = 0
        for _ in range(8):
            turn = screen.session.game.turn(screen.session.state)
            while screen.session.game.turn(screen.session.state) == turn:
                await play_first_answers(pilot, screen, 1)
            await settle(pilot)
            if screen.board.has_class("-summary"):
                summed += 1
                assert summary.border_title.startswith(f"Yellow's turn {turn + 1}")
                plays = [
                    action
                    for told, action in zip(screen.session.story(0), screen.session.actions, strict=True)
                    if told.turn == turn + 1 and type(action) is Play
                ]
                rows = str(summary.render()).splitlines()
                # The whole turn, one numbered line per card Yellow played, nothing cut.
                assert not rows[-1].endswith("…"), rows
                assert sum(row.startswith(f"{n}. Plays ") for row in rows for n in range(1, 3)) == len(plays)
            else:
                # A turn short enough for the log is read there, whole.
                assert log.display and log.turn == turn + 1
                assert log.scroll_y <= log.turn_start and len(log.lines) <= log.scroll_y + log.size.height
            # Until Blue acts.
            await play_first_answers(pilot, screen, 1)
            assert not screen.board.has_class("-summary")
        assert summed >= 4


def test_every_decision_of_a_turn_goes_into_its_summary() -> None:
    game = games.get("exofauna")
    rng = random.Random(2)
    for seed in range(15):
        state = game.new_game(seed, 2)
        told: list[tuple[str, list[str]]] = []
        plays = 0
        while not game.is_over(state):
            action = rng.choice(game.legal_actions(state))
            after = game.apply(state, action)
            sentence = describe(state, action)
            who = SEAT_NAMES[state.player]
            step = chain_step(who, sentence)
            # Every sentence loses its subject ("Yellow", "Yellow's"); only a declined adaptation is left out.
            assert (step is None) == (type(action) is Skip), sentence
            assert step is None or not step.startswith(who), step
            told.append((sentence, list(events(state, action, after))))
            plays += type(action) is Play
            if after.player != state.player or game.is_over(after):
                lines = summarize(who, told)
                assert len([line for line, _ in lines if line.startswith("Plays ")]) == plays
                told, plays = [], 0
            state = after


@in_event_loop
async def test_a_shorter_log_keeps_the_latest_turn_in_sight_unless_the_reader_scrolled_it() -> None:
    """A log only shorter (a line above the status came, the terminal lost rows) kept the scroll of its old height: its
    last lines went out of sight. The reader's own scroll (PgUp) stays theirs."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(pilot, "exo2")
        await play_first_answers(pilot, screen, 6)
        log = screen.query_one(GameLog)
        width = log.size.width
        for rows in (36, 39):
            await pilot.resize_terminal(120, rows)
            await settle(pilot)
            assert log.size.width == width and round(log.scroll_y) == min(log.turn_start, log.max_scroll_y) > 0
        await pilot.press("pageup")
        await settle(pilot)
        read = round(log.scroll_y)
        assert read < min(log.turn_start, log.max_scroll_y)
        await pilot.resize_terminal(120, 37)
        await settle(pilot)
        assert round(log.scroll_y) == read


@in_event_loop
async def test_a_note_just_before_a_turn_leads_it_in_sight() -> None:
    """A note the table tells everyone (an SSH table's: the computer could not decide and played at random) just
    before the turn it tells of is kept in sight with that turn, not left above the turn's first line, out of sight."""

    class LogApp(App[None]):
        def compose(self) -> ComposeResult:
            yield GameLog()

    app = LogApp()
    async with app.run_test(size=(60, 6)) as pilot:
        log = app.query_one(GameLog)
        for card in range(8):
            log.add(1, f"Blue plays card {card}.")
        log.note("The computer could not decide for Yellow. It played a legal move at random; the game goes on.")
        for card in range(6):
            log.add(2, f"Yellow plays card {card}.")
        await settle(pilot)
        shown = [log.lines[round(log.scroll_y) + row].text for row in range(3)]
        assert shown[0].startswith("  ! The computer could not decide") and shown[2].startswith("  2 Yellow plays")
        # The next turn starts at its own first line.
        for card in range(8, 14):
            log.add(3, f"Blue plays card {card}.")
        await settle(pilot)
        assert log.lines[round(log.scroll_y)].text.startswith("  3 Blue plays card 8.")

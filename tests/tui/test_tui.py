"""The app driven by key presses, as a player would: whole games, every kind of prompt, quitting, resizing.

The helpers read the board only to decide which keys to press; every decision reaches the game by a key.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any, Final

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

from exofauna_builders import card, cards, hole, position
from exotui import games
from exotui.ai.players import RandomPlayer
from exotui.engine.protocol import state_hash
from exotui.engine.records import load
from exotui.engine.savedir import SaveDir
from exotui.engine.text import printable_path
from exotui.games.exofauna.cards import BLUE, YELLOW, card_name
from exotui.games.exofauna.state import ADAPT, ExoState, Play, Skip, Tunnel
from exotui.play.driver import Driver
from exotui.play.session import HUMAN, GameSession, Seat
from exotui.tui import screens, tables
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen, failed_line
from exotui.tui.screens.help import HelpScreen
from exotui.tui.screens.new_game import DEFAULT_SEATS
from exotui.tui.screens.pass_keyboard import PassKeyboardScreen
from exotui.tui.tables import Board
from exotui.tui.tables.exofauna.board import GRID, ExoFaunaBoard, Mode, arrivals
from exotui.tui.tables.exofauna.hand import Hand
from exotui.tui.tables.exofauna.watering_hole import WateringHole
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import ANSWER_KEYS, Prompt
from exotui.tui.widgets.too_small import TooSmall
from pilot_helpers import focus, in_event_loop, settle, status_text
from spectator_helpers import screen_text

# Positions of the seat choices in the new game screen's lists (see new_game.SEAT_CHOICES).
SEAT_KEYS = {"human": 0, "mcts:easy": 1, "mcts:normal": 2, "mcts:hard": 3, "greedy": 4, "random": 5}


async def new_game(
    pilot: Pilot, blue: str = "human", yellow: str = "mcts:normal", seed: int | None = None, quick: bool = False
) -> None:
    """From the title: open New game, set both seats and the variant by key, type the seed, start."""
    await pilot.press("enter")
    await settle(pilot)
    for seat, kind in enumerate((blue, yellow)):
        await focus(pilot, f"seat-{seat}")
        await pilot.press("enter")
        await settle(pilot)
        moves = SEAT_KEYS[kind] - SEAT_KEYS[DEFAULT_SEATS[seat]]
        await pilot.press(*(["down"] * moves if moves >= 0 else ["up"] * -moves), "enter")
        await settle(pilot)
    if quick:
        await focus(pilot, "variant")
        await pilot.press("enter", "down", "enter")
        await settle(pilot)
    await focus(pilot, "seed")
    if seed is not None:
        await pilot.press(*str(seed))
    await pilot.press("enter")
    await settle(pilot)


async def start(pilot: Pilot, seats: tuple[str, ...], seed: int) -> GameScreen:
    """Open a game directly (the setup by keys is tested once, in the whole-game test)."""
    screen = GameScreen(GameSession(games.get("exofauna"), seed, None, tuple(Seat(kind) for kind in seats)), 0)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


SAMPLES: Final = Path(__file__).parents[2] / "saves"


def board(app: ExoTuiApp) -> Board:
    return app.screen.query_one(Board)


async def press_for(pilot: Pilot, action: object) -> None:
    """Press the keys that make the board decide `action`, which must be one of its legal actions."""
    the_board = board(pilot.app)
    assert action in the_board.legal
    if the_board.mode is Mode.PROMPT:
        index = the_board.legal.index(action)
        if index < len(ANSWER_KEYS):
            # The answer's key decides at once.
            await pilot.press(ANSWER_KEYS[index])
        else:
            await pilot.press(*["down"] * index)
            assert the_board.option == index
            await pilot.press("enter")
        return
    if the_board.mode in (Mode.ORGANISM, Mode.TARGET):
        if type(action) is Skip:
            await pilot.press("1")
            return
        if the_board.mode is Mode.ORGANISM:
            await cursor_to(pilot, the_board.view.focus_slot, action.space)
            await pilot.press("enter")
        if the_board.mode is Mode.TARGET and the_board.mover == action.space:
            await cursor_to(pilot, 1 - the_board.view.focus_slot, action.to)
            await pilot.press("enter")
        return
    assert the_board.mode is Mode.CARD
    hand = the_board.view.hands[the_board.viewer]
    await pilot.press(str(hand.index(action.card) + 1))
    assert the_board.mode is Mode.SPACE
    await cursor_to(pilot, action.slot, action.space)
    await pilot.press("enter")


async def cursor_to(pilot: Pilot, slot: int, space: int) -> None:
    """Move the board's cursor to `space` of the hole in `slot` by the arrows."""
    the_board = board(pilot.app)
    row, column = next(
        (r, slot * 3 + c) for r, cells in enumerate(GRID) for c, cell in enumerate(cells) if cell == space
    )
    while the_board.cursor != (row, column):
        here = the_board.cursor
        # Along the middle row the cursor jumps over the holes' centres, so a space above or below a centre is
        # reached by leaving that row first.
        vertical_first = here[0] == 1 and column % 3 == 1
        if here[1] != column and not vertical_first:
            await pilot.press("right" if column > here[1] else "left")
        else:
            await pilot.press("down" if row > here[0] else "up")
        assert the_board.cursor != here, "the cursor did not move"


async def play_to_the_end(pilot: Pilot, rng: random.Random, limit: int = 2000) -> Counter[Mode]:
    """Answer every human decision with a random legal action, by keys, until the end screen.

    Returns how many decisions were made in each input mode (cards and spaces, or prompts).
    """
    decisions: Counter[Mode] = Counter()
    for _ in range(limit):
        app = pilot.app
        if isinstance(app.screen, EndScreen):
            return decisions
        if isinstance(app.screen, PassKeyboardScreen):
            await pilot.press("enter")
        elif isinstance(app.screen, GameScreen) and board(app).mode is not Mode.WAIT:
            decisions[board(app).mode] += 1
            await press_for(pilot, rng.choice(board(app).legal))
        await pilot.pause()
    raise AssertionError("the game did not end")


@in_event_loop
async def test_enter_twice_starts_a_game_against_the_normal_ai() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert [seat.spec for seat in app.screen.session.seats] == ["human", "mcts:normal"]
        assert board(app).mode is Mode.CARD


@pytest.mark.slow
@in_event_loop
async def test_a_whole_game_against_a_fast_ai_by_keys_alone() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await new_game(pilot, yellow="greedy", seed=12, quick=True)
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert session.variant == "quick"
        assert [seat.spec for seat in session.seats] == ["human", "greedy"]
        decisions = await play_to_the_end(pilot, random.Random(3))
        # Both ways of answering were used: cards put on the table, and prompts of the chains.
        assert decisions[Mode.CARD] > 5
        assert decisions[Mode.PROMPT] > 5
        assert len(session.actions) > sum(decisions.values())
        assert session.game.is_over(session.state)
        # The session replays: the seed and the list of actions give the final state again.
        state = session.game.new_game(session.seed, 2, session.variant)
        for action in session.actions:
            state = session.game.apply(state, action)
        assert state_hash(state) == state_hash(session.state)
        expected = {(1.0, 0.0): "You win!", (0.0, 1.0): "Yellow (AI greedy) wins."}
        shown = str(app.screen.query_one("#headline", Static).render())
        assert shown == expected.get(session.game.outcome(session.state), "A draw: Blue (you) and Yellow (AI greedy).")
        await pilot.press("up", "enter")  # Title, the last choice
        await settle(pilot)
        assert isinstance(app.screen, screens.title.TitleScreen)


@in_event_loop
async def test_hot_seat_hides_the_table_between_players() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await start(pilot, ("human", "human"), 5)
        assert isinstance(app.screen, PassKeyboardScreen)
        await pilot.press("enter")
        await settle(pilot)
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        rng = random.Random(1)
        while game_screen.session.deciding == 0:
            await press_for(pilot, rng.choice(board(app).legal))
            await settle(pilot)
        # Yellow's turn: the table (with Blue's hand) is covered until Yellow says they are ready.
        assert isinstance(app.screen, PassKeyboardScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert board(app).viewer == 1
        assert board(app).mode is not Mode.WAIT


@in_event_loop
async def test_keys_that_do_nothing_say_why_and_esc_backs_out() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await start(pilot, ("human", "greedy"), 7)
        # What Blue knows of Yellow's hand at the start: only how many cards it holds.
        assert app.screen.query_one(Hand).note == "Yellow holds 4 unseen"
        await pilot.press("left")
        assert "Choose the card first" in status_text(app)
        await pilot.press("9")
        assert "only 4 cards" in status_text(app)
        await pilot.press("escape")
        assert "Nothing to go back to" in status_text(app)
        await pilot.press("2")
        assert board(app).mode is Mode.SPACE
        await pilot.press("escape")
        assert board(app).mode is Mode.CARD
        assert app.screen.session.actions == []


@in_event_loop
async def test_help_and_quit_dialog() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("q")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, screens.title.TitleScreen)
        await pilot.press("q", "y")
        await settle(pilot)
    assert app.return_code == 0


@in_event_loop
async def test_a_small_terminal_shows_the_notice_and_recovers() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await start(pilot, ("human", "greedy"), 3)
        notice = app.screen.query_one(TooSmall)
        assert not notice.region and board(app).region
        for size in ((79, 24), (80, 23), (30, 8), (1, 1)):
            await pilot.resize_terminal(*size)
            await settle(pilot, 1)
            assert not board(app).region
            assert notice.region.area > 0 or size == (1, 1)
            assert f"It is {size[0]}x{size[1]} now" in str(notice.render())
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert not notice.region
        assert board(app).region.width == 80


@in_event_loop
async def test_quitting_while_the_ai_thinks_stops_the_search_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    finished: list[float] = []
    real_decide = Driver.decide

    def timed_decide(*args: Any) -> object:
        try:
            return real_decide(*args)
        finally:
            finished.append(time.perf_counter())

    monkeypatch.setattr(Driver, "decide", timed_decide)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        # A search of 60 seconds on one process, which only cancelling can end within half of that.
        game_screen = GameScreen(GameSession(games.get("exofauna"), 2, None, (Seat("mcts:s=60"), Seat(HUMAN))), 0)
        app.push_screen(game_screen)
        # Wait until the search reports progress, then check the UI answers while it runs. (Pilot's idle waits
        # last a second while a thread computes, so this test waits by fixed pauses.)
        for _ in range(300):
            await pilot.pause(0.01)
            if "win chance" in str(game_screen.query_one("#ai-status").render()):
                break
        assert not finished
        await pilot.press("question_mark")
        await pilot.pause(0.05)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("q")
        await pilot.pause(0.05)
        await pilot.press("y")
    # Waits for the search to end, up to half its budget: only the cancel can have ended it (it stops within an
    # iteration; the wide margin is for a loaded machine, so no deadline is asserted).
    for _ in range(3000):
        if finished:
            break
        time.sleep(0.01)
    assert finished, "the search was still running 30 seconds after quitting"
    assert game_screen.cancel.is_set()


def test_the_ai_preference_never_names_a_card_the_player_cannot_see() -> None:
    game = games.get("exofauna")
    describe_public = ExoFaunaBoard().describe_public
    rng = random.Random(1)
    state = game.new_game(21, 2)
    secret_seen = 0
    while not game.is_over(state):
        seat = game.current_player(state)
        if seat == 1:
            blue_view = game.view(state, 0)
            for action in game.legal_actions(game.view(state, 1)):
                if hasattr(action, "card"):
                    secret = action.card not in state.known[1]
                    secret_seen += secret
                    text = describe_public(blue_view, action)
                    assert ("hidden card" in text) == secret, text
                    assert secret or card_name(action.card) in text
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert secret_seen > 10


@in_event_loop
async def test_rematch_and_the_command_palette() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        first = await start(pilot, ("greedy", "greedy"), 4)
        for _ in range(300):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.pause()
        app.ai_pause = 30  # the rematch must not play itself to the end while the test looks at it
        await pilot.press("down", "enter")  # Rematch
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.screen is not first
        assert app.screen.session.seed == 5
        assert [seat.spec for seat in app.screen.session.seats] == ["greedy", "greedy"]
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"help", "enter")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


@in_event_loop
async def test_a_computer_whose_search_fails_plays_at_random_from_its_view_and_the_person_is_told_once_in_one_line(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The game stopped when the computer's search raised ('Blue: AI greedy failed to decide (RuntimeError: search
    exploded). Press q to quit.'). Now it goes on as at an SSH table (the driver's fallback): the seat plays a legal
    move drawn at random from its own view at each decision its search fails, saved like any other; the person is told
    once, in one line that names the file in the user's log directory keeping the tracebacks; the save replays."""

    def broken(*args: object) -> object:
        raise RuntimeError("search exploded")

    monkeypatch.setattr(Driver, "decide", broken)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    shown: list[tuple[Any, int]] = []
    choose = RandomPlayer.choose

    def spy(player: RandomPlayer, game: Any, view: Any, seat: int) -> Any:
        shown.append((view, seat))
        return choose(player, game, view, seat)

    monkeypatch.setattr(RandomPlayer, "choose", spy)
    game = games.get("exofauna")
    opening = game.new_game(1, 2)
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path / "saves"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        session = app.recorded(GameSession(game, 1, None, (Seat("greedy"), Seat(HUMAN))))
        await app.push_screen(GameScreen(session, 0))
        for _ in range(300):
            if session.deciding == 1:
                break
            await pilot.pause()
        await settle(pilot)
        # Blue's turn, a chain of decisions, each drawn at random from Blue's view (never the true state); now Yellow
        # decides.
        states = [opening]
        for action in session.actions:
            assert action in game.legal_actions(states[-1])
            states.append(game.apply(states[-1], action))
        assert len(session.actions) > 1 and shown == [(game.view(state, 0), 0) for state in states[:-1]]
        assert all(view != state for (view, _), state in zip(shown, states[:-1], strict=True))
        assert status_text(app).endswith("Yellow, your decision.")
        assert session.record is not None
        errors = tmp_path / "state" / "exotui" / "log" / f"{session.record.path.stem}.log"
        told = (
            "The computer could not decide for Blue: RuntimeError: search exploded. It played a legal move at random;"
            f" the game goes on. The details are in {printable_path(errors)}."
        )
        assert [notice.message for notice in app._notifications] == [told]
        # On show whole at 80x24 (a path too long for the box is folded, not cut).
        (toast,) = app.screen.query("Toast")
        assert "".join(str(toast.render()).split()) == "".join(told.split())
        assert app.screen.region.contains_region(toast.region)
        written = errors.read_text(encoding="utf-8")
        assert "exofauna seed 1, seats greedy, human; save " in written
        # Told once, and every failure written.
        for number in range(1, len(session.actions) + 1):
            assert f"the computer could not decide for Blue (seat 0), action {number}:\nTraceback" in written
        assert written.count("Traceback") == len(session.actions)
        assert written.rstrip().endswith("RuntimeError: search exploded")
        # The move at random is an ordinary action of the save: it replays from the seed.
        assert list(load(session.record.path).actions) == session.actions


async def the_computer_failing_first(app: ExoTuiApp, pilot: Pilot, game_id: str) -> GameScreen:
    """A game of `game_id` where the computer (greedy, the first seat) decides first against you, once its failure
    was noticed (the test broke its search)."""
    session = app.recorded(GameSession(games.get(game_id), 1, None, (Seat("greedy"), Seat(HUMAN))))
    screen = GameScreen(session, 0)
    await app.push_screen(screen)
    for _ in range(300):
        if app._notifications:
            break
        await pilot.pause()
    await settle(pilot)
    return screen


@pytest.mark.parametrize("table", ["exofauna", "generic"])
@in_event_loop
async def test_a_computer_that_cannot_even_move_at_random_is_said_to_have_stopped_above_the_log_not_to_be_deciding(
    table: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """When the search fails and so does a move at random, the game stays as saved and the status line says the
    computer could not decide; the prompt above the log still said 'Blue: AI greedy is deciding…', as if it would. It
    says the computer stopped, on ExoFauna's table and on the generic one (EXO n°2 played there), as does the status
    line when a key that decides is pressed ('Not your decision: Blue: AI greedy is deciding.'), and no more once the
    computer's turn comes again."""

    def broken(*args: object) -> object:
        raise RuntimeError("search exploded")

    monkeypatch.setattr(Driver, "decide", broken)
    monkeypatch.setattr(RandomPlayer, "choose", broken)
    game_id = "exofauna"
    if table == "generic":
        game_id = "exo2"
        monkeypatch.delitem(tables._TABLES, "exo2")
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path / "saves"))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await the_computer_failing_first(app, pilot, game_id)
        session = screen.session
        name = screen.labels[0]
        assert status_text(app) == f"{name} could not decide, nor move at random. Press q to quit."
        question = screen.board.query_one(Prompt).question
        assert question == f"{name} stopped: it could not decide." and "deciding" not in screen_text(app)
        assert session.actions == [] and session.record is not None and not load(session.record.path).actions
        # A key that would decide says so too, not that the computer is deciding.
        await pilot.press("1")
        await settle(pilot)
        assert status_text(app) == f"{name} stopped: it could not decide. Help (?) and q still work."
        # Whatever draws the table again (a resize) keeps saying so.
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert screen.board.query_one(Prompt).question == f"{name} stopped: it could not decide."

        # The computer's turn comes again (as after a takeback): it is deciding, not stopped, while it searches.
        def searching(driver: Driver, turn: object, cancel: threading.Event, *rest: object) -> None:
            cancel.wait()

        monkeypatch.setattr(Driver, "decide", searching)
        screen.advance()
        await settle(pilot)
        assert screen.board.query_one(Prompt).question == f"{name} is deciding…"
        screen.cancel.set()


@pytest.mark.parametrize(
    ("size", "reason"),
    [((80, 24), "ValueError: no legal…"), ((120, 40), "ValueError: no legal move could be drawn from this view of…")],
    ids=["80x24", "120x40"],
)
@in_event_loop
async def test_a_computer_whose_worker_fails_is_told_in_one_line_with_the_details_in_the_errors_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, size: tuple[int, int], reason: str
) -> None:
    """Something else than the search went wrong in the computer's worker (here its fallback): the status line held the
    error as it was raised, '(ValueError: ...)' with every line of its message, on a line one row high. It says what
    went wrong in one line, the kind of error and its message's first line, cut after a whole word, as a failed
    search is told; the traceback goes to the game's errors file, and a notice says where. At 80 columns the line ran
    past the screen's edge and lost "Press q to quit.": the reason is cut to the room left. The log keeps the notice's
    words ("!"), where a notice goes."""

    def broken(*args: object) -> object:
        raise RuntimeError("search exploded")

    def fallback_broken(*args: object) -> object:
        raise ValueError(
            "no legal move could be drawn from this view of the table, which has more to say\n"
            'Traceback (most recent call last):\n  File "players.py", line 3'
        )

    monkeypatch.setattr(Driver, "decide", broken)
    monkeypatch.setattr(Driver, "decide_anyway", fallback_broken)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path / "saves"))
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await the_computer_failing_first(app, pilot, "exofauna")
        session = screen.session
        name = screen.labels[0]
        line = f"{name} failed to decide ({reason}). Press q to quit."
        assert status_text(app) == line
        # Whole on its row, within the screen.
        status = app.screen.query_one("#status", Static)
        assert screen_text(app).splitlines()[status.region.y].strip() == line
        assert screen.board.query_one(Prompt).question == f"{name} stopped: it could not decide."
        assert session.record is not None
        errors = tmp_path / "state" / "exotui" / "log" / f"{session.record.path.stem}.log"
        told = (
            f"{name} failed to decide: ValueError: no legal move could be drawn from this view of… The game stops"
            " here, saved as it stands: q quits, and Continue tries again."
        )
        (notice,) = [notice.message for notice in app._notifications]
        assert notice == f"{told} The details are in {printable_path(errors)}."
        assert screen.board.query_one(GameLog).entries[-1].plain == f"  ! {told}"
        written = errors.read_text(encoding="utf-8")
        assert f"the computer's worker failed for {name}, action 1:\nTraceback" in written
        # The whole message, and the search's failure it came from.
        assert 'which has more to say\nTraceback (most recent call last):\n  File "players.py", line 3' in written
        assert "RuntimeError: search exploded" in written


def test_the_line_of_a_failed_worker_keeps_who_failed_and_the_key_to_press_whole() -> None:
    error = ValueError("no legal move could be drawn from this view of the table")
    line = "Blue: AI greedy failed to decide (ValueError: no legal…). Press q to quit."
    assert failed_line("Blue: AI greedy", error, 78) == line
    # No room for even the kind of error: the reason is left out.
    assert failed_line("Blue: AI greedy", error, 63) == "Blue: AI greedy failed to decide. Press q to quit."
    kind_only = "Blue: AI greedy failed to decide (ValueError…). Press q to quit."
    assert failed_line("Blue: AI greedy", error, 64) == kind_only
    # A name too long even without it: its first words.
    long_name = "Yellow: AI easy:it=750:c=1.0:pb=1:imm=0.3"
    assert failed_line(long_name, error, 60) == "Yellow: AI easy:it=750… failed to decide. Press q to quit."


@in_event_loop
async def test_a_new_game_from_the_palette_replaces_the_one_being_played() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        first = await start(pilot, ("human", "greedy"), 1)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"new game", "enter")
        await settle(pilot)
        await pilot.press("enter")  # Start, with the defaults
        await settle(pilot)
        playing = [screen for screen in app.screen_stack if isinstance(screen, GameScreen)]
        assert playing == [app.screen]
        assert app.screen is not first
        assert first.cancel.is_set()


@in_event_loop
async def test_a_game_that_ends_under_help_shows_its_end_when_help_closes() -> None:
    app = ExoTuiApp(ai_pause=0.02)
    async with app.run_test() as pilot:
        # Paced AI moves, and help asked for at once: a greedy game without a pause ends before any key is read.
        session = GameSession(games.get("exofauna"), 4, None, (Seat("greedy"), Seat("greedy")))
        game_screen = GameScreen(session, 0.02)
        await app.push_screen(game_screen)
        await pilot.press("question_mark")
        assert game_screen.session.deciding is not None
        for _ in range(1000):
            if game_screen.session.deciding is None:
                break
            await pilot.pause(0.02)
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)


class PromptApp(App[None]):
    """A prompt alone, `width` columns wide, as a table's question column."""

    CSS = "Prompt { width: 61; height: 12; }"

    def compose(self) -> ComposeResult:
        yield Prompt(id="prompt")


async def prompt_rows(question: str, options: tuple[str, ...], cursor: int = 0) -> list[str]:
    app = PromptApp()
    async with app.run_test(size=(80, 14)) as pilot:
        prompt = app.query_one(Prompt)
        prompt.show(question, options=options, cursor=cursor)
        await settle(pilot)
        return [line.rstrip() for line in str(prompt.render()).splitlines()]


TUNNEL_ANSWERS: Final = (
    "Blue does not use the Vashti's adaptation.",
    "Blue's Vashti uses Tunnel: moves the blue Oomba from top-left of the blue hole (1) to the yellow hole (2), top.",
    "Blue's Vashti uses Tunnel: moves the blue Oomba from top-left of the blue hole (1) to the yellow hole (2), left.",
    "Blue's Vashti uses Tunnel: moves the yellow Krell from right of the blue hole (1) to the yellow hole (2), top.",
)


@in_event_loop
async def test_an_answer_too_long_for_its_row_wraps_and_leaves_out_only_what_the_row_above_shows() -> None:
    rows = await prompt_rows("Vashti's Tunnel: use it?", TUNNEL_ANSWERS, cursor=0)
    assert all(len(row) <= 61 for row in rows)
    # Never a word cut in its middle, nor a "…" anywhere but in place of the first words.
    assert all("…" not in row or row.startswith(("  … ", "   … ")) or row[3:5] == "… " for row in rows), rows
    assert rows[1] == "▶1 Blue does not use the Vashti's adaptation."
    # The first long answer is printed whole, on two rows; the next leaves out what it shares with it.
    assert " ".join(row.strip() for row in rows[2:4]) == f"2 {TUNNEL_ANSWERS[1]}"
    assert rows[4] == " 3 … left."
    # The Krell shares only "Blue's Vashti uses Tunnel: moves the" with the Oomba above it.
    assert rows[5:] == [" 4 … yellow Krell from right of the blue hole (1) to the", "   yellow hole (2), top."]


@in_event_loop
async def test_answers_that_fit_are_printed_whole_even_when_they_start_alike() -> None:
    answers = (
        "Blue discards the yellow Krell.",
        "Blue discards the yellow Primu.",
        "Blue stops scavenging and draws 3.",
    )
    rows = await prompt_rows("Scavenger: discard a card, or stop and draw 3.", answers, cursor=2)
    assert rows[1:] == [f" 1 {answers[0]}", f" 2 {answers[1]}", f"▶3 {answers[2]}"]


@in_event_loop
async def test_the_first_answer_in_sight_of_a_scrolled_list_is_printed_whole() -> None:
    many = tuple(f"{TUNNEL_ANSWERS[1][:-5]} {space}." for space in ("top", "left", "right", "bottom")) * 4
    rows = await prompt_rows("Tunnel?", many, cursor=14)
    first = rows[1]
    assert first.startswith(("  ", " ")) and "Blue's Vashti uses Tunnel" in first, rows
    assert any(row.startswith("▶") for row in rows)


@in_event_loop
async def test_a_list_cut_to_its_rows_says_how_many_answers_are_out_of_sight_above_and_below() -> None:
    # Raging Rodents at 80x24 showed 6 of 8 answers with nothing under them: the best (on the Hamster) unseen.
    answers = tuple(f"Swap with Field card {slot}." for slot in range(1, 21))
    top = await prompt_rows("Which?", answers, cursor=0)
    # The question, 10 answers, and in the row kept under them how many more there are.
    assert len(top) == 12 and top[-1].strip() == "↓ 10 more below", top
    middle = await prompt_rows("Which?", answers, cursor=10)
    assert middle[-1].strip() == "↑ 5 more above · ↓ 5 more below", middle
    bottom = await prompt_rows("Which?", answers, cursor=19)
    assert bottom[-1].strip() == "↑ 10 more above", bottom
    # A list in full keeps its empty row.
    assert (await prompt_rows("Which?", answers[:3]))[-1] == " 3 Swap with Field card 3."


@in_event_loop
async def test_a_digit_or_a_letter_answers_a_prompt_at_once() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        screen = await start(pilot, ("human", "greedy"), 7)
        # To the Thornback's Predator question, take the Primu: then which card to discard.
        await pilot.press("1", "enter", "2", "enter", "2", "enter", "1")
        await settle(pilot)
        the_board = board(app)
        assert the_board.mode is Mode.PROMPT
        played = len(screen.session.actions)
        answers = len(the_board.legal)
        last = the_board.legal[-1]
        await pilot.press(ANSWER_KEYS[answers])  # one past the last answer
        assert answers > 1
        assert status_text(app) == f"There are only {answers} answers (1-{answers})."
        assert len(screen.session.actions) == played
        await pilot.press(str(answers))
        await settle(pilot)
        assert screen.session.actions[played] == last


def test_the_board_marks_the_organisms_the_last_decision_brought() -> None:
    game = games.get("exofauna")
    before = game.new_game(7, 2)
    play = next(action for action in game.legal_actions(before) if action.slot == 1)
    after = game.apply(before, play)
    assert arrivals(before, after, 1) == {play.space}
    assert arrivals(before, after, 0) == frozenset()
    assert arrivals(after, after, 1) == frozenset()


TL, T, TR, R, BR, B, BL, L = range(8)


def tunnel_position(movers: dict[int, str]) -> ExoState:
    """Blue has just played a Vashti to the top-left of the blue hole (1), alone of its name there: Tunnel is asked.
    `movers` are the other organisms at that hole; the yellow hole (2) holds two, six of its spaces are empty."""
    return position(
        hands=(cards("blue Krell"), cards("yellow Primu")),
        holes=(hole(BLUE, {TL: "blue Vashti", **movers}), hole(YELLOW, {T: "yellow Krell", B: "yellow Oomba"})),
        step=ADAPT,
        focus_slot=0,
        focus_space=TL,
    )


async def start_at(pilot: Pilot, state: ExoState) -> GameScreen:
    session = GameSession(games.get("exofauna"), 0, None, (Seat("human"), Seat("greedy")), state=state)
    screen = GameScreen(session, 0)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


@in_event_loop
async def test_tunnel_is_chosen_on_the_board_the_organism_then_its_square() -> None:
    state = tunnel_position({T: "blue Oomba", R: "yellow Primu", B: "blue Krell", L: "yellow Zorrib", BR: "blue Primu"})
    assert len(games.get("exofauna").legal_actions(state)) > len(ANSWER_KEYS), "more answers than keys, for this test"
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        screen = await start_at(pilot, state)
        the_board = board(app)
        assert the_board.mode is Mode.ORGANISM
        assert "Which organism (marked +)?" in the_board.query_one(Prompt).question
        # A free space of the other hole is not an organism to move.
        await cursor_to(pilot, 1, TL)
        await pilot.press("enter")
        assert "Tunnel moves an organism of this hole" in status_text(app)
        await cursor_to(pilot, 0, R)
        await pilot.press("enter")
        assert the_board.mode is Mode.TARGET
        # Esc goes back to the organism; the yellow Primu again, then its square: the bottom-left of hole 2.
        await pilot.press("escape")
        assert the_board.mode is Mode.ORGANISM
        await cursor_to(pilot, 0, R)
        await pilot.press("enter")
        await cursor_to(pilot, 1, BL)
        # The sentence of the move under the cursor is shown whole before it is chosen.
        assert the_board.query_one(Prompt).detail == (
            "Blue's Vashti uses Tunnel: moves the yellow Primu from right of the blue hole (1) to the yellow hole (2),"
            " bottom-left."
        )
        await pilot.press("enter")
        await settle(pilot)
        assert screen.session.actions == [Tunnel(R, BL)]


@in_event_loop
async def test_one_organism_to_tunnel_goes_straight_to_its_square_and_1_declines() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        screen = await start_at(pilot, tunnel_position({}))
        the_board = board(app)
        # Only the Vashti itself can move: which organism is not asked.
        assert the_board.mode is Mode.TARGET and the_board.mover == TL
        await pilot.press("escape")
        assert the_board.mode is Mode.TARGET
        await pilot.press("1")
        await settle(pilot)
        assert screen.session.actions == [Skip()]


# Blue has claimed one hole; the blue hole (1) lacks one organism (left), and Blue's Oomba there claims it 6 to 2.
SECOND_CLAIM: Final = {
    TL: "blue Oomba",
    T: "blue Krell",
    TR: "blue Primu",
    R: "blue Krell",
    BR: "blue Zorrib",
    B: "yellow Krell",
    BL: "yellow Oomba",
}


async def second_claim_made(pilot: Pilot) -> GameScreen:
    """Blue to play, holding an Oomba and a Krell, one claim made and the second one organism away (`SECOND_CLAIM`);
    by keys, the Oomba claims it and its Swarming draws from Blue's deck (another Oomba is there, so no Spawn)."""
    state = position(
        hands=(cards("blue Oomba", "blue Krell"), cards("yellow Primu")),
        holes=(hole(BLUE, SECOND_CLAIM), hole(YELLOW)),
        claimed=(cards("yellow Vashti"), ()),
    )
    screen = await start_at(pilot, state)
    await press_for(pilot, Play(card("blue Oomba"), 0, L))
    await settle(pilot)
    await pilot.press("1")
    await settle(pilot)
    return screen


@in_event_loop
async def test_a_second_claim_made_mid_turn_says_who_wins_at_the_end_of_this_turn() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        screen = await second_claim_made(pilot)
        the_board = board(app)
        assert len(screen.session.state.claimed[BLUE]) == 2 and not games.get("exofauna").is_over(screen.session.state)
        assert the_board.mode is Mode.CARD
        assert the_board.query_one(Prompt).question.startswith("You win at the end of this turn. Action 2 of 2")
        # The same position in a replay, which shows it with the deciding seat's hand and no decision to make: no
        # "you" there, whoever watches.
        the_board.show(screen.session.state, BLUE, (), ("Blue", "Yellow"))
        assert the_board.query_one(Prompt).question.startswith("Blue wins at the end of this turn.")


@in_event_loop
async def test_the_final_table_shows_the_winning_claim_in_its_holes_place() -> None:
    # Blue's Oomba claims the blue hole (1), Blue's second claim; Blue's second Action goes to the new hole in its
    # slot, and the turn's end ends the game. The state keeps only the claimed hole's card.
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        screen = await second_claim_made(pilot)
        the_board = board(app)
        await press_for(pilot, next(a for a in the_board.legal if type(a) is Play and a.slot == 0))
        await settle(pilot)
        for _ in range(10):
            if isinstance(app.screen, EndScreen):
                break
            await press_for(pilot, the_board.legal[0])
            await settle(pilot)
        assert games.get("exofauna").is_over(screen.session.state)
        await pilot.press("escape")  # from the result to the final table
        await settle(pilot)
        claimed = the_board.query_one("#hole-1", WateringHole)
        assert claimed.border_title == "Hole 1 · Blue's claim"
        assert claimed.hole.spaces == hole(BLUE, SECOND_CLAIM | {L: "blue Oomba"}).spaces
        assert claimed.border_subtitle == "new Y hole, 1 organism"
        # Whole on the screen at 80x24, where "now: new Y hole, 1 organ…" was cut.
        assert "new Y hole, 1 organism" in screen_text(app)
        assert "claimed" in str(claimed.render()) and "Oomba" in str(claimed.render())
        # The other hole is the final position's.
        assert the_board.query_one("#hole-2", WateringHole).hole == screen.session.state.holes[1]


@in_event_loop
async def test_a_claim_that_ends_your_turn_stays_on_show_while_the_computer_thinks_and_goes_with_its_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Blue's second Action: the Oomba claims the blue hole (1), 6 to 2, and the turn passes to the computer, which
    # thinks until the test lets it decide. No key is pressed for the claim.
    release = threading.Event()
    real_decide = Driver.decide

    def held(*args: Any) -> object:
        release.wait()
        return real_decide(*args)

    monkeypatch.setattr(Driver, "decide", held)
    state = position(
        actions_done=1,
        hands=(cards("blue Oomba", "blue Krell"), cards("yellow Primu")),
        holes=(hole(BLUE, SECOND_CLAIM), hole(YELLOW)),
    )
    app = ExoTuiApp(ai_pause=0)
    try:
        async with app.run_test() as pilot:
            screen = await start_at(pilot, state)
            the_board = board(app)
            await press_for(pilot, Play(card("blue Oomba"), 0, L))
            await settle(pilot)
            await pilot.press("1")  # Swarming: draw from Blue's deck
            await settle(pilot)
            assert screen.session.state.player == YELLOW and the_board.mode is Mode.WAIT
            claimed = the_board.query_one("#hole-1", WateringHole)
            new_hole = screen.session.state.holes[0]
            assert claimed.border_title == "Hole 1 · Blue's claim"
            assert claimed.hole.spaces == hole(BLUE, SECOND_CLAIM | {L: "blue Oomba"}).spaces
            assert claimed.border_subtitle == f"new {'BY'[new_hole.colour]} hole, empty"
            assert "Blue claims the blue hole (1), 6 organisms to 2" in status_text(app)
            release.set()
            await app.workers.wait_for_complete()
            await settle(pilot)
            assert len(screen.session.actions) == 3
            assert claimed.hole == screen.session.state.holes[0] and claimed.border_title.startswith("Hole 1 · ")
            assert "claim" not in claimed.border_title
    finally:
        release.set()


@in_event_loop
async def test_a_claim_you_make_with_an_action_to_go_leaves_the_table_to_you_at_once() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        state = position(
            hands=(cards("blue Oomba", "blue Krell"), cards("yellow Primu")),
            holes=(hole(BLUE, SECOND_CLAIM), hole(YELLOW)),
        )
        screen = await start_at(pilot, state)
        the_board = board(app)
        await press_for(pilot, Play(card("blue Oomba"), 0, L))
        await settle(pilot)
        await pilot.press("1")
        await settle(pilot)
        # Your second Action: the new hole is there to play to; the claim is told in the log and the status line.
        assert the_board.mode is Mode.CARD
        assert the_board.query_one("#hole-1", WateringHole).hole == screen.session.state.holes[0]
        assert "Blue claims the blue hole (1)" in status_text(app)


@in_event_loop
async def test_a_game_resumed_after_the_winning_claim_shows_it_on_the_final_table() -> None:
    # The sample game's move 75: Blue's second claim (the yellow hole, 2), with Blue's turn going on; the game is
    # opened again after it, as Continue does, and Blue's last decisions end it.
    saved = load(SAMPLES / "exofauna.exosave")
    claim = next(
        index for index, move in enumerate(saved.moves()) if move.events and "wins at the end" in move.events[-1]
    )
    session = GameSession(saved.game, saved.header.seed, None, (Seat("human"), Seat("greedy")))
    for action in saved.actions[: claim + 1]:
        session.apply(action)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await app.push_screen(GameScreen(session, 0))
        await settle(pilot)
        the_board = board(app)
        for _ in range(10):
            if isinstance(app.screen, EndScreen):
                break
            await press_for(pilot, the_board.legal[0])
            await settle(pilot)
        assert saved.game.is_over(session.state)
        await pilot.press("escape")
        await settle(pilot)
        claimed = the_board.query_one("#hole-2", WateringHole)
        assert claimed.border_title == "Hole 2 · Blue's claim"
        assert (
            claimed.hole.spaces
            == saved.game.interlude(saved.states[claim], saved.actions[claim], saved.states[claim + 1]).holes[1].spaces
        )

"""The table tells what happened: events (claims, points, the end) in the log and leading the status line,
highlighted, for the player's decisions and the computer's; why an adaptation was not offered; the replay's move
list; EXO n°2's prompt with one planet left.

Decisions reach the game by keys only; the helpers read the board to choose them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Static

from exo2_builders import states_and_actions
from exofauna_builders import card, cards, hole, position
from exotui import games
from exotui.engine.records import load
from exotui.games.exo2 import rules as exo2_rules
from exotui.games.exo2.state import Take
from exotui.games.exofauna.cards import BLUE, YELLOW
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.replay import ReplayScreen
from exotui.tui.tables.exo2.board import Exo2Board
from exotui.tui.tables.exo2.board import Mode as Exo2Mode
from exotui.tui.tables.exo2.universe import available_slots
from exotui.tui.tables.exofauna.board import ExoFaunaBoard
from exotui.tui.tables.exofauna.board import Mode as ExoMode
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.move_list import MoveList
from pilot_helpers import in_event_loop, settle, status_text

EXO2 = games.get("exo2")
EXOFAUNA = games.get("exofauna")
SAMPLES = Path(__file__).parents[2] / "saves"
TL, T, TR, R, BR, B, BL, L = range(8)


async def open_game(pilot: Pilot, session: GameSession) -> GameScreen:
    screen = GameScreen(session, 0)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


def logged(screen: GameScreen) -> str:
    """The log as one text, its spacing folded (a long line wraps over several)."""
    return " ".join(" ".join(line.text for line in screen.query_one(GameLog).lines).split())


def highlighted(app: ExoTuiApp) -> bool:
    return app.screen.query_one("#status", Static).has_class("-news")


def scores_now(state: Any, action: Take) -> bool:
    return any(exo2_rules.placement_points(state.galaxies[0], action.token, action.x, action.y))


def a_chance_to_score() -> tuple[int, list[Take]]:
    """A seed and the opening actions of a random 2-player game after which Seat 1 decides and can score."""
    for seed in range(100):
        state, actions = EXO2.new_game(seed, 2), states_and_actions(seed, 2)[1]
        for index, action in enumerate(actions):
            if index % 2 == 0 and any(scores_now(state, a) for a in EXO2.legal_actions(state)):
                return seed, actions[:index]
            state = EXO2.apply(state, action)
    raise AssertionError("no random game gave Seat 1 a placement that scores")


async def place(pilot: Pilot, board: Exo2Board, action: Take) -> None:
    """Take the planet by its number key, walk the cursor to its square, press Enter."""
    universe = board.view.universe
    await pilot.press(str([universe[slot] for slot in available_slots(universe)].index(action.token) + 1))
    assert board.mode is Exo2Mode.SQUARE
    while board.cursor != (action.x, action.y):
        x, y = board.cursor
        if x != action.x:
            await pilot.press("right" if action.x > x else "left")
        else:
            await pilot.press("down" if action.y > y else "up")
    await pilot.press("enter")
    await settle(pilot)


@in_event_loop
async def test_the_points_a_placement_scores_are_told_in_the_log_and_lead_the_highlighted_status() -> None:
    seed, opening = a_chance_to_score()
    session = GameSession(EXO2, seed, None, (Seat("human"), Seat("human")))
    for action in opening:
        session.apply(action)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_game(pilot, session)
        await pilot.press("enter")  # Seat 1 takes the keyboard
        await settle(pilot)
        state = session.state
        scoring = next(a for a in EXO2.legal_actions(state) if scores_now(state, a))
        (points,) = EXO2.events(state, scoring, EXO2.apply(state, scoring))
        assert points.startswith("Seat 1 scores ")
        await place(pilot, screen.query_one(Exo2Board), scoring)
        assert session.actions[-1] == scoring
        assert f"→ {points}" in logged(screen)
        # Hot seat: once the next player has taken the keyboard, the status leads with it, highlighted, until the
        # next decision.
        await pilot.press("enter")
        await settle(pilot)
        assert status_text(app).startswith(f"{points} Seat 2, your decision.") and highlighted(app)
        quiet = next(
            a
            for a in EXO2.legal_actions(session.state)
            if not any(EXO2.events(session.state, a, EXO2.apply(session.state, a)))
        )
        await place(pilot, screen.query_one(Exo2Board), quiet)
        await pilot.press("enter")
        await settle(pilot)
        assert status_text(app).startswith("Seat 1, your decision.") and not highlighted(app)


@in_event_loop
async def test_the_computers_claims_and_the_end_are_logged_and_lead_the_status_as_they_happen() -> None:
    app = ExoTuiApp(ai_pause=0)
    shown: list[tuple[str, bool]] = []
    async with app.run_test(size=(100, 30)) as pilot:
        session = GameSession(EXOFAUNA, 3, "quick", (Seat("greedy"), Seat("greedy")))
        screen = GameScreen(session, 0)
        status = screen.status
        # Every status line the screen shows, and whether it was highlighted.
        screen.status = lambda text, news="": (
            shown.append((f"{news} {text}" if news else text, bool(news))),
            status(text, news),
        )[1]  # type: ignore[method-assign]
        await pilot.app.push_screen(screen)
        for _ in range(400):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.pause(0.01)
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        story = session.story(session.told_to)
        events = [event for step in story for event in step.events]
        claims = [event for event in events if " claims " in event]
        assert claims and events[-1].endswith("wins, the first to claim 1 hole.")
        log = logged(screen)
        for step in story:
            assert " ".join(f"{step.turn} {step.sentence}".split() + [f"→ {event}" for event in step.events]) in log
        # Each computer decision that caused something had its status line lead with it, highlighted.
        for step in story:
            if step.events:
                assert (f"{' '.join(step.events)} {step.sentence}", True) in shown


@in_event_loop
async def test_an_adaptation_not_offered_says_why_in_the_status_and_the_log() -> None:
    # The rulebook's example: Blue plays a yellow Yikyik next to another Yikyik at the blue hole, so no Scurry.
    placed = {TL: "blue Primu", T: "blue Krell", BR: "yellow Yikyik", B: "yellow Krell"}
    state = position(
        hands=(cards("yellow Yikyik", "blue Glissen"), cards("yellow Primu")), holes=(hole(BLUE, placed), hole(YELLOW))
    )
    session = GameSession(EXOFAUNA, 0, None, (Seat("human"), Seat("greedy")), state=state)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_game(pilot, session)
        board = screen.query_one(ExoFaunaBoard)
        await pilot.press(str(board.view.hands[BLUE].index(card("yellow Yikyik")) + 1))
        assert board.mode is ExoMode.SPACE
        # To the left space of the blue hole (1): row 1, column 0 of the table's grid.
        while board.cursor != (1, 0):
            row, column = board.cursor
            await pilot.press("left" if column > 0 else "down" if row < 1 else "up")
        await pilot.press("enter")
        await settle(pilot)
        assert board.mode is ExoMode.PROMPT and board.descriptions[0].startswith("Blue stops scavenging")
        await pilot.press("enter")
        await settle(pilot)
        why = "The yellow Yikyik cannot use Scurry: another Yikyik is at the blue hole (1)."
        assert status_text(app).startswith(why)
        assert f"→ {why}" in logged(screen)


@in_event_loop
async def test_the_replay_move_list_shows_what_each_move_caused() -> None:
    saved = load(SAMPLES / "exofauna.exosave")
    moves = saved.moves()
    claim = next(move for move in moves if any(" claims " in event for event in move.events))
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = ReplayScreen(saved)
        await pilot.app.push_screen(screen)
        await settle(pilot)
        screen.go(claim.number)
        await settle(pilot)
        shown = [" ".join(line.split()) for line in str(screen.query_one(MoveList).render()).splitlines()]
        at = next(index for index, line in enumerate(shown) if line.startswith(f"▶ {claim.number}. "))
        assert shown[at + 1 : at + 1 + len(claim.events)] == [f"→ {event}" for event in claim.events]


@in_event_loop
async def test_with_one_planet_left_to_take_the_prompt_does_not_say_1_1() -> None:
    for seed in range(100):
        actions = states_and_actions(seed, 2)[1]
        index = next(
            (
                i
                for i in range(0, len(actions), 2)
                if len(exo2_rules.available_tokens(_after(seed, actions[:i]).universe)) == 1
            ),
            None,
        )
        if index is not None:
            break
    assert index is not None
    session = GameSession(EXO2, seed, None, (Seat("human"), Seat("greedy")))
    for action in actions[:index]:
        session.apply(action)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_game(pilot, session)
        prompt = str(screen.query_one("#prompt").render())
        assert "1-1" not in prompt and "Take the one planet available: 1 or Enter." in " ".join(prompt.split())


def _after(seed: int, actions: list[Take]) -> Any:
    state = EXO2.new_game(seed, 2)
    for action in actions:
        state = EXO2.apply(state, action)
    return state

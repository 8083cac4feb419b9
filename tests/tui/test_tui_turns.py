"""The game screen's flow of decisions: the computer's pauses and the hot-seat hand-over."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.pilot import Pilot

from exotui import games
from exotui.engine.protocol import has_interludes, interlude, interlude_waits
from exotui.play.session import HUMAN, GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.pass_keyboard import PassKeyboardScreen
from exotui.tui.tables import Mode
from exotui.tui.tables.exo2.board import Exo2Board
from pilot_helpers import in_event_loop, open_game, settle


async def until_the_end(pilot: Pilot, seen: list[type]) -> None:
    """Pause until the end box is up, noting every screen on top on the way."""
    for _ in range(2000):
        seen.append(type(pilot.app.screen))
        if isinstance(pilot.app.screen, EndScreen):
            return
        await pilot.pause()
    raise AssertionError("the game did not end")


@in_event_loop
async def test_a_computer_decision_told_to_nobody_is_not_paused_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Endless Forms' passes of reveal windows are told to nobody: with a pause after each, a computer's turn took
    up to 20 s on screen. A game whose every decision is told to nobody ends with no pause at all (an hour each)."""
    game = games.get("exo2")
    monkeypatch.setattr(game, "describe", lambda state, action: "")
    app = ExoTuiApp(ai_pause=3600)
    async with app.run_test() as pilot:
        await app.push_screen(GameScreen(GameSession(game, 3, None, (Seat("greedy"), Seat("greedy"))), 3600))
        await until_the_end(pilot, [])


@in_event_loop
async def test_hot_seat_plays_what_a_persons_setting_decides_without_handing_the_keyboard_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A table whose setting answers for its person (Endless Forms' reveal windows) needs no pass screen for it."""

    def first(self: Exo2Board, view: Any, legal: list[Any]) -> Any:
        return legal[0]

    monkeypatch.setattr(Exo2Board, "decides_alone", first)
    app = ExoTuiApp(ai_pause=0)
    seen: list[type] = []
    async with app.run_test() as pilot:
        await app.push_screen(GameScreen(GameSession(games.get("exo2"), 3, None, (Seat(HUMAN), Seat(HUMAN))), 0))
        await until_the_end(pilot, seen)
    assert PassKeyboardScreen not in seen


@pytest.mark.parametrize("game_id", [game for game in games.available() if has_interludes(games.get(game))])
@in_event_loop
async def test_a_table_keeps_an_interlude_on_show_exactly_when_its_game_waits_on_it(game_id: str) -> None:
    """The turn driver holds the turns on an interlude by the game's `interlude_waits`; the board keeps it on show
    until Enter (PAUSE) by its own drawing. The two must agree: a board that paused on a game that does not wait would
    show a pause behind which the computer plays on; one that waits without a pause would wait for a key never
    asked for (at the SSH table too, which sees only the game)."""
    game = games.get(game_id)
    chooser = random.Random(5)
    state, actions = game.new_game(5, 2, None), []
    while game.current_player(state) is not None:
        before = state
        actions.append(chooser.choice(game.legal_actions(before)))
        state = game.apply(before, actions[-1])
        if interlude(game, before, actions[-1], state) is not None and game.current_player(state) is not None:
            break
    else:
        raise AssertionError("no interlude in a game of two")
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_game(pilot, game_id, (HUMAN, HUMAN), 5, actions=actions[:-1])
        screen.play(actions[-1])
        await settle(pilot)
        waits = interlude_waits(game)
        assert (screen.board.mode is Mode.PAUSE) is waits and screen.driver.next().held is waits

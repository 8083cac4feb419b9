"""Pilot helpers shared by the app's tests: run a test in an event loop, let the app settle, read the status, the
footer's keys and the keys a help lists, check what the end box holds, open a game and play it to the end by keys."""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from typing import Any

from textual.app import App
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets._footer import FooterKey

from exotui import games
from exotui.engine.protocol import state_hash
from exotui.play.session import GameSession, Seat
from exotui.tui.screens.confirm import ConfirmScreen
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.pass_keyboard import PassKeyboardScreen
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import ANSWER_KEYS


def in_event_loop(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test with asyncio.run (the project has no pytest async plugin)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


async def settle(pilot: Pilot, rounds: int = 3) -> None:
    for _ in range(rounds):
        await pilot.pause()


async def the_result_box(pilot: Pilot, pauses: int = 2000) -> EndScreen:
    """The result box once its menu is drawn (it is pushed before it is composed), each pause letting the game's last
    decisions through; settled, so that what it holds is laid out."""
    app = pilot.app
    for _ in range(pauses):
        if isinstance(app.screen, EndScreen) and app.screen.query(OptionList):
            await settle(pilot)
            assert isinstance(app.screen, EndScreen)
            return app.screen
        await pilot.pause()
    raise AssertionError("the game did not end")


async def the_final_table(pilot: Pilot, pauses: int = 2000) -> None:
    """Esc from the result box, once it is drawn: the final table under it, settled."""
    await the_result_box(pilot, pauses)
    await pilot.press("escape")
    await settle(pilot)


def log_in_sight(log: GameLog) -> list[str]:
    """The log's lines in sight, in its rows as scrolled."""
    top = round(log.scroll_y)
    return [line.text.rstrip() for line in log.lines[top : top + log.scrollable_content_region.height]]


def the_sample_win_ends_the_log(log: GameLog, size: tuple[int, int]) -> list[str]:
    """The lines in sight of a log that told the ExoFauna sample game's last turn (saves/exofauna.exosave from its
    action 70: Blue's eight decisions, taller than the log at 80x24): they end with how Blue won, and at 80x24 the
    turn's first line is out of sight."""
    shown = log_in_sight(log)
    assert shown[-1] == "    → Blue wins, the first to claim 2 holes.", shown
    if size == (80, 24):
        assert not any(line.startswith(" 11 Blue plays the blue Oomba") for line in shown), "a turn taller than the log"
    return shown


async def q_asks_to_quit_over(pilot: Pilot, box: Screen[Any]) -> None:
    """q on `box` asks "Quit exotui?" over it (never answering `box` itself), and No leaves `box` on show."""
    await pilot.press("q")
    await settle(pilot)
    asked = pilot.app.screen
    assert isinstance(asked, ConfirmScreen) and asked.question == "Quit exotui?" and pilot.app.screen_stack[-2] is box
    await pilot.press("n")
    await settle(pilot)
    assert pilot.app.screen is box


async def focus(pilot: Pilot, widget_id: str) -> None:
    """Press Tab until the widget with this id has the focus."""
    for _ in range(20):
        if pilot.app.focused is not None and pilot.app.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached #{widget_id}")


def footer_keys(screen: Screen[Any]) -> set[str]:
    """The keys the screen's footer shows, enabled."""
    return {key.key for key in screen.query_one(KeysFooter).query(FooterKey) if not key.has_class("-disabled")}


def help_lines_naming(text: str, key: str) -> list[str]:
    """The lines of a help's `text` that list `key` ("PgUp"): those whose keys, the words a two-space indent opens
    and a double space ends, include it."""
    keyed = (re.match(r"  (\S.*?)  ", line) for line in text.splitlines())
    return [found.string for found in keyed if found is not None and key in found.group(1).split()]


def whole_in_the_end_box(screen: Screen[Any], parts: Sequence[str]) -> Region:
    """The end box's inside (its content region, within its border and padding), once each of `parts` (selectors)
    is found drawn whole there. Not the box's outer region, which takes in its border: a part pushed onto the
    border (the hint under a taller vote was drawn over the box's bottom edge) would still be in that."""
    inside = screen.query_one("#end-box").content_region
    for part in parts:
        region = screen.query_one(part).region
        assert inside.contains_region(region), (part, region, inside)
    return inside


def status_text(app: App[Any]) -> str:
    return str(app.screen.query_one("#status", Static).render())


async def open_game(
    pilot: Pilot,
    game_id: str,
    seats: tuple[str, ...],
    seed: int,
    variant: str | None = None,
    actions: Sequence[Any] = (),
) -> GameScreen:
    """Open a game at its table directly, after `actions` (the new game form is tested on its own)."""
    session = GameSession(games.get(game_id), seed, variant, tuple(Seat(kind) for kind in seats))
    for action in actions:
        session.apply(action)
    screen = GameScreen(session, 0)
    await pilot.app.push_screen(screen)
    await settle(pilot)
    return screen


def replays(session: GameSession) -> bool:
    """Whether the session's seed and actions give its state again (the game is its seed plus its actions)."""
    state = session.game.new_game(session.seed, len(session.seats), session.variant)
    for action in session.actions:
        state = session.game.apply(state, action)
    return state_hash(state) == state_hash(session.state)


async def play_by_keys(pilot: Pilot, answer: Callable[[], Awaitable[bool]], limit: int) -> int:
    """Until the end screen: pass the keyboard on when asked, and let `answer` press the keys of a decision (it
    says whether one was asked and answered). Returns how many decisions were answered."""
    decisions = 0
    for _ in range(limit):
        screen = pilot.app.screen
        if isinstance(screen, EndScreen):
            return decisions
        if isinstance(screen, PassKeyboardScreen):
            await pilot.press("enter")
        elif isinstance(screen, GameScreen) and await answer():
            decisions += 1
        await pilot.pause()
    raise AssertionError("the game did not end")


async def press_answer(pilot: Pilot, index: int, cursor: Callable[[], int], by_number: bool) -> None:
    """Pick answer `index` of a list by its key, or by moving the cursor (read by `cursor`) there and Enter."""
    if by_number:
        await pilot.press(ANSWER_KEYS[index])
        return
    while cursor() != index:
        await pilot.press("down")
    await pilot.press("enter")

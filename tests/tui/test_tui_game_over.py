"""Game over: the result in a box over the final table; Esc to look at the table, Enter there for the result again;
from it rematch, replay (a saved game) or the title."""

from __future__ import annotations

import random
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from exotui import games
from exotui.ai.players import make_player
from exotui.engine.records import GameRecord, load
from exotui.engine.savedir import SaveDir
from exotui.play.session import HUMAN, GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.confirm import ConfirmScreen
from exotui.tui.screens.end import WIDE_BOX, EndScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.replay import ReplayScreen
from exotui.tui.screens.title import TitleScreen
from exotui.tui.tables import Board
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.too_small import TooSmall
from pilot_helpers import (
    footer_keys,
    in_event_loop,
    log_in_sight,
    settle,
    status_text,
    the_final_table,
    the_result_box,
    the_sample_win_ends_the_log,
    whole_in_the_end_box,
)
from spectator_helpers import screen_text


async def play_out(pilot: Pilot) -> GameScreen:
    """A quick game of the greedy AI against itself, to its end."""
    app = pilot.app
    session = GameSession(games.get("exofauna"), 4, "quick", (Seat("greedy"), Seat("greedy")))
    screen = GameScreen(app.recorded(session), 0)
    await app.push_screen(screen)
    await the_result_box(pilot)
    return screen


def options(app: ExoTuiApp) -> list[str]:
    menu = app.screen.query_one(OptionList)
    return [menu.get_option_at_index(index).id for index in range(menu.option_count)]


@in_event_loop
async def test_the_result_shows_over_the_final_table_and_esc_shows_the_table(tmp_path: Path) -> None:
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test() as pilot:
        game = await play_out(pilot)
        # A box over the table: the game screen is still there, under it, showing the final position.
        assert app.screen_stack[-2] is game
        assert game.query_one(Board).view == game.session.view_for(game.viewer)
        assert options(app) == ["rematch", "replay", "review", "new", "title"]
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        assert "The game is over" in status_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("down", "down", "enter")  # Replay this game
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.at_end
        assert not any(isinstance(screen, GameScreen) for screen in app.screen_stack)


@in_event_loop
async def test_a_stray_enter_on_the_result_box_starts_no_rematch(tmp_path: Path) -> None:
    """Playtests: the box opened with Rematch highlighted, so the Enter that confirmed the last decision, or keys
    typed just after it ("1 Enter" a few times), started a new game at once, and the final table was lost from
    sight. The box opens with no choice highlighted: Enter alone chooses nothing and points to the arrows, there as
    when the final table brings the box back; ↓ highlights Rematch, and Enter starts it."""
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        game = await play_out(pilot)
        box = await the_result_box(pilot)
        await pilot.press("enter", "1", "enter", "1", "enter")
        await settle(pilot)
        assert app.screen is box and app.screen_stack[-2] is game
        menu = box.query_one("#end-menu", OptionList)
        assert menu.highlighted is None
        # The menu's title, which says how to choose, stands out after an Enter that chose nothing.
        assert menu.has_class("-nudged") and "↑↓" in str(menu.border_title)
        assert "↑↓" in screen_text(app)
        # Esc: the final table; Enter there brings the box back, where an Enter chooses nothing either.
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is game
        await pilot.press("enter", "enter")
        box = await the_result_box(pilot)
        assert box.query_one("#end-menu", OptionList).highlighted is None and app.screen_stack[-2] is game
        # Chosen on purpose, the rematch starts; the menu's title is plain again once a choice is highlighted.
        app.ai_pause = 30  # the rematch must not play itself to the end while the test looks at it
        await pilot.press("enter", "down")
        await settle(pilot)
        menu = box.query_one("#end-menu", OptionList)
        assert menu.highlighted == 0 and not menu.has_class("-nudged")
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen is not game
        assert app.screen.session.seed == game.session.seed + 1


@in_event_loop
async def test_up_on_the_result_box_highlights_its_last_choice(tmp_path: Path) -> None:
    # Nothing highlighted, ↑ goes round to the last choice: the title is two keys away, as Rematch is.
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test() as pilot:
        await play_out(pilot)
        await the_result_box(pilot)
        await pilot.press("up", "enter")
        await settle(pilot)
        assert app.screen_stack == [app.screen] and isinstance(app.screen, TitleScreen)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_q_on_the_result_box_asks_to_quit_over_it(size: tuple[int, int]) -> None:
    # A modal screen leaves the app's own q out: on the result box q did nothing, and quitting seemed broken.
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        await play_out(pilot)
        await settle(pilot)
        await pilot.press("q")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen) and isinstance(app.screen_stack[-2], EndScreen)
        # The question drawn whole, on top of the box.
        dialog = app.screen.query_one("#dialog").region
        assert app.screen.region.contains_region(dialog)
        rows = screen_text(app).splitlines()[dialog.y : dialog.bottom]
        assert any("Quit exotui?" in row for row in rows) and any("Yes (y)" in row for row in rows)
        await pilot.press("n")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen) and app.is_running
        await pilot.press("q", "q")
        await settle(pilot)
        assert not app.is_running


@in_event_loop
async def test_an_unsaved_game_offers_no_replay() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        await play_out(pilot)
        assert options(app) == ["rematch", "new", "title"]


@in_event_loop
async def test_enter_pressed_twice_on_the_result_leaves_once(tmp_path: Path) -> None:
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test() as pilot:
        await play_out(pilot)
        # Title, chosen twice before the box is gone (two Enters queued on a slow machine): the second choice
        # must not pop a second screen.
        menu = app.screen.query_one(OptionList)
        menu.highlighted = options(app).index("title")
        menu.action_select()
        menu.action_select()
        await settle(pilot)
        assert app.screen_stack == [app.screen] and isinstance(app.screen, TitleScreen)
    assert app.return_code in (None, 0)


def last_decision_by_a_person(game_id: str, players: int, seed: int, variant: str | None) -> tuple[GameSession, Any]:
    """A game of greedy seats played to one decision before its end, the seat of that last decision given to a
    person: the session, and the action that ends the game."""
    game = games.get(game_id)
    player = make_player("greedy", seed)
    state = game.new_game(seed, players, variant)
    actions = []
    while game.current_player(state) is not None:
        seat = game.current_player(state)
        action = player.choose(game, game.view(state, seat), seat)
        actions.append(action)
        state = game.apply(state, action)
    before = game.new_game(seed, players, variant)
    for action in actions[:-1]:
        before = game.apply(before, action)
    ender = game.current_player(before)
    seats = tuple(Seat(HUMAN if seat == ender else "greedy") for seat in range(players))
    session = GameSession(game, seed, variant, seats)
    for action in actions[:-1]:
        session.apply(action)
    return session, actions[-1]


@pytest.mark.parametrize(
    ("game_id", "players", "variant"),
    [("exofauna", 2, "quick"), ("exo2", 2, None), ("rodents", 1, None), ("cryptid", 3, None), ("endless", 2, None)],
)
@in_event_loop
async def test_when_a_persons_decision_ends_the_game_the_table_shows_the_final_position(
    game_id: str, players: int, variant: str | None
) -> None:
    """The board under the result is drawn from the final state, with no decision open (it was one decision
    behind, its prompt still asking), and the AI panel no longer waits for a move."""
    session, last = last_decision_by_a_person(game_id, players, 3, variant)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = GameScreen(session, 0)
        await app.push_screen(screen)
        await settle(pilot)
        board = screen.query_one(Board)
        # Unless the table answers that decision itself (Endless Forms passes a reveal window as the person's
        # setting says), the person decides it.
        if session.deciding is not None:
            assert board.legal, "the person decides the last action"
            board.post_message(Board.Decided(last))
        for _ in range(200):
            if isinstance(app.screen, EndScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        assert session.deciding is None
        assert board.view == session.view_for(screen.viewer)
        assert not board.legal
        panel = str(screen.query_one(AiStatus).render())
        assert "waiting for your move" not in panel
        # The status line under the box no longer says whose decision it is.
        status = str(screen.query_one("#status", Static).render())
        assert status.endswith("The game is over.") and "your decision" not in status
        if players == 1:
            # Solo: the automaton plays against the person (it said "No AI / People only: pass the keyboard").
            assert panel.startswith("The automaton") and "People only" not in panel


@in_event_loop
async def test_a_new_game_from_the_palette_over_an_old_result_replaces_it(tmp_path: Path) -> None:
    """Finish A, Esc, Enter (its result again), the palette's New game, Start: the new game was pushed over A's
    result, which came back when the new one ended; now the new game replaces every screen above the title."""
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test() as pilot:
        old = await play_out(pilot)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        app.action_new_game()
        await settle(pilot)
        await pilot.press("enter")  # Start, with the form as it was left
        await settle(pilot)
        assert [type(screen) for screen in app.screen_stack] == [TitleScreen, GameScreen]
        new = app.screen
        assert isinstance(new, GameScreen) and new is not old
        assert new.session.record is not None and new.session.record.path.exists()


# Each game to its end between greedy players, with as many seats as its end box has lines to show.
ENDS = [("exofauna", 2, "quick"), ("exo2", 3, None), ("rodents", 2, None), ("cryptid", 3, None), ("endless", 2, None)]


@pytest.mark.parametrize(("game_id", "players", "variant"), ENDS)
@in_event_loop
async def test_the_result_box_leaves_the_table_above_it_whole_at_every_size(
    game_id: str, players: int, variant: str | None
) -> None:
    """A box narrower than the screen cut the table's words beside it: at 80x24 the log's ("top-righ"), from 100
    columns the hand's, the log's and the side panel's ("Yellow holds B V", "rn 5 · Blue"). It spans the whole width
    at the foot of the screen, so every row of the table above it shows whole; from 100 columns the result and the
    choices sit side by side, and the table keeps at least half the rows."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        session = GameSession(games.get(game_id), 4, variant, tuple(Seat("greedy") for _ in range(players)))
        await app.push_screen(GameScreen(session, 0))
        await the_result_box(pilot)
        for width, height in ((80, 24), (100, 30), (120, 40), (200, 60)):
            await pilot.resize_terminal(width, height)
            await settle(pilot)
            box = app.screen.query_one("#end-box").region
            footer = app.screen.query_one(KeysFooter).region
            assert (box.x, box.width) == (0, width)
            assert box.bottom == footer.y
            if width >= WIDE_BOX:
                assert box.height <= height // 2, (width, height)
        # Narrower than 80 columns, the notice to enlarge the terminal, as on every screen.
        await pilot.resize_terminal(70, 24)
        await settle(pilot)
        assert app.screen.query_one(TooSmall).display and not app.screen.query_one("#end-box").display


@in_event_loop
@pytest.mark.parametrize(("size", "beside"), [((80, 24), False), ((120, 40), True)])
async def test_the_result_box_is_laid_out_for_its_width_from_its_first_frame(
    size: tuple[int, int], beside: bool
) -> None:
    # Textual sets a screen's breakpoint class on its first resize, after a first layout: at 80 columns the box was
    # laid out (and drawn, in a terminal) 64 columns wide before taking the whole width.
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size):
        screen = EndScreen("Blue wins.", ["Blue: 2 holes", "Yellow: 1 hole"])
        await app.push_screen(screen)
        result, choices = (screen.query_one(part).region for part in ("#end-result", "#end-choices"))
        assert (choices.x > result.x) is beside
        assert screen.query_one("#end-box").region.width == size[0]


@in_event_loop
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (200, 60)])
async def test_the_hint_under_the_choices_holds_on_one_line(size: tuple[int, int]) -> None:
    # From 100 columns the choices are a 40-column column, where "Esc: look at the final table (Enter there shows
    # this again)." took two lines.
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        screen = EndScreen("Blue wins.", ["Blue: 2 holes", "Yellow: 1 hole"])
        await app.push_screen(screen)
        await settle(pilot)
        hint = screen.query_one("#end-hint", Static)
        assert hint.region.height == 1 and "Esc" in str(hint.render()) and "Enter" in str(hint.render())


@pytest.mark.parametrize(("game_id", "variant"), [("exofauna", "quick"), ("exo2", None), ("rodents", None)])
@in_event_loop
async def test_the_final_tables_footer_offers_only_keys_that_do_something(game_id: str, variant: str | None) -> None:
    """At the final table nothing is decided any more: the footer listed the arrows, Enter's choice, Esc and the
    answer keys, which did nothing; it offers the log, the result again, help and quit."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test() as pilot:
        session = GameSession(games.get(game_id), 4, variant, (Seat("greedy"), Seat("greedy")))
        await app.push_screen(GameScreen(session, 0))
        await the_final_table(pilot)
        assert isinstance(app.screen, GameScreen)
        shown = {active.binding.description for active in app.screen.active_bindings.values() if active.binding.show}
        assert shown == {"log", "result", "help", "quit"}


SAMPLES = Path(__file__).parents[2] / "saves"
# How each sample game ended, as its log tells it: ExoFauna's move 75 claims Blue's second hole (its Glissen's Lure),
# three decisions before the end of the turn; EXO n°2's last placement scores and wins on the tie-break.
ENDED = {
    "exofauna.exosave": (
        " 11 Blue's Glissen uses Lure: moves the blue Glissen",
        "→ Blue claims the yellow hole (2), 5 organisms to 3 (2 of 2 holes).",
        "→ Blue has claimed 2 holes: Blue wins at the end of this turn.",
        " 11 Blue discards the blue Vashti.",
        "→ Blue wins, the first to claim 2 holes.",
    ),
    "exo2.exosave": (
        " 26 Seat 2 takes the small blue gaseous planet and places it to the upper right of the Star.",
        "→ Seat 2 scores 1 point (colour +1), 12 in all.",
        "→ Seat 2 wins on the tie-break: 12 points like Seat 1, with more planets touching the Star (6 to 3).",
    ),
}


def drawn_in(app: ExoTuiApp, region: Any) -> str:
    """The text drawn in `region` of the screen (clipped to the screen), its rows joined by spaces and its runs of
    spaces closed up, so words wrapped onto the next row read on."""
    rows = screen_text(app).splitlines()[max(region.y, 0) : region.bottom]
    return " ".join(" ".join(row[region.x : region.right] for row in rows).split())


@pytest.mark.parametrize("sample", ENDED)
@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
@in_event_loop
async def test_the_result_box_tells_how_the_game_ended(tmp_path: Path, sample: str, size: tuple[int, int]) -> None:
    """The box sat over the foot of the table, where its log ends: the lines that told how the game was won
    (ExoFauna's winning claim, EXO n°2's last placement) were hidden until Esc. The box tells the last turn's
    decisions that set something off, with what they caused, and its last decision, in the rows it can take (from
    100 columns, while the table keeps half the rows), its end in sight: what does not fit, PgUp brings into view.
    The result, the choices and the hint still show whole."""
    shutil.copy(SAMPLES / sample, tmp_path)
    record = GameRecord.resume(tmp_path / sample)
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test(size=size) as pilot:
        await app.push_screen(GameScreen(GameSession.resume(record), 0))
        screen = await the_result_box(pilot)
        box = screen.query_one("#end-box").region
        assert box.bottom == screen.query_one(KeysFooter).region.y
        # The result, every choice and the hint, whole inside the box's border (not on it).
        inside = whole_in_the_end_box(screen, ("#headline", "#summary", "#end-menu", "#end-hint"))
        assert options(app) == ["rematch", "replay", "review", "new", "title"]
        if size[0] >= WIDE_BOX:
            assert box.height <= size[1] // 2
        # Read in the result's column (from 100 columns the choices are drawn beside it, on the same rows).
        column = screen.query_one("#end-result").region.intersection(inside)
        told = drawn_in(app, column)
        # The end of it, and the rest a page up, where it has more lines than rows: at 100x30 only, for these.
        ending = screen.query_one("#end-ending")
        scrolls = ending.max_scroll_y > 0
        assert scrolls == (size == (100, 30)) and ending.scroll_y == ending.max_scroll_y
        assert ("pageup" in footer_keys(screen)) == scrolls  # "PgUp/Dn the last turn"
        assert " ".join(ENDED[sample][-1].split()) in told
        if scrolls:
            await pilot.press("pageup")
            await settle(pilot)
            told += " " + drawn_in(app, column)
        for line in ENDED[sample]:
            assert " ".join(line.split()) in told, (line, told)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_the_final_tables_log_ends_with_how_the_game_was_won(tmp_path: Path, size: tuple[int, int]) -> None:
    """At 80x24 the final table's log kept the first line of the last turn in sight, as it does while a turn is
    played, and the last turn was taller than the log: its last lines, how the game was won ('→ Blue wins, the first
    to claim 2 holes.'), were below the fold, under the result box and after Esc. Once the game is over nothing more
    unfolds: the log ends in sight, where the game stands. The sample game's last turn, Blue's eight decisions, played
    by the computer as you (Yellow) watch."""
    saved = load(SAMPLES / "exofauna.exosave")
    last_turn = 70
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test(size=size) as pilot:
        session = app.recorded(GameSession(saved.game, saved.header.seed, None, (Seat("mcts:normal"), Seat(HUMAN))))
        for action in saved.actions[:last_turn]:
            session.apply(action)
        screen = GameScreen(session, 0)
        decisions = iter(saved.actions[last_turn:])
        screen.driver.decide = lambda *_, **__: next(decisions)  # type: ignore[method-assign]
        await app.push_screen(screen)
        await the_result_box(pilot)
        log = screen.board.query_one(GameLog)
        shown = the_sample_win_ends_the_log(log, size)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen and log_in_sight(log) == shown
        assert "→ Blue wins, the first to claim 2 holes." in screen_text(app)


@in_event_loop
async def test_exo2s_result_box_at_80x24_has_each_seat_on_a_row_and_the_last_placement_whole(tmp_path: Path) -> None:
    """EXO n°2's summary took two rows a seat at 80 columns ("...; 4 planets touching the" / "Star."), and with the
    tie's line, the choices and the hint it left the last placement's lines few rows or none. Each seat's result
    fits on one row, the planets touching the Star said once, where they broke a tie; the last placement shows whole,
    without PgUp. The sample game's decisions, played by you against the computer as a new game."""
    saved = load(SAMPLES / "exo2.exosave")
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat(HUMAN), Seat("mcts:normal"))
        session = app.recorded(GameSession(saved.game, saved.header.seed, None, seats))
        for action in saved.actions:
            session.apply(action)
        await app.push_screen(GameScreen(session, 0))
        screen = await the_result_box(pilot)
        inside = whole_in_the_end_box(screen, ("#headline", "#summary", "#end-menu", "#end-hint"))
        assert options(app) == ["rematch", "replay", "review", "new", "title"]
        # Seat 1 (you), Seat 2 (AI normal) and the tie on 12 points: a row each.
        assert len(screen.summary) == 3 and screen.query_one("#summary").region.height == 3
        ending = screen.query_one("#end-ending")
        assert ending.max_scroll_y == 0
        told = drawn_in(app, screen.query_one("#end-result").region.intersection(inside))
        for line in ENDED["exo2.exosave"]:
            assert " ".join(line.split()) in told, (line, told)


@in_event_loop
async def test_a_four_player_rodents_result_box_at_80x24_shows_the_last_decision_whole(tmp_path: Path) -> None:
    """Raging Rodents with 4 seats: the summary gave each seat's points, which the table of each invasion's points
    gives again with the totals, and with the five choices and the hint the box had no row left for how the game
    ended. The table names the seats as the summary did ('Seat 1: you'), the summary keeps what it alone says (the
    invasions played), its caption; the last decision shows whole under them, without PgUp."""
    game = games.get("rodents")
    # The first seed whose game of random decisions Seat 1, the person, ends.
    for seed in range(100):
        chooser = random.Random(seed)
        states, actions = [game.new_game(seed, 4, None)], []
        while game.current_player(states[-1]) is not None:
            actions.append(chooser.choice(game.legal_actions(states[-1])))
            states.append(game.apply(states[-1], actions[-1]))
        if game.current_player(states[-2]) == 0:
            break
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        seats = (Seat(HUMAN), Seat("greedy"), Seat("greedy"), Seat("greedy"))
        session = app.recorded(GameSession(game, seed, None, seats))
        for action in actions[:-1]:
            session.apply(action)
        screen = GameScreen(session, 0)
        await app.push_screen(screen)
        await settle(pilot)
        screen.board.post_message(Board.Decided(actions[-1]))
        end = await the_result_box(pilot)
        inside = whole_in_the_end_box(end, ("#headline", "#summary", "#invasion-scores", "#end-menu", "#end-hint"))
        assert options(app) == ["rematch", "replay", "review", "new", "title"]
        ending = end.query_one("#end-ending")
        assert ending.display and ending.max_scroll_y == 0
        told = drawn_in(app, end.query_one("#end-result").region.intersection(inside))
        last = game.describe(states[-2], actions[-1])
        assert " ".join(last.split()) in told, (last, told)
        assert end.summary == ["3 invasions played."]
        assert "Seat 1: you" in str(end.query_one("#invasion-scores", Static).render())


def one_decision_from_the_end(game_id: str, seat: int) -> tuple[GameSession, Any]:
    """A two-seat game of random decisions (the person Seat 1, the greedy AI Seat 2) where `seat` makes the last one:
    the game before it, and that decision."""
    game = games.get(game_id)
    for seed in range(100):
        chooser = random.Random(seed)
        states = [game.new_game(seed, 2, None)]
        actions = []
        while game.current_player(states[-1]) is not None:
            actions.append(chooser.choice(game.legal_actions(states[-1])))
            states.append(game.apply(states[-1], actions[-1]))
        if game.current_player(states[-2]) == seat:
            return GameSession(game, seed, None, (Seat(HUMAN), Seat("greedy")), actions[:-1], states[-2]), actions[-1]
    raise AssertionError(f"no game of {game_id} where seat {seat} decides last")


@pytest.mark.parametrize("game_id", ["exo2", "exofauna"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@in_event_loop
async def test_the_final_tables_footer_drops_the_keys_that_decide_as_the_last_decision_is_shown(
    game_id: str, size: tuple[int, int]
) -> None:
    """The computer's winning decision stays on the final table for a moment before the result box: its footer still
    offered the keys that decide (the arrows, Enter's choice, the answer keys), which did nothing any more, until a
    screen came over it. It offers what the final table's keys do from the moment it is drawn."""
    app = ExoTuiApp()
    async with app.run_test(size=size) as pilot:
        session, last = one_decision_from_the_end(game_id, 1)
        # A long pause after the computer's decision, for the test to read the footer in; the decision (the one that
        # ends this game) waits until the footer offers the keys that decide, as it does while the computer thinks.
        screen = GameScreen(session, ai_pause=5.0)
        go = threading.Event()
        screen.driver.decide = lambda *_, **__: go.wait(10) and last  # type: ignore[method-assign]
        await app.push_screen(screen)
        await settle(pilot)
        assert session.deciding == 1 and "enter" in footer_keys(screen)
        go.set()
        for _ in range(500):
            if session.deciding is None:
                break
            await pilot.pause(0.01)
        await settle(pilot)
        # The final table, its last decision on show (the result box comes after the computer's pause).
        assert app.screen is screen and session.deciding is None
        enabled = {binding.key for _, binding, on, _ in screen.active_bindings.values() if binding.show and on}
        assert footer_keys(screen) == enabled | {"ctrl+p"}
        assert "enter" not in enabled

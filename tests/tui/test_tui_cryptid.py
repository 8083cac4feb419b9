"""The Cryptid table driven by key presses, as a player would: whole games (3 players, the two-player variant,
hot-seat), the hex cursor, the keys that do nothing, the hint, the learning aid, and the map at 80x24.

The helpers read the board only to decide which keys to press; every decision reaches the game by a key.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from rich.color import ColorSystem
from textual.pilot import Pilot
from textual.style import Style
from textual.widgets import Static

from exotui import games
from exotui.ai.players import make_player
from exotui.games.cryptid.board import space, space_name, terrain
from exotui.games.cryptid.cards import CLUE_INDEX, CLUES, POSITIVE_CLUES, TERRAIN_LETTERS, TERRAIN_NAMES
from exotui.games.cryptid.state import Hint
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.help import game_help
from exotui.tui.screens.new_game import seat_choices
from exotui.tui.screens.pass_keyboard import PassKeyboardScreen
from exotui.tui.tables.cryptid.board import CryptidBoard, Mode
from exotui.tui.tables.cryptid.hex_map import HexMap, framed, hex_lines, hex_size, map_size, step
from exotui.tui.tables.cryptid.players import clue_code, possible_text
from exotui.tui.widgets.game_log import GameLog
from pilot_helpers import in_event_loop, open_game, play_by_keys, replays, settle, status_text

GAME = games.get("cryptid")


async def start(
    pilot: Pilot, seats: tuple[str, ...], seed: int, variant: str | None = None, actions: Sequence[Any] = ()
) -> GameScreen:
    return await open_game(pilot, "cryptid", seats, seed, variant, actions)


def board(app: ExoTuiApp) -> CryptidBoard:
    return app.screen.query_one(CryptidBoard)


async def walk_to(pilot: Pilot, target: int) -> None:
    """Arrow keys until the cursor is on `target`: along the row, then up or down."""
    the_board = board(pilot.app)
    for _ in range(30):
        here = the_board.cursor
        if here == target:
            return
        column, row = here % 12, here // 12
        if column != target % 12:
            await pilot.press("right" if target % 12 > column else "left")
        else:
            await pilot.press("down" if target // 12 > row else "up")
        assert the_board.cursor != here, "the cursor did not move"
    raise AssertionError("the cursor never reached its space")


async def press_for(pilot: Pilot, action: Any) -> None:
    """The keys deciding `action`: i for the hint; else the cursor to its space, then Enter (and the decision's
    number in the list when the space offers several), or its number at once."""
    the_board = board(pilot.app)
    assert action in the_board.legal
    if type(action) is Hint:
        await pilot.press("i")
        return
    if the_board.mode is Mode.CHOICES:
        await pilot.press(str(the_board.choices.index(action) + 1))
        return
    await walk_to(pilot, action.space)
    here = the_board._here()
    if len(here) == 1:
        await pilot.press("enter")
    else:
        await pilot.press("enter")
        assert the_board.mode is Mode.CHOICES
        await pilot.press(str(here.index(action) + 1))


async def play_to_the_end(pilot: Pilot, seed: int, limit: int = 600) -> int:
    """Answer every human decision as the simple deducer would (a hint now and then), by keys, until the end."""
    rng = random.Random(seed)
    deducer = make_player("policy", seed)

    async def answer() -> bool:
        the_board = board(pilot.app)
        if the_board.mode is Mode.WAIT:
            return False
        hint = next((action for action in the_board.legal if type(action) is Hint), None)
        if hint is not None and rng.random() < 0.2:
            action = hint
        else:
            action = deducer.choose(GAME, the_board.view, the_board.viewer)
        await press_for(pilot, action)
        return True

    return await play_by_keys(pilot, answer, limit)


@pytest.mark.slow
@in_event_loop
async def test_a_whole_three_player_game_against_the_ai_by_keys() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "policy", "policy"), 4)
        decisions = await play_to_the_end(pilot, 1)
        session = screen.session
        assert decisions >= 2
        assert session.game.is_over(session.state) and replays(session)
        summary = str(app.screen.query_one("#summary", Static).render())
        assert f"found the habitat on {space_name(session.state.habitat)}" in summary
        assert summary.count("the habitat is ") == 3


@in_event_loop
async def test_help_lists_the_keys_the_rules_and_every_clue_with_the_house_note() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "policy", "policy"), 4)
        await pilot.press("question_mark")
        await settle(pilot)
        text = str(app.screen.query_one("#help-text Static", Static).render())
        assert text.startswith("Cryptid keys")
        assert all(clue.id in text for clue in CLUES[:POSITIVE_CLUES])
        assert "[house]" in text and "No clue mentions water." in text


@pytest.mark.slow
@in_event_loop
async def test_a_two_player_variant_game_in_hot_seat_by_keys_hides_each_seats_clues() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "human"), 9)
        viewers = set()
        for _ in range(400):
            if isinstance(app.screen, EndScreen):
                break
            if isinstance(app.screen, PassKeyboardScreen):
                await pilot.press("enter")
                await settle(pilot)
                continue
            the_board = board(app)
            viewers.add(the_board.viewer)
            hidden = [clue for clue in the_board.view.clues if clue < 0]
            assert len(hidden) == 2, "the seat at the keyboard sees its own two clues, never the other's"
            await press_for(pilot, make_player("policy", 3).choose(GAME, the_board.view, the_board.viewer))
            await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        assert viewers == {0, 1}
        assert replays(screen.session)


def test_left_and_right_keep_the_row_up_and_down_keep_the_column_and_diagonals_follow_the_offset() -> None:
    c4 = space(2, 3)  # even column
    assert space_name(step(c4, 1, 0)) == "D4"
    assert space_name(step(c4, 0, -1)) == "C3"
    assert space_name(step(c4, 1, -1)) == "D3"  # D is odd, so lower: its row 3 touches C4 from above
    assert space_name(step(c4, 1, 1)) == "D4"
    d4 = space(3, 3)  # odd column
    assert space_name(step(d4, 1, -1)) == "E4"
    assert space_name(step(d4, -1, 1)) == "C5"
    assert step(space(0, 0), -1, 0) is None and step(space(0, 0), 0, -1) is None


@in_event_loop
async def test_the_cursor_moves_over_hexes_with_arrows_hjkl_and_diagonals_and_stops_at_the_edge() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "policy", "policy"), 4)
        the_board = board(app)
        start_space = the_board.cursor
        await pilot.press("l", "l", "j", "h", "h", "k")
        assert the_board.cursor == start_space
        await pilot.press("u")
        assert the_board.cursor == step(start_space, 1, -1)
        await walk_to(pilot, space(0, 0))
        await pilot.press("up")
        assert "edge of the map" in status_text(app)
        assert the_board.query_one("#space").lines[0].startswith("A1 · ")


@in_event_loop
async def test_keys_that_do_nothing_say_why_and_esc_backs_out_of_a_list() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "policy", "policy"), 4)
        the_board = board(app)
        while the_board.mode is Mode.WAIT:
            await pilot.press("enter")
            assert "Not your decision" in status_text(app)
            await settle(pilot)
        # The opening: a space the clue allows offers no cube.
        allowed = next(spot for spot in range(108) if not any(a.space == spot for a in the_board.legal))
        await walk_to(pilot, allowed)
        await pilot.press("enter")
        assert "a cube goes where it rules the habitat out" in status_text(app) or "holds a cube" in status_text(app)
        await pilot.press("escape")
        assert "Nothing to go back to" in status_text(app)
        await pilot.press("i")
        assert "hint" in status_text(app)


@in_event_loop
async def test_the_hint_key_reveals_it_and_the_aid_marks_candidates() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        opening = []
        state = GAME.new_game(4, 3)
        while state.step == 0:
            opening.append(GAME.legal_actions(state)[0])
            state = GAME.apply(state, opening[-1])
        seats = tuple("human" if seat == state.player else "policy" for seat in range(3))
        screen = await start(pilot, seats, 4, None, opening)
        the_board = board(app)
        assert the_board.mode is Mode.MAP
        await pilot.press("i")
        await settle(pilot)
        assert screen.session.state.hint_by == state.player
        await pilot.press("i")
        assert "already revealed" in status_text(app)
        assert the_board.query_one(HexMap).marked == 0
        await pilot.press("a")
        assert "Learning aid on" in status_text(app)
        assert the_board.query_one(HexMap).marked >> state.habitat & 1
        await pilot.press("a")
        assert the_board.query_one(HexMap).marked == 0


def test_the_whole_map_fits_80x24_and_larger_terminals_get_larger_hexes() -> None:
    # With the row numbers (2 columns) and the column letters (a line) at every size.
    assert hex_size(50, 20) == (4, 2)
    assert hex_size(74, 29) == (6, 3)
    assert hex_size(98, 41) == (8, 4)
    state = GAME.new_game(4, 3)
    lines = hex_lines(state, space(0, 0), 4, 2)
    assert len(lines) == 2 and all(len(line) == 4 for line in lines)
    assert lines[0][0] in "FDWSM"


@in_event_loop
async def test_at_80x24_every_hex_of_the_map_is_drawn() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "policy", "policy", "policy", "policy"), 6, "advanced")
        the_map = board(app).query_one(HexMap)
        assert the_map.size.width >= 48 and the_map.size.height >= 19
        text = str(the_map.render())
        assert sum(line.count(letter) for line in text.split("\n") for letter in "FDWSM") >= 108


@in_event_loop
async def test_in_16_colours_the_five_terrains_keep_five_different_backgrounds_and_their_letters() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "policy", "policy"), 4)
        the_map = board(app).query_one(HexMap)
        standard = set()
        for name in TERRAIN_NAMES:
            background = the_map.get_visual_style(f"hex-map--{name}").background
            assert background is not None
            standard.add(background.rich_color.downgrade(ColorSystem.STANDARD).number)
        assert len(standard) == len(TERRAIN_NAMES)
        # Without colour the letters still tell the terrains apart: the first letter of every hex is its terrain's.
        text = str(the_map.render()).split("\n")
        assert {line[2] for line in text[1:19:2]} <= set(TERRAIN_LETTERS)


def test_the_new_game_form_says_how_each_level_plays_cryptid_and_what_hard_uses() -> None:
    labels = {kind: label for label, kind in seat_choices(games.get("cryptid"))}
    assert labels["mcts:hard"] == "AI · hard (puzzle uniqueness: wins early)"
    assert "people" in labels["mcts:normal"]
    # Greedy is no beginner at Cryptid (it guesses from the puzzle's uniqueness, and beats easy and normal): it says so.
    assert labels["greedy"] == "AI · greedy (instant, bets on one puzzle)"
    assert "greedy  instant, bets on one puzzle" in game_help("cryptid")
    # Within the form's list at 80 columns (every game's: tests/tui/test_tui_levels.py).
    assert all(len(label) <= 41 for label in labels.values())


@in_event_loop
async def test_the_cursor_hex_is_in_reverse_video_and_the_map_has_coordinates_at_80x24() -> None:
    # Bold alone did not show on the coloured hexes; reverse video does, with NO_COLOR too (it is no colour).
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "policy", "policy"), 4)
        the_map = board(app).query_one(HexMap)
        drawn = the_map.render()
        lines = str(drawn).split("\n")
        assert lines[0].split() == list("ABCDEFGHIJKL")
        assert [line[:2].strip() for line in lines[1:19:2]] == [str(row) for row in range(1, 10)]
        text = str(drawn)
        reversed_cells = "".join(
            text[span.start : span.end] for span in drawn.spans if isinstance(span.style, Style) and span.style.reverse
        )
        # The 4 x 2 cells of one hex, the cursor's: its terrain's letter first.
        cursor = board(app).cursor
        assert len(reversed_cells) == 8
        assert reversed_cells[0] == TERRAIN_LETTERS[terrain(GAME.new_game(4, 3).board, cursor)]
        assert space_name(cursor) == "F5"


def test_large_hexes_frame_the_cursor() -> None:
    state = GAME.new_game(4, 3)
    lines = framed(hex_lines(state, space(5, 4), 8, 4))
    assert any(line.startswith("[") and line.endswith("]") for line in lines)
    assert all(line.startswith("[") == line.endswith("]") for line in lines)
    assert framed(hex_lines(state, space(5, 4), 4, 2)) == hex_lines(state, space(5, 4), 4, 2)


def test_the_aids_mark_keeps_the_structures_colour_letter() -> None:
    state = GAME.new_game(4, 3)
    spot = state.board.structures[0]
    plain, marked = hex_lines(state, spot, 4, 2), hex_lines(state, spot, 4, 2, marked=True)
    assert marked[0] == plain[0] and plain[0][2:] == "▲w"
    assert marked[1].startswith("?")


def test_the_aid_lists_the_clues_each_colour_could_hold_by_code_and_counts_a_long_list() -> None:
    codes = {ident: clue_code(CLUE_INDEX[ident]) for ident in ("on:forest-desert", "within1:animal", "within2:stone")}
    assert codes == {"on:forest-desert": "FD", "within1:animal": "1bc", "within2:stone": "2▲"}
    assert clue_code(CLUE_INDEX["not:within3:black"]) == "¬3k"
    assert possible_text((CLUE_INDEX["on:forest-desert"], CLUE_INDEX["within1:water"])) == "FD 1W"
    assert possible_text(tuple(range(20))) == "20 clues"


@in_event_loop
async def test_at_160x50_the_largest_hexes_fit_with_a_gutter_before_the_panel() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(160, 50)) as pilot:
        await start(pilot, ("human", "policy", "policy"), 4)
        the_map = board(app).query_one(HexMap)
        assert hex_size(the_map.size.width, the_map.size.height) == (8, 4)
        drawn_right = the_map.region.x + map_size(8, 4)[0]
        assert board(app).query_one("#cryptid-side").region.x >= drawn_right + 2


@in_event_loop
async def test_the_footer_lists_cryptids_own_keys_at_80x24() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "policy", "policy"), 4)
        shown = {binding.key: binding.description for _, binding, _, _ in app.screen.active_bindings.values()}
        assert shown["i"] == "hint" and shown["a"] == "aid"
        assert all(binding.show for _, binding, _, _ in app.screen.active_bindings.values() if binding.key in "ia")


@in_event_loop
async def test_at_80x24_the_log_shows_the_latest_turn_not_the_opening() -> None:
    state = GAME.new_game(4, 3)
    played = []
    deducers = [make_player("policy", seat) for seat in range(3)]
    while state.turn < 5 or state.step != 1:
        seat = GAME.current_player(state)
        played.append(deducers[seat].choose(GAME, GAME.view(state, seat), seat))
        state = GAME.apply(state, played[-1])
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        seats = tuple("human" if seat == state.player else "policy" for seat in range(3))
        await start(pilot, seats, 4, None, played)
        log = board(app).query_one(GameLog)
        assert log.size.height >= 3 and log.turn == state.turn - 1
        # Told whole as the game opens, the log ends in sight: the latest turn's last decision, where the game stands.
        assert 0 < round(log.scroll_y) == log.max_scroll_y
        assert log.lines[-1].text.startswith(f"{log.turn:>3} ")


@in_event_loop
async def test_at_80x24_the_first_turn_is_in_sight_not_the_opening_before_it() -> None:
    # The opening and the first turn were both "turn 1": the log kept the opening's first cube in sight and the
    # first question below the box.
    state = GAME.new_game(4, 3)
    played = []
    deducer = make_player("policy", 1)
    while state.turn < 2:
        seat = GAME.current_player(state)
        played.append(deducer.choose(GAME, GAME.view(state, seat), seat))
        state = GAME.apply(state, played[-1])
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        seats = tuple("human" if seat == state.player else "policy" for seat in range(3))
        await start(pilot, seats, 4, None, played)
        log = board(app).query_one(GameLog)
        assert log.lines[0].text.startswith("  0 ") and "opening" in log.lines[0].text
        first = next(line.text for line in log.lines if line.text.startswith("  1 "))
        assert "opening" not in first
        # Told whole as the game opens, the log ends in sight (the first turn's end), past the opening.
        assert 0 < round(log.scroll_y) == log.max_scroll_y

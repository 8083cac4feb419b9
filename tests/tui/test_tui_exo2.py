"""The EXO n°2 board driven by key presses, as a player would: whole games (2 and 3 players, hot-seat), the keys
that do nothing, the preview of points, scrolling and the end screen.

The helpers read the board only to decide which keys to press; every decision reaches the game by a key.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest
from rich.color import ColorSystem
from textual.pilot import Pilot
from textual.widgets import Static

from exo2_builders import states_and_actions
from exotui import games
from exotui.games.exo2 import rules
from exotui.games.exo2.cards import COLOURS, UNIVERSE_ROWS, planet_code
from exotui.games.exo2.state import Take
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.end import EndScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.new_game import SEAT_CHOICES
from exotui.tui.screens.pass_keyboard import PassKeyboardScreen
from exotui.tui.tables.exo2.board import Exo2Board, Mode
from exotui.tui.tables.exo2.galaxy import CELLS as SQUARE_CELLS
from exotui.tui.tables.exo2.galaxy import Galaxy, scoring_squares
from exotui.tui.tables.exo2.universe import (
    CELLS,
    LARGE_SIZE,
    PITCH,
    SLOT_PLACES,
    Universe,
    available_slots,
    slot_places,
)
from exotui.tui.widgets.prompt import Prompt
from pilot_helpers import in_event_loop, open_game, play_by_keys, replays, settle, status_text
from spectator_helpers import screen_text


async def start(pilot: Pilot, seats: tuple[str, ...], seed: int, actions: Sequence[Take] = ()) -> GameScreen:
    """Open a game directly, after `actions` (the setup by keys is the new game screen's, tested there)."""
    return await open_game(pilot, "exo2", seats, seed, None, actions)


def random_actions(seed: int, players: int, count: int) -> list[Take]:
    """The first `count` actions of a random game."""
    return states_and_actions(seed, players)[1][:count]


def in_a_line(count: int) -> list[Take]:
    """Seat 1 lines `count` planets up to the right of the Star, Seat 2 to the left: wider than most Galaxies."""
    state = rules.new_game(4, 2)
    actions = []
    for step in range(count):
        x = step // 2 + 1 if step % 2 == 0 else -(step // 2) - 1
        actions.append(next(a for a in rules.legal_actions(state) if (a.x, a.y) == (x, 0)))
        state = rules.apply(state, actions[-1])
    return actions


def board(app: ExoTuiApp) -> Exo2Board:
    return app.screen.query_one(Exo2Board)


def numbered(the_board: Exo2Board) -> list[int]:
    """The available planets in the order of their number keys."""
    universe = the_board.view.universe
    return [universe[slot] for slot in available_slots(universe)]


async def press_for(pilot: Pilot, action: Take, by_number: bool = True) -> None:
    """Press the keys that make the board decide `action`: the planet by its number key (or by arrows and Enter),
    then the arrows to its square, then Enter."""
    the_board = board(pilot.app)
    assert action in the_board.legal
    assert the_board.mode is Mode.TOKEN
    index = numbered(the_board).index(action.token)
    if by_number:
        await pilot.press(str(index + 1))
    else:
        while the_board.token_index != index:
            await pilot.press("right")
        await pilot.press("enter")
    assert the_board.mode is Mode.SQUARE
    while the_board.cursor != (action.x, action.y):
        x, y = the_board.cursor
        if x != action.x:
            await pilot.press("right" if action.x > x else "left")
        else:
            await pilot.press("down" if action.y > y else "up")
        assert the_board.cursor != (x, y), "the cursor did not move"
    await pilot.press("enter")


async def play_to_the_end(pilot: Pilot, rng: random.Random, limit: int = 400) -> int:
    """Answer every human decision with a random legal action, by keys, until the end screen; returns how many."""

    async def answer() -> bool:
        the_board = board(pilot.app)
        if the_board.mode is Mode.WAIT:
            return False
        await press_for(pilot, rng.choice(the_board.legal), by_number=rng.random() < 0.5)
        return True

    return await play_by_keys(pilot, answer, limit)


async def choose(pilot: Pilot, select_id: str, options: Sequence[object], old: object, new: object) -> None:
    """Tab to a list of the new game form and pick `new` (it shows `old`) with the arrows."""
    while pilot.app.focused is None or pilot.app.focused.id != select_id:
        await pilot.press("tab")
    steps = options.index(new) - options.index(old)
    await pilot.press("enter", *(["down"] * steps if steps > 0 else ["up"] * -steps), "enter")
    await settle(pilot)


@in_event_loop
async def test_a_three_player_game_is_set_up_from_the_title_by_keys() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        await choose(pilot, "game", games.available(), "exofauna", "exo2")
        await choose(pilot, "players", (2, 3), 2, 3)
        kinds = [kind for _, kind in SEAT_CHOICES]
        await choose(pilot, "seat-1", kinds, "mcts:normal", "greedy")
        await choose(pilot, "seat-2", kinds, "mcts:normal", "human")
        while pilot.app.focused is None or pilot.app.focused.id != "seed":
            await pilot.press("tab")
        await pilot.press("4", "2", "enter")
        await settle(pilot)
        # Two people: the first is asked to take the keyboard, then sees the Universe and their Galaxy.
        assert isinstance(app.screen, PassKeyboardScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert (session.game.id, session.seed) == ("exo2", 42)
        assert [seat.spec for seat in session.seats] == ["human", "greedy", "human"]
        assert board(app).mode is Mode.TOKEN and board(app).viewer == 0


@pytest.mark.slow
@in_event_loop
async def test_a_whole_two_player_game_against_the_greedy_ai_by_keys() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game_screen = await start(pilot, ("human", "greedy"), 3)
        decisions = await play_to_the_end(pilot, random.Random(1))
        session = game_screen.session
        assert decisions == rules.PLANETS_EACH[2]
        assert session.game.is_over(session.state) and replays(session)
        headline = str(app.screen.query_one("#headline", Static).render())
        assert "wins" in headline or "share the win" in headline
        lines = str(app.screen.query_one("#summary", Static).render()).split("\n")
        for seat, (size, colour, kind) in enumerate(rules.feature_points(session.state)):
            assert lines[seat].startswith(f"Seat {seat + 1}")
            total = size + colour + kind
            worded = "1 point" if total == 1 else f"{total} points"
            assert f": {worded} (size {size}, colour {colour}, type {kind})" in lines[seat]


@pytest.mark.slow
@in_event_loop
async def test_three_players_two_people_and_an_ai_share_the_keyboard_to_the_end() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        # The last two rounds of a 3-player game: each person decides twice, after passing the keyboard.
        game_screen = await start(pilot, ("human", "greedy", "human"), 8, random_actions(8, 3, 21))
        viewers = []
        rng = random.Random(2)
        for _ in range(100):
            if isinstance(app.screen, EndScreen):
                break
            assert isinstance(app.screen, PassKeyboardScreen)
            await pilot.press("enter")
            await settle(pilot)
            # The person now at the keyboard sees their own Galaxy large, and decides.
            the_board = board(app)
            viewers.append(the_board.viewer)
            assert the_board.viewer == game_screen.session.deciding
            assert the_board.mode is Mode.TOKEN
            assert the_board.query_one("#galaxy-main", Galaxy).planets == the_board.view.galaxies[the_board.viewer]
            await press_for(pilot, rng.choice(the_board.legal))
            await settle(pilot)
        session = game_screen.session
        assert viewers == [0, 2, 0, 2]
        assert session.game.is_over(session.state) and replays(session)
        assert [len(galaxy) for galaxy in session.state.galaxies] == [rules.PLANETS_EACH[3]] * 3


@in_event_loop
async def test_keys_that_do_nothing_say_why_and_esc_backs_out() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game_screen = await start(pilot, ("human", "greedy"), 7)
        the_board = board(app)
        count = len(numbered(the_board))
        await pilot.press("9")
        assert f"Only {count} planets are available" in status_text(app)
        await pilot.press("escape")
        assert "Nothing to go back to" in status_text(app)
        await pilot.press("2")
        assert the_board.mode is Mode.SQUARE
        chosen = numbered(the_board)[1]
        # Onto the Star, then off the grid: neither places anything, and the status says why.
        target = (0, 0)
        while the_board.cursor != target:
            x, y = the_board.cursor
            await pilot.press("right" if x < 0 else "left" if x > 0 else "down" if y < 0 else "up")
        await pilot.press("enter")
        assert "cannot go there" in status_text(app) and "your Star" in status_text(app)
        await pilot.press("right", "right", "right")
        assert "That is the edge" in status_text(app)
        await pilot.press("escape")
        assert the_board.mode is Mode.TOKEN
        assert numbered(the_board)[the_board.token_index] == chosen
        assert game_screen.session.actions == []


@in_event_loop
async def test_keys_while_another_seat_decides_say_whose_turn_it_is() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game_screen = await start(pilot, ("human", "greedy"), 7)
        # The board shown Seat 2's decision, as while the AI thinks: no legal actions for the viewer.
        session = game_screen.session
        after = session.game.apply(session.state, session.game.legal_actions(session.state)[0])
        the_board = board(app)
        the_board.show(after, 0, (), game_screen.labels)
        assert the_board.mode is Mode.WAIT
        # No number key under the Universe's planets: none of them can be pressed now.
        assert not re.search(r"\d", str(app.screen.query_one(Universe).render()))
        for key in ("1", "enter", "left", "escape"):
            await pilot.press(key)
            assert "Not your turn: Seat 2: AI greedy is deciding" in status_text(app)
        assert session.actions == []


@in_event_loop
async def test_the_preview_is_the_rules_count_and_the_galaxy_scrolls_to_the_cursor() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        # Seat 1 has lined 12 planets up to the right of the Star, Seat 2 to the left: wider than the large Galaxy
        # shows at once.
        game_screen = await start(pilot, ("human", "greedy"), 4, in_a_line(24))
        the_board = board(app)
        main = the_board.query_one("#galaxy-main", Galaxy)
        view = the_board.view
        galaxy = view.galaxies[the_board.viewer]
        token = numbered(the_board)[0]
        for action in (a for a in the_board.legal if a.token == token):
            expected = sum(rules.placement_points(galaxy, token, action.x, action.y))
            assert main.legal[(action.x, action.y)] == expected
        assert "more" in str(main.border_subtitle)
        await pilot.press("1")
        for _ in range(8):
            await pilot.press("right")
        assert main.origin is not None
        assert main.origin[0] <= the_board.cursor[0] < main.origin[0] + main.columns()
        assert game_screen.session.deciding == the_board.viewer


@in_event_loop
async def test_the_final_table_keeps_the_planet_placed_last_in_sight() -> None:
    actions = in_a_line(26)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        # Thirteen planets each in a line away from the Star, to the end: Seat 1's last at 13 squares right of the
        # Star, Seat 2's at 13 left; neither Galaxy shows whole at 80x24.
        game_screen = await start(pilot, ("human", "greedy"), 4, actions)
        await pilot.press("escape")  # from the result to the final table
        await settle(pilot)
        state = game_screen.session.state
        for seat, galaxy_id, star_side in ((0, "#galaxy-main", "←"), (1, "#galaxy-other-1", "→")):
            galaxy = app.screen.query_one(galaxy_id, Galaxy)
            x, _, token = state.galaxies[seat][-1]
            assert galaxy.origin is not None
            assert galaxy.origin[0] <= x < galaxy.origin[0] + galaxy.columns()
            # (In lower case if it scored nothing.)
            assert planet_code(token).lower() in str(galaxy.render()).lower()
            # The Star is out of sight, and the subtitle says which way it lies.
            assert "(*)" not in str(galaxy.render())
            assert star_side in str(galaxy.border_subtitle)


@in_event_loop
async def test_the_galaxy_cells_grow_with_the_terminal_and_the_whole_galaxy_still_shows() -> None:
    cells = []
    for size in ((80, 24), (120, 40), (200, 60)):
        app = ExoTuiApp(ai_pause=0)
        async with app.run_test(size=size) as pilot:
            screen = await start(pilot, ("human", "greedy"), 4, random_actions(4, 2, 8))
            the_board = board(app)
            await pilot.press("1")
            main = the_board.query_one("#galaxy-main", Galaxy)
            cells.append(main.cell)
            assert not main.border_subtitle, "every square of the Galaxy shows"
            lines = str(main.render()).splitlines()
            assert len(lines) == main.rows() * main.cell.height
            # A planet is a token of its colour: its letters, with half blocks under them when the cell is taller.
            (_, _, token), *_ = the_board.view.galaxies[the_board.viewer]
            row = next(index for index, line in enumerate(lines) if planet_code(token) in line)
            if main.cell.height > 1:
                column = lines[row].index(planet_code(token)) - (main.cell.width - 3) // 2
                assert lines[row + 1][column : column + main.cell.width] == "▀" * main.cell.width
            # The cursor's brackets hold its whole cell, on every row of it.
            bracketed = [line for line in lines if "[" in line]
            assert len(bracketed) == main.cell.height
            assert all(line.index("]") - line.index("[") == main.cell.width + 1 for line in bracketed)
            # The keys still reach every square: the cursor goes to a legal square and the planet is placed there.
            action = max(the_board.legal, key=lambda a: (a.token == numbered(the_board)[0], a.x, a.y))
            played = len(screen.session.actions)
            await pilot.press("escape")
            await press_for(pilot, action)
            await settle(pilot)
            assert screen.session.actions[played] == action
    small, medium, large = cells
    # 80x24 keeps the cells it had; larger terminals draw larger ones.
    assert small == (3, 1)
    assert medium.width > small.width and medium.height > small.height
    assert large.width > medium.width and large.height > medium.height


@in_event_loop
async def test_a_galaxy_too_wide_for_large_cells_is_drawn_in_small_ones() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot, ("human", "greedy"), 4, in_a_line(6))
        main = board(app).query_one("#galaxy-main", Galaxy)
        assert main.cell.height > 1
        # Twelve planets in a row, with the ring around them: too wide for larger cells, which would hide some.
        await start(pilot, ("human", "greedy"), 4, in_a_line(24))
        main = board(app).query_one("#galaxy-main", Galaxy)
        assert main.cell == (3, 1)
        assert not main.border_subtitle


@in_event_loop
async def test_the_ai_status_names_the_preferred_move_in_words() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        actions = random_actions(2, 2, 6)
        game_screen = await start(pilot, ("human", "greedy"), 2, actions)
        view = game_screen.session.state
        galaxy = view.galaxies[0]
        texts = set()
        for action in rules.legal_actions(view):
            points = sum(rules.placement_points(galaxy, action.token, action.x, action.y))
            text = board(app).describe_public(view, action)
            # As the log says it, without the seat: the AI status names who prefers it.
            placed = games.get("exo2").describe(view, action).removeprefix("Seat 1 takes the ").removesuffix(".")
            assert text == placed.replace(" and places it ", ", ") + (f", +{points}" if points else "")
            assert "↑" not in text and "←" not in text and planet_code(action.token) not in text
            texts.add(text)
        assert len(texts) == len(rules.legal_actions(view))
        # Token 19 is the large blue gaseous planet; in an empty Galaxy it scores nothing.
        assert board(app).describe_public(rules.new_game(2, 2), Take(19, -1, 0)) == (
            "large blue gaseous planet, to the left of the Star"
        )


@in_event_loop
async def test_planet_colours_stay_blue_red_and_green_in_16_colours() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 1)
        universe = app.screen.query_one(Universe)
        # ANSI numbers: 1-4 red, green, (yellow), blue; 8 more for the bright ones.
        for colour, ansi in zip(COLOURS, (4, 1, 2), strict=True):
            background = universe.get_visual_style(f"planet--{colour}").background
            letters = universe.get_visual_style(f"covered--{colour}").foreground
            assert background is not None and letters is not None
            assert background.rich_color.downgrade(ColorSystem.STANDARD).number in (ansi, ansi + 8)
            assert letters.rich_color.downgrade(ColorSystem.STANDARD).number in (ansi, ansi + 8)


def test_the_pyramid_draws_each_token_between_the_two_that_cover_it() -> None:
    for slot, covers in enumerate(rules.COVERED_BY):
        row, column = SLOT_PLACES[slot]
        # The bottom row is covered by nothing; every other token by one token on each side of it, below.
        if row == len(UNIVERSE_ROWS) - 1:
            assert covers == ()
            continue
        for cover, side in zip(covers, (-1, 1), strict=True):
            below, under = SLOT_PLACES[cover]
            assert below == row + 1
            assert 0 < (column - under) * -side < PITCH
    # Every row is as wide as the bottom one allows, so the box fits the widest row exactly.
    assert max(column for _, column in SLOT_PLACES) + PITCH == PITCH * max(UNIVERSE_ROWS)


def test_number_keys_follow_the_available_planets_left_to_right() -> None:
    rng = random.Random(5)
    state = rules.new_game(5, 3)
    while not rules.is_over(state):
        slots = available_slots(state.universe)
        assert sorted(state.universe[slot] for slot in slots) == rules.available_tokens(state.universe)
        columns = [SLOT_PLACES[slot][1] for slot in slots]
        assert columns == sorted(set(columns))
        state = rules.apply(state, rng.choice(rules.legal_actions(state)))


@in_event_loop
async def test_help_during_a_game_starts_with_that_games_own_keys() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 7)
        await pilot.press("question_mark")
        await settle(pilot)
        text = str(app.screen.query_one("#help-text Static", Static).render())
        assert text.startswith("EXO n°2 keys")
        assert "holes" not in text
        # The app's keys come after the game's.
        assert text.index("Keys everywhere") > text.index("EXO n°2 keys")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_the_universe_keys_stand_apart_from_the_planet_letters_under_their_planets(
    size: tuple[int, int],
) -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        await start(pilot, ("human", "greedy"), 7, random_actions(7, 2, 9))
        universe = app.screen.query_one(Universe)
        lines = str(universe.render()).splitlines()
        text = "\n".join(lines)
        # Never a key run into letters ("1MGG2LBT").
        assert not re.search(r"\d[A-Z]|[A-Z]\d", text), text
        width, height = universe.cell
        places = slot_places(width + 1)
        for number, slot in enumerate(available_slots(board(app).view.universe), start=1):
            row, column = places[slot]
            # The key sits on the line under its planet (its colour between, large), under the middle letter.
            assert lines[(row + 1) * height][column + 1 + width // 2] == str(number)
            letters = lines[row * height][column + 1 : column + 1 + width]
            assert letters.strip() == planet_code(board(app).view.universe[slot])


@in_event_loop
async def test_the_universe_draws_large_tokens_on_a_large_terminal_and_keeps_its_size_at_80x24() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 7, random_actions(7, 2, 9))
        universe = app.screen.query_one(Universe)
        assert tuple(universe.outer_size) == (30, 9)
        assert universe.cell == CELLS[0]
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        # As large as the Galaxies' tokens at this size: five columns, the planet's colour under its letters.
        assert tuple(universe.outer_size) == LARGE_SIZE
        assert universe.cell == CELLS[-1] == app.screen.query_one("#galaxy-main", Galaxy).cell
        assert "▀▀▀▀▀" in str(universe.render())
        # The Galaxies keep room for their own large cells and the left column for the prompt.
        assert app.screen.query_one(Prompt).size.height >= 3
        # From 110x36 with two players (one other Galaxy, under the viewer's, as wide).
        await pilot.resize_terminal(110, 36)
        await settle(pilot)
        assert tuple(universe.outer_size) == LARGE_SIZE
        assert all(galaxy.cell != SQUARE_CELLS[0] for galaxy in app.screen.query(Galaxy).results() if galaxy.display)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert tuple(universe.outer_size) == (30, 9)
        assert universe.cell == CELLS[0]


@in_event_loop
async def test_at_three_players_the_universe_grows_wherever_no_galaxy_loses_its_large_tokens_for_it() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await start(pilot, ("human", "greedy", "greedy"), 7, random_actions(7, 3, 6))
        universe = app.screen.query_one(Universe)
        galaxies = list(app.screen.query(Galaxy).results(Galaxy))
        assert len(galaxies) == 3 and all(galaxy.display for galaxy in galaxies)
        # At 120x40 the two other Galaxies need the columns (43 each for seven squares of five): they and the
        # viewer's keep their large tokens, and the Universe its 30x9 of 80x24, as before it could grow.
        assert [galaxy.cell for galaxy in galaxies] == [SQUARE_CELLS[1]] * 3
        assert tuple(universe.outer_size) == (30, 9)
        assert universe.cell == CELLS[0]
        # The Universe grows as soon as the Galaxies beside it keep theirs (from 130 columns), and where the other two
        # have too few columns for theirs even beside its small tokens (under 116 columns: 40 to 42 each, of 43):
        # there it drew small tokens beside small Galaxies, in columns it left empty. The viewer's keeps its own.
        for width, large, others_large in (
            (110, True, False),
            (115, True, False),
            (116, False, True),
            (129, False, True),
            (130, True, True),
            (150, True, True),
        ):
            await pilot.resize_terminal(width, 40)
            await settle(pilot)
            assert (universe.cell == CELLS[-1]) is large, width
            assert galaxies[0].cell == SQUARE_CELLS[1], width
            assert all((galaxy.cell == SQUARE_CELLS[1]) is others_large for galaxy in galaxies[1:]), width


@pytest.mark.parametrize("players", [2, 3])
@in_event_loop
async def test_every_title_of_the_final_table_is_shown_whole(players: int) -> None:
    """On the final table each Galaxy's title said ' · lowercase scored nothing' after its seat, cut short in the
    other Galaxies ('Seat 2: AI greedy · lowercase scored n…' at 120x40, '… sco…' at 110x30, at 80x24 'Seat 2: AI
    greedy …'). It is said once, after the viewer's seat, where the title has room for it whole."""
    count = 26 if players == 2 else 27
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", *["greedy"] * (players - 1)), 11, random_actions(11, players, count))
        await pilot.press("escape")  # from the result to the final table
        await settle(pilot)
        for size in ((80, 24), (110, 30), (120, 40), (129, 40)):
            await pilot.resize_terminal(*size)
            await settle(pilot)
            rows = screen_text(app).splitlines()
            shown = [galaxy for galaxy in app.screen.query(Galaxy).results(Galaxy) if galaxy.display]
            assert len(shown) == players
            for galaxy in shown:
                region = galaxy.region
                title = str(galaxy.border_title)
                assert title in rows[region.y][region.x : region.right], (size, title)
            assert str(shown[0].border_title).endswith("lowercase scored nothing"), size


def test_the_help_explains_the_dot_of_an_empty_square() -> None:
    assert "· is an empty square" in Exo2Board.HELP


@in_event_loop
async def test_the_final_table_draws_the_planets_of_no_scoring_line_in_lower_case() -> None:
    actions = random_actions(11, 2, 26)
    state = rules.new_game(11, 2)
    for action in actions:
        state = rules.apply(state, action)
    assert rules.is_over(state)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 11, actions)
        await pilot.press("escape")  # from the result to the final table
        await settle(pilot)
        for seat, galaxy_id in ((0, "#galaxy-main"), (1, "#galaxy-other-1")):
            galaxy = app.screen.query_one(galaxy_id, Galaxy)
            planets = state.galaxies[seat]
            lonely = [token for x, y, token in planets if (x, y) not in scoring_squares(planets)]
            assert lonely, "a planet in no scoring line, for this test"
            shown = str(galaxy.render())
            assert planet_code(lonely[0]).lower() in shown
        # Said once, after the viewer's seat.
        assert "lowercase scored nothing" in app.screen.query_one("#galaxy-main", Galaxy).border_title
        # The planet left in the Universe is drawn, but with no number key under it: no decision is open.
        universe = str(app.screen.query_one(Universe).render())
        assert re.search(r"[A-Z]{3}", universe) and not re.search(r"\d", universe), universe


def test_the_scoring_squares_are_the_lines_the_rules_count() -> None:
    for seed in range(20):
        states, _ = states_and_actions(seed, 2)
        for planets in states[-1].galaxies:
            squares = scoring_squares(planets)
            assert bool(squares) == (sum(rules.galaxy_points(planets)) > 0)
            # Taking away a planet outside every scoring line leaves the points as they are.
            for x, y, token in planets:
                if (x, y) not in squares:
                    rest = tuple(planet for planet in planets if planet != (x, y, token))
                    assert rules.galaxy_points(rest) == rules.galaxy_points(planets)

"""The game's log: it grows with the terminal, scrolls with PgUp/PgDn while the board keeps the keys, and keeps the
start of the latest turn (the AI's decisions) in sight until the next turn starts."""

from __future__ import annotations

import random
import re
from pathlib import Path

import msgspec
import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

from exotui import games
from exotui.ai.players import RandomPlayer
from exotui.games.exofauna.state import Play, Skip
from exotui.games.exofauna.view import SEAT_NAMES, describe, events
from exotui.play.driver import Driver
from exotui.play.session import GameSession, Seat, Told
from exotui.serve import wire
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.help import HelpScreen
from exotui.tui.tables import Board
from exotui.tui.tables.exofauna.turn_summary import AT_RANDOM as SHORT_NOTE
from exotui.tui.tables.exofauna.turn_summary import TurnSummary, chain_step, short_note, summarize
from exotui.tui.widgets.game_log import GameLog
from pilot_helpers import help_lines_naming, in_event_loop, settle
from spectator_helpers import WatchingApp, screen_text


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


@pytest.mark.parametrize("game_id", games.available())
@in_event_loop
async def test_the_help_lists_the_keys_of_the_log_once(game_id: str) -> None:
    """ExoFauna's help listed PgUp PgDn twice at 80x24: among its own keys ("the log: from the start of your turn
    …") and then among the app's ("scroll the game's log")."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, game_id)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        for key in ("PgUp", "PgDn"):
            assert help_lines_naming(app.screen.game_help, key) == [
                "  PgUp PgDn  scroll the game's log (it keeps the start of the latest turn in sight)"
            ]


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
                assert len([action for action in lines if action.line.startswith("Plays ")]) == plays
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


# What an SSH table tells everyone when the computer's search failed (`Driver.decide_anyway`), just before the move.
AT_RANDOM = (
    "The computer could not decide for Yellow: RuntimeError: the search ran out of memory."
    " It played a legal move at random; the game goes on."
)


def a_long_turn_of_yellow(seed: int, decisions: int = 9) -> tuple[GameSession, int]:
    """A game of random decisions (Blue a person, Yellow a computer) stopped where Blue's turn starts after a turn of
    Yellow's of at least `decisions` decisions (too long for the log at 80x24), and the index of its first one."""
    game = games.get("exofauna")
    session = GameSession(game, seed, None, (Seat("human"), Seat("greedy")))
    chooser = random.Random(seed)
    start = 0
    while True:
        state = session.state
        session.apply(chooser.choice(game.legal_actions(state)))
        if game.turn(session.state) != game.turn(state):
            if game.current_player(state) == 1 and len(session.actions) - start >= decisions:
                return session, start
            start = len(session.actions)


def shown_to_blue(session: GameSession, story: list[Told], whole: bool) -> wire.Show:
    """What the table sends Blue (alice) for the game as it stands, with the decisions of `story`."""
    view = session.view_for(0)
    log = [(told.turn, told.sentence, told.events) for told in story]
    labels = ["Blue: alice", "Yellow: AI normal"]
    return wire.Show("exofauna", 0, labels, msgspec.msgpack.encode(view), session.deciding, log, whole, "")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("card", [1, 2], ids=["before-its-first-card", "before-its-second-card"])
@in_event_loop
async def test_the_note_that_the_computer_played_at_random_is_in_sight_with_its_turn_on_your_turn(
    card: int, size: tuple[int, int]
) -> None:
    """At an SSH table the log tells, marked "!", that the computer could not decide and played a legal move at
    random, just before that move (5736ac0). At 80x24, on the person's turn, the summary of the computer's turn took the
    log's place and left the note out: the only word that the turn was not the computer's choice was out of sight. The
    summary tells it too, above the line of the card played when it happened, and every line of the turn stays. The
    computer's search fails as it plays its first card (the note leads the turn), or its second."""
    session, start = a_long_turn_of_yellow(3)
    before = [n for n, action in enumerate(session.actions[start:]) if type(action) is Play][card - 1]
    story = session.story(0)
    opened = GameSession(session.game, session.seed, None, session.seats)
    for action in session.actions[: start + before]:
        opened.apply(action)
    app = WatchingApp(shown_to_blue(opened, story[: start + before], whole=True), watching=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        # The notice comes just before the move at random, then the rest of the turn and Blue's turn starts.
        app.received(wire.Notice(AT_RANDOM))
        app.received(shown_to_blue(session, story[start + before :], whole=False))
        await settle(pilot)
        board = app.screen.query_one(Board)
        assert board.legal, "Blue decides"
        text = " ".join(screen_text(app).split())
        if size == (80, 24):
            assert board.has_class("-summary"), "a turn too long for the log, for this test"
            rows = str(app.screen.query_one(TurnSummary).render()).splitlines()
            (note,) = [row for row in rows if row.startswith("! ")]
            assert note in (f"! {AT_RANDOM}"[: len(note)], f"! {SHORT_NOTE}"), rows
            # Just above the line of the card played when the computer could not decide.
            numbered = {int(row.split(".")[0]): n for n, row in enumerate(rows) if re.match(r"\d+\. ", row)}
            assert numbered.get(card - 1, -1) < rows.index(note) < numbered[card], rows
            # Every line of the turn as it was: one per card played, nothing cut.
            plays = [row for row in rows if re.match(r"\d+\. Plays ", row)]
            assert len(plays) == sum(type(action) is Play for action in session.actions[start:])
            assert not rows[-1].endswith("…"), rows
        assert "could not decide" in text.lower(), text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("card", [1, 2], ids=["before-its-first-card", "before-its-second-card"])
@in_event_loop
async def test_the_app_notes_in_its_log_that_the_computer_played_at_random_as_a_table_does(
    card: int, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """An SSH table's log tells, marked "!", that the computer could not decide and played a legal move at random,
    just before that move; the app only said so in a notice gone after 30 s, and its log read as if the computer had
    chosen. Its log tells it too, in the table's words, and at 80x24 ExoFauna's summary of the computer's turn, on
    your turn, carries it as it does at a table. The computer's search fails as it plays its first card, or its
    second."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    played, start = a_long_turn_of_yellow(3)
    failing = start + [n for n, action in enumerate(played.actions[start:]) if type(action) is Play][card - 1]
    actions = iter(played.actions[start:])

    def decide(*args: object, **kwargs: object) -> object:
        if len(session.actions) == failing:
            raise RuntimeError("the search ran out of memory\n(and more lines)")
        return next(actions)

    monkeypatch.setattr(Driver, "decide", decide)
    monkeypatch.setattr(RandomPlayer, "choose", lambda *args: next(actions))
    session = GameSession(played.game, played.seed, None, played.seats)
    for action in played.actions[:start]:
        session.apply(action)
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        screen = GameScreen(session, 0)
        await app.push_screen(screen)
        for _ in range(300):
            if len(session.actions) == len(played.actions):
                break
            await pilot.pause()
        await settle(pilot)
        assert session.actions == played.actions and session.deciding == 0
        log = screen.board.query_one(GameLog)
        entries = [entry.plain for entry in log.entries]
        # In the table's words, just before the decision it tells of.
        told = played.story(0)[failing]
        assert entries[entries.index(f"  ! {AT_RANDOM}") + 1] == f"{told.turn:>3} {told.sentence}"
        if size == (80, 24):
            assert screen.board.has_class("-summary"), "a turn too long for the log, for this test"
            summary = screen.query_one(TurnSummary)
            rows = str(summary.render()).splitlines()
            # Above the line of the card played at random where its rows allow, else after the turn's name on the top
            # border (the app's summary has a row or two fewer than a table's).
            noted = " ".join([*(row for row in rows if row.startswith("! ")), str(summary.border_title)])
            assert f"! {SHORT_NOTE}" in noted or f"! {AT_RANDOM}"[:40] in noted, (summary.border_title, rows)
        else:
            top = round(log.scroll_y)
            shown = [line.text for line in log.lines[top : top + log.scrollable_content_region.height]]
            assert any(line.startswith("  ! The computer could not decide for Yellow") for line in shown), shown


def test_a_note_goes_with_the_card_of_the_decision_it_came_before_and_has_a_short_form() -> None:
    """The summary's lines are as they were, the note above the line of the card whose decision it came before; the
    driver's note that the computer played at random has a short form for a summary without the rows for it."""
    session, start = a_long_turn_of_yellow(3)
    told = [(told.sentence, list(told.events)) for told in session.story(0)[start:]]
    second = [n for n, action in enumerate(session.actions[start:]) if type(action) is Play][1]
    lines = summarize("Yellow", told)
    for before, card in ((0, 0), (second - 1, 0), (second, 1), (second + 1, 1)):
        noted = summarize("Yellow", told, {before: ["a note"]})
        assert [line[:2] for line in noted] == [line[:2] for line in lines]
        assert [line.notes for line in noted] == [["a note"] if n == card else [] for n in range(len(lines))]
    # Blue decides where the game stopped: its computer's search fails there.
    assert session.deciding == 0
    fell_back = Driver(session).decide_anyway(0, session.view_for(0), RuntimeError("the search ran out of memory"))
    note = fell_back.notice("The game stops here.")
    assert note is not None and note.startswith("The computer could not decide for Blue: RuntimeError")
    assert short_note(note) == SHORT_NOTE == "Could not decide: played at random."
    assert short_note("Someone left the table.") == "Someone left the table."


@pytest.mark.parametrize("rows", [9, 6, 4], ids=["room-for-it-whole", "room-for-its-short-form", "no-room"])
@in_event_loop
async def test_a_note_never_takes_a_row_from_the_turns_lines(rows: int) -> None:
    """At 80x24 the summary's lines often fill its rows: a note told whole (3 rows) or in short (1) cut the end of the
    last line. Where the rows are short, the note goes after the turn's name on the top border instead, and the turn's
    lines are drawn exactly as without it."""
    lines = summarize(
        "Yellow",
        [
            ("Yellow plays the yellow Zorrib to the blue hole (1), bottom-right.", []),
            ("Yellow swarms and draws the blue Oomba from Blue's deck.", []),
            ("Yellow plays the yellow Yikyik to the blue hole (1), top-right.", []),
            ("Yellow discards the blue Oomba.", ["The yellow Yikyik cannot use Scurry."]),
        ],
        {2: [AT_RANDOM]},
    )
    plain = [action._replace(notes=[]) for action in lines]

    class SummaryApp(App[None]):
        CSS = f"TurnSummary {{ width: 62; height: {rows + 1}; border-top: hkey white; }}"

        def compose(self) -> ComposeResult:
            yield TurnSummary()

    app = SummaryApp()
    async with app.run_test(size=(80, 24)) as pilot:
        summary = app.query_one(TurnSummary)
        summary.show("Yellow's turn 2", plain)
        await settle(pilot)
        without = str(summary.render()).splitlines()
        assert len(without) == 4 and summary.border_title == "Yellow's turn 2, shown until you act (PgUp: the log)"
        summary.show("Yellow's turn 2", lines)
        await settle(pilot)
        drawn = str(summary.render()).splitlines()
        assert [row for row in drawn if not row.startswith(("! ", "  "))] == [
            row for row in without if not row.startswith("  ")
        ]
        told = {9: f"! {AT_RANDOM}"[:40], 6: f"! {SHORT_NOTE}", 4: None}[rows]
        if told is None:
            assert drawn == without and summary.border_title == f"Yellow's turn 2 · ! {SHORT_NOTE}"
        else:
            # Just above the line of the card whose decision it came before.
            second = next(index for index, row in enumerate(drawn) if row.startswith("2. Plays Y Yikyik"))
            assert drawn[2].startswith(told) and all(row.startswith("  ") for row in drawn[3:second]), drawn
            assert summary.border_title == "Yellow's turn 2, shown until you act (PgUp: the log)"

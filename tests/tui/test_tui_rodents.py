"""The Raging Rodents board driven by key presses, as a player would: whole games (2 players and solo), the keys
that do nothing, going back, the points a play would make, and the end screen.

The helpers read the board only to decide which keys to press; every decision reaches the game by a key.
"""

from __future__ import annotations

import random

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from exotui import games
from exotui.games.rodents import rules
from exotui.games.rodents.state import Pass, Place, Play, Reveal, Stop, Swap
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.help import HelpScreen
from exotui.tui.screens.pass_keyboard import PassKeyboardScreen
from exotui.tui.tables.rodents.board import Mode, RodentsBoard, card_choices, list_choices
from exotui.tui.tables.rodents.collection import CollectionZone
from exotui.tui.tables.rodents.field import FieldZone
from exotui.tui.tables.rodents.hands import HandsZone
from exotui.tui.tables.rodents.invasion import InvasionPanel
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import ANSWER_KEYS, Prompt
from pilot_helpers import in_event_loop, open_game, play_by_keys, press_answer, replays, settle, status_text
from rodents_builders import collection, position, rodent

GAME = games.get("rodents")


async def start(pilot: Pilot, seats: tuple[str, ...], seed: int, variant: str | None = None) -> GameScreen:
    return await open_game(pilot, "rodents", seats, seed, variant)


def board(app: ExoTuiApp) -> RodentsBoard:
    return app.screen.query_one(RodentsBoard)


async def press_for(pilot: Pilot, action: object, by_number: bool) -> None:
    """Press the keys that make the board decide `action`: its hand card (or the end-of-turn choice), then the
    answer; by number keys, or by arrows and Enter."""
    the_board = board(pilot.app)
    assert action in the_board.legal
    if the_board.mode is Mode.CARD:
        items = the_board._items()
        item = items.index(action if type(action) in (Stop, Pass) else action.hand)
        if by_number:
            await pilot.press(ANSWER_KEYS[item])
        else:
            while the_board.item != item:
                await pilot.press("right")
            await pilot.press("enter")
        if type(action) in (Stop, Pass):
            return
        assert the_board.mode is Mode.TARGET
        answers = [choice for choice, _ in card_choices(the_board.view, the_board.legal, the_board.item)]
    else:
        assert the_board.mode is Mode.LIST
        answers = [choice for choice, _ in list_choices(the_board.view, the_board.legal)]
    await press_answer(pilot, answers.index(action), lambda: the_board.option, by_number)


def prefer_plays(legal: tuple[object, ...], rng: random.Random) -> object:
    """Mostly a play (so invasions end), sometimes a swap, the end of a turn or a Field play."""
    plays = [a for a in legal if type(a) in (Play, Place, Reveal)]
    return rng.choice(plays) if plays and rng.random() < 0.8 else rng.choice(legal)


async def play_to_the_end(pilot: Pilot, rng: random.Random, limit: int = 600) -> int:
    async def answer() -> bool:
        the_board = board(pilot.app)
        if the_board.mode is Mode.WAIT:
            return False
        if the_board.mode is Mode.PAUSE:
            # An invasion scored, on the table until the person goes on.
            await pilot.press(rng.choice(("enter", "space")))
            return False
        await press_for(pilot, prefer_plays(the_board.legal, rng), by_number=rng.random() < 0.5)
        return True

    return await play_by_keys(pilot, answer, limit)


@pytest.mark.slow
@in_event_loop
async def test_a_whole_two_player_game_against_the_greedy_ai_by_keys() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "greedy"), 4)
        decisions = await play_to_the_end(pilot, random.Random(1))
        session = screen.session
        assert decisions > 10
        assert session.game.is_over(session.state) and replays(session)
        assert session.state.invasion >= 3
        # The summary says what the table does not: the invasions played.
        summary = str(app.screen.query_one("#summary", Static).render())
        assert summary.startswith(f"{session.state.invasion} invasions played")
        # The end box's score of each invasion: a column each, then the totals, which the columns add up to; a row
        # each seat, named as the summary named them ('Seat 2: AI greedy').
        table = [line.split() for line in str(app.screen.query_one("#invasion-scores", Static).render()).split("\n")]
        invasions = session.state.invasion
        assert table[0] == ["Invasion", *map(str, range(1, invasions + 1)), "Total"]
        for seat, score in enumerate(session.state.scores):
            row = table[1 + seat]
            assert row[:2] == ["Seat", f"{seat + 1}:"] and int(row[-1]) == score
            assert sum(int(cell) for cell in row[-1 - invasions : -1]) == score
        # The final table's panel: the scores count the last invasion, so they are the totals, not "Earlier".
        panel = str(screen.query_one(InvasionPanel).render())
        assert "Totals: Seat 1" in panel and "Earlier" not in panel


@in_event_loop
async def test_a_whole_solo_game_against_the_automaton_by_keys() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human",), 6)
        log = screen.query_one("#log")
        assert any("The automaton reveals" in str(line.text) for line in log.lines), "its opening turn is told"
        await play_to_the_end(pilot, random.Random(2))
        session = screen.session
        assert session.game.is_over(session.state) and replays(session)
        summary = str(app.screen.query_one("#summary", Static).render())
        assert "automaton" in summary.lower()


@in_event_loop
async def test_a_play_shows_the_points_it_would_make_before_it_is_made() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 4)
        the_board = board(app)
        position = next(a.hand for a in the_board.legal if type(a) is Play)
        await pilot.press(ANSWER_KEYS[position])
        texts = [
            text for action, text in card_choices(the_board.view, the_board.legal, position) if type(action) is Play
        ]
        assert texts and all("->" in text or "no points change" in text for text in texts)
        # The answer under the cursor marks where it goes: a swap marks its Field card.
        assert the_board.query_one(FieldZone).mark == 0


@in_event_loop
async def test_keys_that_do_nothing_say_why_and_esc_goes_back_to_the_hand() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 4)
        the_board = board(app)
        count = len(the_board._items())
        await pilot.press(ANSWER_KEYS[count])
        assert f"only {count} answers" in status_text(app)
        await pilot.press("escape")
        assert "Nothing to go back to" in status_text(app)
        await pilot.press("1")
        assert the_board.mode is Mode.TARGET
        await pilot.press("escape")
        assert the_board.mode is Mode.CARD
        # A swap, then the turn may end after one action: the choice after the cards.
        await press_for(pilot, Swap(0, 0), by_number=True)
        await settle(pilot)
        assert Stop() in the_board.legal and the_board._items()[-1] == Stop()
        await press_for(pilot, Stop(), by_number=False)
        await settle(pilot)
        assert the_board.mode in (Mode.CARD, Mode.WAIT)
        if the_board.mode is Mode.WAIT:
            await pilot.press("1")
            assert "Not your turn" in status_text(app)


# --- what a newcomer read wrong at 80x24 (issue 20) -----------------------------------------------------------------


def at_position(state: object, seats: tuple[str, ...] = ("human", "greedy")) -> GameScreen:
    """The table of a built position (rodents_builders), no history before it."""
    session = GameSession(GAME, 0, None, tuple(Seat(kind) for kind in seats), state=state)
    return GameScreen(session, 0)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_the_prompt_and_the_log_are_kept_apart_by_a_blank_column(size: tuple[int, int]) -> None:
    # The prompt's last word ran into the log's wrapped line beside it: "It-> 11".
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        await start(pilot, ("human", "greedy"), 4)
        the_board = board(app)
        prompt, log = the_board.query_one(Prompt), the_board.query_one("#log")
        assert prompt.content_region.right < log.content_region.x


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_a_rodent_with_every_event_on_it_stays_on_its_line(size: tuple[int, int]) -> None:
    # Two mutations and an adaptation wrapped to the zone's first column: "│-2+3".
    squirrel = rodent("Red Squirrel", mutations=("x2", "-2", "+3"), adaptations=("River adaptation",))
    state = position(
        collections=(collection(squirrel, "Jerboa"), collection("Water Vole")),
        hands=(("Fox",), ("Owl",)),
        field=("Hamster", "Beaver", "Chipmunk", "Muskrat"),
    )
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        await pilot.app.push_screen(at_position(state))
        await settle(pilot)
        zone = board(app).query_one("#collection-0", CollectionZone)
        lines = zone.render().split()
        assert len(lines) == 2
        assert all(line.cell_length <= zone.content_size.width for line in lines)
        assert lines[0].plain.rstrip().endswith("x2-2+3→R") and "R" in lines[0].plain


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_every_answer_of_an_opening_turn_fits_the_prompt_whole(size: tuple[int, int]) -> None:
    # "5 Play the Hamste… 1 11 -> 14": the answers repeated the card the question names, and lost their numbers.
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        await start(pilot, ("human", "greedy"), 4)
        the_board = board(app)
        width = the_board.query_one(Prompt).content_size.width
        for position_ in range(len(the_board.view.hands[0])):
            for _, text in card_choices(the_board.view, the_board.legal, position_):
                assert len(f" 9 {text}") <= width, text


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_solo_the_last_turn_is_announced_as_turn_4_of_4(size: tuple[int, int]) -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        screen = await start(pilot, ("human",), 6)
        the_board = board(app)
        assert "turn 1 of 4" in str(the_board.query_one(InvasionPanel).render())
        for _ in range(3):
            await press_for(pilot, Swap(0, 0), by_number=True)
            await settle(pilot)
            await press_for(pilot, Stop(), by_number=True)
            await settle(pilot)
        assert screen.session.state.invasion_turns == 3
        panel = str(the_board.query_one(InvasionPanel).render()).split("\n")
        assert panel[0] == "Invasion 1 of 1 · last turn: 4/4" and len(panel[0]) <= 32, "one line at 80x24"
        assert "your last turn: 4 of 4" in the_board.query_one(Prompt).question
        assert "Turn 4 of 4" in status_text(app), "the status line leads with it"


@in_event_loop
async def test_the_help_marks_the_automatons_priorities_and_the_safety_limits_as_house_rules() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human",), 6)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        shown = " ".join(str(static.render()) for static in app.screen.query(Static)).replace("\n", " ")
        assert "[house] The automaton's priorities, made exact" in shown
        assert "[house] Safety limits" in shown and "12 turns each" in shown and "10 extra invasions" in shown
        assert "no Field play in solo" in shown


async def play_until_scored(pilot: Pilot, rng: random.Random) -> RodentsBoard:
    """Play by keys until an invasion is scored and the table pauses on it."""
    the_board = board(pilot.app)
    for _ in range(300):
        if the_board.mode is Mode.PAUSE:
            return the_board
        if the_board.mode is not Mode.WAIT:
            await press_for(pilot, prefer_plays(the_board.legal, rng), by_number=True)
        await pilot.pause()
    raise AssertionError("no invasion was scored")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_an_invasion_scored_stays_on_the_table_until_the_person_goes_on(size: tuple[int, int]) -> None:
    # The next deal came at once: nobody saw the collections that were scored.
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        screen = await start(pilot, ("human", "greedy"), 4)
        the_board = await play_until_scored(pilot, random.Random(3))
        await settle(pilot)
        state = screen.session.state
        assert state.invasion == 2, "the game has dealt the next invasion behind the pause"
        panel = str(the_board.query_one(InvasionPanel).render())
        assert panel.startswith("Invasion 1 of 3 · scored") and "Totals: Seat 1" in panel
        # The collections as they were scored: their points are what the invasion added to the scores.
        for index, score in enumerate(state.scores):
            title = the_board.query_one(f"#collection-{index}", CollectionZone).border_title
            assert title.endswith(f"· {score} pts")
        assert "Invasion 1 is scored. Enter or Space: deal invasion 2." in the_board.query_one(Prompt).question
        shown = app.screen.active_bindings.values()
        footer = [active.binding.description for active in shown if active.binding.show and active.enabled]
        assert "continue" in footer and "choose" not in footer
        await pilot.press("1")
        assert "Invasion 1 is scored: Enter or Space deals invasion 2." in status_text(app)
        assert the_board.mode is Mode.PAUSE
        await pilot.press("space")
        await settle(pilot)
        assert the_board.mode is not Mode.PAUSE
        # The computer opens invasion 2 once the person has gone on; then it is their decision.
        assert "Enter or Space" not in status_text(app) and "your decision" in status_text(app)
        assert str(the_board.query_one(InvasionPanel).render()).startswith("Invasion 2 of 3 · turn")
        assert "Earlier: Seat 1" in str(the_board.query_one(InvasionPanel).render())


@in_event_loop
async def test_the_computer_opens_the_next_invasion_only_once_the_person_has_gone_on() -> None:
    # The computer played on behind the pause: its first decisions of invasion 2 were in the log (and the save)
    # while the table still asked for Enter or Space on invasion 1's scores.
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "greedy"), 4)
        the_board = await play_until_scored(pilot, random.Random(3))
        played = len(screen.session.actions)
        logged = list(the_board.query_one(GameLog).entries)
        await settle(pilot)
        await pilot.pause(0.2)
        assert screen.session.deciding == 1, "the computer's seat opens invasion 2 (the case to test)"
        assert len(screen.session.actions) == played, "the computer decided behind the pause"
        assert the_board.query_one(GameLog).entries == logged
        assert the_board.mode is Mode.PAUSE
        await pilot.press("enter")
        await settle(pilot)
        for _ in range(200):
            if len(screen.session.actions) > played:
                break
            await pilot.pause()
        assert len(screen.session.actions) > played and the_board.view.invasion == 2
        assert replays(screen.session)


def test_the_scored_position_of_each_invasion_is_what_the_scores_gained() -> None:
    # The table's pause shows GAME.interlude's position: the rules' own scoring, Field plays and automaton turns in.
    for players, variant in ((1, "2-invasions"), (2, None), (3, None), (4, "2-invasions")):
        for seed in range(15):
            state, rng = GAME.new_game(seed, players, variant), random.Random(seed)
            while not GAME.is_over(state):
                action = prefer_plays(tuple(GAME.legal_actions(state)), rng)
                after = GAME.apply(state, action)
                scored = GAME.interlude(state, action, after)
                if after.invasion == state.invasion or GAME.is_over(after):
                    assert scored is None
                else:
                    gained = tuple(new - old for new, old in zip(after.scores, state.scores, strict=True))
                    assert rules.totals(scored.collections) == gained and scored.scores == after.scores
                    assert (scored.invasion, scored.invasions) == (state.invasion, state.invasions)
                    assert GAME.current_player(scored) is None
                state = after


@in_event_loop
async def test_hot_seat_the_next_person_finds_the_scored_invasion_with_no_hand_shown() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "human"), 4)
        rng = random.Random(5)
        for _ in range(300):
            if isinstance(app.screen, PassKeyboardScreen):
                await pilot.press("enter")
            elif board(app).mode is Mode.PAUSE:
                break
            elif board(app).mode is not Mode.WAIT:
                await press_for(pilot, prefer_plays(board(app).legal, rng), by_number=True)
            await pilot.pause()
        the_board = board(app)
        assert the_board.mode is Mode.PAUSE
        # Every hand and the Field as backs: whoever is at the keys, nobody's cards are named.
        hands = str(the_board.query_one(HandsZone).render())
        assert hands.startswith("Hands left") and "Your hand" not in hands
        assert all(card < 0 for card in the_board.query_one(FieldZone).cards)
        await pilot.press("space")
        await settle(pilot)
        if isinstance(app.screen, PassKeyboardScreen):
            await pilot.press("enter")
            await settle(pilot)
        assert board(app).mode is not Mode.PAUSE and board(app).view.invasion == 2


@in_event_loop
async def test_taking_back_the_decision_that_scored_an_invasion_leaves_the_pause() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "greedy"), 4)
        the_board = await play_until_scored(pilot, random.Random(3))
        await settle(pilot)
        await pilot.press("backspace")
        await settle(pilot)
        assert screen.session.state.invasion == 1, "the scoring was taken back"
        assert the_board.mode is not Mode.PAUSE and the_board.view.invasion == 1
        assert str(the_board.query_one(InvasionPanel).render()).startswith("Invasion 1 of 3 · turn")

"""The Endless Forms table driven by key presses, as a player would: a whole game against the greedy AI, the
keys that do nothing, going back to the hand, the reveal key, the discard piles and the end screen.

The helpers read the board only to decide which keys to press; every decision reaches the game by a key.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Label, Static

from endless_builders import SOUTH, play_until
from exotui import games
from exotui.engine.records import load
from exotui.games.endless.cards import KINDS, REACTIONS, card_name, card_text
from exotui.games.endless.state import (
    ASK_DEPLOY,
    ASK_REVEAL,
    DeployEvent,
    DeploySpecies,
    EndDeploy,
    EndlessState,
    Pass,
    Reveal,
)
from exotui.games.endless.view import SEAT_NAMES
from exotui.tui.app import ExoTuiApp
from exotui.tui.choices import Choices, load_choices, save_choices
from exotui.tui.screens.game import GameScreen
from exotui.tui.tables.endless.board import EndlessBoard, Mode, after_an_action, held, readable
from exotui.tui.tables.endless.discard_piles import DiscardPiles
from exotui.tui.tables.endless.hand import HandZone, hand_name, type_letter
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.game_log import GameLog
from exotui.tui.widgets.prompt import ANSWER_KEYS, Prompt
from pilot_helpers import (
    in_event_loop,
    open_game,
    play_by_keys,
    press_answer,
    replays,
    settle,
    status_text,
    the_final_table,
)
from spectator_helpers import screen_text

GAME = games.get("endless")
# A finished game of two computers: South kept Echoed Form face down to the end.
SAMPLE = Path(__file__).parents[2] / "saves" / "endless.exosave"


async def start(pilot: Pilot, seats: tuple[str, ...], seed: int) -> GameScreen:
    return await open_game(pilot, "endless", seats, seed)


def board(app: ExoTuiApp) -> EndlessBoard:
    return app.screen.query_one(EndlessBoard)


async def press_for(pilot: Pilot, action: object, by_number: bool) -> None:
    """Press the keys that make the board decide `action`: in the Deploy Phase its hand card (or the end of the
    phase after the cards), then its answer; otherwise its answer in the list."""
    the_board = board(pilot.app)
    assert action in the_board.legal
    if the_board.mode is Mode.CARD:
        hand = the_board._hand()
        item = len(hand) if type(action) is EndDeploy else hand.index(action.card)
        if by_number:
            await pilot.press(ANSWER_KEYS[item])
        else:
            while the_board.item != item:
                await pilot.press("right")
            await pilot.press("enter")
        if the_board.mode is not Mode.TARGET:
            return  # the end of the phase, or an event placed at once
    answers = [choice for choice, _ in the_board._choices()]
    await press_answer(pilot, answers.index(action), lambda: the_board.option, by_number)


def prefer_deploying(legal: tuple[object, ...], rng: random.Random) -> object:
    """Mostly a deployment of a species when there is one (so the game has something on the table)."""
    species = [a for a in legal if type(a) is DeploySpecies]
    return rng.choice(species) if species and rng.random() < 0.7 else rng.choice(legal)


async def play_to_the_end(pilot: Pilot, rng: random.Random, limit: int = 900) -> int:
    async def answer() -> bool:
        the_board = board(pilot.app)
        if the_board.mode is Mode.WAIT:
            return False
        await press_for(pilot, prefer_deploying(the_board.legal, rng), by_number=rng.random() < 0.5)
        return True

    return await play_by_keys(pilot, answer, limit)


@pytest.mark.slow
@in_event_loop
async def test_a_whole_game_against_the_greedy_ai_by_keys() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "greedy"), 5)
        decisions = await play_to_the_end(pilot, random.Random(1))
        session = screen.session
        assert decisions > 10
        assert session.game.is_over(session.state) and replays(session)
        summary = str(app.screen.query_one("#summary", Static).render())
        assert "population" in summary
        # The computer's (South's) events went face down unnamed in the log; the player's own are named.
        # Read from its entries: at 80 columns the log is off the table, so it has no lines.
        logged = " ".join(entry.plain for entry in screen.query_one(GameLog).entries)
        state = GAME.new_game(5, 2, None)
        placed = {0: 0, 1: 0}
        for action in session.actions:
            if type(action) is DeployEvent:
                seat = GAME.current_player(state)
                named = f"{SEAT_NAMES[seat]} places the {card_name(action.card)} face down"
                assert (named in logged) == (seat == 0)
                placed[seat] += 1
            state = GAME.apply(state, action)
        assert placed[0] and placed[1]


@in_event_loop
async def test_keys_that_do_nothing_say_why_and_esc_goes_back_to_the_hand() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 5)
        the_board = board(app)
        await pilot.press("1")  # keep the opening hand
        await settle(pilot)
        assert the_board.mode is Mode.CARD
        count = len(the_board._hand()) + 1
        await pilot.press(ANSWER_KEYS[count])
        assert f"only {count} answers" in status_text(app)
        await pilot.press("escape")
        assert "Nothing to go back to" in status_text(app)
        await pilot.press("r")
        assert "Nothing to reveal: your event zone is empty" in status_text(app)
        species = next(a for a in the_board.legal if type(a) is DeploySpecies)
        await pilot.press(ANSWER_KEYS[the_board._hand().index(species.card)])
        assert the_board.mode is Mode.TARGET
        await pilot.press("escape")
        assert the_board.mode is Mode.CARD
        await press_for(pilot, species, by_number=False)
        await settle(pilot)
        assert species.card not in the_board._hand()


async def after_deploying_a_species(pilot: Pilot) -> tuple[EndlessBoard, int]:
    """Deal 5 against greedy: the opening hand kept, then a species deployed by its number; the board, and the hand
    position the species had (one species a phase: no other can come now)."""
    await start(pilot, ("human", "greedy"), 5)
    the_board = board(pilot.app)
    await pilot.press("1")  # keep the opening hand
    await settle(pilot)
    species = next(a for a in the_board.legal if type(a) is DeploySpecies)
    first = the_board._hand().index(species.card)
    await press_for(pilot, species, by_number=True)
    await settle(pilot)
    return the_board, first


@in_event_loop
async def test_at_80x24_a_species_that_cannot_be_deployed_says_why_on_the_screen_in_full() -> None:
    # A newcomer picked a second species in one Deploy Phase: the reason ran past the 80th column, cut at "fewer".
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        the_board, _ = await after_deploying_a_species(pilot)
        assert the_board.mode is Mode.CARD and not any(type(a) is DeploySpecies for a in the_board.legal)
        species = next(card for card in the_board._hand() if card % KINDS < 20)
        await pilot.press(ANSWER_KEYS[the_board._hand().index(species)])
        await settle(pilot)
        reason = status_text(app)
        assert reason.startswith("No species can be deployed now")
        assert reason in screen_text(app).replace("\n", " ")


@in_event_loop
async def test_after_a_deployment_the_cursor_goes_to_a_card_that_can_still_be_deployed_or_to_the_end() -> None:
    # It stayed where the species was: on the next card, another species that cannot come this phase.
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        the_board, first = await after_deploying_a_species(pilot)
        hand = the_board._hand()
        playable = {getattr(a, "card", -1) for a in the_board.legal}
        # The card now at the species' place cannot be deployed; the cursor went on to the next that can (or End).
        assert hand[first] not in playable
        after = [item for item in range(first, len(hand)) if hand[item] in playable]
        assert the_board.item == (after[0] if after else len(hand))
        await pilot.press("enter")
        await settle(pilot)
        assert "can be" not in status_text(app)


@in_event_loop
async def test_the_reveal_key_reveals_the_event_a_window_offers() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 5)
        the_board = board(app)
        for _ in range(200):
            if any(type(a) is Reveal for a in the_board.legal):
                break
            # An event that ordinary windows offer (the reactions wait for their triggers).
            events = [a for a in the_board.legal if type(a) is DeployEvent and a.card % KINDS not in REACTIONS]
            choice = events[0] if events else the_board.legal[0]
            if the_board.mode is not Mode.WAIT:
                await press_for(pilot, choice, by_number=True)
            await pilot.pause()
        reveals = [a for a in the_board.legal if type(a) is Reveal]
        assert reveals, "a window offered the event"
        await pilot.press("r")
        await settle(pilot)
        if len(reveals) > 1:
            assert type(the_board._choices()[the_board.option][0]) is Reveal
        else:
            assert the_board.view.events[the_board.viewer] < 0


@in_event_loop
async def test_p_opens_and_closes_the_discard_piles() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 5)
        piles = app.screen.query_one(DiscardPiles)
        assert not piles.display
        await pilot.press("p")
        assert piles.display and "discard pile" in " ".join(piles.lines)
        await pilot.press("p")
        assert not piles.display


@in_event_loop
async def test_a_key_while_the_other_seat_decides_says_who_is_deciding() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        # Seed 5: South plays first, so the AI (three seconds a decision) decides the first mulligan.
        screen = await start(pilot, ("human", "mcts:s=3"), 5)
        the_board = board(app)
        assert the_board.mode is Mode.WAIT
        # The AI's progress rewrites the status line ten times a second: catch the notice as it is posted.
        notices: list[str] = []
        post = the_board.post_message
        the_board.post_message = lambda message: notices.append(getattr(message, "text", "")) or post(message)
        await pilot.press("1")
        assert any("Not your decision: South" in text for text in notices)
        # Whatever the AI decided meanwhile, nothing was decided for North.
        assert all(GAME.describe(GAME.new_game(5, 2), a).startswith("South") for a in screen.session.actions[:1])


async def play_to(pilot: Pilot, wanted, turn: int = 12, limit: int = 400) -> bool:
    """Play North by keys (the first answer, events placed when offered) until `wanted(board)` holds (True) or
    turn `turn` begins (False)."""
    the_board = board(pilot.app)
    for _ in range(limit):
        if the_board.view is not None and the_board.view.turn >= turn:
            return False
        if the_board.mode is not Mode.WAIT and wanted(the_board):
            return True
        if the_board.mode is not Mode.WAIT:
            # Species first (so that lists grow), then an event the ordinary windows offer, else the first answer.
            fitting = [a for a in the_board.legal if type(a) is DeploySpecies] or [
                a for a in the_board.legal if type(a) is DeployEvent and a.card % KINDS not in REACTIONS
            ]
            await press_for(pilot, fitting[0] if fitting else the_board.legal[0], by_number=True)
        await pilot.pause()
    return False


def pass_only_window(the_board: EndlessBoard) -> bool:
    return the_board.view.tasks[-1][0] == ASK_REVEAL and not any(type(a) is Reveal for a in the_board.legal)


@in_event_loop
async def test_reveal_windows_where_the_event_cannot_be_revealed_pass_by_themselves_until_w_asks_at_every_one() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "greedy"), 5)
        the_board = board(app)
        assert the_board.reveal_windows == "useful"
        # As it comes by default, no window asks the person to pass without anything to reveal.
        assert not await play_to(pilot, pass_only_window, turn=6)
        assert any(type(a) is Pass and a.seat == 0 for a in screen.session.actions), "windows were passed"
        await pilot.press("W")
        assert the_board.reveal_windows == "every" and load_choices().reveal_windows == "every"
        assert "ask me at every window" in status_text(app)
        assert await play_to(pilot, pass_only_window, turn=17)
        # The log never tells a pass.
        assert not any("reveals nothing" in str(entry) for entry in app.screen.query_one(GameLog).entries)


@in_event_loop
async def test_never_asks_until_r_then_the_next_window_where_the_event_can_be_revealed_asks() -> None:
    save_choices(Choices(reveal_windows="never"))
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 5)
        the_board = board(app)
        assert the_board.reveal_windows == "never"
        assert not await play_to(pilot, lambda b: b.view.tasks[-1][0] == ASK_REVEAL, turn=5)
        assert await play_to(pilot, lambda b: b.view.events[0] >= 0 and b.view.tasks[-1][0] != ASK_REVEAL, turn=17)
        await pilot.press("r")
        assert the_board.armed and "next window" in status_text(app)
        assert await play_to(pilot, lambda b: b.view.tasks[-1][0] == ASK_REVEAL, turn=17)
        assert any(type(a) is Reveal for a in the_board.legal)


@in_event_loop
async def test_at_80x24_the_log_shows_its_last_lines_and_l_shows_it_whole() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 5)
        the_board = board(app)
        log = app.screen.query_one(GameLog)
        await play_to(pilot, lambda b: b.view.turn >= 3)
        await pilot.press("L")
        assert the_board.has_class("-log-whole") and log.size.height >= 18
        await pilot.press("escape")
        assert not the_board.has_class("-log-whole")


@in_event_loop
async def test_at_80x24_a_nine_card_hand_leaves_the_log_the_end_of_the_last_turn() -> None:
    """Turn 7, North's Deploy Phase with 10 cards in hand and the row 9 rows tall: the hand, the focused card's text
    and the prompt's two-row question left the log one row, its border, and none of the last turn. The log keeps
    its last 3 lines under the table, whose every zone shows whole, and the card's text keeps a row (v reads it)."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        deploying = play_until(4, lambda state: state.tasks[-1][0] == ASK_DEPLOY and state.turn >= 7)
        await open_game(pilot, "endless", ("human", "greedy"), 4, actions=deploying)
        the_board = board(app)
        assert the_board.mode is Mode.CARD and len(the_board._hand()) == 10 and the_board.view.turn == 7
        inside = the_board.region
        for part in ("#tracker", "#row", "#hand", "#events", "#card-text", "#prompt"):
            zone = app.screen.query_one(part)
            assert inside.contains_region(zone.region), part
            if part != "#card-text":
                # Whole: a row for each of its lines (the hand's and the events' max-height cut none).
                assert zone.size.height >= len(zone.render().wrap(zone.size.width)), part
        assert app.screen.query_one("#card-text").size.height >= 1
        log = app.screen.query_one(GameLog)
        assert inside.contains_region(log.region) and log.size.height >= 3
        assert len(log.lines) >= 3 and log.scroll_y == log.max_scroll_y
        hand = app.screen.query_one("#hand")
        assert "Hognose Snake" in str(hand.render()) and "Western Hognose Snake" not in str(hand.render())
        # Wide, the log has a column of its own: the hand names the species whole again; narrow again, not, and the
        # log, wrapped again, shows its last lines again.
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert "Western Hognose Snake" in str(hand.render())
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert "Western Hognose Snake" not in str(hand.render()) and log.size.height >= 3
        assert log.scroll_y == log.max_scroll_y


@in_event_loop
async def test_at_80x24_choosing_where_to_deploy_on_a_crowded_table_leaves_the_log_its_last_lines() -> None:
    """Turn 7, North deploys a species from a 10-card hand, the row 9 rows tall: the question, the 4 habitats to
    choose and the row the prompt kept free under them left the log no row in sight. The log keeps its last 2 lines
    at least: the free row goes to it, then answers down to 2 in sight (the question says there are 4 and that
    ↑↓ scrolls), then the card's text (the answers name the card); every answer is reached by the arrows."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        deploying = play_until(4, lambda state: state.tasks[-1][0] == ASK_DEPLOY and state.turn >= 7)
        await open_game(pilot, "endless", ("human", "greedy"), 4, actions=deploying)
        the_board = board(app)
        await pilot.press("1")  # the American Badger: where it goes
        await settle(pilot)
        assert the_board.mode is Mode.TARGET and app.screen.query_one("#row").size.height == 9
        answers = [text for _, text in the_board._choices()]
        assert len(answers) == 4
        inside = the_board.region
        prompt = app.screen.query_one(Prompt)
        log = app.screen.query_one(GameLog)
        for down in range(len(answers)):
            for part in ("#tracker", "#row", "#hand", "#events", "#prompt"):
                zone = app.screen.query_one(part)
                assert inside.contains_region(zone.region), part
            assert inside.contains_region(log.region) and log.size.height >= 2
            assert log.scroll_y == log.max_scroll_y
            shown = str(prompt.render())
            assert "4 answers, ↑↓ scrolls" in prompt.question and f"▶{down + 1} {answers[down]}" in shown
            assert sum(answer in shown for answer in answers) >= 2
            await pilot.press("down")
            await settle(pilot)


@in_event_loop
async def test_at_80x24_the_computers_turn_leaves_the_log_its_last_lines() -> None:
    """Turn 8, the computer (South) thinks over a 10-row habitat row, your 9-card hand and your event: its panel
    took 5 rows (its border, the title, the bar, the win chance, what it prefers) and left the log none. The panel
    gives rows to the log down to one, the bar and the win chance sharing it, and the log shows its last 3 lines
    while the computer thinks."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        deploying = play_until(4, lambda state: state.tasks[-1][0] == ASK_DEPLOY and state.turn >= 8, seat=SOUTH)
        # A search of a minute, ended by the app's exit: the table is looked at while it runs.
        await open_game(pilot, "endless", ("human", "mcts:s=60"), 4, actions=deploying)
        status = app.screen.query_one("#ai-status")
        for _ in range(300):
            await pilot.pause(0.01)
            if "win chance" in str(status.render()):
                break
        await pilot.pause(0.05)
        the_board = board(app)
        assert the_board.mode is Mode.WAIT and app.screen.query_one("#row").size.height == 10
        inside = the_board.region
        for part in ("#tracker", "#row", "#hand", "#events", "#ai-status"):
            assert inside.contains_region(app.screen.query_one(part).region), part
        shown = str(status.render())
        assert status.size.height >= 1 and "█" in shown and "win chance" in shown
        log = app.screen.query_one(GameLog)
        assert inside.contains_region(log.region) and log.size.height >= 3
        assert log.scroll_y == log.max_scroll_y


@in_event_loop
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize(("seed", "turn"), [(4, 7), (2, 6)])
async def test_each_hand_card_keeps_to_one_row(size: tuple[int, int], seed: int, turn: int) -> None:
    """North's Deploy Phase with 6 to 10 cards in hand: wrapped by words, items broke across rows ("4 S Earless" at
    the end of one, "Lizard" starting the next; "4 F" then "Mutigen"; "3 S Creosote Bush" then "Walkingstick" at 120
    columns), read as other cards. Each item keeps to one row, whole, and the hand is still whole in its rows."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        deploying = play_until(seed, lambda state: state.tasks[-1][0] == ASK_DEPLOY and state.turn >= turn)
        await open_game(pilot, "endless", ("human", "greedy"), seed, actions=deploying)
        the_board = board(app)
        assert the_board.mode is Mode.CARD
        hand = app.screen.query_one(HandZone)
        rows = [str(line) for line in hand.render().wrap(hand.size.width)]
        assert len(rows) <= hand.size.height
        for index, card in enumerate(the_board._hand()):
            item = f"{ANSWER_KEYS[index]} {type_letter(card)} {hand_name(card, the_board.has_class('-wide'))}"
            assert any(item in row for row in rows), (item, rows)
        assert any(row.endswith(f"{ANSWER_KEYS[len(the_board._hand())]} End the Deploy Phase") for row in rows)


@in_event_loop
async def test_at_80x24_a_long_list_shows_four_answers_or_says_how_many_there_are() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 5)
        the_board = board(app)
        assert await play_to(pilot, lambda b: b.mode is Mode.LIST and len(b.legal) >= 4, turn=17)
        prompt = app.screen.query_one(Prompt)
        assert prompt.region.bottom <= the_board.region.bottom  # whole, never cut off under the table
        rows = prompt.size.height - 1  # under its border
        # At least 4 answers, or 2 where the log needs the rows (the question then says how many there are).
        if f"{len(the_board.legal)} answers" not in prompt.question:
            assert rows >= 1 + min(4, len(the_board.legal))
        assert rows >= 1 + min(2, len(the_board.legal))


@in_event_loop
@pytest.mark.parametrize(
    ("game", "players", "labels", "starts"),
    [
        ("endless", 2, ["North", "South"], "drawn from the seed"),
        ("exofauna", 2, ["Blue (starts)", "Yellow"], None),
        ("rodents", 1, ["Seat 1"], "the automaton, then Seat 1"),
    ],
)
async def test_the_new_game_form_names_who_starts_or_says_it_is_drawn(game, players, labels, starts) -> None:
    # It said "North (starts)" while Endless Forms draws the first player, "Seat 1 (starts)" in Raging Rodents solo
    # while the automaton plays first.
    save_choices(Choices(game=game, players=players))
    app = ExoTuiApp(ai_pause=0, default_seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        seats = app.screen.query_one("#new-game-seats")
        texts = [str(label.render()) for label in seats.query(Label)]
        assert texts[: len(labels)] == labels
        if starts is None:
            assert not seats.query("#starts")
        else:
            assert texts[-1] == "Starts" and str(seats.query_one("#starts", Static).render()) == starts


def test_the_card_reader_tells_feign_death_livestock_and_the_rows_abbreviations():
    from endless_builders import position, species

    board = [
        species("North Western Hognose Snake", 0, 0),
        species("South Melon Aphids", 1, 2),
        species("South Mexican Honeypot Ants", 1, 2),
    ]
    items = readable(position(board=board), 0, SEAT_NAMES)
    texts = " ".join(item.text for item in items)
    assert "(Feign death)" in texts and "(Livestock)" in texts
    assert "hum humans" in items[0].text and items[0].habitat == 0
    assert {item.where for item in items} >= {"habitat 4", "North's, at habitat 1", "South's, at habitat 2"}


@in_event_loop
async def test_v_opens_the_card_reader_the_arrows_go_through_the_cards_and_esc_closes_it() -> None:
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await start(pilot, ("human", "greedy"), 5)
        the_board = board(app)
        assert await play_to(pilot, lambda b: b.view.turn >= 3 and b.mode is Mode.CARD)
        text = app.screen.query_one("#card-text", Static)
        await pilot.press("v")
        assert the_board.reading == 0 and str(text.render()).startswith("1/")
        assert not app.screen.query_one(Prompt).display
        await pilot.press("right")
        assert str(text.render()).startswith("2/")
        await pilot.press("escape")
        assert the_board.reading is None and app.screen.query_one(Prompt).display
        assert the_board.mode is Mode.CARD


def test_decides_alone_gives_the_pass_a_setting_makes_so_a_screen_need_not_hand_the_keyboard_over():
    from endless_builders import position, species

    board_ = EndlessBoard()
    state = position(board=[species("North Oryx", 0, 3)], events=("North Conservation Effort", ""), windows=True)
    legal = GAME.legal_actions(state)
    assert state.tasks[-1][:2] == (ASK_REVEAL, 0) and legal == (Pass(0),)
    assert board_.decides_alone(state, legal) == Pass(0)  # "useful": nothing to reveal, passed
    state = position(board=[species("North Oryx", 0, 3)], events=("North Drought", ""), windows=True)
    legal = GAME.legal_actions(state)
    assert board_.decides_alone(state, legal) is None  # the event could be revealed: the person is asked
    board_.reveal_windows = "never"
    assert board_.decides_alone(state, legal) == Pass(0)
    board_.armed = True
    assert board_.decides_alone(state, legal) is None


def test_asks_when_useful_asks_at_a_phases_start_and_in_answer_but_not_after_each_action():
    from endless_builders import card, play, position, species

    board_ = EndlessBoard()
    # North holds Drought: the window at the start of its Deploy Phase asks.
    state = position(
        board=[species("North Oryx", 0, 3)], events=("North Drought", ""), hands=(("North Coyote",), ()), windows=True
    )
    assert state.tasks[-1][:3] == (ASK_REVEAL, 0, 0) and not after_an_action(state)
    assert board_.decides_alone(state, GAME.legal_actions(state)) is None
    # The window after North's deployment passes by itself; "every" asks there too.
    state = play(state, Pass(0), DeploySpecies(card("North Coyote"), 1))
    while state.tasks[-1][:2] != (ASK_REVEAL, 0):
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert after_an_action(state)
    assert board_.decides_alone(state, GAME.legal_actions(state)) == Pass(0)
    board_.reveal_windows = "every"
    assert board_.decides_alone(state, GAME.legal_actions(state)) is None


@pytest.mark.parametrize(
    ("seed", "wanted", "narrow"),
    [
        # The snapshots' reveal window: North's event face down, South's zone under a Stable Climate.
        (
            1,
            lambda s: s.tasks[-1][0] == ASK_REVEAL and not after_an_action(s) and len(GAME.legal_actions(s)) > 1,
            "Your event: Once Thought Extinct · South: face down, blocked   Piles 4/3 (p)",
        ),
        (
            17,
            lambda s: s.events[0] >= 0 and len(card_name(s.events[0])) >= 20 and s.events[1] >= 0 and s.discards[0],
            "Your event: Hyper-adaptive Fauna (W: useful) · South: face down   Piles 8/8 (p)",
        ),
        (
            6,
            lambda s: s.events[0] >= 0 and s.climate[0] >= 0 and s.climate[1] >= 0,
            "Your event: Echoed Form, blocked · South: face down, blocked   Piles 6/1 (p)",
        ),
    ],
    ids=["south-blocked", "long-name", "both-blocked"],
)
@in_event_loop
async def test_at_80x24_the_event_zones_take_one_row_and_the_decks_are_with_the_piles(
    seed: int, wanted: Callable[[EndlessState], bool], narrow: str
) -> None:
    """The event zones' line ended in "(asks when useful, W)" and took two rows at 80 columns, a row the log's last
    lines needed. It says as much as fits one row: your event, whether each zone is blocked, the other zone, the
    discard piles, the reveal setting in a few words where they fit; the decks' sizes are with the piles (p), the
    setting in help. Wide, every word is there again."""
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, "endless", ("human", "greedy"), seed, actions=play_until(seed, wanted))
        view = board(app).view
        events = app.screen.query_one("#events")
        assert events.size.height == 1 and str(events.render()) == narrow
        await pilot.press("p")
        await settle(pilot)
        piles = str(app.screen.query_one(DiscardPiles).render())
        assert f"decks: North {len(view.decks[0])}, South {len(view.decks[1])}" in piles
        await pilot.resize_terminal(200, 40)
        await settle(pilot)
        wide = str(events.render())
        assert events.size.height == 1 and len(wide) <= events.size.width
        assert "(asks when useful, W)" in wide and f"decks {len(view.decks[0])}/{len(view.decks[1])}" in wide
        assert wide.count("Stable Climate: blocked") == narrow.count("blocked")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@in_event_loop
async def test_the_final_table_names_the_other_seats_event_and_hand_which_stay_hidden_until_the_end(
    size: tuple[int, int],
) -> None:
    """Once the game is over nothing is left to play for, and the player wants to see what the other seat held: the
    final table (Esc on the result box) said "South: face down" and gave South's hand as a count. It names South's
    event and cards, as the view of a finished game hides nothing. At North's last decision before the end they are
    still hidden. The card reader (v) offers South's hand and event there too, as it offers North's: it left South's
    hand out, and called its event "face down"."""
    saved = load(SAMPLE)
    final = saved.final
    # North's last decision with South's event face down (Deploy, turn 13).
    last = max(
        index
        for index, state in enumerate(saved.states[: len(saved.actions)])
        if GAME.current_player(state) == 0 and state.events[SOUTH] >= 0
    )
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=size) as pilot:
        await open_game(pilot, "endless", ("human", "greedy"), saved.header.seed, actions=saved.actions[:last])
        assert " · South: face down" in str(app.screen.query_one("#events").render())
        assert app.screen.query_one(HandZone).title == "Hand (9; South 10):"
        assert "South's hand" not in {item.where for item in readable(board(app).view, 0, SEAT_NAMES)}
        await open_game(pilot, "endless", ("human", "greedy"), saved.header.seed, actions=saved.actions)
        await the_final_table(pilot)
        assert isinstance(app.screen, GameScreen)
        events = str(app.screen.query_one("#events").render())
        assert events.startswith("Your event: none · South: Echoed Form") and "face down" not in events
        south = held("South", final.hands[SOUTH])
        assert south == (
            "South holds American Kestrel + Coyote + Greater Earless Lizard + Roundtail Horned Lizard + Ecological "
            "Succession + Limited Resources + Once Thought Extinct"
        )
        assert app.screen.query_one(HandZone).title == f"Hand ({len(final.hands[0])}; {south}):"
        # In sight, not under the result box or cut off.
        shown = " ".join(screen_text(app).split())
        assert "South: Echoed Form" in shown and "South holds American Kestrel + Coyote" in shown
        # North's hand whole too, under the longer title; at 80 columns the log's last line under the table (the AI
        # panel gives up its rows).
        assert f"{ANSWER_KEYS[len(final.hands[0]) - 1]} E Limited Resources" in shown
        if size == (80, 24):
            assert "After 16 turns: North 28, South 21: North wins." in shown
        # The card reader goes through every card, each read as "N/COUNT, WHERE (keys): TEXT".
        await pilot.press("v")
        text = app.screen.query_one("#card-text", Static)
        count = int(str(text.render()).split(",")[0].split("/")[1])
        read = []
        for _ in range(count):
            read.append(str(text.render()).split(" (←→ or ↑↓; v or Esc closes): "))
            await pilot.press("right")
        assert [text for where, text in read if where.endswith(", your hand")] == [
            card_text(card) for card in final.hands[0]
        ]
        assert [text for where, text in read if where.endswith(", South's hand")] == [
            card_text(card) for card in final.hands[SOUTH]
        ]
        event = card_text(final.events[SOUTH])
        assert event.startswith("Echoed Form")
        assert [text for where, text in read if where.endswith(", South's event zone, kept face down to the end")] == [
            event
        ]
    # A spectator's reader (an SSH table) offers both hands, as its table names them.
    wheres = {item.where for item in readable(final, None, SEAT_NAMES)}
    assert {"North's hand", "South's hand"} <= wheres


@in_event_loop
async def test_at_80x24_the_final_table_after_the_computers_last_turn_gives_the_log_the_ai_panels_rows() -> None:
    """The sample game from North's last decision, the computer playing the last turn: on the final table the AI
    panel kept its 4 rows (2 empty under "the game is over", measured before the last resize), and with South's hand
    named the log had one line left. The panel takes one row there; the log shows its last lines."""
    saved = load(SAMPLE)
    last = max(
        index for index, state in enumerate(saved.states[: len(saved.actions)]) if GAME.current_player(state) == 0
    )
    app = ExoTuiApp(ai_pause=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_game(pilot, "endless", ("human", "greedy"), saved.header.seed, actions=saved.actions[:last])
        await press_for(pilot, saved.actions[last], by_number=True)
        await the_final_table(pilot)
        panel = app.screen.query_one(AiStatus)
        assert panel.outer_size.height == 2 and str(panel.render()) == "South: AI greedy · the game is over"
        log = app.screen.query_one(GameLog)
        assert log.size.height >= 3 and log.scroll_y == log.max_scroll_y

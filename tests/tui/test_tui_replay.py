"""The replay at the end of a finished game, and `exotui replay FILE` (the app opened on a replay)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from exotui import games
from exotui.engine.protocol import describe_to
from exotui.engine.records import HUMAN, SavedGame, load
from exotui.engine.records import Seat as RecordSeat
from exotui.engine.savedir import SaveDir
from exotui.games.endless.cards import HIDDEN as ENDLESS_HIDDEN
from exotui.games.rodents import rules
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.pass_keyboard import PassKeyboardScreen
from exotui.tui.screens.replay import ReplayScreen
from exotui.tui.tables import Board
from exotui.tui.tables.exofauna.watering_hole import WateringHole
from exotui.tui.tables.rodents.board import RodentsBoard
from exotui.tui.tables.rodents.invasion import InvasionPanel
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.move_list import MoveList
from exotui.tui.widgets.prompt import Prompt
from pilot_helpers import footer_keys, in_event_loop, settle

SAMPLES = Path(__file__).parents[2] / "saves"


@in_event_loop
async def test_the_last_move_of_a_finished_game_says_it_is_over_not_who_decides() -> None:
    saved = load(SAMPLES / "exofauna.exosave")
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.press("end")
        await settle(pilot)
        prompt = str(app.screen.query_one(Prompt).render())
        assert "deciding" not in prompt
        assert prompt == "The game is over."


@in_event_loop
async def test_esc_in_a_replay_opened_from_the_shell_leaves_the_app() -> None:
    app = ExoTuiApp(ai_pause=0, opening=load(SAMPLES / "exo2.exosave"))
    exits: list[object] = []
    async with app.run_test() as pilot:
        app.exit = lambda *args, **kwargs: exits.append(args)  # seen, rather than ending the test's app
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("escape")
        await settle(pilot)
    assert exits == [()]


UNFINISHED = SAMPLES / "exofauna-unfinished.exosave"


def shown(app: ExoTuiApp) -> object:
    return app.screen.query_one(Board).view


@in_event_loop
async def test_a_game_still_in_play_replays_only_in_the_view_of_the_person_who_played_it() -> None:
    """Load -> the unfinished game -> replay -> End showed the computer's hand ("Yellow holds ...") and `a` searched
    from it; now the replay stays in the person's view, `v` says why, and the AI analyses only their decisions."""
    saved = load(UNFINISHED)
    game = saved.game
    assert saved.sealed == (0,)
    app = ExoTuiApp(ai_pause=0, opening=saved, analysis_level="it=50")
    async with app.run_test() as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert shown(app) == game.view(saved.states[0], 0)
        await pilot.press("end")
        assert shown(app) == game.view(saved.final, 0) != saved.final
        await pilot.press("v")
        assert screen.seat == 0 and shown(app) == game.view(saved.final, 0)
        assert "still in play" in str(screen.query_one("#replay-status", Static).render())
        # To a position where the computer decides: the analysis would search its hidden hand.
        computer = next(at for at, state in enumerate(saved.states) if game.current_player(state) == 1)
        await pilot.press("home", *["right"] * computer, "a")
        assert not screen.analysing
        assert "analyses only the decisions of" in str(screen.query_one("#replay-status", Static).render())


def test_the_move_list_of_a_game_still_in_play_is_told_as_its_person_read_it() -> None:
    saved = load(UNFINISHED)
    game = saved.game
    told = [describe_to(game, state, action, 0) for state, action in zip(saved.states, saved.actions, strict=False)]
    assert [move.text for move in saved.moves(saved.told_to)] == told
    finished = load(SAMPLES / "exofauna.exosave")
    assert finished.sealed == () and finished.moves(finished.told_to) == finished.moves()


@in_event_loop
async def test_a_hot_seat_game_still_in_play_replays_each_persons_view_behind_the_pass_screen(tmp_path: Path) -> None:
    game = games.get("exofauna")
    record = SaveDir(tmp_path).new_record(game, 5, (RecordSeat("Blue", HUMAN), RecordSeat("Yellow", HUMAN)))
    record.save()
    for _ in range(5):
        record.append(game.legal_actions(record.state)[0])
    saved = load(record.path)
    record.close()
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test() as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassKeyboardScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        assert shown(app) == game.view(saved.final, 0)
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, PassKeyboardScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert shown(app) == game.view(saved.final, 1)
        await pilot.press("v")
        await settle(pilot)
        assert isinstance(app.screen, PassKeyboardScreen)


RODENTS = games.get("rodents")


def interludes(saved: SavedGame) -> dict[int, object]:
    """By position, the invasion the move reaching it scored before the next deal (the game's `interlude`)."""
    states = saved.states
    found = {}
    for index, action in enumerate(saved.actions):
        scored = RODENTS.interlude(states[index], action, states[index + 1])
        if scored is not None:
            found[index + 1] = scored
    return found


def replay_status(app: ExoTuiApp) -> str:
    return str(app.screen.query_one("#replay-status", Static).render())


@in_event_loop
async def test_a_rodents_replay_stops_on_each_invasion_as_it_was_scored_then_deals_the_next() -> None:
    """The replay went from the last move of an invasion straight to the next deal: the scored invasion, which the
    table keeps on show in play, was never seen."""
    saved = load(SAMPLES / "rodents-2-invasions.exosave")
    ((move, scored),) = interludes(saved).items()
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press(*["right"] * move)
        assert shown(app) == scored
        panel = str(screen.query_one(InvasionPanel).render())
        assert panel.startswith("Invasion 1 of 2 · scored"), panel
        assert replay_status(app).startswith(f"move {move}/{len(saved.actions)} · before the game goes on (→)")
        # The move list stays on the move that scored it.
        assert screen.query_one(MoveList).current == move - 1
        # Nobody decides on it: the AI is not offered (`a` does nothing).
        await pilot.press("a")
        assert not screen.analysing and "a" not in footer_keys(screen)
        # On: the next deal; back: the scored invasion again, then the move before.
        await pilot.press("right")
        assert shown(app) == saved.states[move]
        assert str(screen.query_one(InvasionPanel).render()).startswith("Invasion 2 of 2 · turn")
        await pilot.press("left")
        assert shown(app) == scored
        await pilot.press("left")
        assert shown(app) == saved.states[move - 1]
        # Each seat's view of it, through `v`.
        await pilot.press("right", "v")
        assert screen.seat == 0 and shown(app) == RODENTS.view(scored, 0) != scored
        # At the end, the board's score of each invasion is the game's, however the replay got there.
        await pilot.press("v", "v", "home", "end")
        details = screen.query_one(RodentsBoard).gains
        assert details == {1: rules.totals(scored.collections), 2: rules.totals(saved.final.collections)}
        assert screen.query_one(RodentsBoard).result_details() is not None


@in_event_loop
async def test_a_rodents_replay_played_with_space_pauses_on_the_scored_invasion_too() -> None:
    saved = load(SAMPLES / "rodents-2-invasions.exosave")
    ((move, scored),) = interludes(saved).items()
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press(*["right"] * (move - 1))
        # The play timer's ticks, without waiting for them.
        screen.playing = True
        screen.next_move()
        assert shown(app) == scored
        screen.next_move()
        assert shown(app) == saved.states[move]


@in_event_loop
async def test_a_rodents_game_still_in_play_replays_its_scored_invasion_only_as_its_person_saw_it(
    tmp_path: Path,
) -> None:
    seats = (RecordSeat("Seat 1", HUMAN), RecordSeat("Seat 2", "greedy"))
    record = SaveDir(tmp_path).new_record(RODENTS, 3, seats)
    record.save()
    while not interludes(load(record.path)):
        record.append(RODENTS.legal_actions(record.state)[0])
    record.append(RODENTS.legal_actions(record.state)[0])
    saved = load(record.path)
    record.close()
    assert saved.sealed == (0,)
    ((move, scored),) = interludes(saved).items()
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press(*["right"] * move)
        assert shown(app) == RODENTS.view(scored, 0) != scored
        await pilot.press("v")
        assert shown(app) == RODENTS.view(scored, 0)


@in_event_loop
async def test_the_move_list_at_80x24_shows_every_event_of_the_move_just_played() -> None:
    """ExoFauna's move 75 claims Blue's second hole mid-turn: three events, the last ("Blue wins at the end of this
    turn.") was below the four lines of the list."""
    saved = load(SAMPLES / "exofauna.exosave")
    move = next(
        index for index, m in enumerate(saved.moves()) if len(m.events) == 3 and "wins at the end" in m.events[2]
    )
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # Each claim is a step of its own (the game's interlude): the one of move 39, then move 75's own claim.
        await pilot.press(*["right"] * (move + 2))
        lines = str(app.screen.query_one(MoveList).render()).splitlines()
        assert lines[0].startswith(f"▶{move + 1:>3}. turn"), lines
        assert [line.strip() for line in lines[1:]] == [f"→ {event}" for event in saved.moves()[move].events]
        # A move with fewer events keeps the one before it in sight, above it.
        await pilot.press("left", "left")
        lines = str(app.screen.query_one(MoveList).render()).splitlines()
        assert lines[1].startswith(f"▶{move - 1:>3}. turn"), lines


EXOFAUNA = games.get("exofauna")


@in_event_loop
async def test_an_exofauna_replay_shows_the_winning_claim_at_the_end_and_steps_onto_each_claim_as_resolved() -> None:
    """The final table showed the empty new hole where the winning claim was, in a replay opened at the end."""
    saved = load(SAMPLES / "exofauna.exosave")
    states = saved.states
    claims = [
        index + 1 for index, action in enumerate(saved.actions) if states[index + 1].claimed != states[index].claimed
    ]
    first, last = claims[0], claims[-1]
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end")
        won = screen.query_one("#hole-2", WateringHole)
        between = EXOFAUNA.interlude(states[last - 1], saved.actions[last - 1], states[last])
        assert won.border_title == "Hole 2 · Blue's claim" and won.hole == between.holes[1]
        assert won.border_subtitle.startswith("new ")
        # In each seat's view too.
        await pilot.press("v")
        assert screen.query_one("#hole-2", WateringHole).border_title == "Hole 2 · Blue's claim"
        # The first claim, a step of its own: the hole as it was resolved, its count under it.
        await pilot.press("v", "v", "home", *["right"] * first)
        between = EXOFAUNA.interlude(states[first - 1], saved.actions[first - 1], states[first])
        assert shown(app) == between and screen.in_interlude
        claimed = screen.query_one("#hole-1", WateringHole)
        assert claimed.border_title == "Hole 1 · Blue's claim" and claimed.hole == between.holes[0]
        # A tie, which the blue hole's colour gave Blue.
        assert claimed.border_subtitle == "4 B to 4 Y: tie" and between.holes[0].colour == 0
        assert "Hole 1 is resolved: Blue claims it." in str(screen.query_one(Prompt).render())
        # On: the new hole in its slot; the claim is no longer drawn before the game's end.
        await pilot.press("right")
        assert claimed.hole == states[first].holes[0] and "claim" not in claimed.border_title


@in_event_loop
async def test_an_endless_replay_in_a_seats_view_shows_the_other_event_only_at_the_end() -> None:
    """In North's view, South's event lies face down at every move before the end; the last move, the final table,
    names it (the view of a finished game hides nothing), as the table in play does."""
    saved = load(SAMPLES / "endless.exosave")
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("v", "end")
        await settle(pilot)
        assert screen.seat == 0
        events = screen.query_one("#events")
        assert " · South: Echoed Form" in str(events.render())
        await pilot.press("left")
        await settle(pilot)
        assert shown(app).events[1] == ENDLESS_HIDDEN
        assert " · South: face down" in str(events.render())


@in_event_loop
async def test_the_ai_is_offered_only_on_a_step_where_someone_decides() -> None:
    """On a step where nobody decides (ExoFauna's claim as it was resolved, the end of the game), the footer still
    offered "a ask AI" and the AI panel "a: what would the AI play here?", which answered "Nobody decides here"."""
    saved = load(SAMPLES / "exofauna.exosave")
    states = saved.states
    claim = next(index + 1 for index in range(len(saved.actions)) if states[index + 1].claimed != states[index].claimed)
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReplayScreen)

        def panel() -> str:
            return " ".join(str(screen.query_one(AiStatus).render()).split())

        assert "a" in footer_keys(screen) and "a: what would the AI play here?" in panel()
        await pilot.press(*["right"] * claim)
        await settle(pilot)
        assert screen.in_interlude
        assert "a" not in footer_keys(screen) and "a:" not in panel() and "Nobody decides here" in panel()
        status = replay_status(app)
        await pilot.press("a")
        assert not screen.analysing and replay_status(app) == status
        # Back on the next decision.
        await pilot.press("right")
        await settle(pilot)
        assert not screen.in_interlude and screen.game.current_player(screen.state) is not None
        assert "a" in footer_keys(screen) and "a: what would the AI play here?" in panel()
        # Nor at the end, where the game is over.
        await pilot.press("end")
        await settle(pilot)
        assert "a" not in footer_keys(screen) and "a:" not in panel()

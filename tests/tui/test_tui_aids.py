"""Hints and takebacks at the table, by keys: H asks the AI for your decision, Backspace takes your last one back."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets._toast import ToastRack

from exotui import games
from exotui.ai.players import MctsPlayer, make_player
from exotui.engine.records import GameRecord, load
from exotui.engine.records import Seat as SavedSeat
from exotui.engine.savedir import SaveDir
from exotui.engine.text import printable_path
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.aids import hint_player, hint_text
from exotui.tui.screens.confirm import QuestionScreen
from exotui.tui.screens.game import GameScreen
from exotui.tui.tables import Board
from pilot_helpers import in_event_loop, q_asks_to_quit_over, settle, status_text
from toygames import Mark, TicTacToe, board

GAME = games.get("exo2")


async def start(
    pilot: Pilot, seats: tuple[str, ...], saves: SaveDir | None = None, game: games.Game = GAME
) -> GameScreen:
    session = GameSession(game, 5, None, tuple(Seat(kind) for kind in seats))
    app = pilot.app
    assert isinstance(app, ExoTuiApp)
    app.saves = saves
    screen = GameScreen(app.recorded(session), 0)
    await app.push_screen(screen)
    await settle(pilot)
    return screen


async def decide(pilot: Pilot, screen: GameScreen) -> None:
    """The person at the keyboard takes the first legal decision; then the computer answers."""
    action = GAME.legal_actions(screen.session.view_for(screen.session.deciding))[0]
    screen.board.post_message(Board.Decided(action))
    await settle(pilot, 6)


@in_event_loop
async def test_a_takeback_undoes_your_decision_and_the_computers_and_the_save_stays_honest(tmp_path: Path) -> None:
    async with ExoTuiApp(ai_pause=0).run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "greedy"), SaveDir(tmp_path))
        session = screen.session
        await decide(pilot, screen)
        before_second = list(session.actions)
        await decide(pilot, screen)
        assert len(session.actions) > len(before_second) + 1 and session.deciding == 0
        await pilot.press("backspace")
        await settle(pilot)
        assert session.actions == before_second and session.deciding == 0
        assert status_text(pilot.app).startswith("Took back ") and "(Backspace)" in status_text(pilot.app)
        saved = load(session.record.path)
        assert list(saved.actions) == before_second
        assert (saved.header.takebacks, saved.header.hints) == ((1, 0), ())
        # The game goes on from there, and the file still replays exactly.
        await decide(pilot, screen)
        assert list(load(session.record.path).actions) == session.actions


@in_event_loop
async def test_nothing_to_take_back_before_your_first_decision() -> None:
    async with ExoTuiApp(ai_pause=0).run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "greedy"))
        await pilot.press("backspace")
        assert status_text(pilot.app) == "Nothing to take back: you have not decided yet."
        assert screen.session.actions == []


@in_event_loop
async def test_takebacks_turned_off_stay_off_in_the_save(tmp_path: Path) -> None:
    async with ExoTuiApp(ai_pause=0).run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "greedy"), SaveDir(tmp_path))
        await decide(pilot, screen)
        played = list(screen.session.actions)
        screen.action_takebacks_off()
        await pilot.press("backspace")
        assert status_text(pilot.app) == "Takebacks (Backspace) are off in this game."
        assert screen.session.actions == played
        assert load(screen.session.record.path).header.takebacks_off


@in_event_loop
async def test_in_hot_seat_a_takeback_needs_everyone_to_agree() -> None:
    async with ExoTuiApp(ai_pause=0).run_test(size=(80, 24)) as pilot:
        screen = await start(pilot, ("human", "human"))
        # Each player takes the keyboard (Enter at the "pass the keyboard" screen) and decides, twice over.
        for _ in range(2):
            await pilot.press("enter")
            await settle(pilot)
            await decide(pilot, screen)
        await pilot.press("enter")
        await settle(pilot)
        played = list(screen.session.actions)
        await pilot.press("backspace")
        await settle(pilot)
        question = pilot.app.screen
        assert isinstance(question, QuestionScreen)
        # q meant for quitting asks "Quit exotui?" over the question (it answered yes: decisions were taken back).
        await q_asks_to_quit_over(pilot, question)
        assert screen.session.actions == played
        await pilot.press("n")
        await settle(pilot)
        assert screen.session.actions == played
        await pilot.press("backspace")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert len(screen.session.actions) < len(played)


@in_event_loop
async def test_a_hint_tells_the_ais_decision_and_estimate_and_is_counted(tmp_path: Path) -> None:
    async with ExoTuiApp(ai_pause=0).run_test(size=(100, 30)) as pilot:
        screen = await start(pilot, ("human", "greedy"), SaveDir(tmp_path))
        await pilot.press("H")
        assert load(screen.session.record.path).header.hints == (1, 0)
        deadline = time.monotonic() + 30
        while not pilot.app._notifications and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        [shown] = list(pilot.app._notifications)
        assert shown.title == "Hint (H) from the normal AI"
        assert "win estimate" in shown.message
        # The hint names one of the legal decisions, as the prompt describes it.
        view = screen.session.view_for(0)
        described = {GAME.describe(view, action).rstrip(".") for action in GAME.legal_actions(view)}
        assert shown.message.split(": win estimate")[0] in described
        assert screen.session.actions == []


async def shown_hint(pilot: Pilot) -> Any:
    deadline = time.monotonic() + 30
    while not pilot.app._notifications and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    [shown] = list(pilot.app._notifications)
    return shown


@pytest.mark.parametrize("game_id", ["exofauna", "exo2"])
@in_event_loop
async def test_a_hint_says_why_in_a_line_read_from_the_deciding_seats_view(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = games.get(game_id)
    given: list[Any] = []
    reason = game.hint_reason
    monkeypatch.setattr(game, "hint_reason", lambda view, action: given.append(view) or reason(view, action))
    async with ExoTuiApp(ai_pause=0).run_test(size=(100, 30)) as pilot:
        screen = await start(pilot, ("human", "greedy"), game=game)
        await pilot.press("H")
        shown = await shown_hint(pilot)
        view = screen.session.view_for(0)
        # The reason is the game's for the hint's decision (found by its sentence), on the seat's view only.
        by_sentence = {game.describe(view, action).rstrip("."): action for action in game.legal_actions(view)}
        first, why, *_ = shown.message.split("\n")
        action = by_sentence[first.split(": win estimate")[0]]
        assert why == f"Why: {reason(view, action)}" and reason(view, action)
        assert given == [view]
        if game_id == "exofauna":
            assert view != screen.session.state


@pytest.mark.parametrize("game_id", [g for g in games.available() if hasattr(games.get(g), "hint_reason")])
def test_a_hint_reason_is_one_line_and_the_same_for_every_truth_behind_a_view(game_id: str) -> None:
    game = games.get(game_id)
    rng = random.Random(7)
    for seed in range(12):
        state = game.new_game(seed, min(game.player_counts))
        while (seat := game.current_player(state)) is not None:
            view = game.view(state, seat)
            other_truth = game.view(game.determinize(view, seat, rng), seat)
            for action in list(game.legal_actions(view))[:30]:
                reason = game.hint_reason(view, action)
                assert reason is None or (reason and "\n" not in reason and len(reason) <= 200), reason
                assert game.hint_reason(other_truth, action) == reason
            state = game.apply(state, rng.choice(game.legal_actions(state)))


@in_event_loop
async def test_a_hint_stays_until_you_decide_and_goes_when_you_do() -> None:
    """It stayed about 10 s after the decision, over the table; now it goes with the decision, and the status line
    says where it is (it said top right while it was drawn at the bottom right)."""
    async with ExoTuiApp(ai_pause=0).run_test(size=(100, 30), notifications=True) as pilot:
        screen = await start(pilot, ("human", "greedy"))
        await pilot.press("H")
        await shown_hint(pilot)
        await settle(pilot)
        assert "Hint shown (top right)" in status_text(pilot.app)
        rack = pilot.app.screen.query_one(ToastRack)
        assert rack.styles.dock == "top" and rack.styles.align_vertical == "top"
        # No scrollbar gutter at its right edge, where a character of the table showed through.
        assert rack.styles.overflow_y == "hidden"
        await decide(pilot, screen)
        assert not pilot.app._notifications


@in_event_loop
async def test_a_hint_search_that_fails_says_no_hint_could_be_found_in_one_line_and_the_game_goes_on(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, own_state_directory: Path
) -> None:
    """A hint whose search raised showed nothing and said nothing (the status line kept 'Looking for a hint…'). Now the
    person is told in one line, where the hint would show, that no hint could be found and why (the error's kind, cut
    short), the traceback goes to the game's errors file (the one a failed computer search writes), and the game is
    as it was: their decision, which they make, and H asks again."""

    def broken(*args: object) -> object:
        raise RuntimeError("the hint's search exploded\nat its second line")

    monkeypatch.setattr(MctsPlayer, "decide", broken)
    async with ExoTuiApp(ai_pause=0).run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot, ("human", "greedy"), SaveDir(tmp_path))
        session = screen.session
        assert session.record is not None
        await pilot.press("H")
        shown = await shown_hint(pilot)
        await settle(pilot)
        errors = own_state_directory / "exotui" / "log" / f"{session.record.path.stem}.log"
        assert shown.message == (
            "No hint could be found: RuntimeError: the hint's search exploded. The details are in"
            f" {printable_path(errors)}."
        )
        assert shown.severity == "warning"
        # Whole at 80x24, the path folded rather than cut.
        (toast,) = pilot.app.screen.query("Toast")
        assert "".join(str(toast.render()).split()) == "".join(f"{shown.title}{shown.message}".split())
        assert pilot.app.screen.region.contains_region(toast.region)
        assert status_text(pilot.app) == "No hint could be found (top right): Seat 1, your decision."
        written = errors.read_text(encoding="utf-8")
        assert "exo2 seed 5, seats human, greedy; save " in written
        assert "no hint could be found for Seat 1 (seat 0), action 1:\nTraceback" in written
        assert written.rstrip().endswith("at its second line")
        # The game goes on untouched: nothing played, the decision still the person's, and H asks again.
        assert session.actions == [] and session.deciding == 0 and screen.board.legal
        assert written.count("Traceback") == 1
        await pilot.press("H")
        deadline = time.monotonic() + 30
        while errors.read_text(encoding="utf-8").count("Traceback") < 2 and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert errors.read_text(encoding="utf-8").count("Traceback") == 2
        await decide(pilot, screen)
        assert session.actions and list(load(session.record.path).actions) == session.actions
        assert not pilot.app._notifications


@in_event_loop
async def test_a_hint_search_whose_error_is_cut_short_says_so_in_a_sentence_that_ends_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, own_state_directory: Path
) -> None:
    """The error's message cut short ends with "…", and the notice added its full stop: "… while looking fo…. The
    details are in …". It is cut after a whole word, and its "…" ends the sentence."""

    def broken(*args: object) -> object:
        raise RuntimeError("the hint's search ran out of memory while looking for a move in a long chain of decisions")

    monkeypatch.setattr(MctsPlayer, "decide", broken)
    async with ExoTuiApp(ai_pause=0).run_test(size=(80, 24), notifications=True) as pilot:
        screen = await start(pilot, ("human", "greedy"), SaveDir(tmp_path))
        assert screen.session.record is not None
        await pilot.press("H")
        shown = await shown_hint(pilot)
        errors = own_state_directory / "exotui" / "log" / f"{screen.session.record.path.stem}.log"
        assert shown.message == (
            "No hint could be found: RuntimeError: the hint's search ran out of memory while… The details are in"
            f" {printable_path(errors)}."
        )


def test_a_hints_sentences_end_once() -> None:
    """'… bottom-left.: win estimate 52%' read the decision's full stop and then the estimate."""
    from exotui.ai.mcts import ActionStats
    from exotui.tui.screens.aids import Hint

    other = ActionStats("y", 10, 0.4)
    text = hint_text(Hint("x", 0.52, (other,)), lambda action: f"Play {action}.", "it scores")
    assert text == "Play x: win estimate 52%.\nWhy: it scores\nElse Play y: 40%."


def test_a_hint_with_a_single_decision_says_so() -> None:
    from exotui.tui.screens.aids import Hint

    assert hint_text(Hint("x", None, ()), str) == "x: the only decision here."


def test_takebacks_turned_off_hold_without_a_save_in_a_rematch_and_in_a_resumed_game(tmp_path: Path) -> None:
    session = GameSession(GAME, 5, None, (Seat("human"), Seat("greedy")))
    # Before, an unsaved game (no save directory) could not turn them off: the flag lived in the save only.
    session.turn_takebacks_off()
    assert session.takebacks_off and session.rematch().takebacks_off
    seats = [SavedSeat.from_spec("Seat 1", "human"), SavedSeat.from_spec("Seat 2", "greedy")]
    record = SaveDir(tmp_path).new_record(GAME, 5, seats)
    record.forbid_takebacks()
    record.close()
    assert GameSession.resume(GameRecord.resume(record.path)).takebacks_off


def test_the_hint_is_normal_s_search_never_the_beginner_s_move_normal_makes_on_a_share_of_its_decisions() -> None:
    # Endless Forms' normal plays the playout policy on 15% of its decisions (normal_play): the hint, made by the
    # normal level, gave that move on as many, with no search behind it.
    class SlippingTicTacToe(TicTacToe):
        normal_play = 1.0

        @staticmethod
        def rollout_action(state: object, actions: Sequence[Mark], rng: random.Random) -> Mark:
            return actions[-1]

    win_or_policy = board("XX. OO. ...")
    slipped = make_player("mcts:normal").decide(SlippingTicTacToe(), win_or_policy, 0)
    assert (slipped.action, slipped.iterations) == (Mark(8), 0)
    hint = hint_player(1).decide(SlippingTicTacToe(), win_or_policy, 0)
    assert hint.action == Mark(2) and hint.iterations > 0

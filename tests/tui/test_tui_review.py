"""The review screen (tui/screens/review.py): computed in a worker with progress, cancellable, cached beside the
save; the chart and the decisions of the seat reviewed; n/p, s, Enter and Esc."""

from __future__ import annotations

from pathlib import Path

import msgspec
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from exotui import games
from exotui.ai import review as core
from exotui.engine.records import SavedGame
from exotui.engine.savedir import SaveDir, review_cache
from exotui.play.session import GameSession, Seat
from exotui.tui.app import ExoTuiApp
from exotui.tui.screens.game import GameScreen
from exotui.tui.screens.replay import ReplayScreen
from exotui.tui.screens.review import ReviewScreen, WinChart, better_text, review_level
from pilot_helpers import in_event_loop, settle, the_result_box
from review_builders import recorded, unfinished

LEVEL = "it=60"


def text(screen: ReviewScreen, widget_id: str) -> str:
    return str(screen.query_one(f"#{widget_id}", Static).render())


async def open_review(
    pilot: Pilot, saved: SavedGame, level: str = LEVEL, chosen: list[object] | None = None
) -> ReviewScreen:
    """The review screen over the game's replay; what it is dismissed with goes into `chosen`."""
    screen = ReviewScreen(saved, level)
    pilot.app.push_screen(screen, (chosen if chosen is not None else []).append)
    await pilot.pause()
    return screen


async def reviewed(
    pilot: Pilot, saved: SavedGame, level: str = LEVEL, chosen: list[object] | None = None
) -> ReviewScreen:
    """The review screen, its review done."""
    screen = await open_review(pilot, saved, level, chosen)
    # On a loaded machine the screen may not have mounted (and started its worker) yet: wait round by round until
    # the worker's last message has been handled, not for a fixed number of pauses.
    for _ in range(1000):
        await pilot.app.workers.wait_for_complete()
        await settle(pilot)
        if screen.review is not None:
            return screen
    raise AssertionError("the review never finished")


@in_event_loop
async def test_the_review_is_searched_in_a_worker_then_cached_beside_the_save(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "exofauna", ("greedy", "random"), people=(1,))
    before = saved.path.read_bytes()
    app = ExoTuiApp(ai_pause=0, opening=saved, analysis_level=LEVEL)
    async with app.run_test(size=(80, 24)) as pilot:
        assert core.cached_review(saved, (1,), LEVEL) is None
        screen = await reviewed(pilot, saved)
        assert not screen.has_class("-working")
        # The person's seat, Yellow: its decisions listed, a bar per judged one and the result.
        assert text(screen, "review-title").startswith("Review · ExoFauna/Duo · Yellow (Person 2)")
        assert {d.seat for d in screen.shown} == {1}
        judged = [d for d in screen.shown if d.kind != core.FORCED]
        assert len(screen.query_one(WinChart).values) == len(judged) + 1
        assert screen.query_one(OptionList).option_count == len(screen.shown)
        assert text(screen, "review-summary").startswith("Mean loss ")
    assert review_cache(saved.path).is_file()
    assert saved.path.read_bytes() == before
    # A second look is at once: no worker, nothing to wait for.
    app = ExoTuiApp(ai_pause=0, opening=saved, analysis_level=LEVEL)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot, saved)
        assert screen.review is not None and not screen.has_class("-working")
        assert not pilot.app.workers


@in_event_loop
async def test_esc_stops_the_review(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "exofauna", ("greedy", "greedy"))
    app = ExoTuiApp(ai_pause=0, opening=saved)
    chosen: list[object] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot, saved, "it=3000", chosen)
        assert screen.has_class("-working")
        await pilot.press("escape")
        await pilot.app.workers.wait_for_complete()
        await settle(pilot)
        assert chosen == [None]
        assert screen.cancel.is_set()
        assert screen.review is None
    # What was done is kept for the next look, which goes on from there.
    assert core.cached_review(saved, (0, 1), "it=3000") is None


@in_event_loop
async def test_enter_gives_the_decision_to_look_at(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "exo2", ("greedy", "random"), people=(0,))
    app = ExoTuiApp(ai_pause=0, opening=saved)
    chosen: list[object] = []
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await reviewed(pilot, saved, chosen=chosen)
        await pilot.press("down", "down")
        wanted = screen.shown[2]
        await pilot.press("enter")
        await settle(pilot)
        assert chosen == [wanted]


@in_event_loop
async def test_n_and_p_go_to_the_next_and_previous_mistake(tmp_path: Path) -> None:
    # Random play at EXO n°2: mistakes aplenty.
    saved = recorded(tmp_path, "exo2", ("random", "greedy"), people=(0,))
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await reviewed(pilot, saved)
        options = screen.query_one(OptionList)
        # From the first decision, selected at first, to those after it.
        bad = [n for n, d in enumerate(screen.shown) if d.kind not in (core.GOOD, core.FORCED) and n > 0]
        assert len(bad) >= 2
        for place in bad:
            await pilot.press("n")
            assert options.highlighted == place
        await pilot.press("n")
        assert options.highlighted == bad[-1]
        assert text(screen, "review-status") == "No inaccuracy, mistake or blunder after this one."
        await pilot.press("p")
        assert options.highlighted == bad[-2]
        # The detail tells the better move.
        decision = screen.shown[bad[-2]]
        assert f"Better: {decision.best}" in text(screen, "review-detail")


@in_event_loop
async def test_s_goes_through_the_seats_reviewed(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "rodents", ("greedy", "greedy", "greedy"))
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await reviewed(pilot, saved)
        seats = []
        for _ in range(3):
            seats.append({d.seat for d in screen.shown})
            await pilot.press("s")
        assert seats == [{0}, {1}, {2}]
        assert {d.seat for d in screen.shown} == {0}


@in_event_loop
async def test_s_says_why_when_only_one_seat_is_reviewed(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "exo2", ("greedy", "greedy"), people=(1,))
    app = ExoTuiApp(ai_pause=0, opening=saved)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await reviewed(pilot, saved)
        await pilot.press("s")
        assert text(screen, "review-status").startswith("Only Seat 2's decisions are reviewed")


def test_the_replay_is_told_the_better_move() -> None:
    decision = core.Judged(
        index=11, turn=6, seat=1, played="A", best="B", reason="It scores 3.", before=60.0, after=48.0, loss=12.0,
        kind="mistake", luck=0.0, iterations=100,
    )  # fmt: skip
    assert better_text(decision, ("Blue", "Yellow")) == "Move 12 (Yellow): mistake, -12. Better: B (It scores 3.)"
    same = msgspec.structs.replace(decision, best="A", loss=0.0, kind="good")
    assert better_text(same, ("Blue", "Yellow")).endswith("good; the search would have played it too.")


def test_the_review_searches_at_its_own_level_unless_given_iterations() -> None:
    assert review_level("normal") == core.DEFAULT_LEVEL
    assert review_level("it=50") == "it=50"


# ---------------------------------------------------------------------------------------------------------------
# The ways in: R in a replay, "Review this game" on the end box


@in_event_loop
async def test_r_in_a_replay_reviews_it_and_enter_comes_back_to_the_decision(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "exo2", ("random", "greedy"), people=(0,))
    app = ExoTuiApp(ai_pause=0, opening=saved, analysis_level=LEVEL)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("R")
        await app.workers.wait_for_complete()
        await settle(pilot)
        review = app.screen
        assert isinstance(review, ReviewScreen) and review.review is not None
        await pilot.press("n")
        wanted = review.current
        assert wanted is not None and wanted.kind not in (core.GOOD, core.FORCED)
        await pilot.press("enter")
        await settle(pilot)
        # Back in the replay, before that decision, as its seat knew it, the better move told.
        assert app.screen is replay
        assert replay.position == wanted.index and replay.seat == wanted.seat
        assert str(replay.query_one("#replay-status", Static).render()) == better_text(wanted, replay.names)
        # R again: the same decision selected, at once (the review is kept beside the save).
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen) and app.screen.current == wanted


@in_event_loop
async def test_r_in_the_replay_of_a_game_in_play_says_why_not(tmp_path: Path) -> None:
    saved = unfinished(tmp_path)
    app = ExoTuiApp(ai_pause=0, opening=saved, analysis_level=LEVEL)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("R")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
        status = str(app.screen.query_one("#replay-status", Static).render())
        assert status.startswith("Only a finished game can be reviewed")


@in_event_loop
async def test_the_end_box_offers_a_review_of_the_game(tmp_path: Path) -> None:
    app = ExoTuiApp(ai_pause=0, saves=SaveDir(tmp_path), analysis_level=LEVEL)
    async with app.run_test(size=(80, 24)) as pilot:
        session = GameSession(games.get("exo2"), 4, None, (Seat("greedy"), Seat("greedy")))
        await app.push_screen(GameScreen(app.recorded(session), 0))
        menu = (await the_result_box(pilot)).query_one(OptionList)
        choices = [menu.get_option_at_index(index).id for index in range(menu.option_count)]
        assert choices == ["rematch", "replay", "review", "new", "title"]
        await pilot.press("down", "down", "down", "enter")  # Review this game (the box opens with none highlighted)
        await app.workers.wait_for_complete()
        await settle(pilot)
        # The review, over the game's replay at its last move.
        assert isinstance(app.screen, ReviewScreen) and app.screen.review is not None
        under = app.screen_stack[-2]
        assert isinstance(under, ReplayScreen) and under.at_end

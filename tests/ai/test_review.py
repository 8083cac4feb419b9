"""The game review (`exotui.ai.review`, `exotui review`): every decision of a seat judged from that seat's view."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path
from typing import Any

import msgspec
import pytest

from exotui import games
from exotui.ai import review
from exotui.cli import main
from exotui.engine.records import SavedGame
from exotui.engine.savedir import review_cache
from review_builders import recorded, unfinished

# Small budgets: the tests check what is judged and how, not how well.
LEVEL = "it=40"
EVERY_COUNT = [(game_id, n) for game_id in games.available() for n in games.get(game_id).player_counts]


def decisions_of(saved: SavedGame, seat: int) -> list[int]:
    game = saved.game
    return [index for index, state in enumerate(saved.states[:-1]) if game.current_player(state) == seat]


@pytest.mark.parametrize(("game_id", "players"), EVERY_COUNT)
def test_every_game_and_player_count_is_reviewed_seat_by_seat(tmp_path: Path, game_id: str, players: int) -> None:
    saved = recorded(tmp_path, game_id, ("greedy",) * players)
    judged = review.review(saved, level=LEVEL)
    assert judged is not None
    # Nobody is a person: every seat is reviewed, each of its decisions once, in the order played.
    assert judged.seats == tuple(range(players))
    assert [d.index for d in judged.decisions] == sorted(i for s in range(players) for i in decisions_of(saved, s))
    for decision in judged.decisions:
        assert decision.kind in (*review.KINDS, review.FORCED)
        if decision.kind != review.FORCED:
            assert decision.before is not None and 0 <= decision.before <= 100
            assert decision.kind == review.classify(decision.loss)
    assert [summary.seat for summary in judged.summaries] == list(range(players))
    for summary in judged.summaries:
        mine = [d for d in judged.decisions if d.seat == summary.seat]
        assert summary.decisions + summary.forced == len(mine)
        assert sum(summary.counts) == summary.decisions
        if summary.start is not None:
            # Every point is told once: the first estimate, less the losses, plus the luck, is the result.
            assert summary.start - summary.lost_to_decisions + summary.luck == pytest.approx(summary.result)


def test_the_people_are_reviewed_by_default_and_any_seat_on_request(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "rodents", ("greedy", "random", "greedy"), people=(0, 2))
    assert review.reviewed_seats(saved) == (0, 2)
    assert review.reviewed_seats(saved, 1) == (1,)
    with pytest.raises(review.ReviewError, match="seats 1 to 3, not 4"):
        review.reviewed_seats(saved, 3)
    judged = review.review(saved, level=LEVEL)
    assert judged is not None
    assert {d.seat for d in judged.decisions} == {0, 2}


def test_a_decision_is_classed_by_the_points_it_lost() -> None:
    assert [review.classify(loss) for loss in (0, 4.99, 5, 9.99, 10, 14.99, 15, 60)] == [
        "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder",
    ]  # fmt: skip


def test_forced_decisions_are_not_judged(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "exofauna", ("greedy", "greedy"))
    judged = review.review(saved, level=LEVEL)
    assert judged is not None
    game = saved.game
    for decision in judged.decisions:
        options = len(game.legal_actions(saved.states[decision.index]))
        assert (decision.kind == review.FORCED) == (options == 1)


def twin(saved: SavedGame, seat: int, seed: int = 5) -> SavedGame:
    """Another game that looks the same to `seat` at every moment: every position another truth behind the seat's
    view of it (hands, decks and the generator dealt anew), the other seats' decisions changed where they had a
    choice, and another seed in the header."""
    game, rng = saved.game, random.Random(seed)
    states = tuple(game.determinize(game.view(state, seat), seat, rng) for state in saved.states)
    actions = []
    for state, action in zip(states, saved.actions, strict=False):
        if game.current_player(state) != seat:
            action = rng.choice(game.legal_actions(state))
        actions.append(action)
    header = msgspec.structs.replace(saved.header, seed=saved.header.seed + 1)
    return msgspec.structs.replace(saved, header=header, actions=tuple(actions), states=states)


@pytest.mark.parametrize(("game_id", "players"), [(g, min(games.get(g).player_counts)) for g in games.available()])
def test_two_games_alike_to_a_seat_get_the_same_review_of_it(tmp_path: Path, game_id: str, players: int) -> None:
    saved = recorded(tmp_path, game_id, ("random",) * players)
    seat = 0
    other = twin(saved, seat)
    # The twin is a different game behind the same views (EXO n°2 hides nothing: only its other seats' moves differ).
    assert other.actions != saved.actions or other.states != saved.states
    first = review.review(saved, (seat,), LEVEL)
    second = review.review(other, (seat,), LEVEL)
    assert first == second


def test_a_review_is_the_same_every_time_and_whatever_the_jobs(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "exo2", ("greedy", "greedy"))
    once = review.review(saved, level=LEVEL)
    assert review.review(saved, level=LEVEL) == once
    assert review.review(saved, level=LEVEL, jobs=2) == once
    assert review.review(saved, level=LEVEL, seed=2) != once


def test_progress_is_told_decision_by_decision(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "rodents", ("greedy", "greedy"), people=(1,))
    told: list[tuple[int, int]] = []
    review.review(saved, level=LEVEL, on_progress=lambda done, total: told.append((done, total)))
    total = len(decisions_of(saved, 1))
    assert told == [(done, total) for done in range(total + 1)]


def test_a_cancelled_review_stops_with_nothing(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "exofauna", ("greedy", "greedy"))
    cancel = threading.Event()
    told: list[int] = []

    def progress(done: int, total: int) -> None:
        told.append(done)
        if done == 3:
            cancel.set()

    assert review.review(saved, level=LEVEL, on_progress=progress, cancel=cancel) is None
    assert told == [0, 1, 2, 3]


def test_a_review_stopped_half_way_goes_on_from_there(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "exofauna", ("greedy", "greedy"))
    cancel = threading.Event()

    def stop_at_three(done: int, total: int) -> None:
        if done == 3:
            cancel.set()

    assert review.review(saved, level=LEVEL, on_progress=stop_at_three, cancel=cancel, cache=True) is None
    told: list[int] = []
    whole = review.review(saved, level=LEVEL, on_progress=lambda done, _: told.append(done), cache=True)
    assert told[0] == 3
    assert whole == review.review(saved, level=LEVEL)


def test_an_unfinished_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = unfinished(tmp_path)
    with pytest.raises(review.ReviewError, match="not finished"):
        review.review(saved, level=LEVEL)
    before = saved.path.read_bytes()
    assert main(["review", str(saved.path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the game is not finished" in err
    assert saved.path.read_bytes() == before


def test_the_move_played_is_judged_where_the_game_would_not_search_it(tmp_path: Path) -> None:
    """Cryptid searches a dozen of its hundreds of questions; the one asked is searched with them."""
    saved = recorded(tmp_path, "cryptid", ("random", "random", "random"), seed=4)
    game: Any = saved.game
    unsearched = [
        task
        for task in review.tasks(saved, (0, 1, 2), review.review_config(LEVEL), 1)
        if task.played not in game.search_actions(task.view, task.seat, game.legal_actions(task.view))
    ]
    assert unsearched
    verdict = review.judge(unsearched[0])
    assert verdict.after is not None


# ---------------------------------------------------------------------------------------------------------------
# The cache beside the save


def test_a_second_look_reads_the_cache_and_the_save_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = recorded(tmp_path, "exofauna", ("greedy", "greedy"), people=(0,))
    before = saved.path.read_bytes()
    assert review.cached_review(saved, (0,), LEVEL) is None
    first = review.review(saved, level=LEVEL, cache=True)
    assert review_cache(saved.path).is_file()
    assert saved.path.read_bytes() == before

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("searched again")

    monkeypatch.setattr(review, "judge", no_search)
    assert review.review(saved, level=LEVEL, cache=True) == first
    assert review.cached_review(saved, (0,), LEVEL) == first
    # Another level or seed was never searched.
    assert review.cached_review(saved, (0,), "it=41") is None
    assert review.cached_review(saved, (0,), LEVEL, seed=2) is None


@pytest.mark.parametrize("damage", [b"", b"\x93\x01\x02", b"not msgpack at all" * 10])
def test_a_damaged_cache_is_searched_again(tmp_path: Path, damage: bytes) -> None:
    saved = recorded(tmp_path, "exo2", ("greedy", "greedy"))
    first = review.review(saved, level=LEVEL, cache=True)
    review_cache(saved.path).write_bytes(damage)
    assert review.cached_review(saved, (0, 1), LEVEL) is None
    assert review.review(saved, level=LEVEL, cache=True) == first
    assert review.cached_review(saved, (0, 1), LEVEL) == first


def test_a_cached_move_out_of_range_is_searched_again(tmp_path: Path) -> None:
    saved = recorded(tmp_path, "exo2", ("greedy", "greedy"))
    first = review.review(saved, level=LEVEL, cache=True)
    path = review_cache(saved.path)
    cached = msgspec.msgpack.decode(path.read_bytes(), type=review._Cache)
    wrong = [msgspec.structs.replace(cached.verdicts[0], best=10_000), *cached.verdicts[1:]]
    path.write_bytes(msgspec.msgpack.encode(review._Cache(cached.key, tuple(wrong))))
    assert review.cached_review(saved, (0, 1), LEVEL) is None
    assert review.review(saved, level=LEVEL, cache=True) == first


# ---------------------------------------------------------------------------------------------------------------
# The command


def test_the_command_prints_the_summary_of_each_seat_and_the_mistakes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = recorded(tmp_path, "rodents", ("random", "greedy"))
    assert main(["review", str(saved.path), "--level", LEVEL, "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Raging Rodents: review of Computer 1, Computer 2 (level it=40: 40 iterations a decision")
    assert "Computer 1: " in out and "Computer 2: " in out and "mean loss" in out and "luck" in out


def test_the_command_prints_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = recorded(tmp_path, "exo2", ("greedy", "greedy"))
    assert main(["review", str(saved.path), "--level", LEVEL, "--jobs", "1", "--seat", "2", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["seats"] == [1]
    assert printed == json.loads(json.dumps(msgspec.to_builtins(review.review(saved, (1,), LEVEL))))


def test_the_command_shares_the_apps_cache_beside_the_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = recorded(tmp_path, "exo2", ("greedy", "random"))
    # Reviewed before (as the app's review screen does): the command prints the same review with no search.
    reviewed = review.review(saved, level=LEVEL, cache=True)
    searched: list[int] = []
    judge_all = review.judge_all
    monkeypatch.setattr(
        review, "judge_all", lambda tasks, *rest: (searched.append(len(tasks)), judge_all(tasks, *rest))[1]
    )
    assert main(["review", str(saved.path), "--level", LEVEL, "--jobs", "1", "--json"]) == 0
    assert searched == [0]
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(msgspec.to_builtins(reviewed)))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "3"], "this game has seats 1 to 2, not 3"),
        (["--seat", "0"], "expected a number of at least 1"),
        (["--level", "s=1"], "the review level must be normal, hard or it=ITERATIONS"),
        (["--level", "it=0"], "bad review level 'it=0'"),
        (["--jobs", "x"], "expected a whole number"),
    ],
)
def test_a_bad_option_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    saved = recorded(tmp_path, "exo2", ("greedy", "greedy"))
    assert main(["review", str(saved.path), *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_a_file_that_is_no_save_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nothing.exosave"
    path.write_bytes(b"hello")
    assert main(["review", str(path)]) == 2
    assert capsys.readouterr().err.count("\n") == 1

"""Arena and bench: seat rotation, the tallies, the interval, and the CLI subcommands around them."""

from __future__ import annotations

import json

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st

from exotui.cli import _progress_bar, main
from exotui.measure.arena import ArenaReport, run_arena, run_bench, sample_positions, wilson
from toygames import CHAIN_NIM, TICTACTOE, TRICKS, ChainNim, Heap


class SeatZeroWins(ChainNim):
    """Chain Nim in which seat 0 wins whatever happens: only the seat decides, so rotation must even it out."""

    def outcome(self, state: Heap) -> tuple[float, ...]:
        return (1.0,) + (0.0,) * (state.players - 1)


@pytest.mark.parametrize("players", [2, 3])
def test_every_player_sits_in_every_seat_equally(players: int) -> None:
    report = run_arena(SeatZeroWins(), ["random"] * players, 4 * players, seed=3)
    assert [score.wins for score in report.scores] == [4] * players
    assert report.draws == 0


def test_mcts_never_loses_tictactoe_and_the_tallies_add_up() -> None:
    report = run_arena(TICTACTOE, ["mcts:it=400", "random"], 8, seed=1)
    mcts, rnd = report.scores
    assert mcts.losses == 0
    assert mcts.wins + rnd.wins + report.draws == report.games == 8
    assert (mcts.draws, rnd.draws) == (report.draws, report.draws)
    assert mcts.score == (mcts.wins + 0.5 * mcts.draws) / 8
    assert mcts.win_low <= mcts.win_rate <= mcts.win_high
    assert mcts.decisions > 0 and mcts.mean_decision_seconds > 0


def test_arena_needs_a_whole_number_of_rotations() -> None:
    with pytest.raises(ValueError, match="multiple of 3"):
        run_arena(TRICKS, ["random", "random", "greedy"], 4, seed=1)


def test_arena_progress_is_reported_after_every_game() -> None:
    seen: list[int] = []
    run_arena(TRICKS, ["random", "greedy"], 4, seed=2, on_game=lambda done, report: seen.append(report.games))
    assert seen == [1, 2, 3, 4]


def _without_timing(report: ArenaReport) -> ArenaReport:
    scores = tuple(msgspec.structs.replace(score, mean_decision_seconds=0.0) for score in report.scores)
    return msgspec.structs.replace(report, scores=scores)


def test_arena_gives_the_same_report_whatever_the_number_of_jobs() -> None:
    one = run_arena(TRICKS, ["mcts:it=30", "greedy", "random"], 6, seed=4, jobs=1)
    seen: list[int] = []
    two = run_arena(
        TRICKS, ["mcts:it=30", "greedy", "random"], 6, seed=4, jobs=2, on_game=lambda done, _: seen.append(done)
    )
    assert _without_timing(one) == _without_timing(two)
    # Reported in game order, one call per game, as without jobs.
    assert seen == [1, 2, 3, 4, 5, 6]
    # The deals differ, so the games do: a report that ignored them would tie every player.
    assert len({score.wins for score in one.scores}) > 1


def test_arena_refuses_no_jobs() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        run_arena(TRICKS, ["random", "random"], 2, seed=1, jobs=0)


def test_cli_arena_jobs_do_not_change_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    reports = []
    for jobs in ("1", "2"):
        argv = ["arena", "--game", "exo2", "--players", "greedy,random", "--games", "4", "--jobs", jobs, "--json"]
        assert main(argv) == 0
        reports.append(msgspec.json.decode(capsys.readouterr().out, type=ArenaReport))
    assert _without_timing(reports[0]) == _without_timing(reports[1])


def test_progress_bar_fills_and_says_the_time_left() -> None:
    assert _progress_bar(0, 10, 0.0, width=10) == "[..........] 0/10 games, 0 s"
    assert _progress_bar(5, 10, 20.0, width=10) == "[#####.....] 5/10 games, 20 s, about 20 s left"
    assert _progress_bar(10, 10, 41.0, width=10) == "[##########] 10/10 games, 41 s"


@given(trials=st.integers(1, 500), data=st.data())
def test_wilson_interval_holds_the_rate_and_stays_in_bounds(trials: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(0, trials))
    low, high = wilson(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0
    # Four times the evidence at the same rate gives a narrower interval.
    wider_low, wider_high = wilson(successes * 4, trials * 4)
    assert wider_high - wider_low < high - low


def test_wilson_interval_known_values() -> None:
    # From the closed form: 0 of 10 gives (0, z^2 / (n + z^2)); 5 of 10 is symmetric about one half.
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(1.959963984540054**2 / (10 + 1.959963984540054**2))
    low, high = wilson(5, 10)
    assert low + high == pytest.approx(1.0)
    assert (low, high) == pytest.approx((0.2366, 0.7634), abs=1e-4)


def test_bench_counts_every_iteration_on_real_choices() -> None:
    report = run_bench(TRICKS, "mcts:it=60", positions=4, seed=5)
    assert report.iterations == 240
    assert report.iterations_per_second > 0
    assert 1.0 <= report.mean_depth <= report.max_depth
    assert all(len(TRICKS.legal_actions(state)) > 1 for state, _ in sample_positions(TRICKS, 4, 5))


def test_bench_refuses_a_player_that_does_not_search() -> None:
    with pytest.raises(ValueError, match="search player"):
        run_bench(CHAIN_NIM, "greedy", positions=1, seed=1)


def test_cli_arena_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "exofauna", "--players", "mcts:it=10,random", "--games", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2
    assert [score["spec"] for score in report["scores"]] == ["mcts:it=10", "random"]


def test_cli_bench_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--game", "exofauna", "--player", "mcts:it=20", "--positions", "2"]) == 0
    out = capsys.readouterr().out
    assert "iterations/s" in out and "playouts/s" in out and "mean tree depth" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "--players", "mcts,random", "--games", "3"], "multiple of 2"),
        (["arena", "--players", "mcts:huge,random"], "bad player 'mcts:huge'"),
        (["arena", "--players", "mcts"], "played by 2 players, got 1"),
        (["arena", "--game", "chess", "--players", "mcts,random"], "unknown game 'chess'"),
        (["bench", "--player", "greedy"], "search player"),
        (["bench", "--player", "mcts:it=x"], "'x' is not a number"),
        (["bench", "--positions", "0"], "at least 1"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_code_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1

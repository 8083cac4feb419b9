"""The SPRT on pairs of games: known values of its statistics, and `arena --sprt` stopping on its verdict."""

from __future__ import annotations

import json
import math
from pathlib import Path

import msgspec
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_arena import SeatZeroWins

from exotui.cli import main
from exotui.measure import sprt
from exotui.measure.arena import SprtReport, run_arena, run_sprt
from toygames import TICTACTOE, TRICKS

pentanomials = st.lists(st.integers(0, 300), min_size=5, max_size=5).filter(lambda c: sum(c) > 0)


# Fishtest's LLR_logistic (server/fishtest/stats/LLRcalc.py, scipy's brentq on the secular equation), run on these
# pentanomials: the same statistic solved another way must agree to far below a verdict's precision.
@pytest.mark.parametrize(
    ("counts", "elo0", "elo1", "expected"),
    [
        ((1, 60, 500, 1200, 600), 0, 2, 13.53056854384076),
        ((10, 20, 40, 25, 5), 0, 30, -2.26758490913808),
        ((3, 5, 10, 7, 2), -10, 20, -0.11465835746595304),
        # Unseen outcomes weigh 1e-3 each, counted in the number of pairs, as fishtest's `regularize`.
        ((0, 0, 5, 0, 5), 0, 30, 0.8261028149956934),
    ],
)
def test_llr_agrees_with_fishtest(counts: tuple[int, ...], elo0: float, elo1: float, expected: float) -> None:
    assert sprt.llr(counts, elo0, elo1) == pytest.approx(expected, abs=1e-9)


def test_llr_of_pairs_all_won_or_all_lost_is_the_binomial_one() -> None:
    """A worked example by hand: with only LL and WW pairs, each pair is a coin of bias s, and the likelihood
    ratio is (s1/s0)^W ((1-s1)/(1-s0))^L. With s0 = 1/2 and s1 = 1/(1 + 10^(-30/400)) = 0.543066 and 120 WW,
    100 LL: 120 ln 1.086133 + 100 ln 0.913867 = 9.914840 - 9.007021 = 0.907819."""
    s0, s1 = 0.5, 1 / (1 + 10 ** (-30 / 400))
    assert s1 == pytest.approx(0.543066, abs=1e-6)
    by_hand = 120 * math.log(s1 / s0) + 100 * math.log((1 - s1) / (1 - s0))
    assert by_hand == pytest.approx(0.907819, abs=1e-6)
    # The three unseen outcomes' small weight moves it by about 1e-5.
    assert sprt.llr((100, 0, 0, 0, 120), 0, 30) == pytest.approx(by_hand, abs=1e-4)


@given(pentanomials)
def test_swapping_the_players_negates_the_ratio(counts: list[int]) -> None:
    """A's pairs read from B's side are the counts reversed, and H0/H1 for B are -ELO1/-ELO0."""
    assert sprt.llr(counts[::-1], -30, 0) == pytest.approx(-sprt.llr(counts, 0, 30), abs=1e-7)


def test_the_brownian_approximation_is_close_for_small_differences() -> None:
    counts = (40, 210, 500, 230, 45)
    exact, normal = sprt.llr(counts, 0, 5), sprt.llr_normal(counts, 0, 5)
    assert exact == pytest.approx(normal, rel=0.01)


@given(pentanomials, st.floats(-200, 200), st.floats(-200, 200))
def test_the_nearest_distribution_has_the_mean_asked(counts: list[int], elo0: float, elo1: float) -> None:
    _, shares = sprt._distribution(counts)
    for elo in (elo0, elo1):
        nearest = sprt.nearest_with_mean(shares, sprt.score_of(elo))
        assert sum(nearest) == pytest.approx(1, abs=1e-9)
        assert all(p > 0 for p in nearest)
        assert sum(p * a for p, a in zip(nearest, sprt.PAIR_SCORES, strict=True)) == pytest.approx(
            sprt.score_of(elo), abs=1e-9
        )


def test_bounds_scores_and_elo_known_values() -> None:
    assert sprt.bounds(0.05, 0.05) == pytest.approx((-math.log(19), math.log(19)))
    assert math.log(19) == pytest.approx(2.944439, abs=1e-6)
    assert sprt.score_of(0) == 0.5
    # 3 to 1 odds: 400 log10(3).
    assert sprt.elo_of(0.75) == pytest.approx(190.848502, abs=1e-6)
    assert sprt.elo_of(sprt.score_of(-123.4)) == pytest.approx(-123.4)
    assert (sprt.elo_of(0.0), sprt.elo_of(1.0)) == (-math.inf, math.inf)
    with pytest.raises(ValueError, match="alpha and beta"):
        sprt.bounds(0.6, 0.5)


def test_elo_interval_of_even_pairs_is_centred_on_zero() -> None:
    """10 WL/DD, 5 LL and 5 WW pairs: mean 1/2, pair variance (10 * 1/4) / 20 = 1/8 (unseen outcomes aside)."""
    elo, low, high = sprt.elo_interval((5, 0, 10, 0, 5))
    assert elo == pytest.approx(0, abs=0.01)
    half = 1.959964 * math.sqrt(0.125 / 20)
    assert (low, high) == pytest.approx((sprt.elo_of(0.5 - half), sprt.elo_of(0.5 + half)), abs=0.1)


def test_status_gives_a_verdict_only_outside_the_bounds() -> None:
    assert sprt.status([0] * 5, 0, 30, 0.05, 0.05).verdict is sprt.Verdict.NONE
    assert sprt.status((0, 0, 0, 0, 40), 0, 30, 0.05, 0.05).verdict is sprt.Verdict.H1
    assert sprt.status((40, 0, 0, 0, 0), 0, 30, 0.05, 0.05).verdict is sprt.Verdict.H0
    assert sprt.status((3, 0, 4, 0, 3), 0, 30, 0.05, 0.05).verdict is sprt.Verdict.NONE


def test_a_few_pairs_all_alike_give_no_verdict_however_far_the_ratio_runs() -> None:
    # Five deals each won from the same seat: nearly no spread, a ratio past the bound, too few pairs to mean it.
    few = sprt.status((0, 0, 5, 0, 0), 100, 250, 0.05, 0.05)
    assert few.llr <= few.lower and few.verdict is sprt.Verdict.NONE
    assert sprt.status((0, 0, 0, 0, sprt.MIN_PAIRS - 1), 0, 30, 0.05, 0.05).verdict is sprt.Verdict.NONE
    assert sprt.status((0, 0, sprt.MIN_PAIRS, 0, 0), 100, 250, 0.05, 0.05).verdict is sprt.Verdict.H0


@pytest.mark.parametrize(
    ("text", "message"), [("30", "two numbers"), ("a,b", "two numbers"), ("30,0", "below"), ("0,inf", "finite")]
)
def test_bad_bounds_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sprt.parse_bounds(text)


def test_a_seat_that_always_wins_is_cancelled_by_the_pairs() -> None:
    """Seat 0 wins every game, so every pair is one win and one loss: no difference, and H0 [0, 100] follows."""
    report = run_sprt(SeatZeroWins(), ["random", "greedy"], 0, 100, seed=2, max_games=200)
    assert report.test.verdict is sprt.Verdict.H0
    assert report.test.pentanomial == (0, 0, report.test.pairs, 0, 0)
    assert report.arena.games == 2 * report.test.pairs
    assert report.test.elo == pytest.approx(0, abs=1)


def test_a_much_stronger_player_is_accepted_early_with_the_arenas_games() -> None:
    seen: list[int] = []
    report = run_sprt(
        TICTACTOE, ["mcts:it=300", "random"], 0, 200, seed=1, max_games=100, on_pair=lambda t, _: seen.append(t.pairs)
    )
    assert report.test.verdict is sprt.Verdict.H1
    assert seen == list(range(1, report.test.pairs + 1))
    assert report.test.llr >= report.test.upper
    # The same deals and seeds as a plain arena of as many games.
    arena = run_arena(TICTACTOE, ["mcts:it=300", "random"], report.arena.games, seed=1)
    assert [s.wins for s in arena.scores] == [s.wins for s in report.arena.scores]


def _without_timing(report: SprtReport) -> SprtReport:
    scores = tuple(msgspec.structs.replace(score, mean_decision_seconds=0.0) for score in report.arena.scores)
    return msgspec.structs.replace(report, arena=msgspec.structs.replace(report.arena, scores=scores))


def test_the_test_stops_where_it_would_whatever_the_jobs() -> None:
    one = run_sprt(TRICKS, ["mcts:it=30", "random"], -50, 50, seed=4, max_games=12, jobs=1)
    two = run_sprt(TRICKS, ["mcts:it=30", "random"], -50, 50, seed=4, max_games=12, jobs=2)
    assert _without_timing(one) == _without_timing(two)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_test_stopped_early_goes_on_with_the_games_and_the_stop_of_the_longer_one(jobs: int) -> None:
    # The same players, seed and bounds: stopped at 4 games, then given its pairs, it plays games 5 on exactly as
    # one run to 12 games did, and ends where that run ended.
    specs, bounds = ["mcts:it=30", "random"], (-50.0, 50.0)
    whole = run_sprt(TRICKS, specs, *bounds, seed=4, max_games=12)
    first = run_sprt(TRICKS, specs, *bounds, seed=4, max_games=4)
    rest = run_sprt(TRICKS, specs, *bounds, seed=4, max_games=12, jobs=jobs, after=first.test.pentanomial)
    assert first.test.pairs == 2 and whole.test.pairs > 2
    assert rest.test == whole.test
    assert rest.arena.games == whole.arena.games - 4
    assert [a.wins + b.wins for a, b in zip(first.arena.scores, rest.arena.scores, strict=True)] == [
        s.wins for s in whole.arena.scores
    ]


def test_a_test_already_decided_by_its_earlier_pairs_plays_nothing() -> None:
    report = run_sprt(TRICKS, ["random", "greedy"], 0, 100, seed=1, max_games=10, after=(0, 0, 0, 0, 30))
    assert report.test.verdict is sprt.Verdict.H1 and report.arena.games == 0


@pytest.mark.parametrize(
    ("specs", "max_games", "message"),
    [
        (["random", "greedy", "random"], 10, "compares two players"),
        (["random", "greedy"], 7, "even number"),
    ],
)
def test_run_sprt_refuses(specs: list[str], max_games: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        run_sprt(TRICKS, specs, 0, 10, seed=1, max_games=max_games)


def test_cli_sprt_prints_the_running_test_and_a_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "exo2", "--players", "greedy,random", "--sprt", "0,100", "--jobs", "1"]
    assert main([*argv, "--max-games", "40"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2 games [LL ") and "LLR " in lines[0] and "(-2.94, 2.94)" in lines[0]
    assert "95% CI" in lines[0]
    assert lines[-1].startswith("SPRT [0, 100] of greedy against random: ")
    assert "accepted" in lines[-1] or "no verdict within 40 games" in lines[-1]
    assert main([*argv, "--max-games", "4", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["arena"]["games"] == 4 and sum(report["test"]["pentanomial"]) == 2


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--sprt", "30,0"], "ELO0 below ELO1"),
        (["--sprt", "0,30", "--alpha", "1.5"], "alpha and beta"),
        (["--sprt", "0,30", "--max-games", "3"], "even number"),
        (["--sprt", "0,30", "--players", "random,greedy,random"], "compares two players"),
        (["--sprt", "0,30", "--after", "1,2,3"], "five whole numbers"),
        (["--sprt", "0,30", "--after", "1,x,0,0,0"], "whole numbers"),
        (["--sprt", "0,30", "--after", "1,0,-1,0,2"], "none below 0"),
        (["--sprt", "0,30", "--after", "0,0,5,0,0", "--max-games", "10"], "10 games already"),
        (["--after", "0,0,5,0,0"], "--after goes on with an SPRT"),
    ],
)
def test_cli_sprt_bad_input_is_one_line(extra: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "exo2", "--players", "greedy,random", *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_cli_sprt_against_another_checkout_plays_on_every_job(capsys: pytest.CaptureFixture[str]) -> None:
    """`--compare` players are made in the arena's worker processes too (each starts its own server of the
    checkout); the checkout here is this one, so the figures are those of one process."""
    checkout = str(Path(__file__).resolve().parents[2])
    argv = ["arena", "--game", "exo2", "--players", "compare:mcts:it=20,greedy", "--compare", checkout]
    reports = []
    for jobs in ("1", "2"):
        assert main([*argv, "--sprt=-50,50", "--max-games", "4", "--jobs", jobs, "--json"]) == 0
        reports.append(msgspec.json.decode(capsys.readouterr().out, type=SprtReport))
    assert _without_timing(reports[0]) == _without_timing(reports[1])
    assert reports[0].arena.games == 4

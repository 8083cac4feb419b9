"""The ladder: every pair plays, and the fitted ratings order the players as their results do."""

from __future__ import annotations

import json
from math import log10

import pytest

from exotui.cli import main
from exotui.measure.ladder import Pairing, fit_ratings, run_ladder
from toygames import TICTACTOE, TRICKS


def test_ratings_follow_the_odds_of_the_results() -> None:
    # 750 of 1000 is three to one: 400 * log10(3) points, the virtual draw pulling it in by a hair.
    [zero, gap] = fit_ratings(["a", "b"], [Pairing("a", "b", 1000, 0.25, 250, 750, 0)])
    assert zero == 0.0
    assert gap == pytest.approx(400 * log10(3), abs=1.0)
    assert fit_ratings(["a", "b"], [Pairing("a", "b", 10, 0.5, 0, 0, 10)]) == pytest.approx((0.0, 0.0))


def test_a_player_that_never_scores_keeps_a_finite_rating_below_the_rest() -> None:
    pairings = [
        Pairing("weak", "mid", 20, 0.0, 0, 20, 0),
        Pairing("weak", "strong", 20, 0.0, 0, 20, 0),
        Pairing("mid", "strong", 20, 0.25, 5, 15, 0),
    ]
    weak, mid, strong = fit_ratings(["weak", "mid", "strong"], pairings)
    assert weak == 0.0 < mid < strong < 2000


def test_the_ladder_plays_every_pair_and_ranks_the_search_above_random() -> None:
    ladder = run_ladder(TICTACTOE, ["random", "mcts:it=200", "greedy"], 4, seed=2)
    assert [(p.first, p.second) for p in ladder.pairings] == [
        ("random", "mcts:it=200"),
        ("random", "greedy"),
        ("mcts:it=200", "greedy"),
    ]
    assert all(p.first_wins + p.second_wins + p.draws == p.games == 4 for p in ladder.pairings)
    assert ladder.ratings[1] > ladder.ratings[0]


def test_the_ladder_refuses_a_game_not_for_two_and_repeated_players() -> None:
    with pytest.raises(ValueError, match="at least two different players"):
        run_ladder(TRICKS, ["random", "random"], 2, seed=1)


def test_cli_ladder_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["ladder", "--game", "exo2", "--players", "random,greedy", "--games", "2", "--jobs", "1", "--json"]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["players"] == ["random", "greedy"] and len(report["pairings"]) == 1
    assert report["ratings"][1] > report["ratings"][0]

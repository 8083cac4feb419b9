"""The fitted evaluation: the logistic regression finds known weights, a refit is the same for the same seed, and
each game's weights are data that say how they were fitted."""

from __future__ import annotations

import importlib
import json
import math
import random
import shlex
from pathlib import Path

import pytest

from exotui import games
from exotui.ai.fit import _solve, calibration, log_loss, logistic_fit, main, self_play
from exotui.games.exo2 import heuristic as exo2_heuristic
from exotui.games.exofauna import heuristic as exofauna_heuristic
from exotui.games.rodents import heuristic
from honesty import random_positions


def test_the_fit_finds_the_weights_that_made_the_labels() -> None:
    rng = random.Random(3)
    truth = (0.8, -1.5, 0.3)
    samples = []
    for _ in range(4000):
        x = tuple(rng.uniform(-2, 2) for _ in truth)
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        samples.append((x, 1.0 if rng.random() < p else 0.0))
    weights = logistic_fit(samples)
    assert weights == pytest.approx(truth, abs=0.15)
    # The maximum of the likelihood: better than the truth itself on its own sample, far better than nothing.
    assert log_loss(samples, weights) <= log_loss(samples, truth) < log_loss(samples, (0, 0, 0))


def test_a_shared_win_counts_half_each_way() -> None:
    # Labels of one half at x = 1: the fit is indifferent, weight 0.
    assert logistic_fit([((1.0,), 0.5)] * 10) == pytest.approx([0.0], abs=1e-9)


def test_solve_inverts_a_small_system() -> None:
    assert _solve([[0.0, 2.0], [4.0, 1.0]], [2.0, 9.0]) == pytest.approx([2.0, 1.0])


def test_self_play_labels_every_position_with_the_result_from_seat_0() -> None:
    game = games.get("rodents")
    samples = self_play(game, heuristic.features, "greedy", 2, seed=5)
    assert len({label for _, label in samples}) <= 2
    assert all(len(x) == len(heuristic.FEATURES) for x, _ in samples)


def test_rodents_weights_are_data_with_the_command_that_refits_them() -> None:
    data = json.loads(heuristic.WEIGHTS_PATH.read_text())
    assert data["features"] == list(heuristic.FEATURES)
    assert tuple(data["weights"]) == heuristic.WEIGHTS
    assert data["refit"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rodents_evaluation_is_the_softmax_of_the_weighted_features(players: int) -> None:
    game = games.get("rodents")
    for state in random_positions(game, range(6), (0, 20), players):
        if game.current_player(state) is None:
            continue
        utility = [
            sum(w * f for w, f in zip(heuristic.WEIGHTS, heuristic.features(state, seat), strict=True))
            for seat in range(players)
        ]
        total = sum(math.exp(u) for u in utility)
        assert game.evaluate(state) == pytest.approx([math.exp(u) / total for u in utility])


def test_calibration_bins_the_predictions_with_what_happened() -> None:
    samples = [((-2.0,), 0.0), ((-2.0,), 0.0), ((0.0,), 1.0), ((3.0,), 1.0)]
    bins = calibration(samples, [1.0], bins=2)
    assert [n for _, _, n in bins] == [2, 2]
    assert bins[0][1] == 0.0 and bins[1][1] == 1.0
    assert bins[0][0] == pytest.approx(1 / (1 + math.exp(2)))


def test_a_refit_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    outs = [tmp_path / "first.json", tmp_path / "second.json"]
    for out in outs:
        assert main(["exofauna", "--games", "5", "--seed", "2", "--player", "greedy", "--out", str(out)]) == 0
    assert outs[0].read_text() == outs[1].read_text()
    data = json.loads(outs[0].read_text())
    assert data["features"] == list(exofauna_heuristic.FEATURES)
    assert data["refit"].startswith("python -m exotui.ai.fit exofauna --games 5 --seed 2 --player greedy")
    assert len(data["weights"]) == len(exofauna_heuristic.FEATURES) and data["positions"] > 0


def test_the_refit_command_replays_the_same_games_once_the_file_holds_its_weights(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The players search with the evaluation being refitted: the command names the weights they played with, so
    # that it gives the same file again after the refitted weights replaced them.
    first, again = tmp_path / "first.json", tmp_path / "again.json"
    assert main(["exofauna", "--games", "5", "--seed", "4", "--player", "greedy", "--out", str(first)]) == 0
    data = json.loads(first.read_text())
    written = ",".join(f"{w:g}" for w in exofauna_heuristic.WEIGHTS)
    assert data["refit"].endswith(f"--self-play-weights {written}")
    monkeypatch.setattr(exofauna_heuristic, "WEIGHTS_PATH", first)
    assert main([*shlex.split(data["refit"])[3:], "--out", str(again)]) == 0
    assert again.read_text() == first.read_text()


def test_self_play_weights_must_be_one_number_per_feature(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["exofauna", "--games", "5", "--self-play-weights", "1,2"])
    assert "--self-play-weights needs 3 weights (claimed, hole lead, locked), got 2" in capsys.readouterr().err


@pytest.mark.parametrize("game_id", ["rodents", "exofauna", "exo2", "endless"])
def test_each_weights_file_s_command_refits_it(game_id: str, tmp_path: Path) -> None:
    # The file's own command, cut to 5 games (the last --games wins): it runs and writes weights of the same shape.
    module = importlib.import_module(f"exotui.games.{game_id}.heuristic")
    data = json.loads(module.WEIGHTS_PATH.read_text())
    if data["refit"].startswith("hand-written"):
        # Nothing to rerun: the file says how the weights were written, and that no position fitted them.
        assert data["refit"] != "hand-written" and data["positions"] == 0
        return
    argv = shlex.split(data["refit"])
    assert argv[:4] == ["python", "-m", "exotui.ai.fit", game_id]
    out = tmp_path / "weights.json"
    assert main([*argv[3:], "--games", "5", "--out", str(out)]) == 0
    assert json.loads(out.read_text())["features"] == data["features"]


def test_a_game_without_a_fitted_evaluation_is_told_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["cryptid", "--games", "5"])
    assert "'cryptid' has no fitted evaluation" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["nope"])
    assert "unknown game 'nope'; choose one of: " in capsys.readouterr().err


def test_the_seat_term_is_fitted_and_left_out_of_the_weights(tmp_path: Path) -> None:
    out = tmp_path / "weights.json"
    assert main(["exo2", "--games", "5", "--player", "greedy", "--seat-term", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert len(data["weights"]) == len(exo2_heuristic.FEATURES)
    assert isinstance(data["first seat, left out"], float)
    assert "--seat-term" in data["refit"]

"""The headless CLI: its figures and its one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from exotui import __version__, games
from exotui.cli import main


def test_selfplay_prints_wins_draws_and_means_as_json(capsys):
    assert main(["selfplay", "--game", "exofauna", "--games", "6", "--seed", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 6 and summary["players"] == ["random", "random"]
    assert sum(summary["wins"]) + summary["draws"] == 6
    assert summary["mean_turns"] > 1 and summary["mean_actions"] > summary["mean_turns"]


def test_selfplay_is_reproducible_from_its_seed(capsys):
    main(["selfplay", "--games", "4", "--seed", "11", "--variant", "quick", "--json"])
    first = capsys.readouterr().out
    main(["selfplay", "--games", "4", "--seed", "11", "--variant", "quick", "--json"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["selfplay", "--game", "chess"], "unknown game 'chess'"),
        (["selfplay", "--players", "random,wizard"], "unknown player 'wizard'"),
        (["selfplay", "--players", "random"], "played by 2 players, got 1"),
        (["selfplay", "--games", "0"], "at least 1"),
        (["selfplay", "--games", "many"], "whole number"),
        (["selfplay", "--variant", "long"], "no variant 'long'"),
        (["selfplay", "--frobnicate"], "unrecognized arguments"),
        (["nonsense"], "invalid choice"),
        (["selfplay", "--game", "cryptid", "--players", "random"], "Cryptid is played by 2 to 5 players, got 1"),
        (["serve", "--port", "99999"], "a port from 0 (any free one) to 65535, got 99999"),
        (["serve", "--port", "ssh"], "expected a port number, got 'ssh'"),
    ],
)
def test_bad_input_is_one_line_on_stderr_with_exit_code_2(argv, message, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err and captured.err.startswith("exotui: error:")


def test_python_dash_m_runs_the_same_command():
    done = subprocess.run(
        [sys.executable, "-m", "exotui", "selfplay", "--games", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["games"] == 1


def test_bench_rules_counts_the_actions_of_its_random_games(capsys):
    assert main(["bench", "--rules", "--positions", "5", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 5 and report["actions"] > 5 * 10
    assert report["actions_per_second"] == pytest.approx(report["actions"] / report["seconds"])


def test_version_prints_the_version(capsys):
    with pytest.raises(SystemExit) as leaving:
        main(["--version"])
    assert leaving.value.code == 0
    assert capsys.readouterr().out == f"exotui {__version__}\n"


@pytest.mark.parametrize("game_id", games.available())
def test_help_lists_every_registered_game_with_its_players_and_variants(capsys, game_id):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    game = games.get(game_id)
    line = next(line for line in out.splitlines() if line.startswith(f"  {game_id} "))
    assert game.title in line and str(min(game.player_counts)) in line
    assert all(variant in line for variant in game.variants) or "no variants" in line
    assert "mcts|cheat[:LEVEL]: LEVEL is easy, normal, hard (0.25, 1, 4 s a decision" in out

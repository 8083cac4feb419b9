"""The headless CLI: its figures and its one-line errors."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from exotui import __version__, games
from exotui.cli import build_parser, main


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
        # argparse said "required: --players" for these, before the bad flag or game.
        (["arena", "--bogus"], "unrecognized arguments: --bogus (see exotui arena --help)"),
        (["arena", "--game", "nope"], "unknown game 'nope'; choose one of: exofauna,"),
        (["arena", "--players", "random,random", "--bogus"], "unrecognized arguments: --bogus"),
        (["verify", "--bogus"], "unrecognized arguments: --bogus"),
        (["arena"], "required: --players"),
        (["verify"], "required: file"),
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


def subcommands() -> list[str]:
    parser = build_parser()
    [sub] = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    return sorted(sub.choices)


@pytest.mark.parametrize("command", subcommands())
def test_every_subcommand_names_an_unknown_flag_first(command, capsys):
    assert main([command, "--bogus"]) == 2
    err = capsys.readouterr().err
    assert err == f"exotui: error: unrecognized arguments: --bogus (see exotui {command} --help)\n"


@pytest.mark.parametrize("command", ["selfplay", "arena", "ladder", "bench"])
def test_every_game_option_names_an_unknown_game_first(command, capsys):
    assert main([command, "--game", "nope", "--bogus"]) == 2
    assert "unknown game 'nope'" in capsys.readouterr().err


def test_two_players_alike_in_an_arena_are_told_apart_by_their_place(capsys):
    assert main(["arena", "--game", "exo2", "--players", "random,random", "--games", "2", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("  random (player 1): wins ") and lines[2].startswith("  random (player 2): wins ")


def test_selfplay_counts_a_solo_game_lost_to_the_automaton_as_its_win_not_a_draw(capsys):
    """Seeds 1 to 3 with the greedy player: 13-12 at seed 3 is a win, the other two are lost."""
    assert main(["selfplay", "--game", "rodents", "--players", "greedy", "--games", "3", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["wins"], summary["rival_wins"], summary["draws"]) == ([1.0], 2, 0)
    assert main(["selfplay", "--game", "rodents", "--players", "greedy", "--games", "3"]) == 0
    assert "  the automaton: 2 wins" in capsys.readouterr().out.splitlines()


SAMPLE = Path(__file__).parents[2] / "saves" / "exo2.exosave"


@pytest.mark.parametrize(
    ("argv", "instead"),
    [([], "exotui --help lists the commands"), (["replay", str(SAMPLE)], f"exotui replay {SAMPLE} --text prints")],
)
def test_the_app_without_a_terminal_is_a_one_line_error(argv, instead):
    """Into a pipe, the full-screen app drew for no one and never ended."""
    done = subprocess.run(
        [sys.executable, "-m", "exotui", *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("exotui: error: the app is full-screen and needs a terminal, but its output is not")
    assert instead in done.stderr and done.stderr.count("\n") == 1


def test_bench_of_the_rules_refuses_a_comparison_it_would_not_make(capsys):
    """`bench --rules --compare DIR` timed this checkout alone and said nothing of DIR's."""
    assert main(["bench", "--game", "exo2", "--rules", "--compare", "/tmp"]) == 2
    assert "--compare times the searches of two checkouts" in capsys.readouterr().err

"""Measuring against another checkout (`--compare DIR`): bench runs interleaved, arenas with its players.

The checkout compared with is this one, so the two sides must agree where the search is deterministic.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from exotui.cli import main
from exotui.games import get
from exotui.measure import compare
from exotui.measure.arena import run_arena

CHECKOUT = str(Path(__file__).resolve().parents[2])


def test_bench_compare_takes_turns_on_the_same_positions_and_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--game", "exo2", "--player", "mcts:it=30", "--positions", "2", "--compare", CHECKOUT]
    assert main([*argv, "--rounds", "2", "--json"]) == 0
    rounds = json.loads(capsys.readouterr().out)
    assert len(rounds) == 2
    for run in rounds:
        # An iteration budget on the same positions and seeds: the same searches on both sides.
        assert run["compared"]["iterations"] == run["this"]["iterations"] > 0
        assert run["compared"]["cpu_seconds"] > 0 and run["this"]["seconds"] > 0
        assert run["load"] >= 0
    assert main([*argv, "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "1 round, taking turns" in out and "round 1 (load" in out and "all rounds: compared" in out


def test_a_player_of_the_compared_checkout_plays_as_the_same_player_here() -> None:
    game = get("exo2")
    src = compare.source_dir(CHECKOUT)

    def make(spec: str, seed: int) -> compare.CheckoutPlayer:
        return compare.CheckoutPlayer(src, spec.removeprefix(compare.PREFIX), seed)

    try:
        there = run_arena(game, ["compare:mcts:it=20", "compare:greedy"], 2, seed=4, make=make)
    finally:
        compare.close_servers()
    here = run_arena(game, ["mcts:it=20", "greedy"], 2, seed=4)
    assert [s.wins for s in there.scores] == [s.wins for s in here.scores]
    assert there.mean_actions == here.mean_actions


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["arena", "--players", "compare:mcts,random"], "needs --compare DIR"),
        (["arena", "--players", "compare:mcts,random", "--compare", "/nonexistent"], "not an exotui checkout"),
        (["arena", "--players", "compare:mcts:huge,random", "--compare", CHECKOUT], "bad player 'mcts:huge'"),
        (["bench", "--compare", "/nonexistent"], "not an exotui checkout"),
    ],
)
def test_bad_compare_input_is_one_line_and_exit_code_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1

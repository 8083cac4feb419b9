"""An evaluation fitted to self-play: logistic regression on a game's position features, in plain Python.

A game that wants its `evaluate` fitted offers `features(state, seat) -> tuple[float, ...]` (what a seat has,
from the true state, since `evaluate` judges determinized states) and keeps the fitted weights as data next to
its heuristic. Between seats the evaluation is a softmax of w . features (for two seats the logistic of the
difference), so the fit is a logistic regression of "seat 0 won" on features(seat 0) - features(seat 1), without an
intercept (the seats are alike). Refit with `python -m exotui.ai.fit GAME` (see `main`); docs/evaluation.md has
what each game's fit found and what it was worth in games.

A game's module `exotui.games.GAME.heuristic` offers what the tool needs: `features(state, seat)`, `FEATURES` (their
names) and `WEIGHTS_PATH` (the JSON file its evaluation reads: features, weights, the refit command, positions).
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from exotui import games
from exotui.ai.match import play_match
from exotui.ai.players import make_player
from exotui.engine.protocol import Game
from exotui.engine.weights import read_weights

Features = Callable[[Any, int], tuple[float, ...]]
# L2 penalty per sample: keeps the weights finite on separable data, far below what moves them otherwise.
_RIDGE = 1e-4


def self_play(
    game: Game, features: Features, spec: str, games_played: int, seed: int, variant: str | None = None
) -> list[tuple[tuple[float, ...], float]]:
    """Two-seat games of `spec` against itself: every position before a decision, as (seat 0's features minus
    seat 1's, seat 0's result: 1 won, 0 lost, 1/2 shared)."""
    samples: list[tuple[tuple[float, ...], float]] = []
    for index in range(games_played):
        players = [make_player(spec, seed * 1_000_003 + index * 2 + seat) for seat in range(2)]
        states: list[Any] = []

        def seen(state: Any, action: Any, states: list[Any] = states) -> None:
            states.append(state)

        result = play_match(game, players, seed + index, variant, on_action=seen)
        label = 0.5 + (result.outcome[0] - result.outcome[1]) / 2
        for state in states:
            mine, theirs = features(state, 0), features(state, 1)
            samples.append((tuple(a - b for a, b in zip(mine, theirs, strict=True)), label))
    return samples


def _chance(weights: Sequence[float], x: Sequence[float]) -> float:
    """The chance the model gives seat 0 on a position's feature differences `x`: the logistic of w . x."""
    return 1 / (1 + math.exp(-sum(w * v for w, v in zip(weights, x, strict=True))))


def logistic_fit(samples: Sequence[tuple[Sequence[float], float]], rounds: int = 30) -> list[float]:
    """The weights w maximizing the likelihood of the labels under P(1) = 1 / (1 + exp(-w . x)), by Newton's method
    (iteratively reweighted least squares); labels may be fractions (a shared win counts half each way)."""
    size = len(samples[0][0])
    weights = [0.0] * size
    for _ in range(rounds):
        gradient = [-_RIDGE * len(samples) * w for w in weights]
        hessian = [[(_RIDGE * len(samples) if i == j else 0.0) for j in range(size)] for i in range(size)]
        for x, y in samples:
            p = _chance(weights, x)
            spread = p * (1 - p)
            for i in range(size):
                gradient[i] += (y - p) * x[i]
                row = hessian[i]
                for j in range(size):
                    row[j] += spread * x[i] * x[j]
        step = _solve(hessian, gradient)
        weights = [w + s for w, s in zip(weights, step, strict=True)]
        if max(abs(s) for s in step) < 1e-10:
            break
    return weights


def log_loss(samples: Sequence[tuple[Sequence[float], float]], weights: Sequence[float]) -> float:
    """The mean negative log-likelihood of the labels: how well the weights predict the results."""
    total = 0.0
    for x, y in samples:
        p = _chance(weights, x)
        p = min(1 - 1e-12, max(1e-12, p))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(samples)


def calibration(
    samples: Sequence[tuple[Sequence[float], float]], weights: Sequence[float], bins: int = 5
) -> list[tuple[float, float, int]]:
    """Per bin of predicted chance (of seat 0 winning, `bins` equal bins over [0, 1]): the mean prediction, the mean
    result and how many positions, for the bins that hold any. A calibrated evaluation has the two means alike; a
    result further from 1/2 than the prediction says the evaluation is under-confident (its scale too small)."""
    sums = [[0.0, 0.0, 0] for _ in range(bins)]
    for x, y in samples:
        p = _chance(weights, x)
        row = sums[min(bins - 1, int(p * bins))]
        row[0] += p
        row[1] += y
        row[2] += 1
    return [(p / n, y / n, int(n)) for p, y, n in sums if n]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """matrix^-1 vector by Gaussian elimination with partial pivoting (the matrix is small and positive definite)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    out = [0.0] * n
    for r in range(n - 1, -1, -1):
        out[r] = (rows[r][n] - sum(rows[r][c] * out[c] for c in range(r + 1, n))) / rows[r][r]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m exotui.ai.fit GAME [--games N] [--seed S] [--player SPEC] [--scale-only] [--out FILE]`: refit
    GAME's evaluation weights from self-play and write them where its heuristic reads them (`WEIGHTS_PATH`)."""
    parser = argparse.ArgumentParser(prog="python -m exotui.ai.fit", description=main.__doc__)
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=300, help="self-play games (default: 300)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default: 1)")
    parser.add_argument("--player", default="mcts:it=100", help="who plays both seats (default: mcts:it=100)")
    parser.add_argument(
        "--scale-only",
        action="store_true",
        help="keep the current weights' proportions and fit one factor on them: calibrate, not reshape",
    )
    parser.add_argument(
        "--seat-term",
        action="store_true",
        help="also fit what the first seat is worth by itself, and leave it out of the evaluation (which stays alike "
        "for every seat)",
    )
    parser.add_argument(
        "--self-play-weights",
        metavar="W,W,...",
        help="the weights the self-play players' evaluation uses (default: the file's): the refit command names "
        "them, so that it replays the same games once the file holds the refitted weights",
    )
    parser.add_argument("--out", type=Path, help="write the weights here (default: the file the heuristic reads)")
    parser.add_argument("--dry-run", action="store_true", help="print the held-out check, write nothing")
    args = parser.parse_args(argv)
    if args.games < 5:
        parser.error(f"--games must be at least 5 (a fifth is held out), got {args.games}")
    if args.seat_term and args.scale_only:
        parser.error("--seat-term and --scale-only do not go together: a scale fits no new term")
    try:
        game = games.get(args.game)
    except games.UnknownGame as error:
        parser.error(str(error.args[0]))
    try:
        heuristic = importlib.import_module(f"exotui.games.{args.game}.heuristic")
        names, path = tuple(heuristic.FEATURES), Path(heuristic.WEIGHTS_PATH)
    except (ImportError, AttributeError):
        parser.error(f"{args.game!r} has no fitted evaluation (a heuristic module with FEATURES and WEIGHTS_PATH)")
    before = list(read_weights(path, names))
    played_with = before
    if args.self_play_weights is not None:
        try:
            played_with = [float(w) for w in args.self_play_weights.split(",")]
        except ValueError:
            parser.error(f"--self-play-weights takes numbers separated by commas, not {args.self_play_weights!r}")
        if len(played_with) != len(names):
            parser.error(f"--self-play-weights needs {len(names)} weights ({', '.join(names)}), got {len(played_with)}")
    # The players search with the game's evaluation, which reads the module's WEIGHTS on every call.
    kept = heuristic.WEIGHTS
    heuristic.WEIGHTS = tuple(played_with)  # type: ignore[attr-defined]
    try:
        samples = self_play(game, heuristic.features, args.player, args.games, args.seed)
    finally:
        heuristic.WEIGHTS = kept  # type: ignore[attr-defined]
    if args.seat_term:
        # A constant feature: the first seat's own advantage (EXO n°2's second seat wins more), fitted so that the
        # other weights do not absorb it, then dropped: no decision changes a seat, and the evaluation stays
        # symmetric between seats.
        samples = [((*x, 1.0), y) for x, y in samples]
        before = [*before, 0.0]

    def fitted(samples: list[tuple[tuple[float, ...], float]]) -> list[float]:
        if not args.scale_only:
            return logistic_fit(samples)
        # One feature, the current evaluation's own lead: its factor is all that is fitted.
        (factor,) = logistic_fit([((sum(w * v for w, v in zip(before, x, strict=True)),), y) for x, y in samples])
        return [factor * w for w in before]

    # The last fifth of the games held out, to tell a real gain from fitting the noise.
    cut = len(samples) * 4 // 5
    weights = fitted(samples[:cut])
    held_out = samples[cut:]
    print(f"{len(samples)} positions from {args.games} games of {args.player}; held-out log loss:")
    for name, tried in (("current", before), ("fitted", weights)):
        print(f"  {name:7} weights {[round(w, 4) for w in tried]}: {log_loss(held_out, tried):.4f}")
        bins = ", ".join(f"{p:.2f} -> {y:.2f} ({n})" for p, y, n in calibration(held_out, tried))
        print(f"    calibration, predicted -> won (positions): {bins}")
    if args.dry_run:
        return 0
    weights = fitted(samples)
    command = f"python -m exotui.ai.fit {args.game} --games {args.games} --seed {args.seed} --player {args.player}"
    command += " --scale-only" if args.scale_only else ""
    command += " --seat-term" if args.seat_term else ""
    command += " --self-play-weights " + ",".join(f"{w:g}" for w in played_with)
    data: dict[str, Any] = {
        "features": list(names),
        "weights": [round(w, 4) for w in weights[: len(names)]],
        "refit": command,
        "positions": len(samples),
    }
    if args.seat_term:
        data["first seat, left out"] = round(weights[-1], 4)
    out = args.out or path
    out.write_text(json.dumps(data, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

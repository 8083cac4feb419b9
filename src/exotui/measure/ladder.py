"""The ladder: an arena of every pair of players, and Elo-style ratings fitted to all its games.

Every pair plays the same deals with the seats rotated (`measure.run_arena`). Ratings are the Bradley-Terry
maximum-likelihood strengths on the Elo scale (400 points: ten to one odds), a draw counting half a win each way,
with one virtual draw per pair so a player that never scored keeps a finite rating. The first player is rated 0.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from math import log10

import msgspec

from exotui.engine.protocol import Game
from exotui.measure.arena import ArenaReport, run_arena

# The iterations of the fit; it moves by far less than a rating point long before.
_FIT_ROUNDS = 2000


class Pairing(msgspec.Struct, frozen=True):
    first: str
    second: str
    games: int
    # The mean outcome of `first` against `second` (a win 1, a draw one half).
    first_score: float
    first_wins: int
    second_wins: int
    draws: int


class LadderReport(msgspec.Struct, frozen=True):
    game: str
    variant: str | None
    seed: int
    games_per_pair: int
    players: tuple[str, ...]
    # Per player, in the order of `players`; the first is 0.
    ratings: tuple[float, ...]
    pairings: tuple[Pairing, ...]


def run_ladder(
    game: Game,
    specs: Sequence[str],
    games_per_pair: int,
    seed: int,
    variant: str | None = None,
    jobs: int = 1,
    on_pair: Callable[[int, int, ArenaReport], None] | None = None,
) -> LadderReport:
    """Play `games_per_pair` games (even: both seats) between every two players of `specs`, and rate them.

    `on_pair(done, pairs, report)` is called after each pair. A game for two players only.
    """
    if 2 not in game.player_counts:
        raise ValueError(f"{game.title} is not played by two, and the ladder plays pairs")
    if len(set(specs)) != len(specs) or len(specs) < 2:
        raise ValueError("the ladder needs at least two different players")
    pairs = list(combinations(specs, 2))
    pairings = []
    for done, (first, second) in enumerate(pairs, 1):
        report = run_arena(game, [first, second], games_per_pair, seed, variant, jobs=jobs)
        one, two = report.scores
        pairings.append(Pairing(first, second, report.games, one.score, one.wins, two.wins, report.draws))
        if on_pair is not None:
            on_pair(done, len(pairs), report)
    return LadderReport(
        game=game.id,
        variant=variant,
        seed=seed,
        games_per_pair=games_per_pair,
        players=tuple(specs),
        ratings=fit_ratings(specs, pairings),
        pairings=tuple(pairings),
    )


def fit_ratings(specs: Sequence[str], pairings: Sequence[Pairing]) -> tuple[float, ...]:
    """Bradley-Terry strengths by the minorization-maximization iteration (Hunter 2004), on the Elo scale."""
    index = {spec: i for i, spec in enumerate(specs)}
    n = len(specs)
    games = [[0.0] * n for _ in range(n)]
    wins = [0.0] * n
    for pairing in pairings:
        a, b = index[pairing.first], index[pairing.second]
        # One virtual draw per pair: half a win each way.
        played = pairing.games + 1
        games[a][b] += played
        games[b][a] += played
        wins[a] += pairing.first_score * pairing.games + 0.5
        wins[b] += (1 - pairing.first_score) * pairing.games + 0.5
    strength = [1.0] * n
    for _ in range(_FIT_ROUNDS):
        strength = [
            wins[i] / sum(games[i][j] / (strength[i] + strength[j]) for j in range(n) if games[i][j])
            if any(games[i])
            else strength[i]
            for i in range(n)
        ]
    return tuple(400 * log10(s / strength[0]) for s in strength)

"""Measuring players: arenas (who beats whom, seats rotated) and search benchmarks (how fast, how deep)."""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import ProcessPoolExecutor
from math import sqrt
from typing import Any

import msgspec

from exotui.ai.match import play_match
from exotui.ai.players import MctsPlayer, Player, RandomPlayer, make_player
from exotui.engine.protocol import Game
from exotui.measure import sprt

# The normal quantile of a two-sided 95% interval.
_Z95 = 1.959963984540054


class PlayerScore(msgspec.Struct, frozen=True):
    spec: str
    games: int
    wins: int
    draws: int
    losses: int
    # Wins over games, with its 95% Wilson score interval.
    win_rate: float
    win_low: float
    win_high: float
    # The mean outcome: 1 per win, shares for a shared win.
    score: float
    decisions: int
    mean_decision_seconds: float


class ArenaReport(msgspec.Struct, frozen=True):
    game: str
    variant: str | None
    players: tuple[str, ...]
    games: int
    seed: int
    scores: tuple[PlayerScore, ...]
    # Games without a sole winner.
    draws: int
    mean_turns: float
    mean_actions: float


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound near 0 and 1, unlike the normal approximation)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # The interval always holds p; clamping keeps rounding from pushing it off p at 0 and 1.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def run_arena(
    game: Game,
    specs: Sequence[str],
    games: int,
    seed: int,
    variant: str | None = None,
    on_game: Callable[[int, ArenaReport], None] | None = None,
    make: Callable[[str, int], Player] = make_player,
    jobs: int = 1,
) -> ArenaReport:
    """Play `games` games between the players of `specs`; `games` must be a multiple of the number of players.

    Each deal (seed) is played once per rotation of the seats, so every player sits in every seat equally often
    and meets the same deals from every seat. `on_game(done, report_so_far)` is called after every game; `make`
    makes a player from a spec and a seed (`ai.compare` passes one that also knows other checkouts' players).
    With `jobs` > 1 the games run in that many worker processes; a game depends only on its index (its deal, its
    rotation and its players' seeds), and results are tallied in game order, so the report is the same whatever
    `jobs` is (but for the time per decision). `make` must then be picklable (a module-level function).
    """
    n = len(specs)
    if games % n:
        raise ValueError(f"the number of games must be a multiple of {n}, so every player sits in every seat equally")
    if jobs < 1:
        raise ValueError("the number of jobs must be at least 1")
    tally = _Tally(specs)
    report = tally.report(game, variant, seed)
    for index, played in enumerate(_arena_games(game, specs, games, seed, variant, make, jobs, 0)):
        tally.add(*played)
        report = tally.report(game, variant, seed)
        if on_game is not None:
            on_game(index + 1, report)
    return report


class SprtReport(msgspec.Struct, frozen=True):
    """An arena stopped by the sequential test: the test where it stopped, and the arena's usual tallies."""

    test: sprt.SprtStatus
    arena: ArenaReport


def first_player_score(order: Sequence[int], outcome: Sequence[float]) -> float:
    """The first player's score in one game of two players: 1 a win, 1/2 a draw, 0 a loss.

    A draw is any game in which neither won more than the other, including one both lost (to a game's rival).
    """
    first, second = outcome[order.index(0)], outcome[order.index(1)]
    return 0.5 + max(-0.5, min(0.5, (first - second) / 2))


def run_sprt(
    game: Game,
    specs: Sequence[str],
    elo0: float,
    elo1: float,
    seed: int,
    variant: str | None = None,
    alpha: float = 0.05,
    beta: float = 0.05,
    max_games: int = 1000,
    on_pair: Callable[[sprt.SprtStatus, ArenaReport], None] | None = None,
    make: Callable[[str, int], Player] = make_player,
    jobs: int = 1,
    after: Sequence[int] = (0, 0, 0, 0, 0),
) -> SprtReport:
    """Play deal after deal twice, the seats swapped, until the SPRT of ELO0 against ELO1 (`ai.sprt`) accepts
    one or `max_games` are played; `on_pair(status, report)` is called after every pair.

    Two players at a table of two: a pair is the same deal (and the same players' seeds) as in `run_arena`, so
    the games are those of an arena of as many games, and its report is one. With `jobs` > 1, `jobs` games are
    played ahead, and those still running when the test stops are thrown away.

    `after`: the pairs by outcome (LL, LD, WL or DD, WD, WW) of a test stopped earlier with these players and seed;
    this one goes on from the next pair with the very games the longer test would have played, and stops where it
    would have. `max_games` counts the earlier games; the arena's report, only the games played now.
    """
    if len(specs) != 2:
        raise ValueError("the SPRT compares two players; a ladder measures three or more")
    if 2 not in game.player_counts:
        raise ValueError(f"{game.title} is not played by two, and the SPRT plays pairs of games between two")
    if max_games < 2 or max_games % 2:
        raise ValueError("the game cap of an SPRT must be an even number of games, at least 2")
    if jobs < 1:
        raise ValueError("the number of jobs must be at least 1")
    if len(after) != 5 or min(after) < 0:
        raise ValueError(f"the earlier pairs are five whole numbers, none below 0 (LL,LD,WL,WD,WW), not {list(after)}")
    counts = list(after)
    start = 2 * sum(counts)
    status = sprt.status(counts, elo0, elo1, alpha, beta)
    tally = _Tally(specs)
    if status.verdict is not sprt.Verdict.NONE:
        return SprtReport(status, tally.report(game, variant, seed))
    if start >= max_games:
        raise ValueError(f"the earlier pairs are {start} games already: the game cap must be above that")
    first_game = 0.0
    games = _arena_games(game, specs, max_games, seed, variant, make, jobs, start)
    try:
        for index, played in enumerate(games, start):
            tally.add(*played)
            score = first_player_score(played[0], played[1])
            if index % 2 == 0:
                first_game = score
                continue
            counts[sprt.pair_index(first_game, score)] += 1
            status = sprt.status(counts, elo0, elo1, alpha, beta)
            if on_pair is not None:
                on_pair(status, tally.report(game, variant, seed))
            if status.verdict is not sprt.Verdict.NONE:
                break
    finally:
        games.close()
    return SprtReport(status, tally.report(game, variant, seed))


# What the tally needs of one arena game: the seating order, outcome, think time and decisions per seat, turns and
# actions.
_Played = tuple[tuple[int, ...], tuple[float, ...], tuple[float, ...], tuple[int, ...], int, int]


def _arena_game(
    game: Game, specs: Sequence[str], index: int, seed: int, variant: str | None, make: Callable[[str, int], Player]
) -> _Played:
    """Arena game number `index`: everything about it follows from the index, so any process can play it."""
    n = len(specs)
    deal, rotation = divmod(index, n)
    # Seat s is taken by player (s + rotation) % n.
    order = tuple((seat + rotation) % n for seat in range(n))
    players = [make(specs[p], seed * 1_000_003 + index * 31 + p) for p in order]
    result = play_match(game, players, seed + deal, variant)
    return order, result.outcome, result.think_time, result.decisions, result.turns, len(result.actions)


def _arena_games(
    game: Game,
    specs: Sequence[str],
    games: int,
    seed: int,
    variant: str | None,
    make: Callable[[str, int], Player],
    jobs: int,
    start: int,
) -> Generator[_Played, None, None]:
    """The arena's games from number `start` up to `games` in game order, played `jobs` at a time; a finished game
    waits for those before it."""
    if jobs == 1 or games - start == 1:
        for index in range(start, games):
            yield _arena_game(game, specs, index, seed, variant, make)
        return
    # Spawned, not forked: the caller may hold threads (a pool of the search's own) that a fork would copy broken.
    # The game object is pickled by reference to its class, as the search's own pool does.
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(min(jobs, games - start), mp_context=context) as pool:
        futures = [
            pool.submit(_arena_game, game, tuple(specs), index, seed, variant, make) for index in range(start, games)
        ]
        try:
            for future in futures:
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


class _Tally:
    def __init__(self, specs: Sequence[str]) -> None:
        n = len(specs)
        self.specs = tuple(specs)
        self.games = 0
        self.wins = [0] * n
        self.draw_games = [0] * n
        self.score = [0.0] * n
        self.think = [0.0] * n
        self.decisions = [0] * n
        self.draws = 0
        self.turns = 0
        self.actions = 0

    def add(
        self,
        order: Sequence[int],
        outcome: Sequence[float],
        think: Sequence[float],
        decisions: Sequence[int],
        turns: int,
        actions: int,
    ) -> None:
        self.games += 1
        # Nobody won outright: a draw, except alone at the table (a solo game against the rules' automaton), where 0
        # is a loss.
        drawn = len(outcome) > 1 and max(outcome) < 1.0
        self.draws += drawn
        self.turns += turns
        self.actions += actions
        for seat, player in enumerate(order):
            self.wins[player] += outcome[seat] == 1.0
            self.draw_games[player] += drawn
            self.score[player] += outcome[seat]
            self.think[player] += think[seat]
            self.decisions[player] += decisions[seat]

    def report(self, game: Game, variant: str | None, seed: int) -> ArenaReport:
        games = self.games
        scores = []
        for p, spec in enumerate(self.specs):
            low, high = wilson(self.wins[p], games)
            scores.append(
                PlayerScore(
                    spec=spec,
                    games=games,
                    wins=self.wins[p],
                    draws=self.draw_games[p],
                    losses=games - self.wins[p] - self.draw_games[p],
                    win_rate=self.wins[p] / games if games else 0.0,
                    win_low=low,
                    win_high=high,
                    score=self.score[p] / games if games else 0.0,
                    decisions=self.decisions[p],
                    mean_decision_seconds=self.think[p] / self.decisions[p] if self.decisions[p] else 0.0,
                )
            )
        return ArenaReport(
            game=game.id,
            variant=variant,
            players=self.specs,
            games=games,
            seed=seed,
            scores=tuple(scores),
            draws=self.draws,
            mean_turns=self.turns / games if games else 0.0,
            mean_actions=self.actions / games if games else 0.0,
        )


class BenchReport(msgspec.Struct, frozen=True):
    game: str
    variant: str | None
    player: str
    positions: int
    seed: int
    iterations: int
    playouts: int
    seconds: float
    iterations_per_second: float
    playouts_per_second: float
    # Depth in the tree of the leaf of each iteration, averaged over all iterations, and the deepest seen.
    mean_depth: float
    max_depth: int


def sample_positions(game: Game, count: int, seed: int, variant: str | None = None) -> list[tuple[Any, int]]:
    """`count` (state, seat to decide) pairs, one from each of `count` random-play games, among real choices."""
    positions = []
    for k in range(count):
        states: list[Any] = []
        players = [RandomPlayer(seed * 7919 + k * 2 + seat) for seat in range(min(game.player_counts))]
        play_match(game, players, seed + k, variant, on_action=lambda state, _: states.append(state))  # noqa: B023 (called before the loop goes on)
        choices = [state for state in states if len(game.legal_actions(state)) > 1]
        state = random.Random(seed + k).choice(choices or states)
        seat = game.current_player(state)
        assert seat is not None
        positions.append((state, seat))
    return positions


def run_bench(game: Game, spec: str, positions: int, seed: int, variant: str | None = None) -> BenchReport:
    """Search each of `positions` positions from random-play games once with the player of `spec`."""
    if not isinstance(make_player(spec), MctsPlayer):
        raise ValueError(f"bench measures a search player (mcts or cheat), not {spec!r}")
    iterations = playouts = max_depth = 0
    seconds = depth_sum = 0.0
    for index, (state, seat) in enumerate(sample_positions(game, positions, seed, variant)):
        player = make_player(spec, seed + index)
        assert isinstance(player, MctsPlayer)
        result = player.decide(game, state if player.sees_everything else game.view(state, seat), seat)
        iterations += result.iterations
        playouts += result.playouts
        seconds += result.elapsed
        depth_sum += result.mean_depth * result.iterations
        max_depth = max(max_depth, result.max_depth)
    return BenchReport(
        game=game.id,
        variant=variant,
        player=spec,
        positions=positions,
        seed=seed,
        iterations=iterations,
        playouts=playouts,
        seconds=seconds,
        iterations_per_second=iterations / seconds if seconds else 0.0,
        playouts_per_second=playouts / seconds if seconds else 0.0,
        mean_depth=depth_sum / iterations if iterations else 0.0,
        max_depth=max_depth,
    )


class RulesReport(msgspec.Struct, frozen=True):
    game: str
    variant: str | None
    seed: int
    games: int
    actions: int
    seconds: float
    actions_per_second: float
    games_per_second: float


def run_rules_bench(game: Game, games: int, seed: int, variant: str | None = None) -> RulesReport:
    """Random playouts from the opening, timing only `legal_actions` and `apply`: the AI's inner loop."""
    players = min(game.player_counts)
    choose = random.Random(seed).random
    legal_actions, apply, current = game.legal_actions, game.apply, game.current_player
    actions = 0
    seconds = 0.0
    for index in range(games):
        state = game.new_game(seed + index, players, variant)
        started = time.perf_counter()
        while current(state) is not None:
            options = legal_actions(state)
            state = apply(state, options[int(choose() * len(options))])
            actions += 1
        seconds += time.perf_counter() - started
    return RulesReport(
        game=game.id,
        variant=variant,
        seed=seed,
        games=games,
        actions=actions,
        seconds=seconds,
        actions_per_second=actions / seconds if seconds else 0.0,
        games_per_second=games / seconds if seconds else 0.0,
    )

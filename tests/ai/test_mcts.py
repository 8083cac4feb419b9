"""The generic search on the toy games: strength where the answer is known, determinism, fairness, the live API."""

from __future__ import annotations

import random
import threading
import time
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from exotui.ai.mcts import ActionStats, Progress, SearchConfig, search
from toygames import CHAIN_NIM, TICTACTOE, TRICKS, Board, Heap, Mark, Play, Stop, Table, Take, TicTacToe, Tricks, board


def best(game: Any, state: Any, seat: int | None = None, iterations: int = 1000, **kwargs: Any) -> Any:
    seat = game.current_player(state) if seat is None else seat
    view = game.view(state, seat)
    return search(game, view, seat, SearchConfig(iterations=iterations, **kwargs.pop("config", {})), **kwargs).action


@cache
def tictactoe_choice(state: Board) -> Mark:
    return best(TICTACTOE, state, iterations=3000, seed=7)


def worst_result(state: Board, seat: int) -> float:
    """The least `seat` gets when MCTS plays `seat` and the other side tries every reply."""
    if TICTACTOE.is_over(state):
        return TICTACTOE.outcome(state)[seat]
    if state.to_move == seat:
        return worst_result(TICTACTOE.apply(state, tictactoe_choice(state)), seat)
    return min(worst_result(TICTACTOE.apply(state, reply), seat) for reply in TICTACTOE.legal_actions(state))


@pytest.mark.slow
@pytest.mark.parametrize("seat", [0, 1])
def test_tictactoe_never_loses_against_any_line_of_play(seat: int) -> None:
    assert worst_result(TICTACTOE.new_game(0, 2), seat) == 0.5


@pytest.mark.parametrize(
    ("picture", "expected"),
    [
        ("XX. OO. ...", 2),  # X wins at once rather than blocking
        ("X.. OO. X..", 5),  # X must block O's row
        ("OO. X.. X.X", 2),  # O wins at once rather than blocking the bottom row
    ],
)
def test_tictactoe_obvious_moves(picture: str, expected: int) -> None:
    assert best(TICTACTOE, board(picture), seed=3) == Mark(expected)


def test_chain_nim_turn_of_several_decisions_leaves_a_multiple_of_four() -> None:
    state = Heap(sticks=6, to_move=0, players=2)
    chain = []
    while state.to_move == 0 and state.sticks:
        action = best(CHAIN_NIM, state, iterations=2000, seed=5)
        chain.append(action)
        state = CHAIN_NIM.apply(state, action)
    assert chain == [Take(), Take(), Stop()]
    assert state.sticks == 4


def table(hands: tuple[tuple[int, ...], ...], trick: tuple[int, ...], leader: int, won: tuple[int, ...]) -> Table:
    """A Tricks position after the stock ran out: every card not in a hand has been played."""
    played = tuple(card for card in range(1, 4 * len(hands) + 1) if all(card not in hand for hand in hands))
    return Table(hands, (), trick, played, leader, won, 12345)


def test_tricks_follower_takes_the_trick_that_saves_the_draw() -> None:
    # One trick each, seat 0 led the 5 and keeps the 8. Taking with the 6 then losing the last trick draws;
    # ducking with the 2 gives seat 0 this trick and the last.
    state = table(((8,), (2, 6)), (5,), 0, (1, 1))
    assert best(TRICKS, state, seed=1) == Play(6)


def test_three_seats_last_to_play_takes_the_deciding_trick() -> None:
    # One trick each for seats 0 and 1; seat 2 plays last to 4 and 11. The 12 takes this trick and, leading the
    # 3 against the 1 and 2 left, the last one too; the 3 hands both to seat 1.
    state = table(((1,), (2,), (3, 12)), (4, 11), 0, (1, 1, 0))
    assert TRICKS.current_player(state) == 2
    assert best(TRICKS, state, seed=1) == Play(12)


def test_same_seed_and_budget_give_the_same_search() -> None:
    view = TRICKS.view(TRICKS.new_game(3, 2), 0)
    first = search(TRICKS, view, 0, SearchConfig(iterations=500), seed=11)
    again = search(TRICKS, view, 0, SearchConfig(iterations=500), seed=11)
    assert (first.action, first.stats, first.mean_depth) == (again.action, again.stats, again.mean_depth)
    assert sum(s.visits for s in first.stats) == first.iterations <= 500


def test_search_stops_once_the_choice_cannot_change() -> None:
    budget = 20_000
    result = search(TICTACTOE, board("XX. OO. ..."), 0, SearchConfig(iterations=budget), seed=4)
    visits = sorted((s.visits for s in result.stats), reverse=True)
    assert result.action == Mark(2)
    assert result.iterations < budget
    assert visits[0] - visits[1] > budget - result.iterations


def random_position(game: Any, seed: int, players: int) -> Any:
    rng = random.Random(seed)
    state = game.new_game(seed, players)
    for _ in range(rng.randrange(4 * players)):
        if game.current_player(state) is None:
            break
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3]), other=st.integers(0, 10**6))
def test_fairness_search_depends_only_on_the_view(seed: int, players: int, other: int) -> None:
    state = random_position(TRICKS, seed, players)
    seat = TRICKS.current_player(state)
    if seat is None or len(TRICKS.legal_actions(state)) < 2:
        return
    # The same position as the seat knows it, with the hidden cards and the generator dealt anew.
    twin = TRICKS.determinize(TRICKS.view(state, seat), seat, random.Random(other))
    assert TRICKS.view(twin, seat) == TRICKS.view(state, seat)
    config = SearchConfig(iterations=200)
    first = search(TRICKS, TRICKS.view(state, seat), seat, config, seed=seed)
    second = search(TRICKS, TRICKS.view(twin, seat), seat, config, seed=seed)
    assert (first.action, first.stats) == (second.action, second.stats)


def test_searching_the_true_state_is_plain_uct() -> None:
    state = TRICKS.new_game(4, 2)
    assert search(TRICKS, state, 0, SearchConfig(iterations=50), knows_state=True).exact
    assert not search(TRICKS, TRICKS.view(state, 0), 0, SearchConfig(iterations=50)).exact
    # Nothing is hidden in tic-tac-toe: its view is the state, so the search runs UCT on it by itself.
    assert search(TICTACTOE, Board(), 0, SearchConfig(iterations=50)).exact


def test_a_single_legal_action_is_returned_without_searching() -> None:
    result = search(CHAIN_NIM, CHAIN_NIM.new_game(0, 2), 0, SearchConfig(seconds=60))
    assert (result.action, result.iterations, result.stats) == (Take(), 0, ())


def test_a_seat_with_no_decision_is_an_error() -> None:
    with pytest.raises(ValueError, match="no decision"):
        search(TICTACTOE, board("XXX OO. ..."), 1, SearchConfig(iterations=10))


def test_a_time_budget_stops_the_search() -> None:
    result = search(TRICKS, TRICKS.view(TRICKS.new_game(1, 3), 0), 0, SearchConfig(seconds=0.05))
    assert result.iterations > 0
    assert not result.cancelled


@pytest.mark.parametrize("config", [{}, {"iterations": 0}, {"seconds": 0.0}, {"seconds": float("nan")}])
def test_a_search_without_a_sound_budget_is_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        SearchConfig(**config)


def test_a_search_in_a_thread_stops_soon_after_cancel() -> None:
    cancel = threading.Event()
    results = []
    view = TRICKS.view(TRICKS.new_game(2, 3), 0)
    worker = threading.Thread(
        target=lambda: results.append(search(TRICKS, view, 0, SearchConfig(seconds=60), cancel=cancel))
    )
    worker.start()
    time.sleep(0.3)
    cancel.set()
    # Only the cancel can end a 60 s search within 30 s (it stops within an iteration; no deadline is asserted, so a
    # loaded machine cannot fail this).
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert results[0].cancelled
    assert results[0].action in TRICKS.legal_actions(view)


def test_progress_reports_follow_the_search() -> None:
    reports: list[Progress] = []
    view = TRICKS.view(TRICKS.new_game(5, 2), 0)
    result = search(TRICKS, view, 0, SearchConfig(iterations=3000), on_progress=reports.append, progress_interval=0.0)
    assert len(reports) >= 2
    assert [r.iterations for r in reports] == sorted(r.iterations for r in reports)
    final = reports[-1]
    assert final.iterations == result.iterations
    assert final.best == result.action
    top = max(result.stats, key=lambda s: s.visits)
    assert final.visit_share == top.visits / result.iterations
    assert final.mean_value == top.mean_value
    assert all(0.0 <= r.visit_share <= 1.0 and r.best in TRICKS.legal_actions(view) for r in reports if r.iterations)


class CountingTricks(Tricks):
    """Tricks that counts calls to its optional hooks."""

    def __init__(self) -> None:
        self.evaluations = 0
        self.rollout_calls = 0

    def evaluate(self, state: Table) -> tuple[float, ...]:
        self.evaluations += 1
        return super().evaluate(state)

    def rollout_action(self, state: Table, actions: list[Play], rng: random.Random) -> Play:
        self.rollout_calls += 1
        return actions[-1]


def test_playouts_stop_at_the_cut_off_and_ask_evaluate() -> None:
    game = CountingTricks()
    view = game.view(game.new_game(6, 2), 0)
    result = search(game, view, 0, SearchConfig(iterations=300, playout_depth=0))
    assert game.evaluations == result.playouts > 0
    assert game.rollout_calls == 0


def test_playouts_follow_the_rollout_hook() -> None:
    game = CountingTricks()
    view = game.view(game.new_game(6, 2), 0)
    search(game, view, 0, SearchConfig(iterations=100))
    assert game.rollout_calls > 0
    assert game.evaluations == 0


class CornerMinded(TicTacToe):
    """Tic-tac-toe whose evaluation likes the top-left corner for whoever holds it (not the best first move)."""

    def evaluate(self, state: Board) -> tuple[float, ...]:
        corner = state.cells[0]
        return (0.5, 0.5) if not corner else ((1.0, 0.0) if corner == 1 else (0.0, 1.0))


class LowMinded(Tricks):
    """Tricks whose evaluation likes seat 0 to keep its high cards (its lowest card left, the higher the better)."""

    def evaluate(self, state: Table) -> tuple[float, ...]:
        low = min(state.hands[0], default=0)
        return tuple(low / 12 if seat == 0 else 0.5 for seat in range(len(state.won)))


def most_visited(game: Any, view: Any, prior_weight: float, seed: int) -> Any:
    config = SearchConfig(iterations=60, prior_weight=prior_weight)
    return max(search(game, view, 0, config, seed=seed).stats, key=lambda s: s.visits).action


@pytest.mark.parametrize(
    ("game", "view", "liked"),
    [(CornerMinded(), Board(), Mark(0)), (LowMinded(), LowMinded().view(LowMinded().new_game(3, 2), 0), Play(2))],
    ids=["exact-root", "view-root"],
)
def test_progressive_bias_steers_a_short_search_to_what_the_evaluation_likes(game: Any, view: Any, liked: Any) -> None:
    # Seat 0 holds 2, 4 and 6 at Tricks: playing the 2 keeps its high cards. Without the bias a short search picks
    # by its playouts; with a heavy one, the root decision the evaluation likes is the most visited every time.
    assert [most_visited(game, view, 20.0, seed) for seed in range(6)] == [liked] * 6
    assert [most_visited(game, view, 0.0, seed) for seed in range(6)] != [liked] * 6


@pytest.mark.parametrize("weight", [-1.0, float("inf"), float("nan")])
def test_a_prior_weight_must_be_a_finite_non_negative_number(weight: float) -> None:
    with pytest.raises(ValueError, match="prior_weight"):
        SearchConfig(iterations=10, prior_weight=weight)


def test_a_floor_of_iterations_outlasts_a_time_budget_a_busy_machine_cut_short() -> None:
    # A time budget too short for a single iteration stands for a loaded machine: the floor still searches.
    config = SearchConfig(seconds=1e-9, min_iterations=100)
    assert search(TICTACTOE, Board(), 0, config, seed=1).iterations >= 100
    assert search(TICTACTOE, Board(), 0, SearchConfig(seconds=1e-9), seed=1).iterations < 100
    with pytest.raises(ValueError, match="min_iterations"):
        SearchConfig(seconds=1.0, min_iterations=-1)


class _CornersOnly(TicTacToe):
    # The root's decisions worth searching: the free corners (engine.protocol.search_actions).
    @staticmethod
    def search_actions(view: Board, seat: int, actions: Any) -> list[Mark]:
        return [mark for mark in actions if mark.cell in (0, 2, 6, 8)]


class _FirstTwoCards(Tricks):
    @staticmethod
    def search_actions(view: Table, seat: int, actions: Any) -> list[Play]:
        return list(actions[:2])


@pytest.mark.parametrize(("game", "state"), [(_CornersOnly(), board("... .X. ...")), (_FirstTwoCards(), None)])
def test_the_search_weighs_only_the_games_narrowed_root_decisions_whatever_its_mode(game: Any, state: Any) -> None:
    # Tic-tac-toe is searched exactly (plain UCT on the state), the card game on determinizations of a view.
    state = game.new_game(3, 2) if state is None else state
    seat = game.current_player(state)
    view = game.view(state, seat)
    narrowed = game.search_actions(view, seat, game.legal_actions(view))
    result = search(game, view, seat, SearchConfig(iterations=200), seed=1)
    assert result.exact == isinstance(game, TicTacToe)
    assert result.action in narrowed
    assert {stats.action for stats in result.stats} == set(narrowed)
    # Every iteration went through one of them: none was spent on a decision the game left out.
    assert sum(stats.visits for stats in result.stats) == result.iterations


class _Greedier(Tricks):
    # A game searching with its own UCB constant (engine.protocol.exploration).
    exploration = 0.1


def test_a_game_may_set_its_searches_exploration_constant_and_a_typed_one_overrides_it() -> None:
    view, greedier = TRICKS.view(TRICKS.new_game(3, 2), 0), _Greedier()

    def visits(game: Any, config: SearchConfig) -> tuple[ActionStats, ...]:
        return search(game, view, 0, config, seed=5).stats

    budget = SearchConfig(iterations=400)
    # The game's constant is searched with as if typed; a constant typed for measuring is searched as given.
    assert visits(greedier, budget) == visits(TRICKS, SearchConfig(iterations=400, exploration=0.1))
    assert visits(greedier, SearchConfig(iterations=400, exploration=0.7)) == visits(TRICKS, budget)
    assert visits(greedier, budget) != visits(TRICKS, budget)


class CentreMinded(TicTacToe):
    """Tic-tac-toe whose evaluation likes the centre for whoever holds it, blind to an open line of two."""

    def evaluate(self, state: Board) -> tuple[float, ...]:
        centre = state.cells[4]
        return (0.5, 0.5) if not centre else ((0.9, 0.1) if centre == 1 else (0.1, 0.9))


class CentreMindedInTheDark(CentreMinded):
    # The same game searched as if something were hidden: information-set MCTS over its views.
    def nothing_hidden(self, view: Board, seat: int) -> bool:
        return False


@pytest.mark.parametrize("game", [CentreMinded(), CentreMindedInTheDark()], ids=["exact", "view"])
def test_implicit_minimax_backups_see_the_reply_the_evaluation_is_blind_to(game: Any) -> None:
    # O threatens the top row; the evaluation likes X taking the centre. Weighing only the backed-up evaluations
    # (weight 1, the playouts' rewards left out), the search still blocks: under every other move O's winning reply
    # is a finished game, and its result backs up as the value of that move.
    threat = board("OO. X.. ..X")
    result = search(game, threat, 0, SearchConfig(iterations=400, playout_depth=1, minimax_weight=1.0), seed=3)
    assert result.exact is not isinstance(game, CentreMindedInTheDark)
    assert result.action == Mark(2)
    # The evaluation of the position right after each move likes the centre: without backing up the values below
    # them, the root's children would hold exactly these.
    after = {action: game.evaluate(game.apply(threat, action))[0] for action in game.legal_actions(threat)}
    assert max(after, key=after.__getitem__) == Mark(4)


@pytest.mark.parametrize("weight", [-0.1, 1.5, float("nan")])
def test_a_minimax_weight_must_be_between_0_and_1(weight: float) -> None:
    with pytest.raises(ValueError, match="minimax_weight"):
        SearchConfig(iterations=10, minimax_weight=weight)


class _BackingUp(CentreMinded):
    # A game searching with implicit minimax backups by its own hook (engine.protocol.minimax_weight).
    minimax_weight = 1.0


def test_a_game_may_set_its_searches_minimax_weight_and_a_typed_one_overrides_it() -> None:
    threat, backing_up = board("OO. X.. ..X"), _BackingUp()

    def stats(game: Any, config: SearchConfig) -> tuple[ActionStats, ...]:
        return search(game, threat, 0, config, seed=3).stats

    budget = SearchConfig(iterations=400, playout_depth=1)
    typed = SearchConfig(iterations=400, playout_depth=1, minimax_weight=1.0)
    none = SearchConfig(iterations=400, playout_depth=1, minimax_weight=0.0)
    assert stats(backing_up, budget) == stats(CentreMinded(), typed)
    assert stats(backing_up, none) == stats(CentreMinded(), budget)
    assert stats(backing_up, budget) != stats(CentreMinded(), budget)

"""Root parallelisation: the trees on other processes add up to the same answer as the trees searched here."""

from __future__ import annotations

import threading
import time

from exotui.ai.mcts import SearchConfig, search
from exotui.ai.parallel import merge, parallel_search
from toygames import CHAIN_NIM, TRICKS, Take


def test_parallel_search_is_the_merge_of_the_same_searches_run_one_by_one() -> None:
    view = TRICKS.view(TRICKS.new_game(8, 3), 0)
    config = SearchConfig(iterations=300)
    parallel = parallel_search(TRICKS, view, 0, config, 2, seed=40)
    alone = [search(TRICKS, view, 0, config, seed=seed) for seed in (40, 41)]
    expected = merge(list(TRICKS.legal_actions(view)), alone, 0.0)
    assert (parallel.action, parallel.stats) == (expected.action, expected.stats)
    assert parallel.iterations == sum(result.iterations for result in alone)


def test_merge_sums_visits_and_rewards_per_action() -> None:
    view = TRICKS.view(TRICKS.new_game(9, 2), 0)
    results = [search(TRICKS, view, 0, SearchConfig(iterations=100), seed=seed) for seed in (1, 2)]
    merged = merge(list(TRICKS.legal_actions(view)), results, 1.0)
    for stats in merged.stats:
        parts = [s for result in results for s in result.stats if s.action == stats.action]
        assert stats.visits == sum(s.visits for s in parts)
        assert stats.mean_value * stats.visits == sum(s.mean_value * s.visits for s in parts)
    assert merged.action == max(merged.stats, key=lambda s: s.visits).action


def test_a_forced_decision_starts_no_process() -> None:
    result = parallel_search(CHAIN_NIM, CHAIN_NIM.new_game(0, 2), 0, SearchConfig(seconds=60), 2)
    assert (result.action, result.iterations) == (Take(), 0)


def test_cancel_stops_every_process() -> None:
    view = TRICKS.view(TRICKS.new_game(10, 3), 0)
    parallel_search(TRICKS, view, 0, SearchConfig(iterations=10), 2)  # start the worker outside the timing
    cancel = threading.Event()
    results = []
    worker = threading.Thread(
        target=lambda: results.append(parallel_search(TRICKS, view, 0, SearchConfig(seconds=60), 2, cancel=cancel))
    )
    worker.start()
    time.sleep(0.5)
    cancel.set()
    # Only the cancel can end a 60 s search within 30 s (it stops within an iteration; no deadline is asserted, so a
    # loaded machine cannot fail this).
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert results[0].cancelled

"""Root parallelisation: independent searches of one decision on several processes, root statistics summed.

Each extra process searches its own tree from the same view with its own seed; the calling thread searches one
too, so progress reports and cancellation work as for a single search (progress shows the calling thread's tree).
The view travels to the workers as msgpack; the game object is pickled by reference to its class. The pool is
started on first use with the "spawn" method (safe from a thread of a running app) and kept for later decisions.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.synchronize import Event
from typing import Any

import msgspec

from exotui.ai.mcts import ActionStats, Cancel, ProgressCallback, SearchConfig, SearchResult, root_actions, search
from exotui.engine.protocol import Game

_pool: ProcessPoolExecutor | None = None
_pool_size = 0
_stop: Event | None = None
# In a worker: the flag the parent sets to stop the workers' searches.
_worker_stop: Event | None = None


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def _init_worker(stop: Event) -> None:
    global _worker_stop
    _worker_stop = stop


def _search_in_worker(
    game: Game, view: bytes, seat: int, config: SearchConfig, seed: int, knows_state: bool
) -> SearchResult:
    root = msgspec.msgpack.decode(view, type=game.state_type)
    return search(game, root, seat, config, seed=seed, knows_state=knows_state, cancel=_worker_stop)


def _workers(count: int) -> tuple[ProcessPoolExecutor, Event]:
    global _pool, _pool_size, _stop
    if _pool is None or _stop is None or _pool_size != count:
        if _pool is not None:
            _pool.shutdown(cancel_futures=True)
        context = multiprocessing.get_context("spawn")
        _stop = context.Event()
        _pool = ProcessPoolExecutor(count, mp_context=context, initializer=_init_worker, initargs=(_stop,))
        _pool_size = count
    return _pool, _stop


def parallel_search(
    game: Game,
    root: Any,
    seat: int,
    config: SearchConfig,
    processes: int,
    *,
    seed: int = 0,
    knows_state: bool = False,
    cancel: Cancel | None = None,
    on_progress: ProgressCallback | None = None,
) -> SearchResult:
    """`search` over `processes` trees (this thread's and `processes - 1` workers'), choosing by summed visits.

    Tree k searches with seed `seed + k`, so an iteration budget still gives a deterministic result.
    """
    actions = root_actions(game, root, seat)
    if processes < 2 or len(actions) < 2:
        return search(
            game, root, seat, config, seed=seed, knows_state=knows_state, cancel=cancel, on_progress=on_progress
        )
    started = time.perf_counter()
    pool, stop = _workers(processes - 1)
    stop.clear()
    view = msgspec.msgpack.encode(root)
    futures = [
        pool.submit(_search_in_worker, game, view, seat, config, seed + k, knows_state) for k in range(1, processes)
    ]
    local = search(game, root, seat, config, seed=seed, knows_state=knows_state, cancel=cancel, on_progress=on_progress)
    if local.cancelled:
        stop.set()
    results = [local, *(future.result() for future in futures)]
    return merge(actions, results, time.perf_counter() - started)


def merge(actions: list[Any], results: list[SearchResult], elapsed: float) -> SearchResult:
    """One result from searches of the same decision (`actions` in legal order): visits and rewards summed."""
    visits = dict.fromkeys(actions, 0)
    totals = dict.fromkeys(actions, 0.0)
    for result in results:
        for one in result.stats:
            visits[one.action] += one.visits
            totals[one.action] += one.mean_value * one.visits
    stats = tuple(ActionStats(a, visits[a], totals[a] / visits[a]) for a in actions if visits[a])
    # Most visited, then higher mean, then legal order, as a single search chooses.
    best = max(stats, key=lambda s: (s.visits, s.mean_value))
    iterations = sum(result.iterations for result in results)
    first = results[0]
    return SearchResult(
        action=best.action,
        iterations=iterations,
        playouts=sum(result.playouts for result in results),
        elapsed=elapsed,
        mean_depth=sum(r.mean_depth * r.iterations for r in results) / iterations if iterations else 0.0,
        max_depth=max(result.max_depth for result in results),
        stats=stats,
        cancelled=first.cancelled,
        exact=first.exact,
    )

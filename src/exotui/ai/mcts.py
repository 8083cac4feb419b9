"""Monte Carlo tree search on the game protocol, for any game and any number of seats.

Two modes, chosen by what the searcher holds:
- it knows the whole state (a perfect-information game, or the measuring `cheat` player): plain UCT, with each
  node caching its state and its untried actions;
- it holds a view: single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012). Every iteration
  samples one determinization of the view with `game.determinize`, walks the one tree of the searcher's
  information with it, and scores a child by UCB over its *availability* count (how often it was legal when its
  parent was visited) instead of the parent's visit count.

A node remembers the seat that chose the action leading to it and is credited with that seat's reward, so seats
acting several times in a row and games of three or more seats need nothing special.

Optional game hooks, looked up on the game object (docs/engine.md):
- `evaluate(state) -> tuple[float, ...]`: a value per seat in [0, 1] for a non-terminal state; with
  `SearchConfig.playout_depth`, playouts stop after that many actions and score the state with it;
- `rollout_action(state, actions, rng) -> action`: the playout policy, instead of uniform random choice;
- `working_copy(state) -> WorkingCopy` (engine/working.py): one mutable copy per iteration for the tree walk and
  the playout, instead of a pure `apply` per action;
- `determinizer(view, seat) -> (rng -> state)`: `determinize` with what does not change between iterations
  computed once per search;
- `nothing_hidden(view, seat) -> bool`: the view is the whole position, so the search is exact (plain UCT);
- `search_actions(view, seat, actions) -> actions`: the root's decisions worth searching, a subset of the legal
  ones chosen from the view alone (Cryptid: hundreds of legal questions, a dozen informative ones).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from math import log, sqrt
from typing import Any, Final, Protocol, cast

import msgspec

from exotui.engine import protocol
from exotui.engine.protocol import Game
from exotui.engine.working import WorkingCopy, random_playout


class SearchConfig(msgspec.Struct, frozen=True):
    """How long and how to search. At least one of `iterations` and `seconds` bounds it; the first reached stops it."""

    iterations: int | None = None
    seconds: float | None = None
    # With `seconds`: the search goes on past its time until it has made this many iterations, so that a busy
    # machine cannot make a level weaker than its floor (the easy level: ai.players.LEVEL_FLOORS).
    min_iterations: int = 0
    # UCB exploration constant for rewards in [0, 1]; None: the game's `exploration` hook, else DEFAULT_EXPLORATION.
    exploration: float | None = None
    # With a game `evaluate` hook: playouts stop after this many actions and score the state with it.
    playout_depth: int | None = None
    # Progressive bias at the root (Chaslot et al. 2008), with a game `evaluate` hook: a root decision's UCB score
    # gains prior_weight * H / (visits + 1), H the evaluation for the searching seat of the position right after
    # it (in one determinization), so the search tries first what the game's knowledge likes and the bias fades as
    # visits come. 0: none.
    prior_weight: float = 0.0
    # Implicit minimax backups (Lanctot et al. 2014), with a game `evaluate` hook: every node keeps the evaluation
    # of the position it was added with, backed up as a max over its children by the seat choosing among them, and
    # a child's UCB score weighs that value by minimax_weight and its mean reward by the rest. 0: none; None: the
    # game's `minimax_weight` hook, else none.
    minimax_weight: float | None = None

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("a search needs a budget: iterations, seconds or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {self.iterations}")
        if self.seconds is not None and not 0 < self.seconds < float("inf"):
            raise ValueError(f"seconds must be positive and finite, got {self.seconds}")
        if self.min_iterations < 0:
            raise ValueError(f"min_iterations must be at least 0, got {self.min_iterations}")
        if not 0 <= self.prior_weight < float("inf"):
            raise ValueError(f"prior_weight must be at least 0 and finite, got {self.prior_weight}")
        if self.minimax_weight is not None and not 0 <= self.minimax_weight <= 1:
            raise ValueError(f"minimax_weight must be between 0 and 1, got {self.minimax_weight}")


# The UCB constant of a game without its own: the value Cowling et al. use for ISMCTS.
DEFAULT_EXPLORATION: Final = 0.7


def exploration(game: Game, config: SearchConfig) -> float:
    """The UCB constant `config` searches `game` with: its own if it sets one (a measuring option, "c=0.35"),
    else the game's `exploration` hook, else DEFAULT_EXPLORATION."""
    if config.exploration is not None:
        return config.exploration
    own = protocol.exploration(game)
    return DEFAULT_EXPLORATION if own is None else own


def minimax_weight(game: Game, config: SearchConfig) -> float:
    """The weight of implicit minimax backups `config` searches `game` with: its own if it sets one ("imm=0.3"),
    else the game's `minimax_weight` hook, else 0 (none)."""
    if config.minimax_weight is not None:
        return config.minimax_weight
    return protocol.minimax_weight(game) or 0.0


class ActionStats(msgspec.Struct, frozen=True):
    action: Any
    visits: int
    # Mean reward of the searching seat after this action, in [0, 1].
    mean_value: float


class Progress(msgspec.Struct, frozen=True):
    """A snapshot of a running search, for a live display."""

    iterations: int
    elapsed: float
    best: Any
    # Share of the iterations so far that went through `best`, and its mean reward for the searching seat.
    visit_share: float
    mean_value: float
    # Every root action tried so far, most visited first.
    stats: tuple[ActionStats, ...]


class SearchResult(msgspec.Struct, frozen=True):
    action: Any
    iterations: int
    # Iterations whose leaf was not already the end of the game.
    playouts: int
    elapsed: float
    # Depth in the tree of the leaf each iteration reached, averaged, and the deepest.
    mean_depth: float
    max_depth: int
    # Root actions in legal order (empty when there was a single legal action and no search).
    stats: tuple[ActionStats, ...]
    cancelled: bool
    # True when the searcher knew the whole state and ran plain UCT.
    exact: bool


# What it returns is not read (a UI posts a message and gets a flag back).
ProgressCallback = Callable[[Progress], object]
# A game's `rollout_action` hook.
Policy = Callable[[Any, Sequence[Any], random.Random], Any]


class Cancel(Protocol):
    """A cancellation flag checked between iterations: a `threading.Event`, or a multiprocessing one."""

    def is_set(self) -> bool: ...


class _Node:
    __slots__ = ("avail", "best", "children", "h", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        # Visits of the parent during which this action was legal (this one included).
        self.avail = 1
        self.children: dict[Any, _Node] = {}
        # With implicit minimax backups: the backed-up evaluation, a value per seat, and the child it came from.
        self.h: Sequence[float] = ()
        self.best: _Node | None = None


class _KnownNode(_Node):
    __slots__ = ("player", "state", "untried")
    # Its children are known nodes too; a dict is invariant, so narrowing the base's annotation needs the ignore.
    children: dict[Any, _KnownNode]  # type: ignore[assignment]

    def __init__(self, mover: int, state: Any, game: Game) -> None:
        super().__init__(mover)
        self.state = state
        self.player = game.current_player(state)
        self.untried = [] if self.player is None else list(game.legal_actions(state))


def search(
    game: Game,
    root: Any,
    seat: int,
    config: SearchConfig,
    *,
    seed: int = 0,
    knows_state: bool = False,
    cancel: Cancel | None = None,
    on_progress: ProgressCallback | None = None,
    progress_interval: float = 0.1,
) -> SearchResult:
    """The best action for `seat`, the seat to decide in `root`.

    `root` is the seat's view, or the true state when `knows_state` (measurement only). The result depends only
    on `root`, `seat`, `config` and `seed` when the budget is a number of iterations. The search stops before its
    budget once the most visited action can no longer be overtaken. `cancel` is checked between
    iterations and stops the search early with the best action so far; `on_progress` is called from the
    searching thread every `progress_interval` seconds and once at the end.
    """
    started = time.perf_counter()
    actions = root_actions(game, root, seat)
    if not actions:
        raise ValueError(f"seat {seat} has no decision to make in this state")
    if len(actions) == 1:
        return SearchResult(actions[0], 0, 0, time.perf_counter() - started, 0.0, 0, (), False, knows_state)
    rng = random.Random(seed)
    if not knows_state:
        nothing_hidden = protocol.nothing_hidden(game)
        if nothing_hidden is not None:
            knows_state = nothing_hidden(root, seat)
        else:
            # A determinization equal to the view means nothing is hidden, not even future randomness.
            knows_state = game.determinize(root, seat, rng) == root
    run = _Run(game, root, seat, actions, config, rng, knows_state)
    deadline = started + config.seconds if config.seconds is not None else float("inf")
    limit = config.iterations if config.iterations is not None else -1
    next_report = started + progress_interval
    cancelled = False
    iterate = run.iterate_known if knows_state else run.iterate_view
    floor = config.min_iterations
    while run.iterations != limit:
        now = time.perf_counter()
        if now >= deadline and run.iterations >= floor:
            break
        if cancel is not None and cancel.is_set():
            cancelled = True
            break
        if on_progress is not None and now >= next_report:
            on_progress(run.progress(now - started))
            next_report = now + progress_interval
        if run.iterations % _SETTLED_CHECK == _SETTLED_CHECK - 1 and run.settled(
            max(_remaining(run.iterations, limit, now - started, deadline - now), floor - run.iterations)
        ):
            break
        iterate()
    elapsed = time.perf_counter() - started
    if on_progress is not None:
        on_progress(run.progress(elapsed))
    return run.result(elapsed, cancelled)


def root_actions(game: Game, root: Any, seat: int) -> list[Any]:
    """The decisions a search of `root` weighs: the legal ones, narrowed by the game's `search_actions` hook."""
    actions = list(game.legal_actions(root))
    narrow = protocol.search_actions(game)
    return list(narrow(root, seat, actions)) if narrow is not None and actions else actions


# Iterations between checks that the most visited root action can still be overtaken.
_SETTLED_CHECK = 64


def _remaining(iterations: int, limit: int, elapsed: float, time_left: float) -> float:
    """How many more iterations the budget allows, estimating from the pace so far for a time budget."""
    left = float(limit - iterations) if limit >= 0 else float("inf")
    if time_left != float("inf"):
        left = min(left, iterations / elapsed * time_left if elapsed > 0 else float("inf"))
    return left


class _Run:
    """The tree and counters of one search."""

    def __init__(
        self,
        game: Game,
        root: Any,
        seat: int,
        actions: list[Any],
        config: SearchConfig,
        rng: random.Random,
        knows_state: bool,
    ) -> None:
        self.game = game
        self.view = root
        self.seat = seat
        self.actions = actions
        self.rng = rng
        self.c = exploration(game, config)
        # Exactly one of the two roots exists, by mode.
        self.known_root = _KnownNode(seat, root, game) if knows_state else None
        if self.known_root is not None:
            # The root tries only the decisions worth searching (the game's `search_actions`), as in view mode.
            self.known_root.untried = list(actions)
        self.root: _Node = self.known_root or _Node(seat)
        # The root's children in legal order, once every root action has one.
        self.root_children: list[_Node] | None = None
        evaluate = protocol.evaluator(game)
        self.cutoff = config.playout_depth if evaluate is not None else None
        self.evaluate: Callable[[Any], Sequence[float]] | None = evaluate
        working_copy = protocol.working_copy(game)
        if working_copy is None:
            policy = protocol.rollout_action(game)
            free = protocol.playout_free(game)

            def working_copy(state: Any) -> WorkingCopy:
                return _Applied(game, state, policy, free)

        self.working_copy: Callable[[Any], WorkingCopy] = working_copy
        self.prior_weight = config.prior_weight if evaluate is not None else 0.0
        self.alpha = minimax_weight(game, config) if evaluate is not None else 0.0
        # Per root action in legal order, its prior (0 without progressive bias); set on the first iteration.
        self.priors: list[float] | None = None
        # The same by action, for the exact search's root (its children are found by action).
        self.root_priors: dict[Any, float] | None = None
        determinizer = protocol.determinizer(game)
        if determinizer is not None:
            self.determinize: Callable[[random.Random], Any] = determinizer(root, seat)
        else:

            def determinize(rng: random.Random) -> Any:
                return game.determinize(root, seat, rng)

            self.determinize = determinize
        # log(n) at index n (index 0 unused), grown as the tree's visits grow: the UCB of every child of every node
        # walked needs the logarithm of its availability.
        self.logs = [0.0, 0.0]
        self.iterations = 0
        self.playouts = 0
        self.depth_sum = 0
        self.max_depth = 0

    def iterate_view(self) -> None:
        """One ISMCTS iteration on a fresh determinization of the view, walked and played out on one working copy."""
        rng, c, alpha = self.rng, self.c, self.alpha
        determinized = self.determinize(rng)
        if self.prior_weight and self.priors is None:
            self.priors = self._priors(determinized)
        work = self.working_copy(determinized)
        act, current, legal_actions = work.act, work.current_player, work.legal_actions
        node = self.root
        path = [node]
        # The root's actions are the view's: the protocol guarantees a seat's own options are not hidden.
        actions: Sequence[Any] = self.actions
        mover = self.seat
        root_children = self.root_children
        if root_children is not None:
            # Every root action is legal in every determinization, so the root needs no lookups and one logarithm.
            log_visits = log(node.visits)
            best_score = -1.0
            best_index = 0
            priors = self.priors
            for index, root_child in enumerate(root_children):
                visits = root_child.visits
                mean = root_child.total / visits
                if alpha:
                    mean += alpha * (root_child.h[root_child.mover] - mean)
                score = mean + c * sqrt(log_visits / visits)
                if priors is not None:
                    score += priors[index] / (visits + 1)
                if score > best_score:
                    best_score, best_index = score, index
            node = root_children[best_index]
            path.append(node)
            act(actions[best_index])
            player = current()
            if player is None:
                self._finish(path, work)
                return
            mover = player
            actions = legal_actions()
        logs = self.logs
        while True:
            children = node.children
            untried: list[Any] | None = None
            best_child = node
            best_action: Any = None
            best_score = -1.0
            # A child's availability never exceeds its parent's visits plus one.
            if node.visits + 1 >= len(logs):
                logs.extend(log(n) for n in range(len(logs), 2 * node.visits + 2))
            for action in actions:
                child = children.get(action)
                if child is None:
                    if untried is None:
                        untried = [action]
                    else:
                        untried.append(action)
                    continue
                avail = child.avail + 1
                child.avail = avail
                if untried is None:
                    visits = child.visits
                    mean = child.total / visits
                    if alpha:
                        mean += alpha * (child.h[child.mover] - mean)
                    score = mean + c * sqrt(logs[avail] / visits)
                    if score > best_score:
                        best_score, best_child, best_action = score, child, action
            if untried is not None:
                action = untried[int(rng.random() * len(untried))]
                child = children[action] = _Node(mover)
                if node is self.root and len(untried) == 1:
                    self.root_children = [children[root_action] for root_action in self.actions]
                act(action)
                path.append(child)
                if alpha:
                    child.h = self._value(work.freeze(), work.current_player() is None)
                break
            act(best_action)
            node = best_child
            path.append(node)
            player = current()
            if player is None:
                break
            mover = player
            actions = legal_actions()
        self._finish(path, work)

    def iterate_known(self) -> None:
        """One UCT iteration: nodes hold their states, so the tree walk applies nothing."""
        c, rng, alpha = self.c, self.rng, self.alpha
        node = self.known_root
        assert node is not None
        if self.prior_weight and self.root_priors is None:
            self.root_priors = dict(zip(self.actions, self._priors(node.state), strict=True))
        path: list[_Node] = [node]
        while True:
            untried = node.untried
            if untried:
                action = untried.pop(int(rng.random() * len(untried)))
                # Untried actions are left only where someone decides: `player` is a seat here.
                child = _KnownNode(cast(int, node.player), self.game.apply(node.state, action), self.game)
                node.children[action] = child
                path.append(child)
                if alpha:
                    child.h = self._value(child.state, child.player is None)
                node = child
                break
            if node.player is None:
                break
            log_visits = log(node.visits)
            best_score = -1.0
            best_known = node
            biased = self.root_priors if node is self.known_root else None
            for action, known in node.children.items():
                visits = known.visits
                mean = known.total / visits
                if alpha:
                    mean += alpha * (known.h[known.mover] - mean)
                score = mean + c * sqrt(log_visits / visits)
                if biased is not None:
                    score += biased.get(action, 0.0) / (visits + 1)
                if score > best_score:
                    best_score, best_known = score, known
            node = best_known
            path.append(node)
        if node.player is None:
            self._credit(path, self.game.outcome(node.state))
        else:
            self._finish(path, self.working_copy(node.state))

    def _priors(self, state: Any) -> list[float]:
        """prior_weight times the evaluation for the searching seat right after each root action in `state`."""
        game, evaluate, seat, weight = self.game, self.evaluate, self.seat, self.prior_weight
        assert evaluate is not None
        priors = []
        for action in self.actions:
            after = game.apply(state, action)
            value = game.outcome(after)[seat] if game.current_player(after) is None else evaluate(after)[seat]
            priors.append(weight * value)
        return priors

    def _finish(self, path: list[_Node], work: WorkingCopy) -> None:
        """Play out from the leaf `work` holds and credit every node on `path` with its mover's reward."""
        reward: Sequence[float]
        if work.current_player() is None:
            reward = self.game.outcome(work.freeze())
        else:
            self.playouts += 1
            work.playout(self.rng, self.cutoff)
            state = work.freeze()
            if work.current_player() is None:
                reward = self.game.outcome(state)
            else:
                assert self.evaluate is not None
                reward = self.evaluate(state)
        self._credit(path, reward)

    def _value(self, state: Any, over: bool) -> Sequence[float]:
        """A node's own value for implicit minimax backups: the result if the game is `over`, else the evaluation."""
        assert self.evaluate is not None
        return self.game.outcome(state) if over else self.evaluate(state)

    def _back_up(self, path: list[_Node]) -> None:
        """Implicit minimax backups: each node on `path`, from the leaf up, takes the value of its best child."""
        for index in range(len(path) - 1, 0, -1):
            child, parent = path[index], path[index - 1]
            best = parent.best
            if best is child:
                if parent.h is child.h:
                    # Nothing below changed what the parent holds, so nothing above changes either.
                    return
                # The parent still holds the best child's previous value: only a fall can make another child best.
                if child.h[child.mover] < parent.h[child.mover]:
                    best = parent.best = max(parent.children.values(), key=_chooser_value)
            elif best is None or child.h[child.mover] > best.h[best.mover]:
                best = parent.best = child
            else:
                return
            parent.h = best.h

    def _credit(self, path: list[_Node], reward: Sequence[float]) -> None:
        if self.alpha:
            self._back_up(path)
        for node in path:
            node.visits += 1
            node.total += reward[node.mover]
        depth = len(path) - 1
        self.depth_sum += depth
        if depth > self.max_depth:
            self.max_depth = depth
        self.iterations += 1

    def settled(self, remaining: float) -> bool:
        """True when the most visited root action stays the most visited whatever the remaining iterations do."""
        first = second = 0
        for child in self.root.children.values():
            visits = child.visits
            if visits > first:
                first, second = visits, first
            elif visits > second:
                second = visits
        return first - second > remaining

    def _stats(self) -> list[ActionStats]:
        """The root actions tried so far, in legal order."""
        children = self.root.children
        return [
            ActionStats(action, child.visits, child.total / child.visits)
            for action in self.actions
            if (child := children.get(action)) is not None
        ]

    def progress(self, elapsed: float) -> Progress:
        ranked = _ranked(self._stats())
        if not ranked:
            return Progress(self.iterations, elapsed, self.actions[0], 0.0, 0.0, ())
        best = ranked[0]
        return Progress(
            self.iterations, elapsed, best.action, best.visits / self.iterations, best.mean_value, tuple(ranked)
        )

    def result(self, elapsed: float, cancelled: bool) -> SearchResult:
        stats = self._stats()
        ranked = _ranked(stats)
        return SearchResult(
            action=ranked[0].action if ranked else self.actions[0],
            iterations=self.iterations,
            playouts=self.playouts,
            elapsed=elapsed,
            mean_depth=self.depth_sum / self.iterations if self.iterations else 0.0,
            max_depth=self.max_depth,
            stats=tuple(stats),
            cancelled=cancelled,
            exact=self.known_root is not None,
        )


class _Applied:
    """The working-copy interface over a game's pure functions, for games without a `working_copy` hook."""

    __slots__ = ("free", "game", "policy", "state")

    def __init__(self, game: Game, state: Any, policy: Policy | None, free: tuple[type, ...]) -> None:
        self.game = game
        self.state = state
        self.policy = policy
        # The kinds of action the playout's cut does not count (the game's `playout_free` hook).
        self.free = free

    def current_player(self) -> int | None:
        return self.game.current_player(self.state)

    def legal_actions(self) -> Sequence[Any]:
        return self.game.legal_actions(self.state)

    def act(self, action: Any) -> None:
        self.state = self.game.apply(self.state, action)

    def playout(self, rng: random.Random, limit: int | None) -> None:
        if self.policy is None:
            random_playout(self, rng, limit, self.free)
            return
        game, policy, state, free = self.game, self.policy, self.state, self.free
        apply, current, legal_actions = game.apply, game.current_player, game.legal_actions
        steps = 0
        while steps != limit and current(state) is not None:
            action = policy(state, legal_actions(state), rng)
            state = apply(state, action)
            if type(action) not in free:
                steps += 1
        self.state = state

    def freeze(self) -> Any:
        return self.state


def _chooser_value(node: _Node) -> float:
    """A node's backed-up value for the seat whose decision led to it."""
    return node.h[node.mover]


def _ranked(stats: list[ActionStats]) -> list[ActionStats]:
    # Most visited first (the robust choice); a tie goes to the higher mean, then to the legal order.
    return sorted(stats, key=lambda s: (-s.visits, -s.mean_value))

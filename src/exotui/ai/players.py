"""Players: anything that picks an action for a seat from what that seat may see.

A player is handed `game.view(state, seat)`, never the true state (the `cheat` measuring player is the one
documented exception, and the app never offers it).
"""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import msgspec

from exotui.ai.mcts import ActionStats, Cancel, ProgressCallback, SearchConfig, SearchResult
from exotui.ai.parallel import parallel_search
from exotui.engine import protocol
from exotui.engine.protocol import EasyPlay, Game, people_only


class Player(Protocol):
    name: str
    # True only for measuring players that must be handed the true state instead of a view.
    sees_everything: bool

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        """An action legal in `view` for `seat`, the seat to move."""
        ...


class UnknownPlayer(LookupError):
    def __init__(self, spec: str, reason: str | None = None) -> None:
        if reason is None:
            super().__init__(f"unknown player {spec!r}; choose one of: {', '.join(sorted(PLAYER_KINDS))}")
        else:
            super().__init__(f"bad player {spec!r}: {reason}")


class RandomPlayer:
    """Uniformly random among the legal actions: the floor every other player must beat."""

    sees_everything = False

    def __init__(self, seed: int = 0) -> None:
        self.name = "random"
        self._rng = random.Random(seed)

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        return self._rng.choice(computer_actions(game, game.legal_actions(view)))


def computer_actions(game: Game, actions: Sequence[Any]) -> Sequence[Any]:
    """The legal `actions` a computer player may choose: all but the game's `people_only` kinds (Cryptid's hint)."""
    kept = people_only(game)
    if not kept:
        return actions
    return [action for action in actions if type(action) not in kept] or actions


class GreedyPlayer:
    """One ply: the action whose result the game's `evaluate` hook likes best for this seat.

    The view is determinized once so the actions can be applied; an action that ends the game is scored by its
    outcome. Without an `evaluate` hook only game-ending actions are told apart. Ties are broken at random.
    """

    sees_everything = False

    def __init__(self, seed: int = 0) -> None:
        self.name = "greedy"
        self._rng = random.Random(seed)

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        actions = computer_actions(game, game.legal_actions(view))
        if len(actions) == 1:
            return actions[0]
        state = game.determinize(view, seat, self._rng)
        evaluate = protocol.evaluator(game)
        values = []
        for action in actions:
            after = game.apply(state, action)
            if game.current_player(after) is None:
                values.append(game.outcome(after)[seat])
            else:
                values.append(evaluate(after)[seat] if evaluate is not None else 0.5)
        best = max(values)
        return self._rng.choice([action for action, value in zip(actions, values, strict=True) if value == best])


class PolicyPlayer:
    """The game's playout policy (its `rollout_action` hook) played on the seat's view; random without one.

    A baseline for arenas: only for games whose policy reads nothing the deciding seat cannot see (Cryptid's is
    the simple deducer, EXO n°2's takes the best-scoring placement).
    """

    sees_everything = False

    def __init__(self, seed: int = 0) -> None:
        self.name = "policy"
        self._rng = random.Random(seed)

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        return policy_action(game, view, self._rng)


def policy_action(game: Game, view: Any, rng: random.Random) -> Any:
    """The game's playout policy (`rollout_action`) on `view`, or a random legal action without one."""
    actions = game.legal_actions(view)
    policy = protocol.rollout_action(game)
    return rng.choice(computer_actions(game, actions)) if policy is None else policy(view, actions, rng)


# Seconds per decision of the `mcts` (and `cheat`) levels.
LEVELS: dict[str, float] = {"easy": 0.25, "normal": 1.0, "hard": 4.0}
# Iterations a level searches at least, past its time if the machine is busy: at EXO n°2 a loaded machine left
# easy's quarter second a few hundred iterations and easy fell below greedy (-31 Elo at load 24), while 500
# iterations beat greedy load or not (SPRT [-50, 50], docs/figures.md). A quiet machine does more than 500 in a
# quarter second in every game that searches (Endless Forms, the slowest, about 520), so there it changes nothing.
LEVEL_FLOORS: dict[str, int] = {"easy": 500}
# The level that does not always play the search's choice, so that a beginner can win: it plays as the game's
# `easy_play` says (`engine.protocol.EasyPlay`; `MctsPlayer.pick`).
EASY = "easy"
# The largest search a level may ask for, typed on the command line or read from a save: beyond these the
# computer would seem never to move.
MAX_ITERATIONS = 1_000_000
MAX_SECONDS = 60.0
# Playouts stop after this many actions and ask the game's `evaluate` hook, when it has one.
PLAYOUT_DEPTH = 4


# Options a level may add after its budget, for measuring a variant of the search ("it=3000:depth=8"): the
# playout cut-off (0: play out to the end), the UCB exploration constant, the weight of the root's progressive bias
# (`SearchConfig.prior_weight`), the weight of implicit minimax backups (`SearchConfig.minimax_weight`), and an
# iteration budget in place of the level's time ("easy:it=1500": easy's draw after 1,500 iterations, whatever the
# machine's load).
SEARCH_OPTIONS = ("depth", "c", "pb", "imm", "it")
# The options that are a number in a range: the SearchConfig field each sets and the largest it takes (a mix such as
# the backups' weight is at most 1; the others are bounded only to keep a typo from a search that never ends).
_WEIGHT_OPTIONS: dict[str, tuple[str, int]] = {
    "c": ("exploration", 100),
    "pb": ("prior_weight", 100),
    "imm": ("minimax_weight", 1),
}


def search_config(level: str | None) -> SearchConfig:
    """The search budget of a level: a name from LEVELS (default normal), "it=N" iterations or "s=SECONDS", then
    any SEARCH_OPTIONS as ":KEY=VALUE" ("it=3000:depth=8", "normal:c=1.0")."""
    budget, *options = (level or "normal").split(":")
    config = _budget(budget or "normal")
    changes: dict[str, float | int | None] = {}
    for option in options:
        key, _, value = option.partition("=")
        if key not in SEARCH_OPTIONS:
            raise ValueError(f"a search option is {', '.join(f'{k}=N' for k in SEARCH_OPTIONS)}, not {option!r}")
        try:
            number = float(value)
        except ValueError:
            raise ValueError(f"{value!r} is not a number") from None
        if key == "it":
            changes.update(iterations=_budget(option).iterations, seconds=None, min_iterations=0)
        elif key == "depth":
            if not (0 <= number <= MAX_ITERATIONS and number == int(number)):
                raise ValueError(f"depth must be a whole number, 0 for none, not {value!r}")
            changes["playout_depth"] = int(number) or None
        else:
            field, top = _WEIGHT_OPTIONS[key]
            if not 0 <= number <= top:
                raise ValueError(f"{key} must be between 0 and {top}, not {value!r}")
            changes[field] = number
    return msgspec.structs.replace(config, **changes) if changes else config


def level_name(level: str | None) -> str:
    """The level without its search options: "easy" for "easy:depth=8"."""
    return (level or "normal").partition(":")[0]


def _budget(level: str) -> SearchConfig:
    if level in LEVELS:
        floor = LEVEL_FLOORS.get(level, 0)
        return SearchConfig(seconds=LEVELS[level], playout_depth=PLAYOUT_DEPTH, min_iterations=floor)
    key, _, value = level.partition("=")
    if key not in ("it", "s"):
        raise ValueError(f"the level must be {', '.join(LEVELS)}, it=ITERATIONS or s=SECONDS, not {level!r}")
    try:
        if key == "it":
            iterations = int(value)
        else:
            seconds = float(value)
    except ValueError:
        raise ValueError(f"{value!r} is not a number") from None
    if key == "it":
        # SearchConfig refuses what no search can do (0 iterations); these are the limits of a sensible one.
        if iterations > MAX_ITERATIONS:
            raise ValueError(f"iterations must be at most {MAX_ITERATIONS:,}, got {iterations:,}")
        return SearchConfig(iterations=iterations, playout_depth=PLAYOUT_DEPTH)
    if seconds > MAX_SECONDS:
        raise ValueError(f"seconds must be at most {MAX_SECONDS:g}, got {seconds:g}")
    return SearchConfig(seconds=seconds, playout_depth=PLAYOUT_DEPTH)


def level_processes(level: str | None) -> int:
    """Processes searching each decision: every core for `hard` (root parallelisation), one otherwise."""
    return (os.cpu_count() or 1) if level_name(level) == "hard" else 1


class MctsPlayer:
    """Monte Carlo tree search on the seat's view (see `ai.mcts`), or on the true state for `cheat`.

    With `processes` > 1 each decision is searched by that many trees on as many processes (`ai.parallel`). An
    `easy` player plays as the game's `easy_play` says (`EasyPlay()` without it): on a share of its decisions the
    game's playout policy, otherwise a decision drawn among the search's plausible ones (`pick`).
    """

    def __init__(
        self,
        name: str,
        config: SearchConfig,
        seed: int = 0,
        sees_everything: bool = False,
        processes: int = 1,
        easy: bool = False,
        level: str | None = None,
        slips: bool = True,
    ) -> None:
        self.name = name
        # The level as typed without its search options ("normal", "it=300"), for the game's `level_play` hook;
        # None: always search.
        self.level = level
        self.config = config
        self.sees_everything = sees_everything
        self.processes = processes
        self.easy = easy
        # False for advice (the app's hint): the level's search, never the beginner's move its `normal_play` has
        # normal make on a share of its decisions.
        self.slips = slips
        self._rng = random.Random(seed)

    def decide(
        self,
        game: Game,
        seen: Any,
        seat: int,
        cancel: Cancel | None = None,
        on_progress: ProgressCallback | None = None,
    ) -> SearchResult:
        """The full search result, its action the one this player plays; `cancel` and `on_progress` are passed to
        `ai.mcts.search`."""
        own = protocol.level_play(game)
        if own is not None and self.level is not None and not self.sees_everything:
            started = time.perf_counter()
            ranked = own(self.level, seen, seat, self._rng)
            if ranked is not None:
                # Ranked best first: shown as visits so that the app's hint reads them as a search's.
                stats = tuple(
                    ActionStats(action, len(ranked) - rank, value) for rank, (action, value) in enumerate(ranked)
                )
                return SearchResult(ranked[0][0], 0, 0, time.perf_counter() - started, 0.0, 0, stats, False, False)
        play = (
            protocol.easy_play(game)
            if self.easy
            else EasyPlay(policy_share=protocol.normal_play(game) if self.slips and self.level == "normal" else 0.0)
        )
        # Drawn only when the game asks for it, so a game without the hook replays exactly as before it.
        if play.policy_share and self._rng.random() < play.policy_share:
            action = policy_action(game, seen, self._rng)
            return SearchResult(action, 0, 0, 0.0, 0.0, 0, (), False, self.sees_everything)
        result = parallel_search(
            game,
            seen,
            seat,
            self.config_for(game),
            self.processes,
            seed=self._rng.getrandbits(64),
            knows_state=self.sees_everything,
            cancel=cancel,
            on_progress=on_progress,
        )
        if not self.easy or not result.stats:
            return result
        return msgspec.structs.replace(result, action=self.pick(result.stats, play))

    def config_for(self, game: Game) -> SearchConfig:
        """This player's search in `game`: a timed level stops at the game's `level_iterations` cap for it, if it
        has one, and its iteration floor is never above that cap; a budget of iterations is searched as given."""
        cap = protocol.level_iterations(game).get(self.level or "")
        if cap is None or self.config.seconds is None:
            return self.config
        return msgspec.structs.replace(
            self.config,
            iterations=min(cap, self.config.iterations or cap),
            min_iterations=min(self.config.min_iterations, cap),
        )

    def pick(self, stats: Sequence[ActionStats], play: EasyPlay) -> Any:
        """A root decision drawn with weight visits ** (1 / play.temperature) among those visited at least
        `play.share` times as often as the most visited one (and with a `play.margin`, whose mean reward is at most
        that much below its), from this player's generator (so a seed replays)."""
        top = max(stats, key=lambda s: (s.visits, s.mean_value))
        floor = -math.inf if play.margin is None else top.mean_value - play.margin
        plausible = [s for s in stats if s.visits >= play.share * top.visits and s.mean_value >= floor]
        weights = [s.visits ** (1 / play.temperature) for s in plausible]
        return self._rng.choices(plausible, weights)[0].action

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        return self.decide(game, view, seat).action


def _without_level(kind: str, make: Callable[[int], Player]) -> Callable[[str | None, int], Player]:
    def factory(level: str | None, seed: int) -> Player:
        if level is not None:
            raise ValueError(f"{kind} has no levels")
        return make(seed)

    return factory


# kind -> factory(level or None, seed); specs are written "kind" or "kind:level". A factory raises ValueError
# for a level it does not know.
PLAYER_KINDS: dict[str, Callable[[str | None, int], Player]] = {
    "random": _without_level("random", RandomPlayer),
    "greedy": _without_level("greedy", GreedyPlayer),
    "policy": _without_level("policy", PolicyPlayer),
    "mcts": lambda level, seed: MctsPlayer(
        f"mcts:{level or 'normal'}",
        search_config(level),
        seed,
        processes=level_processes(level),
        easy=level_name(level) == EASY,
        level=level_name(level),
    ),
    "cheat": lambda level, seed: MctsPlayer(
        f"cheat:{level or 'normal'}",
        search_config(level),
        seed,
        True,
        level_processes(level),
        level_name(level) == EASY,
    ),
}


def make_player(spec: str, seed: int = 0) -> Player:
    """A player from a spec such as "random", "mcts:hard" or "mcts:it=2000"; raises UnknownPlayer for a bad spec."""
    kind, _, level = spec.partition(":")
    try:
        factory = PLAYER_KINDS[kind]
    except KeyError:
        raise UnknownPlayer(spec) from None
    try:
        return factory(level or None, seed)
    except ValueError as exc:
        raise UnknownPlayer(spec, str(exc)) from None

"""The review of a finished game: every decision of a seat judged by the search, from what that seat knew then.

For each decision of a reviewed seat the search (`ai.mcts`, the AI's own) is run on `game.view(state, seat)`, the
position as that seat knew it, never on the true state: the win chance before the decision is the estimate of the
search's best move, the move played gets its own estimate from the same tree, and the difference is the loss, in
percentage points, classed as lichess classes its advice (lila's `Advice.scala`): an inaccuracy from 5 points, a
mistake from 10, a blunder from 15. Decisions with a single legal action are forced and not judged.

Whatever moved the seat's win chance between its decisions was not its choice: the draws, the cards revealed and
the other players' moves. That swing (the estimate before a decision minus the estimate of the seat's previous
move, and at the end the result minus the last estimate) is its luck, summed apart from the losses.

Honest by construction: a seat's review reads, of the game, only that seat's views, its own actions and the result
(which the end shows everyone), so two games that look the same to a seat get the same review of it. A game still
in play is refused, since its review would tell a seat about positions the other players have not finished.
Deterministic: each decision is searched with an iteration budget and a seed made of the review's seed and the
decision's place in the game, so the review is the same whatever the number of processes (`jobs`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Annotated, Any, Final

import msgspec

from exotui import __version__, games
from exotui.ai.mcts import Cancel, SearchConfig, root_actions, search
from exotui.ai.players import PLAYOUT_DEPTH, search_config
from exotui.engine import protocol
from exotui.engine.protocol import Game, state_hash
from exotui.engine.records import SavedGame, write_atomic
from exotui.engine.savedir import review_cache

# The review's levels: iteration budgets, so that a review replays exactly (a time budget would not). `normal` is
# chosen so that a typical ExoFauna/Duo game (about 140 actions, every decision of both seats) is reviewed in under
# a minute with both cores of the machine it was measured on (docs/review.md); `hard` searches four times as much.
LEVELS: Final[dict[str, int]] = {"normal": 8_000, "hard": 32_000}
DEFAULT_LEVEL: Final = "normal"
# A decision's loss, in percentage points of win chance, from which it is an inaccuracy, a mistake, a blunder.
THRESHOLDS: Final = ((15.0, "blunder"), (10.0, "mistake"), (5.0, "inaccuracy"))
GOOD: Final = "good"
FORCED: Final = "forced"
# The classes a review counts, best first.
KINDS: Final = (GOOD, "inaccuracy", "mistake", "blunder")
# The cache beside a save (`engine.savedir.review_cache`, which goes with the save when it is deleted). Its format
# number goes up whenever what is cached changes meaning.
CACHE_FORMAT: Final = 1
# A cache larger than this is not ours: ignored (a save holds at most a few thousand decisions).
CACHE_LIMIT: Final = 1 << 20


class ReviewError(ValueError):
    """A review that cannot be made (an unfinished game, a seat or level that does not exist); one line."""


def review_config(level: str | None) -> SearchConfig:
    """The search budget of a review level: a name from LEVELS (default normal) or "it=N"."""
    level = level or DEFAULT_LEVEL
    if level in LEVELS:
        return SearchConfig(iterations=LEVELS[level], playout_depth=PLAYOUT_DEPTH)
    if not level.startswith("it="):
        raise ReviewError(
            f"the review level must be {', '.join(LEVELS)} or it=ITERATIONS (so it replays), not {level!r}"
        )
    try:
        return search_config(level)
    except ValueError as exc:
        raise ReviewError(f"bad review level {level!r}: {exc}") from None


# ---------------------------------------------------------------------------------------------------------------
# One decision


# A win chance as the search estimates it; the bounds keep a damaged cache from showing nonsense.
_Chance = Annotated[float, msgspec.Meta(ge=0.0, le=1.0)]


class Verdict(msgspec.Struct, frozen=True, array_like=True):
    """What the search of one decision found, in numbers only (what the cache keeps; the words come from the save).

    `best` is the index of the search's best move in `game.legal_actions(view)`; `before` its estimate and `after`
    the estimate of the move played, as win chances in [0, 1] for the deciding seat (None for a forced decision).
    """

    index: Annotated[int, msgspec.Meta(ge=0)]
    best: Annotated[int, msgspec.Meta(ge=0)]
    before: _Chance | None
    after: _Chance | None
    iterations: Annotated[int, msgspec.Meta(ge=0)]


class _Task(msgspec.Struct, frozen=True):
    """One decision to judge: everything a worker process needs, all of it known to the deciding seat."""

    game: str
    index: int
    view: Any
    seat: int
    played: Any
    config: SearchConfig
    seed: int


class _WithPlayed:
    """The game, its `search_actions` hook also keeping the move played, so that the move gets an estimate even
    where the game's own narrowing would not search it (Cryptid keeps a dozen of its hundreds of questions)."""

    def __init__(self, game: Game, played: Any) -> None:
        self._game = game
        self._played = played

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def search_actions(self, view: Any, seat: int, actions: Sequence[Any]) -> Sequence[Any]:
        kept = set(self._game.search_actions(view, seat, actions))  # type: ignore[attr-defined]
        return [action for action in actions if action in kept or action == self._played]


def judge(task: _Task, cancel: Cancel | None = None) -> Verdict:
    """The verdict on one decision: a search of the deciding seat's view, the move played searched with the rest."""
    game = games.get(task.game)
    legal = list(game.legal_actions(task.view))
    best_index = legal.index(task.played)
    if len(legal) == 1:
        return Verdict(task.index, best_index, None, None, 0)
    searched: Any = _WithPlayed(game, task.played) if protocol.search_actions(game) is not None else game
    if len(root_actions(searched, task.view, task.seat)) == 1:
        # The game's own narrowing leaves nothing but the move played worth searching.
        return Verdict(task.index, best_index, None, None, 0)
    result = search(searched, task.view, task.seat, task.config, seed=task.seed, cancel=cancel)
    stats = {stats.action: stats for stats in result.stats}
    if result.cancelled and result.action not in stats:
        # Stopped before its first iteration: nothing to tell (the caller drops a cancelled review).
        return Verdict(task.index, best_index, None, None, 0)
    best = stats[result.action]
    played = stats.get(task.played)
    return Verdict(
        task.index,
        legal.index(result.action),
        best.mean_value,
        played.mean_value if played is not None else None,
        result.iterations,
    )


# ---------------------------------------------------------------------------------------------------------------
# The review of a game


class Judged(msgspec.Struct, frozen=True):
    """One decision of a reviewed seat, in words and points (win chances in percent, from 0 to 100)."""

    # The action's index in the save: the position before it is `saved.states[index]`, move number index + 1.
    index: int
    turn: int
    seat: int
    played: str
    best: str
    # The game's `hint_reason` for the best move, read from the seat's view (None: the game has nothing to add).
    reason: str | None
    # The estimates before the decision (of the best move) and after it (of the move played); None when forced.
    before: float | None
    after: float | None
    loss: float
    # GOOD, "inaccuracy", "mistake", "blunder" or FORCED.
    kind: str
    # The swing of the seat's win chance since its previous judged decision (the draws, the cards revealed, the
    # other players' moves); 0 for its first.
    luck: float
    iterations: int


class SeatSummary(msgspec.Struct, frozen=True):
    seat: int
    name: str
    # Decisions judged, and those forced (not judged).
    decisions: int
    forced: int
    # The mean loss per judged decision, in points: 0 is perfect play by the search's lights.
    accuracy: float
    # Judged decisions per class, in the order of KINDS.
    counts: tuple[int, ...]
    # Points lost to decisions (the losses summed) and the luck (every swing, the last one to the result, summed).
    lost_to_decisions: float
    luck: float
    # The first estimate and the result (100 a win, 0 a loss, shares for a shared win).
    start: float | None
    result: float


class Review(msgspec.Struct, frozen=True):
    game: str
    title: str
    variant: str | None
    level: str
    seed: int
    seats: tuple[int, ...]
    actions: int
    decisions: tuple[Judged, ...]
    summaries: tuple[SeatSummary, ...]


def reviewed_seats(saved: SavedGame, seat: int | None = None) -> tuple[int, ...]:
    """The seats a review looks at: `seat` (0-based) if given, else the people's seats, else every seat."""
    seats = saved.header.seats
    if seat is not None:
        if not 0 <= seat < len(seats):
            raise ReviewError(f"this game has seats 1 to {len(seats)}, not {seat + 1}")
        return (seat,)
    people = tuple(index for index, entry in enumerate(seats) if entry.kind == "human")
    return people or tuple(range(len(seats)))


def check_finished(saved: SavedGame) -> None:
    """ReviewError unless the game is over: a review of a game in play would judge it from positions still live."""
    if not saved.header.finished:
        raise ReviewError(f"{saved.path.name}: the game is not finished; only a finished game can be reviewed")


def tasks(saved: SavedGame, seats: Sequence[int], config: SearchConfig, seed: int) -> list[_Task]:
    """The decisions of `seats`, in the order played, each read from the deciding seat's view alone."""
    game = saved.game
    found = []
    for seat in seats:
        for index, (state, action) in enumerate(zip(saved.states, saved.actions, strict=False)):
            view = game.view(state, seat)
            if game.current_player(view) == seat:
                # The seed depends on the place in the game, not on the deal: games alike to the seat search alike.
                found.append(_Task(game.id, index, view, seat, action, config, seed * 1_000_003 + index))
    return sorted(found, key=lambda task: task.index)


def judge_all(
    todo: Sequence[_Task],
    jobs: int = 1,
    on_progress: Callable[[int, int], None] | None = None,
    cancel: Cancel | None = None,
) -> tuple[list[Verdict], bool]:
    """The verdicts of `todo`, in order, searched `jobs` at a time (worker processes when more than one, as
    `exotui arena --jobs`), and whether they are all there: once `cancel` is set, those found so far and False.
    `on_progress(done, total)` after each."""
    verdicts: list[Verdict] = []
    for verdict in _verdicts(todo, jobs, cancel):
        if verdict is None:
            return verdicts, False
        verdicts.append(verdict)
        if on_progress is not None:
            on_progress(len(verdicts), len(todo))
    return verdicts, True


def _verdicts(todo: Sequence[_Task], jobs: int, cancel: Cancel | None) -> Iterator[Verdict | None]:
    if jobs <= 1 or len(todo) <= 1:
        for task in todo:
            verdict = judge(task, cancel)
            yield None if cancel is not None and cancel.is_set() else verdict
        return
    # Spawned, not forked, as the arena's pool: the caller may be a thread of the app.
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(min(jobs, len(todo)), mp_context=context)
    futures: list[Future[Verdict]] = [pool.submit(judge, task) for task in todo]
    try:
        for future in futures:
            while True:
                if cancel is not None and cancel.is_set():
                    yield None
                    return
                try:
                    verdict = future.result(timeout=0.1)
                except TimeoutError:
                    continue
                break
            yield verdict
    finally:
        # Cancelled or done: searches not started are dropped, and nobody waits for those running (one decision).
        pool.shutdown(wait=False, cancel_futures=True)


def assemble(
    saved: SavedGame, seats: Sequence[int], todo: Sequence[_Task], verdicts: Sequence[Verdict], level: str, seed: int
) -> Review:
    """The review of `seats` from the verdicts on their decisions `todo`: sentences, classes, luck and summaries."""
    deciding = [task.seat for task in todo]
    game = saved.game
    hint_reason = protocol.hint_reason(game)
    outcome = saved.header.result
    assert outcome is not None
    judged: list[Judged] = []
    # Per seat, the estimate of its last judged move, from which the next swing is counted.
    last: dict[int, float] = {}
    for verdict, seat in zip(verdicts, deciding, strict=True):
        view = game.view(saved.states[verdict.index], seat)
        played = saved.actions[verdict.index]
        best = game.legal_actions(view)[verdict.best]
        before = _percent(verdict.before)
        after = _percent(verdict.after)
        if before is None:
            loss, kind, luck = 0.0, FORCED, 0.0
        else:
            loss = 0.0 if best == played or after is None else max(0.0, before - after)
            kind = classify(loss)
            luck = before - last[seat] if seat in last else 0.0
            # Counted from the estimate less the loss, so that every point is told once: the result is the first
            # estimate, less the losses, plus the luck.
            last[seat] = before - loss
        judged.append(
            Judged(
                index=verdict.index,
                turn=game.turn(view),
                seat=seat,
                played=game.describe(view, played),
                best=game.describe(view, best),
                reason=hint_reason(view, best) if hint_reason is not None and best != played else None,
                before=before,
                after=after,
                loss=loss,
                kind=kind,
                luck=luck,
                iterations=verdict.iterations,
            )
        )
    summaries = []
    for seat in seats:
        mine = [decision for decision in judged if decision.seat == seat]
        counted = [decision for decision in mine if decision.kind != FORCED]
        result = 100.0 * outcome[seat]
        final_swing = result - last[seat] if seat in last else 0.0
        summaries.append(
            SeatSummary(
                seat=seat,
                name=saved.header.seats[seat].name,
                decisions=len(counted),
                forced=len(mine) - len(counted),
                accuracy=sum(d.loss for d in counted) / len(counted) if counted else 0.0,
                counts=tuple(sum(d.kind == kind for d in counted) for kind in KINDS),
                lost_to_decisions=sum(d.loss for d in counted),
                luck=sum(d.luck for d in counted) + final_swing,
                start=counted[0].before if counted else None,
                result=result,
            )
        )
    return Review(
        game=game.id,
        title=game.title,
        variant=saved.header.variant,
        level=level,
        seed=seed,
        seats=tuple(seats),
        actions=len(saved.actions),
        decisions=tuple(judged),
        summaries=tuple(summaries),
    )


def classify(loss: float) -> str:
    """The class of a decision that lost `loss` points: GOOD, "inaccuracy", "mistake" or "blunder"."""
    return next((name for floor, name in THRESHOLDS if loss >= floor), GOOD)


def _percent(value: float | None) -> float | None:
    return None if value is None else 100.0 * value


def review(
    saved: SavedGame,
    seats: Sequence[int] | None = None,
    level: str | None = None,
    seed: int = 1,
    jobs: int = 1,
    on_progress: Callable[[int, int], None] | None = None,
    cancel: Cancel | None = None,
    cache: bool = False,
) -> Review | None:
    """The review of the finished game `saved` for `seats` (default: `reviewed_seats`); None once cancelled.

    With `cache`, verdicts are read from and written to the file beside the save (`engine.savedir.review_cache`), so
    a second look costs nothing and a look cancelled half way goes on from there; the save itself is never written.
    """
    check_finished(saved)
    level = level or DEFAULT_LEVEL
    config = review_config(level)
    seats = tuple(seats) if seats is not None else reviewed_seats(saved)
    todo = tasks(saved, seats, config, seed)
    key = _cache_key(saved, level, seed)
    known = _known(saved, todo, key) if cache else {}
    wanted = [task for task in todo if task.index not in known]
    fresh, complete = judge_all(wanted, jobs, _offset(on_progress, len(todo) - len(wanted), len(todo)), cancel)
    known.update((verdict.index, verdict) for verdict in fresh)
    # Kept even when stopped, so that the next look goes on from there.
    if cache and fresh:
        write_cache(saved.path, key, known)
    if not complete:
        return None
    return assemble(saved, seats, todo, [known[task.index] for task in todo], level, seed)


def _offset(on_progress: Callable[[int, int], None] | None, done: int, total: int) -> Callable[[int, int], None] | None:
    """Progress counted over every decision, those read from the cache being done already."""
    if on_progress is None:
        return None
    on_progress(done, total)
    return lambda fresh, _: on_progress(done + fresh, total)


# ---------------------------------------------------------------------------------------------------------------
# The cache beside the save


class _CacheKey(msgspec.Struct, frozen=True, array_like=True):
    """What the verdicts depend on: the game (its rules, its every position, through the final hash), the level,
    the seed and the code that searched."""

    format: int
    app_version: str
    game: str
    rules_version: str
    actions: int
    final: str
    level: str
    seed: int


class _Cache(msgspec.Struct, frozen=True):
    key: _CacheKey
    verdicts: tuple[Verdict, ...]


def _cache_key(saved: SavedGame, level: str, seed: int) -> _CacheKey:
    header = saved.header
    return _CacheKey(
        CACHE_FORMAT, __version__, header.game, header.rules_version, len(saved.actions), state_hash(saved.final),
        level, seed,
    )  # fmt: skip


def read_cache(save: Path, key: Any) -> dict[int, Verdict]:
    """The cached verdicts of this game, level and seed, by action index; none when the cache is missing, stale or
    not one of ours (it is then written again)."""
    path = review_cache(save)
    try:
        if not path.is_file() or path.is_symlink() or path.stat().st_size > CACHE_LIMIT:
            return {}
        cached = msgspec.msgpack.decode(path.read_bytes(), type=_Cache)
    except (OSError, msgspec.DecodeError, msgspec.ValidationError):
        return {}
    if cached.key != key:
        return {}
    return {verdict.index: verdict for verdict in cached.verdicts}


def _known(saved: SavedGame, todo: Sequence[_Task], key: _CacheKey) -> dict[int, Verdict]:
    """The cached verdicts on the decisions of `todo` (each naming one of its legal moves), by action index."""
    cached = read_cache(saved.path, key)
    legal = saved.game.legal_actions
    return {
        task.index: verdict
        for task in todo
        if (verdict := cached.get(task.index)) is not None and verdict.best < len(legal(task.view))
    }


def write_cache(save: Path, key: Any, verdicts: dict[int, Verdict]) -> None:
    """Keep `verdicts` beside the save (atomically); a directory that cannot be written only loses the cache."""
    data = msgspec.msgpack.encode(_Cache(key, tuple(verdicts[index] for index in sorted(verdicts))))
    with contextlib.suppress(OSError):
        write_atomic(review_cache(save), data)


def cached_review(saved: SavedGame, seats: Sequence[int], level: str | None = None, seed: int = 1) -> Review | None:
    """The review as the cache holds it, or None when some decision of `seats` is not cached: no search at all."""
    check_finished(saved)
    level = level or DEFAULT_LEVEL
    todo = tasks(saved, seats, review_config(level), seed)
    known = _known(saved, todo, _cache_key(saved, level, seed))
    if any(task.index not in known for task in todo):
        return None
    return assemble(saved, seats, todo, [known[task.index] for task in todo], level, seed)


# ---------------------------------------------------------------------------------------------------------------
# In words


def kind_counts(summary: SeatSummary) -> str:
    """ "good 28, inaccuracies 3, mistakes 2, blunders 1"."""
    words = ("good", "inaccuracies", "mistakes", "blunders")
    return ", ".join(f"{word} {count}" for word, count in zip(words, summary.counts, strict=True))


def summary_lines(summary: SeatSummary) -> list[str]:
    """A seat's summary: accuracy and classes, then where its points went."""
    forced = f" ({summary.forced} forced, not judged)" if summary.forced else ""
    return [
        f"{summary.name}: {summary.decisions} decisions judged{forced}, mean loss {summary.accuracy:.1f} points; "
        f"{kind_counts(summary)}",
        f"  lost {summary.lost_to_decisions:.0f} points to decisions; luck {summary.luck:+.0f} (the draws, the cards "
        f"revealed and the other players' moves); result {summary.result:.0f}",
    ]


def text_lines(review: Review, names: Sequence[str], every: bool = False) -> list[str]:
    """The review as `exotui review` prints it: every decision judged worse than good (all of them with `every`),
    then the summaries. `names` are the seats' names as the game calls them."""
    budget = review_config(review.level).iterations or 0
    variant = f", {review.variant}" if review.variant else ""
    lines = [
        f"{review.title}{variant}: review of {', '.join(names[seat] for seat in review.seats)} "
        f"(level {review.level}: {budget:,} iterations a decision, seed {review.seed}); win chances in %"
    ]
    for decision in review.decisions:
        if decision.kind == FORCED or (decision.kind == GOOD and not every):
            continue
        head = f"{decision.index + 1:4}. turn {decision.turn:<3} {names[decision.seat]}"
        after = f"{decision.after:.0f}" if decision.after is not None else "?"
        lines.append(f"{head}: {decision.before:.0f} -> {after}, {decision.kind} (-{decision.loss:.0f})")
        lines.append(f"{'':6}played: {decision.played}")
        # A move the search rates no better than the one played (less searched, so less sure) is not shown.
        if decision.best != decision.played and decision.loss >= 0.5:
            reason = f" ({decision.reason})" if decision.reason else ""
            lines.append(f"{'':6}better: {decision.best}{reason}")
    for summary in review.summaries:
        lines.extend(summary_lines(summary))
    return lines

"""The game protocol: what every game offers the engine, the AI, the saves and the TUI.

A game is one object holding the static facts and the pure functions; a state is one position.
States and actions are frozen msgspec Structs, so they hash, compare and encode to msgpack as they are.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar, cast, runtime_checkable

import msgspec
import msgspec.inspect as mi

from exotui.engine.text import shown


class IllegalAction(ValueError):
    """Raised by `apply` for an action the rules do not allow in that state; the message says why."""


class GameSetupError(ValueError):
    """Raised by `new_game` for a player count or variant the game does not offer."""


if TYPE_CHECKING:
    from exotui.engine.working import WorkingCopy

# A game's state and action types: `Game[ExoState, Action]`, checked where each game declares its `GAME`.
S = TypeVar("S")
A = TypeVar("A")
T = TypeVar("T")


@runtime_checkable
class Game(Protocol[S, A]):
    """One game's rules. Seats are numbered 0..n-1; seat 0 moves first unless the game says otherwise.

    Generic over the game's state and action types; `Game` alone (any game) where the caller reads a game by id.
    The optional hooks (`HOOKS`) are not members: each is read through its accessor below.
    """

    # Static facts, read-only (so a game's own narrower types, such as a tuple of two counts, fit).
    @property
    def id(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def player_counts(self) -> tuple[int, ...]: ...
    @property
    def variants(self) -> tuple[str, ...]: ...
    @property
    def rules_version(self) -> str: ...
    # The tagged union of this game's action Structs, for decoding saves.
    @property
    def action_type(self) -> Any: ...
    @property
    def state_type(self) -> type[msgspec.Struct]: ...
    # A game is a key: the generic table is made once per game.
    def __hash__(self) -> int: ...

    def new_game(self, seed: int, players: int, variant: str | None = None) -> S:
        """The opening state for `players` seats, all randomness drawn from `seed`."""
        ...

    def current_player(self, state: S) -> int | None:
        """The seat that must decide now, or None once the game is over."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every legal decision of the current seat: canonical (no duplicates), in a stable order.

        Works on `view(state, current_player(state))` too and gives the same answer there: a seat never needs
        hidden information to know what it may do.
        """
        ...

    def apply(self, state: S, action: A) -> S:
        """The state after `action`; never mutates `state`; raises IllegalAction when not legal."""
        ...

    def is_over(self, state: S) -> bool: ...

    def turn(self, state: S) -> int:
        """The number of the turn being played, counting from 1 (for logs, replays and the safety limit)."""
        ...

    def outcome(self, state: S) -> tuple[float, ...]:
        """Per seat, once over: 1 for a win, 0 for a loss, equal shares for a shared win; 0 for every seat when the
        game's `rival` won (a solo game lost to its automaton). Read through `engine.result.result_of`."""
        ...

    def view(self, state: S, seat: int) -> S:
        """The state as `seat` may know it: hidden parts replaced by placeholders, the generator state zeroed."""
        ...

    def determinize(self, view: S, seat: int, rng: random.Random) -> S:
        """A full state consistent with `view` (as `seat` knows it); hidden parts and future randomness resampled."""
        ...

    def describe(self, state: S, action: A) -> str:
        """A short sentence saying what `action` does in `state` (the state before it).

        It names what sets the action apart: no two legal actions of a position are described alike.
        """
        ...

    def events(self, before: S, action: A, after: S) -> tuple[str, ...]:
        """Sentences for what `action` caused beyond itself, in the order it happened: claims and points (who, how
        many, the tie-break when it decided), pieces of the table that appear or go, the end and its result.

        `after` is `apply(before, action)`. Told only from what every seat sees, so `events(view(before, s),
        action, view(after, s))` gives the same sentences for every seat `s` as the true states do: telling a
        computer player's move never reveals a hidden card. Empty when nothing happened beyond the action.
        """
        ...


# ---------------------------------------------------------------------------------------------------------------
# Optional hooks: attributes a game may add to make the AI or the table better. Each is declared here once, with its
# type, and read only through its accessor (no `getattr` on a game anywhere else); docs/engine.md tells what each is
# for. tests/engine/test_games_conform.py holds every game to having no attribute beyond `Game`'s and these, so that a
# misspelt hook is an error, not a hook silently never read.

HOOKS: Final = frozenset(
    {
        # The search and the computer players (ai/).
        "evaluate",
        "rollout_action",
        "nothing_hidden",
        "search_actions",
        "determinizer",
        "working_copy",
        "easy_play",
        "normal_play",
        "level_play",
        "level_iterations",
        "level_notes",
        "exploration",
        "minimax_weight",
        "playout_free",
        "people_only",
        # The tables, the log and the results.
        "seat_names",
        "summary",
        "ending",
        "rules_text",
        "opening",
        "interlude",
        "interlude_waits",
        "describe_to",
        "hint_reason",
        "rival",
    }
)


def _hook(game: object, name: str, default: T) -> T:
    """The game's hook `name` (one of `HOOKS`), or `default` when it has none."""
    if name not in HOOKS:
        raise KeyError(f"{name!r} is not a hook of the game protocol (engine.protocol.HOOKS)")
    return cast(T, getattr(game, name, default))


class Evaluator(Protocol):
    """Optional per-game hint for the AI: a value per seat in [0, 1] for a non-terminal state."""

    def __call__(self, state: Any) -> tuple[float, ...]: ...


def evaluator(game: Game) -> Evaluator | None:
    """The game's `evaluate` hook: the greedy player's score and the search's playout cut-off."""
    return _hook(game, "evaluate", None)


class RolloutAction(Protocol):
    """Optional per-game playout policy: one of `actions` (the legal ones in `state`), drawn only from `rng`."""

    def __call__(self, state: Any, actions: Sequence[Any], rng: random.Random) -> Any: ...


def rollout_action(game: Game) -> RolloutAction | None:
    """The game's `rollout_action` hook (its playout policy); None: uniform random playouts."""
    return _hook(game, "rollout_action", None)


class NothingHidden(Protocol):
    """Optional per-game test: `view` is the whole position for `seat` (nothing hidden, no draw to come)."""

    def __call__(self, view: Any, seat: int) -> bool: ...


def nothing_hidden(game: Game) -> NothingHidden | None:
    """The game's `nothing_hidden` hook; None: the search compares a determinization with the view."""
    return _hook(game, "nothing_hidden", None)


class SearchActions(Protocol):
    """Optional per-game narrowing of the root: the decisions worth searching among the legal `actions`, chosen
    from the view alone."""

    def __call__(self, view: Any, seat: int, actions: Sequence[Any]) -> Sequence[Any]: ...


def search_actions(game: Game) -> SearchActions | None:
    """The game's `search_actions` hook; None: the search weighs every legal decision."""
    return _hook(game, "search_actions", None)


class Determinizer(Protocol):
    """Optional per-game `determinize` for one search: the unseen pools worked out once, each call a new deal."""

    def __call__(self, view: Any, seat: int) -> Callable[[random.Random], Any]: ...


def determinizer(game: Game) -> Determinizer | None:
    """The game's `determinizer` hook; None: the search calls `determinize` for every deal."""
    return _hook(game, "determinizer", None)


class WorkingCopyOf(Protocol):
    """Optional per-game mutable copy of a state for the search to walk and play out on (`engine/working.py`)."""

    def __call__(self, state: Any) -> WorkingCopy: ...


def working_copy(game: Game) -> WorkingCopyOf | None:
    """The game's `working_copy` hook; None: the search applies one pure action at a time."""
    return _hook(game, "working_copy", None)


class EasyPlay(msgspec.Struct, frozen=True):
    """Optional per-game attribute `easy_play`: how the `easy` level plays this game, so that a beginner can beat it
    (`ai.players.MctsPlayer`). A game without it gets `EasyPlay()`, the defaults below.

    Easy searches as the other levels do, then draws its decision among the root's plausible ones instead of
    playing the most visited. What makes a game's easy too strong or too weak differs: at EXO n°2 a quarter second
    visits nearly every placement alike (the draw is close to uniform, so easy fell far below greedy), while at
    Cryptid deduction picks good decisions whatever the draw takes (easy played as well as normal).
    """

    # The draw's weights are visits ** (1 / temperature), among the decisions visited at least `share` times as
    # often as the most visited one: those it rejected quickly (a blunder, a wasted turn) are never played. Tuned on
    # ExoFauna against greedy (seats rotated, load 5 on 2 cores): playing the most visited, easy won 7 games to 0;
    # with temperature 1 and 0.5 it won 3 of 12, with 0.25 (weights visits ** 4) 7 of 12.
    temperature: float = 0.25
    share: float = 0.25
    # With a margin, the draw also leaves out the decisions whose mean reward is more than `margin` below the most
    # visited one's: for a search that visits its decisions nearly alike.
    margin: float | None = None
    # The share of its decisions on which easy plays the game's playout policy (`rollout_action`, on its view)
    # instead of searching: a beginner's move. The policy must then read nothing the deciding seat cannot see.
    policy_share: float = 0.0


class LevelPlay(Protocol):
    """Optional per-game hook `level_play(level, view, seat, rng)`: the decision a computer player of `level`
    ("easy", "normal", "hard", or a budget such as "it=300") makes in this game's own way, for a game whose search
    reasons as no person can (Cryptid's exact deduction wins before people have asked a question). None: the level
    searches as it does in every game (and `easy_play` applies).

    The answer ranks the decisions worth considering, best first, each with the level's estimate in [0, 1] of the
    seat's chance to win after it (the app's hint shows it); the first is played. Read from `view` alone (so honest),
    drawing only from `rng` (so a seed replays), never a `people_only` action.
    """

    def __call__(self, level: str, view: Any, seat: int, rng: random.Random) -> Sequence[tuple[Any, float]] | None: ...


def level_iterations(game: Game) -> dict[str, int]:
    """The game's optional `level_iterations` attribute: per level ("easy", "normal", "hard"), the most iterations
    that level searches in this game (per process for `hard`), whichever of its time and these comes first. The
    levels are a ladder of strength, not of seconds: where a game's deal decides much of the result, the same 4:1
    of time leaves two levels too close (Raging Rodents), and a level searching less opens the gap. Without it, or
    for a level it does not name, the level searches its whole time."""
    return _hook(game, "level_iterations", {})


def exploration(game: Game) -> float | None:
    """The game's optional `exploration` attribute: the UCB constant its searches use (a reward is in [0, 1]), where
    a smaller one spends more of a budget on the decisions that look best; None: the search's default. Each value is
    accepted by an SPRT against the default at equal iterations (docs/strength.md)."""
    return _hook(game, "exploration", None)


def minimax_weight(game: Game) -> float | None:
    """The game's optional `minimax_weight` attribute: the weight its searches give implicit minimax backups of the
    evaluation (`ai.mcts.SearchConfig.minimax_weight`, in [0, 1]); None: none. Each value is accepted by an SPRT
    against none at the levels' terms: equal iterations, or equal time where the levels search their time, since the
    backups make an iteration dearer (docs/strength.md)."""
    return _hook(game, "minimax_weight", None)


def level_notes(game: Game) -> dict[str, str]:
    """The game's optional `level_notes` attribute: per computer player offered in the app ("mcts:hard"), a few
    words on what it is in this game, its budget and how it plays (the new game form's seat lists and the help show
    them); without it, the new game form's generic words."""
    return _hook(game, "level_notes", {})


def playout_free(game: Game) -> tuple[type, ...]:
    """The game's optional `playout_free` attribute: the kinds of action a playout's cut does not count (Endless
    Forms' passes at reveal windows, where a playout of 4 actions often ended before anything happened); none
    without it. Every playout honours it, on a working copy or on the pure reducers."""
    return _hook(game, "playout_free", ())


def people_only(game: Game) -> tuple[type, ...]:
    """The game's optional `people_only` attribute: the kinds of action no computer player chooses (Cryptid's Hint:
    RULINGS.md 4, a computer never asks for it); none without it."""
    return _hook(game, "people_only", ())


class HintReason(Protocol):
    """Optional per-game hook for the app's hint: why `action` is worth playing, in one line, from `view` alone.

    `view` is the deciding seat's view (`action` one of its legal decisions), so the reason can only tell what that
    seat may know: what the move scores, takes or leaves standing. None when the game has nothing to add to the
    action's own sentence (`describe`).
    """

    def __call__(self, view: Any, action: Any) -> str | None: ...


class Opening(Protocol):
    """Optional per-game hook: what the setup did before the first decision beyond dealing (Raging Rodents solo: the
    automaton's first turn), as sentences told from what every seat sees, for `state`, the opening position."""

    def __call__(self, state: Any) -> tuple[str, ...]: ...


def opening(game: Game, state: Any) -> tuple[str, ...]:
    """The game's `opening` sentences for the opening position `state`; none without the hook."""
    hook: Opening | None = _hook(game, "opening", None)
    return hook(state) if hook is not None else ()


class Interlude(Protocol):
    """Optional per-game hook: the position `action` reached before the game's own steps moved on from it (Raging
    Rodents: an invasion as it was scored, before the next deal; ExoFauna: holes as they were claimed, before they
    are replaced), for a table to show as its game tells it (a pause until the person continues, or only while
    nobody at the table decides) and a replay to step onto; None when the action reached no such position. A full
    state, to be seen through `view` like any other."""

    def __call__(self, before: Any, action: Any, after: Any) -> Any | None: ...


def has_interludes(game: Game) -> bool:
    """Whether the game has an `interlude` hook: positions between decisions worth a table's pause."""
    return _hook(game, "interlude", None) is not None


def interlude(game: Game, before: Any, action: Any, after: Any) -> Any | None:
    """The game's `interlude` of the action taking `before` to `after`; None without the hook."""
    hook: Interlude | None = _hook(game, "interlude", None)
    return hook(before, action, after) if hook is not None else None


def interlude_waits(game: Game) -> bool:
    """The game's optional `interlude_waits` attribute: True when nobody decides after an interlude until the people
    at the table have gone on from it (Raging Rodents' scored invasion, kept on show until Enter); without it an
    interlude holds nobody (ExoFauna's claims, shown while nobody at the table decides)."""
    return _hook(game, "interlude_waits", False)


def interludes(game: Game, state: Any, actions: Iterable[Any]) -> dict[int, Any]:
    """The game's interludes along `actions` played from `state`: the position each action reached between
    decisions, by the action's index; {} at once for a game without the hook (nothing is replayed)."""
    found: dict[int, Any] = {}
    if not has_interludes(game):
        return found
    for index, action in enumerate(actions):
        after = game.apply(state, action)
        position = interlude(game, state, action, after)
        if position is not None:
            found[index] = position
        state = after
    return found


class Rival(Protocol):
    """Optional per-game hook: who plays against `players` seats without holding one (Raging Rodents solo: "the
    automaton"), else None. An `outcome` giving no seat a share of the win says that the rival won
    (`engine.result`)."""

    def __call__(self, players: int) -> str | None: ...


def rival(game: Game, players: int) -> str | None:
    """The game's `rival` for `players` seats, in lower case ("the automaton"); None without the hook."""
    hook: Rival | None = _hook(game, "rival", None)
    return hook(players) if hook is not None else None


class DescribeTo(Protocol):
    """Optional per-game hook: `describe` as told to `seat` (None: someone at no seat, such as a spectator or the
    several people of a hot-seat game reading one log), for a game whose sentence from the true state names what
    stays hidden from the other seats (an event placed face down).

    Told to a seat other than the one deciding, the sentence depends only on what that seat sees before and after
    the action. Without the hook, `describe` is told to everyone, so it must name only what the action shows.
    `state` may be that seat's view, the action not yet made (a table telling the computer's preferred move): then
    the sentence names nothing the view hides (ExoFauna: a card the view shows only as a back).
    """

    def __call__(self, state: Any, action: Any, seat: int | None) -> str: ...


def describe_to(game: Game, state: Any, action: Any, seat: int | None) -> str:
    """The sentence of `action` in `state` (before it) as `seat` may read it: the game's `describe_to`, or
    `describe`."""
    hook: DescribeTo | None = _hook(game, "describe_to", None)
    return hook(state, action, seat) if hook is not None else game.describe(state, action)


def seat_word(labels: Sequence[str], seat: int) -> str:
    """The label of `seat`, or "Seat 3" past the labels given."""
    return labels[seat] if seat < len(labels) else f"Seat {seat + 1}"


def seat_names(game: Game, count: int) -> tuple[str, ...]:
    """The names of `count` seats: the game's optional `seat_names` ("Blue", "Yellow"), then "Seat 3"..."""
    names: Sequence[str] = _hook(game, "seat_names", ())
    return tuple(seat_word(names, seat) for seat in range(count))


def easy_play(game: Game) -> EasyPlay:
    """How the `easy` level plays this game: its `easy_play`, or `EasyPlay()`."""
    return _hook(game, "easy_play", EasyPlay())


def normal_play(game: Game) -> float:
    """The game's optional `normal_play` attribute: the share of its decisions on which the `normal` level plays the
    game's playout policy (`rollout_action`, on its view) instead of its search's choice; 0 without it. Where the deal
    decides much of a game, two searching levels stay too close whatever their budgets (Endless Forms: hard against
    normal +42 at 5.3 times the search, -32 at ten times), and a normal that slips now and then opens the ladder."""
    return _hook(game, "normal_play", 0.0)


def level_play(game: Game) -> LevelPlay | None:
    """The game's `level_play` hook: levels that decide in the game's own way; None: every level searches."""
    return _hook(game, "level_play", None)


def hint_reason(game: Game) -> HintReason | None:
    """The game's `hint_reason` hook, for the app's hint; None: the hint tells the decision alone."""
    return _hook(game, "hint_reason", None)


class Summary(Protocol):
    """Optional per-game position in words, as the viewer of `view` may know it (the generic table)."""

    def __call__(self, view: Any) -> str: ...


def summary(game: Game) -> Summary | None:
    """The game's `summary` hook; None: the generic table tells the turn and who decides only."""
    return _hook(game, "summary", None)


class Ending(Protocol):
    """Optional per-game hook: how the finished game in `state` was won, as lines for the end screen under its
    headline (engine.result says who won): the scores and what they came from, the tie-break that decided, what was
    hidden until the end. Seats are named by `seat_labels` ("Blue (you)", "Seat 2 (AI normal)")."""

    def __call__(self, state: Any, seat_labels: Sequence[str]) -> list[str]: ...


def ending(game: Game, state: Any, seat_labels: Sequence[str]) -> list[str]:
    """The end screen's lines for the finished `state`: the game's `ending`; without it each seat's share of the
    outcome, the game's `summary` of the final position and the turns played."""
    hook: Ending | None = _hook(game, "ending", None)
    if hook is not None:
        return hook(state, seat_labels)
    lines = ["Result per seat (1 a win, 0 a loss, a share for a shared win):"]
    lines.extend(f"{seat_word(seat_labels, seat)}: {value:g}" for seat, value in enumerate(game.outcome(state)))
    own = summary(game)
    if own is not None:
        lines.extend(["", *str(own(state)).splitlines()])
    lines.append(f"{game.turn(state)} turns were played.")
    return lines


def rules_text(game: Game) -> str:
    """The game's part of the help screen (`rules_text`); empty without it."""
    return _hook(game, "rules_text", "")


def public_view(game: Game, state: Any, seats: int) -> Any:
    """What everyone at the table knows (a spectator's view): the state seen through every seat's view in turn
    (each view hides what its seat may not see; views are states, as `determinize` already relies on)."""
    view = state
    for seat in range(seats):
        view = game.view(view, seat)
    return view


_ENCODER = msgspec.msgpack.Encoder()


def state_hash(state: msgspec.Struct) -> str:
    """A stable hex digest of a state: the same position gives the same hash on every run and machine."""
    return hashlib.blake2b(_ENCODER.encode(state), digest_size=12).hexdigest()


# ---------------------------------------------------------------------------------------------------------------
# Refusing malformed input before the rules see it

# Integers a save can hold (msgpack's range), so every action `apply` accepts can also be saved.
_INT_LOW: Final = -(1 << 63)
_INT_HIGH: Final = (1 << 64) - 1

# A field check: None when the value is good, else what it should have been.
_Check = Callable[[Any], "str | None"]


def check_action(action: object, action_type: Any) -> None:
    """Raise IllegalAction unless `action` is one of the Structs of `action_type` (a Struct or a union of them)
    and every field holds exactly its declared type within its declared bounds (`Annotated[int, Meta(ge=0)]`).

    Call it first in `apply`, so the rules only ever compare well-formed actions: no float for an int (3.0 would
    pass `in hand` and hash differently), no bool, no None, no string, no object of another kind.
    """
    known = _BY_STRUCT.get(type(action))
    problem = known[1](action) if known is not None and known[0] is action_type else _check_first(action, action_type)
    if problem is not None:
        raise IllegalAction(problem)


def _check_first(action: object, action_type: Any) -> str | None:
    """check_action's way the first time it meets a kind of action (then remembered in _BY_STRUCT)."""
    checks = _CHECKS.get(id(action_type)) or _struct_checks(action_type)
    check = checks.get(type(action))
    if check is None:
        return f"not an action of this game: {shown(action)}"
    _BY_STRUCT[type(action)] = (action_type, check)
    return check(action)


def player_counts_text(counts: Sequence[int]) -> str:
    """How many play a game, in words: "2", "2 or 3", "2 to 5"."""
    low, high = min(counts), max(counts)
    if len(counts) > 2 and tuple(counts) == tuple(range(low, high + 1)):
        return f"{low} to {high}"
    return " or ".join(str(count) for count in counts)


def check_setup(game: Game, seed: object, players: object, variant: object) -> None:
    """Raise GameSetupError unless `new_game(seed, players, variant)` asks for something `game` offers.

    The seed must be an int, the player count one of `game.player_counts`, the variant None or one of
    `game.variants`; all of exactly those types (no 2.0 players, no True seed).
    """
    title = game.title
    if type(seed) is not int:
        raise GameSetupError(f"{title}: the seed must be a whole number, got {shown(seed)}")
    if type(players) is not int or players not in game.player_counts:
        counts = player_counts_text(game.player_counts)
        raise GameSetupError(f"{title} is played by {counts} players, got {shown(players)}")
    if variant is not None and (type(variant) is not str or variant not in game.variants):
        if not game.variants:
            raise GameSetupError(f"{title} has no variants, got {shown(variant)}")
        raise GameSetupError(f"{title} has no variant {shown(variant)} (variants: {', '.join(game.variants)})")


# Per action_type, by id (hashing a union type costs more than the check), the check of each of its Structs. The
# types are kept alive in _CHECKED, so an id is never reused by another type.
_CHECKS: dict[int, dict[type, _Check]] = {}
_CHECKED: list[Any] = []
# The fast way in: per action Struct, the action_type it was last checked for and its check (a Struct in two
# action types is looked up again when they alternate; correct, only slower).
_BY_STRUCT: dict[type, tuple[Any, _Check]] = {}


def _struct_checks(action_type: Any) -> dict[type, _Check]:
    """Per action Struct of `action_type`, the check of its fields, from msgspec's type info; built once per type."""
    info = mi.type_info(action_type)
    kinds = info.types if isinstance(info, mi.UnionType) else (info,)
    structs = [kind for kind in kinds if isinstance(kind, mi.StructType)]
    if len(structs) != len(kinds):
        raise TypeError(f"an action_type is a Struct or a union of Structs, not {action_type!r}")
    checks = _CHECKS[id(action_type)] = {kind.cls: _fields_check(kind) for kind in structs}
    _CHECKED.append(action_type)
    return checks


def _fields_check(info: mi.StructType) -> _Check:
    name = info.cls.__name__
    fields = tuple((field.name, _value_check(field.type)) for field in info.fields)

    def check(value: Any) -> str | None:
        for field, check_field in fields:
            got = getattr(value, field)
            expected = check_field(got)
            if expected is not None:
                return f"{name}.{field} must be {expected}, got {shown(got)}"
        return None

    if not all(isinstance(field.type, mi.IntType) and field.type.multiple_of is None for field in info.fields):
        return check
    return _ints_check(info, check)


def _ints_check(info: mi.StructType, explain: _Check) -> _Check:
    """A fast check for a Struct of ints only (most actions; `apply` is the AI's inner loop): one expression.

    Generated, as `dataclasses` generates `__init__`, because a loop over the fields costs twice as much. The
    field names are Python identifiers (msgspec requires them); the bounds are passed as values, not as text.
    `explain` says what is wrong once something is.
    """
    if not info.fields:
        return lambda value: None
    bounds: dict[str, Any] = {"explain": explain}
    tests = []
    for number, field in enumerate(info.fields):
        assert isinstance(field.type, mi.IntType)  # the caller's promise: ints only
        bounds[f"low{number}"], bounds[f"high{number}"] = _int_bounds(field.type)
        tests.append(f"type(v{number} := value.{field.name}) is int and low{number} <= v{number} <= high{number}")
    source = f"def check(value):\n    return None if {' and '.join(tests)} else explain(value)\n"
    exec(source, bounds)
    return cast(_Check, bounds["check"])


def _value_check(info: mi.Type) -> _Check:
    """The check of one declared type; the kinds an action can reasonably hold (anything else is refused)."""
    if isinstance(info, mi.IntType):
        return _int_check(info)
    if isinstance(info, mi.StrType | mi.FloatType | mi.BoolType | mi.BytesType):
        kind = {mi.StrType: str, mi.FloatType: float, mi.BoolType: bool, mi.BytesType: bytes}[type(info)]
        return lambda value: None if type(value) is kind else f"a {kind.__name__}"
    if isinstance(info, mi.NoneType):
        return lambda value: None if value is None else "None"
    if isinstance(info, mi.LiteralType | mi.EnumType):
        values = info.values if isinstance(info, mi.LiteralType) else tuple(info.cls)
        allowed = {(type(value), value) for value in values}
        return lambda value: None if (type(value), value) in allowed else f"one of {', '.join(map(repr, values))}"
    if isinstance(info, mi.StructType):
        nested = _fields_check(info)
        cls = info.cls
        return lambda value: f"a {cls.__name__}" if type(value) is not cls else nested(value)
    if isinstance(info, mi.UnionType):
        options = tuple(_value_check(option) for option in info.types)
        return lambda value: (
            None if any(option(value) is None for option in options) else " or ".join(map(_describe, info.types))
        )
    if isinstance(info, mi.TupleType):
        items = tuple(_value_check(item) for item in info.item_types)
        size = len(items)
        return lambda value: (
            f"a tuple of {size}"
            if type(value) is not tuple or len(value) != size
            else next((problem for item, check in zip(value, items, strict=True) if (problem := check(item))), None)
        )
    if isinstance(info, mi.VarTupleType | mi.FrozenSetType):
        collection = tuple if isinstance(info, mi.VarTupleType) else frozenset
        item_check = _value_check(info.item_type)
        low, high = info.min_length or 0, info.max_length
        return lambda value: (
            f"a {collection.__name__} of {low} to {high if high is not None else 'any number of'} items"
            if type(value) is not collection or len(value) < low or (high is not None and len(value) > high)
            else next((problem for item in value if (problem := item_check(item))), None)
        )
    raise TypeError(f"check_action does not know {info!r}: declare actions with ints, strs, tuples, Structs...")


def _int_bounds(info: mi.IntType) -> tuple[int, int]:
    """The lowest and highest value allowed: the declared bounds, within what a save can hold (msgpack)."""
    lows = (_INT_LOW, info.ge, info.gt + 1 if info.gt is not None else None)
    highs = (_INT_HIGH, info.le, info.lt - 1 if info.lt is not None else None)
    return max(bound for bound in lows if bound is not None), min(bound for bound in highs if bound is not None)


def _int_check(info: mi.IntType) -> _Check:
    low, high = _int_bounds(info)
    declared = (low, high) != (_INT_LOW, _INT_HIGH)
    in_range = f"a whole number from {low} to {high}" if declared else "a whole number that fits in 64 bits"
    step = info.multiple_of or 1
    if step != 1:
        in_range += f", a multiple of {step}"

    def check(value: Any) -> str | None:
        if type(value) is not int:
            return "a whole number"
        if not low <= value <= high or value % step:
            return in_range
        return None

    return check


def _describe(info: mi.Type) -> str:
    return type(info).__name__.removesuffix("Type").lower()

"""A game in progress, as the app holds it: everything a save needs, and the one place an action is applied."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from exotui.ai.players import UnknownPlayer, make_player
from exotui.engine import records
from exotui.engine.protocol import Game, describe_to, interludes, opening

HUMAN = "human"


@dataclass(frozen=True)
class Seat:
    """Who plays a seat now: a person (`HUMAN`) or a computer player spec such as "mcts:normal".

    The save's seat (`engine.records.Seat`: a name fixed when the save is made, the spec split into kind and level)
    is made from it (`records.Seat.from_spec(name, seat.spec)`) and gives it back (`Seat(saved.spec)`); this one may
    change during a game, as when the AI takes over a seat at the SSH table."""

    spec: str

    @property
    def is_human(self) -> bool:
        return self.spec == HUMAN


class Told(NamedTuple):
    """One decision as the log tells it: the turn it was made in, its sentence, and what it caused (the game's
    `events`, told from what every seat sees)."""

    turn: int
    sentence: str
    events: tuple[str, ...]


def how_it_ended(story: Sequence[Told]) -> list[Told]:
    """How a finished game ended, from its story as the log told it: the last turn's decisions that set something off
    (a claim, points scored) with what each caused, then its last decision (the end). The end box shows them, as it
    covers the foot of the table where the log ends."""
    if not story:
        return []
    *before, last = story
    return [told for told in before if told.turn == last.turn and told.events] + [last]


@dataclass
class GameSession:
    """The game being played: (game, seed, variant, seats, actions, state).

    Replaying the actions from the seed gives the state again. `apply` is the only place the app changes a game,
    so it autosaves there when the session has a `record`; the first failed write is handed to `on_saving_off`
    (the player must be told) and the game goes on unsaved.
    """

    game: Game
    seed: int
    variant: str | None
    seats: tuple[Seat, ...]
    actions: list[Any] = field(default_factory=list)
    state: Any = None
    record: records.GameRecord | None = None
    on_saving_off: Callable[[records.SavingOff], None] | None = None
    # No takebacks in this game: chosen on the new game form, or turned off during the game; the save's header
    # keeps it (`GameRecord.forbid_takebacks`).
    takebacks_off: bool = False

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.first_state()

    def first_state(self) -> Any:
        """The position before the first decision: the deal of the seed, for these seats and variant."""
        return self.game.new_game(self.seed, len(self.seats), self.variant)

    @property
    def deciding(self) -> int | None:
        return self.game.current_player(self.state)

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(seat for seat, who in enumerate(self.seats) if who.is_human)

    @property
    def told_to(self) -> int | None:
        """Whose eyes the log's sentences are for (`apply`): the one person at the table reads the cards it uses;
        None (a hot-seat game's shared log, computers alone) reads only what every seat sees."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def view_for(self, seat: int) -> Any:
        return self.game.view(self.state, seat)

    def apply(self, action: Any) -> Told:
        """Apply the deciding seat's `action` and return how the log tells it."""
        before = self.state
        if self.record is None:
            self.state = self.game.apply(self.state, action)
        else:
            try:
                self.record.append(action)
            except records.SavingOff as exc:
                if self.on_saving_off is not None:
                    self.on_saving_off(exc)
            self.state = self.record.state
        self.actions.append(action)
        return self.told(before, action, self.state, self.told_to)

    def told(self, before: Any, action: Any, after: Any, seat: int | None) -> Told:
        """How the log tells `seat` (None: what every seat sees) the `action` that took `before` to `after`."""
        game = self.game
        return Told(game.turn(before), describe_to(game, before, action, seat), game.events(before, action, after))

    def opening(self) -> tuple[str, ...]:
        """What the setup did before the first decision (the game's `opening`), told from what every seat sees."""
        return opening(self.game, self.first_state())

    def interludes(self) -> dict[int, Any]:
        """The positions reached between decisions so far (the game's `interlude`: Raging Rodents' scored invasions),
        by the index of the action that reached each; replayed from the seed."""
        return interludes(self.game, self.first_state(), self.actions)

    def story(self, seat: int | None) -> list[Told]:
        """Every action so far as the log tells it to `seat` (None: what every seat sees), events included:
        replayed from the seed."""
        state = self.first_state()
        told = []
        for action in self.actions:
            after = self.game.apply(state, action)
            told.append(self.told(state, action, after, seat))
            state = after
        return told

    @classmethod
    def resume(cls, record: records.GameRecord) -> GameSession:
        """The saved game of `record`, exactly where it stopped: same seats and AI levels, recording on.

        Raises BadSave for a seat no player of this app can take (a kind it does not know, a measuring player).
        """
        header = record.header
        for seat in header.seats:
            if seat.kind == HUMAN:
                continue
            try:
                player = make_player(seat.spec)
            except UnknownPlayer as exc:
                raise records.BadSave(record.path, f"{seat.name}: {exc}") from None
            if player.sees_everything:
                raise records.BadSave(record.path, f"{seat.name}: {seat.spec} sees every card; the app never plays it")
        seats = tuple(Seat(seat.spec) for seat in header.seats)
        return cls(
            record.game,
            header.seed,
            header.variant,
            seats,
            list(record.actions),
            record.state,
            record,
            takebacks_off=header.takebacks_off,
        )

    def rematch(self) -> GameSession:
        """The same seats, variant and takebacks on the next seed."""
        return GameSession(self.game, self.seed + 1, self.variant, self.seats, takebacks_off=self.takebacks_off)

    # -------------------------------------------------------------------------------------------------------------
    # Hints and takebacks: counted in the save's header, never in its actions (the file is the game as played)

    def count_hint(self, seat: int) -> None:
        """Count a hint given to `seat` in the save (nothing to count in when the game is not saved)."""
        if self.record is not None:
            self._saving(lambda record: record.count_hint(seat))

    def turn_takebacks_off(self) -> None:
        """No more takebacks in this game, as the save remembers."""
        self.takebacks_off = True
        if self.record is not None:
            self._saving(lambda record: record.forbid_takebacks())

    def last_decision_of(self, seat: int) -> int | None:
        """The index of the last action `seat` decided, None if it has decided nothing yet."""
        state = self.first_state()
        last = None
        for index, action in enumerate(self.actions):
            if self.game.current_player(state) == seat:
                last = index
            state = self.game.apply(state, action)
        return last

    def take_back(self, seat: int) -> int:
        """Undo `seat`'s last decision and everything decided since; return how many actions that undid (0: none)."""
        index = self.last_decision_of(seat)
        if index is None:
            return 0
        count = len(self.actions) - index
        kept = self.actions[:index]
        if self.record is None:
            state = self.first_state()
            for action in kept:
                state = self.game.apply(state, action)
            self.state = state
        else:
            self._saving(lambda record: record.take_back(count, seat))
            self.state = self.record.state
        self.actions = kept
        return count

    def _saving(self, change: Callable[[records.GameRecord], object]) -> None:
        """Change the record (which saves), telling `on_saving_off` once when the file cannot be written."""
        assert self.record is not None
        try:
            change(self.record)
        except records.SavingOff as exc:
            if self.on_saving_off is not None:
                self.on_saving_off(exc)

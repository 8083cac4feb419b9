"""A tiny dice game (Pig) implementing the game protocol, so the saves can be tested without a real game.

Rolling draws from the generator in the state, so a save only replays if the seed and the rules match.
`PigGame(faces=8)` plays by different rules under the same id: what an old save meets after a rules change.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec
import pytest

from exotui import games
from exotui.engine import rng
from exotui.engine.protocol import GameSetupError, IllegalAction
from exotui.engine.records import GameRecord


class Roll(msgspec.Struct, frozen=True, tag="roll", array_like=True):
    dice: int


class Hold(msgspec.Struct, frozen=True, tag="hold", array_like=True):
    pass


Action = Roll | Hold


class PigState(msgspec.Struct, frozen=True):
    rng: int
    target: int
    scores: tuple[int, ...]
    pot: int
    seat: int
    turn: int
    winner: int | None = None


class PigGame:
    id = "pig"
    title = "Pig"
    player_counts = (2, 3)
    variants = ("quick",)
    action_type = Action
    state_type = PigState

    def __init__(self, faces: int = 6, rules_version: str = "1") -> None:
        self.faces = faces
        self.rules_version = rules_version

    def new_game(self, seed: int, players: int, variant: str | None = None) -> PigState:
        if players not in self.player_counts:
            raise GameSetupError(f"Pig is played by 2 or 3, not {players}")
        if variant not in (None, *self.variants):
            raise GameSetupError(f"Pig has no variant {variant!r}")
        target = 30 if variant == "quick" else 100
        return PigState(rng=rng.seed_state(seed), target=target, scores=(0,) * players, pot=0, seat=0, turn=1)

    def current_player(self, state: PigState) -> int | None:
        return None if state.winner is not None else state.seat

    def legal_actions(self, state: PigState) -> Sequence[Roll | Hold]:
        if state.winner is not None:
            return ()
        return (Roll(1), Roll(2), Hold()) if state.pot else (Roll(1), Roll(2))

    def apply(self, state: PigState, action: Roll | Hold) -> PigState:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action!r} is not allowed now")
        if isinstance(action, Hold):
            scores = list(state.scores)
            scores[state.seat] += state.pot
            if scores[state.seat] >= state.target:
                return msgspec.structs.replace(state, scores=tuple(scores), pot=0, winner=state.seat)
            return self._pass(state, tuple(scores))
        generator = state.rng
        pot = state.pot
        for _ in range(action.dice):
            face, generator = rng.below(generator, self.faces)
            if face == 0:
                return self._pass(msgspec.structs.replace(state, rng=generator), state.scores)
            pot += face + 1
        return msgspec.structs.replace(state, rng=generator, pot=pot)

    def _pass(self, state: PigState, scores: tuple[int, ...]) -> PigState:
        seat = (state.seat + 1) % len(scores)
        return msgspec.structs.replace(state, scores=scores, pot=0, seat=seat, turn=state.turn + 1)

    def is_over(self, state: PigState) -> bool:
        return state.winner is not None

    def turn(self, state: PigState) -> int:
        return state.turn

    def outcome(self, state: PigState) -> tuple[float, ...]:
        return tuple(float(seat == state.winner) for seat in range(len(state.scores)))

    def view(self, state: PigState, seat: int) -> PigState:
        return msgspec.structs.replace(state, rng=0)

    def determinize(self, view: PigState, seat: int, rng: random.Random) -> PigState:
        return msgspec.structs.replace(view, rng=rng.getrandbits(64))

    def describe(self, state: PigState, action: Roll | Hold) -> str:
        if isinstance(action, Hold):
            return f"holds, banking {state.pot}"
        return "rolls one die" if action.dice == 1 else "rolls two dice"

    def events(self, before: PigState, action: Roll | Hold, after: PigState) -> tuple[str, ...]:
        if after.winner is not None:
            return (f"seat {after.winner + 1} wins with {after.scores[after.winner]}.",)
        if isinstance(action, Roll) and after.seat != before.seat:
            return (f"a one: the pot of {before.pot} is lost.",)
        return ()


GAME = PigGame()


def play(record: GameRecord, seed: int, actions: int | None = None) -> None:
    """Append random legal actions to a GameRecord until the game ends or `actions` more were played."""
    chooser = random.Random(seed)
    played = 0
    while not record.finished and (actions is None or played < actions):
        record.append(chooser.choice(record.game.legal_actions(record.state)))
        played += 1


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make Pig findable by id, as saves look games up, for one test."""
    monkeypatch.setitem(games._MODULES, "pig", __name__)

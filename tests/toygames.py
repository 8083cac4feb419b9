"""Tiny games on the engine protocol, small enough to reason about, for testing the search.

- `TICTACTOE`: perfect information, no randomness; a perfect player never loses.
- `TRICKS`: a hidden-hand trick-taking game for 2 or 3 seats, with a hidden stock drawn by the in-state generator.
- `CHAIN_NIM`: a turn is a chain of decisions by one seat (take, take, stop), for 2 or 3 seats.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import msgspec

from exotui.engine import rng
from exotui.engine.protocol import IllegalAction

# ---------------------------------------------------------------------------------------------------- tic-tac-toe

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


class Mark(msgspec.Struct, frozen=True, tag=True):
    cell: int


class Board(msgspec.Struct, frozen=True):
    # 0 empty, 1 seat 0 (X), 2 seat 1 (O).
    cells: tuple[int, ...] = (0,) * 9
    to_move: int = 0


def winner(cells: Sequence[int]) -> int | None:
    for a, b, c in LINES:
        if cells[a] and cells[a] == cells[b] == cells[c]:
            return cells[a] - 1
    return None


class TicTacToe:
    id = "tictactoe"
    title = "Tic-tac-toe"
    player_counts = (2,)
    variants = ()
    rules_version = "1"
    action_type = Mark
    state_type = Board

    def new_game(self, seed: int, players: int, variant: str | None = None) -> Board:
        return Board()

    def current_player(self, state: Board) -> int | None:
        return None if self.is_over(state) else state.to_move

    def legal_actions(self, state: Board) -> list[Mark]:
        if self.is_over(state):
            return []
        return [Mark(i) for i, cell in enumerate(state.cells) if not cell]

    def apply(self, state: Board, action: Mark) -> Board:
        if self.is_over(state) or state.cells[action.cell]:
            raise IllegalAction(f"cell {action.cell} cannot be marked")
        cells = list(state.cells)
        cells[action.cell] = state.to_move + 1
        return Board(tuple(cells), 1 - state.to_move)

    def is_over(self, state: Board) -> bool:
        return winner(state.cells) is not None or all(state.cells)

    def turn(self, state: Board) -> int:
        return sum(1 for cell in state.cells if cell) + 1

    def outcome(self, state: Board) -> tuple[float, ...]:
        won = winner(state.cells)
        if won is None:
            return (0.5, 0.5)
        return (1.0, 0.0) if won == 0 else (0.0, 1.0)

    def view(self, state: Board, seat: int) -> Board:
        return state

    def determinize(self, view: Board, seat: int, rng: random.Random) -> Board:
        return view

    def describe(self, state: Board, action: Mark) -> str:
        return f"{'XO'[state.to_move]} marks cell {action.cell}"


TICTACTOE = TicTacToe()


def board(rows: str) -> Board:
    """A position from a picture such as "XO. .X. ..O" (rows separated by spaces); X is seat 0 and moves first."""
    cells = tuple(".XO".index(ch) for ch in rows.replace(" ", ""))
    return Board(cells, 0 if cells.count(1) == cells.count(2) else 1)


# ---------------------------------------------------------------------------------------------------- tricks

HIDDEN = 0
HAND = 3


class Play(msgspec.Struct, frozen=True, tag=True):
    card: int


class Table(msgspec.Struct, frozen=True):
    # Cards are 1..4n; each seat is dealt 3, the other n form the stock, drawn at random after the first trick.
    hands: tuple[tuple[int, ...], ...]
    stock: tuple[int, ...]
    trick: tuple[int, ...]
    played: tuple[int, ...]
    leader: int
    won: tuple[int, ...]
    rng: int


class Tricks:
    """Highest card takes the trick and leads the next; most tricks wins. Hands and stock are hidden."""

    id = "tricks"
    title = "Tricks"
    player_counts = (2, 3)
    variants = ()
    rules_version = "1"
    action_type = Play
    state_type = Table

    def new_game(self, seed: int, players: int, variant: str | None = None) -> Table:
        deck, state = rng.shuffled(rng.seed_state(seed), range(1, 4 * players + 1))
        hands = tuple(tuple(sorted(deck[HAND * s : HAND * (s + 1)])) for s in range(players))
        return Table(hands, tuple(sorted(deck[HAND * players :])), (), (), 0, (0,) * players, state)

    def current_player(self, state: Table) -> int | None:
        if self.is_over(state):
            return None
        return (state.leader + len(state.trick)) % len(state.hands)

    def legal_actions(self, state: Table) -> list[Play]:
        seat = self.current_player(state)
        return [] if seat is None else [Play(card) for card in state.hands[seat]]

    def apply(self, state: Table, action: Play) -> Table:
        seat = self.current_player(state)
        if seat is None or action.card not in state.hands[seat]:
            raise IllegalAction(f"card {action.card} is not in the hand of the seat to play")
        n = len(state.hands)
        hands = list(state.hands)
        hands[seat] = tuple(card for card in hands[seat] if card != action.card)
        trick = (*state.trick, action.card)
        if len(trick) < n:
            return msgspec.structs.replace(state, hands=tuple(hands), trick=trick, played=(*state.played, action.card))
        taker = (state.leader + trick.index(max(trick))) % n
        won = tuple(count + (s == taker) for s, count in enumerate(state.won))
        stock, generator = list(state.stock), state.rng
        if len(stock) >= n:
            for offset in range(n):
                index, generator = rng.below(generator, len(stock))
                drawer = (taker + offset) % n
                hands[drawer] = tuple(sorted((*hands[drawer], stock.pop(index))))
        return Table(tuple(hands), tuple(stock), (), (*state.played, action.card), taker, won, generator)

    def is_over(self, state: Table) -> bool:
        return not any(state.hands)

    def turn(self, state: Table) -> int:
        return len(state.played) + 1

    def outcome(self, state: Table) -> tuple[float, ...]:
        best = max(state.won)
        winners = state.won.count(best)
        return tuple(1.0 / winners if count == best else 0.0 for count in state.won)

    def view(self, state: Table, seat: int) -> Table:
        hands = tuple(hand if s == seat else (HIDDEN,) * len(hand) for s, hand in enumerate(state.hands))
        return msgspec.structs.replace(state, hands=hands, stock=(HIDDEN,) * len(state.stock), rng=0)

    def determinize(self, view: Table, seat: int, rng: random.Random) -> Table:
        known = set(view.hands[seat]) | set(view.played)
        unseen = [card for card in range(1, 4 * len(view.hands) + 1) if card not in known]
        rng.shuffle(unseen)
        hands = []
        for s, hand in enumerate(view.hands):
            if s == seat:
                hands.append(hand)
            else:
                hands.append(tuple(sorted(unseen[: len(hand)])))
                del unseen[: len(hand)]
        return msgspec.structs.replace(view, hands=tuple(hands), stock=tuple(sorted(unseen)), rng=rng.getrandbits(64))

    def describe(self, state: Table, action: Play) -> str:
        return f"seat {self.current_player(state)} plays {action.card}"

    def evaluate(self, state: Table) -> tuple[float, ...]:
        # Tricks taken so far, smoothed so that an even table is worth the same to everyone.
        n = len(state.won)
        return tuple((count + 1) / (sum(state.won) + n) for count in state.won)


TRICKS = Tricks()


# ---------------------------------------------------------------------------------------------------- chain nim


class Take(msgspec.Struct, frozen=True, tag=True):
    pass


class Stop(msgspec.Struct, frozen=True, tag=True):
    pass


class Heap(msgspec.Struct, frozen=True):
    sticks: int
    to_move: int
    players: int
    taken: int = 0
    last: int | None = None


class ChainNim:
    """Take 1 to 3 sticks, one decision per stick, then stop; whoever takes the last stick wins.

    With two seats, leaving a multiple of 4 wins, so the right turn is a chain of 1 to 3 decisions.
    """

    id = "chainnim"
    title = "Chain Nim"
    player_counts = (2, 3)
    variants = ()
    rules_version = "1"
    action_type = Take | Stop
    state_type = Heap

    def new_game(self, seed: int, players: int, variant: str | None = None) -> Heap:
        return Heap(sticks=10 + seed % 7, to_move=0, players=players)

    def current_player(self, state: Heap) -> int | None:
        return None if state.sticks == 0 else state.to_move

    def legal_actions(self, state: Heap) -> list[Any]:
        if state.sticks == 0:
            return []
        actions: list[Any] = [Take()] if state.taken < 3 else []
        return [*actions, Stop()] if state.taken else actions

    def apply(self, state: Heap, action: Any) -> Heap:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{type(action).__name__} is not allowed now")
        if isinstance(action, Stop):
            return Heap(state.sticks, (state.to_move + 1) % state.players, state.players)
        return Heap(state.sticks - 1, state.to_move, state.players, state.taken + 1, state.to_move)

    def is_over(self, state: Heap) -> bool:
        return state.sticks == 0

    def turn(self, state: Heap) -> int:
        return 1

    def outcome(self, state: Heap) -> tuple[float, ...]:
        return tuple(1.0 if seat == state.last else 0.0 for seat in range(state.players))

    def view(self, state: Heap, seat: int) -> Heap:
        return state

    def determinize(self, view: Heap, seat: int, rng: random.Random) -> Heap:
        return view

    def describe(self, state: Heap, action: Any) -> str:
        return f"seat {state.to_move} {'takes a stick' if isinstance(action, Take) else 'stops'}"


CHAIN_NIM = ChainNim()

"""Cryptid rules: setup (map, structures and puzzle from the seed), the legal decisions of each step, the reducer.

The base game follows RULINGS.md section 4, the two-player variant the page cryptid-two-player-variant.txt with
the rulings of that section. Answers are computed from the clues and placed inside `apply`: the only choices are
the asker's (which space, whom to ask, where its cubes and moved discs go) and, in the two-player variant, the
colour of a cube answer, which is the bluff when both clues rule the space out.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

import msgspec

from exotui.engine.protocol import IllegalAction, check_action
from exotui.engine.rng import below, seed_state, shuffled
from exotui.games.cryptid.board import ALL, Board, clue_masks, space_name, spaces
from exotui.games.cryptid.cards import (
    ADVANCED_CLUES,
    ADVANCED_STRUCTURES,
    NORMAL_CLUES,
    NORMAL_STRUCTURES,
    SPACES,
)
from exotui.games.cryptid.puzzle import draw_puzzle, habitat, unused_hints
from exotui.games.cryptid.state import (
    ANSWER,
    HIDDEN,
    NONE,
    OPENING,
    OVER,
    PENALTY,
    RELOCATE,
    TURN,
    Answer,
    Ask,
    CryptidAction,
    CryptidState,
    Cube,
    Hint,
    Relocate,
    Search,
)

ADVANCED: Final = "advanced"
OPENING_CUBES: Final = 2  # per seat
# The two-player variant: two clues (and colours) per seat, four-clue puzzles (the page: "as in a four-player game").
DUO_CLUES: Final = 2

# Actions are immutable, so they are made once and shared (legal_actions is the AI's inner loop).
_CUBES: Final = tuple(tuple(Cube(spot, colour) for spot in range(SPACES)) for colour in range(5))
_ASKS: Final = tuple(tuple(Ask(spot, seat) for spot in range(SPACES)) for seat in range(5))
_SEARCHES: Final = tuple(Search(spot) for spot in range(SPACES))
_RELOCATES: Final = tuple(tuple(Relocate(spot, colour) for spot in range(SPACES)) for colour in range(5))
_ANSWERS: Final = tuple(Answer(colour) for colour in range(5))
HINT: Final = Hint()


# ---------------------------------------------------------------------------------------------------------------
# Seats and colours


def colours_of(players: int, seat: int) -> tuple[int, ...]:
    """The colours of a seat's pieces: its own number, and seat + 2 too in the two-player variant."""
    return (seat, seat + 2) if players == 2 else (seat,)


def owner(players: int, colour: int) -> int:
    return colour % players


def colour_count(players: int) -> int:
    return 4 if players == 2 else players


# ---------------------------------------------------------------------------------------------------------------
# Setup


def draw_board(rng: int, advanced: bool) -> tuple[Board, int]:
    """Tile order and turns, and the structures on distinct random spaces (8 with the black pair when advanced)."""
    tiles, rng = shuffled(rng, range(1, 7))
    turned = []
    for _ in tiles:
        turn, rng = below(rng, 2)
        turned.append(turn == 1)
    places, rng = shuffled(rng, range(SPACES))
    count = ADVANCED_STRUCTURES if advanced else NORMAL_STRUCTURES
    return Board(tiles, tuple(turned), places[:count]), rng


def new_game(seed: int, players: int, variant: str | None = None) -> CryptidState:
    """Map, structures and puzzle from the seed (both drawn again while the map admits no puzzle), then the hint
    among the families the puzzle leaves unused, the clues dealt to the colours, and the first player."""
    advanced = variant == ADVANCED
    rng = seed_state(seed)
    size = colour_count(players)
    while True:
        board, rng = draw_board(rng, advanced)
        masks = clue_masks(board)
        puzzle, rng = draw_puzzle(rng, masks, size, ADVANCED_CLUES if advanced else NORMAL_CLUES)
        if puzzle is not None:
            break
    clues, rng = shuffled(rng, puzzle)
    free = unused_hints(clues)
    pick, rng = below(rng, len(free))
    first, rng = below(rng, players)
    found = habitat(masks, clues)
    assert found is not None  # draw_puzzle only returns puzzles
    return CryptidState(
        players=players,
        advanced=advanced,
        board=board,
        clues=clues,
        habitat=found,
        hint=free[pick],
        hint_by=NONE,
        cubes=((),) * size,
        discs=((),) * size,
        first=first,
        player=first,
        step=OPENING,
        opening_placed=0,
        target=NONE,
        relocating=(),
        answerer=NONE,
        turn=0,
        winner=NONE,
        rng=rng,
    )


# ---------------------------------------------------------------------------------------------------------------
# Legal decisions


def current_player(state: CryptidState) -> int | None:
    if state.step == OVER:
        return None
    return state.answerer if state.step == ANSWER else state.player


@lru_cache(maxsize=1 << 16)
def _mask(spots: tuple[int, ...]) -> int:
    mask = 0
    for spot in spots:
        mask |= 1 << spot
    return mask


def cube_masks(state: CryptidState) -> tuple[int, ...]:
    """Per colour, the mask of the spaces holding its cubes."""
    return tuple(map(_mask, state.cubes))


def disc_masks(state: CryptidState) -> tuple[int, ...]:
    """Per colour, the mask of the spaces holding its discs."""
    return tuple(map(_mask, state.discs))


def cubed(state: CryptidState) -> int:
    """Every space holding a cube."""
    every = 0
    for mask in cube_masks(state):
        every |= mask
    return every


def cube_spaces(state: CryptidState, colour: int) -> int:
    """Where a cube of `colour` may go: no cube yet, and the colour's clue rules the space out."""
    return ~clue_masks(state.board)[state.clues[colour]] & ~cubed(state) & ALL


def relocation_spaces(state: CryptidState, colour: int) -> int:
    """Where a disc of `colour` moved off the searched space may go: its clue allows it, no cube, no disc of it."""
    return clue_masks(state.board)[state.clues[colour]] & ~cubed(state) & ~disc_masks(state)[colour]


def search_spaces(state: CryptidState, seat: int) -> int:
    """The spaces `seat` may search: no cube, and all its clues allow them."""
    allowed = ALL & ~cubed(state)
    masks = clue_masks(state.board)
    for colour in colours_of(state.players, seat):
        allowed &= masks[state.clues[colour]]
    return allowed


def ask_spaces(state: CryptidState, seat: int) -> int:
    """The spaces `seat` may be asked about: no cube, and no piece of theirs (of either colour)."""
    free = ALL & ~cubed(state)
    for colour in colours_of(state.players, seat):
        free &= ~disc_masks(state)[colour] & ~cube_masks(state)[colour]
    return free


@lru_cache(maxsize=1 << 12)
def legal_actions(state: CryptidState) -> tuple[Any, ...]:
    """The current seat's decisions (cached: a search asks again and again about the positions near its root)."""
    step = state.step
    seat = current_player(state)
    if seat is None:
        return ()
    if step in (OPENING, PENALTY):
        return tuple(
            cube
            for colour in colours_of(state.players, seat)
            for cube in map(_CUBES[colour].__getitem__, _spots(cube_spaces(state, colour)))
        )
    if step == TURN:
        actions: list[Any] = []
        for other in _others(state, seat):
            actions.extend(map(_ASKS[other].__getitem__, _spots(ask_spaces(state, other))))
        actions.extend(map(_SEARCHES.__getitem__, _spots(search_spaces(state, seat))))
        if state.hint_by == NONE:
            # Last: on equal footing a search keeps its first legal choice, and computer players never want the hint.
            actions.append(HINT)
        return tuple(actions)
    if step == RELOCATE:
        colour = state.relocating[0]
        return tuple(map(_RELOCATES[colour].__getitem__, _spots(relocation_spaces(state, colour))))
    return tuple(_ANSWERS[colour] for colour in _cube_answers(state, state.answerer, state.target))


@lru_cache(maxsize=1 << 14)
def _spots(mask: int) -> tuple[int, ...]:
    return tuple(spaces(mask))


def _others(state: CryptidState, seat: int) -> list[int]:
    """The other seats in turn order after `seat`."""
    return [(seat + step) % state.players for step in range(1, state.players)]


def _cube_answers(state: CryptidState, seat: int, spot: int) -> list[int]:
    """The colours of `seat` without a disc on `spot` whose clue rules it out: the cubes it may answer with."""
    masks = clue_masks(state.board)
    bit = 1 << spot
    return [
        colour
        for colour in colours_of(state.players, seat)
        if not disc_masks(state)[colour] & bit and not masks[state.clues[colour]] & bit
    ]


# ---------------------------------------------------------------------------------------------------------------
# Reducer


def _check(state: CryptidState, action: Any) -> None:
    """Refuse an action of the wrong kind or shape, or one the position does not allow, with a one-line reason."""
    check_action(action, CryptidAction)
    if state.step == OVER:
        raise IllegalAction("the game is over")
    kind = type(action)
    problem = _problem(state, action, kind)
    if problem:
        raise IllegalAction(f"{kind.__name__}{_on(action)}: {problem}")


def _on(action: Any) -> str:
    return f" on {space_name(action.space)}" if hasattr(action, "space") else ""


def _problem(state: CryptidState, action: Any, kind: type) -> str | None:
    """Why `action` is not legal now, or None when it is."""
    step = state.step
    seat = current_player(state)
    assert seat is not None
    hidden = _hidden(state, action, kind, seat)
    if hidden:
        return hidden
    if kind is Hint:
        if step != TURN:
            return "the hint may be revealed only at the start of a turn"
        return "the hint is already revealed" if state.hint_by != NONE else None
    if kind is Cube:
        if step not in (OPENING, PENALTY):
            return "no cube of yours is due now"
        if action.colour not in colours_of(state.players, seat):
            return "that colour is not yours"
        return None if cube_spaces(state, action.colour) >> action.space & 1 else _CUBE_RULE
    if kind in (Ask, Search) and step != TURN:
        return "questions and searches start a turn; the game waits for another decision"
    if kind is Ask:
        if action.seat == seat or action.seat >= state.players:
            return "ask another player at the table"
        return None if ask_spaces(state, action.seat) >> action.space & 1 else _ASK_RULE
    if kind is Search:
        return None if search_spaces(state, seat) >> action.space & 1 else _SEARCH_RULE
    if kind is Relocate:
        if step != RELOCATE or action.colour != state.relocating[0]:
            return "no disc of that colour is being moved"
        return None if relocation_spaces(state, action.colour) >> action.space & 1 else _RELOCATE_RULE
    if step != ANSWER:
        return "nobody is answering with a cube now"
    return None if action.colour in _cube_answers(state, seat, state.target) else "that colour's clue allows the space"


def _hidden(state: CryptidState, action: Any, kind: type, seat: int) -> str | None:
    """Why `action` cannot be applied to `state`, a view: its outcome reads a clue (or the hint) that the view hides.

    A view holds HIDDEN (-1) for those, which would index the last clue's mask: the answer would be made up.
    None on a true state, and on a view for the decisions that read only what it shows.
    """
    clues = state.clues
    if state.hint != HIDDEN and HIDDEN not in clues:
        return None  # a true position: the search's inner loop comes this way
    if kind is Hint:
        return "the hint is hidden in this view" if state.hint == HIDDEN else None
    # The seat to decide reads its own clues; the asker's (or searcher's) decide its cube after a cube answer.
    readers = {seat, state.player}
    if kind is Ask and action.seat < state.players:
        readers.add(action.seat)
    if any(clues[colour] == HIDDEN for reader in readers for colour in colours_of(state.players, reader)):
        return HIDDEN_CLUE
    answering = kind is Search or (kind is Relocate and len(state.relocating) == 1)
    if answering and state.player == seat:
        bit = 1 << (action.space if kind is Search else state.target)
        for other in _others(state, seat):
            for colour in colours_of(state.players, other):
                if clues[colour] == HIDDEN and not disc_masks(state)[colour] & bit:
                    return HIDDEN_CLUE
    return None


HIDDEN_CLUE: Final = "the answer depends on a clue this view hides; apply it to the true position"
_CUBE_RULE: Final = "a cube goes on a space without a cube that the clue of its colour rules out"
_ASK_RULE: Final = "ask about a space without a cube where that player has no piece"
_SEARCH_RULE: Final = "search a space without a cube that your clue allows"
_RELOCATE_RULE: Final = "the disc goes to another space its clue allows, without a cube or a disc of its colour"


def apply(state: CryptidState, action: Any) -> CryptidState:
    _check(state, action)
    kind = type(action)
    if kind is Hint:
        return msgspec.structs.replace(state, hint_by=state.player)
    work = _WorkingCopy(state)
    if kind is Cube:
        work.place(work.cubes, action.colour, action.space)
        if state.step == OPENING:
            work.opening_placed += 1
            if work.opening_placed == OPENING_CUBES * state.players:
                work.player, work.step, work.turn = state.first, TURN, 1
            else:
                work.player = (state.first + work.opening_placed) % state.players
        else:
            work.end_turn()
    elif kind is Ask:
        work.target = action.space
        work.answer_question(action.seat)
    elif kind is Search:
        work.target = action.space
        bit = 1 << action.space
        work.relocating = tuple(
            colour for colour in colours_of(state.players, state.player) if disc_masks(state)[colour] & bit
        )
        for colour in colours_of(state.players, state.player):
            if colour not in work.relocating:
                work.place(work.discs, colour, action.space)
        work.relocate_or_answer()
    elif kind is Relocate:
        work.place(work.discs, action.colour, action.space)
        work.relocating = work.relocating[1:]
        work.relocate_or_answer()
    else:
        work.place(work.cubes, action.colour, work.target)
        work.penalty()
    return work.freeze()


class _WorkingCopy:
    """A mutable copy of the changing parts of a state, for one `apply` (the engine's word for it,
    engine/working.py, though Cryptid offers the search no `working_copy` hook)."""

    def __init__(self, state: CryptidState) -> None:
        self.state = state
        self.masks = clue_masks(state.board)
        self.cubes = list(cube_masks(state))
        self.discs = list(disc_masks(state))
        self.player = state.player
        self.step = state.step
        self.opening_placed = state.opening_placed
        self.target = state.target
        self.relocating = state.relocating
        self.answerer = state.answerer
        self.turn = state.turn
        self.winner = state.winner

    def place(self, pieces: list[int], colour: int, spot: int) -> None:
        pieces[colour] |= 1 << spot

    def allows(self, colour: int, spot: int) -> bool:
        return bool(self.masks[self.state.clues[colour]] >> spot & 1)

    def answer_question(self, seat: int) -> None:
        """The asked seat places a disc per colour if all its clues allow the space; else a cube."""
        colours = colours_of(self.state.players, seat)
        if all(self.allows(colour, self.target) for colour in colours):
            for colour in colours:
                self.place(self.discs, colour, self.target)
            self.end_turn()
        else:
            self.cube_answer(seat)

    def cube_answer(self, seat: int) -> None:
        if self.state.players == 2:
            # The answerer's own decision, even with one colour possible, so the bluff cannot be told from a pause.
            self.step, self.answerer = ANSWER, seat
        else:
            self.place(self.cubes, seat, self.target)
            self.penalty()

    def relocate_or_answer(self) -> None:
        """Move the searcher's discs already on the searched space (a decision each, when there is somewhere to
        go), then let the others answer in turn order."""
        while self.relocating and not self._relocation_room(self.relocating[0]):
            self.relocating = self.relocating[1:]
        if self.relocating:
            self.step = RELOCATE
            return
        bit = 1 << self.target
        for seat in _others(self.state, self.player):
            colours = [c for c in colours_of(self.state.players, seat) if not self.discs[c] & bit]
            if not all(self.allows(colour, self.target) for colour in colours):
                self.cube_answer(seat)
                return
            for colour in colours:
                self.place(self.discs, colour, self.target)
        self.winner, self.step, self.target = self.player, OVER, NONE

    def _relocation_room(self, colour: int) -> bool:
        every_cube = 0
        for mask in self.cubes:
            every_cube |= mask
        return bool(self.masks[self.state.clues[colour]] & ~every_cube & ~self.discs[colour])

    def penalty(self) -> None:
        """The asker or searcher places a cube of their own, if any of their colours has a space for one."""
        self.step, self.answerer, self.target = PENALTY, NONE, NONE
        every_cube = 0
        for mask in self.cubes:
            every_cube |= mask
        for colour in colours_of(self.state.players, self.player):
            if ~self.masks[self.state.clues[colour]] & ~every_cube & ALL:
                return
        self.end_turn()

    def end_turn(self) -> None:
        self.player = (self.player + 1) % self.state.players
        self.step, self.target, self.answerer = TURN, NONE, NONE
        self.turn += 1

    def freeze(self) -> CryptidState:
        return msgspec.structs.replace(
            self.state,
            cubes=tuple(map(_spots, self.cubes)),
            discs=tuple(map(_spots, self.discs)),
            player=self.player,
            step=self.step,
            opening_placed=self.opening_placed,
            target=self.target,
            relocating=self.relocating,
            answerer=self.answerer,
            turn=self.turn,
            winner=self.winner,
        )


def is_over(state: CryptidState) -> bool:
    return state.step == OVER


def outcome(state: CryptidState) -> tuple[float, ...]:
    if state.step != OVER:
        raise ValueError("the game is not over")
    return tuple(1.0 if seat == state.winner else 0.0 for seat in range(state.players))


def turn(state: CryptidState) -> int:
    return max(state.turn, 1)

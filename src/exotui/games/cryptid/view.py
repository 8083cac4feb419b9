"""What one seat may know of a Cryptid position, a full position consistent with it, and move sentences.

Hidden from a seat: the other seats' clues (so also the habitat), and the puzzle's hint until someone reveals it.
In the two-player variant, which clue a bluffed cube stood for is hidden by the same token: the cube's colour is
public, and only the clues could tell whether the other colour rules the space out too. Every piece is public.
Once the game is over everything is shown, as players open their clue books at the table.
"""

from __future__ import annotations

import random
from functools import lru_cache
from math import prod
from typing import Any, Final, NamedTuple

import msgspec

from exotui.games.cryptid.board import Board, clue_masks, space_name
from exotui.games.cryptid.cards import ADVANCED_CLUES, CLUES, HINTS, NORMAL_CLUES
from exotui.games.cryptid.puzzle import assignments, habitat, is_puzzle, unused_hints
from exotui.games.cryptid.rules import colours_of, cube_masks, disc_masks, legal_actions
from exotui.games.cryptid.state import (
    ANSWER,
    HIDDEN,
    NONE,
    OPENING,
    OVER,
    PENALTY,
    RELOCATE,
    Answer,
    Ask,
    CryptidState,
    Cube,
    Hint,
    Relocate,
    Search,
)

SEAT_NAMES: Final = ("Red", "Orange", "Purple", "Teal", "Pink")
# Per colour, its pieces' name: in the two-player variant seat s plays colours s and s + 2 (Red with purple too).
COLOUR_NAMES: Final = ("red", "orange", "purple", "teal", "pink")
# Determinizations drawn before falling back to listing only the puzzles under which the current decision exists.
_TRIES: Final = 64


def view(state: CryptidState, seat: int) -> CryptidState:
    if state.step == OVER:
        return msgspec.structs.replace(state, rng=0)
    own = colours_of(state.players, seat)
    clues = tuple(clue if colour in own else HIDDEN for colour, clue in enumerate(state.clues))
    return msgspec.structs.replace(
        state, clues=clues, habitat=HIDDEN, hint=state.hint if state.hint_by != NONE else HIDDEN, rng=0
    )


def candidate_clues(state: CryptidState, colour: int) -> tuple[int, ...]:
    """The clues `colour` could hold, given its pieces alone: every disc on a space the clue allows, every cube
    on a space it rules out."""
    return _agreeing(state.board, state.advanced, disc_masks(state)[colour], cube_masks(state)[colour])


@lru_cache(maxsize=1 << 14)
def _agreeing(board: Board, advanced: bool, discs: int, cubes: int) -> tuple[int, ...]:
    masks = clue_masks(board)
    pool = ADVANCED_CLUES if advanced else NORMAL_CLUES
    return tuple(clue for clue in pool if not discs & ~masks[clue] and not cubes & masks[clue])


class Deduction(NamedTuple):
    """What a seat can work out from its view: for each colour whose clue is hidden, the clues agreeing with its
    pieces; and, when there are few enough combinations to list, every assignment that makes a puzzle."""

    unknown: tuple[int, ...]  # the colours whose clue is hidden
    candidates: tuple[tuple[int, ...], ...]  # per unknown colour, the clues agreeing with its pieces
    known: tuple[int, ...]  # the clues the view shows
    hint: int | None  # the revealed hint family, if any
    # Every assignment (clues in `unknown` order) making a valid puzzle; None when the candidates' product is
    # above LIST_LIMIT (before the opening cubes of a large advanced game), where sampling rejects instead.
    options: tuple[tuple[int, ...], ...] | None


# Combinations of candidate clues up to which deduction lists the puzzles, once per position (30,000 take about
# 50 ms; rejection sampling costs about 7 ms a sample there, and a search samples hundreds); above it, before the
# opening cubes of games of 4-5 players, determinize samples by rejection, which is as uniform and needs no list.
LIST_LIMIT: Final = 200_000


def deduce(seen: CryptidState) -> Deduction:
    """The exact deduction from a view: see `Deduction`."""
    unknown = tuple(colour for colour, clue in enumerate(seen.clues) if clue == HIDDEN)
    known = tuple(clue for clue in seen.clues if clue != HIDDEN)
    candidates = tuple(candidate_clues(seen, colour) for colour in unknown)
    hint = seen.hint if seen.hint_by != NONE else None
    if prod(len(options) for options in candidates) > LIST_LIMIT:
        return Deduction(unknown, candidates, known, hint, None)
    return Deduction(unknown, candidates, known, hint, assignments(clue_masks(seen.board), known, candidates, hint))


def determinize(view_or_state: CryptidState, seat: int, rng: random.Random) -> CryptidState:
    """Deal the hidden clues uniformly among the assignments that agree with every piece and the revealed hint
    and make a valid puzzle with the seat's own clues, leaving out those under which the seat to decide would have
    nothing to do (an answerer whose clues all allow the space asked about); then the habitat they give, and an
    unrevealed hint drawn among the families the puzzle leaves unused."""
    seen = view(view_or_state, seat)
    if seen.step == OVER:
        return msgspec.structs.replace(seen, rng=rng.getrandbits(64))
    deduction = deduce(seen)
    options = deduction.options
    if options is None:
        return _rejection_sample(seen, deduction, rng)
    if not options:
        raise ValueError("inconsistent view: no puzzle agrees with the pieces on the map")
    for _ in range(_TRIES):
        full = _dealt(seen, deduction.unknown, options[rng.randrange(len(options))], rng)
        if legal_actions(full):
            return full
    possible = [option for option in options if legal_actions(_dealt(seen, deduction.unknown, option, rng))]
    if not possible:
        raise ValueError("inconsistent view: no puzzle leaves the deciding seat a decision")
    return _dealt(seen, deduction.unknown, possible[rng.randrange(len(possible))], rng)


def _rejection_sample(seen: CryptidState, deduction: Deduction, rng: random.Random) -> CryptidState:
    """One clue per unknown colour drawn uniformly from its candidates, again until they make a puzzle: uniform
    over the valid assignments, as listing them would be."""
    masks = clue_masks(seen.board)
    while True:
        option = tuple(rng.choice(candidates) for candidates in deduction.candidates)
        clues = (*deduction.known, *option)
        if not is_puzzle(masks, clues):
            continue
        if deduction.hint is not None and deduction.hint not in unused_hints(clues):
            continue
        full = _dealt(seen, deduction.unknown, option, rng)
        if legal_actions(full):
            return full


def _dealt(seen: CryptidState, unknown: tuple[int, ...], option: tuple[int, ...], rng: random.Random) -> CryptidState:
    clues = list(seen.clues)
    for colour, clue in zip(unknown, option, strict=True):
        clues[colour] = clue
    spot = habitat(clue_masks(seen.board), clues)
    assert spot is not None  # every option is a puzzle
    hint = seen.hint if seen.hint_by != NONE else rng.choice(unused_hints(clues))
    return msgspec.structs.replace(seen, clues=tuple(clues), habitat=spot, hint=hint, rng=rng.getrandbits(64))


# ---------------------------------------------------------------------------------------------------------------
# Sentences


def describe(state: CryptidState, action: Any) -> str:
    """One sentence saying what the decision is, from the state before it (public: it reads no clue)."""
    kind = type(action)
    seat = state.answerer if kind is Answer else state.player
    who = SEAT_NAMES[seat]
    if kind is Hint:
        return f"{who} reveals the hint."
    if kind is Cube:
        opening = "opening " if state.step == OPENING else ""
        return f"{who} places {_a(_colours(state, [action.colour]) + opening)}cube on {space_name(action.space)}."
    if kind is Relocate:
        where = space_name(action.space)
        return (
            f"{who}'s {COLOUR_NAMES[action.colour]} disc was already on {space_name(state.target)}: it goes to {where}."
        )
    if kind is Answer:
        return f"{who} answers with {_a(COLOUR_NAMES[action.colour])} cube on {space_name(state.target)}."
    if kind is Ask:
        return f"{who} asks {SEAT_NAMES[action.seat]} about {space_name(action.space)}."
    return f"{who} searches {space_name(action.space)}."


def events(before: CryptidState, action: Any, after: CryptidState) -> tuple[str, ...]:
    """What the decision caused, read off the public pieces: the answers (in turn order for a search, up to the
    cube that stops it), a disc still to move, the cube the asker now owes, the hint's text, and the end with
    everyone's clues."""
    told: list[str] = []
    kind = type(action)
    if kind is Hint:
        told.append(f"The hint: {HINTS[after.hint]}")
    spot = action.space if kind in (Ask, Search) else before.target
    if kind is Ask:
        told.extend(_answer(before, after, action.seat, spot, searching=False))
    elif kind in (Search, Relocate):
        if after.step == RELOCATE:
            colour = COLOUR_NAMES[after.relocating[0]]
            told.append(f"{SEAT_NAMES[after.player]}'s {colour} disc was already there and goes elsewhere first.")
        else:
            for seat in range(before.player + 1, before.player + before.players):
                said = _answer(before, after, seat % before.players, spot, searching=True)
                told.extend(said)
                if said and "cube" in said[-1]:
                    break
    if after.step == PENALTY and before.step != PENALTY:
        told.append(f"{SEAT_NAMES[after.player]} now places a cube of their own.")
    if after.step == OVER:
        told.append(f"{SEAT_NAMES[after.winner]} finds the habitat on {space_name(after.habitat)} and wins.")
        told.append(_clues_told(after))
    return tuple(told)


def _answer(before: CryptidState, after: CryptidState, seat: int, spot: int, searching: bool) -> list[str]:
    name = SEAT_NAMES[seat]
    colours = colours_of(before.players, seat)
    bit = 1 << spot
    already = [colour for colour in colours if disc_masks(before)[colour] & bit]
    placed = [colour for colour in colours if disc_masks(after)[colour] & ~disc_masks(before)[colour] & bit]
    said = []
    if searching and already:
        said.append(f"{name}'s {_colours(before, already)}disc is already there.")
    if any(cube_masks(after)[colour] & bit for colour in colours) or (after.step == ANSWER and after.answerer == seat):
        stop = ": the search stops" if searching else ""
        said.append(f"{name} answers with a cube{stop}.")
    elif placed:
        said.append(f"{name} answers with {'two discs' if len(placed) == 2 else 'a disc'}.")
    return said


def _clues_told(over: CryptidState) -> str:
    """Everyone's clues, as the books are opened at the end."""
    parts = []
    for seat in range(over.players):
        texts = " and ".join(CLUES[over.clues[colour]].text for colour in colours_of(over.players, seat))
        parts.append(f"{SEAT_NAMES[seat]}: {texts}")
    return f"The clues: {'; '.join(parts)}."


def _a(words: str) -> str:
    """The article before `words`: "an orange", "a red"."""
    return f"{'an' if words[:1] in tuple('aeiou') else 'a'} {words}"


def _colours(state: CryptidState, colours: list[int]) -> str:
    """ "red and purple " in the two-player variant, where a seat has two colours; nothing otherwise."""
    return f"{' and '.join(COLOUR_NAMES[colour] for colour in colours)} " if state.players == 2 else ""

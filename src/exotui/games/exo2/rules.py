"""Every rule of EXO n°2 (exo-n2.txt with RULINGS.md section 2): setup, whose turn, legal moves, the reducer,
the end, scoring and the tie-break.

- Setup: the 27 tokens are shuffled into the Universe pyramid [house layout, see cards.py]; every Galaxy is empty.
- A turn: the player takes one available token (no token covers it) and places it on an empty square of their
  Galaxy touching (8 directions) their Star or one of their planets. Seats play in order, seat 0 first.
- The end: as soon as every Galaxy holds 13 planets (2 players) or 9 (3 players).
- Scoring: every 3 consecutive squares in a straight line (row, column or diagonal) holding three planets score
  1 point per feature all three share; overlapping runs count separately.
- Winner: the highest score; ties go to the most planets touching the Star, then the win is shared.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from exotui.engine import rng
from exotui.engine.protocol import IllegalAction, check_action
from exotui.games.exo2.cards import PLANETS, UNIVERSE_ROWS, features, planet_name
from exotui.games.exo2.state import EMPTY, Exo2State, Take

PLANETS_EACH: dict[int, int] = {2: 13, 3: 9}

STAR = (0, 0)
NEIGHBOURS: tuple[tuple[int, int], ...] = tuple(
    (dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)
)
# Squares coded as ints (row by row) in open_squares, for speed; play never takes a planet 13 squares from the Star.
_WIDTH = 1 << 16
_ORIGIN = 1 << 15
_STAR_CODE = _ORIGIN * _WIDTH + _ORIGIN
_NEIGHBOUR_STEPS = tuple(dy * _WIDTH + dx for dx, dy in NEIGHBOURS)
# One direction per line (row, column, both diagonals), so each run is found once.
LINES: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
_LINE_STEPS = tuple(dy * _WIDTH + dx for dx, dy in LINES)

Galaxy = tuple[tuple[int, int, int], ...]
Points = tuple[int, int, int]


def _covering_slots() -> tuple[tuple[int, ...], ...]:
    """Per Universe slot, the two slots of the row below that cover it (none for the bottom row)."""
    covering: list[tuple[int, ...]] = []
    start = 0
    for row, width in enumerate(UNIVERSE_ROWS):
        below = start + width
        for i in range(width):
            covering.append((below + i, below + i + 1) if row + 1 < len(UNIVERSE_ROWS) else ())
        start = below
    return tuple(covering)


COVERED_BY: tuple[tuple[int, ...], ...] = _covering_slots()


def _shared_table() -> tuple[Points, ...]:
    """Indexed by (a * 27 + b) * 27 + c: per feature, 1 if the three tokens share it."""
    table: list[Points] = []
    for a in PLANETS:
        fa = features(a)
        for b in PLANETS:
            fb = features(b)
            for c in PLANETS:
                fc = features(c)
                sa, sb, sc = (int(fa[f] == fb[f] == fc[f]) for f in range(3))
                table.append((sa, sb, sc))
    return tuple(table)


SHARED: tuple[Points, ...] = _shared_table()
# Indexed by a * 27 + b, then by c: the points a run of the three tokens scores.
PAIR_GAINS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(SHARED[(a * 27 + b) * 27 + c]) for c in PLANETS) for a in PLANETS for b in PLANETS
)
# Indexed by a * 27 + b: how many features the two tokens share.
PAIR_SHARED: tuple[int, ...] = tuple(
    sum(fa == fb for fa, fb in zip(features(a), features(b), strict=True)) for a in PLANETS for b in PLANETS
)


# --- setup and turn order -------------------------------------------------------------------------------------


def new_game(seed: int, players: int, variant: str | None = None) -> Exo2State:
    """The opening for `players` seats; the game object checks the arguments first (`check_setup`)."""
    universe, state = rng.shuffled(rng.seed_state(seed), PLANETS)
    return Exo2State(players=players, universe=universe, galaxies=((),) * players, rng=state)


def planets_placed(state: Exo2State) -> int:
    return sum(map(len, state.galaxies))


def is_over(state: Exo2State) -> bool:
    # Seats fill in order, so the last seat is the last to reach its count.
    return len(state.galaxies[-1]) == PLANETS_EACH[state.players]


def current_player(state: Exo2State) -> int | None:
    if is_over(state):
        return None
    return planets_placed(state) % state.players


def turn(state: Exo2State) -> int:
    """Each placement is one turn; once over, the number of the last turn played."""
    placed = planets_placed(state)
    return placed if is_over(state) else placed + 1


# --- the Universe and the Galaxy ------------------------------------------------------------------------------


def available_tokens(universe: Sequence[int]) -> list[int]:
    """The tokens no other token covers, in ascending token order."""
    return sorted(
        token
        for token, cover in zip(universe, COVERED_BY, strict=True)
        if token != EMPTY and (not cover or (universe[cover[0]] == EMPTY and universe[cover[1]] == EMPTY))
    )


def open_squares(galaxy: Sequence[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """The empty squares touching the Star or a planet of `galaxy`, row by row (y, then x)."""
    taken = {(y + _ORIGIN) * _WIDTH + x + _ORIGIN for x, y, _ in galaxy}
    taken.add(_STAR_CODE)
    squares = {code + step for code in taken for step in _NEIGHBOUR_STEPS}
    squares -= taken
    return [(code % _WIDTH - _ORIGIN, code // _WIDTH - _ORIGIN) for code in sorted(squares)]


def legal_actions(state: Exo2State) -> list[Take]:
    """Every available token times every open square: tokens ascending, then squares row by row."""
    seat = current_player(state)
    if seat is None:
        return []
    return _placements(state.universe, state.galaxies[seat])


def _placements(universe: Sequence[int], galaxy: Sequence[tuple[int, int, int]]) -> list[Take]:
    squares = open_squares(galaxy)
    return [Take(token, x, y) for token in available_tokens(universe) for x, y in squares]


def apply(state: Exo2State, action: Take) -> Exo2State:
    check_action(action, Take)
    seat = current_player(state)
    if seat is None:
        raise IllegalAction("the game is over")
    token, x, y = action.token, action.x, action.y
    if token not in PLANETS:
        raise IllegalAction(f"there is no planet token {token!r}; tokens are 0 to 26")
    universe = state.universe
    if token not in universe:
        raise IllegalAction(f"the {planet_name(token)} has already been taken")
    slot = universe.index(token)
    if any(universe[cover] != EMPTY for cover in COVERED_BY[slot]):
        raise IllegalAction(f"the {planet_name(token)} is still covered in the Universe")
    galaxy = state.galaxies[seat]
    if (x, y) == STAR:
        raise IllegalAction("that square holds your Star; place the planet on an empty square")
    taken = {(px, py) for px, py, _ in galaxy}
    if (x, y) in taken:
        raise IllegalAction(f"square ({x}, {y}) of your Galaxy already holds a planet")
    taken.add(STAR)
    if not any((x + dx, y + dy) in taken for dx, dy in NEIGHBOURS):
        raise IllegalAction(f"square ({x}, {y}) touches neither your Star nor one of your planets")
    galaxies = state.galaxies
    return Exo2State(
        players=state.players,
        universe=(*universe[:slot], EMPTY, *universe[slot + 1 :]),
        galaxies=(*galaxies[:seat], (*galaxy, (x, y, token)), *galaxies[seat + 1 :]),
        rng=state.rng,
    )


class _WorkingCopy:
    """The search's mutable copy of a position (engine/working.py): placements without copies or checks."""

    __slots__ = ("end", "galaxies", "placed", "players", "rng", "universe")

    def __init__(self, state: Exo2State) -> None:
        self.players = state.players
        self.universe = list(state.universe)
        self.galaxies = [list(galaxy) for galaxy in state.galaxies]
        self.rng = state.rng
        self.placed = planets_placed(state)
        self.end = PLANETS_EACH[state.players] * state.players

    def current_player(self) -> int | None:
        # Seats fill in order, so the game is over exactly when every planet to place is placed.
        return None if self.placed == self.end else self.placed % self.players

    def legal_actions(self) -> list[Take]:
        return _placements(self.universe, self.galaxies[self.placed % self.players])

    def act(self, action: Take) -> None:
        universe = self.universe
        universe[universe.index(action.token)] = EMPTY
        self.galaxies[self.placed % self.players].append((action.x, action.y, action.token))
        self.placed += 1

    def playout(self, rng: random.Random, limit: int | None) -> None:
        """The game's playout policy (`game.rollout_action`), listing the placements only when it picks at random."""
        random_ = rng.random
        universe = self.universe
        steps = 0
        while steps != limit and self.placed != self.end:
            galaxy = self.galaxies[self.placed % self.players]
            tokens = available_tokens(universe)
            best = best_scoring_placements(galaxy, tokens)
            if best:
                token, x, y = best[int(random_() * len(best))]
            else:
                # The same draw as picking from legal_actions(): tokens ascending, then squares row by row.
                squares = open_squares(galaxy)
                count = len(squares)
                index = int(random_() * (len(tokens) * count))
                token = tokens[index // count]
                x, y = squares[index % count]
            universe[universe.index(token)] = EMPTY
            galaxy.append((x, y, token))
            self.placed += 1
            steps += 1

    def freeze(self) -> Exo2State:
        return Exo2State(self.players, tuple(self.universe), tuple(map(tuple, self.galaxies)), self.rng)


def working_copy(state: Exo2State) -> _WorkingCopy:
    """The search's mutable copy of `state` (engine/working.py)."""
    return _WorkingCopy(state)


# --- scoring --------------------------------------------------------------------------------------------------


def _grid(galaxy: Sequence[tuple[int, int, int]]) -> dict[tuple[int, int], int]:
    return {(x, y): token for x, y, token in galaxy}


def _add(total: Points, shared: Points) -> Points:
    return total[0] + shared[0], total[1] + shared[1], total[2] + shared[2]


def galaxy_points(galaxy: Galaxy) -> Points:
    """Points per feature (size, colour, type) of a Galaxy: every run of 3 planets, once per shared feature."""
    grid = _coded(galaxy)
    get = grid.get
    size = colour = kind = 0
    for code, a in grid.items():
        for step in _LINE_STEPS:
            b = get(code + step)
            if b is not None:
                c = get(code + 2 * step)
                if c is not None:
                    shared = SHARED[(a * 27 + b) * 27 + c]
                    size += shared[0]
                    colour += shared[1]
                    kind += shared[2]
    return size, colour, kind


def placement_points(galaxy: Galaxy, token: int, x: int, y: int) -> Points:
    """Points per feature that placing `token` on the empty square (x, y) would add to `galaxy`: the runs through it."""
    grid = _grid(galaxy)
    grid[(x, y)] = token
    total: Points = (0, 0, 0)
    for dx, dy in LINES:
        for back in range(3):
            sx, sy = x - back * dx, y - back * dy
            a = grid.get((sx, sy))
            b = grid.get((sx + dx, sy + dy))
            c = grid.get((sx + 2 * dx, sy + 2 * dy))
            if a is not None and b is not None and c is not None:
                total = _add(total, SHARED[(a * 27 + b) * 27 + c])
    return total


def closing_pairs(galaxy: Sequence[tuple[int, int, int]]) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """The empty squares where one more planet would complete runs, each with the pairs of tokens it would join."""
    return {(code % _WIDTH - _ORIGIN, code // _WIDTH - _ORIGIN): pairs for code, pairs in _closing(galaxy).items()}


def _coded(galaxy: Sequence[tuple[int, int, int]]) -> dict[int, int]:
    """The planets of `galaxy` by square coded as an int, as in open_squares (the AI's inner loop: no tuples)."""
    return {(y + _ORIGIN) * _WIDTH + x + _ORIGIN: token for x, y, token in galaxy}


def _closing(galaxy: Sequence[tuple[int, int, int]]) -> dict[int, list[tuple[int, int]]]:
    """closing_pairs with the squares coded as ints."""
    grid = _coded(galaxy)
    get = grid.get
    pairs: dict[int, list[tuple[int, int]]] = {}
    for code, a in grid.items():
        for step in _LINE_STEPS:
            b = get(code + step)
            if b is not None:
                ends: tuple[int, ...] = (code - step, code + 2 * step)
            else:
                b = get(code + 2 * step)
                if b is None:
                    continue
                ends = (code + step,)
            for end in ends:
                if end not in grid and end != _STAR_CODE:
                    if end in pairs:
                        pairs[end].append((a, b))
                    else:
                        pairs[end] = [(a, b)]
    return pairs


def best_scoring_placements(
    galaxy: Sequence[tuple[int, int, int]], tokens: Sequence[int]
) -> list[tuple[int, int, int]]:
    """The placements (token, x, y) of `tokens` scoring the most points now, in token order per square; none if
    no placement scores (the playout policy's choice)."""
    best = 0
    choices: list[tuple[int, int, int]] = []
    for code, joined in _closing(galaxy).items():
        if len(joined) == 1:
            a, b = joined[0]
            gains: Sequence[int] = PAIR_GAINS[a * 27 + b]
        else:
            gains = [sum(column) for column in zip(*(PAIR_GAINS[a * 27 + b] for a, b in joined), strict=True)]
        for token in tokens:
            gain = gains[token]
            if gain and gain >= best:
                if gain > best:
                    best, choices = gain, []
                choices.append((token, code % _WIDTH - _ORIGIN, code // _WIDTH - _ORIGIN))
    return choices


def open_runs(galaxy: Galaxy) -> int:
    """Features shared by two planets in a line whose third square is still empty: points one planet could add."""
    return sum(PAIR_SHARED[a * 27 + b] for joined in _closing(galaxy).values() for a, b in joined)


def star_neighbours(galaxy: Galaxy) -> int:
    """Planets touching the Star (the tie-break)."""
    return sum(max(abs(x), abs(y)) == 1 for x, y, _ in galaxy)


def feature_points(state: Exo2State) -> tuple[Points, ...]:
    """Per seat, the points per feature (size, colour, type), for the score panel."""
    return tuple(galaxy_points(galaxy) for galaxy in state.galaxies)


def scores(state: Exo2State) -> tuple[int, ...]:
    return tuple(map(sum, feature_points(state)))


def winners(state: Exo2State) -> list[int]:
    """The seats sharing the win: highest score, then most planets touching the Star."""
    ranks = [(score, star_neighbours(galaxy)) for score, galaxy in zip(scores(state), state.galaxies, strict=True)]
    best = max(ranks)
    return [seat for seat, rank in enumerate(ranks) if rank == best]


def outcome(state: Exo2State) -> tuple[float, ...]:
    if not is_over(state):
        raise ValueError("the game is not over")
    shared_by = winners(state)
    share = 1.0 / len(shared_by)
    return tuple(share if seat in shared_by else 0.0 for seat in range(state.players))

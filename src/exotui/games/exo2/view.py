"""What a seat may know of an EXO n°2 position, a full position consistent with it, and the sentences that tell a
move and what it caused (points, the end).

Everything is public once the Universe is dealt face up; only the generator state is hidden.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import msgspec

from exotui.games.exo2 import rules
from exotui.games.exo2.cards import FEATURES, planet_name
from exotui.games.exo2.state import Exo2State, Take

SEAT_NAMES = ("Seat 1", "Seat 2", "Seat 3")

# The eight squares touching the Star, as a sentence says where a planet goes.
_BESIDE = {(-1, -1): "to the upper left of", (0, -1): "above", (1, -1): "to the upper right of"}
_BESIDE |= {(-1, 0): "to the left of", (1, 0): "to the right of"}
_BESIDE |= {(-1, 1): "to the lower left of", (0, 1): "below", (1, 1): "to the lower right of"}


def view(state: Exo2State, seat: int) -> Exo2State:
    return msgspec.structs.replace(state, rng=0)


def determinize(view: Exo2State, seat: int, rng: random.Random) -> Exo2State:
    return msgspec.structs.replace(view, rng=rng.getrandbits(64))


def nothing_hidden(view: Exo2State, seat: int) -> bool:
    """Always true: the Universe is dealt face up and no rule draws from the generator after setup."""
    return True


def where(x: int, y: int) -> str:
    """Where (x, y) lies from the Star: "to the left of the Star", "2 above and 1 to the right of the Star"."""
    if max(abs(x), abs(y)) == 1:
        return f"{_BESIDE[(x, y)]} the Star"
    parts = []
    if y:
        parts.append(f"{abs(y)} {'above' if y < 0 else 'below'}")
    if x:
        parts.append(f"{abs(x)} to the {'left' if x < 0 else 'right'} of")
    return f"{' and '.join(parts)} the Star"


def per_feature(points: Sequence[int]) -> str:
    """'size +1, type +1': the features a placement scored on."""
    return ", ".join(f"{name} +{n}" for name, n in zip(FEATURES, points, strict=True) if n)


def describe(state: Exo2State, action: Take) -> str:
    """One sentence for the log, from the state before the action; the points it scores are an event."""
    seat = rules.planets_placed(state) % state.players
    return f"{SEAT_NAMES[seat]} takes the {planet_name(action.token)} and places it {where(action.x, action.y)}."


def hint_reason(seen: Exo2State, action: Take) -> str | None:
    """Why a hint's placement is worth it, in one line: the points it scores now (else the squares where a later
    planet would complete a run), and what the planet would score the next seat. Everything is public."""
    seat = rules.planets_placed(seen) % seen.players
    galaxy = seen.galaxies[seat]
    points = rules.placement_points(galaxy, action.token, action.x, action.y)
    gained = sum(points)
    after = (*galaxy, (action.x, action.y, action.token))
    if gained:
        total = sum(rules.galaxy_points(after))
        told = [f"Scores {points_text(gained)} ({per_feature(points)}), {total} in all"]
    else:
        told = ["Scores nothing now"]
        squares = len(rules.closing_pairs(after))
        if squares:
            told.append(f"{squares} square{'s' if squares != 1 else ''} would then complete a run")
    rival = (seat + 1) % seen.players
    theirs = rules.best_scoring_placements(seen.galaxies[rival], (action.token,))
    if theirs:
        _, x, y = theirs[0]
        denied = sum(rules.placement_points(seen.galaxies[rival], action.token, x, y))
        told.append(f"keeps it from {SEAT_NAMES[rival]}, who could score {points_text(denied)} with it")
    return f"{'; '.join(told)}."


def events(before: Exo2State, action: Take, after: Exo2State) -> tuple[str, ...]:
    """The points the placement scored (per feature, and the seat's new total), and the end with its result."""
    seat = rules.planets_placed(before) % before.players
    told = []
    points = rules.placement_points(before.galaxies[seat], action.token, action.x, action.y)
    if any(points):
        gained = sum(points)
        total = sum(rules.galaxy_points(after.galaxies[seat]))
        told.append(f"{SEAT_NAMES[seat]} scores {points_text(gained)} ({per_feature(points)}), {total} in all.")
    if rules.is_over(after):
        told.append(_result(after))
    return tuple(told)


def _result(over: Exo2State) -> str:
    """Who won and how: on points, on the tie-break (planets touching the Star), or a shared win."""
    scores = rules.scores(over)
    winners = rules.winners(over)
    names = [SEAT_NAMES[seat] for seat in winners]
    best = scores[winners[0]]
    near = rules.star_neighbours(over.galaxies[winners[0]])
    if len(winners) > 1:
        return (
            f"{' and '.join(names)} share the win: {points_text(best)} and {near} planet{'s' if near != 1 else ''} "
            "touching the Star each."
        )
    tied = [seat for seat, score in enumerate(scores) if score == best and seat != winners[0]]
    if tied:
        runner_up = max(rules.star_neighbours(over.galaxies[seat]) for seat in tied)
        others = " and ".join(SEAT_NAMES[seat] for seat in tied)
        return (
            f"{names[0]} wins on the tie-break: {points_text(best)} like {others}, with more planets touching the Star "
            f"({near} to {runner_up})."
        )
    rest = ", ".join(f"{SEAT_NAMES[seat]} {score}" for seat, score in enumerate(scores) if seat != winners[0])
    return f"{names[0]} wins with {points_text(best)} ({rest})."


def points_text(count: int) -> str:
    """'1 point', '2 points'."""
    return f"{count} point{'' if count == 1 else 's'}"

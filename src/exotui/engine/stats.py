"""Your record: games played against each level of computer player, told from the saves' headers alone.

The saves directory is the only record (no second database that could disagree with it): a row per game and
opponents, counting the games a human played there. A game is won when a human seat is the sole winner, drawn when
a human shares the win, lost otherwise (`engine.result`: a solo game lost to the automaton is lost).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from exotui.engine.records import HUMAN, Header
from exotui.engine.result import Standing
from exotui.engine.savedir import SaveEntry

# The opponents of a game without computer players: other people, or none (a solo game, against the game's own
# rival such as Raging Rodents' automaton).
HOT_SEAT = "hot-seat"
SOLO = "solo"


class RecordRow(msgspec.Struct, frozen=True):
    """One game at one level: the humans' results and what they used."""

    game: str
    # The computer players' levels, "normal" or "easy + hard" (HOT_SEAT or SOLO without any).
    level: str
    played: int
    won: int
    lost: int
    drawn: int
    # The unfinished games (not in played).
    unfinished: int
    # The latest finished games' common result and how many in a row: ("won", 3); ("", 0) before any game.
    streak: tuple[str, int]
    hints: int
    takebacks: int

    @property
    def streak_text(self) -> str:
        result, length = self.streak
        return f"{length} {result}" if length else "-"


def level_of(header: Header) -> str:
    """The computer players' levels (or kinds, for players without levels), as one label; SOLO for a game of one
    seat, HOT_SEAT for people alone."""
    if len(header.seats) == 1:
        return SOLO
    levels = sorted({seat.level or seat.kind for seat in header.seats if seat.kind != HUMAN})
    return " + ".join(levels) if levels else HOT_SEAT


def result_of(header: Header) -> Standing | None:
    """ "won", "drawn" or "lost" for the humans at the table; None while the game goes on."""
    if header.result is None:
        return None
    return header.who_won().standing([seat for seat, who in enumerate(header.seats) if who.kind == HUMAN])


def record(entries: Iterable[SaveEntry]) -> list[RecordRow]:
    """The rows of the games humans played, by game and level; `entries` most recent first (`SaveDir.entries`)."""
    tallies: dict[tuple[str, str], _Tally] = {}
    for entry in entries:
        header = entry.header
        if header is None or all(seat.kind != HUMAN for seat in header.seats):
            continue
        tallies.setdefault((header.game, level_of(header)), _Tally()).add(header)
    return [tally.row(game, level) for (game, level), tally in sorted(tallies.items())]


class _Tally:
    def __init__(self) -> None:
        # The finished games' results, most recent first.
        self.results: list[str] = []
        self.unfinished = 0
        self.hints = 0
        self.takebacks = 0

    def add(self, header: Header) -> None:
        humans = [seat for seat, who in enumerate(header.seats) if who.kind == HUMAN]
        self.hints += sum(header.hints_of(seat) for seat in humans)
        self.takebacks += sum(header.takebacks_of(seat) for seat in humans)
        result = result_of(header)
        if result is None:
            self.unfinished += 1
        else:
            self.results.append(result)

    def row(self, game: str, level: str) -> RecordRow:
        results = self.results
        length = next((i for i, result in enumerate(results) if result != results[0]), len(results))
        return RecordRow(
            game=game,
            level=level,
            played=len(results),
            won=results.count("won"),
            lost=results.count("lost"),
            drawn=results.count("drawn"),
            unfinished=self.unfinished,
            streak=(results[0], length) if results else ("", 0),
            hints=self.hints,
            takebacks=self.takebacks,
        )


def aids_used(header: Header) -> str:
    """The hints and takebacks a game's players used, "hints: Ann 2 · takebacks: Ann 1"; "" when none."""
    parts = []
    for what, count in (("hints", header.hints_of), ("takebacks", header.takebacks_of)):
        used = [f"{seat.name} {count(index)}" for index, seat in enumerate(header.seats) if count(index)]
        if used:
            parts.append(f"{what}: {', '.join(used)}")
    return " · ".join(parts)

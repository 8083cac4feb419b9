"""Who won a finished game, and how each place says it: the one reading of a game's `outcome`.

The end box, the SSH table's end, `exotui verify`, `replay --text`, `saves`, the Load and Replays lists, the replay's
status and Your record all state a result; each reads it here, so that none can disagree with another. The outcome
gives each seat its share of the win (1, 0, or equal shares); when no seat has a share, the game's rival won (the
automaton of a solo game, `engine.protocol.rival`), which a seat's number alone cannot say.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

import msgspec

from exotui import games
from exotui.engine.protocol import rival

# How a game went for the people at the table (Your record's columns).
Standing = Literal["won", "drawn", "lost"]


class Result(msgspec.Struct, frozen=True):
    """A finished game's result: the seats that won (several share the win), or else the rival that won."""

    winners: tuple[int, ...]
    # The side without a seat that won (a solo game's "the automaton"); None when a seat won.
    rival: str | None = None
    # Every seat shares the win (a draw between all of them).
    everyone: bool = False

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1

    def standing(self, seats: Sequence[int]) -> Standing:
        """How the game went for the people at `seats`: "won" when one of them won alone, "drawn" when one of them
        shares the win, else "lost" (to another seat or to the rival)."""
        if not any(seat in self.winners for seat in seats):
            return "lost"
        return "drawn" if self.shared else "won"


# The rival when a game names none yet no seat won: no game gives such an outcome (a hand-made file might).
NOBODY: Final = "nobody"


def result_of(game: games.Game | str, outcome: Sequence[float]) -> Result:
    """The result of a finished game of `game` (the game or its id: a save's header names only the id) whose
    outcome per seat is `outcome`."""
    best = max(outcome, default=0.0)
    if best <= 0:
        return Result((), _rival(game, len(outcome)) or NOBODY)
    winners = tuple(seat for seat, share in enumerate(outcome) if share == best)
    return Result(winners, everyone=len(winners) == len(outcome) > 1)


def _rival(game: games.Game | str, players: int) -> str | None:
    if isinstance(game, str):
        try:
            game = games.get(game)
        except games.UnknownGame:
            # A save of a game this version does not have (the Load list still shows its header).
            return None
    return rival(game, players)


def result_headline(result: Result, labels: Sequence[str], you: int | None) -> str:
    """The end box's first line: "You win!", "Yellow (AI normal) wins.", "A draw: Blue (you) and Yellow (AI
    normal).", "You lose: the automaton wins." `labels` name each seat; `you` is the one person at the table (None:
    several people, or none)."""
    if result.rival is not None:
        if result.rival == NOBODY:
            return "Nobody wins."
        wins = f"{result.rival} wins."
        return f"You lose: {wins}" if you is not None else wins[0].upper() + wins[1:]
    if result.shared:
        return "A draw: " + " and ".join(labels[seat] for seat in result.winners) + "."
    if result.winners == (you,):
        return "You win!"
    return f"{labels[result.winners[0]]} wins."


def result_status(result: Result, names: Sequence[str]) -> str:
    """The result in a few words for lists and the command line: "Ann won", "Ann and Bob won", "a draw" (every seat
    shares it), "the automaton won"."""
    return result_statuses(result, names)[0]


def result_statuses(result: Result, names: Sequence[str]) -> tuple[str, ...]:
    """`result_status` and, for a win some seats share, its shorter forms, longest first, for a list's narrow column:
    "Ann and Bob won", "Ann, Bob won", "2 shared the win". Cut by a column's edge, the whole form read "Seat 1 and
    Seat 3 w"; shortened to its first words, it would lose its "won" ("Seat 1 and Seat 3…")."""
    if result.rival is not None:
        return (f"{result.rival} won",)
    if result.everyone:
        return ("a draw",)
    winners = [names[seat] for seat in result.winners]
    whole = f"{' and '.join(winners)} won"
    return (whole, f"{', '.join(winners)} won", f"{len(winners)} shared the win") if result.shared else (whole,)

"""The seats of a game in progress as every front end names them: "Blue: you", "Yellow: AI normal"."""

from __future__ import annotations

from typing import Final

from exotui.engine.protocol import seat_names
from exotui.play.session import GameSession

# How a computer player's kind is named at the table; its level follows ("AI normal").
AI_NAMES: Final = {"mcts": "AI", "greedy": "AI greedy", "random": "AI random"}


def computer_label(kind: str) -> str:
    """'AI normal', 'AI greedy', for a computer player spec such as "mcts:normal"."""
    player, _, level = kind.partition(":")
    return f"{AI_NAMES.get(player, player)}{' ' + level if level else ''}"


def seat_label(session: GameSession, seat: int, template: str = "{name}: {who}") -> str:
    """'Blue: you', 'Yellow: AI normal', or 'Blue: human' when several people share the keyboard."""
    name = seat_names(session.game, len(session.seats))[seat]
    if session.seats[seat].is_human:
        who = "you" if len(session.humans) == 1 else "human"
    else:
        who = computer_label(session.seats[seat].spec)
    return template.format(name=name, who=who)

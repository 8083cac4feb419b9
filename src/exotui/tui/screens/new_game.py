"""New game: the game, who sits where (a person or an AI level), the variant and an optional seed.

Everything has a default, so Enter on the title and Enter here start a game against the normal AI.
"""

from __future__ import annotations

import secrets
from typing import Final

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from exotui import games
from exotui.tui.boards import has_board
from exotui.tui.session import HUMAN, GameSession, Seat
from exotui.tui.widgets.too_small import TooSmall

SEAT_CHOICES: Final = (
    ("Human", HUMAN),
    ("AI · easy (¼ s a move)", "mcts:easy"),
    ("AI · normal (1 s a move)", "mcts:normal"),
    ("AI · hard (4 s a move)", "mcts:hard"),
    ("AI · greedy (instant)", "greedy"),
    ("AI · random (instant)", "random"),
)
DEFAULT_SEATS: Final = (HUMAN, "mcts:normal")
VARIANT_NAMES: Final = {"quick": "Quick Game"}


def seat_names(game: games.Game) -> tuple[str, ...]:
    count = min(game.player_counts)
    return getattr(game, "seat_names", tuple(f"Seat {seat + 1}" for seat in range(count)))


class NewGameScreen(Screen[GameSession]):
    """Dismissed with the new session, or with nothing when the player goes back."""

    BINDINGS: Final = [Binding("escape", "back", "back")]

    def __init__(self, default_seed: int | None = None) -> None:
        super().__init__()
        self.default_seed = default_seed
        self.game_ids = tuple(game_id for game_id in games.available() if has_board(game_id))

    def compose(self) -> ComposeResult:
        game = games.get(self.game_ids[0])
        with Vertical(id="new-game"):
            yield Static("New game", id="new-game-title")
            with Grid(id="new-game-form"):
                yield Label("Game")
                yield Select(
                    [(games.get(game_id).title, game_id) for game_id in self.game_ids],
                    value=self.game_ids[0],
                    allow_blank=False,
                    id="game",
                )
                for seat, name in enumerate(seat_names(game)):
                    yield Label(f"{name}{' (starts)' if seat == 0 else ''}")
                    yield Select(
                        [(text, kind) for text, kind in SEAT_CHOICES],
                        value=DEFAULT_SEATS[min(seat, len(DEFAULT_SEATS) - 1)],
                        allow_blank=False,
                        id=f"seat-{seat}",
                    )
                yield Label("Variant")
                yield Select(
                    [("Standard", ""), *((VARIANT_NAMES.get(v, v), v) for v in game.variants)],
                    value="",
                    allow_blank=False,
                    id="variant",
                )
                yield Label("Seed")
                yield Input(placeholder="blank: a new random deal", type="integer", id="seed")
            with Horizontal(id="new-game-buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Back", id="back")
            yield Static("Tab moves between fields; Enter opens a list or starts.", id="new-game-hint")
        yield Footer()
        yield TooSmall()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()
        else:
            self.action_back()

    def on_input_submitted(self) -> None:
        self.start()

    def action_back(self) -> None:
        self.dismiss()

    def start(self) -> None:
        game = games.get(str(self.query_one("#game", Select).value))
        seats = tuple(Seat(str(self.query_one(f"#seat-{seat}", Select).value)) for seat in range(len(seat_names(game))))
        variant = str(self.query_one("#variant", Select).value) or None
        text = self.query_one("#seed", Input).value.strip()
        if text:
            try:
                seed = int(text)
            except ValueError:
                self.notify(f"The seed must be a whole number, not {text!r}.", severity="error")
                return
        elif self.default_seed is not None:
            seed = self.default_seed
        else:
            seed = secrets.randbelow(2**31)
        self.dismiss(GameSession(game, seed, variant, seats))

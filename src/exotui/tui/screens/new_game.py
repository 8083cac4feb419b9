"""New game: the game, who sits where (a person or an AI level), the variant, takebacks allowed or not, and an
optional seed.

Everything has a default, so Enter on the title and Enter here start a game against the normal AI.
"""

from __future__ import annotations

import secrets
from typing import Any, ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Input, Label, Select, Static

from exotui import games
from exotui.engine.protocol import level_notes, seat_names
from exotui.play.session import HUMAN, GameSession, Seat
from exotui.tui.choices import Choices, load_choices, save_choices
from exotui.tui.widgets.footer import KeysFooter
from exotui.tui.widgets.too_small import TooSmall

SEAT_CHOICES: Final = (
    ("Human", HUMAN),
    ("AI · easy (¼ s, forgiving)", "mcts:easy"),
    ("AI · normal (1 s a move)", "mcts:normal"),
    ("AI · hard (4 s a move)", "mcts:hard"),
    ("AI · greedy (instant)", "greedy"),
    ("AI · random (instant)", "random"),
)
DEFAULT_SEATS: Final = (HUMAN, "mcts:normal")
VARIANT_NAMES: Final = {"quick": "Quick Game"}
TAKEBACK_CHOICES: Final = (("Allowed (Backspace)", "allowed"), ("None in this game", "off"))


def seat_choices(game: Any) -> list[tuple[str, str]]:
    """SEAT_CHOICES, a level described in the game's own words where it plays this game differently."""
    notes = level_notes(game)
    return [
        (f"AI · {kind.partition(':')[2] or kind} ({notes[kind]})" if kind in notes else label, kind)
        for label, kind in SEAT_CHOICES
    ]


# Seeds tried to tell whether a game's first player is fixed or drawn from the seed.
STARTER_SEEDS: Final = range(8)


def starter(game: Any, players: int, variant: str | None) -> tuple[int | None, str]:
    """Who starts, as the form tells it: (the seat labelled "(starts)", or None; a "Starts" row's text, or "").
    The seat that decides first in every deal is labelled; a solo game's automaton plays first; where the seed
    draws the first player (Endless Forms, Cryptid, Raging Rodents with 2 or more), the row says so."""
    if players == 1:
        return None, f"the automaton, then {seat_names(game, 1)[0]}"
    firsts = {game.current_player(game.new_game(seed, players, variant)) for seed in STARTER_SEEDS}
    if len(firsts) == 1:
        return firsts.pop(), ""
    return None, "drawn from the seed"


class NewGameScreen(Screen[GameSession]):
    """Dismissed with the new session, or with nothing when the player goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "back", "back")]

    def __init__(self, default_seed: int | None = None) -> None:
        super().__init__()
        self.default_seed = default_seed
        self.game_ids = games.available()
        # The choices of the last game started, where they still make sense; else the defaults.
        last = load_choices()
        self.game = games.get(last.game if last.game in self.game_ids else self.game_ids[0])
        self.players = last.players if last.players in self.game.player_counts else min(self.game.player_counts)
        self.kinds = list(last.seats)
        self.variant = last.variant if last.variant in self.game.variants else ""
        self.no_takebacks = last.no_takebacks

    def kind(self, seat: int) -> str:
        """Who sits at `seat` as the form stands: the last choice for that seat, else the default."""
        kind = self.kinds[seat] if seat < len(self.kinds) else ""
        offered = {kind for _, kind in SEAT_CHOICES}
        return kind if kind in offered else DEFAULT_SEATS[min(seat, len(DEFAULT_SEATS) - 1)]

    def compose(self) -> ComposeResult:
        game = self.game
        # Three sections, in the Tab order: what is played, who sits where, and how.
        with Vertical(id="new-game"):
            yield Static("New game", id="new-game-title")
            with Grid(id="new-game-what", classes="section"):
                yield Label("Game")
                titles = [(games.get(game_id).title, game_id) for game_id in self.game_ids]
                yield Select(titles, value=game.id, allow_blank=False, compact=True, id="game")
                if len(game.player_counts) > 1:
                    yield Label("Players")
                    counts = [(str(count), count) for count in game.player_counts]
                    yield Select(counts, value=self.players, allow_blank=False, compact=True, id="players")
            with Grid(id="new-game-seats", classes="section"):
                first, starts = starter(game, self.players, self.variant or None)
                for seat, name in enumerate(seat_names(game, self.players)):
                    yield Label(f"{name}{' (starts)' if seat == first else ''}")
                    yield Select(
                        seat_choices(game),
                        value=self.kind(seat),
                        allow_blank=False,
                        compact=True,
                        id=f"seat-{seat}",
                    )
                if starts:
                    yield Label("Starts")
                    yield Static(starts, id="starts")
            with Grid(id="new-game-options", classes="section"):
                if game.variants:
                    yield Label("Variant")
                    variants = [("Standard", ""), *((VARIANT_NAMES.get(v, v), v) for v in game.variants)]
                    yield Select(variants, value=self.variant, allow_blank=False, compact=True, id="variant")
                yield Label("Takebacks")
                yield Select(
                    list(TAKEBACK_CHOICES),
                    value="off" if self.no_takebacks else "allowed",
                    allow_blank=False,
                    compact=True,
                    id="takebacks",
                )
                yield Label("Seed")
                yield Input(placeholder="blank: a new random deal", type="integer", compact=True, id="seed")
            with Horizontal(id="new-game-buttons"):
                # Only the focused button is highlighted, so Start never looks chosen when it is not. Back is
                # left out of the Tab order (Esc goes back): one Tab from Start cannot land on it unseen.
                yield Button("Start", id="start")
                back = Button("Back", id="back")
                back.can_focus = False
                yield back
            yield Static("Tab moves between fields; Enter opens a list or starts.", id="new-game-hint")
        yield KeysFooter()
        yield TooSmall()

    def fit(self) -> None:
        """Space the rows out where the spaced form fits above the footer, else set "-compact" (no blank line
        between the rows of a section). Where even that does not fit, the form scrolls (see exotui.tcss)."""
        box = self.query_one("#new-game")
        if not box.display:
            return
        # Its whole height, scrolled or not; spaced, that is the compact one plus a blank line between each two rows
        # of a section.
        height = box.outer_size.height - box.size.height + box.virtual_size.height
        gaps = sum(len(section.query(Label)) - 1 for section in self.query(".section"))
        spaced = height + (gaps if self.has_class("-compact") else 0)
        room = self.size.height - self.query_one(KeysFooter).outer_size.height
        self.set_class(spaced > room, "-compact")

    def on_resize(self) -> None:
        # Once the layout for the size (and its size classes) is done, so the form's height is current. The first
        # layout sends this too, and so does a resize while the help is over the form.
        self.call_after_refresh(self.fit)

    async def on_select_changed(self, event: Select.Changed) -> None:
        """A different game or number of players changes the form: build it again, keeping the focus."""
        if event.select.id == "game" and event.value != self.game.id:
            self.game = games.get(str(event.value))
            self.players = min(self.game.player_counts)
            self.variant = ""
        elif event.select.id == "players" and event.value != self.players:
            self.players = int(str(event.value))
        else:
            if event.select.id == "takebacks":
                self.no_takebacks = event.value == "off"
            return
        # The seats chosen so far stay chosen in the new form.
        seats = [select for select in self.query(Select) if (select.id or "").startswith("seat-")]
        self.kinds = [str(select.value) for select in seats]
        focused = event.select.id
        await self.recompose()
        self.query_one(f"#{focused}", Select).focus()
        self.call_after_refresh(self.fit)

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
        game = self.game
        seats = tuple(Seat(str(self.query_one(f"#seat-{seat}", Select).value)) for seat in range(self.players))
        variant = str(self.query_one("#variant", Select).value) or None if game.variants else None
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
        no_takebacks = self.query_one("#takebacks", Select).value == "off"
        save_choices(Choices(game.id, self.players, tuple(seat.spec for seat in seats), variant or "", no_takebacks))
        self.dismiss(GameSession(game, seed, variant, seats, takebacks_off=no_takebacks))

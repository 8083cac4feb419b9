"""A spectator's table without a server: the table app's screen shown a position as `exotui serve` shows it to
someone who watches (the public view, no seat), and positions a few random decisions into a game."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import msgspec
from textual.app import App
from textual.events import Mount

from exotui import games
from exotui.engine.protocol import interludes, public_view, seat_names
from exotui.engine.records import load
from exotui.play.session import GameSession, Seat
from exotui.serve import wire
from exotui.serve.table import Seating, Table
from exotui.serve.table_app import TableApp, TableScreen

SAMPLES = Path(__file__).parents[1] / "saves"

# game id -> (seed, random decisions into the game): positions with cards both hidden and seen in the hands.
POSITIONS = {"exofauna": (2, 4), "rodents": (3, 6), "cryptid": (3, 12), "endless": (3, 12), "exo2": (3, 6)}


def position(game_id: str, seed: int, decisions: int, players: int = 2) -> Any:
    """The true state after `decisions` random legal decisions (fewer if the game ends first)."""
    game = games.get(game_id)
    state = game.new_game(seed, players)
    chooser = random.Random(seed)
    for _ in range(decisions):
        if game.current_player(state) is None:
            break
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
    return state


def seen_by_all(game_id: str, state: Any) -> Any:
    """The public view of a two-seat game's `state`, as the table computes it."""
    return public_view(games.get(game_id), state, 2)


def watched(game_id: str, view: Any) -> wire.Show:
    """What the table sends a spectator of a two-seat game for the public `view` (without the log)."""
    game = games.get(game_id)
    labels = [f"{name}: {person}" for name, person in zip(seat_names(game, 2), ("alice", "bob"), strict=True)]
    deciding = game.current_player(view)
    status = "Watching table t. " + ("The game is over." if deciding is None else f"Waiting for {labels[deciding]}.")
    return wire.Show(game_id, None, labels, msgspec.msgpack.encode(view), deciding, [], True, status)


def joined_at_the_end(sample: str, seat: int | None) -> tuple[wire.Show, wire.End]:
    """A two-seat finished game of saves/ (Blue: alice, Yellow: bob) as the table tells it to someone joining at its
    end at `seat` (None: a spectator): the whole story as that seat's log tells it, the final position in its view,
    then the End the table sends (`Table.end`)."""
    saved = load(SAMPLES / sample)
    game, header = saved.game, saved.header
    seats = tuple(Seat(seat.spec) for seat in header.seats)
    table = Table("t", Path("unused"))
    table.session = GameSession(game, header.seed, header.variant, seats, list(saved.actions), saved.final)
    table.seating = Seating("", ["alice", "bob"], ["alice", "bob"], ["", ""])
    end = table.end(seat)

    def seen(state: Any) -> bytes:
        return msgspec.msgpack.encode(game.view(state, seat) if seat is not None else public_view(game, state, 2))

    found = interludes(game, saved.states[0], saved.actions)
    log = [(told.turn, told.sentence, told.events) for told in table.story(seat)]
    status = "The game is over." if seat is not None else "Watching table t. The game is over."
    show = wire.Show(
        game.id,
        seat,
        end.labels,
        seen(saved.final),
        None,
        log,
        True,
        status,
        table.session.opening(),
        [seen(found[index]) for index in sorted(found)],
    )
    return show, end


class WatchingApp(TableApp):
    """The table app shown one position a spectator receives, with no table to connect to; or, without `show`, its
    table screen before the first Show, from a seat (`watching` False) or from none."""

    def __init__(self, show: wire.Show | None, game_id: str = "exofauna", watching: bool = True) -> None:
        super().__init__(Path("unused.sock"), wire.Join("carol", "carol", ""), "t")
        self.show = show
        self.game_id, self.watching = game_id, watching

    def on_mount(self, event: Mount) -> None:
        # In place of the table app's own (which connects to the table).
        event.prevent_default()
        if self.show is not None:
            self.shown(self.show)
        else:
            self.push_screen(TableScreen(self.game_id, self.watching))


def screen_text(app: App[Any]) -> str:
    """Every row of the screen as drawn, one line each."""
    return "\n".join("".join(segment.text for segment in strip) for strip in app.screen._compositor.render_strips())

"""An SSH table's status lines at 80x24 with the longest names there can be: a table of 32 characters, name tags of
NAME_TAG (9), four people at Raging Rodents, five at Cryptid. Each is drawn whole (it wraps onto the rows the layout
has under the board), where it was cut at the 80th column: "Waiting for … to go on" naming three or four people, a
spectator's "Watching table NAME. …", and "The game is over… Rematch asked by …".

The screenshot is deterministic (a fixed deal, no server). Update it after a deliberate change with
`python -m pytest tests/serve/test_serve_status_lines.py --snapshot-update`.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import msgspec
import pytest
from textual.widgets import Static

from exotui import games
from exotui.engine.protocol import public_view
from exotui.play.session import GameSession
from exotui.play.session import Seat as SessionSeat
from exotui.serve import wire
from exotui.serve.server import NAME_TAG
from exotui.serve.table import Seating, Table
from pilot_helpers import settle
from spectator_helpers import WatchingApp, screen_text

# TABLE_COMMAND's longest name, and name tags as `display_name` makes them (a key's, a guest's).
TABLE = "friday-night-rodents-at-the-club"
NAMES = ("anna#5eEx", "bert#Kq7A", "cleo (g)", "dave#3mPw", "emma#Hn4c")


def a_table(game_id: str, kinds: tuple[str, ...]) -> Table:
    """Table TABLE in progress (seed 5): a person at each "human" seat, named from NAMES, else a computer."""
    assert len(TABLE) == 32 and max(len(name) for name in NAMES) == NAME_TAG
    table = Table(TABLE, Path("unused"))
    table.session = GameSession(games.get(game_id), 5, None, tuple(SessionSeat(kind) for kind in kinds))
    people = [NAMES[seat] if kind == "human" else None for seat, kind in enumerate(kinds)]
    names = [NAMES[seat] if kind == "human" else "AI normal" for seat, kind in enumerate(kinds)]
    table.seating = Seating("", people, names, [""] * len(kinds))
    table.started = True
    return table


def shown(table: Table, seat: int | None) -> wire.Show:
    """What the table shows the person at `seat` (None: a spectator), its log left out."""
    session = table.session
    assert session is not None
    game, state = session.game, session.state
    view = game.view(state, seat) if seat is not None else public_view(game, state, len(session.seats))
    status, awaited = table.status(seat), list(table.driver.awaited)
    encoded = msgspec.msgpack.encode(view)
    return wire.Show(
        game.id, seat, table.labels(), encoded, session.deciding, [], True, status, held=bool(awaited), awaited=awaited
    )


def status_drawn(app: WatchingApp) -> tuple[str, int]:
    """The status line's words as drawn on the screen, and the rows it takes."""
    region = app.screen.query_one("#status", Static).region
    rows = screen_text(app).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(row[region.x : region.right] for row in rows).split()), region.height


def held_for_four() -> Table:
    """Raging Rodents, four people, all shown a scored invasion: the turns wait for each to go on."""
    table = a_table("rodents", ("human",) * 4)
    table.driver.interlude_shown(range(4))
    return table


def the_deciding_player_left() -> Table:
    table = a_table("rodents", ("human",) * 4)
    assert table.session is not None and table.session.deciding is not None
    table.left_at = {table.session.deciding: time.monotonic()}
    return table


def the_computer_thinks() -> Table:
    """Raging Rodents, Seat 2 (the first to decide) a computer: "Seat 2: AI normal is thinking…"."""
    table = a_table("rodents", ("human", "mcts:normal", "human", "human"))
    assert table.session is not None and table.session.deciding == 1
    return table


CASES = {
    "held, spectator": (held_for_four, None),
    "held, player": (held_for_four, 0),
    "left, spectator": (the_deciding_player_left, None),
    "thinking, spectator": (the_computer_thinks, None),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_table_s_status_line_is_drawn_whole_at_80x24_with_the_longest_names(case: str) -> None:
    made, seat = CASES[case]
    show = shown(made(), seat)

    async def scenario() -> None:
        app = WatchingApp(show, show.game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            drawn, rows = status_drawn(app)
            assert drawn == " ".join(show.status.split()) and rows <= 2

    asyncio.run(scenario())


def vote_at(game_id: str, seats: int, asked: int, left: int) -> wire.RematchVote:
    """The vote at the end of a game of people at every seat: the first `asked` seats asked; of those awaited, the
    last `left` left the table (as `Table.tell_votes` marks them)."""
    labels = a_table(game_id, ("human",) * seats).labels()
    awaited = [
        label + (" (left the table)" if seat >= seats - left else "")
        for seat, label in enumerate(labels)
        if seat >= asked
    ]
    return wire.RematchVote(labels[:asked], awaited, can_agree=False)


# The line wraps onto three rows where it names four people or more (the app's own status takes three for news).
VOTES = {
    "rodents, 1 of 4 asked, 1 left": vote_at("rodents", 4, 1, 1),
    "rodents, nobody of 4 asked": vote_at("rodents", 4, 0, 0),
    "cryptid, nobody of 5 asked, 2 left": vote_at("cryptid", 5, 0, 2),
}


@pytest.mark.parametrize("case", sorted(VOTES))
def test_the_game_over_line_says_who_asked_for_a_rematch_whole_at_80x24(case: str) -> None:
    vote = VOTES[case]
    game_id = "rodents" if "rodents" in case else "cryptid"
    show = shown(a_table(game_id, ("human",) * (len(vote.agreed) + len(vote.awaited))), 0)

    async def scenario() -> None:
        app = WatchingApp(show, show.game)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            app.voted(vote)
            await settle(pilot)
            drawn, rows = status_drawn(app)
            assert drawn.startswith("The game is over. Enter: the result. ") and vote.awaited[-1] in drawn
            assert drawn == " ".join(str(app.screen.query_one("#status", Static).render()).split())
            assert rows <= 3

    asyncio.run(scenario())


def test_a_spectator_s_status_naming_four_people_takes_two_rows_under_the_board(snap_compare) -> None:
    """Raging Rodents at 80x24, watched at table TABLE, the turns held for four people: the status on two rows, and
    the status box above it names the four to go on (it said 'Seat 2: bert#Kq7A / to decide')."""
    show = shown(held_for_four(), None)
    assert snap_compare(WatchingApp(show, show.game), terminal_size=(80, 24), run_before=settle)

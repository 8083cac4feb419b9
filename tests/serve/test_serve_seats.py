"""What a table tells everyone when a player leaves, and who may sit where afterwards: the seat waits, then the AI
may take it and the game goes on; a guest comes back with a token; a finished game reaches every seated identity's
saves (0600), never re-creating a departed guest's directory. Also the table app's own status box and form, and the
server's name tags, join line and table directories."""

from __future__ import annotations

import asyncio
import contextlib
import os
import stat
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import msgspec
import pytest
from textual.pilot import Pilot
from textual.widgets._footer import FooterKey

from exotui import games
from exotui.engine.protocol import seat_names
from exotui.engine.records import load
from exotui.serve import wire
from exotui.serve.identity import Identity
from exotui.serve.server import NAME_TAG, display_name
from exotui.serve.table import Seating
from exotui.serve.table_app import TableApp, TableNewGameScreen, TableScreen
from exotui.tui.choices import choices_path
from exotui.tui.screens.confirm import ConfirmScreen, QuestionScreen
from exotui.tui.tables import board_class
from exotui.tui.tables.exofauna.board import ExoFaunaBoard
from exotui.tui.widgets.ai_status import AiStatus
from exotui.tui.widgets.footer import KeysFooter
from pilot_helpers import settle, status_text
from serve_helpers import Person, Terminal, eventually, near_the_end, new_key, running, table_on_disk, table_served
from spectator_helpers import screen_text

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")]


async def absent_until(person: Person, can_take_over: bool, text: str | None = None) -> wire.Absent:
    """The next Absent saying whether this person may now let the AI take the departed seats (and `text`)."""
    while True:
        absent = await person.next(wire.Absent)
        if absent.can_take_over == can_take_over and text in (None, absent.text):
            return absent


def test_a_player_who_leaves_is_announced_the_ai_may_take_the_seat_later_and_the_game_reaches_their_saves(tmp_path):
    actions = near_the_end(seed=5, left=12)
    gone = tmp_path / "guests" / "gone"
    table_on_disk(tmp_path, "direct", ["alice", "bob"], [tmp_path / "alice", gone], actions)
    # Bob was a guest: his saves went as his session ended.
    gone.rmdir()
    directory = tmp_path / "tables" / "direct"

    async def scenario() -> None:
        async with table_served(tmp_path, takeover_after=0.5) as socket:
            alice, bob, carol = [await Person.join(socket, name, tmp_path / name) for name in ("alice", "bob", "carol")]
            # Everyone is here (the last arrival says so): nobody is announced.
            await absent_until(carol, False, "")
            await absent_until(alice, False, "")
            bob.leave()
            for person in (alice, carol):
                await absent_until(person, False, "Yellow: bob left the table; the seat waits for them.")
            # A while later the seated one may let the AI take the seat; a spectator may not.
            assert (await absent_until(alice, True)).text.startswith("Yellow: bob left")
            await carol.send(wire.TakeOver())
            assert (await carol.next(wire.Refused)).text == "No seat can be given to the AI now."
            await alice.send(wire.TakeOver())
            await absent_until(alice, False, "")
            shown = await alice.next(wire.Show)
            assert shown.labels == ["Blue: alice", "Yellow: AI normal"]
            seating = msgspec.json.decode((directory / "seating.json").read_bytes(), type=Seating)
            assert seating.holders == ["alice", None] and seating.kinds == ["human", "mcts:normal"]
            # The game goes on to its end, the AI deciding for Yellow.
            await asyncio.gather(alice.play_to_the_end(1), carol.play_to_the_end(2))
            for person in (alice, carol):
                person.leave()

    asyncio.run(scenario())
    (saved,) = (tmp_path / "alice").glob("table-direct-*.exosave")
    assert load(saved).header.finished and list(load(saved).actions[: len(actions)]) == actions
    assert stat.S_IMODE(os.stat(saved).st_mode) == 0o600
    # The departed guest's saves went with their session: the table does not make the directory again.
    assert not gone.exists()


def test_a_guest_sits_again_with_their_token_also_after_a_restart_and_the_join_line_names_the_port(tmp_path):
    async def scenario() -> str:
        async with table_served(tmp_path, port=2222) as socket:
            alice = await Person.join(socket, "alice", tmp_path / "alice")
            await alice.next(wire.Choose)
            await alice.send(wire.Setup("exofauna", ["human", "human"], None))
            lobby = await alice.next(wire.Lobby)
            assert "Friends join with: ssh -p 2222 -t HOST table direct" in lobby.lines
            guest = await Person.join(socket, "guest-1", tmp_path / "g1", guest=True)
            token = await guest.next(wire.SeatToken)
            assert token.command == f"ssh -p 2222 -t HOST table direct {token.token}"
            assert (await guest.next(wire.Show)).viewer == 1
            guest.leave()
            await absent_until(alice, False)
            # Back as a new identity (a guest always is), with the token: the same seat.
            back = await Person.join(socket, "guest-2", tmp_path / "g2", token=token.token, guest=True)
            assert (await back.next(wire.Show)).viewer == 1
            # A wrong token only watches.
            stranger = await Person.join(socket, "guest-3", tmp_path / "g3", token="0" * 16, guest=True)
            assert (await stranger.next(wire.Show)).viewer is None
            for person in (alice, back, stranger):
                person.leave()
        return token.token

    token = asyncio.run(scenario())

    async def after_a_restart() -> None:
        async with table_served(tmp_path, port=2222) as socket:
            again = await Person.join(socket, "guest-4", tmp_path / "g4", token=token, guest=True)
            assert (await again.next(wire.Show)).viewer == 1
            again.leave()

    asyncio.run(after_a_restart())


def test_the_deciding_player_s_status_box_names_their_own_seat(tmp_path):
    table_on_disk(tmp_path, "direct", ["alice", "bob"], [tmp_path / "alice", tmp_path / "bob"], near_the_end(5, 30))

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            bob = await Person.join(socket, "bob", tmp_path / "bob")
            app = TableApp(socket, wire.Join("alice", "alice", str(tmp_path / "alice")), "direct")
            async with app.run_test(size=(80, 24)) as pilot:
                shown = await bob.next(wire.Show)
                await eventually(lambda: isinstance(app.screen, TableScreen) and bool(app.screen.query(AiStatus)))
                await settle(pilot)
                deciding = shown.labels[shown.deciding]
                status = app.screen.query_one(AiStatus)
                await eventually(lambda: status.title == deciding, what=f"for {deciding!r} in the status box")
                mine = "your decision" if shown.deciding == 0 else "to decide"
                assert status.lines == (mine,)
            bob.leave()

    asyncio.run(scenario())


def test_the_table_form_has_no_seed_nor_takebacks_and_leaves_the_player_s_own_choices_alone(tmp_path):
    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            app = TableApp(socket, wire.Join("alice", "alice", str(tmp_path / "alice")), "direct")
            async with app.run_test(size=(80, 24)) as pilot:
                await eventually(lambda: isinstance(app.screen, TableNewGameScreen))
                await settle(pilot)
                assert not app.screen.query("#seed") and not app.screen.query("#takebacks")
                assert "Seed" not in str(app.screen.query_one("#new-game-options").children)
                assert app.screen.focused is not None and app.screen.focused.id == "start"
                await pilot.press("enter")
                await eventually(lambda: isinstance(app.screen, TableScreen))
        assert not choices_path().exists()

    asyncio.run(scenario())


def test_name_tags_fit_the_side_panel_and_tell_keys_apart():
    key = Identity("SHA256:5eExAbCdEf", tmp := __import__("pathlib").Path("/nonexistent"), guest=False)
    guest = Identity("guest-x", tmp, guest=True)
    assert display_name("root", key) == "root#5eEx"
    assert display_name("averylongname", key) == "aver#5eEx"
    assert display_name("bob", guest) == "bob (g)"
    assert all(len(display_name(name, who)) <= NAME_TAG for name in ("a" * 16, "x") for who in (key, guest))


def test_once_the_player_deciding_is_back_nobody_s_status_says_they_left(tmp_path):
    """Only the absence line was told again: 'Waiting for Blue: alice, who left the table.' stayed in the others'
    status after she came back, until her decision."""
    table_on_disk(tmp_path, "direct", ["alice", "bob"], [tmp_path / "alice", tmp_path / "bob"], near_the_end(5, 30))

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            people = {name: await Person.join(socket, name, tmp_path / name) for name in ("alice", "bob")}
            shown = await people["bob"].next(wire.Show)
            deciding = shown.labels[shown.deciding]
            name, other = ("alice", "bob") if shown.deciding == 0 else ("bob", "alice")
            people[name].leave()
            while (await people[other].next(wire.Show)).status != f"Waiting for {deciding}, who left the table.":
                pass
            back = await Person.join(socket, name, tmp_path / name)
            assert (await back.next(wire.Show)).status == "Your decision."
            assert (await people[other].next(wire.Show)).status == f"Waiting for {deciding}."
            back.leave()
            people[other].leave()

    asyncio.run(scenario())


def test_a_key_out_of_turn_at_a_table_says_whose_turn_it_is_on_one_row_at_80_columns(tmp_path):
    """'Not your decision: Yellow: alic#zKm9 is deciding. Help (?) and quit (q) still work.' took 83 columns, cut on
    the status's one row: every game's words fit it with the widest label a table gives, a seat and a whole tag."""
    game = games.get("exofauna")
    actions = near_the_end(5, 30)
    state = game.new_game(5, 2)
    for action in actions:
        state = game.apply(state, action)
    deciding = game.current_player(state)
    assert deciding is not None
    tags = ["alic#zKm9", "bobb#Q7x2"]
    identities = ["bob", "alice"] if deciding == 1 else ["alice", "bob"]
    table_on_disk(tmp_path, "direct", identities, [tmp_path / "alice", tmp_path / "bob"], actions, names=tags)

    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            alice = await Person.join(socket, "alice", tmp_path / "alice")
            app = TableApp(socket, wire.Join("bob", "bob", str(tmp_path / "bob")), "direct")
            async with app.run_test(size=(80, 24)) as pilot:
                await eventually(lambda: isinstance(app.screen, TableScreen) and status_text(app).startswith("Waiting"))
                await pilot.press("1")
                await settle(pilot)
                label = f"{seat_names(game, 2)[deciding]}: {tags[deciding]}"
                assert status_text(app) == ExoFaunaBoard.not_yours(label)
                width = app.screen.query_one("#status").content_region.width
            alice.leave()
        for game_id in games.available():
            board, names = board_class(game_id), seat_names(games.get(game_id), max(games.get(game_id).player_counts))
            for text in (board.not_yours(None), *(board.not_yours(f"{name}: {'x' * NAME_TAG}") for name in names)):
                assert len(text) <= width, text

    asyncio.run(scenario())


def test_a_table_left_without_a_game_leaves_no_directory_and_a_guest_is_told_their_saves_are_temporary(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path) as server:
            terminal = await Terminal.open(server, new_key(), command="table gone")
            await terminal.wait_for("Start")
            assert (tmp_path / "tables" / "gone").is_dir()
            await terminal.keys("\x1b")
            assert await terminal.closed() == 0
            await terminal.close()
            await eventually(lambda: not (tmp_path / "tables" / "gone").exists(), what="for the table's directory")
            guest = await Terminal.open(server)
            await guest.wait_for("You are a guest")
            await guest.close()

    asyncio.run(scenario())


@contextlib.asynccontextmanager
async def alice_at_her_table_app_bob_over_the_wire(tmp_path: Path) -> AsyncIterator[tuple[TableApp, Pilot, Person]]:
    """Table "direct" (left there by `table_on_disk`), whose AI may take a departed player's seat at once
    (takeover_after=0.0): Bob over the wire, shown the table, and Alice at her table app at 80x24. The app, its pilot
    and Bob."""
    async with table_served(tmp_path, takeover_after=0.0) as socket:
        bob = await Person.join(socket, "bob", tmp_path / "bob")
        app = TableApp(socket, wire.Join("alice", "alice", str(tmp_path / "alice")), "direct")
        async with app.run_test(size=(80, 24)) as pilot:
            await bob.next(wire.Show)
            yield app, pilot, bob


def test_ctrl_t_at_the_table_app_lets_the_ai_take_a_departed_player_s_seat(tmp_path):
    table_on_disk(tmp_path, "direct", ["alice", "bob"], [tmp_path / "alice", tmp_path / "bob"], near_the_end(5, 30))

    async def scenario() -> None:
        async with alice_at_her_table_app_bob_over_the_wire(tmp_path) as (app, pilot, bob):
            bob.leave()
            await eventually(lambda: isinstance(app.screen, TableScreen) and app.screen.left.can_take_over)
            await settle(pilot)
            line = str(app.screen.query_one("#absent").render())
            left = "Yellow: bob left the table; the seat waits for them."
            assert line == f"{left} Ctrl+T: let the AI play their seat."
            await pilot.press("ctrl+t")
            await settle(pilot)
            question = app.screen
            assert isinstance(question, QuestionScreen), question
            assert "Let the AI (normal) play" in screen_text(app)
            # q means leaving the table, as everywhere at it: asked over the question, which it never answers
            # (it answered yes: the AI took the seat).
            await pilot.press("q")
            await settle(pilot)
            assert isinstance(app.screen, ConfirmScreen) and app.screen.question.startswith("Leave the table?")
            assert app.screen_stack[-2] is question
            await pilot.press("n")
            await settle(pilot)
            assert app.screen is question
            await pilot.press("y")
            await eventually(lambda: isinstance(app.screen, TableScreen) and not app.screen.left.text)
            await eventually(lambda: "Yellow: AI normal" in screen_text(app), what="for the AI's name tag")

    asyncio.run(scenario())


@pytest.mark.parametrize("game_id", games.available())
def test_once_ctrl_t_is_offered_every_key_is_whole_at_80x24_help_and_leave_in_the_footer(tmp_path, game_id):
    """Once the AI could take a departed player's seat, the footer read '… 1-9 a-z pick ^t AI takes sea▏^p palettel':
    '? help' and 'q leave' were pushed out and the palette's key overlapped the last entry. As on the app's game screen,
    whose own keys (H, Backspace) stay out of a footer the table's keys fill at 80 columns, Ctrl+T is named by the line
    above the status that says whose seat waits, and the footer keeps the table's keys, ? help and q leave, whole."""
    actions = near_the_end(5, 12, game_id)
    table_on_disk(tmp_path, "direct", ["alice", "bob"], [tmp_path / "alice", tmp_path / "bob"], actions, game_id)

    async def scenario() -> None:
        async with alice_at_her_table_app_bob_over_the_wire(tmp_path) as (app, pilot, bob):
            await eventually(lambda: isinstance(app.screen, TableScreen))
            await settle(pilot)
            before = screen_text(app).splitlines()[-1]
            bob.leave()
            await eventually(lambda: isinstance(app.screen, TableScreen) and app.screen.left.can_take_over)
            await settle(pilot)
            screen = app.screen
            footer = screen_text(app).splitlines()[-1]
            assert "? help q leave" in footer and footer.rstrip().endswith("▏^p palette"), footer
            assert footer == before
            keys = [key.region for key in screen.query_one(KeysFooter).query(FooterKey)]
            assert all(screen.region.contains_region(key) for key in keys)
            assert not any(a.overlaps(b) for index, a in enumerate(keys) for b in keys[index + 1 :]), keys
            # The key is named whole, where it works.
            absent = screen.query_one("#absent")
            assert str(absent.render()).endswith(" Ctrl+T: let the AI play their seat.")
            assert screen.region.contains_region(absent.region)
            await pilot.press("ctrl+t")
            await settle(pilot)
            assert isinstance(app.screen, QuestionScreen)

    asyncio.run(scenario())

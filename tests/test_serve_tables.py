"""Tables between people over SSH (`ssh -t HOST table NAME`): seats taken in order of arrival, each person sees
only their own seat's view, a spectator sees no hidden card, and a game played to the end is in every seated
player's saves. The authority's rules of seating are also tested directly on `Table`, without SSH."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import asyncssh
import msgspec
import pytest

from exotui import games
from exotui.engine.records import GameRecord, Seat, load
from exotui.serve import wire
from exotui.serve.table import Seating, Table, public_view
from exotui.tui.tables.exofauna.organism import label
from serve_helpers import PATIENCE, Terminal, new_key, running, saves_of

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")

SHIFT_TAB, UP = "\x1b[Z", "\x1b[A"


async def create_two_person_table(terminal: Terminal) -> None:
    """On the new game form: Yellow (the second seat) set to Human, then Start (after it: Takebacks, Seed)."""
    await terminal.wait_for("Start")
    for key in [SHIFT_TAB] * 4 + ["\r", UP, UP, "\r"] + ["\t"] * 4 + ["\r"]:
        await terminal.keys(key)


def test_the_first_two_take_the_seats_a_third_watches_without_seeing_a_hand_and_a_seat_waits_for_its_key(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path) as server:
            alice = await Terminal.open(server, new_key(), command="table duo")
            await create_two_person_table(alice)
            await alice.wait_for("Waiting for 1 more")
            bob_key = new_key()
            bob = await Terminal.open(server, bob_key, command="table duo")
            await alice.wait_for("Hand (Blue)")
            await bob.wait_for("Hand (Yellow)")
            # Each knows nothing of the other's cards yet.
            assert "Yellow holds 4 unseen" in alice.text
            assert "Blue holds 4 unseen" in bob.text
            watcher = await Terminal.open(server, new_key(), command="table duo")
            await watcher.wait_for("Watching table duo")
            await asyncio.sleep(1.0)
            # The watcher sees the table itself: both holes, and every hand as everyone sees it.
            for text in ("Hole 1", "Hole 2", "Blue holds 4 unseen", "Yellow holds 4 unseen"):
                assert text in watcher.text
            # No card of any hand is named to the watcher, but a copy in the open (a deck's top, face up).
            (save,) = (tmp_path / "tables" / "duo").glob("*.exosave")
            state = load(save).final
            in_the_open = {deck[0] for deck in state.decks if deck}
            for card in {card for hand in state.hands for card in hand} - in_the_open:
                assert label(card) not in watcher.text
            assert "Hand (Blue)" not in watcher.text and "Hand (Yellow)" not in watcher.text
            # Bob drops out and comes back: his seat waited for his key.
            await bob.close()
            bob = await Terminal.open(server, bob_key, command="table duo")
            await bob.wait_for("Hand (Yellow)")
            for terminal in (alice, bob, watcher):
                await terminal.close()

    asyncio.run(scenario())


def near_the_end(seed: int, left: int) -> tuple[games.Game, list[object]]:
    """The actions of a random ExoFauna game but its last `left` decisions."""
    game = games.get("exofauna")
    rng = random.Random(seed)
    state, actions = game.new_game(seed, 2, None), []
    while game.current_player(state) is not None:
        action = rng.choice(game.legal_actions(state))
        actions.append(action)
        state = game.apply(state, action)
    return game, actions[:-left]


def table_on_disk(data: Path, name: str, keys: Sequence[asyncssh.SSHKey], actions: Sequence[object]) -> Path:
    """A table in progress as a server leaves it: its save, and the seating that gives each key its seat."""
    directory = data / "tables" / name
    directory.mkdir(parents=True)
    path = directory / "exofauna-test.exosave"
    seats = [Seat("Blue (alice)", "human"), Seat("Yellow (bob)", "human")]
    record = GameRecord.new(path, games.get("exofauna"), 5, seats)
    record.save()
    for action in actions:
        record.append(action)
    seating = Seating(
        str(path),
        [key.get_fingerprint("sha256") for key in keys],
        ["alice", "bob"],
        [str(saves_of(data, key)) for key in keys],
    )
    (directory / "seating.json").write_bytes(msgspec.json.encode(seating))
    # The record (and with it the game's one-writer lock) goes as this function returns.
    return path


STATUSES = ("Your decision.", "Sent…", "Waiting for", "is thinking…", "The game is over.")


def last_status(text: str) -> str:
    """Which of the table app's status lines was drawn last in `text` ("" before any)."""
    drawn = [status for status in STATUSES if status in text]
    return max(drawn, key=text.rfind) if drawn else ""


def test_two_people_play_a_table_to_the_end_and_both_keep_the_game(tmp_path):
    alice, bob = new_key(), new_key()
    _, actions = near_the_end(seed=5, left=4)
    path = table_on_disk(tmp_path, "final", (alice, bob), actions)

    async def scenario() -> None:
        async with running(tmp_path) as server:
            people = [await Terminal.open(server, key, command="table final") for key in (alice, bob)]
            for person in people:
                await person.wait_for("Hand (")
            deadline = time.monotonic() + 2 * PATIENCE
            pressed = [0.0 for _ in people]
            # Whoever is asked decides: the first card or answer offered, and Enter. Asked is what the status line
            # said last; asked again within one frame of "Sent…" draws nothing new, so a second press follows after
            # a while with nothing else said.
            while not all("Leave the table" in person.text for person in people):
                assert time.monotonic() < deadline, "the game did not end"
                for index, person in enumerate(people):
                    if last_status(person.text) == "Your decision." and time.monotonic() - pressed[index] > 1.0:
                        await person.keys("1")
                        await person.keys("\r")
                        pressed[index] = time.monotonic()
                await asyncio.sleep(0.2)
            assert "wins" in people[0].text or "You win!" in people[0].text or "A draw" in people[0].text
            for person in people:
                await person.close()

    asyncio.run(scenario())
    assert not path.exists()
    for key in (alice, bob):
        (saved,) = saves_of(tmp_path, key).glob("table-final-*.exosave")
        replay = load(saved)
        assert replay.header.finished
        assert list(replay.actions[: len(actions)]) == actions


def test_the_public_view_hides_every_hand_and_changes_nothing_of_a_game_without_secrets():
    game = games.get("exofauna")
    state = game.new_game(3, 2, None)
    public = public_view(game, state, 2)
    for seat in (0, 1):
        assert public == game.view(public, seat)
        assert all(card < 0 for card in public.hands[seat])
    exo2 = games.get("exo2")
    state = exo2.new_game(3, 3, None)
    assert public_view(exo2, state, 3) == exo2.view(state, 0)


class Person:
    """A table app reduced to its messages: joins, then reads what the table says."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def join(cls, socket: Path, identity: str, saves: Path) -> Person:
        reader, writer = await asyncio.open_unix_connection(str(socket))
        await wire.send(writer, wire.Join(identity, identity, str(saves)))
        return cls(reader, writer)

    async def next(self, kind: type) -> object:
        """The next message of `kind`, skipping the others."""
        while not isinstance(
            message := await asyncio.wait_for(wire.receive(self.reader, wire.PERSON_DECODER), 30), kind
        ):
            pass
        return message


@contextlib.asynccontextmanager
async def table_served(tmp_path: Path) -> AsyncIterator[Path]:
    table = Table("direct", tmp_path / "table")
    (tmp_path / "table").mkdir()
    socket = tmp_path / "t.sock"
    server = await asyncio.start_unix_server(table.serve, path=str(socket))
    async with server:
        yield socket


def test_the_table_refuses_a_seat_that_sees_every_card_and_decisions_out_of_turn_or_illegal(tmp_path):
    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            alice = await Person.join(socket, "alice", tmp_path / "alice")
            await alice.next(wire.Choose)
            await wire.send(alice.writer, wire.Setup("exofauna", ["human", "cheat:normal"], None))
            refused = await alice.next(wire.Refused)
            assert "sees every card" in refused.text
            await alice.next(wire.Choose)
            await wire.send(alice.writer, wire.Setup("exofauna", ["human", "human"], None))
            lobby = await alice.next(wire.Lobby)
            assert lobby.can_fill and "Waiting for 1 more…" in lobby.lines[-2]
            bob = await Person.join(socket, "bob", tmp_path / "bob")
            shown = await bob.next(wire.Show)
            assert shown.viewer == 1 and shown.deciding == 0 and shown.status.startswith("Waiting for Blue")
            game = games.get("exofauna")
            view = msgspec.msgpack.decode(shown.view, type=game.state_type)
            # Bob's view: Alice's hand is hidden from him.
            assert all(card < 0 for card in view.hands[0])
            await wire.send(bob.writer, wire.Decide(b""))
            assert (await bob.next(wire.Refused)).text == "It is not your decision."
            await wire.send(alice.writer, wire.Decide(b"\x93\x01\x02\x03"))
            assert (await alice.next(wire.Refused)).text == "That decision is not legal here."
            for person in (alice, bob):
                person.writer.close()

    asyncio.run(scenario())


def test_a_seated_person_fills_the_open_seats_with_the_ai_and_the_game_starts(tmp_path):
    async def scenario() -> None:
        async with table_served(tmp_path) as socket:
            alice = await Person.join(socket, "alice", tmp_path / "alice")
            await alice.next(wire.Choose)
            await wire.send(alice.writer, wire.Setup("exo2", ["human", "human", "human"], None))
            await alice.next(wire.Lobby)
            await wire.send(alice.writer, wire.Fill("easy"))
            shown = await alice.next(wire.Show)
            assert [label.split(": ")[1] for label in shown.labels] == ["alice", "AI easy", "AI easy"]
            assert shown.viewer == 0 and shown.status == "Your decision."
            watcher = await Person.join(socket, "carol", tmp_path / "carol")
            watched = await watcher.next(wire.Show)
            # A game without hidden information is watched on its board: the public view is the whole table.
            assert watched.viewer is None and watched.view
            for person in (alice, watcher):
                person.writer.close()

    asyncio.run(scenario())

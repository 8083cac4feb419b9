"""A real SSH client (asyncssh's) against a real `exotui serve` on localhost, for tests/serve/; and a table
served in the test's own event loop, for tests that talk to it as a table app does.

`running(tmp_path)` starts the server in the test's event loop on a free port; `Terminal` is one client's session,
keeping everything the server sent and waiting for text to appear on it. `table_served` serves one `Table` on a Unix
socket; `Person` joins it and reads its messages; `table_on_disk` leaves a game in progress where a table resumes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import random
import re
import time
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import Any

import asyncssh
import msgspec

from exotui import games
from exotui.engine.records import BadSave, GameRecord, Seat, read_header
from exotui.serve import wire
from exotui.serve.server import ServeOptions, Server
from exotui.serve.table import Seating, Table

# Seconds to wait for a screen; generous, for a loaded 2-core machine (each app takes a second or two to start).
PATIENCE = 60.0
# Escape sequences (colours, cursor moves) between the characters drawn.
_ESCAPES = re.compile(rb"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78M])")


@contextlib.asynccontextmanager
async def running(data: Path, **options: Any) -> AsyncIterator[Server]:
    server = Server(ServeOptions(data=data, port=0, **options))
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


def new_key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


def saves_of(data: Path, key: asyncssh.SSHKey) -> Path:
    return data / "players" / hashlib.sha256(key.public_data).hexdigest()


def actions_saved(directory: Path) -> int:
    """Actions in the one save of `directory`, or -1 when there is none yet."""
    for path in directory.glob("*.exosave"):
        try:
            return read_header(path).actions
        except BadSave:
            return -1
    return -1


async def eventually(condition: Callable[[], bool], seconds: float = PATIENCE, what: str = "") -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out {what}"
        await asyncio.sleep(0.05)


async def connect(server: Server, key: asyncssh.SSHKey | None = None) -> asyncssh.SSHClientConnection:
    """Connect with `key`, or as a guest (keyboard-interactive, no prompt) without one."""
    return await asyncssh.connect(
        "127.0.0.1",
        server.port,
        username="player",
        known_hosts=None,
        client_keys=[key] if key is not None else None,
        # A keyless asyncssh client offers keyboard-interactive only when it has a password to answer with.
        password=None if key is not None else "",
        agent_path=None,
    )


class Terminal:
    """One SSH session as a player's terminal sees it."""

    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.conn = conn
        self.process = process
        self.output = bytearray()
        self._seen = 0
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(
        cls,
        server: Server,
        key: asyncssh.SSHKey | None = None,
        command: str | None = None,
        size: tuple[int, int] = (80, 24),
        pty: bool = True,
    ) -> Terminal:
        """A session of a new connection (`connect`): the app, or `command`; with a terminal unless `pty` is off."""
        conn = await connect(server, key)
        terminal = {"term_type": "xterm-256color", "term_size": size} if pty else {}
        process = await conn.create_process(command, encoding=None, **terminal)
        return cls(conn, process)

    async def _read(self) -> None:
        with contextlib.suppress(asyncssh.Error, OSError):
            while data := await self.process.stdout.read(65536):
                self.output += data

    @property
    def text(self) -> str:
        """Everything shown so far, without escape sequences."""
        return _ESCAPES.sub(b"", bytes(self.output)).decode(errors="replace")

    def fresh(self) -> str:
        """What was shown since the last `wait_for` found its text."""
        return _ESCAPES.sub(b"", bytes(self.output[self._seen :])).decode(errors="replace")

    async def wait_for(self, text: str, seconds: float = PATIENCE) -> None:
        """Until `text` is drawn (after what earlier waits found)."""
        await eventually(lambda: text in self.fresh(), seconds, f"waiting for {text!r}; shown: {self.fresh()[-400:]!r}")
        self._seen = len(self.output)

    async def keys(self, keys: str, pause: float = 0.3) -> None:
        self.process.stdin.write(keys.encode())
        await asyncio.sleep(pause)

    async def closed(self, seconds: float = PATIENCE) -> int | None:
        """The exit status, once the server ends the session."""
        await asyncio.wait_for(self.process.wait_closed(), seconds)
        await self._reader
        return self.process.exit_status

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()
        self._reader.cancel()


# ---------------------------------------------------------------------------------------------------------------
# A table without SSH


@contextlib.asynccontextmanager
async def table_served(data: Path, name: str = "direct", **options: Any) -> AsyncIterator[Path]:
    """The socket of table `name`, served from DATA/tables/NAME (a game left there by `table_on_disk` resumes);
    `options` go to `Table` (port, takeover_after)."""
    directory = data / "tables" / name
    directory.mkdir(parents=True, exist_ok=True)
    table = Table(name, directory, **options)
    socket = data / f"{name}.sock"
    server = await asyncio.start_unix_server(table.serve, path=str(socket))
    async with server:
        yield socket


class Person:
    """A table app reduced to its messages: joins, then reads what the table says."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        # The End that `play_to_the_end` read.
        self.end: wire.End | None = None

    @classmethod
    async def join(cls, socket: Path, identity: str, saves: Path, token: str = "", guest: bool = False) -> Person:
        reader, writer = await asyncio.open_unix_connection(str(socket))
        await wire.send(writer, wire.Join(identity, identity, str(saves), token, guest))
        return cls(reader, writer)

    async def receive(self) -> object:
        return await asyncio.wait_for(wire.receive(self.reader, wire.PERSON_DECODER), 30)

    async def next(self, kind: type) -> Any:
        """The next message of `kind`, skipping the others."""
        while not isinstance(message := await self.receive(), kind):
            pass
        return message

    async def send(self, message: msgspec.Struct) -> None:
        await wire.send(self.writer, message)

    async def play_to_the_end(self, seed: int) -> list[wire.Show]:
        """Every Show until the End (kept as `end`), deciding at random among the legal actions whenever it is this
        seat's turn, and going on at once from a position the table keeps on show (Raging Rodents' scores)."""
        shows: list[wire.Show] = []
        chooser = random.Random(seed)
        while not isinstance(message := await self.receive(), wire.End):
            if isinstance(message, wire.Show):
                shows.append(message)
                if message.viewer is not None and message.interludes and not message.whole:
                    await self.send(wire.GoneOn())
                if message.viewer is not None and message.deciding == message.viewer and not message.held:
                    game = games.get(message.game)
                    view = msgspec.msgpack.decode(message.view, type=game.state_type)
                    action = chooser.choice(game.legal_actions(view))
                    await self.send(wire.Decide(msgspec.msgpack.encode(action)))
        self.end = message
        return shows

    def leave(self) -> None:
        self.writer.close()


def near_the_end(seed: int, left: int, game_id: str = "exofauna") -> list[object]:
    """The actions of a random two-player game (ExoFauna unless told) but its last `left` decisions."""
    game = games.get(game_id)
    chooser = random.Random(seed)
    state, actions = game.new_game(seed, 2, None), []
    while game.current_player(state) is not None:
        action = chooser.choice(game.legal_actions(state))
        actions.append(action)
        state = game.apply(state, action)
    return actions[:-left]


def table_on_disk(
    data: Path,
    name: str,
    holders: Sequence[str | None],
    saves: Sequence[Path],
    actions: Sequence[object],
    game_id: str = "exofauna",
    kinds: Sequence[str] = (),
    names: Sequence[str] = ("alice", "bob"),
) -> Path:
    """A table of two in progress (ExoFauna unless told) as a server leaves it, seed 5: its save, and the seating that
    gives each identity in `holders` its seat (Blue, then Yellow), its name as the others see it (`names`) and its
    saves directory. `kinds` (say "random", "human"), where given, are who plays each seat, a computer's holder being
    None."""
    directory = data / "tables" / name
    directory.mkdir(parents=True)
    path = directory / f"{game_id}-test.exosave"
    seats = [Seat("Blue (alice)", "human"), Seat("Yellow (bob)", "human")]
    record = GameRecord.new(path, games.get(game_id), 5, seats)
    record.save()
    for action in actions:
        record.append(action)
    seating = Seating(str(path), list(holders), list(names), [str(directory) for directory in saves], kinds=list(kinds))
    # The players' saves directories exist, as the server makes each as its session starts.
    for player in saves:
        player.mkdir(parents=True, exist_ok=True)
    (directory / "seating.json").write_bytes(msgspec.json.encode(seating))
    # The record (and with it the game's one-writer lock) goes as this function returns.
    return path

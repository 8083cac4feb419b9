"""A real SSH client (asyncssh's) against a real `exotui serve` on localhost, for tests/test_serve*.py.

`running(tmp_path)` starts the server in the test's event loop on a free port; `Terminal` is one client's session,
keeping everything the server sent and waiting for text to appear on it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import re
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import asyncssh

from exotui.engine.records import BadSave, read_header
from exotui.serve.server import ServeOptions, Server

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

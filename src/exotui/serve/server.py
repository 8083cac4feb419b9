"""The SSH server: who connects (identity.py), what each session runs (the app on its own terminal, pty.py), and
the limits that keep one session from harming another.

A session runs exactly one program: the app (`ssh HOST`) or a table's app (`ssh -t HOST table NAME`). No shell,
no other command, no forwarding, no file transfer. Keys go to that session's program only.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import asyncssh
import platformdirs

from exotui.serve.identity import (
    Identity,
    ServeError,
    forget_all_guests,
    forget_guest,
    guest_identity,
    host_key,
    key_identity,
    private_dir,
)
from exotui.serve.pty import PtyProcess

# The only command a client may ask for besides the app itself.
TABLE_COMMAND: Final = re.compile(r"table ([A-Za-z0-9_-]{1,32})")
# A terminal type is passed to the app only if it looks like one (it ends up in the app's environment).
TERM_NAME: Final = re.compile(r"[A-Za-z0-9._+-]{1,64}")
# A user name shown to the others at a table only if it is a plain word.
PLAYER_NAME: Final = re.compile(r"[A-Za-z0-9_.-]{1,16}")
DEFAULT_TERM: Final = "xterm-256color"
# Seconds a client has to log in.
LOGIN_TIMEOUT: Final = 30
# Seconds between keepalives, and how many unanswered ones end a connection whose client vanished.
KEEPALIVE_INTERVAL: Final = 30
KEEPALIVE_COUNT: Final = 3
# Seconds a client may leave the app's output unread before it is cut off.
STALL_TIMEOUT: Final = 60.0
# Seconds the app has to save and end on a disconnect or a stop.
HANGUP_GRACE: Final = 10.0
log = logging.getLogger("exotui.serve")
USAGE: Final = "this server runs only exotui: `ssh -t HOST` for the app, `ssh -t HOST table NAME` for a shared table"


@dataclass(frozen=True)
class ServeOptions:
    """How `exotui serve` runs; `app` is the command of one session's app (its saves directory is appended)."""

    data: Path
    host: str = "127.0.0.1"
    port: int = 2222
    host_key: Path | None = None
    max_sessions: int = 20
    idle_timeout: float = 30 * 60.0
    # Seconds a client may leave the app's output unread (its SSH window full) before it is cut off.
    stall_timeout: float = STALL_TIMEOUT
    app: Sequence[str] = (sys.executable, "-m", "exotui")


class Server:
    """The running server: its listener, the live sessions, and the clean stop."""

    def __init__(self, options: ServeOptions) -> None:
        self.options = options
        self.data = private_dir(options.data)
        self.key = host_key(options.host_key or self.data / "host_key")
        self.sessions: set[AppSession] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.tables = Tables(self.data / "tables")
        self.stopping = False
        self._acceptor: asyncssh.SSHAcceptor | None = None

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return self._acceptor.sockets[0].getsockname()[1]

    @property
    def fingerprint(self) -> str:
        return self.key.get_fingerprint("sha256")

    async def start(self) -> None:
        forget_all_guests(self.data)
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: Connection(self),
                self.options.host,
                self.options.port,
                server_host_keys=[self.key],
                login_timeout=LOGIN_TIMEOUT,
                keepalive_interval=KEEPALIVE_INTERVAL,
                keepalive_count_max=KEEPALIVE_COUNT,
                agent_forwarding=False,
                x11_forwarding=False,
                allow_scp=False,
                encoding=None,
            )
        except OSError as exc:
            raise ServeError(f"cannot listen on {self.options.host}:{self.options.port}: {exc.strerror}") from None

    def full(self) -> bool:
        return len(self.sessions) >= self.options.max_sessions

    async def command(self, identity: Identity, name: str, table: str | None) -> list[str]:
        """The program one session runs: the app saving into the identity's directory, or a table's app."""
        if table is None:
            return [*self.options.app, "--saves-dir", str(identity.saves)]
        socket = await self.tables.open(table)
        return [
            sys.executable,
            "-m",
            "exotui.serve.table_app",
            *("--socket", str(socket), "--table", table, "--identity", identity.name),
            *("--name", name, "--saves-dir", str(identity.saves)),
        ]

    def environment(self, term: str, identity: Identity) -> dict[str, str]:
        """The server's environment for a session's program, with the client's terminal type.

        HOME is the identity's own directory, and the XDG directories are left out, so whatever the app or Textual
        writes on a player's behalf (the palette's Screenshot goes to ~/Downloads) lands in that player's space,
        never in the operator's. COLUMNS and LINES are left out: Textual would take them over the terminal's real
        size, and never follow a resize.
        """
        env = {
            name: value
            for name, value in os.environ.items()
            if not name.startswith(("SSH_", "EXOTUI_", "XDG_")) and name not in ("COLUMNS", "LINES")
        }
        env["TERM"] = term
        env["HOME"] = str(identity.saves)
        return env

    async def stop(self) -> None:
        """Stop taking connections, end every session as a disconnect would (each app saves), then return."""
        self.stopping = True
        if self._acceptor is not None:
            self._acceptor.close()
        await asyncio.gather(*(session.end("the server is stopping") for session in list(self.sessions)))
        await self.tables.stop()
        # Connections left (one still logging in, a client slow to go): closed, so none can hold the stop.
        for conn in list(self.connections):
            conn.close()
        if self._acceptor is not None:
            await self._acceptor.wait_closed()


class Tables:
    """The tables being played: one process each (table.py), started by the first arrival, ending with the last."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        # Unix socket paths are short (108 bytes): the sockets live in a private temporary directory, made when the
        # first table opens.
        self._sockets: Path | None = None
        self.running: dict[str, asyncio.subprocess.Process] = {}
        self._starting = asyncio.Lock()

    async def open(self, name: str) -> Path:
        """The socket of table `name`, its process started if it is not running."""
        if self._sockets is None:
            self._sockets = Path(tempfile.mkdtemp(prefix="exotui-tables-"))
        socket = self._sockets / f"{name}.sock"
        # Two people arriving at once must not start two processes for one table.
        async with self._starting:
            process = self.running.get(name)
            if process is None or process.returncode is not None:
                await self._start(name, socket)
        return socket

    async def _start(self, name: str, socket: Path) -> None:
        directory = private_dir(self.directory / name)
        socket.unlink(missing_ok=True)
        # The table's errors, for the operator.
        with open(directory / "table.log", "ab") as log:
            self.running[name] = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "exotui.serve.table",
                *(name, str(directory), str(socket)),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )

    async def stop(self) -> None:
        """End every table (each action is saved already; a game in progress resumes when its players return)."""
        for process in self.running.values():
            if process.returncode is None:
                process.terminate()
        for process in self.running.values():
            await process.wait()
        if self._sockets is not None:
            shutil.rmtree(self._sockets, ignore_errors=True)


class Connection(asyncssh.SSHServer):
    """One client connection: authentication decides its identity; it may open one session."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.key: asyncssh.SSHKey | None = None
        self.identity: Identity | None = None
        self.username = ""
        self.opened = False
        self.conn: asyncssh.SSHServerConnection | None = None

    def begin_auth(self, username: str) -> bool:
        # Always authenticate, so a client with keys offers them; keyboard-interactive lets a keyless one in.
        self.username = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Any key is welcome; asyncssh then checks the client holds its private half. The last key validated is
        # the one whose signature completes the login.
        self.key = key
        return True

    def kbdint_auth_supported(self) -> bool:
        return True

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        # No prompt: a client without (accepted) keys comes in at once, as a guest.
        self.key = None
        return True

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.server.connections.add(conn)

    def auth_completed(self) -> None:
        data = self.server.data
        self.identity = key_identity(data, self.key) if self.key is not None else guest_identity(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.server.connections.discard(self.conn)
        # A guest whose connection never opened a session leaves nothing behind.
        if self.identity is not None and not self.opened:
            forget_guest(self.identity)

    def session_requested(self) -> AppSession | bool:
        if self.opened or self.identity is None:
            return False
        self.opened = True
        return AppSession(self.server, self.identity, display_name(self.username, self.identity))


def display_name(username: str, identity: Identity) -> str:
    """How others at a table see this player: the SSH user name if it is a plain word, and a few characters of the
    key's fingerprint, so two players cannot pass for each other."""
    word = username if PLAYER_NAME.fullmatch(username) else "player"
    return f"{word} #{identity.short[:4]}" if not identity.guest else f"{word} (guest)"


class AppSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session: the app on a terminal of its own, bridged to the client's channel."""

    def __init__(self, server: Server, identity: Identity, name: str) -> None:
        self.server = server
        self.identity = identity
        self.name = name
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.term: str | None = None
        self.size = (80, 24)
        self.command: str | None = None
        self.program: PtyProcess | None = None
        self.farewell: str | None = None
        self.done = asyncio.get_running_loop().create_future()
        self._idle: asyncio.TimerHandle | None = None
        self._stall: asyncio.TimerHandle | None = None
        self.ending = False

    # ---------------------------------------------------------------------------------------------------------
    # What the client asks for

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self.term = term_type if TERM_NAME.fullmatch(term_type or "") else DEFAULT_TERM
        if term_size[0] > 0 and term_size[1] > 0:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        # Accepted here and checked in session_started, so a refusal can say why.
        self.command = command
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def break_received(self, msec: int) -> bool:
        return False

    def signal_received(self, signal: str) -> None:
        """Clients do not signal the app."""

    def session_started(self) -> None:
        table = None
        if self.command is not None:
            match = TABLE_COMMAND.fullmatch(self.command.strip())
            if match is None:
                self.refuse(USAGE)
                return
            table = match.group(1)
        if self.term is None:
            self.refuse("exotui needs a terminal: connect with `ssh -t`")
        elif self.server.stopping:
            self.refuse("the server is stopping; try again in a minute")
        elif self.server.full():
            count = self.server.options.max_sessions
            self.refuse(f"the server is full ({count} players); try again in a few minutes")
        else:
            self.server.sessions.add(self)
            asyncio.get_running_loop().create_task(self.run(table))

    def refuse(self, why: str) -> None:
        assert self.chan is not None
        self.chan.write(f"exotui: {why}\r\n".encode())
        self.chan.exit(1)
        self._finished()

    # ---------------------------------------------------------------------------------------------------------
    # The app

    async def run(self, table: str | None) -> None:
        self.program = PtyProcess(self._output, self._exited, self._input_full)
        try:
            argv = await self.server.command(self.identity, self.name, table)
            env = self.server.environment(self.term or DEFAULT_TERM, self.identity)
            await self.program.start(argv, env, self.identity.saves, *self.size)
        except (OSError, ServeError) as exc:
            log.warning("session of %s cannot start: %s", self.identity.name, exc)
            self.server.sessions.discard(self)
            self.refuse(f"cannot start: {exc}")
            return
        log.info("session of %s started: %s", self.identity.name, f"table {table}" if table else "the app")
        self._touch()
        if self.ending:
            # The client left, or the server began stopping, while the app was starting.
            await self.program.hangup(HANGUP_GRACE)

    def _output(self, data: bytes) -> None:
        if self.chan is not None:
            # A channel closing under us (the client just left) takes no more: connection_lost follows.
            with contextlib.suppress(BrokenPipeError, asyncssh.Error):
                self.chan.write(data)

    def _input_full(self, full: bool) -> None:
        if self.chan is not None:
            (self.chan.pause_reading if full else self.chan.resume_reading)()

    def _exited(self, code: int) -> None:
        log.info("session of %s ended: %s", self.identity.name, self.farewell or f"the app exited ({code})")
        if self.chan is not None:
            with contextlib.suppress(BrokenPipeError, asyncssh.Error):
                if self.farewell:
                    self.chan.write(f"\r\nexotui: {self.farewell}\r\n".encode())
                self.chan.exit(max(code, 0))
        self._finished()

    def _finished(self) -> None:
        self.server.sessions.discard(self)
        for timer in (self._idle, self._stall):
            if timer is not None:
                timer.cancel()
        forget_guest(self.identity)
        if not self.done.done():
            self.done.set_result(None)

    async def end(self, why: str | None = None) -> None:
        """End the app as a disconnect does (it saves first), telling the client `why` if still connected."""
        self.farewell = self.farewell or why
        self.ending = True
        if self.program is not None:
            await self.program.hangup(HANGUP_GRACE)
        await self.done

    # ---------------------------------------------------------------------------------------------------------
    # Keys, sizes, and limits

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.program is not None:
            self._touch()
            self.program.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width, height)
        if self.program is not None:
            self.program.resize(width, height)

    def eof_received(self) -> bool:
        return False

    def pause_writing(self) -> None:
        if self.program is not None:
            self.program.pause_output()
            self._stall = self._later(self.server.options.stall_timeout, "the connection stopped reading")

    def resume_writing(self) -> None:
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None
        if self.program is not None:
            self.program.resume_output()

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        if self.program is not None:
            asyncio.get_running_loop().create_task(self.end())
        else:
            self._finished()

    def _touch(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
        minutes = self.server.options.idle_timeout / 60
        self._idle = self._later(self.server.options.idle_timeout, f"no key for {minutes:g} minutes; game saved")

    def _later(self, seconds: float, why: str) -> asyncio.TimerHandle:
        loop = asyncio.get_running_loop()
        return loop.call_later(seconds, lambda: loop.create_task(self.end(why)))


async def serve(options: ServeOptions, ready: Callable[[Server], None] | None = None) -> None:
    """Run the server until SIGTERM or SIGINT, then stop it cleanly (every session saves)."""
    server = Server(options)
    await server.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    try:
        if ready is not None:
            ready(server)
        await stop.wait()
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(signum)
        await server.stop()


def data_dir() -> Path:
    """Where the server keeps players' saves, tables and its key, unless --data says otherwise."""
    return platformdirs.user_data_path("exotui") / "serve"


def run(options: ServeOptions) -> int:
    """`exotui serve`: say where it listens, serve until stopped; 0 after a clean stop."""

    # One line per session started and ended, on stderr (the journal, under systemd).
    logging.basicConfig(level=logging.INFO, format="exotui serve: %(message)s", stream=sys.stderr)

    def ready(server: Server) -> None:
        print(f"exotui serve: listening on {options.host}:{server.port}, host key {server.fingerprint}", flush=True)
        print(f"  data in {server.data}; players connect with: ssh -p {server.port} -t HOST", flush=True)

    asyncio.run(serve(options, ready))
    return 0

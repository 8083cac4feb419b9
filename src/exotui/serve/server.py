"""The SSH server: who connects (identity.py), what each session runs (the app on its own terminal, pty.py), and
the limits that keep one session from harming another.

A session runs exactly one program: the app (`ssh HOST`) or a table's app (`ssh -t HOST table NAME`). No shell,
no other command, no forwarding, no file transfer. Keys go to that session's program only.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import asyncssh
import platformdirs

from exotui.engine.lock import LOCK_SUFFIX, remove_stale
from exotui.engine.records import TEMP_PATTERN
from exotui.engine.savedir import SUFFIX
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

# The only command a client may ask for besides the app itself: a table's name, and the token that gives a guest
# back their seat (shown to them at the table).
TABLE_COMMAND: Final = re.compile(r"table ([A-Za-z0-9_-]{1,32})(?: ([0-9a-f]{8,32}))?")
# A terminal type is passed to the app only if it looks like one (it ends up in the app's environment).
TERM_NAME: Final = re.compile(r"[A-Za-z0-9._+-]{1,64}")
# A user name shown to the others at a table only if it is a plain word.
PLAYER_NAME: Final = re.compile(r"[A-Za-z0-9_.-]{1,16}")
DEFAULT_TERM: Final = "xterm-256color"
# Seconds a client has from connecting until its session runs the app: a connection that logs in (or not) and
# then opens nothing is closed, and so is one whose session has ended.
LOGIN_TIMEOUT: Final = 15.0
# Connections at once without a running session (logging in, or idle after logging in); more are closed at once.
MAX_LOGINS: Final = 10
# The largest terminal the app is given, whatever the client says: more than a real screen shows (a 4K screen at a
# small font), and a 16000x16000 window would make the app draw (and send) gigabytes.
MAX_COLUMNS: Final = 500
MAX_ROWS: Final = 200
# Sessions one client address may start in a minute: an app's start costs a second of a core, so clients that
# reconnect and quit again and again would otherwise take the cores from everyone (as OpenSSH's PerSourcePenalties).
STARTS_PER_MINUTE: Final = 12
# Bytes of the app's output waiting for a slow client before the app's terminal is no longer read.
OUTPUT_LIMIT: Final = 64 * 1024
# Seconds between keepalives, and how many unanswered ones end a connection whose client vanished.
KEEPALIVE_INTERVAL: Final = 30
KEEPALIVE_COUNT: Final = 3
# Seconds a client may leave the app's output unread before it is cut off.
STALL_TIMEOUT: Final = 60.0
# Seconds the app has to save and end on a disconnect or a stop; then it is killed.
HANGUP_GRACE: Final = 5.0
# Seconds a stop waits for the sessions and tables to end beyond that, whatever happens.
STOP_PATIENCE: Final = 5.0
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
    login_timeout: float = LOGIN_TIMEOUT
    max_logins: int = MAX_LOGINS
    starts_per_minute: int = STARTS_PER_MINUTE
    app: Sequence[str] = (sys.executable, "-m", "exotui")


class Server:
    """The running server: its listener, the live sessions, and the clean stop."""

    def __init__(self, options: ServeOptions) -> None:
        self.options = options
        self.data = private_dir(options.data)
        self.key = host_key(options.host_key or self.data / "host_key")
        self.sessions: set[AppSession] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        # Connections without a running session: bounded in number and in time (`Connection`).
        self.waiting: set[Connection] = set()
        # When each client address started its sessions of the last minute, and when one over that was told so.
        self.starts: dict[str, collections.deque[float]] = {}
        self.told: dict[str, float] = {}
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
                login_timeout=self.options.login_timeout,
                keepalive_interval=KEEPALIVE_INTERVAL,
                keepalive_count_max=KEEPALIVE_COUNT,
                agent_forwarding=False,
                x11_forwarding=False,
                allow_scp=False,
                encoding=None,
            )
        except OSError as exc:
            raise ServeError(f"cannot listen on {self.options.host}:{self.options.port}: {exc.strerror}") from None
        self.tables.port = self.port

    def full(self) -> bool:
        return len(self.sessions) >= self.options.max_sessions

    def started_lately(self, address: str) -> collections.deque[float]:
        """When `address` started its sessions of the last minute."""
        now = time.monotonic()
        starts = self.starts.setdefault(address, collections.deque())
        while starts and now - starts[0] > 60.0:
            starts.popleft()
        if not starts:
            del self.starts[address]
        return starts

    def turned_away(self, address: str) -> bool:
        """Whether `address`, over its starts of the minute, was told so in that minute: its connections are closed
        at once until then."""
        told = self.told.get(address)
        if told is None or time.monotonic() - told > 60.0:
            self.told.pop(address, None)
            return False
        return len(self.started_lately(address)) >= self.options.starts_per_minute

    def may_start(self, address: str) -> bool:
        """Whether `address` may start one more session now (and count it if so)."""
        starts = self.started_lately(address)
        if len(starts) >= self.options.starts_per_minute:
            return False
        self.starts[address] = starts
        starts.append(time.monotonic())
        return True

    async def command(self, identity: Identity, name: str, table: str | None, token: str | None = None) -> list[str]:
        """The program one session runs: the app saving into the identity's directory, or a table's app.

        Every value goes as `--option=VALUE`, so a table named `--help` is a name, never an option."""
        if table is None:
            return [*self.options.app, f"--saves-dir={identity.saves}"]
        socket = await self.tables.open(table)
        return [
            sys.executable,
            "-m",
            "exotui.serve.table_app",
            *(f"--socket={socket}", f"--table={table}", f"--identity={identity.name}"),
            *(f"--name={name}", f"--saves-dir={identity.saves}"),
            *([f"--token={token}"] if token else []),
            *(["--guest"] if identity.guest else []),
        ]

    def tidy(self, identity: Identity, ended: AppSession) -> None:
        """Remove the lock files and temporary files a killed app of `identity` left in its saves, unless another
        session of that identity runs (its app may be writing). A lock is removed only once taken, as the app's own
        clean-up does (engine/lock.py), so a live holder keeps it."""
        if any(session.identity == identity for session in self.sessions if session is not ended):
            return
        with contextlib.suppress(OSError), os.scandir(identity.saves) as listing:
            for item in [item for item in listing if item.name.startswith(".") and item.is_file(follow_symlinks=False)]:
                with contextlib.suppress(OSError):
                    if TEMP_PATTERN.match(item.name):
                        os.unlink(item.path)
                    elif item.name.endswith(SUFFIX + LOCK_SUFFIX):
                        remove_stale(identity.saves / item.name[1 : -len(LOCK_SUFFIX)])

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
        if identity.guest:
            # The app tells a guest that their saves last this session only.
            env["EXOTUI_GUEST"] = "1"
        return env

    async def stop(self) -> None:
        """Stop taking connections, end every session as a disconnect would (each app saves), then return: within
        HANGUP_GRACE + STOP_PATIENCE seconds, whatever state a session is in (an app that does not end is killed,
        a session whose app never started is let go)."""
        self.stopping = True
        if self._acceptor is not None:
            self._acceptor.close()
        ending = [session.end("the server is stopping") for session in list(self.sessions)]
        try:
            await asyncio.wait_for(asyncio.gather(*ending), HANGUP_GRACE + STOP_PATIENCE)
        except TimeoutError:
            for session in list(self.sessions):
                session.abandon()
        await self.tables.stop()
        # Connections left (one still logging in, a client slow to go): closed, so none can hold the stop.
        for conn in list(self.connections):
            conn.close()
        if self._acceptor is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._acceptor.wait_closed(), STOP_PATIENCE)


class Tables:
    """The tables being played: one process each (table.py), started by the first arrival, ending with the last.

    A table's directory goes with its process unless it holds a game in progress; a table's errors go to the
    server's own log (stderr), one line each.
    """

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        # The server's port, for the lobby's "friends join with" line (set once the server listens).
        self.port = 0
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
        # "--" before the name: a table named "-x" is a name, not an option.
        process = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "exotui.serve.table", f"--port={self.port}"),
            *("--", name, str(directory), str(socket)),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
        )
        self.running[name] = process
        asyncio.get_running_loop().create_task(self._ended(name, process, directory))

    async def _ended(self, name: str, process: asyncio.subprocess.Process, directory: Path) -> None:
        await process.wait()
        async with self._starting:
            # Unless the table was opened again meanwhile, or keeps a game for its players to come back to.
            if self.running.get(name) is process and not (directory / "seating.json").exists():
                del self.running[name]
                shutil.rmtree(directory, ignore_errors=True)

    async def stop(self) -> None:
        """End every table (each action is saved already; a game in progress resumes when its players return)."""
        for process in self.running.values():
            if process.returncode is None:
                process.terminate()
        waits = [process.wait() for process in self.running.values()]
        try:
            await asyncio.wait_for(asyncio.gather(*waits), STOP_PATIENCE)
        except TimeoutError:
            for process in self.running.values():
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
        if self._sockets is not None:
            shutil.rmtree(self._sockets, ignore_errors=True)


class Connection(asyncssh.SSHServer):
    """One client connection: authentication decides its identity; it may open one session.

    Until its session runs the app, a connection is one of the server's `waiting` ones: at most `max_logins` of them
    at once (more are closed as they arrive), each for at most `login_timeout` seconds. Nothing is written to disk
    for it before its session starts (a guest's directory included).
    """

    def __init__(self, server: Server) -> None:
        self.server = server
        self.key: asyncssh.SSHKey | None = None
        self.authenticated = False
        self.username = ""
        self.opened = False
        self.conn: asyncssh.SSHServerConnection | None = None
        self.lost = False
        self._timer: asyncio.TimerHandle | None = None

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
        if len(self.server.waiting) >= self.server.options.max_logins:
            log.warning("connection refused: %d connections are already logging in", len(self.server.waiting))
            asyncio.get_running_loop().call_soon(conn.close)
            return
        if self.server.turned_away(self.address):
            # Told already: closed before the key exchange, which costs the server far more than this client.
            asyncio.get_running_loop().call_soon(conn.close)
            return
        self.wait()

    def wait(self) -> None:
        """Count this connection among those without a running session, for `login_timeout` seconds at most."""
        if self.lost:
            return
        self.server.waiting.add(self)
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(self.server.options.login_timeout, self._timed_out)

    def running(self) -> None:
        """Its session runs the app: no longer waiting."""
        self.server.waiting.discard(self)
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _timed_out(self) -> None:
        self._timer = None
        if self in self.server.waiting and self.conn is not None:
            self.server.waiting.discard(self)
            self.conn.close()

    def auth_completed(self) -> None:
        self.authenticated = True

    @property
    def address(self) -> str:
        """The client's IP address ("" if unknown)."""
        peer = self.conn.get_extra_info("peername") if self.conn is not None else None
        return str(peer[0]) if peer else ""

    def identity(self) -> Identity:
        """Who this is, their saves directory made now (a guest's is new): called once a session starts."""
        data = self.server.data
        return key_identity(data, self.key) if self.key is not None else guest_identity(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        self.running()
        if self.conn is not None:
            self.server.connections.discard(self.conn)

    def session_requested(self) -> AppSession | bool:
        if self.opened or not self.authenticated:
            return False
        self.opened = True
        return AppSession(self.server, self)


# Characters of a name tag at a table: "Yellow: " and the tag fill the side panel of a board at 80 columns (17).
NAME_TAG: Final = 9


def display_name(username: str, identity: Identity) -> str:
    """How others at a table see this player, in NAME_TAG characters: the SSH user name if it is a plain word (its
    start), and four characters of the key's fingerprint, so two players cannot pass for each other ("root#5eEx");
    a guest, who has no key, is marked "(g)" ("bob (g)")."""
    word = username if PLAYER_NAME.fullmatch(username) else "player"
    return f"{word[: NAME_TAG - 5]}#{identity.short[:4]}" if not identity.guest else f"{word[: NAME_TAG - 4]} (g)"


def window(columns: int, rows: int) -> tuple[int, int] | None:
    """The terminal size the app is given for the client's: at most MAX_COLUMNS x MAX_ROWS; None for a size the
    client left out (0) or one that is not a size."""
    if not (isinstance(columns, int) and isinstance(rows, int)) or columns <= 0 or rows <= 0:
        return None
    return min(columns, MAX_COLUMNS), min(rows, MAX_ROWS)


class AppSession(asyncssh.SSHServerSession[bytes]):
    """One SSH session: the app on a terminal of its own, bridged to the client's channel.

    Whatever fails, at whatever stage, the session ends through `_finished`, which frees its place.
    """

    def __init__(self, server: Server, connection: Connection) -> None:
        self.server = server
        self.connection = connection
        self.identity: Identity | None = None
        self.name = "player"
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

    @property
    def who(self) -> str:
        """The session's player in the server's log."""
        return self.identity.name if self.identity is not None else "a client"

    # ---------------------------------------------------------------------------------------------------------
    # What the client asks for

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan
        # The app's output waiting for a slow client is bounded: past it, the app's terminal is not read.
        chan.set_write_buffer_limits(OUTPUT_LIMIT)

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: object) -> bool:
        self.term = term_type if TERM_NAME.fullmatch(term_type or "") else DEFAULT_TERM
        self.size = window(term_size[0], term_size[1]) or self.size
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
        try:
            self._begin()
        except Exception as exc:
            # Whatever goes wrong, the place is freed and the client told.
            self.refuse(f"cannot start: {exc}")

    def _begin(self) -> None:
        table = token = None
        if self.command is not None:
            match = TABLE_COMMAND.fullmatch(self.command.strip())
            if match is None:
                self.refuse(USAGE)
                return
            table, token = match.group(1), match.group(2)
        if self.term is None:
            self.refuse("exotui needs a terminal: connect with `ssh -t`")
        elif self.server.stopping:
            self.refuse("the server is stopping; try again in a minute")
        elif self.server.full():
            count = self.server.options.max_sessions
            self.refuse(f"the server is full ({count} players); try again in a few minutes")
        elif not self.server.may_start(self.connection.address):
            self.server.told[self.connection.address] = time.monotonic()
            self.refuse("too many sessions from your address in the last minute; try again in a minute")
        else:
            self.server.sessions.add(self)
            self.identity = self.connection.identity()
            self.name = display_name(self.connection.username, self.identity)
            self.connection.running()
            asyncio.get_running_loop().create_task(self.run(table, token))

    def refuse(self, why: str) -> None:
        log.info("session of %s refused: %s", self.who, why)
        if self.chan is not None:
            with contextlib.suppress(BrokenPipeError, asyncssh.Error):
                self.chan.write(f"exotui: {why}\r\n".encode())
                self.chan.exit(1)
        self._finished()

    # ---------------------------------------------------------------------------------------------------------
    # The app

    async def run(self, table: str | None, token: str | None = None) -> None:
        assert self.identity is not None
        self.program = PtyProcess(self._output, self._exited, self._input_full)
        try:
            argv = await self.server.command(self.identity, self.name, table, token)
            env = self.server.environment(self.term or DEFAULT_TERM, self.identity)
            await self.program.start(argv, env, self.identity.saves, *self.size)
        except Exception as exc:
            # Any failure (a bad size, a table that cannot open, no process left): the place is freed.
            self.refuse(f"cannot start: {exc}")
            return
        log.info("session of %s started: %s", self.who, f"table {table}" if table else "the app")
        self._touch()
        if self.ending:
            # The client left, or the server began stopping, while the app was starting.
            await self.program.hangup(HANGUP_GRACE)

    def _output(self, data: bytes) -> None:
        if self.chan is None:
            return
        # A channel closing under us (the client just left) takes no more: connection_lost follows.
        with contextlib.suppress(BrokenPipeError, asyncssh.Error):
            self.chan.write(data)

    def _input_full(self, full: bool) -> None:
        if self.chan is not None:
            (self.chan.pause_reading if full else self.chan.resume_reading)()

    def _exited(self, code: int) -> None:
        log.info("session of %s ended: %s", self.who, self.farewell or f"the app exited ({code})")
        if code < 0 and self.identity is not None:
            # Killed: what it was writing is left behind.
            self.server.tidy(self.identity, self)
        if self.chan is not None:
            with contextlib.suppress(BrokenPipeError, asyncssh.Error):
                if self.farewell:
                    self.chan.write(f"\r\nexotui: {self.farewell}\r\n".encode())
                self.chan.exit(exit_status(code, self.farewell is not None))
        self._finished()

    def _finished(self) -> None:
        self.server.sessions.discard(self)
        for timer in (self._idle, self._stall):
            if timer is not None:
                timer.cancel()
        if self.identity is not None:
            forget_guest(self.identity)
        # The connection, its one session over, counts as waiting again: a client that stays connected is let go.
        self.connection.wait()
        if not self.done.done():
            self.done.set_result(None)

    async def end(self, why: str | None = None) -> None:
        """End the app as a disconnect does (it saves first), telling the client `why` if still connected."""
        self.farewell = self.farewell or why
        self.ending = True
        if self.program is not None and self.program.process is not None:
            await self.program.hangup(HANGUP_GRACE)
        elif self.program is None:
            # No app yet, and none coming (run was never called).
            self._finished()
        await self.done

    def abandon(self) -> None:
        """A session that did not end in time (at a stop): its app killed, its place let go."""
        if self.program is not None:
            self.program.signal(signal.SIGKILL, group=True)
        self._finished()

    # ---------------------------------------------------------------------------------------------------------
    # Keys, sizes, and limits

    def data_received(self, data: bytes, datatype: asyncssh.DataType) -> None:
        if self.program is not None:
            self._touch()
            self.program.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        size = window(width, height)
        if size is None:
            return
        self.size = size
        if self.program is not None:
            self.program.resize(*size)

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


def exit_status(code: int, ended_by_server: bool) -> int:
    """The client's exit status for the app's exit `code`: a signal's as a shell gives it (128 + its number); 0
    when the server ended the session (a stop, idleness) and the app ended as asked, on SIGHUP."""
    if ended_by_server and code in (0, 128 + signal.SIGHUP, -signal.SIGHUP):
        return 0
    return 128 - code if code < 0 else code


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

    # One line per event (a session started, ended or refused, a connection turned away), on stderr (the journal,
    # under systemd); asyncssh's own lines (about ten per connection) only for its warnings.
    logging.basicConfig(level=logging.INFO, format="exotui serve: %(message)s", stream=sys.stderr)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)

    def ready(server: Server) -> None:
        print(f"exotui serve: listening on {options.host}:{server.port}, host key {server.fingerprint}", flush=True)
        print(f"  data in {server.data}; players connect with: ssh -p {server.port} -t HOST", flush=True)

    asyncio.run(serve(options, ready))
    return 0

"""`exotui serve` against hostile clients (asyncssh's client, on 127.0.0.1 only): no window size, login, key or
signal a client sends can take a place for good, stop the server's stop, or freeze or orphan an app."""

from __future__ import annotations

import asyncio
import fcntl
import os
import signal
import struct
import sys
import termios
from pathlib import Path

import asyncssh
import pytest

from exotui.serve.identity import ServeError, host_key
from exotui.serve.pty import PtyProcess
from exotui.serve.server import MAX_COLUMNS, MAX_ROWS, Server
from serve_helpers import PATIENCE, Terminal, actions_saved, connect, eventually, new_key, running, saves_of

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform != "linux", reason="Linux pseudo-terminals and /proc")]


def pty_size(server: Server) -> tuple[int, int]:
    """(columns, rows) of the one session's terminal, as the app sees it."""
    (session,) = server.sessions
    assert session.program is not None
    rows, columns, _, _ = struct.unpack("HHHH", fcntl.ioctl(session.program._master, termios.TIOCGWINSZ, b"\0" * 8))
    return columns, rows


def test_a_window_larger_than_any_terminal_is_capped_and_never_costs_a_place(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path, max_sessions=1) as server:
            # Wider than the terminal size's 16 bits: it crashed the session's start, and its place was never freed.
            huge = await Terminal.open(server, new_key(), size=(70000, 24))
            await huge.wait_for("New game")
            assert pty_size(server) == (MAX_COLUMNS, 24)
            huge.process.change_terminal_size(16000, 16000)
            await eventually(lambda: pty_size(server) == (MAX_COLUMNS, MAX_ROWS))
            huge.process.change_terminal_size(70000, 0)
            huge.process.change_terminal_size(100, 30)
            await eventually(lambda: pty_size(server) == (100, 30))
            await huge.close()
            await eventually(lambda: not server.sessions)
            later = await Terminal.open(server, new_key())
            await later.wait_for("New game")
            await later.close()

    asyncio.run(scenario())


def test_a_session_that_fails_to_start_frees_its_place_and_the_server_still_stops(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path, max_sessions=1) as server:
            real = server.command

            async def broken(*args: object) -> list[str]:
                raise RuntimeError("no app today")

            server.command = broken  # type: ignore[method-assign]
            failed = await Terminal.open(server, new_key())
            assert await failed.closed() == 1
            assert "exotui: cannot start: no app today" in failed.text
            await failed.close()
            assert not server.sessions
            server.command = real  # type: ignore[method-assign]
            later = await Terminal.open(server, new_key())
            await later.wait_for("New game")
            # A stop ends it; the hang guard is far above the stop's own bound.
            await asyncio.wait_for(server.stop(), PATIENCE)
            assert await later.closed() == 0
            assert "exotui: the server is stopping" in later.text
            await later.close()

    asyncio.run(scenario())


def test_logins_that_open_no_session_are_bounded_in_number_and_in_time_and_leave_nothing_on_disk(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path, max_logins=3, login_timeout=2.0) as server:
            idle = [await connect(server) for _ in range(3)]
            # A fourth logging in while three wait is turned away at once.
            with pytest.raises((asyncssh.Error, OSError)):
                extra = await connect(server)
                await asyncio.wait_for(extra.wait_closed(), PATIENCE)
                raise ConnectionError("closed")
            # The three that opened no session are closed by the server, and no guest directory was made for them.
            for conn in idle:
                await asyncio.wait_for(conn.wait_closed(), PATIENCE)
            await eventually(lambda: not server.waiting)
            assert not list((tmp_path / "guests").glob("*"))
            assert not (tmp_path / "players").exists()
            # A player still gets in.
            player = await Terminal.open(server)
            await player.wait_for("New game")
            await player.close()

    asyncio.run(scenario())


def test_a_connection_kept_open_after_its_session_ended_is_let_go(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path, login_timeout=2.0) as server:
            refused = await Terminal.open(server, new_key(), command="sh")
            assert await refused.closed() == 1
            # The client does not leave: the server closes the connection.
            await asyncio.wait_for(refused.conn.wait_closed(), PATIENCE)
            assert not server.waiting

    asyncio.run(scenario())


# A program in a cooked terminal: Ctrl+Z there would stop it, were the terminal to send SIGTSTP.
ECHO_LINE = "import sys; print('ready', flush=True); print('got', repr(input()), flush=True)"


def test_ctrl_z_cannot_stop_the_app_nor_ctrl_backslash_kill_it(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path, app=(sys.executable, "-c", ECHO_LINE)) as server:
            terminal = await Terminal.open(server, new_key())
            await terminal.wait_for("ready")
            await terminal.keys("\x1a\x1c", pause=0)
            await terminal.keys("hello\r", pause=0)
            # Ctrl+Z and Ctrl+\ are characters of the line; the program was neither stopped nor killed.
            await terminal.wait_for("got '\\x1a\\x1chello'", seconds=15)
            assert await terminal.closed() == 0
            await terminal.close()

    asyncio.run(scenario())


def test_a_table_named_like_an_option_is_a_name(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path) as server:
            terminal = await Terminal.open(server, new_key(), command="table --help")
            await terminal.wait_for("Start")
            assert "usage:" not in terminal.text
            await terminal.close()

    asyncio.run(scenario())


def test_an_app_killed_gives_its_client_the_signal_s_status_and_leaves_no_lock_behind(tmp_path):
    async def scenario() -> None:
        key = new_key()
        saves = saves_of(tmp_path, key)
        async with running(tmp_path) as server:
            terminal = await Terminal.open(server, key)
            await terminal.wait_for("New game")
            await terminal.keys("\r")
            await terminal.wait_for("Start")
            await terminal.keys("\r")
            await eventually(lambda: actions_saved(saves) == 0 and bool(list(saves.glob(".*.lock"))))
            (session,) = server.sessions
            assert session.program is not None and session.program.pid is not None
            os.kill(session.program.pid, signal.SIGKILL)
            assert await terminal.closed() == 128 + signal.SIGKILL
            await terminal.close()
        # The game's lock file (and any temporary file) of the killed app is removed.
        assert [path.name for path in saves.iterdir() if path.name.startswith(".") and path.is_file()] == []

    asyncio.run(scenario())


def test_a_directory_given_as_the_host_key_is_said_to_be_one(tmp_path):
    with pytest.raises(ServeError, match=f"host key {tmp_path} is not a file"):
        host_key(tmp_path)


def children(pid: int) -> list[int]:
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def test_the_log_has_a_line_per_event_and_an_app_whose_server_is_killed_ends(tmp_path):
    async def scenario() -> None:
        server = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "exotui", "serve", "--port", "0", "--data", str(tmp_path)),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        assert server.stdout is not None and server.stderr is not None
        try:
            listening = (await asyncio.wait_for(server.stdout.readline(), PATIENCE)).decode()
            port = int(listening.split(", host key")[0].rsplit(":", 1)[1])
            address = type("Address", (), {"port": port})()
            first = await Terminal.open(address, None)  # type: ignore[arg-type]
            await first.wait_for("New game")
            await first.close()
            lines = [(await asyncio.wait_for(server.stderr.readline(), PATIENCE)).decode() for _ in range(2)]
            assert "started: the app" in lines[0] and "ended: the app exited" in lines[1]
            second = await Terminal.open(address, new_key())  # type: ignore[arg-type]
            await second.wait_for("New game")
            (app,) = children(server.pid)
            server.kill()
            await server.wait()
            # Hung up as by a disconnect: the app ends.
            await eventually(lambda: not Path(f"/proc/{app}").exists() or _zombie(app), what="for the app to end")
            await second.close()
        finally:
            if server.returncode is None:
                server.kill()
                await server.wait()
        # Nothing more than a line per event: asyncssh's own lines (about ten per connection) are left out.
        rest = (await server.stderr.read()).decode().splitlines()
        assert [line for line in rest if "started" not in line] == []

    asyncio.run(scenario())


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1].startswith("Z")
    except OSError:
        return True


def test_keys_reach_the_app_at_a_bounded_rate_after_a_burst(tmp_path):
    # A program that reads every byte at once (a raw terminal): only the server's bound can slow the keys.
    async def scenario() -> float:
        loop = asyncio.get_running_loop()
        full: list[bool] = []
        done = loop.create_future()
        bound = {"input_rate": 32 * 1024, "input_burst": 16 * 1024}
        program = PtyProcess(lambda data: None, done.set_result, full.append, **bound)
        await program.start(["sh", "-c", "stty raw -echo; exec cat > /dev/null"], dict(os.environ), tmp_path, 80, 24)
        started = loop.time()
        sent = 0
        while sent < 112 * 1024:
            if not full or not full[-1]:
                program.feed(b"x" * 4096)
                sent += 4096
            await asyncio.sleep(0.001)
        await eventually(lambda: not program._pending, what="for every key to reach the program")
        elapsed = loop.time() - started
        await program.hangup(PATIENCE)
        return elapsed

    # 16 KiB at once, then 96 KiB at 32 KiB/s: 3 s at least (a program reading as fast as it can took 0.1 s).
    assert asyncio.run(scenario()) >= 2.9


def test_an_address_starting_session_after_session_is_told_to_wait(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path, starts_per_minute=1) as server:
            first = await Terminal.open(server, new_key())
            await first.wait_for("New game")
            again = await Terminal.open(server, new_key())
            assert await again.closed() == 1
            assert "too many sessions from your address in the last minute; try again in a minute" in again.text
            await again.close()
            # Told once: its next connections in that minute are closed before the key exchange.
            with pytest.raises((asyncssh.Error, OSError)):
                await connect(server, new_key())
            await first.close()

    asyncio.run(scenario())

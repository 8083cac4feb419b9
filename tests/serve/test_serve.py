"""`exotui serve` with a real SSH client on localhost: identities, saves that follow a key, the limits, and the
commands a client may not run. Tables between people are in test_serve_tables.py."""

from __future__ import annotations

import asyncio
import os
import shutil
import stat
import sys
from types import SimpleNamespace

import asyncssh
import pytest

from exotui.cli import main
from exotui.engine.records import load
from exotui.serve.identity import ServeError, host_key, key_identity
from exotui.serve.pty import INPUT_LIMIT
from exotui.serve.server import ServeOptions, Server
from serve_helpers import PATIENCE, Terminal, actions_saved, connect, eventually, new_key, running, saves_of

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")]


async def start_game(terminal: Terminal) -> None:
    """From the title: Enter on New game, Enter on Start (you against the normal AI, you begin)."""
    await terminal.wait_for("New game")
    await terminal.keys("\r")
    await terminal.wait_for("Start")
    await terminal.keys("\r")


def test_a_key_plays_on_from_its_own_saves_after_a_disconnect_and_no_other_key_sees_them(tmp_path):
    async def scenario() -> None:
        alice, bob = new_key(), new_key()
        saves = saves_of(tmp_path, alice)
        async with running(tmp_path) as server:
            terminal = await Terminal.open(server, alice)
            await start_game(terminal)
            await eventually(lambda: actions_saved(saves) == 0)
            await terminal.wait_for("your decision")
            # Play the first card to the first free space offered.
            await terminal.keys("1")
            await terminal.keys("\r")
            await eventually(lambda: actions_saved(saves) >= 1)
            await terminal.close()
            # The dropped connection hangs the app up; it ends with the game saved, unfinished.
            await eventually(lambda: not server.sessions)
            (path,) = saves.glob("*.exosave")
            played = len(load(path).actions)
            assert played >= 1 and not load(path).header.finished

            again = await Terminal.open(server, alice)
            await again.wait_for("Continue  (ExoFauna/Duo, turn")
            await again.keys("\x1b[B")
            await again.keys("\r")
            await again.wait_for("your decision")
            await again.close()

            stranger = await Terminal.open(server, bob)
            await stranger.wait_for("(no unfinished game)")
            await stranger.close()
            await eventually(lambda: not server.sessions)
        assert list(saves.glob("*.exosave")) == [path]
        assert len(load(path).actions) >= played
        assert not list(saves_of(tmp_path, bob).glob("*.exosave"))

    asyncio.run(scenario())


def test_a_guest_plays_with_saves_that_last_the_session_only(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path) as server:
            terminal = await Terminal.open(server)
            (session,) = server.sessions
            assert session.identity.guest
            await start_game(terminal)
            await eventually(lambda: actions_saved(session.identity.saves) == 0)
            await terminal.close()
            await eventually(lambda: not server.sessions)
            assert not session.identity.saves.exists()
            assert not (tmp_path / "players").exists()

    asyncio.run(scenario())


def test_the_window_size_follows_the_client(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path) as server:
            terminal = await Terminal.open(server, new_key(), size=(100, 30))
            await terminal.wait_for("New game")
            terminal.process.change_terminal_size(70, 20)
            await terminal.wait_for("It is 70x20 now")
            terminal.process.change_terminal_size(90, 30)
            await terminal.wait_for("New game")
            await terminal.close()

    asyncio.run(scenario())


def test_a_full_server_refuses_politely_and_frees_the_place_when_a_session_ends(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path, max_sessions=1) as server:
            first = await Terminal.open(server, new_key())
            await first.wait_for("New game")
            refused = await Terminal.open(server, new_key())
            assert await refused.closed() == 1
            assert "the server is full (1 players); try again in a few minutes" in refused.text
            await refused.close()
            await first.close()
            await eventually(lambda: not server.sessions)
            later = await Terminal.open(server, new_key())
            await later.wait_for("New game")
            await later.close()

    asyncio.run(scenario())


def test_an_idle_session_is_ended_with_its_game_saved(tmp_path):
    async def scenario() -> None:
        key = new_key()
        async with running(tmp_path, idle_timeout=6.0) as server:
            terminal = await Terminal.open(server, key)
            await start_game(terminal)
            await eventually(lambda: actions_saved(saves_of(tmp_path, key)) == 0)
            await terminal.closed()
            assert "exotui: no key for 0.1 minutes; game saved" in terminal.text
            await terminal.close()
        assert actions_saved(saves_of(tmp_path, key)) == 0

    asyncio.run(scenario())


def test_a_client_that_floods_keys_and_never_reads_is_cut_off_while_another_plays_on(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path, stall_timeout=2.0) as server:
            good = await Terminal.open(server, new_key())
            await good.wait_for("New game")
            conn = await connect(server, new_key())
            # A small receive window, never read: the server's writes to it soon block.
            bad = await conn.create_process(term_type="xterm", term_size=(80, 24), encoding=None, window=4096)
            await eventually(lambda: len(server.sessions) == 2)
            for size in range(40):
                bad.change_terminal_size(80 + size % 2, 24)
                bad.stdin.write(b"\x1b[B\x1b[A" * 2000)
                await asyncio.sleep(0.05)
            await eventually(lambda: len(server.sessions) == 1)
            # Keys waiting for the app never pile up beyond the bound (the SSH channel is paused instead).
            (session,) = server.sessions
            assert session.program is not None and len(session.program._pending) <= INPUT_LIMIT
            await good.keys("\r")
            await good.wait_for("Start")
            conn.close()
            await good.close()

    asyncio.run(scenario())


def test_stopping_the_server_ends_every_session_with_its_game_saved(tmp_path):
    async def scenario() -> None:
        key = new_key()
        async with running(tmp_path) as server:
            terminal = await Terminal.open(server, key)
            await start_game(terminal)
            await eventually(lambda: actions_saved(saves_of(tmp_path, key)) == 0)
            await server.stop()
            await terminal.closed()
            assert "exotui: the server is stopping" in terminal.text
            await terminal.close()

    asyncio.run(scenario())


@pytest.mark.parametrize(
    ("command", "pty", "told"),
    [
        ("sh", True, "this server runs only exotui"),
        ("table ../../etc", True, "this server runs only exotui"),
        ("cat /etc/passwd", False, "this server runs only exotui"),
        (None, False, "exotui needs a terminal: connect with `ssh -t`"),
    ],
)
def test_no_command_but_the_app_runs(tmp_path, command, pty, told):
    async def scenario() -> None:
        async with running(tmp_path) as server:
            terminal = await Terminal.open(server, new_key(), command=command, pty=pty)
            assert await terminal.closed() == 1
            assert told in terminal.text
            assert "root:" not in terminal.text
            await terminal.close()

    asyncio.run(scenario())


def test_no_file_transfer_and_no_forwarding(tmp_path):
    async def scenario() -> None:
        async with running(tmp_path) as server:
            conn = await connect(server, new_key())
            with pytest.raises(asyncssh.Error):
                await conn.start_sftp_client()
            with pytest.raises(asyncssh.Error):
                await conn.open_connection("127.0.0.1", server.port)
            with pytest.raises(asyncssh.ChannelListenError):
                await conn.forward_remote_port("127.0.0.1", 0, "127.0.0.1", server.port)
            conn.close()
            await conn.wait_closed()

    asyncio.run(scenario())


def test_the_host_key_is_created_private_and_reused(tmp_path):
    path = tmp_path / "host_key"
    created = host_key(path)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert host_key(path).get_fingerprint() == created.get_fingerprint()
    path.chmod(0o644)
    with pytest.raises(ServeError, match="readable by others"):
        host_key(path)


def test_a_session_program_writes_only_in_its_player_s_space(tmp_path, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", "/srv/operator")
    monkeypatch.setenv("SSH_AUTH_SOCK", "/tmp/agent")
    server = Server(ServeOptions(data=tmp_path))
    identity = key_identity(tmp_path, new_key())
    env = server.environment("xterm-256color", identity)
    assert env["HOME"] == str(identity.saves) and env["TERM"] == "xterm-256color"
    assert not {"COLUMNS", "XDG_DOWNLOAD_DIR", "SSH_AUTH_SOCK"} & env.keys()
    assert stat.S_IMODE(os.stat(identity.saves).st_mode) == 0o700


def test_serve_says_in_one_line_what_is_wrong_with_its_host_key(tmp_path, capsys):
    path = tmp_path / "key"
    host_key(path)
    path.chmod(0o640)
    assert main(["serve", "--data", str(tmp_path / "data"), "--host-key", str(path), "--port", "0"]) == 2
    assert capsys.readouterr().err == f"exotui: error: host key {path} is readable by others (mode 640); chmod 600 it\n"


@pytest.mark.skipif(shutil.which("ssh") is None, reason="OpenSSH's client is not installed")
def test_openssh_reaches_the_title_with_a_key_and_as_a_guest(tmp_path):
    key = new_key()
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(key.export_private_key("openssh"))
    key_file.chmod(0o600)

    async def title_over_openssh(server: Server, options: list[str]) -> None:
        ssh = await asyncio.create_subprocess_exec(
            *("ssh", "-tt", "-F", "/dev/null", "-p", str(server.port), "-o", "StrictHostKeyChecking=no"),
            *("-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", *options, "player@127.0.0.1"),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
        )
        shown = b""
        try:
            while b"New game" not in shown:
                data = await asyncio.wait_for(ssh.stdout.read(65536), 60)
                assert data, f"ssh ended: {shown[-200:]!r}"
                shown += data
        finally:
            ssh.terminate()
            await ssh.wait()

    async def scenario() -> None:
        async with running(tmp_path / "data") as server:
            await title_over_openssh(server, ["-i", str(key_file), "-o", "IdentitiesOnly=yes"])
            await title_over_openssh(server, ["-o", "PubkeyAuthentication=no"])
            await eventually(lambda: not server.sessions)
        # The key's own directory, and no guest left behind.
        assert saves_of(tmp_path / "data", key).is_dir()
        assert [path.name for path in (tmp_path / "data" / "players").iterdir()] == [saves_of(tmp_path, key).name]
        assert not list((tmp_path / "data" / "guests").iterdir())

    asyncio.run(scenario())


def test_sigterm_to_exotui_serve_saves_every_game_and_exits_cleanly(tmp_path):
    async def scenario() -> None:
        key = new_key()
        server = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "exotui", "serve", "--port", "0", "--data", str(tmp_path)),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            listening = (await asyncio.wait_for(server.stdout.readline(), PATIENCE)).decode()
            port = int(listening.split(", host key")[0].rsplit(":", 1)[1])
            terminal = await Terminal.open(SimpleNamespace(port=port), key)
            await start_game(terminal)
            await eventually(lambda: actions_saved(saves_of(tmp_path, key)) == 0)
            server.terminate()
            assert await asyncio.wait_for(server.wait(), PATIENCE) == 0
            await terminal.closed()
            assert "exotui: the server is stopping" in terminal.text
            await terminal.close()
        finally:
            if server.returncode is None:
                server.kill()
                await server.wait()
        log = (await server.stderr.read()).decode()
        assert "started: the app" in log and "ended: the server is stopping" in log

    asyncio.run(scenario())

"""How many players one machine holds: `python -m exotui.measure.serve` (needs OpenSSH's `ssh`).

Starts `exotui serve` on localhost as a process of its own, then adds busy sessions a few at a time, each an OpenSSH
client (so the clients cost little next to the server): an AI-against-AI game set up by keys as a player would, so
an AI searches in it nearly all the time; each presses ↓ and Enter every 5 s, which start a rematch when its game
is over. After each step, one more session sitting on the title screen is timed: a key (↓ or ↑ in the menu) is sent
and the time until its redraw arrives is the key-to-screen latency. Memory per session is the proportional set
size (PSS, shared pages split between the processes sharing them) of each session's process tree. Prints one line
per step and a summary.

`python -m exotui.measure.serve --hostile 20` measures a normal player's key-to-screen latency (a session on the title,
as above) alone, then while 20 hostile guests try each attack in turn, each for as long as the samples take: a
16000x16000 window whose output they read (`window`), logins that never open a session (`logins`), 2 MiB of random
keys sent without reading a byte (`flood`), and `q`, `y`, Ctrl+Z again and again (`ctrl-z`). They are asyncssh
clients in this process, on 127.0.0.1 only.

`python -m exotui.measure.serve --table GAME` measures one table instead, with no SSH and no terminal: two people
playing random legal decisions and one spectator, over the table's own socket, for whole games. Prints the bytes the
table sent each of them and the CPU time of the run.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import statistics
import struct
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncssh
import msgspec

from exotui import games
from exotui.serve import wire
from exotui.serve.table import Table

DOWN, UP, SHIFT_TAB = "\x1b[B", "\x1b[A", "\x1b[Z"
# New game form: Blue from Human to AI normal, then Start (Yellow is AI normal already; Variant, Takebacks and
# Seed lie between Yellow and Start).
AI_AGAINST_AI = ["\r", *[SHIFT_TAB] * 5, "\r", DOWN, DOWN, "\r", *["\t"] * 5, "\r"]
# Bytes of output each client keeps, to see what is on its screen.
KEPT = 65536


class Client:
    """One player's `ssh -tt`, as a guest; its output is read all the time (and mostly dropped)."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.output = bytearray()
        self.received = asyncio.Event()
        self.task = asyncio.get_running_loop().create_task(self._read())
        self.rematches: asyncio.Task[None] | None = None
        self.reported = False

    @classmethod
    async def open(cls, port: int) -> Client:
        process = await asyncio.create_subprocess_exec(
            *("ssh", "-tt", "-F", "/dev/null", "-p", str(port), "-o", "StrictHostKeyChecking=no"),
            *("-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR", "-o", "PubkeyAuthentication=no"),
            "bench@127.0.0.1",
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL,
        )
        return cls(process)

    async def _read(self) -> None:
        assert self.process.stdout is not None
        while data := await self.process.stdout.read(65536):
            self.output += data
            del self.output[:-KEPT]
            self.received.set()

    async def until(self, text: bytes, seconds: float = 120.0) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.output:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{text!r} not shown")
            await asyncio.sleep(0.05)

    def press(self, key: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(key.encode())

    async def keys(self, keys: Sequence[str], pause: float = 0.4) -> None:
        for key in keys:
            if self.process.returncode is not None:
                return
            self.press(key)
            await asyncio.sleep(pause)

    async def latency(self) -> float:
        """Seconds from a menu key to the first byte of its redraw."""
        await asyncio.sleep(0.2)
        self.received.clear()
        started = time.perf_counter()
        self.press(DOWN if len(self.output) % 2 else UP)
        await asyncio.wait_for(self.received.wait(), 60)
        return time.perf_counter() - started

    async def close(self) -> None:
        if self.rematches is not None:
            self.rematches.cancel()
        with contextlib.suppress(ProcessLookupError):
            self.process.terminate()
        await self.process.wait()


def children(pid: int) -> list[int]:
    try:
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def tree_pss_kib(pid: int) -> int:
    """The PSS of `pid` and its descendants, in KiB."""
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            rollup = Path(f"/proc/{current}/smaps_rollup").read_text()
        except OSError:
            continue
        total += sum(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:"))
        pending.extend(children(current))
    return total


async def start_server(data: str, sessions: int, log: Path, *options: str) -> tuple[asyncio.subprocess.Process, int]:
    with open(log, "wb") as errors:
        server = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "exotui", "serve", "--port", "0", "--data", data, "--max-sessions", str(sessions)),
            *options,
            stdout=asyncio.subprocess.PIPE,
            stderr=errors,
        )
    assert server.stdout is not None
    line = (await server.stdout.readline()).decode()
    match = re.search(r":(\d+), host key", line)
    if match is None:
        raise RuntimeError(f"the server did not start: {line!r}")
    return server, int(match.group(1))


async def run(sessions: int, step: int, samples: int) -> None:
    with tempfile.TemporaryDirectory(prefix="exotui-bench-") as data:
        log = Path(tempfile.gettempdir()) / "exotui-serve-bench.log"
        # Every busy session comes from this machine's address, faster than one address may start them otherwise.
        server, port = await start_server(data, sessions + 1, log, "--starts-per-minute", str(10 * sessions + 10))
        print(f"the server's log (a line per session started and ended): {log}")
        busy: list[Client] = []
        try:
            idle = await Client.open(port)
            await idle.until(b"New game")
            print(f"exotui serve bench: {os.cpu_count()} cores; busy sessions play AI normal against AI normal")
            print("busy  alive  latency median  p95     max     load(1 min)")
            first_over: dict[str, int | None] = {"median": None, "p95": None}
            counts = [0, *range(step, sessions + 1, step)]
            if counts[-1] != sessions:
                counts.append(sessions)
            for count in counts:
                while len(busy) < count:
                    client = await Client.open(port)
                    await client.until(b"New game")
                    await client.keys(AI_AGAINST_AI)
                    client.rematches = asyncio.get_running_loop().create_task(client.keys([DOWN + "\r"] * 100_000, 5.0))
                    busy.append(client)
                # Let the new searches get going.
                await asyncio.sleep(3.0)
                times = sorted([await idle.latency() for _ in range(samples)])
                median = statistics.median(times) * 1000
                p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))] * 1000
                alive = len(children(server.pid)) - 1
                for client in busy:
                    if client.process.returncode is not None and not client.reported:
                        # A busy session that ended: its last screen says why (an app error prints its traceback).
                        client.reported = True
                        with open(log, "ab") as file:
                            file.write(b"\n--- a busy session ended; its last output:\n" + bytes(client.output[-8000:]))
                load = os.getloadavg()[0]
                print(
                    f"{count:4}  {alive:5}  {median:8.1f} ms  {p95:6.1f}  {times[-1] * 1000:6.1f}  {load:5.1f}",
                    flush=True,
                )
                for key, value in (("median", median), ("p95", p95)):
                    if value > 200 and first_over[key] is None:
                        first_over[key] = count
            pss = sorted(tree_pss_kib(pid) for pid in children(server.pid))
            print(f"memory per session (PSS of its processes): median {statistics.median(pss) / 1024:.1f} MiB,", end="")
            print(f" max {pss[-1] / 1024:.1f} MiB over {len(pss)} sessions")
            print(f"server process: {tree_pss_kib(server.pid) / 1024 - sum(pss) / 1024:.1f} MiB PSS")
            for key, first in first_over.items():
                print(f"{key} latency passes 200 ms at: {first or f'not within {sessions}'} busy sessions")
            await idle.close()
        finally:
            for client in busy:
                await client.close()
            server.terminate()
            await server.wait()


# The attacks of --hostile, in the order they are tried.
ATTACKS = ("window", "logins", "flood", "ctrl-z")
# Only ever this address: the bench attacks its own server, never another machine.
LOOPBACK = "127.0.0.1"
FLOOD_BYTES = 2 * 1024 * 1024


async def hostile_guest(attack: str, port: int, index: int) -> None:
    """One hostile guest trying `attack` on the server at LOOPBACK:`port` again and again, until cancelled."""
    while True:
        try:
            conn = await asyncssh.connect(
                LOOPBACK,
                port,
                username=f"hostile{index}",
                known_hosts=None,
                client_keys=None,
                password="",
                agent_path=None,
            )
        except (OSError, asyncssh.Error):
            # Turned away (too many logging in, the server full): try again a little later.
            await asyncio.sleep(0.5)
            continue
        try:
            if attack == "logins":
                # Logged in, and nothing more: the server closes it after its login timeout.
                await conn.wait_closed()
                continue
            size = (16000, 16000) if attack == "window" else (80, 24)
            window = 4096 if attack == "flood" else 2 * 1024 * 1024
            process = await conn.create_process(term_type="xterm", term_size=size, encoding=None, window=window)
            if attack == "flood":
                process.stdin.write(random.Random(index).randbytes(FLOOD_BYTES))
                await process.wait_closed()
                continue
            reader = asyncio.get_running_loop().create_task(_drain(process))
            try:
                while attack == "ctrl-z" and not reader.done():
                    for key in (b"q", b"y", b"\x1a"):
                        process.stdin.write(key)
                        await asyncio.sleep(0.1)
                await reader
            finally:
                reader.cancel()
        except (OSError, asyncssh.Error):
            await asyncio.sleep(0.5)
        finally:
            conn.close()


async def _drain(process: Any) -> None:
    with contextlib.suppress(Exception):
        while await process.stdout.read(65536):
            pass


async def run_hostile(count: int, samples: int) -> None:
    with tempfile.TemporaryDirectory(prefix="exotui-bench-") as data:
        log = Path(tempfile.gettempdir()) / "exotui-serve-bench.log"
        # Room for every hostile session and the normal player's: the attacks meet a server that lets them in.
        server, port = await start_server(data, count + 1, log)
        print(f"the server's log: {log}")
        print(f"exotui serve bench: {os.cpu_count()} cores; a player's key-to-screen with {count} hostile guests")
        print("attack   latency median  p95     max     load(1 min)")
        player: Client | None = None
        try:
            player = await Client.open(port)
            await player.until(b"New game")
            for attack in ("none", *ATTACKS):
                guests = [
                    asyncio.get_running_loop().create_task(hostile_guest(attack, port, index))
                    for index in range(count if attack != "none" else 0)
                ]
                # Let the attack get going (the apps of 20 sessions take a while to start).
                await asyncio.sleep(10.0 if guests else 1.0)
                times = sorted([await player.latency() for _ in range(samples)])
                for guest in guests:
                    guest.cancel()
                await asyncio.gather(*guests, return_exceptions=True)
                median = statistics.median(times) * 1000
                p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))] * 1000
                load = os.getloadavg()[0]
                print(f"{attack:7}  {median:8.1f} ms  {p95:6.1f}  {times[-1] * 1000:6.1f}  {load:5.1f}", flush=True)
                # The hostile sessions end (their apps save and exit) before the next attack.
                deadline = time.monotonic() + 60
                while len(children(server.pid)) > 1 and time.monotonic() < deadline:
                    await asyncio.sleep(0.5)
            alive = player.process.returncode is None
            print(f"the normal player's session {'played on' if alive else 'ENDED'} through every attack")
        finally:
            if player is not None:
                await player.close()
            server.terminate()
            await server.wait()


class Listener:
    """One person at a measured table: counts the bytes the table sends, and decides at random when asked."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, seed: int) -> None:
        self.reader, self.writer = reader, writer
        self.chooser = random.Random(seed)
        self.received = 0
        self.shows = 0

    async def until_the_end(self) -> None:
        while True:
            (length,) = struct.unpack(">I", await self.reader.readexactly(4))
            self.received += 4 + length
            message = wire.PERSON_DECODER.decode(await self.reader.readexactly(length))
            if isinstance(message, wire.End):
                return
            if isinstance(message, wire.Show):
                self.shows += 1
                # Going on at once from a position the table keeps on show (Raging Rodents' scores), as a person
                # pressing Enter; nobody decides until every seated person has.
                if message.viewer is not None and message.interludes and not message.whole:
                    await wire.send(self.writer, wire.GoneOn())
                if message.viewer is not None and message.deciding == message.viewer and not message.held:
                    game = games.get(message.game)
                    view = msgspec.msgpack.decode(message.view, type=game.state_type)
                    action = self.chooser.choice(game.legal_actions(view))
                    await wire.send(self.writer, wire.Decide(msgspec.msgpack.encode(action)))


async def table_game(game_id: str, seed: int, directory: Path) -> tuple[int, list[Listener]]:
    """One whole game of `game_id` at a table: its decisions, and Blue's, Yellow's and a spectator's listener."""
    table = Table("bench", directory)
    socket = directory / "bench.sock"
    server = await asyncio.start_unix_server(table.serve, path=str(socket))
    async with server:
        people = []
        for index, name in enumerate(("blue", "yellow", "spectator")):
            reader, writer = await asyncio.open_unix_connection(str(socket))
            await wire.send(writer, wire.Join(name, name, str(directory / name)))
            people.append(Listener(reader, writer, seed * 3 + index))
            if index == 0:
                # The first arrival chooses the game; the others take the seats, then watch.
                await wire.receive(reader, wire.PERSON_DECODER)
                await wire.send(writer, wire.Setup(game_id, ["human", "human"], None))
        await asyncio.gather(*(person.until_the_end() for person in people))
        assert table.session is not None
        decisions = len(table.session.actions)
        for person in people:
            person.writer.close()
        await table.done.wait()
    return decisions, people


async def run_table(game_id: str, count: int) -> None:
    print(f"exotui table bench: {game_id}, two people deciding at random and a spectator, {count} games")
    print("game  decisions  shows  bytes to Blue  to Yellow  to the spectator  bytes per show")
    started = time.process_time()
    total = 0
    for seed in range(1, count + 1):
        with tempfile.TemporaryDirectory(prefix="exotui-table-bench-") as directory:
            decisions, people = await table_game(game_id, seed, Path(directory))
        total += decisions
        blue, yellow, spectator = (person.received for person in people)
        per_show = blue / people[0].shows
        print(f"{seed:4}  {decisions:9}  {people[0].shows:5}  {blue:13}  {yellow:9}  {spectator:16}  {per_show:14.0f}")
    cpu = time.process_time() - started
    print(f"CPU time (table and people together): {cpu:.2f} s, {cpu / total * 1000:.2f} ms per decision")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m exotui.measure.serve", description=__doc__)
    parser.add_argument("--sessions", type=int, default=20, help="busy sessions at the end (default: 20)")
    parser.add_argument("--step", type=int, default=2, help="busy sessions added per step (default: 2)")
    parser.add_argument("--samples", type=int, default=20, help="keys timed per step (default: 20)")
    parser.add_argument("--table", metavar="GAME", help="measure one table of GAME instead (no SSH)")
    parser.add_argument("--games", type=int, default=3, help="whole games with --table (default: 3)")
    parser.add_argument(
        "--hostile", metavar="N", type=int, help="a player's latency while N hostile guests attack (127.0.0.1 only)"
    )
    args = parser.parse_args(argv)
    if args.hostile:
        asyncio.run(run_hostile(args.hostile, args.samples))
    elif args.table:
        asyncio.run(run_table(args.table, args.games))
    else:
        asyncio.run(run(args.sessions, args.step, args.samples))
    return 0


if __name__ == "__main__":
    sys.exit(main())

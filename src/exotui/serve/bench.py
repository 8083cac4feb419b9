"""How many players one machine holds: `python -m exotui.serve.bench`.

Starts a server on localhost, then adds busy sessions a few at a time: each one an AI-against-AI game (so an AI is
searching in it nearly all the time), set up by keys like a player would. After each step, one more session sitting
on the title screen is timed: a key (↓ or ↑ in the menu) is sent and the time until its redraw arrives is the
key-to-screen latency. Memory per session is the proportional set size (PSS, shared pages split between the
processes sharing them) of each busy session's process tree. Prints one line per step and a summary.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import asyncssh

from exotui.serve.server import ServeOptions, Server

DOWN, UP, SHIFT_TAB = "\x1b[B", "\x1b[A", "\x1b[Z"
# New game form: Blue from Human to AI normal, then Start (Yellow is AI normal already).
AI_AGAINST_AI = ["\r", *[SHIFT_TAB] * 4, "\r", DOWN, DOWN, "\r", *["\t"] * 4, "\r"]


class Client:
    def __init__(self, conn: asyncssh.SSHClientConnection, process: asyncssh.SSHClientProcess[bytes]) -> None:
        self.conn, self.process = conn, process
        self.received = asyncio.Event()
        self.output = bytearray()
        self.task = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def open(cls, port: int) -> Client:
        conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username="bench",
            known_hosts=None,
            client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
            agent_path=None,
        )
        process = await conn.create_process(term_type="xterm-256color", term_size=(80, 24), encoding=None)
        return cls(conn, process)

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.output += data
            self.received.set()

    async def until(self, text: bytes, seconds: float = 120.0) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.output:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{text!r} not shown")
            await asyncio.sleep(0.05)

    async def keys(self, keys: Sequence[str], pause: float = 0.4) -> None:
        for key in keys:
            self.process.stdin.write(key.encode())
            await asyncio.sleep(pause)

    async def latency(self) -> float:
        """Seconds from a menu key to the first byte of its redraw."""
        await asyncio.sleep(0.2)
        self.received.clear()
        started = time.perf_counter()
        self.process.stdin.write((DOWN if len(self.output) % 2 else UP).encode())
        await asyncio.wait_for(self.received.wait(), 30)
        return time.perf_counter() - started

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


def tree_pss_kib(pid: int) -> int:
    """The PSS of `pid` and its descendants, in KiB."""
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            for line in Path(f"/proc/{current}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        pending.extend(int(child) for child in children)
    return total


async def run(sessions: int, step: int, samples: int) -> None:
    with tempfile.TemporaryDirectory(prefix="exotui-bench-") as data:
        server = Server(ServeOptions(Path(data), port=0, max_sessions=sessions + 1))
        await server.start()
        busy: list[Client] = []
        try:
            idle = await Client.open(server.port)
            await idle.until(b"New game")
            print(f"exotui serve bench: {os.cpu_count()} cores; busy sessions play AI normal against AI normal")
            print("busy  latency median  p95     max     load(1 min)")
            first_over = {"median": None, "p95": None}
            counts = [0, *range(step, sessions + 1, step)]
            if counts[-1] != sessions:
                counts.append(sessions)
            for count in counts:
                while len(busy) < count:
                    client = await Client.open(server.port)
                    await client.until(b"New game")
                    await client.keys(AI_AGAINST_AI)
                    busy.append(client)
                # Let the new searches get going.
                await asyncio.sleep(3.0)
                times = sorted([await idle.latency() for _ in range(samples)])
                median = statistics.median(times) * 1000
                p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))] * 1000
                load = os.getloadavg()[0]
                print(f"{count:4}  {median:8.1f} ms  {p95:6.1f}  {times[-1] * 1000:6.1f}  {load:5.1f}", flush=True)
                for key, value in (("median", median), ("p95", p95)):
                    if value > 200 and first_over[key] is None:
                        first_over[key] = count
            pids = [session.program.pid for session in server.sessions if session.program and session.program.pid]
            pss = sorted(tree_pss_kib(pid) for pid in pids)
            print(f"memory per session (PSS of its processes): median {statistics.median(pss) / 1024:.1f} MiB, ")
            print(f"  max {pss[-1] / 1024:.1f} MiB over {len(pss)} sessions")
            for key, value in first_over.items():
                held = "all" if value is None else f"fewer than {value}"
                print(f"{key} latency passes 200 ms at: {value or 'never'} busy sessions ({held} held)")
            await idle.close()
        finally:
            for client in busy:
                await client.close()
            await server.stop()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m exotui.serve.bench", description=__doc__)
    parser.add_argument("--sessions", type=int, default=20, help="busy sessions at the end (default: 20)")
    parser.add_argument("--step", type=int, default=2, help="busy sessions added per step (default: 2)")
    parser.add_argument("--samples", type=int, default=20, help="keys timed per step (default: 20)")
    args = parser.parse_args(argv)
    asyncio.run(run(args.sessions, args.step, args.samples))
    return 0


if __name__ == "__main__":
    sys.exit(main())

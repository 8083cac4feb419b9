"""Measuring this exotui against another checkout of it, such as a git worktree of an older commit.

- `bench_compare`: `exotui bench` run by each checkout in turn, each run a fresh process on the same positions
  and seeds, interleaved, so that a change in the machine's load falls on both alike.
- `CheckoutPlayer`: a player whose decisions the other checkout's player of the same spec makes, in one
  subprocess kept for the whole arena, so an arena can pit the new AI against the old at equal time.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

import msgspec

from exotui.engine.protocol import Game

# Spec prefix of a player played by the other checkout: "compare:mcts:easy".
PREFIX = "compare:"

# Run by the other checkout's Python path: answers length-prefixed msgpack requests
# [game id, spec, seed, seat, view] with the chosen action. It uses only the oldest stable API.
_SERVER = r"""
import struct, sys
import msgspec
from exotui import games
from exotui.ai.players import make_player
players = {}
read, out = sys.stdin.buffer.read, sys.stdout.buffer
while len(head := read(4)) == 4:
    game_id, spec, seed, seat, view = msgspec.msgpack.decode(read(struct.unpack("<I", head)[0]))
    game = games.get(game_id)
    if (spec, seed) not in players:
        players[spec, seed] = make_player(spec, seed)
    action = players[spec, seed].choose(game, msgspec.msgpack.decode(view, type=game.state_type), seat)
    answer = msgspec.msgpack.encode(action)
    out.write(struct.pack("<I", len(answer)) + answer)
    out.flush()
"""


class CompareError(ValueError):
    """A checkout that cannot be compared with; the message is one line."""


def source_dir(checkout: str | os.PathLike[str]) -> Path:
    """The `src` directory of an exotui checkout, or CompareError."""
    src = Path(checkout).expanduser().resolve() / "src"
    if not (src / "exotui" / "__init__.py").is_file():
        raise CompareError(f"{checkout}: not an exotui checkout (no src/exotui/__init__.py)")
    return src


def _environment(src: Path | None) -> dict[str, str]:
    """The environment of a subprocess importing exotui from `src` (None: this exotui, as installed)."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(src), env.get("PYTHONPATH"))))
    return env


class _Server:
    """One subprocess of the other checkout answering decisions."""

    def __init__(self, src: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=_environment(src)
        )

    def ask(self, request: bytes) -> bytes:
        stdin: IO[bytes] | None = self.process.stdin
        stdout: IO[bytes] | None = self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(struct.pack("<I", len(request)) + request)
        stdin.flush()
        head = stdout.read(4)
        if len(head) < 4:
            raise CompareError(f"the compared checkout's player stopped (exit code {self.process.wait()})")
        return stdout.read(struct.unpack("<I", head)[0])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


_servers: dict[Path, _Server] = {}


class CheckoutPlayer:
    """The player of `spec` as the other checkout plays it; its view travels as msgpack, as to a worker process."""

    def __init__(self, src: Path, spec: str, seed: int) -> None:
        self.name = PREFIX + spec
        self.sees_everything = spec.startswith("cheat")
        self._spec = spec
        self._seed = seed
        if src not in _servers:
            _servers[src] = _Server(src)
        self._server = _servers[src]

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        request = msgspec.msgpack.encode([game.id, self._spec, self._seed, seat, msgspec.msgpack.encode(view)])
        return msgspec.msgpack.decode(self._server.ask(request), type=game.action_type)


def close_servers() -> None:
    """Stop every checkout subprocess (they also stop when this process ends and closes their input)."""
    while _servers:
        _servers.popitem()[1].close()


def bench_once(src: Path | None, arguments: list[str]) -> dict[str, Any]:
    """One `exotui bench --json` in a fresh process, by the checkout whose source directory is `src` (None: this
    exotui), with the 1-minute load average when it ended."""
    done = subprocess.run(
        [sys.executable, "-m", "exotui.cli", "bench", *arguments, "--json"],
        capture_output=True,
        text=True,
        env=_environment(src),
        check=False,
    )
    if done.returncode:
        problem = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise CompareError(f"bench in {src.parent if src else 'this exotui'} failed: {problem}")
    report: dict[str, Any] = json.loads(done.stdout)
    report["load"] = os.getloadavg()[0]
    return report


def bench_compare(other: Path, arguments: list[str], rounds: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """`rounds` pairs of bench runs (the other checkout's, then this one's), interleaved."""
    return [(bench_once(other, arguments), bench_once(None, arguments)) for _ in range(rounds)]

"""Measuring this exotui against another checkout of it, such as a git worktree of an older commit.

- `bench_compare`: `exotui bench`'s searches by each checkout in turn, position by position, on the same
  positions and seeds, so that a change in the machine's load falls on both alike.
- `CheckoutPlayer`: a player whose decisions the other checkout's player of the same spec makes, in one
  subprocess kept for the whole arena, so an arena can pit the new AI against the old at equal time.
"""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

import msgspec

from exotui.ai.players import Player, make_player
from exotui.engine.protocol import Game

# Spec prefix of a player played by the other checkout: "compare:mcts:easy".
PREFIX = "compare:"

# Run with a checkout's Python path: answers length-prefixed msgpack requests, using only APIs older than this
# module. ["decide", game id, spec, seed, seat, view] -> the action; ["search", game id, spec, positions, seed,
# variant, index] -> [iterations, playouts, seconds, CPU seconds] of `exotui bench`'s search of that position.
_SERVER = r"""
import struct, sys, time
import msgspec
from exotui import games
from exotui.ai.players import make_player
try:
    from exotui.measure.arena import sample_positions
except ImportError:  # a checkout from before the measuring tools left exotui.ai
    from exotui.ai.measure import sample_positions
players, positions = {}, {}
read, out = sys.stdin.buffer.read, sys.stdout.buffer
while len(head := read(4)) == 4:
    kind, game_id, spec, *rest = msgspec.msgpack.decode(read(struct.unpack("<I", head)[0]))
    game = games.get(game_id)
    if kind == "decide":
        seed, seat, view = rest
        if (spec, seed) not in players:
            players[spec, seed] = make_player(spec, seed)
        answer = players[spec, seed].choose(game, msgspec.msgpack.decode(view, type=game.state_type), seat)
    else:
        count, seed, variant, index = rest
        if (game_id, count, seed, variant) not in positions:
            positions[game_id, count, seed, variant] = sample_positions(game, count, seed, variant)
        state, seat = positions[game_id, count, seed, variant][index]
        player = make_player(spec, seed + index)
        cpu = time.process_time()
        result = player.decide(game, state if player.sees_everything else game.view(state, seat), seat)
        answer = [result.iterations, result.playouts, result.elapsed, time.process_time() - cpu]
    answer = msgspec.msgpack.encode(answer)
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
    """One subprocess of a checkout answering requests."""

    def __init__(self, src: Path | None) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", _SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=_environment(src)
        )

    def ask(self, request: list[Any]) -> bytes:
        stdin: IO[bytes] | None = self.process.stdin
        stdout: IO[bytes] | None = self.process.stdout
        assert stdin is not None and stdout is not None
        data = msgspec.msgpack.encode(request)
        stdin.write(struct.pack("<I", len(data)) + data)
        stdin.flush()
        head = stdout.read(4)
        if len(head) < 4:
            raise CompareError(f"an exotui subprocess stopped (exit code {self.process.wait()})")
        return stdout.read(struct.unpack("<I", head)[0])

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


_servers: dict[Path | None, _Server] = {}


def _server(src: Path | None) -> _Server:
    if src not in _servers:
        _servers[src] = _Server(src)
    return _servers[src]


class CheckoutPlayer:
    """The player of `spec` as the other checkout plays it; its view travels as msgpack, as to a worker process."""

    def __init__(self, src: Path, spec: str, seed: int) -> None:
        self.name = PREFIX + spec
        self.sees_everything = spec.startswith("cheat")
        self._spec = spec
        self._seed = seed
        self._server = _server(src)

    def choose(self, game: Game, view: Any, seat: int) -> Any:
        request = ["decide", game.id, self._spec, self._seed, seat, msgspec.msgpack.encode(view)]
        return msgspec.msgpack.decode(self._server.ask(request), type=game.action_type)


class CheckoutMaker:
    """`make_player`, and for `compare:SPEC` the other checkout's player of SPEC: an arena's `make`.

    Picklable, so an arena's worker processes can make players too: each worker starts its own subprocess of the
    other checkout, which stops when the worker does.
    """

    def __init__(self, src: Path) -> None:
        self.src = src

    def __call__(self, spec: str, seed: int) -> Player:
        if spec.startswith(PREFIX):
            return CheckoutPlayer(self.src, spec.removeprefix(PREFIX), seed)
        return make_player(spec, seed)


def close_servers() -> None:
    """Stop every checkout subprocess (they also stop when this process ends and closes their input)."""
    while _servers:
        _servers.popitem()[1].close()


class BenchSide(msgspec.Struct):
    """One side's totals over the searches of a compared bench."""

    iterations: int = 0
    playouts: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0

    @property
    def per_cpu_second(self) -> float:
        return self.iterations / self.cpu_seconds if self.cpu_seconds else 0.0


def total(sides: Iterable[BenchSide]) -> BenchSide:
    """The sum of several rounds' totals of one side."""
    out = BenchSide()
    for side in sides:
        out.iterations += side.iterations
        out.playouts += side.playouts
        out.seconds += side.seconds
        out.cpu_seconds += side.cpu_seconds
    return out


class BenchRound(msgspec.Struct):
    compared: BenchSide
    this: BenchSide
    # The 1-minute load average at the end of the round.
    load: float


def bench_compare(
    other: Path, game: Game, spec: str, positions: int, seed: int, variant: str | None, rounds: int
) -> list[BenchRound]:
    """`exotui bench`'s searches by the other checkout and by this one, alternating position by position.

    Each side runs in a subprocess of its own, on the same positions with the same seeds; taking turns at every
    search makes a change in the machine's load fall on both alike, and each side also reports the CPU time its
    searches took, which the load hardly changes.
    """
    sides = (_server(other), _server(None))
    results = []
    for _ in range(rounds):
        totals = (BenchSide(), BenchSide())
        for index in range(positions):
            for server, total in zip(sides, totals, strict=True):
                answer = server.ask(["search", game.id, spec, positions, seed, variant, index])
                iterations, playouts, seconds, cpu = msgspec.msgpack.decode(answer)
                total.iterations += iterations
                total.playouts += playouts
                total.seconds += seconds
                total.cpu_seconds += cpu
        results.append(BenchRound(totals[0], totals[1], os.getloadavg()[0]))
    return results

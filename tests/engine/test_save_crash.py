"""A process killed with SIGKILL at any instant of autosaving leaves a save that loads: the old one or the new one."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from exotui.engine.records import HUMAN, GameRecord, Seat, load
from savegame_toy import GAME, play, register

# Plays Pig games one after another into the same file, autosaving after every action, until killed.
WRITER = """
import random, sys
from pathlib import Path
import savegame_toy
from exotui import games
from exotui.engine.records import GameRecord, Seat

games._MODULES["pig"] = "savegame_toy"
path = Path(sys.argv[1])
chooser = random.Random(int(sys.argv[2]))
seats = (Seat("Ann", "human"), Seat("Bot", "random"))
for seed in range(10**9):
    record = GameRecord.new(path, savegame_toy.GAME, seed, seats)
    record.save()
    if seed == 0:
        print("saving", flush=True)
    while not record.finished:
        record.append(chooser.choice(record.game.legal_actions(record.state)))
"""


@pytest.fixture(autouse=True)
def _pig(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


def test_a_killed_writer_always_leaves_a_loadable_save(tmp_path):
    path = tmp_path / "game.exosave"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[1]), *sys.path])}
    delays = random.Random(5)
    seen = set()
    for run in range(8):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(run)], stdout=subprocess.PIPE, env=env, text=True
        )
        assert writer.stdout.readline() == "saving\n"
        time.sleep(delays.uniform(0.01, 0.15))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        saved = load(path)
        seen.add((saved.header.seed, saved.header.actions))
    assert len(seen) > 1


def test_a_temporary_file_left_by_a_killed_writer_is_harmless(tmp_path):
    record = GameRecord.new(tmp_path / "game.exosave", GAME, 1, (Seat("Ann", HUMAN), Seat("Bot", "random")))
    record.save()
    play(record, 1, 3)
    temp = tmp_path / f".{record.path.name}.tmp"
    temp.write_bytes(b"\xff" * 50_000)
    assert load(record.path).final == record.state
    play(record, 1, 3)
    assert load(record.path).final == record.state
    # Never reused: each write makes a fresh temporary file (SaveDir removes old leftovers, test_savedir.py).
    assert temp.read_bytes() == b"\xff" * 50_000

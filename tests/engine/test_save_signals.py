"""SIGHUP and SIGTERM: the action being recorded is saved first, then the process exits cleanly."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from exotui.engine.records import HUMAN, GameRecord, Seat, exit_cleanly_on_signals, load
from savegame_toy import GAME, play, register

SEATS = (Seat("Ann", HUMAN), Seat("Bot", "random"))

# Appends actions to one Pig game after another until a signal ends it.
WRITER = """
import random, sys
from pathlib import Path
import savegame_toy
from exotui import games
from exotui.engine.records import GameRecord, Seat, exit_cleanly_on_signals

games._MODULES["pig"] = "savegame_toy"
exit_cleanly_on_signals()
chooser = random.Random(int(sys.argv[2]))
for seed in range(10**9):
    record = GameRecord.new(Path(sys.argv[1]), savegame_toy.GAME, seed, (Seat("Ann", "human"), Seat("Bot", "random")))
    record.save()
    if seed == 0:
        print("saving", flush=True)
    while not record.finished:
        record.append(chooser.choice(record.game.legal_actions(record.state)))
"""


@pytest.fixture(autouse=True)
def _pig(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


@pytest.fixture(params=[signal.SIG_DFL, signal.SIG_IGN], ids=["default", "nohup"])
def sighup_at_start(request: pytest.FixtureRequest) -> object:
    """SIGHUP as the process found it: its default, or ignored (as `nohup` starts a program, and so pytest under
    nohup). The app saves and exits on it either way (a dropped SSH session is a hangup, even under a nohup'd
    server), and puts back what it found."""
    found = signal.signal(signal.SIGHUP, request.param)
    yield request.param
    signal.signal(signal.SIGHUP, found)


def test_a_signal_during_an_append_waits_for_the_save(tmp_path, monkeypatch, sighup_at_start):
    """It assumed SIGHUP started at SIG_DFL, so it failed under nohup."""
    before = {signum: signal.getsignal(signum) for signum in (signal.SIGHUP, signal.SIGTERM)}
    record = GameRecord.new(tmp_path / "a.exosave", GAME, 3, SEATS)
    record.save()
    play(record, 3, 4)
    exits = []
    restore = exit_cleanly_on_signals(lambda signum: exits.append((signum, load(record.path).final)))
    fsync = os.fsync

    def interrupted_fsync(fd: int) -> None:
        os.kill(os.getpid(), signal.SIGHUP)
        assert exits == []
        fsync(fd)

    try:
        monkeypatch.setattr(os, "fsync", interrupted_fsync)
        play(record, 4, 1)
        assert exits == [(signal.SIGHUP, record.state)]
        monkeypatch.undo()
        register(monkeypatch)
        os.kill(os.getpid(), signal.SIGTERM)
        assert exits[-1][0] == signal.SIGTERM
    finally:
        restore()
    assert {signum: signal.getsignal(signum) for signum in (signal.SIGHUP, signal.SIGTERM)} == before
    assert before[signal.SIGHUP] is sighup_at_start


@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGTERM])
def test_a_writer_told_to_stop_exits_cleanly_with_its_save_whole(tmp_path, signum):
    path = tmp_path / "game.exosave"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(Path(__file__).parents[1]), *sys.path])}
    delays = random.Random(signum)
    for run in range(3):
        writer = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), str(run)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            text=True,
        )
        assert writer.stdout.readline() == "saving\n"
        time.sleep(delays.uniform(0.01, 0.1))
        writer.send_signal(signum)
        _, err = writer.communicate()
        assert (writer.returncode, err) == (128 + signum, "")
        load(path)

"""`python -m exotui.measure.app` drives the app in a pseudo-terminal; it crashed once the new game form changed (it
counted Tabs), so a small run of it is part of the suite and it cannot rot again."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")]


def test_the_measurement_of_the_app_runs_to_its_end(tmp_path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "exotui.measure.app", "--runs", "1", "--presses", "1", "--level", "easy"],
        capture_output=True,
        text=True,
        # A guard against a hang only: every step inside waits for what the app prints.
        timeout=600,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "first frame",
        "key press to repaint, no search running",
        "key press to repaint while the AI (easy) thinks",
        "cursor move to repaint",
    ]

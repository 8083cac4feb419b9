"""Pilot helpers shared by the app's tests: run a test in an event loop, let the app settle, read the status."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static


def in_event_loop(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test with asyncio.run (the project has no pytest async plugin)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


async def settle(pilot: Pilot, rounds: int = 3) -> None:
    for _ in range(rounds):
        await pilot.pause()


async def focus(pilot: Pilot, widget_id: str) -> None:
    """Press Tab until the widget with this id has the focus."""
    for _ in range(20):
        if pilot.app.focused is not None and pilot.app.focused.id == widget_id:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached #{widget_id}")


def status_text(app: App[Any]) -> str:
    return str(app.screen.query_one("#status", Static).render())

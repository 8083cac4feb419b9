"""The Endless Forms table."""

from exotui.tui.tables.endless.board import BOARD

__all__ = ["BOARD"]

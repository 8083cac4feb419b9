"""Cryptid's table: the board, one module per zone (the map, the space panel, the players) and `cryptid.tcss`."""

from exotui.tui.tables.cryptid.board import BOARD

__all__ = ["BOARD"]

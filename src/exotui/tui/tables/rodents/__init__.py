"""Raging Rodents' table: the board, one module per zone (collections, Field, hands, invasion) and `rodents.tcss`."""

from exotui.tui.tables.rodents.board import BOARD

__all__ = ["BOARD"]

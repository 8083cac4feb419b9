"""EXO n°2's table: the board, one module per zone (galaxies, universe, score) and `exo2.tcss`."""

from exotui.tui.tables.exo2.board import BOARD

__all__ = ["BOARD"]

"""ExoFauna's table: the board, one module per zone (watering holes, hand, decks, ...) and `exofauna.tcss`."""

from exotui.tui.tables.exofauna.board import BOARD

__all__ = ["BOARD"]

"""The generic table: any registered game, played from its legal actions and their descriptions."""

from exotui.tui.tables.generic.board import GenericBoard, table_for

__all__ = ["GenericBoard", "table_for"]

"""Widgets, one module per zone of the table. They render what they are shown and never change a game."""

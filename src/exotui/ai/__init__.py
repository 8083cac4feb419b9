"""Computer players: the generic search and the players built on it."""

"""Raging Rodents: 2-4 players, or solo against the automaton."""

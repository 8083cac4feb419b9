"""Cryptid by Hal Duncan and Ruth Veevers: deduce the creature's habitat from everyone's clues (game id `cryptid`)."""

"""EXO n°2 by Léandre Proust: line up planets sharing a size, colour or type (game id `exo2`)."""

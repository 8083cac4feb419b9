"""EXO n°2 card data: the 27 planet tokens and the Universe layout.

A planet token is an int 0..26 encoding its three features: size = token // 9, colour = token // 3 % 3,
type = token % 3. Every combination appears exactly once (RULINGS.md section 2).

[house] The Universe layout is our own ruling, not the published one: the rulebook's figure is lost. It is a
pyramid of 6 rows holding 2, 3, 4, 5, 6 and 7 tokens, dealt face up at random; token i of a row is covered by
tokens i and i+1 of the row below it, so at the start only the 7 tokens of the bottom row are available.
A player who owns the printed game can correct the layout here, in UNIVERSE_ROWS.
"""

from __future__ import annotations

HOUSE_NOTE = (
    "[house] The Universe layout is ours (the rulebook's figure is lost): a pyramid of rows of 2 to 7 tokens, "
    "each token covered by the two tokens below it."
)

FEATURES: tuple[str, ...] = ("size", "colour", "type")
SIZES: tuple[str, ...] = ("small", "medium", "large")
COLOURS: tuple[str, ...] = ("blue", "red", "green")
TYPES: tuple[str, ...] = ("telluric", "gaseous", "ringed")
# One letter per value, read in the order size, colour, type ("LRR" = large red ringed), so a planet stays
# readable without colour even where two features share an initial.
SIZE_LETTERS = "SML"
COLOUR_LETTERS = "BRG"
TYPE_LETTERS = "TGR"

PLANETS: tuple[int, ...] = tuple(range(27))

# Tokens per row of the Universe pyramid, top row first [house].
UNIVERSE_ROWS: tuple[int, ...] = (2, 3, 4, 5, 6, 7)


def features(token: int) -> tuple[int, int, int]:
    """(size, colour, type) indices of a token."""
    return token // 9, token // 3 % 3, token % 3


def planet_name(token: int) -> str:
    """E.g. "large red ringed planet"."""
    s, c, t = features(token)
    return f"{SIZES[s]} {COLOURS[c]} {TYPES[t]} planet"


def planet_code(token: int) -> str:
    """Three letters, size colour type, e.g. "LRR" for the large red ringed planet."""
    s, c, t = features(token)
    return SIZE_LETTERS[s] + COLOUR_LETTERS[c] + TYPE_LETTERS[t]

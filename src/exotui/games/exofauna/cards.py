"""ExoFauna/Duo card data: the one place to correct if you own the printed cards.

[house] The published card list is not available. Primu, Yikyik and the Lure text come from the rulebook; the
other organisms, instincts and adaptations are the project's own design (RULINGS.md, section 1).

A card is a small int: `colour * 8 + organism`. Blue is colour 0 (the starting player, seat 0), yellow is 1.
"""

from __future__ import annotations

from typing import Final, NamedTuple

BLUE: Final = 0
YELLOW: Final = 1
COLOUR_NAMES: Final = ("blue", "yellow")
# Told apart without colour too: a letter per colour.
COLOUR_LETTERS: Final = ("B", "Y")

PREDATOR: Final = "Predator"
SWARMING: Final = "Swarming"
SCAVENGER: Final = "Scavenger"

INSTINCT_TEXT: Final = {
    SWARMING: "Draw the top card of either deck.",
    SCAVENGER: "Discard any number of cards, then draw that many plus 1 from your deck.",
    PREDATOR: "Move an Organism next to this one to your hand, then discard 1 card.",
}


class Organism(NamedTuple):
    name: str
    instinct: str
    adaptation: str
    text: str
    # True where the card is the project's design, not the publisher's.
    house: bool


HOUSE_NOTE: Final = (
    "[house] The published organism list is not available: Primu, Yikyik and the Lure text come from the "
    "rulebook, the rest of the set is exotui's own design."
)

ORGANISMS: Final = (
    Organism("Primu", PREDATOR, "Ambush", "Discard 1 other Organism at this Watering Hole.", False),
    Organism("Yikyik", SCAVENGER, "Scurry", "Play the top card of your deck next to this Organism.", True),
    Organism(
        "Glissen",
        SWARMING,
        "Lure",
        "Move 1 Organism from the other Watering Hole next to this Organism or to your hand.",
        True,
    ),
    Organism("Oomba", SWARMING, "Spawn", "Play 1 card from your hand next to this Organism.", True),
    Organism("Zorrib", SWARMING, "Mimic", "Play the top card of the other player's deck next to this Organism.", True),
    Organism(
        "Krell",
        PREDATOR,
        "Stalk",
        "Exchange this Organism with 1 Organism at the other Watering Hole (each takes the other's space).",
        True,
    ),
    Organism("Thornback", PREDATOR, "Devour", "Move 1 Organism at the other Watering Hole to your hand.", True),
    Organism(
        "Vashti", SCAVENGER, "Tunnel", "Move 1 Organism at this Watering Hole to an empty space at the other one.", True
    ),
)

PRIMU, YIKYIK, GLISSEN, OOMBA, ZORRIB, KRELL, THORNBACK, VASHTI = range(8)
COPIES: Final = 3
DECK_SIZE: Final = len(ORGANISMS) * COPIES
ALL_CARDS: Final = tuple(range(2 * len(ORGANISMS)))

# The two double-sided starting Watering Hole cards, which are not organisms.
START_HOLE: Final = (16, 17)
# Markers inside tuples of cards: a free space at a hole, and a card the viewer cannot see.
EMPTY: Final = -1
HIDDEN: Final = -2

# The 8 spaces of a hole: the ring of a 3x3 grid, clockwise from the top-left corner.
SPACE_NAMES: Final = ("top-left", "top", "top-right", "right", "bottom-right", "bottom", "bottom-left", "left")
# Each space is next to the two spaces beside it on the ring (orthogonal neighbours on the 3x3 grid).
NEIGHBOURS: Final = tuple(((space - 1) % 8, (space + 1) % 8) for space in range(8))
RING: Final = len(SPACE_NAMES)


def card_of(colour: int, organism: int) -> int:
    return colour * 8 + organism


def colour_of(card: int) -> int:
    return card >> 3


def card_colour(card: int) -> int:
    """The colour of an organism card, or of a hole card (a starting hole or an organism turned over)."""
    return START_HOLE.index(card) if card in START_HOLE else colour_of(card)


def organism_of(card: int) -> Organism:
    return ORGANISMS[card & 7]


def card_name(card: int) -> str:
    """'yellow Primu'."""
    return f"{COLOUR_NAMES[card >> 3]} {ORGANISMS[card & 7].name}"


def starting_deck(colour: int) -> tuple[int, ...]:
    return tuple(card_of(colour, organism) for organism in range(len(ORGANISMS)) for _ in range(COPIES))

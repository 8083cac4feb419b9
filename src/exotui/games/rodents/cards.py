"""Raging Rodents card data: the one place to correct if you own the printed cards.

[house] The published card list is not available. The rules fragment gives 18 cards: 12 animals (rodents and
predators) in 3 habitats, 6 events, the Jerboa's 3/6/1 and a predator's 3 points. The rest of the set below is the
project's own design (RULINGS.md, section 5).

A card is a small int: 0-8 the rodents (3 per habitat), 9-11 the predators, 12-14 the mutations, 15-17 the
adaptations. The back of a card is public: an animal's back shows its habitat, an event's back its kind.
"""

from __future__ import annotations

from typing import Final, NamedTuple

PRAIRIE: Final = 0
FOREST: Final = 1
RIVER: Final = 2
HABITATS: Final = ("Prairie", "Forest", "River")

# The backs a card can show (BACKS[back]): the 3 habitats of the animals, then the 2 kinds of event.
MUTATION_BACK: Final = 3
ADAPTATION_BACK: Final = 4
BACKS: Final = (*HABITATS, "mutation", "adaptation")
# One letter per back, so the table never tells backs apart by colour alone.
BACK_LETTERS: Final = ("P", "F", "R", "M", "A")

RODENT: Final = "rodent"
PREDATOR: Final = "predator"
MUTATION: Final = "mutation"
ADAPTATION: Final = "adaptation"


class Card(NamedTuple):
    name: str
    kind: str
    # The habitat of an animal or of an adaptation; -1 for a mutation.
    habitat: int
    # A rodent's points by N, the number of rodents of its habitat in all collections (N = 1, 2, 3 or more).
    points: tuple[int, int, int]
    # True where the card is the project's design, not the publisher's.
    house: bool


HOUSE_NOTE: Final = (
    "[house] The published card list is not available: the 18 cards, the Jerboa's 3/6/1 and the predators' 3 points "
    "come from the rules; the other cards, their points and the events are exotui's own design."
)

_ROWS: Final = ((3, 6, 1), (2, 4, 3), (1, 2, 5))
_NO_POINTS: Final = (0, 0, 0)

CARDS: Final = (
    Card("Jerboa", RODENT, PRAIRIE, _ROWS[0], False),
    Card("Prairie Dog", RODENT, PRAIRIE, _ROWS[1], True),
    Card("Hamster", RODENT, PRAIRIE, _ROWS[2], True),
    Card("Red Squirrel", RODENT, FOREST, _ROWS[0], True),
    Card("Dormouse", RODENT, FOREST, _ROWS[1], True),
    Card("Chipmunk", RODENT, FOREST, _ROWS[2], True),
    Card("Water Vole", RODENT, RIVER, _ROWS[0], True),
    Card("Muskrat", RODENT, RIVER, _ROWS[1], True),
    Card("Beaver", RODENT, RIVER, _ROWS[2], True),
    Card("Fox", PREDATOR, PRAIRIE, _NO_POINTS, True),
    Card("Owl", PREDATOR, FOREST, _NO_POINTS, True),
    Card("Otter", PREDATOR, RIVER, _NO_POINTS, True),
    Card("+3", MUTATION, -1, _NO_POINTS, True),
    Card("x2", MUTATION, -1, _NO_POINTS, True),
    Card("-2", MUTATION, -1, _NO_POINTS, True),
    Card("Prairie adaptation", ADAPTATION, PRAIRIE, _NO_POINTS, True),
    Card("Forest adaptation", ADAPTATION, FOREST, _NO_POINTS, True),
    Card("River adaptation", ADAPTATION, RIVER, _NO_POINTS, True),
)

ALL_CARDS: Final = tuple(range(len(CARDS)))
PREDATORS: Final = (9, 10, 11)
PLUS_THREE, TIMES_TWO, MINUS_TWO = 12, 13, 14
PREDATOR_POINTS: Final = 3

# Per card, its back.
BACK_OF: Final = tuple(
    MUTATION_BACK if c.kind == MUTATION else ADAPTATION_BACK if c.kind == ADAPTATION else c.habitat for c in CARDS
)
# Per habitat, its predator.
PREDATOR_OF: Final = {CARDS[card].habitat: card for card in PREDATORS}


def mutate(points: int, mutation: int) -> int:
    """A rodent's points after one more mutation card."""
    if mutation == PLUS_THREE:
        return points + 3
    if mutation == TIMES_TWO:
        return points * 2
    return points - 2


def card_name(card: int) -> str:
    """'Jerboa', 'x2 mutation', 'Forest adaptation'."""
    entry = CARDS[card]
    return f"{entry.name} mutation" if entry.kind == MUTATION else entry.name

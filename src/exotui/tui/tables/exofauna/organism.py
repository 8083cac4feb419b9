"""How an ExoFauna card reads on screen: its colour told by a letter as well as by colour, and its names."""

from __future__ import annotations

from typing import Final

from exotui.games.exofauna import COLOUR_LETTERS, COLOUR_NAMES, INSTINCT_TEXT, card_colour, organism_of

INSTINCT_SHORT: Final = {"Predator": "Pred", "Swarming": "Swarm", "Scavenger": "Scav"}


def colour_class(card: int) -> str:
    """The component class a widget styles this card's colour with.

    Widgets read styles that set a background with `get_visual_style(name)`, not `partial=True`: in Textual 8.2
    a partial style loses the component's own background (and no visual style keeps `reverse`).
    """
    return f"card--{COLOUR_NAMES[card_colour(card)]}"


def label(card: int) -> str:
    """'B Primu': the colour letter first, so the owner reads without colour."""
    return f"{COLOUR_LETTERS[card_colour(card)]} {organism_of(card).name}"


def full_text(card: int) -> str:
    """Everything printed on the card: name, colour, instinct and adaptation with their texts."""
    organism = organism_of(card)
    return (
        f"{label(card)} · {organism.instinct}: {INSTINCT_TEXT[organism.instinct]} · "
        f"{organism.adaptation}: {organism.text}"
    )

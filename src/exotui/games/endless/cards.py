"""Endless Forms card data: the 50 cards of the Asombro Edition starter deck, the one place to correct.

The names and texts are the catalogue's (endless-forms.txt). The catalogue prints no numbers and no habitat
symbols: every statistic below (size rank, fangs, X growth, Y decline, group, blanched/melanic form) and every
habitat's resources are the project's own design, marked [house] (RULINGS.md, section 3, "Decks").

A card is a small int: `seat * 50 + kind`. Both players hold a copy of the whole starter deck (RULINGS.md): kinds
0-19 are species, 20-29 effects, 30-39 events and 40-49 habitats, each block in the catalogue's order.
"""

from __future__ import annotations

from typing import Final, NamedTuple

HOUSE_NOTE: Final = (
    "[house] The catalogue prints no numbers: every species' size rank, fangs, X, Y, group and form, and every "
    "habitat's resources, are exotui's own design (RULINGS.md section 3), as are the reveal windows."
)

KINDS: Final = 50
FIRST_EFFECT: Final = 20
FIRST_EVENT: Final = 30
FIRST_HABITAT: Final = 40
# Markers inside tuples of cards: a place with no card, and a card the viewer cannot see.
EMPTY: Final = -1
HIDDEN: Final = -2

# Special habitat resources, as bits.
HUMANS: Final = 1
SAP: Final = 2
FRUITS: Final = 4
FLOWERS: Final = 8
SEEDS: Final = 16
LEAVES: Final = 32
ARTHROPODS: Final = 64
RESOURCE_NAMES: Final = {
    HUMANS: "humans",
    SAP: "sap",
    FRUITS: "fruits",
    FLOWERS: "flowers",
    SEEDS: "seeds",
    LEAVES: "leaves",
    ARTHROPODS: "arthropods",
}

ARTHROPOD: Final = "arthropod"
BIRD: Final = "bird"
REPTILE: Final = "reptile"
MAMMAL: Final = "mammal"
BLANCHED: Final = "blanched"
MELANIC: Final = "melanic"


class Species(NamedTuple):
    name: str
    group: str
    rank: int
    predator: bool
    x: int  # population growth rate (X up)
    y: int  # population decline rate (Y down)
    form: str  # BLANCHED, MELANIC or ""
    # "+N at [resource] habitat" bonuses: (resource bit, N).
    bonuses: tuple[tuple[int, int], ...]
    text: str  # the abilities as printed
    house: bool  # the numbers are the project's


class Card(NamedTuple):
    """An effect, an event or a habitat: its name and printed text."""

    name: str
    text: str


SPECIES: Final = (
    Species(
        "American Badger",
        MAMMAL,
        5,
        True,
        3,
        1,
        "",
        (),
        "Dubious Pair: When American Badger exerts to predate at the same habitat as Coyote, the selected prey "
        "species loses an additional population.",
        True,
    ),
    Species(
        "American Kestrel",
        BIRD,
        3,
        True,
        2,
        1,
        "",
        (),
        "Keen Eyes: This species may predate in an adjacent habitat.",
        True,
    ),
    Species("Banner-tailed Kangaroo Rat", MAMMAL, 3, False, 2, 1, "", ((SEEDS, 1),), "+1 at [seeds] habitat.", True),
    Species(
        "Black-chinned Hummingbird",
        BIRD,
        1,
        False,
        1,
        1,
        "",
        ((FLOWERS, 1), (ARTHROPODS, 1)),
        "+1 at [flowers] habitat. +1 at [arthropods] habitat.",
        True,
    ),
    Species(
        "Black-throated Sparrow",
        BIRD,
        2,
        False,
        2,
        1,
        "",
        (),
        "Bird song: For each adjacent habitat that has at least one species with this ability, prevent up to that "
        "many decline effects on this species at the end of your turn (only on your turn).",
        True,
    ),
    Species(
        "Creosote Bush Walkingstick",
        ARTHROPOD,
        2,
        False,
        2,
        1,
        "",
        ((LEAVES, 1),),
        "+1 at [leaves] habitat. Just a Twig: Each turn, the first time any species predates at the same habitat as "
        "Creosote Bush Walking Stick it must choose another prey species if possible (if there are no others, it "
        "may choose Creosote Bush Walking Stick).",
        True,
    ),
    Species(
        "Coyote",
        MAMMAL,
        6,
        True,
        3,
        1,
        "",
        (),
        "Dubious Pair: When Coyote exerts to predate at the same habitat as American Badger, Coyote gains +1.",
        True,
    ),
    Species(
        "Chihuahuan Raven",
        BIRD,
        4,
        False,
        2,
        1,
        MELANIC,
        (),
        "Mated Pair: You may have 2 cards named Chihuahuan Raven in your starting deck. If Chihuahuan Raven is at a "
        "habitat with another card named Chihuahuan Raven it gains +1.",
        True,
    ),
    Species(
        "Gray Vireo",
        BIRD,
        2,
        False,
        1,
        1,
        "",
        ((ARTHROPODS, 2),),
        "+2 at [arthropods] habitat. Bird song: For each adjacent habitat that has at least one species with this "
        "ability, prevent up to that many decline effects on this species at the end of your turn (only on your "
        "turn).",
        True,
    ),
    Species(
        "Greater Earless Lizard",
        REPTILE,
        2,
        False,
        3,
        2,
        BLANCHED,
        (),
        "Hot-Footed: If this species would be predated upon, it may move to an adjacent habitat to cancel it once "
        "per turn.",
        True,
    ),
    Species(
        "Greater Roadrunner",
        BIRD,
        4,
        True,
        2,
        1,
        "",
        (),
        "Reptile Specialist: +1 when predating upon a species of the reptile group. Zygodactyl: During your Move "
        "Phase, in addition to your one allowed move, you may also move Greater Roadrunner to an adjacent habitat "
        "for free.",
        True,
    ),
    Species(
        "Melon Aphids",
        ARTHROPOD,
        1,
        False,
        3,
        1,
        "",
        ((SAP, 1),),
        "+1 at [sap] habitat. Livestock: If this species is at a habitat with a species that has the ability Aphid "
        "Rancher, it does not lose population when preyed upon.",
        True,
    ),
    Species(
        "Mexican Honeypot Ants",
        ARTHROPOD,
        1,
        False,
        2,
        1,
        "",
        (),
        "Stockpiling: If something would prevent this species from exerting, it may do so anyways. Aphid Rancher: "
        "If this species is at a habitat with an aphid species when it exerts, it gains +1.",
        True,
    ),
    Species(
        "Monarch Butterfly",
        ARTHROPOD,
        2,
        False,
        2,
        1,
        "",
        ((FLOWERS, 1),),
        "+1 at [flowers] habitat. Exceptional Migration: This species may move to any habitat during movement.",
        True,
    ),
    Species("Ornate Box Turtle", REPTILE, 3, False, 2, 1, MELANIC, ((FRUITS, 1),), "+1 at [fruits] habitat.", True),
    Species(
        "Oryx",
        MAMMAL,
        6,
        False,
        3,
        2,
        "",
        (),
        "Invasive Species: If this species moves during your Move Phase, it loses one less population during "
        "decline on your Termination Phase.",
        True,
    ),
    Species(
        "Roundtail Horned Lizard",
        REPTILE,
        2,
        False,
        2,
        1,
        BLANCHED,
        (),
        "Ant Specialist: May predate upon any ant species at the same habitat as if it were a predator. Just a "
        "Rock: Each turn, the first time any species predates at the same habitat as Roundtail Horned Lizard it "
        "must choose another prey species if possible (if there are no others, it may choose Roundtail Horned "
        "Lizard).",
        True,
    ),
    Species(
        "True Cochineal Bug",
        ARTHROPOD,
        1,
        False,
        2,
        1,
        BLANCHED,
        (),
        "Commodity: +1 if there is any habitat in play with [humans].",
        True,
    ),
    Species(
        "Turkey Vulture",
        BIRD,
        5,
        False,
        3,
        1,
        MELANIC,
        (),
        "Carrion Feeder: In order to play Turkey Vulture, choose one species in any player's discard pile and "
        "remove it from the game. Scavenger: Turkey Vulture may only exert if another species predates at the same "
        "habitat. Turkey Vulture may do this during any player's Exert Phase.",
        True,
    ),
    Species(
        "Western Hognose Snake",
        REPTILE,
        4,
        True,
        2,
        1,
        MELANIC,
        (),
        "Feign death: If this species reaches 0 population, it does not go to the discard pile. Instead, it "
        "remains in play as normal.",
        True,
    ),
)

(
    BADGER,
    KESTREL,
    KANGAROO_RAT,
    HUMMINGBIRD,
    SPARROW,
    WALKINGSTICK,
    COYOTE,
    RAVEN,
    VIREO,
    EARLESS_LIZARD,
    ROADRUNNER,
    APHIDS,
    ANTS,
    MONARCH,
    TURTLE,
    ORYX,
    HORNED_LIZARD,
    COCHINEAL,
    VULTURE,
    HOGNOSE,
) = range(20)

EFFECTS: Final = (
    Card(
        "Aesthetic Choice",
        "Deploy to a species. When this species exerts at a habitat with another species of the same group, it "
        "gains +1.",
    ),
    Card(
        "Artificially Sustained",
        "Deploy to a predator species. Whenever this species predates, its prey loses an additional population.",
    ),
    Card(
        "Environmental Homogenization",
        "Deploy to a habitat. This habitat becomes a copy of an adjacent habitat of your choice (name, special "
        "traits and resources).",
    ),
    Card("Insect Swarm", "Deploy to a habitat. This habitat gains [arthropods]."),
    Card("Mutigen", "Deploy to a species and roll a D6: 1-4, this species gains +1 decline; 5-6, it gains +2 growth."),
    Card(
        "Pack Hunt",
        "Deploy to a predator. If there are two or more predators at this habitat, it may predate upon a species "
        "up to any rank (lower rank restrictions remain).",
    ),
    Card(
        "Pathogen",
        "Deploy to a habitat. At the end of each player's turn, that player chooses one of their species at that "
        "habitat and removes one population from it.",
    ),
    Card("r-Strategist", "Deploy to a species. Whenever this species is preyed upon, it does not lose any population."),
    Card(
        "Stable Climate",
        "Deploy to an opponent's event zone. This card is discarded at the beginning of your next Initialize "
        "Phase. No event may be played from this zone while this card is in play.",
    ),
    Card(
        "Wicked Reflexes",
        "Deploy to a species. If this species would be preyed upon, the predator gains one less population.",
    ),
)

(
    AESTHETIC_CHOICE,
    ARTIFICIALLY_SUSTAINED,
    HOMOGENIZATION,
    INSECT_SWARM,
    MUTIGEN,
    PACK_HUNT,
    PATHOGEN,
    R_STRATEGIST,
    STABLE_CLIMATE,
    WICKED_REFLEXES,
) = range(FIRST_EFFECT, FIRST_EVENT)

EVENTS: Final = (
    Card(
        "Conservation Effort",
        "If a species would be discarded after reaching 0 population, you may reveal this card to prevent it from "
        "being discarded and add 2 population counters to that species.",
    ),
    Card("Drought", "All species lose an additional population during decline at the end of this turn."),
    Card(
        "Echoed Form",
        "If an opponent would attach an effect to one of your species, reveal this event to prevent it (both cards "
        "are discarded).",
    ),
    Card("Ecological Succession", "Replace a habitat card in play with one drawn from your habitat deck."),
    Card(
        "Hyper-adaptive Fauna",
        "If your opponent has just played an event that would affect your species, choose one of your species "
        "that would be affected. That species is unaffected.",
    ),
    Card(
        "Limited Resources",
        "When you reveal this card, choose a player; that player discards a card from their hand at random.",
    ),
    Card("Offroading Degradation", "No species may exert at selected habitat until the end of your next turn."),
    Card("Once Thought Extinct", "Return a species from your discard pile to your hand."),
    Card("Rites of Spring", "All non-predators at all habitats gain 1 population."),
    Card(
        "Wildfire!",
        "Choose a habitat. All species at that habitat must move to an adjacent habitat of their owner's choice "
        "(take turns moving species, you go first; if all adjacent habitats become full, the rest stay).",
    ),
)

(
    CONSERVATION_EFFORT,
    DROUGHT,
    ECHOED_FORM,
    ECOLOGICAL_SUCCESSION,
    HYPER_ADAPTIVE,
    LIMITED_RESOURCES,
    OFFROADING,
    ONCE_THOUGHT_EXTINCT,
    RITES_OF_SPRING,
    WILDFIRE,
) = range(FIRST_EVENT, FIRST_HABITAT)
# Events offered only when their trigger happens, to their owner (RULINGS.md, "Events and timing").
REACTIONS: Final = frozenset({CONSERVATION_EFFORT, ECHOED_FORM, HYPER_ADAPTIVE})


class Habitat(NamedTuple):
    name: str
    resources: int  # [house] bits of the special habitat resources
    text: str  # the habitat ability, "" for none


HABITATS: Final = (
    Habitat(
        "Agricultural Land",
        HUMANS | SAP | FRUITS,
        "Pesticides: At the end of your turn, roll a D6 for each of your species at this habitat. If you roll a 1, "
        "that species loses an additional population during decline on your Termination Phase.",
    ),
    Habitat("City Suburbs", HUMANS | FLOWERS | SEEDS, ""),
    Habitat("Creosote Scrub", LEAVES | ARTHROPODS, ""),
    Habitat("Desert Arroyo", FLOWERS | SEEDS, ""),
    Habitat("Desert Grassland", SEEDS | LEAVES | ARTHROPODS, ""),
    Habitat(
        "Desert Playa",
        ARTHROPODS | SEEDS,
        "Ephemeral: This habitat comes into play with 6 counters on it. During each Initialize Phase, remove 1 "
        "counter. When you remove the last counter, replace this habitat with a new one from its owner's habitat "
        "deck.",
    ),
    Habitat(
        "Gypsum Flats",
        LEAVES | FLOWERS,
        "Ecological Speciation: Blanched-type species at this habitat lose one less population during decline on "
        "their owner's Termination Phase.",
    ),
    Habitat(
        "Lava Malpais",
        FRUITS | SAP,
        "Ecological Speciation: Melanic-type species at this habitat lose one less population during decline on "
        "their owner's Termination Phase.",
    ),
    Habitat("Ocotillo Foothills", FLOWERS | ARTHROPODS | FRUITS, ""),
    Habitat("River Bosque", LEAVES | SAP | FRUITS, ""),
)

(
    AGRICULTURAL_LAND,
    CITY_SUBURBS,
    CREOSOTE_SCRUB,
    DESERT_ARROYO,
    DESERT_GRASSLAND,
    DESERT_PLAYA,
    GYPSUM_FLATS,
    LAVA_MALPAIS,
    OCOTILLO_FOOTHILLS,
    RIVER_BOSQUE,
) = range(FIRST_HABITAT, KINDS)
PLAYA_COUNTERS: Final = 6

MAIN_KINDS: Final = tuple(range(FIRST_HABITAT))
HABITAT_KINDS: Final = tuple(range(FIRST_HABITAT, KINDS))


def kind(card: int) -> int:
    return card % KINDS


def owner(card: int) -> int:
    return card // KINDS


def is_species(card: int) -> bool:
    return card % KINDS < FIRST_EFFECT


def is_effect(card: int) -> bool:
    return FIRST_EFFECT <= card % KINDS < FIRST_EVENT


def is_event(card: int) -> bool:
    return FIRST_EVENT <= card % KINDS < FIRST_HABITAT


def card_name(card: int) -> str:
    k = card % KINDS
    if k < FIRST_EFFECT:
        return SPECIES[k].name
    if k < FIRST_EVENT:
        return EFFECTS[k - FIRST_EFFECT].name
    if k < FIRST_HABITAT:
        return EVENTS[k - FIRST_EVENT].name
    return HABITATS[k - FIRST_HABITAT].name


def card_text(card: int) -> str:
    """The card's full text for the table: statistics and abilities of a species, the printed text otherwise."""
    k = card % KINDS
    if k < FIRST_EFFECT:
        s = SPECIES[k]
        fangs = "predator, " if s.predator else ""
        form = f", {s.form}" if s.form else ""
        return f"{s.name} ({s.group}{form}; {fangs}rank {s.rank}; X {s.x}, Y {s.y}) [house]. {s.text}"
    if k < FIRST_EVENT:
        return f"{card_name(card)} (effect). {EFFECTS[k - FIRST_EFFECT].text}"
    if k < FIRST_HABITAT:
        return f"{card_name(card)} (event). {EVENTS[k - FIRST_EVENT].text}"
    h = HABITATS[k - FIRST_HABITAT]
    resources = ", ".join(name for bit, name in RESOURCE_NAMES.items() if h.resources & bit)
    return f"{h.name} (habitat; {resources} [house]). {h.text}".rstrip(". ") + "."


def main_deck(seat: int) -> tuple[int, ...]:
    return tuple(seat * KINDS + k for k in MAIN_KINDS)


def habitat_deck(seat: int) -> tuple[int, ...]:
    return tuple(seat * KINDS + k for k in HABITAT_KINDS)

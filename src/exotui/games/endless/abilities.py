"""What each Endless Forms card does: species abilities, effects, events and habitat abilities.

Each function reads or changes a `MutableState`; rules.py calls them at the moments of the phases. Every text is the
catalogue's (endless-forms.txt) as read by RULINGS.md section 3, which is cited where the card alone is silent.
"""

from __future__ import annotations

from exotui.games.endless.cards import (
    AESTHETIC_CHOICE,
    AGRICULTURAL_LAND,
    ANTS,
    APHIDS,
    ARTIFICIALLY_SUSTAINED,
    BADGER,
    BLANCHED,
    COCHINEAL,
    CONSERVATION_EFFORT,
    COYOTE,
    DESERT_PLAYA,
    DROUGHT,
    ECHOED_FORM,
    ECOLOGICAL_SUCCESSION,
    EMPTY,
    FIRST_EFFECT,
    GYPSUM_FLATS,
    HOGNOSE,
    HOMOGENIZATION,
    HORNED_LIZARD,
    HUMANS,
    HYPER_ADAPTIVE,
    INSECT_SWARM,
    KESTREL,
    KINDS,
    LAVA_MALPAIS,
    LIMITED_RESOURCES,
    MELANIC,
    MUTIGEN,
    OFFROADING,
    ONCE_THOUGHT_EXTINCT,
    ORYX,
    PACK_HUNT,
    PATHOGEN,
    PLAYA_COUNTERS,
    R_STRATEGIST,
    RAVEN,
    REACTIONS,
    REPTILE,
    RITES_OF_SPRING,
    ROADRUNNER,
    SPARROW,
    SPECIES,
    STABLE_CLIMATE,
    VIREO,
    VULTURE,
    WALKINGSTICK,
    WICKED_REFLEXES,
    WILDFIRE,
)
from exotui.games.endless.mutable import ROW, MutableState, Sp
from exotui.games.endless.state import (
    AT_ANNOUNCE,
    AT_RESPONSE,
    AT_ZERO,
    DEPLOYMENT,
    RESOLVE,
    WILDFIRE_TURN,
    Reveal,
)

# Mutigen's roll, kept while the card is attached (MutableState.mutations).
MUTATED_DECLINE = 1
MUTATED_GROWTH = 2

BIRD_SONG = frozenset({SPARROW, VIREO})
# Effects deployed to a species (any player's), to a predator, to a habitat.
ON_SPECIES = frozenset({AESTHETIC_CHOICE, MUTIGEN, R_STRATEGIST, WICKED_REFLEXES})
ON_PREDATOR = frozenset({ARTIFICIALLY_SUSTAINED, PACK_HUNT})
ON_HABITAT = frozenset({INSECT_SWARM, PATHOGEN})
# Events whose effect on a species Hyper-adaptive Fauna can cancel (RULINGS.md, "Events and timing").
HYPER_TARGETS = frozenset({DROUGHT, WILDFIRE, OFFROADING, RITES_OF_SPRING})


def adjacent(position: int) -> tuple[int, ...]:
    return tuple(p for p in (position - 1, position + 1) if 0 <= p < ROW)


def has_effect(sp: Sp, effect: int) -> bool:
    return any(card % KINDS == effect for card in sp.effects)


def count_effect(sp: Sp, effect: int) -> int:
    """How many copies of `effect` are attached to the species: each one acts on its own."""
    return sum(1 for card in sp.effects if card % KINDS == effect)


def is_predator(sp: Sp) -> bool:
    return SPECIES[sp.kind].predator


# ---------------------------------------------------------------------------------------------------------------
# Growth and decline


def growth(t: MutableState, sp: Sp, exerting: bool, prey: Sp | None = None) -> int:
    """Counters gained on arrival (`exerting` False) or when exerting, predating on `prey` or not.

    On arrival only the printed X and the always-on bonuses count (+N at a resource, Commodity, Mated Pair); the
    bonuses worded for exerting or predating count only then (RULINGS.md, "Setup and turns", Deploy).
    """
    kind = sp.kind
    info = SPECIES[kind]
    gain = info.x
    resources = t.habitats[sp.habitat].resources
    for resource, bonus in info.bonuses:
        if resources & resource:
            gain += bonus
    here = t.at(sp.habitat)
    if kind == COCHINEAL and any(h.resources & HUMANS for h in t.habitats):  # Commodity
        gain += 1
    if kind == RAVEN and any(other.kind == RAVEN and other is not sp for other in here):
        gain += 1
    if not exerting:
        return gain
    if any(other is not sp and SPECIES[other.kind].group == info.group for other in here):
        # Each Aesthetic Choice attached gives its own +1 ("multiple effects can be deployed to the same card").
        gain += count_effect(sp, AESTHETIC_CHOICE)
    if kind == ANTS and any(other.kind == APHIDS for other in here):
        gain += 1
    gain += 2 * sum(1 for e in sp.effects if e % KINDS == MUTIGEN and t.mutations.get(e) == MUTATED_GROWTH)
    if prey is not None:
        if kind == COYOTE and any(other.kind == BADGER for other in here):
            gain += 1
        if kind == ROADRUNNER and SPECIES[prey.kind].group == REPTILE:
            gain += 1
        gain -= count_effect(prey, WICKED_REFLEXES)  # each copy costs the predator one
    return max(0, gain)


def bird_song(t: MutableState, sp: Sp) -> int:
    """K: the habitats next to this one holding at least one Bird song species, either player's."""
    if sp.kind not in BIRD_SONG:
        return 0
    return sum(1 for p in adjacent(sp.habitat) if any(other.kind in BIRD_SONG for other in t.at(p)))


def decline(t: MutableState, sp: Sp, active: int) -> int:
    """What the species loses in Termination stage 1: Y plus extra losses minus reductions, never below 0."""
    if sp.kind == HOGNOSE and sp.population == 0:
        return 0
    loss = SPECIES[sp.kind].y
    loss += sum(1 for spared in t.droughts if spared != sp.card)
    loss += sum(1 for e in sp.effects if e % KINDS == MUTIGEN and t.mutations.get(e) == MUTATED_DECLINE)
    if sp.card in t.pesticide:
        loss += 1
    if sp.owner == active:
        identity = t.identity(sp.habitat)
        form = SPECIES[sp.kind].form
        if (identity == GYPSUM_FLATS and form == BLANCHED) or (identity == LAVA_MALPAIS and form == MELANIC):
            loss -= 1
        if sp.kind == ORYX and sp.card in t.migrants:
            loss -= 1
        loss -= bird_song(t, sp)
    return max(0, loss)


def pesticides(t: MutableState) -> None:
    """Roll a D6 for each of the turn player's species at Agricultural Land: a 1 costs one more in stage 1."""
    for sp in t.species[t.active]:
        if t.identity(sp.habitat) == AGRICULTURAL_LAND and t.roll(6) == 1:
            t.pesticide.append(sp.card)


# ---------------------------------------------------------------------------------------------------------------
# Exerting and predation


def offroaded(t: MutableState, sp: Sp) -> bool:
    """Offroading Degradation forbids exerting where the species stands (Stockpiling ignores it)."""
    if sp.kind == ANTS:
        return False
    return any(o.position == sp.habitat and o.spared != sp.card for o in t.offroads)


def pack_hunting(t: MutableState, sp: Sp) -> bool:
    return has_effect(sp, PACK_HUNT) and any(other is not sp and is_predator(other) for other in t.at(sp.habitat))


def legal_prey(t: MutableState, sp: Sp) -> list[Sp]:
    """The species a predator may choose: rank equal or up to 3 lower (Pack Hunt lifts the upper bound), at its
    habitat (Keen Eyes: and the adjacent ones), never itself; Just a Twig / Just a Rock protect where no predation
    happened yet this turn, unless every legal prey is protected (RULINGS.md, "Card texts")."""
    rank = SPECIES[sp.kind].rank
    top = 99 if pack_hunting(t, sp) else rank
    places = (sp.habitat, *adjacent(sp.habitat)) if sp.kind == KESTREL else (sp.habitat,)
    prey = [
        other
        for other in t.all_species()
        if other is not sp and other.habitat in places and rank - 3 <= SPECIES[other.kind].rank <= top
    ]
    free = [
        other for other in prey if other.kind not in (WALKINGSTICK, HORNED_LIZARD) or t.predated >> other.habitat & 1
    ]
    return free if free else prey


def exert_choices(t: MutableState, sp: Sp) -> list[int]:
    """The prey a species may exert with (-1: exert without predating); empty if it cannot exert now."""
    if sp.exerted or sp.kind == VULTURE or offroaded(t, sp):
        return []
    if is_predator(sp):
        return [prey.card for prey in legal_prey(t, sp)]
    if sp.kind == HORNED_LIZARD:  # Ant Specialist
        return [-1, *(other.card for other in t.at(sp.habitat) if other.kind == ANTS)]
    return [-1]


def prey_loss(t: MutableState, predator: Sp, prey: Sp) -> int:
    """What the prey loses: 1, plus Artificially Sustained and the Badger's Dubious Pair; nothing with
    r-Strategist, or Livestock next to an Aphid Rancher (RULINGS.md: extra losses included)."""
    if has_effect(prey, R_STRATEGIST):
        return 0
    if prey.kind == APHIDS and any(other.kind == ANTS for other in t.at(prey.habitat)):
        return 0
    loss = 1 + sum(1 for e in predator.effects if e % KINDS == ARTIFICIALLY_SUSTAINED)
    if predator.kind == BADGER and any(other.kind == COYOTE for other in t.at(predator.habitat)):
        loss += 1
    return loss


def predate(t: MutableState, predator: Sp, prey: Sp) -> None:
    """The predator gains, the prey loses; the first predation at a habitat this turn ends Just a Twig/Rock there
    and calls its un-exerted Turkey Vultures (Scavenger)."""
    predator.population += growth(t, predator, True, prey)
    prey.population = max(0, prey.population - prey_loss(t, predator, prey))
    where = prey.habitat
    if t.predated >> where & 1:
        return
    t.predated |= 1 << where
    for vulture in t.at(where):
        # A Vulture just preyed on down to 0 is already on its way to the discard pile: it does not scavenge.
        if vulture.kind == VULTURE and vulture.population > 0 and not vulture.exerted and not offroaded(t, vulture):
            vulture.exerted = True
            vulture.population += growth(t, vulture, True)


# ---------------------------------------------------------------------------------------------------------------
# Deploying effects


def effect_targets(t: MutableState, seat: int, card: int) -> list[tuple[int, int]]:
    """(target, source) pairs an effect card may be deployed to."""
    kind = card % KINDS
    if kind in ON_SPECIES:
        return [(sp.card, -1) for sp in t.all_species()]
    if kind in ON_PREDATOR:
        return [(sp.card, -1) for sp in t.all_species() if is_predator(sp)]
    if kind in ON_HABITAT:
        return [(p, -1) for p in range(ROW)]
    if kind == HOMOGENIZATION:
        return [(p, source) for p in range(ROW) for source in adjacent(p)]
    assert kind == STABLE_CLIMATE
    return [(-1, -1)] if t.climate[1 - seat] == EMPTY else []


def still_legal(t: MutableState, seat: int, card: int, target: int, source: int) -> bool:
    return (target, source) in effect_targets(t, seat, card)


def attach(t: MutableState, seat: int, card: int, target: int, source: int) -> None:
    kind = card % KINDS
    if kind == STABLE_CLIMATE:
        t.climate[1 - seat] = card
        return
    if kind in ON_HABITAT or kind == HOMOGENIZATION:
        habitat = t.habitats[target]
        habitat.effects.append(card)
        if kind == HOMOGENIZATION:
            # A fresh copy of the source as it is now: none of its counters or effects (RULINGS.md).
            habitat.copy = t.identity(source)
            habitat.counters = PLAYA_COUNTERS if habitat.copy == DESERT_PLAYA else 0
        return
    sp = t.find(target)
    assert sp is not None
    sp.effects.append(card)
    if kind == MUTIGEN:
        t.mutations[card] = MUTATED_DECLINE if t.roll(6) <= 4 else MUTATED_GROWTH


# ---------------------------------------------------------------------------------------------------------------
# Events


def can_reveal(t: MutableState, seat: int) -> bool:
    return t.events[seat] >= 0 and t.climate[seat] == EMPTY


def reveal_options(t: MutableState, seat: int, context: int, ref: int) -> list[Reveal]:
    """Every way `seat` may reveal its face-down event in this window; empty when it may not.

    Reaction events only at their triggers; an event that could change nothing is not offered (RULINGS.md).
    """
    if not can_reveal(t, seat):
        return []
    card = t.events[seat]
    kind = card % KINDS
    if context == AT_ZERO:
        return [Reveal(seat, card, ref)] if kind == CONSERVATION_EFFORT else []
    if kind in REACTIONS:
        below = t.tasks[-2] if len(t.tasks) > 1 else ()
        if kind == ECHOED_FORM and context == AT_ANNOUNCE and _echoes(below, seat):
            return [Reveal(seat, card)]
        if kind == HYPER_ADAPTIVE and context == AT_RESPONSE and below and below[0] == RESOLVE:
            return [Reveal(seat, card, sp.card) for sp in affected(t, seat, below)]
        return []
    return [Reveal(seat, card, target) for target in event_targets(t, seat, kind)]


def _echoes(task: tuple[int, ...], seat: int) -> bool:
    """True if `task` is the other player's effect being attached to one of `seat`'s species."""
    if not task or task[0] != DEPLOYMENT or task[1] == seat:
        return False
    card, target = task[2], task[3]
    kind = card % KINDS
    return kind >= FIRST_EFFECT and (kind in ON_SPECIES or kind in ON_PREDATOR) and target // KINDS == seat


def event_targets(t: MutableState, seat: int, kind: int) -> list[int]:
    """The choices an ordinary event is revealed with (-1: none to make); empty if it could change nothing."""
    everyone = t.all_species()
    if kind == DROUGHT:
        return [-1] if everyone else []
    if kind == ECOLOGICAL_SUCCESSION:
        return list(range(ROW)) if t.habitat_decks[seat] else []
    if kind == LIMITED_RESOURCES:
        return [player for player in (seat, 1 - seat) if t.hands[player]]
    if kind == OFFROADING:
        return list(range(ROW))
    if kind == ONCE_THOUGHT_EXTINCT:
        return [card for card in t.discards[seat] if card % KINDS < FIRST_EFFECT]
    if kind == RITES_OF_SPRING:
        return [-1] if any(not is_predator(sp) for sp in everyone) else []
    assert kind == WILDFIRE
    return [p for p in range(ROW) if any(fleeing(t, seat, p, EMPTY)) or any(fleeing(t, 1 - seat, p, EMPTY))]


def affected(t: MutableState, seat: int, task: tuple[int, ...]) -> list[Sp]:
    """`seat`'s species that the other player's just revealed event (a RESOLVE task) would affect."""
    _, revealer, card, target, _ = task
    kind = card % KINDS
    if revealer == seat or kind not in HYPER_TARGETS:
        return []
    mine = t.species[seat]
    if kind == DROUGHT:
        return list(mine)
    if kind == RITES_OF_SPRING:
        return [sp for sp in mine if not is_predator(sp)]
    return [sp for sp in mine if sp.habitat == target]


def fleeing(t: MutableState, seat: int, position: int, spared: int) -> list[tuple[int, int]]:
    """Wildfire!: (species, destination) moves open to `seat` from the burning habitat."""
    return [
        (sp.card, to)
        for sp in t.species[seat]
        if sp.habitat == position and sp.card != spared
        for to in adjacent(position)
        if t.room(seat, to)
    ]


def resolve_event(t: MutableState, seat: int, card: int, target: int, spared: int) -> None:
    """A revealed event takes effect, then goes to its owner's discard pile. A chosen species or card that has
    left its place meanwhile is skipped (RULINGS.md)."""
    kind = card % KINDS
    t.discard(card)
    if kind == CONSERVATION_EFFORT:
        sp = t.find(target)
        if sp is not None and sp.population == 0:
            sp.population += 2
    elif kind == DROUGHT:
        t.droughts.append(spared)
    elif kind == ECHOED_FORM:
        for index in range(len(t.tasks) - 1, -1, -1):
            task = t.tasks[index]
            if task[0] == DEPLOYMENT:
                del t.tasks[index]
                t.discard(task[2])
                break
    elif kind == ECOLOGICAL_SUCCESSION:
        t.replace_habitat(target, seat)
    elif kind == HYPER_ADAPTIVE:
        for index in range(len(t.tasks) - 1, -1, -1):
            task = t.tasks[index]
            if task[0] == RESOLVE and task[1] != seat:
                _, revealer, card, event_target, _ = task
                t.tasks[index] = (RESOLVE, revealer, card, event_target, target)
                break
    elif kind == LIMITED_RESOURCES:
        hand = t.hands[target]
        if hand:
            lost = sorted(hand)[t.roll(len(hand)) - 1]
            t.take_from_hand(target, lost)
            t.discard(lost)
    elif kind == OFFROADING:
        # Until the end of the revealer's first turn that begins after the reveal.
        t.offroad(target, t.turn + (2 if seat == t.active else 1), spared)
    elif kind == ONCE_THOUGHT_EXTINCT:
        if target in t.discards[seat]:
            t.discards[seat].remove(target)
            t.to_hand_openly(seat, target)
    elif kind == RITES_OF_SPRING:
        for sp in t.all_species():
            # A species at 0 waits only to be discarded (Termination checks them one by one): nothing but a card
            # that says so (Conservation Effort) brings it back.
            if not is_predator(sp) and sp.card != spared and sp.population > 0:
                sp.population += 1
    else:
        t.then((WILDFIRE_TURN, target, seat, spared))

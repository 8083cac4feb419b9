"""What one seat may know of an Endless Forms position, a full position consistent with it, and move sentences.

Hidden from a seat: the other player's hand (except the cards seen going in: Once Thought Extinct, a deployment
that did not resolve) and face-down event (the seat knows one is there); the order, and so the next cards, of
both main decks and both habitat decks (its own too); the generator (future dice, draws and random discards).
Everything else is public: the row, the species and their counters, effects, discard piles, revealed events.
Once the game is over nothing is hidden, as players turn up their hands and events at the table: the final table
shows what the other seat held.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, NamedTuple

import msgspec

from exotui.games.endless import abilities
from exotui.games.endless.cards import (
    AGRICULTURAL_LAND,
    EMPTY,
    HIDDEN,
    HOGNOSE,
    INSECT_SWARM,
    KINDS,
    PATHOGEN,
    R_STRATEGIST,
    SPECIES,
    STABLE_CLIMATE,
    VULTURE,
    card_name,
    habitat_deck,
    is_event,
    main_deck,
)
from exotui.games.endless.mutable import MutableState
from exotui.games.endless.state import (
    ASK_REVEAL,
    AT_ZERO,
    DEPLOYMENT,
    OVER,
    PHASE,
    PREDATION,
    RESOLVE,
    TERMINATION,
    DeployEffect,
    DeployEvent,
    DeploySpecies,
    EndDeploy,
    EndlessState,
    EndMove,
    Exert,
    Flee,
    HotFoot,
    Keep,
    Move,
    Mulligan,
    Pass,
    Reveal,
    Sicken,
    Stand,
)

SEAT_NAMES = ("North", "South")


def view(state: EndlessState, seat: int) -> EndlessState:
    if state.phase == OVER:
        return msgspec.structs.replace(state, rng=0)
    other = 1 - seat
    hands = list(state.hands)
    secret = len(state.hands[other]) - len(state.known[other])
    hands[other] = (HIDDEN,) * secret + state.known[other]
    events = list(state.events)
    if events[other] >= 0:
        events[other] = HIDDEN
    return msgspec.structs.replace(
        state,
        hands=tuple(hands),
        events=tuple(events),
        decks=tuple((HIDDEN,) * len(deck) for deck in state.decks),
        habitat_decks=tuple((HIDDEN,) * len(deck) for deck in state.habitat_decks),
        rng=0,
    )


def public_cards(state: EndlessState) -> Iterator[int]:
    """Every card in a place both seats see: the row, species and effects, piles, revealed or announced cards."""
    for pile in (*state.discards, *state.habitat_discards, state.removed):
        yield from pile
    for habitat in state.habitats:
        yield habitat.card
        yield from habitat.effects
    for side in state.species:
        for sp in side:
            yield sp.card
            yield from sp.effects
    yield from (card for card in state.climate if card >= 0)
    for task in state.tasks:
        if task[0] in (DEPLOYMENT, RESOLVE):
            yield task[2]


def determinize(view_or_state: EndlessState, seat: int, rng: random.Random) -> EndlessState:
    """Deal the cards `seat` cannot see back into the hidden places, uniformly among the consistent deals (none once
    the game is over: only the generator is drawn anew).

    The other seat's unseen cards are its 40 main cards minus every card seen (public, known in hand); its
    face-down event is one of the unseen events, its hidden hand and its deck share the rest. The seat's own deck
    holds its own unseen cards, and each habitat deck what is not in the row or the habitat discards.
    """
    seen = view(view_or_state, seat)
    if seen.phase == OVER:
        return msgspec.structs.replace(seen, rng=rng.getrandbits(64))
    other = 1 - seat
    public = set(public_cards(seen))
    hands = list(seen.hands)
    events = list(seen.events)
    decks = list(seen.decks)
    own = [c for c in main_deck(seat) if c not in public and c not in hands[seat] and c != events[seat]]
    rng.shuffle(own)
    decks[seat] = _fill(decks[seat], own)
    known = seen.known[other]
    pool = [c for c in main_deck(other) if c not in public and c not in known]
    if events[other] == HIDDEN:
        event = rng.choice([c for c in pool if is_event(c)])
        pool.remove(event)
        events[other] = event
    rng.shuffle(pool)
    secret = len(hands[other]) - len(known)
    hands[other] = tuple(sorted(known + tuple(pool[:secret])))
    decks[other] = _fill(decks[other], pool[secret:])
    in_row = {h.card for h in seen.habitats}
    habitat_decks = []
    for s in (0, 1):
        left = [c for c in habitat_deck(s) if c not in in_row and c not in seen.habitat_discards[s]]
        rng.shuffle(left)
        habitat_decks.append(_fill(seen.habitat_decks[s], left))
    return msgspec.structs.replace(
        seen,
        hands=tuple(hands),
        events=tuple(events),
        decks=tuple(decks),
        habitat_decks=tuple(habitat_decks),
        rng=rng.getrandbits(64),
    )


def _fill(hidden: tuple[int, ...], cards: list[int]) -> tuple[int, ...]:
    if len(hidden) != len(cards):
        raise ValueError(f"inconsistent view: {len(hidden)} hidden places for {len(cards)} unseen cards")
    return tuple(cards)


# ---------------------------------------------------------------------------------------------------------------
# The row as the rules read it now


class HabitatNow(NamedTuple):
    """A habitat of the row as it plays now."""

    identity: int  # the habitat kind it plays as: its own, or the one it copies (Environmental Homogenization)
    resources: int  # its resource bits, Insect Swarm's Arthropods included


class SpeciesNow(NamedTuple):
    """A species in play's numbers now, every bonus and penalty that applies counted."""

    growth: int  # X: what it gains when it exerts where it is, without prey
    decline: int  # Y: what it loses in its owner's Termination


class RowNow(NamedTuple):
    """What the rules make of the habitat row now, beyond the printed cards."""

    habitats: tuple[HabitatNow, ...]  # by position
    species: dict[int, SpeciesNow]  # by species card, both seats'


def row_now(state: EndlessState) -> RowNow:
    """The habitat row as the rules read it in `state`, a true state or a seat's view (it reads only what is in
    play), so that a table shows growth and decline without running the rules itself."""
    t = MutableState(state)
    return RowNow(
        tuple(HabitatNow(habitat.identity, habitat.resources) for habitat in t.habitats),
        {
            sp.card: SpeciesNow(abilities.growth(t, sp, True), abilities.decline(t, sp, sp.owner))
            for sp in t.all_species()
        },
    )


# ---------------------------------------------------------------------------------------------------------------
# Sentences


def habitat_name(state: EndlessState, position: int) -> str:
    """'Desert Playa (2)': the name it plays as, and the position number the keys use."""
    if position >= len(state.habitats):
        return f"habitat {position + 1}"
    habitat = state.habitats[position]
    identity = habitat.copy if habitat.copy >= 0 else habitat.card % KINDS
    return f"{card_name(identity)} ({position + 1})"


def species_name(state: EndlessState, card: int) -> str:
    """The species and its owner: "South's Coyote"."""
    return f"{SEAT_NAMES[card // KINDS]}'s {card_name(card)}"


def describe_to(state: EndlessState, action: Any, seat: int | None) -> str:
    """`describe` as told to `seat` (None: a spectator): the seat deciding reads every card it uses; anyone else
    reads what the other seat's view shows, where an event placed face down is only "an event". A pass is told to
    nobody (empty): the table leaves it out of the log."""
    actor = state.tasks[-1][1] if state.tasks else 0
    if type(action) is Pass:
        # A pass is never told: a seat holding an event is asked at every window, and a log of its passes would
        # only bury what happened (a species discarded at 0 is told by `events`).
        return ""
    if seat == actor:
        return describe(state, action)
    return describe(view(state, 1 - actor), action)


def describe(state: EndlessState, action: Any) -> str:
    """One sentence for the log, from the state before the action (told from a seat's view, an event placed face
    down is named only if that seat can see it in the hand)."""
    seat = state.tasks[-1][1] if state.tasks else 0
    who = SEAT_NAMES[seat]
    kind = type(action)
    if kind is Keep:
        return f"{who} keeps the opening hand of {len(state.hands[seat])} cards."
    if kind is Mulligan:
        count = 8 if state.mulligans[seat] == 0 else 8 - state.mulligans[seat]
        return f"{who} mulligans for a new hand of {count} cards."
    if kind is DeploySpecies:
        carrion = f", removing {species_name(state, action.carrion)} from the game" if action.carrion >= 0 else ""
        return f"{who} deploys the {card_name(action.card)} to {habitat_name(state, action.habitat)}{carrion}."
    if kind is DeployEffect:
        effect = card_name(action.card)
        if action.card % KINDS == STABLE_CLIMATE:
            return f"{who} deploys {effect} to {SEAT_NAMES[1 - seat]}'s event zone."
        if action.source >= 0:
            copied = habitat_name(state, action.source)
            return f"{who} deploys {effect} to {habitat_name(state, action.target)}, copying {copied}."
        if action.card % KINDS in (INSECT_SWARM, PATHOGEN):
            return f"{who} deploys {effect} to {habitat_name(state, action.target)}."
        return f"{who} deploys {effect} to {species_name(state, action.target)}."
    if kind is DeployEvent:
        what = f"the {card_name(action.card)}" if action.card in state.hands[seat] else "an event"
        return f"{who} places {what} face down."
    if kind is EndDeploy:
        return f"{who} ends the Deploy Phase."
    if kind is Exert:
        where = habitat_name(state, _species(state, action.card).habitat)
        if action.prey < 0:
            return f"{who}'s {card_name(action.card)} exerts at {where}."
        return f"{who}'s {card_name(action.card)} predates on {species_name(state, action.prey)}."
    if kind is Move:
        return f"{who} moves the {card_name(action.card)} to {habitat_name(state, action.to)}."
    if kind is EndMove:
        return f"{who} ends the Move Phase."
    if kind is Pass:
        task = state.tasks[-1]
        if task[0] == ASK_REVEAL and task[2] == AT_ZERO:
            return f"{who} reveals nothing: {species_name(state, task[3])} is discarded at 0."
        return f"{who} reveals nothing."
    if kind is Reveal:
        return f"{who} reveals {card_name(action.card)}{_choice(state, action)}."
    if kind is HotFoot:
        return f"{who}'s {card_name(action.card)} is Hot-Footed to {habitat_name(state, action.to)}."
    if kind is Stand:
        return f"{who}'s {card_name(action.card)} stays and is preyed upon."
    if kind is Flee:
        return f"{who}'s {card_name(action.card)} flees the fire to {habitat_name(state, action.to)}."
    assert kind is Sicken
    return f"{who}'s {card_name(action.card)} loses one population to the Pathogen."


def _species(state: EndlessState, card: int) -> Any:
    return next(sp for sp in state.species[card // KINDS] if sp.card == card)


def _choice(state: EndlessState, action: Reveal) -> str:
    target = action.target
    name = card_name(action.card)
    if target < 0:
        return ""
    if name in ("Ecological Succession", "Offroading Degradation", "Wildfire!"):
        return f" at {habitat_name(state, target)}"
    if name == "Limited Resources":
        return f", choosing {SEAT_NAMES[target]}"
    if name == "Once Thought Extinct":
        return f", taking back the {card_name(target)}"
    if target == EMPTY:
        return ""
    return f" for {species_name(state, target)}"


# ---------------------------------------------------------------------------------------------------------------
# What an action caused


def events(before: EndlessState, action: Any, after: EndlessState) -> tuple[str, ...]:
    """What `action` caused beyond itself: new turns, arrivals, counters won and lost, moves, species and cards
    discarded, habitats replaced or copied, Drought and Offroading set, hands drawn, the end.

    Told from public parts only (the row, the species, the piles, hand sizes), so every seat's views give the same
    sentences as the true states.
    """
    told: list[str] = []
    if not before.habitats and after.habitats:
        told.append("The habitats: " + ", ".join(habitat_name(after, p) for p in range(len(after.habitats))) + ".")
    else:
        for position, (old, new) in enumerate(zip(before.habitats, after.habitats, strict=True)):
            if new.card != old.card:
                told.append(f"{habitat_name(before, position)} is replaced by {card_name(new.card)}.")
            elif new.copy != old.copy:
                told.append(f"{card_name(old.card)} ({position + 1}) becomes a copy of {card_name(new.copy)}.")
            for effect in new.effects:
                if effect not in old.effects:
                    told.append(f"{card_name(effect)} is attached to {habitat_name(after, position)}.")
    told.extend(_species_news(before, action, after))
    mutations = dict(after.mutations)
    for card, result in mutations.items():
        if card not in dict(before.mutations):
            told.append(f"The Mutigen roll gives {'+1 decline' if result == 1 else '+2 growth'}.")
    if len(after.droughts) > len(before.droughts):
        told.append("Drought: every species will lose one more population at the end of this turn.")
    for offroad in after.offroads:
        if offroad not in before.offroads:
            place = habitat_name(after, offroad.position)
            told.append(
                f"Offroading Degradation: no species may exert at {place} until the end of turn {offroad.until}."
            )
    for seat in (0, 1):
        grown = len(after.hands[seat]) - len(before.hands[seat])
        if grown > 0 and type(action) is not Mulligan:
            told.append(f"{SEAT_NAMES[seat]} now holds {len(after.hands[seat])} cards.")
        known = [card for card in after.known[seat] if card not in before.known[seat]]
        told.extend(f"The {card_name(card)} goes back to {SEAT_NAMES[seat]}'s hand." for card in known)
    # The new turn is told last: what the Termination and the end of the turn did belongs to the turn that ended.
    for turn in range(max(before.turn, 0) + 1, after.turn + 1):
        active = after.first if turn % 2 == 1 else 1 - after.first
        time = "Day" if (turn - 1) // 2 % 2 == 0 else "Night"
        told.append(f"Turn {turn} of 16, {time}: {SEAT_NAMES[active]} plays.")
    if after.phase == OVER and before.phase != OVER:
        told.append(_result(after))
    return tuple(told)


def _termination_pending(state: EndlessState) -> bool:
    """True while this turn's Termination stage 1 is still to come."""
    return state.phase < TERMINATION or any(task[:2] == (PHASE, TERMINATION) for task in state.tasks)


def _cause(
    before: EndlessState, action: Any, after: EndlessState, was: Any, sp: Any, terminated: bool, resolved: list[int]
) -> str:
    """Why a species' population changed, as the end of its sentence: ", preyed on by South's Coyote"."""
    kind = type(action)
    lost = sp.population < was.population
    if kind is Exert and action.prey == sp.card:
        return f", preyed on by {species_name(before, action.card)}"
    if kind is Exert and action.card == sp.card:
        return f", predating on {species_name(before, action.prey)}" if action.prey >= 0 else ", exerting"
    if kind is Sicken and action.card == sp.card:
        return ", to the Pathogen"
    if resolved:
        return f" ({', '.join(card_name(card) for card in resolved)})"
    if lost and terminated:
        t = MutableState(before)
        owner_sp = t.find(sp.card)
        active = after.first if before.turn % 2 == 1 else 1 - after.first
        expected = abilities.decline(t, owner_sp, active) if owner_sp is not None else 0
        parts = [f"Y {SPECIES[sp.card % KINDS].y}"]
        if before.droughts:
            parts.append("Drought")
        if was.population - sp.population > expected and t.identity(sp.habitat) == AGRICULTURAL_LAND:
            parts.append("Pesticides")
        return f" in the Termination ({', '.join(parts)})"
    if not lost and sp.exerted and not was.exerted:
        return ", scavenging" if sp.card % KINDS == VULTURE else ", exerting"
    return ""


def _unharmed(state: EndlessState, prey: Any) -> str:
    """Why a prey lost nothing: r-Strategist, Livestock (Aphids beside an Aphid Rancher) or Feign death."""
    if any(effect % KINDS == R_STRATEGIST for effect in prey.effects):
        return "r-Strategist"
    if prey.card % KINDS == HOGNOSE and prey.population == 0:
        return "Feign death: it is at 0"
    return "Livestock: Aphids beside Mexican Honeypot Ants"


def _species_news(before: EndlessState, action: Any, after: EndlessState) -> list[str]:
    told = []
    terminated = _termination_pending(before) and (
        after.turn != before.turn or after.phase == OVER or not _termination_pending(after)
    )
    # Events that resolved in this step (they went to a discard pile): the cause of what changed with them.
    resolved = [
        card
        for seat in (0, 1)
        for card in after.discards[seat][len(before.discards[seat]) :]
        if is_event(card) and card not in before.discards[seat]
    ]
    old = {sp.card: sp for side in before.species for sp in side}
    new = {sp.card: sp for side in after.species for sp in side}
    for card, sp in new.items():
        name = species_name(after, card)
        was = old.get(card)
        if was is None:
            told.append(f"{name} arrives at {habitat_name(after, sp.habitat)} with {sp.population}.")
            continue
        if sp.habitat != was.habitat and getattr(action, "card", None) != card:
            told.append(f"{name} moves to {habitat_name(after, sp.habitat)}.")
        if sp.population != was.population:
            why = _cause(before, action, after, was, sp, terminated, resolved)
            told.append(f"{name} goes from {was.population} to {sp.population}{why}.")
            if sp.card % KINDS == HOGNOSE and sp.population == 0:
                told.append(f"{name} stays in play at 0 (Feign death).")
        elif type(action) is Exert and action.prey == card and not any(task[0] == PREDATION for task in after.tasks):
            told.append(f"{name} loses nothing to the predation ({_unharmed(before, was)}).")
        for effect in sp.effects:
            if effect not in was.effects:
                told.append(f"{card_name(effect)} is attached to {name}.")
    for card in old:
        if card not in new:
            where = "is removed from the game" if card in after.removed else "is discarded"
            told.append(f"{species_name(before, card)} {where}.")
    for seat in (0, 1):
        for card in after.discards[seat][len(before.discards[seat]) :]:
            if card not in old:
                told.append(f"The {card_name(card)} goes to {SEAT_NAMES[seat]}'s discard pile.")
    return told


def _result(state: EndlessState) -> str:
    north, south = (sum(sp.population for sp in side) for side in state.species)
    if north == south:
        return f"After 16 turns: {north} to {south}, a draw."
    winner = SEAT_NAMES[0] if north > south else SEAT_NAMES[1]
    return f"After 16 turns: North {north}, South {south}: {winner} wins."

"""ExoFauna/Duo's describe_to: a decision told to a seat names no card that seat sees only the back of."""

from __future__ import annotations

import random

from exotui.engine.protocol import describe_to
from exotui.games import get
from exotui.games.exofauna.cards import card_name

GAME = get("exofauna")


def test_a_card_seen_only_as_a_back_is_hidden_and_a_decision_made_names_its_card() -> None:
    rng = random.Random(3)
    state = GAME.new_game(8, 2)
    hidden = named = 0
    while not GAME.is_over(state):
        seat = GAME.current_player(state)
        assert seat is not None
        other = 1 - seat
        for action in GAME.legal_actions(state):
            card = getattr(action, "card", None)
            if card is None:
                continue
            # From the other seat's view before the decision (the computer's preferred move shown to the person):
            # named only when that seat knows the card is in this hand.
            before = describe_to(GAME, GAME.view(state, other), action, other)
            secret = card not in state.known[seat]
            assert ("hidden card" in before) == secret, before
            assert secret or card_name(card) in before
            hidden += secret
            named += not secret
            # Told from the true state (the log, once it is played): everyone reads the card, as playing shows it.
            for reader in (seat, other, None):
                assert describe_to(GAME, state, action, reader) == GAME.describe(state, action)
            # The deciding seat reads its own card in its own view.
            assert describe_to(GAME, GAME.view(state, seat), action, seat) == GAME.describe(state, action)
        state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert hidden > 10 and named > 0

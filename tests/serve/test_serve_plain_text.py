"""Whatever comes to an SSH table's app from the table or from people (names, refusals, notices, the lobby, who left)
is drawn as it is: never read as Textual markup, where "[b]" would turn bold and vanish and "[/]" with nothing to
close raised a MarkupError. The names here are the worst a table could be given; the server's own name tags are
plainer (`display_name`), but a table's names also come from its seating on disk.
"""

from __future__ import annotations

import asyncio

import msgspec
import pytest
from textual.widgets import Label

from exotui import games
from exotui.engine.protocol import public_view, seat_names
from exotui.serve import wire
from exotui.serve.table_app import TableEndScreen, TableScreen, WaitingScreen
from exotui.tui.screens.confirm import QuestionScreen
from pilot_helpers import settle, status_text
from spectator_helpers import POSITIONS, WatchingApp, position, screen_text

# Each person's name, and what is left of it when it is read as markup.
NAMES = ("[b]ann[/]", "[i]zed[/]")
BARE = ("ann", "zed")


def labels_of(game_id: str) -> list[str]:
    return [f"{name}: {person}" for name, person in zip(seat_names(games.get(game_id), 2), NAMES, strict=True)]


def shown_to(game_id: str, viewer: int | None) -> wire.Show:
    """A two-seat game a few decisions in, as the table shows it to `viewer` (None: a spectator), seats named NAMES."""
    game = games.get(game_id)
    state = position(game_id, *POSITIONS[game_id])
    view = game.view(state, viewer) if viewer is not None else public_view(game, state, 2)
    labels = labels_of(game_id)
    deciding = game.current_player(view)
    status = f"Waiting for {labels[deciding]}." if deciding != viewer else "Your decision."
    return wire.Show(game_id, viewer, labels, msgspec.msgpack.encode(view), deciding, [], True, status)


def drawn_as_they_are(text: str) -> None:
    """Every name on the screen is drawn whole, brackets and all: what markup leaves of one is nowhere alone."""
    for name, bare in zip(NAMES, BARE, strict=True):
        assert text.count(bare) == text.count(name), f"{name!r} drawn as markup in:\n{text}"


@pytest.mark.parametrize("viewer", [0, None], ids=["player", "spectator"])
@pytest.mark.parametrize("game_id", sorted(POSITIONS))
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_names_with_brackets_are_drawn_as_they_are_on_every_table(game_id: str, viewer: int | None, size) -> None:
    """ExoFauna's side panel and EXO n°2's Galaxy titles read names as markup ('▶Blue: ann', 'Seat 2: ' and nothing)."""
    show = shown_to(game_id, viewer)

    async def scenario() -> None:
        app = WatchingApp(show, game_id, watching=viewer is None)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            text = screen_text(app)
            assert show.labels[show.deciding] in text
            drawn_as_they_are(text)

    asyncio.run(scenario())


def toasts(app: WatchingApp) -> list[str]:
    return [" ".join(str(toast.render()).split()) for toast in app.screen.query("Toast")]


def test_a_refusal_and_a_notice_with_brackets_are_shown_as_they_are() -> None:
    """A refusal (`wire.Refused`) was read as markup: "'[b]x[/]'" was drawn "'x'", and a "[/]" with nothing to close
    raised a MarkupError."""
    refused = "That table cannot be set: unknown player '[b]x[/]' nor '[/]'."
    notice = "The computer could not decide for Blue: KeyError: '[/]'. It played a legal move at random."

    async def scenario() -> None:
        app = WatchingApp(shown_to("exofauna", 0))
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            app.received(wire.Refused(refused))
            app.received(wire.Notice(notice))
            await settle(pilot)
            assert toasts(app) == [refused, notice]

    asyncio.run(scenario())


def test_the_lobby_who_left_and_the_take_over_question_show_names_as_they_are() -> None:
    """The question that lets the AI take a departed player's seat names them: it was read as markup."""
    labels = labels_of("exofauna")
    left = f"{labels[1]} left the table; the seat waits for them."

    async def scenario() -> None:
        app = WatchingApp(None, watching=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            lobby = app.screen_stack[0]
            assert isinstance(lobby, WaitingScreen)
            app.received(wire.Lobby(["Table t: ExoFauna/Duo", "", *labels, "", f"You sit as {labels[0]}."], True))
            app.shown(shown_to("exofauna", 0))
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            app.received(wire.Absent(left, True))
            await settle(pilot)
            assert left in screen_text(app) and status_text(app) == "Your decision."
            await pilot.press("ctrl+t")
            await settle(pilot)
            assert isinstance(app.screen, QuestionScreen)
            question = str(app.screen.query_one("#question", Label).render())
            assert question.startswith(f"{left}\nLet the AI (normal) play their seat")
            drawn_as_they_are(screen_text(app))
            await pilot.press("n")
            await settle(pilot)
            assert app.screen is screen
            # The lobby, under the table, said who sits where as it is too.
            assert all(label in str(lobby.query_one("#waiting").render()) for label in labels)

    asyncio.run(scenario())


def test_the_end_box_shows_names_with_brackets_as_they_are() -> None:
    """The result's headline names the winner ('Blue: [b]ann[/] wins.'): it was read as markup."""
    labels = labels_of("exofauna")
    headline = f"{labels[0]} wins."

    async def scenario() -> None:
        app = WatchingApp(shown_to("exofauna", 1))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            state = position("exofauna", 2, 1000)
            app.finished(wire.End("exofauna", headline, labels, msgspec.msgpack.encode(state)))
            app.voted(wire.RematchVote([labels[0]], [labels[1]], can_agree=True))
            await settle(pilot)
            assert isinstance(app.screen, TableEndScreen)
            text = screen_text(app)
            assert headline in text and f"Rematch asked by {labels[0]}. Waiting for {labels[1]}." in text
            drawn_as_they_are(text)

    asyncio.run(scenario())

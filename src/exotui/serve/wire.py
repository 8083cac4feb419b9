"""What a table and the apps of the people at it say to each other, over a Unix socket private to the server.

Frames are a 4-byte big-endian length and one msgpack-encoded message. A view and an action travel as msgpack of
the game's own `state_type` and `action_type`, so each side decodes them with the game's types: a person's keys
reach the table only as one of the legal actions of their own seat, never as raw bytes.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Final

import msgspec

# No message comes near this; a longer frame means the other side is broken, and the connection is dropped.
MAX_FRAME: Final = 4 * 1024 * 1024


# ---------------------------------------------------------------------------------------------------------------
# From a person's app to the table


class Join(msgspec.Struct, tag=True, frozen=True):
    """The first message: who this is (set by the server from the SSH key), and where their saves go. A guest (no
    key: a new identity each time) may bring the token of the seat they were given, to sit there again."""

    identity: str
    name: str
    saves: str
    token: str = ""
    guest: bool = False


class Setup(msgspec.Struct, tag=True, frozen=True):
    """The first arrival's choice: the game, who sits where ("human" or an AI spec), the variant."""

    game: str
    seats: list[str]
    variant: str | None


class Fill(msgspec.Struct, tag=True, frozen=True):
    """A seated person asks to fill the open seats with the AI at `level`, and start."""

    level: str


class Decide(msgspec.Struct, tag=True, frozen=True):
    """This person's decision, encoded with the game's action_type."""

    action: bytes


class Rematch(msgspec.Struct, tag=True, frozen=True):
    """Once the game is over, a seated person asks for another: the same seats, a new deal."""


class TakeOver(msgspec.Struct, tag=True, frozen=True):
    """A seated person lets the AI (normal) play the seats whose players left a while ago; the game goes on."""


class GoneOn(msgspec.Struct, tag=True, frozen=True):
    """A seated person went on from a position their table kept on show (Raging Rodents' scored invasion): the
    turns held for them go on once nobody else is awaited (`Show.held`)."""


ToTable = Join | Setup | Fill | Decide | Rematch | TakeOver | GoneOn


# ---------------------------------------------------------------------------------------------------------------
# From the table to one person's app


class Choose(msgspec.Struct, tag=True, frozen=True):
    """You arrived first: choose the game and its seats."""


class Lobby(msgspec.Struct, tag=True, frozen=True):
    """Waiting for people: the table's state in lines, and whether you may fill the open seats with the AI."""

    lines: list[str]
    can_fill: bool


class Show(msgspec.Struct, tag=True, frozen=True):
    """The game as you may see it.

    `viewer` is your seat (None for a spectator). `view` is the game's view for your seat, or for a spectator the
    public view (every seat's hidden parts hidden), which the board draws from no seat.
    `log` is every decision since your last Show as (turn, sentence, events), told to your seat (a spectator reads
    what every seat sees). `whole` marks the first Show of a game for you (you joined, or a rematch began): `log`
    then holds every decision from the start, and the app draws a fresh table.
    """

    game: str
    viewer: int | None
    labels: list[str]
    view: bytes
    deciding: int | None
    log: list[tuple[int, str, tuple[str, ...]]]
    whole: bool
    status: str
    # What the setup did before the first decision (the game's `opening`), sent with a `whole` Show.
    opening: tuple[str, ...] = ()
    # The positions reached between the decisions of `log` worth a pause (the game's `interlude`: Raging Rodents'
    # scored invasions), each in your view; the table keeps a new one on show until you go on, as the app does.
    interludes: list[bytes] = []
    # Nobody decides yet, `deciding` neither: seated people still look at a position kept on show (the game's
    # `interlude_waits`; `status` names them), and the table waits for each one's `GoneOn`.
    held: bool = False
    # While `held`: the seats of the people the table waits for to go on.
    awaited: list[int] = []
    # The computer at `deciding` stopped for good: its search failed, and so did a move at random. The game stays as
    # saved until someone comes to the table (then it tries again, and a new Show says so).
    stopped: bool = False


class End(msgspec.Struct, tag=True, frozen=True):
    """The game is over: the headline for you, and the final state (every card may be shown now).

    `ending` is how the game ended as your log told it (`play.session.how_it_ended` of the story your Shows told, a
    spectator's too): the last turn's decisions that set something off with what they caused, then the last one,
    as (turn, sentence, events). The end box tells them, as it covers the foot of the table, where the log ends.
    """

    game: str
    headline: str
    labels: list[str]
    state: bytes
    ending: list[tuple[int, str, tuple[str, ...]]] = []


class RematchVote(msgspec.Struct, tag=True, frozen=True):
    """Once the game is over: the seats that asked for a rematch (a computer's asks by itself), the seats awaited
    (a person who left the table is marked so), and whether you may still ask. Sent on every change; when every
    seat has asked, the new game's first Show follows."""

    agreed: list[str]
    awaited: list[str]
    can_agree: bool


class Refused(msgspec.Struct, tag=True, frozen=True):
    """Why a message was not taken (a decision out of turn, a bad setup): one line for the status bar."""

    text: str


class Notice(msgspec.Struct, tag=True, frozen=True):
    """Something everyone at the table is told as it happens, in one line (the computer could not decide)."""

    text: str


class Absent(msgspec.Struct, tag=True, frozen=True):
    """Whose players left the game in progress ("" when nobody's), and whether you may now let the AI take their
    seats (`TakeOver`). Sent to everyone on every change."""

    text: str
    can_take_over: bool


class SeatToken(msgspec.Struct, tag=True, frozen=True):
    """A guest's seat: `command` sits them there again after a disconnect (a guest is a new identity each time)."""

    token: str
    command: str


ToPerson = Choose | Lobby | Show | End | RematchVote | Refused | Notice | Absent | SeatToken


async def send(writer: asyncio.StreamWriter, message: msgspec.Struct) -> None:
    data = msgspec.msgpack.encode(message)
    writer.write(struct.pack(">I", len(data)) + data)
    await writer.drain()


async def receive(reader: asyncio.StreamReader, decoder: msgspec.msgpack.Decoder) -> object:
    """The next message; IncompleteReadError at the end, ValueError for a frame that is too long or malformed."""
    (length,) = struct.unpack(">I", await reader.readexactly(4))
    if length > MAX_FRAME:
        raise ValueError(f"a frame of {length} bytes")
    try:
        return decoder.decode(await reader.readexactly(length))
    except msgspec.DecodeError as exc:
        raise ValueError(str(exc)) from None


TABLE_DECODER: Final = msgspec.msgpack.Decoder(ToTable)
PERSON_DECODER: Final = msgspec.msgpack.Decoder(ToPerson)

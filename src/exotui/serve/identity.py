"""Who is playing, and where their saves live: one identity per client public key, a guest for a keyless client.

Everything the server keeps sits under its data directory (mode 0700, since saves are private to their player):

    DATA/host_key           the server's own key, created on first start (0600) and reused
    DATA/players/<sha256>/  the saves of one public key, named by the hex SHA-256 of the key's wire form
    DATA/guests/<random>/   a keyless session's saves, made as its session starts and deleted when it ends
    DATA/tables/            the tables' sockets and games in progress (table.py)
"""

from __future__ import annotations

import hashlib
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path

import asyncssh

HOST_KEY_ALGORITHM = "ssh-ed25519"


class ServeError(Exception):
    """A problem the operator can fix (a bad flag, an unsafe host key): printed as one line."""


@dataclass(frozen=True)
class Identity:
    """A player as the server knows them: a key fingerprint (or a guest name) and their own saves directory."""

    name: str
    saves: Path
    guest: bool

    @property
    def short(self) -> str:
        """A few characters that tell players apart on screen (a table's seats), never the whole fingerprint."""
        return "guest" if self.guest else self.name.removeprefix("SHA256:")[:8]


def private_dir(path: Path) -> Path:
    """`path` as a directory only its owner may read (created if missing, tightened if it exists)."""
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    path.chmod(0o700)
    return path


def key_identity(data: Path, key: asyncssh.SSHKey) -> Identity:
    """The identity of a client public key: the same key gets the same saves from any machine."""
    digest = hashlib.sha256(key.public_data).hexdigest()
    saves = private_dir(data / "players" / digest)
    return Identity(key.get_fingerprint("sha256"), saves, guest=False)


def guest_identity(data: Path) -> Identity:
    """A fresh guest: saves in a new temporary directory, removed by `forget_guest` when the session ends."""
    saves = Path(tempfile.mkdtemp(prefix="guest-", dir=private_dir(data / "guests")))
    return Identity(saves.name, saves, guest=True)


def forget_guest(identity: Identity) -> None:
    if identity.guest:
        shutil.rmtree(identity.saves, ignore_errors=True)


def forget_all_guests(data: Path) -> None:
    """Remove guest saves left by a server that did not stop cleanly (a guest's saves last one session only)."""
    shutil.rmtree(data / "guests", ignore_errors=True)


def host_key(path: Path) -> asyncssh.SSHKey:
    """The server's private key at `path`: created on first start (readable by its owner only), then reused.

    A key file that others may read is refused, as OpenSSH refuses one: it may have been copied.
    """
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        mode = path.stat().st_mode
        if not stat.S_ISREG(mode):
            raise ServeError(f"host key {path} is not a file; give the path of a key file (made if missing)") from None
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise ServeError(f"host key {path} is readable by others (mode {mode & 0o777:o}); chmod 600 it") from None
        try:
            return asyncssh.read_private_key(path)
        except (OSError, asyncssh.KeyImportError) as exc:
            raise ServeError(f"host key {path} cannot be read: {exc}") from None
    except OSError as exc:
        raise ServeError(f"cannot create the host key {path}: {exc.strerror}") from None
    key = asyncssh.generate_private_key(HOST_KEY_ALGORITHM)
    with os.fdopen(fd, "wb") as file:
        file.write(key.export_private_key())
    return key

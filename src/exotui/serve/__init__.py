"""`exotui serve`: an SSH server that runs the app for every connection, so players need nothing but `ssh`.

One process per SSH session, each on its own pseudo-terminal (`pty.py`); identities by public key (`identity.py`);
the server, its limits and its clean stop (`server.py`). Tables shared between people: `table.py` (the authority
of one table), `table_app.py` (the app each person at a table sees), `wire.py` (what they say to each other).
docs/serve.md says why it is built this way.
"""

"""The Textual app: `exotui` with no subcommand opens it (see app.py)."""

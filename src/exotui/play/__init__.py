"""A game in progress, below every front end: the session (seats, apply with autosave, the story, takebacks) and the
turn driver (what comes next, the computer's decision from its own view, the pause after it).

The app's game screen, the SSH table and the headless commands use it; it imports no Textual
(tests/engine/test_layering.py).
"""

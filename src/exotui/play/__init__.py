"""A game in progress, below every front end: the session (seats, apply with autosave, the story, takebacks).

The app's game screen, the SSH table and the headless commands use it; it imports no Textual (tests/test_layering.py).
"""

"""Measuring tools, apart from the runtime: arenas, SPRT, ladders, benchmarks and comparisons of the AI
(`exotui arena`, `bench`, `ladder`), the app as a player feels it (`python -m exotui.measure.app`) and the server's
capacity (`python -m exotui.measure.serve`). Only the command line imports them; nothing a player runs needs them."""

"""ExoFauna/Duo: two players, organisms around two Watering Holes; first to claim 2 holes wins."""

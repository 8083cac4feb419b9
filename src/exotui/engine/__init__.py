"""Game-agnostic engine: the protocol every game implements, the in-state generator, records and saves."""

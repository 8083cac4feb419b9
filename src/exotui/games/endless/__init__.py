"""Endless Forms: the Asombro Edition starter deck for two players."""

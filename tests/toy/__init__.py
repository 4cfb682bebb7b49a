"""Noughts and Crosses: a toy game added through docs/developing.md's list, in the tests
only (tests/test_adding_a_game.py)."""

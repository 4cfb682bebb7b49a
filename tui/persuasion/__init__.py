"""Persuasion's screens: the public table, each seat's decisions and known cards."""

"""The kit every game's screens are built on: the public table, a seat's own screen,
a screen that asks one question at a time, and a form over the table."""

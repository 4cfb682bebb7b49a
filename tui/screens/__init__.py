"""The shell around the games: lobby, setup, resume, curtain, help and the end."""

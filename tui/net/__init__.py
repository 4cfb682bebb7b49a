"""Every seat its own terminal: the host's socket, the joined seat's table, the wire."""

"""Who may take which seat of a hosted table: join codes, claims and the watch code.

A seat's join code takes it once. The terminal that takes it claims it and is
given a code of its own (the seat's *rejoin code*), shown only on that terminal:
from then on the join code alone opens nothing, so a code read off the public
screen is worth nothing once its person has joined. A dropped terminal gets back
in with its rejoin code (``parlour join`` keeps it and uses it by itself). When a
person's terminal is lost with its rejoin code, the host frees the seat: the claim
goes and the seat gets a new join code. The watch code lets anyone watch the
public table (through the SSH door: the socket needs none, it is open only to
the host's own account or group).

Everything here can be written down and read back (``to_data``/``from_data``), so
a host that crashed and is resumed takes the same codes.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any

from attrs import frozen

from rules.engine import Seat
from tui.net.codes import ALPHABET, CODE_LENGTH, seat_of, tidy

CLAIMED = (
    "That seat's player has joined already, so its join code no longer opens it. "
    "If it is yours, ask the host to free the seat."
)
WRONG_CODE = "That code opens no seat at this table. Check it with the host."


@frozen
class Entry:
    """What a code opens: a seat, watching, or nothing (``refusal`` says why)."""

    seat: Seat | None = None
    watch: bool = False
    tavern: bool = False
    """The tavern's code: a newcomer waits at the door to be seated as someone new."""
    refusal: str = ""
    rejoin: bool = False
    """The code was the seat's rejoin code (not its join code)."""


def _fresh(taken: set[str]) -> str:
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


class Seating:
    """The codes of one hosted table."""

    def __init__(
        self,
        codes: dict[Seat, str],
        watch_code: str = "",
        claims: dict[Seat, str] | None = None,
        tavern_code: str = "",
    ) -> None:
        self.codes = dict(codes)
        """Each joined seat's join code (only an unclaimed seat's still opens it)."""
        self.claims: dict[Seat, str] = dict(claims or {})
        """Each claimed seat's rejoin code."""
        self.watch_code = watch_code or _fresh(set(self.codes.values()))
        self.tavern_code = tavern_code
        """The door a newcomer walks in by, at a table that takes walk-ins ('': none)."""

    def open_tavern(self) -> str:
        """The tavern's code, dealt the first time (a table that takes walk-ins)."""
        if not self.tavern_code:
            self.tavern_code = _fresh(self._taken())
        return self.tavern_code

    @classmethod
    def deal(cls, seats: list[Seat]) -> Seating:
        """Fresh, distinct codes for ``seats`` and a watch code."""
        codes: dict[Seat, str] = {}
        for seat in seats:
            codes[seat] = _fresh(set(codes.values()))
        return cls(codes)

    def _taken(self) -> set[str]:
        return {*self.codes.values(), *self.claims.values(), self.watch_code, self.tavern_code}

    def entry(self, typed: str) -> Entry:
        """What ``typed`` opens (compared in constant time)."""
        seat = seat_of(self.claims, typed)
        if seat is not None:
            return Entry(seat, rejoin=True)
        seat = seat_of(self.codes, typed)
        if seat is not None:
            return Entry(refusal=CLAIMED) if seat in self.claims else Entry(seat)
        if hmac.compare_digest(self.watch_code.encode(), tidy(typed).encode()):
            return Entry(watch=True)
        tavern = self.tavern_code
        if tavern and hmac.compare_digest(tavern.encode(), tidy(typed).encode()):
            return Entry(tavern=True)
        return Entry(refusal=WRONG_CODE)

    def claim(self, seat: Seat) -> str:
        """The seat's rejoin code, dealt at its first join."""
        if seat not in self.claims:
            self.claims[seat] = _fresh(self._taken())
        return self.claims[seat]

    def claimed(self, seat: Seat) -> bool:
        return seat in self.claims

    def free(self, seat: Seat) -> str:
        """Forget the seat's claim and deal it a new join code (returned)."""
        self.claims.pop(seat, None)
        self.codes[seat] = _fresh(self._taken())
        return self.codes[seat]

    def to_data(self) -> dict[str, Any]:
        return {
            "codes": {str(seat): code for seat, code in self.codes.items()},
            "claims": {str(seat): code for seat, code in self.claims.items()},
            "watch": self.watch_code,
            "tavern": self.tavern_code,
        }

    @classmethod
    def from_data(cls, data: Any, seats: list[Seat]) -> Seating | None:
        """The seating written by ``to_data`` for these joined ``seats``; None when the
        data is not that (another table's, or damaged)."""
        try:
            codes = {int(k): tidy(v) for k, v in data["codes"].items()}
            claims = {int(k): tidy(v) for k, v in data["claims"].items()}
            watch = tidy(data["watch"])
            tavern = tidy(data.get("tavern", ""))  # (none before walk-ins)
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        every = [*codes.values(), *claims.values(), watch, *([tavern] if tavern else [])]
        if sorted(codes) != sorted(seats) or not set(claims) <= set(seats):
            return None
        if len(set(every)) != len(every) or any(
            len(code) != CODE_LENGTH or set(code) - set(ALPHABET) for code in every
        ):
            return None
        return cls(codes, watch, claims, tavern)

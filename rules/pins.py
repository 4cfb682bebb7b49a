"""A seat's PIN as a save keeps it: salted, slow to try, checked without leaking time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

PIN_WORK = 2**14
"""scrypt's cost for a PIN (with r=8, 16 MB): about 70 ms a try here, so trying all
10,000 four-digit PINs from a save file costs over ten minutes of a core."""
_MOST_WORK = 2**16
"""The dearest cost a save may ask for (a damaged one asks no more than this)."""
_MAXMEM = 2**27


def hash_pin(pin: str, work: int = PIN_WORK, salt: bytes | None = None) -> str:
    """A PIN as it is saved: ``scrypt$WORK$SALT$KEY``, salted (16 random bytes) and
    slow on purpose. It keeps a seat's screen from other eyes at the table; it is no
    lock against someone who can read the save file and wait."""
    salt = secrets.token_bytes(16) if salt is None else salt
    return f"scrypt${work}${salt.hex()}${_derive(pin, work, salt).hex()}"


def _derive(pin: str, work: int, salt: bytes) -> bytes:
    return hashlib.scrypt(pin.encode(), salt=salt, n=work, r=8, p=1, maxmem=_MAXMEM, dklen=32)


def pin_fits(pin: str, saved: str) -> bool:
    """Whether ``pin`` is the one ``saved`` (from :func:`hash_pin`) was made from.

    A save from before the salted PINs holds a bare SHA-256; it is still read."""
    parts = saved.split("$")
    if len(parts) != 4 or parts[0] != "scrypt":
        legacy = hashlib.sha256(f"parlour-pin:{pin}".encode()).hexdigest()
        return hmac.compare_digest(legacy, saved)
    try:
        work, salt, key = int(parts[1]), bytes.fromhex(parts[2]), bytes.fromhex(parts[3])
        if not 2 <= work <= _MOST_WORK:
            return False
        return hmac.compare_digest(_derive(pin, work, salt), key)
    except ValueError:  # a damaged hash: no PIN fits it
        return False

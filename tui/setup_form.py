"""Checking a setup form: names, people or bots, PINs, seed, options, pack.

Pure functions, so the Setup screen and ``parlour new`` refuse the same
mistakes with the same sentences.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen

from rules.chance import SEED_DIGITS, secret_seed
from rules.engine import GameInfo, IllegalAction
from rules.names import look_alike, name_fault, plain_name, text_fault
from rules.packs import PackError
from rules.pins import PIN_WORK, hash_pin
from rules.session import BOT, PERSON, SeatPlan, Session

LONGEST_NAME = 16
BOT_NAMES = ("Cupid", "Juliet", "Valentine", "Darcy", "Eros", "Venus", "Romeo", "Psyche")


@frozen
class SetupEntry:
    """What a player typed into the setup form (all text, unchecked)."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    pins: tuple[str, ...]
    seed: str
    """Empty for a secret seed."""
    options: tuple[tuple[str, str], ...] = ()
    pack: str = ""
    texts: tuple[tuple[str, str], ...] = ()


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number written in the digits 0-9 (``str.isdigit``
    also takes "²" and Arabic-Indic digits, which ``int`` then refuses or reads)."""
    return text.isascii() and text.isdigit()


def bot_names(count: int, taken: tuple[str, ...]) -> tuple[str, ...]:
    """Names for bots that clash with no player's name or initial."""
    used = {n.casefold() for n in taken}
    initials = {n[:1].casefold() for n in taken}
    free = [n for n in BOT_NAMES if n.casefold() not in used and n[:1].casefold() not in initials]
    free += [n for n in BOT_NAMES if n.casefold() not in used and n not in free]
    return tuple(free[:count])


def name_problem(name: str) -> str | None:
    """What is wrong with one name (already ``plain_name``), to follow "the name", or
    None: the setup form and ``--name`` take a name by the same rules."""
    if not name:
        return "is empty"
    if len(name) > LONGEST_NAME:
        return f"is too long ({LONGEST_NAME} characters at most)"
    return name_fault(name)


BOT_NARRATOR = (
    "The last seat narrates when Person narrates is 1, and a bot cannot narrate: make the "
    "last seat a person (on the command line, leave out --bots, since bots sit last), or "
    "set Person narrates to 0 to let the island narrate."
)


def referee_problem(game_id: str, kinds: tuple[str, ...], options: dict[str, int]) -> str | None:
    """Why a bot sits in a seat only a person can play (None: none does): the Temptress's
    narrator, the last seat when ``narrator_person`` is 1 (a bot narrator cannot run the
    open floor). The Lantern's Barkeep may be a bot: its demo Barkeep plays the seat."""
    if game_id == "temptress" and options.get("narrator_person") == 1 and kinds[-1:] == (BOT,):
        return BOT_NARRATOR
    return None


def check_setup(
    game: GameInfo[Any, Any],
    entry: SetupEntry,
    secret: Callable[[], int] = secret_seed,
    pin_work: int = PIN_WORK,
) -> tuple[list[str], Session | None]:
    """Every problem with the entry (as sentences), or the Session it starts.

    An empty seed is a secret one, from ``secret``; a typed one is used as it is.
    PINs are hashed at the cost ``pin_work`` (``rules.pins.hash_pin``)."""
    problems: list[str] = []
    count = len(entry.names)
    if not game.min_seats <= count <= game.max_seats:
        bounds = (
            f"exactly {game.min_seats}"
            if game.min_seats == game.max_seats
            else f"{game.min_seats} to {game.max_seats}"
        )
        problems.append(f"{game.title} needs {bounds} players; there are {count}.")
    names = tuple(plain_name(n) for n in entry.names)
    seen: dict[str, int] = {}
    for index, name in enumerate(names):
        label = f"Seat {index + 1}"
        problem = name_problem(name)
        if not name:
            problems.append(f"{label} needs a name.")
        elif problem is not None:
            problems.append(f"{label}'s name {problem}.")
        elif look_alike(name) in seen:
            other = seen[look_alike(name)]
            if names[other].casefold() == name.casefold():
                problems.append(f"Two seats are called {name}: every name must differ.")
            else:
                problems.append(
                    f"Seats {other + 1} and {index + 1} are called {names[other]} and {name},"
                    " which look the same on screen: every name must look different."
                )
        if problem is None:  # only names fit to quote
            seen.setdefault(look_alike(name), index)
    seats = []
    for index, (name, kind, pin) in enumerate(zip(names, entry.kinds, entry.pins, strict=True)):
        pin = pin.strip()
        if kind not in (PERSON, BOT):
            problems.append(f"Seat {index + 1} must be a person or a bot.")
        if pin and (len(pin) != 4 or not is_number(pin)):
            problems.append(f"Seat {index + 1}'s PIN must be exactly 4 digits (or left empty).")
        if pin and kind == BOT:
            problems.append(f"Seat {index + 1} is a bot: bots need no PIN.")
        pin_hash = hash_pin(pin, pin_work) if pin and kind == PERSON else None
        if kind in (PERSON, BOT):  # (any other kind is refused above)
            seats.append(SeatPlan(name, kind, pin_hash))
    seed_text = entry.seed.strip()
    seed = 0
    if not seed_text:
        seed = secret()
    elif not is_number(seed_text) or len(seed_text) > SEED_DIGITS:
        problems.append(
            f"The seed must be a whole number of at most {SEED_DIGITS} digits, "
            "or left empty for a secret one."
        )
    else:
        seed = int(seed_text)
    values: dict[str, int] = {}
    typed = dict(entry.options)
    for option in game.options:
        text = typed.get(option.key, str(option.default)).strip()
        if not (is_number(text) and option.minimum <= int(text) <= option.maximum):
            problems.append(
                f"{option.label} must be a whole number from {option.minimum} to {option.maximum}."
            )
        else:
            values[option.key] = int(text)
    pack = None
    try:
        pack = game.load_pack(entry.pack.strip()) if entry.pack.strip() else game.default_pack()
    except PackError as exc:
        problems.append(f"Card pack refused: {exc}")
    texts = {}
    if pack is not None:
        typed_texts = dict(entry.texts)
        for field in game.text_options(pack):
            text = " ".join(typed_texts.get(field.key, "").split())
            fault = text_fault(text)
            if fault:
                problems.append(f"{field.label} {fault}.")
            elif len(text) > field.longest:
                problems.append(f"{field.label} is too long ({field.longest} characters at most).")
            texts[field.key] = text
    referee = referee_problem(game.id, entry.kinds, values)
    if referee is not None:
        problems.append(referee)
    if problems:
        return problems, None
    try:
        config = game.make_config(names, values, pack, texts)
        return [], Session.start(game, config, seed, tuple(seats))
    except (IllegalAction, ValueError) as exc:
        return [str(exc)], None

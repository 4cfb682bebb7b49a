"""Temptation Island's teaching captions: for every kind of moment in its story and
every kind of question it asks, the rule behind it and what it means for the table.

Each caption reads only the event (its text and kind) or the prompt, and the public
view just after it (``view(state, None)``): the board, the stock, the names, whose
turn it is and the card being judged are on the table for all to see; hands and the
cards put forward before the pick are not, so no caption can tell them. An event's
text names who acted (and which way) before anything else, so a caption takes the
name from there: by the time the view is made, the turn may have passed on.
"""

from __future__ import annotations

from rules.coaching import CoachedDeal, Shown
from rules.engine import Event, Prompt, Seat
from rules.island import board
from rules.island.state import EventKind, IslandView, Phase
from rules.teaching import Captions, fixed
from rules.wording import listed

ASKING = (Phase.RESPOND, Phase.DECIDE, Phase.MOVE)
"""The Island's prompt kinds: every phase but the end asks somebody something."""


# --- reading an event --------------------------------------------------------------


def _named_first(event: Event, view: IslandView) -> Seat | None:
    """The seat whose name the event's text begins with (the longest, if one name
    begins another)."""
    found = [s for s, name in enumerate(view.names) if event.text.startswith(f"{name} ")]
    return max(found, key=lambda s: len(view.names[s]), default=None)


def _named_last(event: Event, view: IslandView, tail: str) -> Seat | None:
    """The seat named just before ``tail`` at the end of the event's text."""
    found = [s for s, name in enumerate(view.names) if event.text.endswith(f" {name}{tail}")]
    return max(found, key=lambda s: len(view.names[s]), default=None)


def _way(event: Event, view: IslandView, seat: Seat) -> str | None:
    """Which way the Mover went, placed or removed, as the event's text says it."""
    said = event.text[len(view.names[seat]) :]
    ways = sorted(board.DIRECTION_NAMES, key=len, reverse=True)
    return next((w for w in ways if f" {w}." in said or f" {w} and" in said), None)


def _mover_and_way(event: Event, view: IslandView) -> tuple[str, str]:
    """The Mover the event names ("The Mover" if none) and the way they built or took
    a tile ("side" if the text does not say)."""
    seat = _named_first(event, view)
    if seat is None:
        return "The Mover", "side"
    return view.names[seat], _way(event, view, seat) or "side"


def _both(names: list[str]) -> str:
    return listed(names)


def _others(view: IslandView, *seats: Seat) -> list[str]:
    return [name for s, name in enumerate(view.names) if s not in seats]


def _beside(view: IslandView, hex_: board.Hex, seat: Seat) -> list[str]:
    """The other players whose pieces stand next to ``hex_``."""
    return [
        view.names[s]
        for s, piece in enumerate(view.pieces)
        if s != seat and board.are_adjacent(hex_, piece)
    ]


def _island_after(view: IslandView) -> str:
    """What a removal left: the end, or the island still whole."""
    if view.outcome is not None:
        return "That cut the island apart, and the game ends."
    return (
        f"All three are still joined by touching tiles, so play goes on ({len(view.tiles)} tiles)."
    )


# --- the story's moments -------------------------------------------------------------


def _opening(event: Event, view: IslandView) -> str:
    first = view.names[view.decider]
    stock = (
        f"{view.stock} more tiles wait in the stock"
        if view.stock
        else "the stock is empty, so every Mover who can must remove"
    )
    return (
        "Seven tiles make a flower: a centre ringed by six. Each piece stands on an outer "
        f"tile touching the centre but no other piece, and {stock}. {first} was drawn at "
        "random to judge first; the role then goes clockwise."
    )


def _new_turn(event: Event, view: IslandView) -> str:
    decider = view.names[view.decider]
    answer = _both(_others(view, view.decider))
    then = f"{answer} answer it face down, and whoever's card {decider} prefers becomes the Mover."
    if view.turn == 1:
        return f"{decider} opens the first turn with a compatibility card, '{view.judged}'. {then}"
    return (
        f"The Decider's role has passed clockwise to {decider}, and every hand is back to "
        f"three cards. {decider} turns up '{view.judged}': {then}"
    )


def _responded(event: Event, view: IslandView) -> str:
    seat = _named_first(event, view)
    who = view.names[seat] if seat is not None else "A responder"
    decider = view.names[view.decider]
    if view.phase == Phase.RESPOND and view.waiting_on:
        waiting = _both([view.names[s] for s in view.waiting_on])
        return (
            f"{who} has put a response card forward, face down. Nobody sees which until "
            f"{decider} has judged; the table now waits for {waiting}."
        )
    return (
        f"{who} has put a response card forward, face down, so both answers are in. Nobody, "
        f"{decider} included, learns whose card is whose until {decider} has picked one."
    )


def _judging(event: Event, view: IslandView) -> str:
    seat = _named_last(event, view, ", owners hidden.")
    decider = view.names[view.decider if seat is None else seat]
    return (
        f"The two answers were shuffled so that {decider} cannot tell whose is whose: "
        f"{decider} judges the cards, not the players. The owner of the card {decider} picks "
        "becomes the Mover, the only one to change the board this turn."
    )


def _mover(event: Event, view: IslandView) -> str:
    decider = _named_first(event, view)
    mover = _named_last(event, view, " moves.")
    if decider is None or mover is None or decider == mover:
        return (
            "The Decider picked blind; only now are the owners named. The winning card's "
            "owner is the Mover, the only one to touch the board this turn."
        )
    name = view.names[mover]
    other = _both(_others(view, decider, mover))
    return (
        f"{view.names[decider]} picked blind, and only now are the owners named: the winning "
        f"card was {name}'s, so {name} is the Mover and the only one to touch the board this "
        f"turn. {other}'s card lost; {other} can only watch."
    )


def _no_move(event: Event, view: IslandView) -> str:
    seat = _named_first(event, view)
    who = view.names[seat] if seat is not None else "The Mover"
    place = (
        "the stock is empty, so there is nothing to place"
        if view.stock == 0
        else "there is no open space beside it to place one"
    )
    return (
        f"{who} won the pick but is boxed in: no free tile touches {who}'s to move onto or "
        f"remove, and {place}. When none of the three is possible the rules skip the move, "
        "and the turn passes."
    )


def _move(event: Event, view: IslandView) -> str:
    seat = _named_first(event, view)
    if seat is None:
        return "The Mover stepped to a free tile next door; moving adds or takes no tile."
    who, way = view.names[seat], _way(event, view, seat) or "away"
    near = _beside(view, view.pieces[seat], seat)
    if near:
        return (
            f"{who} stepped {way}, next to {_both(near)}. A tile with a piece on it can never "
            "be removed, so pieces side by side stay on one island for as long as neither "
            "moves away."
        )
    return (
        f"{who} stepped {way} to a free tile. A move adds and takes no tile, so it strands "
        f"nobody; it changes which tiles {who} can build beside or remove on a later turn."
    )


def _place(event: Event, view: IslandView) -> str:
    who, way = _mover_and_way(event, view)
    left = (
        "That was the stock's last tile: from now on a Mover who can remove a tile must."
        if view.stock == 0
        else f"{view.stock} left in the stock."
    )
    return (
        f"{who} chose to build: a tile from the stock, laid to the {way} of {who}'s own, "
        f"which {who} then had to step onto. A bigger island is harder to cut apart. {left}"
    )


def _forced_place(event: Event, view: IslandView) -> str:
    seat = _named_first(event, view)
    way = _way(event, view, seat) if seat is not None else None
    if seat is None or way is None:
        return (
            "The Mover had no free tile beside them to move onto or remove, so the rules "
            f"made them place one from the stock and step onto it. {view.stock} left in stock."
        )
    who = view.names[seat]
    step = board.DIRECTIONS[board.DIRECTION_NAMES.index(way)]
    came_from = (view.pieces[seat][0] - step[0], view.pieces[seat][1] - step[1])
    blockers = _beside(view, came_from, seat)
    if len(blockers) > 1:
        why = f"the only tiles beside {who}'s had {_both(blockers)} on them"
    elif blockers:
        why = f"the only tile beside {who}'s had {blockers[0]} on it"
    else:
        why = f"no tile was left beside {who}'s"
    return (
        f"{who} had no choice: {why}, so there was nothing to move onto or remove, and a "
        f"Mover in that spot must place. {who} laid a stock tile to the {way} and stepped "
        f"onto it; {view.stock} left in the stock."
    )


def _remove(event: Event, view: IslandView) -> str:
    who, way = _mover_and_way(event, view)
    return (
        f"{who} chose to take away the free tile to the {way}; it goes back to the stock. "
        f"Removing is the only way the island shrinks, and the only way anyone is cut off. "
        f"{_island_after(view)}"
    )


def _forced_remove(event: Event, view: IslandView) -> str:
    who, way = _mover_and_way(event, view)
    return (
        f"Every tile was already on the board, so the rules made {who} remove one rather "
        f"than move: the free tile to the {way} went back to the empty stock. "
        f"{_island_after(view)}"
    )


def _left_alone(event: Event, view: IslandView) -> str:
    if view.outcome is None or len(view.outcome.losers) != 1:
        return "A piece with no path of touching tiles to another is alone, and its owner loses."
    loser = view.outcome.losers[0]
    alone, winners = view.names[loser], _both(_others(view, loser))
    if view.mover is None or view.mover == loser:
        how = f"{alone}'s own removal cut {alone} off from the others"
    else:
        how = f"{view.names[view.mover]}'s removal cut {alone} off"
    return (
        f"{how}: no path of touching tiles leads from {alone}'s piece to another. Being left "
        f"alone is the one way to lose, so {alone} loses, and {winners}, still together, win."
    )


def _split_three_ways(event: Event, view: IslandView) -> str:
    if view.outcome is None or len(view.outcome.losers) != 1:
        return "All three pieces stand on separate islands, and the Mover who split them loses."
    mover = view.outcome.losers[0]
    who, winners = view.names[mover], _both(_others(view, mover))
    return (
        f"{who}'s removal left all three pieces on separate islands. With nobody more alone "
        f"than the rest, the rules blame the Mover who did it: {who} loses for carelessness, "
        f"and {winners} win together."
    )


# --- the questions -------------------------------------------------------------------


def _respond(prompt: Prompt, view: IslandView) -> str:
    decider = view.names[view.decider]
    waiting = [view.names[s] for s in prompt.seats]
    if len(waiting) == 1:
        ask = f"{waiting[0]} still has to answer '{view.judged}' with a response card, in secret."
    else:
        ask = f"{_both(waiting)} each answer '{view.judged}' with a response card, in secret."
    return (
        f"{ask} {decider} will see both answers shuffled and unsigned, so aim at {decider}'s "
        f"taste: the owner of the card {decider} picks becomes the Mover."
    )


def _decide(prompt: Prompt, view: IslandView) -> str:
    decider = view.names[view.decider]
    return (
        f"{decider} sees the two answers to '{view.judged}' shuffled and unsigned, and picks "
        f"the one that fits best, or simply amuses {decider} most: no pick is wrong. "
        "Whoever played the chosen card becomes the Mover."
    )


def _threat(view: IslandView, mover: Seat, removes: tuple[board.Hex, ...]) -> str:
    """The first removal open to the Mover that would leave someone else alone, or else
    the first that would lose the Mover the game."""
    danger = ""
    for target in removes:
        labels = board.island_labels(view.pieces, tuple(h for h in view.tiles if h != target))
        if len(set(labels)) == 1:
            continue
        way = board.direction_name(view.pieces[mover], target)
        alone = [s for s in range(len(labels)) if labels.count(labels[s]) == 1]
        if len(alone) == 1 and alone[0] != mover:
            return f" Removing the tile to the {way} would leave {view.names[alone[0]]} alone."
        if not danger:
            danger = (
                f" Careful: removing the tile to the {way} would lose {view.names[mover]} the game."
            )
    return danger


def _move_prompt(prompt: Prompt, view: IslandView) -> str:
    if view.mover is None:
        return "The Mover moves, places or removes a tile."
    mover = view.mover
    who = view.names[mover]
    options = board.mover_options(mover, view.pieces, view.tiles, view.stock)
    if options.forced and options.places:
        return (
            f"{who}'s card won, but no free tile touches {who}'s: with nothing to move onto "
            f"or remove, the rules leave one option, placing a stock tile beside {who}'s own "
            "and stepping onto it."
        )
    if options.forced and options.removes:
        said = (
            f"{who}'s card won, and every tile is already out of the stock, so the rules "
            f"make {who} remove a free tile beside {who}'s own rather than move."
        )
    else:
        said = (
            f"{who}'s card won, so {who} alone changes the board: step to a free neighbouring "
            "tile, lay a stock tile beside their own and step onto it, or remove a free "
            "neighbouring tile."
        )
    return said + _threat(view, mover, options.removes)


CAPTIONS = Captions(
    events={
        EventKind.OPENING: _opening,
        EventKind.NEW_TURN: _new_turn,
        EventKind.RESPONDED: _responded,
        EventKind.PUT_FORWARD: fixed(
            "Only you can read this note. Your card now lies face down beside the other "
            "answer; the Decider sees the two shuffled and unsigned, so the card alone must "
            "win it for you."
        ),
        EventKind.JUDGING: _judging,
        EventKind.MOVER: _mover,
        EventKind.NO_MOVE: _no_move,
        EventKind.MOVE: _move,
        EventKind.PLACE: _place,
        EventKind.FORCED_PLACE: _forced_place,
        EventKind.REMOVE: _remove,
        EventKind.FORCED_REMOVE: _forced_remove,
        EventKind.LEFT_ALONE: _left_alone,
        EventKind.SPLIT_THREE_WAYS: _split_three_ways,
    },
    prompts={Phase.RESPOND: _respond, Phase.DECIDE: _decide, Phase.MOVE: _move_prompt},
    event_kinds=tuple(EventKind),
    prompt_kinds=ASKING,
    coached=CoachedDeal(
        seed=4,
        seats=3,
        shows=(
            Shown(EventKind.FORCED_PLACE, "a forced place"),
            Shown(EventKind.REMOVE, "a removal"),
        ),
        within=5,
    ),
)
"""Every Island caption (``rules.teaching.Captions``): the ``GameInfo`` carries it."""

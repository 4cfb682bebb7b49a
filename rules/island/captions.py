"""Temptation Island's teaching captions: for every kind of moment in its story and
every kind of question it asks, the rule behind it and what it means for the table.

Each caption reads only the event (its kind and facts) or the prompt, and the public
view just after it (``view(state, None)``): the board, the stock, the names, whose
turn it is and the card being judged are on the table for all to see; hands and the
cards put forward before the pick are not, so no caption can tell them. A caption
that only places facts is a template in ``story.toml``; the functions here weigh the
view. Who acted is a fact of the event: by the time the view is made, the turn may
have passed on.
"""

from __future__ import annotations

from rules.engine import Event, Prompt, Seat
from rules.island import board
from rules.island.state import EventKind, IslandView, Phase
from rules.island.told import TOLD
from rules.teaching import Captions, CoachedDeal, Shown
from rules.wording import listed

ASKING = (Phase.RESPOND, Phase.DECIDE, Phase.MOVE)
"""The Island's prompt kinds: every phase but the end asks somebody something."""


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


def _island_after(event: Event, view: IslandView) -> str:
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
    who = view.names[event.who("responder")]
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
    decider = view.names[event.who("decider")]
    return (
        f"The two answers were shuffled so that {decider} cannot tell whose is whose: "
        f"{decider} judges the cards, not the players. The owner of the card {decider} picks "
        "becomes the Mover, the only one to change the board this turn."
    )


def _mover(event: Event, view: IslandView) -> str:
    decider, mover = event.who("decider"), event.who("mover")
    name = view.names[mover]
    other = _both(_others(view, decider, mover))
    return (
        f"{view.names[decider]} picked blind, and only now are the owners named: the winning "
        f"card was {name}'s, so {name} is the Mover and the only one to touch the board this "
        f"turn. {other}'s card lost; {other} can only watch."
    )


def _no_move(event: Event, view: IslandView) -> str:
    who = view.names[event.who("mover")]
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
    seat = event.who("mover")
    who, way = view.names[seat], event.word("way")
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


def _stock_left(event: Event, view: IslandView) -> str:
    """What a placing left in the stock."""
    if view.stock == 0:
        return "That was the stock's last tile: from now on a Mover who can remove a tile must."
    return f"{view.stock} left in the stock."


def _forced_place(event: Event, view: IslandView) -> str:
    seat, way = event.who("mover"), event.word("way")
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


def _left_alone(event: Event, view: IslandView) -> str:
    loser = event.who("alone")
    alone, winners = view.names[loser], _both(_others(view, loser))
    if view.mover is None or view.mover == loser:
        how = f"{alone}'s own removal cut {alone} off from the others"
    else:
        how = f"{view.names[view.mover]}'s removal cut {alone} off"
    return (
        f"{how}: no path of touching tiles leads from {alone}'s piece to another. Being left "
        f"alone is the one way to lose, so {alone} loses, and {winners}, still together, win."
    )


# --- the questions -------------------------------------------------------------------


def _respond(prompt: Prompt, view: IslandView, to: Seat | None = None) -> str:
    """Who still answers the card, and how to aim; told to ``to`` ("you") when given."""
    decider = view.names[view.decider]
    waiting = ["you" if s == to else view.names[s] for s in prompt.seats]
    if to in prompt.seats:  # you first: "You and Bot1 each answer"
        waiting.sort(key=lambda name: name != "you")
    if len(waiting) == 1:
        verb = "have" if waiting[0] == "you" else "has"
        ask = (
            f"{waiting[0]} still {verb} to answer '{view.judged}' with a response card, in secret."
        )
    else:
        ask = f"{_both(waiting)} each answer '{view.judged}' with a response card, in secret."
    return (
        f"{ask[0].upper()}{ask[1:]} {decider} will see both answers shuffled and unsigned, so "
        f"aim at {decider}'s taste: the owner of the card {decider} picks becomes the Mover."
    )


def _decide(prompt: Prompt, view: IslandView, to: Seat | None = None) -> str:
    if to == view.decider:
        return (
            f"You see the two answers to '{view.judged}' shuffled and unsigned: pick the one "
            "that fits best, or simply amuses you most: no pick is wrong. Whoever played the "
            "chosen card becomes the Mover."
        )
    decider = view.names[view.decider]
    return (
        f"{decider} sees the two answers to '{view.judged}' shuffled and unsigned, and picks "
        f"the one that fits best, or simply amuses {decider} most: no pick is wrong. "
        "Whoever played the chosen card becomes the Mover."
    )


def _threat(
    view: IslandView, mover: Seat, removes: tuple[board.Hex, ...], you: bool = False
) -> str:
    """The first removal open to the Mover that would leave someone else alone, or else
    the first that would lose the Mover the game (``you``: told to the Mover)."""
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
            loser = "you" if you else view.names[mover]
            danger = f" Careful: removing the tile to the {way} would lose {loser} the game."
    return danger


def _move_prompt(prompt: Prompt, view: IslandView, to: Seat | None = None) -> str:
    if view.mover is None:
        return "The Mover moves, places or removes a tile."
    mover = view.mover
    you = to == mover
    who = view.names[mover]
    options = board.mover_options(mover, view.pieces, view.tiles, view.stock)
    if options.forced and options.places:
        if you:
            return (
                "Your card won, but no free tile touches yours: with nothing to move onto or "
                "remove, the rules leave one option, placing a stock tile beside your own and "
                "stepping onto it."
            )
        return (
            f"{who}'s card won, but no free tile touches {who}'s: with nothing to move onto "
            f"or remove, the rules leave one option, placing a stock tile beside {who}'s own "
            "and stepping onto it."
        )
    if options.forced and options.removes:
        said = (
            "Your card won, and every tile is already out of the stock, so the rules make "
            "you remove a free tile beside your own rather than move."
            if you
            else f"{who}'s card won, and every tile is already out of the stock, so the rules "
            f"make {who} remove a free tile beside {who}'s own rather than move."
        )
    else:
        said = (
            "Your card won, so you alone change the board: step to a free neighbouring "
            "tile, lay a stock tile beside your own and step onto it, or remove a free "
            "neighbouring tile."
            if you
            else f"{who}'s card won, so {who} alone changes the board: step to a free "
            "neighbouring tile, lay a stock tile beside their own and step onto it, or "
            "remove a free neighbouring tile."
        )
    return said + _threat(view, mover, options.removes, you)


CAPTIONS = Captions(
    events={
        EventKind.OPENING: _opening,
        EventKind.NEW_TURN: _new_turn,
        EventKind.RESPONDED: _responded,
        EventKind.JUDGING: _judging,
        EventKind.MOVER: _mover,
        EventKind.NO_MOVE: _no_move,
        EventKind.MOVE: _move,
        EventKind.FORCED_PLACE: _forced_place,
        EventKind.LEFT_ALONE: _left_alone,
    },
    told=TOLD,
    phrases={"stock_left": _stock_left, "island_after": _island_after},
    prompts={Phase.RESPOND: _respond, Phase.DECIDE: _decide, Phase.MOVE: _move_prompt},
    prompts_to={Phase.RESPOND: _respond, Phase.DECIDE: _decide, Phase.MOVE: _move_prompt},
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

"""Temptation Island: new / prompt / apply / view / outcome."""

from __future__ import annotations

from collections.abc import Mapping

from attrs import evolve

from rules.cards import Pile
from rules.chance import Chance
from rules.engine import (
    Event,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Seat,
)
from rules.island import board, help
from rules.island.bots import IslandBot
from rules.island.moves import move_refusal, options_of
from rules.island.pack import IslandPack, default_pack, load_pack
from rules.island.prompts import prompt
from rules.island.state import (
    ACTION_TYPES,
    SEATS,
    Action,
    EventKind,
    IslandConfig,
    IslandState,
    IslandView,
    MoveTo,
    Phase,
    PickResponse,
    PlaceTile,
    PlayResponse,
    RemoveTile,
)
from rules.island.view import view

HAND_SIZE = 3
DEFAULT_TILES = 19
MIN_TILES = 7
MAX_TILES = 61


def make_config(
    names: tuple[str, ...],
    options: Mapping[str, int],
    pack: IslandPack,
    texts: Mapping[str, str] | None = None,
) -> IslandConfig:
    """The config for these seat names, setup options and content pack."""
    return IslandConfig(
        names=tuple(names),
        adjectives=pack.adjectives,
        nouns=pack.nouns,
        tiles=int(options.get("tiles", DEFAULT_TILES)),
    )


def new(config: IslandConfig, seed: int) -> IslandState:
    """A fresh island: the flower of seven tiles, three hands, a random first Decider."""
    if not MIN_TILES <= config.tiles <= MAX_TILES:
        raise IllegalAction(f"The tile count must be between {MIN_TILES} and {MAX_TILES}.")
    if not config.adjectives:
        raise IllegalAction("The game needs at least one compatibility card.")
    if len(config.nouns) < SEATS * HAND_SIZE:
        raise IllegalAction(f"The game needs at least {SEATS * HAND_SIZE} response cards.")
    if len(set(config.nouns)) != len(config.nouns):
        raise IllegalAction("Every response card must be different.")
    chance = Chance(seed)
    adjectives, chance = chance.shuffle(config.adjectives)
    nouns, chance = chance.shuffle(config.nouns)
    noun_pile = Pile(deck=nouns)
    hands = []
    for _ in range(SEATS):
        hand, noun_pile, chance = noun_pile.draw(chance, HAND_SIZE)
        hands.append(hand)
    decider, chance = chance.below(SEATS)
    judged, adjective_pile, chance = Pile(deck=adjectives).draw(chance)
    names = config.names
    state = IslandState(
        config=config,
        chance=chance,
        tiles=board.starting_tiles(),
        pieces=board.starting_pieces(),
        stock=config.tiles - MIN_TILES,
        adjectives=adjective_pile,
        nouns=noun_pile,
        hands=tuple(hands),
        decider=decider,
        turn=1,
        phase=Phase.RESPOND,
        judged=judged[0],
    )
    opening = f"The island opens: {', '.join(names)}. {names[decider]} is the first Decider."
    state = _log(state, opening, kind=EventKind.OPENING)
    return _log(state, f"Turn 1: {names[decider]} turns up '{judged[0]}'.", kind=EventKind.NEW_TURN)


def apply(state: IslandState, action: Action) -> IslandState:
    """The state after ``action``; IllegalAction (and nothing changed) when it is not legal."""
    current = prompt(state)
    if current is None:
        raise IllegalAction("The game is over: no more moves.")
    seat = getattr(action, "seat", None)
    if not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise IllegalAction("That seat is not at this table.")
    name = state.config.names[seat]
    if seat not in current.seats:
        raise IllegalAction(f"It is not {name}'s turn to act: {current.text}")
    if isinstance(action, PlayResponse):
        if state.phase != Phase.RESPOND:
            raise IllegalAction("No response card is wanted now.")
        return _play_response(state, action)
    if isinstance(action, PickResponse):
        if state.phase != Phase.DECIDE:
            raise IllegalAction("There are no cards to pick from yet.")
        return _pick_response(state, action)
    if isinstance(action, MoveTo | PlaceTile | RemoveTile):
        if state.phase != Phase.MOVE:
            raise IllegalAction("Only the Mover touches the board, after the judging.")
        return _move(state, action)
    raise IllegalAction("Temptation Island has no such action.")


def _play_response(state: IslandState, action: PlayResponse) -> IslandState:
    hand = state.hands[action.seat]
    if action.card not in hand:
        raise IllegalAction(f"'{action.card}' is not in your hand.")
    name = state.config.names[action.seat]
    hands = _replace(state.hands, action.seat, tuple(c for c in hand if c != action.card))
    responses = _replace(state.responses, action.seat, action.card)
    state = evolve(state, hands=hands, responses=responses)
    state = _log(state, f"{name} has chosen a card.", kind=EventKind.RESPONDED)
    put = f"You put forward '{action.card}'."
    state = _log_private(state, action.seat, put, kind=EventKind.PUT_FORWARD)
    if any(responses[s] is None for s in state.responders):
        return state
    played = tuple(responses[s] for s in state.responders)
    shown, chance = state.chance.shuffle(played)
    state = evolve(state, shown=shown, chance=chance, phase=Phase.DECIDE)
    decider = state.config.names[state.decider]
    face_down = f"Both cards are face down before {decider}, owners hidden."
    return _log(state, face_down, kind=EventKind.JUDGING)


def _pick_response(state: IslandState, action: PickResponse) -> IslandState:
    if action.choice not in (0, 1):
        raise IllegalAction("Pick the first or the second card.")
    names = state.config.names
    chosen = state.shown[action.choice]
    other = state.shown[1 - action.choice]
    mover = next(s for s in state.responders if state.responses[s] == chosen)
    loser = next(s for s in state.responders if state.responses[s] == other)
    state = evolve(state, mover=mover, phase=Phase.MOVE)
    state = _log(
        state,
        f"{names[state.decider]} picks '{chosen}' for '{state.judged}': "
        f"{names[mover]}'s card ({names[loser]} offered '{other}'). {names[mover]} moves.",
        kind=EventKind.MOVER,
    )
    if not options_of(state).any:
        stuck = f"{names[mover]} can neither move, place nor remove: the turn passes."
        state = _log(state, stuck, kind=EventKind.NO_MOVE)
        return _end_turn(state)
    return state


def _move(state: IslandState, action: MoveTo | PlaceTile | RemoveTile) -> IslandState:
    options = options_of(state)
    refusal = move_refusal(options, action)
    if refusal:
        raise IllegalAction(refusal)
    seat, target = action.seat, (action.target[0], action.target[1])
    name = state.config.names[seat]
    pieces, tiles, stock = state.pieces, state.tiles, state.stock
    if isinstance(action, MoveTo):
        pieces = _replace(pieces, seat, target)
        text = f"{name} moves {board.direction_name(state.pieces[seat], target)}."
        kind = EventKind.MOVE
    elif isinstance(action, PlaceTile):
        tiles = tuple(sorted((*tiles, target)))
        stock -= 1
        pieces = _replace(pieces, seat, target)
        direction = board.direction_name(state.pieces[seat], target)
        text = f"{name} places a tile to the {direction} and steps onto it."
        kind = EventKind.FORCED_PLACE if options.forced else EventKind.PLACE
    else:
        tiles = tuple(h for h in tiles if h != target)
        stock += 1
        text = f"{name} removes the tile to the {board.direction_name(state.pieces[seat], target)}."
        kind = EventKind.FORCED_REMOVE if options.forced else EventKind.REMOVE
    state = _log(evolve(state, pieces=pieces, tiles=tiles, stock=stock), text, kind=kind)
    ended = _islands_result(state, seat)
    if ended is not None:
        result, end = ended
        state = evolve(state, result=result, phase=Phase.OVER)
        return _log(state, result.reason, kind=end)
    return _end_turn(state)


def _islands_result(state: IslandState, mover: Seat) -> tuple[Outcome, EventKind] | None:
    """How the board ends the game, and by which rule (None: play on)."""
    names = state.config.names
    labels = board.island_labels(state.pieces, state.tiles)
    groups = set(labels)
    if len(groups) == 1:
        return None
    if len(groups) == SEATS:
        winners = tuple(s for s in range(SEATS) if s != mover)
        split = Outcome(
            winners,
            (mover,),
            f"{names[mover]} split the island three ways and loses; "
            f"{names[winners[0]]} and {names[winners[1]]} win.",
        )
        return split, EventKind.SPLIT_THREE_WAYS
    alone = next(s for s in range(SEATS) if labels.count(labels[s]) == 1)
    winners = tuple(s for s in range(SEATS) if s != alone)
    stranded = Outcome(
        winners,
        (alone,),
        f"{names[alone]} is stranded alone on an island; "
        f"{names[winners[0]]} and {names[winners[1]]} win.",
    )
    return stranded, EventKind.LEFT_ALONE


def _end_turn(state: IslandState) -> IslandState:
    played = tuple(c for c in state.responses if c is not None)
    nouns = state.nouns.discarding(*played)
    adjectives = state.adjectives.discarding(state.judged)
    chance = state.chance
    hands = list(state.hands)
    for seat in range(SEATS):
        drawn, nouns, chance = nouns.draw(chance, HAND_SIZE - len(hands[seat]))
        hands[seat] = hands[seat] + drawn
    judged, adjectives, chance = adjectives.draw(chance)
    decider = (state.decider + 1) % SEATS
    turn = state.turn + 1
    state = evolve(
        state,
        chance=chance,
        nouns=nouns,
        adjectives=adjectives,
        hands=tuple(hands),
        decider=decider,
        turn=turn,
        phase=Phase.RESPOND,
        judged=judged[0],
        responses=(None,) * SEATS,
        shown=(),
        mover=None,
    )
    turned = f"Turn {turn}: {state.config.names[decider]} turns up '{judged[0]}'."
    return _log(state, turned, kind=EventKind.NEW_TURN)


def _replace(items: tuple, index: int, value: object) -> tuple:
    return items[:index] + (value,) + items[index + 1 :]


def _log(state: IslandState, text: str, *, kind: EventKind) -> IslandState:
    """``text`` told to the whole table, as a moment of this ``kind``."""
    return evolve(state, log=state.log + (Event(text, kind=kind),))


def _log_private(state: IslandState, seat: Seat, text: str, *, kind: EventKind) -> IslandState:
    """``text`` for ``seat``'s eyes only, as a moment of this ``kind``."""
    return evolve(state, log=state.log + (Event(text, (seat,), kind=kind),))


def outcome(state: IslandState) -> Outcome | None:
    return state.result


def seat_names(state: IslandState) -> tuple[str, ...]:
    return state.config.names


def secrets_of(state: IslandState, seat: Seat) -> tuple[str, ...]:
    """The seat's hand, and its played card while the other is still choosing."""
    pending = state.responses[seat] if state.phase == Phase.RESPOND else None
    return state.hands[seat] + ((pending,) if pending else ())


ISLAND: GameInfo[IslandState, IslandView] = GameInfo(
    id="island",
    title="Temptation Island",
    pitch="A love triangle on shrinking hexes: whoever ends up alone on an island loses.",
    min_seats=SEATS,
    max_seats=SEATS,
    options=(
        OptionSpec(
            "tiles",
            "Tiles in the game",
            DEFAULT_TILES,
            MIN_TILES,
            MAX_TILES,
            "Seven start on the board; the rest wait in the stock.",
        ),
    ),
    config_type=IslandConfig,
    action_types=ACTION_TYPES,
    state_type=IslandState,
    make_config=make_config,
    default_pack=default_pack,
    load_pack=load_pack,
    new=new,
    prompt=prompt,
    apply=apply,
    view=view,
    outcome=outcome,
    make_bot=IslandBot,
    rules_text=help.RULES,
    phase_help=help.phase_help,
    captions=help.CAPTIONS,
    seat_names=seat_names,
    secrets_of=secrets_of,
    turn_of=lambda state: state.turn,
)

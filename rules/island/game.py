"""Temptation Island: new / prompt / apply / view / outcome."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from attrs import evolve

from rules import registry
from rules.cards import Pile
from rules.chance import Chance
from rules.engine import (
    Fact,
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Prompt,
    Seat,
    Who,
    Whos,
)
from rules.gatekeeping import gatekept
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
from rules.island.told import TOLD
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
    everyone = Whos(tuple(range(len(names))))
    state = _log(state, EventKind.OPENING, everyone=everyone, decider=Who(decider))
    return _log(state, EventKind.NEW_TURN, turn=1, decider=Who(decider), judged=judged[0])


def _apply(state: IslandState, action: Action, asked: Prompt) -> IslandState:
    """The state after ``action``; IllegalAction (and nothing changed) when it is not legal."""
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
    hands = _replace(state.hands, action.seat, tuple(c for c in hand if c != action.card))
    responses = _replace(state.responses, action.seat, action.card)
    state = evolve(state, hands=hands, responses=responses)
    state = _log(state, EventKind.RESPONDED, responder=Who(action.seat))
    state = _tell(state, action.seat, EventKind.PUT_FORWARD, card=action.card)
    played = tuple(card for s in state.responders if (card := responses[s]) is not None)
    if len(played) < len(state.responders):
        return state
    shown, chance = state.chance.shuffle(played)
    state = evolve(state, shown=shown, chance=chance, phase=Phase.DECIDE)
    return _log(state, EventKind.JUDGING, decider=Who(state.decider))


def _pick_response(state: IslandState, action: PickResponse) -> IslandState:
    if action.choice not in (0, 1):
        raise IllegalAction("Pick the first or the second card.")
    chosen = state.shown[action.choice]
    other = state.shown[1 - action.choice]
    mover = next(s for s in state.responders if state.responses[s] == chosen)
    loser = next(s for s in state.responders if state.responses[s] == other)
    state = evolve(state, mover=mover, phase=Phase.MOVE)
    state = _log(
        state,
        EventKind.MOVER,
        decider=Who(state.decider),
        chosen=chosen,
        judged=state.judged,
        mover=Who(mover),
        loser=Who(loser),
        other=other,
    )
    if not options_of(state).any:
        state = _log(state, EventKind.NO_MOVE, mover=Who(mover))
        return _end_turn(state)
    return state


def _move(state: IslandState, action: MoveTo | PlaceTile | RemoveTile) -> IslandState:
    options = options_of(state)
    refusal = move_refusal(options, action)
    if refusal:
        raise IllegalAction(refusal)
    seat, target = action.seat, (action.target[0], action.target[1])
    way = board.direction_name(state.pieces[seat], target)
    pieces, tiles, stock = state.pieces, state.tiles, state.stock
    if isinstance(action, MoveTo):
        pieces = _replace(pieces, seat, target)
        kind = EventKind.MOVE
    elif isinstance(action, PlaceTile):
        tiles = tuple(sorted((*tiles, target)))
        stock -= 1
        pieces = _replace(pieces, seat, target)
        kind = EventKind.FORCED_PLACE if options.forced else EventKind.PLACE
    else:
        tiles = tuple(h for h in tiles if h != target)
        stock += 1
        kind = EventKind.FORCED_REMOVE if options.forced else EventKind.REMOVE
    state = evolve(state, pieces=pieces, tiles=tiles, stock=stock)
    state = _log(state, kind, mover=Who(seat), way=way)
    ended = _islands_result(state, seat)
    if ended is None:
        return _end_turn(state)
    end, winners, loser = ended
    if end == EventKind.SPLIT_THREE_WAYS:
        state = _log(state, end, mover=Who(loser), winners=Whos(winners))
    else:
        state = _log(state, end, alone=Who(loser), winners=Whos(winners))
    result = Outcome(winners, (loser,), state.log[-1].text)
    return evolve(state, result=result, phase=Phase.OVER)


def _islands_result(
    state: IslandState, mover: Seat
) -> tuple[EventKind, tuple[Seat, ...], Seat] | None:
    """How the board ends the game: by which rule, the winners and the loser (None:
    play on)."""
    labels = board.island_labels(state.pieces, state.tiles)
    groups = set(labels)
    if len(groups) == 1:
        return None
    if len(groups) == SEATS:
        loser, end = mover, EventKind.SPLIT_THREE_WAYS
    else:
        loser = next(s for s in range(SEATS) if labels.count(labels[s]) == 1)
        end = EventKind.LEFT_ALONE
    return end, tuple(s for s in range(SEATS) if s != loser), loser


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
    return _log(state, EventKind.NEW_TURN, turn=turn, decider=Who(decider), judged=judged[0])


T = TypeVar("T")


def _replace(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return items[:index] + (value,) + items[index + 1 :]


def _log(state: IslandState, kind: EventKind, /, **facts: Fact) -> IslandState:
    """An event of ``kind`` about ``facts``, told to the whole table."""
    event = TOLD.event(kind, state.config.names, facts)
    return evolve(state, log=state.log + (event,))


def _tell(state: IslandState, seat: Seat, kind: EventKind, /, **facts: Fact) -> IslandState:
    """An event of ``kind`` about ``facts``, for ``seat``'s eyes only."""
    event = TOLD.event(kind, state.config.names, facts, (seat,))
    return evolve(state, log=state.log + (event,))


def seat_names(state: IslandState) -> tuple[str, ...]:
    return state.config.names


apply = gatekept(_apply, prompt, seat_names)


def outcome(state: IslandState) -> Outcome | None:
    return state.result


def secrets_of(state: IslandState, seat: Seat) -> tuple[str, ...]:
    """The seat's hand, and its played card while the other is still choosing."""
    pending = state.responses[seat] if state.phase == Phase.RESPOND else None
    return state.hands[seat] + ((pending,) if pending else ())


ISLAND: GameInfo[IslandState, IslandView] = GameInfo(
    listing=registry.listing("island"),
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
    seat_names=seat_names,
    secrets_of=secrets_of,
    turn_of=lambda state: state.turn,
)

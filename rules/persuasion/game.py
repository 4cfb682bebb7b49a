"""Persuasion: new / prompt / apply / view / outcome, and its registry entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from attrs import evolve

from rules.chance import Chance
from rules.engine import GameInfo, IllegalAction, OptionSpec, Outcome, Prompt, Seat
from rules.persuasion import actions, help
from rules.persuasion.bots import PersuasionBot
from rules.persuasion.pack import PersuasionPack, default_pack, load_pack
from rules.persuasion.state import (
    ACTION_TYPES,
    DIARIES,
    FINAL,
    INTRO,
    MAIL,
    OVER,
    RECEPTION,
    CardSight,
    Delivery,
    FinalRing,
    ForcedDiscard,
    Introduce,
    Pass,
    PersuasionConfig,
    PersuasionState,
    PersuasionView,
    PlayerSight,
    Send,
    UseCard,
)
from rules.persuasion.table import (
    aware,
    card,
    flip_up,
    log,
    name,
    show,
    slot_of,
    stamp,
    tell,
    to_discards,
)

MIN_PLAYERS, MAX_PLAYERS = 3, 8
TO_DISCARDS = -1


def make_config(
    names: tuple[str, ...],
    options: Mapping[str, int],
    pack: PersuasionPack,
    texts: Mapping[str, str] | None = None,
) -> PersuasionConfig:
    return PersuasionConfig(
        names=tuple(names),
        cards=pack.trait_cards(),
        evening_ball=bool(options.get("evening_ball", 0)),
    )


def new(config: PersuasionConfig, seed: int) -> PersuasionState:
    players = len(config.names)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(f"Persuasion needs {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    if len(config.cards) < players * config.hand:
        raise IllegalAction(f"The pack needs at least {players * config.hand} trait cards.")
    chance = Chance(seed)
    diaries, chance = chance.shuffle(DIARIES)
    deck, chance = chance.shuffle(tuple(range(len(config.cards))))
    hand = config.hand
    traits = tuple(deck[p * hand : (p + 1) * hand] for p in range(players))
    state = PersuasionState(
        config=config,
        diaries=diaries[:players],
        traits=traits,
        discards=(),
        box=deck[players * hand :],
        faceup=(False,) * len(config.cards),
        stamps=((),) * len(config.cards),
        hostex=0,
        mail=(None,) * players,
        held=((),) * players,
        final=(None,) * players,
    )
    mode = " (Evening Ball: no card actions)" if config.evening_ball else ""
    state = log(
        state,
        f"The season opens{mode}: " + ", ".join(config.names) + ". "
        f"{config.names[0]}, the most polite, holds the hostex marker.",
        "Introductions: everyone flips one card up and discards another.",
    )
    for seat in range(players):
        diary = diaries[seat]
        state = tell(
            state, seat, f"Your diary: you desire {diary.desired} and despise {diary.despised}."
        )
    return state


# --- prompts ----------------------------------------------------------------------


def _players(state: PersuasionState) -> range:
    return range(len(state.config.names))


def prompt(state: PersuasionState) -> Prompt | None:
    names = state.config.names
    if state.phase == INTRO:
        seats = tuple(p for p in _players(state) if p not in state.introduced)
        return Prompt(seats, INTRO, "Introductions: flip one card up and discard another.", True)
    if state.phase == MAIL:
        seats = _clockwise(state, tuple(p for p in _players(state) if state.mail[p] is None))
        who = ", ".join(names[p] for p in seats)
        return Prompt(seats, MAIL, f"Mailing: {who} choose what to send, in secret.", True)
    if state.phase == RECEPTION:
        seat = state.turns[0]
        holds = state.held[seat]
        text = (
            f"{names[seat]}: use an action from a card of someone whose seal you hold, or pass."
            if holds
            else f"{names[seat]} holds nothing and must discard one of anyone's cards."
        )
        return Prompt((seat,), RECEPTION, text, True)
    if state.phase == FINAL:
        seats = tuple(p for p in _singles(state) if state.final[p] is None)
        return Prompt(
            seats, FINAL, "Last chance: send your ring to someone, or to the discards.", True
        )
    return None


def _clockwise(state: PersuasionState, seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
    count = len(state.config.names)
    return tuple(sorted(seats, key=lambda p: (p - state.hostex) % count))


def _singles(state: PersuasionState) -> tuple[Seat, ...]:
    engaged = {p for pair in state.exchanged for p in pair}
    return tuple(p for p in _players(state) if p not in engaged)


# --- apply ------------------------------------------------------------------------------

_PHASE_ACTIONS: dict[str, tuple[type, ...]] = {
    INTRO: (Introduce,),
    MAIL: (Send,),
    RECEPTION: (UseCard, ForcedDiscard, Pass),
    FINAL: (FinalRing,),
}


def apply(state: PersuasionState, action: Any) -> PersuasionState:
    current = prompt(state)
    if current is None:
        raise IllegalAction("The season is over.")
    seat = getattr(action, "seat", None)
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in _players(state):
        raise IllegalAction("That seat is not at this table.")
    if seat not in current.seats:
        raise IllegalAction(f"It is not {name(state, seat)}'s turn: {current.text}")
    if not isinstance(action, _PHASE_ACTIONS[state.phase]):
        raise IllegalAction(f"That is not possible now: {current.text}")
    if isinstance(action, Introduce):
        return _introduce(state, action)
    if isinstance(action, Send):
        return _send(state, action)
    if isinstance(action, FinalRing):
        return _final_ring(state, action)
    return _reception(state, action)


def _introduce(state: PersuasionState, action: Introduce) -> PersuasionState:
    seat = action.seat
    if action.flip == action.discard:
        raise IllegalAction("Flip up one card and discard a different one.")
    flipped = slot_of(state, seat, action.flip)
    dropped = slot_of(state, seat, action.discard)
    state = flip_up(state, flipped)
    state = stamp(state, seat, dropped)
    state = to_discards(state, dropped)
    state = log(
        state,
        f"{name(state, seat)} flips up {card(state, flipped).title} and discards a card.",
    )
    state = evolve(state, introduced=state.introduced + (seat,))
    if len(state.introduced) < len(state.config.names):
        return state
    return log(evolve(state, phase=MAIL), "Round 1: the mailing begins.")


def _send(state: PersuasionState, action: Send) -> PersuasionState:
    seat, to = action.seat, action.to
    if isinstance(to, bool) or to == seat or to not in _players(state):
        raise IllegalAction("Send to another player at the table.")
    if action.card is not None:
        number = slot_of(state, seat, action.card)
        if state.faceup[number]:
            raise IllegalAction("Send a face-down card: that one is face up for all.")
        if aware(state, to, number):
            raise IllegalAction(f"{name(state, to)} already knows that card: choose another.")
    mail = list(state.mail)
    number = None if action.card is None else slot_of(state, seat, action.card)
    mail[seat] = Delivery(to, number)
    state = evolve(state, mail=tuple(mail))
    state = log(state, f"{name(state, seat)} has chosen what to send.")
    if any(m is None for m in state.mail):
        return state
    return _deliver(state)


def _deliver(state: PersuasionState) -> PersuasionState:
    """Everyone has chosen: seals bring a card to peek at; rings are kept; then the reception."""
    held: list[tuple[Seat, ...]] = [() for _ in _players(state)]
    for sender in _clockwise(state, tuple(_players(state))):
        delivery = state.mail[sender]
        assert delivery is not None
        held[delivery.to] = held[delivery.to] + (sender,)
        if delivery.card is None:
            state = log(
                state, f"{name(state, sender)} sends their ring to {name(state, delivery.to)}!"
            )
        else:
            state = log(
                state,
                f"{name(state, sender)} sends their seal and a card to {name(state, delivery.to)}.",
            )
            state = show(
                state, delivery.to, delivery.card, f"{name(state, sender)} sends you a card"
            )
    rings = {(s, m.to) for s, m in enumerate(state.mail) if m is not None and m.card is None}
    pairs = tuple(sorted({tuple(sorted(pair)) for pair in rings if (pair[1], pair[0]) in rings}))
    for a, b in pairs:
        state = log(state, f"{name(state, a)} and {name(state, b)} have exchanged rings!")
    proposals = tuple((state.round, s, to) for s, to in sorted(rings))
    state = evolve(
        state,
        held=tuple(held),
        exchanged=state.exchanged + pairs,
        proposals=state.proposals + proposals,
    )
    return _begin_reception(state)


def _begin_reception(state: PersuasionState) -> PersuasionState:
    count = len(state.config.names)
    empty = [p for p in _players(state) if not state.held[p]]
    hostex = state.hostex
    if empty:
        order = [(hostex + i) % count for i in range(1, count + 1)]
        hostex = next(p for p in order if p in empty)
        if hostex != state.hostex:
            state = log(state, f"The hostex marker passes to {name(state, hostex)}.")
    turns = tuple((hostex + i) % count for i in range(count))
    if state.config.evening_ball:
        turns = tuple(p for p in turns if not state.held[p])
    turns = tuple(p for p in turns if state.held[p] or _any_cards(state))
    state = evolve(state, hostex=hostex, phase=RECEPTION, turns=turns)
    return state if turns else _end_round(state)


def _any_cards(state: PersuasionState) -> bool:
    return any(state.traits)


def _reception(state: PersuasionState, action: Any) -> PersuasionState:
    seat = action.seat
    holds = state.held[seat]
    if isinstance(action, ForcedDiscard):
        if holds:
            raise IllegalAction("Only a player who holds nothing must discard.")
        player = action.player
        if player not in _players(state):
            raise IllegalAction("Choose a player at the table.")
        number = slot_of(state, player, action.target)
        state = show(state, seat, number, f"You discard {name(state, player)}'s card")
        state = log(
            state,
            f"{name(state, seat)} holds nothing and discards one of {name(state, player)}'s cards.",
        )
        state = to_discards(state, number)
    elif not holds:
        raise IllegalAction("You hold no seal or ring: you must discard one of anyone's cards.")
    elif isinstance(action, Pass):
        state = log(state, f"{name(state, seat)} uses no card this time.")
    else:
        state = actions.use(state, action)
    state = evolve(state, turns=state.turns[1:])
    return state if state.turns else _end_round(state)


def _end_round(state: PersuasionState) -> PersuasionState:
    empty = [p for p in _players(state) if not state.traits[p]]
    if state.exchanged or empty:
        why = (
            "rings were exchanged"
            if state.exchanged
            else f"{name(state, empty[0])} has no cards left"
        )
        state = log(state, f"The season ends: {why}.")
        state = evolve(state, phase=FINAL, held=((),) * len(state.traits), turns=())
        if not prompt(state).seats:  # type: ignore[union-attr]
            return _resolve(state)
        return log(state, "Every single player may still send their ring, at the same time.")
    players = len(state.config.names)
    state = evolve(
        state,
        round=state.round + 1,
        phase=MAIL,
        mail=(None,) * players,
        held=((),) * players,
        turns=(),
    )
    return log(state, f"Round {state.round}: seals and rings go home; the mailing begins.")


def _final_ring(state: PersuasionState, action: FinalRing) -> PersuasionState:
    seat, to = action.seat, action.to
    if to is not None and (to == seat or to not in _players(state)):
        raise IllegalAction("Send your ring to another player, or to the discards.")
    final = list(state.final)
    final[seat] = Delivery(TO_DISCARDS if to is None else to, None)
    state = evolve(state, final=tuple(final))
    state = log(state, f"{name(state, seat)} has decided where their ring goes.")
    if prompt(state).seats:  # type: ignore[union-attr]
        return state
    return _resolve(state)


def _resolve(state: PersuasionState) -> PersuasionState:
    sent = {p: d.to for p, d in enumerate(state.final) if d is not None}
    for p, to in sent.items():
        where = "the discards" if to == TO_DISCARDS else name(state, to)
        state = log(state, f"{name(state, p)}'s ring goes to {where}.")
    late = tuple(sorted({tuple(sorted((p, to))) for p, to in sent.items() if sent.get(to) == p}))
    for a, b in late:
        state = log(state, f"{name(state, a)} and {name(state, b)} exchange rings at the last!")
    pairs = state.exchanged + late
    partner = {a: b for a, b in pairs} | {b: a for a, b in pairs}
    winners, losers, lines = [], [], []
    for p in _players(state):
        diary = state.diaries[p]
        if p in partner:
            pile = state.traits[partner[p]]
            where = f"engaged to {name(state, partner[p])}, whose cards hold"
        else:
            pile = state.discards
            where = "single; the discards hold"
        symbols = [s for number in pile for s in card(state, number).symbols]
        want, hate = symbols.count(diary.desired), symbols.count(diary.despised)
        won = want > hate
        (winners if won else losers).append(p)
        lines.append(
            f"{name(state, p)} (desires {diary.desired}, despises {diary.despised}) is {where} "
            f"{want} {diary.desired} and {hate} {diary.despised}: "
            + (
                "wins."
                if won
                else "a tie, which does not win."
                if want == hate
                else "does not win."
            )
        )
    outcome = Outcome(tuple(winners), tuple(losers), "\n".join(lines))
    state = evolve(state, exchanged=pairs, phase=OVER, result=outcome)
    return log(state, *lines)


# --- views ------------------------------------------------------------------------------


def _sight(state: PersuasionState, seat: Seat | None, slot: int, number: int) -> CardSight:
    known = state.faceup[number] or (seat is not None and aware(state, seat, number))
    return CardSight(
        slot=slot,
        card=card(state, number) if known or state.phase == OVER else None,
        faceup=state.faceup[number],
        stamped=seat is not None and seat in state.stamps[number],
        stampers=state.stamps[number],
    )


def view(state: PersuasionState, seat: Seat | None) -> PersuasionView:
    revealed = state.phase in (RECEPTION, FINAL, OVER) or all(m is not None for m in state.mail)
    deliveries = tuple(
        (p, m.to, m.card is None)
        for p, m in enumerate(state.mail)
        if m is not None and revealed and state.phase != MAIL
    )
    current = prompt(state)
    return PersuasionView(
        seat=seat,
        round=state.round,
        phase=state.phase,
        evening_ball=state.config.evening_ball,
        hostex=state.hostex,
        players=tuple(
            PlayerSight(
                name=name(state, p),
                cards=tuple(_sight(state, seat, i, n) for i, n in enumerate(state.traits[p])),
                holds=state.held[p] if state.phase == RECEPTION else (),
                mailed=state.phase == MAIL and state.mail[p] is not None,
            )
            for p in _players(state)
        ),
        discards=tuple(_sight(state, seat, i, n) for i, n in enumerate(state.discards)),
        exchanged=state.exchanged,
        deliveries=deliveries,
        proposals=state.proposals,
        turn=current.seats[0] if current and state.phase == RECEPTION else None,
        log=tuple(e.text for e in state.log if e.visible_to(seat)),
        outcome=state.result,
        diary=state.diaries[seat] if seat is not None else None,
        sent=state.mail[seat] if seat is not None and state.phase == MAIL else None,
        diaries=state.diaries if state.phase == OVER else (),
    )


def outcome(state: PersuasionState) -> Outcome | None:
    return state.result


def seat_names(state: PersuasionState) -> tuple[str, ...]:
    return state.config.names


def secrets_of(state: PersuasionState, seat: Seat) -> tuple[str, ...]:
    """The seat's face-down cards nobody else knows, its diary, its private events."""
    own = tuple(
        card(state, n).title
        for n in state.traits[seat]
        if not state.faceup[n] and not any(p != seat for p in state.stamps[n])
    )
    private = tuple(e.text for e in state.log if e.seats is not None and seat in e.seats)
    return own + private


def game_stats(state: PersuasionState) -> dict[str, float]:
    return {"rounds": float(state.round), "engagements": float(len(state.exchanged))}


PERSUASION: GameInfo[PersuasionState] = GameInfo(
    id="persuasion",
    title="Persuasion",
    pitch="Read the trait cards your suitors mail you, then send your ring to the right one.",
    min_seats=MIN_PLAYERS,
    max_seats=MAX_PLAYERS,
    options=(
        OptionSpec(
            "evening_ball", "Evening Ball", 0, 0, 1, "1: the simplified mode, with no card actions."
        ),
    ),
    config_type=PersuasionConfig,
    action_types=ACTION_TYPES,
    state_type=PersuasionState,
    make_config=make_config,
    default_pack=default_pack,
    load_pack=load_pack,
    new=new,
    prompt=prompt,
    apply=apply,
    view=view,
    outcome=outcome,
    make_bot=PersuasionBot,
    rules_text=help.RULES,
    phase_help=help.phase_help,
    seat_names=seat_names,
    secrets_of=secrets_of,
    default_seats=4,
    game_stats=game_stats,
)

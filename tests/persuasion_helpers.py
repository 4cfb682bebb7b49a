"""Shared helpers for the Persuasion rules tests.

Hand-built tables start from a fresh game and are rearranged with
``attrs.evolve``: ``known_table`` deals chosen trait cards (by title) after the
introductions, with chosen face-up cards, stamps and discards, keeping all 54
cards in exactly one place (traits, discards, box); ``at_reception`` puts a
table in the reception phase with chosen seals and rings held; ``table`` and
``court`` are the rules tests' four players with their few cards (at the
mailing, and at Basil's reception turn holding Ada's seal). Everything else
goes through the public API (``new`` / ``prompt`` / ``apply`` / ``view`` /
``outcome``).

The module also holds the invariants every playout checks after every action
(``Watcher``), the policies of ``tests.playouts`` bound to Persuasion (random
play draws from the views' choices; the shipped bots), and a few words for
reading choices (``option``, ``labels``, ``closed``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache, partial
from typing import Any

from attrs import evolve

from rules.choices import Option, Pick
from rules.engine import Event, Outcome, Seat
from rules.persuasion import game
from rules.persuasion.game import PERSUASION
from rules.persuasion.pack import PersuasionPack, default_pack
from rules.persuasion.state import (
    Diary,
    Pass,
    PersuasionConfig,
    PersuasionState,
    Phase,
    Send,
    Symbol,
    TraitCard,
    UseCard,
)
from tests import playouts
from tests.rules_support import applied, new_events, refused_by

NAMES = ("Ada", "Basil", "Cora", "Dmitri", "Edie", "Felix", "Greta", "Hugo")
ADA, BASIL, CORA, DMITRI, EDIE, FELIX, GRETA, HUGO = range(8)


@cache
def pack() -> PersuasionPack:
    return default_pack()


@cache
def cards() -> tuple[TraitCard, ...]:
    return pack().trait_cards()


@cache
def _numbers() -> dict[str, int]:
    return {c.title: i for i, c in enumerate(cards())}


def num(title: str) -> int:
    """The card number of a default-pack card, by title."""
    return _numbers()[title]


def title(number: int) -> str:
    return cards()[number].title


def config(
    players: int = 4, *, evening_ball: bool = False, names: tuple[str, ...] | None = None
) -> PersuasionConfig:
    """A table made the way the app makes it (``make_config``)."""
    options = {"evening_ball": int(evening_ball)}
    return game.make_config(names or NAMES[:players], options, pack())


def fresh(
    seed: int = 0,
    players: int = 4,
    *,
    evening_ball: bool = False,
    names: tuple[str, ...] | None = None,
) -> PersuasionState:
    return game.new(config(players, evening_ball=evening_ball, names=names), seed)


# --- hand-built tables ------------------------------------------------------------------

DIARY = Diary(Symbol.WEALTH, Symbol.PASSION)


def known_table(
    players: int = 4,
    traits: dict[Seat, Iterable[str]] | None = None,
    *,
    discards: Iterable[str] = (),
    faceup: Iterable[str] = (),
    stamps: dict[str, Iterable[Seat]] | None = None,
    diaries: dict[Seat, Diary] | None = None,
    evening_ball: bool = False,
    hostex: Seat = 0,
    names: tuple[str, ...] | None = None,
) -> PersuasionState:
    """Round 1's mailing after the introductions, with the named cards dealt.

    Seats not in ``traits`` get five cards from the unnamed ones, in pack
    order; every other card is in the box. Nobody has stamped anything but
    ``stamps`` (title: seats), no card is face up but ``faceup``; every diary
    desires wealth and despises passion unless ``diaries`` says otherwise.
    """
    traits = {seat: tuple(num(t) for t in titles) for seat, titles in (traits or {}).items()}
    dropped = tuple(num(t) for t in discards)
    named = [n for hand in traits.values() for n in hand] + list(dropped)
    assert len(named) == len(set(named)), "a card is dealt twice"
    spare = iter(n for n in range(len(cards())) if n not in named)
    hands = tuple(
        traits[seat] if seat in traits else tuple(next(spare) for _ in range(5))
        for seat in range(players)
    )
    used = {n for hand in hands for n in hand} | set(dropped)
    box = tuple(n for n in range(len(cards())) if n not in used)
    up = {num(t) for t in faceup}
    marks = {num(t): tuple(sorted(seats)) for t, seats in (stamps or {}).items()}
    state = fresh(0, players, evening_ball=evening_ball, names=names)
    everyone = tuple(range(players))
    chosen = tuple((diaries or {}).get(seat, DIARY) for seat in everyone)
    state = evolve(
        state,
        diaries=chosen,
        traits=hands,
        discards=dropped,
        box=box,
        faceup=tuple(n in up for n in range(len(cards()))),
        stamps=tuple(marks.get(n, ()) for n in range(len(cards()))),
        hostex=hostex,
        phase=Phase.MAIL,
        introduced=everyone,
        log=tuple(e for e in state.log if e.seats is None),
    )
    assert Counter(all_cards(state)) == Counter(range(len(cards())))
    return state


def at_reception(
    state: PersuasionState,
    held: dict[Seat, Iterable[Seat]],
    turns: Iterable[Seat],
    hostex: Seat | None = None,
) -> PersuasionState:
    """The reception, with ``held`` seals/rings (holder: owners) and ``turns`` still to come."""
    players = len(state.traits)
    holds = tuple(tuple(held.get(seat, ())) for seat in range(players))
    return evolve(
        state,
        phase=Phase.RECEPTION,
        held=holds,
        turns=tuple(turns),
        hostex=state.hostex if hostex is None else hostex,
    )


def at_final(state: PersuasionState, exchanged: tuple[tuple[Seat, Seat], ...]) -> PersuasionState:
    """The last chance, after a season in which ``exchanged`` pairs exchanged rings."""
    return evolve(state, phase=Phase.FINAL, exchanged=exchanged)


# --- the rules tests' table: Ada, Basil, Cora and Dmitri --------------------------------

ADA_CARDS = ("Well-Informed Aunt", "Stolen Glances", "Honest Income")
BASIL_CARDS = ("Kind Introduction", "Lock of Hair")
CORA_CARDS = ("Tactful Silence", "Burnt Love Letters")
DMITRI_CARDS = ("Candid Countess", "Open-Hearted Poet")
HOLDER_TEXT = "Basil: use an action from a card of someone whose seal you hold, or pass."


def court(used: str, *, stamped=None, faceup=("Honest Income",), dropped=(), hands=None):
    """Basil holds Ada's seal and has stamped her card ``used``; his turn, then Cora's.

    Ada holds ``used`` + ADA_CARDS (Honest Income face up), Basil, Cora and
    Dmitri their *_CARDS (``hands``: others, by seat); ``stamped`` adds stamps
    (title: seats).
    """
    marks = {used: (BASIL,)} | dict(stamped or {})
    dealt = {ADA: (used, *ADA_CARDS), BASIL: BASIL_CARDS, CORA: CORA_CARDS, DMITRI: DMITRI_CARDS}
    state = known_table(
        4,
        dealt | dict(hands or {}),
        faceup=faceup,
        stamps=marks,
        discards=dropped,
    )
    held = {ADA: (BASIL,), BASIL: (ADA,), CORA: (DMITRI,), DMITRI: (CORA,)}
    return at_reception(state, held, turns=(BASIL, CORA))


def table(**traits):
    """Four players with the named cards (Ada, Basil, Cora, Dmitri default to *_CARDS)."""
    hands = {
        ADA: traits.get("ada", ADA_CARDS),
        BASIL: traits.get("basil", BASIL_CARDS),
        CORA: traits.get("cora", CORA_CARDS),
        DMITRI: traits.get("dmitri", DMITRI_CARDS),
    }
    return known_table(4, hands, faceup=traits.get("faceup", ()), stamps=traits.get("stamps"))


def mail(state, *sends):
    """Every player's mail: (sender, recipient, card title or None for the ring)."""
    for sender, to, name in sends:
        card = None if name is None else slot(state, sender, name)
        state = game.apply(state, Send(sender, to, card))
    return state


# --- reading a table -------------------------------------------------------------------


def all_cards(state: PersuasionState) -> list[int]:
    return [n for hand in state.traits for n in hand] + list(state.discards) + list(state.box)


def hand(state: PersuasionState, seat: Seat) -> list[str]:
    """A player's traits, by title, in slot order."""
    return [title(n) for n in state.traits[seat]]


def discards(state: PersuasionState) -> list[str]:
    return [title(n) for n in state.discards]


def stamps(state: PersuasionState, name: str) -> tuple[Seat, ...]:
    return state.stamps[num(name)]


def is_up(state: PersuasionState, name: str) -> bool:
    return state.faceup[num(name)]


def slot(state: PersuasionState, seat: Seat, name: str) -> int:
    return state.traits[seat].index(num(name))


def up_cards(state: PersuasionState) -> set[str]:
    return {title(n) for n, up in enumerate(state.faceup) if up}


def use(state: PersuasionState, seat: Seat, owner: Seat, name: str, **targets: Any) -> UseCard:
    """``seat`` uses the action of ``owner``'s card called ``name``."""
    return UseCard(seat, owner, slot(state, owner, name), **targets)


def describe(item: TraitCard, actions: bool = True) -> str:
    """How a note describes a card: "Lock of Hair (passion; action: give author)"; at the
    Evening Ball (``actions`` False), which has none, "Lock of Hair (passion)"."""
    symbols = ", ".join(item.symbols)
    if not actions:
        return f"{item.title} ({symbols})"
    return f"{item.title} ({symbols}; action: {item.action.replace('_', ' ')})"


def seen_text(name: str) -> str:
    """How a card is described to a player who looks at it."""
    return describe(cards()[num(name)])


# --- applying actions -------------------------------------------------------------------


act = partial(applied, game.apply)
refused = partial(refused_by, game.apply)
events = new_events


def public(before: PersuasionState, after: PersuasionState) -> list[str]:
    return [e.text for e in events(before, after) if e.seats is None]


def private(before: PersuasionState, after: PersuasionState) -> list[tuple[tuple[Seat, ...], str]]:
    return [(e.seats, e.text) for e in events(before, after) if e.seats is not None]


def prompt_seats(state: PersuasionState) -> tuple[Seat, ...]:
    current = game.prompt(state)
    assert current is not None
    return current.seats


def expected_outcome(state: PersuasionState) -> tuple[set[Seat], set[Seat]]:
    """Winners and losers worked out from the final table, independently of the engine."""
    partner = {a: b for a, b in state.exchanged} | {b: a for a, b in state.exchanged}
    winners, losers = set(), set()
    for seat, diary in enumerate(state.diaries):
        pile = state.traits[partner[seat]] if seat in partner else state.discards
        symbols = [s for n in pile for s in cards()[n].symbols]
        won = symbols.count(diary.desired) > symbols.count(diary.despised)
        (winners if won else losers).add(seat)
    return winners, losers


# --- invariants -------------------------------------------------------------------------


class Watcher:
    """Checks every invariant after every action, tracking who has seen which card.

    A player has seen a card when it was theirs, when it was face up, or when a
    private event told them what it is (``describe`` of that card). A stamp by
    anyone who has not seen the card fails the check.
    """

    def __init__(self, state: PersuasionState) -> None:
        players = len(state.traits)
        self.players = players
        self.seen: list[set[int]] = [set() for _ in range(players)]
        actions = not state.config.evening_ball  # the Evening Ball's notes name no action
        self.texts = {describe(c, actions): n for n, c in enumerate(state.config.cards)}
        assert len(self.texts) == len(state.config.cards), "two cards read alike"
        self.box = state.box
        self.actions = 0
        self._learn(state, state.log)
        check_table(state)

    def _learn(self, state: PersuasionState, new_events: Iterable[Event]) -> None:
        for seat, owned in enumerate(state.traits):
            self.seen[seat].update(owned)
        faceup = {n for n, up in enumerate(state.faceup) if up}
        for seen in self.seen:
            seen.update(faceup)
        for event in new_events:
            if event.seats is None:
                continue
            for text, number in self.texts.items():
                if text in event.text:
                    for seat in event.seats:
                        self.seen[seat].add(number)

    def step(self, before: PersuasionState, action: Any, after: PersuasionState) -> None:
        current = game.prompt(before)
        assert current is not None and action.seat in current.seats
        self.actions += 1
        added = events(before, after)
        self._learn(before, ())
        self._learn(after, added)
        for number, marks in enumerate(after.stamps):
            for seat in marks:
                assert number in self.seen[seat], (
                    f"{NAMES[seat]} stamped {title(number)} without seeing it"
                )
            if not after.faceup[number]:
                assert set(before.stamps[number]) <= set(marks), "a stamp went missing"
        for number, up in enumerate(before.faceup):
            if up:
                assert after.faceup[number], f"{title(number)} turned face down"
        assert after.box == self.box, "the box changed"
        if before.config.evening_ball:
            assert not isinstance(action, UseCard | Pass), "a card action at the Evening Ball"
        check_table(after)


def check_table(state: PersuasionState) -> None:
    """Everything that must hold at any moment of a season."""
    players = len(state.traits)
    everyone = set(range(players))
    # Cards: every card in exactly one place.
    found = all_cards(state)
    assert Counter(found) == Counter(range(len(state.config.cards))), "a card is lost or doubled"
    for number, up in enumerate(state.faceup):
        marks = state.stamps[number]
        assert tuple(sorted(set(marks))) == marks and set(marks) <= everyone
        if up:
            assert marks == (), f"face-up {title(number)} carries stamps"
        if number in state.box:
            assert not up and marks == (), "a boxed card was seen"
    for owner, owned in enumerate(state.traits):
        for number in owned:
            if everyone - {owner} <= set(state.stamps[number]):
                assert state.faceup[number], f"{title(number)} is known to all but face down"
    for number in state.discards:
        if everyone <= set(state.stamps[number]):
            assert state.faceup[number], f"discarded {title(number)} is known to all"
    # Seals and rings.
    current = game.prompt(state)
    if state.phase == Phase.RECEPTION:
        assert all(m is not None for m in state.mail)
        for holder, owners in enumerate(state.held):
            senders = [s for s, m in enumerate(state.mail) if m.to == holder]
            assert sorted(owners) == senders, "held seals do not match the mail"
            assert holder not in owners
        owners = [o for held in state.held for o in held]
        assert len(owners) == len(set(owners)) == players, "a seal or ring is in two places"
        assert state.turns and current is not None and current.seats == state.turns[:1]
        if state.config.evening_ball:
            assert all(not state.held[p] for p in state.turns)
    else:
        assert state.held == ((),) * players, "seals or rings were not returned"
        assert state.turns == ()
    if state.phase in (Phase.MAIL, Phase.RECEPTION):
        for a, b in state.exchanged:
            assert state.mail[a].to == b and state.mail[b].to == a
            assert state.mail[a].card is None and state.mail[b].card is None
    if state.phase == Phase.MAIL:
        for sender, delivery in enumerate(state.mail):
            if delivery is not None and delivery.card is not None:
                assert delivery.card in state.traits[sender] and delivery.to != sender
    engaged = [p for pair in state.exchanged for p in pair]
    assert len(engaged) == len(set(engaged)), "a player is engaged twice"
    # Phases, prompts and the end.
    assert (state.phase == Phase.OVER) == (current is None) == (state.result is not None)
    if state.phase == Phase.INTRO:
        assert state.round == 1
    if state.phase == Phase.MAIL:
        assert all(state.traits), "a season went on after a player ran out of cards"
        assert not state.exchanged, "a season went on after rings were exchanged"
        waiting = {p for p, m in enumerate(state.mail) if m is None}
        assert current is not None and set(current.seats) == waiting
    if state.phase == Phase.FINAL:
        assert current is not None and current.seats
        assert not set(current.seats) & set(engaged)
    if state.result is not None:
        winners, losers = expected_outcome(state)
        assert state.result == Outcome(
            tuple(sorted(winners)), tuple(sorted(losers)), state.result.reason
        )


# --- policies -----------------------------------------------------------------------------

Policy = playouts.Policy
Step = tuple[PersuasionState, Any, PersuasionState]


def random_policy(seed: int, seats: Iterable[Seat] | None = None) -> Policy:
    """Random open choices of the asked seats (of one of ``seats`` when given)."""
    return playouts.random_policy(PERSUASION, seed, seats)


def bot_policy(seed: int) -> Policy:
    """The shipped bots, seeded as Session.bot_for seeds them, each seeing its view only."""
    return playouts.bot_policy(PERSUASION, seed)


def mixed_policy(seed: int, random_seats: Iterable[Seat]) -> Policy:
    """Some seats play at random, the others are the shipped bots."""
    return playouts.mixed_policy(PERSUASION, seed, random_seats)


def playout(state: PersuasionState, policy: Policy, max_actions: int) -> Iterator[Step]:
    """Yields (before, action, after) until the season ends or ``max_actions`` are applied."""
    return playouts.playout(PERSUASION, state, policy, max_actions)


def reachable(
    starts: Iterable[tuple[PersuasionState, Policy]], bound: int = 3_000
) -> tuple[PersuasionState, ...]:
    """Every state of the given seeded games, starts included."""
    return playouts.reachable(PERSUASION, starts, bound)


# --- reading choices -------------------------------------------------------------------------


def choices_of(state: PersuasionState, seat: Seat) -> Pick[Any]:
    """The seat's choices now (it must have some)."""
    offered = game.view(state, seat).choices
    assert offered is not None, f"{NAMES[seat]} is offered nothing"
    return offered


def labels(question: Pick[Any]) -> list[str]:
    return [o.label for o in question.options]


def option(question: Pick[Any], label: str) -> Option[Any]:
    """The option called ``label``."""
    found = [o for o in question.options if o.label == label]
    assert len(found) == 1, f"{label!r} not in {labels(question)}"
    return found[0]


def then(question: Pick[Any], label: str) -> Pick[Any]:
    """The question the option called ``label`` leads to."""
    follow = option(question, label).then
    assert isinstance(follow, Pick), f"{label!r} leads nowhere"
    return follow


def closed(question: Pick[Any]) -> dict[str, str]:
    """The closed options: label -> reason."""
    return {o.label: o.closed for o in question.options if not o.open}


def choice_texts(question: Any) -> list[str]:
    """Every question, label and reason of a choices tree."""
    if not isinstance(question, Pick):
        return []
    texts = [question.ask]
    for option in question.options:
        texts += [option.label, option.closed, *choice_texts(option.then)]
    return texts


def leaf_values(question: Pick[Any]) -> list[Any]:
    """The actions of the open options, down every open ``then``."""
    found: list[Any] = []
    for item in question.opened:
        if isinstance(item.then, Pick):
            found += leaf_values(item.then)
        else:
            found.append(item.value)
    return found

"""Ye Olde Rusty Lantern: new / prompt / apply / view / outcome, and its registry entry.

The rules themselves live beside it, one idea a module: ``benches`` (seating,
leaving, suspension, sleep), ``telling`` (plays, passes, interruptions, the
closing passage), ``rulings`` (the Barkeep's and the table's), ``deck``
(dealing, burning, owing, restocking), ``choices`` and ``view`` (what a seat
may decide and know).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules import registry
from rules.chance import Chance
from rules.engine import (
    GameInfo,
    IllegalAction,
    OptionSpec,
    Outcome,
    Prompt,
    Seat,
    TextOption,
    Whos,
    notes_for,
    once_per_state,
)
from rules.gatekeeping import gatekept
from rules.lantern import help
from rules.lantern.benches import (
    begin,
    check_suspension,
    close_suspended,
    first_bard,
    leave,
    seat_bard,
    send_under,
    sleep,
    sleeper_deciders,
)
from rules.lantern.bots import LanternBot
from rules.lantern.deck import LONGEST_ELEMENTS, deal, restock
from rules.lantern.newcomers import hand_bar, walk_in
from rules.lantern.pack import LanternPack, default_pack, load_pack
from rules.lantern.rulings import deciders, interruption_skip, rule, rule_interruption
from rules.lantern.state import (
    ACTION_TYPES,
    Action,
    Begin,
    Closing,
    EventKind,
    HandBar,
    Interrupt,
    Keeper,
    LanternConfig,
    LanternState,
    Leave,
    PassTurn,
    Phase,
    Play,
    Restock,
    Rule,
    RuleInterruption,
    SeatBard,
    SendUnder,
    Sleep,
    WalkIn,
)
from rules.lantern.tavern import announce, bard_seats, barkeep_seat, is_bard, name, names, seated
from rules.lantern.telling import (
    closing,
    interrupt,
    late_interrupt,
    open_play,
    pass_turn,
    play,
)
from rules.lantern.view import LanternView, view_of
from rules.lantern.winning import settle

MIN_BENCHES, MAX_BENCHES = 2, 8


def make_config(
    names: tuple[str, ...],
    options: Mapping[str, int],
    pack: LanternPack,
    texts: Mapping[str, str] | None = None,
) -> LanternConfig:
    """Seat names: the Bards (the first ones fill the benches; any beyond wait at the bar
    to join later), then the Barkeep when a person keeps the bar. Options: benches, hand,
    the word guideline, the turn timer, who keeps the bar."""
    texts = texts or {}
    person = bool(options.get("barkeep_person", 1))
    bards = tuple(names[:-1]) if person else tuple(names)
    extra = tuple(e.strip() for e in texts.get("elements", "").split(";") if e.strip())
    benches = int(options.get("benches", max(len(bards), MIN_BENCHES)))
    return LanternConfig(
        benches=benches,
        bards=bards,
        seated=tuple(index < benches for index in range(len(bards))),
        elements=tuple(dict.fromkeys(pack.elements + extra)),
        barkeep=Keeper.PERSON if person else Keeper.TABLE,
        barkeep_name=names[-1] if person else "The table",
        hand=int(options.get("hand", 7)),
        words=(int(options.get("words_min", 40)), int(options.get("words_max", 150))),
        sleep_seconds=int(options.get("sleep_minutes", 0)) * 60,
        table_judges=True,
        late_interruptions=True,
        called_under=True,
        walk_ins=True,
    )


def new(config: LanternConfig, seed: int) -> LanternState:
    roster = len(config.bards)
    if not MIN_BENCHES <= config.benches <= MAX_BENCHES:
        raise IllegalAction(f"A tavern has {MIN_BENCHES} to {MAX_BENCHES} benches.")
    if roster < 2 or len(config.seated) != roster:
        raise IllegalAction("A tale needs at least two Bards on the roster.")
    if len({n.strip().casefold() for n in config.bards}) != roster:
        raise IllegalAction("Every Bard needs a name of their own.")
    if sum(config.seated) > config.benches:
        raise IllegalAction("More Bards are seated than there are benches.")
    if config.hand < 1 or len(set(config.elements)) < config.hand * sum(config.seated):
        raise IllegalAction("There are not enough story elements to deal every Bard a hand.")
    low, high = config.words
    if not 1 <= low <= high:
        raise IllegalAction("The word guideline must run from a smaller to a larger number.")
    benches: list[int | None] = []
    for sits in config.seated:
        benches.append(len([b for b in benches if b is not None]) if sits else None)
    state = LanternState(
        config=config,
        chance=Chance(seed),
        elements=config.elements,
        deck=tuple(range(len(config.elements))),
        hands=((),) * roster,
        benches=tuple(benches),
        ale=(0,) * roster,
        asleep=(0,) * roster,
        under_table=(False,) * roster,
    )
    for bard in seated(state):
        state = deal(state, bard, config.hand)
    state = announce(state, EventKind.OPENED, benches=config.benches, seated=Whos(seated(state)))
    state = check_suspension(state)
    return state if state.phase == Phase.SUSPENDED else begin(state)


@once_per_state
def prompt(state: LanternState) -> Prompt | None:
    phase = state.phase
    if phase == Phase.OVER:
        return None
    keeper = barkeep_seat(state)
    if phase == Phase.OPENING:
        assert keeper is not None
        text = f"{name(state, keeper)}: choose the Bard who begins the tale."
        return Prompt((keeper,), Phase.OPENING, text, True)
    if phase == Phase.SUSPENDED:
        seats = (keeper,) if keeper is not None else (seated(state) or bard_seats(state))
        return Prompt(
            seats, Phase.SUSPENDED, "The tale is suspended: seat a Bard on a free bench.", False
        )
    if phase == Phase.TURN:
        assert state.on_turn is not None
        return Prompt(
            (state.on_turn,),
            Phase.TURN,
            f"{name(state, state.on_turn)}: tell the next part of the tale, or pass.",
            True,
        )
    attempt = state.attempt
    if phase == Phase.WINDOW:
        assert attempt is not None
        who = ", ".join(name(state, s) for s in attempt.asked)
        text = f"{who}: interrupt with a card of yours, or let it go?"
        return Prompt(attempt.asked, Phase.WINDOW, text, False)
    if phase == Phase.RULING:
        assert attempt is not None
        text = (
            f"{'The Barkeep' if keeper is not None else 'The table'} rules on "
            f"{name(state, attempt.bard)}'s play."
        )
        return Prompt(deciders(state, attempt.bard), Phase.RULING, text, keeper is not None)
    if phase == Phase.INTERRUPTIONS:
        assert attempt is not None
        interrupter = attempt.interruptions[0][0]
        seats = deciders(state, *interruption_skip(state, attempt, interrupter))
        text = f"Rule on {name(state, interrupter)}'s interruption."
        return Prompt(seats, Phase.INTERRUPTIONS, text, keeper is not None)
    if phase == Phase.DRY:
        seats = (keeper,) if keeper is not None else seated(state)[:1]
        text = "The deck is dry: add story elements, or end the tale."
        return Prompt(seats, Phase.DRY, text, keeper is not None)
    if phase == Phase.SLEEPER:
        assert state.sleeper is not None
        text = f"{name(state, state.sleeper)} has slept three turns in a row: Under The Table?"
        seats = (keeper,) if keeper is not None else sleeper_deciders(state)
        return Prompt(seats, Phase.SLEEPER, text, keeper is not None)
    if phase == Phase.CLOSING:
        assert state.last_success is not None
        text = f"{name(state, state.last_success)} has won: write a closing passage."
        return Prompt((state.last_success,), Phase.CLOSING, text, False)
    raise AssertionError(phase)


_OUT_OF_TURN = (Leave, SeatBard, Sleep, WalkIn, HandBar)
"""Actions the rules judge by their own checks, whoever the prompt asks."""


def _coming_or_going(state: LanternState, action: Action, asked: Prompt) -> bool:
    """A Bard may sit down, walk in, leave or wake (and the Barkeep hand the bar over)
    whoever's turn it is; and, where plays may be
    interrupted after their ruling, interrupt whoever the prompt asks."""
    late = isinstance(action, Interrupt) and open_play(state) is not None
    return late or isinstance(action, _OUT_OF_TURN)


def _apply(state: LanternState, action: Action, current: Prompt) -> LanternState:
    """The state after ``action``; IllegalAction (and nothing changed) when it is not legal.
    After every action, whatever it was, ``settle`` sees whether a Bard has won."""
    return settle(_dispatch(state, action, current))


def _dispatch(state: LanternState, action: Action, current: Prompt) -> LanternState:
    """Who handles ``action``: a coming or going in any phase, else the rule for the phase
    and kind of action of the prompt's seats (none: IllegalAction)."""
    phase = state.phase
    match action:
        case Leave():
            return leave(state, action)
        case SeatBard():
            return seat_bard(state, action)
        case WalkIn():
            return walk_in(state, action)
        case HandBar():
            return hand_bar(state, action)
        case Sleep():
            return sleep(state, action)
        case Begin() if phase == Phase.OPENING:
            return first_bard(state, action)
        case Play() if phase == Phase.TURN:
            return play(state, action)
        case PassTurn() if phase == Phase.TURN:
            return pass_turn(state, action)
        case Interrupt() if phase == Phase.WINDOW and _asked_in_window(state, action):
            return interrupt(state, action)
        case Interrupt() if open_play(state) is not None:
            return late_interrupt(state, action)
        case SendUnder() if phase == Phase.SLEEPER:
            return send_under(state, action)
        case Rule() if phase == Phase.RULING:
            return rule(state, action)
        case RuleInterruption() if phase == Phase.INTERRUPTIONS:
            return rule_interruption(state, action)
        case Restock() if phase == Phase.DRY:
            return restock(state, action)
        case Restock() if phase == Phase.SUSPENDED:
            return close_suspended(state, action)
        case Closing() if phase == Phase.CLOSING:
            return closing(state, action)
    raise IllegalAction(f"That is not possible now: {current.text}")


def _asked_in_window(state: LanternState, action: Interrupt) -> bool:
    """Whether the window still asks the interrupting Bard (else it is a late interruption,
    where the rules allow one)."""
    attempt = state.attempt
    late = state.config.late_interruptions
    return attempt is not None and (not late or action.seat in attempt.asked)


def view(state: LanternState, seat: Seat | None) -> LanternView:
    """Only what ``seat`` may know (None: the public table), with what it may decide now."""
    return view_of(state, seat, prompt(state))


def outcome(state: LanternState) -> Outcome | None:
    return state.result


def seat_names(state: LanternState) -> tuple[str, ...]:
    """Every seat's name, in seat order: the roster's Bards, then the Barkeep when a person
    keeps the bar, then every seat added since (walk-ins, new Barkeeps): it only grows."""
    return names(state)


apply = gatekept(_apply, prompt, seat_names, out_of_turn=_coming_or_going)


def secrets_of(state: LanternState, seat: Seat) -> tuple[str, ...]:
    """A Bard's hand and private events (elements named publicly are no secret)."""
    if not is_bard(state, seat):
        return ()
    public = set(state.table) | {p.card for p in state.tale}
    hand = tuple(state.elements[c] for c in state.hands[seat] if c not in public)
    return hand + notes_for(state.log, seat)


def game_stats(state: LanternState) -> dict[str, float]:
    return {"passages": float(len(state.tale)), "burned": float(len(state.burned))}


LANTERN: GameInfo[LanternState, LanternView] = GameInfo(
    listing=registry.listing("lantern"),
    options=(
        OptionSpec(
            "barkeep_person",
            "Barkeep person",
            1,
            0,
            1,
            "1: the last seat is a person Barkeep; 0: the table votes on plays.",
        ),
        OptionSpec("benches", "Benches", 4, MIN_BENCHES, MAX_BENCHES, "Seats round the table."),
        OptionSpec("hand", "Starting hand", 7, 1, 12, "Cards each Bard is dealt on joining."),
        OptionSpec("words_min", "Fewest words", 40, 1, 1000, "The guideline's lower end."),
        OptionSpec("words_max", "Most words", 150, 1, 2000, "The guideline's upper end."),
        OptionSpec(
            "sleep_minutes",
            "Turn timer",
            0,
            0,
            60,
            "Minutes before a Bard on turn falls asleep (0: no timer).",
        ),
    ),
    config_type=LanternConfig,
    action_types=ACTION_TYPES,
    state_type=LanternState,
    make_config=make_config,
    default_pack=default_pack,
    load_pack=load_pack,
    new=new,
    prompt=prompt,
    apply=apply,
    view=view,
    outcome=outcome,
    make_bot=LanternBot,
    rules_text=help.RULES,
    phase_help=help.phase_help,
    seat_names=seat_names,
    secrets_of=secrets_of,
    default_seats=4,
    game_stats=game_stats,
    text_options=lambda pack: (TextOption("elements", "Own elements", "", LONGEST_ELEMENTS),),
    turn_of=lambda state: len(state.tale),
    turn_word="passage",
    rules_edition=2,  # 2: the Barkeep names who begins; every interruption is ruled
)

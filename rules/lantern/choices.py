"""What a seat of the Lantern may decide now: the choices its view carries.

The Bard on turn and a person Barkeep ruling on a play get a choices class of
their own (a play is prose plus a card plus claims; a ruling is a verdict plus
its details); everything else is a :class:`Pick` or a :class:`Write`. Between
turns Bards may come and go whoever the prompt asks, so a seated Bard may
leave, the seater may seat a Bard or someone new who walks in (by name), the
Barkeep (or, at a table without one, the next Bard) may find the Bard on turn
asleep, and a person Barkeep may hand the bar to someone else (by name). Closed options carry
the sentence the rules refuse them with, from the rules' own refusal
functions.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from rules.chance import Chance
from rules.choices import SAMPLE_WORDS, Option, Pick, Write
from rules.engine import Prompt, Seat
from rules.lantern.benches import seater, seating_refusal, time_out
from rules.lantern.deck import LONGEST_ELEMENTS
from rules.lantern.newcomers import LONGEST_NAME, walk_in_refusal
from rules.lantern.rulings import (
    NO_CARD_NO_LOOSE_END,
    interruption_refusal,
    ruling_refusal,
    vote_details,
)
from rules.lantern.state import (
    ACTION_TYPES,
    BETWEEN_TURNS,
    DENY_REASONS,
    Action,
    Begin,
    Closing,
    HandBar,
    Interrupt,
    Keeper,
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
from rules.lantern.tavern import barkeep_seat, free_benches, is_bard, may_come, name, names, seated
from rules.lantern.telling import LONGEST_PLAY, late_refusal, open_play

BETWEEN_ASK = "Between turns, Bards may come and go."
PLAY_WORDS = 40
"""The most words of a drawn play (random play only)."""

BetweenAction = Leave | SeatBard | Sleep | Restock | WalkIn | HandBar
"""What the options between turns stand for: leaving, seating a Bard, someone walking in,
finding the Bard on turn asleep, closing a suspended tale, handing the bar over."""
WALK_IN, HAND_BAR = "walk_in", "hand_bar"
"""The keys of the options for someone new walking in and for handing the bar over."""


@frozen
class TurnChoices:
    """The Bard on turn: a play or a pass (and, between turns, coming and going).

    A play is prose (``words`` is the guideline, ``longest`` the most characters
    the rules take) naming one card of ``cards`` (none only with an empty hand),
    claiming any of the Loose Ends of ``ties`` tied off, and perhaps suggesting
    its card as a Loose End (``loose_end``); ``action`` makes it. ``passes`` are
    the plain pass and a pass burning each card of the hand.
    """

    seat: Seat
    ask: str
    cards: Pick[int]
    """The hand's cards, to name one of them (exactly one, unless the hand is empty)."""
    ties: Pick[int]
    """The Loose Ends on the table, any of them claimed tied off (they fill ``Play.ties``)."""
    loose_end: Option[bool]
    """Suggesting the named card as a Loose End: closed when there is no card to name."""
    words: tuple[int, int]
    longest: int
    passes: Pick[PassTurn]
    between: Pick[BetweenAction | None] | None = None
    """Leaving the tale, and for the seater seating a Bard (None: neither). An option
    standing for None leads to a further question (which Bard, on which bench)."""

    def action(
        self, text: str, card: int | None, ties: Sequence[int] = (), loose_end: bool = False
    ) -> Play:
        """The play of ``text`` naming ``card``, claiming ``ties``, maybe suggesting a Loose End."""
        return Play(self.seat, text, card, tuple(ties), loose_end)

    def draw(self, chance: Chance) -> tuple[Action, Chance]:
        """A random open action: mostly plays, some passes, now and then a coming or going."""
        roll, chance = chance.below(20)
        if roll == 0 and self.between is not None and self.between.opened:
            going, chance = self.between.draw(chance)  # down to a whole action
            assert isinstance(going, ACTION_TYPES)
            return going, chance
        if roll <= 3:
            passing, chance = self.passes.draw(chance)
            assert isinstance(passing, PassTurn)
            return passing, chance
        card = None
        if self.cards.opened:
            card, chance = chance.pick([option.value for option in self.cards.opened])
        claimed, chance = self.ties.draw(chance)
        suggest, chance = chance.below(4)
        count, chance = chance.below(PLAY_WORDS)
        words = []
        for _ in range(count):
            word, chance = chance.pick(SAMPLE_WORDS)
            words.append(word)
        text = " ".join(words)[: self.longest]
        loose_end = suggest == 0 and self.loose_end.open
        return self.action(text, card, claimed.ties, loose_end), chance


@frozen
class RulingChoices:
    """A person Barkeep on the play under review: verify it or deny it.

    Verifying may make the play's card a Loose End (``loose_end``, closed when it
    named none) and tie off any of the Loose Ends it claimed (``ties``, which fill
    ``Rule.tied``); ``verified`` makes that ruling. Denying takes one of the
    seed's reasons (``deny``, each option keyed by its reason).
    """

    seat: Seat
    ask: str
    verify: Option[Rule]
    loose_end: Option[Rule]
    ties: Pick[int]
    deny: Pick[Rule]

    def verified(self, loose_end: bool = False, tied: Sequence[int] = ()) -> Rule:
        """The ruling that verifies the play, with its Loose End and the ties it allows."""
        return Rule(self.seat, True, loose_end=loose_end, tied=tuple(tied))

    def draw(self, chance: Chance) -> tuple[Rule, Chance]:
        """A random open ruling: four in five verify."""
        roll, chance = chance.below(5)
        if roll == 0:
            denial: Rule
            denial, chance = self.deny.draw(chance)
            return denial, chance
        claimed, chance = self.ties.draw(chance)
        loose, chance = chance.below(3)
        return self.verified(loose == 0 and self.loose_end.open, claimed.tied), chance


@frozen
class NewElements(Write[Restock]):
    """The story elements the Barkeep adds to a dry deck: a :class:`Write` whose drawn
    answers (random play only) are always new to the tale, as the rules want them; the
    plain sample words would sooner or later repeat an element added before."""

    def draw(self, chance: Chance) -> tuple[Restock, Chance]:
        count, chance = chance.below(3)
        elements = []
        for _ in range(count + 1):
            size, chance = chance.below(3)
            words = []
            for _ in range(size + 1):
                word, chance = chance.pick(SAMPLE_WORDS)
                words.append(word)
            tag, chance = chance.below(10**9)
            elements.append(f"{' '.join(words)} no. {tag}")
        return self.answer(f"{self.separator} ".join(elements)[: self.longest]), chance


@frozen
class NewName(Write[WalkIn | HandBar]):
    """A newcomer's name, typed: a :class:`Write` whose drawn answers (random play only)
    are names nobody at the table has (``taken``), as the rules want them."""

    taken: tuple[str, ...] = ()

    def draw(self, chance: Chance) -> tuple[WalkIn | HandBar, Chance]:
        while True:
            word, chance = chance.pick(SAMPLE_WORDS)
            tag, chance = chance.below(10**6)
            drawn = f"{word.title()} {tag}"[: self.longest]
            if drawn.casefold() not in {n.casefold() for n in self.taken}:
                return self.answer(drawn), chance


LanternChoices = TurnChoices | RulingChoices | Pick[Action | None] | Write[Closing]
"""Whatever a Lantern view may offer its seat (an option standing for None leads to a
further question)."""


def choices_for(
    state: LanternState, seat: Seat | None, current: Prompt | None
) -> LanternChoices | None:
    """What ``seat`` may decide now, ``current`` being the prompt (None: nothing)."""
    if seat is None or current is None:
        return None
    asked = seat in current.seats
    if state.phase in BETWEEN_TURNS:
        between = _between(state, seat, asked)
        if state.phase == Phase.TURN and asked:
            return _turn(state, seat, current, between)
        if not between:
            return None
        return Pick(current.text if asked else BETWEEN_ASK, between)
    if not asked:
        return None
    if state.phase == Phase.OPENING:
        return _opening(state, seat)
    if state.phase == Phase.WINDOW:
        return _window(state, seat)
    if state.phase == Phase.RULING:
        return _ruling(state, seat)
    if state.phase == Phase.INTERRUPTIONS:
        return _interruption(state, seat)
    if state.phase == Phase.DRY:
        return _dry(current, seat)
    if state.phase == Phase.SLEEPER:
        return _sleeper(state, seat)
    if state.phase == Phase.CLOSING:
        return Write(
            f"{name(state, seat)}, write the closing passage (or leave it empty):",
            Closing(seat, ""),
            "text",
            LONGEST_PLAY,
            hint="The tale ends with it.",
        )
    return None


# --- the start -------------------------------------------------------------------------


def _opening(state: LanternState, seat: Seat) -> Pick[Begin]:
    """The Barkeep names the Bard who begins: any Bard on a bench, in bench order."""
    return Pick(
        "Which Bard begins the tale?",
        tuple(Option(Begin(seat, bard), name(state, bard)) for bard in seated(state)),
    )


# --- between turns ----------------------------------------------------------------------


def _between(
    state: LanternState, seat: Seat, asked: bool
) -> tuple[Option[BetweenAction | None], ...]:
    """Leave (a seated Bard), seat a Bard or someone new (the seater), find the Bard on turn
    asleep (the Barkeep, or the Bard who would call it), close a suspended tale (the seats
    asked), hand the bar over (a person Barkeep)."""
    options: list[Option[BetweenAction | None]] = []
    if is_bard(state, seat) and state.benches[seat] is not None:
        options.append(Option(Leave(seat), "Leave the tale", key="leave"))
    if seat == seater(state):
        options.append(_seating(state, seat))
        if state.config.walk_ins:
            options.append(_walking_in(state, seat))
    sleep = time_out(state)
    if sleep is not None and sleep.seat == seat and state.on_turn is not None:
        # (where Under The Table is a call of its own, it is asked after the third sleep)
        bard = name(state, state.on_turn)
        label = f"{bard} has fallen asleep" + (": Under The Table" if sleep.under_table else "")
        options.append(Option(sleep, label, key="sleep"))
    if state.phase == Phase.SUSPENDED and asked:
        options.append(Option(Restock(seat), "Close the tale unfinished", key="close"))
    if state.config.walk_ins and seat == barkeep_seat(state):
        options.append(_handing_over(state, seat))
    return tuple(options)


def _seating(state: LanternState, seat: Seat) -> Option[SeatBard | None]:
    """Seat a Bard who may come on a free bench; closed (with the rules' reason, on an
    action that would be refused with it) when nobody may come or no bench is free."""
    coming, benches = may_come(state), free_benches(state)
    if not coming or not benches:
        away = [b for b, bench in enumerate(state.benches) if bench is None]
        bard = (coming or tuple(away) or (0,))[0]
        action = SeatBard(seat, bard, (benches or (0,))[0])
        return Option(action, "Seat a Bard", closed=seating_refusal(state, action), key="seat")
    bards = tuple(
        Option(
            bard,
            name(state, bard),
            then=Pick(
                f"Which bench for {name(state, bard)}?",
                tuple(Option(SeatBard(seat, bard, n), f"Bench {n + 1}") for n in benches),
            ),
        )
        for bard in coming
    )
    return Option(None, "Seat a Bard", then=Pick("Who comes to the table?", bards), key="seat")


def _new_name(state: LanternState, ask: str, template: WalkIn | HandBar) -> NewName:
    return NewName(
        ask,
        template,
        "name",
        LONGEST_NAME,
        needed=True,
        hint=f"Up to {LONGEST_NAME} characters, a name nobody at this table has.",
        taken=names(state),
    )


def _walking_in(state: LanternState, seat: Seat) -> Option[WalkIn | None]:
    """Someone new walks in: which free bench, then their name; closed (with the rules'
    reason) when no bench is free."""
    benches = free_benches(state)
    if not benches:
        action = WalkIn(seat, "", 0)
        return Option(
            action, "Someone new walks in", closed=walk_in_refusal(state, action), key=WALK_IN
        )
    where = Pick(
        "Which bench for the newcomer?",
        tuple(
            Option(
                None,
                f"Bench {n + 1}",
                then=_new_name(state, "The newcomer's name:", WalkIn(seat, "", n)),
            )
            for n in benches
        ),
    )
    return Option(None, "Someone new walks in", then=where, key=WALK_IN)


def _handing_over(state: LanternState, seat: Seat) -> Option[HandBar | None]:
    """The Barkeep hands the bar to someone else, by name (offered between turns, when
    nothing but the name can be refused)."""
    then = _new_name(state, "Who keeps the bar from now on? Their name:", HandBar(seat, ""))
    return Option(None, "Hand the bar to someone else", then=then, key=HAND_BAR)


# --- a turn -----------------------------------------------------------------------------


def _turn(
    state: LanternState,
    seat: Seat,
    current: Prompt,
    between: tuple[Option[BetweenAction | None], ...],
) -> TurnChoices:
    hand = state.hands[seat]
    elements = state.elements
    cards = Pick(
        "Which of your cards does the play bring in?",
        tuple(Option(card, elements[card]) for card in hand),
        fewest=1 if hand else 0,
        most=1 if hand else 0,
    )
    ties = Pick(
        "Which Loose Ends does it tie off?",
        tuple(Option(card, elements[card]) for card in state.table),
        fewest=0,
        most=len(state.table),
        template=Play(seat, "", None),
        fills="ties",
    )
    loose_end = Option(
        True,
        "Suggest the card as a Loose End",
        closed="" if hand else NO_CARD_NO_LOOSE_END,
        key="loose_end",
    )
    passes = Pick(
        "Pass, and take a card:",
        (
            Option(PassTurn(seat), "Pass", key="pass"),
            *(Option(PassTurn(seat, card), f"Pass and burn {elements[card]}") for card in hand),
        ),
    )
    return TurnChoices(
        seat=seat,
        ask=current.text,
        cards=cards,
        ties=ties,
        loose_end=loose_end,
        words=state.config.words,
        longest=LONGEST_PLAY,
        passes=passes,
        between=Pick(BETWEEN_ASK, between) if between else None,
    )


# --- after a play -----------------------------------------------------------------------


def _window(state: LanternState, seat: Seat) -> Pick[Interrupt | None]:
    """Interrupt with a card of your own, or let the play go. (The question is public; the
    cards under ``interrupt`` are for the Bard's eyes only.)"""
    cards = Pick(
        "Which card of yours did the play mention?",
        tuple(Option(Interrupt(seat, card), state.elements[card]) for card in state.hands[seat]),
    )
    return Pick(
        f"{name(state, seat)}: interrupt with a card of yours, or let it go?",
        (
            Option(None, "Interrupt", then=cards, key="interrupt"),
            Option(Interrupt(seat, None), "Let it go", key="let_go"),
        ),
    )


def _ruling(state: LanternState, seat: Seat) -> RulingChoices | Pick[Rule]:
    attempt = state.attempt
    assert attempt is not None
    bard = name(state, attempt.bard)
    if state.config.barkeep == Keeper.TABLE and state.config.table_judges:
        return _judging(state, seat)
    if state.config.barkeep == Keeper.TABLE:
        return Pick(
            f"How do you vote on {bard}'s play?",
            (
                Option(Rule(seat, True), "Verify it", key="verify"),
                Option(Rule(seat, False), "Deny it", key="deny"),
            ),
        )
    loose = Rule(seat, True, loose_end=True)
    claimed = tuple(dict.fromkeys(attempt.ties))
    return RulingChoices(
        seat=seat,
        ask=f"Rule on {bard}'s play: verify it, or deny it with a reason.",
        verify=Option(Rule(seat, True), "Verify the play", key="verify"),
        loose_end=Option(
            loose,
            "Make its card a Loose End",
            closed=ruling_refusal(state, loose),
            key="loose_end",
        ),
        ties=Pick(
            "Which of the Loose Ends it claims are tied off?",
            tuple(Option(card, state.elements[card]) for card in claimed),
            fewest=0,
            most=len(claimed),
            template=Rule(seat, True),
            fills="tied",
        ),
        deny=Pick(
            "Deny it: why?",
            tuple(
                Option(Rule(seat, False, reason), text[0].upper() + text[1:], key=reason)
                for reason, text in DENY_REASONS.items()
            ),
        ),
    )


AS_TOLD = "as_told"
"""The vote that holds the play as its teller told it (their Loose End, their ties)."""


def _judging(state: LanternState, seat: Seat) -> Pick[Rule]:
    """A Bard's vote at a table that judges a play's parts: deny it, or verify it with
    each answer to whether its card becomes a Loose End and which of the Loose Ends it
    claims it tied off (every combination, one option each, so the whole vote is one
    answer). The last option is the play as its teller told it (``as_told``); plainly
    verifying (no Loose End, nothing tied off) is keyed ``verify``."""
    attempt = state.attempt
    assert attempt is not None
    claimed = tuple(dict.fromkeys(attempt.ties))
    loose = (False, True) if attempt.card is not None else (False,)
    told = Rule(seat, True, loose_end=attempt.loose_end and attempt.card is not None, tied=claimed)
    verdicts: list[Option[Rule]] = []
    for mask in range(2 ** len(claimed)):
        tied = tuple(t for n, t in enumerate(claimed) if mask >> n & 1)
        for loose_end in loose:
            rule = Rule(seat, True, loose_end=loose_end, tied=tied)
            if rule != told:
                key = "verify" if not loose_end and not tied else ""
                verdicts.append(Option(rule, _vote_label("Verify it", state, rule), key=key))
    return Pick(
        f"How do you vote on {name(state, attempt.bard)}'s play?",
        (
            Option(Rule(seat, False), "Deny it", key="deny"),
            *verdicts,
            Option(told, _vote_label("Verify it as told", state, told), key=AS_TOLD),
        ),
    )


def _vote_label(said: str, state: LanternState, rule: Rule) -> str:
    """ "Verify it: a monk a Loose End; ties off a raven" (what a vote to verify holds)."""
    attempt = state.attempt
    assert attempt is not None
    details = vote_details(state, attempt, rule)
    return said + (f": {details}" if details else "")


def _sleeper(state: LanternState, seat: Seat) -> Pick[SendUnder]:
    """Send the Bard asleep three turns running Under The Table, or let them stay (the
    Barkeep's call; at the table, each Bard's vote). Staying comes last."""
    sleeper = state.sleeper
    assert sleeper is not None
    who = name(state, sleeper)
    return Pick(
        f"{who} has slept through three turns in a row: send them Under The Table?",
        (
            Option(SendUnder(seat, True), f"Send {who} Under The Table", key="send"),
            Option(SendUnder(seat, False), f"Let {who} stay", key="stay"),
        ),
    )


def interruption_for(state: LanternState, seat: Seat | None) -> Pick[Interrupt] | None:
    """The cards of ``seat``'s hand they may interrupt the open play with now, out of turn
    (None: they may not, or no play is open to it; the window's own question is in the
    choices)."""
    attempt = open_play(state)
    if seat is None or attempt is None:
        return None
    hand = state.hands[seat] if is_bard(state, seat) else ()
    cards = tuple(card for card in hand if not late_refusal(state, seat, card))
    if not cards:
        return None
    return Pick(
        f"Interrupt {name(state, attempt.bard)}'s play: which card of yours did it mention?",
        tuple(Option(Interrupt(seat, card), state.elements[card]) for card in cards),
    )


def _interruption(state: LanternState, seat: Seat) -> Pick[RuleInterruption]:
    """The next interruption: it stands or was not mentioned; once another one stands, it
    was not mentioned or comes too late (the rules refuse it standing, so that is not
    offered). The same choices are the Barkeep's ruling and, at the table, each vote."""
    attempt = state.attempt
    assert attempt is not None
    interrupter, card = attempt.interruptions[0]
    first = "" if attempt.interrupted_by is None else name(state, attempt.interrupted_by)
    verdicts = (
        (RuleInterruption(seat, True), "It stands: the play mentioned it", "stands"),
        (RuleInterruption(seat, False), "Not mentioned", "not_mentioned"),
        (
            RuleInterruption(seat, False, too_late=True),
            f"Too late: it was in the play, but {first}'s interruption stands",
            "too_late",
        ),
    )
    claim = f"{name(state, interrupter)} names {state.elements[card]}"
    already = f", but {first}'s interruption already stands" if first else ""
    return Pick(
        f"{claim}{already}: was it in the play?",
        tuple(
            Option(action, label, key=key)
            for action, label, key in verdicts
            if not interruption_refusal(state, action)
        ),
    )


def _dry(current: Prompt, seat: Seat) -> Pick[Restock | None]:
    elements = NewElements(
        "New story elements, separated by semicolons:",
        Restock(seat, ()),
        "elements",
        LONGEST_ELEMENTS,
        needed=True,
        hint="Elements the tale has already are left out.",
        separator=";",
    )
    return Pick(
        current.text,
        (
            Option(None, "Add story elements", then=elements, key="restock"),
            Option(Restock(seat), "End the tale, with no winner", key="end"),
        ),
    )

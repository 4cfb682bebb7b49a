"""Resolving a contest: targets die by die, cards, excel spends, raises and the ladder.

A courting action and an argument share the machinery: participants play
toward 3d10 targets with a three-card budget. They differ in who plays first,
who may raise, what is won, and what follows (pile draws and the narrator's
verdict or the table's vote after an action; stakes after an argument).
"""

from __future__ import annotations

from attrs import evolve

from rules.cards import PlayingCard
from rules.engine import IllegalAction, Seat
from rules.temptress import clues
from rules.temptress.state import (
    ACTION,
    ARGUMENT,
    DRAW,
    FOLLOW,
    MAX_TARGETS,
    PREFERENCE_OWNER,
    PROMISE,
    RAISE,
    REVIEW,
    SEE_HAND,
    SEE_MATCH_CLUES,
    SEE_SORCERESS_CLUES,
    SORCERESS_KINDS,
    TIE,
    VERDICT,
    VOTE,
    Clue,
    Contest,
    Play,
    Stake,
    TemptressState,
)
from rules.temptress.table import (
    cards_text,
    log,
    name,
    tell,
    with_suitor,
    without_cards,
    woman_name,
)

PAIR_BONUS = 3
SUIT_BONUS = 3


def _set(state: TemptressState, **changes: object) -> TemptressState:
    assert state.contest is not None
    return evolve(state, contest=evolve(state.contest, **changes))


def _contest(state: TemptressState) -> Contest:
    assert state.contest is not None
    return state.contest


# --- targets ------------------------------------------------------------------------


def play_order(contest: Contest, players: tuple[Seat, ...]) -> tuple[Seat, ...]:
    """Actions: reverse order of joining (the actor last). Arguments: the initiator first."""
    ranked = sorted(players, key=contest.participants.index)
    return tuple(ranked) if contest.kind == ARGUMENT else tuple(reversed(ranked))


def begin_target(state: TemptressState, players: tuple[Seat, ...]) -> TemptressState:
    """Roll the next 3d10 target and line up who plays toward it."""
    contest = _contest(state)
    number = contest.target + 1
    dice, chance = state.chance.roll(10, 3)
    total = sum(dice)
    state = evolve(state, chance=chance)
    state = _set(
        state,
        stage="play",
        target=number,
        dice=dice,
        targets=contest.targets + (total,),
        to_play=play_order(contest, players),
        followers=players,
        raiser=None,
        asked=(),
    )
    label = "Target" if number == 1 else f"Raised target {number}"
    return log(state, f"{label}: the dice show {dice[0]}, {dice[1]} and {dice[2]}: {total}.")


def reroll(state: TemptressState, seat: Seat, die: int) -> TemptressState:
    contest = _contest(state)
    suitor = state.suitors[seat]
    if contest.kind == ARGUMENT:
        raise IllegalAction("No Rapport may be spent to excel in an argument.")
    if contest.spent(seat, "reroll"):
        raise IllegalAction("You have already re-rolled a die in this action.")
    if suitor.rapport < 1:
        raise IllegalAction("A re-roll costs a Rapport chip, and you have none.")
    if die not in (0, 1, 2):
        raise IllegalAction("Choose the first, second or third die.")
    value, chance = state.chance.roll(10)
    dice = contest.dice[:die] + value + contest.dice[die + 1 :]
    total = sum(dice)
    state = evolve(state, chance=chance)
    state = with_suitor(state, seat, rapport=suitor.rapport - 1)
    state = _set(
        state,
        dice=dice,
        targets=contest.targets[:-1] + (total,),
        spends=contest.spends + ((seat, "reroll"),),
    )
    return log(
        state,
        f"{name(state, seat)} spends a Rapport chip to re-roll the {contest.dice[die]}: "
        f"it comes up {value[0]}. The target is now {total}.",
    )


def has_pair(cards: tuple[PlayingCard, ...]) -> bool:
    """Whether a suitor's cards in one action hold a pair (the pair spend's condition)."""
    ranks = [c.rank for c in cards]
    return len(set(ranks)) < len(ranks)


def suit_bonus(cards: tuple[PlayingCard, ...], last: PlayingCard) -> int | None:
    """+3 for three cards of one suit; the last card's value instead for a straight flush."""
    if len(cards) != 3 or len({c.suit for c in cards}) != 1:
        return None
    ranks = sorted(c.rank for c in cards)
    if ranks[1] == ranks[0] + 1 and ranks[2] == ranks[1] + 1:
        return last.rank
    return SUIT_BONUS


def play_cards(
    state: TemptressState, seat: Seat, cards: tuple[PlayingCard, ...], pair: bool, suit: bool
) -> TemptressState:
    contest = _contest(state)
    suitor = state.suitors[seat]
    budget = contest.budget_left(seat)
    if not cards:
        raise IllegalAction("Play at least one card, even when the target is out of reach.")
    if len(set(cards)) != len(cards):
        raise IllegalAction("Each card can be played only once.")
    missing = [c for c in cards if c not in suitor.hand]
    if missing:
        raise IllegalAction(f"{cards_text(missing)} is not in your hand.")
    if len(cards) > budget:
        raise IllegalAction(
            f"You have {budget} card{'s' if budget != 1 else ''} of budget left in this "
            f"{contest.kind}; you tried to play {len(cards)}."
        )
    shown = contest.cards_of(seat) + cards
    bonus, cost, spends = 0, 0, list(contest.spends)
    if (pair or suit) and contest.kind == ARGUMENT:
        raise IllegalAction("No Rapport may be spent to excel in an argument.")
    if pair:
        if contest.spent(seat, "pair"):
            raise IllegalAction("You have already spent for a pair in this action.")
        if not has_pair(shown):
            raise IllegalAction("The cards you played in this action hold no pair.")
        bonus, cost = bonus + PAIR_BONUS, cost + 1
        spends.append((seat, "pair"))
    if suit:
        if contest.spent(seat, "suit"):
            raise IllegalAction("You have already spent for three of a suit in this action.")
        extra = suit_bonus(shown, cards[-1])
        if extra is None:
            raise IllegalAction("The three-of-a-suit spend needs three played cards of one suit.")
        bonus, cost = bonus + extra, cost + 1
        spends.append((seat, "suit"))
    if cost > suitor.rapport:
        raise IllegalAction(f"Those spends cost {cost} Rapport and you have {suitor.rapport}.")
    total = sum(c.rank for c in cards) + bonus
    suitor = without_cards(suitor, cards)
    state = with_suitor(
        state, seat, hand=suitor.hand, faceup=suitor.faceup, rapport=suitor.rapport - cost
    )
    play = Play(seat, contest.target, cards, bonus, total)
    state = _set(
        state, plays=contest.plays + (play,), to_play=contest.to_play[1:], spends=tuple(spends)
    )
    extra = f" (+{bonus} for spent Rapport)" if bonus else ""
    state = log(
        state,
        f"{name(state, seat)} plays {cards_text(cards)}{extra}: {total} "
        f"toward {contest.targets[-1]}.",
    )
    if _contest(state).to_play:
        return state
    return _end_of_target(state)


def _end_of_target(state: TemptressState) -> TemptressState:
    contest = _contest(state)
    number, goal = contest.target, contest.targets[-1]
    players = contest.followers
    verdicts = []
    for seat in players:
        total = contest.total(seat, number) or 0
        verdicts.append(f"{name(state, seat)} {'reaches' if total >= goal else 'misses'} it")
    state = log(state, "; ".join(verdicts) + ".")
    if contest.kind == ARGUMENT:
        off = list(contest.stake_off)
        for seat in players:
            if not contest.reached(seat, number):
                off[contest.participants.index(seat)] = True
        state = _set(state, stake_off=tuple(off))
        candidates = tuple(
            s for s in play_order(contest, players) if _may_raise_in_argument(state, s)
        )
    else:
        best = max(contest.total(s, number) or 0 for s in players)
        candidates = tuple(
            s
            for s in play_order(contest, players)
            if contest.total(s, number) == best and _may_raise_in_action(state, s)
        )
    if candidates:
        return _set(state, stage=RAISE, asked=candidates)
    return _finish(state)


def _may_raise_in_action(state: TemptressState, seat: Seat) -> bool:
    contest = _contest(state)
    if not state.suitors[seat].hand or contest.target >= MAX_TARGETS:
        return False
    used = len(contest.cards_of(seat))
    if contest.target == 1:
        return contest.reached(seat, 1) and used <= 2
    return contest.reached(seat, 1) and contest.reached(seat, 2) and used == 2


def _may_raise_in_argument(state: TemptressState, seat: Seat) -> bool:
    contest = _contest(state)
    return (
        contest.target < MAX_TARGETS
        and contest.reached(seat, contest.target)
        and contest.budget_left(seat) > 0
        and bool(state.suitors[seat].hand)
    )


def raise_stakes(state: TemptressState, seat: Seat, wants: bool) -> TemptressState:
    contest = _contest(state)
    if not wants:
        state = log(state, f"{name(state, seat)} does not raise the stakes.")
        rest = contest.asked[1:]
        return _set(state, asked=rest) if rest else _finish(state)
    state = log(state, f"{name(state, seat)} raises the stakes!")
    if contest.kind == ARGUMENT:
        other = _opponent_of(contest, seat)
        state = _set(state, raiser=seat)
        if contest.budget_left(other) > 0 and state.suitors[other].hand:
            return _set(state, stage=FOLLOW, asked=(other,))
        state = log(state, f"{name(state, other)} has no budget left to follow.")
        state = begin_target(state, (seat,))
        return _set(state, raiser=seat)
    players = tuple(
        s for s in contest.participants if contest.budget_left(s) > 0 and state.suitors[s].hand
    )
    state = begin_target(state, players)
    return _set(state, raiser=seat)


def follow(state: TemptressState, seat: Seat, wants: bool) -> TemptressState:
    contest = _contest(state)
    raiser = contest.raiser
    assert raiser is not None
    verb = "follows the raise" if wants else "does not follow the raise"
    state = log(state, f"{name(state, seat)} {verb}.")
    state = begin_target(state, (raiser, seat) if wants else (raiser,))
    return _set(state, raiser=raiser)


def _opponent_of(contest: Contest, seat: Seat) -> Seat:
    return contest.participants[1] if seat == contest.participants[0] else contest.participants[0]


# --- after the last target -------------------------------------------------------


def _finish(state: TemptressState) -> TemptressState:
    if _contest(state).kind == ARGUMENT:
        return _settle_argument(state)
    state = _ladder(state)
    return _prevailing(state)


def _ladder(state: TemptressState) -> TemptressState:
    """Rapport and Faux Pas for every participant from their own results."""
    contest = _contest(state)
    drawers = []
    for seat in contest.participants:
        rapport, faux_pas = 0, 0
        for number in range(1, contest.target + 1):
            if contest.total(seat, number) is None:
                continue
            if contest.reached(seat, number):
                rapport += {1: 1, 2: 2}.get(number, 0)
                if number == 3:
                    drawers.append(seat)
            elif number > 1:
                faux_pas += 1
        suitor = state.suitors[seat]
        state = with_suitor(
            state, seat, rapport=suitor.rapport + rapport, faux_pas=suitor.faux_pas + faux_pas
        )
        gains = []
        if rapport:
            gains.append(f"{rapport} Rapport")
        if faux_pas:
            gains.append("a Faux Pas")
        state = log(state, f"{name(state, seat)} gains " + (" and ".join(gains) or "nothing") + ".")
    return _set(state, drawn=tuple(drawers))


def _prevailing(state: TemptressState) -> TemptressState:
    contest = _contest(state)
    if len(contest.participants) == 1:
        return _draws(state)
    number = contest.target
    players = [s for s in contest.participants if contest.total(s, number) is not None]
    best = max(contest.total(s, number) or 0 for s in players)
    tied = tuple(s for s in players if contest.total(s, number) == best)
    if len(tied) == 1:
        state = log(state, f"{name(state, tied[0])} prevails and gets their intention.")
        return _draws(state)
    if state.narrator_seat is not None:
        return _set(state, stage=TIE, asked=tied)
    winner, state = roll_off(state, tied)
    state = log(state, f"{name(state, winner)} prevails and gets their intention.")
    return _draws(state)


def settle_tie(state: TemptressState, winner: Seat) -> TemptressState:
    contest = _contest(state)
    if winner not in contest.asked:
        raise IllegalAction("Only one of the tied suitors can prevail.")
    state = log(state, f"The narrator rules that {name(state, winner)} prevails.")
    return _draws(state)


def roll_off(state: TemptressState, seats: tuple[Seat, ...]) -> tuple[Seat, TemptressState]:
    """1d10 each, again among the highest until one is alone at the top."""
    contenders = seats
    while True:
        rolls, chance = state.chance.roll(10, len(contenders))
        state = evolve(state, chance=chance)
        state = log(
            state,
            "Roll-off: "
            + ", ".join(f"{name(state, s)} {r}" for s, r in zip(contenders, rolls, strict=True))
            + ".",
        )
        best = max(rolls)
        contenders = tuple(s for s, r in zip(contenders, rolls, strict=True) if r == best)
        if len(contenders) == 1:
            return contenders[0], state


def _draws(state: TemptressState) -> TemptressState:
    contest = _contest(state)
    if contest.drawn and any(w.pile for w in state.women):
        return _set(state, stage=DRAW, asked=contest.drawn)
    return _judging(state)


def draw_from_pile(state: TemptressState, seat: Seat, woman: int) -> TemptressState:
    if not 0 <= woman < len(state.women):
        raise IllegalAction("There is no such woman.")
    pile = state.women[woman].pile
    if not pile:
        raise IllegalAction(f"{woman_name(state, woman)}'s pile is empty: choose another.")
    card, rest = pile[0], pile[1:]
    women = list(state.women)
    women[woman] = evolve(women[woman], pile=rest)
    suitor = state.suitors[seat]
    state = evolve(state, women=tuple(women))
    state = with_suitor(
        state, seat, hand=suitor.hand + (card,), draws=suitor.draws + ((woman, card),)
    )
    who, her = name(state, seat), woman_name(state, woman)
    state = log(state, f"{who} draws the top card of {her}'s pile ({len(rest)} left).")
    learned = clues.new_clues(state, seat, PREFERENCE_OWNER)
    mine = tuple(c for c in learned if c.woman == woman)
    note = ""
    if mine:
        clue, chance = state.chance.pick(mine)
        state = evolve(state, chance=chance)
        state = with_suitor(state, seat, clues=state.suitors[seat].clues + (clue,))
        note = " You learn: " + _clue_line(state, seat, clue)
    state = tell(state, seat, f"You draw {card.words()} from {her}'s pile.{note}")
    if not rest:
        state = evolve(state, pile_emptied=True)
        state = log(state, f"{her}'s pile is empty: she has nothing more to share.")
    remaining = _contest(state).asked[1:]
    if remaining and any(w.pile for w in state.women):
        return _set(state, asked=remaining)
    return _judging(state)


def _clue_line(state: TemptressState, seat: Seat, clue: Clue) -> str:
    women = tuple(w.name for w in state.women)
    suitors = tuple(s.name for s in state.suitors)
    return clues.clue_text(clue, women, suitors)


def _judging(state: TemptressState) -> TemptressState:
    """After an action: the narrator's verdict, or the table's vote for an extra chip."""
    contest = _contest(state)
    if state.narrator_seat is not None:
        return _set(state, stage=VERDICT, asked=())
    voters = tuple(s for s in state.active if s != contest.actor)
    if not voters:
        return close(state)
    return _set(state, stage=VOTE, asked=voters, votes=())


def vote(state: TemptressState, seat: Seat, choice: str) -> TemptressState:
    contest = _contest(state)
    if choice not in ("yes", "no", "abstain"):
        raise IllegalAction("Vote yes, no or abstain.")
    votes = contest.votes + ((seat, choice),)
    state = log(state, f"{name(state, seat)} votes {choice}.")
    pending = tuple(s for s in contest.asked if s != seat)
    state = _set(state, votes=votes, asked=pending)
    if pending:
        return state
    yes = sum(1 for _, v in votes if v == "yes")
    no = sum(1 for _, v in votes if v == "no")
    actor = contest.actor
    if yes > no:
        state = with_suitor(state, actor, rapport=state.suitors[actor].rapport + 1)
        state = log(
            state,
            f"The table votes {yes} to {no}: {name(state, actor)} earns an extra Rapport chip.",
        )
    else:
        state = log(state, f"The table votes {yes} to {no}: no extra chip.")
    return close(state)


def verdict(state: TemptressState, awards: tuple[Seat, ...], twist: bool) -> TemptressState:
    contest = _contest(state)
    if any(s not in state.active for s in awards) or len(set(awards)) != len(awards):
        raise IllegalAction("Award chips only to suitors still in the game, once each.")
    if twist and contest.reached(contest.actor, 1):
        raise IllegalAction("A twist turns a miss into a success; this action did not miss.")
    if twist:
        state = log(
            state,
            f"The narrator tells {name(state, contest.actor)}'s attempt as a success with a "
            "twist: no Rapport for it.",
        )
    for seat in awards:
        state = with_suitor(state, seat, rapport=state.suitors[seat].rapport + 1)
        state = log(state, f"The narrator awards {name(state, seat)} a Rapport chip.")
    return close(state)


def close(state: TemptressState) -> TemptressState:
    """Played cards go face down onto the discard pile; back to the floor."""
    contest = _contest(state)
    played = tuple(card for play in contest.plays for card in play.cards)
    return evolve(state, contest=None, stage="floor", discard=state.discard + played)


# --- arguments --------------------------------------------------------------------------


def _settle_argument(state: TemptressState) -> TemptressState:
    contest = _contest(state)
    number = contest.target
    players = tuple(s for s in contest.participants if contest.total(s, number) is not None)
    if len(players) == 1 and not contest.reached(players[0], number) and number > 1:
        state = log(
            state,
            f"{name(state, players[0])} missed the raised target alone: the cards played "
            "for the previous target settle the argument.",
        )
        number -= 1
        players = tuple(s for s in contest.participants if contest.total(s, number) is not None)
    if len(players) == 1:
        winner = players[0]
    else:
        totals = {s: contest.total(s, number) or 0 for s in players}
        best = max(totals.values())
        tied = tuple(s for s in players if totals[s] == best)
        winner, state = (tied[0], state) if len(tied) == 1 else roll_off(state, tied)
    loser = _opponent_of(contest, winner)
    state = log(state, f"{name(state, winner)} wins the argument with {name(state, loser)}.")
    index = contest.participants.index(winner)
    stake = contest.stakes[index]
    if contest.stake_off[index] or stake is None:
        state = log(state, f"{name(state, winner)}'s stake was off the table: nothing is won.")
    else:
        state = _pay_stake(state, winner, loser, stake.kind, stake.promise)
    return close(state)


def _pay_stake(
    state: TemptressState, winner: Seat, loser: Seat, kind: str, promise: str
) -> TemptressState:
    who = name(state, loser)
    held = state.suitors[loser].clues
    if kind == PROMISE:
        pact = f"{who} promised {name(state, winner)}: {promise}"
        state = evolve(state, pacts=state.pacts + (pact,))
        return log(state, f"Pact recorded: {pact}")
    if kind == SEE_HAND:
        text = f"{who}'s hand right now: {cards_text(state.suitors[loser].hand)}."
    else:
        wanted = [c for c in held if (c.kind in SORCERESS_KINDS) == (kind == SEE_SORCERESS_CLUES)]
        label = "sorceress" if kind == SEE_SORCERESS_CLUES else "match"
        lines = " ".join(f"'{_clue_line(state, loser, c)}'" for c in wanted) or "none at all"
        text = f"{who}'s {label} clues: {lines}"
        mine = state.suitors[winner]
        fresh = tuple((loser, c) for c in wanted if (loser, c) not in mine.seen)
        state = with_suitor(state, winner, seen=mine.seen + fresh)
    state = log(state, f"{name(state, winner)} sees what was staked, behind the curtain.")
    return tell(state, winner, text)


def answer_argument(state: TemptressState, seat: Seat, avoid: bool) -> TemptressState:
    contest = _contest(state)
    suitor = state.suitors[seat]
    if avoid:
        if suitor.rapport < contest.chips:
            raise IllegalAction(
                f"Avoiding costs {contest.chips} Rapport and you have {suitor.rapport}."
            )
        state = with_suitor(state, seat, rapport=suitor.rapport - contest.chips, immune=True)
        state = log(
            state,
            f"{name(state, seat)} spends {contest.chips} Rapport to avoid the argument: "
            "nobody may argue with them again this round.",
        )
        return close(state)
    state = log(state, f"{name(state, seat)} accepts the argument. Both sides set a stake.")
    return _set(state, stage="stakes")


STAKE_NAMES = {
    SEE_MATCH_CLUES: "to see the other's match clues",
    SEE_SORCERESS_CLUES: "to see the other's sorceress clues",
    SEE_HAND: "to see the other's hand",
    PROMISE: "a promise",
}


def set_stake(state: TemptressState, seat: Seat, kind: str, promise: str) -> TemptressState:
    contest = _contest(state)
    if kind not in STAKE_NAMES:
        raise IllegalAction("Choose a stake: match clues, sorceress clues, hand, or a promise.")
    promise = promise.strip()
    if kind == PROMISE and not promise:
        raise IllegalAction("Write the promise you want from the other suitor.")
    if len(promise) > 120:
        raise IllegalAction("Keep the promise to 120 characters.")
    index = contest.participants.index(seat)
    stakes = list(contest.stakes)
    stakes[index] = Stake(kind, promise if kind == PROMISE else "")
    state = _set(state, stakes=tuple(stakes))
    detail = f": '{promise}'" if kind == PROMISE else ""
    state = log(state, f"{name(state, seat)}'s stake: {STAKE_NAMES[kind]}{detail}.")
    if None in stakes:
        return state
    if state.narrator_seat is not None:
        return _set(state, stage=REVIEW)
    return begin_target(state, contest.participants)


def review_stakes(state: TemptressState, rejected: tuple[Seat, ...]) -> TemptressState:
    contest = _contest(state)
    if any(s not in contest.participants for s in rejected):
        raise IllegalAction("Only the two sides' stakes can be rejected.")
    if not rejected:
        state = log(state, "The narrator accepts both stakes.")
        return begin_target(state, contest.participants)
    stakes = tuple(
        None if s in rejected else stake
        for s, stake in zip(contest.participants, contest.stakes, strict=True)
    )
    who = " and ".join(name(state, s) for s in rejected)
    state = log(state, f"The narrator rejects the stake of {who}: choose again.")
    return _set(state, stakes=stakes, stage="stakes")


def stake_setter(contest: Contest) -> Seat:
    """Who sets a stake next: the initiator first."""
    return next(
        s for s, stake in zip(contest.participants, contest.stakes, strict=True) if stake is None
    )


def new_action(actor: Seat, woman: int, description: str, joiners: tuple[Seat, ...]) -> Contest:
    return Contest(
        kind=ACTION,
        actor=actor,
        stage="join",
        woman=woman,
        description=description,
        participants=(actor,),
        undecided=joiners,
    )


def join(state: TemptressState, seat: Seat, wants: bool) -> TemptressState:
    contest = _contest(state)
    participants = contest.participants + ((seat,) if wants else ())
    undecided = tuple(s for s in contest.undecided if s != seat)
    state = _set(state, participants=participants, undecided=undecided)
    verb = "joins in opposition" if wants else "stays out"
    state = log(state, f"{name(state, seat)} {verb}.")
    if undecided:
        return state
    return begin_target(state, participants)


def new_argument(actor: Seat, opponent: Seat, chips: int) -> Contest:
    return Contest(
        kind=ARGUMENT,
        actor=actor,
        stage="answer",
        participants=(actor, opponent),
        chips=chips,
        stakes=(None, None),
    )


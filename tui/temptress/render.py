"""Drawing the Temptress: cards with their suit symbols, the women and the suitors, the
contest under way, what a suitor holds, the clue book, the narrator's secrets, and
every secret at the end.

A card always carries its suit's symbol (red suits are red as well), so colour never
carries anything alone; a face-up card says so in words. Names, descriptions and
promises come from people and packs: they are always given as ``Text``, never read as
markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from rules.cards import PlayingCard
from rules.choices import plural
from rules.engine import Seat
from rules.temptress.argument import STAKE_NAMES
from rules.temptress.clues import clue_text
from rules.temptress.playing import PlayChoices
from rules.temptress.state import Contest, ContestKind, ExcelSpend
from rules.temptress.views import TemptressView
from tui.port import SeatInfo
from tui.widgets.story import BULLET, HEADING, INNER, TEXT, Paragraph

RED = "#FF6B6B"
COST_WORD = "Rapport"
"""What a suitor's options cost."""
MARK = ">"
"""The marker of the suitor asked now, in a column of its own."""
HIDDEN_DIE = "?"


# --- cards -----------------------------------------------------------------------------


def card_text(card: PlayingCard) -> Text:
    """ "10♥": bold, red for the red suits."""
    return Text(card.label(), style=f"bold {RED}" if card.is_red else "bold")


def cards_line(cards: Iterable[PlayingCard], empty: str = "none") -> Text:
    """The cards side by side ("7♥ 9♣"), or ``empty`` in dim text."""
    line = Text()
    for index, card in enumerate(cards):
        if index:
            line.append(" ")
        line.append_text(card_text(card))
    return line if line.plain else Text(empty, style="dim")


def card_option(card: PlayingCard, faceup: bool) -> Text:
    """ "7♥ (value 7)", and "face up" for a card lying face up for a Faux Pas."""
    text = card_text(card)
    text.append(f" (value {card.rank})")
    if faceup:
        text.append(" · face up", style="italic")
    return text


def pile_words(size: int) -> str:
    return plural(size, "card") if size else "empty"


# --- the public table -------------------------------------------------------------------


def _table() -> Table:
    return Table(box=None, pad_edge=False, show_header=True, header_style="bold", padding=(0, 1))


class RoundPage:
    """What every Temptress seat screen shares (put before the kit's base): its view
    read as the Temptress's, and the round as the header's progress."""

    @property
    def temptress(self) -> TemptressView:
        view: TemptressView = getattr(self, "view")  # noqa: B009 (the kit's screen sets it)
        return view

    def progress(self) -> str:
        return f"Round {self.temptress.round}"


def women_table(view: TemptressView, narrow: bool = False) -> Table:
    """Number, name and how many cards are left in each woman's pile. ``narrow`` (a
    phone's terminal): two women a row, each pile as its number of cards."""
    table = _table()
    if narrow:
        for _ in range(2):
            table.add_column("# Woman", overflow="fold")
            table.add_column("Pile", justify="right", no_wrap=True)
        women = [
            (Text(f"{index + 1} {woman.name}"), str(woman.pile_size))
            for index, woman in enumerate(view.women)
        ]
        for left in range(0, len(women), 2):
            pair = women[left : left + 2]
            table.add_row(*(cell for woman in pair for cell in woman))
        return table
    table.add_column("#", no_wrap=True)
    table.add_column("Woman", no_wrap=True)
    table.add_column("Pile", no_wrap=True)
    for index, woman in enumerate(view.women):
        table.add_row(str(index + 1), Text(woman.name), pile_words(woman.pile_size))
    return table


def suitor_note(view: TemptressView, seat: Seat) -> Text:
    """A suitor's face-up cards, and whether they are out, argued or immune this round."""
    suitor = view.suitors[seat]
    if suitor.out:
        return Text("out of the game", style="italic")
    note = cards_line(suitor.faceup, "") if suitor.faceup else Text()
    tags = [word for word, on in (("argued", suitor.argued), ("immune", suitor.immune)) if on]
    if tags:
        if note.plain:
            note.append(" ")
        note.append(", ".join(tags), style="italic")
    return note


NARROW_HEADINGS = ("Rap", "FP", "Hand")
"""Rapport, Faux Pas and the cards in hand, as a phone's narrow table heads them
(``suitors_table``)."""


def suitors_table(view: TemptressView, current: Seat | None, narrow: bool = False) -> Table:
    """Every suitor: the marker of the one asked now (a column of its own, one character
    on every row), their number (the key they answer a public moment with), Rapport, Faux
    Pas, cards in hand, and the face-up cards. ``narrow`` (a phone's terminal): the
    headings short and a long name folded, so the face-up cards keep room."""
    rapport, faux_pas, cards = NARROW_HEADINGS if narrow else ("Rapport", "Faux Pas", "Cards")
    table = _table()
    table.add_column("", width=1, no_wrap=True)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Suitor", no_wrap=not narrow, overflow="fold" if narrow else "ellipsis")
    table.add_column(rapport, justify="right", no_wrap=True)
    table.add_column(faux_pas, justify="right", no_wrap=True)
    table.add_column(cards, justify="right", no_wrap=True)
    table.add_column("Face up", overflow="fold" if narrow else "ellipsis")
    for seat, suitor in enumerate(view.suitors):
        table.add_row(
            MARK if seat == current else " ",
            str(seat + 1),
            Text(suitor.name),
            str(suitor.rapport),
            str(suitor.faux_pas),
            str(suitor.cards),
            suitor_note(view, seat),
        )
    return table


def floor_text(view: TemptressView) -> Text:
    """Between actions: what each woman is known for, and the suitors' personas."""
    text = Text(
        "No action under way. Each woman's suit is secret (clues speak of it); they are "
        "known for:\n",
        style="dim",
    )
    for woman in view.women:
        text.append(woman.name, style="bold")
        text.append(f": {woman.personality}\n")
    personas = [(s.name, p) for s, p in zip(view.suitors, view.personas, strict=False) if p]
    for name, persona in personas:
        text.append(name, style="bold")
        text.append(f": {persona}\n", style="italic")
    text.rstrip()
    return text


def _names(view: TemptressView) -> list[str]:
    names = [s.name for s in view.suitors]
    return names + [view.narrator_name]


def target_text(contest: Contest, hidden: Iterable[int] = ()) -> Text:
    """ "Target 2: 4 + 10 + 7 = 21"; a die still to show is a ?, and so is the total."""
    text = Text()
    if not contest.target or not contest.dice:
        return text
    unseen = set(hidden)
    faces = [HIDDEN_DIE if i in unseen else str(d) for i, d in enumerate(contest.dice)]
    text.append(f"Target {contest.target}: {' + '.join(faces)} = ")
    total = "..." if unseen or not contest.targets else str(contest.targets[-1])
    text.append(total, style="bold reverse")
    return text


def contest_text(view: TemptressView, hidden: Iterable[int] = ()) -> Text:
    """The action or argument under way, compact (it fits the table's panel at 80x24): who,
    against whom, the stakes on one line, the target (``hidden``: the dice not shown
    yet), one line per suitor with every play of theirs (T1, then T2 after a raise), the
    votes."""
    contest = view.contest
    if contest is None:
        return floor_text(view)
    names = _names(view)
    text = Text()
    if contest.kind == ContestKind.ARGUMENT:
        first, second = contest.participants
        text.append(f"Argument: {names[first]} v {names[second]}", style="bold")
        text.append(f" ({plural(contest.chips, 'Rapport chip')})\n")
        stakes = Text()
        for index, (seat, stake) in enumerate(
            zip(contest.participants, contest.stakes, strict=False)
        ):
            if stake is None:
                continue
            stakes.append(" · " if stakes.plain else "  ")
            stakes.append(f"{names[seat]}'s stake: {STAKE_NAMES[stake.kind]}")
            if stake.promise:
                stakes.append(": ")
                stakes.append(f"“{stake.promise}”", style="italic")
            if contest.stake_off[index]:
                stakes.append(" (off the table)", style="italic")
        if stakes.plain:
            text.append_text(stakes)
            text.append("\n")
    else:
        woman = view.women[contest.woman].name if contest.woman is not None else "?"
        text.append(f"{names[contest.actor]} courts {woman}", style="bold")
        if len(contest.participants) > 1:
            text.append(", opposed by " + ", ".join(names[s] for s in contest.participants[1:]))
        if contest.description:
            text.append(f": {contest.description}")
        text.append("\n")
        if contest.undecided:
            text.append(
                "Still to say whether they join: "
                + ", ".join(names[s] for s in contest.undecided)
                + "\n"
            )
    target = target_text(contest, hidden)
    if target.plain:
        text.append_text(target)
        text.append("\n")
    for line in plays_lines(contest, names):
        text.append_text(line)
        text.append("\n")
    if contest.votes:
        text.append("Votes: " + ", ".join(f"{names[s]} {v.value}" for s, v in contest.votes))
    text.rstrip()
    return text


def plays_lines(contest: Contest, names: Sequence[str]) -> list[Text]:
    """ "  Bo: T1 7♥ 7♣ +3 = 17 (reached) · T2 9♠ = 9 (missed)": a line per suitor who
    has played, in the order they first played (a suitor plays three cards at most in
    all, so a line holds every target of theirs)."""
    lines: dict[Seat, Text] = {}
    for play in contest.plays:
        line = lines.get(play.seat)
        if line is None:
            line = lines[play.seat] = Text(f"  {names[play.seat]}: ")
        else:
            line.append(" · ")
        line.append(f"T{play.target} ")
        line.append_text(cards_line(play.cards))
        bonus = f" +{play.bonus}" if play.bonus else ""
        reached = "reached" if contest.reached(play.seat, play.target) else "missed"
        line.append(f"{bonus} = {play.total} ({reached})")
    return list(lines.values())


# --- one suitor's own ------------------------------------------------------------------


def mine_text(view: TemptressView, seat: Seat, hand: bool = True) -> Text:
    """ "Rapport 2 · Faux Pas 1 · you are the Tempted", then the hand."""
    me = view.suitors[seat]
    text = Text(f"Rapport {me.rapport} · Faux Pas {me.faux_pas}")
    if view.tempted:
        text.append(" · you are the Tempted", style="bold")
    if not hand:
        return text
    text.append("\nHand: ")
    text.append_text(cards_line(view.hand))
    if me.faceup:
        text.append(" · face up: ")
        text.append_text(cards_line(me.faceup))
    return text


def clue_book_text(view: TemptressView) -> Text:
    """Every clue held, the cards drawn from the piles, the clues seen in arguments."""
    text = Text()
    text.append("Your clue book\n", style="bold")
    for line in view.clue_texts:
        text.append(f"• {line}\n")
    if not view.clue_texts:
        text.append("• No clues yet.\n")
    women = tuple(w.name for w in view.women)
    suitors = tuple(s.name for s in view.suitors)
    if view.draws:
        text.append("Drawn from the piles\n", style="bold")
        for woman, card in view.draws:
            text.append("• ")
            text.append_text(card_text(card))
            text.append(f" from {women[woman]}'s pile\n")
    if view.seen:
        text.append("Seen in arguments\n", style="bold")
        for owner, clue in view.seen:
            text.append(f"• {suitors[owner]} holds: {clue_text(clue, women, suitors)}\n")
    text.rstrip()
    return text


# --- the card play ------------------------------------------------------------------------


def spends_text(
    choices: PlayChoices, chosen: Sequence[PlayingCard], wanted: frozenset[ExcelSpend]
) -> Text:
    """The pair and the suit spends for the cards picked, as the rules offer them: each
    ON, off, or closed with the rules' reason; and the re-roll."""
    spends = choices.spends(chosen)
    lines = Text()
    if not chosen:
        words = " · ".join(f"{o.label} ({key})" for o, key in zip(spends, "ps", strict=False))
        lines.append(f"{words}: pick your cards first; each costs {spends[0].cost} {COST_WORD}\n")
        lines.append_text(reroll_text(choices))
        return lines
    for option, key in zip(spends, "ps", strict=False):
        lines.append(f"{option.label} ({key}): ")
        if not option.open:
            lines.append(f"not now: {option.closed}", style="dim")
        elif option.value in wanted:
            lines.append("ON", style="bold reverse")
            lines.append(f" · costs {option.cost} {COST_WORD}")
        else:
            lines.append(f"off · costs {option.cost} {COST_WORD}")
        lines.append("\n")
    lines.append_text(reroll_text(choices))
    return lines


def reroll_text(choices: PlayChoices) -> Text:
    """Whether a die may be re-rolled first, for what (or why not)."""
    opened = [option for option in choices.rerolls if option.open]
    if opened:
        return Text(f"Re-roll a die first (r): costs {opened[0].cost} {COST_WORD}")
    reason = choices.rerolls[0].closed if choices.rerolls else "There are no dice."
    return Text(f"Re-roll (r): not now: {reason}", style="dim")


def tally_text(
    choices: PlayChoices, chosen: Sequence[PlayingCard], wanted: frozenset[ExcelSpend]
) -> Text:
    """ "Playing 7♥ 7♣: 14 + 3 from spends = 17, toward 21." """
    if not chosen:
        return Text(
            "No cards picked yet: a card's number picks it (Space: the highlighted one).",
            style="dim",
        )
    pair, suit = ExcelSpend.PAIR in wanted, ExcelSpend.SUIT in wanted
    cards = choices.total(chosen, False, False)
    total = choices.total(chosen, pair, suit)
    text = Text("Playing ")
    text.append_text(cards_line(chosen))
    text.append(f": {cards}")
    if total != cards:
        text.append(f" + {total - cards} from spends = {total}")
    counted = choices.counted(chosen, pair, suit)
    if counted != total:
        text.append(f", counted as {counted}")
    text.append(f", toward {choices.target}.")
    return text


# --- the narrator's console -------------------------------------------------------------


def secrets_text(view: TemptressView) -> RenderableType:
    """Everything the narrator sees: the women's suits, roles, piles and likes; every
    suitor's match, hand and clues; the discard pile."""
    secrets = view.secrets
    if secrets is None:
        return Text("")
    women = tuple(w.name for w in view.women)
    suitors = tuple(s.name for s in view.suitors)
    text = Text()
    text.append("The women\n", style="bold")
    for index, name in enumerate(women):
        role = "THE SORCERESS" if index == secrets.sorceress else "a daughter"
        text.append(f"{index + 1}. {name}: {secrets.suits[index].value}, {role}. Pile: ")
        text.append_text(cards_line(secrets.piles[index], "empty"))
        text.append(f"\n   likes: {'; '.join(secrets.preferences[index])}\n")
    text.append("The suitors\n", style="bold")
    for index, name in enumerate(suitors):
        tempted = " (the Tempted)" if secrets.matches[index] == secrets.sorceress else ""
        text.append(f"{index + 1}. {name}: match {women[secrets.matches[index]]}{tempted}. ")
        text.append("Hand: ")
        text.append_text(cards_line(secrets.hands[index]))
        text.append("\n")
        for clue in secrets.clues[index]:
            text.append(f"   • {clue_text(clue, women, suitors)}\n")
    text.append("Discard pile: ")
    text.append_text(cards_line(secrets.discard, "empty"))
    return text


# --- the end -----------------------------------------------------------------------------


def reveal(view: TemptressView, seats: tuple[SeatInfo, ...]) -> list[Paragraph]:
    """Every secret of a finished game, from the public view's ``reveal``."""
    found = view.reveal
    out = [Paragraph("Every secret, revealed", HEADING)]
    if found is None:
        return out
    women = tuple(w.name for w in found.women)
    for woman in found.women:
        role = "the sorceress" if woman.sorceress else "a daughter"
        pile = " ".join(card.label() for card in woman.pile) or "empty"
        likes = "; she ".join(woman.preferences)
        out.append(
            Paragraph(
                f"{woman.name}: {woman.suit.value}, {role}; pile left: {pile}; she {likes}.",
                BULLET,
            )
        )
    for seat, suitor in enumerate(found.suitors):
        bot = " (bot)" if seat < len(seats) and seats[seat].bot else ""
        out_word = " (out)" if suitor.out else ""
        tempted = " (the Tempted)" if suitor.tempted else ""
        hand = " ".join(card.label() for card in suitor.hand) or "no cards"
        out.append(
            Paragraph(
                f"{suitor.name}{bot}{out_word}: match {women[suitor.match]}{tempted}; hand {hand}",
                BULLET,
            )
        )
        out += [Paragraph(clue, INNER) for clue in suitor.clues]
    if found.pacts:
        out.append(Paragraph("Pacts", HEADING))
        out += [Paragraph(pact, BULLET) for pact in found.pacts]
    else:
        out.append(Paragraph("No pacts were made.", TEXT))
    return out

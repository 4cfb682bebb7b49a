"""Drawing the Lantern: the status (Bards, deck, Loose Ends), the tale, a Barkeep's
secrets, and the story and reveal at the end.

Everything here reads a view and nothing else; text from people and the pack
is drawn as text, never as markup. The Bard on turn carries a ``>`` mark and
play under review a heading of its own, so nothing rests on colour alone.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from rules.choices import plural
from rules.engine import Seat
from rules.lantern.state import Attempt, Passage
from rules.lantern.view import BardSight, LanternView
from tui.port import SeatInfo, Table
from tui.widgets.story import BULLET, HEADING, TEXT, Paragraph

NOT_BEGUN = "The tale has not begun. The fire is lit; who will start?"
"""Said when a question that needs words (new story elements) gets none."""


def names_of(view: LanternView) -> dict[int, str]:
    """The elements the view may name, by card number."""
    return dict(view.elements_named)


def listed(names: Iterable[str]) -> str:
    return ", ".join(names) or "none"


def told(view: LanternView) -> str:
    """ "2 passages told": how far the tale has come."""
    return f"{plural(len(view.tale), 'passage')} told"


# --- the status -----------------------------------------------------------------------


def bard_status(view: LanternView, seat: int, bard: BardSight) -> str:
    """ ">Ann: 7 cards, 1 Ale" (on turn), "Dot: at the bar", "Eli: Under The Table"."""
    mark = ">" if seat == view.turn else ""
    if bard.gone:
        return f"{bard.name}: Under The Table"
    if bard.bench is None:
        return f"{bard.name}: at the bar"
    asleep = f", asleep {bard.asleep}" if bard.asleep else ""
    return f"{mark}{bard.name}: {plural(bard.cards, 'card')}, {bard.ale} Ale{asleep}"


def status_text(view: LanternView) -> Text:
    """The public status: each Bard's cards and Ale (the Bard on turn marked ``>``), then
    the deck, the burned pile, the tale's length and the Barkeep, then the Loose Ends."""
    seated = sorted(
        (bard.bench if bard.bench is not None else 99, bard.seat, bard) for bard in view.bards
    )
    bards = " · ".join(bard_status(view, seat, bard) for _, seat, bard in seated)
    keeper = f"Barkeep: {view.barkeep_name}" if view.barkeep_seat is not None else "The table rules"
    return Text(
        f"{bards}\n"
        f"Deck {view.deck} · burned {view.burned} · {told(view)} · {keeper}\n"
        f"Loose Ends: {listed(view.table)}"
    )


# --- the tale -------------------------------------------------------------------------


def passage_heading(view: LanternView, passage: Passage) -> str:
    """ "Ann · a one-eyed ferryman · ties off a talking raven"."""
    names = names_of(view)
    parts = [view.names[passage.bard]]
    if passage.card is not None:
        parts.append(names.get(passage.card, "?"))
    if passage.tied:
        parts.append("ties off " + listed(names.get(c, "?") for c in passage.tied))
    return " · ".join(parts)


def attempt_text(view: LanternView, attempt: Attempt, *, claims: bool = True) -> Text:
    """The play under review: who, which card, the prose, what it claims, who interrupted."""
    names = names_of(view)
    card = names.get(attempt.card, "?") if attempt.card is not None else "no card"
    text = Text()
    text.append(f"Under review: {view.names[attempt.bard]}, naming {card}\n", style="bold")
    text.append(attempt.text + "\n", style="italic")
    if claims and attempt.ties:
        text.append("Claims to tie off: " + listed(names.get(c, "?") for c in attempt.ties) + "\n")
    if claims and attempt.loose_end:
        text.append("Suggests its card as a Loose End.\n")
    for seat, claimed in attempt.interruptions:
        text.append(f"Interrupted by {view.names[seat]}, naming {names.get(claimed, '?')}\n")
    return text


def tale_text(view: LanternView) -> Text:
    """The tale so far (every verified passage, by whom, with its card), then the play
    under review, each starting on a line of its own."""
    text = Text()
    if not view.tale:
        text.append(NOT_BEGUN + "\n", style="dim")
    for passage in view.tale:
        text.append(passage_heading(view, passage) + "\n", style="bold")
        text.append(passage.text + "\n\n")
    if view.attempt is not None:
        if not view.tale:
            text.append("\n")
        text.append_text(attempt_text(view, view.attempt))
    text.rstrip()
    return text


# --- the Barkeep's secrets --------------------------------------------------------------


def secrets_text(view: LanternView) -> Text:
    """Every hand and the deck, as the Barkeep's console shows them."""
    names = names_of(view)
    text = Text()
    text.append("Every hand\n", style="bold")
    for bard in view.bards:
        hand = view.hands[bard.seat] if bard.seat < len(view.hands) else ()
        if bard.bench is None and not hand:
            continue
        text.append(f"{bard.name}: ", style="bold")
        text.append(listed(names.get(c, "?") for c in hand) + "\n")
    text.append(f"The deck ({len(view.deck_cards)})\n", style="bold")
    text.append(listed(names.get(c, "?") for c in view.deck_cards))
    return text


# --- the story at the end ---------------------------------------------------------------


def tale_paragraphs(view: LanternView) -> list[Paragraph]:
    """The verified passages, by whom and with which card (public all along)."""
    out = [Paragraph("The tale", HEADING)]
    for passage in view.tale:
        out.append(Paragraph(passage_heading(view, passage) + ":", TEXT))
        out.append(Paragraph(passage.text, TEXT))
    if not view.tale:
        out.append(Paragraph("No passage was told.", TEXT))
    return out


def reveal(view: LanternView, seats: tuple[SeatInfo, ...]) -> list[Paragraph]:
    """The tale, then every Bard's hand and Ale at the end (from ``view.reveal``)."""
    out = tale_paragraphs(view)
    found = view.reveal
    if found is None:
        return out
    out.append(Paragraph("Every hand, at the end", HEADING))
    for bard, hand, ale in zip(view.bards, found.hands, found.ale, strict=True):
        seat = bard.seat
        bot = " (bot)" if seat < len(seats) and seats[seat].bot else ""
        name = bard.name
        out.append(Paragraph(f"{name}{bot}: {listed(hand)}; {ale} Ale", BULLET))
    return out


def hand_owners(table: Table, view: LanternView) -> list[Seat]:
    """The Bards on a bench played at this keyboard (not demo seats, not other terminals)."""
    seats = table.seats
    return [
        sight.seat
        for sight in view.bards
        if sight.bench is not None
        and sight.seat < len(seats)
        and seats[sight.seat].at_keyboard
        and not seats[sight.seat].elsewhere
    ]

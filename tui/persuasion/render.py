"""Drawing Persuasion: symbols (a mark as well as a colour), card sights, the players
table, the known cards, and the reveal at the end.

Every symbol carries its mark ($ wealth, ^ standing, ♥ passion), so NO_COLOR
loses nothing; stamps are the stampers' letters, the hostex an H, an
engagement a ring (∞) beside both names. Names and titles come from people
and packs: they are always given as ``Text``, never read as markup.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from rules.choices import plural
from rules.engine import Seat
from rules.persuasion.actions import DESCRIPTIONS
from rules.persuasion.state import CardSight, Diary, PersuasionView, Phase, Symbol, TraitCard
from tui.port import SeatInfo
from tui.widgets.story import BULLET, HEADING, TEXT, Paragraph

MARKS = {Symbol.WEALTH: "$", Symbol.STANDING: "^", Symbol.PASSION: "♥"}
"""Each symbol's mark, so that colour never carries it alone."""
STYLES = {Symbol.WEALTH: "#E3C567", Symbol.STANDING: "#8FB8FF", Symbol.PASSION: "#FF7A9A"}
LEGEND = "$ wealth  ^ standing  ♥ passion"
HOSTEX, ENGAGED = "H", "∞"
ONE_A_LINE = 6
"""Up to this many of a seat's own cards are listed one a line, above its decision."""
PHASES = {
    Phase.INTRO: "Introductions",
    Phase.MAIL: "Mailing",
    Phase.RECEPTION: "Reception",
    Phase.FINAL: "Last rings",
    Phase.OVER: "The season is over",
}


# --- symbols and cards ---------------------------------------------------------------


def symbol_text(symbol: Symbol) -> Text:
    """ "$ wealth", in the symbol's colour."""
    return Text(f"{MARKS[symbol]} {symbol}", style=STYLES[symbol])


def symbols_text(symbols: Iterable[Symbol]) -> Text:
    """ "$$ wealth, ♥ passion": each symbol's mark as many times as it is there, and its word."""
    parts = [
        Text(f"{MARKS[symbol] * count} {symbol}", style=STYLES[symbol])
        for symbol, count in Counter(symbols).items()
    ]
    return Text(", ").join(parts)


def marks_text(symbols: Iterable[Symbol]) -> Text:
    """ "$$♥": the marks alone, for the crowded public table (its legend says them)."""
    text = Text()
    for symbol in symbols:
        text.append(MARKS[symbol], style=STYLES[symbol])
    return text


def card_text(card: TraitCard) -> Text:
    """ "Ledger Left Open ($$ wealth)"."""
    text = Text(card.title, style="bold")
    text.append(" (")
    text.append_text(symbols_text(card.symbols))
    text.append(")")
    return text


def diary_text(diary: Diary) -> Text:
    """ "Your diary: you desire $ wealth and despise ♥ passion."."""
    text = Text("Your diary: you desire ")
    text.append_text(symbol_text(diary.desired))
    text.append(" and despise ")
    text.append_text(symbol_text(diary.despised))
    text.append(".")
    return text


def seat_letters(names: tuple[str, ...]) -> tuple[str, ...]:
    """Each seat's initial, or its number when two names share an initial (stamps)."""
    initials = tuple(n[:1].upper() for n in names)
    if len(set(initials)) == len(initials):
        return initials
    return tuple(str(i + 1) for i in range(len(names)))


def sight_text(sight: CardSight, letters: tuple[str, ...], *, compact: bool = False) -> Text:
    """A card as the seat sees it: "Title ($ wealth) · face up · stamped by B", or
    "face down"; ``compact``: "Title $ · up · B" (the marks alone)."""
    if sight.card is None:
        text = Text("face down", style="dim")
    elif compact:
        text = Text(sight.card.title + " ", style="bold").append_text(
            marks_text(sight.card.symbols)
        )
    else:
        text = card_text(sight.card)
    notes = ["up" if compact else "face up"] if sight.faceup else []
    if sight.stampers:
        stampers = [letters[s] for s in sight.stampers]
        notes.append("".join(stampers) if compact else "stamped by " + ", ".join(stampers))
    if notes:
        text.append(" · " + " · ".join(notes), style="italic")
    return text


def names_of(view: PersuasionView) -> tuple[str, ...]:
    return tuple(player.name for player in view.players)


# --- a seat's own cards, above its decision ---------------------------------------------


def holding_text(view: PersuasionView, seat: Seat) -> Text | None:
    """ "You hold Bo's seal and Cy's ring." during the reception (None otherwise)."""
    holds = view.players[seat].holds
    if view.phase != Phase.RECEPTION:
        return None
    if not holds:
        return Text("You hold no seal and no ring.")
    rings = {sender for sender, to, ring in view.deliveries if to == seat and ring}
    names = names_of(view)
    parts = [f"{names[o]}'s {'ring' if o in rings else 'seal'}" for o in holds]
    said = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return Text(f"You hold {said}.")


def mine_text(view: PersuasionView, seat: Seat) -> RenderableType:
    """The diary, what the seat holds, and the seat's own cards, each by its name (never
    by a place, which moves when a card leaves; in two columns, by their marks, when
    there are more than six)."""
    lines: list[RenderableType] = []
    if view.diary is not None:
        lines.append(diary_text(view.diary))
    holding = holding_text(view, seat)
    if holding is not None:
        lines.append(holding)
    cards = view.players[seat].cards
    letters = seat_letters(names_of(view))
    if not cards:
        lines.append(Text("Your cards: none left."))
        return Group(*lines)
    if len(cards) <= ONE_A_LINE:
        lines.append(Text("Your cards:", style="bold"))
        for sight in cards:
            lines.append(Text(" • ").append_text(sight_text(sight, letters)))
        return Group(*lines)
    lines.append(Text("Your cards: ", style="bold").append(LEGEND, style="dim"))
    grid = Table.grid(expand=True, padding=(0, 1))
    grid.add_column(ratio=1)
    grid.add_column(ratio=1)
    cells = [Text("• ").append_text(sight_text(s, letters, compact=True)) for s in cards]
    for left in range(0, len(cells), 2):
        grid.add_row(*cells[left : left + 2])
    lines.append(grid)
    return Group(*lines)


# --- the cards a seat knows -------------------------------------------------------------


def known_text(view: PersuasionView, seat: Seat) -> RenderableType:
    """Every card the seat is aware of: its own, each other player's, the discards; each
    card's action too (on a line of its own), except at the Evening Ball (which has none)."""
    letters = seat_letters(names_of(view))
    parts: list[RenderableType] = []
    if view.diary is not None:
        parts.append(diary_text(view.diary))

    def listing(heading: str, sights: tuple[CardSight, ...]) -> None:
        known = [s for s in sights if s.card is not None]
        line = Text(f"\n{heading}", style="bold")
        parts.append(line.append(f": {plural(len(sights), 'card')}, {len(known)} known"))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(width=1)
        grid.add_column(ratio=1)
        for sight in known:
            assert sight.card is not None
            about = sight_text(sight, letters)
            if not view.evening_ball:
                about.append(f"\n{DESCRIPTIONS[sight.card.action]}", style="dim")
            grid.add_row("•", about)
        if known:
            parts.append(grid)

    listing("Your cards", view.players[seat].cards)
    for player, sight in enumerate(view.players):
        if player != seat:
            listing(sight.name, sight.cards)
    listing("The discards", view.discards)
    return Group(*parts)


# --- the public table ---------------------------------------------------------------------


def status_text(view: PersuasionView) -> str:
    """ "Persuasion · Round 2 · Reception · Evening Ball"."""
    status = f"Persuasion · Round {view.round} · {PHASES[view.phase]}"
    return status + (" · Evening Ball" if view.evening_ball else "")


def engaged_to(view: PersuasionView) -> dict[Seat, Seat]:
    return {a: b for a, b in view.exchanged} | {b: a for a, b in view.exchanged}


def _face_down(sights: tuple[CardSight, ...], letters: tuple[str, ...]) -> Text:
    """ "4 [AB] [C]": how many face down, and the stamps on those stamped."""
    down = [s for s in sights if not s.faceup]
    text = Text(str(len(down)))
    for sight in down:
        if sight.stampers:
            text.append(" [" + "".join(letters[p] for p in sight.stampers) + "]", style="italic")
    return text


def _face_up(sights: tuple[CardSight, ...], between: str = ", ") -> Text:
    parts = []
    for sight in sights:
        if sight.faceup and sight.card is not None:
            part = Text(sight.card.title + " ")
            part.append_text(marks_text(sight.card.symbols))
            parts.append(part)
    return Text(between).join(parts)


def _holds(view: PersuasionView, player: Seat) -> Text:
    sight = view.players[player]
    if view.phase == Phase.MAIL:
        return Text("sent" if sight.mailed else "writing…", style="italic")
    rings = {sender for sender, to, ring in view.deliveries if to == player and ring}
    names = names_of(view)
    return Text(", ".join(names[o] + (" (ring)" if o in rings else "") for o in sight.holds))


def players_table(view: PersuasionView, narrow: bool = False) -> Table:
    """One row per player: hostex and engagement marks, name, face-down cards with their
    stamps, face-up cards (one a line), and what they hold (or whether they have mailed).
    ``narrow`` (a phone's terminal): each player's row is a few lines of words instead
    (``narrow_players``)."""
    if narrow:
        return narrow_players(view)
    names = names_of(view)
    letters = seat_letters(names)
    lettered = letters != tuple(n[:1].upper() for n in names)  # stamps name seats by number
    partner = engaged_to(view)
    holds_title = "Mail" if view.phase == Phase.MAIL else "Holds"
    table = Table(box=None, expand=True, pad_edge=False, header_style="bold", padding=(0, 1))
    table.add_column("", width=2, no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Face down", max_width=22)
    table.add_column("Face up", ratio=1)
    table.add_column(holds_title, max_width=18)
    for player, sight in enumerate(view.players):
        marker = (HOSTEX if player == view.hostex else " ") + (ENGAGED if player in partner else "")
        who = Text(f"{letters[player]} {sight.name}" if lettered else sight.name)
        table.add_row(
            marker,
            who,
            _face_down(sight.cards, letters),
            _face_up(sight.cards, "\n"),
            _holds(view, player),
        )
    return table


def narrow_players(view: PersuasionView) -> Table:
    """The players for a narrow terminal: the marks, then for each player "Ann · 4 [C]
    face down · holds Bo", and the face-up cards on the next line ("up: Court
    Presentation ^^"), each wrapped under the name."""
    names = names_of(view)
    letters = seat_letters(names)
    lettered = letters != tuple(n[:1].upper() for n in names)
    partner = engaged_to(view)
    table = Table(box=None, expand=True, pad_edge=False, show_header=False, padding=(0, 1))
    table.add_column("", width=2, no_wrap=True)
    table.add_column("", ratio=1)
    for player, sight in enumerate(view.players):
        marker = (HOSTEX if player == view.hostex else " ") + (ENGAGED if player in partner else "")
        row = Text(f"{letters[player]} {sight.name}" if lettered else sight.name, style="bold")
        row.append(" · ")
        row.append_text(_face_down(sight.cards, letters))
        row.append(" face down")
        held = _holds(view, player)
        if held.plain:
            row.append(" · " if view.phase == Phase.MAIL else " · holds ")
            row.append_text(held)
        up = _face_up(sight.cards)
        if up.plain:
            row.append("\nup: ", style="dim")
            row.append_text(up)
        table.add_row(marker, row)
    return table


def discards_text(view: PersuasionView) -> Text:
    """ "Discards: 3 [A] [B] [C] face down; face up: Family Diamonds $"."""
    letters = seat_letters(names_of(view))
    text = Text("Discards: ", style="bold")
    down = _face_down(view.discards, letters)
    text.append_text(down)
    text.append(" face down")
    up = _face_up(view.discards)
    if up.plain:
        text.append("; face up: ")
        text.append_text(up)
    return text


def legend_text(view: PersuasionView) -> Text:
    """What the marks mean, and who is engaged to whom."""
    names = names_of(view)
    text = Text(f"{LEGEND} · {HOSTEX} hostex · [AB] stamped by A and B", style="dim")
    if view.exchanged:
        pairs = "; ".join(f"{names[a]} & {names[b]}" for a, b in view.exchanged)
        text.append(f"\n{ENGAGED} Engaged: ", style="bold")
        text.append(pairs)
    return text


# --- the reveal ---------------------------------------------------------------------------


def _cards_words(cards: Iterable[TraitCard]) -> str:
    listed = [f"{c.title} ({symbols_text(c.symbols).plain})" for c in cards]
    return "; ".join(listed) if listed else "none"


def reveal(view: PersuasionView, seats: tuple[SeatInfo, ...]) -> list[Paragraph]:
    """Every diary and every card of the finished season, from the view's ``reveal``."""
    found = view.reveal
    out = [Paragraph("Every diary and card, revealed", HEADING)]
    if found is None:
        return out + [Paragraph("The season is not over: nothing is revealed.", TEXT)]
    partner = engaged_to(view)
    names = names_of(view)
    for player, diary in enumerate(found.diaries):
        who = seats[player].label if player < len(seats) else names[player]
        desire = symbol_text(diary.desired).plain
        despise = symbol_text(diary.despised).plain
        engaged = f", engaged to {names[partner[player]]}" if player in partner else ", single"
        out.append(
            Paragraph(
                f"{who} desires {desire}, despises {despise}{engaged}; cards: "
                f"{_cards_words(found.traits[player])}",
                BULLET,
            )
        )
    out.append(Paragraph(f"The discards: {_cards_words(found.discards)}", BULLET))
    return out

"""Drawing the Temptress's public table and private hands as Rich text.

Suits always carry their symbol (and a letter in ASCII mode), so colour never
carries information alone.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.table import Table
from rich.text import Text

from rules.cards import PlayingCard
from rules.temptress.state import ARGUMENT, Contest, TemptressView

RED = "#FF6B6B"


def card_text(card: PlayingCard) -> Text:
    return Text(card.label(), style=f"bold {RED}" if card.is_red else "bold")


def cards_line(cards: Iterable[PlayingCard]) -> Text:
    line = Text()
    for index, card in enumerate(cards):
        if index:
            line.append(" ")
        line.append_text(card_text(card))
    return line if line.plain else Text("-", style="dim")


def women_table(view: TemptressView) -> Table:
    table = Table(box=None, pad_edge=False, expand=True, show_header=True, header_style="bold")
    table.add_column("#", width=1)
    table.add_column("Woman", no_wrap=True)
    table.add_column("Pile", justify="right", width=4)
    table.add_column("Known for", overflow="ellipsis", no_wrap=True, ratio=1)
    for index, woman in enumerate(view.women):
        pile = str(woman.pile_size) if woman.pile_size else "empty"
        table.add_row(str(index + 1), woman.name, pile, woman.personality)
    return table


def suitors_table(view: TemptressView, current: int | None) -> Table:
    table = Table(box=None, pad_edge=False, expand=True, show_header=True, header_style="bold")
    table.add_column("", width=1)
    table.add_column("Suitor", no_wrap=True)
    table.add_column("Rap", justify="right", width=3)
    table.add_column("FP", justify="right", width=2)
    table.add_column("Cards", justify="right", width=5)
    table.add_column("Face up / note", no_wrap=True, ratio=1)
    for index, suitor in enumerate(view.suitors):
        marker = ">" if index == current else ""
        if suitor.out:
            note = Text("out", style="dim")
        else:
            persona = view.personas[index] if index < len(view.personas) else ""
            note = cards_line(suitor.faceup) if suitor.faceup else Text(persona, style="italic")
            tags = [t for t, on in (("argued", suitor.argued), ("immune", suitor.immune)) if on]
            if tags:
                note.append(" " + ", ".join(tags), style="italic")
        table.add_row(
            marker, suitor.name, str(suitor.rapport), str(suitor.faux_pas), str(suitor.cards), note
        )
    return table


def contest_text(view: TemptressView, dice_shown: int = 3) -> Text:
    """The action or argument under way; ``dice_shown`` reveals the target die by die."""
    contest = view.contest
    if contest is None:
        return Text("No action under way.", style="dim")
    names = [s.name for s in view.suitors]
    text = Text()
    if contest.kind == ARGUMENT:
        a, b = contest.participants
        text.append(f"Argument: {names[a]} v {names[b]}", style="bold")
        text.append(f" ({contest.chips} chip{'s' if contest.chips != 1 else ''})\n")
        for seat, stake in zip(contest.participants, contest.stakes, strict=True):
            if stake is not None:
                what = stake.kind.replace("_", " ") + (
                    f': "{stake.promise}"' if stake.promise else ""
                )
                text.append(f"  {names[seat]} plays for {what}\n")
    else:
        woman = view.women[contest.woman].name if contest.woman is not None else "?"
        text.append(f"{names[contest.actor]} courts {woman}", style="bold")
        if contest.description:
            text.append(f": {contest.description}")
        text.append("\n")
        if len(contest.participants) > 1:
            text.append(
                "Opposed by " + ", ".join(names[s] for s in contest.participants[1:]) + "\n"
            )
    text.append_text(target_text(contest, dice_shown))
    for play in contest.plays:
        text.append(f"  T{play.target} {names[play.seat]}: ")
        text.append_text(cards_line(play.cards))
        bonus = f" +{play.bonus}" if play.bonus else ""
        text.append(f"{bonus} = {play.total}\n")
    return text


def target_text(contest: Contest, dice_shown: int = 3) -> Text:
    text = Text()
    if contest.target:
        faces = [str(d) if i < dice_shown else "?" for i, d in enumerate(contest.dice)]
        text.append(f"Target {contest.target}: {' + '.join(faces)} = ")
        text.append(str(contest.targets[-1]) if dice_shown >= 3 else "...", style="bold reverse")
        text.append("\n")
    return text


def hand_line(hand: tuple[PlayingCard, ...], faceup: tuple[PlayingCard, ...]) -> Text:
    text = Text()
    for index, card in enumerate(hand):
        if index:
            text.append("  ")
        text.append_text(card_text(card))
        text.append(f"({card.rank})", style="dim")
        if card in faceup:
            text.append("^", style="italic")
    return text

"""The narrator's console: every secret, and a key for each of the narrator's powers.

Shown only behind the narrator's own curtain, it asks the narrator's choices
one step at a time: at the open floor, award a chip for role-play (the suitor,
then Enter) or end the round (e); after an action, tick the suitors who earn a chip
(Space) and tell a miss as a success with a twist (w, shown ON or off); on a
tie, who prevails; on an argument's stakes, tick the ones to reject. At any
moment t writes a line of the narrator's own to the table: told at once where the
choices offer it (the floor, a tie, while somebody else is asked), or kept and told
with the ruling being made (a verdict, the stakes, reduced values). The secrets
show every woman's suit, pile and likes, every suitor's match, hand and clues, and
the pact log; PageDown and PageUp page through them while the question keeps the
focus. A person's words are always shown as text, never read as markup.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from attrs import evolve, frozen
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from rules.choices import Option, Pick, Write
from rules.engine import Seat
from rules.temptress.actions import NARRATOR_RULINGS, NarratorTells
from rules.temptress.choice_types import ChoiceKey, VerdictChoices
from rules.temptress.narration import LONGEST_LINE, plain_line
from rules.temptress.narrator_choices import LINE_HINT, TELL
from rules.temptress.views import TemptressView
from tui.kit.base import ProseInput
from tui.kit.choice import ChoiceScreen, Question
from tui.kit.keys import after_keys
from tui.port import Table
from tui.temptress.render import RoundPage, contest_text, secrets_text
from tui.widgets.cards import CardList, CardSelection
from tui.widgets.notes import NotesPanel
from tui.widgets.refusal import Refusal
from tui.widgets.whobar import WhoBar

NOTHING = "Nothing for the narrator to decide now: h goes back to the table."
TITLE = "The narrator's console: every secret (for your eyes only)"
WITH_THE_RULING = "Your line, told with your ruling:"


@frozen
class RulingLine:
    """A line written while a ruling is asked: kept, and sent in that ruling's ``line``."""

    text: str = ""


def pacts_text(view: TemptressView) -> Text:
    """The pact log, for the narrator to hold the promisers to it (as text: the promises
    are the suitors' own words)."""
    text = Text("The pact log\n", style="bold")
    for pact in view.pacts:
        text.append(f"• {pact}\n")
    if not view.pacts:
        text.append("No pacts yet.\n", style="dim")
    return text


def console_question(choices: Any) -> Question:
    """What the console asks: the narrator's choices; after an action, the awards (the
    twist has its key); at the open floor, whom to award a chip (ending the round has
    its key)."""
    if isinstance(choices, VerdictChoices):
        return choices.awards
    if isinstance(choices, Pick):
        award = choices.keyed(ChoiceKey.AWARD)
        if award is not None and award.open and award.then is not None:
            return award.then
        return choices
    return Pick(NOTHING, ())


class NarratorConsole(RoundPage, ChoiceScreen):
    """The referee seat's console: the table and every secret on top, the narrator's
    decision below."""

    DEFAULT_CSS = """
    NarratorConsole #secrets { height: 1fr; padding: 0 1; }
    NarratorConsole #console-title { text-style: bold; }
    NarratorConsole #question { height: auto; border-top: solid $panel; }
    NarratorConsole #options, NarratorConsole #several { max-height: 9; }
    NarratorConsole #twist, NarratorConsole #line { height: auto; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # (a class's bindings of a key replace its bases' ones: Choose is bound again)
        Binding("enter", "take", "Take", priority=True),
        Binding("enter", "take_these", "Confirm", priority=True),
        Binding("e", f"power('{ChoiceKey.END_ROUND}')", "End round"),
        Binding("w", "twist", "Twist"),
        Binding("w", "why_twist", "Why not", show=False),
        Binding("t", "write_line", "Say"),
        Binding("pagedown", "secrets(1)", "Secrets", key_display="PgDn", priority=True),
        Binding("pageup", "secrets(-1)", "Secrets", show=False, priority=True),
    ]

    COST_WORD = "Rapport"

    def __init__(self, table: Table, seat: Seat, notes: tuple[str, ...] = ()) -> None:
        view: TemptressView = table.view(seat)
        choices = view.choices
        self.verdict = choices if isinstance(choices, VerdictChoices) else None
        self.powers = choices if isinstance(choices, Pick) else None
        """The narrator's choices, where the powers with keys of their own are."""
        self.twist = False
        """A miss told as a success with a twist (the verdict only)."""
        self.line = ""
        """The narrator's line kept for the ruling being made ('' none)."""
        super().__init__(table, seat, console_question(choices), notes)

    # --- layout -------------------------------------------------------------------

    def body(self) -> Iterable[Widget]:
        yield WhoBar(self.heading(), id="who")
        yield from self.seat_body()
        yield Refusal()

    def seat_body(self) -> Iterable[Widget]:
        view = self.temptress
        with VerticalScroll(id="secrets"):
            yield Static(TITLE, id="console-title")
            if self.notes:
                yield NotesPanel(self.notes)
            yield Static(contest_text(view), id="console-contest")
            yield Static(secrets_text(view), id="console-secrets")
            yield Static(pacts_text(view), id="console-pacts")
        # The kit shows and hides the question's widgets one by one (inline styles), so
        # they sit in a box of their own, which the too-small notice hides.
        with Vertical(id="question"):
            yield Static(id="ask")
            yield CardList(id="options")
            yield CardSelection[int](id="several")
            yield ProseInput(id="write")
            yield Static(id="twist")
            yield Static(id="line")

    def on_mount(self) -> None:
        self.query_one("#twist").display = self.verdict is not None
        self._show_twist()
        self._show_line()

    def _show_line(self) -> None:
        field = self.query_one("#line", Static)
        field.display = bool(self.line)
        field.update(Text(f"t {WITH_THE_RULING} ").append(self.line, style="italic"))

    def _show_twist(self) -> None:
        verdict = self.verdict
        if verdict is None:
            return
        option = verdict.twist
        line = Text(f"w {option.label}: ")
        if not option.open:
            line.append(f"not now: {option.closed}", style="dim")
        elif self.twist:
            line.append("ON", style="bold reverse")
        else:
            line.append("off")
        self.query_one("#twist", Static).update(line)

    # --- keys -------------------------------------------------------------------------

    def _power(self, key: str) -> Option[Any] | None:
        """The narrator's option named ``key`` (ending the round, telling a line)."""
        return self.powers.keyed(key) if self.powers is not None else None

    def _line_question(self) -> Write[Any] | None:
        """Where ``t`` leads: the choices' own line to the table (told at once), or, while
        a ruling is asked, a line kept for it; None when the game is over."""
        tell = self._power(TELL)
        if tell is not None and tell.open and isinstance(tell.then, Write):
            return tell.then
        if self.verdict is None and self.powers is None:
            return None
        return Write(WITH_THE_RULING, RulingLine(), "text", LONGEST_LINE, hint=LINE_HINT)

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        several = isinstance(self.question, Pick) and self.question.several
        if action == "take":
            return not several and bool(getattr(self.question, "options", True))
        if action == "take_these":
            return several
        if action == "power":
            return self._power(str(parameters[0])) is not None
        if action == "twist":
            return self.verdict is not None and self.verdict.twist.open
        if action == "why_twist":
            return self.verdict is not None and not self.verdict.twist.open
        if action == "write_line":
            return not isinstance(self.question, Write) and self._line_question() is not None
        return super().allowed(action, parameters)

    @after_keys
    def action_take_these(self) -> None:
        self.action_take()

    def action_secrets(self, direction: int) -> None:
        """Page through the secrets while the question keeps the focus."""
        secrets = self.query_one("#secrets", VerticalScroll)
        page = max(1, secrets.scrollable_content_region.height - 1)
        secrets.scroll_to(y=secrets.scroll_y + direction * page, animate=False)

    def action_power(self, key: str) -> None:
        option = self._power(key)
        if option is None:
            return
        if not option.open:
            self.say(option.closed)
        elif option.then is not None:
            self.say(None)
            self.steps.append(option.then)
            self._ask()
        else:
            self._answer(option.value)

    def action_twist(self) -> None:
        if self.verdict is not None and self.verdict.twist.open:
            self.twist = not self.twist
            self._show_twist()

    def action_why_twist(self) -> None:
        if self.verdict is not None:
            self.say(self.verdict.twist.closed or None)

    def action_write_line(self) -> None:
        question = self._line_question()
        if question is not None and not isinstance(self.question, Write):
            self.say(None)
            self.steps.append(question)
            self._ask()

    def _answer(self, action: Any) -> None:
        if isinstance(action, RulingLine):
            refusal = self.table.check(NarratorTells(self.seat, action.text))
            if action.text.strip() and refusal is not None:
                self.say(refusal)
                return
            self.line = plain_line(action.text)
            self.steps.pop()
            self._ask()
            self._show_line()
            return
        if self.verdict is not None and not isinstance(action, NarratorTells):
            action = self.verdict.action(action.awards, self.twist)
        if self.line and isinstance(action, NARRATOR_RULINGS):
            action = evolve(action, line=self.line)
        if self.notes:
            self.table.mark_read(self.seat)
        super()._answer(action)

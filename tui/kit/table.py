"""The public table: what everyone may see, who is asked what, and the demo's keys.

Every game's table is a ``TableScreen``: the status bar on top, the game's own
widgets (``board()``), the "Now:" line naming who decides and what, a refusal
line, and the story so far. It draws from the public view only; a public
decision taken here (a vote, claiming the floor) reads the choices of the
person asked, which hold nothing secret.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual._time import get_time  # the clock Textual stamps each key with
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Static

from rules.engine import Prompt, Seat
from tui.kit.base import HELP_BINDINGS
from tui.kit.game import HINT, GameScreen
from tui.kit.keys import after_keys
from tui.kit.moment import (
    ANSWER_HELP,
    SPEAKER_HELP,
    Moment,
    MomentLine,
    asked_here,
    moment_text,
    open_options,
)
from tui.kit.take_back import TAKE_BACK, TAKE_BACK_HELP, TakeBack
from tui.messages import OpenPrivate
from tui.port import HandOver, Table, Teaching
from tui.widgets.hint import HintLine
from tui.widgets.refusal import Refusal
from tui.widgets.steady import SteadyText
from tui.widgets.story import BULLET, HEADING, INNER, Paragraph, StoryLog
from tui.widgets.whobar import WhoBar

DEMO_BINDINGS: list[BindingType] = [
    Binding("space", "pause", "Pause"),
    Binding("n", "step", "Step"),
    Binding("b", "back", "Back"),
    Binding("v", "peek", "Peek"),
]
TEACH_ACTIONS = frozenset({"back", "peek"})
"""Keys of ``parlour teach`` alone."""
TEACH_HELP = (
    " Teaching: each step's lines are explained under them, and the last line says what "
    "the table decides next. n plays one step, b goes back one (n then plays it again "
    "exactly), space runs or pauses. v looks through each player's eyes in turn (their "
    "hand and what only they know, under a banner naming them), then back to the "
    "public table."
)
HAND_OVER_BINDINGS: list[BindingType] = [
    Binding("enter", "hand_over", "Hand over", priority=True),
    *TAKE_BACK,
    Binding("pagedown", "recap(1)", "Recap", key_display="PgUp/PgDn", priority=True),
    Binding("pageup", "recap(-1)", "Recap", show=False, priority=True),
]
MOMENT_BINDINGS: list[BindingType] = [
    Binding("1", "answer(1)", "Me", key_display="1-9"),
    *(Binding(str(n), f"answer({n})", "Me", show=False) for n in range(2, 10)),
    Binding("enter", "answer_all", "Answer all"),
    Binding("p", "all_pass", "Pass all"),
]
"""The public moment's keys (``tui.kit.moment``): a game that binds a digit itself lists
these after its own, so both stay (only one is live at a time)."""
MOMENT_ACTIONS = frozenset({"answer", "answer_all", "all_pass"})
TABLE_BINDINGS: list[BindingType] = [
    *HAND_OVER_BINDINGS,
    *MOMENT_BINDINGS,
    *DEMO_BINDINGS,
    HINT,
    *HELP_BINDINGS,
]
"""Every table's own keys: a game's table lists them after its own (a subclass's
bindings for a key replace its base's)."""
HAND_OVER_ACTIONS = frozenset({"hand_over", "recap"})
HAND_OVER_HELP = (
    "Between two people the table shows first, with what happened since the next "
    "person's last turn (PgUp and PgDn page through it, when it is long); Enter brings "
    "their curtain."
)
OWN_TERMINAL_HELP = (
    " This terminal is your seat alone: your own steps show here without a curtain (h "
    "hides them), and the story shows each move as it is made; the whole story is on "
    "the end screen."
)
MORE_HELP = (
    " More (in the key bar while a panel of the board, such as the action under way, holds "
    "more lines than it shows) shows the panel's next lines, and from its end its top again."
)
GREYED_HELP = " A greyed key cannot act now: pressing it says why."
LOG_LINES = 40
"""How much of the story the table keeps in its log (the end screen has it all)."""


def now_text(table: Table) -> str:
    """ "Now: Bo (bot) · Bo: pick a response card ..." (or that the game is over)."""
    prompt = table.prompt
    if prompt is None:
        return "The game is over."
    return f"Now: {table.seats[prompt.seats[0]].label} · {prompt.text}"


def peek_banner(name: str) -> str:
    return f"THROUGH {name.upper()}'S EYES: only {name} sees this"


def teaching_paragraphs(teaching: Teaching, table: Table) -> list[Paragraph]:
    """A teaching table's story: what the table decides next and then the last step's
    lines, each with its caption; while peeking, under the seat's view and its banner."""
    seat = teaching.peeking
    out: list[Paragraph] = []
    if seat is not None:  # the seat's view under its banner, then the lesson as ever
        out.append(Paragraph(peek_banner(table.seats[seat].name), HEADING))
        out += [Paragraph(line, BULLET) for line in teaching.peek_lines()]
    following = teaching.next_caption()
    if following:  # first: at 80x24 a long step would push it out of sight
        out.append(Paragraph(f"Next: {following}"))
    for step in teaching.explained():
        out.append(Paragraph(step.line, BULLET))
        if step.caption:
            out.append(Paragraph(step.caption, INNER))
    return out or [Paragraph("The game is about to begin.")]


def fitted(parts: list[str], width: int) -> str:
    """The parts joined by " · ", a new line begun before a part that would not fit in
    ``width`` (a teaching table's status: two lines rather than one cut short)."""
    lines = [parts[0]]
    for part in parts[1:]:
        joined = f"{lines[-1]} · {part}"
        lines[-1:] = [joined] if len(joined) <= width else [lines[-1], part]
    return "\n".join(lines)


def hand_over_line(name: str, curtained: bool = True) -> str:
    if not curtained:  # (one person plays here: no curtain, their screen at once)
        return f"{name} plays next: Enter shows {name}'s screen."
    return f"{name} takes the keyboard next: Enter brings {name}'s curtain."


def recap_paragraphs(name: str, handing: HandOver) -> list[Paragraph]:
    """ "Bo, since your last turn:" and what happened, a line each (public lines only:
    the public view's story)."""
    since = "before your first turn" if handing.first else "since your last turn"
    heading = f"{name}, {since}:"
    lines = [Paragraph(line, BULLET) for line in handing.recap]
    return [Paragraph(heading, HEADING), *(lines or [Paragraph("Nothing new at the table.")])]


class TableScreen(TakeBack, GameScreen):
    """The public table. Subclasses yield their widgets from ``board()`` and draw them
    in ``draw(view)``; ``status(view)`` is the top line."""

    DEFAULT_CSS = """
    TableScreen #status { height: 1; }
    TableScreen.-teaching #status { height: auto; }
    TableScreen.-narrow #status { height: auto; }
    TableScreen #now { height: auto; padding: 0 1; color: $secondary; text-style: bold; }
    TableScreen #log { height: 6; border-top: solid $panel; }
    TableScreen #hand-over { height: auto; padding: 0 1; text-style: bold; display: none; }
    TableScreen.-handing #hand-over { display: block; }
    """

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS
    ALL_AT_ONCE: ClassVar[frozenset[str]] = frozenset()
    """Prompt kinds every person asked answers in one public moment (``tui.kit.moment``)."""
    ANY_SPEAKER: ClassVar[frozenset[str]] = frozenset()
    """Prompt kinds where any person asked may speak first (an open floor)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.view: Any = table.view(None)
        self.handing: HandOver | None = None
        """Whom the table waits for, as of the last redraw (the keys ask it often)."""
        self.moment = Moment()
        self._narrow: bool | None = None
        """Whether the board was last drawn for a narrow terminal (``narrow``)."""
        self.asking: Seat | None = None
        """The person whose private screen a key here has just asked for: the curtain
        that follows is theirs alone (``tui.screens.curtain``)."""

    # --- layout ---------------------------------------------------------------

    def body(self) -> Iterable[Widget]:
        yield WhoBar(id="status")
        yield HintLine()
        yield from self.board()
        yield MomentLine()
        yield SteadyText(id="hand-over")
        yield self.story()

    def board(self) -> Iterable[Widget]:
        """The game's own widgets, between the status bar and the story."""
        raise NotImplementedError

    def now_line(self) -> Static:
        return SteadyText(id="now", keeps_height=True)  # (what is below it stays put)

    def refusal(self) -> Refusal:
        return Refusal()

    def story(self) -> StoryLog:
        return StoryLog(follow=True, id="log")

    # --- drawing --------------------------------------------------------------

    def status(self, view: Any) -> str:
        """The top line: the game, its round or turn, what everyone should know."""
        return self.table.game.title

    def draw(self, view: Any) -> None:
        """Draw the game's own widgets from the public view."""

    def on_mount(self) -> None:
        super().on_mount()
        self.refresh_view()

    @on(events.Resize)
    def _reshape(self) -> None:
        if self.is_mounted and self.narrow() != self._narrow:
            self.refresh_view()  # what the board draws in code takes the new shape

    def refresh_view(self) -> None:
        """Redraw from the table's public view (the flow calls this after every move)."""
        self._narrow = self.narrow()  # (the shape it is drawn in)
        self.view = self.table.view(None)
        self.handing = self.table.handing_over()
        self.moment.follow(self.table.prompt)
        status = self.status(self.view)
        demo = self.table.demo
        if demo is not None:
            paused = " (paused)" if demo.paused else ""
            teaching = demo.teaching
            if teaching is None:
                status += f" · DEMO{paused}"
            else:  # first, so a long status never hides where the lesson is
                first, *more = status.split("\n")  # (a status may say more below)
                parts = [f"TEACH step {teaching.step}{paused}", *first.split(" · ")]
                if teaching.peeking is not None:
                    parts.insert(0, f"{self.table.seats[teaching.peeking].name.upper()}'S EYES")
                status = "\n".join([fitted(parts, self.app.size.width - 2), *more])
        self.set_class(demo is not None and demo.teaching is not None, "-teaching")
        self.query_one("#status", WhoBar).say(status)
        for now in self.query("#now").results(Static):
            now.update(Text(self.now(self.view)))
        for refusal in self.query(Refusal):
            refusal.show(None)
        self.show_story()
        self.show_hint()
        self.draw(self.view)
        self.show_moment()
        self.refresh_bindings()
        self.call_after_refresh(self.refresh_bindings)  # ("more": once the board is laid out)

    # --- the public moment (tui.kit.moment) -----------------------------------

    def _moment_kind(self) -> str | None:
        """ "all" (everyone answers at once), "speaker" (anyone may speak first) or None:
        no moment now (one person asked, a bot, the game over, a hand-over)."""
        prompt = self.table.prompt
        if prompt is None or self.handing is not None or len(self.asked_now(prompt)) < 2:
            return None
        if prompt.kind in self.ALL_AT_ONCE:
            return "all"
        return "speaker" if prompt.kind in self.ANY_SPEAKER else None

    def asked_now(self, prompt: Prompt | None) -> tuple[Seat, ...]:
        """The people at this keyboard a public prompt asks, who take part in its moment
        (a game may leave out a seat, such as a referee who may act at any time)."""
        return asked_here(self.table, prompt)

    def show_moment(self) -> None:
        kind = self._moment_kind()
        people = self.asked_now(self.table.prompt)
        text = None if kind is None else moment_text(self.table, self.moment, people, kind == "all")
        for line in self.query(MomentLine).results(MomentLine):
            line.show(text)

    def _moment_allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        kind = self._moment_kind()
        if kind is None:
            return False
        if action == "answer":  # (every number, so the Footer shows them: a wrong one says why)
            return True
        return (action == "answer_all") == (kind == "all")

    def action_answer(self, number: int) -> None:
        seat = number - 1
        if seat not in self.asked_now(self.table.prompt):
            seats = self.table.seats
            who = seats[seat].name if 0 <= seat < len(seats) else f"Nobody has the number {number}"
            self.say(f"{who} is not asked now." if 0 <= seat < len(seats) else f"{who}.")
            return
        if self._moment_kind() == "all":
            options = open_options(self.table.view(seat).choices)
            if options:
                self.moment.change(seat, options)
        self.moment.speaker = seat  # (their private screens, such as a clue book, are theirs)
        self.refresh_view()

    @after_keys
    def action_answer_all(self) -> None:
        """Every person's answer, in the order asked (stopping at a refusal)."""
        if self._moment_kind() != "all":
            return
        answers = []
        for seat in self.asked_now(self.table.prompt):
            options = open_options(self.table.view(seat).choices)
            if options:
                answers.append(self.moment.answer(seat, options).value)
        for value in answers:
            if self.send_now(value) is not None:
                return

    @after_keys
    def action_all_pass(self) -> None:
        """Every person here passes (the game's pass: the option keyed ``PASS_KEY``)."""
        if self._moment_kind() != "speaker":
            return
        for seat in self.asked_now(self.table.prompt):
            option = self.pass_option(seat)
            if option is None or self.table.prompt is None or seat not in self.table.prompt.seats:
                continue
            if self.send_now(option.value) is not None:
                return

    def pass_option(self, seat: Seat) -> Any:
        """The option by which ``seat`` lets the floor pass (a game with a floor says)."""
        return None

    def told(self) -> Sequence[str]:
        """The story as the table tells it now (a game may hold a line back, as the
        Temptress holds back fresh dice until they have shown)."""
        return self.view.log

    def show_story(self) -> None:
        """The story's last lines, or while the table waits for the next person, the
        recap of what happened since their last turn, from its start."""
        handing = self.handing
        log = self.query_one("#log", StoryLog)
        demo = self.table.demo
        teaching = None if demo is None else demo.teaching
        if teaching is not None:
            log.follow = False
            log.show(teaching_paragraphs(teaching, self.table))
            log.scroll_home(animate=False, immediate=True)
            return
        was_handing = self.has_class("-handing")
        self.set_class(handing is not None, "-handing")
        if handing is None:
            log.follow = True
            log.show([Paragraph(line) for line in self.told()[-LOG_LINES:]])
            return
        name = self.table.seats[handing.seat].name
        self.query_one("#hand-over", Static).update(Text(hand_over_line(name, handing.curtained)))
        log.follow = False
        log.show(recap_paragraphs(name, handing))
        log.scroll_home(animate=False, immediate=True)
        if not was_handing:  # an Enter meant for the table as it was does not hand over
            self.app.keys_from = get_time()  # type: ignore[attr-defined]

    def show_changes(self, then: Callable[[], None]) -> None:
        """Show what the last move changed (a game may take its time, as the Temptress
        shows fresh dice one by one), then call ``then``."""
        then()

    def now(self, view: Any) -> str:
        """The "Now:" line (a game may add to it). In a public moment it names no one
        person: everyone asked answers at once, or whoever speaks first has the floor."""
        prompt, kind = self.table.prompt, self._moment_kind()
        if prompt is not None and kind is not None:
            who = "everyone asked, at once" if kind == "all" else "whoever speaks first"
            return f"Now: {who} · {prompt.text}"
        return now_text(self.table)

    def phase_help(self) -> str:
        extra = (" " + HAND_OVER_HELP + TAKE_BACK_HELP) if self.handing else ""
        demo = self.table.demo
        if demo is not None and demo.teaching is not None:
            extra += TEACH_HELP
        if self.table.own_terminal:  # (a joined terminal: u and the story stay on its table)
            extra = OWN_TERMINAL_HELP + TAKE_BACK_HELP
        kind = self._moment_kind()
        if kind is not None:
            extra += ANSWER_HELP if kind == "all" else SPEAKER_HELP
        return super().phase_help() + extra

    def keys_help(self) -> str:
        bound = (b for keyed in self._bindings.key_to_bindings.values() for b in keyed)
        more = MORE_HELP if any(b.action.startswith("more(") for b in bound) else ""
        return GREYED_HELP + more

    # --- who decides here -----------------------------------------------------

    def deciding(self) -> Seat | None:
        """The person asked to decide at this table now (a public decision), or None
        (a bot, a private decision, or the game over). Seats played from other
        terminals decide there: the first seat asked that is not is the one here."""
        prompt = self.table.prompt
        if prompt is None or prompt.private:
            return None
        speaker = self.moment.speaker
        if self.moment.prompt == prompt and speaker in self.asked_now(prompt):
            return speaker
        seats = self.table.seats
        for seat in prompt.seats:
            if not seats[seat].elsewhere:
                return seat if seats[seat].at_keyboard else None
        return None

    def hint_seat(self) -> Seat | None:
        return None if self.handing is not None else self.deciding()

    def choices(self) -> Any:
        """The choices of the person deciding here (public ones), or None."""
        seat = self.deciding()
        return None if seat is None else self.table.view(seat).choices

    # --- keys -----------------------------------------------------------------

    def allowed(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("pause", "step"):
            return self.table.demo is not None
        if action in TEACH_ACTIONS:
            demo = self.table.demo
            return demo is not None and demo.teaching is not None
        if action == "more":  # (at the public moment too: the board shows then as well)
            return self.overflows(str(parameters[0]))
        handing = self.handing is not None
        if action in HAND_OVER_ACTIONS:
            return handing
        if action in self.TAKE_BACK_ACTIONS:  # (at the public moment: the Footer has room)
            here = handing or self.table.own_terminal
            return self.take_back_allowed(action) if here else False
        if handing:
            return False  # the next person takes the keyboard first
        if action in MOMENT_ACTIONS:
            return self._moment_allows(action, parameters)
        return self.table_allows(action, parameters)

    def table_allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's own keys: live now?"""
        return True

    @on(OpenPrivate)
    def _asking(self, message: OpenPrivate) -> None:
        self.asking = message.seat  # (before the app shows the curtain: it bubbles on)

    @after_keys
    def action_hand_over(self) -> None:
        if not self.too_small and self.table.handing_over() is not None:
            self.table.hand_over()

    def action_recap(self, direction: int) -> None:
        self.query_one("#log", StoryLog).action_page(direction)

    def overflows(self, selector: str) -> bool:
        """Whether the board's panel ``selector`` holds more than it shows now."""
        return any(panel.max_scroll_y > 0 for panel in self.query(selector))

    def action_more(self, selector: str) -> None:
        """The next page of a board panel that never takes the focus (a game binds a key
        to it: the Temptress's action under way), and from its end back to its top."""
        for panel in self.query(selector):
            if panel.scroll_y >= panel.max_scroll_y:
                panel.scroll_home(animate=False)
            else:
                panel.scroll_page_down(animate=False)

    # --- take-back (TakeBack) -------------------------------------------------

    def take_back_table(self) -> Table | None:
        return self.table

    def tell(self, message: str | None) -> None:
        handing = self.handing
        if handing is None:
            self.say(message)
            return
        # At the public moment, under the line naming who is next (always in view).
        line = hand_over_line(self.table.seats[handing.seat].name, handing.curtained)
        self.query_one("#hand-over", Static).update(Text("\n".join(filter(None, (line, message)))))

    def announce(self, message: str) -> None:
        self.app.notify(message)

    def action_pause(self) -> None:
        demo = self.table.demo
        if demo is not None:
            demo.toggle_pause()
            self.refresh_view()

    def action_step(self) -> None:
        demo = self.table.demo
        if demo is not None:
            demo.step_once()

    def action_back(self) -> None:
        demo = self.table.demo
        teaching = None if demo is None else demo.teaching
        if teaching is not None:
            teaching.step_back()

    def action_peek(self) -> None:
        demo = self.table.demo
        teaching = None if demo is None else demo.teaching
        if teaching is not None:
            teaching.peek_next()

"""The Temptress's public table: the women, the suitors, the contest, the story.

No hand is ever drawn here. The public decisions are taken here by the person
asked, with keys read from that person's choices: court, argue, retire or
decline at the open floor, avoid or accept an argument, set a stake. A key acts
exactly when those choices hold its option open; when they hold it closed the key
shows greyed, and pressing it says the rules' reason. What several people are asked
at once (joining an opposition, the vote) they answer together in one public
moment, each with their own number (``tui.kit.moment``); at an open floor any of
them may speak, and p lets them all pass. Courting, arguing and a promise open forms over the table;
retiring, the clue book and the narrator's console open behind the curtain.

Fresh dice are shown die by die (``show_changes``): the curtain that follows
comes only once the last die and the total show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widget import Widget
from textual.widgets import Static

from rules.choices import Option, Pick
from rules.engine import Prompt, Seat
from rules.temptress.choice_types import ChoiceKey
from rules.temptress.state import PromptKind, StakeKind, VoteChoice
from rules.temptress.views import TemptressView
from tui.kit.table import TABLE_BINDINGS, TableScreen
from tui.messages import OpenForm, OpenPrivate
from tui.port import Table
from tui.temptress.render import contest_text, suitors_table, women_table

COURT, ARGUE, PROMISE, RETIRE, CLUES, NARRATOR = (
    "court",
    "argue",
    "promise",
    "retire",
    "clues",
    "narrator",
)
"""The game's own screens the table opens, by name (the forms, and behind the curtain)."""
FORMS: dict[str, str] = {ChoiceKey.COURT: COURT, ChoiceKey.ARGUE: ARGUE}
STAKES = tuple(StakeKind)
"""The stakes, in the order of the keys 1-4."""

TAKE_KEYS: tuple[tuple[str, str, str], ...] = (
    ("c", ChoiceKey.COURT, "Court"),
    ("g", ChoiceKey.ARGUE, "Argue"),
    ("t", ChoiceKey.RETIRE, "Retire"),
    ("d", ChoiceKey.DECLINE, "Decline"),
    ("j", ChoiceKey.JOIN, "Join against"),
    ("s", ChoiceKey.STAY, "Stay out"),
    ("y", VoteChoice.YES, "Vote yes"),
    ("x", VoteChoice.NO, "Vote no"),
    ("b", VoteChoice.ABSTAIN, "Abstain"),
    ("v", ChoiceKey.AVOID, "Avoid (pay)"),
    ("a", ChoiceKey.ACCEPT, "Accept"),
)
"""(key, the option's key in the choices, the label): one public decision each."""


def dice_key(view: TemptressView) -> tuple[Any, ...] | None:
    """What identifies the dice on the table: the contest, its target, the faces."""
    contest = view.contest
    if contest is None or not contest.target or not contest.dice:
        return None
    return (contest.kind, contest.actor, contest.participants, contest.target, contest.dice)


def fresh_dice(before: tuple[Any, ...] | None, after: tuple[Any, ...] | None) -> list[int]:
    """The dice of ``after`` that are new since ``before``: all three for a new target,
    the re-rolled one after a re-roll, none when nothing changed."""
    if after is None or before == after:
        return []
    dice = after[-1]
    if before is not None and before[:-1] == after[:-1] and len(before[-1]) == len(dice):
        return [i for i, (old, new) in enumerate(zip(before[-1], dice, strict=True)) if old != new]
    return list(range(len(dice)))


class TemptressTable(TableScreen):
    """The public table; the person asked decides here with the keys in the Footer."""

    DEFAULT_CSS = """
    TemptressTable #people { height: auto; }
    TemptressTable #women { width: auto; padding: 0 1; }
    TemptressTable #suitors { width: 1fr; padding: 0 1; }
    TemptressTable #contest {
        height: auto; min-height: 3; max-height: 30%; border-top: solid $panel;
    }
    TemptressTable #contest-text { padding: 0 1; }
    TemptressTable #log { height: 1fr; min-height: 5; }
    TemptressTable.-narrow #people { layout: vertical; max-height: 40vh; overflow-y: auto; }
    TemptressTable.-narrow #women, TemptressTable.-narrow #suitors { width: 100%; }
    TemptressTable.-narrow #log { min-height: 3; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"take('{option}')", label) for key, option, label in TAKE_KEYS),
        Binding("1", "stake(1)", "Stake", key_display="1-4"),
        *(Binding(str(n), f"stake({n})", "Stake", show=False) for n in (2, 3, 4)),
        Binding("k", "clues", "Clues"),
        Binding("m", "more('#contest')", "More"),  # the action's rows that do not show
        Binding("o", "narrator", "Narrator"),
        *(Binding(key, f"why('{option}')", "Why not", show=False) for key, option, _ in TAKE_KEYS),
        *TABLE_BINDINGS,
    ]

    ALL_AT_ONCE = frozenset({PromptKind.JOIN, PromptKind.VOTE})
    ANY_SPEAKER = frozenset({PromptKind.FLOOR})

    view: TemptressView

    def __init__(self, table: Table) -> None:
        super().__init__(table)
        self.asked: Any = None
        """The choices of the person deciding here, as of the last redraw."""
        self.hidden: set[int] = set()
        """The dice of the current target not shown yet."""
        self._dice: tuple[Any, ...] | None = None
        self._drawn = False
        self._rolling = False
        """Fresh dice are showing one by one."""
        self._rolls = 0
        self._then: Callable[[], None] | None = None

    # --- layout -----------------------------------------------------------------

    def board(self) -> Iterable[Widget]:
        with Horizontal(id="people"):
            yield Static(id="women")
            yield Static(id="suitors")
        contest = VerticalScroll(id="contest")
        contest.can_focus = False  # the table's keys are the game's, never a scroll's
        with contest:
            yield Static(id="contest-text")
        yield self.now_line()
        yield self.refusal()

    def refresh_view(self) -> None:
        self.asked = self.choices()
        super().refresh_view()

    def status(self, view: Any) -> str:
        temptress: TemptressView = view
        limit = f"/{temptress.round_limit}" if temptress.round_limit else ""
        return (
            f"The Temptress · Round {temptress.round}{limit} · "
            f"Narrator: {temptress.narrator_name} · Discard: {temptress.discard_size}"
        )

    def draw(self, view: Any) -> None:
        temptress: TemptressView = view
        prompt = self.table.prompt
        current = prompt.seats[0] if prompt is not None else None
        narrow = self.narrow()
        self.query_one("#women", Static).update(women_table(temptress, narrow))
        suitors = suitors_table(temptress, current, narrow)
        self.query_one("#suitors", Static).update(suitors)
        key = dice_key(temptress)
        fresh = fresh_dice(self._dice, key)
        self._dice = key
        if fresh and (self._drawn or self._then is not None):
            self._roll(fresh)
        elif key is None:
            self._stop_rolling()
            if self._then is not None:  # no dice to show after all
                self.call_later(self._rolled)
        self._drawn = True
        self._draw_contest()

    def _draw_contest(self) -> None:
        self.query_one("#contest-text", Static).update(contest_text(self.view, self.hidden))
        self.show_story()
        now = Text(self.now(self.view))
        if self.narrow():
            self._tappable_stakes(now)
        self.query_one("#now", Static).update(now)

    def _tappable_stakes(self, now: Text) -> None:
        """On a phone, each stake named in the Now line sets it when tapped (the key bar
        holds only the first of its keys 1-4)."""
        for number in range(1, len(STAKES) + 1):
            option = self._stake(number)
            if option is None:
                continue
            start = now.plain.find(f"{number} {option.label}")
            if start >= 0:
                end = start + len(f"{number} {option.label}")
                now.stylize(Style(meta={"@click": f"screen.stake({number})"}), start, end)

    def told(self) -> Sequence[str]:
        # The rules tell fresh dice in the last line of the story, and the prompt names the
        # target: both wait for the dice.
        return self.view.log[: -1 if self.hidden else None]

    def now(self, view: Any) -> str:
        if self.hidden:
            return "Now: the dice are rolled for the target, one by one."
        line = super().now(view)
        hint = self._hint() or self._unread()
        return f"{line}\n{hint}" if hint else line

    def _unread(self) -> str:
        """Who has notes waiting in their clue book (they show at their next visit)."""
        seats = self.table.seats
        waiting = [
            info.name
            for seat, info in enumerate(seats)
            if info.at_keyboard and not info.elsewhere and self.table.unread(seat)
        ]
        return f"New in the clue book of: {', '.join(waiting)}." if waiting else ""

    def _hint(self) -> str:
        """The stakes on their keys, or the price of avoiding an argument."""
        if not isinstance(self.asked, Pick):
            return ""
        stakes = [self.asked.keyed(kind) for kind in STAKES]
        if all(stakes):
            return " · ".join(f"{n} {o.label}" for n, o in enumerate(stakes, 1) if o)
        avoid = self.asked.keyed(ChoiceKey.AVOID)
        if avoid is not None:
            return f"v {avoid.label}" + (f" (not now: {avoid.closed})" if avoid.closed else "")
        return ""

    # --- the dice, die by die ---------------------------------------------------

    def _delay(self) -> float:
        return float(getattr(self.app, "dice_delay", 0.0))

    def _roll(self, fresh: list[int]) -> None:
        self._stop_rolling()
        if self._delay() <= 0:
            self.hidden = set()
            return
        self.hidden = set(fresh)
        self._wait(self._delay(), self._next_die)

    def _wait(self, seconds: float, step: Callable[[], None]) -> None:
        """``step`` after ``seconds``, on the app's dice timer (a test's own) or the
        screen's; a roll stopped meanwhile leaves it undone."""
        self._rolls += 1
        roll = self._rolls
        self._rolling = True

        def run() -> None:
            if roll == self._rolls:
                step()

        timer = getattr(self.app, "dice_timer", None)
        if timer is None:
            self.set_timer(seconds, run)
        else:
            timer(seconds, run)

    def _next_die(self) -> None:
        if self.hidden:
            self.hidden.discard(min(self.hidden))
            self._draw_contest()
        if self.hidden:
            self._wait(self._delay(), self._next_die)
        else:  # the last die shows: let it be read for a moment, then move on
            self._wait(2 * self._delay(), self._rolled)

    def _rolled(self) -> None:
        self._rolling = False
        then, self._then = self._then, None
        if then is not None:
            then()

    def _stop_rolling(self) -> None:
        self._rolls += 1
        self._rolling = False
        self.hidden = set()

    def show_changes(self, then: Callable[[], None]) -> None:
        """Fresh dice show one by one; ``then`` is called once the last one has shown."""
        if self._delay() <= 0:
            then()
            return
        self._then = then
        if self._rolling or not self._drawn:
            return  # the dice are showing already, or the first drawing will show them
        key = dice_key(self.view)
        if key is None:
            self._rolled()
            return
        self._roll(list(range(len(key[-1]))))
        self._draw_contest()

    # --- the person asked -------------------------------------------------------

    def _option(self, key: str) -> Option[Any] | None:
        choices = self.asked
        return choices.keyed(key) if isinstance(choices, Pick) else None

    def _stake(self, number: int) -> Option[Any] | None:
        return self._option(STAKES[number - 1]) if 1 <= number <= len(STAKES) else None

    def asked_now(self, prompt: Prompt | None) -> tuple[Seat, ...]:
        """The suitors asked (the narrator, who may act at any time, takes no part)."""
        narrator = self.view.narrator_seat
        return tuple(s for s in super().asked_now(prompt) if s != narrator)

    def pass_option(self, seat: Seat) -> Any:
        choices = self.table.view(seat).choices
        option = choices.keyed(ChoiceKey.DECLINE) if isinstance(choices, Pick) else None
        return option if option is not None and option.open else None

    def _suitor_here(self) -> Seat | None:
        """The suitor deciding here (not the narrator)."""
        seat = self.deciding()
        return seat if seat is not None and seat != self.view.narrator_seat else None

    def table_allows(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        moment = self._moment_kind()
        if action in ("take", "why") and moment == "all":
            return False  # everyone answers together, with their numbers
        if action in ("take", "why") and moment == "speaker" and parameters[0] == ChoiceKey.DECLINE:
            return False  # several may speak: whoever does not want the floor waits; p passes all
        if action in ("take", "why"):  # a closed option's key is greyed; it says why
            option = self._option(str(parameters[0]))
            if option is None:
                return False
            if action == "why":
                return not option.open
            return True if option.open else None
        if action == "stake":
            return self._stake(int(str(parameters[0]))) is not None
        if action == "clues":
            return self._suitor_here() is not None
        if action == "narrator":
            seat = self.view.narrator_seat
            if self.table.demo is not None or seat is None:
                return False
            return self.table.seats[seat].at_keyboard
        return True

    def action_take(self, key: str) -> None:
        seat, option = self.deciding(), self._option(key)
        if seat is None or option is None:
            return
        if not option.open:
            self.say(option.closed)
        elif key in FORMS:
            self.post_message(OpenForm(seat, FORMS[key]))
        elif key == ChoiceKey.RETIRE:
            self.post_message(
                OpenPrivate(seat, RETIRE, "Retire: show your seven cards and name the sorceress.")
            )
        else:
            self.send(option.value)

    def action_why(self, key: str) -> None:
        option = self._option(key)
        if option is not None and not option.open:
            self.say(option.closed)

    def action_stake(self, number: int) -> None:
        seat, option = self.deciding(), self._stake(number)
        if seat is None or option is None:
            return
        if not option.open:
            self.say(option.closed)
        elif option.then is not None:
            self.post_message(OpenForm(seat, PROMISE))
        else:
            self.send(option.value)

    def action_clues(self) -> None:
        seat = self._suitor_here()
        if seat is not None:
            self.post_message(OpenPrivate(seat, CLUES, "Your clue book."))

    def action_narrator(self) -> None:
        seat = self.view.narrator_seat
        if seat is not None:
            self.post_message(OpenPrivate(seat, NARRATOR, "The narrator's console."))

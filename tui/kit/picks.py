"""Numbered lists whose digits pick: type an option's number, however long the list.

1-9 pick the first nine options at once, and 0 alone the tenth. From the tenth on, an
option's number is typed digit by digit (1 then 1 for the eleventh), the second digit
within a second of the first: the first digit has picked its own option meanwhile, and
the second moves the pick on. The key bar says how far the numbers go ("1-9 Pick",
"1-11 Pick").

What picking does is what the list's own key does to the option under the cursor: in
a list of single answers the cursor goes there (Enter then takes it); in a list of
ticks (the cards to play, the cards of a refill) the option is ticked, or unticked,
as Space does.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any, ClassVar, Generic, Self

from textual.binding import Binding, BindingType
from textual.widgets.selection_list import Selection, SelectionType

from tui.widgets.cards import CardList, CardSelection

TYPED_TOGETHER = 1.0
"""Seconds within which a second digit goes on the number the first began."""
NINE = "1-9"

PICK_DIGITS: list[BindingType] = [
    Binding("1", "pick('1')", "Pick", key_display=NINE),
    *(Binding(str(n % 10), f"pick('{n % 10}')", "Pick", show=False) for n in range(2, 11)),
]
PICK_HELP = (
    " Digits pick by number: 1-9 at once, 0 for the tenth, and from the tenth on the "
    "number's two digits typed together (1 then 1 for the eleventh)."
)


def numbers_shown(count: int) -> str:
    """What the key bar shows for the digits of a list of ``count`` options."""
    return NINE if count <= 9 else f"1-{count}"


class NumberTyped:
    """An option's number, typed digit by digit: which option each digit picks."""

    def __init__(self) -> None:
        self.typed = ""
        """The digits that may still go on (a second digit within ``TYPED_TOGETHER``)."""
        self.at = 0.0
        self.picked: int | None = None
        """The option the last digit picked (by index)."""

    def digit(self, digit: str, count: int, now: float) -> tuple[int | None, int | None]:
        """(the option this digit picks, the option it picks instead of: the one the
        digit before picked, when this digit goes on its number), by index."""
        follows = bool(self.typed) and now - self.at <= TYPED_TOGETHER
        self.at = now
        if follows and int(self.typed + digit) <= count:
            typed, number, instead = self.typed + digit, int(self.typed + digit), self.picked
        else:
            typed = "" if digit == "0" else digit
            number, instead = (10 if digit == "0" else int(digit)), None
        self.typed = typed if typed and int(typed) * 10 <= count else ""
        if not 1 <= number <= count:
            self.typed, self.picked = "", None
            return None, None
        self.picked = number - 1
        return number - 1, instead


class _Numbered:
    """A list whose options a typed number reaches (``number``); the digits' key in the
    bar follows the list's length."""

    option_count: int

    def __init__(self, *content: Any, **kwargs: Any) -> None:
        self.number = NumberTyped()
        super().__init__(*content, **kwargs)

    def add_options(self, new_options: Any) -> Self:
        super().add_options(new_options)  # type: ignore[misc]
        self._show_numbers(self.option_count)
        return self

    def clear_options(self) -> Self:
        super().clear_options()  # type: ignore[misc]
        self._show_numbers(0)
        return self

    def _show_numbers(self, count: int) -> None:
        bindings = self._bindings  # type: ignore[attr-defined]  # (the widget's own copy)
        shown = numbers_shown(count)
        bindings.key_to_bindings["1"] = [
            dataclasses.replace(b, key_display=shown) if b.show else b
            for b in bindings.key_to_bindings.get("1", ())
        ]
        if self.is_attached:  # type: ignore[attr-defined]
            self.refresh_bindings()  # type: ignore[attr-defined]


class PickList(_Numbered, CardList):
    """A list of single answers: a typed number puts the cursor on its option."""

    BINDINGS: ClassVar[list[BindingType]] = [*PICK_DIGITS]

    def action_pick(self, digit: str) -> None:
        index, _ = self.number.digit(digit, self.option_count, time.monotonic())
        if index is not None:
            self.highlighted = index


class PickTicks(_Numbered, CardSelection[SelectionType], Generic[SelectionType]):
    """A list of ticks: a typed number ticks its option (or unticks it), as Space does
    under the cursor, and the cursor goes there."""

    BINDINGS: ClassVar[list[BindingType]] = [*PICK_DIGITS]

    def action_pick(self, digit: str) -> None:
        index, instead = self.number.digit(digit, self.option_count, time.monotonic())
        if index is None:
            return
        if instead is not None:  # the digit before began this number: its tick is undone
            self._toggle_at(instead)
        self._toggle_at(index)
        self.highlighted = index

    def _toggle_at(self, index: int) -> None:
        option = self.get_option_at_index(index)
        assert isinstance(option, Selection)
        self.toggle(option)

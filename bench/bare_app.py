"""The bare Textual app every Parlour figure is compared with.

A Header, a body of text about the size of a game screen, a row of cards with
a cursor that the arrow keys move (the one key binding that changes visible
text), and a Footer. No game, no rules, no themes: what any Textual app of
this shape costs on this machine.

With ``--scroll`` the body is instead a long text (600 lines) in a
VerticalScroll that has the focus, scrolled to its end, so the up and down
keys scroll it as they scroll the Lantern's tale: the reference for what a
scroll costs in any Textual app (shown for information next to the tale).
"""

from __future__ import annotations

import sys

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Footer, Header, Static

CARDS = ("Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine")
BODY = "\n".join(
    f"Line {n:2}: a line of text about as long as a line of a game's story, to fill the screen."
    for n in range(1, 31)
)


class BareApp(App[None]):
    TITLE = "Bare"
    BINDINGS = [
        Binding("left", "move(-1)", "Left"),
        Binding("right", "move(1)", "Right"),
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]
    CSS = """
    #cards { height: 3; border: round $primary; padding: 0 1; }
    #body { height: 1fr; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.cursor = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self._cards(), id="cards")
        yield Static(BODY, id="body")
        yield Footer()

    def _cards(self) -> str:
        return "  ".join(
            f"[reverse]\\[{card}][/]" if i == self.cursor else f"\\[{card}]"
            for i, card in enumerate(CARDS)
        )

    def action_move(self, step: int) -> None:
        self.cursor = (self.cursor + step) % len(CARDS)
        self.query_one("#cards", Static).update(self._cards())


class ScrollApp(App[None]):
    TITLE = "Bare scroll"
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", priority=True)]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="long"):
            yield Static("\n".join(f"{n:3}: {BODY.splitlines()[n % 30]}" for n in range(600)))
        yield Footer()

    def on_mount(self) -> None:
        scroll = self.query_one(VerticalScroll)
        scroll.scroll_end(animate=False)
        scroll.focus()


if __name__ == "__main__":
    (ScrollApp if "--scroll" in sys.argv else BareApp)().run()

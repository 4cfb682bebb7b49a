"""The bare app of ``bare_app.py``, opening the kinds of screen Parlour opens.

``screens_open.py`` times Parlour opening its help, its setup form, its resume list
and its end screen against this app opening a screen of the same kind, built from
stock Textual widgets and about as much text, from the same card screen as the bare
app (the keys are hidden, so the Footer is the bare app's):

* ``?`` pushes a help screen: a title and a long text (``--help FILE``: the words
  of Parlour's help there) in a VerticalScroll, with the Footer;
* ``n`` pushes a form: ``--form SEATS,ROWS``, the rows of Parlour's setup form (a
  seat's row: a Label, an Input, a Static and a second Input; any other row: a Label,
  an Input and a note), the first Input focused once drawn;
* ``r`` pushes a list: an OptionList of one item per file of ``--list DIR``, each
  file read when the screen opens, newest first (as Parlour reads its saves);
* ``e`` pushes an end screen: a verdict and a long document (``--doc FILE``, its
  first line the verdict) in a VerticalScroll; ``--start-doc`` opens on it.

Escape closes each. Every screen is built anew each time it opens.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bare_app import BareApp  # noqa: E402


class Pushed(Screen[None]):
    """A full screen with a title line and the Footer; Escape closes it."""

    BINDINGS = [Binding("escape", "close", "Close")]
    DEFAULT_CSS = """
    Pushed > #title { height: auto; background: $panel; text-style: bold; padding: 0 1; }
    Pushed > VerticalScroll { height: 1fr; padding: 0 1; }
    Pushed .row { height: 3; }
    Pushed .row Label { width: 20; height: 3; content-align: left middle; }
    Pushed .row Input { width: 22; }
    Pushed .row Static { width: 1fr; height: 3; padding: 0 1; }
    Pushed OptionList { height: 1fr; }
    """

    def __init__(self, title: str) -> None:
        super().__init__()
        self.title_text = title

    def compose(self) -> ComposeResult:
        yield Static(Content(self.title_text), id="title")
        yield from self.body()
        yield Footer()

    def body(self) -> ComposeResult:
        raise NotImplementedError

    def action_close(self) -> None:
        self.dismiss()


class TextScreen(Pushed):
    """Help, or the end of a game: a long text that scrolls (focused)."""

    def __init__(self, title: str, text: str) -> None:
        super().__init__(title)
        self.text = text

    def body(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Content(self.text))

    def on_mount(self) -> None:
        self.query_one(VerticalScroll).focus()


class FormScreen(Pushed):
    def __init__(self, seats: int, rows: int) -> None:
        super().__init__("Bare form: who is playing?")
        self.seats, self.rows = seats, rows

    def body(self) -> ComposeResult:
        with VerticalScroll():
            for seat in range(self.seats):
                with Horizontal(classes="row"):
                    yield Label(f"Seat {seat + 1}")
                    yield Input(f"Name {seat + 1}", placeholder="name", id=f"name-{seat}")
                    yield Static("Person")
                    yield Input(placeholder="PIN (opt.)", password=True, max_length=4)
            for row in range(self.rows):
                with Horizontal(classes="row"):
                    yield Label(f"Field {row + 1}")
                    yield Input(placeholder="(optional)")
                    yield Static(f"A note about field {row + 1}.")

    def on_mount(self) -> None:
        self.call_after_refresh(self.query_one("#name-0", Input).focus)


class ListScreen(Pushed):
    def __init__(self, folder: Path) -> None:
        super().__init__(f"Bare saves in {folder}")
        self.folder = folder

    def body(self) -> ComposeResult:
        files = sorted(self.folder.iterdir(), key=lambda p: p.stat().st_mtime, reverse=True)
        options = [Option(Content(path.read_text(encoding="utf-8").strip())) for path in files]
        yield OptionList(*options)

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        if options.option_count:
            options.highlighted = 0
        options.focus()


class ScreensApp(BareApp):
    BINDINGS = [
        *BareApp.BINDINGS,
        Binding("question_mark", "open('help')", "Help", show=False),
        Binding("n", "open('form')", "Form", show=False),
        Binding("r", "open('list')", "List", show=False),
        Binding("e", "open('doc')", "End", show=False),
    ]

    def __init__(self, args: argparse.Namespace) -> None:
        super().__init__()
        self.args = args

    def on_mount(self) -> None:
        if self.args.start_doc:
            self.action_open("doc")

    def action_open(self, which: str) -> None:
        if len(self.screen_stack) > 1:
            return
        args = self.args
        if which == "help":
            text = Path(args.help).read_text(encoding="utf-8")
            self.push_screen(TextScreen("Bare help: the rules", text))
        elif which == "form":
            seats, rows = (int(n) for n in args.form.split(","))
            self.push_screen(FormScreen(seats, rows))
        elif which == "list":
            self.push_screen(ListScreen(Path(args.list)))
        elif which == "doc":
            verdict, _, text = Path(args.doc).read_text(encoding="utf-8").partition("\n")
            self.push_screen(TextScreen(f"Bare end: {verdict}", text))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--help-text", dest="help", metavar="FILE")
    parser.add_argument("--form", default="6,15", metavar="SEATS,ROWS")
    parser.add_argument("--list", metavar="DIR")
    parser.add_argument("--doc", metavar="FILE")
    parser.add_argument("--start-doc", action="store_true")
    ScreensApp(parser.parse_args()).run()


if __name__ == "__main__":
    main()

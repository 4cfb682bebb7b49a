"""The end of a game: who won and why, every secret revealed, what next."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Markdown, Static

from tui.base import ParlourScreen

if TYPE_CHECKING:
    from tui.flow import GameFlow


def _listed(names: Iterable[str]) -> str:
    """ "Ann", "Ann and Bo", "Ann, Bo and Cy"; "nobody" for none."""
    items = list(names)
    if not items:
        return "nobody"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


class ResolutionScreen(ParlourScreen):
    """Winners, losers, the reveal and the story; play again or back to the lobby."""

    DEFAULT_CSS = """
    ResolutionScreen #verdict { height: auto; background: $panel; text-style: bold;
                                padding: 0 1; }
    ResolutionScreen VerticalScroll { height: 1fr; padding: 0 1; }
    """

    BINDINGS = [
        Binding("p", "again", "Play again"),
        Binding("l", "lobby", "Back to lobby"),
        Binding("e", "export", "Export story"),
        Binding("down,j", "scroll(1)", "Scroll", key_display="↓↑"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False),
        *ParlourScreen.BINDINGS,
    ]

    def __init__(self, flow: GameFlow) -> None:
        super().__init__()
        self.flow = flow

    def body(self) -> Iterable[Widget]:
        session = self.flow.session
        outcome = session.outcome
        names = session.game.seat_names(session.state)
        verdict = "The game is over."
        if outcome is not None:
            winners = _listed(names[s] for s in outcome.winners)
            losers = _listed(names[s] for s in outcome.losers)
            verdict = f"Winners: {winners} · Lost: {losers}\n{outcome.reason}"
        self.verdict = verdict
        yield Static(verdict, id="verdict")
        with VerticalScroll():
            yield Markdown(self.report(headline=False))

    def report(self, headline: bool = True) -> str:
        """The reveal and the public story as Markdown."""
        session = self.flow.session
        story = "\n".join(f"* {line}" for line in session.view(None).log)
        top = (
            f"# {session.game.title}, seed {session.seed}\n\n{self.verdict}\n\n" if headline else ""
        )
        return top + self.flow.ui.reveal(session) + "\n\n## The story\n\n" + story + "\n"

    def help_title(self) -> str:
        return self.flow.session.game.title

    def rules_text(self) -> str:
        return self.flow.session.game.rules_text

    def phase_help(self) -> str:
        return (
            "The game has ended. Everything that was secret is now shown. Press p to play "
            "again with the same seats (a new seed), or l to go back to the lobby."
        )

    def action_scroll(self, amount: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=amount * 3, animate=False)

    def action_export(self) -> None:
        """Write the story as Markdown into the saves folder."""
        self.flow.export_story(self.report())

    def action_again(self) -> None:
        self.flow.play_again()

    def action_lobby(self) -> None:
        from tui.lobby import LobbyScreen

        self.app.switch_screen(LobbyScreen())

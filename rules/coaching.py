"""A coached first game (``parlour teach GAME --play``): one person against bots, on a
deal chosen to show the game's main rules early, with a hint at each of their prompts.

Each game's captions name its deal (``CoachedDeal``, ``Captions.coached``): the
seed, the table, and the rules it shows (an event kind each) within its first turns
when the person takes the hints. The hint is the prompt's caption (what the choice
means) and the pick the game's own bot would make from the person's own view, so it
knows nothing the person's screen does not show.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import attrs

from rules.choices import Pick, Write
from rules.engine import Bot, GameInfo, IllegalAction, Logged, Seat, View
from rules.session import BOT, PERSON, SeatPlan, Session
from rules.teaching import CoachedDeal as CoachedDeal
from rules.teaching import PickWords, Shown, captions_of, session_prompt

S = TypeVar("S")
L = TypeVar("L", bound=Logged)
V = TypeVar("V", bound=View)

__all__ = ["CoachedDeal", "Shown", "coached_deal", "coached_session", "first_seen", "hint"]


ADVICE_LEAD = "Worth weighing:"


def coached_deal(game: GameInfo[S, V]) -> CoachedDeal:
    captions = captions_of(game)
    deal = captions.coached if captions is not None else None
    assert deal is not None, f"{game.title} has no coached deal"
    return deal


def coached_session(
    game: GameInfo[S, V], names: Sequence[str], deal: CoachedDeal | None = None
) -> Session[S]:
    """The coached deal (the game's own, or ``deal``) with ``names`` in seat order (the
    person's at ``deal.person``)."""
    deal = coached_deal(game) if deal is None else deal
    seats = tuple(
        SeatPlan(name, PERSON if seat == deal.person else BOT) for seat, name in enumerate(names)
    )
    options = {o.key: o.default for o in game.options} | dict(deal.options)
    config = game.make_config(tuple(names), options, game.default_pack())
    return Session.start(game, config, deal.seed, seats)


def first_seen(
    session: Session[L], deal: CoachedDeal, deciders: Sequence[Bot[View, object]] | None = None
) -> dict[str, int]:
    """Plays ``session`` on (every seat by its game's bot, or by ``deciders``) to the end
    of turn ``deal.within``; the turn each rule of ``deal.shows`` first happened in (a
    rule first seen after that turn is not there)."""
    game = session.game
    wanted = {shown.kind for shown in deal.shows}
    seen: dict[str, int] = {}
    state = session.state
    read = 0
    while True:
        turn = game.turn_of(state)
        if turn > deal.within:
            return seen
        for event in state.log[read:]:
            if event.kind in wanted and event.kind not in seen:
                seen[event.kind] = turn
        read = len(state.log)
        prompt = game.prompt(state)
        if prompt is None or len(seen) == len(wanted):
            return seen
        seat = prompt.seats[0]
        view = game.view(state, seat)
        decider = deciders[seat] if deciders is not None else session.bot_for(seat)
        try:
            state = game.apply(state, decider.choose(view))
        except IllegalAction:
            return seen


def hint(session: Session[S], seat: Seat) -> str:
    """What ``seat``'s prompt means and the pick worth weighing ('' when it is not
    ``seat``'s to decide), said to ``seat`` ("you") where the game's captions can. Worked
    out from the public view and ``seat``'s own."""
    prompt = session.prompt
    if prompt is None or seat not in prompt.seats:
        return ""
    view = session.view(seat)
    meaning = session_prompt(session, seat)  # (spoken to the person: "you")
    try:
        pick = session.bot_for(seat).choose(view)
    except (ValueError, IllegalAction):  # (a bot with nothing to say: the meaning alone)
        return meaning
    captions = captions_of(session.game)
    words = pick_words(view.choices, pick, captions.pick_words if captions else None)
    if not words:
        return meaning
    return f"{meaning} {ADVICE_LEAD} {words} (the bots' pick, from what you can see)."


def pick_words(question: object, action: object, own: PickWords | None = None) -> str:
    """The labels of the answers that make ``action`` ("Court a woman: Isolde"); ''."""
    if own is not None:
        said = own(question, action)
        if said:
            return said
    return ": ".join(_path(question, action) or ())


def _path(question: object, action: object) -> list[str] | None:
    """The labels leading to ``action`` (a written answer adds none); None: no way."""
    if isinstance(question, Write):
        return [] if _fills(question.template, question.fills, action) else None
    if not isinstance(question, Pick):
        return None
    if question.several:
        values = getattr(action, question.fills, None)
        if values is None or not _fills(question.template, question.fills, action):
            return None
        return [", ".join(o.label for o in question.options if o.value in values) or "none"]
    for option in question.options:
        if option.then is None:
            if option.value == action:
                return [option.label]
            continue
        further = _path(option.then, action)
        if further is not None:
            return [option.label, *further]
    return None


def _fills(template: object, field: str, action: object) -> bool:
    """Whether ``action`` is ``template`` with only its field ``field`` filled in."""
    kind = type(action)
    if type(template) is not kind or not attrs.has(kind):
        return False
    names = [a.name for a in attrs.fields(kind) if a.name != field]
    return all(getattr(template, n) == getattr(action, n) for n in names)

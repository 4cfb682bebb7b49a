"""Noughts and Crosses' teaching captions: its events' are templates in story.toml."""

from __future__ import annotations

from rules.engine import Prompt
from rules.teaching import Captions
from tests.toy.state import EventKind, Phase, ToyView
from tests.toy.told import TOLD


def _mark(prompt: Prompt, view: ToyView) -> str:
    free = sum(square is None for square in view.squares)
    return f"{view.names[view.mover]} marks one of the {free} empty squares."


CAPTIONS = Captions(
    events={},
    prompts={Phase.MARK: _mark},
    event_kinds=tuple(EventKind),
    prompt_kinds=(Phase.MARK,),
    told=TOLD,
)

"""A line read off the wire: every tagged value comes back as it was sent, however often
its kinds are named; a kind the rules do not have is refused each time it is named, and
nesting is refused one level past ``MAX_DEPTH``, never before."""

from __future__ import annotations

import json

import pytest

from rules.persuasion.state import Phase
from tui.net import wire
from tui.persistence.save_file import MAX_DEPTH, too_deep


def _nested(depth: int) -> object:
    """A JSON value ``depth`` levels deep (a list of lists … around a number)."""
    value: object = 7
    for _ in range(depth - 1):
        value = [value]
    return value


def test_json_as_deep_as_the_limit_is_read_and_one_level_deeper_is_not():
    assert not too_deep(_nested(MAX_DEPTH))
    assert too_deep(_nested(MAX_DEPTH + 1))
    assert not too_deep({"a": [_nested(MAX_DEPTH - 2)], "b": []})
    assert too_deep({"a": [1], "b": [[_nested(MAX_DEPTH - 2)]]})
    assert not too_deep([])
    assert not too_deep(7)


def _snapshot(view: object) -> wire.Snapshot:
    return wire.Snapshot(1, wire.Value(view), wire.Value(None), wire.Value(None), (), 0)


def test_a_snapshot_naming_the_same_kinds_again_and_again_comes_back_as_sent():
    phases = tuple(Phase)
    view = {"seen": phases * 50, "last": frozenset({phases[0]}), "by": {1: phases[-1]}}
    line = wire.encode(_snapshot(view))
    for _ in range(3):
        assert wire.decode(line) == _snapshot(view)


@pytest.mark.parametrize(
    "name", ["rules.nothing.Here", "rules.persuasion.state.nothing", "os.path.sep"]
)
def test_a_kind_the_rules_do_not_have_is_refused_each_time_it_is_named(name: str):
    sent = json.loads(wire.encode(_snapshot(Phase(next(iter(Phase)).value))))
    sent["view"] = [sent["view"], {"$e": name, "v": 1}]
    line = json.dumps(sent).encode() + b"\n"
    for _ in range(2):
        with pytest.raises(wire.WireError):
            wire.decode(line)
    assert wire.decode(wire.encode(_snapshot((Phase(next(iter(Phase)).value),)))) == _snapshot(
        (next(iter(Phase)),)
    )

"""What each seat may see, saved tales, and the story element packs.

For every state of some seeded tales (with a Barkeep and at the table, with
Bards leaving, joining and interrupting), for every Bard, the Barkeep and the
public table:

* a Bard's view holds their own hand and nobody else's: no list of hands, no
  deck, and no element of another Bard's hand among the elements it names,
  unless that card was named in public (the play or an interruption under way);
* a Bard reads the public lines and their own private ones, nobody else's;
* a Bard's choices name only cards that Bard may know of (their hand, the table,
  the tale, the play under way), and neither they nor the notes (the private
  lines written for that Bard) name an element another Bard holds unseen;
* the choices of a public prompt show the table nothing hidden (but the cards a
  Bard may interrupt with, which only that Bard is shown);
* the Barkeep's console holds every hand, the deck and every element;
* only the public view of a finished tale reveals every hand and every Ale.

A saved tale (``tui.persistence.saves.write``) loads by replaying its actions to the very
same state. The default pack ships at least 200 story elements, and a
malformed pack is refused with a PackError naming the file and the field.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any

import pytest

from rules.choices import Option, Pick, Write
from rules.convert import CONVERTER, action_union
from rules.lantern import game
from rules.lantern.choices import RulingChoices, TurnChoices
from rules.lantern.game import LANTERN
from rules.lantern.pack import MIN_ELEMENTS, default_pack, load_pack
from rules.lantern.state import Interrupt, LanternState, PassTurn, Phase, Play, Rule
from rules.lantern.view import LanternReveal
from rules.packs import PackError
from rules.session import Session
from tests import v2_saves
from tests.lantern_helpers import (
    barkeep_of,
    bot_policy,
    bot_session,
    fresh,
    playout,
    random_policy,
    restless_policy,
)
from tui.persistence import saves
from tui.persistence.journal import Journal, canonical, chained
from tui.persistence.saves import SaveError

GAMES = {
    "rowdy-barkeep": (fresh(61, 4, benches=5, hand=4, elements=40), random_policy(61)),
    "rowdy-table": (fresh(62, 3, person=False, benches=4, hand=4, elements=30), random_policy(62)),
    "restless-barkeep": (fresh(63, 5, benches=6, hand=5), restless_policy(63, rate=0.15)),
    "demo-table": (fresh(64, 4, person=False, benches=4, hand=6), bot_policy(64)),
}


@cache
def tale(name: str) -> tuple[LanternState, ...]:
    start, policy = GAMES[name]
    return (start, *(after for _, _, after in playout(start, policy, 2_000)))


def named_in_public(state: LanternState) -> set[int]:
    """Cards still in a hand whose element was named aloud: the play and the
    interruptions under way (worked out here, not by the engine)."""
    attempt = state.attempt
    if attempt is None:
        return set()
    cards = {card for _, card in attempt.interruptions}
    if attempt.card is not None:
        cards.add(attempt.card)
    return cards


def hidden_hand(state: LanternState, bard: int) -> set[int]:
    return set(state.hands[bard]) - named_in_public(state)


def parts(node: Any, *, public: bool = False) -> Iterator[Any]:
    """Every question and option of a choices tree (``public``: what the table may be shown,
    so not the cards under the window's ``interrupt``)."""
    if node is None:
        return
    yield node
    children: tuple[Any, ...] = ()
    if isinstance(node, TurnChoices):
        children = (node.cards, node.ties, node.loose_end, node.passes, node.between)
    elif isinstance(node, RulingChoices):
        children = (node.verify, node.loose_end, node.ties, node.deny)
    elif isinstance(node, Pick):
        children = node.options
    elif isinstance(node, Option) and not (public and node.key == "interrupt"):
        children = (node.then,)
    for child in children:
        yield from parts(child, public=public)


def texts_of(choices: Any, *, public: bool = False) -> list[str]:
    """The words of the choices: questions, labels, hints, closed options' reasons."""
    found: list[str] = []
    for part in parts(choices, public=public):
        if isinstance(part, TurnChoices | RulingChoices | Pick):
            found.append(part.ask)
        elif isinstance(part, Write):
            found += [part.ask, part.hint]
        elif isinstance(part, Option):
            found += [part.label, part.closed]
    return found


def cards_of(choices: Any) -> set[int]:
    """The cards the choices name: to play, tie off, burn, interrupt with, rule tied."""
    found: set[int] = set()
    if isinstance(choices, TurnChoices):
        found |= {o.value for o in choices.cards.options} | {o.value for o in choices.ties.options}
    if isinstance(choices, RulingChoices):
        found |= {o.value for o in choices.ties.options}
    for part in parts(choices):
        value = part.value if isinstance(part, Option) else None
        if isinstance(value, Play):
            found |= set(value.ties) | (set() if value.card is None else {value.card})
        elif isinstance(value, PassTurn) and value.burn is not None:
            found.add(value.burn)
        elif isinstance(value, Interrupt) and value.card is not None:
            found.add(value.card)
        elif isinstance(value, Rule):
            found |= set(value.tied)
    return found


def names_a_hidden_card(state: LanternState, seat: int, texts: list[str], known: set[int]) -> bool:
    """Whether ``texts`` name an element another Bard holds unseen (an element that is part
    of one ``seat`` may know of does not count)."""
    allowed = [state.elements[c] for c in known]
    for other in range(len(state.config.bards)):
        if other == seat:
            continue
        for card in hidden_hand(state, other) - known:
            element = state.elements[card]
            if any(element in text for text in allowed):
                continue
            if any(element in text for text in texts):
                return True
    return False


@pytest.mark.parametrize("name", list(GAMES))
def test_no_bard_sees_another_bards_hand(name):
    states = tale(name)
    assert states[-1].phase == Phase.OVER
    for state in states:
        for seat in range(len(state.config.bards)):
            view = game.view(state, seat)
            assert view.hand == state.hands[seat]
            assert view.hands == () and view.deck_cards == ()
            named = dict(view.elements_named)
            assert all(state.elements[c] == text for c, text in named.items())
            assert set(state.hands[seat]) <= set(named)
            for other in range(len(state.config.bards)):
                if other != seat:
                    assert not hidden_hand(state, other) & set(named), (seat, other)
            assert [b.cards for b in view.bards] == [len(h) for h in state.hands]
            assert view.deck == len(state.deck) and view.burned == len(state.burned)


@pytest.mark.parametrize("name", list(GAMES))
def test_no_bards_choices_name_a_card_they_may_not_know_of(name):
    offered = 0
    for state in tale(name):
        for seat in range(len(state.config.bards)):
            view = game.view(state, seat)
            if view.choices is None:
                continue
            offered += 1
            known = set(dict(view.elements_named))
            cards = cards_of(view.choices)
            assert cards <= known, (seat, cards - known)
            for other in range(len(state.config.bards)):
                if other != seat:
                    assert not cards & hidden_hand(state, other), (seat, other)
            assert not names_a_hidden_card(state, seat, texts_of(view.choices), known)
    assert offered >= 40


@pytest.mark.parametrize("name", list(GAMES))
def test_the_choices_of_a_public_prompt_show_the_table_nothing_hidden(name):
    shown = 0
    for state in tale(name):
        current = game.prompt(state)
        if current is None or current.private:
            continue
        public = set(dict(game.view(state, None).elements_named))
        for seat in current.seats:
            texts = texts_of(game.view(state, seat).choices, public=True)
            shown += 1
            for bard in range(len(state.config.bards)):
                assert not names_a_hidden_card(state, bard, texts, public), (current, seat)
    assert shown >= 20


@pytest.mark.parametrize("name", list(GAMES))
def test_a_bards_notes_are_their_own_lines_and_name_no_card_another_holds(name):
    states = tale(name)
    for before, after in zip(states, states[1:], strict=False):
        for seat in range(len(after.config.bards)):
            notes = game.view(after, seat).notes
            written = [e.text for e in after.log if e.seats and e.seats[0] == seat]
            assert list(notes) == written
            fresh_notes = list(notes[len(game.view(before, seat).notes) :])
            known = set(dict(game.view(after, seat).elements_named))
            assert not names_a_hidden_card(after, seat, fresh_notes, known), fresh_notes
    assert all(game.view(s, None).notes == () for s in states)


@pytest.mark.parametrize("name", list(GAMES))
def test_only_the_finished_public_view_reveals_every_hand_and_ale(name):
    states = tale(name)
    for state in states:
        seats = [*range(len(game.seat_names(state))), None]
        for seat in seats:
            reveal = game.view(state, seat).reveal
            if seat is None and state.result is not None:
                hands = tuple(tuple(state.elements[c] for c in hand) for hand in state.hands)
                assert reveal == LanternReveal(hands, state.ale)
            else:
                assert reveal is None, (seat, state.phase)
    assert states[-1].result is not None


@pytest.mark.parametrize("name", list(GAMES))
def test_a_bard_reads_the_public_lines_and_their_own(name):
    state = tale(name)[-1]
    for seat in range(len(state.config.bards)):
        readable = [e.text for e in state.log if e.seats is None or seat in e.seats]
        assert list(game.view(state, seat).log) == readable
        for event in state.log:
            if event.seats is not None:
                assert event.seats[0] < len(state.config.bards)
    public = game.view(state, None)
    assert list(public.log) == [e.text for e in state.log if e.seats is None]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_public_table_shows_no_hand_at_all(name):
    for state in tale(name):
        view = game.view(state, None)
        assert view.hand == () and view.hands == () and view.deck_cards == ()
        named = {c for c, _ in view.elements_named}
        for bard in range(len(state.config.bards)):
            assert not hidden_hand(state, bard) & named


@pytest.mark.parametrize("name", ["rowdy-barkeep", "restless-barkeep"])
def test_the_barkeeps_console_sees_every_hand_and_the_deck(name):
    for state in tale(name):
        keeper = barkeep_of(state)
        view = game.view(state, keeper)
        assert view.hands == state.hands and view.deck_cards == state.deck
        assert view.hand == ()
        assert view.elements_named == tuple(enumerate(state.elements))
        assert list(view.log) == [e.text for e in state.log]


def test_private_lines_are_addressed_to_their_bard_and_the_barkeep():
    state = fresh(5, 3, benches=3, hand=4)
    dealt = [e for e in state.log if e.seats is not None]
    assert [e.seats for e in dealt] == [(0, 3), (1, 3), (2, 3)]
    table = fresh(5, 3, person=False, benches=3, hand=4)
    assert [e.seats for e in table.log if e.seats is not None] == [(0,), (1,), (2,)]


def test_secrets_of_a_bard_are_their_hidden_hand_and_private_lines():
    state = fresh(5, 3, benches=3, hand=4)
    secrets = LANTERN.secrets_of(state, 1)
    hand = tuple(state.elements[c] for c in state.hands[1])
    assert secrets[:4] == hand
    assert secrets[4:] == (f"You receive: {', '.join(hand)}.",)
    assert LANTERN.secrets_of(state, 3) == ()


# --- saves --------------------------------------------------------------------------------


def play_session(session: Session, policy, actions: int) -> Session:
    for _ in range(actions):
        if session.prompt is None:
            break
        session = session.apply(policy(session.state))
    return session


@pytest.mark.parametrize(
    ("person", "policy", "actions"),
    [
        (True, bot_policy(3), 10_000),
        (False, bot_policy(4), 10_000),
        (True, restless_policy(5, rate=0.2), 60),
        (True, random_policy(6), 10_000),
        (False, random_policy(7), 150),
    ],
    ids=[
        "demo-barkeep-finished",
        "demo-table-finished",
        "restless-midway",
        "rowdy-barkeep",
        "rowdy-table-midway",
    ],
)
def test_a_saved_tale_replays_to_the_same_state(tmp_path, person, policy, actions):
    start = bot_session(4, person=person, seed=9, benches=5, hand=4, elements=30)
    session = play_session(start, policy, actions)
    path = tmp_path / "lantern.json"
    v2_saves.write(session, path)
    loaded = saves.load(path)
    assert loaded.state == session.state
    assert loaded.actions == session.actions
    assert loaded.seats == session.seats and loaded.config == session.config
    assert saves.summarise(path).finished == (session.outcome is not None)


def test_a_restocked_tale_saves_and_loads(tmp_path):
    start = bot_session(3, seed=11, benches=3, hand=5, elements=20)
    session = play_session(start, random_policy(11), 10_000)
    assert len(session.state.elements) > 20
    path = tmp_path / "restocked.json"
    v2_saves.write(session, path)
    assert saves.load(path).state.elements == session.state.elements


def test_an_edited_lantern_save_is_refused(tmp_path):
    session = play_session(bot_session(3, seed=2, benches=4, hand=4), bot_policy(2), 40)
    path = tmp_path / "edited.json"
    v2_saves.write(session, path)
    data = json.loads(path.read_text())
    data["state"]["ale"] = [5, 0, 0]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError) as caught:
        saves.load(path)
    assert str(caught.value) == (
        f"{path}: the saved table does not match its replayed moves; it was edited"
    )


def test_a_tale_begun_before_the_barkeep_named_who_begins_is_named_an_older_edition(tmp_path):
    """A journal from before rules edition 2 (no edition in its header) whose first move is
    the first bench's play, as the tale then began: it no longer replays, and says why."""
    start = bot_session(3, seed=4, benches=4, hand=4)
    path = tmp_path / "old-tale.json"
    Journal(path).save(start)
    header = json.loads(path.read_bytes().splitlines()[0])
    assert header["rules"] == 2
    del header["hash"], header["rules"]
    header["hash"] = chained("", header)
    card = start.state.hands[0][0]
    play = Play(0, "Once upon a time.", card)
    move = {
        "n": 1,
        "action": CONVERTER.unstructure(play, unstructure_as=action_union(LANTERN.action_types)),
        "turn": 0,
        "finished": False,
        "at": header["begun_at"],
    }
    move["hash"] = chained(header["hash"], move)
    path.write_text("".join(canonical(r) + "\n" for r in (header, move)))
    with pytest.raises(SaveError) as older:
        saves.load(path)
    assert str(older.value) == (
        f"{path}: this game was begun under an earlier edition of Ye Olde Rusty Lantern's "
        "rules, and its moves no longer replay under this Parlour's; it cannot be resumed "
        "(start a new game)"
    )


# --- packs --------------------------------------------------------------------------------


def test_the_default_pack_ships_at_least_200_distinct_story_elements():
    pack = default_pack()
    assert len(pack.elements) >= 200
    assert len({e.strip().casefold() for e in pack.elements}) == len(pack.elements)
    assert all(e.strip() == e and 0 < len(e) <= 60 for e in pack.elements)
    assert pack.name == "The Tap Room Tales" and pack.description
    shipped = resources.files("themes.lantern").joinpath("default.toml")
    with resources.as_file(shipped) as path:
        assert load_pack(str(path)) == pack


GOOD = [f"element {n}" for n in range(40)]


def pack_text(elements: list[str] | None, extra: str = "") -> str:
    head = 'name = "Odd Tales"\ndescription = "A test pack."\n' + extra
    if elements is None:
        return head
    return head + "elements = [" + ", ".join(json.dumps(e) for e in elements) + "]\n"


@pytest.mark.parametrize(
    ("text", "fault"),
    [
        (pack_text(None), "elements: required field missing"),
        (pack_text(GOOD[:10]), f"elements: needs at least {MIN_ELEMENTS} cards, found 10"),
        (pack_text(GOOD[:3] + ["  "] + GOOD[3:]), "elements[3]: must not be empty"),
        (
            pack_text(GOOD[:5] + ["ELEMENT 1"] + GOOD[5:]),
            "elements[5]: 'ELEMENT 1' repeats elements[1]",
        ),
        (
            pack_text(["x" * 61] + GOOD),
            "elements[0]: 'xxxxxxxxxxxxxxxxxxxx...' is longer than 60 characters",
        ),
        (pack_text(GOOD, 'colour = "red"\n'), "(top level): extra fields found (colour)"),
        ('description = "d"\nelements = ["a"]\n', "name: required field missing"),
    ],
    ids=["no-elements", "too-few", "blank", "repeated", "too-long", "extra-field", "no-name"],
)
def test_a_malformed_pack_is_refused_naming_file_and_field(tmp_path, text, fault):
    path = tmp_path / "odd.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(PackError) as caught:
        load_pack(str(path))
    assert str(caught.value) == f"{path}: {fault}"


def test_a_pack_that_is_not_toml_or_not_there_is_refused(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('name = "Odd\n', encoding="utf-8")
    with pytest.raises(PackError) as caught:
        load_pack(str(path))
    assert str(caught.value) == (
        f"{path}: name: not valid TOML at line 1, column 12: "
        "the line ends before the text's closing quote"
    )
    with pytest.raises(PackError) as caught:
        load_pack(str(tmp_path / "missing.toml"))
    assert str(caught.value).startswith(f"{tmp_path / 'missing.toml'}: cannot read the file")


def test_a_good_pack_file_plays():
    pack = default_pack()
    made = LANTERN.make_config(("Ada", "Basil", "Nell"), {"barkeep_person": 1}, pack)
    state = LANTERN.new(made, 3)
    assert len(state.elements) == len(pack.elements)

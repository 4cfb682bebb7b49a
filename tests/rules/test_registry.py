"""The registry's listings (what the lobby shows without importing a game's
rules) say what each game's own GameInfo says."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules import registry
from rules.teaching import captions_of


@pytest.mark.parametrize("listing", registry.listings(), ids=lambda listing: listing.id)
def test_a_game_is_listed_once_and_its_parts_are_where_its_listing_says(listing):
    game = registry.get(listing.id)
    assert game.listing is listing
    assert (game.id, game.title, game.min_seats, game.max_seats) == (
        listing.id,
        listing.title,
        listing.min_seats,
        listing.max_seats,
    )
    assert captions_of(game) is registry.load(listing.captions)


@pytest.mark.parametrize("listing", registry.listings(), ids=lambda listing: listing.id)
def test_the_readme_says_who_sits_down_as_the_lobby_does(listing):
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert f"* **{listing.title}**: {listing.seats} " in readme


def test_the_ids_are_the_listings_in_lobby_order():
    assert registry.ids() == tuple(listing.id for listing in registry.listings())
    assert tuple(registry.games()) == registry.ids()


def test_an_unknown_game_is_refused_naming_the_known_ones():
    with pytest.raises(KeyError) as caught:
        registry.get("chess")
    assert caught.value.args[0] == (
        "no game called 'chess' (known: temptress, island, persuasion, lantern)"
    )

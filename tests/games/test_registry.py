"""The games' registry: what each game's package declares, and what is refused."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardpress.games import GAMES, register
from cardpress.games.registry import TableOptionError, WrongType
from cardpress.vocabulary import GAME_IDS


def test_the_packages_register_the_products_games_in_the_catalogues_order():
    assert tuple(GAMES) == GAME_IDS


def test_a_spec_declares_every_option_its_engine_takes():
    spec = GAMES["ultimatch"]
    with pytest.raises(ValueError, match=r"ultimatch: .*'dealer'"):
        replace(spec, parameters=spec.parameters[:-1])


def test_two_games_cannot_share_an_id():
    with pytest.raises(ValueError, match="two games are called 'eshi100'"):
        register(replace(GAMES["eshi100"], order=99))
    assert register(GAMES["eshi100"]) is GAMES["eshi100"]  # the same spec again is no clash


def test_option_problems_name_the_option_and_what_it_takes():
    problems = GAMES["eshi100"].option_problems(
        {"deck": "promo", "colour": "red", "bit_cards_discarded": "no", "auctioneer": 1}
    )
    deck, unknown, typed = problems
    assert isinstance(deck, TableOptionError) and deck.option == "deck"
    assert str(deck) == "eshi100 has no deck promo; its decks: standard, starter"
    assert isinstance(unknown, TableOptionError)
    assert str(unknown) == (
        "eshi100 has no option colour; its options: auctioneer, bit_cards_discarded, deck, decks"
    )
    assert isinstance(typed, WrongType)
    assert (typed.option, typed.expected, typed.value) == ("bit_cards_discarded", bool, "no")
    assert GAMES["eshi100"].option_problems({"deck": "starter", "auctioneer": 1}) == []
    assert GAMES["ultimatch"].option_problems({"dealer": True})[0].expected is int


def test_the_create_page_offers_the_suggested_choice_first():
    deck = GAMES["eshi100"].offered["deck"]
    assert deck.offered(4) == ("starter", "standard") and deck.choices == ("standard", "starter")
    assert GAMES["gallery-rush"].offered["start_player"].offered(3) == (0, 1, 2)
    assert "decks" not in GAMES["eshi100"].offered  # card data, no form's choice

"""The games' registry: what each game's package declares, and what is refused."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardpress.games import GAMES, register
from cardpress.games.registry import (
    DECK_GAMES,
    RULE_PREFIXES,
    TableOptionError,
    WrongType,
    rule_document,
    rule_id_pattern,
)
from cardpress.vocabulary import CHOOSE, TRIPTYCH_GAMES

#: the game ids ARCHITECTURE.md fixes, in the order every list shows them
CONTRACT_GAMES = ("gallery-rush", "finger-auction", "detective-eye", "ultimatch", "eshi100")


def test_the_packages_register_the_products_games_in_the_catalogues_order():
    assert tuple(GAMES) == CONTRACT_GAMES


def test_each_games_rule_prefix_is_the_one_its_rule_document_uses():
    """The prefix a spec declares is what its rule sheet's clauses carry: the rule IDs
    an engine cites link to the right document."""
    from cardpress.rules import load_rules

    for game, spec in GAMES.items():
        ids = load_rules(game, "en").clause_ids()
        assert ids and {i.split("-", 1)[0] for i in ids} == {spec.rule_prefix}, game
        assert all(rule_document(i) == game for i in ids)
    choose = load_rules(CHOOSE, "en").clause_ids()
    assert choose and all(rule_document(i) == CHOOSE for i in choose)
    assert list(RULE_PREFIXES.values()) == [*GAMES, CHOOSE]
    assert rule_id_pattern() == "^(GR|FA|DE|UM|ES|TR)-[0-9]+$"  # the published pattern


def test_each_game_names_the_deck_it_is_played_with():
    from cardpress.catalogue import load_catalogue

    assert DECK_GAMES["triptych"] == TRIPTYCH_GAMES
    assert tuple(g.id for g in load_catalogue().triptych.games) == TRIPTYCH_GAMES
    assert DECK_GAMES["ultimatch"] == ("ultimatch",) and DECK_GAMES["eshi100"] == ("eshi100",)


def test_a_spec_cannot_take_another_documents_prefix_or_the_boxs_deck():
    spec = GAMES["ultimatch"]
    with pytest.raises(ValueError, match="prefix 'GR' is gallery-rush's"):
        register(replace(spec, id="ultimatch-2", rule_prefix="GR"))
    with pytest.raises(ValueError, match="prefix 'TR' is choose's"):
        register(replace(spec, id="ultimatch-2", rule_prefix="TR"))
    with pytest.raises(ValueError, match="Triptych box holds"):
        register(replace(spec, id="ultimatch-2", rule_prefix="U2", deck="triptych"))
    with pytest.raises(ValueError, match="no printed deck 'poker'"):
        register(replace(spec, id="ultimatch-2", rule_prefix="U2", deck="poker"))
    assert "ultimatch-2" not in GAMES


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


def test_the_chooser_says_how_many_play_as_the_games_specs_do():
    """Rule card r0's "each game is for … players" is the span of the box's games'
    own counts, in both languages, not a number typed into the sentence."""
    from cardpress.rules import load_rules

    specs = [GAMES[g] for g in DECK_GAMES["triptych"]]
    lo, hi = min(s.min_players for s in specs), max(s.max_players for s in specs)
    assert f"Each game is for {lo} to {hi} players" in load_rules(CHOOSE, "en").find("TR-H2").text
    assert f"どのゲームも{lo}〜{hi}人用" in load_rules(CHOOSE, "ja").find("TR-H2").text

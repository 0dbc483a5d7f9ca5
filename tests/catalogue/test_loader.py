"""Every validation rule, each shown with a broken copy of the real data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardpress.catalogue import CatalogueError, check_catalogue, load_catalogue
from cardpress.catalogue.models import Icon, Painter, TriptychKind
from tests.conftest import edit

LINE = re.compile(r"^[^:]+: [^:]+: [^:]+: .+$")


def errors(root: Path) -> list[str]:
    catalogue, problems = check_catalogue(root)
    assert catalogue is None, "broken data must not load"
    lines = [str(p) for p in problems.errors]
    assert lines
    for line in lines:
        assert LINE.match(line), line
    return lines


def one_error(root: Path, *fragments: str) -> str:
    lines = errors(root)
    hits = [line for line in lines if all(f in line for f in fragments)]
    assert hits, f"no problem with {fragments} in:\n" + "\n".join(lines)
    return hits[0]


# --------------------------------------------------------------------------- the real data


def test_real_data_is_clean_and_complete() -> None:
    catalogue, problems = check_catalogue()
    assert problems.items == []
    assert catalogue is not None
    t = catalogue.triptych
    assert len(t.cards) == 32
    for painter in Painter:
        works = [c for c in t.of_kind(TriptychKind.PAINTING) if c.painter == painter]
        assert sorted(c.number for c in works) == list(range(1, 9))
        assert all(c.year and c.title.ja and c.title.en for c in works)
    assert len(t.of_kind(TriptychKind.FORGERY)) == 3
    assert len(t.of_kind(TriptychKind.MONA_LISA)) == 1
    assert {c.game for c in t.of_kind(TriptychKind.RULE)} == {
        "choose",
        "gallery-rush",
        "finger-auction",
        "detective-eye",
    }
    assert len(catalogue.ultimatch.cards) == 48
    assert catalogue.eshi100.size == 40
    assert catalogue.eshi100.proxy


def test_games_know_which_cards_they_use() -> None:
    t = load_catalogue().triptych
    assert t.card("ml").games == ("gallery-rush", "finger-auction")  # out of Detective Eye
    assert t.card("fm").games == ("gallery-rush", "finger-auction", "detective-eye")
    assert t.card("r2").games == ("finger-auction",)
    assert t.card("r0").games == ("gallery-rush", "finger-auction", "detective-eye")
    assert TriptychKind.MONA_LISA not in t.game("detective-eye").roles


def test_secondary_colours_know_their_primaries() -> None:
    u = load_catalogue().ultimatch
    assert set(u.colour("orange").mixes) == {"red", "yellow"}
    assert set(u.colour("green").mixes) == {"yellow", "blue"}
    assert set(u.colour("purple").mixes) == {"red", "blue"}
    assert all(u.colour(c).primary for c in ("red", "yellow", "blue"))
    assert len({c.symbol for c in u.colours}) == 6


def test_load_catalogue_is_cached_until_a_file_changes(cards_copy: Path) -> None:
    first = load_catalogue(cards_copy)
    assert load_catalogue(cards_copy) is first
    edit(cards_copy / "triptych" / "monet.toml", "Impression, Sunrise", "Impression: Sunrise")
    second = load_catalogue(cards_copy)
    assert second is not first
    assert second.triptych.card("m1").title.en == "Impression: Sunrise"


def test_load_catalogue_raises_with_every_problem(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "monet.toml", "year = 1872", 'year = "1872"')
    edit(cards_copy / "ultimatch" / "cards.toml", "number = 8", "number = 9")
    with pytest.raises(CatalogueError) as info:
        load_catalogue(cards_copy)
    text = str(info.value)
    assert "m1: year" in text and "number: 9 is out of range" in text


# --------------------------------------------------------------------------- files


def test_toml_syntax_error_names_file_and_line(cards_copy: Path) -> None:
    path = cards_copy / "triptych" / "gogh.toml"
    broken = path.read_text(encoding="utf-8").splitlines().index('kind = "painting"') + 1
    edit(path, 'kind = "painting"', 'kind = "painting', 1)
    line = one_error(cards_copy, "gogh.toml", "syntax", f"line {broken}")
    assert "not valid TOML" in line


def test_missing_product_folder(cards_copy: Path) -> None:
    import shutil

    shutil.rmtree(cards_copy / "ultimatch")
    one_error(cards_copy, "ultimatch", "folder", "missing product folder")


def test_unknown_field_is_reported(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "vermeer.toml", "year = 1658", "yaer = 1658")
    one_error(cards_copy, "vermeer.toml: v1: yaer: unknown field")
    one_error(cards_copy, "vermeer.toml: v1: year: missing")


# --------------------------------------------------------------------------- Triptych


def test_painter_needs_eight_paintings(cards_copy: Path) -> None:
    path = cards_copy / "triptych" / "monet.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index('[[card]]\nid = "m8"')
    path.write_text(text[:start], encoding="utf-8")
    one_error(cards_copy, "painter", "monet has 7 paintings; Triptych needs 8")


def test_duplicate_id(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "gogh.toml", 'id = "g2"', 'id = "m1"')
    line = one_error(cards_copy, ": m1: id: duplicate id, already used in")
    assert "gogh.toml" in line and "monet.toml" in line
    assert not [e for e in errors(cards_copy) if "paintings" in e]  # no cascade


def test_duplicate_painting_number(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "gogh.toml", "number = 2", "number = 1")
    one_error(cards_copy, "number", "gogh number 1 is used 2 times")


def test_one_forgery_per_painter(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "specials.toml", 'painter = "gogh"', 'painter = "monet"')
    one_error(cards_copy, "monet has 2 forgeries; needs exactly 1")
    one_error(cards_copy, "gogh has 0 forgeries; needs exactly 1")


def test_exactly_one_mona_lisa(cards_copy: Path) -> None:
    path = cards_copy / "triptych" / "specials.toml"
    edit(path, 'id = "fv"\nkind = "forgery"\npainter = "vermeer"', 'id = "ml2"\nkind = "mona-lisa"')
    one_error(cards_copy, "2 Mona Lisa cards; Triptych has exactly 1")


def test_four_rule_cards(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "rules.toml", 'game = "detective-eye"', 'game = "gallery-rush"')
    one_error(cards_copy, "2 rule cards for 'gallery-rush'")
    one_error(cards_copy, "0 rule cards for 'detective-eye'")


def test_unknown_painter(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "vermeer.toml", 'painter = "vermeer"', 'painter = "rembrandt"')
    one_error(cards_copy, "v1: painter: unknown value 'rembrandt'")


def test_unknown_kind(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "specials.toml", 'kind = "mona-lisa"', 'kind = "joker"')
    one_error(cards_copy, "ml: kind: unknown value 'joker'")


def test_unknown_game(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "rules.toml", 'game = "finger-auction"', 'game = "poker"')
    one_error(cards_copy, "r2: game: unknown value 'poker'")
    edit(cards_copy / "triptych" / "deck.toml", 'id = "gallery-rush"', 'id = "gallery-dash"')
    one_error(cards_copy, "deck.toml: -: game[0].id: unknown value 'gallery-dash'")


def test_unknown_role_kind(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "deck.toml", "[game.roles.forgery]", "[game.roles.joker]")
    one_error(cards_copy, "roles.joker", "unknown card kind")


def test_both_languages_required(cards_copy: Path) -> None:
    edit(
        cards_copy / "triptych" / "monet.toml",
        'title = { ja = "睡蓮", en = "Water Lilies" }',
        'title = { ja = "睡蓮" }',
    )
    one_error(cards_copy, "monet.toml: m8: title.en: missing")
    edit(
        cards_copy / "triptych" / "deck.toml",
        'colour = { ja = "青", en = "blue" }',
        'colour = { ja = "", en = "blue" }',
    )
    one_error(cards_copy, "painter[2].colour.ja: must be a non-empty string")


def test_missing_image_is_a_warning_not_an_error(cards_copy: Path) -> None:
    edit(
        cards_copy / "triptych" / "monet.toml", "year = 1872", 'year = 1872\nimage = "art/nope.png"'
    )
    catalogue, problems = check_catalogue(cards_copy)
    assert catalogue is not None
    assert catalogue.triptych.card("m1").image is None
    [warning] = problems.warnings
    assert "m1: image: art/nope.png not found" in str(warning)


def test_present_image_is_kept(cards_copy: Path) -> None:
    art = cards_copy / "triptych" / "art"
    art.mkdir()
    (art / "m1.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    edit(cards_copy / "triptych" / "monet.toml", "year = 1872", 'year = 1872\nimage = "art/m1.png"')
    assert load_catalogue(cards_copy).triptych.card("m1").image == art / "m1.png"


# --------------------------------------------------------------------------- Ultimatch


def test_every_colour_and_number_once(cards_copy: Path) -> None:
    edit(
        cards_copy / "ultimatch" / "cards.toml",
        'id = "red-2"\ncolour = "red"\nnumber = 2',
        'id = "red-2b"\ncolour = "red"\nnumber = 1',
    )
    one_error(cards_copy, "red 1 appears 2 times")
    one_error(cards_copy, "red 2 is missing")


def test_unknown_colour(cards_copy: Path) -> None:
    edit(cards_copy / "ultimatch" / "cards.toml", 'colour = "blue"', 'colour = "cyan"')
    one_error(cards_copy, "blue-1: colour: unknown value 'cyan'")


def test_number_out_of_range(cards_copy: Path) -> None:
    edit(cards_copy / "ultimatch" / "cards.toml", "number = 8", "number = 0")
    one_error(cards_copy, "red-8: number: 0 is out of range (1-8)")


def test_colour_symbols_must_differ(cards_copy: Path) -> None:
    edit(cards_copy / "ultimatch" / "deck.toml", 'symbol = "star"', 'symbol = "circle"')
    one_error(cards_copy, "colour[5].symbol", "already red's")


def test_secondary_must_mix_from_its_primaries(cards_copy: Path) -> None:
    edit(
        cards_copy / "ultimatch" / "deck.toml",
        'mixes = ["red", "blue"]',
        'mixes = ["red", "yellow"]',
    )
    one_error(cards_copy, "colour[5].mixes", "purple mixes from blue + red")


# --------------------------------------------------------------------------- 絵師100人展


def test_deck_must_hold_exactly_forty(cards_copy: Path) -> None:
    edit(
        cards_copy / "eshi100" / "starter.toml",
        '{ card = "px14", copies = 1 }',
        '{ card = "px14", copies = 2 }',
    )
    one_error(
        cards_copy, "starter.toml: -: entries: the deck has 41 cards; it must have exactly 40"
    )


def test_at_most_four_copies(cards_copy: Path) -> None:
    edit(
        cards_copy / "eshi100" / "starter.toml",
        '{ card = "px14", copies = 1 }',
        '{ card = "px01", copies = 1 }',
    )
    one_error(cards_copy, "starter.toml: px01: copies: 5 copies; a deck may hold at most 4")


def test_deck_entry_names_a_known_card(cards_copy: Path) -> None:
    edit(cards_copy / "eshi100" / "starter.toml", 'card = "px14"', 'card = "px99"')
    one_error(cards_copy, "px99: card: no card 'px99' in cards.toml")


def test_unknown_icon(cards_copy: Path) -> None:
    edit(cards_copy / "eshi100" / "cards.toml", 'icons = ["ume"]', 'icons = ["rose"]')
    one_error(cards_copy, "px01: icons: unknown icon 'rose'")


def test_card_needs_an_icon(cards_copy: Path) -> None:
    edit(cards_copy / "eshi100" / "cards.toml", 'icons = ["ume"]', "icons = []")
    one_error(cards_copy, "px01: icons: needs at least one of")


def test_unknown_effect_op(cards_copy: Path) -> None:
    edit(cards_copy / "eshi100" / "cards.toml", 'op = "draw"', 'op = "steal"')
    one_error(cards_copy, "px09: bit.op: unknown value 'steal'")


def test_settlement_op_is_not_a_bit_op(cards_copy: Path) -> None:
    edit(cards_copy / "eshi100" / "cards.toml", 'op = "bid_bonus"', 'op = "points"')
    one_error(cards_copy, "px08: bit.op: unknown value 'points'")


def test_points_per_icon_names_its_icon(cards_copy: Path) -> None:
    edit(cards_copy / "eshi100" / "cards.toml", ', icon = "asagao"', "")
    one_error(cards_copy, "px13: settlement.icon: missing")


def test_bid_must_be_a_number(cards_copy: Path) -> None:
    edit(cards_copy / "eshi100" / "cards.toml", "bid = 4", 'bid = "four"')
    one_error(cards_copy, "px11: bid: must be a whole number, not a string")


def test_the_games_numbers_are_not_card_data(cards_copy: Path) -> None:
    """A deck size or a hand size in the catalogue would be an edit the referee never
    plays by: the loader names the table and why, rather than silently ignoring it."""
    path = cards_copy / "eshi100" / "catalogue.toml"
    path.write_text(
        path.read_text(encoding="utf-8") + "\n[deck_rules]\nsize = 41\n\n[play]\nhand_size = 6\n",
        encoding="utf-8",
    )
    one_error(cards_copy, "catalogue.toml", "deck_rules", "40 cards", "ES-7", "remove this table")
    one_error(cards_copy, "catalogue.toml", "play", "hand (5)", "remove this table")


def test_how_many_play_is_not_card_data(cards_copy: Path) -> None:
    """The engines say how many play (the referee, the rule sheets and the rule cards
    read it there): a count in the card data could only disagree, so it is named."""
    edit(
        cards_copy / "eshi100" / "catalogue.toml",
        "pack_price_yen = 500",
        "pack_price_yen = 500\nplayers = [2, 5]",
    )
    edit(
        cards_copy / "triptych" / "deck.toml",
        'id = "gallery-rush"',
        'id = "gallery-rush"\nplayers = [2, 6]',
    )
    one_error(cards_copy, "catalogue.toml", "players", "rule of the game", "remove this key")
    one_error(cards_copy, "deck.toml", "game[0].players", "rule of the game", "remove this key")


def test_a_triptych_game_is_named_by_the_game_itself(cards_copy: Path) -> None:
    """A name in deck.toml would be a second home of the game's name, one of the two
    silently unused; the loader says where the name lives."""
    edit(
        cards_copy / "triptych" / "deck.toml",
        'id = "finger-auction"',
        'id = "finger-auction"\nname = { ja = "指オークション", en = "Finger Bids" }',
    )
    line = one_error(cards_copy, "deck.toml", "game[1].name", "remove this key")
    assert "cardpress/games/<game>/spec.py" in line


def test_eshi100_models() -> None:
    deck = load_catalogue().eshi100
    assert deck.catalogue.set_types == 104
    assert (deck.catalogue.deck_size, deck.catalogue.max_copies) == (40, 4)
    assert len(deck.cards) == 40
    assert {i for card in deck.types for i in card.icons} == set(Icon)
    assert deck.card("px13").settlement is not None
    assert deck.card("px13").settlement.icon is Icon.ASAGAO


@pytest.mark.parametrize(
    "name",
    ["triptych/deck.toml", "ultimatch/deck.toml", "eshi100/catalogue.toml", "eshi100/starter.toml"],
)
def test_missing_settings_file(cards_copy: Path, name: str) -> None:
    (cards_copy / name).unlink()
    one_error(cards_copy, f"{name}: -: file: missing")

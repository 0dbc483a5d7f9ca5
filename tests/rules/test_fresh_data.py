"""Rule documents follow the card data they are rendered for, in the same process.

Regression for issue 9: ``build --watch`` and ``build()`` twice printed the
old colour name after cards/ultimatch changed, and the referee's rules pages
ignored CARDS_DIR. Broken card data is an error, never fallback names.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardpress.catalogue import CatalogueError
from cardpress.paths import cards_dir
from cardpress.rules import load_rules
from referee import create_app


def words(doc) -> str:
    from referee.rules_html import render_document

    return render_document(doc)


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    root = tmp_path / "cards"
    shutil.copytree(cards_dir(), root)
    return root


def rename_orange(cards: Path, name: str) -> None:
    deck = cards / "ultimatch" / "deck.toml"
    text = deck.read_text(encoding="utf-8")
    assert 'en = "Orange" }' in text
    deck.write_text(text.replace('en = "Orange" }', f'en = "{name}" }}'), encoding="utf-8")


def test_a_renamed_colour_shows_in_the_next_render(cards: Path) -> None:
    before = load_rules("ultimatch", "en", cards)
    assert "Orange 5" in words(before) and "Tangerine" not in words(before)
    rename_orange(cards, "Tangerine")
    after = load_rules("ultimatch", "en", cards)
    assert "Tangerine 5" in words(after) and "Orange 5" not in words(after)
    # the default card folder is a different document, untouched
    assert "Tangerine" not in words(load_rules("ultimatch", "en"))


def test_broken_card_data_is_an_error_not_fallback_names(cards: Path) -> None:
    (cards / "ultimatch" / "deck.toml").write_text("this is not = = toml", encoding="utf-8")
    with pytest.raises(CatalogueError):
        load_rules("ultimatch", "en", cards)


def test_the_referee_rules_page_reads_its_cards_dir(cards: Path) -> None:
    rename_orange(cards, "Tangerine")
    app = create_app({"TESTING": True, "SECRET_KEY": "k", "CARDS_DIR": str(cards)})
    page = app.test_client().get("/en/rules/ultimatch").get_data(as_text=True)
    assert "Tangerine 5" in page
    (cards / "ultimatch" / "deck.toml").write_text("broken = = =", encoding="utf-8")
    assert app.test_client().get("/en/rules/ultimatch").status_code == 503


def test_a_sheet_draws_from_the_card_data_it_started_with(cards: Path) -> None:
    """A file saved while a sheet is drawn changes the next sheet, not this one's later
    pages: inside ``pinned_catalogue`` every look at the data sees one version."""
    from cardpress.rules import data

    token = data.CARDS.set(cards)
    try:
        with data.pinned_catalogue() as pinned:
            rename_orange(cards, "Tangerine")
            assert data.catalogue() is pinned
            assert data.catalogue().ultimatch.colour("orange").name["en"] == "Orange"
        assert data.catalogue().ultimatch.colour("orange").name["en"] == "Tangerine"
    finally:
        data.CARDS.reset(token)


def test_a_pin_holds_only_for_the_folder_it_was_read_from(cards: Path) -> None:
    from cardpress.rules import data

    rename_orange(cards, "Tangerine")
    with data.pinned_catalogue():  # the default card folder
        token = data.CARDS.set(cards)
        try:
            assert data.catalogue().ultimatch.colour("orange").name["en"] == "Tangerine"
        finally:
            data.CARDS.reset(token)
        assert data.catalogue().ultimatch.colour("orange").name["en"] == "Orange"

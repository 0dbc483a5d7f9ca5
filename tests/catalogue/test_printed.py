"""Card URLs never break: aliases, retired ids and the printed URL scheme."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardpress.catalogue import check_catalogue
from cardpress.catalogue.models import alias_target
from cardpress.urls import CARD_URL_SCHEME, RULES_URL_SCHEME
from tests.conftest import edit


def _errors(cards: Path) -> list[str]:
    return [str(p) for p in check_catalogue(cards)[1].errors]


def test_the_committed_file_records_what_this_version_prints(cards_copy: Path) -> None:
    text = (cards_copy / "printed.toml").read_text(encoding="utf-8")
    assert f'"{CARD_URL_SCHEME}"' in text and f'"{RULES_URL_SCHEME}"' in text
    assert CARD_URL_SCHEME == "/{lang}/c/{deck}/{card}"
    assert _errors(cards_copy) == []


def test_a_renamed_card_keeps_its_old_id_as_an_alias(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "monet.toml", 'id = "m1"', 'id = "monet-1"\naliases = ["m1"]')
    catalogue, problems = check_catalogue(cards_copy)
    assert catalogue is not None, problems.errors
    assert alias_target(catalogue.triptych, "m1") == "monet-1"
    assert alias_target(catalogue.triptych, "m2") is None


@pytest.mark.parametrize(
    ("deck_file", "old", "new", "message"),
    [
        # another card's id as an alias: old prints would open the wrong card
        (
            "triptych/monet.toml",
            'id = "m1"',
            'id = "m1"\naliases = ["m2"]',
            "(an old id of m1)",
        ),
        # the same alias on two cards
        (
            "ultimatch/cards.toml",
            'id = "red-1"',
            'id = "red-1"\naliases = ["r1"]',
            None,
        ),
        ("triptych/monet.toml", 'id = "m1"', 'id = "m1"\naliases = ["M 1"]', "must be at most"),
        ("triptych/monet.toml", 'id = "m1"', 'id = "m1"\naliases = "m0"', "must be a list"),
        ("triptych/monet.toml", 'id = "m1"', 'id = "m1"\naliases = ["m1"]', "own id"),
    ],
)
def test_aliases_are_refused_when_they_could_mislead(
    cards_copy: Path, deck_file: str, old: str, new: str, message: str | None
) -> None:
    path = cards_copy / deck_file
    edit(path, old, new)
    if message is None:  # give a second card the same alias
        edit(path, 'id = "red-2"', 'id = "red-2"\naliases = ["r1"]')
        message = "red-2: aliases: 'r1' is already used in"
    errors = _errors(cards_copy)
    assert any(message in line for line in errors), errors


def test_a_new_card_may_not_take_an_old_cards_alias_as_its_id(cards_copy: Path) -> None:
    edit(cards_copy / "triptych" / "monet.toml", 'id = "m1"', 'id = "m1"\naliases = ["old"]')
    edit(cards_copy / "triptych" / "monet.toml", 'id = "m2"', 'id = "old"')
    errors = _errors(cards_copy)
    assert any("old: id: duplicate id, already used in" in e and "m1" in e for e in errors)


def test_a_retired_id_is_never_reused(cards_copy: Path) -> None:
    edit(cards_copy / "printed.toml", "ultimatch = []", 'ultimatch = ["red-3"]')
    errors = _errors(cards_copy)
    assert any(
        e.endswith(
            "cards.toml: red-3: id: 'red-3' is retired (printed.toml): cards printed "
            "with it belong to another card; choose a new id"
        )
        for e in errors
    ), errors


def test_a_retired_id_is_not_an_alias_either(cards_copy: Path) -> None:
    edit(cards_copy / "printed.toml", "triptych = []", 'triptych = ["x9"]')
    edit(cards_copy / "triptych" / "monet.toml", 'id = "m1"', 'id = "m1"\naliases = ["x9"]')
    errors = _errors(cards_copy)
    assert any("m1: aliases: 'x9' is retired" in e for e in errors), errors


def test_a_changed_url_scheme_is_refused(cards_copy: Path) -> None:
    edit(
        cards_copy / "printed.toml",
        'card_urls = ["/{lang}/c/{deck}/{card}"]',
        'card_urls = ["/cards/{deck}/{card}"]',
    )
    errors = _errors(cards_copy)
    assert any(
        "printed.toml: -: card_urls: this version prints /{lang}/c/{deck}/{card}, but printed "
        "codes open /cards/{deck}/{card}: they would stop working" in e
        for e in errors
    ), errors


def test_the_referee_still_answers_every_recorded_scheme(cards_copy: Path) -> None:
    """A scheme stays recorded while prints carry it, so the referee must route it."""
    import tomllib

    from referee import create_app

    printed = tomllib.loads((cards_copy / "printed.toml").read_text(encoding="utf-8"))
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "CARDS_DIR": str(cards_copy)})
    client = app.test_client()
    for scheme in printed["card_urls"]:
        url = scheme.format(lang="en", deck="triptych", card="m1")
        assert client.get(url).status_code == 200, url
    for scheme in printed["rules_urls"]:
        url = scheme.format(lang="ja", game="finger-auction")
        assert client.get(url).status_code == 200, url


def test_broken_printed_file_is_one_clear_problem(cards_copy: Path) -> None:
    (cards_copy / "printed.toml").write_text("retired = 3\ncolour = 1\n", encoding="utf-8")
    errors = _errors(cards_copy)
    assert any("printed.toml: -: retired: must be a table" in e for e in errors), errors
    assert any("printed.toml: -: colour: unknown field" in e for e in errors), errors

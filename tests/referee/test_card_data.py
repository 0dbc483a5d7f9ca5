"""Card data edited while the server runs: live changes, and clean 503s while broken."""

from __future__ import annotations

import logging
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from cardpress.paths import CARDS
from referee import create_app


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    """A private copy of cards/ that a test may edit."""
    root = tmp_path / "cards"
    shutil.copytree(CARDS, root)
    return root


@pytest.fixture
def app(cards: Path) -> Flask:
    return create_app({"TESTING": True, "SECRET_KEY": "test", "CARDS_DIR": str(cards)})


@pytest.fixture
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as client:
        yield client


def edit(path: Path, old: str, new: str) -> None:
    source = path.read_text(encoding="utf-8")
    assert old in source
    path.write_text(source.replace(old, new, 1), encoding="utf-8")


def break_year(cards: Path) -> str:
    """Make Monet's m1 invalid; returns the problem line it causes."""
    edit(cards / "triptych" / "monet.toml", "year = 1872", 'year = "soon"')
    return "monet.toml: m1: year: must be a whole number, not a string"


def test_an_edit_shows_on_the_next_request(client, cards):
    assert "Impression, Sunrise" in client.get("/en/c/triptych/m1").get_data(as_text=True)
    edit(cards / "triptych" / "monet.toml", '"Impression, Sunrise"', '"Sunrise, Le Havre"')
    body = client.get("/en/c/triptych/m1").get_data(as_text=True)
    assert "Sunrise, Le Havre" in body and "Impression, Sunrise" not in body


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "The card data has errors"), ("ja", "カードデータにエラーがあります")],
)
def test_broken_card_data_is_a_503_page_naming_the_problems(client, cards, lang, title):
    line = break_year(cards)
    for url in (
        f"/{lang}/c/triptych/m1",
        f"/{lang}/c/ultimatch/",
        f"/{lang}/c/eshi100/no-001",
        f"/{lang}/c/triptych/m1.png",
        f"/{lang}/play/ultimatch",
    ):
        r = client.get(url)
        assert r.status_code == 503, url
        body = r.get_data(as_text=True)
        assert r.mimetype == "text/html" and f"<h1>{title}</h1>" in body, url
        assert line in body, url
        assert "monet has 7 paintings" in body  # every problem, not just the first
        assert "Traceback" not in body


def test_a_syntax_error_names_the_file_and_line(client, cards):
    edit(cards / "ultimatch" / "deck.toml", "[", "[[[")
    body = client.get("/en/c/ultimatch/orange-5").get_data(as_text=True)
    assert "ultimatch/deck.toml: -: syntax: not valid TOML" in body
    assert "line " in body


def test_what_needs_no_card_data_keeps_working(client, cards):
    line = break_year(cards)
    home = client.get("/en/")
    assert home.status_code == 200
    body = home.get_data(as_text=True)
    assert line in body and 'href="/en/rules/ultimatch"' in body
    assert 'href="/en/c/triptych/"' not in body  # no deck links while they cannot open
    # a rules page prints names and colours from the card data: no fallback (issue 9)
    assert client.get("/en/rules/finger-auction").status_code == 503
    for url in (
        "/en/rules/",
        "/en/play/",
        "/ja/play/eshi100",
        "/en/play/finger-auction/score",
        "/en/play/gallery-rush",
        "/theme.css",
        "/healthz",
    ):
        assert client.get(url).status_code == 200, url
    # the painter names the form takes from the card data fall back to the translations
    form = client.get("/en/play/finger-auction/score").get_data(as_text=True)
    assert "Van Gogh" in form


def test_card_pictures_are_drawn_again_after_an_edit():
    from referee.cards import PictureCache

    drawn: list[int] = []

    def draw() -> bytes:
        drawn.append(1)
        return b"picture %d" % len(drawn)

    cache = PictureCache(size=2)
    before, after = object(), object()  # two loads of the catalogue
    first = cache.get(before, ("triptych", "m1"), draw)
    assert cache.get(before, ("triptych", "m1"), draw) == first and len(drawn) == 1
    again = cache.get(after, ("triptych", "m1"), draw)
    assert again[0] == b"picture 2" and again[1] != first[1]  # new bytes, new ETag


def test_broken_card_data_is_a_503_json_naming_the_problems(client, cards):
    line = break_year(cards)
    r = client.post(
        "/api/v1/ultimatch/match", json={"target": "orange-5", "cards": ["red-7", "purple-2"]}
    )
    assert r.status_code == 503
    error = r.get_json()["error"]
    assert error["message"] and any(p.endswith(line) for p in error["problems"])
    assert r.headers["Cache-Control"] == "no-store"
    # the scorers that need no card data still answer
    r = client.post("/api/v1/gallery-rush/victory", json={"collection": {"monet": 4}})
    assert r.status_code == 200 and r.get_json()["achieved"] is True


def test_fixing_the_data_brings_the_pages_back(client, cards):
    break_year(cards)
    assert client.get("/en/c/triptych/m1").status_code == 503
    edit(cards / "triptych" / "monet.toml", 'year = "soon"', "year = 1872")
    assert client.get("/en/c/triptych/m1").status_code == 200


def test_the_app_starts_with_broken_card_data_and_warns(cards, caplog):
    line = break_year(cards)
    with caplog.at_level(logging.WARNING):
        app = create_app({"TESTING": True, "SECRET_KEY": "test", "CARDS_DIR": str(cards)})
    assert app.test_client().get("/healthz").status_code == 200
    assert any(line in r.getMessage() for r in caplog.records)


def test_problem_paths_are_relative_to_the_project(monkeypatch, client, cards):
    import referee.catalogue

    monkeypatch.setattr(referee.catalogue, "ROOT", cards.parent)
    break_year(cards)
    body = client.get("/en/c/triptych/m1").get_data(as_text=True)
    assert "<code>cards/triptych/monet.toml: m1: year:" in body
    assert str(cards.parent) not in body


def test_openapi_documents_the_503_where_card_data_is_read(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert "503" in doc["paths"]["/ultimatch/match"]["post"]["responses"]
    assert "503" not in doc["paths"]["/finger-auction/score"]["post"]["responses"]

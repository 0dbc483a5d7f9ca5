"""Each game draws its table in a template of its own, found by its id; a game
with none (the tests' High Card) gets the default panel: its hand, drawn as
cards, above its moves as buttons in its own words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from cardpress.games import GAMES
from tests.referee.tables.conftest import path_of
from tests.sixth_game import high_card
from tests.sixth_game.served import referee_with_high_card

TEMPLATES = Path(__file__).resolve().parents[3] / "templates" / "referee" / "tables"


def test_the_table_templates_name_no_game():
    panels = {g: s.templates / "panel.html" for g, s in GAMES.items() if s.templates}
    for path in [*TEMPLATES.rglob("*.html"), *panels.values()]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"game\s*[!=]=", text), path
    referee = {p.stem for p in (TEMPLATES / "panels").glob("*.html")}
    assert referee == {"default"}, "the referee draws no game's table, only the default one"
    drawn = {g for g, path in panels.items() if path.is_file()} - {high_card.GAME}
    assert drawn == set(GAMES) - {high_card.GAME}, "each game's package ships its panel"


@pytest.fixture
def app(database_urls: dict) -> Iterator[Flask]:
    with referee_with_high_card(database_urls["make"]) as app:
        yield app


def test_a_game_without_a_panel_shows_its_hand_and_its_moves(app: Flask):
    client = app.test_client()
    body = client.post(
        "/api/v1/tables",
        json={"game": high_card.GAME, "players": ["Aki", "Ben"], "seed": 5, "lang": "en"},
    ).get_json()
    hand = high_card.new_game(["Aki", "Ben"], 5).hands[0]
    page = client.get(path_of(body["seats"][0]["url"]))
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    panel = re.search(r'<section class="table-view">(.*?)</section>', html, re.S)
    assert panel, html
    assert "<h2>Your hand</h2>" in panel.group(1)
    shown = re.findall(r'<li class="card" data-card="([^"]+)"', panel.group(1))
    assert shown == [str(c) for c in hand]
    for card in hand:
        assert re.search(
            rf'<button[^>]*value="lay:{card}"[^>]*>.*?Lay {card} face down', html, re.S
        )
    table = client.get(f"/en/tables/{body['table']}")
    assert table.status_code == 200
    watched = table.get_data(as_text=True)
    assert '<section class="table-view">' in watched
    assert "Your hand" not in watched, "a watcher holds no hand"

"""A sixth game, declared in the tests alone, gets what the five have: a live
table through the JSON API, a seat page, a phone tool the index offers, and a
``cardpress simulate`` run; nothing in the referee names it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Blueprint, Flask, render_template_string, request

from cardpress.games import GAMES
from cardpress.games.simulate import run
from tests.referee.tables.conftest import auth, make_app, path_of
from tests.sixth_game import high_card
from tests.sixth_game.served import referee_with_high_card

REFEREE = Path(__file__).resolve().parents[3] / "referee"


@pytest.fixture
def game() -> Iterator[str]:
    high_card.registered()
    yield high_card.GAME
    GAMES.unregister(high_card.GAME)


def _tool() -> Blueprint:
    """The phone tool the game's spec names: who wins a show of laid cards."""
    bp = Blueprint("high_card_tool", __name__)

    @bp.route("/high-card")
    def score() -> str:
        laid = [c for c in request.args.get("laid", "").split(",") if c]
        state = high_card.new_game(len(laid), 0, wins=request.args.get("wins", "high"))
        for seat, card in enumerate(laid):
            state.hands[seat] = [card]
            state.apply(seat, f"lay:{card}")
        won = ", ".join(f"P{w + 1}" for w in state.winners())
        return render_template_string(
            '{% extends "base.html" %}{% block content %}<p class="winner">'
            "{{ won }} won</p>{% endblock %}",
            won=won,
        )

    return bp


@pytest.fixture
def app(game: str, database_urls: dict) -> Iterator[Flask]:
    app = make_app(database_urls["make"]("sqlite"))
    app.register_blueprint(_tool())
    yield app
    ext = app.extensions["cardpress-tables"]
    ext.bus.stop()
    ext.db.dispose()


def test_the_referee_names_no_sixth_game():
    for path in REFEREE.rglob("*.py"):
        assert "high-card" not in path.read_text(), path


def test_a_table_of_the_sixth_game_is_played_through_the_api(app: Flask, game: str):
    client = app.test_client()
    created = client.post(
        "/api/v1/tables",
        json={"game": game, "players": ["Aki", "Ben"], "seed": 3, "options": {"wins": "low"}},
    )
    assert created.status_code == 201, created.get_json()
    body = created.get_json()
    table, seats = body["table"], body["seats"]
    assert body["game"] == game and [s["name"] for s in seats] == ["Aki", "Ben"]
    expected = high_card.new_game(["Aki", "Ben"], 3, wins="low")
    for seat in seats:
        state = client.get(f"/api/v1/tables/{table}", headers=auth(seat["token"])).get_json()
        assert state["view"]["hand"] == expected.hands[seat["seat"]]
        assert state["legal_actions"] == expected.legal_actions(seat["seat"])
        assert state["to_act"] == [0, 1] and not state["terminal"]
    version = body["version"]
    not_held = next(f"lay:{n}" for n in range(1, 11) if f"lay:{n}" not in state["legal_actions"])
    illegal = client.post(
        f"/api/v1/tables/{table}/actions",
        json={"action": not_held, "version": version},
        headers=auth(seats[0]["token"]),
    )
    assert illegal.status_code == 400 and illegal.get_json()["error"]["rule"] == "HC-1"
    for seat in seats:
        action = expected.legal_actions(seat["seat"])[0]
        events = expected.apply(seat["seat"], action)
        moved = client.post(
            f"/api/v1/tables/{table}/actions",
            json={"action": action, "version": version},
            headers=auth(seat["token"]),
        )
        assert moved.status_code == 200, moved.get_json()
        version = moved.get_json()["version"]
        # the engine's rulings reach the phones: the game's own prefix is a rule ID
        said = [(e["kind"], e["rule_ids"]) for e in moved.get_json()["events"]]
        assert said == [(e.kind, list(e.rule_ids)) for e in events], said
        assert said[0] == ("laid", ["HC-1"])
    assert said[-1] == ("game_end", ["HC-2"])
    refused = client.post(
        f"/api/v1/tables/{table}/actions",
        json={"action": "lay:1"},
        headers=auth(seats[0]["token"]),
    )
    assert refused.status_code in (400, 409), refused.get_json()
    final = client.get(f"/api/v1/tables/{table}").get_json()
    assert final["terminal"] and final["winners"] == expected.winners()
    assert final["result"]["winners"] == expected.winners()


def test_the_sixth_game_s_options_are_checked_by_its_spec(app: Flask, game: str):
    client = app.test_client()
    for options, field, words in (
        ({"wins": "middle"}, "options.wins", "wins must be one of high, low"),
        ({"colour": "red"}, "options.colour", "high-card has no option colour; its options: wins"),
        ({"wins": True}, "options.wins", "wins must be text"),
    ):
        answer = client.post(
            "/api/v1/tables",
            json={"game": game, "players": ["Aki", "Ben"], "options": options, "lang": "en"},
            headers={"Accept-Language": "en"},
        )
        assert answer.status_code == 400
        error = answer.get_json()["error"]
        assert error["field"] == field, error
        assert words in error["message"], error
    too_many = client.post(
        "/api/v1/tables", json={"game": game, "players": ["A", "B", "C", "D", "E"]}
    )
    assert too_many.status_code == 400
    assert too_many.get_json()["error"]["field"] == "players"


def test_a_seat_of_the_sixth_game_has_a_page_with_its_moves(app: Flask, game: str):
    client = app.test_client()
    body = client.post(
        "/api/v1/tables", json={"game": game, "players": ["Aki", "Ben"], "seed": 5, "lang": "en"}
    ).get_json()
    hand = high_card.new_game(["Aki", "Ben"], 5).hands[0]
    page = client.get(path_of(body["seats"][0]["url"]))
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "High Card" in html and "Aki" in html
    for card in hand:
        assert f"Lay {card} face down" in html


def test_the_create_page_offers_the_sixth_game_and_its_option(app: Flask, game: str):
    client = app.test_client()
    page = client.get(f"/en/tables/new?game={game}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "High Card" in html
    assert re.search(r'name="wins"', html), "the option is offered"
    assert "Who wins" in html and "the lowest card" in html


def test_the_sixth_game_s_tool_is_offered_and_knows_its_game(app: Flask, game: str):
    client = app.test_client()
    index = client.get("/en/").get_data(as_text=True)
    assert "High Card: who wins" in index
    tool = client.get("/high-card?laid=3,9&wins=high").get_data(as_text=True)
    assert "P2 won" in tool
    assert f'data-playing="{game}"' in tool


def test_the_sixth_game_simulates(game: str):
    report = run(game, 200, seed=1)
    assert report.startswith("High Card (ハイカード) — 200 games, 3 players, seed 1")
    wins = [float(m) for m in re.findall(r"^P\d\s+([\d.]+)", report, re.M)]
    assert len(wins) == 3 and abs(sum(wins) - 200) < 1e-6
    assert "cards laid" in report


@pytest.fixture
def drawn(database_urls: dict) -> Iterator[Flask]:
    """The sixth game as a package that ships its table's panel."""
    with referee_with_high_card(database_urls["make"], panel=True) as app:
        yield app


def _laid(client: Any, url: str) -> list[str]:
    html = client.get(url).get_data(as_text=True)
    panel = re.search(r'<section class="table-view">(.*?)</section>', html, re.S)
    assert panel, html
    return re.findall(r'<li data-seat="\d">([^<]*)</li>', panel.group(1))


def test_the_sixth_game_s_package_draws_its_table(drawn: Flask):
    """Its own panel.html (no referee file names it): who has laid, face down until
    everyone has, then the cards; the caller's hand still drawn as the default does."""
    client = drawn.test_client()
    body = client.post(
        "/api/v1/tables",
        json={"game": high_card.GAME, "players": ["Aki", "Ben"], "seed": 5, "lang": "en"},
    ).get_json()
    aki, ben = (path_of(s["url"]) for s in body["seats"])
    watch = f"/en/tables/{body['table']}"
    assert _laid(client, aki) == ["Aki: not yet", "Ben: not yet"]
    assert "<h2>Your hand</h2>" in client.get(aki).get_data(as_text=True)
    expected = high_card.new_game(["Aki", "Ben"], 5)
    first = expected.legal_actions(0)[0]
    moved = client.post(
        f"/api/v1/tables/{body['table']}/actions",
        json={"action": first},
        headers=auth(body["seats"][0]["token"]),
    )
    assert moved.status_code == 200, moved.get_json()
    assert _laid(client, ben) == ["Aki: face down", "Ben: not yet"]
    assert _laid(client, aki) == [f"Aki: {first[4:]}", "Ben: not yet"]  # one's own card
    last = expected.legal_actions(1)[0]
    client.post(
        f"/api/v1/tables/{body['table']}/actions",
        json={"action": last},
        headers=auth(body["seats"][1]["token"]),
    )
    assert _laid(client, watch) == [f"Aki: {first[4:]}", f"Ben: {last[4:]}"]

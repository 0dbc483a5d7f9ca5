"""Regression tests for the HTML page defects of issue 9 (the phone pages)."""

from __future__ import annotations

import re

import pytest

from tests.referee.conftest import post_form

PAGES = ["/en/", "/en/c/triptych/m1", "/en/rules/finger-auction", "/ja/play/gallery-rush"]


@pytest.mark.parametrize("url", PAGES)
@pytest.mark.parametrize("query", ["endpoint=x", "lang=xx", "_anchor=x", "_method=POST"])
def test_unknown_query_parameters_never_reach_url_for(client, url, query):
    r = client.get(f"{url}?{query}")
    assert r.status_code == 200
    switch = re.findall(r'<a class="lang" href="([^"]+)"', r.get_data(as_text=True))
    assert switch and all("?" not in href for href in switch)


@pytest.mark.parametrize("url", PAGES)
def test_forged_host_is_never_written_into_links(client, url):
    r = client.get(f"{url}?_external=1&_scheme=https", headers={"Host": "evil.example"})
    assert r.status_code == 200
    assert "evil.example" not in r.get_data(as_text=True)


def test_known_query_parameters_survive_the_language_switch(client):
    body = client.get("/en/play/ultimatch?target=orange-5&endpoint=x").get_data(as_text=True)
    assert 'href="/ja/play/ultimatch?target=orange-5"' in body


GR_BAD = [
    ({"monet-0": "3", "discard-monet": "6"}, "Monet — 9 paintings on the table, the deck has 8"),
    ({"monet-1": "abc"}, "Player 2: Monet — enter a whole number from 0 to 8, not “abc”"),
    ({"gogh-0": "3.5"}, "Player 1: Van Gogh — enter a whole number from 0 to 8, not “3.5”"),
    ({"discard-monet": "1e3"}, "Discard pile: Monet — enter a whole number from 0 to 8"),
    ({"discard-vermeer": "0x10"}, "Discard pile: Vermeer — enter a whole number from 0 to 8"),
    ({"discard-forgeries": "-1"}, "Discard pile: Forgeries — enter a whole number from 0 to 3"),
]


@pytest.mark.parametrize(("data", "message"), GR_BAD)
def test_gallery_rush_bad_counts_are_a_sentence_in_the_form(client, data, message):
    body = post_form(client, "/en/play/gallery-rush", {"players": "2", **data})
    error = re.search(r'<div class="error" role="alert">(.*?)</div>', body, re.S)
    assert error and message in error.group(1)
    assert 'id="result"' not in body


def test_gallery_rush_every_card_seen_is_not_an_error(client):
    data = {f"discard-{p}": "8" for p in ("monet", "gogh", "vermeer")}
    data.update({"discard-forgeries": "3", "mona_lisa": "discard", "players": "2"})
    body = post_form(client, "/en/play/gallery-rush", data)
    assert "Every card has been seen" in body


def test_finger_auction_errors_name_the_player_in_their_language(client):
    data = {"players": "3", "name-0": "Aki", "monet-0": "5", "name-2": "Chie", "monet-2": "4"}
    body = post_form(client, "/en/play/finger-auction/score", data)
    assert "Chie: Monet — 9 paintings, the deck has 8" in body
    body = post_form(client, "/ja/play/finger-auction/score", data)
    assert "Chie：モネ — 9枚になりますが、デッキには8枚しかありません" in body
    assert "hands[" not in body
    data = {"players": "2", "name-0": "Aki", "forgery-gogh-0": "on", "forgery-gogh-1": "on"}
    body = post_form(client, "/en/play/finger-auction/score", data)
    assert "Player 2: the deck has one Van Gogh forgery and Aki holds it" in body


def test_auction_form_label_agrees_with_fa4(client):
    body = client.get("/en/play/finger-auction/auction?participants=2").get_data(as_text=True)
    assert "two-player auction" not in body


def test_dark_mode_error_text_contrast(client):
    css = client.get("/static/referee.css").get_data(as_text=True)
    dark = css[css.index("prefers-color-scheme: dark") :]
    bad = re.search(r"--bad:\s*(#[0-9a-f]{6})", dark)
    bg = re.search(r"--bg:\s*(#[0-9a-f]{6})", dark)
    assert bad and bg
    assert contrast(bad.group(1), bg.group(1)) >= 4.5


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_ultimatch_refuses_a_second_card_with_a_colour_but_no_number(client):
    data = {
        "target-colour": "orange",
        "target-number": "5",
        "card1-colour": "red",
        "card1-number": "5",
        "card2-colour": "blue",
        "card2-number": "",
    }
    body = post_form(client, "/en/play/ultimatch", data)
    assert "Your second card: choose both its colour and its number, or neither." in body
    assert 'id="result"' not in body


def test_forms_name_players_as_the_api_does(client):
    # "Å" typed as one character and as A + ring is one name (NFC): a duplicate.
    body = client.get("/en/play/finger-auction/follow?p=%C3%85&p=A%CC%8A&start=1")
    assert "Two players have the same name." in body.get_data(as_text=True)
    # A name that shows nothing (a byte-order mark) is refused, not a player.
    body = client.get("/en/play/finger-auction/follow?p=Aki&p=%EF%BB%BF&start=1")
    assert "a name is at most 40 letters" in body.get_data(as_text=True)
    data = {"players": "2", "name-0": "Aki", "name-1": "Ben\u202e", "monet-0": "1"}
    body = post_form(client, "/en/play/finger-auction/score", data)
    assert "a name is at most 40 letters" in body
    assert "“Ben”: a name is at most 40 letters" in body  # quoted without the override

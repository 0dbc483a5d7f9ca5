"""Phone scorers: server-rendered forms, CSRF, steppers without JavaScript."""

from __future__ import annotations

import re

import pytest

from tests.referee.conftest import csrf_token, post_form

SCORERS = [
    "/{lang}/play/",
    "/{lang}/play/finger-auction/score",
    "/{lang}/play/finger-auction/auction",
    "/{lang}/play/gallery-rush",
    "/{lang}/play/ultimatch",
    "/{lang}/play/eshi100",
]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("url", SCORERS)
def test_scorer_pages_render(client, url, lang):
    r = client.get(url.format(lang=lang))
    assert r.status_code == 200
    assert f'<html lang="{lang}">' in r.get_data(as_text=True)


def test_post_without_csrf_token_is_refused(client):
    r = client.post("/en/play/finger-auction/score", data={"players": "2"})
    assert r.status_code == 400
    assert "The form expired" in r.get_data(as_text=True)


def test_finger_auction_scoring(client):
    body = post_form(
        client,
        "/en/play/finger-auction/score",
        {
            "players": "3",
            "name-0": "Aki",
            "monet-0": "4",
            "gogh-0": "2",
            "vermeer-0": "1",
            "forgery-vermeer-0": "on",
            "mona_lisa": "0",
            "name-1": "Ben",
            "monet-1": "1",
            "name-2": "Cho",
            "gogh-2": "3",
        },
    )
    assert 'id="result"' in body
    assert 'data-score="22"' in body
    assert "Winner: Aki" in body
    for rule in ("FA-5", "FA-6"):
        assert f'href="/en/rules/finger-auction#{rule}"' in body


def test_finger_auction_scoring_errors_are_shown_in_the_language(client):
    body = post_form(
        client, "/ja/play/finger-auction/score", {"players": "2", "monet-0": "5", "monet-1": "4"}
    )
    assert 'role="alert"' in body
    assert "デッキには8枚しかありません" in body
    assert 'id="result"' not in body


def test_stepper_without_javascript(client):
    url = "/en/play/finger-auction/score"
    token = csrf_token(client, url)
    r = client.post(
        url, data={"csrf_token": token, "players": "3", "monet-1": "2", "step": "monet-1:+1"}
    )
    body = r.get_data(as_text=True)
    assert re.search(r'id="f-monet-1"[^>]*value="3"', body)
    assert 'id="result"' not in body  # a step is not a check
    r = client.post(
        url, data={"csrf_token": token, "players": "3", "monet-1": "8", "step": "monet-1:+1"}
    )
    assert re.search(r'id="f-monet-1"[^>]*value="8"', r.get_data(as_text=True))  # clamped
    r = client.post(url, data={"csrf_token": token, "players": "3", "step": "players:2"})
    body = r.get_data(as_text=True)
    assert 'data-hand="1"' in body and 'data-hand="2"' not in body


def test_auction_three_participants(client):
    body = post_form(
        client,
        "/en/play/finger-auction/auction",
        {
            "participants": "3",
            "field": "7",
            "name-0": "A",
            "name-1": "B",
            "name-2": "C",
            "bid-0": "2",
            "bid-1": "2",
            "bid-2": "3",
        },
    )
    assert "C takes 3 cards" in body
    assert 'href="/en/rules/finger-auction#FA-1"' in body


def test_auction_two_hands_and_repeat(client):
    body = post_form(
        client,
        "/en/play/finger-auction/auction",
        {
            "participants": "2",
            "field": "7",
            "name-0": "A",
            "name-1": "B",
            "right-0": "3",
            "left-0": "3",
            "right-1": "3",
            "left-1": "4",
            "prev-0": "2",
        },
    )
    assert "A takes 3 cards" in body and "B takes 4 cards" in body
    assert 'href="/en/rules/finger-auction#FA-3"' in body
    body = post_form(
        client,
        "/en/play/finger-auction/auction",
        {
            "participants": "2",
            "field": "7",
            "name-0": "A",
            "name-1": "B",
            "right-0": "2",
            "left-0": "3",
            "right-1": "3",
            "left-1": "4",
            "prev-0": "2",
        },
    )
    assert 'role="alert"' in body and "A: the right hand may not show 2 again" in body
    assert "bids" not in body


def test_auction_rebid(client):
    body = post_form(
        client,
        "/ja/play/finger-auction/auction",
        {"participants": "3", "bid-0": "2", "bid-1": "2", "bid-2": "2"},
    )
    assert "全員で再宣言します" in body


def test_gallery_rush_table_ranks_and_gives_odds(client):
    body = post_form(
        client,
        "/en/play/gallery-rush",
        {
            "players": "3",
            "name-0": "Aki",
            "monet-0": "3",
            "gogh-0": "1",
            "mona_lisa": "0",
            "name-1": "Ben",
            "vermeer-1": "4",
            "name-2": "Chie",
            "gogh-2": "2",
            "keep-gogh": "on",
        },
    )
    rows = re.findall(r'<tr[^>]*data-player="(\d)">.*?data-rank="(\d*)"', body, re.S)
    assert rows == [("0", "1"), ("1", "2"), ("2", "")]  # GR-3: 5 cards before 4
    assert "finish the round" in body  # GR-1
    assert 'data-odds="bust"' in body
    for rule in ("GR-1", "GR-3", "GR-4"):
        assert f'href="/en/rules/gallery-rush#{rule}"' in body


def test_gallery_rush_equal_collections_share_a_rank(client):
    body = post_form(
        client,
        "/en/play/gallery-rush",
        {"players": "2", "monet-0": "4", "gogh-1": "4"},
    )
    assert re.findall(r'data-rank="(\d*)"', body) == ["1", "1"]


def test_gallery_rush_mona_lisa_nomination_wins_alone(client):
    body = post_form(
        client, "/en/play/gallery-rush", {"players": "2", "name-1": "Ben", "mona_win": "1"}
    )
    assert "Ben wins alone" in body
    assert 'href="/en/rules/gallery-rush#GR-9"' in body


def test_ultimatch_checker(client):
    page = client.get("/en/play/ultimatch?target=orange-5").get_data(as_text=True)
    assert re.search(r'<option value="orange" selected>', page)
    body = post_form(
        client,
        "/en/play/ultimatch",
        {
            "target-colour": "orange",
            "target-number": "5",
            "card1-colour": "red",
            "card1-number": "2",
            "card2-colour": "yellow",
            "card2-number": "3",
        },
    )
    assert "Ultimatch!" in body
    assert 'href="/en/rules/ultimatch#UM-4"' in body
    body = post_form(
        client,
        "/en/play/ultimatch",
        {
            "target-colour": "orange",
            "target-number": "5",
            "card1-colour": "blue",
            "card1-number": "1",
            "card2-colour": "",
            "card2-number": "",
        },
    )
    assert "No match." in body


def test_eshi100_settlement(client):
    body = post_form(
        client,
        "/en/play/eshi100",
        {"icons-ume": "3", "icons-sakura-kikyo": "1", "warehouse": "2", "adjustments": "1"},
    )
    # 4 cards + same-icon 3 - 2 + 1 = 6
    assert "Score: 6" in body
    assert 'href="/en/rules/eshi100#ES-1"' in body or 'href="/en/rules/eshi100#ES-2"' in body


def test_eshi100_bad_number(client):
    body = post_form(client, "/en/play/eshi100", {"icons-ume": "lots"})
    assert 'role="alert"' in body


def test_forms_are_big_enough_to_tap(client):
    css = client.get("/static/referee.css").get_data(as_text=True)
    assert "--tap: 48px" in css
    assert re.search(r"\.step \{[^}]*width: 56px; height: 56px", css)

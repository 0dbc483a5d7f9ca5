"""What the published schema accepts is accepted, what it refuses is refused.

Regression tests for the cases found by fuzzing the API from its own document
(issue 9); the fuzzing itself is tests/referee/test_fuzz.py.
"""

from __future__ import annotations

import io
import json

import pytest

API = "/api/v1"


def error_of(response, status):
    assert response.status_code == status, response.get_data(as_text=True)
    return response.get_json()["error"]


def test_a_whole_number_written_as_a_float_is_an_integer(client):
    r = client.post(API + "/gallery-rush/victory", json={"collection": {"monet": 4.0}})
    assert r.status_code == 200
    assert r.get_json()["conditions"] == ["four_of_a_painter"]
    r = client.post(
        API + "/finger-auction/auction", json={"field": 7.0, "bids": {"A": 1.0, "B": 2, "C": 2}}
    )
    assert r.get_json()["awards"] == [{"player": "A", "cards": 1}]


@pytest.mark.parametrize("value", [4.5, "4", True, None])
def test_what_is_not_an_integer_is_refused(client, value):
    r = client.post(API + "/gallery-rush/victory", json={"collection": {"monet": value}})
    assert error_of(r, 400)["field"] == "collection.monet"


def test_a_card_id_with_spaces_or_capitals_is_refused_as_the_schema_says(client):
    for target in (" orange-5 ", "Orange-5"):
        r = client.post(API + "/ultimatch/match", json={"target": target, "cards": ["red-7"]})
        assert error_of(r, 400)["field"] == "target"


def test_previous_right_null_is_refused_and_absent_is_fine(client):
    bids = {"A": {"right": 3, "left": 3}, "B": {"right": 3, "left": 4}}
    r = client.post(
        API + "/finger-auction/auction", json={"field": 7, "bids": bids, "previous_right": None}
    )
    assert error_of(r, 400)["field"] == "previous_right"
    r = client.post(API + "/finger-auction/auction", json={"field": 7, "bids": bids})
    assert r.status_code == 200


def test_finger_auction_field_and_participants(client):
    r = client.post(
        API + "/finger-auction/auction", json={"field": 8, "bids": {"A": 1, "B": 2, "C": 3}}
    )
    assert error_of(r, 400)["field"] == "field"
    r = client.post(API + "/finger-auction/auction", json={"field": 7, "bids": {"A": 1}})
    assert error_of(r, 400)["field"] == "bids"


def test_options_advertises_only_the_declared_method(client):
    r = client.open(API + "/finger-auction/score", method="OPTIONS")
    assert set(r.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}
    r = client.get(API + "/finger-auction/score")
    assert r.status_code == 405
    assert "GET" not in r.headers["Allow"]


def test_a_chunked_body_over_the_limit_is_413(client):
    body = json.dumps({"hands": [{"name": "A" * 70_000}]}).encode()
    r = client.post(
        API + "/finger-auction/score",
        input_stream=io.BytesIO(body),
        headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert r.status_code == 413
    assert "message" in r.get_json()["error"]
    # a chunked body under the limit still works
    small = json.dumps({"collection": {"monet": 1}}).encode()
    r = client.post(
        API + "/gallery-rush/victory",
        input_stream=io.BytesIO(small),
        headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert r.status_code == 200


@pytest.mark.parametrize(
    "name",
    ["\ufeff", "\u200b\u200b", " \u3000 ", "A\u202eB", "A\x07", "\u2066Aki\u2069", ""],
)
def test_unusable_player_names_are_refused(client, name):
    r = client.post(API + "/finger-auction/score", json={"hands": [{"name": name}, {"name": "B"}]})
    assert error_of(r, 400)["field"] == "hands[0].name"


def test_lone_surrogates_are_refused(client):
    raw = b'{"hands": [{"name": "\\ud800"}, {"name": "B"}]}'
    r = client.post(API + "/finger-auction/score", data=raw, content_type="application/json")
    assert error_of(r, 400)["field"] == "body"


def test_names_are_trimmed_and_nfc_normalised(client):
    r = client.post(
        API + "/finger-auction/score",
        json={"hands": [{"name": " A\u030ako "}, {"name": "B"}]},
    )
    assert r.get_json()["results"][0]["name"] == "\u00c5ko"
    r = client.post(
        API + "/finger-auction/score",
        json={"hands": [{"name": "\u00c5ko"}, {"name": "A\u030ako"}]},
    )
    assert error_of(r, 400)["field"] == "hands[1].name"
    r = client.post(
        API + "/finger-auction/auction",
        json={"field": 7, "bids": {"\u00c5": 1, "A\u030a": 2, "C": 3}},
    )
    assert error_of(r, 400)["field"] == "bids"


def test_errors_speak_the_callers_language(client):
    body = {"collection": {"monet": 9}}
    en = error_of(client.post(API + "/gallery-rush/victory", json=body), 400)["message"]
    ja = error_of(
        client.post(API + "/gallery-rush/victory", json=body, headers={"Accept-Language": "ja"}),
        400,
    )["message"]
    assert en == "collection.monet must be between 0 and 8, not 9"
    assert ja != en and "collection.monet" in ja and "0〜8" in ja


def test_previous_right_is_described_as_fa4_says(client):
    doc = client.get(API + "/openapi.json").get_json()
    text = doc["components"]["schemas"]["FingerAuctionAuctionRequest"]["properties"][
        "previous_right"
    ]["description"]
    assert "round" in text and "two participants" in text and "re-bids included" in text

"""The JSON API: contract shapes, every error case, never a 500."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

API = "/api/v1"


def post(client, path, body):
    return client.post(API + path, json=body)


def assert_error(response, status, field):
    assert response.status_code == status, response.get_json()
    body = response.get_json()
    assert set(body) == {"error"}
    assert isinstance(body["error"]["message"], str) and body["error"]["message"]
    if field is not None:
        assert body["error"]["field"] == field, body
    return body["error"]


# --------------------------------------------------------------------------- contracts


def test_finger_auction_score_contract(client):
    r = post(
        client,
        "/finger-auction/score",
        {
            "players": 3,
            "hands": [
                {
                    "name": "Aki",
                    "monet": 4,
                    "gogh": 2,
                    "vermeer": 1,
                    "forgeries": ["vermeer"],
                    "mona_lisa": True,
                }
            ],
        },
    )
    assert r.status_code == 200
    assert r.get_json() == {
        "results": [
            {
                "name": "Aki",
                "score": 22,
                "cards": 9,
                "mona_lisa_as": "monet",
                "painters": {"monet": 16, "gogh": 6, "vermeer": 0},
            }
        ],
        "winners": ["Aki"],
    }
    assert list(r.get_json()["results"][0]) == [
        "name",
        "score",
        "cards",
        "mona_lisa_as",
        "painters",
    ]


def test_finger_auction_score_players_default_to_hands_and_ties(client):
    r = post(
        client,
        "/finger-auction/score",
        {"hands": [{"name": "A", "gogh": 2}, {"name": "B", "gogh": 2}]},
    )
    body = r.get_json()
    assert r.status_code == 200
    assert body["winners"] == ["A", "B"]  # FA-7: same score, same cards -> shared
    assert body["results"][0]["mona_lisa_as"] is None


def test_finger_auction_score_fewer_cards_wins_a_tie(client):
    # vermeer 3 scores 0 but a forgery drops it to 2 (FA-6): compare totals
    r = post(
        client,
        "/finger-auction/score",
        {
            "players": 2,
            "hands": [
                {"name": "A", "vermeer": 3, "forgeries": ["vermeer"]},
                {"name": "B", "vermeer": 2},
            ],
        },
    )
    body = r.get_json()
    assert body["results"][0]["score"] == body["results"][1]["score"]
    assert body["winners"] == ["B"]


def test_finger_auction_auction_contract(client):
    r = post(
        client,
        "/finger-auction/auction",
        {
            "field": 7,
            "bids": {"A": {"right": 3, "left": 3}, "B": {"right": 3, "left": 4}},
            "previous_right": {"A": 2},
        },
    )
    assert r.status_code == 200
    assert r.get_json() == {
        "outcome": "won",
        "awards": [{"player": "A", "cards": 3}, {"player": "B", "cards": 4}],
        "rulings": ["FA-3", "FA-2"],
    }


def test_finger_auction_auction_rebid_and_strict(client):
    r = post(client, "/finger-auction/auction", {"field": 7, "bids": {"A": 1, "B": 2, "C": 2}})
    assert r.get_json()["outcome"] == "won"
    r = post(
        client,
        "/finger-auction/auction",
        {"field": 7, "bids": {"A": 1, "B": 2, "C": 2}, "variant": "strict"},
    )
    assert r.get_json() == {"outcome": "rebid", "rulings": ["FA-1"]}
    r = post(
        client,
        "/finger-auction/auction",
        {"field": 7, "bids": {"A": {"right": 2, "left": 2}, "B": {"right": 2, "left": 2}}},
    )
    assert r.get_json() == {"outcome": "rebid", "rulings": ["FA-3"]}


def test_finger_auction_single_participant_is_not_an_auction(client):
    # FA-2: a single participant takes the rest without bidding; the schema says minProperties 2
    r = post(client, "/finger-auction/auction", {"field": 4, "bids": {"Solo": 3}})
    assert_error(r, 400, "bids")


def test_ultimatch_contract(client):
    r = post(client, "/ultimatch/match", {"target": "orange-5", "cards": ["red-7", "purple-2"]})
    assert r.get_json() == {
        "match": True,
        "ultimatch": False,
        "by": ["number"],
        "rulings": ["UM-3"],
    }
    r = post(client, "/ultimatch/match", {"target": "orange-5", "cards": ["orange-1"]})
    assert r.get_json() == {
        "match": True,
        "ultimatch": False,
        "by": ["colour"],
        "rulings": ["UM-2"],
    }


def test_eshi100_contract(client):
    r = post(
        client,
        "/eshi100/score",
        {
            "collection": [{"icons": ["ume"]}, {"icons": ["sakura", "kikyo"]}],
            "warehouse": [{"bid": 2}],
            "adjustments": [1],
        },
    )
    assert r.status_code == 200
    assert r.get_json() == {
        "score": 1,
        "cards": 2,
        "same_icon_bonus": 0,
        "different_icon_bonus": 0,
        "warehouse": -2,
        "adjustments": 1,
    }


def test_eshi100_bonuses(client):
    r = post(client, "/eshi100/score", {"collection": [{"icons": ["ume"]}] * 3})
    body = r.get_json()
    assert body["same_icon_bonus"] == 3 and body["score"] == 6


def test_gallery_rush_contract(client):
    r = post(
        client,
        "/gallery-rush/victory",
        {"collection": {"monet": 3, "gogh": 1, "vermeer": 0, "mona_lisa": True}},
    )
    assert r.get_json() == {"achieved": True, "conditions": ["four_of_a_painter"], "cards": 5}
    r = post(client, "/gallery-rush/victory", {"collection": {"monet": 3, "gogh": 2}})
    assert r.get_json() == {"achieved": False, "conditions": [], "cards": 5}


def test_gallery_rush_odds(client):
    r = post(client, "/gallery-rush/odds", {"keep": ["monet", "gogh"]})
    body = r.get_json()
    assert r.status_code == 200
    assert body["unseen"] == 26
    assert body["bust"] == round(14 / 26, 4)


# --------------------------------------------------------------------------- errors

ERRORS = [
    # (path, body, status, field)
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "monet": 9}, {"name": "B"}]},
        400,
        "hands[0].monet",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "monet": 5}, {"name": "B", "monet": 4}]},
        400,
        "hands[1].monet",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "mona_lisa": True}, {"name": "B", "mona_lisa": True}]},
        400,
        "hands[1].mona_lisa",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "forgeries": ["gogh"]}, {"name": "B", "forgeries": ["gogh"]}]},
        400,
        "hands[1].forgeries[0]",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "forgeries": ["gogh", "gogh"]}, {"name": "B"}]},
        400,
        "hands[0].forgeries[1]",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "forgeries": ["picasso"]}, {"name": "B"}]},
        400,
        "hands[0].forgeries[0]",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "monet": True}, {"name": "B"}]},
        400,
        "hands[0].monet",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "monet": 1.5}, {"name": "B"}]},
        400,
        "hands[0].monet",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "monet": "3"}, {"name": "B"}]},
        400,
        "hands[0].monet",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "monet": -1}, {"name": "B"}]},
        400,
        "hands[0].monet",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "mona_lisa": 1}, {"name": "B"}]},
        400,
        "hands[0].mona_lisa",
    ),
    (
        "/finger-auction/score",
        {"hands": [{"name": "A", "picasso": 1}, {"name": "B"}]},
        400,
        "hands[0].picasso",
    ),
    ("/finger-auction/score", {"hands": [{"name": "A"}, {"name": "A"}]}, 400, "hands[1].name"),
    ("/finger-auction/score", {"hands": [{"name": ""}, {"name": "B"}]}, 400, "hands[0].name"),
    ("/finger-auction/score", {"hands": [{"name": 7}, {"name": "B"}]}, 400, "hands[0].name"),
    ("/finger-auction/score", {"hands": [{"name": "A"}]}, 400, "players"),
    ("/finger-auction/score", {"players": 5, "hands": [{"name": "A"}]}, 400, "players"),
    ("/finger-auction/score", {"players": True, "hands": [{"name": "A"}]}, 400, "players"),
    ("/finger-auction/score", {"players": 2, "hands": [{}, {}, {}]}, 400, "hands"),
    ("/finger-auction/score", {"hands": []}, 400, "hands"),
    ("/finger-auction/score", {"hands": [{}] * 5}, 400, "hands"),
    ("/finger-auction/score", {"hands": {"A": {}}}, 400, "hands"),
    ("/finger-auction/score", {"hands": [3, {}]}, 400, "hands[0]"),
    ("/finger-auction/score", {}, 400, "hands"),
    ("/finger-auction/score", {"hands": [{}, {}], "extra": 1}, 400, "extra"),
    ("/finger-auction/score", [], 400, "body"),
    ("/finger-auction/auction", {"field": 7, "bids": {"A": 6, "B": 2, "C": 1}}, 400, "bids.A"),
    ("/finger-auction/auction", {"field": 7, "bids": {"A": 0, "B": 2, "C": 1}}, 400, "bids.A"),
    ("/finger-auction/auction", {"field": 7, "bids": {"A": True, "B": 2, "C": 1}}, 400, "bids.A"),
    ("/finger-auction/auction", {"field": 7, "bids": {"A": 2, "B": 3}}, 400, "bids.A"),
    (
        "/finger-auction/auction",
        {"field": 7, "bids": {"A": {"right": 2}, "B": {"right": 3, "left": 1}}},
        400,
        "bids.A.left",
    ),
    (
        "/finger-auction/auction",
        {"field": 7, "bids": {"A": {"right": 2, "left": 6}, "B": {"right": 3, "left": 1}}},
        400,
        "bids.A.left",
    ),
    (
        "/finger-auction/auction",
        {"field": 7, "bids": {"A": {"right": 2, "left": 1}, "B": {"right": 3, "left": 1}, "C": 2}},
        400,
        "bids.A",
    ),
    (
        "/finger-auction/auction",
        {
            "field": 7,
            "bids": {"A": {"right": 2, "left": 3}, "B": {"right": 3, "left": 4}},
            "previous_right": {"A": 2},
        },
        400,
        "bids.A",
    ),
    (
        "/finger-auction/auction",
        {
            "field": 7,
            "bids": {"A": {"right": 2, "left": 3}, "B": {"right": 3, "left": 4}},
            "previous_right": {"Z": 2},
        },
        400,
        "previous_right.Z",
    ),
    ("/finger-auction/auction", {"field": 7, "bids": {}}, 400, "bids"),
    (
        "/finger-auction/auction",
        {"field": 7, "bids": {"A": 1, "B": 2, "C": 3, "D": 4, "E": 5}},
        400,
        "bids",
    ),
    ("/finger-auction/auction", {"field": 0, "bids": {"A": 1}}, 400, "field"),
    ("/finger-auction/auction", {"field": 29, "bids": {"A": 1}}, 400, "field"),
    ("/finger-auction/auction", {"field": "7", "bids": {"A": 1}}, 400, "field"),
    ("/finger-auction/auction", {"bids": {"A": 1}}, 400, "field"),
    ("/finger-auction/auction", {"field": 7, "bids": [1, 2]}, 400, "bids"),
    (
        "/finger-auction/auction",
        {"field": 7, "bids": {"A": 1, "B": 1, "C": 2}, "variant": "loose"},
        400,
        "variant",
    ),
    ("/finger-auction/auction", {"field": 7, "bids": {" A": 1, "A": 1, "C": 2}}, 400, "bids"),
    ("/finger-auction/auction", {"field": 8, "bids": {"A": 1, "B": 1, "C": 2}}, 400, "field"),
    ("/ultimatch/match", {"target": "orange-5", "cards": ["pink-3"]}, 400, "cards[0]"),
    ("/ultimatch/match", {"target": "orange-99", "cards": ["red-3"]}, 400, "target"),
    ("/ultimatch/match", {"target": "orange-5", "cards": ["red-2", "red-2"]}, 400, "cards[1]"),
    ("/ultimatch/match", {"target": "orange-5", "cards": ["orange-5"]}, 400, "cards[0]"),
    ("/ultimatch/match", {"target": "orange-5", "cards": []}, 400, "cards"),
    (
        "/ultimatch/match",
        {"target": "orange-5", "cards": ["red-1", "red-2", "red-3"]},
        400,
        "cards",
    ),
    ("/ultimatch/match", {"target": 5, "cards": ["red-1"]}, 400, "target"),
    ("/ultimatch/match", {"target": "orange-5", "cards": "red-1"}, 400, "cards"),
    ("/ultimatch/match", {"target": "orange-5"}, 400, "cards"),
    ("/eshi100/score", {"collection": [{"icons": ["rose"]}]}, 400, "collection[0].icons[0]"),
    ("/eshi100/score", {"collection": [{"icons": []}]}, 400, "collection[0].icons"),
    ("/eshi100/score", {"collection": [{"icons": ["ume", "ume"]}]}, 400, "collection[0].icons[1]"),
    ("/eshi100/score", {"collection": [{"icons": ["ume"], "bid": 1}]}, 400, "collection[0].bid"),
    ("/eshi100/score", {"collection": [{"icons": ["ume"]}] * 41}, 400, "collection"),
    (
        "/eshi100/score",
        {"collection": [{"icons": ["ume"]}] * 30, "warehouse": [{"bid": 1}] * 11},
        400,
        "warehouse",
    ),
    ("/eshi100/score", {"collection": [], "warehouse": [{"bid": -1}]}, 400, "warehouse[0].bid"),
    ("/eshi100/score", {"collection": [], "warehouse": [{"bid": False}]}, 400, "warehouse[0].bid"),
    ("/eshi100/score", {"collection": [], "adjustments": [1.5]}, 400, "adjustments[0]"),
    ("/eshi100/score", {"collection": [], "adjustments": 1}, 400, "adjustments"),
    ("/eshi100/score", {}, 400, "collection"),
    ("/gallery-rush/victory", {"collection": {"monet": 9}}, 400, "collection.monet"),
    ("/gallery-rush/victory", {"collection": {"forgeries": 1}}, 400, "collection.forgeries"),
    ("/gallery-rush/victory", {"collection": {"mona_lisa": "yes"}}, 400, "collection.mona_lisa"),
    ("/gallery-rush/victory", {"collection": [3, 1, 0]}, 400, "collection"),
    ("/gallery-rush/victory", {}, 400, "collection"),
    ("/gallery-rush/odds", {"keep": ["monet", "monet"]}, 400, "keep[1]"),
    ("/gallery-rush/odds", {"keep": ["gogh"], "seen": {"gogh": 8}}, 400, "seen.gogh"),
    ("/gallery-rush/odds", {"seen_forgeries": 4}, 400, "seen_forgeries"),
    (
        "/gallery-rush/odds",
        {
            "seen": {"monet": 8, "gogh": 8, "vermeer": 8},
            "seen_forgeries": 3,
            "mona_lisa_seen": True,
        },
        400,
        "seen",
    ),
]


@pytest.mark.parametrize(
    ("path", "body", "status", "field"), ERRORS, ids=[f"{p}:{f}" for p, _, _, f in ERRORS]
)
def test_validation_errors(client, path, body, status, field):
    error = assert_error(post(client, path, body), status, field)
    assert field.split("[")[0].split(".")[0] in error["message"] or field == "body"


def test_illegal_bid_names_the_player(client):
    r = post(
        client,
        "/finger-auction/auction",
        {
            "field": 7,
            "bids": {"A": {"right": 2, "left": 3}, "B": {"right": 3, "left": 4}},
            "previous_right": {"A": 2},
        },
    )
    error = assert_error(r, 400, "bids.A")
    assert error["player"] == "A"
    r = post(client, "/finger-auction/auction", {"field": 7, "bids": {"A": 1, "B": 9, "C": 2}})
    assert assert_error(r, 400, "bids.B")["player"] == "B"


RAW_BODIES = [
    (b"", "application/json", 400),
    (b"{", "application/json", 400),
    (b"not json", "application/json", 400),
    (b'{"hands": NaN}', "application/json", 400),
    (b'{"hands": [], "hands": []}', "application/json", 400),
    (b"\xff\xfe{}", "application/json", 400),
    (b"[" * 5000 + b"]" * 5000, "application/json", 400),
    (b'{"players": ' + b"9" * 5000 + b"}", "application/json", 400),
    (b'{"hands": []}', "text/plain", 415),
    (b"hands=1", "application/x-www-form-urlencoded", 415),
]


@pytest.mark.parametrize(("raw", "ctype", "status"), RAW_BODIES)
def test_malformed_bodies(client, raw, ctype, status):
    r = client.post(API + "/finger-auction/score", data=raw, content_type=ctype)
    error = assert_error(r, status, None)
    assert error["field"] in {"body", "Content-Type"}


def test_no_content_type(client):
    r = client.post(API + "/finger-auction/score", data=b'{"hands": []}')
    assert_error(r, 415, "Content-Type")


def test_too_large_is_413_json(client):
    big = json.dumps({"hands": [{"name": "x" * 70000}]})
    r = client.post(API + "/finger-auction/score", data=big, content_type="application/json")
    assert_error(r, 413, None)


def test_unknown_api_path_is_404_json(client):
    assert_error(client.post(API + "/chess/score", json={}), 404, None)
    assert_error(client.get("/api/v2/anything"), 404, None)


def test_wrong_method_is_405_json(client):
    r = client.get(API + "/finger-auction/score")
    assert_error(r, 405, None)
    assert "POST" in r.headers["Allow"]
    assert_error(client.delete(API + "/openapi.json"), 405, None)


def test_api_needs_no_csrf_and_sets_no_cookie(client):
    r = post(client, "/gallery-rush/victory", {"collection": {}})
    assert r.status_code == 200
    assert "Set-Cookie" not in r.headers
    assert r.headers["Cache-Control"] == "no-store"


# --------------------------------------------------------------------------- fuzz

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 40)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(
        ["monet", "gogh", "vermeer", "ume", "orange-5", "red-2", "yellow-3", "kikyo", "A"]
    ),
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(
            st.sampled_from(
                [
                    "players",
                    "hands",
                    "name",
                    "monet",
                    "gogh",
                    "vermeer",
                    "forgeries",
                    "mona_lisa",
                    "field",
                    "bids",
                    "A",
                    "B",
                    "C",
                    "right",
                    "left",
                    "previous_right",
                    "variant",
                    "target",
                    "cards",
                    "collection",
                    "icons",
                    "warehouse",
                    "bid",
                    "adjustments",
                    "keep",
                    "seen",
                ]
            ),
            children,
            max_size=6,
        )
    ),
    max_leaves=20,
)
PATHS = [
    "/finger-auction/score",
    "/finger-auction/auction",
    "/ultimatch/match",
    "/eshi100/score",
    "/gallery-rush/victory",
    "/gallery-rush/odds",
]


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(path=st.sampled_from(PATHS), body=json_values)
def test_fuzz_never_500(client, path, body):
    r = client.post(API + path, data=json.dumps(body), content_type="application/json")
    assert r.status_code in (200, 400), (path, body, r.get_json())
    if r.status_code == 400:
        assert r.get_json()["error"]["message"]
        assert "field" in r.get_json()["error"]

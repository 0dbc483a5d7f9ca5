"""The /api/v1/tables contract, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re

from sqlalchemy import text

from cardpress.games import GAMES, replay
from cardpress.players import MAX_NAME
from referee.tables import service
from referee.tables.repositories import repository
from tests.referee.tables.conftest import auth, create_table, logged


def test_create_answers_links_per_seat_and_none_for_bots(api):
    body = create_table(api, bots=[2], lang="en")
    assert body["game"] == "finger-auction"
    assert [s["name"] for s in body["seats"]] == ["Aki", "Ben", "Chi"]
    humans = [s for s in body["seats"] if not s["bot"]]
    assert len(humans) == 2 and "token" not in body["seats"][2]
    tokens = [body["host"]["token"], *(s["token"] for s in humans)]
    assert len(set(tokens)) == 3
    for token in tokens:  # >= 128 random bits, URL-safe
        assert len(token) >= 32
    assert body["host"]["url"].endswith(f"/en/tables/{body['table']}/{body['host']['token']}")
    # the bot already bid: version moved and it is the people's turn
    state = api.get(f"/api/v1/tables/{body['table']}").get_json()
    assert body["version"] == 1 == state["version"]
    assert state["to_act"] == [0, 1]


def test_tokens_are_stored_only_as_hashes(api, tables_app):
    body = create_table(api)
    db = tables_app.extensions["cardpress-tables"].db
    with db.engine.connect() as conn:
        dump = json.dumps(
            [
                list(map(str, row))
                for t in ("game_tables", "seats")
                for row in conn.exec_driver_sql(f"SELECT * FROM {t}")
            ]
        )
    for token in [body["host"]["token"], *(s["token"] for s in body["seats"])]:
        assert token not in dump


def test_each_seat_sees_its_own_view_spectators_the_public_one(api):
    body = create_table(api, game="detective-eye", players=["Aki", "Ben", "Chi"])
    table = body["table"]
    full = replay(
        {
            "game": "detective-eye",
            "players": ["Aki", "Ben", "Chi"],
            "seed": 7,
            "options": {},
            "actions": [],
        }
    )
    for seat in body["seats"]:
        got = api.get(f"/api/v1/tables/{table}", headers=auth(seat["token"])).get_json()
        assert got["seat"] == seat["seat"]
        assert got["view"] == full.view(seat["seat"])
        assert got["legal_actions"] == full.legal_actions(seat["seat"])
    for token in (None, body["host"]["token"]):
        got = api.get(f"/api/v1/tables/{table}", headers=auth(token)).get_json()
        assert got["seat"] is None and got["legal_actions"] == []
        assert got["view"] == full.view(None)


def test_actions_version_conflicts_and_illegal_moves(api):
    body = create_table(api)
    table, (aki, ben, chi) = body["table"], (s["token"] for s in body["seats"])
    url = f"/api/v1/tables/{table}/actions"
    ok = api.post(url, json={"action": "bid:3", "version": 0}, headers=auth(aki))
    assert ok.status_code == 200 and ok.get_json()["version"] == 1
    assert ok.get_json()["view"]["bids"][0] == "bid:3"
    # Ben tapped on version 0 too: a simultaneous bid is applied all the same
    late = api.post(url, json={"action": "bid:2", "version": 0}, headers=auth(ben))
    assert late.status_code == 200 and late.get_json()["version"] == 2
    # a version the table never had is a page from nowhere: 409, with the current one
    stale = api.post(url, json={"action": "bid:2", "version": 7}, headers=auth(chi))
    assert stale.status_code == 409
    assert stale.get_json()["error"]["version"] == 2
    # ... and says the table is behind the page, not that it "moved on"
    assert "moved on" not in stale.get_json()["error"]["message"]
    assert "at version 2, not yet 7" in stale.get_json()["error"]["message"]
    ja = api.post(
        url,
        json={"action": "bid:2", "version": 7},
        headers={**auth(chi), "Accept-Language": "ja"},
    )
    assert "まだ7手目に達していません" in ja.get_json()["error"]["message"]
    again = api.post(url, json={"action": "bid:2"}, headers=auth(aki))
    assert again.status_code == 400
    assert again.get_json()["error"]["rule"] == "FA-1"
    bad = api.post(url, json={"action": "bid:9"}, headers=auth(chi))
    assert bad.status_code == 400 and bad.get_json()["error"]["field"] == "action"
    # others never see a bid before the reveal
    seen = api.get(f"/api/v1/tables/{table}", headers=auth(ben)).get_json()
    assert seen["view"]["bids"][0] == "hidden"
    assert "bid:3" not in json.dumps(api.get(f"/api/v1/tables/{table}").get_json())


def test_who_may_do_what(api):
    body = create_table(api)
    table, host, aki = body["table"], body["host"]["token"], body["seats"][0]["token"]
    url = f"/api/v1/tables/{table}/actions"
    assert api.post(url, json={"action": "bid:1"}).status_code == 401
    assert api.post(url, json={"action": "bid:1"}, headers=auth(host)).status_code == 403
    assert api.post(url, json={"action": "bid:1"}, headers=auth("x" * 32)).status_code == 403
    assert api.post(f"/api/v1/tables/{table}/undo", headers=auth(aki)).status_code == 403
    assert api.get(f"/api/v1/tables/{table}/record", headers=auth(aki)).status_code == 403
    assert api.get(f"/api/v1/tables/{table}/record").status_code == 401
    # unknown tables: 404 whatever the token, so nobody learns whether it was close
    for token in (None, aki, host, "y" * 32):
        missing = api.get("/api/v1/tables/nosuchtable", headers=auth(token))
        assert missing.status_code == 404
        assert missing.get_json()["error"]["field"] == "table"
    for odd in ("a%00b", "x" * 5000, "%E2%80%AE"):
        assert api.get(f"/api/v1/tables/{odd}").status_code == 404
        assert api.post(f"/api/v1/tables/{odd}/undo", headers=auth(host)).status_code == 404
    malformed = api.get(f"/api/v1/tables/{table}", headers={"Authorization": "Basic abc"})
    assert malformed.status_code == 401


def test_eshi100_tables_play_the_printed_starter_deck_when_asked(api):
    starter = create_table(api, game="eshi100", players=["Aki", "Ben"], options={"deck": "starter"})
    view = api.get(f"/api/v1/tables/{starter['table']}").get_json()["view"]
    assert {card["id"][:2] for card in view["cards"].values()} == {"px"}
    standard = create_table(api, game="eshi100", players=["Aki", "Ben"])
    view = api.get(f"/api/v1/tables/{standard['table']}").get_json()["view"]
    assert not any(card["id"].startswith("px") for card in view["cards"].values())
    body = {"game": "eshi100", "players": ["Aki", "Ben"], "options": {"deck": "mine"}}
    refused = api.post("/api/v1/tables", json=body)
    assert refused.status_code == 400
    assert refused.get_json()["error"]["field"] == "options.deck"
    body = {"game": "ultimatch", "players": ["Aki"], "options": {"deck": "starter"}}
    assert api.post("/api/v1/tables", json=body).get_json()["error"]["field"] == "options.deck"


def test_undo_with_only_bot_moves_says_why_there_is_nothing(api):
    body = create_table(api, bots=[2])  # the bot has bid at creation
    host = body["host"]["token"]
    for lang, words in (("en", "only the bots have moved"), ("ja", "動いたのはボットだけ")):
        refused = api.post(
            f"/api/v1/tables/{body['table']}/undo",
            headers={"Accept-Language": lang, **auth(host)},
        )
        assert refused.status_code == 409
        assert words in refused.get_json()["error"]["message"]


def test_undo_takes_back_the_person_and_the_bots_after_them(api):
    body = create_table(api, players=["Aki", "Ben"], bots=[1])
    table, host, aki = body["table"], body["host"]["token"], body["seats"][0]["token"]
    first = api.post(
        f"/api/v1/tables/{table}/actions", json={"action": "hands:2/3"}, headers=auth(aki)
    ).get_json()
    undone = api.post(f"/api/v1/tables/{table}/undo", headers=auth(host))
    assert undone.status_code == 200
    after = undone.get_json()
    assert after["version"] == first["version"] + 1
    assert after["events"][0]["kind"] == "undo"
    record = logged(api, table, host)
    assert all(seat == 1 for seat, _ in record["actions"])  # only the bot's bid is left
    assert replay(record).view(None) == after["view"]
    nothing = api.post(f"/api/v1/tables/{table}/undo", headers=auth(host))
    assert nothing.status_code == 409


def test_a_retried_action_is_applied_once(api):
    body = create_table(api)
    table, aki = body["table"], body["seats"][0]["token"]
    url = f"/api/v1/tables/{table}/actions"
    headers = {**auth(aki), "Idempotency-Key": "tap-1"}
    one = api.post(url, json={"action": "bid:4"}, headers=headers)
    two = api.post(url, json={"action": "bid:4"}, headers=headers)
    assert one.status_code == two.status_code == 200
    assert one.get_json()["version"] == two.get_json()["version"] == 1
    record = logged(api, table, body["host"]["token"])
    assert record["actions"] == [[0, "bid:4"]]


def test_record_for_everyone_once_over(api):
    body = create_table(api, players=["Aki", "Ben", "Chi"], bots=[0, 1, 2])
    state = api.get(f"/api/v1/tables/{body['table']}").get_json()
    assert state["terminal"] and state["winners"]
    record = api.get(f"/api/v1/tables/{body['table']}/record")
    assert record.status_code == 200
    assert replay(record.get_json()).winners() == state["winners"]


def test_bad_requests_name_the_field(api):
    cases = [
        ({"game": "chess", "players": ["A", "B"]}, "game"),
        ({"game": "finger-auction", "players": ["A"]}, "players"),
        ({"game": "finger-auction", "players": ["A"] * 6}, "players"),
        ({"game": "finger-auction", "players": ["A", "x" * 60]}, "players[1]"),
        ({"game": "finger-auction", "players": ["A", "x" * (MAX_NAME + 1)]}, "players[1]"),
        ({"game": "finger-auction", "players": ["A", "\u200b"]}, "players[1]"),
        ({"game": "finger-auction", "players": ["A", "B", "B"]}, "players[2]"),
        ({"game": "finger-auction", "players": ["A", " "]}, "players[1]"),
        ({"game": "finger-auction", "players": ["A", "B\u202e"]}, "players[1]"),
        ({"game": "finger-auction", "players": ["A", "B"], "bots": [2]}, "bots[0]"),
        ({"game": "finger-auction", "players": ["A", "B"], "options": {"x": 1}}, "options.x"),
        (
            {"game": "finger-auction", "players": ["A", "B"], "options": {"variant": "odd"}},
            "options.variant",
        ),
        ({"game": "finger-auction", "players": ["A", "B"], "seed": -1}, "seed"),
        ({"game": "finger-auction", "players": ["A", "B"], "extra": 1}, "extra"),
    ]
    for payload, field in cases:
        response = api.post("/api/v1/tables", json=payload)
        assert response.status_code == 400, payload
        assert response.get_json()["error"]["field"] == field, payload
    assert api.post("/api/v1/tables", data="{", content_type="application/json").status_code == 400
    assert api.post("/api/v1/tables", data="x").status_code == 415


def test_errors_speak_the_callers_language(api):
    response = api.get("/api/v1/tables/nosuchtable", headers={"Accept-Language": "ja"})
    assert response.status_code == 404
    message = response.get_json()["error"]["message"]
    assert message != "there is no table with this id" and any(ord(c) > 0x3000 for c in message)
    # the engines' reasons and option errors are msgids with parameters, said in
    # the caller's language (every one of them: test_refusals.py)
    body = create_table(api)
    ja = {"Accept-Language": "ja", **auth(body["seats"][0]["token"])}
    url = f"/api/v1/tables/{body['table']}/actions"
    illegal = api.post(url, json={"action": "bid:9"}, headers=ja).get_json()["error"]
    assert illegal["message"] == "bid:9は今はできません：入札は指1〜5本です"
    english = api.post(url, json={"action": "bid:9"}, headers=auth(body["seats"][0]["token"]))
    assert (
        english.get_json()["error"]["message"] == "bid:9 is not allowed now: a bid is 1-5 fingers"
    )
    bad_option = {"game": "finger-auction", "players": ["A", "B"], "options": {"variant": "x"}}
    refused = api.post("/api/v1/tables", json=bad_option, headers={"Accept-Language": "ja"})
    assert refused.get_json()["error"] == {
        "message": "このオプションはfinger-auctionでは使えません："
        'variantはstandard, strictのどれかにしてください（"x"は使えません）',
        "field": "options.variant",
    }


def test_without_accept_language_errors_are_the_english_ones(api):
    """No Accept-Language is English, worded by the referee: cards named, not card ids."""
    body = create_table(api, game="ultimatch", players=["Aki"], seed=5)
    token = body["seats"][0]["token"]
    state = api.get(f"/api/v1/tables/{body['table']}", headers=auth(token)).get_json()
    view, legal = state["view"], set(state["legal_actions"])
    face_up = [c for c in view["pyramid"] if c not in (None, "hidden")]
    probes = [
        f"match:{target}:{card}"
        for target in face_up[:3]
        for card in view["hand"][:4]
        if not {f"match:{target}:{card}", f"match:{card}:{target}"} & legal
    ]
    named = 0
    for action in ["junk", *probes]:
        said = {}
        for language in ({}, {"Accept-Language": "en"}):
            response = api.post(
                f"/api/v1/tables/{body['table']}/actions",
                json={"action": action},
                headers={**auth(token), **language},
            )
            said[bool(language)] = (response.status_code, response.get_json())
        assert said[False] == said[True], action
        if said[False][0] == 400:
            message = said[False][1]["error"]["message"]
            reason = message.partition(": ")[2]
            assert not re.search(r"\b(?:red|blue|yellow|orange|green|purple)-\d+\b", reason)
            named += 1
    assert named > 1


def test_events_stream_first_version_then_every_change(api):
    body = create_table(api)
    table, aki = body["table"], body["seats"][0]["token"]
    response = api.get(f"/api/v1/tables/{table}/events", buffered=False)
    assert response.mimetype == "text/event-stream"
    chunks = (c.decode() if isinstance(c, bytes) else c for c in response.response)
    assert 'data: {"version": 0}' in next(chunks)
    api.post(f"/api/v1/tables/{table}/actions", json={"action": "bid:2"}, headers=auth(aki))
    assert 'data: {"version": 1}' in next(chunks)
    response.close()


def test_snapshot_equals_the_replayed_log(api, tables_app):
    body = create_table(api, game="gallery-rush", players=["Aki", "Ben"], bots=[1])
    table, aki = body["table"], body["seats"][0]["token"]
    for _ in range(6):
        state = api.get(f"/api/v1/tables/{table}", headers=auth(aki)).get_json()
        if state["terminal"] or not state["legal_actions"]:
            break
        api.post(
            f"/api/v1/tables/{table}/actions",
            json={"action": state["legal_actions"][0]},
            headers=auth(aki),
        )
    db = tables_app.extensions["cardpress-tables"].db
    assert service.replayed(repository(db), table) == GAMES["gallery-rush"].from_json(
        service.load(repository(db), table).snapshot
    )


def _events(chunks) -> list[tuple[str, str]]:
    """(event name, data) of the SSE events in the next chunk."""
    out = []
    for block in next(chunks).split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        if "data" in lines:
            out.append((lines.get("event", "message"), lines["data"]))
    return out


def test_a_stream_opened_with_a_token_also_sends_the_callers_state(api):
    body = create_table(api)
    table, aki, ben = body["table"], body["seats"][0]["token"], body["seats"][1]["token"]
    response = api.get(f"/api/v1/tables/{table}/events?token={ben}", buffered=False)
    chunks = (c.decode() if isinstance(c, bytes) else c for c in response.response)
    first = _events(chunks)
    assert first[0] == ("message", '{"version": 0}')
    assert first[1][0] == "state"
    assert json.loads(first[1][1]) == api.get(f"/api/v1/tables/{table}", headers=auth(ben)).json
    api.post(f"/api/v1/tables/{table}/actions", json={"action": "bid:2"}, headers=auth(aki))
    second = _events(chunks)
    assert second[0] == ("message", '{"version": 1}')
    state = json.loads(second[1][1])
    assert state == api.get(f"/api/v1/tables/{table}", headers=auth(ben)).json
    assert state["seat"] == 1 and state["version"] == 1
    response.close()
    host = api.get(f"/api/v1/tables/{table}/events?token={body['host']['token']}", buffered=False)
    chunks = (c.decode() if isinstance(c, bytes) else c for c in host.response)
    assert json.loads(_events(chunks)[1][1])["seat"] is None
    host.close()


def test_a_stream_ends_once_its_token_no_longer_belongs_to_the_table(api, tables_app):
    """The state a stream sends is the one its token names at every version: when
    the table's tokens change (re-issued links), a stream of an old link sends no
    more state, while the others go on with their own."""
    body = create_table(api)
    table, aki, ben = body["table"], body["seats"][0]["token"], body["seats"][1]["token"]
    chie = body["seats"][2]["token"]
    streams = {
        name: api.get(f"/api/v1/tables/{table}/events?token={token}", buffered=False)
        for name, token in (("ben", ben), ("chie", chie))
    }
    chunks = {
        name: (c.decode() if isinstance(c, bytes) else c for c in r.response)
        for name, r in streams.items()
    }
    assert [json.loads(_events(c)[1][1])["seat"] for c in chunks.values()] == [1, 2]
    api.post(f"/api/v1/tables/{table}/actions", json={"action": "bid:2"}, headers=auth(aki))
    assert [json.loads(_events(c)[1][1])["version"] for c in chunks.values()] == [1, 1]
    db = tables_app.extensions["cardpress-tables"].db
    with db.engine.begin() as conn:  # the host re-issues Ben's link
        conn.execute(
            text("UPDATE game_tables SET host_hash = :h WHERE id = :t"), {"h": "0" * 64, "t": table}
        )
        conn.execute(
            text("UPDATE seats SET token_hash = :h WHERE table_id = :t AND seat = 1"),
            {"h": "1" * 64, "t": table},
        )
    moved = api.post(
        f"/api/v1/tables/{table}/actions", json={"action": "bid:3"}, headers=auth(chie)
    )
    assert moved.status_code == 200 and moved.json["version"] == 2
    assert next(chunks["ben"], None) is None  # Ben's old link: the stream ended
    state = json.loads(_events(chunks["chie"])[1][1])
    assert (state["seat"], state["version"]) == (2, 2)
    assert api.get(f"/api/v1/tables/{table}", headers=auth(ben)).status_code == 403
    for response in streams.values():
        response.close()


def test_a_stream_with_a_foreign_token_is_refused_and_without_one_is_unchanged(api):
    one, two = create_table(api, seed=1), create_table(api, seed=2)
    foreign = api.get(f"/api/v1/tables/{one['table']}/events?token={two['seats'][0]['token']}")
    assert foreign.status_code == 403 and foreign.json["error"]["field"] == "token"
    assert api.get(f"/api/v1/tables/{one['table']}/events?token=").status_code == 403
    plain = api.get(f"/api/v1/tables/{one['table']}/events", buffered=False)
    chunks = (c.decode() if isinstance(c, bytes) else c for c in plain.response)
    assert next(chunks) == 'retry: 1500\nid: 0\ndata: {"version": 0}\n\n'
    plain.close()

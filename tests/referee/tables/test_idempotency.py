"""Idempotency keys belong to one table, one caller and one request (issue 22)."""

from __future__ import annotations

from tests.referee.tables.conftest import auth, create_table, logged


def _record(api, body):
    return logged(api, body["table"], body["host"]["token"])["actions"]


def test_another_seat_sending_the_same_key_has_its_move_applied(api):
    body = create_table(api)
    aki, ben = (s["token"] for s in body["seats"][:2])
    url = f"/api/v1/tables/{body['table']}/actions"
    key = {"Idempotency-Key": "tap-1"}
    assert api.post(url, json={"action": "bid:4"}, headers={**auth(aki), **key}).status_code == 200
    bens = api.post(url, json={"action": "bid:2"}, headers={**auth(ben), **key})
    assert bens.status_code == 200, bens.get_json()
    assert bens.get_json()["version"] == 2
    assert _record(api, body) == [[0, "bid:4"], [1, "bid:2"]]


def test_the_same_key_with_another_body_is_a_409_saying_so(api):
    body = create_table(api)
    aki = body["seats"][0]["token"]
    url = f"/api/v1/tables/{body['table']}/actions"
    headers = {**auth(aki), "Idempotency-Key": "tap-1"}
    assert api.post(url, json={"action": "bid:4"}, headers=headers).status_code == 200
    for other in ({"action": "bid:3"}, {"action": "bid:4", "version": 1}):
        reused = api.post(url, json=other, headers=headers)
        assert reused.status_code == 409, other
        error = reused.get_json()["error"]
        assert error["field"] == "Idempotency-Key"
        assert "another request" in error["message"]
    assert _record(api, body) == [[0, "bid:4"]]


def test_the_same_key_and_body_answers_the_table_without_applying_again(api):
    body = create_table(api)
    aki = body["seats"][0]["token"]
    url = f"/api/v1/tables/{body['table']}/actions"
    headers = {**auth(aki), "Idempotency-Key": "tap-1"}
    first = api.post(url, json={"action": "bid:4", "version": 0}, headers=headers)
    again = api.post(url, json={"action": "bid:4", "version": 0}, headers=headers)
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json()
    assert _record(api, body) == [[0, "bid:4"]]


def test_the_409_is_in_the_same_language_as_other_errors(api):
    body = create_table(api)
    aki = body["seats"][0]["token"]
    url = f"/api/v1/tables/{body['table']}/actions"
    headers = {**auth(aki), "Idempotency-Key": "tap-1"}
    api.post(url, json={"action": "bid:4"}, headers=headers)
    reused = api.post(url, json={"action": "bid:3"}, headers={**headers, "Accept-Language": "ja"})
    assert reused.status_code == 409
    message = reused.get_json()["error"]["message"]
    assert "another request" not in message and "Idempotency-Key" in message


def test_the_openapi_document_promises_what_the_server_does(api):
    doc = api.get("/api/v1/openapi.json").get_json()
    act = doc["paths"]["/tables/{table_id}/actions"]["post"]
    header = next(p for p in act["parameters"] if p["name"] == "Idempotency-Key")
    assert "409" in header["description"] and "one caller" in header["description"]
    assert "Idempotency-Key" in act["responses"]["409"]["description"]


# --------------------------------------------------------------------------- create keys

PAYLOAD = {"game": "finger-auction", "players": ["Aki", "Ben", "Chi"], "seed": 3}


def _create(api, address: str, key: str = "create-42", **body):
    return api.post(
        "/api/v1/tables",
        json={**PAYLOAD, **body},
        headers={"Idempotency-Key": key},
        environ_base={"REMOTE_ADDR": address},
    )


def _seat_of(api, table: str, token: str) -> int:
    got = api.get(f"/api/v1/tables/{table}", headers=auth(token))
    assert got.status_code == 200, got.get_json()
    return got.get_json()["seat"]


def test_a_repeated_create_gives_its_client_the_same_links(api):
    one = _create(api, "192.0.2.1")
    two = _create(api, "192.0.2.1")
    assert one.status_code == two.status_code == 201
    one, two = one.get_json(), two.get_json()
    assert two == one  # same table, same tokens and URLs
    table = one["table"]
    assert _seat_of(api, table, one["seats"][0]["token"]) == 0  # the first links still work
    moved = api.post(
        f"/api/v1/tables/{table}/actions",
        json={"action": "bid:4"},
        headers=auth(one["seats"][0]["token"]),
    )
    assert moved.status_code == 200
    # after a move too: the answer is the table now, with the same links
    three = _create(api, "192.0.2.1").get_json()
    assert three["host"] == one["host"] and three["version"] == 1


def test_another_client_with_the_same_key_and_body_gets_a_table_of_its_own(api):
    creator = _create(api, "192.0.2.1").get_json()
    intruder = _create(api, "198.51.100.7")
    assert intruder.status_code == 201
    theirs = intruder.get_json()
    assert theirs["table"] != creator["table"]
    tokens = {s["token"] for s in creator["seats"]} | {creator["host"]["token"]}
    assert not tokens & ({s["token"] for s in theirs["seats"]} | {theirs["host"]["token"]})
    # the creator's links keep working
    assert _seat_of(api, creator["table"], creator["seats"][1]["token"]) == 1
    host = auth(creator["host"]["token"])
    assert api.get(f"/api/v1/tables/{creator['table']}/record", headers=host).status_code == 200


def test_a_repeated_create_with_another_body_is_a_409(api):
    assert _create(api, "192.0.2.1").status_code == 201
    other = _create(api, "192.0.2.1", players=["X", "Y"])
    assert other.status_code == 409
    assert other.get_json()["error"]["field"] == "Idempotency-Key"
    assert _create(api, "192.0.2.1", seed=4).status_code == 409


def test_a_create_key_expires(tables_app):
    from referee.tables import create_request, service
    from referee.tables.repositories import repository
    from referee.tables.schemas import CreateTable

    db = repository(tables_app.extensions["cardpress-tables"].db)
    request = CreateTable.model_validate(PAYLOAD)
    lasting = service.CreateKey("k", "192.0.2.1", "secret", 3600)
    assert (
        create_request.create(db, request, lasting).table.id
        == create_request.create(db, request, lasting).table.id
    )
    expired = service.CreateKey("k2", "192.0.2.1", "secret", 0)
    first = create_request.create(db, request, expired)
    again = create_request.create(db, request, expired)
    assert again.table.id != first.table.id
    assert service.identify(service.load(db, first.table.id), first.host_token).role == "host"

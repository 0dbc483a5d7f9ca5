"""Idempotency keys belong to one table, one caller and one request (issue 22)."""

from __future__ import annotations

from tests.referee.tables.conftest import auth, create_table


def _record(api, body):
    host = auth(body["host"]["token"])
    return api.get(f"/api/v1/tables/{body['table']}/record", headers=host).get_json()["actions"]


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

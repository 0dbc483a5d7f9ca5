"""/api/v1/openapi.json: every documented path exists, every example holds."""

from __future__ import annotations

import pytest

from referee.openapi import examples


def test_document_shape(client):
    r = client.get("/api/v1/openapi.json")
    assert r.status_code == 200
    doc = r.get_json()
    assert doc["openapi"].startswith("3.1")
    assert doc["servers"] == [{"url": "/api/v1"}]
    for path, item in doc["paths"].items():
        for method, op in item.items():
            assert op["operationId"] and op["responses"], (path, method)


def test_contract_paths_are_documented(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert {
        "/finger-auction/score",
        "/finger-auction/auction",
        "/ultimatch/match",
        "/eshi100/score",
        "/gallery-rush/victory",
    } <= set(doc["paths"])


def test_every_documented_path_exists(app, client):
    doc = client.get("/api/v1/openapi.json").get_json()
    adapter = app.url_map.bind("localhost")
    for path, item in doc["paths"].items():
        for method in item:
            endpoint, _ = adapter.match("/api/v1" + path, method=method.upper())
            assert endpoint.startswith(("api.", "tables_api.")), (path, endpoint)


def test_every_api_route_is_documented(app, client):
    doc = client.get("/api/v1/openapi.json").get_json()
    documented = {"/api/v1" + p for p in doc["paths"]}
    routes = {
        r.rule.replace("<", "{").replace(">", "}")
        for r in app.url_map.iter_rules()
        if r.rule.startswith("/api/v1/")
    }
    assert routes == documented


def test_refs_resolve(client):
    doc = client.get("/api/v1/openapi.json").get_json()

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "$ref":
                    name = value.removeprefix("#/components/schemas/")
                    assert name in doc["components"]["schemas"], value
                else:
                    walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(doc)


def _examples():
    from referee import create_app

    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret"})
    with app.app_context():
        return examples()


EXAMPLES = _examples()


@pytest.mark.parametrize(
    ("path", "name", "request_body", "status", "response"),
    EXAMPLES,
    ids=[f"{p}:{n}" for p, n, *_ in EXAMPLES],
)
def test_examples_produce_documented_responses(client, path, name, request_body, status, response):
    r = client.post(path, json=request_body)
    assert r.status_code == status
    assert r.get_json() == response


def test_examples_are_in_the_document(client):
    doc = client.get("/api/v1/openapi.json").get_json()
    assert EXAMPLES
    for path, name, request_body, status, response in EXAMPLES:
        op = doc["paths"][path.removeprefix("/api/v1")]["post"]
        requests = op["requestBody"]["content"]["application/json"].get("examples", {})
        got = op["responses"][str(status)]["content"]["application/json"]["examples"]
        assert got[name]["value"] == response
        # only requests that succeed are published as requests (schemathesis replays them)
        assert (name in requests) == (200 <= status < 300), name
        if name in requests:
            assert requests[name]["value"] == request_body


def test_the_document_is_generated_from_the_models(client):
    from referee.bodies import FingerAuctionAuctionRequest

    doc = client.get("/api/v1/openapi.json").get_json()
    published = doc["components"]["schemas"]["FingerAuctionAuctionRequest"]
    assert published["properties"]["field"]["maximum"] == 7
    assert published["properties"]["bids"]["minProperties"] == 2
    assert "previous_right" not in published.get("required", [])
    assert set(published["properties"]) == set(FingerAuctionAuctionRequest.model_fields)


def test_fuzzing_covers_every_documented_operation(client):
    from tests.referee.test_fuzz import schema

    doc = client.get("/api/v1/openapi.json").get_json()
    documented = {
        f"{method.upper()} {path}"
        for path, item in doc["paths"].items()
        for method in item
        if path != "/openapi.json"
    }
    fuzzed = {op.ok().label for op in schema.get_all_operations()}
    assert len(documented) >= 6 and fuzzed == documented

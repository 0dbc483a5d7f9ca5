"""Answers of the tables API keep to the document's schemas.

Found by the stateful fuzzing (tests/referee/test_fuzz.py): an action no rule
knows was refused with ``"rule": null``, where the document's error schema
has ``rule`` as a rule ID string or no key at all.
"""

from __future__ import annotations

from tests.referee.tables.conftest import auth, create_table


def test_an_action_no_rule_knows_is_refused_without_a_null_rule(api):
    document = api.get("/api/v1/openapi.json").get_json()
    rule = document["components"]["schemas"]["ErrorDetail"]["properties"]["rule"]
    assert rule["type"] == "string"
    table = create_table(api, game="gallery-rush", players=["Aki", "Ben"])
    seat = table["seats"][0]["token"]
    response = api.post(
        f"/api/v1/tables/{table['table']}/actions", json={"action": "\x7f"}, headers=auth(seat)
    )
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["field"] == "action"
    assert "is not allowed now" in error["message"]
    assert "rule" not in error

"""What one client can hold: stream caps, body deadline (issue 22); the floods are in
test_flood.py, against the production command and nginx."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from flask import Flask

from referee.bounds import StreamSlots, client_group
from tests.referee.tables.conftest import create_table, make_app


@pytest.fixture(scope="module")
def capped_app(database_urls) -> Iterator[Flask]:
    app = make_app(
        database_urls["make"]("sqlite"), TABLES_STREAMS_PER_TABLE=2, TABLES_STREAMS_PER_ADDRESS=3
    )
    yield app
    app.extensions["cardpress-tables"].bus.stop()
    app.extensions["cardpress-tables"].db.dispose()


def _open(client, table: str, address: str = "192.0.2.1"):
    return client.get(
        f"/api/v1/tables/{table}/events", buffered=False, environ_base={"REMOTE_ADDR": address}
    )


def test_streams_are_capped_per_table_and_given_back_when_closed(capped_app):
    client = capped_app.test_client()
    table = create_table(client)["table"]
    held = [_open(client, table), _open(client, table, "192.0.2.2")]
    assert [r.status_code for r in held] == [200, 200]
    refused = _open(client, table, "192.0.2.3")
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "5"
    assert "on this table" in refused.get_json()["error"]["message"]
    held.pop().close()
    again = _open(client, table, "192.0.2.3")
    assert again.status_code == 200
    for response in [*held, again]:
        response.close()


def test_streams_are_capped_per_address_an_ipv6_one_by_its_64(capped_app):
    client = capped_app.test_client()
    tables = [create_table(client)["table"] for _ in range(4)]
    held = [_open(client, t, f"2001:db8:1:2::{i + 1}") for i, t in enumerate(tables[:3])]
    assert [r.status_code for r in held] == [200, 200, 200]
    refused = _open(client, tables[3], "2001:db8:1:2:ffff::9")  # same /64
    assert refused.status_code == 429
    assert "from your address" in refused.get_json()["error"]["message"]
    elsewhere = _open(client, tables[3], "2001:db8:1:3::1")  # another /64
    assert elsewhere.status_code == 200
    for response in [*held, elsewhere]:
        response.close()


def test_client_groups():
    assert client_group("192.0.2.7") == "192.0.2.7"
    assert client_group("2001:db8:1:2:3:4:5:6") == client_group("2001:db8:1:2::1")
    assert client_group("2001:db8:1:2::1") != client_group("2001:db8:1:3::1")
    assert client_group("::ffff:192.0.2.7") == "192.0.2.7"
    assert client_group(None) == ""


def test_a_slot_is_given_back_even_when_the_stream_never_started():
    slots = StreamSlots(per_client=1, per_table=1)
    assert slots.take("a", "t") is None
    slots.held(iter(["x"]), "a", "t").close()
    assert slots.take("a", "t") is None
    assert slots.take("b", "t") == "table"


def test_a_body_is_read_whole_before_the_app(capped_app):
    """The app reads a body (JSON, forms) from memory; a chunked body too."""
    client = capped_app.test_client()

    made = client.post(
        "/api/v1/tables",
        input_stream=io.BytesIO(b'{"game": "ultimatch", "players": ["Solo"]}'),
        headers={"Content-Type": "application/json", "Transfer-Encoding": "chunked"},
    )
    assert made.status_code == 201, made.get_json()

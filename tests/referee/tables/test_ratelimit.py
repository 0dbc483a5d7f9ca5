"""Table creation is rate-limited per client address, by one count shared by every worker."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select

from referee.tables.models import RateLimit
from tests.referee.tables.conftest import make_app

BODY = {"game": "finger-auction", "players": ["Aki", "Ben"]}


def _create(app: Any, address: str | None = None) -> int:
    headers = {"X-Forwarded-For": address} if address else {}
    with app.test_client() as client:
        return client.post("/api/v1/tables", json=BODY, headers=headers).status_code


def test_two_app_instances_on_one_database_share_the_limit(backend, database_urls):
    """Two workers (or hosts) are two app instances on the same database."""
    url = database_urls["make"](backend)
    first, second = (make_app(url, TABLES_CREATE_LIMIT="3 per minute") for _ in range(2))
    assert [_create(first), _create(second), _create(first)] == [201, 201, 201]
    assert _create(second) == 429 and _create(first) == 429
    db = first.extensions["cardpress-tables"].db
    with db.read() as conn:  # one counter, in the database both read
        assert conn.execute(select(func.count()).select_from(RateLimit)).scalar() == 1


def test_behind_a_trusted_proxy_each_forwarded_address_has_its_own_limit(backend, database_urls):
    proxied = make_app(
        database_urls["make"](backend), TABLES_CREATE_LIMIT="2 per minute", PROXY_FIX_X_FOR=1
    )
    assert [_create(proxied, "203.0.113.1") for _ in range(3)] == [201, 201, 429]
    assert _create(proxied, "203.0.113.2") == 201
    # without ProxyFix the header is not trusted: one client may not pose as many
    direct = make_app(database_urls["make"](backend), TABLES_CREATE_LIMIT="2 per minute")
    statuses = [_create(direct, f"203.0.113.{i}") for i in range(1, 4)]
    assert statuses == [201, 201, 429]


def _create_by_form(app: Any, address: str) -> int:
    form = {"go": "1", "game": "finger-auction", "name0": "Aki", "name1": "Ben"}
    with app.test_client() as client:
        got = client.post("/en/tables/new", data=form, environ_base={"REMOTE_ADDR": address})
        return got.status_code


def _create_from(app: Any, address: str) -> int:
    with app.test_client() as client:
        got = client.post("/api/v1/tables", json=BODY, environ_base={"REMOTE_ADDR": address})
        return got.status_code


def test_the_api_and_the_create_form_share_one_limit(backend, database_urls):
    app = make_app(database_urls["make"](backend), TABLES_CREATE_LIMIT="3 per minute")
    address = "198.51.100.4"
    made = [_create_from(app, address), _create_by_form(app, address), _create_from(app, address)]
    assert made == [201, 303, 201]
    assert _create_by_form(app, address) == 429
    assert _create_from(app, address) == 429


def test_ipv6_addresses_are_limited_by_their_64(backend, database_urls):
    app = make_app(database_urls["make"](backend), TABLES_CREATE_LIMIT="2 per minute")
    same_64 = [f"2001:db8:5:6::{i:x}" for i in range(1, 4)]
    assert [_create_from(app, a) for a in same_64] == [201, 201, 429]
    assert _create_from(app, "2001:db8:5:7::1") == 201  # another /64

"""Fixtures for the live-table tests: every test runs on SQLite and on PostgreSQL.

The PostgreSQL cluster is a real one (Debian's package), started once per
test run and shared by the xdist workers, each in a database of its own.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app
from tests.pgcluster import Cluster, shared_cluster

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"solo-{os.getpid()}"
    with shared_cluster(run_id) as cluster:
        yield cluster


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "solo")


@pytest.fixture(scope="session")
def database_urls(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """backend -> a factory of fresh database URLs (one per call)."""
    counter = {"n": 0}

    def make(backend: str) -> str:
        counter["n"] += 1
        name = f"cardpress_{_worker()}_{counter['n']}"
        if backend == "sqlite":
            return f"sqlite:///{tmp_path_factory.mktemp('db') / (name + '.sqlite3')}"
        cluster: Cluster = request.getfixturevalue("pg_cluster")
        return cluster.create_database(name)

    return {"make": make}


def make_app(url: str, **config: Any) -> Flask:
    settings = {
        "TESTING": True,
        "SECRET_KEY": "tables-test",
        "WTF_CSRF_ENABLED": False,
        "DATABASE_URL": url,
        "TABLES_CREATE_LIMIT": "100000 per minute",
        "TABLES_STREAM_SECONDS": 5,
        "TABLES_POLL_SECONDS": 0.05,
    }
    settings.update(config)
    return create_app(settings)


@pytest.fixture(scope="session", params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(scope="session")
def tables_app(backend: str, database_urls: dict[str, Any]) -> Iterator[Flask]:
    app = make_app(database_urls["make"](backend))
    yield app
    ext = app.extensions["cardpress-tables"]
    ext.bus.stop()
    ext.db.dispose()


@pytest.fixture
def api(tables_app: Flask) -> Iterator[FlaskClient]:
    with tables_app.test_client() as client:
        yield client


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def create_table(client: FlaskClient, **body: Any) -> dict[str, Any]:
    payload = {"game": "finger-auction", "players": ["Aki", "Ben", "Chi"], "seed": 7}
    payload.update(body)
    response = client.post("/api/v1/tables", json=payload)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def path_of(url: str) -> str:
    """The path of an absolute URL the API returned (test clients take paths)."""
    return "/" + url.split("://", 1)[1].split("/", 1)[1]


def logged(client: Any, table: str, host_token: str) -> dict[str, Any]:
    """The table's whole record as the referee keeps it (its action log): what
    the record API withholds from everyone, the host included, until the game
    is over (the seed, every secret move)."""
    from referee.tables import service

    app = getattr(client, "application", client)
    with app.app_context():
        return service.game_record(app.extensions["cardpress-tables"].repo, table, host_token).full


def said_list(names: list[str]) -> str:
    """Names as an English sentence lists them: "Aki and Ben", "Aki, Ben, and Chi"."""
    if len(names) < 3:
        return " and ".join(names)
    return ", ".join(names[:-1]) + ", and " + names[-1]

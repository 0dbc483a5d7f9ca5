"""A PostgreSQL restart between two requests costs nobody an error (no ping per request)."""

from __future__ import annotations

from tests.pgcluster import pg_bin, private_cluster
from tests.referee.tables.conftest import auth, create_table, make_app


def test_requests_after_a_postgresql_restart_all_succeed():
    assert pg_bin() is not None, "PostgreSQL is not installed (make test installs it)"
    with private_cluster("cardpress-restart-") as cluster:
        app = make_app(cluster.create_database("restart"))
        try:
            client = app.test_client()
            body = create_table(client, players=["A", "B", "C"], seed=4)
            table, seat = body["table"], body["seats"][0]["token"]
            path = f"/api/v1/tables/{table}"
            # every kind of request, each first after a restart: the pool's
            # connections are all dead by then
            steps = [
                lambda: client.get(path, headers=auth(seat)),  # the version check
                lambda: client.post(
                    f"{path}/actions", json={"action": "bid:2"}, headers=auth(seat)
                ),
                lambda: client.post(f"{path}/undo", headers=auth(body["host"]["token"])),
                lambda: client.get(f"{path}/record", headers=auth(body["host"]["token"])),
                lambda: client.get(path, headers=auth(body["seats"][1]["token"])),
                lambda: client.post(
                    "/api/v1/tables", json={"game": "finger-auction", "players": ["X", "Y"]}
                ),
                lambda: client.get(f"/en/tables/{table}/{seat}"),
            ]
            for step in steps:
                cluster.restart()
                response = step()
                assert response.status_code < 300, (response.status_code, response.data[:300])
            assert client.get(path, headers=auth(seat)).get_json()["version"] == 2
        finally:
            ext = app.extensions["cardpress-tables"]
            ext.bus.stop()
            ext.db.dispose()

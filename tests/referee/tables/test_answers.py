"""A worker's remembered answers (referee.tables.answers): never stale, never another's."""

from __future__ import annotations

import random
import threading

from flask import Flask

from cardpress.games import GAMES, replay
from referee.tables.answers import Answers, Known
from referee.tables.repository import Table
from referee.tables.service import Caller
from tests.referee.tables.conftest import auth, create_table, logged, make_app


def test_answers_follow_changes_made_by_another_worker(backend, database_urls):
    """Two workers on one database: whatever one acknowledged, the other never answers older."""
    url = database_urls["make"](backend)
    reader_app, writer_app = make_app(url), make_app(url)
    try:
        reader, writer = reader_app.test_client(), writer_app.test_client()
        body = create_table(reader, players=["A", "B", "C", "D"], seed=5)
        table = body["table"]
        tokens = {s["seat"]: s["token"] for s in body["seats"]}
        rng = random.Random(3)
        acknowledged = 0
        while True:
            for seat, token in tokens.items():  # every phone reads: remembered now
                got = reader.get(f"/api/v1/tables/{table}", headers=auth(token)).get_json()
                assert got["version"] == acknowledged and got["seat"] == seat
            if got["terminal"]:
                break
            mover = next(
                seat
                for seat, token in tokens.items()
                if reader.get(f"/api/v1/tables/{table}", headers=auth(token)).get_json()[
                    "legal_actions"
                ]
            )
            legal = reader.get(f"/api/v1/tables/{table}", headers=auth(tokens[mover])).get_json()[
                "legal_actions"
            ]
            answer = writer.post(
                f"/api/v1/tables/{table}/actions",
                json={"action": rng.choice(legal)},
                headers=auth(tokens[mover]),
            )
            assert answer.status_code == 200
            acknowledged = answer.get_json()["version"]
        record = logged(reader, table, body["host"]["token"])
        state = replay(record)
        for seat, token in tokens.items():
            got = reader.get(f"/api/v1/tables/{table}", headers=auth(token)).get_json()
            assert got["view"] == state.view(seat)
    finally:
        _close(reader_app, writer_app)


def test_one_version_answers_each_caller_its_own_view(api, tables_app):
    body = create_table(api, game="detective-eye", players=["Aki", "Ben", "Chi"], seed=9)
    table = body["table"]
    record = {"game": "detective-eye", "players": ["Aki", "Ben", "Chi"], "seed": 9}
    full = GAMES["detective-eye"].replay({**record, "options": {}, "actions": []})
    callers = [(s["seat"], s["token"]) for s in body["seats"]]
    callers += [(None, body["host"]["token"]), (None, None)]
    for _ in range(2):  # the second round comes from memory
        for seat, token in callers:
            got = api.get(f"/api/v1/tables/{table}", headers=auth(token)).get_json()
            assert got["seat"] == seat
            assert got["view"] == full.view(seat)
    ext = tables_app.extensions["cardpress-tables"]
    remembered = ext.answers.current(ext.repo, table).bodies
    assert len(remembered) == 5  # three seats, the host, the spectators: one body each


def test_a_foreign_token_is_refused_whatever_is_remembered(api):
    one = create_table(api, seed=1)
    two = create_table(api, seed=2)
    api.get(f"/api/v1/tables/{one['table']}", headers=auth(one["seats"][0]["token"]))
    got = api.get(f"/api/v1/tables/{one['table']}", headers=auth(two["seats"][0]["token"]))
    assert got.status_code == 403


def _table(table_id: str, version: int) -> Table:
    return Table(
        id=table_id,
        game="finger-auction",
        players=["A", "B"],
        seed=1,
        options={},
        bots=[],
        lang="en",
        host_hash="h",
        version=version,
        snapshot={},
        events=[],
        terminal=False,
        seat_hashes=(),
    )


def test_memory_keeps_only_the_newest_version_of_the_latest_tables():
    answers = Answers(size=3)
    for version in range(5):
        answers.remember(_table("t", version))
    assert len(answers) == 1  # older versions of a table are never asked for again
    answers.remember(_table("t", 2))  # a slow reader's older version is not kept
    assert answers._get(("t", 4, "h")) is not None and answers._get(("t", 2, "h")) is None
    for name in "abcd":
        answers.remember(_table(name, 0))
    assert len(answers) == 3
    assert answers._get(("t", 4, "h")) is None  # the least recently used went first
    assert answers._get(("d", 0, "h")) is not None


def test_a_body_built_by_racing_threads_is_one_answer():
    known = Answers().remember(_table("t", 0))
    start = threading.Barrier(8)
    got: list[bytes] = []

    def build(known: Known, caller: Caller) -> bytes:
        return f"{known.table.version}:{caller.seat}".encode()

    def ask() -> None:
        start.wait()
        got.append(known.body(Caller("seat", 1), build))

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert got == [b"0:1"] * 8
    assert known.body(Caller("seat", 0), build) == b"0:0"


def _close(*apps: Flask) -> None:
    for app in apps:
        ext = app.extensions["cardpress-tables"]
        ext.bus.stop()
        ext.db.dispose()


def _remembered_version(app: Flask, table: str) -> int | None:
    known = app.extensions["cardpress-tables"].answers.newest(table)
    return None if known is None else known.table.version


def test_a_move_computed_on_a_remembered_version_never_passes_a_newer_one(backend, database_urls):
    """A worker computes a move on its newest remembered version first; when another
    worker moved the table meanwhile, the move is decided on the committed table."""
    url = database_urls["make"](backend)
    stale_app, other_app = make_app(url), make_app(url)
    try:
        stale, other = stale_app.test_client(), other_app.test_client()
        body = create_table(stale, seed=7)
        table, tokens = body["table"], [s["token"] for s in body["seats"]]
        actions = f"/api/v1/tables/{table}/actions"
        assert stale.get(f"/api/v1/tables/{table}", headers=auth(tokens[0])).status_code == 200
        assert (
            other.post(actions, json={"action": "bid:2"}, headers=auth(tokens[1])).status_code
            == 200
        )
        assert _remembered_version(stale_app, table) == 0  # the stale worker's memory is older
        # legal on the remembered version, not on the committed one: refused, nothing applied
        again = stale.post(actions, json={"action": "bid:3"}, headers=auth(tokens[1]))
        assert again.status_code == 400 and again.get_json()["error"]["field"] == "action"
        # legal on both: applied once, on top of the other worker's move
        moved = stale.post(actions, json={"action": "bid:4"}, headers=auth(tokens[0]))
        assert moved.status_code == 200 and moved.get_json()["version"] == 2
        record = logged(stale, table, body["host"]["token"])
        assert record["actions"] == [[1, "bid:2"], [0, "bid:4"]]
        state = replay(record)
        assert moved.get_json()["view"] == state.view(0)
    finally:
        _close(stale_app, other_app)


def test_a_retried_move_is_not_applied_again_when_the_newest_version_is_remembered(api, tables_app):
    """The Idempotency-Key is checked by the write itself when the move was computed on
    the remembered version: a retry whose move is legal again is answered, not applied."""
    body = create_table(api, seed=7)
    table, tokens = body["table"], [s["token"] for s in body["seats"]]
    actions = f"/api/v1/tables/{table}/actions"
    keyed = {**auth(tokens[0]), "Idempotency-Key": "bid-four"}
    assert api.post(actions, json={"action": "bid:4"}, headers=keyed).status_code == 200
    rng = random.Random(1)
    state = api.get(f"/api/v1/tables/{table}", headers=auth(tokens[0])).get_json()
    while "bid:4" not in state["legal_actions"]:
        movers = [
            (seat, got["legal_actions"])
            for seat, token in enumerate(tokens)
            if (got := api.get(f"/api/v1/tables/{table}", headers=auth(token)).get_json())[
                "legal_actions"
            ]
        ]
        seat, legal = movers[0]
        move = api.post(actions, json={"action": rng.choice(legal)}, headers=auth(tokens[seat]))
        assert move.status_code == 200
        state = api.get(f"/api/v1/tables/{table}", headers=auth(tokens[0])).get_json()
    assert _remembered_version(tables_app, table) == state["version"]
    retried = api.post(actions, json={"action": "bid:4"}, headers=keyed)
    assert retried.status_code == 200 and retried.get_json()["version"] == state["version"]
    record = logged(api, table, body["host"]["token"])
    assert record["actions"].count([0, "bid:4"]) == 1

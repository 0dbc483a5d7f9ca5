"""On PostgreSQL the event streams read through a connection of their own, so that
when every phone opens its stream at once, a tap never waits behind their reads."""

from __future__ import annotations

import threading
from typing import Any

from referee.tables import create_request, service
from referee.tables.databases import open_database, upgrade
from referee.tables.db_postgres import POOL_SIZE, STREAM_POOL_SIZE
from referee.tables.priority import behind_requests, in_background
from referee.tables.repositories import repository
from referee.tables.schemas import CreateTable

GAME = {"game": "finger-auction", "players": ["Aki", "Ben", "Chie", "Dan"], "seed": 5}


def test_stream_work_is_marked_only_inside_its_turn() -> None:
    assert not in_background()
    with behind_requests():
        assert in_background()
    assert not in_background()


def test_a_tap_is_answered_while_every_stream_connection_is_taken(
    database_urls: dict[str, Any],
) -> None:
    db = open_database(database_urls["make"]("postgresql"))
    try:
        upgrade(db.engine)
        repo = repository(db)
        created = create_request.create(repo, CreateTable.model_validate(GAME))
        table_id = created.table.id
        assert db.pool() is db.engine
        with behind_requests():
            assert db.pool() is db.streams  # type: ignore[attr-defined]
            held = [db.pool().raw_connection() for _ in range(STREAM_POOL_SIZE)]
        assert db.engine.pool.size() + STREAM_POOL_SIZE == POOL_SIZE  # type: ignore[attr-defined]
        try:
            # every stream connection is out: a stream's read waits, a tap does not
            read: list[int] = []
            stream = threading.Thread(
                target=_in_background,
                args=(lambda: read.append(service.load(repo, table_id).version),),
            )
            stream.start()
            stream.join(0.5)
            assert stream.is_alive() and not read
            assert service.load(repo, table_id).version == 0  # a tap's read: its own pool
        finally:
            for connection in held:
                connection.close()
        stream.join(10)
        assert read == [0]  # the stream's read, once a connection came back
    finally:
        db.dispose()


def _in_background(work: Any) -> None:
    with behind_requests():
        work()

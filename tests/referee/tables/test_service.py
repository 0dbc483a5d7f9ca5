"""The tables' service straight over each database's repository: no app, no HTTP.

What the API's tests show through Flask holds one layer down, on SQLite and
on PostgreSQL alike: a created table is committed with its seats' hashes,
an action moves it on by one version, a change computed against a version
that moved meanwhile is not written (the compare-and-set) and is computed
again against the committed one, a refusal is the engine's own reason (the
view words it), and another process hears of a change (notify and listen).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import grimp
import pytest
from sqlalchemy import select

from cardpress.games import GAMES, IllegalAction
from referee.tables import service
from referee.tables.databases import open_database, upgrade
from referee.tables.db import Database
from referee.tables.http_status import STATUS
from referee.tables.models import Refusal
from referee.tables.refusals import Refused
from referee.tables.repo_postgres import PostgresRepository
from referee.tables.repo_sqlite import SqliteRepository
from referee.tables.repository import Change, Repository


@dataclass(frozen=True)
class Request:
    """A create request as the service reads it (the API's model is one such)."""

    game: str = "finger-auction"
    players: list[str] = field(default_factory=lambda: ["Aki", "Ben", "Chi"])
    seed: int | None = 7
    lang: str = "en"
    bots: list[int] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)


@pytest.fixture
def url(backend: str, database_urls: dict[str, Any]) -> str:
    return database_urls["make"](backend)


def _open(url: str) -> tuple[Database, Repository]:
    db = open_database(url)
    upgrade(db.engine)
    kind = PostgresRepository if db.postgres else SqliteRepository
    return db, kind(db)


@pytest.fixture
def repo(url: str) -> Iterator[Repository]:
    db, found = _open(url)
    yield found
    db.dispose()


def _created(repo: Repository, **request: Any) -> service.Created:
    return service.create(repo, Request(**request), {})  # type: ignore[arg-type]


def test_a_created_table_is_committed_with_its_seats(repo: Repository) -> None:
    created = _created(repo)
    table = service.load(repo, created.table.id)
    assert (table.game, table.players, table.version, table.seed) == (
        "finger-auction",
        ["Aki", "Ben", "Chi"],
        0,
        7,
    )
    assert service.identify(table, created.host_token) == service.Caller("host")
    assert [service.identify(table, created.seat_tokens[i]).seat for i in range(3)] == [0, 1, 2]
    with pytest.raises(Refused) as refused:
        service.identify(table, "not-a-token")
    assert STATUS[refused.value.kind] == 403
    fresh = GAMES["finger-auction"].new_game(["Aki", "Ben", "Chi"], 7)
    assert service.state_of(table) == fresh


def test_an_action_moves_the_table_on_and_the_log_replays_to_it(repo: Repository) -> None:
    created = _created(repo)
    tid, token = created.table.id, created.seat_tokens[1]
    after = service.act(repo, tid, token, "bid:2", version=0)
    assert after.version == 1
    committed = service.load(repo, tid)
    assert committed.version == 1
    assert committed.snapshot == after.snapshot
    assert service.replayed(repo, tid) == service.state_of(committed)
    assert service.game_record(repo, tid, created.host_token).full["actions"] == [[1, "bid:2"]]


def test_a_change_against_a_version_that_moved_is_not_written(repo: Repository) -> None:
    """Two seats bid at once, each computed against version 0: the second one's
    compare-and-set fails, and it is computed again against version 1."""
    created = _created(repo)
    tid = created.table.id
    at_zero = service.load(repo, tid)
    service.act(repo, tid, created.seat_tokens[0], "bid:1")
    # the repository itself: a write expecting version 0 changes nothing now
    stale = Change(at_zero, 1, at_zero.snapshot, [], False, [])
    assert repo.write(stale) is False
    assert service.load(repo, tid).version == 1
    # the service: computed first against what this worker saw (version 0), lost, retried
    after = service.act(repo, tid, created.seat_tokens[1], "bid:3", seen=at_zero)
    assert after.version == 2
    record = service.game_record(repo, tid, created.host_token).full
    assert record["actions"] == [[0, "bid:1"], [1, "bid:3"]]


def test_a_stale_move_that_does_not_commute_is_refused_with_the_version(
    repo: Repository,
) -> None:
    created = _created(repo)
    tid = created.table.id
    service.act(repo, tid, created.seat_tokens[0], "bid:1")
    service.undo(repo, tid, created.host_token)  # an undo since the page: never commutes
    with pytest.raises(Refused) as refused:
        service.act(repo, tid, created.seat_tokens[1], "bid:2", version=0)
    assert (STATUS[refused.value.kind], refused.value.extra["version"]) == (409, 2)
    assert service.load(repo, tid).version == 2


def test_a_refusal_is_the_engines_reason_and_is_counted(repo: Repository) -> None:
    created = _created(repo)
    tid = created.table.id
    state = GAMES["finger-auction"].new_game(["Aki", "Ben", "Chi"], 7)
    with pytest.raises(IllegalAction) as engine:
        state.apply(0, "bid:99")
    with pytest.raises(Refused) as refused:
        service.act(repo, tid, created.seat_tokens[0], "bid:99")
    reason = refused.value.params["reason"]
    assert isinstance(reason, service.EngineReason)  # worded by the view, not here
    assert str(reason) == engine.value.reason
    assert refused.value.extra["rule"] == engine.value.rule_id
    db: Database = repo.db  # type: ignore[attr-defined]
    with db.session() as session:
        counted = session.execute(
            select(Refusal.rule, Refusal.count).where(Refusal.table_id == tid)
        ).all()
    assert [tuple(row) for row in counted] == [(engine.value.rule_id, 1)]


def test_a_retried_action_is_answered_not_applied_twice(repo: Repository) -> None:
    created = _created(repo)
    tid, token = created.table.id, created.seat_tokens[2]
    first = service.act(repo, tid, token, "bid:2", version=0, client_key="tap-1")
    again = service.act(repo, tid, token, "bid:2", version=0, client_key="tap-1")
    assert first.version == again.version == 1
    with pytest.raises(Refused) as reused:
        service.act(repo, tid, token, "bid:3", version=1, client_key="tap-1")
    assert (STATUS[reused.value.kind], reused.value.field) == (409, "Idempotency-Key")


@dataclass
class _Heard:
    """A listener's reports, as a process's bus would take them."""

    repo: Repository
    table_id: str
    stopped: threading.Event = field(default_factory=threading.Event)
    poll_seconds: float = 0.02
    recheck: bool = False
    versions: list[int] = field(default_factory=list)

    def publish(self, table_id: str, version: int) -> None:
        if table_id == self.table_id:
            self.versions.append(version)

    def poll_once(self) -> None:
        for table_id, version in self.repo.versions([self.table_id]).items():
            self.publish(table_id, version)

    def watched(self) -> bool:
        return True


def test_another_process_hears_of_a_change(url: str, repo: Repository) -> None:
    """A change made through another connection pool (another worker) reaches
    this one's listener: PostgreSQL by NOTIFY at commit, SQLite by the file's
    change counter."""
    created = _created(repo)
    heard = _Heard(repo, created.table.id)
    listener = threading.Thread(target=repo.listen, args=(heard,), daemon=True)
    listener.start()
    other_db, other = _open(url)
    try:
        deadline = time.monotonic() + 5
        if isinstance(repo, PostgresRepository):  # listening once it read the versions
            while not heard.versions and time.monotonic() < deadline:
                time.sleep(0.02)
        service.act(other, created.table.id, created.seat_tokens[0], "bid:1")
        while 1 not in heard.versions and time.monotonic() < deadline:
            time.sleep(0.02)
        assert 1 in heard.versions
    finally:
        heard.stopped.set()
        listener.join(5)
        other_db.dispose()


def test_the_service_imports_no_web_framework() -> None:
    """At run time (its annotations may name the API's request model)."""
    graph = grimp.build_graph(
        "referee", "cardpress", include_external_packages=True, exclude_type_checking_imports=True
    )
    for module in ("referee.tables.service", "referee.tables.repository"):
        assert graph.find_shortest_chain(module, "flask") is None, module
        assert graph.find_shortest_chain(module, "sqlalchemy") is None, module

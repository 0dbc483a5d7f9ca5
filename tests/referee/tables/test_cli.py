"""`cardpress db upgrade` and `cardpress tables prune`, on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from click.testing import CliRunner
from sqlalchemy import update

from cardpress.cli import main
from referee.tables.databases import open_database
from referee.tables.db import head_revision
from referee.tables.models import GameTable
from tests.referee.tables.conftest import create_table, make_app


def test_db_upgrade_creates_then_finds_the_schema(backend, database_urls, monkeypatch):
    url = database_urls["make"](backend)
    monkeypatch.setenv("CARDPRESS_DATABASE_URL", url)
    first = CliRunner().invoke(main, ["db", "upgrade"])
    assert first.exit_code == 0, first.output
    head = head_revision()
    assert f"upgraded to revision {head}" in first.output
    again = CliRunner().invoke(main, ["db", "upgrade"])
    assert f"already at revision {head}" in again.output


def test_tables_prune_removes_only_idle_tables(backend, database_urls, monkeypatch):
    url = database_urls["make"](backend)
    app = make_app(url)
    with app.test_client() as client:
        old, fresh = create_table(client)["table"], create_table(client)["table"]
    db = open_database(url)
    with db.session() as session, session.begin():
        session.execute(
            update(GameTable)
            .where(GameTable.id == old)
            .values(touched_at=datetime.now(UTC) - timedelta(days=31))
        )
    monkeypatch.setenv("CARDPRESS_DATABASE_URL", url)
    result = CliRunner().invoke(main, ["tables", "prune"])
    assert result.exit_code == 0, result.output
    assert "removed 1 table(s) idle for 30 day(s)" in result.output
    with db.session() as session:
        assert session.get(GameTable, old) is None
        assert session.get(GameTable, fresh) is not None
    db.dispose()
    app.extensions["cardpress-tables"].db.dispose()


def test_an_unreachable_database_is_a_message_not_a_traceback(monkeypatch, tmp_path):
    monkeypatch.setenv(
        "CARDPRESS_DATABASE_URL", f"postgresql+psycopg://nobody@/x?host={tmp_path}&port=1"
    )
    result = CliRunner().invoke(main, ["db", "upgrade"])
    assert result.exit_code == 2
    assert result.output.startswith("cardpress: db upgrade: OperationalError")
    assert "Traceback" not in result.output

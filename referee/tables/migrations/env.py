"""Alembic environment: runs on the connection ``referee.tables.databases.upgrade`` hands it."""

from __future__ import annotations

from alembic import context

from referee.tables.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()

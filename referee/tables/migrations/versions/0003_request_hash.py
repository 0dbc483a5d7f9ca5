"""Idempotency keys per caller and request: the fingerprint of a keyed action.

``actions.client_key`` now holds the key scoped to its caller
(``service.scoped_key``), and ``request_hash`` the fingerprint of the request
it came with, so the same key with another body is refused. Keys logged
before (raw, unscoped) no longer match anything: a retry sent across the
upgrade is taken as a new request.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("request_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("request_hash")

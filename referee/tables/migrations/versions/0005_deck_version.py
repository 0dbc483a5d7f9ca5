"""The version of the printed deck a table is played with (``cardpress report``
groups games by it). Nullable: tables made before, and tables whose cards are
not a printed deck (絵師100人展's own engine deck), have none.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("deck_version", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("deck_version")

"""Counting refusals: each illegal action adds one to its table's count for its rule.

For ``cardpress report`` (which rules confuse players). The count is taken
after the refusal is decided and never changes the answer: a count that
cannot be written is logged and the player still gets the refusal.
"""

from __future__ import annotations

import logging

from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError

from referee.tables.db import Database
from referee.tables.models import Refusal

log = logging.getLogger(__name__)

_R = Refusal.__table__


def count(db: Database, table_id: str, rule: str | None) -> None:
    """One more refusal by ``rule`` (None: the engine named no rule) at ``table_id``."""
    dialect = postgresql if db.postgres else sqlite
    statement = dialect.insert(_R).values(table_id=table_id, rule=rule or "", count=1)
    statement = statement.on_conflict_do_update(
        index_elements=[_R.c.table_id, _R.c.rule], set_={"count": _R.c.count + 1}
    )
    try:
        with db.writing() as conn:
            conn.execute(statement)
    except SQLAlchemyError:
        log.warning("tables: a refusal at %s could not be counted", table_id, exc_info=True)

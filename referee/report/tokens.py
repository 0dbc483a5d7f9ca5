"""The report page's tokens: ``REPORT_TOKEN`` in the referee's configuration,
or tokens made by ``cardpress report --new-token`` (stored as hashes).

The page is a capability URL like a table's: whoever has the link sees the
report (aggregates only), nobody else learns it exists (404).
"""

from __future__ import annotations

import hmac
import secrets

from sqlalchemy import insert, select

from referee.tables.db import Database
from referee.tables.models import ReportToken
from referee.tables.tokens import token_hash


def new(db: Database) -> str:
    token = secrets.token_urlsafe(24)  # 192 random bits
    with db.writing() as conn:
        conn.execute(insert(ReportToken.__table__).values(token_hash=token_hash(token)))
    return token


def allowed(db: Database, configured: str | None, token: str) -> bool:
    presented = token_hash(token)
    ok = bool(configured) and hmac.compare_digest(presented, token_hash(str(configured)))
    with db.read() as conn:
        stored = conn.execute(select(ReportToken.token_hash)).scalars().all()
    for digest in stored:  # every hash compared, in constant time each
        ok = hmac.compare_digest(presented, digest) or ok
    return ok

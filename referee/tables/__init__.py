"""Live tables: one game of one engine shared by every phone at the table.

``models`` (SQLAlchemy) and ``migrations`` (Alembic) hold the schema,
``store`` the transactions, replay and tokens, ``api`` the JSON contract,
``pages`` the phones' pages, ``events`` the Server-Sent Events.
"""

from __future__ import annotations

from flask import Flask

from referee.tables import api, extension, pages


def init_app(app: Flask) -> None:
    ext = extension.init_app(app)
    from referee.security import csrf

    csrf.exempt(api.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(pages.bp)
    if not app.config.get("TESTING"):
        ext.db  # noqa: B018 - a fresh database is created on first start
